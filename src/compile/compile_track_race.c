/* compile_track_race.c - the race rules of `advance` on a track: a hit
 * piece swapping places with the mover (`swap`), runs of pieces that cannot
 * be hit (`protected:`) or passed (`blockade:`), points a piece must land on
 * (`must-stop:`), points that send a piece back (`back-from:` `back-to:`)
 * and die values that give another throw (`extra-throw:`). Each marks its
 * rule in force (advance_in_force); the engine tests the rules of a run
 * in a copy of its generator of their own (movegen_advance.c), so the
 * games without them pay nothing. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"

int compile_track_race(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    track_rules *t = &rs->track;
    t->swap = (uint8_t)compile_flag(f, "swap");
    if (t->swap && t->hit != 1) {
        compile_error(c, compile_flag_at(f, "swap"),
                      "`swap` sends one hit piece to the point the mover left: it needs `hit:1`");
        return 0;
    }
    const char *run = "a run of pieces in a row along the path";
    if (!compile_track_count(c, f, "protected", 2, run, &t->protect) ||
        !compile_track_count(c, f, "blockade", 2, run, &t->blockade))
        return 0;
    if (t->protect && !t->hit) {
        compile_error(c, ast_named(f, "protected"), "`protected:` keeps pieces from being hit, but this `advance` "
                      "never hits: add `hit:`");
        return 0;
    }
    if (t->protect && t->hit > 1) {
        compile_error(c, ast_named(f, "protected"), "`protected:` counts pieces in a row on single points: it needs "
                      "`hit:1`");
        return 0;
    }
    const ast_node *ms = ast_named(f, "must-stop"), *bf = ast_named(f, "back-from"), *bt = ast_named(f, "back-to");
    if (ms && !compile_region(c, ms, t->must_stop)) return 0;
    if (!bf != !bt) {
        compile_error(c, bf ? bf : bt, "`back-from:` and `back-to:` go together: where a move sends a piece back, "
                      "and to which point");
        return 0;
    }
    if (bf) {
        if (!compile_region(c, bf, t->back_from)) return 0;
        int cell = compile_cell(c, bt);
        if (cell < 0) return 0;
        t->back_to = (cell_id)cell;
    }
    t->any_must_stop = ms != NULL;
    t->any_back = bf != NULL;
    const ast_node *et = ast_named(f, "extra-throw");
    int n = et ? (et->kind == AST_LIST ? et->nkids : 1) : 0;
    for (int k = 0; k < n; k++) {
        const ast_node *v = et->kind == AST_LIST ? et->kids[k] : et;
        long lo = v->lo, hi = v->kind == AST_RANGE ? v->hi : v->lo;
        if (v->kind != AST_INT && v->kind != AST_RANGE) {
            compile_error(c, v, "`extra-throw:` lists die values, like [1 4 5]");
            return 0;
        }
        if (lo < 1 || hi > 30) {
            compile_error(c, v, "a throw that moves a piece is 1 to 30; got %ld", lo < 1 ? lo : hi);
            return 0;
        }
        for (long d = lo; d <= hi; d++) t->extra_throw |= 1u << d;
    }
    advance_in_force(t, ADV_SWAP, t->swap);
    advance_in_force(t, ADV_PROTECT, t->protect);
    advance_in_force(t, ADV_BLOCKADE, t->blockade);
    advance_in_force(t, ADV_MUST_STOP, t->any_must_stop);
    advance_in_force(t, ADV_BACK, t->any_back);
    return 1;
}

/* Checks the race rules against the whole game: the points they name must
 * be on a path, the values of `extra-throw:` thrown by the dice. */
void compile_track_race_finish(compiler *c, const ast_node *advance)
{
    ruleset *rs = c->rs;
    track_rules *t = &rs->track;
    if (!advance) return;
    compile_track_unvisited(c, advance, "must-stop", t->must_stop);
    compile_track_unvisited(c, advance, "back-from", t->back_from);
    const ast_node *bt = ast_named(advance, "back-to");
    if (bt && t->any_back)
        for (int p = 0; p < rs->nplayers; p++)
            if (t->rank[p][t->back_to] == TB_NO_RANK) {
                compile_error(c, bt, "point %s is not on player %d's path: a piece cannot be sent back to it",
                              rs->cell_name[t->back_to], p + 1);
                return;
            }
    for (int k = 0; k < 2; k++) { /* a run longer than a player's pieces */
        const char *name = k ? "blockade" : "protected";
        int want = k ? t->blockade : t->protect;
        const ast_node *v = ast_named(advance, name);
        if (!v || !want) continue;
        int most = 0;
        for (int p = 0; p < rs->nplayers; p++) {
            int n = t->start_bar[p];
            for (int i = 0; i < rs->nstart; i++) n += rs->start[i].owner == p + 1 ? rs->start[i].count : 0;
            if (n > most) most = n;
        }
        if (most < want)
            compile_warning(c, v, "a run of %d pieces in a row, but no player has more than %d: `%s:` can never apply",
                            want, most, name);
    }
    const ast_node *et = ast_named(advance, "extra-throw");
    for (int d = 1; et && d <= 30; d++)
        if ((t->extra_throw >> d & 1) && (d < rs->dice_lo || d > rs->dice_hi)) {
            compile_warning(c, et, "the dice never throw %d (they throw %d to %d): its extra throw can never apply", d,
                            rs->dice_lo, rs->dice_hi);
            break;
        }
}
