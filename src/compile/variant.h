/* variant.h - variant files: `(variant "Name" (extends "BASE") SECTIONS...)`
 * stands for the base game with the sections it gives in place of the
 * base's (options are merged by name). */
#ifndef TABULA_VARIANT_H
#define TABULA_VARIANT_H

#include "lang/ast.h"
#include "lang/diag.h"

#define VARIANT_MAX_DEPTH 8 /* variants of variants, at most this deep */

/* The files read for the bases of a variant; freed after compiling. */
typedef struct variant_files {
    src_file *files[VARIANT_MAX_DEPTH];
    int n;
} variant_files;

/* TOP is a checked `(variant ...)` form of SRC. Reads and checks its base
 * (and theirs), and returns a `(game ...)` form built in ARENA from the
 * base's sections and the variant's; NULL after reporting an error. */
const ast_node *variant_resolve(const ast_node *top, const src_file *src, ast_arena *arena, diag_sink *diags,
                                variant_files *files);

void variant_files_free(variant_files *files);

#endif
