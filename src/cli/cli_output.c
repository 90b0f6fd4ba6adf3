/* cli_output.c - output for programs: --diagnostics-format and the JSON
 * promises of --json, for every command alike.
 *
 * main() calls cli_output_setup() before the command runs and
 * cli_output_finish() after. In between, every diagnostic printed to
 * stderr (through a diag_sink, or cli_usage_error) is also kept here, so
 * that
 *   - --diagnostics-format=json prints them at the end as one JSON array on
 *     stderr, and =sarif as one SARIF 2.1.0 log (instead of the text form);
 *   - with --json, a command that fails before writing its JSON document
 *     leaves a valid one on stdout all the same: {"error": {...}} with the
 *     exit code, the first error and every diagnostic (docs/json.md). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "config.h"

/* One diagnostic kept. */
typedef struct kept {
    diag_level level;
    char *file;
    int line, column, end_line, end_column;
    char *text;
} kept;

static struct {
    cli_diag_format format;
    int json;          /* --json was given */
    int json_written;  /* the command wrote its JSON document */
    FILE *json_out;    /* where the document goes: stdout, or stdout saved by cli_json_divert() */
    kept *list;
    int n, capacity;
    int lost;          /* diagnostics not kept (out of memory) */
} out = { CLI_DIAG_TEXT, 0, 0, NULL, NULL, 0, 0, 0 };

static void keep(const diag_message *m, void *ctx)
{
    (void)ctx;
    if (out.n == out.capacity) {
        int cap = out.capacity ? out.capacity * 2 : 16;
        kept *l = realloc(out.list, (size_t)cap * sizeof *l);
        if (!l) {
            out.lost++;
            return;
        }
        out.list = l;
        out.capacity = cap;
    }
    kept *k = &out.list[out.n];
    k->file = strdup(m->file ? m->file : "");
    k->text = strdup(m->text ? m->text : "");
    if (!k->file || !k->text) {
        free(k->file);
        free(k->text);
        out.lost++;
        return;
    }
    k->level = m->level;
    k->line = m->line;
    k->column = m->column;
    k->end_line = m->end_line;
    k->end_column = m->end_column;
    out.n++;
}

/* Standard input, output and error closed when the program starts
 * (`tabula play ... >&-`) are opened on /dev/null, so that no file the
 * program opens (a record being written) takes their numbers and receives
 * what is printed. Output opened read-only, input write-only: using them
 * fails (EBADF), and a command that prints says so at exit. */
static void open_closed_standard_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
        int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (got >= 0 && got != fd) close(got); /* not the lowest free number: leave it */
    }
}

int cli_output_setup(int *argc, char **argv)
{
    open_closed_standard_fds();
    int n = 1;
    const char *bad = NULL;
    out.json_out = stdout;
    if (*argc > 1 && strcmp(argv[1], "__complete") == 0) return -1; /* the words are a command line to complete */
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i], *value = NULL;
        if (strcmp(a, "--") == 0) {
            while (i < *argc) argv[n++] = argv[i++];
            break;
        }
        if (strncmp(a, "--diagnostics-format=", 21) == 0) value = a + 21;
        else if (strcmp(a, "--diagnostics-format") == 0) value = i + 1 < *argc ? argv[++i] : "";
        if (!value) {
            if (strcmp(a, "--json") == 0) out.json = 1;
            argv[n++] = argv[i];
            continue;
        }
        if (strcmp(value, "text") == 0) out.format = CLI_DIAG_TEXT;
        else if (strcmp(value, "json") == 0) out.format = CLI_DIAG_JSON;
        else if (strcmp(value, "sarif") == 0) out.format = CLI_DIAG_SARIF;
        else bad = value;
    }
    *argc = n;
    argv[n] = NULL;
    out.json_out = stdout;
    if (out.json || out.format != CLI_DIAG_TEXT) diag_route_stderr(keep, NULL, out.format == CLI_DIAG_TEXT);
    if (bad) {
        const char *command = *argc > 1 && argv[1][0] != '-' ? argv[1] : NULL;
        char what[64];
        snprintf(what, sizeof what, "tabula%s%s", command ? " " : "", command ? command : "");
        diag_sink d;
        diag_init(&d, stderr);
        diag_plain(&d, what, DIAG_ERROR, "--diagnostics-format takes text, json or sarif; got `%s`", bad);
        return EXIT_USAGE;
    }
    return -1;
}

cli_diag_format cli_output_format(void)
{
    return out.format;
}

void cli_json_begin(json_writer *w)
{
    json_begin(w, cli_json_stream());
}

FILE *cli_json_stream(void)
{
    out.json_written = 1;
    return out.json_out ? out.json_out : stdout;
}

FILE *cli_json_divert(void)
{
    if (out.json_out != stdout) return out.json_out;
    output_flush(stdout);
    int saved = dup(STDOUT_FILENO);
    FILE *f = saved >= 0 ? fdopen(saved, "w") : NULL;
    if (!f) {
        if (saved >= 0) close(saved);
        return stdout;
    }
    dup2(STDERR_FILENO, STDOUT_FILENO);
    out.json_out = f;
    return f;
}

int cli_diag_count(void)
{
    return out.n;
}

int cli_diag_errors(int from, int to)
{
    int errors = 0;
    for (int i = from; i < to && i < out.n; i++) errors += out.list[i].level == DIAG_ERROR;
    return errors;
}

static const char *const level_names[] = { "error", "warning", "note" };

void cli_json_diagnostic_items(json_writer *w, int from, int to)
{
    for (int i = from; i < to && i < out.n; i++) {
        const kept *k = &out.list[i];
        json_object_open(w, NULL);
        json_string(w, "level", level_names[k->level]);
        json_string(w, "file", k->file);
        if (k->line) {
            json_int(w, "line", k->line);
            json_int(w, "column", k->column);
            json_int(w, "end_line", k->end_line);
            json_int(w, "end_column", k->end_column);
        } else {
            json_null(w, "line");
            json_null(w, "column");
            json_null(w, "end_line");
            json_null(w, "end_column");
        }
        json_string(w, "message", k->text);
        json_object_close(w);
    }
}

void cli_json_diagnostics(json_writer *w, const char *key, int from, int to)
{
    json_array_open(w, key);
    cli_json_diagnostic_items(w, from, to);
    json_array_close(w);
}

/* PATH as a relative or absolute URI reference: bytes other than letters,
 * digits, `/` and `-._~` percent-encoded. */
static void uri_encode(const char *path, char *buf, size_t size)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)path; *p && n + 4 < size; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/-._~", *p))
            buf[n++] = (char)*p;
        else
            n += (size_t)snprintf(buf + n, size - n, "%%%02X", *p);
    }
    buf[n] = '\0';
}

/* The diagnostics as a SARIF 2.1.0 log: one run of tabula, one result per
 * diagnostic, columns counted in characters (unicodeCodePoints). */
static void write_sarif(FILE *f)
{
    json_writer w;
    json_begin(&w, f);
    json_object_open(&w, NULL);
    json_string(&w, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    json_string(&w, "version", "2.1.0");
    json_array_open(&w, "runs");
    json_object_open(&w, NULL);
    json_object_open(&w, "tool");
    json_object_open(&w, "driver");
    json_string(&w, "name", "tabula");
    json_string(&w, "version", PACKAGE_VERSION);
    json_string(&w, "semanticVersion", PACKAGE_VERSION);
    json_object_close(&w);
    json_object_close(&w);
    json_string(&w, "columnKind", "unicodeCodePoints");
    json_array_open(&w, "results");
    for (int i = 0; i < out.n; i++) {
        const kept *k = &out.list[i];
        json_object_open(&w, NULL);
        /* A message about the command line, not a file, has no location and
         * says what it is about. */
        int located = k->line > 0 || access(k->file, F_OK) == 0;
        char text[8300];
        snprintf(text, sizeof text, "%s%s%s", located ? "" : k->file, located ? "" : ": ", k->text);
        json_string(&w, "level", level_names[k->level]);
        json_object_open(&w, "message");
        json_string(&w, "text", text);
        json_object_close(&w);
        json_array_open(&w, "locations");
        if (located) {
            char uri[3 * 4096];
            uri_encode(k->file, uri, sizeof uri);
            json_object_open(&w, NULL);
            json_object_open(&w, "physicalLocation");
            json_object_open(&w, "artifactLocation");
            json_string(&w, "uri", uri);
            json_object_close(&w);
            if (k->line) {
                json_object_open(&w, "region");
                json_int(&w, "startLine", k->line);
                json_int(&w, "startColumn", k->column);
                json_int(&w, "endLine", k->end_line);
                json_int(&w, "endColumn", k->end_column);
                json_object_close(&w);
            }
            json_object_close(&w);
            json_object_close(&w);
        }
        json_array_close(&w);
        json_object_close(&w);
    }
    json_array_close(&w);
    json_object_close(&w);
    json_array_close(&w);
    json_object_close(&w);
    json_end(&w);
}

/* With --json, when the command failed without writing its document: the
 * error document (the exit code, the first error, every diagnostic). */
static void write_error_document(int code)
{
    json_writer w;
    json_begin(&w, out.json_out);
    json_object_open(&w, NULL);
    json_object_open(&w, "error");
    json_int(&w, "code", code);
    const char *first = NULL;
    for (int i = 0; i < out.n && !first; i++)
        if (out.list[i].level == DIAG_ERROR) first = out.list[i].text;
    json_string(&w, "message", first ? first : code == EXIT_USAGE ? "usage or I/O error" : "invalid input");
    cli_json_diagnostics(&w, "diagnostics", 0, out.n);
    json_object_close(&w);
    json_object_close(&w);
    json_end(&w);
}

/* Flushes F (standard output, or the JSON document's stream); returns 0, or
 * the errno of a write that failed, now or earlier (a full disk, /dev/full).
 * For an earlier failure, stdio no longer knows why: the errno kept by
 * output_flush, else LAST (errno when the command returned, which a failed
 * write of a large block left) when a write can fail that way, else EIO. */
static int flush_error(FILE *f, int last)
{
    errno = 0;
    if (fflush(f) != 0) return errno ? errno : EIO;
    if (!ferror(f)) return 0;
    if (output_errno()) return output_errno();
    switch (last) {
    case ENOSPC: case EDQUOT: case EFBIG: case EIO: case EBADF: case EPIPE: case EAGAIN: return last;
    default: return EIO;
    }
}

/* Says once that standard output could not be written; the exit code
 * becomes 2 (an I/O error) unless it says more already (130, interrupted). */
static int output_failed(int code, int err, int *said)
{
    if (!*said) {
        diag_sink d;
        diag_init(&d, stderr);
        diag_plain(&d, "tabula", DIAG_ERROR, "cannot write to standard output: %s", strerror(err));
    }
    *said = 1;
    return code == EXIT_OK || code == EXIT_INVALID ? EXIT_USAGE : code;
}

int cli_output_finish(int code)
{
    /* Every command's output is checked here, once: a command that printed
     * into a full disk fails instead of exiting 0 with its output lost. */
    int last = errno, said = 0, err = flush_error(stdout, last);
    if (err) code = output_failed(code, err, &said);
    if (out.json && code != EXIT_OK && !out.json_written) write_error_document(code);
    if (out.json_out && out.json_out != stdout) {
        err = flush_error(out.json_out, last);
        if (fclose(out.json_out) != 0 && !err) err = errno;
        if (err) code = output_failed(code, err, &said);
    } else if ((err = flush_error(stdout, last)) != 0) {
        code = output_failed(code, err, &said);
    }
    if (out.format == CLI_DIAG_JSON) {
        json_writer w;
        json_begin(&w, stderr);
        cli_json_diagnostics(&w, NULL, 0, out.n);
        json_end(&w);
    } else if (out.format == CLI_DIAG_SARIF) {
        write_sarif(stderr);
    }
    /* Closing standard output can fail too (a file system that reports
     * errors at close). */
    if (fclose(stdout) != 0 && !said) {
        fprintf(stderr, "tabula: error: cannot write to standard output: %s\n", strerror(errno));
        code = code == EXIT_OK || code == EXIT_INVALID ? EXIT_USAGE : code;
    }
    for (int i = 0; i < out.n; i++) {
        free(out.list[i].file);
        free(out.list[i].text);
    }
    free(out.list);
    out.list = NULL;
    out.n = out.capacity = 0;
    return code;
}
