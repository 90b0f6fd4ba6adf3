/* hook_tile_collapse.c - the tile-collapse hook: empty tiles that hang on
 * the board by few sides leave it, and a removal can loosen the tiles next
 * to it. The rule file sets which tiles are loose (rs->tiles.loose_sides,
 * from max-sides and one-run) and whether removals cascade; who collects the
 * removed tiles and which captures follow are the caller's (effect_tiles.c). */
#include "engine.h"

/* 1 when tile T is on the board, holds no piece, and touches the tiles still
 * on the board by a set of sides the rule file calls loose. */
static int loose(const ruleset *rs, const state *st, int t)
{
    if (st->h.removed_groups >> t & 1) return 0;
    const uint8_t *field = &st->cell[t * rs->height];
    for (int f = 0; f < rs->height; f++)
        if (field[f]) return 0;
    int sides = 0;
    for (int d = 0; d < 6; d++) {
        int o = rs->tile_side[t][d];
        if (o != TB_NO_TILE && !(st->h.removed_groups >> o & 1)) sides |= 1 << d;
    }
    return (int)(rs->tiles.loose_sides >> sides & 1);
}

int hook_tile_collapse(const ruleset *rs, state *st, const uint8_t *start, int nstart, uint8_t *gone)
{
    if (!rs->tiles.collapse) return 0;
    /* First in, first out, duplicates kept: a tile is examined again after
     * every removal next to it, so none is left loose. Each removal queues at
     * most 6 tiles. */
    uint8_t queue[64 + 6 * 64];
    int head = 0, tail = 0, n = 0;
    for (int i = 0; i < nstart && tail < 64; i++) queue[tail++] = start[i];
    while (head < tail) {
        int t = queue[head++];
        if (!loose(rs, st, t)) continue;
        st->h.removed_groups |= (uint64_t)1 << t;
        st->h.hash ^= rs->zobrist_tile[t];
        gone[n++] = (uint8_t)t;
        if (!rs->tiles.cascade) continue;
        for (int d = 0; d < 6; d++) {
            int o = rs->tile_side[t][d];
            if (o != TB_NO_TILE && !(st->h.removed_groups >> o & 1)) queue[tail++] = (uint8_t)o;
        }
    }
    return n;
}
