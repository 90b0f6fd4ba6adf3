/* compiler.c - what every part of the compiler shares: located messages,
 * looking up forms and arguments in the tree, names and piece types, the
 * directions of a move rule. The section compilers (compile_*.c) call
 * these; nothing here calls them back. */
#include "compiler.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/topology.h"
#include "lang/catalogue.h"
#include "variant.h"

/* A variant and all its bases each get a row of ruleset.files. */
_Static_assert(VARIANT_MAX_DEPTH + 1 <= TB_MAX_FILES, "a chain of variants has more files than ruleset.files holds");

void compile_error(compiler *c, const ast_node *at, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_at(c->diags, ast_src(at, c->src), at->loc, DIAG_ERROR, "%s", msg);
}

void compile_warning(compiler *c, const ast_node *at, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_at(c->diags, ast_src(at, c->src), at->loc, DIAG_WARNING, "%s", msg);
}

void compile_limit_error(compiler *c, const ast_node *at, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_at(c->diags, ast_src(at, c->src), at->loc, DIAG_ERROR, "%s (docs/limits.md)", msg);
}

int compile_failed(const compiler *c)
{
    return c->diags->errors > c->errors_at_start;
}

void compile_declare_failed(compiler *c, const char *name)
{
    if (c->nfailed < (int)(sizeof c->failed / sizeof c->failed[0])) c->failed[c->nfailed++] = name;
}

int compile_declared_in_error(const compiler *c, const char *name)
{
    for (int i = 0; i < c->nfailed; i++)
        if (strcmp(c->failed[i], name) == 0) return 1;
    return 0;
}

int compile_name_fits(compiler *c, const ast_node *name, const char *what)
{
    if (strlen(name->text) < TB_NAME_LEN) return 1;
    compile_limit_error(c, name, "%s name `%s` is too long (at most %d characters)", what, name->text,
                        TB_NAME_LEN - 1);
    compile_declare_failed(c, name->text);
    return 0;
}

void compile_text(compiler *c, const ast_node *v, char *buf, size_t size, const char *what)
{
    size_t len = strlen(v->text);
    if (len < size) {
        memcpy(buf, v->text, len + 1);
        return;
    }
    len = size - 1;
    while (len > 0 && ((unsigned char)v->text[len] & 0xc0) == 0x80) len--; /* not inside a character */
    memcpy(buf, v->text, len);
    buf[len] = '\0';
    compile_warning(c, v, "%s is longer than %zu bytes; only its start is kept", what, size - 1);
}

const ast_node *compile_next_form(const ast_node *form, const char *head, int *i)
{
    while (*i < form->nkids) {
        const ast_node *k = form->kids[(*i)++];
        if (k->kind == AST_FORM && (!head || compile_form_is(k, head, form->text ? form->text : ""))) return k;
    }
    return NULL;
}

const ast_node *compile_form(const ast_node *form, const char *head)
{
    int i = 0;
    return compile_next_form(form, head, &i);
}

const ast_node *compile_positional(const ast_node *form, int k)
{
    for (int i = 0; i < form->nkids; i++) {
        const ast_node *kid = form->kids[i];
        if (kid->kind == AST_NAMED) continue;
        if (kid->kind == AST_FORM) { /* value forms (opt, regions) are positional; others are sections */
            const ludeme_spec *s = catalogue_find_any(kid->text);
            if (!s || s->parents[0] != '@') continue;
        }
        if (k-- == 0) return kid;
    }
    return NULL;
}

int compile_is_flag(const ast_node *form, const ast_node *w)
{
    const param_spec *p = form->text && w->kind == AST_NAME ? catalogue_param(form->text, w->text) : NULL;
    return p && p->style == STYLE_FLAG;
}

/* A bare word is the flag when the catalogue finds, under the form's head,
 * the same flag parameter for the word as for FLAG. */
const ast_node *compile_flag_at(const ast_node *form, const char *flag)
{
    const param_spec *p = form->text ? catalogue_param(form->text, flag) : NULL;
    if (!p || p->style != STYLE_FLAG) return NULL;
    for (int i = 0; i < form->nkids; i++)
        if (form->kids[i]->kind == AST_NAME && catalogue_param(form->text, form->kids[i]->text) == p)
            return form->kids[i];
    return NULL;
}

/* The argument F gives the word parameter P: a named one by its name, a
 * positional one as the bare word of F that is one of P's words. */
static const ast_node *word_argument(const ast_node *f, const param_spec *p)
{
    if (p->style == STYLE_NAMED) return ast_named(f, p->name);
    for (int i = 0; i < f->nkids; i++)
        if (f->kids[i]->kind == AST_NAME && catalogue_word_in(f->kids[i]->text, p->words)) return f->kids[i];
    return NULL;
}

int compile_word_of(const ast_node *f, const char *param, const ast_node *w)
{
    const param_spec *p = f && f->text ? catalogue_param(f->text, param) : NULL;
    if (!p || !p->words || !w || w->kind != AST_NAME) return -1;
    return catalogue_word_index(w->text, p->words);
}

int compile_word(const ast_node *f, const char *param)
{
    const param_spec *p = f && f->text ? catalogue_param(f->text, param) : NULL;
    if (!p || !p->words) return -1;
    const ast_node *v = word_argument(f, p);
    if (v) return compile_word_of(f, param, v);
    return p->dflt ? catalogue_word_index(p->dflt, p->words) : -1;
}

long compile_default_int(const ast_node *f, const char *param)
{
    const param_spec *p = f && f->text ? catalogue_param(f->text, param) : NULL;
    return p && p->dflt ? strtol(p->dflt, NULL, 10) : 0;
}

int compile_clause_switch(const ast_node *k)
{
    return k->kind == AST_NAMED ? catalogue_word_index(k->text, CATALOGUE_CLAUSE_SWITCHES) : -1;
}

int compile_switch_value(const char *word)
{
    return catalogue_word_index(word, CATALOGUE_SWITCH_WORDS);
}

int compile_flag(const ast_node *form, const char *flag)
{
    return compile_flag_at(form, flag) != NULL;
}

int compile_piece(compiler *c, const ast_node *v)
{
    int t = v->kind == AST_NAME ? ruleset_piece(c->rs, v->text) : -1;
    if (t >= 0) return t;
    if (v->kind == AST_NAME && compile_declared_in_error(c, v->text)) return -1; /* already reported */
    char known[256] = "";
    const char *names[TB_MAX_PIECE_TYPES];
    for (int i = 0; i < c->rs->npiece_types; i++) {
        names[i] = c->rs->piece_name[i];
        strncat(known, i ? ", " : "", sizeof known - strlen(known) - 1);
        strncat(known, c->rs->piece_name[i], sizeof known - strlen(known) - 1);
    }
    const char *best = v->kind == AST_NAME ? diag_nearest(v->text, names, c->rs->npiece_types) : NULL;
    if (best)
        compile_error(c, v, "unknown piece type `%s`; did you mean `%s`?", v->text, best);
    else if (c->rs->npiece_types == 0)
        compile_error(c, v, "unknown piece type `%s` (no piece type is declared)", v->kind == AST_NAME ? v->text : "?");
    else
        compile_error(c, v, "unknown piece type `%s` (declared: %s)", v->kind == AST_NAME ? v->text : "?", known);
    return -1;
}

/* The clause table is full (a file of more than TB_MAX_CLAUSES clauses):
 * said once, at the first clause beyond. Every clause an option switches
 * counts, on or off, so that whether a file fits does not depend much on the
 * options' values. */
static void clauses_full(compiler *c, const ast_node *f)
{
    if (c->clauses_overflowed) return;
    c->clauses_overflowed = 1;
    compile_limit_error(c, f, "too many clauses: a game has at most %d (move rules, promotions, capture criteria, "
                        "end conditions, announcements, and any clause switched by `if:` or `unless:`, on or off)",
                        TB_MAX_CLAUSES);
}

void compile_locate(compiler *c, const ast_node *f, clause_loc *cl)
{
    ruleset *rs = c->rs;
    const src_file *src = ast_src(f, c->src);
    int file = 0;
    while (file < rs->nfiles && strcmp(rs->files[file], src->path) != 0) file++;
    if (file == rs->nfiles) {
        if (rs->nfiles == TB_MAX_FILES) file = 0; /* cannot happen: variant chains are shorter (above) */
        else snprintf(rs->files[rs->nfiles++], sizeof rs->files[0], "%s", src->path);
    }
    int line, col;
    source_line_col(src, f->loc.begin, &line, &col);
    cl->file = (uint8_t)file;
    cl->line = (uint16_t)(line > 65535 ? 65535 : line);
    cl->col = (uint16_t)(col > 65535 ? 65535 : col);
    snprintf(cl->what, sizeof cl->what, "%s", f->text ? f->text : "?");
    cl->option[0] = '\0';
    cl->off = 0;
    for (int i = 0; i < c->nswitched; i++)
        if (c->switched[i].src == src && c->switched[i].begin == f->loc.begin)
            snprintf(cl->option, sizeof cl->option, "%s", c->switched[i].option);
}

int compile_clause(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    if (rs->nclauses == TB_MAX_CLAUSES) {
        clauses_full(c, f);
        return 0;
    }
    compile_locate(c, f, &rs->clauses[rs->nclauses]);
    return rs->nclauses++;
}

void compile_clause_off(compiler *c, const ast_node *f, const char *option)
{
    if (c->rs->nclauses == TB_MAX_CLAUSES) {
        clauses_full(c, f); /* not kept, coverage could not list it */
        return;
    }
    clause_loc *cl = &c->rs->clauses[compile_clause(c, f)];
    snprintf(cl->option, sizeof cl->option, "%s", option);
    cl->off = 1;
}

void compile_clause_switched(compiler *c, const ast_node *f, const char *option)
{
    if (c->nswitched == TB_MAX_CLAUSES) { /* its clause could not say which option switched it on */
        clauses_full(c, f);
        return;
    }
    c->switched[c->nswitched].src = ast_src(f, c->src);
    c->switched[c->nswitched].begin = f->loc.begin;
    c->switched[c->nswitched].option = option;
    c->nswitched++;
}

/* Resolves direction words (a word or a list) for both players. */
int compile_rule_directions(compiler *c, const ast_node *v, move_rule *r)
{
    ruleset *rs = c->rs;
    int n = v->kind == AST_LIST ? v->nkids : 1;
    for (int p = 0; p < compile_sides(rs); p++) {
        uint8_t seen = 0;
        r->ndirs[p] = 0;
        for (int k = 0; k < n; k++) {
            const ast_node *w = v->kind == AST_LIST ? v->kids[k] : v;
            uint8_t dirs[8];
            int nd;
            if (rs->topology == TOPO_TILES) {
                if (!catalogue_word_in(w->text, CATALOGUE_TILE_DIRECTIONS)) {
                    if (p == 0) compile_error(c, w, "on a board of tiles, pieces move `corner-same-colour`; got `%s`", w->text);
                    return 0;
                }
                nd = 6;
                for (int d = 0; d < 6; d++) dirs[d] = (uint8_t)d;
            } else if (rs->topology == TOPO_SQUARE) {
                nd = topology_grid_directions(rs, w->text, rs->forward[p], dirs);
                if (nd < 0) {
                    char why[200];
                    topology_direction_refusal(rs, w->text, p + 1, why, sizeof why);
                    compile_error(c, w, "%s", why);
                    return 0;
                }
            } else {
                if (p == 0) compile_error(c, w, "pieces on a track move with `advance`, not by direction");
                return 0;
            }
            for (int d = 0; d < nd; d++) {
                if (seen & (1u << dirs[d])) continue;
                seen |= (uint8_t)(1u << dirs[d]);
                r->dirs[p][r->ndirs[p]++] = dirs[d];
            }
        }
    }
    return 1;
}

/* Through the catalogue rather than by comparing heads: the spec F stands
 * for inside PARENT is the one HEAD names there (the same spec, so a head
 * allowed under several parents is told apart by where it stands). */
int compile_form_is(const ast_node *f, const char *head, const char *parent)
{
    if (!f || f->kind != AST_FORM || !f->text) return 0;
    const ludeme_spec *s = catalogue_find(f->text, parent);
    return s != NULL && s == catalogue_find(head, parent);
}
