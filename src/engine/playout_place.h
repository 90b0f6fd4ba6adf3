/* playout_place.h - the playouts' fast path for games where every move
 * places a piece and the game ends by a line, a connection or a full board
 * (lines on a grid, with or without gravity, and connections between two
 * sides): a whole random game played on
 * bit sets of cells, move for move the game the general path plays with the
 * same random numbers (movegen_pick, engine_apply, engine_check_end,
 * engine_blocked), so a playout's result does not depend on which path ran.
 * The compiler chooses it (playout_place_prepare); tests/check_movegen.c
 * plays both paths side by side and compares the positions they end in. */
#ifndef TABULA_PLAYOUT_PLACE_H
#define TABULA_PLAYOUT_PLACE_H

#include "state.h"

/* One game played on sets: its moves in order and how it ended. */
typedef struct place_game {
    int plies;                    /* moves played */
    cell_id cell[TB_MAX_CELLS];   /* the cell of each move */
    int8_t decided_by;            /* the end condition a move met (index in rs->ends), or -1 */
    uint8_t blocked;              /* no move was left: engine_blocked decides */
    uint8_t winner, over;         /* the result, as engine_finish would set it */
} place_game;

/* Sets rs->place_playouts when every game of RS fits the fast path: one
 * `place` rule picked on sets (rs->pick_places) without a supply to count,
 * a region or condition per position, a swap or a pass, and end conditions
 * among `line`, `connect` and `blocked` (its outcome a draw or a win; a loss
 * with two players). Called after movegen_pick_prepare and line_runs_prepare. */
void playout_place_prepare(ruleset *rs);

/* 1 when a playout from ST takes the fast path: RS allows it and ST is an
 * ongoing position with every player in. */
static inline int playout_place_fits(const ruleset *rs, const state *st)
{
    return rs->place_playouts && st->h.status == STATUS_ONGOING && !st->h.out;
}

/* Plays the random game from FROM (playout_place_fits) with R into G,
 * without touching FROM: the random numbers movegen_pick would draw. */
void playout_place_play(const ruleset *rs, const state *from, rng *r, place_game *g);

/* Makes ST (the position G was played from) the position the general path
 * ends in: the cells, counts, hash, ply, player to move and result. */
void playout_place_write(const ruleset *rs, state *st, const place_game *g);

#endif
