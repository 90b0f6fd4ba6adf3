/* compile_forms.c - which function compiles a form: the lookup.
 *
 * The catalogue (src/lang/catalogue.c) stays data: it knows nothing of the
 * compiler. The table (compile_table.c) names, for each form the compiler
 * dispatches on, its head, the parent it appears in and its compile
 * function: one column per parent dispatched (`end`, `moves`, `play`, the
 * topologies of `board`, the region forms of `@region`), as each has its
 * own signature. The table is installed once, before the first form is
 * compiled (by compile_table.c), and resolved then to an array indexed
 * by the catalogue index of each row's spec; compiling a form is then one
 * catalogue lookup of the form (the spec its head stands for inside that
 * parent) and one array read. The lookup sits below every compile function
 * and the table above them all, so that a function that compiles a form may
 * dispatch its sub-forms without the files calling each other in a circle.
 * The Check suite asserts that every row names a catalogue spec under its
 * parent and that every spec of a dispatched parent has a function, so a
 * new ludeme without a compiler fails the tests. */
#include <stddef.h>

#include "compile_forms.h"
#include "compiler.h"
#include "lang/catalogue.h"

#define MAX_SPECS 1024

static const compile_form_row *rows; /* the table installed, or NULL */
static int nrows;
/* by_spec[catalogue index] is the row compiling that spec, or -1. */
static short by_spec[MAX_SPECS];

void compile_forms_install(const compile_form_row *table, int n)
{
    for (int i = 0; i < MAX_SPECS; i++) by_spec[i] = -1;
    for (int r = 0; r < n; r++) {
        const ludeme_spec *s = catalogue_find(table[r].head, table[r].parent);
        int k = s ? catalogue_index(s) : -1;
        if (k >= 0 && k < MAX_SPECS) by_spec[k] = (short)r;
    }
    nrows = n;
    rows = table;
}

/* The row of the spec that HEAD stands for inside PARENT, or NULL. */
static const compile_form_row *row_of(const char *head, const char *parent)
{
    if (!rows) return NULL;
    const ludeme_spec *s = catalogue_find(head, parent);
    int k = s ? catalogue_index(s) : -1;
    if (k < 0 || k >= MAX_SPECS || by_spec[k] < 0) return NULL;
    return &rows[by_spec[k]];
}

compile_end_fn compile_end_form(const ast_node *f)
{
    const compile_form_row *r = row_of(f->text, "end");
    return r ? r->end : NULL;
}

compile_move_fn compile_move_form(const ast_node *f)
{
    const compile_form_row *r = row_of(f->text, "moves");
    return r ? r->move : NULL;
}

compile_play_fn compile_play_form(const ast_node *f)
{
    const compile_form_row *r = row_of(f->text, "play");
    return r ? r->play : NULL;
}

compile_topology_fn compile_topology_form(const ast_node *f)
{
    const compile_form_row *r = row_of(f->text, "board");
    return r ? r->topology : NULL;
}

compile_region_fn compile_region_form(const ast_node *f)
{
    const compile_form_row *r = row_of(f->text, "@region");
    return r ? r->region : NULL;
}

int compile_forms_count(void)
{
    return nrows;
}

const char *compile_forms_head(int i)
{
    return rows[i].head;
}

const char *compile_forms_parent(int i)
{
    return rows[i].parent;
}

int compile_forms_has(const char *head, const char *parent)
{
    const compile_form_row *r = row_of(head, parent);
    return r && (r->end != NULL || r->move != NULL || r->play != NULL || r->topology != NULL || r->region != NULL);
}
