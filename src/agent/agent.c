/* agent.c - the agent interface: parsing specs, dispatching decisions, and
 * the two agents too small for a file of their own (human and random). The
 * searches live in agent_mcts.c and agent_alphabeta.c. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "agent.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io/number.h"
#include "lang/diag.h"

struct agent {
    agent_kind kind;
    long param;                  /* iterations or depth */
    char spec[AGENT_SPEC_MAX];   /* canonical spec */
    mcts_search *mcts;           /* AGENT_MCTS */
    alphabeta_search *ab;        /* AGENT_ALPHABETA */
    agent_stats stats;           /* the last decision */
    agent_watch watch;           /* progress reports and the time budget */
};

static const struct {
    const char *name;
    agent_kind kind;
    long def, max;               /* parameter default and maximum; 0: takes none */
    long timed;                  /* the parameter under a time budget alone: an upper bound */
    const char *key;             /* its name in KEY=VALUE budgets */
} kinds[] = {
    { "human", AGENT_HUMAN, 0, 0, 0, NULL },
    { "random", AGENT_RANDOM, 0, 0, 0, NULL },
    { "mcts", AGENT_MCTS, AGENT_MCTS_DEFAULT, AGENT_MCTS_MAX, AGENT_MCTS_TIMED_NODES, "iterations" },
    { "alphabeta", AGENT_ALPHABETA, AGENT_ALPHABETA_DEFAULT, AGENT_ALPHABETA_MAX, AGENT_ALPHABETA_MAX, "depth" },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

const char *agent_kind_name(int i)
{
    return i >= 0 && i < (int)NKINDS ? kinds[i].name : NULL;
}

void agent_set_progress(agent *a, agent_progress_fn fn, void *ctx, double interval)
{
    a->watch.fn = fn;
    a->watch.ctx = ctx;
    a->watch.interval = interval > 0 ? interval : 0.1;
}

void agent_set_time_limit(agent *a, double seconds)
{
    a->watch.limit = seconds > 0 ? seconds : 0;
}

/* Reads the parameter of kind K (a whole number from 1 to its max) into
 * *PARAM; 0 with the message in ERR. */
static int parse_param(const char *spec, int k, const char *text, long *param, char *err, size_t errsize)
{
    uint64_t v;
    if (number_whole(text, 1, (uint64_t)kinds[k].max, &v)) {
        *param = (long)v;
        return 1;
    }
    char msg[512];
    number_whole_message(msg, sizeof msg, text, 1, (uint64_t)kinds[k].max);
    snprintf(err, errsize, "in agent `%s`: %s: %s", spec, kinds[k].key, msg);
    return 0;
}

/* The budget after the colon of a search agent's spec: a bare number (the
 * kind's parameter), or KEY=VALUE pairs separated by commas, KEY being the
 * parameter's name (`iterations`, `depth`) or `time`. */
static int parse_budget(const char *spec, const char *text, int k, long *param, double *seconds, char *err,
                        size_t errsize)
{
    if (!strchr(text, '=')) {
        return parse_param(spec, k, text, param, err, errsize);
    }
    char buf[128];
    snprintf(buf, sizeof buf, "%s", text);
    int seen_param = 0, seen_time = 0;
    for (char *item = buf, *next; item; item = next) {
        next = strchr(item, ',');
        if (next) *next++ = '\0';
        char *eq = strchr(item, '=');
        if (!eq) {
            snprintf(err, errsize, "in agent `%s`: `%s` is not KEY=VALUE (%s takes %s=N or time=DURATION)", spec,
                     item, kinds[k].name, kinds[k].key);
            return 0;
        }
        *eq = '\0';
        const char *value = eq + 1;
        if (strcmp(item, kinds[k].key) == 0) {
            if (seen_param++) {
                snprintf(err, errsize, "in agent `%s`: `%s` is given twice", spec, item);
                return 0;
            }
            if (!parse_param(spec, k, value, param, err, errsize)) return 0;
        } else if (strcmp(item, "time") == 0) {
            if (seen_time++) {
                snprintf(err, errsize, "in agent `%s`: `time` is given twice", spec);
                return 0;
            }
            if (!number_duration(value, AGENT_TIME_MIN, AGENT_TIME_MAX, seconds)) {
                char msg[512];
                number_duration_message(msg, sizeof msg, value, AGENT_TIME_MIN, AGENT_TIME_MAX);
                snprintf(err, errsize, "in agent `%s`: time: %s", spec, msg);
                return 0;
            }
        } else {
            snprintf(err, errsize, "in agent `%s`: unknown budget `%s` (%s takes %s=N or time=DURATION)", spec, item,
                     kinds[k].name, kinds[k].key);
            return 0;
        }
    }
    return 1;
}

/* Splits SPEC at the colon and checks the name and the budget. */
agent *agent_create(const char *spec, char *err, size_t errsize)
{
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    if (len == 0) {
        snprintf(err, errsize, "empty agent name in `%s` (expected human, random, mcts[:ITERATIONS] or "
                               "alphabeta[:DEPTH])", spec);
        return NULL;
    }
    int k = -1;
    for (size_t i = 0; i < NKINDS; i++)
        if (strlen(kinds[i].name) == len && strncmp(spec, kinds[i].name, len) == 0) k = (int)i;
    if (k < 0) {
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), spec);
        const char *names[NKINDS];
        for (size_t i = 0; i < NKINDS; i++) names[i] = kinds[i].name;
        const char *best = diag_nearest(name, names, (int)NKINDS);
        if (best)
            snprintf(err, errsize, "unknown agent `%s`; did you mean `%s`?", name, best);
        else
            snprintf(err, errsize, "unknown agent `%s` (expected human, random, mcts[:ITERATIONS] or "
                                   "alphabeta[:DEPTH])", name);
        return NULL;
    }
    long param = kinds[k].def;
    double seconds = 0;
    if (colon && kinds[k].max == 0) {
        snprintf(err, errsize, "agent `%s` takes no parameter; got `%s`", kinds[k].name, spec);
        return NULL;
    }
    if (colon) {
        long given = 0;
        if (!parse_budget(spec, colon + 1, k, &given, &seconds, err, errsize)) return NULL;
        if (given) param = given;
        else if (seconds > 0) param = kinds[k].timed; /* the upper bound of a timed search */
    }
    agent *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, errsize, "%s", AGENT_NO_MEMORY);
        return NULL;
    }
    a->kind = kinds[k].kind;
    a->param = param;
    if (!kinds[k].max) snprintf(a->spec, sizeof a->spec, "%s", kinds[k].name);
    else if (seconds == 0) snprintf(a->spec, sizeof a->spec, "%s:%ld", kinds[k].name, param);
    else if (param == kinds[k].timed) snprintf(a->spec, sizeof a->spec, "%s:time=%gs", kinds[k].name, seconds);
    else snprintf(a->spec, sizeof a->spec, "%s:%s=%ld,time=%gs", kinds[k].name, kinds[k].key, param, seconds);
    if (a->kind == AGENT_MCTS) a->mcts = mcts_new(param);
    if (a->kind == AGENT_ALPHABETA) a->ab = alphabeta_new((int)param);
    if ((a->kind == AGENT_MCTS && !a->mcts) || (a->kind == AGENT_ALPHABETA && !a->ab)) {
        snprintf(err, errsize, "%s", AGENT_NO_MEMORY);
        agent_free(a);
        return NULL;
    }
    agent_set_time_limit(a, seconds);
    return a;
}

void agent_free(agent *a)
{
    if (!a) return;
    mcts_free(a->mcts);
    alphabeta_free(a->ab);
    free(a);
}

agent_kind agent_get_kind(const agent *a)
{
    return a->kind;
}

const char *agent_spec(const agent *a)
{
    return a->spec;
}

size_t agent_memory(const agent *a)
{
    if (a->kind == AGENT_MCTS) return sizeof *a + mcts_memory(a->param);
    if (a->kind == AGENT_ALPHABETA) return sizeof *a + alphabeta_memory((int)a->param);
    return sizeof *a;
}

long agent_param(const agent *a)
{
    return a->param;
}

double agent_time_budget(const agent *a)
{
    return a->watch.limit;
}

void agent_ply_rng(rng *r, uint64_t seed, uint32_t ply)
{
    rng_seed(r, seed ^ ((uint64_t)(ply + 1) * 0xd1b54a32d192ed03ull));
}

const agent_stats *agent_last_stats(const agent *a)
{
    return &a->stats;
}

int agent_choose(agent *a, const ruleset *rs, state *st, const move *legal, int n, rng *r)
{
    memset(&a->stats, 0, sizeof a->stats);
    if (n <= 0) return -1;
    double start = agent_now();
    a->watch.start = start;
    a->watch.next = start + a->watch.interval;
    a->watch.timed_out = 0;
    int choice;
    switch (a->kind) {
    case AGENT_HUMAN:
        return AGENT_ASK_HUMAN;
    case AGENT_RANDOM:
        choice = (int)rng_below(r, (uint32_t)n);
        break;
    case AGENT_MCTS:
        choice = mcts_choose(a->mcts, rs, st, legal, n, r, &a->watch, &a->stats);
        break;
    case AGENT_ALPHABETA:
        choice = alphabeta_choose(a->ab, rs, st, legal, n, r, &a->watch, &a->stats);
        break;
    default:
        choice = 0;
        break;
    }
    a->stats.seconds = agent_now() - start;
    a->stats.timed_out = a->watch.timed_out;
    return a->stats.error ? AGENT_FAILED : choice;
}


