/* load_path.c - where rule files are found: a path as given, or a bundled
 * game's name looked up in $TABULA_RULESETS and the rulesets directories. */
#include "load_path.h"

#include "lang/diag.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* Adds DIR's .game files (without the suffix) to NAMES, skipping names
 * already there. */
static void list_dir(const char *dir, size_t len, char names[][64], int max, int *n)
{
    char path[4096];
    snprintf(path, sizeof path, "%.*s", (int)len, dir);
    DIR *d = opendir(path);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) && *n < max) {
        size_t k = strlen(e->d_name);
        if (k <= 5 || k - 5 >= 64 || strcmp(e->d_name + k - 5, ".game") != 0) continue;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(k - 5), e->d_name);
        int dup = 0;
        for (int i = 0; i < *n; i++) dup |= strcmp(names[i], name) == 0;
        if (!dup) snprintf(names[(*n)++], 64, "%s", name);
    }
    closedir(d);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

int load_bundled_names(char names[][64], int max)
{
    int n = 0;
    const char *lists[2] = { getenv("TABULA_RULESETS"), TABULA_RULESET_DIRS };
    for (int k = 0; k < 2; k++)
        for (const char *dirs = lists[k]; dirs && *dirs;) {
            const char *colon = strchr(dirs, ':');
            size_t len = colon ? (size_t)(colon - dirs) : strlen(dirs);
            list_dir(dirs, len, names, max, &n);
            dirs = colon ? colon + 1 : NULL;
        }
    qsort(names, (size_t)n, sizeof names[0], compare_names);
    return n;
}

int load_print_bundled(FILE *out)
{
    char names[64][64];
    int n = load_bundled_names(names, 64);
    for (int i = 0; i < n; i++) fprintf(out, "%s%s", i ? ", " : "", names[i]);
    return n;
}

const char *load_suggest_bundled(const char *name, char *buf, size_t size)
{
    char names[64][64];
    const char *list[64];
    int n = load_bundled_names(names, 64);
    for (int i = 0; i < n; i++) list[i] = names[i];
    const char *best = diag_nearest(name, list, n);
    if (!best) return NULL;
    snprintf(buf, size, "%s", best);
    return buf;
}
