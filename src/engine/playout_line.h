/* playout_line.h - the playouts' fast path for games where every move
 * places, steps or flies a piece and a move that makes a line removes an
 * enemy piece (the mill games, on boards of at most 64 cells): a whole
 * random game played on bit sets, move for move the game the general path
 * plays with the same random numbers (movegen_pick_line, engine_apply,
 * engine_check_end), so a playout's result does not depend on which path
 * ran. The compiler chooses it (playout_line_prepare);
 * tests/check_movegen.c plays both paths side by side and compares the
 * positions they end in. */
#ifndef TABULA_PLAYOUT_LINE_H
#define TABULA_PLAYOUT_LINE_H

#include "state.h"

/* How a game played on sets ended. */
typedef struct line_game {
    long plies;           /* moves played */
    int last_to;          /* the cell the last move ended on */
    uint8_t decided;      /* an end condition a move met decided */
    uint8_t blocked;      /* the player to move had no move: engine_settle decides */
    uint8_t over, winner; /* the result, as the general path sets it */
} line_game;

/* Sets rs->line_playouts when every game of RS fits the fast path: the
 * line pick (rs->pick_lines) on at most 64 cells, the square engine's own
 * moves (no marks, passes, passages, captures to hand or checks counted),
 * place rules without gravity or outflanking, few enough sources for the
 * pick's room, and end conditions among `no-pieces`, `fewer-pieces`,
 * `blocked` (a win, a loss or a draw), `repetition` (no perpetual check)
 * and `no-progress`. Called after movegen_pick_line_prepare. */
void playout_line_prepare(ruleset *rs);

/* 1 when a playout from ST takes the fast path: RS allows it and ST is an
 * ongoing position with both players in and no stack of pieces. */
int playout_line_fits(const ruleset *rs, const state *st);

/* Plays the random game from FROM (playout_line_fits) with R, at most
 * MAX_PLIES moves, into G: the random numbers movegen_pick_line would draw.
 * With INTO (FROM itself or a copy of it), INTO becomes the position the
 * general path ends in (cells, hands, counts, hash, history, player to
 * move, result). */
void playout_line_play(const ruleset *rs, const state *from, rng *r, long max_plies, state *into, line_game *g);

#endif
