/* variant.c - merging a variant file with the rule file it extends. */
#include "variant.h"

#include <stdio.h>
#include <string.h>

#include "lang/check.h"
#include "load_path.h"
#include "lang/parse.h"

/* The sections a variant may replace, in the order a game lists them. */
static const char *const sections[] = { "players", "board", "pieces", "regions", "start", "dice", "play", "end" };

void variant_files_free(variant_files *files)
{
    for (int i = 0; i < files->n; i++) source_free(files->files[i]);
    files->n = 0;
}

static const ast_node *section(const ast_node *form, const char *head)
{
    for (int i = 0; i < form->nkids; i++)
        if (form->kids[i]->kind == AST_FORM && strcmp(form->kids[i]->text, head) == 0) return form->kids[i];
    return NULL;
}

/* The name an `(option NAME ...)` form declares, or NULL. */
static const char *option_name(const ast_node *opt)
{
    return opt->nkids > 0 && opt->kids[0]->kind == AST_NAME ? opt->kids[0]->text : NULL;
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

static const ast_node *resolve(const ast_node *top, const src_file *src, ast_arena *arena, diag_sink *diags,
                               variant_files *files, int depth)
{
    const ast_node *ext = section(top, "extends");
    const ast_node *base_name = ext && ext->nkids == 1 ? ext->kids[0] : NULL;
    if (!base_name || base_name->kind != AST_STRING) return NULL; /* the checker has said why */
    if (depth >= VARIANT_MAX_DEPTH) {
        diag_at(diags, src, base_name->loc, DIAG_ERROR,
                "variants extend each other more than %d deep (do two of them extend each other?)",
                VARIANT_MAX_DEPTH);
        return NULL;
    }
    char path[4096];
    if (!resolve_base(src->path, base_name->text, path, sizeof path)) {
        char near[64];
        if (!strchr(base_name->text, '/') && load_suggest_bundled(base_name->text, near, sizeof near))
            diag_at(diags, src, base_name->loc, DIAG_ERROR,
                    "cannot find the rule file `%s` this variant extends; did you mean the bundled game `%s`?",
                    base_name->text, near);
        else
            diag_at(diags, src, base_name->loc, DIAG_ERROR,
                    "cannot find the rule file `%s` this variant extends (a bundled game's name, or a path "
                    "relative to %s)", base_name->text, src->path);
        return NULL;
    }
    int io = 0, before = diags->errors;
    src_file *base_src = source_load(path, diags, &io);
    if (!base_src) {
        diag_at(diags, src, base_name->loc, DIAG_NOTE, "the base of this variant");
        return NULL;
    }
    files->files[files->n++] = base_src;
    ast_node *root = parse_source(base_src, diags, arena);
    const ast_node *base = root && diags->errors == before ? check_tree(root, base_src, diags) : NULL;
    if (base && diags->errors == before && strcmp(base->text, "variant") == 0) {
        /* A variant of a variant: the inner one has said where it failed. */
        base = resolve(base, base_src, arena, diags, files, depth + 1);
        if (!base) return NULL;
    }
    if (!base || diags->errors != before) {
        diag_at(diags, src, base_name->loc, DIAG_NOTE, "in the base of this variant");
        return NULL;
    }
    /* The game the variant stands for: its title, the base's options unless
     * the variant declares one of the same name, the variant's options, then
     * each section from the variant if it has one, else from the base. */
    ast_node *game = ast_new(arena, AST_FORM, top->loc);
    if (!game) return NULL;
    game->text = "game";
    game->head_loc = top->head_loc;
    game->src = top->src;
    ast_append(arena, game, top->kids[0]);
    for (int i = 0; i < base->nkids; i++) {
        const ast_node *k = base->kids[i];
        if (k->kind != AST_FORM || strcmp(k->text, "option") != 0) continue;
        int replaced = 0;
        for (int j = 0; j < top->nkids; j++) {
            const ast_node *v = top->kids[j];
            if (v->kind == AST_FORM && strcmp(v->text, "option") == 0 && option_name(v) && option_name(k) &&
                strcmp(option_name(v), option_name(k)) == 0)
                replaced = 1;
        }
        if (!replaced) ast_append(arena, game, base->kids[i]);
    }
    for (int j = 0; j < top->nkids; j++)
        if (top->kids[j]->kind == AST_FORM && strcmp(top->kids[j]->text, "option") == 0)
            ast_append(arena, game, top->kids[j]);
    for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
        const ast_node *mine = section(top, sections[s]), *theirs = section(base, sections[s]);
        if (mine || theirs) ast_append(arena, game, (ast_node *)(mine ? mine : theirs));
    }
    return game;
}

const ast_node *variant_resolve(const ast_node *top, const src_file *src, ast_arena *arena, diag_sink *diags,
                                variant_files *files)
{
    return resolve(top, src, arena, diags, files, 0);
}
