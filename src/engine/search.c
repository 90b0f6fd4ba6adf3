/* search.c - perft and random playouts. */
#include "search.h"

#include <stddef.h>

uint64_t perft(const ruleset *rs, state *st, int depth, move *buffers)
{
    if (depth == 0) return 1;
    int n = engine_legal(rs, st, buffers);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    undo_record u;
    for (int i = 0; i < n; i++) {
        engine_apply(rs, st, &buffers[i], &u);
        total += perft(rs, st, depth - 1, buffers + TB_MAX_MOVES);
        engine_undo(rs, st, &u);
    }
    return total;
}

long playout_one(const ruleset *rs, state *st, rng *r, move *buffer)
{
    long plies = 0;
    while (plies < PLAYOUT_MAX_PLIES) {
        int n = engine_moves(rs, st, buffer); /* passed turns and dice rolls settled: not moves */
        if (n == 0) break;
        engine_apply(rs, st, &buffer[rng_below(r, (uint32_t)n)], NULL);
        plies++;
    }
    return plies;
}

void playout_start(const ruleset *rs, uint64_t seed, long g, state *st)
{
    state_start(rs, st);
    engine_seed(rs, st, seed ^ (uint64_t)(g + 1) * 0x9e3779b97f4a7c15ull); /* the dice: one stream per game */
}

void playout_many(const ruleset *rs, uint64_t seed, long n, playout_stats *stats, move *buffer)
{
    rng r;
    rng_seed(&r, seed);
    for (long g = 0; g < n; g++) {
        state st;
        playout_start(rs, seed, g, &st);
        stats->moves += playout_one(rs, &st, &r, buffer);
        stats->games++;
        if (st.h.status == STATUS_ONGOING) stats->unfinished++;
        else if (st.h.winner == 0) stats->draws++;
        else if (st.h.score == 3) stats->triple_wins[st.h.winner - 1]++;
        else if (st.h.score == 2) stats->double_wins[st.h.winner - 1]++;
        else stats->wins[st.h.winner - 1]++;
    }
}
