/* movegen_internal.c - what the generators share and the header cannot
 * hold inline: growing the list a generator writes into (gen_slot calls it
 * only when the list is full, so the common path stays inline). */
#include "movegen_internal.h"

int gen_grow_to(gen *g, long need)
{
    if (g->list->error || !move_list_reserve(g->list, need)) return 0;
    g->out = g->list->m;
    g->cap = g->list->cap;
    return 1;
}
