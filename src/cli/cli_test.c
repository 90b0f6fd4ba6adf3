/* cli_test.c - `tabula test`: run scenario files. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/scenario.h"

const char *const cli_test_help =
    "usage: tabula test [-v] [--json] SCENARIO.yaml...\n\n"
    "Runs scenario files (see docs/scenarios.md): each case sets up a position, plays\n"
    "moves and checks the legal moves, the result and the state. Failures are printed\n"
    "as FILE:LINE:COL: error: ... with the expected and actual values; -v also lists\n"
    "the cases that pass. The closing line is `N passed, M failed`. --json prints\n"
    "one document instead: every file and case, passed or not, with the diagnostics\n"
    "of each (docs/json.md). SCENARIO may be - for standard input.\n"
    "Exit 0 when every case passes, 1 when one fails, 2 when a file cannot be read.\n";

/* One case as --json reports it. */
typedef struct test_case {
    char *name;
    int line, passed;
    int diag_from, diag_to;
} test_case;

/* Every case of the run, and where each file's start. */
typedef struct test_report {
    test_case *cases;
    int n, capacity;
    int diag_mark;  /* diagnostics kept before the current case */
    int failed;     /* out of memory: the report is incomplete */
} test_report;

static void on_case(void *ctx, const char *name, int line, int passed)
{
    test_report *r = ctx;
    if (r->n == r->capacity) {
        int cap = r->capacity ? r->capacity * 2 : 64;
        test_case *c = realloc(r->cases, (size_t)cap * sizeof *c);
        if (!c) {
            r->failed = 1;
            return;
        }
        r->cases = c;
        r->capacity = cap;
    }
    test_case *c = &r->cases[r->n];
    c->name = strdup(name);
    if (!c->name) {
        r->failed = 1;
        return;
    }
    c->line = line;
    c->passed = passed;
    c->diag_from = r->diag_mark;
    c->diag_to = r->diag_mark = cli_diag_count();
    r->n++;
}

int cli_test(int argc, char **argv)
{
    int verbose = 0, nfiles = 0, json = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(cli_test_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "-v") == 0) verbose = 1;
        else if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("test", "unknown option `%s`", argv[i]);
        else nfiles++;
    }
    if (nfiles == 0) return cli_usage_error("test", "no scenario file given");
    scenario_totals t;
    memset(&t, 0, sizeof t);
    test_report report;
    memset(&report, 0, sizeof report);
    json_writer w;
    if (json) {
        t.on_case = on_case;
        t.ctx = &report;
        cli_json_begin(&w);
        json_object_open(&w, NULL);
        json_array_open(&w, "files");
    }
    diag_sink diags;
    diag_init(&diags, stderr);
    diags.max_errors = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1]) continue;
        scenario_totals before = t;
        report.n = 0;
        report.diag_mark = cli_diag_count();
        int from = report.diag_mark;
        scenario_run_file(argv[i], stdout, &diags, verbose && !json, &t);
        if (!json) continue;
        json_object_open(&w, NULL);
        json_string(&w, "file", argv[i]);
        json_string(&w, "status", t.io > before.io ? "unreadable" : t.broken > before.broken ? "broken" : "ran");
        json_int(&w, "passed", t.passed - before.passed);
        json_int(&w, "failed", t.failed - before.failed);
        json_array_open(&w, "cases");
        for (int c = 0; c < report.n; c++) {
            json_object_open(&w, NULL);
            json_string(&w, "name", report.cases[c].name);
            json_int(&w, "line", report.cases[c].line);
            json_bool(&w, "passed", report.cases[c].passed);
            cli_json_diagnostics(&w, "diagnostics", report.cases[c].diag_from, report.cases[c].diag_to);
            json_object_close(&w);
            free(report.cases[c].name);
        }
        json_array_close(&w);
        /* The file's own diagnostics: before its first case and after its last. */
        int first = report.n ? report.cases[0].diag_from : cli_diag_count();
        int last = report.n ? report.cases[report.n - 1].diag_to : cli_diag_count();
        json_array_open(&w, "diagnostics");
        cli_json_diagnostic_items(&w, from, first);
        cli_json_diagnostic_items(&w, last, cli_diag_count());
        json_array_close(&w);
        json_object_close(&w);
    }
    if (json) {
        json_array_close(&w);
        json_int(&w, "passed", t.passed);
        json_int(&w, "failed", t.failed);
        json_int(&w, "files_not_run", t.broken + t.io);
        json_bool(&w, "complete", !report.failed);
        json_object_close(&w);
        json_end(&w);
    } else {
        if (t.broken || t.io) printf("%d file%s could not be run\n", t.broken + t.io, t.broken + t.io == 1 ? "" : "s");
        printf("%d passed, %d failed\n", t.passed, t.failed);
    }
    free(report.cases);
    if (diags.oom || (t.io && !t.failed && !t.broken)) return EXIT_USAGE;
    return t.failed || t.broken || t.io ? EXIT_INVALID : EXIT_OK;
}
