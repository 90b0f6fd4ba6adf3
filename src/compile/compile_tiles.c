/* compile_tiles.c - the play forms of boards of tiles: the exchange action,
 * capture by enclosure, and the parameters of the tile-collapse hook. They
 * fill rs->tiles, which effect_tiles.c and hook_tile_collapse.c run from (the
 * moves are the step rules of the one generator of cell boards). */
#include <string.h>

#include "compiler.h"

/* A play form that needs a board of tiles: 0 after saying so. */
static int need_tiles(compiler *c, const ast_node *f)
{
    if (c->rs->topology == TOPO_TILES) return 1;
    compile_error(c, f, "`%s` needs a board of tiles", f->text);
    return 0;
}

/* (enclosure): the mover's own pieces are never captured (`mover:safe`). */
void compile_play_enclosure(compiler *c, const ast_node *f)
{
    if (!need_tiles(c, f)) return;
    if (c->rs->tiles.enclosure) compile_warning(c, f, "a second `enclosure`; it changes nothing");
    c->rs->tiles.enclosure = 1;
}

/* (exchange cost:N) */
void compile_play_exchange(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    if (!need_tiles(c, f)) return;
    const ast_node *v = ast_named(f, "cost");
    long cost;
    if (!compile_int(c, v, &cost)) return;
    if (cost < 1 || cost > 63) {
        compile_error(c, v, "an exchange costs 1 to 63 collected tiles; got %ld", cost);
        return;
    }
    if (rs->tiles.exchange_cost) compile_error(c, f, "`exchange` is given twice");
    rs->tiles.exchange_cost = (uint8_t)cost;
}

/* 1 when the sides of MASK (bit d: side d, 0..5) form one unbroken run round
 * the tile. No side at all counts as a run: an empty tile touching nothing is
 * loose. */
static int one_run(int mask)
{
    int starts = 0;
    for (int d = 0; d < 6; d++)
        if ((mask >> d & 1) && !(mask >> ((d + 5) % 6) & 1)) starts++;
    return starts <= 1;
}

void compile_tiles_collapse(compiler *c, const ast_node *hook)
{
    tiles_rules *t = &c->rs->tiles;
    const ast_node *max = compile_form(hook, "max-sides"), *collect = compile_form(hook, "collect");
    long sides = 0;
    if (!max) {
        compile_error(c, hook, "`tile-collapse` needs `(max-sides N)`: the most sides by which a loose tile touches the board");
        return;
    }
    if (!compile_int(c, compile_positional(max, 0), &sides)) return;
    if (sides < 0 || sides > 6) {
        compile_error(c, compile_positional(max, 0), "a tile has 6 sides; `max-sides` must be 0..6, got %ld", sides);
        return;
    }
    t->collapse = 1;
    t->max_sides = (uint8_t)sides;
    t->one_run = (uint8_t)compile_flag(hook, "one-run");
    t->cascade = (uint8_t)compile_flag(hook, "cascade");
    t->recheck_captures = (uint8_t)compile_flag(hook, "recheck-captures");
    t->collect_after_move = collect && compile_word(collect, "who") == W_COLLECT_MOVER_AFTER_MOVE;
    t->loose_sides = 0;
    for (int mask = 0; mask < 64; mask++)
        if (__builtin_popcount((unsigned)mask) <= sides && (!t->one_run || one_run(mask)))
            t->loose_sides |= (uint64_t)1 << mask;
}
