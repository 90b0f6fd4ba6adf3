/* variant.h - variant files: `(variant "Name" (extends "BASE") ...)` stands
 * for the base game with the sections it gives in place of the base's
 * (options are merged by name), then its clause-level changes `(add ...)`,
 * `(replace ...)` and `(remove ...)` applied in order. */
#ifndef TABULA_VARIANT_H
#define TABULA_VARIANT_H

#include "lang/ast.h"
#include "lang/diag.h"

#define VARIANT_MAX_DEPTH 8 /* variants of variants, at most this deep */

/* The files read for the bases of a variant; freed after compiling, when
 * messages can no longer point into them. */
typedef struct variant_files {
    src_file *files[VARIANT_MAX_DEPTH];
    int n;
    int contexts_before;   /* the sink's contexts before the first base was read */
    int contexts_pushed;   /* 1 once a base's context was pushed */
} variant_files;

/* TOP is a checked `(variant ...)` form of SRC. Reads and checks its base
 * (and theirs), and returns a `(game ...)` form built in ARENA from the
 * base's sections and the variant's, with its changes applied; NULL after
 * reporting an error. From then on, until variant_files_free(), every
 * message located in a base is followed by a note at the `extends` that
 * reached it. */
const ast_node *variant_resolve(const ast_node *top, const src_file *src, ast_arena *arena, diag_sink *diags,
                                variant_files *files);

/* Frees the bases read and forgets their notes in DIAGS. */
void variant_files_free(variant_files *files, diag_sink *diags);

#endif
