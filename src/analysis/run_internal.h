/* run_internal.h - what the runs' files share: thread contexts and running
 * a shard over them. */
#ifndef TABULA_RUN_INTERNAL_H
#define TABULA_RUN_INTERNAL_H

#include "parallel.h"
#include "run.h"

/* The contexts of the threads of a run: COUNT blocks of SIZE bytes, zeroed;
 * NULL when memory runs out. */
void **run_alloc_contexts(int count, size_t size);
void run_free_contexts(void **ctx, int count);

/* Runs the items of RES's shard over the contexts (one per thread) and
 * fills the info's outcome (done, interrupted, time, jobs). Returns 0 with
 * a message when the threads cannot be started. */
int run_execute(const run_opts *o, run_result *res, par_work work, void **ctx, const char *unit);

#endif
