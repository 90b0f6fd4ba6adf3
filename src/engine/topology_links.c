/* topology_links.c - boards of hexagonal cells, and boards whose diagonals
 * exist only on alternate points: both are the square grid (topology_square)
 * with some of its links taken away, so that regions, numbering, notation
 * and the move generators work on them unchanged.
 *
 * A hex board in axial coordinates: cell (c, r) touches (c, r +- 1),
 * (c +- 1, r) and one diagonal pair, (c + 1, r + 1) and (c - 1, r - 1): on
 * the grid, n s e w ne sw. Drawn with each row half a cell left of the row
 * below, those six are the cells around it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topology.h"

/* Takes the link of CELL in direction D out of both tables. */
static void unlink_dir(ruleset *rs, int cell, int d)
{
    rs->nbr[cell][d] = rs->ray[cell][d] = TB_NO_CELL;
}

const char *topology_hex(ruleset *rs, int columns, int rows)
{
    if (columns < 1 || columns > 26) return "a hex board has 1 to 26 columns";
    if (rows < 1 || rows > 99) return "a hex board has 1 to 99 rows";
    const char *why = topology_square(rs, columns, rows);
    if (why) return why;
    rs->grid = GRID_HEX;
    for (int cell = 0; cell < rs->ncells; cell++) {
        unlink_dir(rs, cell, DIR_SE);
        unlink_dir(rs, cell, DIR_NW);
    }
    return NULL;
}

/* The hex distance from the centre of a rhombus of side 2R - 1: the axial
 * coordinates q, r from the centre, and the third one q - r (the diagonal
 * links join (q, r) to (q + 1, r + 1), which keeps q - r). */
static int from_centre(int col, int row, int radius)
{
    int q = col - (radius - 1), r = row - (radius - 1);
    int m = abs(q) > abs(r) ? abs(q) : abs(r);
    return abs(q - r) > m ? abs(q - r) : m;
}

const char *topology_hexagon(ruleset *rs, int radius)
{
    /* 2R - 1 columns of letters, and (2R - 1)^2 cells in the tables. */
    if (radius < 1 || radius > 11) return "a hexagon of hex cells has 1 to 11 cells a side";
    int side = 2 * radius - 1;
    const char *why = topology_hex(rs, side, side);
    if (why) return why;
    rs->hexagon = 1;
    for (int cell = 0; cell < rs->ncells; cell++)
        if (from_centre(rs->cell_col[cell], rs->cell_row[cell], radius) > radius - 1)
            cellset_remove(&rs->playable, cell);
    topology_drop_unplayable(rs);
    return NULL;
}

void topology_drop_unplayable(ruleset *rs)
{
    for (int cell = 0; cell < rs->ncells; cell++)
        for (int d = 0; d < rs->ndirs; d++)
            if (rs->nbr[cell][d] != TB_NO_CELL && !cellset_has(&rs->playable, rs->nbr[cell][d]))
                rs->nbr[cell][d] = TB_NO_CELL;
}

void topology_alternate_diagonals(ruleset *rs)
{
    rs->grid = GRID_ALTERNATE;
    for (int cell = 0; cell < rs->ncells; cell++)
        if ((rs->cell_col[cell] + rs->cell_row[cell]) % 2 != 0)
            for (int d = DIR_NE; d < 8; d += 2) unlink_dir(rs, cell, d);
}

/* ---- direction words -------------------------------------------------- */

static int hex_link(int d)
{
    return d != DIR_SE && d != DIR_NW;
}

/* The six links, or -1 when the word is not a direction or names a
 * direction the board has no link in; *missing (when not NULL) gets that
 * direction, or -1 for a word unknown or diagonal by itself. */
static int hex_directions(const char *word, int forward, uint8_t *out, int *missing)
{
    static const uint8_t six[6] = { DIR_N, DIR_NE, DIR_E, DIR_S, DIR_SW, DIR_W };
    if (missing) *missing = -1;
    if (strcmp(word, "any") == 0 || strcmp(word, "orthogonal") == 0) {
        memcpy(out, six, sizeof six);
        return 6;
    }
    if (strncmp(word, "diagonal", 8) == 0) return -1;
    int nd = topology_square_directions(word, forward, out);
    for (int k = 0; k < nd; k++)
        if (!hex_link(out[k])) {
            if (missing) *missing = out[k];
            return -1;
        }
    return nd;
}

int topology_grid_directions(const ruleset *rs, const char *word, int forward, uint8_t *out)
{
    if (rs->grid == GRID_HEX) return hex_directions(word, forward, out, NULL);
    return topology_square_directions(word, forward, out);
}

void topology_direction_refusal(const ruleset *rs, const char *word, int player, char *buf, size_t size)
{
    static const char *const compass[8] = { "n", "ne", "e", "se", "s", "sw", "w", "nw" };
    uint8_t out[8];
    int missing = -1;
    if (rs->grid != GRID_HEX) {
        snprintf(buf, size, "`%s` is not a direction on a square board", word);
        return;
    }
    const char *six = "its cells' six neighbours are n ne e s sw w (`any`)";
    int forward = rs->forward[player - 1];
    hex_directions(word, forward, out, &missing);
    if (missing >= 0 && strcmp(word, compass[missing]) != 0)
        snprintf(buf, size, "`%s` is %s for player %d (forward:%s), not a direction on a hex board: %s", word,
                 compass[missing], player, compass[forward], six);
    else if (missing >= 0 || strncmp(word, "diagonal", 8) == 0)
        snprintf(buf, size, "`%s` is not a direction on a hex board: %s", word, six);
    else
        snprintf(buf, size, "`%s` is not a direction on a hex board", word);
}
