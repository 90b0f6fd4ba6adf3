/* load.c - reading, parsing, checking and compiling one rule file. */
#include "load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "parse.h"

#ifndef TABULA_RULESET_DIRS
#define TABULA_RULESET_DIRS "rulesets"
#endif

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Tries DIR/NAME and DIR/NAME.game. */
static int try_dir(const char *dir, size_t dirlen, const char *name, char *buf, size_t size)
{
    if (dirlen == 0) return 0;
    snprintf(buf, size, "%.*s/%s.game", (int)dirlen, dir, name);
    if (is_file(buf)) return 1;
    snprintf(buf, size, "%.*s/%s", (int)dirlen, dir, name);
    return is_file(buf);
}

static int search_path(const char *dirs, const char *name, char *buf, size_t size)
{
    while (dirs && *dirs) {
        const char *colon = strchr(dirs, ':');
        size_t len = colon ? (size_t)(colon - dirs) : strlen(dirs);
        if (try_dir(dirs, len, name, buf, size)) return 1;
        dirs = colon ? colon + 1 : NULL;
    }
    return 0;
}

int load_resolve(const char *arg, char *buf, size_t size)
{
    snprintf(buf, size, "%s", arg);
    if (is_file(arg) || strchr(arg, '/')) return is_file(arg);
    if (search_path(getenv("TABULA_RULESETS"), arg, buf, size)) return 1;
    if (search_path(TABULA_RULESET_DIRS, arg, buf, size)) return 1;
    snprintf(buf, size, "%s", arg);
    return 0;
}

ruleset *load_ruleset(const char *arg, const option_setting *settings, int nsettings,
                      diag_sink *diags, load_status *status)
{
    char path[4096];
    if (!load_resolve(arg, path, sizeof path)) {
        diag_plain(diags, arg, DIAG_ERROR, "no such rule file (and no bundled game of that name)");
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
    if (root && diags->errors == before) {
        const ast_node *game = check_tree(root, src, diags);
        if (game && diags->errors == before) rs = compile_game(game, src, settings, nsettings, diags);
    } else if (root) {
        check_tree(root, src, diags); /* still report meaning errors in what parsed */
    }
    ast_arena_free(arena);
    source_free(src);
    *status = rs ? LOAD_OK : LOAD_INVALID;
    return rs;
}
