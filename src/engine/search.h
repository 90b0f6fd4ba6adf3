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

/* The seed of game GAME (0-based) of a run seeded with SEED: its moves and
 * its dice come from it alone, so games can be played in any order, by any
 * number of threads, on any machine, and give the same results. */
uint64_t playout_game_seed(uint64_t seed, long game);

/* Adds one finished (or cut-off) game of PLIES moves ending in ST to STATS. */
void playout_count(playout_stats *stats, const state *st, long plies);

/* Adds the counts of FROM to INTO (runs split over threads, shards or files). */
void playout_stats_add(playout_stats *into, const playout_stats *from);

/* Plays games FIRST .. END-1 of the run seeded with SEED from the start
 * position, adding to STATS. Allocates nothing. */
void playout_range(const ruleset *rs, uint64_t seed, long first, long end, playout_stats *stats, move *buffer);

/* Plays games 0 .. N-1 (playout_range from 0). */
void playout_many(const ruleset *rs, uint64_t seed, long n, playout_stats *stats, move *buffer);

#endif
