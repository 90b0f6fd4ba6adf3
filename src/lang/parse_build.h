/* parse_build.h - the C side of the grammar actions and of the lexer's
 * checks (nesting depth, integer range, bad characters), so that parser.y and
 * lexer.l stay one-line calls. Internal to the front end. */
#ifndef TABULA_PARSE_BUILD_H
#define TABULA_PARSE_BUILD_H

#include "parse.h"

ast_node *build_list(parse_ctx *ctx, span loc);
ast_node *build_append(parse_ctx *ctx, ast_node *list, ast_node *item, span loc);
ast_node *build_named(parse_ctx *ctx, ast_node *name, ast_node *value, span loc);
/* `(head args...)` from the items between the brackets; the first must be
 * a name. Reports it and returns NULL when it is not. */
ast_node *build_form(parse_ctx *ctx, ast_node *items, span loc);
ast_node *build_bracket_list(parse_ctx *ctx, ast_node *items, span loc);
/* `LO..HI` whose bounds are integers or forms (`1..(opt rows)`): a range
 * node; when both are integers it is checked and kept as the two numbers,
 * else the bound nodes are its two kids, resolved when options are known. */
ast_node *build_range(parse_ctx *ctx, ast_node *lo, ast_node *hi, span loc);

/* White space at LOC (TEXT, LEN bytes): notes where lines start. */
void lex_space(parse_ctx *ctx, const char *text, size_t len, span loc);
/* The first token of a line, at LOC, starting with the byte FIRST. */
void lex_line_start(parse_ctx *ctx, span loc, char first);

int lex_open(parse_ctx *ctx, char bracket, span loc);
/* A closing bracket CLOSER at LOC. One that does not match the open bracket
 * is reported and taken as the right one (a typo is likelier than a missing
 * bracket), so the parse goes on in step; returns the closer to use. */
char lex_close(parse_ctx *ctx, char closer, span loc);
ast_node *lex_int(parse_ctx *ctx, const char *text, span loc);
ast_node *lex_range(parse_ctx *ctx, const char *text, span loc);
/* `3/2` or `1.5`: a fraction node in lowest terms; a zero denominator, or a
 * number beyond PARSE_MAX_INT, is reported (the node is then 0/1). */
ast_node *lex_fraction(parse_ctx *ctx, const char *text, span loc);
/* Digits run into `/` or `.` that make no value (`3/`, `1.5.2`, `.5`). */
void lex_bad_number(parse_ctx *ctx, const char *text, size_t len, span loc);
ast_node *lex_name(parse_ctx *ctx, const char *text, size_t len, span loc);
/* `name:` (the colon right after the name): the name of a named argument. */
ast_node *lex_key(parse_ctx *ctx, const char *text, size_t len, span loc);
/* Where the end of the file is reported: just after its last non-blank byte. */
span lex_eof(const parse_ctx *ctx);
ast_node *lex_string(parse_ctx *ctx, const char *text, size_t len, span loc);
/* A string whose closing quote is missing: reported, kept as what it holds. */
ast_node *lex_unterminated_string(parse_ctx *ctx, const char *text, size_t len, span loc);
void lex_error(parse_ctx *ctx, span loc, const char *message);
/* A character no token starts with: TEXT is one byte, or LEN bytes of one
 * UTF-8 character. */
void lex_bad_char(parse_ctx *ctx, const char *text, size_t len, span loc);

/* Counts a syntax error at LOC; forms built round it are marked partial. */
void parse_note_error(parse_ctx *ctx, span loc);

/* Reports bison's syntax error at the token LOC: AT_* say what that token is,
 * WANTED_VALUE that the grammar expected a value (after `name:`). */
void parse_report_syntax_error(parse_ctx *ctx, span loc, int at_eof, int at_closer,
                               int at_colon, int wanted_value);

#endif
