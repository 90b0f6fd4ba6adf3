/* fen.h - positions of games on numbered boards as FEN text, the form of
 * PDN 3.0: the side to move, then each side's
 * squares in the board's numbers, ranges allowed, kings marked K:
 * `W:W31-50:B1-20`, `B:WK3,28:B1-20`.
 *
 * A side is named by the first letter of its player's name, in capitals
 * (`white` W, `black` B); a plain square holds the first piece type, a K
 * square the type it is promoted to. A game whose board is not numbered,
 * whose players share an initial or that has other piece types has no FEN
 * (fen_supported says why). */
#ifndef TABULA_FEN_H
#define TABULA_FEN_H

#include <stddef.h>

#include "engine/state.h"

/* Room for the FEN of any position (TB_MAX_CELLS squares of 4 bytes, and more). */
#define FEN_TEXT_MAX 2048

/* 1 when positions of RS can be written as FEN; 0 with the reason in WHY
 * ("FEN needs a board with numbered squares; ... has none"). */
int fen_supported(const ruleset *rs, char *why, size_t size);

/* Reads TEXT into ST (a whole position, judged as after a move). Returns 0
 * with a message in ERR naming the column (from 1) and the field:
 * "at column 9: square 51 is not on the board (1-50)". */
int fen_read(const ruleset *rs, const char *text, state *st, char *err, size_t errsize);

/* Writes ST as FEN into BUF (FEN_TEXT_MAX bytes); runs of three or more
 * men on consecutive squares are written as ranges. Returns 0 when RS has
 * no FEN (BUF then empty). */
int fen_write(const ruleset *rs, const state *st, char *buf, size_t size);

#endif
