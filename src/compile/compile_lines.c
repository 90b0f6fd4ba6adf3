/* compile_lines.c - boards of points on lines: `(lines [a1 d1 g1] ...)` on a
 * square board keeps only the cells the lines name, and links two cells
 * only where they follow each other on a line. Each link keeps its compass
 * direction (from the cells' columns and rows), so that steps, slides,
 * lines of pieces and connections read the board as any other. */
#include <stdio.h>
#include <string.h>

#include "compile_internal.h"

/* The compass direction from cell A to cell B when they lie on one row,
 * column or diagonal of the grid; -1 otherwise. */
static int direction_between(const ruleset *rs, int a, int b)
{
    int dx = rs->cell_col[b] - rs->cell_col[a], dy = rs->cell_row[b] - rs->cell_row[a];
    if (dx && dy && dx != dy && dx != -dy) return -1;
    int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    static const int dirs[3][3] = { /* [sy + 1][sx + 1] */
        { DIR_SW, DIR_S, DIR_SE },
        { -1, -1, DIR_E },
        { DIR_NW, DIR_N, DIR_NE },
    };
    if (sx == -1 && sy == 0) return DIR_W;
    return dirs[sy + 1][sx + 1];
}

/* Links A to B in direction D (and B to A the other way); 0 with a message
 * when A already has another neighbour that way. */
static int link(compiler *c, const ast_node *at, int a, int b, int d)
{
    ruleset *rs = c->rs;
    int back = (d + 4) & 7;
    if ((rs->nbr[a][d] != TB_NO_CELL && rs->nbr[a][d] != b) || (rs->nbr[b][back] != TB_NO_CELL && rs->nbr[b][back] != a)) {
        int other = rs->nbr[a][d] != TB_NO_CELL && rs->nbr[a][d] != b ? rs->nbr[a][d] : rs->nbr[b][back];
        compile_error(c, at, "%s and %s would make a second line through %s in the same direction (another line "
                      "already links it to %s)", rs->cell_name[a], rs->cell_name[b],
                      rs->nbr[a][d] != TB_NO_CELL && rs->nbr[a][d] != b ? rs->cell_name[a] : rs->cell_name[b],
                      rs->cell_name[other]);
        return 0;
    }
    rs->nbr[a][d] = rs->ray[a][d] = (cell_id)b;
    rs->nbr[b][back] = rs->ray[b][back] = (cell_id)a;
    return 1;
}

void compile_lines(compiler *c, const ast_node *lines)
{
    ruleset *rs = c->rs;
    if (rs->topology != TOPO_SQUARE) {
        compile_error(c, lines, "`lines` applies to square boards only");
        return;
    }
    rs->grid = GRID_LINES;
    memset(&rs->playable, 0, sizeof rs->playable);
    for (int cell = 0; cell < rs->ncells; cell++)
        for (int d = 0; d < TB_MAX_DIRS; d++) rs->nbr[cell][d] = rs->ray[cell][d] = TB_NO_CELL;
    for (int i = 0; i < lines->nkids; i++) {
        const ast_node *line = lines->kids[i];
        if (line->kind != AST_LIST) continue; /* the checker said so */
        if (line->nkids < 2) {
            compile_error(c, line, "a line links at least two points");
            continue;
        }
        int prev = -1, dir = -1;
        for (int k = 0; k < line->nkids; k++) {
            int cell = compile_cell(c, line->kids[k]);
            if (cell < 0) break;
            cellset_add(&rs->playable, cell);
            if (prev >= 0) {
                int d = direction_between(rs, prev, cell);
                if (d < 0 || (dir >= 0 && d != dir)) {
                    compile_error(c, line->kids[k], "%s does not follow %s along a straight line%s", rs->cell_name[cell],
                                  rs->cell_name[prev], d < 0 ? " (a row, a column or a diagonal)" : " in the line's direction");
                    break;
                }
                dir = d;
                if (!link(c, line->kids[k], prev, cell, d)) break;
            }
            prev = cell;
        }
    }
}
