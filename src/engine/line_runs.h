/* line_runs.h - lines of N pieces read on bit sets: the runs of N linked
 * cells through each cell of a small board, prepared once (line_runs.c),
 * for `(remove-on-line N ...)` and the `(line N ...)` end condition. On a
 * board they do not fit (more than 64 cells, links one way only) the cells
 * are walked instead. */
#ifndef TABULA_LINE_RUNS_H
#define TABULA_LINE_RUNS_H

#include "ruleset.h"

/* Prepares the tables for the lengths the rules read (rs->line_removes_runs,
 * each line end's `runs`); -1 where a table does not fit. */
void line_runs_prepare(ruleset *rs);

/* 1 when the cells OWN (a player's, as bits) hold a run of T through CELL;
 * with EXACT, one whose cells just beyond are not OWN's: a line of exactly
 * T's length. */
static inline int line_runs_through(const line_runs *t, uint64_t own, int cell, int exact)
{
    for (int k = 0; k < t->nthrough[cell]; k++) {
        int id = t->through[cell][k];
        if ((t->run[id] & own) == t->run[id] && (!exact || !(t->beyond[id] & own))) return 1;
    }
    return 0;
}

#endif
