/* playout_race.h - the playouts' fast path for simple race games on a
 * track: every throw one value (one die, or dice summed), a piece enters
 * from the off-board place, advances along its owner's path onto a point
 * that holds one piece (`single`), hits a lone enemy piece back to that
 * place unless the point is safe, bears off; some points or values give
 * another throw; the first player with every piece off wins. A whole random
 * game is played on a small board of owners, move for move the game the
 * general path plays with the same random numbers (the one engine's
 * movegen_advance_legal, effect_advance_play and effect_advance_settle,
 * engine_roll, engine_moves), so a playout's result does not depend on
 * which path ran. The compiler chooses
 * it (playout_race_prepare); tests/check_movegen.c plays both paths side by
 * side and compares the positions they end in. */
#ifndef TABULA_PLAYOUT_RACE_H
#define TABULA_PLAYOUT_RACE_H

#include "state.h"

/* How a game played on the small board ended. */
typedef struct race_game {
    long plies;          /* moves played */
    uint8_t stuck;       /* the position is not one the path plays (a stack, a piece off its
                          * path ...): nothing was drawn or written, the general path plays it */
} race_game;

/* Sets rs->race_playouts (and its tables) when every game of RS fits the
 * fast path: a track, no teams, one value a throw, `single`, hits of one
 * piece or none, `safe:`, `extra-turn:`, `extra-throw:`, `roll-again`,
 * `enter ... with:`, enter-first, any overshoot rule of bearing off; no
 * pins, swaps, stacks, primes, couriers, head rule, race rules
 * (`protected:`, `blockade:`, `must-stop:`, `back-from:`), no-progress or
 * repetition; every end condition `all-off`, never doubled. Called after the
 * track rules are compiled. */
void playout_race_prepare(ruleset *rs);

/* 1 when a playout from ST may take the fast path: RS allows it and ST is
 * an ongoing position, every player in, at most one die to play, no flag. */
static inline int playout_race_fits(const ruleset *rs, const state *st)
{
    return rs->race_playouts && st->h.status == STATUS_ONGOING && !st->h.out && st->h.ndice <= 1 && !st->h.flagged;
}

/* Plays the random game from ST (playout_race_fits) with R, at most
 * MAX_PLIES moves, into G, and leaves ST the position the general path ends
 * in (cells, heights, counts, hash, off-board places, dice and their
 * generator, player to move, turn state, result). When G->stuck, ST and R
 * are untouched. */
void playout_race_play(const ruleset *rs, state *st, rng *r, long max_plies, race_game *g);

#endif
