/* params.c - how the arguments of a form meet the catalogue's parameters:
 * which values a parameter takes, which sub-forms, and which parameter the
 * K-th argument of a form fills (the checker's placing, for later passes). */
#include "params.h"

#include <string.h>

/* 1 when V is `(opt ...)`. */
int param_is_opt(const ast_node *v)
{
    return v->kind == AST_FORM && strcmp(v->text, "opt") == 0;
}

/* 1 when V can be the value of P (forms inside V are checked later). An
 * option's value `(opt NAME)` fits wherever a value goes: whether the
 * option's value suits the place is checked once options are known. */
int param_value_fits(const param_spec *p, const ast_node *v)
{
    switch ((arg_type)p->type) {
    case ARG_INT: return v->kind == AST_INT || param_is_opt(v);
    case ARG_RANGE: return v->kind == AST_INT || v->kind == AST_RANGE || param_is_opt(v);
    case ARG_STRING: return v->kind == AST_STRING;
    case ARG_NAME: return v->kind == AST_NAME || param_is_opt(v);
    case ARG_WORD: return v->kind == AST_NAME || param_is_opt(v);
    case ARG_WORDS: return v->kind == AST_NAME || v->kind == AST_LIST || param_is_opt(v);
    case ARG_NAMES: return v->kind == AST_NAME || v->kind == AST_INT || v->kind == AST_LIST || param_is_opt(v);
    case ARG_VALUE: return v->kind == AST_INT || v->kind == AST_NAME || param_is_opt(v);
    case ARG_VALUES: return v->kind == AST_LIST || v->kind == AST_RANGE;
    case ARG_DISTANCE: return v->kind == AST_INT || v->kind == AST_RANGE || v->kind == AST_NAME || param_is_opt(v);
    case ARG_NUMBER: return v->kind == AST_INT || v->kind == AST_FRACTION || param_is_opt(v);
    case ARG_REGION:
        return v->kind == AST_NAME || v->kind == AST_LIST || param_is_opt(v) ||
               (v->kind == AST_FORM && catalogue_find(v->text, "@region") &&
                strcmp(catalogue_find(v->text, "@region")->parents, "@region") == 0);
    case ARG_FORM: return v->kind == AST_FORM;
    case ARG_FLAG: return v->kind == AST_NAME && strcmp(v->text, p->name) == 0;
    case ARG_PATH: return v->kind == AST_FORM;
    case ARG_ADDED:
    case ARG_REPLACEMENT: return v->kind != AST_NAMED;
    case ARG_SELECTOR: return v->kind == AST_NAME || v->kind == AST_FORM;
    }
    return 0;
}

/* The STYLE_FORM parameter that accepts a sub-form with this head, or NULL. */
const param_spec *param_form_of(const ludeme_spec *s, const char *head, int *index)
{
    for (int i = 0; s->params[i].name; i++) {
        const param_spec *p = &s->params[i];
        if (p->style == STYLE_FORM && catalogue_word_in(head, p->words)) {
            *index = i;
            return p;
        }
    }
    return NULL;
}

const param_spec *param_of(const ast_node *form, int k)
{
    const ludeme_spec *s = form->kind == AST_FORM ? catalogue_find_any(form->text) : NULL;
    if (!s || k < 0 || k >= form->nkids) return NULL;
    int count[CAT_MAX_PARAMS] = { 0 }, pi = 0;
    for (int i = 0; i <= k; i++) {
        const ast_node *kid = form->kids[i];
        const param_spec *got = NULL;
        int fi;
        if (kid->kind == AST_NAMED) {
            for (const param_spec *p = s->params; p->name && !got; p++)
                if (p->style == STYLE_NAMED && strcmp(p->name, kid->text) == 0) got = p;
        } else if (kid->kind == AST_FORM && param_form_of(s, kid->text, &fi)) {
            got = &s->params[fi];
        } else {
            for (const param_spec *p = s->params; kid->kind == AST_NAME && p->name && !got; p++)
                if (p->style == STYLE_FLAG && strcmp(p->name, kid->text) == 0) got = p;
            /* positional, placed as check_form places it */
            while (!got && s->params[pi].name) {
                const param_spec *p = &s->params[pi];
                if (p->style != STYLE_POSITIONAL) { pi++; continue; }
                if (count[pi] < p->max && param_value_fits(p, kid)) { count[pi]++; got = p; break; }
                if (count[pi] >= p->min) { pi++; continue; }
                count[pi]++;
                got = p;
            }
        }
        if (i == k) return got;
    }
    return NULL;
}
