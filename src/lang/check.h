/* check.h - the shape check of a ludeme tree against the catalogue: known
 * ludemes in allowed places, argument counts and types, duplicates. Meaning
 * checks that need the board (cells, pieces, regions) are the compiler's
 * (compile.h). */
#ifndef TABULA_CHECK_H
#define TABULA_CHECK_H

#include "ast.h"
#include "catalogue.h"
#include "diag.h"

/* Reports every shape error of ROOT (the parser's top-level list); returns
 * the `(game ...)` form when there is exactly one, else NULL. */
const ast_node *check_tree(const ast_node *root, const src_file *src, diag_sink *diags);

/* Checks GAME, a `(game ...)` form built from several files (a variant
 * resolved, options put in place): each message is located in the file its
 * node was written in (SRC for nodes that do not say). */
void check_game(const ast_node *game, const src_file *src, diag_sink *diags);

/* Checks FORM as it is checked inside a form with head PARENT ("" at the
 * top level, "@region" or "@value" for a value): the catalogue's examples. */
void check_clause(const ast_node *form, const char *parent, const src_file *src, diag_sink *diags);

#endif
