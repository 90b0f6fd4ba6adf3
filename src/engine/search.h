/* search.h - perft counting and random playouts, the engine's two benchmarks. */
#ifndef TABULA_SEARCH_H
#define TABULA_SEARCH_H

#include <stdint.h>
#include "engine.h"
#include "rng.h"

/* The deepest perft: `tabula perft` takes DEPTH 1 to this. */
#define PERFT_MAX_DEPTH 20

/* With more than two players on a board of cells, a player without a move
 * may be put out (`(blocked loses)`) and the next one plays: settles ST so,
 * and returns 1 when it did and the game goes on (ST is then the next
 * player's turn, a position of the same depth). */
int perft_step_over(const ruleset *rs, state *st);

/* The one perft walk: adds to COUNTS[d] the legal moves of every position d
 * moves below ST, for d from 0 to LEFT - 1 (so COUNTS[d] grows by the move
 * sequences of d + 1 moves); ST is restored on return. LISTS is LEFT move
 * lists owned by the caller (one per depth, kept from one call to the next).
 * Returns 0, the counts partial, when a list has an error or STOPPING (may
 * be NULL; asked above the last two levels) says to stop. */
int perft_walk(const ruleset *rs, state *st, int left, uint64_t *counts, move_list *lists, int (*stopping)(void));

/* Move sequences of exactly DEPTH moves (at most PERFT_MAX_DEPTH) from ST,
 * by perft_walk; valid only when move_lists_error() of the lists says
 * MOVES_OK. */
uint64_t perft(const ruleset *rs, state *st, int depth, move_list *lists);

/* The first error of the N lists (MOVES_OK: none). */
int move_lists_error(const move_list *lists, int n);
/* Frees the N lists. */
void move_lists_free(move_list *lists, int n);

/* A game cut off after this many moves counts as unfinished. */
#define PLAYOUT_MAX_PLIES 100000

typedef struct playout_stats {
    long games;          /* games played */
    long wins[TB_MAX_PLAYERS];        /* single wins per player */
    long double_wins[TB_MAX_PLAYERS]; /* double wins per player */
    long triple_wins[TB_MAX_PLAYERS]; /* triple wins per player */
    long draws;
    long unfinished;     /* games that reached PLAYOUT_MAX_PLIES */
    long long moves;     /* moves over all games */
} playout_stats;

/* Plays one uniformly random game from ST to its end, in place, with the
 * scratch list BUFFER. Returns the number of moves played; the game is cut
 * short when BUFFER->error is set (check it). Allocates only when a position
 * has more moves than BUFFER has held before. */
long playout_one(const ruleset *rs, state *st, rng *r, move_list *buffer);

/* The seed of game GAME (0-based) of a run seeded with SEED: its moves and
 * its dice come from it alone, so games can be played in any order, by any
 * number of threads, on any machine, and give the same results. */
uint64_t playout_game_seed(uint64_t seed, long game);

/* Adds one finished (or cut-off) game of PLIES moves ending in ST to STATS. */
void playout_count(playout_stats *stats, const state *st, long plies);

/* Adds the counts of FROM to INTO (runs split over threads, shards or files). */
void playout_stats_add(playout_stats *into, const playout_stats *from);

/* Plays games FIRST .. END-1 of the run seeded with SEED from the start
 * position, adding to STATS; stops at the first game in which BUFFER->error
 * is set (that game is not counted: the caller reports the error).
 * Allocates only as playout_one does. */
void playout_range(const ruleset *rs, uint64_t seed, long first, long end, playout_stats *stats, move_list *buffer);

/* Plays games 0 .. N-1 (playout_range from 0). */
void playout_many(const ruleset *rs, uint64_t seed, long n, playout_stats *stats, move_list *buffer);

#endif
