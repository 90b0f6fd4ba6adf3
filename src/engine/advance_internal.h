/* advance_internal.h - what the generator of the `advance` primitive
 * (movegen_advance.c) and its effects (effect_advance.c) share: a sub-move
 * in the generator's compact form, and the questions both ask of a position
 * on a track (pinned pieces, every piece off). */
#ifndef TABULA_ADVANCE_INTERNAL_H
#define TABULA_ADVANCE_INTERNAL_H

#include "engine.h"

#define TRACK_MAX_POINTS 225 /* topology_track's limit (a grid of points: 15 x 15) */
#define TRACK_BAR_BIT 255    /* the bar in a source mask (cells are below 225) */
#define TRACK_MAX_SLOTS 4    /* distinct die values in a turn (at most 4 dice) */
/* Sub-moves of one position: one per distinct die and source (the points and the bar). */
#define TRACK_MAX_SUBS (TRACK_MAX_SLOTS * (TRACK_MAX_POINTS + 1))
_Static_assert(TRACK_MAX_SUBS <= TB_MAX_MOVES, "a position's sub-moves are within the bound of a move list");

/* A sub-move in the generator's compact form; the public `move` is filled
 * only for the sub-moves kept. */
typedef struct tsub {
    cell_id from, to;          /* TB_NO_CELL: from the bar / off the track */
    uint8_t kind, die;         /* move_kind, the die value */
    uint8_t hit;               /* the pieces on TO are hit (0 or their number) */
} tsub;

/* The opponent of player P (0 or 1) for the rules that read one (pin,
 * primes, gammons, protected runs, blockades): a game of more than two
 * players has none of them (the compiler refuses them), and P itself keeps
 * every index in bounds. */
static inline int the_opponent(const ruleset *rs, int p)
{
    return rs->nplayers > 2 ? p : 1 - p;
}

static inline int pinned_bit(const state *st, int cell)
{
    return cell < TB_MAX_PIN_POINTS && (st->h.flagged >> cell & 1);
}

/* Pieces of player X (0 or 1) pinned under the other player's stacks. */
static inline int pinned_of(const state *st, int x)
{
    int n = 0;
    for (uint64_t m = st->h.flagged; m; m &= m - 1) n += piece_owner(st->cell[__builtin_ctzll(m)]) != x + 1;
    return n;
}

/* Player X (0 ..) has every piece off: none on the board, in the bar or pinned. */
static inline int all_off(const state *st, int x)
{
    return !st->h.pieces[x] && !st->h.bar[x] && !(st->h.flagged && pinned_of(st, x));
}

/* Plays sub-move S for the player to move (journal J may be NULL): the
 * piece moved, entered or borne off, what it hits, pins or sends back, the
 * die used, and the turn's end when no die is left (effect_advance.c). */
void effect_advance_play(const ruleset *rs, state *st, const tsub *s, undo_record *j);

#endif
