/* load.h - the whole front end in one call: file -> parse -> check -> compile. */
#ifndef TABULA_LOAD_H
#define TABULA_LOAD_H

#include "compile.h"
#include "load_path.h"

typedef enum load_status {
    LOAD_OK = 0,
    LOAD_INVALID = 1,  /* the rule file (or an option) is wrong */
    LOAD_IO = 2,       /* the file could not be read, or memory ran out (diags->oom) */
} load_status;

/* Loads and compiles a rule file: a path, a bundled game's name, or "-" for
 * standard input. Returns NULL with *status set on failure. */
ruleset *load_ruleset(const char *arg, const option_setting *settings, int nsettings,
                      diag_sink *diags, load_status *status);

/* Says on DIAGS why ARG, which load_resolve did not take, cannot be loaded:
 * what it is when it is no regular file, the system's reason when it
 * cannot be looked at (a loop of links, a name too long), else that there
 * is no such rule file or bundled game (with the nearest bundled name). */
void load_report_unresolved(const char *arg, diag_sink *diags);

/* The same for rule text already in memory (a variant's base is still found
 * by its name or path). */
ruleset *load_source(const src_file *src, const option_setting *settings, int nsettings, diag_sink *diags,
                     load_status *status);

/* Called with the game as compiled (a variant resolved, options in place;
 * see compile_game_resolved) and the file it was loaded from, while they
 * are alive. */
typedef void load_visit(const ast_node *resolved, const src_file *src, void *ctx);

/* load_ruleset, calling VISIT (when not NULL) once the game has compiled. */
ruleset *load_ruleset_visit(const char *arg, const option_setting *settings, int nsettings,
                            diag_sink *diags, load_status *status, load_visit *visit, void *ctx);
ruleset *load_source_visit(const src_file *src, const option_setting *settings, int nsettings, diag_sink *diags,
                           load_status *status, load_visit *visit, void *ctx);

#endif
