/* compile_forms.c - the table that says which function compiles a form.
 *
 * The catalogue (src/lang/catalogue.c) stays data: it knows nothing of the
 * compiler. This table names, for each form the compiler dispatches on, its
 * head, the parent it appears in and its compile function. It is resolved
 * once (the first time a form is compiled) to an array indexed by the
 * catalogue index of each row's spec; compiling a form is then one catalogue
 * lookup of the form (the spec its head stands for inside that parent) and
 * one array read. The Check suite asserts that every row names a catalogue
 * spec under its parent and that every spec of a dispatched parent has a
 * function, so a new ludeme without a compiler fails the tests. */
#include <pthread.h>
#include <stddef.h>

#include "compile_forms.h"
#include "compile_internal.h"
#include "lang/catalogue.h"

typedef struct form_row {
    const char *head;
    const char *parent;
    compile_end_fn end; /* a condition of (end ...) */
} form_row;

static const form_row rows[] = {
    { "no-pieces", "end", compile_end_no_pieces },
    { "blocked", "end", compile_end_blocked },
    { "no-progress", "end", compile_end_no_progress },
    { "repetition", "end", compile_end_repetition },
    { "material-draw", "end", compile_end_material_draw },
    { "material-win", "end", compile_end_material_win },
    { "reach", "end", compile_end_reach },
    { "pits-empty", "end", compile_end_pits_empty },
    { "cannot-feed", "end", compile_end_cannot_feed },
    { "stored", "end", compile_end_stored },
    { "captured", "end", compile_end_captured },
    { "stalemate", "end", compile_end_stalemate },
    { "line", "end", compile_end_line },
    { "fewer-pieces", "end", compile_end_fewer_pieces },
    { "connect", "end", compile_end_connect },
    { "all-off", "end", compile_end_all_off },
    { "pinned-on-start", "end", compile_end_pinned_on_start },
};

#define NROWS ((int)(sizeof rows / sizeof rows[0]))
#define MAX_SPECS 1024

/* by_spec[catalogue index] is the row compiling that spec, or -1. */
static short by_spec[MAX_SPECS];
static pthread_once_t resolved = PTHREAD_ONCE_INIT;

static void resolve(void)
{
    for (int i = 0; i < MAX_SPECS; i++) by_spec[i] = -1;
    for (int r = 0; r < NROWS; r++) {
        const ludeme_spec *s = catalogue_find(rows[r].head, rows[r].parent);
        int k = s ? catalogue_index(s) : -1;
        if (k >= 0 && k < MAX_SPECS) by_spec[k] = (short)r;
    }
}

/* The row of the spec that HEAD stands for inside PARENT, or NULL. */
static const form_row *row_of(const char *head, const char *parent)
{
    pthread_once(&resolved, resolve);
    const ludeme_spec *s = catalogue_find(head, parent);
    int k = s ? catalogue_index(s) : -1;
    if (k < 0 || k >= MAX_SPECS || by_spec[k] < 0) return NULL;
    return &rows[by_spec[k]];
}

compile_end_fn compile_end_form(const ast_node *f)
{
    const form_row *r = row_of(f->text, "end");
    return r ? r->end : NULL;
}

int compile_forms_count(void)
{
    return NROWS;
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
    const form_row *r = row_of(head, parent);
    return r && r->end != NULL;
}
