/* compile.h - from a checked ludeme tree to a ruleset of flat tables.
 *
 * Compiling also does the meaning checks that need the board: unknown cells,
 * pieces, regions and options, impossible sizes, unreachable pieces. */
#ifndef TABULA_COMPILE_H
#define TABULA_COMPILE_H

#include "lang/ast.h"
#include "lang/diag.h"
#include "engine/ruleset.h"
#include "compile_options.h"

/* Compiles GAME (a form checked by check_tree). Returns NULL when errors were
 * reported; the caller frees the result with free(). */
ruleset *compile_game(const ast_node *game, const src_file *src, const option_setting *settings,
                      int nsettings, diag_sink *diags);

/* The same, leaving in *RESOLVED the game as compiled: options put in
 * place, clauses switched off left out (a tree built in ARENA, sharing the
 * unchanged parts of GAME); `tabula expand` prints it. */
ruleset *compile_game_resolved(const ast_node *game, const src_file *src, const option_setting *settings,
                               int nsettings, diag_sink *diags, ast_arena *arena, const ast_node **resolved);

#endif
