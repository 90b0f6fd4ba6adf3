/* movegen_distinct.c - one move per distinct capture.
 *
 * Two capture chains that start and end on the same cells, capture the same
 * pieces and leave the same piece behind are one move, however their paths
 * ran (the convention of published perft counts of capture games). The one listed is
 * the path whose notation is smallest in byte order, so the choice does not
 * depend on the order the generator found them in. */
#include <stdlib.h>
#include <string.h>

#include "movegen.h"

static int same_set(const move *a, const move *b)
{
    if (a->ncaps != b->ncaps) return 0;
    for (int i = 0; i < a->ncaps; i++) {
        int found = 0;
        for (int j = 0; j < b->ncaps && !found; j++) found = a->caps[i] == b->caps[j];
        if (!found) return 0;
    }
    return 1;
}

/* An order-free digest of the captured cells. */
static uint64_t caps_key(const move *m)
{
    uint64_t key = 0;
    for (int i = 0; i < m->ncaps; i++) key += (m->caps[i] + 1) * 0x9e3779b97f4a7c15ull ^ (uint64_t)m->caps[i] << 32;
    return key;
}

static int same_capture(const move *o, const move *m)
{
    return o->from == m->from && o->to == m->to && o->promote == m->promote && same_set(o, m);
}

/* 1 when another path could take what M takes: two captures or more, and
 * for a chain two steps or more. A chain of jumps takes one piece a jump; a
 * chain of one step that takes a line (approach, withdrawal) is never the
 * same move as a longer one: its line lies on the line of the step, which
 * a longer chain leaves at its first step, taking pieces elsewhere. */
static inline int may_repeat(const move *m)
{
    return m->ncaps >= 2 && (m->kind != MOVE_CHAIN || m->npath >= 2);
}

/* Keeps M (index I) at K, or lets it replace the kept move it duplicates
 * when its notation is smaller. Returns the new K. */
static int keep(const ruleset *rs, move *moves, int k, int i, int dup)
{
    if (dup < 0) {
        if (k != i) moves[k] = moves[i];
        return k + 1;
    }
    char a[256], b[256];
    move_notation(rs, &moves[dup], a, sizeof a);
    move_notation(rs, &moves[i], b, sizeof b);
    if (strcmp(b, a) < 0) moves[dup] = moves[i];
    return k;
}

/* Few chains: each compared with those kept before it. */
static int distinct_small(const ruleset *rs, move *moves, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int dup = -1;
        if (may_repeat(&moves[i]))
            for (int j = 0; j < k && dup < 0; j++)
                if (same_capture(&moves[j], &moves[i])) dup = j;
        k = keep(rs, moves, k, i, dup);
    }
    return k;
}

/* Many chains (a rule file can make millions): a hash table of the kept
 * ones, so the time stays linear. The table is the list's scratch. */
static int distinct_large(const ruleset *rs, move_list *l, move *moves, int n)
{
    size_t size = 1;
    while (size < (size_t)n * 2) size *= 2;
    if (l->fixed) {
        l->error = MOVES_TOO_MANY;
        return 0;
    }
    if ((size_t)l->table_cap < size) {
        int *t = realloc(l->table, size * sizeof *t);
        if (!t) {
            l->error = MOVES_NO_MEMORY;
            return 0;
        }
        l->table = t;
        l->table_cap = (int)size;
    }
    memset(l->table, 0, size * sizeof *l->table); /* 0: empty; else 1 + the index of a kept move */
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (!may_repeat(&moves[i])) {
            k = keep(rs, moves, k, i, -1);
            continue;
        }
        size_t h = (caps_key(&moves[i]) ^ (uint64_t)moves[i].from * 0x100000001b3ull ^ moves[i].to) & (size - 1);
        int dup = -1;
        for (; l->table[h]; h = (h + 1) & (size - 1))
            if (same_capture(&moves[l->table[h] - 1], &moves[i])) {
                dup = l->table[h] - 1;
                break;
            }
        if (dup < 0) l->table[h] = k + 1;
        k = keep(rs, moves, k, i, dup);
    }
    return k;
}

int movegen_distinct_span(const ruleset *rs, move_list *l, int first, int n)
{
    /* Only chains of two captures or more can take the same pieces by two paths. */
    move *moves = l->m + first;
    int multi = 0;
    for (int i = 0; i < n && multi <= 256; i++) multi += moves[i].kind == MOVE_CHAIN && may_repeat(&moves[i]);
    if (!multi) return n;
    return multi <= 256 ? distinct_small(rs, moves, n) : distinct_large(rs, l, moves, n);
}

int movegen_distinct(const ruleset *rs, move_list *l, int n)
{
    return movegen_distinct_span(rs, l, 0, n);
}
