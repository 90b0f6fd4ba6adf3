/* parallel.h - long runs over numbered items (games, root moves) on J
 * threads, with a progress line and a clean stop on Ctrl-C.
 *
 * Items are handed out in small batches from a shared counter; what an item
 * gives depends on its number alone (each game's generator is derived from
 * the run's seed and the game's number), and each thread adds into its own
 * totals, which are summed at the end: the results are the same whatever J
 * and whichever thread played which item. */
#ifndef TABULA_PARALLEL_H
#define TABULA_PARALLEL_H

#include <stdio.h>

#define PAR_MAX_JOBS 256

/* Does item ITEM with the thread's context CTX; returns 1 when it finished,
 * 0 when it was stopped half way (par_stopping()) and must not count. */
typedef int (*par_work)(void *ctx, long item);

typedef struct par_run {
    int jobs;             /* threads, 1..PAR_MAX_JOBS */
    long first, end;      /* the items first .. end-1 */
    par_work work;
    void **ctx;           /* one context per thread, made by the caller */
    const char *unit;     /* what an item is, for the progress line ("games") */
    FILE *progress;       /* where the progress line goes, or NULL for none */
} par_run;

typedef struct par_outcome {
    long done;            /* items finished */
    int interrupted;      /* Ctrl-C (SIGINT) stopped the run */
    double seconds;       /* wall-clock time of the run */
} par_outcome;

/* Runs the items; returns when all are done or a Ctrl-C stopped the run
 * (each thread finishes or abandons its item first). A second Ctrl-C ends
 * the program at once. Returns 0 when a thread could not be started. */
int par_execute(const par_run *run, par_outcome *out);

/* 1 once a Ctrl-C asked the run to stop: long items poll it. */
int par_stopping(void);

/* The progress line's stream: stderr when it is a terminal, else NULL. */
FILE *par_progress_stream(void);

/* A monotonic clock in seconds. */
double par_clock(void);

/* Exit status of a run stopped by Ctrl-C, after its partial summary
 * (128 + SIGINT, as shells report it). */
#define PAR_EXIT_INTERRUPTED 130

#endif
