/* topology_tiles.c - a hexagon of hexagonal tiles, each split into triangular
 * fields. Tiles use axial coordinates (x, y), +y up and +x up-right; tile
 * names are a column letter by x and a 1-based index by increasing y; field f
 * of a tile (clockwise from the top) touches the tile's side f. */
#include <stdio.h>
#include <string.h>

#include "topology.h"

/* Side directions clockwise from the top: side d of T touches side d+3 of T+D[d]. */
static const int side_dx[6] = { 0, 1, 1, 0, -1, -1 };
static const int side_dy[6] = { 1, 0, -1, -1, 0, 1 };

static int tile_at(int tile_of[16][16], int r, int x, int y)
{
    if (x < -r || x > r || y < -r || y > r || x + y < -r || x + y > r) return -1;
    return tile_of[x + r][y + r];
}

const char *topology_tiles(ruleset *rs, int radius, int fields)
{
    if (radius < 1 || radius > 4) return "a hexagon of tiles has a side of 1 to 4 tiles";
    if (fields != 6) return "a hexagonal tile has 6 fields";
    int r = radius - 1;
    int tile_of[16][16];
    int tx[64], ty[64], n = 0;
    for (int x = -r; x <= r; x++) {
        int index = 1;
        for (int y = -r; y <= r; y++) {
            tile_of[x + r][y + r] = -1;
            if (x + y < -r || x + y > r) continue;
            tile_of[x + r][y + r] = n;
            snprintf(rs->tile_name[n], sizeof rs->tile_name[n], "%c%d", 'a' + (x + r), index++);
            tx[n] = x;
            ty[n] = y;
            n++;
        }
    }
    if (n * 6 > TB_MAX_CELLS) return "too many fields for one board";
    rs->topology = TOPO_TILES;
    rs->tiles.on = 1;
    rs->ntiles = n;
    rs->ncells = n * 6;
    rs->width = n;
    rs->height = 6;
    rs->ndirs = 6;
    for (int t = 0; t < n; t++)
        for (int d = 0; d < 6; d++) {
            int o = tile_at(tile_of, r, tx[t] + side_dx[d], ty[t] + side_dy[d]);
            rs->tile_side[t][d] = o < 0 ? TB_NO_TILE : (uint8_t)o;
        }
    for (int t = 0; t < n; t++)
        for (int f = 0; f < 6; f++) {
            int cell = t * 6 + f;
            char tile[sizeof rs->tile_name[t]]; /* a copy: snprintf may not read what it writes into */
            memcpy(tile, rs->tile_name[t], sizeof tile);
            snprintf(rs->cell_name[cell], sizeof rs->cell_name[cell], "%.8s.%c", tile, (char)('0' + f));
            rs->cell_tile[cell] = (uint8_t)t;
            cellset_add(&rs->playable, cell);
            int across = rs->tile_side[t][f];
            rs->edge[cell][0] = (cell_id)(t * 6 + (f + 5) % 6);
            rs->edge[cell][1] = (cell_id)(t * 6 + (f + 1) % 6);
            rs->edge[cell][2] = across == TB_NO_TILE ? TB_NO_CELL : (cell_id)(across * 6 + (f + 3) % 6);
            /* The six same-colour fields touching this one at a corner. */
            int before = rs->tile_side[t][(f + 5) % 6], after = rs->tile_side[t][(f + 1) % 6];
            int target_tile[6] = { t, t, across, across, before, after };
            int target_field[6] = { f + 2, f + 4, f + 2, f + 4, f + 2, f + 4 };
            for (int k = 0; k < 6; k++)
                rs->nbr[cell][k] = target_tile[k] == TB_NO_TILE
                                       ? TB_NO_CELL
                                       : (cell_id)(target_tile[k] * 6 + target_field[k] % 6);
        }
    return NULL;
}
