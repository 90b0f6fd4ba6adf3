/* engine_end.h - the end of a game, shared by every board's engine
 * (engine_end.c): the end conditions judged after an action or on a
 * position as given, blocked players, a game finished, the history of
 * positions that repetition reads, and the result's text. */
#ifndef TABULA_ENGINE_END_H
#define TABULA_ENGINE_END_H

#include "movegen.h"

/* 1 when GENERATE (rs->ops->legal, or a generator of cell boards) finds a
 * move for the player to move in ST: first in ROOM (NROOM moves, the
 * caller's), and where more candidates than that come up, in a list that
 * grows (a rare path: never a wrong "there are moves" from a short list). */
int engine_has_move(const ruleset *rs, const state *st, movegen_fn generate, move *room, int nroom);

/* "ongoing", "draw", "win 1", "double-win 2". */
void engine_result_text(const state *st, char *buf, int size);

/* Ends the game: WINNER (0 for a draw) with SCORE (1 single, 2 double, 3
 * triple), decided by the end condition BY (NULL when no clause decided it). */
void engine_finish(state *st, int winner, int score, const end_rule *by);
/* When the pieces on the board fit the two sides of the material balance of
 * E, one player each: the player who has the first side (1 or 2); else 0. */
int engine_material_matches(const ruleset *rs, const state *st, const end_rule *e);
int engine_winner_of(int outcome, int player);
/* The OUTCOME of condition BY (NULL: none) for PLAYER: the game's end, or,
 * with more than two players, a `loses` that puts PLAYER out: the others
 * play on (the turn passes over PLAYER), and the last one in wins. */
void engine_decide(const ruleset *rs, state *st, int outcome, int player, const end_rule *by);
/* A resignation in a game of more than two players: PLAYER, and with
 * partners the whole team (they win and lose together), is out; the roll
 * of a turn under way is dropped and the turn passes to the next player
 * in. When one side is left, it wins (its first-numbered player). */
void engine_resign(const ruleset *rs, state *st, int player);
/* Ends the game by the `blocked` condition for the player to move. */
void engine_blocked(const ruleset *rs, state *st);

/* The conditions decided by the action just played by MOVER, in file order:
 * no pieces, reach (REACHED: the cell a piece moved to, -1 for none, or
 * REACHED_AS_GIVEN: a position given as it stands, where any piece standing
 * in its player's region has won), no progress, repetition. */
#define REACHED_AS_GIVEN (-2)
void engine_check_end(const ruleset *rs, state *st, int reached, int mover);

/* Judges a position given as it stands (a scenario's or --position's) by
 * the end conditions a move decides, as if the player not to move had just
 * moved: a player with no pieces, a piece standing in its `reach` region
 * (the last mover first), a material win, a draw whose count is due. */
void engine_judge(const ruleset *rs, state *st);

/* Draws by repetition: after an action, records the new position in the
 * history (IRREVERSIBLE: no earlier position can recur, so the history starts
 * again from this one). Undo puts the history back. */
void engine_history_push(state *st, int irreversible);
/* How often the current position (hash) occurs in the history, itself included. */
int engine_repetitions(const ruleset *rs, const state *st);

#endif
