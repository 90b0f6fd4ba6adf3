/* engine.h - playing moves: apply, undo, end conditions and results. */
#ifndef TABULA_ENGINE_H
#define TABULA_ENGINE_H

#include "movegen.h"

/* Plays M for the player to move and checks the end conditions that can be
 * decided at once (no pieces, reach, no progress). J may be NULL. */
void engine_apply(const ruleset *rs, state *st, const move *m, undo_record *j);

/* Restores the position from before the move recorded in J. */
void engine_undo(const ruleset *rs, state *st, const undo_record *j);

/* Ends the game when the player to move has no legal move (NLEGAL == 0) and
 * the rules say what that means; returns 1 when the game is over. */
int engine_settle(const ruleset *rs, state *st, int nlegal);

/* The legal moves, settling a blocked position first: what front ends call. */
int engine_moves(const ruleset *rs, state *st, move *out);

/* "ongoing", "draw", "win 1", "double-win 2". */
void engine_result_text(const state *st, char *buf, int size);

/* Finds the legal move written as TEXT; returns its index or -1. */
int engine_find_move(const ruleset *rs, const move *moves, int n, const char *text);

#endif
