/* perft_run.c - perft split at the root: each root move is an item of the
 * run, counted by one thread to every depth in a single walk (the count of
 * depth d is the number of legal moves summed over the positions d-1 moves
 * deep). The totals are sums over root moves: the same whatever J, and the
 * shards of a run (root moves split K/N) add up to the whole. */
#include "run.h"

#include <stdlib.h>
#include <string.h>

#include "run_internal.h"

typedef struct perft_ctx {
    const ruleset *rs;
    const state *root;       /* the position, shared, never written */
    const move *moves;       /* its legal moves, shared */
    int depth;
    move_list lists[PERFT_MAX_DEPTH]; /* one per depth, this thread's */
    int error;               /* a moves_error that stopped this thread */
    uint64_t counts[PERFT_MAX_DEPTH]; /* this thread's sums per depth */
    perft_result *f;         /* root_count[i] and root_done[i] are written by item i's thread alone */
} perft_ctx;

static int perft_work(void *arg, long item)
{
    perft_ctx *c = arg;
    uint64_t counts[PERFT_MAX_DEPTH] = { 1 }; /* depth 1: the root move itself */
    if (c->depth > 1) {
        state st = *c->root;
        engine_apply(c->rs, &st, &c->moves[item], NULL);
        if (!perft_walk(c->rs, &st, c->depth - 1, counts + 1, c->lists, par_stopping)) {
            c->error = move_lists_error(c->lists, c->depth);
            return 0;
        }
    }
    for (int d = 0; d < c->depth; d++) c->counts[d] += counts[d];
    c->f->root_count[item] = counts[c->depth - 1];
    c->f->root_done[item] = 1;
    return 1;
}

int run_perft(const ruleset *rs, const state *root, const run_opts *o, run_result *res)
{
    perft_result *f = &res->perft;
    move_list root_moves = MOVE_LIST_INIT;
    state start = *root; /* a player blocked and put out there: the next one's turn, as `moves` shows */
    int n = engine_legal(rs, &start, &root_moves);
    while (n == 0 && !root_moves.error && perft_step_over(rs, &start)) n = engine_legal(rs, &start, &root_moves);
    root = &start;
    if (root_moves.error) {
        fprintf(stderr, "tabula perft: error: %s\n", moves_error_text(root_moves.error));
        move_list_free(&root_moves);
        return 0;
    }
    const move *moves = root_moves.m;
    res->info.total = n;
    int ok = perft_result_alloc(f, n);
    for (int i = 0; ok && i < n; i++) move_notation(rs, &moves[i], f->root_text[i], sizeof f->root_text[i]);
    void **ctx = ok ? run_alloc_contexts(o->jobs, sizeof(perft_ctx)) : NULL;
    ok = ctx != NULL;
    for (int t = 0; ok && t < o->jobs; t++) {
        perft_ctx *c = ctx[t];
        c->rs = rs;
        c->root = root;
        c->moves = moves;
        c->depth = f->depth;
        c->f = f;
        for (int d = 0; ok && d < f->depth; d++) ok = move_list_reserve(&c->lists[d], TB_MOVES_INITIAL);
    }
    if (!ok) fprintf(stderr, "tabula perft: error: out of memory\n");
    else ok = run_execute(o, res, perft_work, ctx, "root moves");
    memset(f->counts, 0, sizeof f->counts);
    int error = MOVES_OK;
    for (int t = 0; ctx && t < o->jobs; t++) {
        perft_ctx *c = ctx[t];
        for (int d = 0; d < f->depth; d++) f->counts[d] += c->counts[d];
        if (c->error && !error) error = c->error;
        move_lists_free(c->lists, PERFT_MAX_DEPTH);
    }
    if (ok && error) { /* never a partial count */
        fprintf(stderr, "tabula perft: error: %s\n", moves_error_text(error));
        ok = 0;
    }
    run_free_contexts(ctx, o->jobs);
    move_list_free(&root_moves);
    return ok;
}
