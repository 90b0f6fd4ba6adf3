/* engine.h - playing moves: apply, undo, end conditions and results.
 *
 * The functions here are topology-agnostic: they call the ruleset's
 * engine_ops, engine_square.c's for every board (square grids, the shapes
 * built on them, boards of tiles, tracks). */
#ifndef TABULA_ENGINE_H
#define TABULA_ENGINE_H

#include "engine_end.h"
#include "movegen.h"

/* The engine of a topology, or NULL when this version cannot play it. */
const engine_ops *engine_ops_for(const ruleset *rs);
extern const engine_ops engine_square_ops;
extern const engine_ops engine_square_marked_ops; /* square boards whose pieces keep their own state */
extern const engine_ops engine_dice_ops;          /* games whose every rule is `advance`: no dispatch */

/* Seeds the dice of ST from SEED and, in a game with dice, rolls the dice of
 * the player to move when ST has none to play. Every place a game starts
 * (start position, a loaded position, a playout, a replayed record) calls
 * this, so the same seed gives the same dice everywhere. */
void engine_seed(const ruleset *rs, state *st, uint64_t seed);

/* Rolls the dice of a new turn for the player to move (a double repeats as
 * the ruleset says). */
void engine_roll(const ruleset *rs, state *st);
/* Sets the roll of the turn under way to the N values V, a double expanded
 * as engine_roll does (`--dice 6,6` is four sixes where a double is played four times). */
void engine_set_roll(const ruleset *rs, state *st, const uint8_t *v, int n);
/* Sets the dice still to play to the N values V as they are (a record's or
 * a position's dice): a turn whose dice are all one value is a double's. */
void engine_take_dice(state *st, const uint8_t *v, int n);

/* The legal moves of the player to move into OUT (0 when the game is over),
 * as rs->ops->legal: the count, also in OUT->n. When OUT cannot hold them
 * (OUT->error set, see move_list; also when it was set before), 0 moves. */
int engine_legal(const ruleset *rs, const state *st, move_list *out);

/* Plays M for the player to move and checks the end conditions that can be
 * decided at once (no pieces, reach, no progress, repetition). J may be NULL. */
void engine_apply(const ruleset *rs, state *st, const move *m, undo_record *j);

/* Restores the position from before the move recorded in J. */
void engine_undo(const ruleset *rs, state *st, const undo_record *j);


/* See engine_ops.settle: 1 game over, 0 moves to play, -1 generate again. */
int engine_settle(const ruleset *rs, state *st, int nlegal);

/* The value of one throw of the dice summed (`sum`), drawn from DICE: each
 * die's face (every face from the bits of one draw where the faces are a
 * power of two), the faces added, then `values:` where given. engine_roll
 * and the race playouts (playout_race.c) throw this way. */
static inline int engine_throw_sum(const ruleset *rs, rng *dice)
{
    int n = rs->dice_count, f = rs->dice_faces, sum = 0;
    if ((f & (f - 1)) == 0) {
        uint64_t bits = rng_next(dice);
        int shift = __builtin_ctz((unsigned)f);
        for (int i = 0; i < n; i++, bits >>= shift) sum += rs->dice_face[bits & (uint64_t)(f - 1)];
    } else {
        for (int i = 0; i < n; i++) sum += rs->dice_face[rng_below(dice, (uint32_t)f)];
    }
    return rs->dice_values_given ? rs->dice_value[sum] : sum;
}

/* Turns may pass (dice games); this many passes in a row without a move
 * means neither player can ever move again: a draw, not a hang
 * (engine_moves; playout_race.c counts them the same way). */
#define ENGINE_MAX_PASSES 64

/* The legal moves, settling blocked positions and passed turns first: what
 * front ends call. 0 means the game is over, or OUT->error is set (the
 * position is then as it was: callers check the error before they judge
 * the game over). */
int engine_moves(const ruleset *rs, state *st, move_list *out);

/* The legal moves of a position as it was given (a --position file, a
 * scenario's `position`): like engine_moves it settles what is not a
 * decision (the dice of a turn not rolled yet, the end of a blocked game),
 * but a player who has dice and can play none of them is not passed over:
 * returns 0 with *PASS set, the position unchanged. The pass is no move:
 * `moves` prints none, a scenario's `count: 0` holds, perft counts 0. */
int engine_moves_here(const ruleset *rs, state *st, move_list *out, int *pass);


/* Finds the legal move written as TEXT (its notation, or a chain by its two
 * ends: move_find_by_ends); returns its index or -1. */
int engine_find_move(const ruleset *rs, const move *moves, int n, const char *text);

/* Shared by the engine's files (the end conditions: engine_end.h). */
/* Passes the turn: the next player in moves next (hash included). */
void engine_next_player(const ruleset *rs, state *st);
/* The player who moved last: the one before the player to move, passing
 * over the players who are out. */
int engine_last_mover(const ruleset *rs, const state *st);
/* The settle of games where a player always has a move unless blocked:
 * with no legal move, ends the game by `blocked`. */
int engine_settle_blocked(const ruleset *rs, state *st, int nlegal);

/* 1 when a move that CAPTURED (took any piece: a capture, a hit, a pin),
 * PROMOTED, and moved a piece of TYPE, starts the no-progress count again:
 * the events its `reset:` names (every move does without the condition).
 * The one meaning of `reset:` on every board. */
static inline int engine_progress(const ruleset *rs, int captured, int promoted, int type)
{
    if (rs->no_progress < 0) return 1;
    const end_rule *e = &rs->ends[rs->no_progress];
    return (e->reset_capture && captured) || (e->reset_promotion && promoted) || (e->reset_types >> type & 1);
}


/* 1 when the player who just moved could capture an opponent piece by moving
 * a piece on their next turn (exchanges are not moves of a piece): what the
 * `(announce TEXT when:capture-threat)` of a rule file is said after.
 * BUFFER is a scratch list (check its error after). */
int engine_threat(const ruleset *rs, const state *st, move_list *buffer);

/* The tile-collapse hook (hook_tile_collapse.c): examines the tiles of
 * START in order and removes the loose ones (and, with cascade, the tiles a
 * removal loosens, first in first out), keeping the hash. Writes the removed
 * tiles to GONE (room for every tile) and returns how many. */
int hook_tile_collapse(const ruleset *rs, state *st, const uint8_t *start, int nstart, uint8_t *gone);

/* The `advance` primitive (effect_advance.c): plays the sub-move M (one
 * die) for the player to move, and ends the turn when its dice are used. */
void effect_advance_apply(const ruleset *rs, state *st, const move *m, undo_record *j);
/* The settle of a turn of dice (see engine_ops.settle): with no legal move,
 * the rest of the turn is lost and the next player's dice are rolled. */
int effect_advance_settle(const ruleset *rs, state *st, int nlegal);

/* Boards of tiles (effect_tiles.c), after MOVER's piece moved by M: the
 * tile it left collapses if loose (collected where the rules say), and the
 * enclosed opponent pieces around it and next to the tiles gone are taken. */
void effect_tiles_after_move(const ruleset *rs, state *st, const move *m, int mover, undo_record *j);
/* MOVER's exchange M: its price in collected tiles, the enemy piece off, and
 * what that removal loosens and encloses. */
void effect_tiles_exchange(const ruleset *rs, state *st, const move *m, int mover, undo_record *j);

#endif
