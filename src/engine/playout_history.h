/* playout_history.h - the repetition history as the whole-game playouts
 * (playout_slide.c, playout_line.c) keep it on their own boards, read as
 * engine_end.c reads the state's: the hashes since the history last started
 * again, newest at TOP - 1, and a filter of bits that tells a position
 * never seen before without looking back. */
#ifndef TABULA_PLAYOUT_HISTORY_H
#define TABULA_PLAYOUT_HISTORY_H

#include "ruleset.h"

/* Notes HASH, the newest position, in the filter SEEN (bit hash >> 54);
 * 1 when its bit was clear: the position was not in the history. */
static inline int history_note(uint64_t seen[16], uint64_t hash)
{
    int bit = (int)(hash >> 54), fresh = !(seen[bit >> 6] >> (bit & 63) & 1);
    seen[bit >> 6] |= 1ull << (bit & 63);
    return fresh;
}

/* How often HASH, the newest of the LEN positions of HISTORY, stands
 * there with the same player to move (every other one), itself included;
 * a FRESH position is there once, unless MOVES (the count asked for) is 1. */
static inline int history_count(const uint64_t *history, uint8_t top, int len, int fresh, uint64_t hash, int moves)
{
    int seen = 1;
    if (!fresh || moves <= 1)
        for (int k = 2; k < len; k += 2) seen += history[(uint8_t)(top - 1 - k)] == hash;
    return seen;
}

/* A `blocked` condition comes before E in the file (engine_end.c's blocked_first). */
static inline int history_blocked_before(const ruleset *rs, const end_rule *e)
{
    for (const end_rule *x = rs->ends; x < e; x++)
        if (x->kind == END_BLOCKED) return 1;
    return 0;
}

#endif
