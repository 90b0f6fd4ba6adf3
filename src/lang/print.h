/* print.h - ludeme trees printed back as rule-file text, in one canonical
 * layout: `tabula fmt` prints a file with its comments, `tabula expand` a
 * resolved game.
 *
 * The layout comes from the tree and the catalogue alone, never from how
 * the text was laid out, so that printing is idempotent. A form goes on one
 * line when it fits in PRINT_WIDTH columns and holds no comment, unless it
 * is a whole game, or a section of a game holding clauses of a kind it may
 * repeat (the players, the places of `start`, the rules of `play`, the
 * conditions of `end`), or a deeper form holding two clauses or more of a
 * kind that comes in any number (the rules of `moves`, a hook's criteria):
 * then its clauses go one per line, indented by two, and the words and
 * values before the first clause stay on the head's line as far as they fit
 * (words between clauses, such as a hook's flags, share a line). A long
 * list fills lines under its first item. Comments are kept where they were:
 * a comment on a line of its own stays on a line of its own before the same
 * item; a comment after code stays after that code, at column 50 (one space
 * after longer code). One blank line is kept where the source had one or
 * more. */
#ifndef TABULA_PRINT_H
#define TABULA_PRINT_H

#include <stdio.h>

#include "ast.h"

#define PRINT_WIDTH 100 /* columns of code on a line (comments may go past) */

/* Prints the top-level items of ROOT (the parser's list) to OUT. With SRC
 * (the text ROOT was parsed from), its comments and blank lines are kept.
 * Returns 0 when out of memory. */
int print_items(FILE *out, const ast_node *root, const src_file *src);

/* Prints one form (a resolved game) and a newline to OUT, without comments. */
int print_form(FILE *out, const ast_node *form);

#endif
