/* written.h - the moves of a track game as its players write them: a whole
 * turn at once (`8/4 6/3`), `bar/22`, `6/off`, a hit marked `*` (`13/7*`),
 * a piece moving on (`24/20/16`, or `24/16`), moves made twice
 * (`13/9(2)`). Points are numbered as the rule file says: by their names on
 * the board, or with `(point-numbers mover)` by each player's own count,
 * from the path's length at their start down to 1. The die-by-die notation
 * of the engine (`13-7`, `bar-22`, `4-off/6`) is another thing, read and
 * written elsewhere. A front-end service: it allocates. */
#ifndef TABULA_WRITTEN_H
#define TABULA_WRITTEN_H

#include <stddef.h>
#include "engine/engine.h"
#include "engine/turns.h"

/* Room for the text of a turn. */
#define WRITTEN_TEXT_MAX 160

/* 1 when RS's moves have a written form: a track board. */
int written_applies(const ruleset *rs);
/* 1 when hints and pages write RS's moves so: its rule file says how its
 * players number the points, `(point-numbers ...)`. */
int written_shown(const ruleset *rs);

/* 1 when TEXT is in the written form rather than the engine's notation: it
 * holds a `/` between points and no `-`. */
int written_form(const char *text);

/* Writes the moves SEQ[0..N), played one after the other by PLAYER, as
 * that player writes them into BUF: a piece that moves on is written once
 * (`24/16`; a point where it hit on the way is kept, with its `*`), the same
 * move made again is counted (`13/9(2)`), the moves sorted from the start
 * of the player's path to its end. One move alone is written so too
 * (`8/5`, `bar/22*`, `6/off`). */
void written_turn(const ruleset *rs, int player, const move *seq, int n, char *buf, size_t size);

/* The moves of a turn, or of its beginning, that a text means. */
typedef struct written_found {
    move seq[TURNS_MAX_MOVES];
    int n;
    int whole;                /* the turn ends with them */
} written_found;

/* Finds the moves of the player to move in ST (a track game, dice rolled)
 * that TEXT writes: a whole turn, else the beginning of one. A compact form
 * fits every order and path of the dice that moves the same pieces from
 * and to the same points (`24/16` for 24/20/16 and 24/18/16), through the
 * points written between and hitting where `*` says; several positions that
 * fit are told apart by the hits (none where no `*` is written), and when
 * that is not enough the text is ambiguous. Returns 1 with OUT filled, 0
 * with a message in ERR (no turn that moves so, or the turns that fit),
 * WRITTEN_NOT_A_PLAY with the text's mistake in ERR, located (the text is
 * no play: it may be another notation's short form, as `6/6` for the die 6
 * from point 6), -1 with ERR when the moves could not be listed (out of
 * memory). */
#define WRITTEN_NOT_A_PLAY (-2)
int written_find(const ruleset *rs, const state *st, const char *text, written_found *out, char *err,
                 size_t errsize);

#endif
