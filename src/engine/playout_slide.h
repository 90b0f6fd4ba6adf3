/* playout_slide.h - the playouts' fast path for games where every move
 * slides a piece along a line (as far as it likes, crossing no piece),
 * custodial captures follow or every slide shoots an arrow, and the game
 * ends by a piece reaching a region, a type of piece or every piece lost,
 * a blocked player or repetition: a whole random game played on bit sets
 * and tables, move for move the game the general path plays with the same
 * random numbers (movegen_pick_slide, movegen_complete, engine_apply,
 * engine_check_end), so a playout's result does not depend on which path
 * ran. The compiler chooses it (playout_slide_prepare); tests/check_movegen.c
 * plays both paths side by side and compares the positions they end in. */
#ifndef TABULA_PLAYOUT_SLIDE_H
#define TABULA_PLAYOUT_SLIDE_H

#include "state.h"

/* How a game played on sets ended. */
typedef struct slide_game {
    long plies;          /* moves played */
    int last_to;         /* the cell the last move ended on */
    uint8_t decided;     /* an end condition a move met decided */
    uint8_t blocked;     /* the player to move had no move: engine_settle decides */
    uint8_t over, winner; /* the result, as the general path sets it */
} slide_game;

/* Sets rs->slide_playouts (and rs->slide_lines) when every game of RS fits
 * the fast path: every move a slide of the fill pick (rs->slide_fill_ok),
 * or every move a slide that shoots whose shots a cell's count of slides
 * gives (rs->slide_shoots), along a board's lines of at most TB_SLIDE_LINE
 * cells, two players, no
 * pass, passage, supply or count of checks or quiet moves; custody the only
 * capture; end conditions among `reach`, `captured`, `no-pieces`, `blocked`
 * (a win, a loss or a draw) and `repetition`. Called after movegen_pick_slide_prepare. */
void playout_slide_prepare(ruleset *rs);

/* 1 when a playout from ST takes the fast path: RS allows it and ST is an
 * ongoing position with both players in and no stack of pieces (a position
 * file may give one). */
int playout_slide_fits(const ruleset *rs, const state *st);

/* Plays the random game from FROM (playout_slide_fits) with R, at most
 * MAX_PLIES moves, into G: the random numbers movegen_pick_slide would draw.
 * With INTO (FROM itself or a copy of it), INTO becomes the position the general path
 * ends in (cells, counts, hash, history, player to move, result). */
void playout_slide_play(const ruleset *rs, const state *from, rng *r, long max_plies, state *into, slide_game *g);

#endif
