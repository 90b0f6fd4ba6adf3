/* load_path.h - finding rule files and rules pages: paths and bare names. */
#ifndef TABULA_LOAD_PATH_H
#define TABULA_LOAD_PATH_H

#include <stddef.h>
#include <stdio.h>

#define LOAD_DIR_MAX 4096  /* bytes of one directory name */
#define LOAD_MAX_DIRS 32   /* directories searched */
#define LOAD_MAX_NAMES 256 /* names listed */

typedef enum load_kind {
    LOAD_RULESETS,    /* rule files, NAME.game */
    LOAD_RULES_PAGES, /* rules pages, NAME.md */
} load_kind;

/* The directories searched for a bare name of KIND, in order (see
 * load_path.c): $TABULA_RULESETS (rule files only), the installed data
 * directory, $TABULA_PATH, and the source tree for an uninstalled build.
 * Returns how many were written (at most MAX). */
int load_dirs(load_kind kind, char dirs[][LOAD_DIR_MAX], int max);

/* Finds a rule file: a path as given, or a bare name (a file NAME.game) looked
 * up in load_dirs(). Writes the path into BUF; returns 0 when nothing was found. */
int load_resolve(const char *arg, char *buf, size_t size);

/* Why load_resolve did not take PATH: 1 with *KIND set when PATH is there
 * but not a regular file ("a FIFO (named pipe)", "a directory"), 2 with
 * *REASON set when it cannot be looked at ("Too many levels of symbolic
 * links", "File name too long"), 0 when there is no such file. */
int load_unreadable(const char *path, const char **kind, const char **reason);

/* Finds the rules page NAME.md of a game; returns 0 when there is none. */
int load_find_page(const char *name, char *buf, size_t size);

/* When the bare name of the rule file at PATH (its file name without
 * `.game`) resolves to that very file, writes the name into NAME and
 * returns 1: the file is bundled (or on $TABULA_PATH) and a record can
 * name it so. Returns 0 otherwise. */
int load_bundled_name(const char *path, char *name, size_t size);

/* Prints the bundled game names (the .game files of the directories) to
 * OUT, separated by ", "; returns how many. */
int load_print_bundled(FILE *out);

/* The bundled games' names (at most MAX), sorted; returns how many. */
int load_bundled_names(char names[][64], int max);

#define LOAD_MAX_ALIASES 4 /* other names a game gives itself (TB_MAX_ALIASES) */

/* What a rule file says of itself, read without checking it: the title and
 * the aliases of `(words (aliases ...))`. */
typedef struct load_names {
    char title[64];
    char aliases[LOAD_MAX_ALIASES][24];
    int naliases;
} load_names;

/* Reads the title and aliases of the rule file at PATH into OUT; returns 0
 * (OUT empty) when it cannot be read or parsed. Prints nothing. */
int load_read_names(const char *path, load_names *out);

/* Prints the bundled games to OUT, one a line: the name, the title and any
 * other names. Returns how many. */
int load_print_games(FILE *out);

/* The bundled game name or alias nearest NAME, copied to BUF, or NULL. */
const char *load_suggest_bundled(const char *name, char *buf, size_t size);

#endif
