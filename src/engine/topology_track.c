/* topology_track.c - a ring of points named 1..N along player 1's path. */
#include <stdio.h>

#include "topology.h"

const char *topology_track(ruleset *rs, int points)
{
    if (points < 2 || points > 200) return "a track has 2 to 200 points";
    rs->topology = TOPO_TRACK;
    rs->ncells = points;
    rs->ndirs = 0;
    rs->track.bar = rs->track.off = -1; /* until `enter` and `bear-off` name them */
    for (int i = 0; i < points; i++) {
        snprintf(rs->cell_name[i], sizeof rs->cell_name[i], "%d", i + 1);
        cellset_add(&rs->playable, i);
    }
    return NULL;
}

int topology_track_own_point(const ruleset *rs, int player, int k)
{
    return (rs->track_start[player - 1] + k - 1) % rs->ncells;
}
