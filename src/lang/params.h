/* params.h - how the arguments of a form meet the catalogue's parameters
 * (params.c): the checker (check.c) places arguments so, and the passes after
 * it (the printer, the table of renamed forms) ask which parameter an
 * argument fills. */
#ifndef TABULA_PARAMS_H
#define TABULA_PARAMS_H

#include "ast.h"
#include "catalogue.h"

/* 1 when V is `(opt ...)`. */
int param_is_opt(const ast_node *v);

/* 1 when V can be the value of P (forms inside V are checked later). An
 * option's value `(opt NAME)` fits wherever a value goes: whether the
 * option's value suits the place is checked once options are known. */
int param_value_fits(const param_spec *p, const ast_node *v);

/* The STYLE_FORM parameter of S that accepts a sub-form with head HEAD (its
 * index in *INDEX), or NULL. */
const param_spec *param_form_of(const ludeme_spec *s, const char *head, int *index);

/* The catalogue's parameter that the K-th argument of FORM (a checked form)
 * fills, or NULL: what later passes ask to treat values by their type. */
const param_spec *param_of(const ast_node *form, int k);

#endif
