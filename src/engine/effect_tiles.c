/* effect_tiles.c - what a move does on a board of fields on removable tiles
 * once its piece has moved (engine_square.c calls it): the tile-collapse
 * hook on the tile the piece left, the tiles it removes collected by the
 * mover where the rules say so, and capture by enclosure around the field
 * reached and next to the removed tiles; and the exchange, which hands back
 * collected tiles to remove an enemy piece. The moves themselves are the
 * step rules and the exchange of the one generator (movegen_square.c,
 * movegen_remove.c), which skip the fields of removed tiles. */
#include "engine.h"

static int on_board(const ruleset *rs, const state *st, int cell)
{
    return !(st->h.removed_groups >> rs->cell_tile[cell] & 1);
}

/* 1 when every edge neighbour of CELL still on the board holds a piece of BY. */
static int enclosed(const ruleset *rs, const state *st, int cell, int by)
{
    for (int k = 0; k < 3; k++) {
        int e = rs->edge[cell][k];
        if (e != TB_NO_CELL && on_board(rs, st, e) && piece_owner(st->cell[e]) != by) return 0;
    }
    return 1;
}

/* Appends to TOUCHED (from index N) the fields still on the board across a
 * side of the removed tiles GONE: their pieces may have lost an edge
 * neighbour. Returns the new count. */
static int next_to_removed(const ruleset *rs, const state *st, const uint8_t *gone, int ngone, cell_id *touched, int n)
{
    for (int i = 0; i < ngone; i++)
        for (int d = 0; d < 6; d++) {
            int o = rs->tile_side[gone[i]][d];
            if (o != TB_NO_TILE && !(st->h.removed_groups >> o & 1)) touched[n++] = (cell_id)(o * rs->height + (d + 3) % 6);
        }
    return n;
}

/* Captures the enclosed opponent pieces among the NTOUCHED fields the action
 * touched, then examines the tiles the captures emptied (nobody collects
 * them) and captures again next to the removed tiles, until nothing changes.
 * The mover's own pieces are never captured. */
static void capture_enclosed(const ruleset *rs, state *st, int mover, cell_id *touched, int ntouched, undo_record *j)
{
    uint8_t gone[64];
    while (ntouched > 0) {
        uint64_t tiles = 0; /* of the captured pieces: examined in tile order */
        int caught = 0;
        for (int i = 0; i < ntouched; i++) {
            int cell = touched[i];
            uint8_t code = st->cell[cell];
            if (!code || piece_owner(code) == mover || !enclosed(rs, st, cell, mover)) continue;
            tiles |= (uint64_t)1 << rs->cell_tile[cell];
            touched[caught++] = (cell_id)cell;
        }
        /* Captured together: taking an opponent piece never encloses another. */
        for (int i = 0; i < caught; i++)
            if (st->cell[touched[i]]) state_set(rs, st, touched[i], 0, 0, j);
        uint8_t start[64];
        int nstart = 0;
        for (int t = 0; t < rs->ntiles; t++)
            if (tiles >> t & 1) start[nstart++] = (uint8_t)t;
        int ngone = hook_tile_collapse(rs, st, start, nstart, gone);
        ntouched = rs->tiles.recheck_captures ? next_to_removed(rs, st, gone, ngone, touched, 0) : 0;
    }
}

void effect_tiles_after_move(const ruleset *rs, state *st, const move *m, int mover, undo_record *j)
{
    cell_id touched[8 + 6 * 64];
    uint8_t gone[64];
    int ntouched = 0;
    int ngone = hook_tile_collapse(rs, st, &rs->cell_tile[m->from], 1, gone);
    if (rs->tiles.collect_after_move && ngone) {
        uint8_t held = st->h.counter[mover - 1][rs->tiles.held_counter];
        state_set_counter(rs, st, mover, rs->tiles.held_counter, (uint8_t)(held + ngone));
    }
    for (int k = 0; k < 3; k++) {
        int e = rs->edge[m->to][k];
        if (e != TB_NO_CELL && on_board(rs, st, e)) touched[ntouched++] = (cell_id)e;
    }
    if (rs->tiles.recheck_captures) ntouched = next_to_removed(rs, st, gone, ngone, touched, ntouched);
    if (rs->tiles.enclosure) capture_enclosed(rs, st, mover, touched, ntouched, j);
}

void effect_tiles_exchange(const ruleset *rs, state *st, const move *m, int mover, undo_record *j)
{
    cell_id touched[6 * 64];
    uint8_t gone[64];
    uint8_t held = st->h.counter[mover - 1][rs->tiles.held_counter];
    state_set_counter(rs, st, mover, rs->tiles.held_counter, (uint8_t)(held - rs->tiles.exchange_cost));
    state_set(rs, st, m->to, 0, 0, j);
    int ngone = hook_tile_collapse(rs, st, &rs->cell_tile[m->to], 1, gone); /* nobody collects */
    int ntouched = rs->tiles.recheck_captures ? next_to_removed(rs, st, gone, ngone, touched, 0) : 0;
    if (rs->tiles.enclosure) capture_enclosed(rs, st, mover, touched, ntouched, j);
}
