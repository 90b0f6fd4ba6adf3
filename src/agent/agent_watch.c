/* agent_watch.c - the clock of a search and its watch (agent.h): progress
 * reports at intervals and the time budget, which the searches
 * (agent_mcts.c, agent_alphabeta.c) tick as they go. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "agent.h"

#include <time.h>

double agent_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int agent_watch_tick(agent_watch *w, agent_progress *p)
{
    if (!w->fn && w->limit <= 0) return 0;
    double now = agent_now();
    if (w->fn && p && now >= w->next) {
        p->seconds = now - w->start;
        w->fn(w->ctx, p);
        w->next = now + w->interval;
    }
    if (w->limit > 0 && now - w->start >= w->limit) w->timed_out = 1;
    return w->timed_out;
}
