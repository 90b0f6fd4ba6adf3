/* search.h - perft counting and random playouts, the engine's two benchmarks. */
#ifndef TABULA_SEARCH_H
#define TABULA_SEARCH_H

#include <stdint.h>
#include "engine.h"
#include "rng.h"

/* Move sequences of exactly DEPTH moves from ST (restored on return).
 * BUFFERS holds DEPTH * TB_MAX_MOVES moves, owned by the caller. */
uint64_t perft(const ruleset *rs, state *st, int depth, move *buffers);

/* A game cut off after this many moves counts as unfinished. */
#define PLAYOUT_MAX_PLIES 100000

typedef struct playout_stats {
    long games;          /* games played */
    long wins[2];        /* single wins per player */
    long double_wins[2]; /* double wins per player */
    long triple_wins[2]; /* triple wins per player */
    long draws;
    long unfinished;     /* games that reached PLAYOUT_MAX_PLIES */
    long long moves;     /* moves over all games */
} playout_stats;

/* Plays one uniformly random game from ST to its end, in place; BUFFER holds
 * TB_MAX_MOVES moves. Returns the number of moves played. Allocates nothing. */
long playout_one(const ruleset *rs, state *st, rng *r, move *buffer);

/* The start of game G (from 0) of a series of playouts seeded with SEED:
 * the start position with the game's own dice stream. The moves are drawn
 * from one generator seeded with SEED for the whole series. */
void playout_start(const ruleset *rs, uint64_t seed, long g, state *st);

/* Plays N games from the start position with the seed, adding to STATS. */
void playout_many(const ruleset *rs, uint64_t seed, long n, playout_stats *stats, move *buffer);

#endif
