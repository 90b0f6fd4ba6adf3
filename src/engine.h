/* engine.h - playing moves: apply, undo, end conditions and results.
 *
 * The functions here are topology-agnostic: they call the ruleset's
 * engine_ops, and the topology files (engine_square.c for cell boards, and
 * one pair of files per other topology) do the work. */
#ifndef TABULA_ENGINE_H
#define TABULA_ENGINE_H

#include "movegen.h"

/* The engine of a topology, or NULL when this version cannot play it. */
const engine_ops *engine_ops_for(int topology);
extern const engine_ops engine_square_ops;
extern const engine_ops engine_track_ops;

/* Seeds the dice of ST from SEED and, in a game with dice, rolls the dice of
 * the player to move when ST has none to play. Every place a game starts
 * (start position, a loaded position, a playout, a replayed record) calls
 * this, so the same seed gives the same dice everywhere. */
void engine_seed(const ruleset *rs, state *st, uint64_t seed);

/* Rolls the dice of a new turn for the player to move (a double repeats as
 * the ruleset says). */
void engine_roll(const ruleset *rs, state *st);

/* The legal moves of the player to move (0 when the game is over). */
int engine_legal(const ruleset *rs, const state *st, move *out);

/* Plays M for the player to move and checks the end conditions that can be
 * decided at once (no pieces, reach, no progress). J may be NULL. */
void engine_apply(const ruleset *rs, state *st, const move *m, undo_record *j);

/* Restores the position from before the move recorded in J. */
void engine_undo(const ruleset *rs, state *st, const undo_record *j);

/* See engine_ops.settle: 1 game over, 0 moves to play, -1 generate again. */
int engine_settle(const ruleset *rs, state *st, int nlegal);

/* The legal moves, settling blocked positions and passed turns first: what
 * front ends call. 0 means the game is over. */
int engine_moves(const ruleset *rs, state *st, move *out);

/* "ongoing", "draw", "win 1", "double-win 2". */
void engine_result_text(const state *st, char *buf, int size);

/* Finds the legal move written as TEXT; returns its index or -1. */
int engine_find_move(const ruleset *rs, const move *moves, int n, const char *text);

/* Shared by the topology engines. */
void engine_finish(state *st, int winner, int score);
int engine_winner_of(int outcome, int player);
/* Ends the game by the `blocked` condition for the player to move. */
void engine_blocked(const ruleset *rs, state *st);
/* Passes the turn: the other player moves next (hash included). */
void engine_next_player(const ruleset *rs, state *st);

#endif
