/* why_answer.c - how the parts of `tabula why` write an answer: a reason
 * added to, a refusal, the clause that decided, a player named. why.c and
 * the parts it calls (why_place.c, why_royal.c) all write through these,
 * so none of them calls back into why.c. */
#include "why_internal.h"

#include <stdarg.h>
#include <stdio.h>

void why_add(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
    if (*len >= size) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *len, size - *len, fmt, ap);
    va_end(ap);
    if (k > 0) *len = *len + (size_t)k < size ? *len + (size_t)k : size - 1;
}

void why_set_clause(why_answer *a, const ruleset *rs, int clause)
{
    if (clause >= 0 && clause < rs->nclauses) a->clause = rs->clauses[clause];
}

void why_refuse(why_answer *a, const char *by, const char *fmt, ...)
{
    a->verdict = WHY_REFUSED;
    snprintf(a->by, sizeof a->by, "%s", by);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->reason, sizeof a->reason, fmt, ap);
    va_end(ap);
}

const char *why_player(const ruleset *rs, int player, char *buf, size_t size)
{
    snprintf(buf, size, "player %d (%s)", player, rs->player_label[player - 1]);
    return buf;
}
