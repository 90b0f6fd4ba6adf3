/* compile_forms.h - which function compiles a form: a table of
 * { head, parent, function } rows (compile_table.c, looked up by
 * compile_forms.c), resolved once to the
 * catalogue's specs, so the compiler dispatches on the spec a form stands
 * for instead of comparing its head with strings. Declared here for the
 * tests, which check the table against the catalogue. */
#ifndef TABULA_COMPILE_FORMS_H
#define TABULA_COMPILE_FORMS_H

#include "lang/ast.h"

/* Installs the table (once; before the first form is compiled, and before
 * the tests read it). */
void compile_table_install(void);

/* The rows of the table: how many, and the head and the parent of row I. */
int compile_forms_count(void);
const char *compile_forms_head(int i);
const char *compile_forms_parent(int i);

/* 1 when the form HEAD inside PARENT has a compile function. */
int compile_forms_has(const char *head, const char *parent);

/* 1 when F is a form standing, inside PARENT, for the catalogue spec HEAD
 * names there (`compile_form_is(v, "opt", "@value")`): the compiler asks the
 * catalogue which form it holds instead of comparing heads. HEAD must be a
 * spec allowed inside PARENT. (Defined in compiler.c, with the other
 * helpers on forms: it needs the catalogue alone, not the table.) */
int compile_form_is(const ast_node *f, const char *head, const char *parent);

#endif
