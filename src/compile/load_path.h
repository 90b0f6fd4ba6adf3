/* load_path.h - finding rule files: paths and bundled game names. */
#ifndef TABULA_LOAD_PATH_H
#define TABULA_LOAD_PATH_H

#include <stddef.h>
#include <stdio.h>

/* Finds a rule file: a path as given, or a bundled name (a file NAME.game) looked up
 * in $TABULA_RULESETS and the installed and source rulesets directories.
 * Writes the path into BUF; returns 0 when nothing was found. */
int load_resolve(const char *arg, char *buf, size_t size);

/* Prints the bundled game names (the .game files of the rulesets
 * directories) to OUT, separated by ", "; returns how many. */
int load_print_bundled(FILE *out);

/* The bundled games' names (at most MAX); returns how many. */
int load_bundled_names(char names[][64], int max);

/* The bundled game whose name is nearest NAME, copied to BUF, or NULL. */
const char *load_suggest_bundled(const char *name, char *buf, size_t size);

#endif
