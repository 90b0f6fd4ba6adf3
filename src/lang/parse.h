/* parse.h - the rule-file front end: flex lexer and bison parser to a ludeme tree.
 *
 * The grammar only builds the tree; every meaning is checked later in C
 * (check.c) against the catalogue. The parser is pure and reentrant: all its
 * state lives in a parse_ctx. */
#ifndef TABULA_PARSE_H
#define TABULA_PARSE_H

#include "ast.h"
#include "diag.h"

/* Deeper nesting than this is refused with a located error (stated in docs). */
#define PARSE_MAX_DEPTH 64
/* Integers in rule files must lie within +-PARSE_MAX_INT. */
#define PARSE_MAX_INT 1000000

typedef struct parse_ctx {
    const src_file *src;     /* the text being parsed */
    diag_sink *diags;      /* where errors go */
    ast_arena *arena;      /* owns every node */
    ast_node *root;        /* AST_LIST of top-level items */
    int depth;             /* brackets open now */
    uint32_t open_at[PARSE_MAX_DEPTH + 1]; /* offset of each open bracket */
    char open_char[PARSE_MAX_DEPTH + 1];   /* '(' or '[' */
    char closed_unmatched; /* the last closer had no opener at all */
    int stopped;           /* input abandoned (nesting too deep) */
    int syntax_errors;     /* errors reported by the lexer and parser */
    uint32_t last_error_at; /* offset of the latest of them (they come in order) */
} parse_ctx;

/* Parses SRC into a tree owned by ARENA. Returns the top-level list (possibly
 * partial after errors; check diags->errors), or NULL when out of memory. */
ast_node *parse_source(const src_file *src, diag_sink *diags, ast_arena *arena);

#endif
