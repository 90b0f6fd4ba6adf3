/* compile_options.h - the options a user chooses (`--option NAME=VALUE`, a
 * scenario's `options:`), as the compiler takes them (compile_options.c
 * applies them to a game's `(option ...)` declarations). Apart from
 * compile.h so that the compiler's own files need not include the header
 * of the file that calls them all. */
#ifndef TABULA_COMPILE_OPTIONS_H
#define TABULA_COMPILE_OPTIONS_H

#include <stdint.h>

#include "lang/diag.h"

/* An option value chosen by the user: `--option NAME=VALUE`, or a scenario's
 * `options:` entry. SRC is NULL for the command line. */
typedef struct option_setting {
    const char *name;
    const char *value;
    const src_file *src;   /* where it was written, for messages (may be NULL) */
    span loc;
} option_setting;

/* `--option NAME=random` draws from SEED (a command's --seed) rather than
 * from the clock: the same seed, the same value. */
void options_random_seed(uint64_t seed);

#endif
