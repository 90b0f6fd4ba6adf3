/* cli_runs.c - what the long runs (playout, match, analyze, perft) share on
 * the command line: -n, --seed, -j, --shard, and printing a result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "analysis/parallel.h"
#include "io/number.h"

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

/* K/N with 1 <= K <= N <= RUN_MAX_SHARDS, each plain decimal digits. */
static int parse_shard(const char *text, int *k, int *n)
{
    const char *slash = strchr(text, '/');
    char first[16];
    uint64_t a, b;
    if (!slash || (size_t)(slash - text) >= sizeof first) return 0;
    snprintf(first, sizeof first, "%.*s", (int)(slash - text), text);
    if (!number_whole(slash + 1, 1, RUN_MAX_SHARDS, &b) || !number_whole(first, 1, b, &a)) return 0;
    *k = (int)a;
    *n = (int)b;
    return 1;
}

int cli_run_arg(cli_run *run, const char *command, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *value = NULL;
    if (strcmp(a, "-j") == 0 || strcmp(a, "--jobs") == 0 || strncmp(a, "--jobs=", 7) == 0 ||
        (a[0] == '-' && a[1] == 'j' && a[2] >= '0' && a[2] <= '9')) {
        const char *flag = a[1] == 'j' ? "-j" : "--jobs";
        if (strncmp(a, "--jobs=", 7) == 0) value = a + 7;
        else if (a[1] == 'j' && a[2]) value = a + 2;
        else value = *i + 1 < argc ? argv[++*i] : NULL;
        long j;
        if (!cli_whole(command, flag, value, 1, PAR_MAX_JOBS, &j)) return -1;
        run->jobs = (int)j;
        return 1;
    }
    if (cli_flag_value(argc, argv, i, "--shard", &value)) {
        if (value && parse_shard(value, &run->shard_k, &run->shard_n)) return 1;
        char what[64];
        snprintf(what, sizeof what, "K/N, shard K of N with 1 <= K <= N <= %d", RUN_MAX_SHARDS);
        cli_expected(command, "--shard", what, value);
        return -1;
    }
    if ((run->takes & CLI_RUN_N) && a[0] == '-' && a[1] == 'n' && (!a[2] || (a[2] >= '0' && a[2] <= '9'))) {
        value = a[2] ? a + 2 : *i + 1 < argc ? argv[++*i] : NULL;
        return cli_whole(command, "-n", value, 0, RUN_MAX_GAMES, &run->n) ? 1 : -1;
    }
    if ((run->takes & CLI_RUN_SEED) && cli_flag_value(argc, argv, i, "--seed", &value))
        return cli_seed(command, "--seed", value, &run->seed) ? 1 : -1;
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
