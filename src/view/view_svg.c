/* view_svg.c - positions as SVG pictures: a square board with its
 * coordinates (and the numbers of numbered cells), a track drawn as a
 * backgammon board (triangular points, stacks, the bar, the borne-off
 * trays, the dice), a board of hexagonal tiles split into triangular
 * fields. The last move is marked; a line per player says what they have. */
#include "view.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define FONT "font-family=\"DejaVu Sans, Verdana, sans-serif\""

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

typedef struct svg_box {
    double w, h;          /* the drawing, before the player lines */
} svg_box;

static void svg_open(vbuf *b, double w, double h, int fragment)
{
    if (!fragment) vbuf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    vbuf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" "
                   FONT " font-size=\"13\">\n", w, h, w, h);
    vbuf_printf(b, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"" BG "\"/>\n", w, h);
}

/* A piece of OWNER and TYPE at (X, Y) of radius R: a disc, light or dark,
 * with a ring and its initial for every type but the first (kings). */
static void svg_piece(vbuf *b, const ruleset *rs, double x, double y, double r, int owner, int type)
{
    int light = view_player_light(rs, owner);
    const char *fill = light ? LIGHT_PIECE : DARK_PIECE, *ink = light ? DARK_PIECE : LIGHT_PIECE;
    vbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#111\" stroke-width=\"1.5\"/>\n", x,
                y, r, fill);
    vbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-opacity=\"0.35\"/>\n",
                x, y, r * 0.72, ink);
    if (type > 0) {
        vbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", x,
                    y, r * 0.62, ink);
        char initial = rs->piece_name[type][0];
        if (initial >= 'a' && initial <= 'z') initial = (char)(initial - 'a' + 'A');
        vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                       "font-size=\"%.0f\" font-weight=\"bold\" fill=\"%s\">%c</text>\n", x, y, r * 0.9, ink, initial);
    }
}

/* A red cross where a piece was just captured. */
static void svg_cross(vbuf *b, double x, double y, double r)
{
    vbuf_printf(b, "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"" CAPTURE "\" stroke-width=\"3\" "
                   "stroke-linecap=\"round\"/>\n", x - r, y - r, x + r, y + r, x - r, y + r, x + r, y - r);
}

/* The lines under the picture: one per player, then MORE (may be NULL). */
static void svg_players(vbuf *b, const ruleset *rs, const state *st, double x, double y)
{
    for (int p = 1; p <= 2; p++) {
        int to_move = st->h.status == STATUS_ONGOING && st->h.to_move == p;
        double ly = y + (p - 1) * 20;
        if (to_move)
            vbuf_printf(b, "<path d=\"M%.1f %.1fl8 5l-8 5z\" fill=\"" INK "\"/>\n", x, ly - 9);
        svg_piece(b, rs, x + 20, ly - 4, 6.5, p, 0);
        vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"" INK "\"%s>player %d (", x + 32, ly, to_move ? " font-weight=\"bold\"" : "", p);
        vbuf_xml(b, rs->player_label[p - 1]);
        vbuf_puts(b, "): ");
        vbuf facts;
        vbuf_init(&facts);
        view_player_facts(rs, st, p, 0, &facts); /* the dice are drawn */
        vbuf_xml(b, vbuf_text(&facts));
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

static void svg_square(vbuf *b, const ruleset *rs, const state *st, const view_mark *mark, svg_box *box)
{
    const double C = 48, M = 26;
    int w = rs->width, h = rs->height, keyed = numbered(rs);
    box->w = 2 * M + w * C;
    box->h = 2 * M + h * C;
    for (int i = 0; i < rs->ncells; i++) {
        int col = rs->cell_col[i], row = rs->cell_row[i];
        double x = M + col * C, y = M + (h - 1 - row) * C;
        vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"%s\"/>\n", x, y, C, C,
                    (col + row) % 2 == 0 ? DARK_SQ : LIGHT_SQ);
        if (view_mark_has(mark, i))
            vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"" MARK_FILL "\" "
                           "fill-opacity=\"0.6\" class=\"mark\"/>\n", x, y, C, C);
        if (keyed && cellset_has(&rs->playable, i)) {
            vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#f6ead6\">", x + 2.5, y + 9.5);
            vbuf_xml(b, rs->cell_name[i]);
            vbuf_puts(b, "</text>\n");
        }
    }
    vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"none\" stroke=\"" INK "\"/>\n", M,
                M, w * C, h * C);
    for (int c = 0; c < w; c++)
        for (int k = 0; k < 2; k++)
            vbuf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" fill=\"" MUTED "\">%c</text>\n",
                        M + c * C + C / 2, k ? M + h * C + 18 : M - 8, 'a' + c);
    for (int r = 0; r < h; r++)
        for (int k = 0; k < 2; k++)
            vbuf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                           "fill=\"" MUTED "\">%d</text>\n", k ? M + w * C + M / 2 : M / 2, M + (h - 1 - r) * C + C / 2,
                        r + 1);
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
        for (int i = 0; i < n; i++)
            vbuf_printf(b, "%s%.0f,%.0f", i ? " " : "", M + rs->cell_col[cells[i]] * C + C / 2,
                        M + (h - 1 - rs->cell_row[cells[i]]) * C + C / 2);
        vbuf_puts(b, "\"/>\n");
    }
    for (int i = 0; i < rs->ncells; i++) {
        double x = M + rs->cell_col[i] * C + C / 2, y = M + (h - 1 - rs->cell_row[i]) * C + C / 2;
        if (st->cell[i]) svg_piece(b, rs, x, y, C * 0.36, piece_owner(st->cell[i]), piece_type(st->cell[i]));
        else if (view_mark_captured(mark, i)) svg_cross(b, x, y, C * 0.2);
    }
}

/* ---- tracks -------------------------------------------------------------------- */

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

/* N pieces from the edge of the half ROW (0 top) at column centre X; a
 * stack taller than five shows five, the last with the height. TOP and
 * BOTTOM: the board's inner edges. */
static void svg_stack(vbuf *b, const ruleset *rs, double x, int row, int n, int owner, double top, double bottom,
                      double d)
{
    for (int k = 0; k < n && k < 5; k++) {
        double y = row == 0 ? top + d / 2 + k * d : bottom - d / 2 - k * d;
        svg_piece(b, rs, x, y, d / 2 - 1, owner, rs->track.piece);
        if (k == 4 && n > 5) {
            int light = view_player_light(rs, owner);
            vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                           "font-weight=\"bold\" fill=\"%s\">%d</text>\n", x, y, light ? DARK_PIECE : LIGHT_PIECE, n);
        }
    }
}

static void svg_track(vbuf *b, const ruleset *rs, const state *st, const view_mark *mark, svg_box *box)
{
    view_track_layout l;
    view_track_layout_of(rs, &l);
    const double P = 40, D = 36, BAR = 48, M = 26, TRAY = 52;
    const double top = M, half = 5 * D, gap = 40, bottom = top + 2 * half + gap;
    int off = rs->track.off >= 0;
    double left = 14, right = left + l.ncols * P + BAR;
    box->w = right + (off ? TRAY + 8 : 0) + 14;
    box->h = bottom + M;
    /* The board, the bar and the trays. */
    vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#e8d8b0\" stroke=\"#5a3b22\" "
                   "stroke-width=\"3\"/>\n", left, top, right - left, bottom - top);
    double bar_x = left + l.split * P;
    vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#6b4527\" class=\"bar\"/>\n",
                bar_x, top, BAR, bottom - top);
    if (rs->track.bar >= 0) {
        vbuf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                       "fill=\"#e8d8b0\" font-size=\"11\">", bar_x + BAR / 2, (top + bottom) / 2);
        vbuf_xml(b, rs->offboard[rs->track.bar]);
        vbuf_puts(b, "</text>\n");
    }
    double tray_x = right + 8;
    if (off) {
        vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#6b4527\" stroke=\"#5a3b22\" "
                       "stroke-width=\"3\"/>\n", tray_x, top, TRAY, bottom - top);
        vbuf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                       "fill=\"#e8d8b0\" font-size=\"11\">", tray_x + TRAY / 2, (top + bottom) / 2);
        vbuf_xml(b, rs->offboard[rs->track.off]);
        vbuf_puts(b, "</text>\n");
    }
    double col_x[TB_MAX_CELLS];
    for (int c = 0; c < rs->ncells; c++) {
        int col = l.col[c], row = l.row[c];
        double x = left + col * P + (col >= l.split ? BAR : 0);
        col_x[c] = x + P / 2;
        double base = row == 0 ? top : bottom, tip = row == 0 ? top + half * 0.92 : bottom - half * 0.92;
        int marked = view_mark_has(mark, c);
        vbuf_printf(b, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"%s/>\n", x + 1, base, x + P - 1,
                    base, x + P / 2, tip, marked ? MARK_FILL : (col + row) % 2 == 0 ? "#a0522d" : "#d9b77e",
                    marked ? " class=\"mark\"" : "");
        vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\" fill=\"" MUTED "\">",
                    x + P / 2, row == 0 ? top - 8 : bottom + 18);
        vbuf_xml(b, rs->cell_name[c]);
        vbuf_puts(b, "</text>\n");
    }
    for (int c = 0; c < rs->ncells; c++)
        if (st->cell[c]) svg_stack(b, rs, col_x[c], l.row[c], st->height[c], piece_owner(st->cell[c]), top, bottom, D);
    for (int p = 1; p <= 2; p++) {
        if (rs->track.bar >= 0 && st->h.bar[p - 1])
            svg_stack(b, rs, bar_x + BAR / 2, l.entry_row[p - 1], st->h.bar[p - 1], p, top, bottom, D);
        if (off && st->h.off[p - 1]) {
            /* Borne-off pieces lie on their edge: thin bars, at most 15 drawn. */
            int n = st->h.off[p - 1], row = l.home_row[p - 1], light = view_player_light(rs, p);
            for (int k = 0; k < n && k < 15; k++) {
                double y = row == 0 ? top + 4 + k * 10 : bottom - 12 - k * 10;
                vbuf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"8\" rx=\"2\" fill=\"%s\" "
                               "stroke=\"#111\"/>\n", tray_x + 6, y, TRAY - 12, light ? LIGHT_PIECE : DARK_PIECE);
            }
            double ty = row == 0 ? top + 4 + 15 * 10 + 12 : bottom - 12 - 15 * 10 - 6;
            vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#e8d8b0\" font-weight=\"bold\">%d"
                           "</text>\n", tray_x + TRAY / 2, ty, n);
        }
    }
    /* The last move's bar or tray. */
    if (mark && mark->any && mark->kind == MOVE_ENTER && rs->track.bar >= 0) {
        int row = l.entry_row[mark->mover - 1];
        vbuf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"" MARK_FILL
                       "\" stroke-width=\"4\" class=\"mark\"/>\n", bar_x + 2, row == 0 ? top + 2 : bottom - half - 2,
                    BAR - 4, half);
    }
    if (mark && mark->any && mark->kind == MOVE_BEAR_OFF && off) {
        int row = l.home_row[mark->mover - 1];
        vbuf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"" MARK_FILL
                       "\" stroke-width=\"4\" class=\"mark\"/>\n", tray_x + 2, row == 0 ? top + 2 : bottom - half - 2,
                    TRAY - 4, half);
    }
    /* The dice still to play, in the half of the board away from the bar. */
    if (st->h.status == STATUS_ONGOING && rs->dice_count && st->h.ndice) {
        double s = 30, y = (top + bottom) / 2 - s / 2;
        double span = st->h.ndice * (s + 8) - 8;
        double x = bar_x + BAR + ((l.ncols - l.split) * P - span) / 2;
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

static void svg_tiles(vbuf *b, const ruleset *rs, const state *st, const view_mark *mark, svg_box *box)
{
    int tx[64], ty[64];
    if (!view_tile_coords(rs, tx, ty)) return;
    const double R = 46, S3 = sqrt(3.0), M = 20;
    double cx[64], cy[64], minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
    for (int t = 0; t < rs->ntiles; t++) {
        cx[t] = 1.5 * R * tx[t];
        cy[t] = -S3 * R * (ty[t] + tx[t] / 2.0);
        if (cx[t] < minx) minx = cx[t];
        if (cx[t] > maxx) maxx = cx[t];
        if (cy[t] < miny) miny = cy[t];
        if (cy[t] > maxy) maxy = cy[t];
    }
    for (int t = 0; t < rs->ntiles; t++) {
        cx[t] += M + R - minx;
        cy[t] += M + S3 * R / 2 - miny;
    }
    box->w = maxx - minx + 2 * R + 2 * M;
    box->h = maxy - miny + S3 * R + 2 * M;
    /* Vertex k of a tile, at 60k degrees counterclockwise from the right. */
    double vx[6], vy[6];
    for (int k = 0; k < 6; k++) {
        vx[k] = R * cos(k * 3.14159265358979 / 3);
        vy[k] = -R * sin(k * 3.14159265358979 / 3);
    }
    for (int t = 0; t < rs->ntiles; t++) {
        int gone = (int)(st->h.removed >> t & 1);
        if (gone) {
            vbuf_puts(b, "<polygon fill=\"none\" stroke=\"#c9c0b0\" stroke-dasharray=\"4 4\" points=\"");
            for (int k = 0; k < 6; k++) vbuf_printf(b, "%s%.1f,%.1f", k ? " " : "", cx[t] + vx[k], cy[t] + vy[k]);
            vbuf_puts(b, "\"/>\n");
            continue;
        }
        for (int f = 0; f < 6; f++) {
            /* Field f lies between the centre and side f: vertices 2-f and 1-f (mod 6). */
            int a = (2 - f + 6) % 6, c = (1 - f + 6) % 6, cell = t * 6 + f;
            vbuf_printf(b, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\" stroke=\"#5b4c3c\" "
                           "stroke-width=\"0.6\"/>\n", cx[t], cy[t], cx[t] + vx[a], cy[t] + vy[a], cx[t] + vx[c],
                        cy[t] + vy[c], field_fill(rs, cell));
            if (view_mark_has(mark, cell))
                vbuf_printf(b, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"" MARK_FILL "\" "
                               "fill-opacity=\"0.75\" class=\"mark\"/>\n", cx[t], cy[t], cx[t] + vx[a], cy[t] + vy[a],
                            cx[t] + vx[c], cy[t] + vy[c]);
        }
        vbuf_puts(b, "<polygon fill=\"none\" stroke=\"#3a2f25\" stroke-width=\"2.5\" points=\"");
        for (int k = 0; k < 6; k++) vbuf_printf(b, "%s%.1f,%.1f", k ? " " : "", cx[t] + vx[k], cy[t] + vy[k]);
        vbuf_puts(b, "\"/>\n");
    }
    for (int t = 0; t < rs->ntiles; t++) {
        if (st->h.removed >> t & 1) continue;
        for (int f = 0; f < 6; f++) {
            int a = (2 - f + 6) % 6, c = (1 - f + 6) % 6, cell = t * 6 + f;
            double x = cx[t] + (vx[a] + vx[c]) / 3, y = cy[t] + (vy[a] + vy[c]) / 3;
            if (st->cell[cell]) svg_piece(b, rs, x, y, R * 0.19, piece_owner(st->cell[cell]), piece_type(st->cell[cell]));
            else if (view_mark_captured(mark, cell)) svg_cross(b, x, y, R * 0.1);
        }
        vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" dominant-baseline=\"central\" font-size=\"11\" "
                       "font-weight=\"bold\" fill=\"#9a2f22\">", cx[t], cy[t]);
        vbuf_xml(b, rs->tile_name[t]);
        vbuf_puts(b, "</text>\n");
    }
}

int view_svg(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, int fragment)
{
    vbuf body;
    vbuf_init(&body);
    svg_box box = { 0, 0 };
    switch (rs->topology) {
    case TOPO_SQUARE: svg_square(&body, rs, st, mark, &box); break;
    case TOPO_TRACK: svg_track(&body, rs, st, mark, &box); break;
    case TOPO_TILES: svg_tiles(&body, rs, st, mark, &box); break;
    default: break;
    }
    if (box.w <= 0) {
        vbuf_free(&body);
        return 0;
    }
    double w = box.w < 480 ? 480 : box.w, h = box.h + 52;
    svg_open(out, w, h, fragment);
    vbuf_printf(out, "<g transform=\"translate(%.1f 0)\">\n", (w - box.w) / 2);
    vbuf_puts(out, vbuf_text(&body));
    vbuf_puts(out, "</g>\n");
    svg_players(out, rs, st, 12, box.h + 18);
    vbuf_puts(out, "</svg>\n");
    int ok = !body.oom && !out->oom;
    vbuf_free(&body);
    return ok;
}
