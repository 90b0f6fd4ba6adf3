/* check_front.h - helpers the front-end unit tests share: run the lexer and
 * parser, the checker or the whole front end on a string, with every
 * diagnostic captured as text (open_memstream) for exact comparison. */
#ifndef TABULA_CHECK_FRONT_H
#define TABULA_CHECK_FRONT_H

#include "lang/ast.h"
#include "compile/compile.h"
#include "lang/diag.h"

/* What one run produced. Free with front_free(). */
typedef struct front_run {
    src_file *src;       /* the text, named "t.game" in messages */
    ast_arena *arena;    /* owns the tree */
    ast_node *root;      /* the parser's top-level list */
    const ast_node *game; /* the checked `(game ...)` form, if any */
    ruleset *rs;         /* the compiled rules, when compiling succeeded */
    char *out;           /* every diagnostic printed, NUL-terminated */
    int errors;          /* errors counted by the sink */
    int warnings;        /* warnings counted by the sink */
} front_run;

/* How far to go. */
enum { FRONT_PARSE, FRONT_CHECK, FRONT_COMPILE };

/* Runs TEXT (LEN bytes; -1: strlen) through the front end up to STAGE, with
 * option SETTINGS when compiling. Later stages run only when the earlier
 * ones reported no error, as in `tabula validate`. */
front_run *front_run_text(const char *text, long len, int stage, const option_setting *settings,
                          int nsettings);
void front_free(front_run *r);

/* A small valid game to break in one place: the tutorial's race game. */
extern const char *const front_race_game;

/* FRONT_RACE with the first occurrence of FROM replaced by TO (a static
 * buffer, valid until the next call). */
const char *front_race_with(const char *from, const char *to);

/* A bundled game (or a rule file path), compiled, with at most one option
 * "NAME=VALUE" (or NULL); fails the test when it does not load or when the
 * engine cannot play it. Free with free(). */
ruleset *front_load_game(const char *name, const char *option);

#endif
