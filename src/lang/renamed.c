/* renamed.c - the forms renamed in earlier versions of the language (see
 * renamed.h). An entry is added here when a spelling changes; docs/language.md
 * ("Old spellings") lists them for readers. */
#include "renamed.h"
#include "params.h"

#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "check.h"

static const renamed_form renamed[] = {
    /* promotion in the middle of a chain became a choice of three */
    { "promote", RENAMED_WORD, "ends-chain", "mid-chain:ends", "the capture chain stops where the piece is promoted" },
    /* the count gained a unit; old files counted single moves */
    { "no-progress", RENAMED_MISSING, "unit", "plies", "the count was in single moves" },
    /* bearing off with a larger die became a choice of three */
    { "bear-off", RENAMED_WORD, "overshoot", "overshoot:always", "a die larger than needed bears off" },
};

#define NRENAMED (int)(sizeof renamed / sizeof renamed[0])

const renamed_form *renamed_word(const char *form, const char *word)
{
    for (int i = 0; i < NRENAMED; i++)
        if (renamed[i].kind == RENAMED_WORD && strcmp(renamed[i].form, form) == 0 && strcmp(renamed[i].old, word) == 0)
            return &renamed[i];
    return NULL;
}

const renamed_form *renamed_missing(const char *form, const char *param)
{
    for (int i = 0; i < NRENAMED; i++)
        if (renamed[i].kind == RENAMED_MISSING && strcmp(renamed[i].form, form) == 0 &&
            strcmp(renamed[i].old, param) == 0)
            return &renamed[i];
    return NULL;
}

/* Where the left-out parameter R goes in FORM: the end of the last argument
 * filling a positional parameter before it. 0 when the form does not leave
 * it out (or has nothing before it to follow). */
static int missing_at(const ast_node *form, const renamed_form *r, uint32_t *at)
{
    const ludeme_spec *s = catalogue_find_any(form->text);
    int m = -1;
    for (int i = 0; s && s->params[i].name && m < 0; i++)
        if (s->params[i].style == STYLE_POSITIONAL && strcmp(s->params[i].name, r->old) == 0) m = i;
    if (m < 0) return 0;
    int found = 0;
    for (int k = 0; k < form->nkids; k++) {
        const param_spec *p = param_of(form, k);
        if (!p) continue;
        if (p == &s->params[m]) return 0; /* written: nothing left out */
        if (p->style == STYLE_POSITIONAL && p < &s->params[m]) {
            *at = form->kids[k]->loc.end;
            found = 1;
        }
    }
    return found;
}

static void walk(const ast_node *n, renamed_edit *edits, int max, int *count)
{
    if (n->kind == AST_NAMED) {
        walk(n->value, edits, max, count);
        return;
    }
    if (n->kind != AST_FORM && n->kind != AST_LIST) return;
    for (int k = 0; n->kind == AST_FORM && k < n->nkids; k++) {
        const ast_node *kid = n->kids[k];
        const renamed_form *r = kid->kind == AST_NAME ? renamed_word(n->text, kid->text) : NULL;
        if (!r) continue;
        if (*count < max) edits[*count] = (renamed_edit){ kid->loc.begin, kid->loc.end, r->now, r };
        ++*count;
    }
    for (int i = 0; n->kind == AST_FORM && i < NRENAMED; i++) {
        uint32_t at;
        if (renamed[i].kind != RENAMED_MISSING || strcmp(renamed[i].form, n->text) != 0 ||
            !missing_at(n, &renamed[i], &at))
            continue;
        if (*count < max) edits[*count] = (renamed_edit){ at, at, renamed[i].now, &renamed[i] };
        ++*count;
    }
    for (int k = 0; k < n->nkids; k++) walk(n->kids[k], edits, max, count);
}

static int by_place(const void *a, const void *b)
{
    const renamed_edit *x = a, *y = b;
    return x->begin < y->begin ? -1 : x->begin > y->begin;
}

int renamed_edits(const ast_node *root, renamed_edit *edits, int max)
{
    int count = 0;
    for (int k = 0; k < root->nkids; k++) walk(root->kids[k], edits, max, &count);
    /* a form's own edits come before its kids', which may lie before them */
    int n = count < max ? count : max;
    if (n > 1) qsort(edits, (size_t)n, sizeof *edits, by_place);
    return count;
}
