/* topology.h - building the cell tables of the board shapes: square grids
 * (and the boards of other shapes on them), tracks and tiles. */
#ifndef TABULA_TOPOLOGY_H
#define TABULA_TOPOLOGY_H

#include <stddef.h>

#include "ruleset.h"

/* Each returns 0 on success, or a message (static string) saying why the
 * size is not possible. */
const char *topology_square(ruleset *rs, int columns, int rows);
const char *topology_track(ruleset *rs, int points);
/* A track whose points are the cells of a grid, named as on a square board
 * (a1 bottom left); each player's path is a list of them (`path:`). */
const char *topology_track_grid(ruleset *rs, int columns, int rows);
const char *topology_tiles(ruleset *rs, int radius, int fields);
/* The cells of a COLUMNS by ROWS grid, named a1 (bottom left) onwards, with
 * their columns and rows, all playable (square boards and track grids). */
void topology_grid_cells(ruleset *rs, int columns, int rows);
/* Boards of other shapes on the square grid (topology_links.c): a rhombus of
 * hexagonal cells, COLUMNS by ROWS; a hexagon of them, RADIUS cells a side
 * (the rhombus of side 2 * RADIUS - 1 without its two acute corners). */
const char *topology_hex(ruleset *rs, int columns, int rows);
const char *topology_hexagon(ruleset *rs, int radius);
/* Takes the diagonal links of a square grid away from the points where
 * column + row is odd: the lines of a board whose pieces stand on points. */
void topology_alternate_diagonals(ruleset *rs);
/* Takes the unplayable cells out of the neighbour tables (nbr), so that the
 * generator never has to test for them; the rays keep them. */
void topology_drop_unplayable(ruleset *rs);

/* Square: the direction index of a player-relative or compass word, relative
 * to FORWARD; fills OUT with up to 8 directions and returns the count, or -1
 * when the word is not a square-board direction. */
int topology_square_directions(const char *word, int forward, uint8_t *out);
/* The same on the grid of RS: on a hex board `any` and `orthogonal` are its
 * six links, and a word that names a direction without links (`diagonal`,
 * `se`, a player's `forward-left` ...) is -1 too. */
int topology_grid_directions(const ruleset *rs, const char *word, int forward, uint8_t *out);
/* Why topology_grid_directions refused WORD for PLAYER (1 or 2). */
void topology_direction_refusal(const ruleset *rs, const char *word, int player, char *buf, size_t size);

/* Track: the cell of a player's own point K (1-based). */
int topology_track_own_point(const ruleset *rs, int player, int k);

#endif
