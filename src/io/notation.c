/* notation.c - reading a move a person typed (notation.h). A move is
 * compared as a list of places (its cells in order, with a track's off-board
 * places by name), so that separators and letter case do not matter and a
 * short form can be matched against the part it gives. */
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_TOKENS (TB_MAX_PATH + 2)

/* A move or a typed text as places: indices into the ruleset's cells, or
 * PLACE_BAR / PLACE_OFF. */
enum { PLACE_BAR = -2, PLACE_OFF = -3 };

typedef struct places {
    int n;
    int p[MAX_TOKENS];
    int die;                  /* a track move's die, or 0 */
} places;

static void move_places(const move *m, places *pl)
{
    pl->n = 0;
    pl->die = m->die;
    switch (m->kind) {
    case MOVE_CHAIN:
        pl->p[pl->n++] = m->from;
        for (int i = 0; i < m->npath && pl->n < MAX_TOKENS; i++) pl->p[pl->n++] = m->path[i];
        break;
    case MOVE_ENTER:
        pl->p[pl->n++] = PLACE_BAR;
        pl->p[pl->n++] = m->to;
        break;
    case MOVE_BEAR_OFF:
        pl->p[pl->n++] = m->from;
        pl->p[pl->n++] = PLACE_OFF;
        break;
    case MOVE_EXCHANGE:
    case MOVE_REMOVE:
        pl->p[pl->n++] = m->to;
        break;
    default:
        pl->p[pl->n++] = m->from;
        pl->p[pl->n++] = m->to;
        break;
    }
}

/* The place named WORD (any case), or -1. SQUARES: on a numbered board,
 * a square's column-and-row name (`c3`) names its numbered cell too. */
static int place_named(const ruleset *rs, const char *word, size_t len, int squares)
{
    if (len == 0 || len >= 16) return -1;
    if (rs->topology == TOPO_TRACK) {
        if (rs->track.bar >= 0 && strlen(rs->offboard[rs->track.bar]) == len &&
            strncasecmp(word, rs->offboard[rs->track.bar], len) == 0)
            return PLACE_BAR;
        if (rs->track.off >= 0 && strlen(rs->offboard[rs->track.off]) == len &&
            strncasecmp(word, rs->offboard[rs->track.off], len) == 0)
            return PLACE_OFF;
    }
    for (int c = 0; c < rs->ncells; c++)
        if (strlen(rs->cell_name[c]) == len && strncasecmp(word, rs->cell_name[c], len) == 0) return c;
    return squares ? ruleset_square_at(rs, word, len) : -1;
}

/* Splits a chunk without separators (`c3xe5xg7`, `xd2.4`) into places at
 * the x's that stand between places. Returns 0 when it cannot. */
static int split_x(const ruleset *rs, const char *s, size_t len, places *pl, int squares)
{
    int whole = place_named(rs, s, len, squares);
    if (whole != -1) {
        if (pl->n == MAX_TOKENS) return 0;
        pl->p[pl->n++] = whole;
        return 1;
    }
    if (len && (s[0] == 'x' || s[0] == 'X')) return split_x(rs, s + 1, len - 1, pl, squares);
    for (size_t i = 1; i + 1 < len; i++) {
        if (s[i] != 'x' && s[i] != 'X') continue;
        int first = place_named(rs, s, i, squares);
        if (first == -1) continue;
        int saved = pl->n;
        if (pl->n == MAX_TOKENS) return 0;
        pl->p[pl->n++] = first;
        if (split_x(rs, s + i + 1, len - i - 1, pl, squares)) return 1;
        pl->n = saved;
    }
    return 0;
}

/* TEXT as places; 0 when some part of it names no place. SQUARES as in
 * place_named. */
static int typed_places(const ruleset *rs, const char *text, places *pl, int squares)
{
    pl->n = 0;
    pl->die = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    char *slash = strchr(buf, '/');
    if (slash) {
        char *end;
        long d = strtol(slash + 1, &end, 10);
        if (*end || end == slash + 1 || d < 1 || d > 255) return 0;
        pl->die = (int)d;
        *slash = '\0';
    }
    for (char *p = buf; *p;) {
        while (*p == '-' || *p == ' ' || *p == ',' || *p == ':' || *p == '\t') p++;
        if (!*p) break;
        size_t len = strcspn(p, "- ,:\t");
        if (!split_x(rs, p, len, pl, squares)) return 0;
        p += len;
    }
    return pl->n > 0;
}

static int same_places(const places *a, const places *b)
{
    if (a->n != b->n || (a->die && b->die && a->die != b->die)) return 0;
    for (int i = 0; i < a->n; i++)
        if (a->p[i] != b->p[i]) return 0;
    return 1;
}

/* The typed places are the move's ends with some of its middle. */
static int ends_and_some(const places *typed, const places *m)
{
    if (typed->n < 2 || typed->n > m->n || (typed->die && typed->die != m->die)) return 0;
    if (typed->p[0] != m->p[0] || typed->p[typed->n - 1] != m->p[m->n - 1]) return 0;
    int k = 1;
    for (int i = 1; i < m->n - 1 && k < typed->n - 1; i++)
        if (m->p[i] == typed->p[k]) k++;
    return k == typed->n - 1;
}

/* Same start, end, promotion and captured pieces: one move by two paths. */
static int same_capture(const move *a, const move *b)
{
    if (a->from != b->from || a->to != b->to || a->promote != b->promote || a->ncaps != b->ncaps) return 0;
    for (int i = 0; i < a->ncaps; i++) {
        int found = 0;
        for (int j = 0; j < b->ncaps && !found; j++) found = a->caps[i] == b->caps[j];
        if (!found) return 0;
    }
    return 1;
}

static void lower(const char *in, char *out, size_t size)
{
    size_t i = 0;
    for (; in[i] && i + 1 < size; i++) out[i] = (char)tolower((unsigned char)in[i]);
    out[i] = '\0';
}

/* Form 3: the chains of every path whose notation or places are the typed
 * ones, as the listed moves they are. */
static int other_path(ruleset *rs, const state *st, const move *legal, int n, const char *typed, const places *tp,
                      int have_places, int *out)
{
    int chains = 0;
    for (int i = 0; i < n && !chains; i++) chains = legal[i].kind == MOVE_CHAIN && legal[i].ncaps >= 2;
    if (!chains || rs->keep_all_paths) return 0;
    move_list paths = MOVE_LIST_INIT;
    rs->keep_all_paths = 1;
    int nall = engine_legal(rs, st, &paths); /* 0 when they cannot be listed: no other path matches */
    rs->keep_all_paths = 0;
    const move *all = paths.m;
    int k = 0;
    for (int a = 0; a < nall; a++) {
        char text[256];
        move_notation(rs, &all[a], text, sizeof text);
        lower(text, text, sizeof text);
        places mp;
        move_places(&all[a], &mp);
        if (strcmp(text, typed) != 0 && !(have_places && same_places(tp, &mp))) continue;
        for (int i = 0; i < n; i++) {
            if (!same_capture(&all[a], &legal[i])) continue;
            int dup = 0;
            for (int j = 0; j < k && !dup; j++) dup = out[j] == i;
            if (!dup) out[k++] = i;
        }
    }
    move_list_free(&paths);
    return k;
}

/* The forms 1 to 6 of notation_match, for TYPED in lower case. */
static int match_typed(ruleset *rs, const state *st, const move *legal, int n, const char *typed, int *out)
{
    int k = 0;
    char buf[256];
    for (int i = 0; i < n; i++) { /* 1 */
        move_notation(rs, &legal[i], buf, sizeof buf);
        lower(buf, buf, sizeof buf);
        if (strcmp(buf, typed) == 0) out[k++] = i;
    }
    if (k) return k;
    places tp, mp;
    /* A numbered board's squares by column and row only where the text
     * means nothing in its numbers: what it means in them stays its meaning
     * (`x5` is a capture landing on 5, even on a board with an x column). */
    int have = typed_places(rs, typed, &tp, 0) || (ruleset_numbered(rs) && typed_places(rs, typed, &tp, 1));
    if (have) { /* 2 */
        for (int i = 0; i < n; i++) {
            move_places(&legal[i], &mp);
            if (same_places(&tp, &mp)) out[k++] = i;
        }
        if (k) return k;
    }
    if ((k = other_path(rs, st, legal, n, typed, &tp, have, out))) return k; /* 3 */
    if (have && tp.n >= 2) { /* 4 */
        for (int i = 0; i < n; i++) {
            move_places(&legal[i], &mp);
            if (ends_and_some(&tp, &mp)) out[k++] = i;
        }
        if (k) return k;
    }
    if (have && tp.n == 1) { /* 5 */
        for (int i = 0; i < n; i++) {
            move_places(&legal[i], &mp);
            if (tp.die && tp.die != mp.die) continue;
            if (mp.p[0] == tp.p[0] || mp.p[mp.n - 1] == tp.p[0]) out[k++] = i;
        }
        if (k) return k;
    }
    size_t len = strlen(typed);
    if (len == 0 || have) return 0; /* whole places that fit no move are no prefix of one */
    for (int i = 0; i < n; i++) { /* 6 */
        move_notation(rs, &legal[i], buf, sizeof buf);
        lower(buf, buf, sizeof buf);
        if (strncmp(buf, typed, len) == 0) out[k++] = i;
    }
    return k;
}

#define SPLITS_MAX 4096 /* pieces of a text without separators looked at, at most: cuts that */
                         /* fail late ("1111...1z") would otherwise take exponential time */

/* What cutting TEXT without separators into places could mean, as an
 * engine writes moves (`c3d4`, `3128`): every cut where each piece names a
 * place is tried as a move written with dashes, built in DONE (USED bytes so
 * far), and the moves any of them fits are added to OUT (K so far, no
 * duplicates). ROOM (N ints) holds one cut's matches; *TRIES counts the
 * pieces looked at, to bound the work. Returns the new K. */
/* 1 when the first LEN bytes of TEXT are a place, or, in a game of steps
 * that capture by approach or withdrawal, a place and its capture's letter
 * (`e3a`, `e3w`: move.c writes E3A, e3W). */
static int cut_piece(const ruleset *rs, const char *text, size_t len)
{
    if (place_named(rs, text, len, ruleset_numbered(rs)) != -1) return 1;
    if (len < 2 || (text[len - 1] != 'a' && text[len - 1] != 'w') || place_named(rs, text, len - 1, ruleset_numbered(rs)) == -1)
        return 0;
    for (int i = 0; i < rs->nrules; i++)
        if (rs->rules[i].line_capture) return 1;
    return 0;
}

static int match_cuts(ruleset *rs, const state *st, const move *legal, int n, const char *text, const char *die,
                      char *done, size_t used, int *out, int k, int *room, int *tries)
{
    size_t len = strlen(text);
    for (size_t i = 1; i <= len && *tries < SPLITS_MAX; i++) {
        if (!cut_piece(rs, text, i) || used + i + 2 + strlen(die) >= 256) continue;
        ++*tries;
        memcpy(done + used, text, i);
        if (i < len) {
            done[used + i] = '-';
            k = match_cuts(rs, st, legal, n, text + i, die, done, used + i + 1, out, k, room, tries);
            continue;
        }
        if (used == 0) continue; /* one place alone is no cut: the plain forms had it */
        snprintf(done + used + i, 256 - used - i, "%s", die);
        int m = match_typed(rs, st, legal, n, done, room);
        for (int a = 0; a < m; a++) {
            int dup = 0;
            for (int b = 0; b < k && !dup; b++) dup = out[b] == room[a];
            if (!dup) out[k++] = room[a];
        }
    }
    return k;
}

int notation_match(ruleset *rs, const state *st, const move *legal, int n, const char *text, int *out)
{
    char typed[256];
    /* No move's notation is this long (TB_NOTATION_MAX): a longer text is no
     * move, and cutting it would let its start alone pick one. */
    if (strlen(text) >= sizeof typed) return 0;
    if (move_san_applies(rs)) { /* algebraic notation first, as written: its letters' case matters (Bxc3, bxc3) */
        int k = move_find_san(rs, legal, n, text);
        if (k >= 0) {
            out[0] = k;
            return 1;
        }
    }
    lower(text, typed, sizeof typed);
    if (rs->castle.on) { /* castling is named whole: `O-O` is no prefix of `O-O-O` */
        char side[8];
        size_t w = 0;
        for (const char *c = typed; *c && w + 1 < sizeof side; c++)
            if (*c != '+' && *c != '#') side[w++] = *c == '0' ? 'o' : *c;
        side[w] = '\0';
        if (strcmp(side, "oo") == 0 || strcmp(side, "ooo") == 0) snprintf(side, sizeof side, "%s", w == 2 ? "o-o" : "o-o-o");
        if (strcmp(side, "o-o") == 0 || strcmp(side, "o-o-o") == 0) {
            int k = 0;
            for (int i = 0; i < n; i++) {
                if (legal[i].kind != MOVE_CASTLE) continue;
                char buf[16];
                move_notation(rs, &legal[i], buf, sizeof buf);
                lower(buf, buf, sizeof buf);
                if (strcmp(buf, side) == 0) out[k++] = i;
            }
            return k;
        }
    }
    /* A `*` marks a hit, as tables players write it (`13-7*`): the move is
     * the same without it. */
    size_t w = 0;
    for (size_t r = 0; typed[r]; r++)
        if (typed[r] != '*') typed[w++] = typed[r];
    typed[w] = '\0';
    if (rs->castle.on && (out[0] = move_find_castle_cells(rs, legal, n, typed)) >= 0) return 1; /* e1g1, e1h1 */
    int k = match_typed(rs, st, legal, n, typed, out);
    if (k || strpbrk(typed, "-x ,:\t")) return k;
    /* No separator at all, and the text as it stands fits nothing. */
    char body[256], die[256] = "", done[256];
    snprintf(body, sizeof body, "%s", typed);
    char *slash = strchr(body, '/');
    if (slash) {
        snprintf(die, sizeof die, "%s", slash);
        *slash = '\0';
    }
    int tries = 0, *room = malloc((size_t)(n ? n : 1) * sizeof *room);
    if (!room) return 0;
    k = match_cuts(rs, st, legal, n, body, die, done, 0, out, 0, room, &tries);
    free(room);
    if (k == 0 && n > 0) { /* the forms engine_find_move reads besides: d1-d3 for d1-d3xd4, e7e8q */
        int f = engine_find_move(rs, legal, n, text);
        if (f >= 0) {
            out[0] = f;
            return 1;
        }
    }
    return k;
}

int notation_in_numbers(const ruleset *rs, const char *text, char *buf, size_t size)
{
    char typed[256];
    places pl;
    if (!ruleset_numbered(rs) || strlen(text) >= sizeof typed) return 0;
    lower(text, typed, sizeof typed);
    if (typed_places(rs, typed, &pl, 0) || !typed_places(rs, typed, &pl, 1)) return 0;
    /* Places only: a capture is written with x, a step or slide with -. */
    const char *sep = pl.n > 2 || strchr(typed, 'x') ? "x" : "-";
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < pl.n && used < size; i++) {
        int w = snprintf(buf + used, size - used, "%s%s", i ? sep : "", rs->cell_name[pl.p[i]]);
        if (w < 0) return 0;
        used += (size_t)w;
    }
    return 1;
}
