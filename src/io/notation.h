/* notation.h - reading a move a person typed: the full notation in any case,
 * or any shorter form that picks out one legal move (a unique prefix, the
 * start or the destination alone, the two ends of a capture chain), or a
 * capture chain written by another path than the one listed. */
#ifndef TABULA_NOTATION_H
#define TABULA_NOTATION_H

#include "engine/engine.h"

/* The legal moves of ST (LEGAL, N of them, as engine_moves gave them) that
 * TEXT may mean, as indices into LEGAL written to OUT (room for N). Returns
 * how many: 1 is the move, 0 none, more an ambiguity to show the person.
 * The forms are tried from the most exact down, and the first form that fits
 * any move decides:
 *   1. the notation, letters in any case (`C3-D4`);
 *   2. the same cells with other separators (`c3 e5`, `c3-e5` for `c3xe5`);
 *   3. a capture chain by another path than the listed one, which is the
 *      same move (the rules list one path per distinct capture);
 *   4. the first and last cells of a chain, and any between (`c3xg7`);
 *   5. one cell (or `bar`, `off`): the moves that start or end there;
 *   6. a prefix of the notation (`c3-d`).
 * A track move's die may follow a slash (`20-off/6`). RS is not changed
 * (form 3 lists every path for a moment and puts the setting back). */
int notation_match(ruleset *rs, const state *st, const move *legal, int n, const char *text, int *out);

/* On a numbered board, TEXT that names squares by column and row (`d4-c5`)
 * written in the board's numbers (`32-27`) into BUF, for a message: records
 * and scenario `play:` lists take the notation only as `tabula moves` prints
 * it. Returns 0 (BUF untouched) when the board is not numbered, or TEXT
 * already reads in its numbers, or names no squares. */
int notation_in_numbers(const ruleset *rs, const char *text, char *buf, size_t size);

#endif
