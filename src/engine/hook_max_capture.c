/* hook_max_capture.c - the `max-capture` hook: among capture chains, keep
 * only the best under the rule file's criteria, compared in order (the next
 * criterion only breaks ties of the previous ones). It knows nothing of any
 * game: the criteria say what "best" is. */
#include "movegen.h"

#include <stddef.h>

/* The value of M under criterion C; higher is better. */
static inline long score(const criterion *c, const move *m)
{
    switch ((criterion_kind)c->kind) {
    case CRIT_PREFER_MOVER: return m->mover == c->piece;
    case CRIT_MOST_VALUE: {
        long v = 0;
        for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) v += (long)c->value[t] * m->caps_by_type[t];
        return v;
    }
    case CRIT_EARLIEST:
        return m->first_cap[c->piece] ? -(long)m->first_cap[c->piece] : -TB_MAX_PATH - 1;
    case CRIT_MOST_CAPTURED: break;
    }
    return c->piece == 255 ? m->ncaps : m->caps_by_type[c->piece];
}

/* The hook itself. REMOVED, when not NULL, counts per criterion the calls in
 * which that criterion took candidates away (coverage analysis); the
 * generator's call passes NULL, and this being inlined into both callers,
 * the count costs the generator nothing. */
static inline int filter(const ruleset *rs, move *moves, int n, long *removed)
{
    for (int ci = 0; ci < rs->ncriteria && n > 1; ci++) {
        const criterion *c = &rs->criteria[ci];
        long best = -TB_MAX_PATH - 2;
        for (int i = 0; i < n; i++) {
            long s = score(c, &moves[i]);
            if (s > best) best = s;
        }
        int k = 0;
        for (int i = 0; i < n; i++)
            if (score(c, &moves[i]) == best) moves[k++] = moves[i];
        if (removed && k < n) removed[ci]++;
        n = k;
    }
    return n;
}

int hook_max_capture(const ruleset *rs, move *moves, int n)
{
    return filter(rs, moves, n, NULL);
}

long hook_max_capture_score(const criterion *c, const move *m)
{
    return score(c, m);
}

int hook_max_capture_traced(const ruleset *rs, move *moves, int n, long *removed)
{
    return filter(rs, moves, n, removed);
}
