/* compile_resolve.c - a game with its options put in place.
 *
 * Once the options' values are known (declarations, then --option), the
 * tree is rewritten before anything else is compiled: every `(opt NAME)`
 * becomes the option's value (an integer or a word, remembering the option
 * for messages), a range with such bounds (`1..(opt rows)`) becomes a plain
 * range, a clause switched off by `if:NAME` or `unless:NAME` leaves, and the
 * option declarations go. The section compilers, `tabula expand` and the
 * second shape check all read that tree, so an option can stand wherever a
 * value goes without any compiler knowing. The original tree is never
 * changed: forms on the way to a change are copied. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"

typedef struct resolver {
    compiler *c;
    ast_arena *arena;  /* where the copies are made */
    int failed;        /* an error was reported */
} resolver;

/* What resolve_node returns for a clause switched off. */
static const ast_node dropped_node;
#define DROPPED (&dropped_node)

/* The declared option named by NAME (a name node), or NULL after an error. */
static const option_value *find_option(resolver *r, const ast_node *name)
{
    const ruleset *rs = r->c->rs;
    if (name->kind != AST_NAME) return NULL; /* the checker has said why */
    for (int i = 0; i < rs->noptions; i++)
        if (strcmp(rs->options[i].name, name->text) == 0) return &rs->options[i];
    r->failed = 1;
    if (compile_declared_in_error(r->c, name->text)) return NULL;
    const char *names[TB_MAX_OPTIONS];
    for (int i = 0; i < rs->noptions; i++) names[i] = rs->options[i].name;
    const char *best = diag_nearest(name->text, names, rs->noptions);
    if (best)
        compile_error(r->c, name, "unknown option `%s`; did you mean `%s`?", name->text, best);
    else
        compile_error(r->c, name, "unknown option `%s` (declare it with `(option %s ...)`)", name->text, name->text);
    return NULL;
}

/* `(opt NAME)` at N: its value as a node of its own, located at N. */
static const ast_node *option_value_node(resolver *r, const ast_node *n)
{
    const option_value *o = n->nkids == 1 ? find_option(r, n->kids[0]) : NULL;
    if (!o) return n;
    ast_node *v = ast_new(r->arena, o->is_int ? AST_INT : AST_NAME, n->loc);
    if (!v) return n;
    v->src = n->src;
    v->option = n->kids[0]->text;
    v->lo = v->hi = o->value;
    if (!o->is_int) v->text = ast_strdup(r->arena, o->word, strlen(o->word));
    return v;
}

/* 1 when the switches `if:` and `unless:` of FORM keep it; reports a
 * switch that does not name a boolean option. *BY: the option of the
 * switch that decided (the first that switches it off), or NULL. */
static int switched_on(resolver *r, const ast_node *form, const char **by)
{
    int on = 1;
    *by = NULL;
    for (int i = 0; i < form->nkids; i++) {
        const ast_node *k = form->kids[i];
        int sw = compile_clause_switch(k);
        if (sw < 0) continue;
        const option_value *o = find_option(r, k->value);
        if (!o) continue;
        if (o->kind != OPTION_BOOL) {
            compile_error(r->c, k->value, "`%s:` takes a boolean option (`on` or `off`); `%s` is %s", k->text, o->name,
                          o->kind == OPTION_INT ? "an integer option" : "an option of words");
            r->failed = 1;
            continue;
        }
        int is_on = compile_switch_value(o->word) == W_SWITCH_ON;
        if (on && (!*by || is_on != (sw == W_CLAUSE_IF))) *by = o->name;
        if (is_on != (sw == W_CLAUSE_IF)) on = 0;
    }
    return on;
}

static const ast_node *resolve_node(resolver *r, const ast_node *n);

/* A range whose bounds are `(opt NAME)`: a plain range of their values. */
static const ast_node *resolve_range(resolver *r, const ast_node *n)
{
    const ast_node *lo = resolve_node(r, n->kids[0]), *hi = resolve_node(r, n->kids[1]);
    const ast_node *bounds[2] = { lo, hi };
    for (int i = 0; i < 2; i++)
        if (bounds[i]->kind != AST_INT) {
            if (bounds[i]->kind != AST_FORM) { /* a word option's value */
                char got[128];
                ast_describe(bounds[i], got, sizeof got);
                compile_error(r->c, bounds[i], "a bound of a range is an integer; got %s", got);
            }
            r->failed = 1;
            return n;
        }
    if (lo->lo > hi->lo) {
        char written[160], why[160];
        ast_describe_plain(n, written, sizeof written);
        if (lo->option && hi->option)
            snprintf(why, sizeof why, "`%s` is %ld and `%s` is %ld", lo->option, lo->lo, hi->option, hi->lo);
        else
            snprintf(why, sizeof why, "`%s` is %ld", lo->option ? lo->option : hi->option,
                     lo->option ? lo->lo : hi->lo);
        compile_error(r->c, n, "%s is empty: %s", written, why);
        r->failed = 1;
        return n;
    }
    ast_node *v = ast_new(r->arena, AST_RANGE, n->loc);
    if (!v) return n;
    *v = *n;
    v->kids = NULL;
    v->nkids = v->cap = 0;
    v->lo = lo->lo;
    v->hi = hi->lo;
    return v;
}

/* N with its options in place: N itself when nothing in it changes, a copy
 * when something does, DROPPED for a clause switched off. */
static const ast_node *resolve_node(resolver *r, const ast_node *n)
{
    switch (n->kind) {
    case AST_NAMED: {
        const ast_node *v = resolve_node(r, n->value);
        if (v == n->value || v == DROPPED) return n;
        ast_node *copy = ast_copy(r->arena, n);
        if (!copy) return n;
        copy->value = (ast_node *)v;
        return copy;
    }
    case AST_RANGE: return n->nkids == 2 ? resolve_range(r, n) : n;
    case AST_FORM:
        if (compile_form_is(n, "opt", "@value")) return option_value_node(r, n);
        const char *by;
        if (!switched_on(r, n, &by)) {
            compile_clause_off(r->c, n, by); /* located, for coverage: it can never fire */
            return DROPPED;
        }
        if (by) compile_clause_switched(r->c, n, by);
        break;
    case AST_LIST: break;
    default: return n;
    }
    ast_node *copy = NULL;
    for (int i = 0, out = 0; i < n->nkids; i++, out++) {
        const ast_node *k = n->kids[i], *v;
        int is_switch = compile_clause_switch(k) >= 0;
        int is_option = compile_form_is(k, "option", "game") && compile_form_is(n, "game", "");
        v = is_switch || is_option ? DROPPED : resolve_node(r, k);
        if (v == k && !copy) continue;
        if (!copy && !(copy = ast_copy(r->arena, n))) return n;
        if (v == DROPPED) {
            ast_remove(copy, out--);
            continue;
        }
        copy->kids[out] = (ast_node *)v;
    }
    return copy ? copy : n;
}

/* Counts in USES the options N mentions: `(opt NAME)`, `if:NAME`, `unless:NAME`. */
static void count_uses(const compiler *c, const ast_node *n, int *uses)
{
    const char *name = NULL;
    if (compile_form_is(n, "opt", "@value") && n->nkids == 1 && n->kids[0]->kind == AST_NAME)
        name = n->kids[0]->text;
    if (compile_clause_switch(n) >= 0 && n->value->kind == AST_NAME)
        name = n->value->text;
    for (int i = 0; name && i < c->rs->noptions; i++)
        if (strcmp(c->rs->options[i].name, name) == 0) uses[i]++;
    if (n->kind == AST_NAMED) count_uses(c, n->value, uses);
    for (int i = 0; i < n->nkids; i++) count_uses(c, n->kids[i], uses);
}

void compile_warn_unused_options(compiler *c, const ast_node *game)
{
    int uses[TB_MAX_OPTIONS] = { 0 };
    for (int i = 0; i < game->nkids; i++)
        if (!compile_form_is(game->kids[i], "option", "game"))
            count_uses(c, game->kids[i], uses);
    int i = 0;
    const ast_node *o;
    while ((o = compile_next_form(game, "option", &i))) {
        const ast_node *name = compile_positional(o, 0);
        for (int k = 0; name && k < c->rs->noptions; k++)
            if (uses[k] == 0 && name->kind == AST_NAME && strcmp(c->rs->options[k].name, name->text) == 0) {
                compile_warning(c, name, "option `%s` is declared but never used (by `(opt %s)`, `if:%s` or "
                                "`unless:%s`): setting it changes nothing", name->text, name->text, name->text,
                                name->text);
                uses[k] = -1; /* once */
            }
    }
}

/* Notes at the clauses of N that an option switched off (at most *LEFT). */
static void note_switched_off(compiler *c, const ast_node *n, int *left)
{
    if (*left <= 0 || n->kind != AST_FORM) return;
    for (int i = 0; i < n->nkids; i++) {
        const ast_node *k = n->kids[i];
        int sw = compile_clause_switch(k);
        if (sw < 0) continue;
        for (int o = 0; o < c->rs->noptions; o++) {
            const option_value *ov = &c->rs->options[o];
            if (ov->kind != OPTION_BOOL || k->value->kind != AST_NAME || strcmp(ov->name, k->value->text) != 0) continue;
            if ((compile_switch_value(ov->word) == W_SWITCH_ON) == (sw == W_CLAUSE_IF)) continue;
            diag_at(c->diags, ast_src(k, c->src), k->loc, DIAG_NOTE, "this `(%s ...)` is left out: `%s` is `%s`",
                    n->text, ov->name, ov->word);
            if (--*left == 0) return;
            return; /* one note per clause */
        }
    }
    for (int i = 0; i < n->nkids; i++) note_switched_off(c, n->kids[i], left);
}

void compile_note_switched_off(compiler *c, const ast_node *game)
{
    int left = 4;
    note_switched_off(c, game, &left);
}

const ast_node *compile_resolve(compiler *c, const ast_node *game, ast_arena *arena)
{
    resolver r = { c, arena, 0 };
    const ast_node *out = resolve_node(&r, game);
    if (out == DROPPED) return NULL;
    return r.failed ? NULL : out;
}
