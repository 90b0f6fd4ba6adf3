/* move.c - notation and identity of moves. */
#include "move.h"

#include <stdio.h>
#include <string.h>

void move_notation(const ruleset *rs, const move *m, char *buf, int size)
{
    rs->ops->notation(rs, m, buf, size);
}

void move_notation_cells(const ruleset *rs, const move *m, char *buf, int size)
{
    int n = snprintf(buf, (size_t)size, "%s", rs->cell_name[m->from]);
    if (m->kind != MOVE_CHAIN) {
        snprintf(buf + n, (size_t)(size - n), "-%s", rs->cell_name[m->to]);
        return;
    }
    for (int i = 0; i < m->npath && n < size; i++)
        n += snprintf(buf + n, (size_t)(size - n), "x%s", rs->cell_name[m->path[i]]);
}

int move_equal(const move *a, const move *b)
{
    if (a->from != b->from || a->to != b->to || a->ncaps != b->ncaps || a->npath != b->npath ||
        a->promote != b->promote || (a->kind == MOVE_BEAR_OFF && a->die != b->die))
        return 0;
    if ((a->kind == MOVE_CHAIN) != (b->kind == MOVE_CHAIN)) return 0;
    return memcmp(a->path, b->path, a->npath * sizeof a->path[0]) == 0 && memcmp(a->caps, b->caps, a->ncaps * sizeof a->caps[0]) == 0;
}
