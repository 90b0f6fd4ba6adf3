/* written.c - a track game's turns as its players write them (written.h).
 *
 * Inside, a place on a player's path is its progress: -1 the bar, 0 .. len-1
 * the points from the start, len borne off. Matching does not parse a path
 * into dice: it lists the player's turns and their beginnings and keeps
 * those that move pieces from and to the same places as the text (a
 * piece that lands and moves on cancels out), so any order of the dice
 * and any spelling of the same move fits. */
#include "written.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PLACES (200 + 2)          /* progress + 1: the bar, a track's points (200 at most), off */
#define SEGMENTS TURNS_MAX_MOVES  /* a turn writes at most one segment a move */
#define POINTS (TURNS_MAX_MOVES + 1)
#define KEEP 8                    /* positions that fit, kept to be named */

int written_applies(const ruleset *rs)
{
    return rs->topology == TOPO_TRACK;
}

int written_shown(const ruleset *rs)
{
    return written_applies(rs) && rs->written_shown;
}

int written_form(const char *text)
{
    const char *slash = strchr(text, '/');
    return slash && slash > text && !strchr(text, '-');
}

static int path_len(const ruleset *rs, int p)
{
    return rs->track.len[p - 1];
}

/* The progress of a move's start and end for player P. */
static int progress_from(const ruleset *rs, int p, const move *m)
{
    return m->kind == MOVE_ENTER ? -1 : rs->track.rank[p - 1][m->from];
}

static int progress_to(const ruleset *rs, int p, const move *m)
{
    return m->kind == MOVE_BEAR_OFF ? path_len(rs, p) : rs->track.rank[p - 1][m->to];
}

/* The name of a place as player P writes it. */
static void place_text(const ruleset *rs, int p, int at, char *buf, size_t size)
{
    int len = path_len(rs, p);
    if (at < 0) snprintf(buf, size, "%s", rs->offboard[rs->track.bar]);
    else if (at >= len) snprintf(buf, size, "%s", rs->offboard[rs->track.off]);
    else if (rs->mover_numbers) snprintf(buf, size, "%d", len - at);
    else snprintf(buf, size, "%s", rs->cell_name[rs->track.path[p - 1][at]]);
}

/* One piece's way in a turn: the places it stopped at that are written. */
typedef struct segment {
    int at[POINTS];
    int n, count;
} segment;

/* Sub-moves in the order players list them: from the start of the path
 * first, and from one place the shorter first. */
static int by_start(const void *a, const void *b)
{
    const int *x = a, *y = b;
    if (x[0] != y[0]) return x[0] < y[0] ? -1 : 1;
    return (x[1] > y[1]) - (x[1] < y[1]);
}

static int same_way(const segment *x, const segment *y)
{
    if (x->n != y->n) return 0;
    for (int i = 0; i < x->n; i++)
        if (x->at[i] != y->at[i]) return 0;
    return 1;
}

/* The convention is gnubg's: sub-moves sorted by start, each joined with
 * the later ones that go on from where it ends (the point between kept
 * when a blot was hit there), the same way made again counted, and a hit
 * marked once, where it is first written. */
void written_turn(const ruleset *rs, int p, const move *seq, int n, char *buf, size_t size)
{
    int sub[TURNS_MAX_MOVES][2], hit[TURNS_MAX_MOVES], nhit = 0;
    if (n > TURNS_MAX_MOVES) n = TURNS_MAX_MOVES;
    for (int i = 0; i < n; i++) {
        sub[i][0] = progress_from(rs, p, &seq[i]);
        sub[i][1] = progress_to(rs, p, &seq[i]);
        if (seq[i].ncaps) hit[nhit++] = sub[i][1];
    }
    qsort(sub, (size_t)n, sizeof sub[0], by_start);
    segment seg[SEGMENTS];
    int nseg = 0, used[TURNS_MAX_MOVES] = { 0 };
    for (int i = 0; i < n; i++) {
        if (used[i]) continue;
        segment *s = &seg[nseg++];
        s->at[0] = sub[i][0];
        s->at[1] = sub[i][1];
        s->n = 2;
        s->count = 1;
        for (int j = i + 1; j < n; j++) {
            if (used[j] || sub[j][0] != s->at[s->n - 1]) continue;
            int was_hit = 0;
            for (int h = 0; h < nhit; h++) was_hit |= hit[h] == sub[j][0];
            if (was_hit) s->n++; /* keep the point where it hit, go on from there */
            s->at[s->n - 1] = sub[j][1];
            used[j] = 1;
        }
    }
    int kept = 0;
    for (int k = 0; k < nseg; k++) {
        int twin = -1;
        for (int q = 0; q < kept && twin < 0; q++)
            if (same_way(&seg[q], &seg[k])) twin = q;
        if (twin >= 0) seg[twin].count++;
        else seg[kept++] = seg[k];
    }
    int marked[TURNS_MAX_MOVES], nmarked = 0;
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < kept && len < size; k++) {
        for (int i = 0; i < seg[k].n && len < size; i++) {
            char name[TB_NAME_LEN];
            int at = seg[k].at[i], star = 0;
            place_text(rs, p, at, name, sizeof name);
            for (int h = 0; i > 0 && h < nhit && !star; h++) star = hit[h] == at;
            for (int m = 0; m < nmarked && star; m++) star = marked[m] != at;
            if (star) marked[nmarked++] = at;
            len += (size_t)snprintf(buf + len, size - len, "%s%s%s", i ? "/" : k ? " " : "", name, star ? "*" : "");
        }
        if (seg[k].count > 1 && len < size) len += (size_t)snprintf(buf + len, size - len, "(%d)", seg[k].count);
    }
}

/* ---- reading ---- */

/* What a text says: how many pieces leave and reach each place (after a
 * piece that lands and moves on cancels out), the places that must be
 * landed on, and the hits. Indexed by progress + 1. */
typedef struct effect {
    int leave[PLACES], reach[PLACES];
    int land[PLACES], hit[PLACES];
} effect;

static void cancel(effect *e, int places)
{
    for (int i = 0; i < places; i++) {
        int both = e->leave[i] < e->reach[i] ? e->leave[i] : e->reach[i];
        e->leave[i] -= both;
        e->reach[i] -= both;
    }
}

/* Reads one place at *S for player P into *AT; 0 with ERR set when there is
 * none. TEXT is the whole text, for the column. */
static int read_place(const ruleset *rs, int p, const char *text, const char **s, int *at, char *err, size_t errsize)
{
    int len = path_len(rs, p);
    const char *t = *s;
    if (isdigit((unsigned char)*t)) {
        long k = 0;
        size_t digits = strspn(t, "0123456789");
        for (size_t i = 0; i < digits; i++) k = k < 100000 ? k * 10 + (t[i] - '0') : k;
        t += digits;
        int where = -2;
        if (rs->mover_numbers) {
            if (k >= 1 && k <= len) where = len - (int)k;
        } else if (k >= 1 && k <= rs->ncells) {
            int r = rs->track.rank[p - 1][k - 1];
            if (r != TB_NO_RANK) where = r;
        }
        if (where == -2) {
            char range[64];
            if (rs->mover_numbers) snprintf(range, sizeof range, "each player counts their own, %d to 1", len);
            else snprintf(range, sizeof range, "the board's numbers on the player's path");
            snprintf(err, errsize, "`%s`: character %d: player %d has no point %.*s (%s)", text, (int)(*s - text) + 1,
                     p, digits > 12 ? 12 : (int)digits, *s, range);
            return 0;
        }
        *at = where;
        *s = t;
        return 1;
    }
    size_t w = 0;
    while (isalpha((unsigned char)t[w])) w++;
    for (int k = 0; k < 2 && w; k++) {
        int place = k == 0 ? rs->track.bar : rs->track.off;
        if (place >= 0 && strlen(rs->offboard[place]) == w && strncasecmp(t, rs->offboard[place], w) == 0) {
            *at = k == 0 ? -1 : len;
            *s = t + w;
            return 1;
        }
    }
    char bar[64] = "", off[64] = "";
    if (rs->track.bar >= 0) snprintf(bar, sizeof bar, ", %s", rs->offboard[rs->track.bar]);
    if (rs->track.off >= 0)
        snprintf(off, sizeof off, "%s %s", rs->track.bar >= 0 ? " or" : ",", rs->offboard[rs->track.off]);
    if (!*t)
        snprintf(err, errsize, "`%s` ends where a point is needed (a number%s%s)", text, bar, off);
    else
        snprintf(err, errsize, "`%s`: character %d `%.*s` is not a point (a number%s%s)", text, (int)(t - text) + 1,
                 w ? (int)w : 1, t, bar, off);
    return 0;
}

/* Reads TEXT into E for player P; 0 with ERR set on a mistake. */
static int read_text(const ruleset *rs, int p, const char *text, effect *e, char *err, size_t errsize)
{
    int len = path_len(rs, p);
    memset(e, 0, sizeof *e);
    const char *s = text;
    int segments = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == ',') s++;
        if (!*s) break;
        const char *start = s;
        int at[POINTS], hit[POINTS], n = 0;
        for (;;) {
            if (n == POINTS) {
                snprintf(err, errsize, "`%s`: character %d: a piece moves at most %d times in a turn", text,
                         (int)(s - text) + 1, TURNS_MAX_MOVES);
                return 0;
            }
            if (!read_place(rs, p, text, &s, &at[n], err, errsize)) return 0;
            hit[n] = *s == '*';
            if (hit[n]) s++;
            n++;
            if (*s != '/') break;
            s++;
        }
        if (n < 2) {
            snprintf(err, errsize, "`%s`: character %d: `%.*s` is one place; a move goes from one to another, as 8/5",
                     text, (int)(start - text) + 1, (int)(s - start), start);
            return 0;
        }
        int count = 1;
        if (*s == '(') {
            const char *c = s + 1;
            if (!isdigit((unsigned char)*c) || c[1] != ')' || *c < '1' || *c > '0' + TURNS_MAX_MOVES) {
                snprintf(err, errsize, "`%s`: character %d: a move made again is written with its count, as 13/9(2)",
                         text, (int)(s - text) + 1);
                return 0;
            }
            count = *c - '0';
            s += 3;
        }
        if (*s && *s != ' ' && *s != '\t' && *s != ',') {
            snprintf(err, errsize, "`%s`: character %d `%c` cannot follow a move (moves are separated by spaces)",
                     text, (int)(s - text) + 1, *s);
            return 0;
        }
        for (int i = 0; i < n; i++) {
            char a[TB_NAME_LEN], b[TB_NAME_LEN];
            place_text(rs, p, at[i > 0 ? i - 1 : 0], a, sizeof a);
            place_text(rs, p, at[i], b, sizeof b);
            if (i > 0 && at[i] < 0) {
                snprintf(err, errsize, "`%s`: %s only starts a move", text, b);
                return 0;
            }
            if (i < n - 1 && at[i] >= len) {
                snprintf(err, errsize, "`%s`: %s only ends a move", text, b);
                return 0;
            }
            if (hit[i] && (i == 0 || at[i] >= len)) {
                snprintf(err, errsize, "`%s`: a hit (*) is marked where a piece lands on a point, not at %s", text,
                         b);
                return 0;
            }
            if (i > 0 && at[i] <= at[i - 1]) {
                char first[TB_NAME_LEN], last[TB_NAME_LEN];
                place_text(rs, p, 0, first, sizeof first);
                place_text(rs, p, len - 1, last, sizeof last);
                snprintf(err, errsize, "`%s`: %s/%s goes against player %d's way, which runs from %s to %s", text, a,
                         b, p, first, last);
                return 0;
            }
        }
        e->leave[at[0] + 1] += count;
        e->reach[at[n - 1] + 1] += count;
        for (int i = 1; i < n - 1; i++) e->land[at[i] + 1] += count;
        for (int i = 1; i < n; i++) e->hit[at[i] + 1] += hit[i] ? count : 0;
        segments += count;
    }
    if (!segments) {
        snprintf(err, errsize, "no move written (a move goes from one place to another, as 8/5)");
        return 0;
    }
    cancel(e, len + 2);
    return 1;
}

/* A position a turn or its beginning reaches, to tell them apart. */
typedef struct found_key {
    uint8_t to_move, status, ndice, dice[6], bar[2], off[2], counter[2][TB_COUNTERS], turn_count;
    uint64_t flagged;
    uint8_t board[2 * TB_MAX_CELLS];
} found_key;

/* WHOLE: a turn played to its end, whose dice left (none, or those that
 * could not be played, or the last die of a game won) do not count. */
static void key_of(const ruleset *rs, const state *st, int whole, found_key *k)
{
    memset(k, 0, sizeof *k);
    k->to_move = st->h.to_move;
    k->status = st->h.status;
    k->ndice = whole ? 0 : st->h.ndice; /* the dice left, in order: the same dice played in two orders leave the same */
    for (int i = 0; i < k->ndice && i < 6; i++) {
        int j = i;
        for (; j > 0 && k->dice[j - 1] > st->h.dice[i]; j--) k->dice[j] = k->dice[j - 1];
        k->dice[j] = st->h.dice[i];
    }
    memcpy(k->bar, st->h.bar, 2);
    memcpy(k->off, st->h.off, 2);
    memcpy(k->counter, st->h.counter, sizeof k->counter);
    k->turn_count = st->h.turn_count;
    k->flagged = st->h.flagged;
    memcpy(k->board, st->cell, (size_t)rs->ncells);
    memcpy(k->board + rs->ncells, st->height, (size_t)rs->ncells);
}

/* The sequences that fit, one per position, whole turns and beginnings apart. */
typedef struct fits {
    written_found keep[KEEP];
    found_key key[KEEP];
    int exact[KEEP];          /* hits where the text marks them and nowhere else */
    int n, more;              /* kept, and positions past KEEP */
} fits;

typedef struct search {
    const ruleset *rs;
    state *st;
    int mover, places;
    const effect *want;
    move seq[TURNS_MAX_MOVES];
    move_list lists[TURNS_MAX_MOVES + 1];
    fits whole, part;
    int failed;
} search;

/* 1 when the DEPTH moves of S->seq do what the text says; *EXACT when they
 * hit nowhere else. */
static int fits_text(search *s, int depth, int *exact)
{
    effect e;
    memset(&e, 0, sizeof e);
    int p = s->mover;
    for (int i = 0; i < depth; i++) {
        int from = progress_from(s->rs, p, &s->seq[i]) + 1, to = progress_to(s->rs, p, &s->seq[i]) + 1;
        e.leave[from]++;
        e.reach[to]++;
        e.land[to]++;
        if (s->seq[i].ncaps) e.hit[to]++;
    }
    cancel(&e, s->places);
    *exact = 1;
    for (int i = 0; i < s->places; i++) {
        if (e.leave[i] != s->want->leave[i] || e.reach[i] != s->want->reach[i]) return 0;
        if (e.land[i] < s->want->land[i]) return 0;
        if (s->want->hit[i] && !e.hit[i]) return 0;
        if ((e.hit[i] != 0) != (s->want->hit[i] != 0)) *exact = 0;
    }
    return 1;
}

static void keep(search *s, fits *f, int depth, int whole, int exact)
{
    found_key k;
    key_of(s->rs, s->st, whole, &k);
    for (int i = 0; i < f->n; i++)
        if (memcmp(&f->key[i], &k, sizeof k) == 0) return;
    if (f->n == KEEP) {
        f->more++;
        return;
    }
    f->key[f->n] = k;
    f->exact[f->n] = exact;
    written_found *w = &f->keep[f->n++];
    memcpy(w->seq, s->seq, (size_t)depth * sizeof *w->seq);
    w->n = depth;
    w->whole = whole;
}

static void walk(search *s, int depth)
{
    move_list *l = &s->lists[depth];
    int n = depth < TURNS_MAX_MOVES ? engine_legal(s->rs, s->st, l) : 0;
    if (l->error) {
        s->failed = l->error;
        return;
    }
    int exact;
    if (depth > 0 && fits_text(s, depth, &exact)) keep(s, n == 0 ? &s->whole : &s->part, depth, n == 0, exact);
    for (int i = 0; i < n && !s->failed; i++) {
        undo_record u;
        engine_apply(s->rs, s->st, &l->m[i], &u);
        s->seq[depth] = l->m[i];
        if (s->st->h.status != STATUS_ONGOING || s->st->h.to_move != s->mover) {
            if (fits_text(s, depth + 1, &exact)) keep(s, &s->whole, depth + 1, 1, exact);
        } else {
            walk(s, depth + 1);
        }
        engine_undo(s->rs, s->st, &u);
    }
}

/* Picks the one position of F, else says which fit into ERR. */
static int choose(const ruleset *rs, const state *st, const char *text, fits *f, written_found *out, char *err,
                  size_t errsize)
{
    int pick = f->n == 1 && !f->more ? 0 : -1;
    if (pick < 0) { /* several: the one whose hits are the text's, if only one is */
        int exact = 0;
        for (int i = 0; i < f->n; i++)
            if (f->exact[i]) {
                exact++;
                pick = i;
            }
        if (exact != 1) pick = -1;
    }
    if (pick >= 0) {
        *out = f->keep[pick];
        return 1;
    }
    size_t used = (size_t)snprintf(err, errsize, "`%s` fits %s%d different plays:", text, f->more ? "more than " : "",
                                   f->n);
    for (int i = 0; i < f->n && used < errsize; i++) {
        char t[WRITTEN_TEXT_MAX];
        written_turn(rs, st->h.to_move, f->keep[i].seq, f->keep[i].n, t, sizeof t);
        used += (size_t)snprintf(err + used, errsize - used, "%s %s", i ? "," : "", t);
    }
    if (used < errsize) snprintf(err + used, errsize - used, "; write the points between, or the hits (*)");
    return 0;
}

int written_find(const ruleset *rs, const state *st, const char *text, written_found *out, char *err,
                 size_t errsize)
{
    effect want;
    if (!written_applies(rs)) {
        snprintf(err, errsize, "`%s`: moves written with / are for track boards", text);
        return WRITTEN_NOT_A_PLAY;
    }
    if (!read_text(rs, st->h.to_move, text, &want, err, errsize)) return WRITTEN_NOT_A_PLAY;
    search *s = calloc(1, sizeof *s);
    state *copy = malloc(sizeof *copy);
    if (!s || !copy) {
        free(s);
        free(copy);
        snprintf(err, errsize, "%s", moves_error_text(MOVES_NO_MEMORY));
        return -1;
    }
    *copy = *st;
    s->rs = rs;
    s->st = copy;
    s->mover = st->h.to_move;
    s->places = path_len(rs, s->mover) + 2;
    s->want = &want;
    walk(s, 0);
    int r;
    if (s->failed) {
        snprintf(err, errsize, "%s", moves_error_text(s->failed));
        r = -1;
    } else if (s->whole.n) {
        r = choose(rs, st, text, &s->whole, out, err, errsize);
    } else if (s->part.n) {
        r = choose(rs, st, text, &s->part, out, err, errsize);
    } else {
        snprintf(err, errsize, "`%s`: no legal play of player %d moves pieces so", text, s->mover);
        r = 0;
    }
    for (int d = 0; d <= TURNS_MAX_MOVES; d++) move_list_free(&s->lists[d]);
    free(s);
    free(copy);
    return r;
}
