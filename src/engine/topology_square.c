/* topology_square.c - rectangular grids: cells a1.., eight compass neighbours,
 * and the player-relative direction words. */
#include <stdio.h>
#include <string.h>

#include "topology.h"

static const int dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int dy[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };

void topology_grid_cells(ruleset *rs, int columns, int rows)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < columns; c++) {
            int cell = r * columns + c;
            snprintf(rs->cell_name[cell], sizeof rs->cell_name[cell], "%c%d", 'a' + c, r + 1);
            rs->cell_col[cell] = (uint8_t)c;
            rs->cell_row[cell] = (uint8_t)r;
            cellset_add(&rs->playable, cell);
        }
}

const char *topology_square(ruleset *rs, int columns, int rows)
{
    if (columns < 1 || columns > 26) return "a square board has 1 to 26 columns";
    if (rows < 1 || rows > 99) return "a square board has 1 to 99 rows";
    if (columns * rows > TB_MAX_CELLS) return "a board has at most " TB_MAX_CELLS_TEXT " cells";
    rs->topology = TOPO_SQUARE;
    rs->width = columns;
    rs->height = rows;
    rs->ncells = columns * rows;
    rs->ndirs = 8;
    topology_grid_cells(rs, columns, rows);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < columns; c++) {
            int cell = r * columns + c;
            for (int d = 0; d < 8; d++) {
                int nc = c + dx[d], nr = r + dy[d];
                rs->ray[cell][d] = rs->nbr[cell][d] = (nc >= 0 && nc < columns && nr >= 0 && nr < rows)
                                       ? (cell_id)(nr * columns + nc) : TB_NO_CELL;
            }
        }
    return NULL;
}

/* Offsets (in eighths of a turn, clockwise) from a player's forward. */
static const struct {
    const char *word;
    uint8_t n;
    uint8_t offsets[4];
    uint8_t absolute; /* offsets are compass directions, not relative */
} words[] = {
    { "forward", 1, { 0 }, 0 },           { "forward-right", 1, { 1 }, 0 },
    { "right", 1, { 2 }, 0 },             { "backward-right", 1, { 3 }, 0 },
    { "backward", 1, { 4 }, 0 },          { "backward-left", 1, { 5 }, 0 },
    { "left", 1, { 6 }, 0 },              { "forward-left", 1, { 7 }, 0 },
    { "diagonal-forward", 2, { 7, 1 }, 0 }, { "diagonal-backward", 2, { 3, 5 }, 0 },
    { "diagonal", 4, { 1, 3, 5, 7 }, 1 }, { "orthogonal", 4, { 0, 2, 4, 6 }, 1 },
    { "sideways", 2, { 2, 6 }, 0 },
    { "n", 1, { DIR_N }, 1 },  { "ne", 1, { DIR_NE }, 1 }, { "e", 1, { DIR_E }, 1 },
    { "se", 1, { DIR_SE }, 1 }, { "s", 1, { DIR_S }, 1 },  { "sw", 1, { DIR_SW }, 1 },
    { "w", 1, { DIR_W }, 1 },  { "nw", 1, { DIR_NW }, 1 },
};

int topology_square_directions(const char *word, int forward, uint8_t *out)
{
    if (strcmp(word, "any") == 0) {
        for (int d = 0; d < 8; d++) out[d] = (uint8_t)d;
        return 8;
    }
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (strcmp(words[i].word, word) != 0) continue;
        for (int k = 0; k < words[i].n; k++)
            out[k] = words[i].absolute ? words[i].offsets[k]
                                       : (uint8_t)((forward + words[i].offsets[k]) & 7);
        return words[i].n;
    }
    return -1;
}
