/* view_svg_grid.h - the SVG drawings of square grids of other shapes (hex
 * cells, points on lines), for view_svg.c. Not part of the library's
 * interface. */
#ifndef TABULA_VIEW_SVG_GRID_H
#define TABULA_VIEW_SVG_GRID_H

#include "view.h"

/* Where the cells of a hex board are: centres X, Y of hexagons C wide (flat
 * sides left and right), each row half a cell left of the row below, in a
 * margin M; the drawing's size in *W, *H. */
void svg_hex_geo(const ruleset *rs, double C, double M, double *x, double *y, double *w, double *h);
/* The hexagon of width C around (X, Y), as a polygon's points. */
void svg_hex_points(vbuf *b, double x, double y, double C);
/* A hex board: a hexagon per cell on the board, the column letters beyond
 * the columns' ends, the row numbers beside the rows' ends (a hexagon's:
 * under its columns and left of its rows only). */
void svg_hex_board(vbuf *b, const ruleset *rs, const double *x, const double *y, double C);
/* A board of points on lines: a line along every link between two playable
 * points (the diagonals only where the board has them), a dot on each point,
 * the column letters and row numbers round it. */
void svg_lines_board(vbuf *b, const ruleset *rs, const double *x, const double *y, double C, double M);

#endif
