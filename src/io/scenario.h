/* scenario.h - running scenario files: YAML cases that set up a position,
 * play moves and check the legal moves, the result and the state. */
#ifndef TABULA_SCENARIO_H
#define TABULA_SCENARIO_H

#include <stdio.h>
#include "lang/diag.h"

/* The seed of the dice of every case (engine_seed): fixed, so that a run is
 * repeatable, and so that `tabula diff` can write cases that replay its
 * search exactly. */
#define SCENARIO_SEED 1

typedef struct scenario_totals {
    int passed;   /* cases whose every expectation held */
    int failed;   /* cases with a failed expectation or a bad position or move */
    int broken;   /* files that could not be run at all */
    int io;       /* files that could not be read */
    /* When not NULL, called after each case with its name, the line where
     * it starts and whether it passed (for machine-readable reports). */
    void (*on_case)(void *ctx, const char *name, int line, int passed);
    void *ctx;
} scenario_totals;

/* Runs every case of the file at PATH. Failures and errors go to DIAGS's
 * stream as FILE:LINE:COL: diagnostics; with VERBOSE, passing cases print
 * "ok: NAME" on OUT. */
void scenario_run_file(const char *path, FILE *out, diag_sink *diags, int verbose, scenario_totals *totals);

/* The same for a scenario already in memory (fuzzing); takes SRC. A relative
 * `ruleset:` is taken relative to SRC's path. */
void scenario_run_source(src_file *src, FILE *out, diag_sink *diags, int verbose, scenario_totals *totals);

#endif
