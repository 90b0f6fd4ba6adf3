/* load.c - reading, parsing, checking and compiling one rule file. */
#include "load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/check.h"
#include "lang/parse.h"
#include "load_path.h"
#include "compile_forms.h"
#include "variant.h"


void load_report_unresolved(const char *arg, diag_sink *diags)
{
    const char *kind = NULL, *reason = NULL;
    char near[64];
    switch (load_unreadable(arg, &kind, &reason)) {
    case 1: diag_plain(diags, arg, DIAG_ERROR, "is %s, not a rule file", kind); break;
    case 2: diag_plain(diags, arg, DIAG_ERROR, "cannot open: %s", reason); break;
    default:
        if (!strchr(arg, '/') && load_suggest_bundled(arg, near, sizeof near))
            diag_plain(diags, arg, DIAG_ERROR, "no such rule file, and no bundled game of that name; did you mean `%s`?",
                       near);
        else
            diag_plain(diags, arg, DIAG_ERROR, "no such rule file (and no bundled game of that name)");
    }
}

ruleset *load_ruleset(const char *arg, const option_setting *settings, int nsettings,
                      diag_sink *diags, load_status *status)
{
    return load_ruleset_visit(arg, settings, nsettings, diags, status, NULL, NULL);
}

ruleset *load_ruleset_visit(const char *arg, const option_setting *settings, int nsettings,
                            diag_sink *diags, load_status *status, load_visit *visit, void *ctx)
{
    char path[4096];
    if (strcmp(arg, "-") == 0) {
        snprintf(path, sizeof path, "-"); /* standard input */
    } else if (!load_resolve(arg, path, sizeof path)) {
        load_report_unresolved(arg, diags);
        *status = LOAD_IO;
        return NULL;
    }
    int io = 0;
    src_file *src = source_load(path, diags, &io);
    if (!src) {
        *status = io ? LOAD_IO : LOAD_INVALID;
        return NULL;
    }
    ruleset *rs = load_source_visit(src, settings, nsettings, diags, status, visit, ctx);
    source_free(src);
    return rs;
}

ruleset *load_source(const src_file *src, const option_setting *settings, int nsettings, diag_sink *diags,
                     load_status *status)
{
    return load_source_visit(src, settings, nsettings, diags, status, NULL, NULL);
}

/* Names each rule file of RS that is a bundled game (or a game of
 * $TABULA_PATH) by the game's name, as records do: results and pages name
 * the rule clause that decided as `NAME:23:5`, not by the path it
 * was installed or built at. A file of the user's keeps its path as given. */
static void name_bundled_files(ruleset *rs)
{
    for (int f = 0; f < rs->nfiles; f++)
        if (!load_bundled_name(rs->files[f], rs->file_games[f], sizeof rs->file_games[f])) rs->file_games[f][0] = '\0';
}

ruleset *load_source_visit(const src_file *src, const option_setting *settings, int nsettings, diag_sink *diags,
                           load_status *status, load_visit *visit, void *ctx)
{
    ast_arena *arena = ast_arena_new();
    ruleset *rs = NULL;
    int before = diags->errors;
    if (!arena) diag_oom(diags, src->path);
    ast_node *root = arena ? parse_source(src, diags, arena) : NULL;
    variant_files bases = { { NULL }, 0, 0, 0 };
    if (root && diags->errors == before) {
        const ast_node *game = check_tree(root, src, diags);
        if (game && diags->errors == before && compile_form_is(game, "variant", ""))
            game = variant_resolve(game, src, arena, diags, &bases);
        const ast_node *resolved = NULL;
        if (game && diags->errors == before)
            rs = compile_game_resolved(game, src, settings, nsettings, diags, arena, &resolved);
        if (rs && visit && !diags->oom) visit(resolved, src, ctx);
    } else if (root && !root->partial) {
        /* Still report meaning errors in what parsed; not when a bracket
         * was misplaced, after which every section is out of place. */
        check_tree(root, src, diags);
    }
    ast_arena_free(arena);
    variant_files_free(&bases, diags);
    if (diags->oom) {
        free(rs);
        *status = LOAD_IO;
        return NULL;
    }
    if (rs) name_bundled_files(rs);
    *status = rs ? LOAD_OK : LOAD_INVALID;
    return rs;
}
