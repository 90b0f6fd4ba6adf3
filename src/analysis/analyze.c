/* analyze.c - what a rule file does when played: outcomes, lengths,
 * branching, which end conditions decide games, and rule coverage: how
 * often every located clause of the file fired.
 *
 * A clause fires when a move rule makes the move played, a promotion crowns
 * a piece, a max-capture criterion takes candidates away (traced on a copy
 * of the ruleset whose generator keeps every capture, so the generator that
 * plays is not touched), an end condition ends the game, or an announcement
 * is said. With the random agent a game's moves are exactly those of
 * `tabula playout` with the same seed: the outcomes of both agree. */
#include "run.h"

#include <stdlib.h>
#include <string.h>

#include "run_internal.h"

typedef struct analyze_ctx {
    const ruleset *rs;
    const ruleset *trace;    /* RS keeping every capture chain, without the hook (or NULL) */
    uint64_t seed;
    agent *player;           /* NULL: uniformly random moves, as playout */
    move_list legal;         /* the moves of the position played */
    move_list spare;         /* the traced hook's candidates, threat checks */
    int error;               /* a moves_error that stopped this thread */
    analyze_result a;        /* this thread's sums */
} analyze_ctx;

/* The clause of the promotion that crowned the mover of M (played by
 * PLAYER), or -1. */
static int promotion_clause(const ruleset *rs, const move *m, int player)
{
    for (int i = 0; i < rs->npromotions; i++) {
        const promotion *pr = &rs->promotions[i];
        if (pr->from != m->mover || pr->to != m->promote) continue;
        if (cellset_has(&pr->where[player - 1], m->to)) return pr->clause;
        for (int k = 0; k < m->npath; k++)
            if (cellset_has(&pr->where[player - 1], m->path[k])) return pr->clause;
    }
    for (int i = 0; i < rs->npromotions; i++)
        if (rs->promotions[i].from == m->mover && rs->promotions[i].to == m->promote) return rs->promotions[i].clause;
    return -1;
}

/* The criteria that would take candidates away in the settled position ST. */
static void trace_criteria(analyze_ctx *c, const state *st, int n)
{
    int any_capture = 0;
    for (int i = 0; i < n && !any_capture; i++) any_capture = c->legal.m[i].ncaps > 0;
    if (!any_capture) return;
    int k = engine_legal(c->trace, st, &c->spare);
    long removed[TB_MAX_CRITERIA] = { 0 };
    hook_max_capture_traced(c->rs, c->spare.m, k, removed);
    for (int ci = 0; ci < c->rs->ncriteria; ci++) c->a.fired[c->rs->criteria[ci].clause] += removed[ci];
}

/* Stops this thread on a position whose moves could not be listed: the
 * game is not counted, and run_analyze reports the error. */
static int fail(analyze_ctx *c, int error)
{
    c->error = error;
    return 0;
}

static int analyze_work(void *arg, long game)
{
    analyze_ctx *c = arg;
    const ruleset *rs = c->rs;
    analyze_result *a = &c->a;
    uint64_t gs = playout_game_seed(c->seed, game);
    rng r;
    rng_seed(&r, gs); /* as playout_range: the same games */
    state st;
    state_start(rs, &st);
    engine_seed(rs, &st, gs);
    int announce = rs->threat_clause && rs->threat_text[0];
    long ply = 0;
    while (ply < a->max_moves) {
        if (c->player && par_stopping()) return 0; /* a search agent's game is long: stop within it */
        int n = engine_moves(rs, &st, &c->legal);
        if (c->legal.error) return fail(c, c->legal.error);
        if (n == 0) break;
        if (ply < ANALYZE_MAX_PLY) {
            a->branching[ply][0]++;
            a->branching[ply][1] += n;
        }
        if (c->trace) trace_criteria(c, &st, n);
        if (c->spare.error) return fail(c, c->spare.error);
        int k;
        if (c->player) {
            rng pr;
            agent_ply_rng(&pr, gs, (uint32_t)ply);
            k = agent_choose(c->player, rs, &st, c->legal.m, n, &pr);
            if (k == AGENT_FAILED) return fail(c, agent_last_stats(c->player)->error);
        } else {
            k = (int)rng_below(&r, (uint32_t)n);
        }
        const move *m = &c->legal.m[k];
        int mover = st.h.to_move;
        if (m->rule != 255 && rs->rules[m->rule].en_passant_clause && m->ncaps && m->caps[0] != m->to)
            a->fired[rs->rules[m->rule].en_passant_clause - 1]++; /* a capture en passant */
        if (m->rule != 255) a->fired[rs->rules[m->rule].clause]++;
        else if (m->kind == MOVE_CASTLE && rs->castle.on) a->fired[rs->castle.clause]++; /* the castle clause's move */
        else a->unruled[m->kind == MOVE_ENTER ? 0 : m->kind == MOVE_BEAR_OFF ? 1 : m->kind == MOVE_EXCHANGE ? 2 : 3]++;
        if (m->promote != 255) {
            int cl = promotion_clause(rs, m, mover);
            if (cl >= 0) a->fired[cl]++;
        }
        engine_apply(rs, &st, m, NULL);
        if (announce && engine_threat(rs, &st, &c->spare)) a->fired[rs->threat_clause - 1]++;
        if (c->spare.error) return fail(c, c->spare.error);
        ply++;
    }
    playout_count(&a->s, &st, ply);
    a->lengths[ply]++;
    if (st.h.status == STATUS_OVER) {
        if (st.h.decided_by) {
            int cl = st.h.decided_by - 1;
            a->decided[cl]++;
            a->fired[cl]++;
            if (st.h.winner == 0) a->draws_by[cl]++;
        } else if (st.h.winner == 0) {
            a->undecided_draws++;
        }
    }
    return 1;
}

/* Copies the clause table of RS into A, with each clause's kind. */
static void copy_clauses(analyze_result *a, const ruleset *rs)
{
    a->nclauses = rs->nclauses;
    memcpy(a->clauses, rs->clauses, sizeof a->clauses);
    a->nfiles = rs->nfiles;
    for (int f = 0; f < rs->nfiles; f++) { /* rows of different widths: one by one */
        snprintf(a->files[f], sizeof a->files[f], "%s", rs->files[f]);
        snprintf(a->file_names[f], sizeof a->file_names[f], "%s", ruleset_file_shown(rs, f));
    }
    memset(a->clause_kind, CLAUSE_OTHER, sizeof a->clause_kind);
    for (int i = 0; i < rs->nrules; i++) {
        a->clause_kind[rs->rules[i].clause] = CLAUSE_RULE;
        if (rs->rules[i].en_passant_clause) a->clause_kind[rs->rules[i].en_passant_clause - 1] = CLAUSE_OTHER;
    }
    for (int i = 0; i < rs->npromotions; i++) a->clause_kind[rs->promotions[i].clause] = CLAUSE_PROMOTION;
    for (int i = 0; i < rs->ncriteria; i++) a->clause_kind[rs->criteria[i].clause] = CLAUSE_CRITERION;
    for (int i = 0; i < rs->nends; i++) a->clause_kind[rs->ends[i].clause] = CLAUSE_END;
    if (rs->threat_clause) a->clause_kind[rs->threat_clause - 1] = CLAUSE_ANNOUNCE;
}

static void add_result(analyze_result *into, const analyze_result *from)
{
    playout_stats_add(&into->s, &from->s);
    for (int i = 0; i < TB_MAX_CLAUSES; i++) {
        into->fired[i] += from->fired[i];
        into->decided[i] += from->decided[i];
        into->draws_by[i] += from->draws_by[i];
    }
    into->undecided_draws += from->undecided_draws;
    for (int k = 0; k < 4; k++) into->unruled[k] += from->unruled[k];
    for (long l = 0; l <= into->max_moves && l <= from->max_moves; l++) into->lengths[l] += from->lengths[l];
    for (int p = 0; p < ANALYZE_MAX_PLY; p++) {
        into->branching[p][0] += from->branching[p][0];
        into->branching[p][1] += from->branching[p][1];
    }
}

int run_analyze(const ruleset *rs, const run_opts *o, run_result *res)
{
    analyze_result *a = &res->analyze;
    copy_clauses(a, rs);
    ruleset *trace = NULL;
    if (rs->uses_max_capture && rs->capture_mandatory && rs->ncriteria) {
        trace = malloc(sizeof *trace);
        if (trace) {
            *trace = *rs;
            trace->uses_max_capture = 0; /* every capture chain ... */
            trace->keep_all_paths = 1;   /* ... by every path, as the hook sees them */
        }
    }
    int traced = rs->uses_max_capture && rs->capture_mandatory && rs->ncriteria;
    void **ctx = run_alloc_contexts(o->jobs, sizeof(analyze_ctx));
    int ok = ctx != NULL && (trace || !traced), oom = !ok;
    int random = strcmp(a->agent, "random") == 0;
    for (int t = 0; ok && t < o->jobs; t++) {
        analyze_ctx *c = ctx[t];
        c->rs = rs;
        c->trace = trace;
        c->seed = res->info.seed;
        c->a.nclauses = a->nclauses;
        ok = analyze_result_alloc(&c->a, a->max_moves) && move_list_reserve(&c->legal, TB_MOVES_INITIAL) &&
             move_list_reserve(&c->spare, TB_MOVES_INITIAL);
        oom = !ok;
        if (ok && !random) {
            char err[256];
            c->player = agent_create(a->agent, err, sizeof err);
            if (!c->player) {
                fprintf(stderr, "tabula analyze: error: %s\n", err);
                ok = 0;
            }
        }
    }
    if (oom) fprintf(stderr, "tabula analyze: error: out of memory\n");
    if (ok) ok = run_execute(o, res, analyze_work, ctx, "games");
    int error = MOVES_OK;
    for (int t = 0; ctx && t < o->jobs; t++) {
        analyze_ctx *c = ctx[t];
        if (ok) add_result(a, &c->a);
        if (c->error && !error) error = c->error;
        analyze_result_free(&c->a);
        agent_free(c->player);
        move_list_free(&c->legal);
        move_list_free(&c->spare);
    }
    if (ok && error) { /* never the figures of a run that could not play every game */
        fprintf(stderr, "tabula analyze: error: %s\n", moves_error_text(error));
        ok = 0;
    }
    run_free_contexts(ctx, o->jobs);
    free(trace);
    return ok;
}
