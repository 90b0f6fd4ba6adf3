/* diff.h - differential testing of two rule files: the shortest move
 * sequence from the start after which their legal moves or results differ.
 *
 * Both games are played in step from their start positions, with the dice
 * of a scenario case (SCENARIO_SEED), so that the sequence found replays as
 * a scenario case. First every sequence of up to DEPTH moves is compared
 * (iterative deepening, shortest first, within a budget of positions), then
 * random games played in step, keeping the shortest difference found. */
#ifndef TABULA_DIFF_H
#define TABULA_DIFF_H

#include <stdint.h>

#include "engine/engine.h"

#define DIFF_TEXT_MAX 160        /* bytes of a move's notation, with the NUL (TB_NOTATION_MAX) */

typedef struct diff_opts {
    int depth;                   /* compare every sequence up to this many moves ... */
    long nodes;                  /* ... within this many positions */
    long games;                  /* then this many random games played in step ... */
    long max_moves;              /* ... of at most this many moves */
    uint64_t seed;               /* of the random games */
} diff_opts;

typedef struct diff_result {
    int found;                   /* the files differ */
    int nplay;                   /* the moves from the start after which they differ */
    char (*play)[DIFF_TEXT_MAX];
    int by_playout;              /* found by a random game (not the exhaustive search) */
    int depth_done;              /* every sequence of up to this many moves was compared */
    long nodes;                  /* positions compared by the exhaustive search */
    long games;                  /* random games played */
    /* where they differ, for A and B */
    char result[2][32];
    int nmoves[2];
    char (*moves[2])[DIFF_TEXT_MAX]; /* the legal moves, sorted */
    int error;                   /* when diff_search returns 0: the moves_error */
} diff_result;

/* Compares A and B; returns 0 when memory runs out or a position's moves
 * cannot be listed (OUT->error says which). */
int diff_search(const ruleset *a, const ruleset *b, const diff_opts *o, diff_result *out);
void diff_result_free(diff_result *r);

#endif
