/* cli_runs.c - what the long runs (playout, match, analyze, perft) share on
 * the command line: -n, --seed, -j, --shard, and printing a result. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "analysis/parallel.h"

int cli_flag_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    size_t len = strlen(name);
    if (strncmp(argv[*i], name, len) != 0) return 0;
    if (argv[*i][len] == '=') {
        *value = argv[*i] + len + 1;
        return 1;
    }
    if (argv[*i][len]) return 0;
    *value = *i + 1 < argc ? argv[++*i] : NULL;
    return 1;
}

/* K/N with 1 <= K <= N <= RUN_MAX_SHARDS. */
static int parse_shard(const char *text, int *k, int *n)
{
    char *end;
    errno = 0;
    long a = strtol(text, &end, 10);
    if (errno || end == text || *end != '/' || *text == '+' || *text == '-') return 0;
    const char *second = end + 1;
    long b = strtol(second, &end, 10);
    if (errno || end == second || *end || *second == '+' || *second == '-') return 0;
    if (b < 1 || b > RUN_MAX_SHARDS || a < 1 || a > b) return 0;
    *k = (int)a;
    *n = (int)b;
    return 1;
}

int cli_run_arg(cli_run *run, const char *command, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *value = NULL;
    if (strcmp(a, "-j") == 0 || strcmp(a, "--jobs") == 0 || strncmp(a, "--jobs=", 7) == 0 ||
        (a[0] == '-' && a[1] == 'j' && a[2] >= '0' && a[2] <= '9')) {
        if (strncmp(a, "--jobs=", 7) == 0) value = a + 7;
        else if (a[1] == 'j' && a[2]) value = a + 2;
        else value = *i + 1 < argc ? argv[++*i] : NULL;
        long j;
        if (!value) {
            cli_usage_error(command, "-j needs a number of threads, from 1 to %d", PAR_MAX_JOBS);
            return -1;
        }
        if (!cli_parse_count(value, PAR_MAX_JOBS, &j) || j < 1) {
            cli_usage_error(command, "-j takes a number of threads from 1 to %d; got `%s`", PAR_MAX_JOBS, value);
            return -1;
        }
        run->jobs = (int)j;
        return 1;
    }
    if (cli_flag_value(argc, argv, i, "--shard", &value)) {
        if (!value || !parse_shard(value, &run->shard_k, &run->shard_n)) {
            cli_usage_error(command, "--shard takes K/N, shard K of N with 1 <= K <= N <= %d; got `%s`",
                            RUN_MAX_SHARDS, value ? value : "");
            return -1;
        }
        return 1;
    }
    if ((run->takes & CLI_RUN_N) && a[0] == '-' && a[1] == 'n' && (!a[2] || (a[2] >= '0' && a[2] <= '9'))) {
        value = a[2] ? a + 2 : *i + 1 < argc ? argv[++*i] : NULL;
        if (!value || !cli_parse_count(value, 1000000000L, &run->n)) {
            cli_usage_error(command, "-n takes a whole number of games from 0 to 1000000000; got `%s`",
                            value ? value : "");
            return -1;
        }
        return 1;
    }
    if ((run->takes & CLI_RUN_SEED) && cli_flag_value(argc, argv, i, "--seed", &value)) {
        if (!value || !cli_parse_count(value, 0x7fffffffffffffffL, &run->seed)) {
            cli_usage_error(command, "--seed takes a whole number; got `%s`", value ? value : "");
            return -1;
        }
        return 1;
    }
    return 0;
}

void cli_run_defaults(cli_run *run, long n, int takes)
{
    memset(run, 0, sizeof *run);
    run->jobs = 1;
    run->shard_k = run->shard_n = 1;
    run->n = n;
    run->seed = 1;
    run->takes = takes;
}

void cli_run_opts(const cli_run *run, run_opts *o)
{
    memset(o, 0, sizeof *o);
    o->jobs = run->jobs;
    o->shard_k = run->shard_k;
    o->shard_n = run->shard_n;
    o->progress = par_progress_stream();
}

int cli_run_report(const run_result *r, int json)
{
    if (json) report_json(cli_json_stream(), r);
    else report_text(stdout, r, stderr);
    if (r->info.interrupted) {
        fprintf(stderr, "tabula: interrupted: the summary above is of the %ld %s done\n", r->info.done,
                r->info.kind == RUN_PERFT ? "root moves" : "games");
        return PAR_EXIT_INTERRUPTED;
    }
    return EXIT_OK;
}
