/* diag.h - diagnostics in the GNU form editors jump to.
 *
 *   rules.game:12:7: error: `step` takes a direction; got `forwards`
 *      12 |     (step forwards)
 *         |           ^~~~~~~~
 *
 * A sink counts errors and warnings, so that the checker and the compiler can keep going after an
 * error and the caller decides the exit code at the end. */
#ifndef TABULA_DIAG_H
#define TABULA_DIAG_H

#include <stdio.h>
#include "source.h"

typedef enum diag_level { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } diag_level;

#define DIAG_MAX_CONTEXTS 8

/* A file reached from another one (the base of a variant): every error or
 * warning located in INNER is followed by a note at AT in OUTER. */
typedef struct diag_context {
    const src_file *inner;  /* the file reached */
    const src_file *outer;  /* the file that reached it */
    span at;                /* where OUTER names it (the `extends` string) */
    char text[160];         /* the note */
} diag_context;

/* One message, for front ends that report to programs rather than people
 * (JSON, SARIF). Lines and columns start at 1; columns count characters;
 * the end is exclusive. LINE is 0 for a message about a whole file (FILE is
 * then what the message is about: a path, or the command). */
typedef struct diag_message {
    diag_level level;
    const char *file;
    int line, column;
    int end_line, end_column;
    const char *text;
} diag_message;

typedef void diag_listener(const diag_message *m, void *ctx);

typedef struct diag_sink {
    FILE *out;      /* where messages go (stderr in the CLI, a memstream in tests) */
    diag_listener *listener; /* also handed every message (see diag_route_stderr), or NULL */
    void *listener_ctx;
    int quiet;      /* the listener takes the messages: nothing is printed */
    int errors;     /* errors reported so far */
    int warnings;   /* warnings reported so far */
    int max_errors; /* stop printing after this many errors (0: no limit) */
    int suppressed; /* errors counted but not printed because of max_errors */
    int oom;        /* memory ran out: said once; later messages are its echoes and not printed */
    diag_context contexts[DIAG_MAX_CONTEXTS]; /* files reached from others */
    int ncontexts;
} diag_sink;

void diag_init(diag_sink *sink, FILE *out);

/* For a front end whose diagnostics are read by programs: every sink
 * initialised from now on with OUT == stderr also hands its messages to
 * LISTENER (NULL: none), and prints them only when PRINT is not 0. The
 * setting is for the whole process; the library never makes it itself. */
void diag_route_stderr(diag_listener *listener, void *ctx, int print);

/* A located message with the source line and a caret under SPAN. */
void diag_at(diag_sink *sink, const src_file *src, span where, diag_level level,
             const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* A message about a whole file or the command line: "WHAT: error: MESSAGE". */
void diag_plain(diag_sink *sink, const char *what, diag_level level,
                const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Memory ran out while working on WHAT (a file, or NULL for the program):
 * prints "WHAT: error: out of memory" once and counts an error. Callers
 * return failure; front ends exit 2 when SINK->oom is set. Messages after
 * it are counted but not printed: they would be consequences of the lost
 * allocation, not faults of the input. */
void diag_oom(diag_sink *sink, const char *what);
/* From now on, messages located in INNER are followed by a note at AT in
 * OUTER (a variant's `extends`): "note: TEXT". Returns the number of
 * contexts before the call, for diag_pop_contexts(). */
int diag_push_context(diag_sink *sink, const src_file *inner, const src_file *outer, span at,
                      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Forgets the contexts pushed since diag_push_context() returned N (before
 * the files they name are freed). */
void diag_pop_contexts(diag_sink *sink, int n);

/* A path or an argument as messages echo it: unchanged up to
 * DIAG_SHORT_MAX characters, else its first and last DIAG_SHORT_KEEP
 * characters with "..." between (cut between UTF-8 characters), in BUF of
 * DIAG_SHORT_SIZE bytes. Returns TEXT or BUF. A name of 4,000 bytes would
 * otherwise push the message off the screen. */
#define DIAG_SHORT_MAX 160
#define DIAG_SHORT_KEEP 40
#define DIAG_SHORT_SIZE (DIAG_SHORT_KEEP * 2 * 4 + 4)
const char *diag_short(const char *text, char *buf);

/* Edit distance used for "did you mean" suggestions. */
int diag_edit_distance(const char *a, const char *b);

/* The candidate nearest to WORD, or NULL when none is close enough to help. */
const char *diag_nearest(const char *word, const char *const *candidates, int n);

#endif
