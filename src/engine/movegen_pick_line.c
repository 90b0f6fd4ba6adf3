/* movegen_pick_line.c - the playouts' pick where every move steps, flies
 * or places a piece and a move that makes a line removes an enemy piece
 * (`remove-on-line` on a board whose runs are sets). The list holds each
 * move that makes no line, then each that does once per victim: both kinds
 * are counted on bit sets (the cells that would close a line, found from
 * the runs one cell short), and only the move the list and the same random
 * number give is made, with its victim. */
#include "engine.h"
#include "line_runs.h"
#include "movegen_internal.h"

#define PICK_SOURCES 128 /* more pieces and rules than this: the list is made */

/* The moves of one piece by one rule, or of one place rule (from: -1): the
 * cells they go to, and those of them that close a line. */
typedef struct source {
    uint64_t to, closes;
    int from, rule;
} source;

/* The runs one empty cell short of the mover's line: each run and its gap. */
typedef struct gaps {
    int n;
    uint64_t run[TB_MAX_LINE_RUNS], gap[TB_MAX_LINE_RUNS];
} gaps;

static void find_gaps(const line_runs *t, uint64_t own, uint64_t empty, gaps *g)
{
    g->n = 0;
    for (int k = 0; k < t->nruns; k++) {
        uint64_t gap = t->run[k] & ~own;
        if ((gap & (gap - 1)) || !(gap & empty)) continue; /* two or more missing, or a full run, or blocked */
        g->run[g->n] = t->run[k];
        g->gap[g->n++] = gap;
    }
}

/* The cells where a piece from FROM (-1: placed) closes a line: the gaps of
 * runs it does not leave (a run it leaves lacks FROM after the move). */
static uint64_t closing(const gaps *g, int from)
{
    uint64_t c = 0;
    for (int i = 0; i < g->n; i++)
        if (from < 0 || !(g->run[i] >> from & 1)) c |= g->gap[i];
    return c;
}

/* The empty cells a step of rule RI takes a piece of player P+1 from FROM
 * to: the cell's neighbour set where the rule goes every way a link goes. */
static uint64_t step_targets(const ruleset *rs, int ri, int p, int from, uint64_t empty)
{
    const move_rule *r = &rs->rules[ri];
    uint64_t to = 0;
    if (rs->pick_line_links[p] >> ri & 1) {
        to = rs->nbr_set[from].w[0];
    } else {
        for (int k = 0; k < r->ndirs[p]; k++) {
            int c = rs->nbr[from][r->dirs[p][k]];
            if (c != TB_NO_CELL) to |= 1ull << c;
        }
    }
    return r->has_within ? to & empty & r->within[p].w[0] : to & empty;
}

/* The rules of each moving type whose conditions hold now, in their order. */
typedef struct live_rules {
    uint8_t n[TB_MAX_PIECE_TYPES];
    uint8_t rule[TB_MAX_PIECE_TYPES][TB_MAX_RULES];
} live_rules;

static void find_live(const ruleset *rs, const state *st, live_rules *live)
{
    for (int t = 0; t < rs->npiece_types; t++) {
        live->n[t] = 0;
        for (int i = 0; i < rs->ntype_rules[t] && (rs->moving_types >> t & 1); i++) {
            int ri = rs->type_rules[t][i];
            if (!rs->rules[ri].conditional || rule_conditions_hold(st, &rs->rules[ri], st->h.to_move))
                live->rule[t][live->n[t]++] = (uint8_t)ri;
        }
    }
}

/* Adds the mover's pieces' moves to SRC, pieces in cell order, each
 * piece's rules in their order; the new count, or -1 when they do not fit. */
static int piece_sources(const ruleset *rs, const state *st, const gaps *g, uint64_t empty, source *src, int n)
{
    int p = st->h.to_move - 1;
    live_rules live;
    find_live(rs, st, &live);
    for (uint64_t bits = st->occupant[p].w[0]; bits; bits &= bits - 1) {
        int from = __builtin_ctzll(bits), type = piece_type(st->cell[from]);
        if (!live.n[type]) continue;
        uint64_t closes = g->n ? closing(g, from) : 0;
        for (int i = 0; i < live.n[type]; i++) {
            int ri = live.rule[type][i];
            const move_rule *r = &rs->rules[ri];
            if (!r->from_any && !cellset_has(&r->from[p], from)) continue;
            if (n == PICK_SOURCES) return -1;
            src[n].to = r->kind == RULE_FLY ? empty : step_targets(rs, ri, p, from, empty);
            src[n].closes = closes;
            src[n].from = from;
            src[n++].rule = ri;
        }
    }
    return n;
}

/* Adds the place rules' moves to SRC; the new count, or -1. */
static int place_sources(const ruleset *rs, const state *st, const gaps *g, source *src, int n)
{
    uint64_t closes = g->n ? closing(g, -1) : 0;
    for (int i = 0; i < rs->nplace_rules; i++) {
        cellset where;
        if (!place_targets(rs, st, &rs->rules[rs->place_rules[i]], st->h.to_move, &where)) continue;
        if (n == PICK_SOURCES) return -1;
        src[n].to = where.w[0];
        src[n].closes = closes;
        src[n].from = -1;
        src[n++].rule = rs->place_rules[i];
    }
    return n;
}

/* The K-th set bit (from 0) of BITS. */
static int nth_bit(uint64_t bits, int k)
{
    while (k--) bits &= bits - 1;
    return __builtin_ctzll(bits);
}

/* Writes to M the K-th move of S among the cells TO: placed and flown in
 * cell order, stepped in the rule's directions' order (as listed). */
static void make_move(const ruleset *rs, const state *st, const source *s, uint64_t to, int k, move *m)
{
    const move_rule *r = &rs->rules[s->rule];
    if (s->from < 0) {
        move_start(m, MOVE_PLACE, nth_bit(to, k), r->piece, s->rule);
        return;
    }
    int type = piece_type(st->cell[s->from]), cell = -1, p = st->h.to_move - 1;
    if (r->kind == RULE_FLY) {
        cell = nth_bit(to, k);
    } else {
        for (int d = 0; d < r->ndirs[p] && cell < 0; d++) {
            int c = rs->nbr[s->from][r->dirs[p][d]];
            if (c != TB_NO_CELL && (to >> c & 1) && k-- == 0) cell = c;
        }
    }
    move_start(m, r->kind == RULE_FLY ? MOVE_SLIDE : MOVE_STEP, s->from, type, s->rule);
    m->to = (cell_id)cell;
}

/* The K-th move of the sources, among those that close a line (LINES) or
 * those that do not. */
static void kth_move(const ruleset *rs, const state *st, const source *src, int n, int lines, long k, move *m)
{
    for (int i = 0; i < n; i++) {
        uint64_t to = src[i].to & (lines ? src[i].closes : ~src[i].closes);
        int c = bits_count(to);
        if (k < c) {
            make_move(rs, st, &src[i], to, (int)k, m);
            return;
        }
        k -= c;
    }
}

TB_POPCOUNT_CLONES /* the runs and targets are counted at every position */
int movegen_pick_line(const ruleset *rs, const state *st, rng *r, move *m)
{
    int player = st->h.to_move, enemy = tb_opponent(player);
    uint64_t own = st->occupant[player - 1].w[0];
    uint64_t empty = rs->playable.w[0] & ~(own | st->occupant[enemy - 1].w[0]);
    gaps g;
    find_gaps(&rs->runs[rs->line_removes_runs], own, empty, &g);
    source src[PICK_SOURCES];
    int n = piece_sources(rs, st, &g, empty, src, 0);
    if (n >= 0) n = place_sources(rs, st, &g, src, n);
    if (n < 0) return -1;
    long plain = 0, lines = 0;
    for (int i = 0; i < n; i++) {
        plain += bits_count(src[i].to);
        if (src[i].closes) lines += bits_count(src[i].to & src[i].closes);
    }
    plain -= lines;
    uint64_t victims = lines ? line_victim_bits(rs, st, enemy) : 0;
    if (lines && !victims) { /* nothing to remove: a line is a move like any other, in its place */
        for (int i = 0; i < n; i++) src[i].closes = 0;
        plain += lines;
        lines = 0;
    }
    long nv = bits_count(victims);
    long total = plain + lines * nv;
    if (total == 0 || total > TB_MAX_MOVES) return -1; /* a pass, the end, or the list's own error */
    long k = (long)rng_below(r, (uint32_t)total);
    if (k < plain) {
        kth_move(rs, st, src, n, 0, k, m);
        return (int)total;
    }
    k -= plain; /* the line moves, each once per victim in cell order */
    kth_move(rs, st, src, n, 1, k / nv, m);
    int victim = nth_bit(victims, (int)(k % nv)), type = piece_type(st->cell[victim]);
    m->caps[0] = (cell_id)victim;
    m->ncaps = 1;
    m->caps_by_type[type] = 1;
    m->first_cap[type] = 1;
    return (int)total;
}

/* 1 when every rule of RS's pieces steps to an empty cell (each of its
 * directions to a cell of its own) or flies, so that pick_line's sets hold
 * what the generator lists. */
static int rules_fit(const ruleset *rs)
{
    for (int t = 0; t < rs->npiece_types; t++) {
        if (rs->type_quiet_overlap[t]) return 0; /* a move listed once for two rules */
        for (int i = 0; i < rs->ntype_rules[t]; i++) {
            const move_rule *r = &rs->rules[rs->type_rules[t][i]];
            if (r->unmoved || (r->kind != RULE_FLY && r->kind != RULE_STEP)) return 0;
            if (r->kind == RULE_STEP && (r->land_on_enemy || r->only_enemy || r->line_capture || r->en_passant))
                return 0;
            for (int p = 0; p < rs->nplayers && r->kind == RULE_STEP; p++)
                for (int cell = 0; cell < rs->ncells; cell++)
                    for (int a = 0; a < r->ndirs[p]; a++)
                        for (int b = a + 1; b < r->ndirs[p]; b++)
                            if (rs->nbr[cell][r->dirs[p][a]] != TB_NO_CELL &&
                                rs->nbr[cell][r->dirs[p][a]] == rs->nbr[cell][r->dirs[p][b]])
                                return 0;
        }
    }
    for (int i = 0; i < rs->nplace_rules; i++)
        if (place_needs_cell_checks(rs, &rs->rules[rs->place_rules[i]])) return 0;
    return 1;
}

/* pick_line_links: the step rules that go every way a link goes. */
static void find_link_rules(ruleset *rs)
{
    for (int p = 0; p < TB_MAX_PLAYERS; p++) {
        rs->pick_line_links[p] = 0;
        for (int ri = 0; ri < rs->nrules && p < rs->nplayers; ri++) {
            const move_rule *r = &rs->rules[ri];
            int every = r->kind == RULE_STEP;
            for (int cell = 0; cell < rs->ncells && every; cell++) {
                uint64_t to = 0;
                for (int k = 0; k < r->ndirs[p]; k++)
                    if (rs->nbr[cell][r->dirs[p][k]] != TB_NO_CELL) to |= 1ull << rs->nbr[cell][r->dirs[p][k]];
                every = to == rs->nbr_set[cell].w[0];
            }
            if (every) rs->pick_line_links[p] |= 1ull << ri;
        }
    }
}

void movegen_pick_line_prepare(ruleset *rs)
{
    if (rs->ncells <= 64) find_link_rules(rs);
    rs->pick_lines = (uint8_t)(rs->topology == TOPO_SQUARE && rs->line_removes && rs->line_removes_runs >= 0 &&
                               rs->nplayers == 2 && !rs->uses_marks && !rs->dice_count && !rs->sow.on &&
                               !rs->custodial.on && !rs->castle.on && !rs->npromotions && !rs->promotion_options &&
                               rs->royal_type < 0 && !rs->nremove_rules && !rs->swap_rule && !rs->bb.ok &&
                               !rs->lines_only && !rs->capture_mandatory && !rs->uses_max_capture && !rs->any_chain &&
                               !rs->pick_places && !rs->pick_slides && !rs->pick_sowing && rules_fit(rs));
}
