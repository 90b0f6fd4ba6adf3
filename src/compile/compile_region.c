/* compile_region.c - regions, cells and integers in rule files.
 *
 * A region is resolved for each player at compile time: `(rows 3..4)` is
 * rows 3-4 from player 1's side and rows 9-10 of a 12-row board for player 2. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "engine/topology.h"

int compile_is_offboard(const ruleset *rs, const char *name)
{
    for (int i = 0; i < rs->noffboard; i++)
        if (strcmp(rs->offboard[i], name) == 0) return 1;
    return 0;
}

int compile_int(compiler *c, const ast_node *v, long *out)
{
    if (!v) return 0;
    if (v->kind == AST_INT) {
        *out = v->lo;
        return 1;
    }
    if (compile_form_is(v, "opt", "@value") && v->nkids == 1 && v->kids[0]->kind == AST_NAME) {
        const char *name = v->kids[0]->text;
        for (int i = 0; i < c->rs->noptions; i++) {
            const option_value *o = &c->rs->options[i];
            if (strcmp(o->name, name) != 0) continue;
            if (!o->is_int) {
                compile_error(c, v->kids[0], "option `%s` is not an integer option", name);
                return 0;
            }
            *out = o->value;
            return 1;
        }
        if (compile_declared_in_error(c, name)) return 0;
        const char *names[TB_MAX_OPTIONS];
        for (int i = 0; i < c->rs->noptions; i++) names[i] = c->rs->options[i].name;
        const char *best = diag_nearest(name, names, c->rs->noptions);
        if (best)
            compile_error(c, v->kids[0], "unknown option `%s`; did you mean `%s`?", name, best);
        else
            compile_error(c, v->kids[0], "unknown option `%s` (declare it with `(option %s ...)`)", name, name);
        return 0;
    }
    compile_error(c, v, "expected an integer");
    return 0;
}

int compile_cell(compiler *c, const ast_node *v)
{
    char name[32];
    if (v->kind == AST_INT) snprintf(name, sizeof name, "%ld", v->lo);
    else if (v->kind == AST_NAME) snprintf(name, sizeof name, "%s", v->text);
    else {
        compile_error(c, v, "expected a cell name");
        return -1;
    }
    int cell = ruleset_cell_named(c->rs, name);
    if (cell >= 0) return cell;
    char why[640];
    ruleset_no_cell_text(c->rs, name, why, sizeof why);
    compile_error(c, v, "%s", why);
    return -1;
}

/* The player-relative row (1 = the player's own first row) of CELL. */
static int relative_row(const ruleset *rs, int player, int cell)
{
    int col = rs->cell_col[cell], row = rs->cell_row[cell];
    switch (rs->forward[player]) {
    case DIR_N: return row + 1;
    case DIR_S: return rs->height - row;
    case DIR_E: return col + 1;
    default: return rs->width - col;
    }
}

static int rows_in_direction(const ruleset *rs, int player)
{
    return rs->forward[player] == DIR_N || rs->forward[player] == DIR_S ? rs->height : rs->width;
}

static int need_topology(compiler *c, const ast_node *v, int topology, const char *what)
{
    if (c->rs->topology == topology) return 1;
    compile_error(c, v, "`%s` needs a %s board", v->text,  what);
    return 0;
}

static int range_of(compiler *c, const ast_node *v, long *lo, long *hi)
{
    if (v && v->kind == AST_RANGE) {
        *lo = v->lo;
        *hi = v->hi;
        return 1;
    }
    if (!compile_int(c, v, lo)) return 0;
    *hi = *lo;
    return 1;
}

/* (rows LO..HI columns:CLO..CHI) when ROWS, else (columns LO..HI): rows are
 * counted from each player's own side. */
static int lines_of_cells(compiler *c, const ast_node *v, int rows, cellset out[TB_MAX_PLAYERS])
{
    ruleset *rs = c->rs;
    long lo, hi;
    const ast_node *arg = compile_positional(v, 0);
    if (!need_topology(c, v, TOPO_SQUARE, "square") || !range_of(c, arg, &lo, &hi)) return 0;
    long clo = 1, chi = rs->width; /* `(rows ... columns:LO..HI)`: only in those columns */
    const ast_node *cols = rows ? ast_named(v, "columns") : NULL;
    if (cols && !range_of(c, cols, &clo, &chi)) return 0;
    if (cols && (clo < 1 || chi > rs->width || clo > chi)) {
        compile_error(c, cols, "columns %ld..%ld: the board has columns 1..%d", clo, chi, rs->width);
        return 0;
    }
    for (int p = 0; p < compile_sides(rs); p++) {
        int limit = rows ? rows_in_direction(rs, p) : rs->width;
        if (lo < 1 || hi > limit) {
            compile_error(c, arg, "%s %ld..%ld: the board has %s 1..%d", v->text, lo, hi, v->text, limit);
            return 0;
        }
        for (int cell = 0; cell < rs->ncells; cell++) {
            int k = rows ? relative_row(rs, p, cell) : rs->cell_col[cell] + 1;
            int col = rs->cell_col[cell] + 1;
            if (k >= lo && k <= hi && cellset_has(&rs->playable, cell) && col >= clo && col <= chi)
                cellset_add(&out[p], cell);
        }
    }
    if (cellset_empty(&out[0]) && cellset_empty(&out[1]))
        compile_warning(c, v, "`%s` holds no playable cell of this board", v->text);
    return 1;
}

int compile_region_rows(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS])
{
    return lines_of_cells(c, v, 1, out);
}

int compile_region_columns(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS])
{
    return lines_of_cells(c, v, 0, out);
}

int compile_region_cells(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS])
{
    return compile_region(c, compile_positional(v, 0), out);
}

/* (each ONE TWO): player 1's cells, then player 2's. */
int compile_region_each(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS])
{
    ruleset *rs = c->rs;
    if (compile_sides(rs) > 2) {
        compile_error(c, v, "`each` gives the cells of two players; this game has %d: name cells that hold "
                      "for every player (`cells`, `rows`, `far-row`)", rs->nplayers);
        return 0;
    }
    cellset one[TB_MAX_PLAYERS], two[TB_MAX_PLAYERS];
    memset(one, 0, sizeof one);
    memset(two, 0, sizeof two);
    if (!compile_region(c, compile_positional(v, 0), one) || !compile_region(c, compile_positional(v, 1), two)) return 0;
    for (int w = 0; w < TB_CELL_WORDS; w++) {
        out[0].w[w] |= one[0].w[w];
        out[1].w[w] |= two[1].w[w];
    }
    return 1;
}

/* (cell-at column:COL row:ROW): one cell, its row counted from each player's side. */
int compile_region_cell_at(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS])
{
    ruleset *rs = c->rs;
    if (!need_topology(c, v, TOPO_SQUARE, "square")) return 0;
    const ast_node *colv = ast_named(v, "column"), *rowv = ast_named(v, "row");
    long col = 0, row = 0;
    if (colv->kind == AST_NAME) {
        if (compile_word(v, "column") < 0) { /* `centre` or `center` */
            compile_error(c, colv, "`column:` takes a number or `centre`; got `%s`", colv->text);
            return 0;
        }
        if (rs->width % 2 == 0) {
            compile_error(c, colv, "a board %d columns wide has no centre column", rs->width);
            return 0;
        }
        col = rs->width / 2 + 1;
    } else if (!compile_int(c, colv, &col)) {
        return 0;
    }
    if (!compile_int(c, rowv, &row)) return 0;
    if (col < 1 || col > rs->width) {
        compile_error(c, colv, "column %ld is off the board (1..%d)", col, rs->width);
        return 0;
    }
    for (int p = 0; p < compile_sides(rs); p++) {
        if (row < 1 || row > rows_in_direction(rs, p)) {
            compile_error(c, rowv, "row %ld is off the board (1..%d)", row, rows_in_direction(rs, p));
            return 0;
        }
        for (int cell = 0; cell < rs->ncells; cell++)
            if (rs->cell_col[cell] + 1 == col && relative_row(rs, p, cell) == row) cellset_add(&out[p], cell);
    }
    return 1;
}

/* (own-points LO..HI): points of each player's own path, counted along it. */
int compile_region_own_points(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS])
{
    ruleset *rs = c->rs;
    long lo, hi;
    const ast_node *arg = compile_positional(v, 0);
    if (!need_topology(c, v, TOPO_TRACK, "track") || !range_of(c, arg, &lo, &hi)) return 0;
    if (lo < 1 || hi > rs->ncells) {
        compile_error(c, arg, "points %ld..%ld: the track has points 1..%d", lo, hi, rs->ncells);
        return 0;
    }
    for (int p = 0; p < compile_sides(rs); p++)
        if (hi > rs->track_len[p]) {
            if (rs->track_listed[p])
                compile_error(c, arg, "own point %ld is beyond the end of player %d's path (%d points, its `path:`)",
                              hi, p + 1, rs->track_len[p]);
            else
                compile_error(c, arg, "own point %ld is beyond the end of player %d's path (%d points, `length:%d`)",
                              hi, p + 1, rs->track_len[p], rs->track_len[p]);
            return 0;
        }
    for (int p = 0; p < compile_sides(rs); p++)
        for (long k = lo; k <= hi; k++) cellset_add(&out[p], topology_track_own_point(rs, p + 1, (int)k));
    return 1;
}

static int region_form(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS])
{
    compile_region_fn fn = compile_region_form(v);
    if (fn) return fn(c, v, out);
    compile_error(c, v, "`%s` is not a region", v->text);
    return 0;
}

/* 1 when CELL is in the built-in region NAME of a square board (its name
 * known): the `dark` and `light` cells of the two alternating colours (a1 dark, as with
 * `(playable dark)`), the four `corners`, the `centre` (the middle cell, or
 * the middle two columns and rows where the board has no middle one). */
static int in_board_region(const ruleset *rs, int name, int cell)
{
    int col = rs->cell_col[cell], row = rs->cell_row[cell], w = rs->width, h = rs->height;
    if (name == W_REGION_DARK || name == W_REGION_LIGHT) return ((col + row) % 2 == 0) == (name == W_REGION_DARK);
    if (name == W_REGION_CORNERS) return (col == 0 || col == w - 1) && (row == 0 || row == h - 1);
    return (col == (w - 1) / 2 || col == w / 2) && (row == (h - 1) / 2 || row == h / 2); /* centre */
}

/* The built-in regions of square boards (in_board_region) by name: 1 when V
 * names one (OUT filled), -1 when it names one of a board that is no square
 * one (an error given), 0 when it names none. */
static int board_region(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS])
{
    const ruleset *rs = c->rs;
    int name = catalogue_word_index(v->text, CATALOGUE_REGION_WORDS);
    if (name != W_REGION_DARK && name != W_REGION_LIGHT && name != W_REGION_CORNERS && name != W_REGION_CENTRE)
        return 0; /* none of them, or `far-row` or `all`, which compile_region reads */
    if (!need_topology(c, v, TOPO_SQUARE, "square")) return -1;
    for (int cell = 0; cell < rs->ncells; cell++)
        if (cellset_has(&rs->playable, cell) && in_board_region(rs, name, cell)) {
            for (int p = 0; p < compile_sides(rs); p++) cellset_add(&out[p], cell);
        }
    if (cellset_empty(&out[0])) compile_warning(c, v, "`%s` holds no playable cell of this board", v->text);
    return 1;
}

int compile_region(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS])
{
    ruleset *rs = c->rs;
    memset(out, 0, TB_MAX_PLAYERS * sizeof *out);
    if (!v) return 0;
    if (v->kind == AST_FORM) return region_form(c, v, out);
    if (v->kind == AST_LIST) {
        int ok = 1;
        for (int i = 0; i < v->nkids; i++) {
            int cell = compile_cell(c, v->kids[i]);
            if (cell < 0) { ok = 0; continue; }
            for (int p = 0; p < compile_sides(rs); p++) cellset_add(&out[p], cell);
        }
        return ok;
    }
    if (v->kind == AST_NAME) {
        for (int i = 0; i < rs->nregions; i++)
            if (strcmp(rs->regions[i].name, v->text) == 0) {
                for (int p = 0; p < TB_MAX_PLAYERS; p++) out[p] = rs->regions[i].cells[p];
                return 1;
            }
        if (compile_declared_in_error(c, v->text)) return 0; /* its error is reported */
        int word = catalogue_word_index(v->text, CATALOGUE_REGION_WORDS);
        if (word == W_REGION_FAR_ROW) {
            if (!need_topology(c, v, TOPO_SQUARE, "square")) return 0;
            for (int p = 0; p < compile_sides(rs); p++)
                for (int cell = 0; cell < rs->ncells; cell++)
                    if (relative_row(rs, p, cell) == rows_in_direction(rs, p) && cellset_has(&rs->playable, cell))
                        cellset_add(&out[p], cell);
            return 1;
        }
        if (word == W_REGION_ALL) {
            for (int p = 0; p < compile_sides(rs); p++) out[p] = rs->playable;
            return 1;
        }
        int builtin = board_region(c, v, out);
        if (builtin) return builtin > 0;
        int cell = ruleset_cell_named(rs, v->text);
        if (cell >= 0) {
            for (int p = 0; p < compile_sides(rs); p++) cellset_add(&out[p], cell);
            return 1;
        }
        if (compile_is_offboard(rs, v->text)) {
            compile_error(c, v, "`%s` is a place off the board, not cells of it: a region is cells of the board",
                          v->text);
            return 0;
        }
        const char *names[TB_MAX_REGIONS + 6];
        int n = 0;
        for (int i = 0; i < rs->nregions; i++) names[n++] = rs->regions[i].name;
        names[n++] = "far-row";
        names[n++] = "all";
        names[n++] = "dark";
        names[n++] = "light";
        names[n++] = "corners";
        names[n++] = "centre";
        const char *best = diag_nearest(v->text, names, n);
        if (best) compile_error(c, v, "unknown region `%s`; did you mean `%s`?", v->text, best);
        else compile_error(c, v, "unknown region `%s` (declare it in `(regions ...)`)", v->text);
        return 0;
    }
    if (v->kind == AST_INT) {
        int cell = compile_cell(c, v);
        if (cell < 0) return 0;
        for (int p = 0; p < compile_sides(rs); p++) cellset_add(&out[p], cell);
        return 1;
    }
    compile_error(c, v, "expected a region");
    return 0;
}
