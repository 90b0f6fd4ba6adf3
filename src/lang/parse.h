/* parse.h - the rule-file front end: flex lexer and bison parser to a ludeme tree.
 *
 * The grammar only builds the tree; every meaning is checked later in C
 * (check.c) against the catalogue. The parser is pure and reentrant: all its
 * state lives in a parse_ctx. */
#ifndef TABULA_PARSE_H
#define TABULA_PARSE_H

#include <setjmp.h>

#include "ast.h"
#include "diag.h"

/* Deeper nesting than this is refused with a located error (stated in docs). */
#define PARSE_MAX_DEPTH 64
/* Items (nodes of the tree) a rule file may hold: the bundled games have
 * about a thousand; the bound keeps a 4 MiB file of `(a)` from taking
 * hundreds of megabytes. The rest of a file beyond it is not read. */
#define PARSE_MAX_NODES 100000
/* Integers in rule files must lie within +-PARSE_MAX_INT. */
#define PARSE_MAX_INT 1000000

/* Where the nesting most likely went wrong, judged by indentation (as some
 * compilers do): kept while lexing, used only when a bracket error comes. */
#define PARSE_HINT_CLOSERS 16
#define PARSE_FLEX_BLOCKS 8 /* flex's allocations: its state, buffer stack, buffer and text */
typedef struct nesting_hint {
    uint32_t bol;           /* offset where the current line starts */
    int line_began;         /* no token yet on the current line */
    int indented;           /* some line so far started right of column 1 */
    uint32_t col[PARSE_MAX_DEPTH + 1];   /* column (bytes from its line's start) of each open bracket */
    uint8_t deeper[PARSE_MAX_DEPTH + 1]; /* a line inside it started right of that column */
    /* The closers since the last line's first token whose brackets had ever
     * smaller columns (the first of them that the next line's indentation
     * contradicts is where a stray closer most likely is). */
    int nclosed;
    uint32_t closed_col[PARSE_HINT_CLOSERS], closed_at[PARSE_HINT_CLOSERS], closed_open[PARSE_HINT_CLOSERS];
    /* The first closer after which the next line is indented as if the
     * bracket it closed were still open. */
    int has_stray;
    uint32_t stray_at, stray_open, stray_next; /* the closer, its opener, the next line's first token */
    /* The first line that starts at or left of the column of a bracket still
     * open (and whose lines were indented past it): a closer missing before it. */
    int has_unclosed;
    uint32_t unclosed_at, unclosed_open; /* the line's first token, the bracket's opener */
} nesting_hint;

typedef struct parse_ctx {
    const src_file *src;     /* the text being parsed */
    diag_sink *diags;      /* where errors go */
    ast_arena *arena;      /* owns every node */
    ast_node *root;        /* AST_LIST of top-level items */
    int depth;             /* brackets open now */
    uint32_t open_at[PARSE_MAX_DEPTH + 1]; /* offset of each open bracket */
    char open_char[PARSE_MAX_DEPTH + 1];   /* '(' or '[' */
    char closed_unmatched; /* the last closer had no opener at all */
    int stopped;           /* input abandoned (nesting too deep, too many items) */
    long nodes;            /* tree nodes made (PARSE_MAX_NODES) */
    int syntax_errors;     /* errors reported by the lexer and parser */
    uint32_t last_error_at; /* offset of the latest of them (they come in order) */
    nesting_hint hint;     /* indentation, to say where a bracket error most likely is */
    int nesting_explained; /* a bracket error was reported with its likely place */
    jmp_buf fatal;         /* where the lexer's fatal errors (out of memory) jump */
    int nflex;             /* the blocks flex has allocated and not freed, */
    void *flex[PARSE_FLEX_BLOCKS]; /* freed by parse_source after a fatal error */
} parse_ctx;

/* Parses SRC into a tree owned by ARENA. Returns the top-level list (possibly
 * partial after errors; check diags->errors), or NULL when out of memory
 * (reported: diags->oom is set). The list is marked `partial` when a bracket
 * error was reported with the place the nesting most likely went wrong, so
 * that the checker does not explain it again. */
ast_node *parse_source(const src_file *src, diag_sink *diags, ast_arena *arena);

#endif
