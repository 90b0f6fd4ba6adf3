/* topology_track.c - a ring of points named 1..N; each player's path runs
 * round it from their start, up or down the point numbers. */
#include <stdio.h>

#include "topology.h"

const char *topology_track(ruleset *rs, int points)
{
    if (points < 2 || points > 200) return "a track has 2 to 200 points";
    rs->topology = TOPO_TRACK;
    rs->ncells = points;
    rs->ndirs = 0;
    rs->track_len[0] = rs->track_len[1] = points; /* until `length:` says otherwise */
    rs->track.bar = rs->track.off = -1; /* until `enter` and `bear-off` name them */
    for (int i = 0; i < points; i++) {
        snprintf(rs->cell_name[i], sizeof rs->cell_name[i], "%d", i + 1);
        cellset_add(&rs->playable, i);
    }
    return NULL;
}

int topology_track_own_point(const ruleset *rs, int player, int k)
{
    int n = rs->ncells, step = rs->track_step[player - 1] < 0 ? -1 : 1;
    return ((rs->track_start[player - 1] + step * (k - 1)) % n + n) % n;
}
