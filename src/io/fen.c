/* fen.c - FEN positions on numbered boards (fen.h). */
#include "fen.h"
#include "fen_letters.h"

#include "engine/engine.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What FEN needs of a game: numbered squares, and how its letters map. */
typedef struct fen_game {
    int nsquares;                 /* squares numbered 1..nsquares */
    int cell[TB_MAX_CELLS + 1];   /* the cell of each number */
    char side[2];                 /* the letter of players 1 and 2 */
    int man, king;                /* piece types written plain and with K (king -1: none) */
} fen_game;

static int fen_game_of(const ruleset *rs, fen_game *g, char *why, size_t size)
{
    if (!ruleset_numbered(rs)) {
        snprintf(why, size, "FEN needs a board with numbered squares, and \"%s\" numbers none", rs->title);
        return 0;
    }
    g->nsquares = 0;
    for (int c = 0; c < rs->ncells; c++) {
        if (!cellset_has(&rs->playable, c)) continue;
        int n = atoi(rs->cell_name[c]);
        if (n < 1 || n > TB_MAX_CELLS) continue;
        g->cell[n] = c;
        if (n > g->nsquares) g->nsquares = n;
    }
    for (int p = 0; p < 2; p++) g->side[p] = (char)toupper((unsigned char)rs->player_label[p][0]);
    if (!isalpha((unsigned char)g->side[0]) || g->side[0] == g->side[1] || g->side[0] == 'K' || g->side[1] == 'K') {
        snprintf(why, size, "FEN names each side by its initial, and the players of \"%s\" (%s, %s) have no two "
                 "different initials other than K", rs->title, rs->player_label[0], rs->player_label[1]);
        return 0;
    }
    g->man = 0;
    g->king = -1;
    for (int i = 0; i < rs->npromotions; i++)
        if (rs->promotions[i].from == 0) g->king = rs->promotions[i].to;
    int plain = rs->npiece_types - (g->king > 0 ? 1 : 0);
    if (plain != 1) {
        snprintf(why, size, "FEN writes men and the kings they become, and \"%s\" has %d other piece types", rs->title,
                 plain - 1);
        return 0;
    }
    return 1;
}

int fen_supported(const ruleset *rs, char *why, size_t size)
{
    if (rs->letters[0]) return 1; /* the piece-letter form (fen_letters.c) */
    fen_game g;
    return fen_game_of(rs, &g, why, size);
}

/* The reader: the text, where it is, and the first error. */
typedef struct reader {
    const char *text;
    size_t at;
    char *err;
    size_t errsize;
} reader;

static int fail(reader *r, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(reader *r, size_t at, const char *fmt, ...)
{
    int n = snprintf(r->err, r->errsize, "at column %zu: ", at + 1);
    if (n < 0 || (size_t)n >= r->errsize) return 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err + n, r->errsize - (size_t)n, fmt, ap);
    va_end(ap);
    return 0;
}

/* What stands at the reader, for a message: a character, or "the end". */
static void here(const reader *r, char *buf, size_t size)
{
    char c = r->text[r->at];
    if (!c) snprintf(buf, size, "the end");
    else if (isprint((unsigned char)c)) snprintf(buf, size, "`%c`", c);
    else snprintf(buf, size, "byte 0x%02x", (unsigned char)c);
}

/* A square number at the reader, checked against the board. */
static int square(reader *r, const fen_game *g, int *out)
{
    size_t start = r->at;
    if (!isdigit((unsigned char)r->text[r->at])) {
        char what[32];
        here(r, what, sizeof what);
        return fail(r, start, "expected a square number (1-%d), not %s", g->nsquares, what);
    }
    long n = 0;
    while (isdigit((unsigned char)r->text[r->at])) {
        if (n < 100000) n = n * 10 + (r->text[r->at] - '0');
        r->at++;
    }
    if (n < 1 || n > g->nsquares)
        return fail(r, start, "square %.*s is not on the board (1-%d)", (int)(r->at - start), r->text + start,
                    g->nsquares);
    *out = (int)n;
    return 1;
}

/* One side's field after its letter: squares and ranges, commas between. */
static int side_field(reader *r, const ruleset *rs, const fen_game *g, int player, state *st, size_t *where_of)
{
    if (r->text[r->at] == ':' || !r->text[r->at] || r->text[r->at] == '.') return 1; /* no pieces */
    for (;;) {
        int king = 0;
        if (r->text[r->at] == 'K' || r->text[r->at] == 'k') {
            if (g->king < 0) return fail(r, r->at, "a king (K), but \"%s\" has no kings", rs->title);
            king = 1;
            r->at++;
        }
        size_t start = r->at;
        int a, b;
        if (!square(r, g, &a)) return 0;
        b = a;
        if (r->text[r->at] == '-') {
            r->at++;
            if (!square(r, g, &b)) return 0;
            if (b < a) return fail(r, start, "the range %d-%d runs backwards", a, b);
        }
        for (int n = a; n <= b; n++) {
            int c = g->cell[n];
            if (st->cell[c])
                return fail(r, start, "square %d is given twice (first at column %zu)", n, where_of[n] + 1);
            where_of[n] = start;
            st->cell[c] = piece_code(player, king ? g->king : g->man);
            st->height[c] = 1;
        }
        if (r->text[r->at] != ',') return 1;
        r->at++;
    }
}

int fen_read(const ruleset *rs, const char *text, state *st, char *err, size_t errsize)
{
    if (rs->letters[0]) return fen_letters_read(rs, text, st, err, errsize);
    fen_game g;
    if (!fen_game_of(rs, &g, err, errsize)) return 0;
    reader r = { text, 0, err, errsize };
    size_t where_of[TB_MAX_CELLS + 1];
    state_clear(rs, st);
    while (isspace((unsigned char)text[r.at])) r.at++;
    char c = (char)toupper((unsigned char)text[r.at]);
    if (c != g.side[0] && c != g.side[1]) {
        char what[32];
        here(&r, what, sizeof what);
        return fail(&r, r.at, "the side to move is %c or %c, not %s", g.side[0], g.side[1], what);
    }
    st->h.to_move = (uint8_t)(c == g.side[0] ? 1 : 2);
    r.at++;
    int seen[2] = { 0, 0 };
    size_t field_at[2] = { 0, 0 };
    while (text[r.at] == ':') {
        r.at++;
        c = (char)toupper((unsigned char)text[r.at]);
        int p = c == g.side[0] ? 1 : c == g.side[1] ? 2 : 0;
        if (!p) {
            char what[32];
            here(&r, what, sizeof what);
            return fail(&r, r.at, "expected a side, %c or %c, not %s", g.side[0], g.side[1], what);
        }
        if (seen[p - 1]) return fail(&r, r.at, "side %c is given twice", c);
        seen[p - 1] = 1;
        field_at[p - 1] = r.at;
        r.at++;
        if (!side_field(&r, rs, &g, p, st, where_of)) return 0;
    }
    size_t end = r.at;
    if (text[end] == '.') end++; /* PDN ends a FEN with a full stop */
    while (isspace((unsigned char)text[end])) end++;
    if (text[end]) {
        char what[32];
        r.at = end;
        here(&r, what, sizeof what);
        return fail(&r, end, "expected `:`, `,` or the end, not %s", what);
    }
    if (!seen[0] || !seen[1])
        return fail(&r, end, "side %c is missing (write `:%c` for a side with no pieces)",
                    g.side[seen[0] ? 1 : 0], g.side[seen[0] ? 1 : 0]);
    /* No rule makes pieces: no side has more than at the start. */
    int total[2] = { 0, 0 }, have[2] = { 0, 0 };
    for (int i = 0; i < rs->nstart; i++) total[rs->start[i].owner - 1] += rs->start[i].count;
    for (int cell = 0; cell < rs->ncells; cell++)
        if (st->cell[cell]) have[piece_owner(st->cell[cell]) - 1]++;
    for (int p = 0; p < 2; p++)
        if (have[p] > total[p])
            return fail(&r, field_at[p], "side %c has %d pieces, more than the %d it has in this game (no rule makes pieces)",
                        g.side[p], have[p], total[p]);
    state_refresh(rs, st);
    engine_judge(rs, st); /* a position given as it stands is judged as after a move */
    return 1;
}

/* Appends FMT to BUF at *USED, never past SIZE. */
static void put(char *buf, size_t size, size_t *used, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t size, size_t *used, const char *fmt, ...)
{
    if (*used >= size) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, size - *used, fmt, ap);
    va_end(ap);
    if (n > 0) *used += (size_t)n;
}

int fen_write(const ruleset *rs, const state *st, char *buf, size_t size)
{
    if (rs->letters[0]) return fen_letters_write(rs, st, buf, size);
    fen_game g;
    char why[256];
    buf[0] = '\0';
    if (!fen_game_of(rs, &g, why, sizeof why)) return 0;
    size_t used = 0;
    put(buf, size, &used, "%c", g.side[st->h.to_move - 1]);
    /* W first when a side is W, as PDN writes it; else player 1 first. */
    int first = g.side[1] == 'W' ? 1 : 0;
    for (int k = 0; k < 2; k++) {
        int p = k == 0 ? first : 1 - first;
        put(buf, size, &used, ":%c", g.side[p]);
        int any = 0;
        for (int n = 1; n <= g.nsquares; n++) {
            uint8_t code = st->cell[g.cell[n]];
            if (!code || piece_owner(code) != p + 1) continue;
            int king = piece_type(code) != g.man;
            int last = n;
            while (!king && last < g.nsquares && st->cell[g.cell[last + 1]] == code) last++;
            if (last - n < 2) last = n;
            put(buf, size, &used, "%s%s%d", any ? "," : "", king ? "K" : "", n);
            if (last > n) put(buf, size, &used, "-%d", last);
            any = 1;
            n = last;
        }
    }
    return used < size;
}
