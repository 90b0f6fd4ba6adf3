/* agent.c - the agent interface: parsing specs, dispatching decisions, and
 * the two agents too small for a file of their own (human and random). The
 * searches live in agent_mcts.c and agent_alphabeta.c. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "agent.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lang/diag.h"

struct agent {
    agent_kind kind;
    long param;                  /* iterations or depth (with a time budget: the cap) */
    double seconds;              /* time budget per decision; 0: none */
    char spec[AGENT_SPEC_MAX];   /* canonical spec */
    mcts_search *mcts;           /* AGENT_MCTS */
    alphabeta_search *ab;        /* AGENT_ALPHABETA */
    agent_stats stats;           /* the last decision */
};

static const struct {
    const char *name;
    agent_kind kind;
    long def, max;               /* parameter default and maximum; 0: takes none */
    long timed;                  /* the parameter under a time budget alone: a cap */
    const char *param;           /* what the parameter counts */
    const char *key;             /* its name in KEY=VALUE budgets */
} kinds[] = {
    { "human", AGENT_HUMAN, 0, 0, 0, NULL, NULL },
    { "random", AGENT_RANDOM, 0, 0, 0, NULL, NULL },
    { "mcts", AGENT_MCTS, AGENT_MCTS_DEFAULT, AGENT_MCTS_MAX, AGENT_MCTS_TIMED_NODES, "number of iterations",
      "iterations" },
    { "alphabeta", AGENT_ALPHABETA, AGENT_ALPHABETA_DEFAULT, AGENT_ALPHABETA_MAX, AGENT_ALPHABETA_MAX, "search depth",
      "depth" },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

double agent_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads a duration ("0.5s", "200ms", "2") into *SECONDS; 0 when it is not
 * one or lies outside (0, AGENT_TIME_MAX]. */
static int parse_duration(const char *text, double *seconds)
{
    char *end;
    errno = 0;
    if (*text == '+' || *text == '-' || !*text) return 0;
    double v = strtod(text, &end);
    if (errno || end == text) return 0;
    if (strcmp(end, "ms") == 0) v /= 1000;
    else if (*end && strcmp(end, "s") != 0) return 0;
    if (!(v >= 0.001) || v > AGENT_TIME_MAX) return 0;
    *seconds = v;
    return 1;
}

/* Reads a whole number from 1 to MAX; 0 when TEXT is not one. */
static int parse_whole(const char *text, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || *text == '+' || *text == '-' || v < 1 || v > max) return 0;
    *out = v;
    return 1;
}

/* The budget after the colon of a search agent's spec: a bare number (the
 * kind's parameter), or KEY=VALUE pairs separated by commas, KEY being the
 * parameter's name (`iterations`, `depth`) or `time`. */
static int parse_budget(const char *spec, const char *text, int k, long *param, double *seconds, char *err,
                        size_t errsize)
{
    if (!strchr(text, '=')) {
        if (!parse_whole(text, kinds[k].max, param)) {
            snprintf(err, errsize, "in agent `%s`: the %s must be a whole number from 1 to %ld; got `%s`", spec,
                     kinds[k].param, kinds[k].max, text);
            return 0;
        }
        return 1;
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
            if (!parse_whole(value, kinds[k].max, param)) {
                snprintf(err, errsize, "in agent `%s`: the %s must be a whole number from 1 to %ld; got `%s`", spec,
                         kinds[k].param, kinds[k].max, value);
                return 0;
            }
        } else if (strcmp(item, "time") == 0) {
            if (seen_time++) {
                snprintf(err, errsize, "in agent `%s`: `time` is given twice", spec);
                return 0;
            }
            if (!parse_duration(value, seconds)) {
                snprintf(err, errsize, "in agent `%s`: the time must be a duration from 1ms to %ds, like 0.5s, 200ms "
                                       "or 2; got `%s`", spec, AGENT_TIME_MAX, value);
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
        else if (seconds > 0) param = kinds[k].timed; /* the cap on a timed search */
    }
    agent *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    a->kind = kinds[k].kind;
    a->param = param;
    a->seconds = seconds;
    if (!kinds[k].max) snprintf(a->spec, sizeof a->spec, "%s", kinds[k].name);
    else if (seconds == 0) snprintf(a->spec, sizeof a->spec, "%s:%ld", kinds[k].name, param);
    else if (param == kinds[k].timed) snprintf(a->spec, sizeof a->spec, "%s:time=%gs", kinds[k].name, seconds);
    else snprintf(a->spec, sizeof a->spec, "%s:%s=%ld,time=%gs", kinds[k].name, kinds[k].key, param, seconds);
    if (a->kind == AGENT_MCTS) a->mcts = mcts_new(param, seconds);
    if (a->kind == AGENT_ALPHABETA) a->ab = alphabeta_new((int)param, seconds);
    if ((a->kind == AGENT_MCTS && !a->mcts) || (a->kind == AGENT_ALPHABETA && !a->ab)) {
        snprintf(err, errsize, "out of memory for agent `%s`", a->spec);
        agent_free(a);
        return NULL;
    }
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

long agent_param(const agent *a)
{
    return a->param;
}

double agent_time_budget(const agent *a)
{
    return a->seconds;
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
    a->stats.work = 0;
    a->stats.seconds = 0;
    if (n <= 0) return -1;
    double start = agent_clock();
    int choice;
    switch (a->kind) {
    case AGENT_HUMAN:
        return AGENT_ASK_HUMAN;
    case AGENT_RANDOM:
        choice = (int)rng_below(r, (uint32_t)n);
        break;
    case AGENT_MCTS:
        choice = mcts_choose(a->mcts, rs, st, legal, n, r, &a->stats.work);
        break;
    case AGENT_ALPHABETA:
        choice = alphabeta_choose(a->ab, rs, st, legal, n, r, &a->stats.work);
        break;
    default:
        choice = 0;
        break;
    }
    a->stats.seconds = agent_clock() - start;
    return choice;
}
