/* move.c - notation and identity of moves. */
#include "move.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int move_list_reserve(move_list *l, long need)
{
    if (need <= l->cap) return 1;
    if (need > TB_MAX_MOVES || l->fixed) {
        l->error = MOVES_TOO_MANY;
        return 0;
    }
    long cap = l->cap ? l->cap : TB_MOVES_INITIAL;
    while (cap < need) cap *= 2;
    if (cap > TB_MAX_MOVES) cap = TB_MAX_MOVES;
    move *m = realloc(l->m, (size_t)cap * sizeof *m);
    if (!m) {
        l->error = MOVES_NO_MEMORY;
        return 0;
    }
    l->m = m;
    l->cap = (int)cap;
    return 1;
}

void move_list_free(move_list *l)
{
    if (!l->fixed) free(l->m);
    free(l->table);
    *l = (move_list)MOVE_LIST_INIT;
}

const char *moves_error_text(int error)
{
    switch (error) {
    case MOVES_NO_MEMORY: return "out of memory";
    case MOVES_TOO_MANY: return "more than " TB_MAX_MOVES_TEXT " legal moves in one position (the bound of docs/limits.md)";
    case MOVES_CHAIN_TOO_LONG: return "a capture chain of more than " TB_MAX_PATH_TEXT " jumps (the bound of docs/limits.md)";
    default: return "no error";
    }
}

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
