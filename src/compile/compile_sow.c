/* compile_sow.c - sowing games: the `sow` rule (pits, the loop, the cells a
 * player skips, stores, captures, another turn, feeding, the grand slam) and
 * their ends (`pits-empty`, `stored`, `cannot-feed`). */
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "engine/movegen.h"

/* The one cell of REGION for each player (a store); 0 with a message. */
static int one_cell_each(compiler *c, const ast_node *v, cell_id out[2])
{
    cellset set[TB_MAX_PLAYERS];
    memset(set, 0, sizeof set);
    if (!compile_region(c, v, set)) return 0;
    for (int p = 0; p < 2; p++) {
        int n = 0;
        out[p] = TB_NO_CELL;
        for (int cell = 0; cell < c->rs->ncells; cell++)
            if (cellset_has(&set[p], cell)) {
                n++;
                out[p] = (cell_id)cell;
            }
        if (n != 1) {
            compile_error(c, v, "a store is one cell for each player; player %d's has %d", p + 1, n);
            return 0;
        }
    }
    return 1;
}

int compile_sow_rule(compiler *c, const ast_node *f, move_rule *r)
{
    ruleset *rs = c->rs;
    if (rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`sow` needs a board of cells (`square`)");
        return 0;
    }
    if (rs->sow.on) {
        compile_error(c, f, "`sow` is given twice: a game sows by one rule");
        return 0;
    }
    r->kind = RULE_SOW;
    r->from_any = 0;
    long seeds = 0; /* a pit's seeds are a stack of at most 255: all of them may end in one pit */
    for (int i = 0; i < rs->nstart; i++) seeds += rs->start[i].count;
    if (seeds > 255) {
        compile_limit_error(c, f, "the board starts with %ld seeds; a sowing game has at most 255 in all (all of "
                            "them may gather in one pit)", seeds);
        return 0;
    }
    const ast_node *loop = ast_named(f, "loop");
    int n = loop->kind == AST_LIST ? loop->nkids : 1;
    if (n < 2 || n > TB_MAX_LOOP) {
        compile_error(c, loop, "a loop has 2 to %d cells; got %d", TB_MAX_LOOP, n);
        return 0;
    }
    memset(rs->sow.at, 255, sizeof rs->sow.at);
    for (int k = 0; k < n; k++) {
        int cell = compile_cell(c, loop->kind == AST_LIST ? loop->kids[k] : loop);
        if (cell < 0) return 0;
        if (rs->sow.at[cell] != 255) {
            compile_error(c, loop->kids[k], "%s is twice in the loop", rs->cell_name[cell]);
            return 0;
        }
        rs->sow.at[cell] = (uint8_t)k;
        rs->sow.loop[k] = (cell_id)cell;
    }
    rs->sow.nloop = (uint8_t)n;
    if (!compile_region(c, ast_named(f, "from"), rs->sow.pits)) return 0;
    memcpy(r->from, rs->sow.pits, sizeof r->from);
    for (int p = 0; p < 2; p++)
        for (int cell = 0; cell < rs->ncells; cell++)
            if (cellset_has(&rs->sow.pits[p], cell) && rs->sow.at[cell] == 255) {
                compile_error(c, ast_named(f, "from"), "pit %s of player %d is not on the loop", rs->cell_name[cell], p + 1);
                return 0;
            }
    const ast_node *skip = ast_named(f, "skip"), *store = ast_named(f, "store"), *capture = ast_named(f, "capture");
    const ast_node *counts = ast_named(f, "counts");
    if (skip && !compile_region(c, skip, rs->sow.skip)) return 0;
    rs->sow.store[0] = rs->sow.store[1] = TB_NO_CELL;
    if (store && !one_cell_each(c, store, rs->sow.store)) return 0;
    rs->sow.skip_origin = (uint8_t)compile_flag(f, "skip-origin");
    rs->sow.extra_turn = (uint8_t)compile_flag(f, "extra-turn");
    rs->sow.feed = (uint8_t)compile_flag(f, "feed");
    rs->sow.opposite_empty = (uint8_t)compile_flag(f, "opposite-empty");
    static const uint8_t sow_capture[W_SOW_CAPTURE_COUNT] = {
        [W_SOW_NONE] = SOW_CAPTURE_NONE, [W_SOW_OPPOSITE] = SOW_CAPTURE_OPPOSITE, [W_SOW_COUNTS] = SOW_CAPTURE_COUNTS
    };
    int how = compile_word(f, "capture"), slam = compile_word(f, "grand-slam"); /* both have a default */
    rs->sow.capture = how < 0 ? SOW_CAPTURE_NONE : sow_capture[how];
    if (rs->sow.capture == SOW_CAPTURE_COUNTS) {
        if (!counts) {
            compile_error(c, capture, "`capture:counts` takes the counts with `counts:`, like [2 3]");
            return 0;
        }
        int nc = counts->kind == AST_LIST ? counts->nkids : 1;
        for (int k = 0; k < nc; k++) {
            long v;
            if (!compile_int(c, counts->kind == AST_LIST ? counts->kids[k] : counts, &v)) return 0;
            if (v < 1 || v > 15) {
                compile_error(c, counts, "a count is 1 to 15 seeds; got %ld", v);
                return 0;
            }
            rs->sow.counts |= (uint16_t)(1u << v);
        }
    }
    if ((rs->sow.capture != SOW_CAPTURE_NONE || rs->sow.extra_turn) && rs->sow.store[0] == TB_NO_CELL) {
        compile_error(c, f, "captures and `extra-turn` need the players' stores: give `store:`");
        return 0;
    }
    for (int k = 0; k < n; k++) {
        int cell = rs->sow.loop[k];
        for (int p = 0; p < 2; p++) {
            if (cellset_has(&rs->sow.pits[p], cell)) rs->sow.pit_bits[p] |= 1ull << k;
            if (cellset_has(&rs->sow.skip[p], cell)) rs->sow.skip_bits[p] |= 1ull << k;
        }
        rs->sow.side_at[k] = (uint8_t)sow_side_of(rs, cell);
    }
    static const uint8_t grand_slam[W_SLAM_COUNT] = {
        [W_SLAM_ALLOWED] = SLAM_ALLOWED, [W_SLAM_NO_CAPTURE] = SLAM_NO_CAPTURE, [W_SLAM_FORBIDDEN] = SLAM_FORBIDDEN
    };
    rs->sow.grand_slam = slam < 0 ? SLAM_ALLOWED : grand_slam[slam];
    rs->sow.rule = (uint8_t)rs->nrules;
    rs->sow.on = 1;
    return 1;
}

int compile_end_pits_empty(compiler *c, const ast_node *f, end_rule *e)
{
    e->kind = END_PITS_EMPTY;
    e->outcome = OUT_MOST_PIECES;
    if (c->rs->sow.on) return 1;
    if (!compile_failed(c)) /* (a `sow` rule refused has been said) */
        compile_error(c, f, "`pits-empty` needs a `sow` rule, whose `from:` are the pits");
    return 0;
}

int compile_end_cannot_feed(compiler *c, const ast_node *f, end_rule *e)
{
    e->kind = END_CANNOT_FEED;
    e->outcome = OUT_MOST_PIECES;
    if (c->rs->sow.on && c->rs->sow.feed) return 1;
    if (!compile_failed(c))
        compile_error(c, f, "`cannot-feed` ends the game when the feeding rule cannot be met: it needs a `sow` rule "
                      "with `feed`");
    return 0;
}

int compile_end_stored(compiler *c, const ast_node *f, end_rule *e)
{
    long n;
    if (!compile_int(c, compile_positional(f, 0), &n)) return 0;
    if (!c->rs->sow.on || c->rs->sow.store[0] == TB_NO_CELL) {
        compile_error(c, f, "`stored` counts the seeds in a store: it needs a `sow` rule with `store:`");
        return 0;
    }
    if (n < 1 || n > 60000) {
        compile_error(c, compile_positional(f, 0), "`stored` counts 1 to 60000 seeds; got %ld", n);
        return 0;
    }
    e->kind = END_STORED;
    e->moves = (uint16_t)n;
    e->outcome = compile_outcome(f, OUT_LOSES);
    return 1;
}
