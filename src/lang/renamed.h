/* renamed.h - the one table of forms the language spelt otherwise in an
 * earlier version, and what they are written as now.
 *
 * The checker names the new spelling when it meets an old one, and
 * `tabula fmt --upgrade` rewrites old files from the same table, so the two
 * can never disagree about what an old file meant. */
#ifndef TABULA_RENAMED_H
#define TABULA_RENAMED_H

#include <stdint.h>

#include "ast.h"

typedef enum renamed_kind {
    RENAMED_WORD,    /* a bare word of the form, now written as NOW */
    RENAMED_MISSING, /* a positional argument that old files left out: NOW is what they meant */
} renamed_kind;

typedef struct renamed_form {
    const char *form;    /* the head of the form it is written in */
    renamed_kind kind;
    const char *old;     /* RENAMED_WORD: the old word; RENAMED_MISSING: the parameter left out */
    const char *now;     /* the text that stands for it today */
    const char *meaning; /* what the old file meant, for the message */
} renamed_form;

/* The entry for the bare word WORD written in a form with head FORM, or NULL. */
const renamed_form *renamed_word(const char *form, const char *word);

/* The entry for the parameter PARAM left out of a form with head FORM, or NULL. */
const renamed_form *renamed_missing(const char *form, const char *param);

/* One change to a file's text: bytes BEGIN..END replaced by TEXT (an
 * insertion when BEGIN == END). */
typedef struct renamed_edit {
    uint32_t begin, end;
    const char *text;
    const renamed_form *entry;
} renamed_edit;

/* The edits that bring the old spellings in the tree ROOT (as parsed) up to
 * date, in file order, at most MAX in EDITS; returns how many there are (it
 * may be more than MAX: then only MAX were written). */
int renamed_edits(const ast_node *root, renamed_edit *edits, int max);

#endif
