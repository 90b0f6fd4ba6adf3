/* load.c - reading, parsing, checking and compiling one rule file. */
#include "load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
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

/* Lists DIR's .game files; skips names already printed (kept in SEEN). */
static int print_dir(FILE *out, const char *dir, size_t len, char seen[][64], int *nseen)
{
    char path[4096];
    snprintf(path, sizeof path, "%.*s", (int)len, dir);
    DIR *d = opendir(path);
    if (!d) return 0;
    int printed = 0;
    struct dirent *e;
    while ((e = readdir(d)) && *nseen < 64) {
        size_t n = strlen(e->d_name);
        if (n <= 5 || n - 5 >= 64 || strcmp(e->d_name + n - 5, ".game") != 0) continue;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(n - 5), e->d_name);
        int dup = 0;
        for (int i = 0; i < *nseen; i++) dup |= strcmp(seen[i], name) == 0;
        if (dup) continue;
        snprintf(seen[(*nseen)++], 64, "%s", name);
        fprintf(out, "%s%s", *nseen > 1 ? ", " : "", name);
        printed++;
    }
    closedir(d);
    return printed;
}

int load_print_bundled(FILE *out)
{
    char seen[64][64];
    int nseen = 0, total = 0;
    const char *lists[2] = { getenv("TABULA_RULESETS"), TABULA_RULESET_DIRS };
    for (int k = 0; k < 2; k++)
        for (const char *dirs = lists[k]; dirs && *dirs;) {
            const char *colon = strchr(dirs, ':');
            size_t len = colon ? (size_t)(colon - dirs) : strlen(dirs);
            total += print_dir(out, dirs, len, seen, &nseen);
            dirs = colon ? colon + 1 : NULL;
        }
    return total;
}

ruleset *load_ruleset(const char *arg, const option_setting *settings, int nsettings,
                      diag_sink *diags, load_status *status)
{
    char path[4096];
    if (!load_resolve(arg, path, sizeof path)) {
        struct stat st;
        if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
            diag_plain(diags, arg, DIAG_ERROR, "is a directory, not a rule file");
        else
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
