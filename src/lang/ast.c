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

/* How a range bound reads in a message: `4` or `(opt rows)`. */
static void describe_bound(const ast_node *b, char *buf, size_t size)
{
    if (b->kind == AST_INT) snprintf(buf, size, "%ld", b->lo);
    else if (b->kind == AST_FORM && b->nkids == 1 && b->kids[0]->kind == AST_NAME)
        snprintf(buf, size, "(%s %s)", b->text, b->kids[0]->text);
    else if (b->kind == AST_FORM) snprintf(buf, size, "(%s ...)", b->text);
    else snprintf(buf, size, "?");
}

void ast_describe(const ast_node *node, char *buf, size_t size)
{
    ast_describe_plain(node, buf, size);
    if (node->option) {
        size_t used = strlen(buf);
        snprintf(buf + used, size - used, ", the value of option `%s`", node->option);
    }
}

void ast_describe_plain(const ast_node *node, char *buf, size_t size)
{
    if (node->kind == AST_RANGE && node->nkids == 2) {
        char lo[64], hi[64];
        describe_bound(node->kids[0], lo, sizeof lo);
        describe_bound(node->kids[1], hi, sizeof hi);
        snprintf(buf, size, "range %s..%s", lo, hi);
        return;
    }
    switch (node->kind) {
    case AST_FORM: snprintf(buf, size, "form `(%s ...)`", node->text); break;
    case AST_LIST: snprintf(buf, size, "a list"); break;
    case AST_NAME: snprintf(buf, size, "`%s`", node->text); break;
    case AST_STRING: snprintf(buf, size, "string \"%s\"", node->text); break;
    case AST_INT: snprintf(buf, size, "integer %ld", node->lo); break;
    case AST_FRACTION: snprintf(buf, size, "fraction %s", node->text); break;
    case AST_RANGE: snprintf(buf, size, "range %ld..%ld", node->lo, node->hi); break;
    case AST_NAMED: snprintf(buf, size, "named argument `%s:`", node->text); break;
    }
}

int ast_equal(const ast_node *a, const ast_node *b)
{
    if (a == b) return 1;
    if (!a || !b || a->kind != b->kind || a->nkids != b->nkids) return 0;
    switch (a->kind) {
    case AST_INT: return a->lo == b->lo;
    case AST_FRACTION: return a->lo == b->lo && a->hi == b->hi;
    case AST_RANGE:
        if (a->nkids == 0) return a->lo == b->lo && a->hi == b->hi;
        break;
    case AST_NAMED: return strcmp(a->text, b->text) == 0 && ast_equal(a->value, b->value);
    case AST_NAME:
    case AST_STRING: return strcmp(a->text, b->text) == 0;
    case AST_FORM:
        if (strcmp(a->text, b->text) != 0) return 0;
        break;
    case AST_LIST: break;
    }
    for (int i = 0; i < a->nkids; i++)
        if (!ast_equal(a->kids[i], b->kids[i])) return 0;
    return 1;
}

ast_node *ast_copy(ast_arena *arena, const ast_node *node)
{
    ast_node *n = arena_alloc(arena, sizeof *n);
    if (!n) return NULL;
    *n = *node;
    n->cap = node->nkids;
    n->kids = NULL;
    if (node->nkids) {
        n->kids = arena_alloc(arena, (size_t)node->nkids * sizeof *n->kids);
        if (!n->kids) return NULL;
        memcpy(n->kids, node->kids, (size_t)node->nkids * sizeof *n->kids);
    }
    return n;
}

void ast_remove(ast_node *parent, int i)
{
    if (i < 0 || i >= parent->nkids) return;
    memmove(parent->kids + i, parent->kids + i + 1, (size_t)(parent->nkids - i - 1) * sizeof *parent->kids);
    parent->nkids--;
}

int ast_insert(ast_arena *arena, ast_node *parent, int i, ast_node *kid)
{
    if (!ast_append(arena, parent, kid)) return 0;
    if (i < 0 || i >= parent->nkids) return 1;
    memmove(parent->kids + i + 1, parent->kids + i, (size_t)(parent->nkids - 1 - i) * sizeof *parent->kids);
    parent->kids[i] = kid;
    return 1;
}

ast_node *ast_named(const ast_node *form, const char *name)
{
    for (int i = 0; i < form->nkids; i++) {
        ast_node *k = form->kids[i];
        if (k->kind == AST_NAMED && strcmp(k->text, name) == 0) return k->value;
    }
    return NULL;
}
