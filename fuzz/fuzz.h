/* fuzz.h - what the fuzz targets share: the bundled games loaded once, a
 * diagnostic sink that formats every message (so the printing code is
 * fuzzed too) into /dev/null, and the checks of the engine's invariants.
 *
 * Each target defines LLVMFuzzerTestOneInput. Built with `./configure
 * --enable-fuzz` (clang), it is a libFuzzer program; in every build it is
 * also linked with driver.c into a plain program that runs files (the
 * regression corpus, in `make check`). See docs/fuzzing.md. */
#ifndef TABULA_FUZZ_H
#define TABULA_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "compile/load.h"
#include "engine/engine.h"
#include "lang/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The games a selector byte picks from (modulo their number): the bundled
 * ones in name order, then two with options set (Coucou picard 9 wide,
 * Coerceo with one-tile exchanges). Loaded once. */
#define FUZZ_MAX_GAMES 64
int fuzz_ngames(void);
const ruleset *fuzz_game(uint8_t selector);

/* A fresh sink writing to /dev/null, with no limit on the messages. */
void fuzz_sink(diag_sink *diags);

/* DATA as a NUL-terminated string (from malloc; the caller frees it). */
char *fuzz_text(const uint8_t *data, size_t size);

/* Aborts (a finding) unless the incremental hash, piece counts and
 * occupied-cell sets of ST match a recomputation from its cells. */
void fuzz_check_state(const ruleset *rs, const state *st);

/* Aborts unless A and B are the same position, field by field (padding
 * aside), history and dice generator included. */
void fuzz_check_same(const ruleset *rs, const state *a, const state *b);

/* Aborts unless the legal moves of ST (ongoing) are as many as the slow
 * reference enumeration of tests/reference/moves_ref.c counts, before the
 * filters and after them (games without the max-capture hook), with and
 * without --all-paths; square boards only. LIST is scratch. A list cut
 * short, a move dropped or listed twice is a finding. */
void fuzz_check_counts(ruleset *rs, const state *st, move_list *list);

/* abort() with a message: what libFuzzer reports as a crash. */
void fuzz_fail(const char *what) __attribute__((noreturn));

#endif
