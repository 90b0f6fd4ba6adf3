/* load.h - the whole front end in one call: file -> parse -> check -> compile. */
#ifndef TABULA_LOAD_H
#define TABULA_LOAD_H

#include "compile.h"
#include "load_path.h"

typedef enum load_status {
    LOAD_OK = 0,
    LOAD_INVALID = 1,  /* the rule file (or an option) is wrong */
    LOAD_IO = 2,       /* the file could not be read */
} load_status;

/* Loads and compiles a rule file. Returns NULL with *status set on failure. */
ruleset *load_ruleset(const char *arg, const option_setting *settings, int nsettings,
                      diag_sink *diags, load_status *status);

/* Called with the game as compiled (a variant resolved, options in place;
 * see compile_game_resolved) and the file it was loaded from, while they
 * are alive. */
typedef void load_visit(const ast_node *resolved, const src_file *src, void *ctx);

/* load_ruleset, calling VISIT (when not NULL) once the game has compiled. */
ruleset *load_ruleset_visit(const char *arg, const option_setting *settings, int nsettings,
                            diag_sink *diags, load_status *status, load_visit *visit, void *ctx);

#endif
