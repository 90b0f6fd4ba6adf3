/* variant.c - merging a variant file with the rule file it extends.
 *
 * A variant stands for its base game with: the base's options, unless the
 * variant declares one of the same name, and the variant's; each section
 * from the variant when it gives one, else from the base; then the changes
 * `(add ...)`, `(replace ...)` and `(remove ...)` applied in the order
 * written, each to one clause the variant addresses from its section:
 * `(play (moves man) hop)` is the `hop` rule inside `(moves man ...)` of the
 * base's `play`. The base's tree is never changed: every form on the way to
 * a changed clause is copied. */
#include "variant.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/catalogue.h"
#include "lang/check.h"
#include "load_path.h"
#include "compile_forms.h"
#include "lang/parse.h"

/* The sections a variant may replace, in the order a game lists them. */
static const char *const sections[] = { "players", "board", "pieces", "regions", "start", "dice", "doubling-cube",
                                        "play", "end", "words" };

typedef struct resolver {
    ast_arena *arena;      /* where merged and copied forms are made */
    diag_sink *diags;      /* where messages go */
    variant_files *files;  /* the bases read */
    char *chain[VARIANT_MAX_DEPTH + 1]; /* real paths of the files extending each other so far */
    const char *shown[VARIANT_MAX_DEPTH + 1]; /* the same, as messages name them */
    int depth;             /* entries in chain */
} resolver;

void variant_files_free(variant_files *files, diag_sink *diags)
{
    for (int i = 0; i < files->n; i++) source_free(files->files[i]);
    files->n = 0;
    if (diags && files->contexts_pushed) diag_pop_contexts(diags, files->contexts_before);
    files->contexts_pushed = 0;
}

static const ast_node *section(const ast_node *form, const char *head)
{
    for (int i = 0; i < form->nkids; i++)
        if (compile_form_is(form->kids[i], head, form->text)) return form->kids[i];
    return NULL;
}

/* The name an `(option NAME ...)` form declares, or NULL. */
static const char *option_name(const ast_node *opt)
{
    return opt->nkids > 0 && opt->kids[0]->kind == AST_NAME ? opt->kids[0]->text : NULL;
}

/* The title of a game or variant form: its string argument. */
static const ast_node *title_of(const ast_node *top)
{
    for (int i = 0; i < top->nkids; i++)
        if (top->kids[i]->kind == AST_STRING) return top->kids[i];
    return NULL;
}

/* BASE written in a variant: a path relative to the variant's file (when it
 * has a `/` or ends in .game), else a bundled game's name. */
static int resolve_base(const char *variant_path, const char *base, char *buf, size_t size)
{
    size_t n = strlen(base);
    int is_path = strchr(base, '/') || (n > 5 && strcmp(base + n - 5, ".game") == 0);
    if (!is_path || base[0] == '/') return load_resolve(base, buf, size);
    char joined[4096];
    const char *slash = strrchr(variant_path, '/');
    if (slash) snprintf(joined, sizeof joined, "%.*s/%s", (int)(slash - variant_path), variant_path, base);
    else snprintf(joined, sizeof joined, "%s", base);
    return load_resolve(joined, buf, size);
}

/* ---- addresses ---------------------------------------------------------- */

/* How messages name a clause: its head and first MAX words, `(moves man ...)`. */
static void describe_clause_n(const ast_node *n, int max, char *buf, size_t size)
{
    if (n->kind != AST_FORM) {
        ast_describe_plain(n, buf, size);
        return;
    }
    size_t used = (size_t)snprintf(buf, size, "(%s", n->text);
    int shown = 0;
    for (int i = 0; i < n->nkids && shown < max && used < size; i++, shown++) {
        const ast_node *k = n->kids[i];
        if (k->kind == AST_NAME) used += (size_t)snprintf(buf + used, size - used, " %s", k->text);
        else if (k->kind == AST_INT) used += (size_t)snprintf(buf + used, size - used, " %ld", k->lo);
        else break;
    }
    if (used < size) snprintf(buf + used, size - used, "%s)", shown < n->nkids ? " ..." : "");
}

static void describe_clause(const ast_node *n, char *buf, size_t size)
{
    describe_clause_n(n, 2, buf, size);
}

/* `(moves man ...)` -> `(moves man)`: a clause's words as an address gives them. */
static void drop_dots(char *desc)
{
    char *dots = strstr(desc, " ...)");
    if (dots) memcpy(dots, ")", 2);
}

/* 1 when KID, an item of CONTAINER, is named by STEP: a name names a form
 * with that head or that very word; a form `(head ARG...)` names a form with
 * that head whose named arguments include STEP's and whose other arguments
 * start with STEP's. A head is matched by the catalogue spec it stands for
 * inside CONTAINER. *EXACT: KID is all STEP says and no more. */
static int step_matches(const ast_node *step, const ast_node *container, const ast_node *kid, int *exact)
{
    const char *parent = container->text ? container->text : "";
    *exact = 0;
    if (step->kind == AST_NAME) {
        if (kid->kind == AST_NAME && strcmp(kid->text, step->text) == 0) return *exact = 1;
        if (compile_form_is(kid, step->text, parent)) {
            *exact = kid->nkids == 0;
            return 1;
        }
        return 0;
    }
    if (step->kind != AST_FORM || !compile_form_is(kid, step->text, parent)) return 0;
    int next = 0; /* the next positional argument of KID to compare */
    for (int i = 0; i < step->nkids; i++) {
        const ast_node *want = step->kids[i];
        if (want->kind == AST_NAMED) {
            const ast_node *have = ast_named(kid, want->text);
            if (!have || !ast_equal(have, want->value)) return 0;
            continue;
        }
        while (next < kid->nkids && kid->kids[next]->kind == AST_NAMED) next++;
        if (next >= kid->nkids || !ast_equal(kid->kids[next], want)) return 0;
        next++;
    }
    *exact = step->nkids == kid->nkids;
    return 1;
}

/* The index of the kid of CONTAINER that STEP names, or -1 after an error
 * at STEP. WHAT describes CONTAINER for messages: "the base's `(play ...)`". */
static int find_step(resolver *r, const ast_node *container, const ast_node *step, const char *what)
{
    int found = -1, nfound = 0, exact = -1, nexact = 0;
    for (int i = 0; i < container->nkids; i++) {
        int e;
        if (!step_matches(step, container, container->kids[i], &e)) continue;
        if (nfound++ == 0) found = i;
        if (e && nexact++ == 0) exact = i;
    }
    if (nfound == 1) return found;
    if (nfound > 1 && nexact == 1) return exact;
    char name[128]; /* the step as written (its words) */
    if (step->kind == AST_NAME) snprintf(name, sizeof name, "%s", step->text);
    else describe_clause_n(step, step->nkids, name, sizeof name);
    if (nfound > 1) {
        char example[128];
        describe_clause(container->kids[found], example, sizeof example);
        drop_dots(example);
        diag_at(r->diags, step->src, step->loc, DIAG_ERROR,
                "`%s` names %d clauses of %s; give the first arguments of the one you mean, as in `%s`", name,
                nfound, what, example);
        for (int i = 0; i < container->nkids; i++) {
            int e;
            if (!step_matches(step, container, container->kids[i], &e)) continue;
            char c[128];
            describe_clause(container->kids[i], c, sizeof c);
            diag_at(r->diags, container->kids[i]->src, container->kids[i]->loc, DIAG_NOTE, "`%s` is one", c);
        }
        return -1;
    }
    /* Nothing matches: suggest the nearest clause there. */
    const char *cands[64];
    char descs[64][128];
    int n = 0, same_head = 0;
    const char *head = step->text;
    for (int i = 0; i < container->nkids && n < 64; i++) {
        const ast_node *k = container->kids[i];
        if (k->kind == AST_NAMED || k->kind == AST_STRING || k->kind == AST_LIST) continue;
        if (compile_form_is(k, head, container->text ? container->text : "")) same_head++;
        /* as many words as the step gives, to compare like with like */
        if (step->kind == AST_FORM) describe_clause_n(k, step->nkids ? step->nkids : 2, descs[n], sizeof descs[n]);
        else snprintf(descs[n], sizeof descs[n], "%s", k->kind == AST_FORM || k->kind == AST_NAME ? k->text : "");
        if (descs[n][0]) { cands[n] = descs[n]; n++; }
    }
    if (step->kind == AST_FORM) /* compare without the trailing " ...)" of longer clauses */
        for (int i = 0; i < n; i++) drop_dots(descs[i]);
    const char *best = diag_nearest(name, cands, n);
    if (best)
        diag_at(r->diags, step->src, step->loc, DIAG_ERROR, "%s has no `%s`; did you mean `%s`?", what, name, best);
    else if (same_head || n) {
        char list[512] = "";
        for (int i = 0; i < n && strlen(list) < 400; i++) {
            if (step->kind == AST_FORM && same_head && strncmp(cands[i] + 1, head, strlen(head)) != 0) continue;
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s`%s`", list[0] ? ", " : "", cands[i]);
        }
        diag_at(r->diags, step->src, step->loc, DIAG_ERROR, "%s has no `%s` (it holds %s)", what, name, list);
    } else
        diag_at(r->diags, step->src, step->loc, DIAG_ERROR, "%s has no `%s`: it is empty", what, name);
    return -1;
}

/* The index of section HEAD in GAME, or -1. */
static int section_index(const ast_node *game, const char *head)
{
    for (int i = 0; i < game->nkids; i++)
        if (compile_form_is(game->kids[i], head, "game")) return i;
    return -1;
}

/* The position of section HEAD among the sections, for a new one: the
 * section whose catalogue spec HEAD stands for inside the game. */
static int section_rank(const char *head)
{
    const ludeme_spec *spec = catalogue_find(head, "game");
    for (size_t s = 0; spec && s < sizeof sections / sizeof sections[0]; s++)
        if (catalogue_find(sections[s], "game") == spec) return (int)s;
    return (int)(sizeof sections / sizeof sections[0]);
}

/* Follows PATH in GAME (changed in place; it is the variant's own copy),
 * copying each form on the way. Returns the form holding the addressed
 * clause, with *INDEX the clause's index in it; for ADD, the form the items
 * go into (a new section when the base has none), with *INDEX -1. NULL
 * after an error. */
static ast_node *follow(resolver *r, ast_node *game, const ast_node *path, int add, int *index)
{
    char what[160];
    if (compile_form_is(path, "option", "game")) { /* the path is the option's selector */
        if (add) {
            diag_at(r->diags, path->src, path->loc, DIAG_ERROR,
                    "nothing is added into an option; declare a new one with `(option NAME ...)`");
            return NULL;
        }
        *index = find_step(r, game, path, "the base");
        return *index < 0 ? NULL : game;
    }
    int s = section_index(game, path->text);
    if (s < 0) {
        if (!add || path->nkids > 0) {
            diag_at(r->diags, path->src, path->head_loc, DIAG_ERROR, "the base has no `(%s ...)` section", path->text);
            return NULL;
        }
        ast_node *made = ast_new(r->arena, AST_FORM, path->loc);
        if (!made) return NULL;
        made->text = path->text;
        made->head_loc = path->head_loc;
        made->src = path->src;
        int at = game->nkids;
        for (int i = 0; i < game->nkids; i++)
            if (game->kids[i]->kind == AST_FORM && section_rank(game->kids[i]->text) > section_rank(path->text) &&
                !compile_form_is(game->kids[i], "option", "game")) {
                at = i;
                break;
            }
        if (!ast_insert(r->arena, game, at, made)) return NULL;
        *index = -1;
        return made;
    }
    ast_node *holder = game;
    int at = s;
    for (int i = 0; i < path->nkids; i++) {
        ast_node *copy = ast_copy(r->arena, holder->kids[at]);
        if (!copy) return NULL;
        holder->kids[at] = copy;
        holder = copy;
        char name[128];
        describe_clause(holder, name, sizeof name);
        snprintf(what, sizeof what, "the base's `%s`", name);
        at = find_step(r, holder, path->kids[i], what);
        if (at < 0) return NULL;
    }
    if (!add) {
        *index = at;
        return holder;
    }
    const ast_node *into = holder->kids[at];
    if (into->kind != AST_FORM) {
        char got[128];
        ast_describe_plain(into, got, sizeof got);
        diag_at(r->diags, path->src, path->loc, DIAG_ERROR,
                "clauses are added into a form; this address names %s", got);
        return NULL;
    }
    ast_node *copy = ast_copy(r->arena, into);
    if (!copy) return NULL;
    holder->kids[at] = copy;
    *index = -1;
    return copy;
}

/* `(add PATH ITEM... [before:STEP] [after:STEP])`, `(replace PATH ITEM)` or
 * `(remove PATH)` applied to GAME. 0 after an error. */
static int apply_change(resolver *r, ast_node *game, const ast_node *change)
{
    const ast_node *path = NULL, *before = ast_named(change, "before"), *after = ast_named(change, "after");
    const ast_node *items[64];
    int nitems = 0;
    for (int i = 0; i < change->nkids; i++) {
        const ast_node *k = change->kids[i];
        if (k->kind == AST_NAMED) continue;
        if (!path) path = k;
        else if (nitems < 64) items[nitems++] = k;
    }
    if (!path || path->kind != AST_FORM) return 0; /* the checker has said why */
    int add = compile_form_is(change, "add", "variant"), index;
    ast_node *holder = follow(r, game, path, add, &index);
    if (!holder) return 0;
    if (compile_form_is(change, "remove", "variant")) {
        ast_remove(holder, index);
        return 1;
    }
    if (!add) {
        holder->kids[index] = (ast_node *)items[0];
        return 1;
    }
    if (before && after) {
        diag_at(r->diags, after->src, after->loc, DIAG_ERROR, "`add` takes `before:` or `after:`, not both");
        return 0;
    }
    int at = holder->nkids;
    if (before || after) {
        char what[160], name[128];
        describe_clause(holder, name, sizeof name);
        snprintf(what, sizeof what, "the base's `%s`", name);
        at = find_step(r, holder, before ? before : after, what);
        if (at < 0) return 0;
        if (after) at++;
    }
    for (int i = 0; i < nitems; i++)
        if (!ast_insert(r->arena, holder, at + i, (ast_node *)items[i])) return 0;
    return 1;
}

/* ---- bases -------------------------------------------------------------- */

static const ast_node *resolve(resolver *r, const ast_node *top, const src_file *src);

/* Reads, parses and checks the base BASE_NAME of the variant TOP in SRC;
 * returns its `(game ...)` form (a variant's resolved), or NULL. */
static const ast_node *load_base(resolver *r, const ast_node *top, const src_file *src, const ast_node *base_name)
{
    char path[4096];
    if (!resolve_base(src->path, base_name->text, path, sizeof path)) {
        char near[64], shown[DIAG_SHORT_SIZE], base_shown[DIAG_SHORT_SIZE];
        const char *kind = NULL, *reason = NULL;
        int why = load_unreadable(path, &kind, &reason); /* PATH: what was tried */
        if (why == 1)
            diag_at(r->diags, src, base_name->loc, DIAG_ERROR, "the rule file this variant extends is %s, not a regular file",
                    kind);
        else if (why == 2)
            diag_at(r->diags, src, base_name->loc, DIAG_ERROR, "cannot open the rule file this variant extends: %s",
                    reason);
        else if (!strchr(base_name->text, '/') && load_suggest_bundled(base_name->text, near, sizeof near))
            diag_at(r->diags, src, base_name->loc, DIAG_ERROR,
                    "cannot find the rule file `%s` this variant extends; did you mean the bundled game `%s`?",
                    base_name->text, near);
        else
            diag_at(r->diags, src, base_name->loc, DIAG_ERROR,
                    "cannot find the rule file `%s` this variant extends (a bundled game's name, or a path "
                    "relative to %s)", diag_short(base_name->text, base_shown), diag_short(src->path, shown));
        return NULL;
    }
    char *real = realpath(path, NULL);
    for (int i = 0; real && i < r->depth; i++) {
        if (!r->chain[i] || strcmp(r->chain[i], real) != 0) continue;
        char loop[1024] = "";
        for (int k = i; k < r->depth; k++)
            snprintf(loop + strlen(loop), sizeof loop - strlen(loop), "%s%s",
                     k == i ? "" : k == i + 1 ? " extends " : ", which extends ", r->shown[k]);
        if (i == r->depth - 1)
            diag_at(r->diags, src, base_name->loc, DIAG_ERROR, "a variant cannot extend itself");
        else
            diag_at(r->diags, src, base_name->loc, DIAG_ERROR, "`extends` goes round in a circle: %s, which extends %s",
                    loop, r->shown[i]);
        free(real);
        return NULL;
    }
    if (r->depth > VARIANT_MAX_DEPTH || r->files->n == VARIANT_MAX_DEPTH) {
        diag_at(r->diags, src, base_name->loc, DIAG_ERROR, "variants extend each other more than %d deep (docs/limits.md)",
                VARIANT_MAX_DEPTH);
        free(real);
        return NULL;
    }
    int io = 0, before = r->diags->errors;
    src_file *base_src = source_load(path, r->diags, &io);
    if (!base_src) {
        diag_at(r->diags, src, base_name->loc, DIAG_NOTE, "the base of this variant");
        free(real);
        return NULL;
    }
    r->files->files[r->files->n++] = base_src;
    r->chain[r->depth] = real;
    r->shown[r->depth] = base_src->path;
    r->depth++;
    const ast_node *title = title_of(top);
    int n = diag_push_context(r->diags, base_src, src, base_name->loc, "in the base of the variant \"%s\"",
                              title ? title->text : "?");
    if (!r->files->contexts_pushed) {
        r->files->contexts_before = n;
        r->files->contexts_pushed = 1;
    }
    ast_node *root = parse_source(base_src, r->diags, r->arena);
    const ast_node *base = root && r->diags->errors == before ? check_tree(root, base_src, r->diags) : NULL;
    if (base && r->diags->errors == before && compile_form_is(base, "variant", ""))
        base = resolve(r, base, base_src); /* a variant of a variant */
    return base && r->diags->errors == before ? base : NULL;
}

static const ast_node *resolve(resolver *r, const ast_node *top, const src_file *src)
{
    const ast_node *ext = section(top, "extends");
    const ast_node *base_name = ext && ext->nkids == 1 ? ext->kids[0] : NULL;
    if (!base_name || base_name->kind != AST_STRING) return NULL; /* the checker has said why */
    const ast_node *base = load_base(r, top, src, base_name);
    if (!base) return NULL;
    ast_node *game = ast_new(r->arena, AST_FORM, top->loc);
    if (!game) return NULL;
    game->text = "game";
    game->head_loc = top->head_loc;
    game->src = top->src;
    const ast_node *title = title_of(top);
    if (title) ast_append(r->arena, game, (ast_node *)title);
    for (int i = 0; i < base->nkids; i++) {
        const ast_node *k = base->kids[i];
        if (!compile_form_is(k, "option", "game")) continue;
        int replaced = 0;
        for (int j = 0; j < top->nkids; j++) {
            const ast_node *v = top->kids[j];
            if (compile_form_is(v, "option", "variant") && option_name(v) && option_name(k) &&
                strcmp(option_name(v), option_name(k)) == 0)
                replaced = 1;
        }
        if (!replaced) ast_append(r->arena, game, base->kids[i]);
    }
    for (int j = 0; j < top->nkids; j++)
        if (compile_form_is(top->kids[j], "option", "variant"))
            ast_append(r->arena, game, top->kids[j]);
    for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
        const ast_node *mine = section(top, sections[s]), *theirs = section(base, sections[s]);
        if (mine || theirs) ast_append(r->arena, game, (ast_node *)(mine ? mine : theirs));
    }
    int ok = 1;
    for (int j = 0; j < top->nkids; j++) {
        const ast_node *k = top->kids[j];
        if (compile_form_is(k, "add", "variant") || compile_form_is(k, "replace", "variant") ||
            compile_form_is(k, "remove", "variant"))
            ok &= apply_change(r, game, k);
    }
    return ok ? game : NULL;
}

const ast_node *variant_resolve(const ast_node *top, const src_file *src, ast_arena *arena, diag_sink *diags,
                                variant_files *files)
{
    resolver r;
    memset(&r, 0, sizeof r);
    r.arena = arena;
    r.diags = diags;
    r.files = files;
    r.chain[0] = realpath(src->path, NULL);
    r.shown[0] = src->path;
    r.depth = 1;
    const ast_node *game = resolve(&r, top, src);
    for (int i = 0; i < r.depth; i++) free(r.chain[i]);
    return game;
}
