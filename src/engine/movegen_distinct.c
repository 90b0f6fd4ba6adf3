/* movegen_distinct.c - one move per distinct capture.
 *
 * Two capture chains that start and end on the same cells, capture the same
 * pieces and leave the same piece behind are one move, however their paths
 * ran (the convention of published perft counts of capture games). The one listed is
 * the path whose notation is smallest in byte order, so the choice does not
 * depend on the order the generator found them in. */
#include <string.h>

#include "movegen.h"

/* An order-free digest of the captured cells, to compare sets quickly. */
static uint64_t caps_key(const move *m)
{
    uint64_t key = 0;
    for (int i = 0; i < m->ncaps; i++) key += (m->caps[i] + 1) * 0x9e3779b97f4a7c15ull ^ (uint64_t)m->caps[i] << 32;
    return key;
}

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

int movegen_distinct(const ruleset *rs, move *moves, int n)
{
    /* Only chains of two captures or more can take the same pieces by two paths. */
    int multi = 0;
    for (int i = 0; i < n && !multi; i++) multi = moves[i].kind == MOVE_CHAIN && moves[i].ncaps >= 2;
    if (!multi) return n;
    uint64_t key[TB_MAX_MOVES];
    for (int i = 0; i < n; i++) key[i] = moves[i].ncaps >= 2 ? caps_key(&moves[i]) : 0;
    int k = 0;
    for (int i = 0; i < n; i++) {
        const move *m = &moves[i];
        int dup = -1;
        if (m->ncaps >= 2)
            for (int j = 0; j < k && dup < 0; j++) {
                const move *o = &moves[j];
                if (key[j] == key[i] && o->from == m->from && o->to == m->to && o->promote == m->promote &&
                    same_set(o, m))
                    dup = j;
            }
        if (dup < 0) {
            key[k] = key[i];
            moves[k++] = *m;
            continue;
        }
        char a[256], b[256];
        move_notation(rs, &moves[dup], a, sizeof a);
        move_notation(rs, m, b, sizeof b);
        if (strcmp(b, a) < 0) moves[dup] = *m;
    }
    return k;
}
