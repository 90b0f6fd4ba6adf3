/* ast.c - arena-allocated ludeme tree nodes. */
#include "ast.h"
#include "diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Memory comes in blocks that are freed together; the tree has no owner links. */
typedef struct arena_block {
    struct arena_block *next;
    size_t used, size;
    max_align_t data[];
} arena_block;

struct ast_arena {
    arena_block *head;
    const src_file *current; /* the file being parsed */
    diag_sink *diags;        /* where running out of memory is said */
};

void ast_arena_set_source(ast_arena *arena, const src_file *src)
{
    arena->current = src;
}

void ast_arena_set_sink(ast_arena *arena, diag_sink *diags)
{
    arena->diags = diags;
}

ast_arena *ast_arena_new(void)
{
    return calloc(1, sizeof(ast_arena));
}

void ast_arena_free(ast_arena *arena)
{
    if (!arena) return;
    arena_block *b = arena->head;
    while (b) {
        arena_block *next = b->next;
        free(b);
        b = next;
    }
    free(arena);
}

static void *arena_alloc(ast_arena *arena, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    arena_block *b = arena->head;
    if (!b || b->used + n > b->size) {
        size_t size = n > 65536 ? n : 65536;
        b = malloc(sizeof *b + size);
        if (!b) {
            if (arena->diags) diag_oom(arena->diags, arena->current ? arena->current->path : NULL);
            return NULL;
        }
        b->used = 0;
        b->size = size;
        b->next = arena->head;
        arena->head = b;
    }
    void *p = (char *)b->data + b->used;
    b->used += n;
    return p;
}

void *ast_alloc(ast_arena *arena, size_t n)
{
    return arena_alloc(arena, n);
}

ast_node *ast_new(ast_arena *arena, ast_kind kind, span loc)
{
    ast_node *n = arena_alloc(arena, sizeof *n);
    if (!n) return NULL;
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->loc = loc;
    n->head_loc = loc;
    n->src = arena->current;
    return n;
}

const char *ast_strdup(ast_arena *arena, const char *s, size_t len)
{
    char *p = arena_alloc(arena, len + 1);
    if (!p) return NULL;
    memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

int ast_append(ast_arena *arena, ast_node *parent, ast_node *kid)
{
    if (parent->nkids == parent->cap) {
        int cap = parent->cap ? parent->cap * 2 : 4;
        ast_node **kids = arena_alloc(arena, (size_t)cap * sizeof *kids);
        if (!kids) return 0;
        if (parent->nkids) memcpy(kids, parent->kids, (size_t)parent->nkids * sizeof *kids);
        parent->kids = kids; /* the old array stays in the arena until it is freed */
        parent->cap = cap;
    }
    parent->kids[parent->nkids++] = kid;
    return 1;
}

const char *ast_kind_name(ast_kind kind)
{
    switch (kind) {
    case AST_FORM: return "form";
    case AST_LIST: return "list";
    case AST_NAME: return "name";
    case AST_STRING: return "string";
    case AST_INT: return "integer";
    case AST_RANGE: return "range";
    case AST_NAMED: return "named argument";
    }
    return "?";
}

void ast_describe(const ast_node *node, char *buf, size_t size)
{
    switch (node->kind) {
    case AST_FORM: snprintf(buf, size, "form `(%s ...)`", node->text); break;
    case AST_LIST: snprintf(buf, size, "a list"); break;
    case AST_NAME: snprintf(buf, size, "`%s`", node->text); break;
    case AST_STRING: snprintf(buf, size, "string \"%s\"", node->text); break;
    case AST_INT: snprintf(buf, size, "integer %ld", node->lo); break;
    case AST_RANGE: snprintf(buf, size, "range %ld..%ld", node->lo, node->hi); break;
    case AST_NAMED: snprintf(buf, size, "named argument `%s:`", node->text); break;
    }
}

ast_node *ast_named(const ast_node *form, const char *name)
{
    for (int i = 0; i < form->nkids; i++) {
        ast_node *k = form->kids[i];
        if (k->kind == AST_NAMED && strcmp(k->text, name) == 0) return k->value;
    }
    return NULL;
}
