/* view_svg_grid.c - square grids of other shapes as SVG: boards of
 * hexagonal cells (view_svg.c places the pieces and marks on the cell
 * centres found here) and boards of points joined by lines. */
#include "view_svg_grid.h"

#include <math.h>

#define INK "#333333"
#define MUTED "#8a8070"
#define CELL_FILL "#f0d9b5"
#define LINE_INK "#5a4632"
#define BOARD_FILL "#e8cfa0"

void svg_hex_geo(const ruleset *rs, double C, double M, double *x, double *y, double *w, double *h)
{
    double R = C / sqrt(3.0), rows = rs->height;
    /* The leftmost cell is the top row's first: each row below is half a cell right. */
    *w = 2 * M + C * (rs->width + (rows - 1) / 2);
    *h = 2 * M + 2 * R + 1.5 * R * (rows - 1);
    for (int i = 0; i < rs->ncells; i++) {
        int down = rs->height - 1 - rs->cell_row[i];
        x[i] = M + C * (rs->cell_col[i] + down / 2.0) + C / 2;
        y[i] = M + R + 1.5 * R * down;
    }
}

void svg_hex_points(vbuf *b, double x, double y, double C)
{
    double R = C / sqrt(3.0);
    for (int k = 0; k < 6; k++) {
        double a = (30.0 + 60.0 * k) * 3.14159265358979 / 180.0;
        vbuf_printf(b, "%s%.1f,%.1f", k ? " " : "", x + R * cos(a), y + R * sin(a));
    }
}

/* The first and last cell on the board of row R, or -1 for both. */
static void row_ends(const ruleset *rs, int r, int *first, int *last)
{
    *first = *last = -1;
    for (int c = 0; c < rs->width; c++)
        if (cellset_has(&rs->playable, r * rs->width + c)) {
            if (*first < 0) *first = r * rs->width + c;
            *last = r * rs->width + c;
        }
}

void svg_hex_board(vbuf *b, const ruleset *rs, const double *x, const double *y, double C)
{
    double R = C / sqrt(3.0);
    for (int i = 0; i < rs->ncells; i++) {
        if (!cellset_has(&rs->playable, i)) continue;
        vbuf_puts(b, "<polygon points=\"");
        svg_hex_points(b, x[i], y[i], C);
        vbuf_puts(b, "\" fill=\"" CELL_FILL "\" stroke=\"" INK "\"/>\n");
    }
    /* A column's letter beyond its top cell and beyond its bottom one, on
     * the column's line (n is up and left, s down and right), so that the
     * letters of a hexagon's short columns stand by the cells they name. A
     * hexagon has its letters under its columns only, and its numbers left
     * of its rows only: beyond its upper-left side the two would meet. */
    int both = !rs->hexagon;
    for (int c = 0; c < rs->width; c++) {
        int low = -1, high = -1;
        for (int r = 0; r < rs->height; r++)
            if (cellset_has(&rs->playable, r * rs->width + c)) {
                if (low < 0) low = r * rs->width + c;
                high = r * rs->width + c;
            }
        if (low < 0) continue;
        for (int k = !both; k < 2; k++) {
            int i = k ? low : high, sign = k ? 1 : -1;
            vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                           "fill=\"" MUTED "\">%c</text>\n", x[i] + sign * 0.7 * C / 2, y[i] + sign * 0.7 * 1.5 * R,
                        'a' + c);
        }
    }
    for (int r = 0; r < rs->height; r++) {
        int first, last;
        row_ends(rs, r, &first, &last);
        if (first < 0) continue;
        for (int k = 0; k < 1 + both; k++)
            vbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                           "fill=\"" MUTED "\">%d</text>\n", k ? x[last] + C * 0.8 : x[first] - C * 0.8,
                        y[first], r + 1);
    }
}

void svg_lines_board(vbuf *b, const ruleset *rs, const double *x, const double *y, double C, double M)
{
    int w = rs->width, h = rs->height;
    vbuf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"" BOARD_FILL "\" stroke=\"" INK
                   "\"/>\n", M, M, w * C, h * C);
    /* Each link once: the directions n, ne, e and nw from every point. */
    static const int half[4] = { DIR_N, DIR_NE, DIR_E, DIR_NW };
    vbuf_puts(b, "<path fill=\"none\" stroke=\"" LINE_INK "\" stroke-width=\"2\" stroke-linecap=\"round\" d=\"");
    for (int i = 0; i < rs->ncells; i++) {
        if (!cellset_has(&rs->playable, i)) continue;
        for (int k = 0; k < 4; k++) {
            int n = rs->nbr[i][half[k]];
            if (n != TB_NO_CELL) vbuf_printf(b, "M%.1f %.1fL%.1f %.1f", x[i], y[i], x[n], y[n]);
        }
    }
    vbuf_puts(b, "\"/>\n");
    for (int i = 0; i < rs->ncells; i++)
        if (cellset_has(&rs->playable, i))
            vbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"" LINE_INK "\"/>\n", x[i], y[i],
                        C * 0.08);
    for (int c = 0; c < w; c++)
        for (int k = 0; k < 2; k++)
            vbuf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" fill=\"" MUTED "\">%c</text>\n", x[c],
                        k ? M + h * C + 18 : M - 8, 'a' + c);
    for (int r = 0; r < h; r++)
        for (int k = 0; k < 2; k++)
            vbuf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                           "fill=\"" MUTED "\">%d</text>\n", k ? M + w * C + M / 2 : M / 2, y[r * w], r + 1);
}
