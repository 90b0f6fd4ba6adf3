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

/* 1 when M's promotion was one of several types the player could choose. */
static int promotion_is_chosen(const ruleset *rs, const move *m)
{
    for (int p = 0; p < rs->nplayers; p++) {
        const promotion *pr = promotion_at(rs, m->mover, p + 1, m->to);
        if (pr && (pr->choices & (pr->choices - 1))) return 1;
    }
    return 0;
}

/* 1 when M's promotion could have been declined (an optional one). */
static int promotion_is_optional(const ruleset *rs, const move *m)
{
    for (int k = 0; k < rs->npromotions; k++)
        if (rs->promotions[k].optional && rs->promotions[k].from == m->mover) return 1;
    return 0;
}

/* The steps of a chain of a `capture:` step rule after its first cell (N
 * bytes of BUF written): each arrival cell with A where the step took the
 * line in front of it (approach), W where it took the line behind its
 * departure (withdrawal). The captured cells are in the order taken, each
 * step's line from the piece outwards: a step's line is the run of caps
 * that goes on along one direction from its first cell. */
static void line_steps_text(const ruleset *rs, const move *m, char *buf, int size, int n)
{
    int ci = 0, at = m->from;
    for (int i = 0; i < m->npath && n < size; i++) {
        int to = m->path[i], d = 0;
        while (d < 8 && rs->nbr[at][d] != to) d++;
        int approach = d < 8 && ci < m->ncaps && m->caps[ci] == rs->nbr[to][d];
        int away = approach ? d : (d + 4) & 7;
        n += snprintf(buf + n, (size_t)(size - n), "-%s%c", rs->cell_name[to], approach ? 'A' : 'W');
        if (d < 8)
            for (ci++; ci < m->ncaps && m->caps[ci] == rs->nbr[m->caps[ci - 1]][away]; ci++) continue;
        at = to;
    }
}

void move_notation_cells(const ruleset *rs, const move *m, char *buf, int size)
{
    if (m->kind == MOVE_CASTLE) { /* towards the higher columns O-O, the lower O-O-O */
        snprintf(buf, (size_t)size, "%s", rs->cell_col[m->path[0]] > rs->cell_col[m->from] ? "O-O" : "O-O-O");
        return;
    }
    if (m->kind == MOVE_PASS || m->kind == MOVE_SWAP) {
        snprintf(buf, (size_t)size, "%s", m->kind == MOVE_PASS ? "pass" : "swap");
        return;
    }
    if (m->kind == MOVE_ENTER) { /* from the off-board place pieces enter from: bar-3 */
        snprintf(buf, (size_t)size, "%s-%s", rs->offboard[rs->track.bar], rs->cell_name[m->to]);
        return;
    }
    if (m->kind == MOVE_BEAR_OFF) { /* to the place pieces are borne off to, with the die: 20-off/6 */
        snprintf(buf, (size_t)size, "%s-%s/%d", rs->cell_name[m->from], rs->offboard[rs->track.off], m->die);
        return;
    }
    if (m->kind == MOVE_REMOVE || m->kind == MOVE_EXCHANGE) { /* the cell the piece leaves, as a capture without a mover */
        snprintf(buf, (size_t)size, "x%s", rs->cell_name[m->from]);
        return;
    }
    int n;
    if (m->kind == MOVE_PLACE) { /* the cell; the type too where the player places several (P*e5, stone@e5) */
        if (__builtin_popcount(rs->place_types) > 1 && rs->letters[0])
            n = snprintf(buf, (size_t)size, "%c*%s", rs->letters[m->mover] - 'a' + 'A', rs->cell_name[m->to]);
        else if (__builtin_popcount(rs->place_types) > 1)
            n = snprintf(buf, (size_t)size, "%s@%s", rs->piece_name[m->mover], rs->cell_name[m->to]);
        else
            n = snprintf(buf, (size_t)size, "%s", rs->cell_name[m->to]);
    } else if (m->kind != MOVE_CHAIN) {
        n = snprintf(buf, (size_t)size, "%s-%s", rs->cell_name[m->from], rs->cell_name[m->to]);
        if (m->shot != TB_NO_CELL && n < size) n += snprintf(buf + n, (size_t)(size - n), "/%s", rs->cell_name[m->shot]);
    }
    if (m->kind != MOVE_CHAIN) {
        /* pieces taken elsewhere than where the mover lands: after a line, by custody */
        for (int i = 0; i < m->ncaps && (rs->line_removes || rs->custodial.on) && n < size; i++)
            if (m->caps[i] != m->to) n += snprintf(buf + n, (size_t)(size - n), "x%s", rs->cell_name[m->caps[i]]);
        if (m->promote != 255 && promotion_is_chosen(rs, m) && n < size) /* the type the player chose */
            n += rs->letters[0] ? snprintf(buf + n, (size_t)(size - n), "=%c", rs->letters[m->promote])
                                : snprintf(buf + n, (size_t)(size - n), "=%s", rs->piece_name[m->promote]);
        else if (m->promote != 255 && promotion_is_optional(rs, m) && n < size) /* taken where it could be declined */
            n += snprintf(buf + n, (size_t)(size - n), "+");
        return;
    }
    n = snprintf(buf, (size_t)size, "%s", rs->cell_name[m->from]);
    if (m->rule != 255 && rs->rules[m->rule].line_capture) { /* steps: e3-d3A-d4W, A approach, W withdrawal */
        line_steps_text(rs, m, buf, size, n);
        return;
    }
    for (int i = 0; i < m->npath && n < size; i++)
        n += snprintf(buf + n, (size_t)(size - n), "x%s", rs->cell_name[m->path[i]]);
}

/* Chains of LEGAL other than M itself that start and end where M does. */
static int same_ends(const move *m, const move *legal, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == MOVE_CHAIN && legal[i].from == m->from && legal[i].to == m->to && !move_equal(&legal[i], m))
            k++;
    return k;
}

static void ends_text(const ruleset *rs, const move *m, char *buf, int size)
{
    snprintf(buf, (size_t)size, "%sx%s", rs->cell_name[m->from], rs->cell_name[m->to]);
}

void move_display(const ruleset *rs, const move *m, const move *legal, int n, char *buf, int size)
{
    move_display_as(rs, m, legal, n, rs->capture_ends, buf, size);
}

void move_display_as(const ruleset *rs, const move *m, const move *legal, int n, int ends, char *buf, int size)
{
    if (ends && m->kind == MOVE_CHAIN && m->npath > 1 && same_ends(m, legal, n) == 0)
        ends_text(rs, m, buf, size);
    else
        move_notation(rs, m, buf, size);
}

int move_find_by_ends(const ruleset *rs, const move *legal, int n, const char *text)
{
    int found = -1;
    char buf[64];
    for (int i = 0; i < n; i++) {
        if (legal[i].kind != MOVE_CHAIN || legal[i].npath < 2) continue;
        ends_text(rs, &legal[i], buf, sizeof buf);
        if (strcmp(buf, text) != 0) continue;
        if (found >= 0 || same_ends(&legal[i], legal, n)) return -1; /* two chains share these ends */
        found = i;
    }
    return found;
}

int move_find_castle_cells(const ruleset *rs, const move *legal, int n, const char *text)
{
    char bare[64];
    size_t b = 0;
    for (const char *c = text; *c && b + 1 < sizeof bare; c++)
        if (*c != '-') bare[b++] = *c;
    bare[b] = '\0';
    for (int i = 0; i < n; i++) {
        const move *m = &legal[i];
        if (m->kind != MOVE_CASTLE) continue;
        char cells[64];
        snprintf(cells, sizeof cells, "%s%s", rs->cell_name[m->from], rs->cell_name[m->path[0]]);
        if (strcmp(cells, bare) == 0) return i;
        snprintf(cells, sizeof cells, "%s%s", rs->cell_name[m->from], rs->cell_name[m->to]);
        if (m->to == m->from || strcmp(cells, bare) != 0) continue;
        int other = 0; /* a plain move between the same cells: the text is that one */
        for (int j = 0; j < n && !other; j++)
            other = legal[j].kind != MOVE_CASTLE && legal[j].from == m->from && legal[j].to == m->to;
        if (!other) return i;
    }
    return -1;
}

int move_equal(const move *a, const move *b)
{
    if (a->kind >= MOVE_PLACE || b->kind >= MOVE_PLACE) /* placements differ by type too */
        return a->kind == b->kind && a->mover == b->mover && a->from == b->from && a->to == b->to &&
               a->ncaps == b->ncaps && (!a->ncaps || a->caps[0] == b->caps[0]);
    if (a->shot != b->shot) return 0;
    if (a->from != b->from || a->to != b->to || a->ncaps != b->ncaps || a->npath != b->npath ||
        a->promote != b->promote || (a->kind == MOVE_BEAR_OFF && a->die != b->die))
        return 0;
    if ((a->kind == MOVE_CHAIN) != (b->kind == MOVE_CHAIN)) return 0;
    return memcmp(a->path, b->path, a->npath * sizeof a->path[0]) == 0 && memcmp(a->caps, b->caps, a->ncaps * sizeof a->caps[0]) == 0;
}
