/* view_common.c - what every picture shares: the growable buffer, colour
 * and character-set choices, the mark of the last move, piece glyphs, and
 * the geometry of tracks and tiles (used by text and SVG alike). */
#define _POSIX_C_SOURCE 200809L
#include "view.h"

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* ---- vbuf ----------------------------------------------------------------- */

void vbuf_init(vbuf *b)
{
    memset(b, 0, sizeof *b);
}

void vbuf_free(vbuf *b)
{
    free(b->s);
    vbuf_init(b);
}

static int vbuf_room(vbuf *b, size_t more)
{
    if (b->oom) return 0;
    if (b->len + more + 1 <= b->cap) return 1;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + more + 1) cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        b->oom = 1;
        return 0;
    }
    b->s = s;
    b->cap = cap;
    return 1;
}

void vbuf_put(vbuf *b, const char *text, size_t n)
{
    if (!vbuf_room(b, n)) return;
    memcpy(b->s + b->len, text, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void vbuf_puts(vbuf *b, const char *text)
{
    vbuf_put(b, text, strlen(text));
}

void vbuf_printf(vbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        vbuf_put(b, small, (size_t)n);
        return;
    }
    if (!vbuf_room(b, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void vbuf_xml(vbuf *b, const char *text)
{
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '&': vbuf_puts(b, "&amp;"); break;
        case '<': vbuf_puts(b, "&lt;"); break;
        case '>': vbuf_puts(b, "&gt;"); break;
        case '"': vbuf_puts(b, "&quot;"); break;
        default: vbuf_put(b, p, 1); break;
        }
    }
}

const char *vbuf_text(const vbuf *b)
{
    return b->s ? b->s : "";
}

/* ---- choices -------------------------------------------------------------- */

int view_color_wanted(const char *when, int fd)
{
    if (when && strcmp(when, "always") == 0) return 1;
    if (when && strcmp(when, "never") == 0) return 0;
    if (when && strcmp(when, "auto") != 0) return -1;
    const char *no = getenv("NO_COLOR");
    if (no && *no) return 0; /* https://no-color.org: present and not empty */
    const char *term = getenv("TERM");
    if (term && strcmp(term, "dumb") == 0) return 0;
    return isatty(fd);
}

int view_locale_utf8(void)
{
    /* The program runs in the C locale; the user's is looked at, then put back. */
    const char *was = setlocale(LC_CTYPE, NULL);
    char old[64];
    snprintf(old, sizeof old, "%s", was ? was : "C");
    if (!setlocale(LC_CTYPE, "")) return 0;
    const char *set = nl_langinfo(CODESET);
    int utf8 = set && (strcasecmp(set, "UTF-8") == 0 || strcasecmp(set, "utf8") == 0);
    setlocale(LC_CTYPE, old);
    return utf8;
}

/* ---- the last move -------------------------------------------------------- */

void view_mark_move(view_mark *mark, const ruleset *rs, const move *m, int mover)
{
    memset(mark, 0, sizeof *mark);
    mark->from = mark->to = -1;
    if (!m) return;
    mark->any = 1;
    mark->kind = m->kind;
    mark->mover = mover;
    int track = rs->topology == TOPO_TRACK;
    mark->from = track && (m->kind == MOVE_ENTER) ? -1 : m->from;
    mark->to = track && m->kind == MOVE_BEAR_OFF ? -1 : m->to;
    int takes_only = m->kind == MOVE_EXCHANGE || m->kind == MOVE_REMOVE;
    if (takes_only) mark->from = -1; /* an exchange or a removal only takes: the piece it removes is marked */
    mark->npath = m->kind == MOVE_CHAIN ? m->npath : 0;
    memcpy(mark->path, m->path, (size_t)mark->npath * sizeof m->path[0]);
    mark->ncaps = m->ncaps;
    memcpy(mark->caps, m->caps, (size_t)m->ncaps * sizeof m->caps[0]);
    if (takes_only) {
        mark->to = -1;
        mark->ncaps = 1;
        mark->caps[0] = m->to;
    }
}

int view_mark_has(const view_mark *mark, int cell)
{
    if (!mark || !mark->any || cell < 0) return 0;
    if (cell == mark->from || cell == mark->to) return 1;
    for (int i = 0; i < mark->npath; i++)
        if (mark->path[i] == cell) return 1;
    return 0;
}

int view_mark_captured(const view_mark *mark, int cell)
{
    if (!mark || !mark->any) return 0;
    for (int i = 0; i < mark->ncaps; i++)
        if (mark->caps[i] == cell) return 1;
    return 0;
}

/* ---- pieces --------------------------------------------------------------- */

int view_shade(const char *word)
{
    static const char *const light[] = { "white", "light", "ivory", "cream", "yellow", "silver", "gold" };
    static const char *const dark[] = { "black", "dark", "brown", "red", "blue", "green", "ebony" };
    for (size_t i = 0; i < sizeof light / sizeof light[0]; i++)
        if (strcasecmp(word, light[i]) == 0) return 1;
    for (size_t i = 0; i < sizeof dark / sizeof dark[0]; i++)
        if (strcasecmp(word, dark[i]) == 0) return 0;
    return -1;
}

int view_player_light(const ruleset *rs, int player)
{
    int a = view_shade(rs->player_label[0]), b = view_shade(rs->player_label[1]);
    if (a < 0 && b < 0) a = 1;           /* no colour words: player 1 light */
    if (a < 0) a = !b;
    if (b < 0 || b == a) b = !a;
    return player == 1 || player == 3 ? a : b; /* players 3 and 4: as 1 and 2, by shape apart */
}

static const char *const light_glyph[TB_MAX_PIECE_TYPES] = { "○", "◎", "□", "△", "◇", "☆", "▽", "◁",
                                                               "▷", "◌", "▭", "▯", "◅", "▻", "◊", "⊙" };
static const char *const dark_glyph[TB_MAX_PIECE_TYPES] = { "●", "◉", "■", "▲", "◆", "★", "▼", "◀",
                                                              "▶", "◍", "▬", "▮", "◄", "►", "♦", "⊛" };

const char *view_glyph_of(int light, int type)
{
    type &= TB_MAX_PIECE_TYPES - 1;
    return light ? light_glyph[type] : dark_glyph[type];
}

/* The ASCII letter of TYPE: the first letter of its name that no earlier
 * type took (for the types after the first two). */
static char type_letter(const ruleset *rs, int type)
{
    for (const char *p = rs->piece_name[type]; *p; p++) {
        char c = *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p;
        if (c < 'a' || c > 'z' || c == 'o' || c == 'x') continue; /* o and x: the first two types */
        int taken = 0;
        for (int t = 0; t < type && !taken; t++) taken = type_letter(rs, t) == c;
        if (!taken) return c;
    }
    return (char)('0' + type);
}

const char *view_piece_glyph(const ruleset *rs, int owner, int type, int unicode, char ascii[3])
{
    type &= TB_MAX_PIECE_TYPES - 1;
    if (rs->letters[0]) { /* the game's own letters, as its players write positions: player 1's in upper case */
        char c = rs->letters[type], *at = ascii;
        if (rs->letter_plus >> type & 1) *at++ = '+'; /* a promoted piece: +P */
        *at++ = owner == 1 ? (char)(c - 'a' + 'A') : c;
        *at = '\0';
        return ascii;
    }
    if (owner > 2) { /* players 3 and 4 (a track: one type): shapes of their own */
        if (unicode) return owner == 3 ? "▲" : "■";
        ascii[0] = owner == 3 ? '+' : '#';
        ascii[1] = '\0';
        return ascii;
    }
    int light = view_player_light(rs, owner);
    if (unicode) return light ? light_glyph[type] : dark_glyph[type];
    /* The players differ by shape, not by case alone (as gnubg draws
     * them): o and x, their second type (a king) O and X; further types
     * by their letter, upper case for player 1. */
    if (type < 2) {
        ascii[0] = light ? (type ? 'O' : 'o') : (type ? 'X' : 'x');
        ascii[1] = '\0';
        return ascii;
    }
    char c = type_letter(rs, type);
    if (owner == 1 && c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
    ascii[0] = c;
    ascii[1] = '\0';
    return ascii;
}

/* ---- tracks --------------------------------------------------------------- */

int view_track_len(const ruleset *rs, int player)
{
    return rs->track_len[player - 1] > 0 ? rs->track_len[player - 1] : rs->ncells;
}

int view_track_pinned(const state *st, int cell)
{
    return cell < TB_MAX_PIN_POINTS && st->cell[cell] && (st->h.flagged >> cell & 1);
}

void view_track_layout_of(const ruleset *rs, view_track_layout *l)
{
    memset(l, 0, sizeof *l);
    int n = rs->ncells;
    const cell_id *path = rs->track.path[0];
    int start = path[0] < n ? path[0] : 0;
    int dir = n > 1 && path[1] == (start + n - 1) % n && path[1] != (start + 1) % n ? -1 : 1;
    int top = (n + 1) / 2;              /* the top row takes the odd point */
    l->ncols = top;
    l->split = (top + 1) / 2;
    for (int j = 0; j < n; j++) {
        int cell = ((start + dir * j) % n + n) % n;
        if (j < top) {
            l->row[cell] = 0;
            l->col[cell] = top - 1 - j;  /* right to left */
        } else {
            l->row[cell] = 1;
            l->col[cell] = j - top + (top - (n - top)); /* left to right, flush right */
        }
    }
    for (int p = 0; p < 2; p++) {
        int len = view_track_len(rs, p + 1);
        l->entry_row[p] = l->row[rs->track.path[p][0]];
        l->home_row[p] = l->row[rs->track.path[p][len - 1]];
    }
}

int view_track_pips(const ruleset *rs, const state *st, int player)
{
    int len = view_track_len(rs, player), pips = st->h.bar[player - 1] * (len + 1);
    for (int c = 0; c < rs->ncells; c++) {
        if (!st->cell[c]) continue;
        int mine = piece_owner(st->cell[c]) == player;
        int n = mine ? st->height[c] : view_track_pinned(st, c); /* a piece of ours pinned under theirs */
        int k = rs->track.rank[player - 1][c];
        if (n && k != TB_NO_RANK && k < len) pips += n * (len - k);
    }
    return pips;
}

/* ---- tiles ---------------------------------------------------------------- */

/* The axial step across side d, clockwise from the top (as the tile
 * topology defines its sides). */
static const int side_dx[6] = { 0, 1, 1, 0, -1, -1 };
static const int side_dy[6] = { 1, 0, -1, -1, 0, 1 };

int view_tile_coords(const ruleset *rs, int *x, int *y)
{
    int n = rs->ntiles, seen[64] = { 0 }, queue[64], head = 0, tail = 0;
    if (n <= 0 || n > 64) return 0;
    x[0] = y[0] = 0;
    seen[0] = 1;
    queue[tail++] = 0;
    while (head < tail) {
        int t = queue[head++];
        for (int d = 0; d < 6; d++) {
            int o = rs->tile_side[t][d];
            if (o == TB_NO_TILE || o >= n || seen[o]) continue;
            seen[o] = 1;
            x[o] = x[t] + side_dx[d];
            y[o] = y[t] + side_dy[d];
            queue[tail++] = o;
        }
    }
    return tail == n;
}

int view_numbers_pairs(const ruleset *rs)
{
    return rs->dice_count == 0 && rs->topology != TOPO_TRACK;
}

void view_move_number(const ruleset *rs, int ply, int player, char *buf, size_t size)
{
    if (!view_numbers_pairs(rs)) {
        snprintf(buf, size, "%d.", ply + 1);
        return;
    }
    /* The players alternate: the list began with player 2's move when an
     * even PLY is player 2's (or an odd one player 1's), and that move is
     * the second half of pair 1. */
    int began_with_2 = (ply % 2 == 0) == (player == 2);
    snprintf(buf, size, "%d.%s", (ply + began_with_2) / 2 + 1, player == 2 ? ".." : "");
}
