/* topology.h - building the cell tables of the three board shapes. */
#ifndef TABULA_TOPOLOGY_H
#define TABULA_TOPOLOGY_H

#include "ruleset.h"

/* Each returns 0 on success, or a message (static string) saying why the
 * size is not possible. */
const char *topology_square(ruleset *rs, int columns, int rows);
const char *topology_track(ruleset *rs, int points);
const char *topology_tiles(ruleset *rs, int radius, int fields);

/* Square: the direction index of a player-relative or compass word, relative
 * to FORWARD; fills OUT with up to 8 directions and returns the count, or -1
 * when the word is not a square-board direction. */
int topology_square_directions(const char *word, int forward, uint8_t *out);

/* Track: the cell of a player's own point K (1-based). */
int topology_track_own_point(const ruleset *rs, int player, int k);

#endif
