/* view_svg.c - positions as SVG pictures: a square board with its
 * coordinates (and the numbers of numbered cells; boards of hex cells and
 * of points on lines are drawn by view_svg_grid.c), a track drawn as a
 * tables board (triangular points, stacks, the bar, the borne-off
 * trays, the dice), a board of hexagonal tiles split into triangular
 * fields. The last move is marked; a line per player says what they have.
 *
 * A picture is drawn in two layers: the board, which is the same in every
 * position of a game, and what stands on it. A standalone picture has both;
 * the pictures of a replay page refer to one copy of the board and of each
 * piece (view_svg_defs), which keeps a page of hundreds of positions small. */
#include "view.h"
#include "view_svg_grid.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define FONT "font-family=\"DejaVu Sans, Verdana, sans-serif\""
#define PI 3.14159265358979

/* Colours. */
#define BG "#f7f3ea"
#define INK "#333333"
#define MUTED "#8a8070"
#define LIGHT_SQ "#f0d9b5"
#define DARK_SQ "#b58863"
#define MARK_FILL "#ffd84a"
#define CAPTURE "#d02020"
#define LIGHT_PIECE "#fbfbf7"
#define DARK_PIECE "#222222"

/* Where things are: computed per topology from the ruleset alone. */
typedef struct svg_geo {
    double w, h;                   /* the board's drawing, without the player lines */
    double x[TB_MAX_CELLS], y[TB_MAX_CELLS]; /* square, tiles: a cell's centre; track: a point's column centre */
    double r;                      /* the radius of a piece */
    /* square */
    double C, M;
    /* track */
    view_track_layout l;
    double top, bottom, half, D, P, BAR, TRAY, left, right, bar_x, tray_x;
    int off;
    /* tiles */
    double R, tx[64], ty[64];     /* tile centres */
    double vx[6], vy[6];           /* the vertices of a tile, from its centre */
    int tiles_ok;
} svg_geo;

typedef struct svg_ctx {
    vbuf *b;
    const ruleset *rs;
    int uses;                      /* refer to the page's shared board and pieces */
    svg_geo g;
} svg_ctx;

/* ---- pieces ---------------------------------------------------------------------- */

/* A piece of OWNER and TYPE of radius R at the origin: a disc, light or
 * dark, with a ring, and for every type but the first (kings) a second ring
 * and the type's initial; in a game whose pieces have letters (its `words`),
 * every type with its letter as positions write it (+P for a promoted one). */
static void piece_body(vbuf *b, const ruleset *rs, int owner, int type, double r)
{
    int light = view_player_light(rs, owner);
    const char *fill = light ? LIGHT_PIECE : DARK_PIECE, *ink = light ? DARK_PIECE : LIGHT_PIECE;
    if (owner > 2) { /* players 3 and 4: colours of their own (a track: one type) */
        fill = owner == 3 ? "#e0b020" : "#3070d0";
        ink = "#111";
    }
    vbuf_printf(b, "<circle r=\"%.1f\" fill=\"%s\" stroke=\"#111\" stroke-width=\"1.5\"/>", r, fill);
    vbuf_printf(b, "<circle r=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-opacity=\"0.35\"/>", r * 0.72, ink);
    char text[3];
    if (rs->letters[0]) {
        view_piece_glyph(rs, 1, type, 0, text); /* upper case: the disc's colour tells the owner */
    } else if (type > 0) {
        vbuf_printf(b, "<circle r=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>", r * 0.62, ink);
        char initial = rs->piece_name[type][0];
        text[0] = initial >= 'a' && initial <= 'z' ? (char)(initial - 'a' + 'A') : initial;
        text[1] = '\0';
    } else {
        return;
    }
    vbuf_printf(b, "<text text-anchor=\"middle\" dominant-baseline=\"central\" font-size=\"%.1f\" "
                   "font-weight=\"bold\" fill=\"%s\">%s</text>", text[1] ? r * 0.62 : r * 0.8, ink, text);
}

/* The radius of the pieces in the lines under the picture. */
#define LEGEND_R 6.5

/* A piece at (X, Y): drawn, or with USES a reference to the page's copy
 * (the board's pieces, or with LEGEND the small ones under it). */
static void svg_piece(svg_ctx *c, double x, double y, int legend, int owner, int type)
{
    if (c->uses) {
        vbuf_printf(c->b, "<use href=\"#tb-%c%d-%d\" x=\"%.1f\" y=\"%.1f\"/>\n", legend ? 'l' : 'p', owner, type, x, y);
        return;
    }
    vbuf_printf(c->b, "<g transform=\"translate(%.1f %.1f)\">", x, y);
    piece_body(c->b, c->rs, owner, type, legend ? LEGEND_R : c->g.r);
    vbuf_puts(c->b, "</g>\n");
}

/* A red cross where a piece was just captured. */
static void svg_cross(vbuf *b, double x, double y, double r)
{
    vbuf_printf(b, "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"" CAPTURE "\" stroke-width=\"3\" "
                   "stroke-linecap=\"round\" class=\"capture\"/>\n", x - r, y - r, x + r, y + r, x - r, y + r, x + r,
                y - r);
}

/* The lines under the picture: one per player. */
static void svg_players(svg_ctx *c, const state *st, double x, double y)
{
    vbuf *b = c->b;
    for (int p = 1; p <= c->rs->nplayers; p++) {
        int to_move = st->h.status == STATUS_ONGOING && st->h.to_move == p;
        double ly = y + (p - 1) * 20;
        if (to_move) vbuf_printf(b, "<path d=\"M%.1f %.1fl8 5l-8 5z\" fill=\"" INK "\"/>\n", x, ly - 9);
        svg_piece(c, x + 20, ly - 4, 1, p, 0);
        vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"" INK "\"%s>player %d (", x + 32, ly,
                    to_move ? " font-weight=\"bold\"" : "", p);
        vbuf_xml(b, c->rs->player_label[p - 1]);
        vbuf_puts(b, "): ");
        vbuf facts;
        vbuf_init(&facts);
        view_player_facts(c->rs, st, p, c->rs->track_grid, &facts); /* the dice are drawn, but on a grid */
        vbuf_xml(b, vbuf_text(&facts));
        if (facts.oom) b->oom = 1; /* the picture is incomplete: its writer reports it */
        vbuf_free(&facts);
        vbuf_puts(b, "</text>\n");
    }
}

/* ---- square boards ------------------------------------------------------------ */

static int numbered(const ruleset *rs)
{
    for (int i = 0; i < rs->ncells; i++)
        if (cellset_has(&rs->playable, i)) return rs->cell_name[i][0] >= '0' && rs->cell_name[i][0] <= '9';
    return 0;
}

static void square_geo(const ruleset *rs, svg_geo *g)
{
    g->C = 48;
    g->M = 26;
    g->w = 2 * g->M + rs->width * g->C;
    g->h = 2 * g->M + rs->height * g->C;
    g->r = g->C * 0.33; /* leaves a square's corners free, where its number stands */
    if (rs->grid == GRID_HEX) {
        svg_hex_geo(rs, g->C, g->M, g->x, g->y, &g->w, &g->h);
        return;
    }
    for (int i = 0; i < rs->ncells; i++) {
        g->x[i] = g->M + rs->cell_col[i] * g->C + g->C / 2;
        g->y[i] = g->M + (rs->height - 1 - rs->cell_row[i]) * g->C + g->C / 2;
    }
}

/* Whether square I is painted dark. A board whose every square is used is a
 * checkered board: a1 dark, a light square at each player's right. On a board
 * that uses one colour of squares, the used squares are dark, as the
 * federations paint them, wherever they lie: a1 dark, or h1 dark and a1
 * light on a board that plays on h1's colour (`playable light`). */
static int square_dark(const ruleset *rs, int i)
{
    if (rs->nplayable < rs->ncells && rs->topology != TOPO_TRACK) return cellset_has(&rs->playable, i);
    return (rs->cell_col[i] + rs->cell_row[i]) % 2 == 0;
}

/* The number of square I in its top-left corner, which the piece's disc
 * (radius 0.33 of the square, from its centre) leaves free: bold, dark on
 * a ring of the light squares' colour so that it reads on a dark square, a
 * marked one or beside a piece. Two digits are 0.2 of the square high; a
 * longer number (a hundred playing squares or more) would reach the disc
 * at that size, so its digits share half the square's width.
 * tests/view.sh checks that every number's box stays off every piece.
 * WITH_ID: the board's copy, which a marked square's number refers to
 * (the page's pictures) or is drawn again (standalone). */
static void square_number(svg_ctx *c, int i, int with_id)
{
    if (c->uses) { /* the page's copy, in its board */
        vbuf_printf(c->b, "<use href=\"#tb-num%d\"/>\n", i);
        return;
    }
    const svg_geo *g = &c->g;
    size_t digits = strlen(c->rs->cell_name[i]);
    double size = g->C * (digits <= 2 ? 0.2 : 0.5 / (double)digits), inset = 1.5;
    vbuf_puts(c->b, "<text");
    if (with_id) vbuf_printf(c->b, " id=\"tb-num%d\"", i);
    vbuf_printf(c->b, " x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" fill=\"#2b1d10\" "
                      "stroke=\"" LIGHT_SQ "\" stroke-width=\"2.5\" stroke-linejoin=\"round\" paint-order=\"stroke\" "
                      "class=\"number\">", g->x[i] - g->C / 2 + inset, g->y[i] - g->C / 2 + inset + size * 0.73, size);
    vbuf_xml(c->b, c->rs->cell_name[i]);
    vbuf_puts(c->b, "</text>\n");
}

static void square_board(svg_ctx *c)
{
    const ruleset *rs = c->rs;
    const svg_geo *g = &c->g;
    vbuf *b = c->b;
    double C = g->C, M = g->M;
    int w = rs->width, h = rs->height, keyed = numbered(rs);
    if (rs->grid == GRID_HEX) {
        svg_hex_board(b, rs, g->x, g->y, C);
        return;
    }
    if (rs->grid == GRID_ALTERNATE || rs->grid == GRID_LINES) {
        svg_lines_board(b, rs, g->x, g->y, C, M);
        return;
    }
    int track = rs->topology == TOPO_TRACK; /* a grid of points: the cells off the board are not drawn */
    for (int i = 0; i < rs->ncells; i++) {
        if (track && !cellset_has(&rs->playable, i)) continue;
        vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"%s\"%s/>\n", g->x[i] - C / 2,
                    g->y[i] - C / 2, C, C, square_dark(rs, i) ? DARK_SQ : LIGHT_SQ, track ? " stroke=\"" INK "\"" : "");
        if (track && rs->track.any_extra && cellset_has(&rs->track.extra_turn[0], i)) /* a point of `extra-turn:`: a flower of eight petals */
            for (int k = 0; k < 8; k++)
                vbuf_printf(b, "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" ry=\"%.1f\" transform=\"rotate(%d %.1f %.1f)\" "
                               "fill=\"#f4e3c1\" stroke=\"#7a4a1e\" class=\"extra-turn\"/>\n", g->x[i], g->y[i] - C * 0.22,
                            C * 0.08, C * 0.2, 45 * k, g->x[i], g->y[i]);
        if (track && rs->track.any_must_stop && cellset_has(&rs->track.must_stop[0], i)) /* a point no piece passes: a ring */
            vbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#7a4a1e\" stroke-width=\"2\" "
                           "class=\"must-stop\"/>\n", g->x[i], g->y[i], C * 0.38);
        if (track && rs->track.any_back && cellset_has(&rs->track.back_from[0], i)) /* a point that sends back: three waves */
            for (int k = -1; k <= 1; k++) {
                double y = g->y[i] + k * C * 0.18, x0 = g->x[i] - C * 0.3, q = C * 0.1;
                vbuf_printf(b, "<path d=\"M%.1f %.1f q%.1f %.1f %.1f 0 t%.1f 0 t%.1f 0\" fill=\"none\" stroke=\"#3b6ea5\" "
                               "stroke-width=\"2\" class=\"back-from\"/>\n", x0, y, q, -q, 2 * q, 2 * q, 2 * q);
            }
        if (keyed && cellset_has(&rs->playable, i)) square_number(c, i, 1);
    }
    if (!track)
        vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"none\" stroke=\"" INK "\"/>\n",
                    M, M, w * C, h * C);
    for (int col = 0; col < w; col++)
        for (int k = 0; k < 2; k++)
            vbuf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" fill=\"" MUTED "\">%c</text>\n",
                        M + col * C + C / 2, k ? M + h * C + 18 : M - 8, 'a' + col);
    for (int r = 0; r < h; r++)
        for (int k = 0; k < 2; k++)
            vbuf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                           "fill=\"" MUTED "\">%d</text>\n", k ? M + w * C + M / 2 : M / 2, M + (h - 1 - r) * C + C / 2,
                        r + 1);
}

static void square_pieces(svg_ctx *c, const state *st, const view_mark *mark)
{
    const ruleset *rs = c->rs;
    const svg_geo *g = &c->g;
    vbuf *b = c->b;
    for (int i = 0; i < rs->ncells; i++) {
        if (!view_mark_has(mark, i)) continue;
        if (rs->grid == GRID_HEX) {
            vbuf_puts(b, "<polygon points=\"");
            svg_hex_points(b, g->x[i], g->y[i], g->C);
            vbuf_puts(b, "\" fill=\"" MARK_FILL "\" fill-opacity=\"0.6\" class=\"mark\"/>\n");
        } else {
            vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"" MARK_FILL "\" "
                           "fill-opacity=\"0.6\" class=\"mark\"/>\n", g->x[i] - g->C / 2, g->y[i] - g->C / 2, g->C,
                        g->C);
        }
    }
    /* A mark covers its square's number: the number is written again, over it. */
    if (numbered(rs))
        for (int i = 0; i < rs->ncells; i++)
            if (view_mark_has(mark, i) && cellset_has(&rs->playable, i)) square_number(c, i, 0);
    /* The path of the last move, as a line through its cells. */
    if (mark && mark->any && mark->from >= 0 && mark->to >= 0) {
        vbuf_puts(b, "<polyline fill=\"none\" stroke=\"#c07000\" stroke-width=\"4\" stroke-opacity=\"0.55\" "
                     "stroke-linecap=\"round\" stroke-linejoin=\"round\" points=\"");
        int cells[TB_MAX_PATH + 1], n = 0;
        cells[n++] = mark->from;
        if (mark->npath)
            for (int i = 0; i < mark->npath; i++) cells[n++] = mark->path[i];
        else
            cells[n++] = mark->to;
        for (int i = 0; i < n; i++) vbuf_printf(b, "%s%.0f,%.0f", i ? " " : "", g->x[cells[i]], g->y[cells[i]]);
        vbuf_puts(b, "\"/>\n");
    }
    for (int i = 0; i < rs->ncells; i++) {
        if (st->cell[i]) svg_piece(c, g->x[i], g->y[i], 0, piece_owner(st->cell[i]), piece_type(st->cell[i]));
        else if (view_mark_captured(mark, i)) svg_cross(b, g->x[i], g->y[i], g->C * 0.2);
    }
}

/* ---- tracks -------------------------------------------------------------------- */

static void track_geo(const ruleset *rs, svg_geo *g)
{
    view_track_layout_of(rs, &g->l);
    g->P = 40;
    g->D = 36;
    g->BAR = 48;
    g->TRAY = 52;
    g->top = 26;
    g->half = 5 * g->D;
    g->bottom = g->top + 2 * g->half + 40;
    g->off = rs->track.off >= 0;
    g->left = 14;
    g->right = g->left + g->l.ncols * g->P + g->BAR;
    g->bar_x = g->left + g->l.split * g->P;
    g->tray_x = g->right + 8;
    g->w = g->right + (g->off ? g->TRAY + 8 : 0) + 14;
    g->h = g->bottom + 26;
    g->r = g->D / 2 - 1;
    for (int c = 0; c < rs->ncells; c++) {
        int col = g->l.col[c];
        g->x[c] = g->left + col * g->P + (col >= g->l.split ? g->BAR : 0) + g->P / 2;
        g->y[c] = g->l.row[c] == 0 ? g->top : g->bottom;
    }
}

/* The triangle of point C, as polygon points. */
static void point_shape(vbuf *b, const svg_geo *g, int c)
{
    double base = g->y[c], tip = g->l.row[c] == 0 ? g->top + g->half * 0.92 : g->bottom - g->half * 0.92;
    vbuf_printf(b, "%.1f,%.1f %.1f,%.1f %.1f,%.1f", g->x[c] - g->P / 2 + 1, base, g->x[c] + g->P / 2 - 1, base, g->x[c],
                tip);
}

static void track_board(svg_ctx *c)
{
    const ruleset *rs = c->rs;
    const svg_geo *g = &c->g;
    vbuf *b = c->b;
    vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#e8d8b0\" stroke=\"#5a3b22\" "
                   "stroke-width=\"3\"/>\n", g->left, g->top, g->right - g->left, g->bottom - g->top);
    vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#6b4527\" class=\"bar\"/>\n",
                g->bar_x, g->top, g->BAR, g->bottom - g->top);
    if (rs->track.bar >= 0) {
        vbuf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                       "fill=\"#e8d8b0\" font-size=\"11\">", g->bar_x + g->BAR / 2, (g->top + g->bottom) / 2);
        vbuf_xml(b, rs->offboard[rs->track.bar]);
        vbuf_puts(b, "</text>\n");
    }
    if (g->off) {
        vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#6b4527\" stroke=\"#5a3b22\" "
                       "stroke-width=\"3\"/>\n", g->tray_x, g->top, g->TRAY, g->bottom - g->top);
        vbuf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                       "fill=\"#e8d8b0\" font-size=\"11\">", g->tray_x + g->TRAY / 2, (g->top + g->bottom) / 2);
        vbuf_xml(b, rs->offboard[rs->track.off]);
        vbuf_puts(b, "</text>\n");
    }
    for (int cell = 0; cell < rs->ncells; cell++) {
        int row = g->l.row[cell];
        vbuf_puts(b, "<polygon points=\"");
        point_shape(b, g, cell);
        vbuf_printf(b, "\" fill=\"%s\"/>\n", (g->l.col[cell] + row) % 2 == 0 ? "#a0522d" : "#d9b77e");
        vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\" fill=\"" MUTED "\">", g->x[cell],
                    row == 0 ? g->top - 8 : g->bottom + 18);
        vbuf_xml(b, rs->cell_name[cell]);
        vbuf_puts(b, "</text>\n");
    }
}

static void svg_die(vbuf *b, double x, double y, double s, int v)
{
    vbuf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"5\" fill=\"#fffdf5\" "
                   "stroke=\"#222\" stroke-width=\"1.5\" class=\"die\"/>\n", x, y, s, s);
    static const int pips[7][9] = {
        { 0 }, { 0, 0, 0, 0, 1, 0, 0, 0, 0 }, { 1, 0, 0, 0, 0, 0, 0, 0, 1 }, { 1, 0, 0, 0, 1, 0, 0, 0, 1 },
        { 1, 0, 1, 0, 0, 0, 1, 0, 1 }, { 1, 0, 1, 0, 1, 0, 1, 0, 1 }, { 1, 0, 1, 1, 0, 1, 1, 0, 1 },
    };
    if (v < 1 || v > 6) {
        vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                       "font-weight=\"bold\">%d</text>\n", x + s / 2, y + s / 2, v);
        return;
    }
    for (int k = 0; k < 9; k++)
        if (pips[v][k])
            vbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#222\"/>\n", x + s * (0.25 + 0.25 * (k % 3)),
                        y + s * (0.25 + 0.25 * (k / 3)), s * 0.09);
}

/* N pieces of OWNER from slot FIRST (0 at the edge) of the half ROW (0 top)
 * at column X; a stack taller than the slots left shows what fits, the last
 * with the height. */
static void svg_stack(svg_ctx *c, double x, int row, int first, int n, int owner)
{
    const svg_geo *g = &c->g;
    int room = 5 - first;
    for (int k = 0; k < n && k < room; k++) {
        double y = row == 0 ? g->top + g->D / 2 + (first + k) * g->D : g->bottom - g->D / 2 - (first + k) * g->D;
        svg_piece(c, x, y, 0, owner, c->rs->track.piece);
        if (k == room - 1 && n > room)
            vbuf_printf(c->b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                              "font-weight=\"bold\" fill=\"%s\">%d</text>\n", x, y,
                        view_player_light(c->rs, owner) ? DARK_PIECE : LIGHT_PIECE, n);
    }
}

static void track_pieces(svg_ctx *c, const state *st, const view_mark *mark)
{
    const ruleset *rs = c->rs;
    const svg_geo *g = &c->g;
    vbuf *b = c->b;
    for (int cell = 0; cell < rs->ncells; cell++)
        if (view_mark_has(mark, cell)) {
            vbuf_puts(b, "<polygon points=\"");
            point_shape(b, g, cell);
            vbuf_puts(b, "\" fill=\"" MARK_FILL "\" fill-opacity=\"0.85\" class=\"mark\"/>\n");
        }
    for (int cell = 0; cell < rs->ncells; cell++) {
        if (!st->cell[cell]) continue;
        int owner = piece_owner(st->cell[cell]), under = view_track_pinned(st, cell);
        if (under) { /* the pinned piece at the edge, ringed, under the stack that pins it */
            svg_stack(c, g->x[cell], g->l.row[cell], 0, 1, tb_opponent(owner)); /* pinning: two players only */
            double y = g->l.row[cell] == 0 ? g->top + g->D / 2 : g->bottom - g->D / 2;
            vbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"" CAPTURE "\" "
                           "stroke-width=\"2.5\" class=\"pinned\"/>\n", g->x[cell], y, g->r + 1);
        }
        svg_stack(c, g->x[cell], g->l.row[cell], under, st->height[cell], owner);
    }
    for (int p = 1; p <= 2; p++) {
        if (rs->track.bar >= 0 && st->h.bar[p - 1])
            svg_stack(c, g->bar_x + g->BAR / 2, g->l.entry_row[p - 1], 0, st->h.bar[p - 1], p);
        if (g->off && st->h.off[p - 1]) {
            /* Borne-off pieces lie on their edge: thin bars, at most 15 drawn. */
            int n = st->h.off[p - 1], row = g->l.home_row[p - 1], light = view_player_light(rs, p);
            for (int k = 0; k < n && k < 15; k++) {
                double y = row == 0 ? g->top + 4 + k * 10 : g->bottom - 12 - k * 10;
                vbuf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"8\" rx=\"2\" fill=\"%s\" "
                               "stroke=\"#111\"/>\n", g->tray_x + 6, y, g->TRAY - 12, light ? LIGHT_PIECE : DARK_PIECE);
            }
            double ty = row == 0 ? g->top + 4 + 15 * 10 + 12 : g->bottom - 12 - 15 * 10 - 6;
            vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#e8d8b0\" font-weight=\"bold\">%d"
                           "</text>\n", g->tray_x + g->TRAY / 2, ty, n);
        }
    }
    /* The last move's bar or tray. */
    if (mark && mark->any && mark->kind == MOVE_ENTER && rs->track.bar >= 0) {
        int row = g->l.entry_row[mark->mover - 1];
        vbuf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"" MARK_FILL
                       "\" stroke-width=\"4\" class=\"mark\"/>\n", g->bar_x + 2,
                    row == 0 ? g->top + 2 : g->bottom - g->half - 2, g->BAR - 4, g->half);
    }
    if (mark && mark->any && mark->kind == MOVE_BEAR_OFF && g->off) {
        int row = g->l.home_row[mark->mover - 1];
        vbuf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"" MARK_FILL
                       "\" stroke-width=\"4\" class=\"mark\"/>\n", g->tray_x + 2,
                    row == 0 ? g->top + 2 : g->bottom - g->half - 2, g->TRAY - 4, g->half);
    }
    /* The dice still to play, in the half of the board right of the bar. */
    if (st->h.status == STATUS_ONGOING && rs->dice_count && st->h.ndice) {
        double s = 30, y = (g->top + g->bottom) / 2 - s / 2;
        double span = st->h.ndice * (s + 8) - 8;
        double x = g->bar_x + g->BAR + ((g->l.ncols - g->l.split) * g->P - span) / 2;
        for (int d = 0; d < st->h.ndice; d++) svg_die(b, x + d * (s + 8), y, s, st->h.dice[d]);
    }
}

/* ---- tiles --------------------------------------------------------------------- */

static const char *field_fill(const ruleset *rs, int cell)
{
    int k = rs->cell_colour[cell];
    int shade = view_shade(rs->colour_name[k]);
    if (shade < 0) shade = k % 2;
    return shade ? "#efe3c8" : "#7c6a55";
}

static void tiles_geo(const ruleset *rs, svg_geo *g)
{
    int tx[64], ty[64];
    g->tiles_ok = view_tile_coords(rs, tx, ty);
    if (!g->tiles_ok) return;
    const double R = 46, S3 = sqrt(3.0), M = 20;
    g->R = R;
    double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
    for (int t = 0; t < rs->ntiles; t++) {
        g->tx[t] = 1.5 * R * tx[t];
        g->ty[t] = -S3 * R * (ty[t] + tx[t] / 2.0);
        if (g->tx[t] < minx) minx = g->tx[t];
        if (g->tx[t] > maxx) maxx = g->tx[t];
        if (g->ty[t] < miny) miny = g->ty[t];
        if (g->ty[t] > maxy) maxy = g->ty[t];
    }
    for (int t = 0; t < rs->ntiles; t++) {
        g->tx[t] += M + R - minx;
        g->ty[t] += M + S3 * R / 2 - miny;
    }
    g->w = maxx - minx + 2 * R + 2 * M;
    g->h = maxy - miny + S3 * R + 2 * M;
    g->r = R * 0.19;
    /* Vertex k at 60k degrees counterclockwise from the right; field f lies
     * between the centre and side f, whose ends are vertices 2-f and 1-f. */
    for (int k = 0; k < 6; k++) {
        g->vx[k] = R * cos(k * PI / 3);
        g->vy[k] = -R * sin(k * PI / 3);
    }
    for (int cell = 0; cell < rs->ncells; cell++) {
        int t = rs->cell_tile[cell], f = cell % 6, a = (2 - f + 6) % 6, b = (1 - f + 6) % 6;
        g->x[cell] = g->tx[t] + (g->vx[a] + g->vx[b]) / 3;
        g->y[cell] = g->ty[t] + (g->vy[a] + g->vy[b]) / 3;
    }
}

static void field_points(vbuf *b, const svg_geo *g, int t, int f)
{
    int a = (2 - f + 6) % 6, c = (1 - f + 6) % 6;
    vbuf_printf(b, "%.1f,%.1f %.1f,%.1f %.1f,%.1f", g->tx[t], g->ty[t], g->tx[t] + g->vx[a], g->ty[t] + g->vy[a],
                g->tx[t] + g->vx[c], g->ty[t] + g->vy[c]);
}

static void hex_points(vbuf *b, const svg_geo *g, int t, double scale)
{
    for (int k = 0; k < 6; k++)
        vbuf_printf(b, "%s%.1f,%.1f", k ? " " : "", g->tx[t] + g->vx[k] * scale, g->ty[t] + g->vy[k] * scale);
}

/* Tile T's name at its centre, ringed in the light fields' colour to read on
 * dark fields and marks too: the corner its six fields share, where no
 * piece stands. A piece (radius 0.19 R) sits on its field's centroid, R /
 * sqrt(3) from the centre, so none comes nearer than 0.38 R (17 px), twice
 * as far as the label reaches. */
static void tile_label(svg_ctx *c, int t, int with_id)
{
    if (c->uses) { /* the page's copy, in its board */
        vbuf_printf(c->b, "<use href=\"#tb-tile%d\"/>\n", t);
        return;
    }
    vbuf_puts(c->b, "<text");
    if (with_id) vbuf_printf(c->b, " id=\"tb-tile%d\"", t);
    vbuf_printf(c->b, " x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                      "font-size=\"11\" font-weight=\"bold\" fill=\"#9a2f22\" stroke=\"#efe3c8\" stroke-width=\"2.5\" "
                      "stroke-linejoin=\"round\" paint-order=\"stroke\" class=\"tile\">", c->g.tx[t], c->g.ty[t]);
    vbuf_xml(c->b, c->rs->tile_name[t]);
    vbuf_puts(c->b, "</text>\n");
}

static void tiles_board(svg_ctx *c)
{
    const ruleset *rs = c->rs;
    const svg_geo *g = &c->g;
    vbuf *b = c->b;
    for (int t = 0; t < rs->ntiles; t++) {
        for (int f = 0; f < 6; f++) {
            vbuf_puts(b, "<polygon points=\"");
            field_points(b, g, t, f);
            vbuf_printf(b, "\" fill=\"%s\" stroke=\"#5b4c3c\" stroke-width=\"0.6\"/>\n", field_fill(rs, t * 6 + f));
        }
        tile_label(c, t, 1);
    }
}

static int tile_marked(const view_mark *mark, int t)
{
    for (int f = 0; f < 6; f++)
        if (view_mark_has(mark, t * 6 + f)) return 1;
    return 0;
}

static void tiles_pieces(svg_ctx *c, const state *st, const view_mark *mark)
{
    const ruleset *rs = c->rs;
    const svg_geo *g = &c->g;
    vbuf *b = c->b;
    /* Tiles that left the board: covered, then outlined faintly. */
    for (int t = 0; t < rs->ntiles; t++) {
        if (!(st->h.removed_groups >> t & 1)) continue;
        vbuf_puts(b, "<polygon fill=\"" BG "\" points=\"");
        hex_points(b, g, t, 1.02);
        vbuf_puts(b, "\"/>\n<polygon fill=\"none\" stroke=\"#c9c0b0\" stroke-dasharray=\"4 4\" class=\"removed\" points=\"");
        hex_points(b, g, t, 0.96);
        vbuf_puts(b, "\"/>\n");
    }
    for (int cell = 0; cell < rs->ncells; cell++)
        if (view_mark_has(mark, cell)) {
            vbuf_puts(b, "<polygon points=\"");
            field_points(b, g, rs->cell_tile[cell], cell % 6);
            vbuf_puts(b, "\" fill=\"" MARK_FILL "\" fill-opacity=\"0.75\" class=\"mark\"/>\n");
        }
    /* A marked field reaches the tile's centre: its label is written again,
     * over the mark (the board's copy lies under it). */
    for (int t = 0; t < rs->ntiles; t++)
        if (!(st->h.removed_groups >> t & 1) && tile_marked(mark, t)) tile_label(c, t, 0);
    for (int t = 0; t < rs->ntiles; t++) {
        if (st->h.removed_groups >> t & 1) continue;
        vbuf_puts(b, "<polygon fill=\"none\" stroke=\"#3a2f25\" stroke-width=\"2.5\" points=\"");
        hex_points(b, g, t, 1);
        vbuf_puts(b, "\"/>\n");
    }
    for (int cell = 0; cell < rs->ncells; cell++) {
        if (st->h.removed_groups >> rs->cell_tile[cell] & 1) continue;
        if (st->cell[cell]) svg_piece(c, g->x[cell], g->y[cell], 0, piece_owner(st->cell[cell]), piece_type(st->cell[cell]));
        else if (view_mark_captured(mark, cell)) svg_cross(b, g->x[cell], g->y[cell], g->R * 0.1);
    }
}

/* ---- the whole --------------------------------------------------------------------- */

static int geo_of(const ruleset *rs, svg_geo *g)
{
    memset(g, 0, sizeof *g);
    switch (rs->topology) {
    case TOPO_SQUARE: square_geo(rs, g); return 1;
    case TOPO_TRACK:
        if (rs->track_grid) square_geo(rs, g);
        else track_geo(rs, g);
        return 1;
    case TOPO_TILES: tiles_geo(rs, g); return g->tiles_ok;
    default: return 0;
    }
}

static void board_layer(svg_ctx *c)
{
    switch (c->rs->topology) {
    case TOPO_SQUARE: square_board(c); break;
    case TOPO_TRACK:
        if (c->rs->track_grid) square_board(c);
        else track_board(c);
        break;
    default: tiles_board(c); break;
    }
}

static void piece_layer(svg_ctx *c, const state *st, const view_mark *mark)
{
    switch (c->rs->topology) {
    case TOPO_SQUARE: square_pieces(c, st, mark); break;
    case TOPO_TRACK:
        if (c->rs->track_grid) square_pieces(c, st, mark);
        else track_pieces(c, st, mark);
        break;
    default: tiles_pieces(c, st, mark); break;
    }
}

/* The width of the picture: the board's, and room for the player lines
 * (about 7.5 units a character at the font's size). Memory running out
 * marks OUT, the picture, as incomplete. */
static double picture_w(const ruleset *rs, const state *st, const svg_geo *g, vbuf *out)
{
    double w = g->w;
    for (int p = 1; p <= rs->nplayers; p++) {
        vbuf line;
        vbuf_init(&line);
        vbuf_printf(&line, "player %d (%s): ", p, rs->player_label[p - 1]);
        view_player_facts(rs, st, p, rs->track_grid, &line);
        double need = 52 + 7.5 * (double)line.len;
        if (line.oom) out->oom = 1;
        vbuf_free(&line);
        if (need > w) w = need;
    }
    return w;
}

/* Draws a picture; USES: refer to view_svg_defs's board and pieces. */
static int draw(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, int fragment, int uses)
{
    svg_ctx c;
    memset(&c, 0, sizeof c);
    if (!geo_of(rs, &c.g)) return 0;
    c.b = out;
    c.rs = rs;
    c.uses = uses;
    double w = picture_w(rs, st, &c.g, out), h = c.g.h + 52 + 20 * (rs->nplayers - 2); /* a line per player */
    if (!fragment) vbuf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    vbuf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" "
                     FONT " font-size=\"13\">\n", w, h, w, h);
    vbuf_printf(out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"" BG "\"/>\n", w, h);
    vbuf_puts(out, "<g>\n"); /* the board at the left, where it stays when the lines below grow */
    if (uses) vbuf_puts(out, "<use href=\"#tb-board\"/>\n");
    else board_layer(&c);
    piece_layer(&c, st, mark);
    vbuf_puts(out, "</g>\n");
    svg_players(&c, st, 12, c.g.h + 18);
    vbuf_puts(out, "</svg>\n");
    return !out->oom;
}

int view_svg(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, int fragment)
{
    return draw(out, rs, st, mark, fragment, 0);
}

int view_svg_use(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark)
{
    return draw(out, rs, st, mark, 1, 1);
}

int view_svg_defs(vbuf *out, const ruleset *rs)
{
    svg_ctx c;
    memset(&c, 0, sizeof c);
    if (!geo_of(rs, &c.g)) return 0;
    c.b = out;
    c.rs = rs;
    vbuf_puts(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" style=\"position:absolute\" "
                   "aria-hidden=\"true\" " FONT " font-size=\"13\">\n<defs>\n<g id=\"tb-board\">\n");
    board_layer(&c);
    vbuf_puts(out, "</g>\n");
    for (int p = 1; p <= rs->nplayers; p++)
        for (int t = 0; t < rs->npiece_types; t++) {
            vbuf_printf(out, "<g id=\"tb-p%d-%d\">", p, t);
            piece_body(out, rs, p, t, c.g.r);
            vbuf_printf(out, "</g>\n<g id=\"tb-l%d-%d\">", p, t);
            piece_body(out, rs, p, t, LEGEND_R);
            vbuf_puts(out, "</g>\n");
        }
    vbuf_puts(out, "</defs>\n</svg>\n");
    return !out->oom;
}
