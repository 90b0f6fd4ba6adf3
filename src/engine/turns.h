/* turns.h - whole turns of the player to move, one per position reached. */
#ifndef TABULA_TURNS_H
#define TABULA_TURNS_H

#include "engine.h"

/* Moves in one turn at most (a turn of dice holds at most 6 dice). */
#define TURNS_MAX_MOVES 8

/* Called once per distinct position a turn reaches, with the first sequence
 * of N moves found that reaches it (in the generator's order). */
typedef void (*turn_emit)(void *ctx, const move *seq, int n);

/* Lists the turns of the player to move in ST (left as it is); returns how
 * many distinct positions they reach (0 when the player cannot move), or
 * minus a moves_error (out of memory, too many moves). */
long turns_list(const ruleset *rs, const state *st, turn_emit emit, void *ctx);

#endif
