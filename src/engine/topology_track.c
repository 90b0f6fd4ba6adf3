/* topology_track.c - a ring of points named 1..N; each player's path runs
 * round it from their start, up or down the point numbers. */
#include <stdio.h>

#include "topology.h"

const char *topology_track(ruleset *rs, int points)
{
    if (points < 2 || points > 200) return "a track has 2 to 200 points";
    rs->topology = TOPO_TRACK;
    rs->track.on = 1;
    rs->ncells = points;
    rs->ndirs = 0;
    rs->track_len[0] = rs->track_len[1] = points; /* until `length:` says otherwise */
    rs->track.bar = rs->track.off = rs->track.start_place = -1; /* until `enter` and `bear-off` name them */
    for (int i = 0; i < points; i++) {
        snprintf(rs->cell_name[i], sizeof rs->cell_name[i], "%d", i + 1);
        cellset_add(&rs->playable, i);
    }
    return NULL;
}

int topology_track_own_point(const ruleset *rs, int player, int k)
{
    if (rs->track_listed[player - 1]) return rs->track.path[player - 1][k - 1]; /* `path:` lists them */
    int n = rs->ncells, step = rs->track_step[player - 1] < 0 ? -1 : 1;
    return ((rs->track_start[player - 1] + step * (k - 1)) % n + n) % n;
}

const char *topology_track_grid(ruleset *rs, int columns, int rows)
{
    if (columns < 1 || columns > 26 || rows < 1 || rows > 26) return "a grid of points has 1 to 26 columns and rows";
    if (columns * rows > 225) return "a grid of points has at most 225 cells (15 x 15)";
    rs->topology = TOPO_TRACK;
    rs->track.on = 1;
    rs->track_grid = 1;
    rs->width = columns;
    rs->height = rows;
    rs->ncells = columns * rows;
    rs->ndirs = 0;
    rs->track_len[0] = rs->track_len[1] = rs->ncells; /* until `path:` lists each player's */
    rs->track.bar = rs->track.off = rs->track.start_place = -1;
    topology_grid_cells(rs, columns, rows);
    return NULL;
}
