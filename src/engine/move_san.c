/* move_san.c - standard algebraic notation (docs/san.md) for games whose
 * pieces have letters: printed where players read moves (`Nbd2`, `exd6`,
 * `e8=Q+`, `O-O`), and read wherever moves are typed. */
#include "engine.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The piece letter of TYPE in upper case. */
static char letter_of(const ruleset *rs, int type)
{
    return (char)toupper((unsigned char)rs->letters[type]);
}

/* The type written without a letter: the pawn, whose letter is p. */
static int is_pawn(const ruleset *rs, int type)
{
    return rs->letters[type] == 'p';
}

void move_san(const ruleset *rs, const move *m, const move *legal, int n, const state *after, char *buf, int size)
{
    int k = 0;
#define PUT(...) (k += snprintf(buf + k, (size_t)(k < size ? size - k : 0), __VA_ARGS__), k = k < size ? k : size - 1)
    buf[0] = '\0';
    if (m->kind == MOVE_CASTLE) {
        PUT("%s", rs->cell_col[m->path[0]] > rs->cell_col[m->from] ? "O-O" : "O-O-O");
    } else if (m->kind == MOVE_PLACE) {
        PUT("%c@%s", letter_of(rs, m->mover), rs->cell_name[m->to]);
    } else {
        int capture = m->ncaps > 0;
        if (is_pawn(rs, m->mover)) {
            if (capture) PUT("%cx", 'a' + rs->cell_col[m->from]);
        } else {
            PUT("%c", letter_of(rs, m->mover));
            /* another piece of the type that can go there too: tell them apart */
            int others = 0, same_col = 0, same_row = 0;
            for (int i = 0; i < n; i++) {
                const move *o = &legal[i];
                if (o->kind == MOVE_CASTLE || o->mover != m->mover || o->to != m->to || o->from == m->from) continue;
                if (o->promote != m->promote) continue;
                others++;
                same_col |= rs->cell_col[o->from] == rs->cell_col[m->from];
                same_row |= rs->cell_row[o->from] == rs->cell_row[m->from];
            }
            if (others && !same_col) PUT("%c", 'a' + rs->cell_col[m->from]);
            else if (others && !same_row) PUT("%d", rs->cell_row[m->from] + 1);
            else if (others) PUT("%s", rs->cell_name[m->from]);
            if (capture) PUT("x");
        }
        PUT("%s", rs->cell_name[m->to]);
        if (m->promote != 255) PUT("=%c", letter_of(rs, m->promote));
    }
    if (after && rs->royal_type >= 0 && after->h.status == STATUS_OVER && after->h.winner == tb_opponent(after->h.to_move) &&
        movegen_in_check(rs, after, after->h.to_move))
        PUT("#");
    else if (after && movegen_in_check(rs, after, after->h.to_move))
        PUT("+");
#undef PUT
}

/* TEXT without what reading ignores: check and annotation marks, `e.p.`;
 * zeros of castling as letters; `=` before a promotion. */
static void san_clean(const char *text, char *out, size_t size)
{
    size_t k = 0;
    for (const char *c = text; *c && k + 1 < size; c++) {
        if (*c == '+' || *c == '#' || *c == '!' || *c == '?' || *c == '=' || *c == ' ') continue;
        if (strncmp(c, "e.p.", 4) == 0) break;
        out[k++] = *c == '0' && text[0] == '0' ? 'O' : *c; /* 0-0: castling written with zeros */
    }
    out[k] = '\0';
}

int move_san_read(const ruleset *rs, const char *text, san_move *s)
{
    if (!move_san_applies(rs)) return 0;
    memset(s, 0, sizeof *s);
    s->to = s->col = s->row = s->promote = -1;
    char t[64];
    san_clean(text, t, sizeof t);
    size_t len = strlen(t);
    if (!len) return 0;
    if (strcmp(t, "OO") == 0 || strcmp(t, "O-O") == 0 || strcmp(t, "OOO") == 0 || strcmp(t, "O-O-O") == 0) {
        s->castle = strlen(t) <= 3 && strcmp(t, "OOO") != 0 ? 1 : 2;
        return 1;
    }
    /* piece letter (upper case; none for a pawn), optional file and rank of departure, optional x,
     * the square of arrival, optional promotion letter */
    const char *pawn = strchr(rs->letters, 'p');
    int type = pawn ? (int)(pawn - rs->letters) : -1, i = 0;
    if (isupper((unsigned char)t[0])) {
        const char *p = strchr(rs->letters, tolower((unsigned char)t[0]));
        if (!p) return 0;
        type = (int)(p - rs->letters);
        i = 1;
    }
    if (type < 0) return 0; /* no letter, and no pawn to be the piece written without one */
    s->type = type;
    if (len > 0 && isalpha((unsigned char)t[len - 1]) && (len < 2 || !isdigit((unsigned char)t[len - 1]))) {
        const char *p = strchr(rs->letters, tolower((unsigned char)t[len - 1]));
        if (!p) return 0;
        s->promote = (int)(p - rs->letters);
        t[--len] = '\0';
    }
    /* the square of arrival: the last letter and its digits */
    int j = (int)len;
    while (j > i && isdigit((unsigned char)t[j - 1])) j--;
    if (j == (int)len || j <= i || !islower((unsigned char)t[j - 1])) return 0;
    s->to = ruleset_cell(rs, t + j - 1);
    if (s->to < 0) return 0;
    for (int c = i; c < j - 1; c++) {
        if (t[c] == 'x') s->capture = 1;
        else if (islower((unsigned char)t[c])) s->col = t[c] - 'a';
        else if (isdigit((unsigned char)t[c]) && s->row < 1000) /* a rank of departure: 1, or 10 on a large board */
            s->row = s->row < 0 ? t[c] - '1' : (s->row + 1) * 10 + t[c] - '0' - 1;
        else return 0;
    }
    return 1;
}

int move_san_fits(const ruleset *rs, const san_move *s, const move *m)
{
    if (s->castle)
        return m->kind == MOVE_CASTLE && (rs->cell_col[m->path[0]] > rs->cell_col[m->from]) == (s->castle == 1);
    if (m->kind == MOVE_CASTLE || m->kind == MOVE_PLACE || m->mover != s->type || m->to != s->to) return 0;
    if ((s->col >= 0 && rs->cell_col[m->from] != s->col) || (s->row >= 0 && rs->cell_row[m->from] != s->row)) return 0;
    if (s->capture && !m->ncaps) return 0;
    return (s->promote < 0) == (m->promote == 255) && (s->promote < 0 || m->promote == s->promote);
}

int move_find_san(const ruleset *rs, const move *legal, int n, const char *text)
{
    san_move s;
    if (!move_san_read(rs, text, &s)) return -1;
    int found = -1;
    for (int k = 0; k < n; k++) {
        if (!move_san_fits(rs, &s, &legal[k])) continue;
        if (found >= 0 && !s.castle) return -1; /* ambiguous */
        if (found < 0) found = k;
    }
    return found;
}
