/* load_path.c - where rule files and rules pages are found: a path as given,
 * or a bare name looked up in the data directories.
 *
 * A bare name (no `/`, and no file of that name in the current directory)
 * is looked up, as NAME.game (or NAME), in this order:
 *   1. $TABULA_RULESETS (colon-separated): an override that wins over
 *      everything, for testing a set of rule files whatever is installed;
 *   2. the installed data directory, PKGDATADIR/rulesets;
 *   3. $TABULA_PATH (colon-separated): the user's own games;
 *   4. the source tree's rulesets/, only when this program or library is
 *      the build tree's own (not installed): see uninstalled().
 * Rules pages (NAME.md) are looked up the same way in PKGDATADIR/rules,
 * $TABULA_PATH, and the source tree's docs/rules. */
#define _GNU_SOURCE /* dladdr */
#include "load_path.h"
#include "compiler.h"

#include "config.h"
#include "lang/diag.h"
#include "lang/parse.h"
#include "lang/source.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef HAVE_DLADDR
#include <dlfcn.h>
#endif

#ifndef TABULA_DATADIR
#define TABULA_DATADIR "/usr/local/share/tabula"
#endif

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* 1 when PATH lies inside DIR (both made absolute and canonical). */
static int inside(const char *path, const char *dir)
{
    char rp[PATH_MAX], rd[PATH_MAX];
    if (!path || !*path || !realpath(path, rp) || !realpath(dir, rd)) return 0;
    size_t n = strlen(rd);
    return strncmp(rp, rd, n) == 0 && rp[n] == '/';
}

/* 1 when the running program, or the library holding this code, lies in
 * the build tree it was built in: an uninstalled build, which may also read
 * its source tree. An installed copy never does. */
static int uninstalled(void)
{
#ifdef TABULA_BUILDDIR
    if (inside("/proc/self/exe", TABULA_BUILDDIR)) return 1;
#ifdef HAVE_DLADDR
    Dl_info info;
    if (dladdr((void *)&uninstalled, &info) && info.dli_fname && inside(info.dli_fname, TABULA_BUILDDIR)) return 1;
#endif
#endif
    return 0;
}

int load_dirs(load_kind kind, char dirs[][LOAD_DIR_MAX], int max)
{
    int n = 0;
    const char *lists[4] = { NULL, NULL, NULL, NULL };
    char data[LOAD_DIR_MAX], source[LOAD_DIR_MAX];
    snprintf(data, sizeof data, "%s/%s", TABULA_DATADIR, kind == LOAD_RULESETS ? "rulesets" : "rules");
    source[0] = '\0';
#ifdef TABULA_SRCDIR
    if (uninstalled())
        snprintf(source, sizeof source, "%s/%s", TABULA_SRCDIR, kind == LOAD_RULESETS ? "rulesets" : "docs/rules");
#endif
    if (kind == LOAD_RULESETS) lists[0] = getenv("TABULA_RULESETS");
    lists[1] = data;
    lists[2] = getenv("TABULA_PATH");
    lists[3] = source;
    for (int k = 0; k < 4; k++)
        for (const char *d = lists[k]; d && *d && n < max;) {
            const char *colon = strchr(d, ':');
            size_t len = colon ? (size_t)(colon - d) : strlen(d);
            if (len > 0 && len < LOAD_DIR_MAX) snprintf(dirs[n++], LOAD_DIR_MAX, "%.*s", (int)len, d);
            d = colon ? colon + 1 : NULL;
        }
    return n;
}

/* Tries DIR/NAME.SUFFIX, then DIR/NAME. */
static int try_dir(const char *dir, const char *name, const char *suffix, char *buf, size_t size)
{
    snprintf(buf, size, "%s/%s%s", dir, name, suffix);
    if (is_file(buf)) return 1;
    snprintf(buf, size, "%s/%s", dir, name);
    return is_file(buf);
}

/* Looks NAME up in the directories of KIND. */
static int search(load_kind kind, const char *name, char *buf, size_t size)
{
    char dirs[LOAD_MAX_DIRS][LOAD_DIR_MAX];
    int n = load_dirs(kind, dirs, LOAD_MAX_DIRS);
    for (int i = 0; i < n; i++)
        if (try_dir(dirs[i], name, kind == LOAD_RULESETS ? ".game" : ".md", buf, size)) return 1;
    return 0;
}

static int alias_search(const char *name, char *buf, size_t size);

int load_resolve(const char *arg, char *buf, size_t size)
{
    snprintf(buf, size, "%s", arg);
    if (is_file(arg) || strchr(arg, '/')) return is_file(arg);
    if (*arg && search(LOAD_RULESETS, arg, buf, size)) return 1;
    if (*arg && alias_search(arg, buf, size)) return 1;
    snprintf(buf, size, "%s", arg);
    return 0;
}

int load_unreadable(const char *path, const char **kind, const char **reason)
{
    struct stat st;
    if (stat(path, &st) == 0) {
        *kind = source_file_kind(st.st_mode);
        if (!*kind) *kind = "not a regular file"; /* gone, or replaced, since load_resolve looked */
        return 1;
    }
    if (errno == ENOENT) return 0;
    *reason = strerror(errno);
    return 2;
}

int load_find_page(const char *name, char *buf, size_t size)
{
    if (!*name || strchr(name, '/')) return 0;
    return search(LOAD_RULES_PAGES, name, buf, size);
}

int load_bundled_name(const char *path, char *name, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t len = strlen(base);
    if (len > 5 && strcmp(base + len - 5, ".game") == 0) len -= 5;
    if (len == 0 || len >= size || len >= 64) return 0;
    char bare[64], found[LOAD_DIR_MAX + 80], a[PATH_MAX], b[PATH_MAX];
    snprintf(bare, sizeof bare, "%.*s", (int)len, base);
    if (is_file(bare) || !search(LOAD_RULESETS, bare, found, sizeof found)) return 0;
    if (!realpath(path, a) || !realpath(found, b) || strcmp(a, b) != 0) return 0;
    snprintf(name, size, "%s", bare);
    return 1;
}

/* Adds DIR's .game files (without the suffix) to NAMES, skipping names
 * already there. */
static void list_dir(const char *dir, char names[][64], int max, int *n)
{
    DIR *d = opendir(dir);
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
    char dirs[LOAD_MAX_DIRS][LOAD_DIR_MAX];
    int ndirs = load_dirs(LOAD_RULESETS, dirs, LOAD_MAX_DIRS), n = 0;
    for (int i = 0; i < ndirs; i++) list_dir(dirs[i], names, max, &n);
    qsort(names, (size_t)n, sizeof names[0], compare_names);
    return n;
}

int load_print_bundled(FILE *out)
{
    char names[LOAD_MAX_NAMES][64];
    int n = load_bundled_names(names, LOAD_MAX_NAMES);
    for (int i = 0; i < n; i++) fprintf(out, "%s%s", i ? ", " : "", names[i]);
    return n;
}

int load_read_names(const char *path, load_names *out)
{
    memset(out, 0, sizeof *out);
    diag_sink quiet;
    diag_init(&quiet, NULL);
    quiet.quiet = 1;
    quiet.listener = NULL; /* a broken file is listed without its title; validate says why */
    int io = 0;
    src_file *src = source_load(path, &quiet, &io);
    ast_arena *arena = src ? ast_arena_new() : NULL;
    const ast_node *top = arena ? parse_source(src, &quiet, arena) : NULL;
    const ast_node *game = top && top->nkids ? top->kids[0] : NULL;
    int ok = game && game->kind == AST_FORM;
    if (ok && game->nkids && game->kids[0]->kind == AST_STRING)
        snprintf(out->title, sizeof out->title, "%s", game->kids[0]->text);
    const ast_node *words = ok ? compile_form(game, "words") : NULL;
    const ast_node *aliases = words ? compile_form(words, "aliases") : NULL;
    for (int i = 0; aliases && i < aliases->nkids && out->naliases < LOAD_MAX_ALIASES; i++)
        if (aliases->kids[i]->kind == AST_STRING)
            snprintf(out->aliases[out->naliases++], sizeof out->aliases[0], "%s", aliases->kids[i]->text);
    if (arena) ast_arena_free(arena);
    if (src) source_free(src);
    return ok;
}

/* The bundled games with the titles and aliases their files give. */
typedef struct bundled_games {
    char names[LOAD_MAX_NAMES][64]; /* sorted */
    load_names own[LOAD_MAX_NAMES];
    int n;
} bundled_games;

/* The bundled games, read now (freed by the caller); NULL when out of memory. */
static bundled_games *bundled_read(void)
{
    bundled_games *g = malloc(sizeof *g);
    if (!g) return NULL;
    g->n = load_bundled_names(g->names, LOAD_MAX_NAMES);
    for (int i = 0; i < g->n; i++) {
        char path[LOAD_DIR_MAX + 80];
        if (!search(LOAD_RULESETS, g->names[i], path, sizeof path) || !load_read_names(path, &g->own[i]))
            memset(&g->own[i], 0, sizeof g->own[i]);
    }
    return g;
}

/* NAME as another name of a bundled game (`(words (aliases ...))` in the
 * game's own file, not its base's): that game's path into BUF. */
static int alias_search(const char *name, char *buf, size_t size)
{
    bundled_games *g = bundled_read();
    int found = 0;
    for (int i = 0; g && i < g->n && !found; i++)
        for (int a = 0; a < g->own[i].naliases && !found; a++)
            if (strcmp(g->own[i].aliases[a], name) == 0) found = search(LOAD_RULESETS, g->names[i], buf, size);
    free(g);
    return found;
}

int load_print_games(FILE *out)
{
    bundled_games *g = bundled_read();
    int n = g ? g->n : 0;
    for (int i = 0; i < n; i++) {
        const load_names *own = &g->own[i];
        fprintf(out, "  %-24s %s", g->names[i], own->title);
        for (int a = 0; a < own->naliases; a++) fprintf(out, "%s%s", a ? ", " : " (also: ", own->aliases[a]);
        fprintf(out, "%s\n", own->naliases ? ")" : "");
    }
    free(g);
    return n;
}

const char *load_suggest_bundled(const char *name, char *buf, size_t size)
{
    bundled_games *g = bundled_read();
    const char **list = malloc(sizeof *list * LOAD_MAX_NAMES * (1 + LOAD_MAX_ALIASES));
    int k = 0;
    for (int i = 0; g && list && i < g->n; i++) {
        list[k++] = g->names[i];
        for (int a = 0; a < g->own[i].naliases; a++) list[k++] = g->own[i].aliases[a];
    }
    const char *best = k ? diag_nearest(name, list, k) : NULL;
    if (best) snprintf(buf, size, "%s", best);
    free(list);
    free(g);
    return best ? buf : NULL;
}
