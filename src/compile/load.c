/* load.c - reading, parsing, checking and compiling one rule file. */
#include "load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lang/check.h"
#include "lang/parse.h"
#include "variant.h"


ruleset *load_ruleset(const char *arg, const option_setting *settings, int nsettings,
                      diag_sink *diags, load_status *status)
{
    return load_ruleset_visit(arg, settings, nsettings, diags, status, NULL, NULL);
}

ruleset *load_ruleset_visit(const char *arg, const option_setting *settings, int nsettings,
                            diag_sink *diags, load_status *status, load_visit *visit, void *ctx)
{
    char path[4096];
    if (!load_resolve(arg, path, sizeof path)) {
        struct stat st;
        if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
            diag_plain(diags, arg, DIAG_ERROR, "is a directory, not a rule file");
        else
        {
            char near[64];
            if (!strchr(arg, '/') && load_suggest_bundled(arg, near, sizeof near))
                diag_plain(diags, arg, DIAG_ERROR, "no such rule file, and no bundled game of that name; did you mean `%s`?", near);
            else
                diag_plain(diags, arg, DIAG_ERROR, "no such rule file (and no bundled game of that name)");
        }
        *status = LOAD_IO;
        return NULL;
    }
    int io = 0;
    src_file *src = source_load(path, diags, &io);
    if (!src) {
        *status = io ? LOAD_IO : LOAD_INVALID;
        return NULL;
    }
    ast_arena *arena = ast_arena_new();
    ruleset *rs = NULL;
    int before = diags->errors;
    ast_node *root = arena ? parse_source(src, diags, arena) : NULL;
    variant_files bases = { { NULL }, 0, 0, 0 };
    if (root && diags->errors == before) {
        const ast_node *game = check_tree(root, src, diags);
        if (game && diags->errors == before && strcmp(game->text, "variant") == 0)
            game = variant_resolve(game, src, arena, diags, &bases);
        const ast_node *resolved = NULL;
        if (game && diags->errors == before)
            rs = compile_game_resolved(game, src, settings, nsettings, diags, arena, &resolved);
        if (rs && visit) visit(resolved, src, ctx);
    } else if (root) {
        check_tree(root, src, diags); /* still report meaning errors in what parsed */
    }
    ast_arena_free(arena);
    variant_files_free(&bases, diags);
    source_free(src);
    *status = rs ? LOAD_OK : LOAD_INVALID;
    return rs;
}
