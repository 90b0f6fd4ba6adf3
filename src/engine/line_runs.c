/* line_runs.c - the runs of N linked cells as bit sets (line_runs.h). */
#include "line_runs.h"

#include <string.h>

/* 0 when some link has no link back: the walk reads each axis both ways,
 * and the runs must see the same lines. */
static int links_go_both_ways(const ruleset *rs)
{
    for (int cell = 0; cell < rs->ncells; cell++)
        for (int d = 0; d < 8; d++) {
            int next = rs->nbr[cell][d];
            if (next != TB_NO_CELL && rs->nbr[next][(d + 4) & 7] != cell) return 0;
        }
    return 1;
}

static int build(const ruleset *rs, line_runs *t, int n)
{
    memset(t->nthrough, 0, sizeof t->nthrough);
    t->n = (uint8_t)n;
    t->nruns = 0;
    for (int cell = 0; cell < rs->ncells; cell++)
        for (int d = 0; d < 4; d++) {
            uint64_t run = 0;
            int c = cell, k = 0, last = cell;
            for (; k < n && c != TB_NO_CELL; k++) {
                run |= 1ull << c;
                last = c;
                c = rs->nbr[c][d];
            }
            if (k < n || !cellset_has(&rs->playable, cell)) continue;
            if (t->nruns == TB_MAX_LINE_RUNS) return 0;
            int id = t->nruns++, before = rs->nbr[cell][d + 4], after = rs->nbr[last][d];
            t->run[id] = run;
            t->beyond[id] = (before == TB_NO_CELL ? 0 : 1ull << before) | (after == TB_NO_CELL ? 0 : 1ull << after);
            for (uint64_t bits = run; bits; bits &= bits - 1) {
                int through = __builtin_ctzll(bits);
                if (t->nthrough[through] == TB_MAX_RUNS_THROUGH) return 0;
                t->through[through][t->nthrough[through]++] = (uint8_t)id;
            }
        }
    return 1;
}

/* The table of length N, built when new; -1 when it does not fit. */
static int table_of(ruleset *rs, int n)
{
    for (int i = 0; i < rs->nrun_tables; i++)
        if (rs->runs[i].n == n) return i;
    if (rs->nrun_tables == TB_MAX_RUN_TABLES || !build(rs, &rs->runs[rs->nrun_tables], n)) return -1;
    return rs->nrun_tables++;
}

void line_runs_prepare(ruleset *rs)
{
    rs->nrun_tables = 0;
    rs->line_removes_runs = -1;
    for (int i = 0; i < rs->nends; i++) rs->ends[i].runs = -1;
    if (rs->topology != TOPO_SQUARE || rs->ncells > 64 || rs->ndirs != 8 || !links_go_both_ways(rs)) return;
    if (rs->line_removes) rs->line_removes_runs = (int8_t)table_of(rs, rs->line_removes);
    for (int i = 0; i < rs->nends; i++)
        if (rs->ends[i].kind == END_LINE) rs->ends[i].runs = (int8_t)table_of(rs, rs->ends[i].moves);
}
