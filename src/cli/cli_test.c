/* cli_test.c - `tabula test`: run scenario files. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "io/scenario.h"

static const char *test_help =
    "usage: tabula test [-v] SCENARIO.yaml...\n\n"
    "Runs scenario files (see docs/scenarios.md): each case sets up a position, plays\n"
    "moves and checks the legal moves, the result and the state. Failures are printed\n"
    "as FILE:LINE:COL: error: ... with the expected and actual values; -v also lists\n"
    "the cases that pass. The closing line is `N passed, M failed`. SCENARIO may be -\n"
    "for standard input.\n"
    "Exit 0 when every case passes, 1 when one fails, 2 when a file cannot be read.\n";

int cli_test(int argc, char **argv)
{
    int verbose = 0, nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(test_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "-v") == 0) verbose = 1;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("test", "unknown option `%s`", argv[i]);
        else nfiles++;
    }
    if (nfiles == 0) return cli_usage_error("test", "no scenario file given");
    scenario_totals t = { 0, 0, 0, 0 };
    diag_sink diags;
    diag_init(&diags, stderr);
    diags.max_errors = 0;
    for (int i = 1; i < argc; i++)
        if (argv[i][0] != '-' || !argv[i][1]) scenario_run_file(argv[i], stdout, &diags, verbose, &t);
    if (t.broken || t.io) printf("%d file%s could not be run\n", t.broken + t.io, t.broken + t.io == 1 ? "" : "s");
    printf("%d passed, %d failed\n", t.passed, t.failed);
    if (diags.oom || (t.io && !t.failed && !t.broken)) return EXIT_USAGE;
    return t.failed || t.broken || t.io ? EXIT_INVALID : EXIT_OK;
}
