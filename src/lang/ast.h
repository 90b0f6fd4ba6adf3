/* ast.h - the ludeme tree: what the parser builds and the checker reads.
 *
 * A rule file is a sequence of forms `(head arg...)`. An argument is a form, a
 * list `[a b c]`, an atom (name, string, integer, fraction `3/2` or `1.5`,
 * range `1..6`) or a named
 * argument `name:value`. Every node keeps its source span. All nodes of one
 * parse live in one arena and are freed together. */
#ifndef TABULA_AST_H
#define TABULA_AST_H

#include <stdint.h>
#include "source.h"

typedef enum ast_kind {
    AST_FORM,   /* (head args...) */
    AST_LIST,   /* [args...] */
    AST_NAME,   /* an identifier: man, diagonal-forward, a1, c3.0 */
    AST_STRING, /* "text" */
    AST_INT,    /* 42, -1 */
    AST_FRACTION, /* 3/2 or 1.5: lo/hi in lowest terms (hi > 0), text as written */
    AST_RANGE,  /* 3..4, or 1..(opt rows): then the two bounds are its kids */
    AST_NAMED,  /* name:value */
} ast_kind;

typedef struct ast_node ast_node;
struct ast_node {
    ast_kind kind;     /* what the node is */
    span loc;          /* the whole node */
    span head_loc;     /* the head of a form, the name of a named argument */
    const char *text;  /* head, identifier, string contents, argument name */
    long lo, hi;       /* integer value (lo), range bounds, fraction lo/hi */
    ast_node *value;   /* AST_NAMED: the value */
    ast_node **kids;   /* AST_FORM, AST_LIST: the arguments in order */
    int nkids;         /* number of arguments */
    int cap;           /* capacity of kids */
    int partial;       /* a syntax error inside: arguments may be missing */
    const src_file *src; /* the file it was written in (a variant mixes two) */
    const char *option; /* a value put in place of `(opt NAME)`: that NAME */
};

typedef struct ast_arena ast_arena;

ast_arena *ast_arena_new(void);
void ast_arena_free(ast_arena *arena);

/* Nodes made from now on were written in SRC. */
void ast_arena_set_source(ast_arena *arena, const src_file *src);
struct diag_sink;
/* Where running out of memory is reported (diag_oom); until set, nowhere. */
void ast_arena_set_sink(ast_arena *arena, struct diag_sink *diags);
ast_node *ast_new(ast_arena *arena, ast_kind kind, span loc);

/* The file NODE was written in, or FALLBACK. */
static inline const src_file *ast_src(const ast_node *node, const src_file *fallback)
{
    return node && node->src ? node->src : fallback;
}
/* N bytes from the arena, suitably aligned; NULL when out of memory. */
void *ast_alloc(ast_arena *arena, size_t n);
const char *ast_strdup(ast_arena *arena, const char *s, size_t len);
/* Appends KID to a form or list; returns 0 when out of memory. */
int ast_append(ast_arena *arena, ast_node *parent, ast_node *kid);

/* "form `step`", "integer", "name `forwards`": how messages refer to a node. */
void ast_describe(const ast_node *node, char *buf, size_t size);
/* The same without ", the value of option `NAME`" for a substituted value. */
void ast_describe_plain(const ast_node *node, char *buf, size_t size);

/* 1 when A and B are the same tree (kinds, texts, numbers, arguments),
 * wherever they were written. */
int ast_equal(const ast_node *a, const ast_node *b);

/* A shallow copy of NODE in ARENA with its own array of kids, so that kids
 * can be added, replaced or removed without touching NODE. */
ast_node *ast_copy(ast_arena *arena, const ast_node *node);

/* Removes the kid at index I of a form or list. */
void ast_remove(ast_node *parent, int i);
/* Inserts KID at index I (0..nkids) of a form or list; 0 when out of memory. */
int ast_insert(ast_arena *arena, ast_node *parent, int i, ast_node *kid);

/* The named argument NAME of a form, or NULL. */
ast_node *ast_named(const ast_node *form, const char *name);

#endif
