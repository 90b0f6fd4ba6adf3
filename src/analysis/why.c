/* why.c - why a typed move is legal or not (see why.h).
 *
 * The legal moves answer first: a text that fits one is legal, and the move
 * carries the rule that made it. Otherwise the text is read as places and
 * the moves the rules make before any filter (movegen_pseudo) are searched
 * for one that fits; the filters are then run in the generator's order on
 * that candidate to find the one that took it away. When no rule makes it,
 * the board explains: a cell that does not exist, no piece of the player on
 * the start, the destination taken, or the piece's rules that do not go
 * there. Track games have no such pre-filter list: their filters (the bar
 * first, the dice, the head rule, closed points, using the dice to the
 * full) are checked one by one on the typed start and end. */
#include "why_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/notation.h"
#include "io/written.h"

static int place_named(const ruleset *rs, const char *word, size_t len)
{
    char w[16];
    if (len == 0 || len >= sizeof w) return PLACE_NONE;
    for (size_t i = 0; i < len; i++) w[i] = (char)tolower((unsigned char)word[i]);
    w[len] = '\0';
    if (rs->topology == TOPO_TRACK) {
        if (rs->track.bar >= 0 && strcmp(w, rs->offboard[rs->track.bar]) == 0) return PLACE_BAR;
        if (rs->track.off >= 0 && strcmp(w, rs->offboard[rs->track.off]) == 0) return PLACE_OFF;
    }
    int c = ruleset_cell_named(rs, w);
    return c >= 0 ? c : PLACE_NONE;
}

/* A word without separators: one place, or places joined by x (`c3xe5`). */
static int split_word(const ruleset *rs, const char *s, size_t len, typed *t)
{
    int whole = place_named(rs, s, len);
    if (whole != PLACE_NONE) {
        if (t->n == WHY_MAX_PLACES) return !(t->too_many = 1);
        for (size_t i = 0; i <= len; i++) t->word[t->n][i] = i < len ? (char)tolower((unsigned char)s[i]) : '\0';
        t->p[t->n++] = whole;
        return 1;
    }
    if (len && (s[0] == 'x' || s[0] == 'X')) return split_word(rs, s + 1, len - 1, t);
    for (size_t i = 1; i + 1 < len; i++) {
        if ((s[i] != 'x' && s[i] != 'X') || place_named(rs, s, i) == PLACE_NONE) continue;
        int saved = t->n;
        if (t->n == WHY_MAX_PLACES) return !(t->too_many = 1);
        if (!split_word(rs, s, i, t)) continue;
        if (split_word(rs, s + i + 1, len - i - 1, t)) return 1;
        t->n = saved;
    }
    /* two names run together, as engines write moves (`e2e4`, `h10h9`): cut where a digit meets a letter
     * other than the x the loop above cuts at (both cutting there would try each suffix twice over) */
    for (size_t i = 1; i < len; i++) {
        if (!isdigit((unsigned char)s[i - 1]) || !isalpha((unsigned char)s[i]) || s[i] == 'x' || s[i] == 'X' ||
            place_named(rs, s, i) == PLACE_NONE)
            continue;
        int saved = t->n;
        if (!split_word(rs, s, i, t)) continue;
        if (split_word(rs, s + i, len - i, t)) return 1;
        t->n = saved;
    }
    return 0;
}

/* Where the first digit of S (LEN bytes) meets a letter other than x, or LEN. */
static size_t run_together(const char *s, size_t len)
{
    for (size_t i = 1; i < len; i++)
        if (isdigit((unsigned char)s[i - 1]) && isalpha((unsigned char)s[i]) && s[i] != 'x' && s[i] != 'X') return i;
    return len;
}

/* TEXT as places: 0 with T->bad set when a word names none. */
static int read_places(const ruleset *rs, const char *text, typed *t)
{
    t->n = 0;
    t->die = 0;
    t->too_many = 0;
    t->promote = PROMOTE_NONE;
    t->bad[0] = '\0';
    char buf[WHY_TEXT_MAX];
    snprintf(buf, sizeof buf, "%s", text);
    char *slash = strchr(buf, '/');
    if (slash && rs->topology == TOPO_TRACK) {
        long d = strtol(slash + 1, NULL, 10); /* not atoi: its overflow is undefined */
        t->die = d < 0 || d > 255 ? 0 : (int)d;
        *slash = '\0';
    }
    for (char *p = buf; *p;) {
        while (*p && strchr("- ,:\t", *p)) p++;
        if (!*p) break;
        size_t len = strcspn(p, "- ,:\t");
        if (!split_word(rs, p, len, t)) {
            if (t->too_many) return 0;
            /* the first part of the word that names nothing, for the message */
            size_t part = strcspn(p, "xX");
            if (part == 0 || part >= len || place_named(rs, p, part) != PLACE_NONE) part = len;
            size_t cut = run_together(p, len); /* `e2e9`: the name after the one that is a cell */
            if (part == len && cut < len && place_named(rs, p, cut) != PLACE_NONE) {
                snprintf(t->bad, sizeof t->bad, "%.*s", (int)(len - cut), p + cut);
                return 0;
            }
            snprintf(t->bad, sizeof t->bad, "%.*s", (int)part, p);
            return 0;
        }
        p += len;
    }
    return t->n > 0;
}

static const char *place_text(const ruleset *rs, int place)
{
    if (place == PLACE_BAR) return rs->offboard[rs->track.bar];
    if (place == PLACE_OFF) return rs->offboard[rs->track.off];
    return place >= 0 ? rs->cell_name[place] : "?";
}

/* ---- nearest legal moves ---- */

static int edit_distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 64) la = 64;
    if (lb > 64) lb = 64;
    int row[65];
    for (int j = 0; j <= lb; j++) row[j] = j;
    for (int i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= lb; j++) {
            int up = row[j];
            int sub = diag + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            int best = up + 1 < row[j - 1] + 1 ? up + 1 : row[j - 1] + 1;
            row[j] = sub < best ? sub : best;
            diag = up;
        }
    }
    return row[lb];
}

/* Lower is nearer: the same start first, then the same destination, then
 * the fewest edits of the notation. */
static long nearness(const ruleset *rs, const move *m, const typed *t, const char *text)
{
    char buf[TB_MOVE_TEXT_MAX];
    move_notation(rs, m, buf, sizeof buf);
    long d = edit_distance(text, buf);
    int from = m->kind == MOVE_ENTER ? PLACE_BAR : m->from;
    int to = m->kind == MOVE_BEAR_OFF ? PLACE_OFF : m->to;
    if (t->n >= 1 && t->p[0] == from) return d;
    if (t->n >= 1 && t->p[t->n - 1] == to) return 1000 + d;
    return 2000 + d;
}

static void nearest(const ruleset *rs, const move *legal, int n, const typed *t, const char *text, why_answer *a)
{
    a->nnear = 0;
    int pick[WHY_NEAR_MAX];
    long score[WHY_NEAR_MAX];
    for (int i = 0; i < n; i++) {
        long s = nearness(rs, &legal[i], t, text);
        int k = a->nnear < WHY_NEAR_MAX ? a->nnear++ : WHY_NEAR_MAX;
        if (k == WHY_NEAR_MAX && s >= score[k - 1]) continue;
        if (k == WHY_NEAR_MAX) k--;
        while (k > 0 && score[k - 1] > s) { /* insertion, stable: ties keep the list's order */
            pick[k] = pick[k - 1];
            score[k] = score[k - 1];
            k--;
        }
        pick[k] = i;
        score[k] = s;
    }
    for (int i = 0; i < a->nnear; i++) move_display(rs, &legal[pick[i]], legal, n, a->near[i], sizeof a->near[i]);
}

/* ---- cell boards: the stages of the generator ---- */

/* 1 when candidate M fits the typed places: its start and end, and when
 * more were typed, its path in order. */
static int fits_places(const move *m, const typed *t)
{
    if (t->n == 1) return m->from == t->p[0] || m->to == t->p[0];
    if (m->from != t->p[0] || m->to != t->p[t->n - 1]) return 0;
    if (t->n == 2) return 1;
    if (m->kind != MOVE_CHAIN || m->npath != t->n - 1) return 0;
    for (int i = 1; i < t->n; i++)
        if (m->path[i - 1] != t->p[i]) return 0;
    return 1;
}

/* fits_places, with the promotion typed after them (`e7e8q`, `c7c8+`), if any. */
static int fits(const move *m, const typed *t)
{
    if (!fits_places(m, t)) return 0;
    if (t->promote == PROMOTE_NONE) return 1;
    return t->promote == PROMOTE_ANY ? m->promote != 255 : m->promote == t->promote;
}

/* 1 when the typed places are the start of chain M, which goes on past them. */
static int stops_short(const move *m, const typed *t)
{
    if (m->kind != MOVE_CHAIN || t->n < 2 || m->from != t->p[0] || m->npath < t->n) return 0;
    int last = t->p[t->n - 1];
    if (t->n == 2) {
        for (int i = 0; i + 1 < m->npath; i++)
            if (m->path[i] == last) return 1;
        return 0;
    }
    for (int i = 1; i < t->n; i++)
        if (m->path[i - 1] != t->p[i]) return 0;
    return 1;
}

/* The max-capture criteria run on the captures CAPS (N), in order, as the
 * hook does: 1 with A filled when one of them removes CAND. */
static int max_capture_removes(const ruleset *rs, move *caps, int n, const move *cand, why_answer *a)
{
    for (int ci = 0; ci < rs->ncriteria && n > 1; ci++) {
        const criterion *c = &rs->criteria[ci];
        long best = -TB_MAX_PATH - 2;
        for (int i = 0; i < n; i++)
            if (hook_max_capture_score(c, &caps[i]) > best) best = hook_max_capture_score(c, &caps[i]);
        long mine = hook_max_capture_score(c, cand);
        if (mine < best) {
            why_set_clause(a, rs, c->clause);
            const char *what = c->piece == 255 ? "piece" : rs->piece_name[c->piece];
            switch ((criterion_kind)c->kind) {
            case CRIT_MOST_CAPTURED:
                why_refuse(a, "max-capture", "the maximum-capture rule: it takes %ld %s%s, a capture of %ld is possible",
                       mine, what, mine == 1 ? "" : "s", best);
                break;
            case CRIT_MOST_VALUE:
                why_refuse(a, "max-capture", "the maximum-capture rule: it takes pieces worth %ld, a capture worth %ld is possible",
                       mine, best);
                break;
            case CRIT_PREFER_MOVER:
                why_refuse(a, "max-capture", "the maximum-capture rule: a capture by the %s comes first", what);
                break;
            case CRIT_EARLIEST:
                why_refuse(a, "max-capture", "the maximum-capture rule: a capture that takes the %s earlier comes first",
                       what);
                break;
            }
            return 1;
        }
        int k = 0;
        for (int i = 0; i < n; i++)
            if (hook_max_capture_score(c, &caps[i]) == best) caps[k++] = caps[i];
        n = k;
    }
    return 0;
}

/* Which stage after the rules removed CAND, one of the N moves of PSEUDO. */
static void square_filtered(const ruleset *rs, const state *st, move_list *pseudo, int n, const move *cand,
                            why_answer *a)
{
    move_notation(rs, cand, a->meant, sizeof a->meant);
    if (why_royal_removes(rs, st, cand, a)) { /* the royal rule runs first, before the captures' filters */
        if (cand->kind == MOVE_CASTLE) why_castle(rs, st, rs->cell_col[cand->path[0]] > rs->cell_col[cand->from] ? 0 : 1, a);
        return;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (pseudo->m[i].ncaps) pseudo->m[k++] = pseudo->m[i]; /* the captures, in place */
    if (rs->capture_mandatory && k > 0 && cand->ncaps == 0) {
        a->clause = rs->capture_loc;
        why_refuse(a, "capture", "a capture is compulsory");
        return;
    }
    if (rs->capture_mandatory && rs->uses_max_capture && k > 0 && max_capture_removes(rs, pseudo->m, k, cand, a))
        return;
    int at = rs->streak_type >= 0 ? st->h.streak_at[st->h.to_move - 1] - 1 : -1;
    if (at >= 0 && cand->from == at && cand->ncaps == 0 && (st->mark[at] & MARK_STREAK) >= rs->streak_max) {
        a->clause = rs->streak_loc;
        why_refuse(a, "streak-limit", "the %s on %s has made %d moves in a row without a capture, its most",
               rs->piece_name[cand->mover], rs->cell_name[at], rs->streak_max);
        return;
    }
    why_refuse(a, "no-rule", "no rule of this game makes %s in this position", a->meant);
}

/* The move rules of TYPE, as `step (FILE rule at line N), ...`. */
static void rules_of(const ruleset *rs, int type, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < rs->ntype_rules[type]; i++) {
        const clause_loc *cl = &rs->clauses[rs->rules[rs->type_rules[type][i]].clause];
        why_add(buf, size, &len, "%s%s at line %d", i ? ", " : "", cl->what, cl->line);
    }
}

/* Typed place I as the board names it, and as typed when that differs
 * (`15 (e5)` on a numbered board). */
static const char *typed_name(const ruleset *rs, const typed *t, int i, char *buf, size_t size)
{
    const char *name = place_text(rs, t->p[i]);
    if (t->p[i] >= 0 && strcmp(name, t->word[i]) != 0) snprintf(buf, size, "%s (%s)", name, t->word[i]);
    else snprintf(buf, size, "%s", name);
    return buf;
}

/* No rule makes the typed move: what the board says. */
static void by_geometry(const ruleset *rs, const state *st, const typed *t, why_answer *a)
{
    char who[64];
    int p = st->h.to_move;
    why_player(rs, p, who, sizeof who);
    int from = t->p[0], to = t->p[t->n - 1];
    char from_name[40], to_name[40];
    typed_name(rs, t, 0, from_name, sizeof from_name);
    typed_name(rs, t, t->n - 1, to_name, sizeof to_name);
    if (from < 0 || to < 0) {
        why_refuse(a, "no-rule", "%s has no move from %s to %s", who, place_text(rs, from), place_text(rs, to));
        return;
    }
    if (t->n == 1) {
        why_refuse(a, "no-rule", "no move of %s starts or ends on %s", who, from_name);
        return;
    }
    uint8_t code = st->cell[from];
    if (!code) {
        why_refuse(a, "no-piece", "there is no piece on %s", from_name);
        return;
    }
    if (piece_owner(code) != p) {
        char owner[64];
        why_refuse(a, "no-piece", "the %s on %s belongs to %s", rs->piece_name[piece_type(code)], from_name,
               why_player(rs, piece_owner(code), owner, sizeof owner));
        return;
    }
    int type = piece_type(code);
    char list[256];
    rules_of(rs, type, list, sizeof list);
    if (t->n > 2 || strpbrk(a->text, "xX:")) { /* a capture was typed: its path is the question, not the last cell */
        why_refuse(a, "no-rule", "the %s on %s has no capture that goes to %s here (its rules: %s)", rs->piece_name[type],
               from_name, to_name, list);
        return;
    }
    if (st->cell[to] && to != from) {
        if (piece_owner(st->cell[to]) == p)
            why_refuse(a, "occupied", "%s already holds a piece of %s", to_name, who);
        else
            why_refuse(a, "occupied", "%s holds an opponent's %s, and no rule of the %s captures by landing there",
                   to_name, rs->piece_name[piece_type(st->cell[to])], rs->piece_name[type]);
        return;
    }
    why_refuse(a, "no-rule", "no rule of the %s moves it from %s to %s here (its rules: %s)", rs->piece_name[type],
           from_name, to_name, list);
}

static int explain_cells(const ruleset *rs, const state *st, const typed *t, why_answer *a)
{
    move_list pseudo = MOVE_LIST_INIT;
    int n = movegen_pseudo(rs, st, &pseudo);
    if (pseudo.error) { /* the moves before the filters could not be listed: say why */
        int memory = pseudo.error == MOVES_NO_MEMORY;
        why_refuse(a, "no-rule", "%s", moves_error_text(pseudo.error));
        move_list_free(&pseudo);
        return !memory;
    }
    int found = -1;
    for (int i = 0; i < n && found < 0; i++)
        if (fits(&pseudo.m[i], t)) found = i;
    for (int i = 0; i < n && found < 0; i++)
        if (stops_short(&pseudo.m[i], t)) {
            const move *m = &pseudo.m[i];
            move_notation(rs, m, a->meant, sizeof a->meant);
            why_set_clause(a, rs, rs->rules[m->rule].clause);
            why_refuse(a, "chain", "a capture goes on while the piece can jump: from %s the %s must jump again",
                   rs->cell_name[t->p[t->n - 1]], rs->piece_name[m->mover]);
            move_list_free(&pseudo);
            return 1;
        }
    int castle = t->n == 2 ? why_castle_cells(rs, st, t->p[0], t->p[1]) : -1;
    int places = -1; /* a move the rules make between the typed cells, whatever its promotion */
    for (int i = 0; i < n && places < 0 && found < 0 && t->promote != PROMOTE_NONE; i++)
        if (fits_places(&pseudo.m[i], t)) places = i;
    if (found >= 0) {
        move cand = pseudo.m[found];
        square_filtered(rs, st, &pseudo, n, &cand, a);
    } else if (places >= 0) {
        int k = 0;
        for (int i = places; i < n; i++)
            if (fits_places(&pseudo.m[i], t)) pseudo.m[k++] = pseudo.m[i];
        why_promotion(rs, st, pseudo.m, k, t, a);
    } else if (castle >= 0) {
        why_castle(rs, st, castle, a);
    } else {
        by_geometry(rs, st, t, a);
    }
    move_list_free(&pseudo);
    return 1;
}

/* 1 when PLAYER has a piece of TYPE on the board. */
static int has_type(const state *st, int player, int type)
{
    uint8_t code = piece_code(player, type);
    for (int w = 0; w < TB_CELL_WORDS; w++)
        for (uint64_t bits = st->occupant[player - 1].w[w]; bits; bits &= bits - 1)
            if (st->cell[w * 64 + __builtin_ctzll(bits)] == code) return 1;
    return 0;
}

/* TEXT in algebraic notation (`Nf3`, `exd5`, `e8=Q`) that names no legal
 * move: the move of the rules it names and what took it away, or, when the
 * rules make none, that no such piece goes there. 1 with A and T filled
 * when TEXT reads so (*OK 0 when memory ran out), else 0, T untouched. */
static int explain_san(const ruleset *rs, const state *st, const char *text, typed *t, why_answer *a, int *ok)
{
    san_move s;
    if (!move_san_read(rs, text, &s) || s.castle) return 0;
    move_list pseudo = MOVE_LIST_INIT;
    int n = movegen_pseudo(rs, st, &pseudo);
    if (pseudo.error) {
        *ok = pseudo.error != MOVES_NO_MEMORY;
        why_refuse(a, "no-rule", "%s", moves_error_text(pseudo.error));
        move_list_free(&pseudo);
        return 1;
    }
    int found = -1, k = 0;
    for (int i = 0; i < n && found < 0; i++)
        if (move_san_fits(rs, &s, &pseudo.m[i])) found = i;
    t->n = 0;
    t->promote = s.promote < 0 ? PROMOTE_NONE : s.promote;
    if (found >= 0) {
        move cand = pseudo.m[found];
        t->n = 2;
        t->p[0] = cand.from;
        t->p[1] = cand.to;
        square_filtered(rs, st, &pseudo, n, &cand, a);
        move_list_free(&pseudo);
        return 1;
    }
    t->n = 1;
    t->p[0] = s.to;
    snprintf(t->word[0], sizeof t->word[0], "%s", rs->cell_name[s.to]);
    for (int i = 0; i < n; i++) { /* the same move with another promotion, or none */
        san_move other = s;
        other.promote = pseudo.m[i].promote == 255 ? -1 : pseudo.m[i].promote;
        if (s.promote >= 0 && move_san_fits(rs, &other, &pseudo.m[i])) pseudo.m[k++] = pseudo.m[i];
    }
    char who[64], list[256];
    why_player(rs, st->h.to_move, who, sizeof who);
    const char *name = rs->piece_name[s.type];
    if (k > 0) {
        why_promotion(rs, st, pseudo.m, k, t, a);
    } else if (!has_type(st, st->h.to_move, s.type)) {
        why_refuse(a, "no-piece", "%s has no %s on the board", who, name);
    } else {
        rules_of(rs, s.type, list, sizeof list);
        why_refuse(a, "no-rule", "no %s of %s %s %s here (its rules: %s)", name, who,
                   s.capture ? "captures on" : "goes to", rs->cell_name[s.to], list);
    }
    move_list_free(&pseudo);
    return 1;
}

/* A promotion written after the places on a board of cells (`e7e8q`,
 * `e7-e8=Q`, `c7c8+`): the type, or PROMOTE_ANY for `+`, with the text
 * without it in BUF; PROMOTE_NONE and the text as it is otherwise. */
static int strip_promotion(const ruleset *rs, const char *text, char *buf, size_t size)
{
    snprintf(buf, size, "%s", text);
    size_t len = strlen(buf);
    if (rs->topology != TOPO_SQUARE || len < 3) return PROMOTE_NONE;
    char last = buf[len - 1];
    const char *letter = isalpha((unsigned char)last) && rs->letters[0] ? strchr(rs->letters, tolower((unsigned char)last)) : NULL;
    if (last != '+' && !letter) return PROMOTE_NONE;
    int type = letter ? (int)(letter - rs->letters) : PROMOTE_ANY;
    buf[--len] = '\0';
    if (buf[len - 1] == '=') buf[--len] = '\0';
    typed t;
    if (read_places(rs, buf, &t) && t.n >= 2) return type;
    snprintf(buf, size, "%s", text);
    return PROMOTE_NONE;
}

/* ---- track games ---- */

/* Pieces that may leave the starting point this turn (the head rule). */
static int start_quota(const ruleset *rs, const state *st, int p, int at_start)
{
    const track_rules *tr = &rs->track;
    int pinned = 0;
    for (uint64_t m = st->h.flagged; m; m &= m - 1) pinned += piece_owner(st->cell[__builtin_ctzll(m)]) != p + 1;
    int total = st->h.pieces[p] + st->h.bar[p] + st->h.off[p] + pinned;
    if ((tr->start_doubles >> st->h.turn_double & 1) && at_start + st->h.turn_count == total)
        return tr->start_first_turn;
    return tr->start_per_turn;
}

/* The courier rule keeps player P's (0 or 1) pieces on the starting point:
 * none has arrived, and some piece is elsewhere. */
static int courier_holds(const ruleset *rs, const state *st, int p)
{
    if (!rs->track.courier || st->h.counter[p][rs->track.arrival_counter]) return 0;
    int start = rs->track.path[p][0];
    int at_start = st->cell[start] == piece_code(p + 1, rs->track.piece) ? st->height[start] : 0;
    int pinned = 0;
    for (uint64_t m = st->h.flagged; m; m &= m - 1) pinned += piece_owner(st->cell[__builtin_ctzll(m)]) != p + 1;
    return st->h.pieces[p] + st->h.bar[p] + pinned - at_start > 0;
}

static void dice_text(const state *st, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int d = 0; d < st->h.ndice; d++) why_add(buf, size, &len, "%s%d", d ? ", " : "", st->h.dice[d]);
}

static int has_die(const state *st, int v)
{
    for (int d = 0; d < st->h.ndice; d++)
        if (st->h.dice[d] == v) return 1;
    return 0;
}

/* 1 when every piece of player P (0 or 1) is in the bearing-off region. */
static int all_home(const ruleset *rs, const state *st, int p)
{
    if (st->h.bar[p] && !rs->track.bear_anywhere) return 0;
    for (int w = 0; w < TB_CELL_WORDS; w++)
        if (st->occupant[p].w[w] & ~rs->track.bear_region[p].w[w]) return 0;
    return 1;
}

/* 1 when every one of the N legal moves plays a die of value V. */
static int only_die(const move *legal, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (legal[i].die != v) return 0;
    return n > 0;
}

static void track_limits(ruleset *rs, const state *st, const move *legal, int n, int from, int to, int dist,
                         why_answer *a);

/* 1 when the engine makes the sub-move FROM -> TO of die DIST once the
 * rule whose switch is RULE (a field of RS's track rules) is off: then that
 * rule is what refused it. The rule is switched off on RS for the one
 * generation and put back. */
static int made_without(ruleset *rs, uint8_t *rule, const state *st, int from, int to, int dist)
{
    uint8_t saved = *rule;
    *rule = 0;
    move_list l = MOVE_LIST_INIT;
    int n = engine_legal(rs, st, &l), found = 0;
    *rule = saved;
    for (int i = 0; i < n && !found; i++)
        found = l.m[i].die == dist && l.m[i].to == to && (from == PLACE_BAR ? l.m[i].kind == MOVE_ENTER : l.m[i].from == from);
    move_list_free(&l);
    return found;
}

/* A track move: the places typed, the pieces there, the bar, the path and
 * the dice, then track_limits. */
static void explain_track(ruleset *rs, const state *st, const move *legal, int n, const typed *t, why_answer *a)
{
    const track_rules *tr = &rs->track;
    int p = st->h.to_move - 1;
    char who[64], dice[32];
    why_player(rs, p + 1, who, sizeof who);
    dice_text(st, dice, sizeof dice);
    uint8_t mine = piece_code(p + 1, tr->piece);
    int from = t->p[0], to = t->n > 1 ? t->p[t->n - 1] : PLACE_NONE;
    if (t->n < 2 || from == PLACE_OFF || to == PLACE_BAR) {
        why_refuse(a, "no-rule", "no move of %s fits `%s` with the dice %s", who, a->text, dice);
        return;
    }
    if (from == PLACE_BAR ? st->h.bar[p] == 0 : st->cell[from] != mine) {
        why_refuse(a, "no-piece", "%s has no piece on %s", who, place_text(rs, from));
        return;
    }
    if (from != PLACE_BAR && tr->enter_first && tr->bar >= 0 && st->h.bar[p] > 0) {
        a->clause = tr->enter_loc;
        why_refuse(a, "enter-first", "a piece on the %s must enter before any other moves", place_text(rs, PLACE_BAR));
        return;
    }
    int rank_from = from == PLACE_BAR ? -1 : tr->rank[p][from];
    int rank_to = to == PLACE_OFF ? tr->len[p] : tr->rank[p][to];
    if (rank_to == TB_NO_RANK || rank_to <= rank_from) {
        why_refuse(a, "no-rule", "%s is not ahead of %s on %s's path", place_text(rs, to), place_text(rs, from), who);
        return;
    }
    int dist = rank_to - rank_from;
    if (to != PLACE_OFF && !has_die(st, dist)) {
        why_refuse(a, "dice", "from %s to %s is %d point%s, and the dice to play are %s", place_text(rs, from),
               place_text(rs, to), dist, dist == 1 ? "" : "s", dice[0] ? dice : "none");
        return;
    }
    if (t->die && !has_die(st, t->die)) {
        why_refuse(a, "dice", "there is no %d among the dice to play (%s)", t->die, dice);
        return;
    }
    track_limits(rs, st, legal, n, from, to, dist, a);
}

/* The race rules of `advance` (protected:, blockade:, must-stop:) that
 * refuse FROM -> TO: 1 after saying which. */
static int track_race_refused(ruleset *rs, const state *st, int from, int to, why_answer *a)
{
    const track_rules *tr = &rs->track;
    int p = st->h.to_move - 1, o = 1 - p;
    if (!tr->race) return 0;
    clause_loc before = a->clause; /* kept when no race rule refuses the move */
    if (tr->advance_rule < rs->nrules) why_set_clause(a, rs, rs->rules[tr->advance_rule].clause);
    uint8_t theirs = piece_code(o + 1, tr->piece);
    int r = from == PLACE_BAR ? -1 : tr->rank[p][from], k = to == PLACE_OFF ? tr->len[p] : tr->rank[p][to], run = 0;
    for (int i = r + 1; i < k; i++) {
        int cell = tr->path[p][i];
        if (tr->any_must_stop && cellset_has(&tr->must_stop[p], cell)) {
            why_refuse(a, "blocked", "no piece passes %s (`must-stop:`): a piece lands on it first", place_text(rs, cell));
            return 1;
        }
        run = st->cell[cell] == theirs ? run + 1 : 0;
        if (tr->blockade && run >= tr->blockade) {
            why_refuse(a, "blocked", "%d of the opponent's pieces in a row up to %s cannot be passed (`blockade:%d`)", run,
                       place_text(rs, cell), tr->blockade);
            return 1;
        }
    }
    int n = 0;
    if (to != PLACE_OFF && st->cell[to] == theirs && tr->protect && tr->rank[o][to] != TB_NO_RANK) {
        int rk = tr->rank[o][to];
        n = 1;
        for (int i = rk - 1; i >= 0 && st->cell[tr->path[o][i]] == theirs; i--) n++;
        for (int i = rk + 1; i < tr->len[o] && st->cell[tr->path[o][i]] == theirs; i++) n++;
    }
    if (n < tr->protect || !n) {
        a->clause = before;
        return 0;
    }
    why_refuse(a, "blocked", "the opponent's piece on %s is protected: %d of their pieces in a row (`protected:%d`)",
               place_text(rs, to), n, tr->protect);
    return 1;
}

/* The sub-move FROM -> TO of DIST points has a die: which of the limits
 * that come after the dice refused it (the head rule, a closed point,
 * bearing off, using the dice to the full). */
static void track_limits(ruleset *rs, const state *st, const move *legal, int n, int from, int to, int dist,
                         why_answer *a)
{
    const track_rules *tr = &rs->track;
    int p = st->h.to_move - 1;
    char who[64], dice[32];
    why_player(rs, p + 1, who, sizeof who);
    dice_text(st, dice, sizeof dice);
    uint8_t mine = piece_code(p + 1, tr->piece);
    if (from == tr->path[p][0] && courier_holds(rs, st, p)) {
        a->clause = tr->courier_loc;
        why_refuse(a, "courier", "until a piece has reached the courier's region, the starting point %s may be left only "
               "when every other piece is on it", place_text(rs, from));
        return;
    }
    if (from == tr->path[p][0] && tr->start_per_turn) {
        int at_start = st->height[from];
        int quota = start_quota(rs, st, p, at_start);
        if (st->h.turn_count >= quota) {
            a->clause = tr->leave_start_loc;
            why_refuse(a, "leave-start", "only %d piece%s may leave the starting point %s this turn", quota,
                   quota == 1 ? "" : "s", place_text(rs, from));
            return;
        }
    }
    if (to != PLACE_OFF && st->cell[to] == mine && tr->single) {
        if (tr->advance_rule < rs->nrules) why_set_clause(a, rs, rs->rules[tr->advance_rule].clause);
        why_refuse(a, "occupied", "%s holds a piece of %s already, and a point holds one piece (`single`)",
                   place_text(rs, to), who);
        return;
    }
    if (to != PLACE_OFF && st->cell[to] && st->cell[to] != mine && tr->any_safe && cellset_has(&tr->safe[p], to)) {
        if (tr->advance_rule < rs->nrules) why_set_clause(a, rs, rs->rules[tr->advance_rule].clause);
        why_refuse(a, "blocked", "%s is a safe point (`safe:`): the opponent's piece on it cannot be hit",
                   place_text(rs, to));
        return;
    }
    if (track_race_refused(rs, st, from, to, a)) return;
    if (to != PLACE_OFF && st->cell[to] && st->cell[to] != mine) {
        if (tr->advance_rule < rs->nrules) why_set_clause(a, rs, rs->rules[tr->advance_rule].clause);
        why_refuse(a, "blocked", "%s is held by the opponent (%d piece%s)", place_text(rs, to), st->height[to],
               st->height[to] == 1 ? "" : "s");
        return;
    }
    if (to == PLACE_OFF) {
        a->clause = tr->bear_off_loc;
        if (all_home(rs, st, p))
            why_refuse(a, "dice", "no die to play (%s) bears a piece off from %s", dice, place_text(rs, from));
        else
            why_refuse(a, "no-rule", "a piece is borne off only when every piece of %s is in the region to bear off from",
                   who);
        return;
    }
    if (tr->dice_max && st->h.ndice > 1 && made_without(rs, &rs->track.dice_max, st, from, to, dist)) {
        a->clause = tr->dice_use_loc;
        int big = st->h.dice[0] > st->h.dice[1] ? st->h.dice[0] : st->h.dice[1];
        if (tr->then_larger && st->h.ndice == 2 && st->h.dice[0] != st->h.dice[1] && dist != big && only_die(legal, n, big))
            why_refuse(a, "dice-use", "only one die can be played this turn, and then it must be the larger (%d)", big);
        else
            why_refuse(a, "dice-use", "the dice must be used to the full: other moves let %s play more of %s", who, dice);
        return;
    }
    if (tr->prime_until_gathered && made_without(rs, &rs->track.prime, st, from, to, dist)) {
        a->clause = tr->prime_loc;
        why_refuse(a, "limit", "moving a piece from %s to %s would leave %d points in a row held with every opposing piece "
               "gathered just behind them, while other moves open them", place_text(rs, from), place_text(rs, to),
               tr->prime);
        return;
    }
    if (tr->prime && tr->stack_limit && made_without(rs, &rs->track.prime, st, from, to, dist)) {
        a->clause = tr->prime_loc; /* both limits in force, and this one refused it */
        why_refuse(a, "limit", "moving a piece from %s to %s would break the rule `prime-limit`", place_text(rs, from),
               place_text(rs, to));
        return;
    }
    char limits[96];
    size_t len = 0;
    limits[0] = '\0';
    if (tr->stack_limit) why_add(limits, sizeof limits, &len, "%sstack-limit", len ? ", " : "");
    if (tr->prime) why_add(limits, sizeof limits, &len, "%sprime-limit", len ? ", " : "");
    if (tr->stack_limit != !!tr->prime) a->clause = tr->stack_limit ? tr->stack_loc : tr->prime_loc; /* one in force: its clause */
    if (limits[0])
        why_refuse(a, "limit", "moving a piece from %s to %s would break %s `%s`", place_text(rs, from),
               place_text(rs, to), a->clause.line ? "the rule" : "one of the rules", limits);
    else
        why_refuse(a, "no-rule", "no rule of this game moves a piece from %s to %s this turn (dice %s)",
               place_text(rs, from), place_text(rs, to), dice);
}

/* The first typed place that is a square of the board out of play, or -1. */
static int unplayable(const ruleset *rs, const typed *t)
{
    for (int i = 0; i < t->n; i++)
        if (t->p[i] >= 0 && !cellset_has(&rs->playable, t->p[i])) return t->p[i];
    return -1;
}

/* ---- the whole ---- */

/* The text fits the K legal moves at INDEX: one is legal, by its rule. */
static void answer_fits(const ruleset *rs, const move *legal, int n, const int *index, int k, why_answer *a)
{
    a->verdict = k == 1 ? WHY_LEGAL : WHY_AMBIGUOUS;
    snprintf(a->by, sizeof a->by, "%s", k == 1 ? "legal" : "ambiguous");
    for (int i = 0; i < k && i < WHY_NEAR_MAX; i++) move_display(rs, &legal[index[i]], legal, n, a->near[i], sizeof a->near[i]);
    a->nnear = k < WHY_NEAR_MAX ? k : WHY_NEAR_MAX;
    if (k > 1) {
        if (!why_promotion_choice(rs, legal, index, k, a)) snprintf(a->reason, sizeof a->reason, "it fits %d legal moves", k);
        return;
    }
    const move *m = &legal[index[0]];
    move_display(rs, m, legal, n, a->meant, sizeof a->meant);
    if (m->rule != 255) why_set_clause(a, rs, rs->rules[m->rule].clause);
    else if (m->kind == MOVE_ENTER) a->clause = rs->track.enter_loc;
    else if (m->kind == MOVE_BEAR_OFF) a->clause = rs->track.bear_off_loc;
    else if (m->kind == MOVE_CASTLE) why_set_clause(a, rs, rs->castle.clause);
    if (a->clause.line) snprintf(a->reason, sizeof a->reason, "made by the rule `%s`", a->clause.what);
    else snprintf(a->reason, sizeof a->reason, "made by the rules of the board");
}

/* A play in the players' written form (`8/5 6/5`): legal when it fits one
 * turn or the beginning of one, given back die by die. Returns 0 when
 * memory ran out, 2 when the text is no play but one of notation_match's
 * short forms (`6/6`: the die 6 from point 6), to be read so, else 1. */
static int explain_written(ruleset *rs, const state *st, const move *legal, int n, why_answer *a)
{
    written_found f;
    char err[sizeof a->reason];
    int r = written_find(rs, st, a->text, &f, err, sizeof err);
    if (r == WRITTEN_NOT_A_PLAY && n > 0) {
        int *index = malloc((size_t)n * sizeof *index);
        if (!index) {
            why_refuse(a, "no-rule", "out of memory");
            return 0;
        }
        int k = notation_match(rs, st, legal, n, a->text, index);
        free(index);
        if (k > 0) return 2;
    }
    if (r != 1) {
        /* The message names the text already: it is said once. */
        size_t len = strlen(a->text);
        const char *msg = err;
        if (err[0] == '`' && strncmp(err + 1, a->text, len) == 0 && err[len + 1] == '`') {
            msg = err + len + 2;
            msg += strspn(msg, ": ");
        }
        why_refuse(a, strstr(err, " fits ") ? "ambiguous" : "no-rule", "%s%s", msg,
               strncmp(msg, "no legal play", 13) == 0 ? " (`tabula moves --written --turns` lists the plays)" : "");
        a->nlegal = 0; /* the turns are too many to list: `tabula moves --written --turns` does */
        return r != -1;
    }
    size_t used = 0;
    a->meant[0] = '\0';
    for (int i = 0; i < f.n && used < sizeof a->meant; i++) {
        char m[TB_MOVE_TEXT_MAX];
        move_notation(rs, &f.seq[i], m, sizeof m);
        used += (size_t)snprintf(a->meant + used, sizeof a->meant - used, "%s%s", i ? " " : "", m);
    }
    char shown[WRITTEN_TEXT_MAX];
    written_turn(rs, st->h.to_move, f.seq, f.n, shown, sizeof shown);
    a->verdict = WHY_LEGAL;
    snprintf(a->by, sizeof a->by, "legal");
    snprintf(a->reason, sizeof a->reason, "%s %s, die by die", f.whole ? "the whole turn" : "the beginning of a turn",
             shown);
    return 1;
}
/* Where the rules take lines by approach or withdrawal: 1 (with the answer)
 * when TEXT is a step with a capture's mark (`i3-i4W`) that no legal move
 * is, explained as the step without it. */
static int capture_mark(ruleset *rs, const state *st, const move *legal, int n, const char *text, why_answer *a)
{
    size_t len = strlen(text);
    int lines = 0;
    for (int i = 0; i < rs->nrules; i++) lines |= rs->rules[i].line_capture != 0;
    char mark = len > 2 ? text[len - 1] : 0;
    if (!lines || !strchr("aAwW", mark ? mark : 'x') || !isdigit((unsigned char)text[len - 2]) || len >= WHY_TEXT_MAX) return 0;
    char plain[WHY_TEXT_MAX];
    snprintf(plain, sizeof plain, "%.*s", (int)(len - 1), text);
    why_answer *b = malloc(sizeof *b);
    if (!b) return 0;
    why_explain(rs, st, legal, n, plain, b);
    const char *way = mark == 'a' || mark == 'A' ? "approach" : "withdrawal";
    if (b->verdict == WHY_LEGAL)
        why_refuse(a, "capture", "%s takes no line by %s here (%s is legal: %s)", plain, way, b->meant, b->reason);
    else {
        why_refuse(a, b->by, "as a capture by %s, %s: %s", way, plain, b->reason);
        a->clause = b->clause;
    }
    free(b);
    return 1;
}

int why_explain(ruleset *rs, const state *st, const move *legal, int n, const char *text, why_answer *a)
{
    memset(a, 0, sizeof *a);
    while (*text == ' ' || *text == '\t') text++;
    snprintf(a->text, sizeof a->text, "%s", text);
    size_t len = strlen(a->text);
    while (len && (a->text[len - 1] == ' ' || a->text[len - 1] == '\t')) a->text[--len] = '\0';
    a->nlegal = n;
    if (st->h.status != STATUS_ONGOING) {
        char result[64];
        engine_result_text(st, result, sizeof result);
        why_refuse(a, "game-over", "the game is over (%s)", result);
        return 1;
    }
    if (written_applies(rs) && written_form(a->text)) {
        int r = explain_written(rs, st, legal, n, a);
        if (r != 2) return r;
        memset(a, 0, sizeof *a); /* read as the other forms are, from the start */
        snprintf(a->text, sizeof a->text, "%s", text);
        len = strlen(a->text);
        while (len && (a->text[len - 1] == ' ' || a->text[len - 1] == '\t')) a->text[--len] = '\0';
        a->nlegal = n;
    }
    int *index = malloc((size_t)(n > 0 ? n : 1) * sizeof *index);
    if (!index) {
        why_refuse(a, "no-rule", "out of memory");
        return 0;
    }
    int k = n > 0 ? notation_match(rs, st, legal, n, a->text, index) : 0;
    if (k >= 1) answer_fits(rs, legal, n, index, k, a);
    free(index);
    if (k >= 1) return 1;
    typed t;
    int ok = 1, side = -1;
    char body[WHY_TEXT_MAX];
    int promote = strip_promotion(rs, a->text, body, sizeof body);
    int read = read_places(rs, body, &t);
    t.promote = promote;
    int square = rs->topology == TOPO_SQUARE;
    if (square && (side = why_castle_text(rs, a->text)) >= 0) {
        t.n = 0;
        why_castle(rs, st, side, a);
    } else if (square && why_drop(rs, st, a->text, &t, a)) {
        /* explained as a placement from the supply */
    } else if (!read && t.too_many) {
        why_refuse(a, "no-rule", "it names more than %d places, and no move has that many", WHY_MAX_PLACES);
    } else if ((t.n == 0 || t.bad[0]) && square && explain_san(rs, st, a->text, &t, a, &ok)) {
        /* explained as algebraic notation */
    } else if ((t.n == 0 || t.bad[0]) && capture_mark(rs, st, legal, n, a->text, a)) {
        /* a step with a capture's mark: explained as the step */
    } else if (t.n == 0 || t.bad[0]) {
        char msg[400];
        int sq = t.bad[0] ? ruleset_square_at(rs, t.bad, strlen(t.bad)) : -1;
        if (t.bad[0] && sq >= 0 && !cellset_has(&rs->playable, sq)) ruleset_unplayable_text(rs, sq, msg, sizeof msg);
        else ruleset_no_cell_text(rs, t.bad[0] ? t.bad : a->text, msg, sizeof msg);
        why_refuse(a, "no-cell", "%s", msg);
    } else if (unplayable(rs, &t) >= 0) {
        char msg[400];
        ruleset_unplayable_text(rs, unplayable(rs, &t), msg, sizeof msg);
        why_refuse(a, "no-cell", "%s", msg);
    } else if (rs->topology == TOPO_TRACK) {
        explain_track(rs, st, legal, n, &t, a);
    } else if (rs->topology == TOPO_SQUARE) {
        ok = explain_cells(rs, st, &t, a);
    } else {
        by_geometry(rs, st, &t, a);
    }
    nearest(rs, legal, n, &t, a->text, a);
    return ok;
}

void why_clause_text(const ruleset *rs, const why_answer *a, char *buf, size_t size)
{
    if (!a->clause.line) {
        buf[0] = '\0';
        return;
    }
    snprintf(buf, size, " (%s rule at line %d)", ruleset_file_shown(rs, a->clause.file), a->clause.line);
}

void why_line(const ruleset *rs, const why_answer *a, char *buf, size_t size)
{
    char where[TB_FILE_NAME_MAX + 64];
    why_clause_text(rs, a, where, sizeof where);
    size_t len = 0;
    buf[0] = '\0';
    if (a->verdict == WHY_LEGAL) {
        why_add(buf, size, &len, "%s is legal: %s%s", a->meant, a->reason, where);
        return;
    }
    if (a->verdict == WHY_AMBIGUOUS)
        why_add(buf, size, &len, "`%s` is not one move: %s", a->text, a->reason);
    else if (a->meant[0] && strcmp(a->meant, a->text) != 0)
        why_add(buf, size, &len, "`%s` (%s) is not legal: %s%s", a->text, a->meant, a->reason, where);
    else
        why_add(buf, size, &len, "`%s` is not legal: %s%s", a->text, a->reason, where);
    if (a->verdict == WHY_AMBIGUOUS) {
        why_add(buf, size, &len, ": ");
        for (int i = 0; i < a->nnear; i++) why_add(buf, size, &len, "%s%s", i ? ", " : "", a->near[i]);
        return;
    }
    if (a->nlegal == 0) return;
    why_add(buf, size, &len, "; legal: ");
    for (int i = 0; i < a->nnear; i++) why_add(buf, size, &len, "%s%s", i ? ", " : "", a->near[i]);
    if (a->nlegal > a->nnear) why_add(buf, size, &len, " (%d of %d moves)", a->nnear, a->nlegal);
}
