/* fen_letters.h - positions of games whose pieces have letters (`(letters
 * ...)`) as FEN text:
 * `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1`. */
#ifndef TABULA_FEN_LETTERS_H
#define TABULA_FEN_LETTERS_H

#include <stddef.h>

#include "engine/state.h"

/* Reads TEXT into ST; 0 with a message naming the column in ERR. */
int fen_letters_read(const ruleset *rs, const char *text, state *st, char *err, size_t size);
/* Writes ST into BUF; 0 when it did not fit. */
int fen_letters_write(const ruleset *rs, const state *st, char *buf, size_t size);

#endif
