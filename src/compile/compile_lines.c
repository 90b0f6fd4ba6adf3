/* compile_lines.c - boards of points on lines: `(lines [a1 d1 g1] ...)` on a
 * square board keeps only the cells the lines name, and links two cells
 * only where they follow each other on a line. Each link keeps its compass
 * direction (from the cells' columns and rows), so that steps, slides,
 * lines of pieces and connections read the board as any other.
 * `(links [a1 b3 ne] ...)` names each link and its direction itself: a
 * board of any shape, drawn where its cells lie on the grid. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"

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
static int link(compiler *c, const ast_node *at, int a, int b, int d, const char *noun)
{
    ruleset *rs = c->rs;
    int back = (d + 4) & 7;
    if ((rs->nbr[a][d] != TB_NO_CELL && rs->nbr[a][d] != b) || (rs->nbr[b][back] != TB_NO_CELL && rs->nbr[b][back] != a)) {
        int other = rs->nbr[a][d] != TB_NO_CELL && rs->nbr[a][d] != b ? rs->nbr[a][d] : rs->nbr[b][back];
        compile_error(c, at, "%s and %s would make a second %s through %s in the same direction (another %s "
                      "already links it to %s)", rs->cell_name[a], rs->cell_name[b], noun,
                      rs->nbr[a][d] != TB_NO_CELL && rs->nbr[a][d] != b ? rs->cell_name[a] : rs->cell_name[b],
                      noun, rs->cell_name[other]);
        return 0;
    }
    rs->nbr[a][d] = rs->ray[a][d] = (cell_id)b;
    rs->nbr[b][back] = rs->ray[b][back] = (cell_id)a;
    return 1;
}

/* The board keeps only the points and links that `lines` and `links` name:
 * none yet. 0 (with a message) where the board is not a grid of squares. */
static int points_only(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    if (rs->topology != TOPO_SQUARE || rs->grid == GRID_HEX) {
        compile_error(c, f, "`%s` applies to square boards only", f->text ? f->text : "lines");
        return 0;
    }
    if (rs->grid == GRID_LINES) return 1; /* `lines` came first */
    rs->grid = GRID_LINES;
    memset(&rs->playable, 0, sizeof rs->playable);
    for (int cell = 0; cell < rs->ncells; cell++)
        for (int d = 0; d < TB_MAX_DIRS; d++) rs->nbr[cell][d] = rs->ray[cell][d] = TB_NO_CELL;
    return 1;
}

void compile_links(compiler *c, const ast_node *links)
{
    ruleset *rs = c->rs;
    if (!points_only(c, links)) return;
    for (int i = 0; i < links->nkids; i++) {
        const ast_node *l = links->kids[i];
        if (l->kind != AST_LIST) continue; /* the checker said so */
        if (l->nkids != 3) {
            compile_error(c, l, "a link is [CELL CELL DIRECTION], as [a1 b3 ne]: %d word%s here", l->nkids,
                          l->nkids == 1 ? "" : "s");
            continue;
        }
        int a = compile_cell(c, l->kids[0]);
        int b = a < 0 ? -1 : compile_cell(c, l->kids[1]);
        if (b < 0) continue;
        const char *word = l->kids[2]->text ? l->kids[2]->text : "";
        int d = catalogue_word_index(word, CATALOGUE_COMPASS); /* in the order of DIR_ */
        if (d < 0) {
            compile_error(c, l->kids[2], "`%s` is not a compass direction: a link's direction is n, ne, e, se, s, sw, w or nw",
                          word);
            continue;
        }
        if (a == b) {
            compile_error(c, l->kids[1], "a link joins two different cells: %s twice", rs->cell_name[a]);
            continue;
        }
        cellset_add(&rs->playable, a);
        cellset_add(&rs->playable, b);
        link(c, l->kids[1], a, b, d, "link");
    }
    /* Links that go one way round a cycle would make a slide that way never end. */
    for (int d = 0; d < 8; d++)
        for (int cell = 0; cell < rs->ncells; cell++) {
            int at = rs->nbr[cell][d], steps = 0;
            while (at != TB_NO_CELL && at != cell && steps++ < rs->ncells) at = rs->nbr[at][d];
            if (at == cell) {
                char way[8];
                catalogue_word_at(CATALOGUE_COMPASS, d, way, sizeof way);
                compile_error(c, links, "the links going %s from %s come back to it: a slide that way would never "
                              "end (name one link of the cycle another way)", way, rs->cell_name[cell]);
                return;
            }
        }
}

void compile_lines(compiler *c, const ast_node *lines)
{
    ruleset *rs = c->rs;
    if (!points_only(c, lines)) return;
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
                if (!link(c, line->kids[k], prev, cell, d, "line")) break;
            }
            prev = cell;
        }
    }
}
