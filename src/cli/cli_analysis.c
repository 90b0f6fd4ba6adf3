/* cli_analysis.c - `tabula match`, `tabula analyze`, `tabula diff` and
 * `tabula merge`: the front ends of src/analysis/. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "analysis/diff.h"
#include "analysis/parallel.h"

/* Loads FILE (the common settings applied); on failure, the exit code. */
static ruleset *load_rules(const char *file, const cli_common *common, int *code)
{
    diag_sink diags;
    diag_init(&diags, stderr);
    return cli_load(file, common, &diags, code);
}

/* --max-moves M at argv[*i]: 1 consumed, 0 not it, -1 usage error. */
static int max_moves_arg(const char *command, int argc, char **argv, int *i, long *max)
{
    const char *value;
    if (!cli_flag_value(argc, argv, i, "--max-moves", &value)) return 0;
    return cli_whole(command, "--max-moves", value, 1, PLAYOUT_MAX_PLIES, max) ? 1 : -1;
}

/* Makes agent SPEC given to FLAG, refusing humans: the exit code, or -1.
 * Adds the memory the agent holds to *MEMORY. */
static int check_agent(const char *command, const char *flag, const char *spec, char *canonical, size_t *memory)
{
    char err[256];
    agent *a = agent_create(spec, err, sizeof err);
    if (!a) return cli_usage_error(command, "%s: %s", flag, err);
    int human = agent_get_kind(a) == AGENT_HUMAN;
    snprintf(canonical, AGENT_SPEC_MAX, "%s", agent_spec(a));
    *memory += agent_memory(a);
    agent_free(a);
    if (human)
        return cli_usage_error(command, "%s: `human` cannot play here; use random, mcts[:BUDGET] or alphabeta[:BUDGET]",
                               flag);
    return -1;
}

/* Refuses (exit 2) a run whose agents cannot fit in the machine's physical
 * memory: every one of JOBS threads makes its own agents (AGENTS, their
 * canonical specs), PER_THREAD bytes in all, allocated at the start. */
static int check_agents_fit(const char *command, int jobs, size_t per_thread, const char *agents)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return -1; /* unknown: nothing to compare with */
    double physical = (double)pages * (double)page, need = (double)jobs * (double)per_thread;
    if (need <= physical) return -1;
    double mb = 1e6, gb = 1e9;
    long fit = (long)(physical / (double)per_thread);
    char advice[96];
    if (fit >= 1) snprintf(advice, sizeof advice, "use -j %ld or fewer threads, or smaller budgets", fit);
    else snprintf(advice, sizeof advice, "use smaller budgets");
    return cli_usage_error(command, "-j %d with %s needs up to %.1f GB for the agents' searches (%d threads x %.0f MB), "
                           "more than this machine's %.1f GB of memory; %s", jobs, agents, need / gb, jobs,
                           (double)per_thread / mb, physical / gb, advice);
}

/* ---- match ----------------------------------------------------------------- */

/* --records DIR: refuses the run, before any game, when a record it would
 * write (DIR/game-NNNNNN.yaml for the games FIRST..END-1 of the shard) is
 * the rule file or one of its bases. Only the files already in DIR can be. */
static int records_not_inputs(const char *dir, long first, long end, const cli_input *inputs, int n)
{
    DIR *d = opendir(dir);
    if (!d) return 1; /* no directory yet: made by the run, empty */
    int ok = 1;
    struct dirent *e;
    while (ok && (e = readdir(d))) {
        char tail[8], name[64];
        long number;
        if (sscanf(e->d_name, "game-%ld%7s", &number, tail) != 2 || number < first + 1 || number > end) continue;
        snprintf(name, sizeof name, "game-%06ld.yaml", number); /* the name run.c gives game NUMBER */
        if (strcmp(name, e->d_name) != 0) continue;
        char path[PATH_MAX + 64];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        ok = cli_output_not_input("match", "--records", path, inputs, n);
    }
    closedir(d);
    return ok;
}

const char *const cli_match_help =
    "usage: tabula match FILE --p1 AGENT --p2 AGENT [--p3 AGENT] [--p4 AGENT]\n"
    "                    [-n N] [-j J] [--seed S] [--records DIR] [--max-moves M]\n"
    "                    [--shard K/N] [--json] [--option NAME=VALUE]...\n\n"
    "Plays N games (default 100) between one agent per player of the game: A (--p1),\n"
    "B (--p2), and C (--p3) and D (--p4) for a game of three or four players. Seats\n"
    "rotate: in game g (from 0) agent a (A = 0) is player ((a + g) mod P) + 1 of P,\n"
    "so with two players A is player 1 in the even games (0, 2, ...), B in the odd\n"
    "ones. Prints each agent's wins, losses and draws with 95% Wilson intervals, its\n"
    "wins and games as each player, double and triple wins where the game has them;\n"
    "with two players A's score (a draw is half a point) and the Elo difference\n"
    "A - B, with more each agent's score share (a draw is 1/P of a point) against\n"
    "an even 1/P, with their intervals; the mean and spread of the game length, and\n"
    "each agent's time per move.\n\n"
    "Agents: random, mcts[:BUDGET], alphabeta[:BUDGET] (the searching agents play\n"
    "two-player games only). A budget is a number (MCTS iterations, alpha-beta\n"
    "depth) or KEY=VALUE pairs: mcts:iterations=2000, mcts:time=0.5s,\n"
    "alphabeta:depth=6, alphabeta:depth=8,time=2s (time per move).\n\n"
"  -n N            games (default 100)\n"
    "  --seed S        the run's seed (default 1); game g is seeded from S and g, and\n"
    "                  is `tabula play FILE --seed G` with the agents in its colours\n"
    "                  (G is in its record)\n"
    "  -j J            J threads (default 1); the same results whatever J, except for\n"
    "                  timed agents, whose moves depend on the machine's speed. Each\n"
    "                  thread makes its own agents (mcts:1000000: 208 MB); agents\n"
    "                  and J that cannot fit in the machine's memory are refused\n"
    "  --records DIR   write each game's record to DIR/game-NNNNNN.yaml (from 1);\n"
    "                  one that is the rule file stops the match before it starts\n"
    "  --max-moves M   cut a game off after M moves (default 10000); a cut-off game\n"
    "                  scores as a draw and is reported as unfinished\n"
    "  --shard K/N     play only the K-th of N slices of the N games (add the --json\n"
    "                  results up with `tabula merge`)\n"
    "  --json          the result as JSON (docs/json.md)\n"
    "A progress line goes to stderr when it is a terminal; Ctrl-C stops the match and\n"
    "prints the summary of the games finished (exit 130).\n";

int cli_match(int argc, char **argv)
{
    cli_common common = { 0 };
    cli_run run;
    cli_run_defaults(&run, 100, CLI_RUN_N | CLI_RUN_SEED);
    const char *file = NULL, *spec[TB_MAX_PLAYERS] = { NULL }, *records = NULL;
    long max_moves = MATCH_MAX_MOVES_DEFAULT;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cli_match_help, stdout);
            return EXIT_OK;
        }
        const char *value;
        int which = -1;
        for (int s = 0; s < TB_MAX_PLAYERS && which < 0; s++) {
            char flag[8];
            snprintf(flag, sizeof flag, "--p%d", s + 1);
            if (cli_flag_value(argc, argv, &i, flag, &value)) which = s;
        }
        if (which >= 0) {
            if (!value || !*value) return cli_usage_error("match", "--p%d needs an agent", which + 1);
            spec[which] = value;
            continue;
        }
        if (cli_flag_value(argc, argv, &i, "--records", &value)) {
            if (!value || !*value) return cli_usage_error("match", "--records needs a directory");
            records = value;
            continue;
        }
        int r = max_moves_arg("match", argc, argv, &i, &max_moves);
        if (!r) r = cli_run_arg(&run, "match", argc, argv, &i);
        if (!r) r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("match", "unknown option `%s`", argv[i]);
        if (file) return cli_usage_error("match", "unexpected argument `%s`", argv[i]);
        file = argv[i];
    }
    if (!file) return cli_usage_error("match", "no rule file given");
    if (!spec[0] || !spec[1]) return cli_usage_error("match", "a match needs two agents: --p1 AGENT and --p2 AGENT");
    run_result res;
    memset(&res, 0, sizeof res);
    int given = 0; /* agents given: --p1 to --pGIVEN, or a gap */
    for (int s = 0; s < TB_MAX_PLAYERS; s++)
        if (spec[s]) given = s + 1;
    size_t memory = 0;
    for (int s = 0; s < given; s++) {
        if (!spec[s]) continue; /* refused below, once the players are known */
        char flag[16];
        snprintf(flag, sizeof flag, "--p%d", s + 1);
        int code = check_agent("match", flag, spec[s], res.match.agent[s], &memory);
        if (code >= 0) return code;
    }
    char agents[TB_MAX_PLAYERS * (AGENT_SPEC_MAX + 8)] = "";
    for (int s = 0; s < given; s++)
        if (spec[s]) {
            size_t at = strlen(agents);
            snprintf(agents + at, sizeof agents - at, "%s%s", at ? (s + 1 == given ? " and " : ", ") : "",
                     res.match.agent[s]);
        }
    int fit = check_agents_fit("match", run.jobs, memory, agents);
    if (fit >= 0) return fit;
    res.match.max_moves = max_moves;
    int code;
    ruleset *rs = load_rules(file, &common, &code);
    if (!rs) return code;
    int np = rs->nplayers;
    for (int s = 0; s < TB_MAX_PLAYERS; s++)
        if (s < np ? !spec[s] : spec[s] != NULL) {
            if (s < np) cli_usage_error("match", "%s has %d players: give --p1 to --p%d, one agent each (--p%d is missing)",
                                        rs->title, np, np, s + 1);
            else cli_usage_error("match", "%s has %d players: --p%d has no player to play (give --p1 to --p%d)",
                                 rs->title, np, s + 1, np);
            free(rs);
            return EXIT_USAGE;
        }
    char rule_path[PATH_MAX];
    if (!load_resolve(file, rule_path, sizeof rule_path)) snprintf(rule_path, sizeof rule_path, "%s", file);
    if (records) {
        cli_input inputs[CLI_MAX_INPUTS];
        int ninputs = cli_inputs_of_rules(rs, file, inputs, 0, CLI_MAX_INPUTS);
        long first, end;
        run_shard_range(run.n, run.shard_k, run.shard_n, &first, &end);
        if (!records_not_inputs(records, first, end, inputs, ninputs)) {
            free(rs);
            return EXIT_USAGE;
        }
    }
    run_opts o;
    cli_run_opts(&run, &o);
    o.records_dir = records;
    o.rule_path = rule_path;
    code = EXIT_USAGE;
    if (run_info_init(&res.info, RUN_MATCH, rs, file, run.seed, run.n, run.shard_k, run.shard_n) &&
        run_match(rs, &o, &res))
        code = cli_run_report(&res, common.json);
    run_result_free(&res);
    free(rs);
    return code;
}

/* ---- analyze --------------------------------------------------------------- */

const char *const cli_analyze_help =
    "usage: tabula analyze FILE [-n N] [--agent AGENT] [--svg DIR] [-j J] [--seed S]\n"
    "                      [--max-moves M] [--shard K/N] [--json] [--option NAME=VALUE]...\n\n"
    "Plays N games (default 1000) with AGENT (default random) on both sides and\n"
    "reports what the rules do: the share of each outcome with 95% Wilson intervals,\n"
    "the first player's advantage, which end condition ended how many games (and\n"
    "which declared the draws), the distribution of game lengths, the branching factor\n"
    "(mean legal moves) per ply, and rule coverage: how often each clause of the rule\n"
    "file fired. A move rule fires when it makes the move played, a promotion when it\n"
    "crowns a piece, a max-capture criterion when it takes candidates away, an end\n"
    "condition when it ends a game, an announcement when it is said; a clause an\n"
    "option switches off is shown as off. Every clause that never fired is a warning\n"
    "on stderr, FILE:LINE:COL: warning: ..., with its source line: a behaviour no\n"
    "syntax check can see. Moves made by no move rule (entering, bearing off,\n"
    "exchanges) are counted apart.\n\n"
    "With the random agent, game g is game g of `tabula playout` with the same seed.\n\n"
    "  --agent A       random (default), mcts[:BUDGET] or alphabeta[:BUDGET]\n"
    "  --svg DIR       also draw DIR/lengths.svg (the length histogram) and\n"
    "                  DIR/branching.svg (mean legal moves per ply)\n"
    "  --max-moves M   cut a game off after M moves (default 100000)\n"
    "  -j J, --seed S, --shard K/N, --json   as for `tabula playout`; each thread\n"
    "                  makes its own agent, and an agent and J that cannot fit in\n"
    "                  the machine's memory are refused, as by `tabula match`\n"
    "A progress line goes to stderr when it is a terminal; Ctrl-C stops the analysis\n"
    "and prints the summary of the games finished (exit 130).\n";

int cli_analyze(int argc, char **argv)
{
    cli_common common = { 0 };
    cli_run run;
    cli_run_defaults(&run, 1000, CLI_RUN_N | CLI_RUN_SEED);
    const char *file = NULL, *spec = "random", *svg = NULL;
    long max_moves = PLAYOUT_MAX_PLIES;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cli_analyze_help, stdout);
            return EXIT_OK;
        }
        const char *value;
        if (cli_flag_value(argc, argv, &i, "--agent", &value)) {
            if (!value || !*value) return cli_usage_error("analyze", "--agent needs an agent");
            spec = value;
            continue;
        }
        if (cli_flag_value(argc, argv, &i, "--svg", &value)) {
            if (!value || !*value) return cli_usage_error("analyze", "--svg needs a directory");
            svg = value;
            continue;
        }
        int r = max_moves_arg("analyze", argc, argv, &i, &max_moves);
        if (!r) r = cli_run_arg(&run, "analyze", argc, argv, &i);
        if (!r) r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("analyze", "unknown option `%s`", argv[i]);
        if (file) return cli_usage_error("analyze", "unexpected argument `%s`", argv[i]);
        file = argv[i];
    }
    if (!file) return cli_usage_error("analyze", "no rule file given");
    run_result res;
    memset(&res, 0, sizeof res);
    size_t memory = 0;
    int code = check_agent("analyze", "--agent", spec, res.analyze.agent, &memory);
    if (code >= 0) return code;
    if ((code = check_agents_fit("analyze", run.jobs, memory, res.analyze.agent)) >= 0) return code;
    ruleset *rs = load_rules(file, &common, &code);
    if (!rs) return code;
    if (svg) { /* the pictures' files, checked before the games are played */
        cli_input inputs[CLI_MAX_INPUTS];
        int ninputs = cli_inputs_of_rules(rs, file, inputs, 0, CLI_MAX_INPUTS);
        char path[PATH_MAX + 32];
        int ok = 1;
        for (int k = 0; k < 2 && ok; k++) {
            snprintf(path, sizeof path, "%s/%s", svg, k ? "branching.svg" : "lengths.svg");
            ok = cli_output_not_input("analyze", "--svg", path, inputs, ninputs);
        }
        if (!ok) {
            free(rs);
            return EXIT_USAGE;
        }
    }
    run_opts o;
    cli_run_opts(&run, &o);
    code = EXIT_USAGE;
    if (!analyze_result_alloc(&res.analyze, max_moves)) {
        cli_error("analyze", "out of memory");
    } else if (run_info_init(&res.info, RUN_ANALYZE, rs, file, run.seed, run.n, run.shard_k, run.shard_n) &&
               run_analyze(rs, &o, &res)) {
        code = cli_run_report(&res, common.json);
        if (svg && !report_svg(svg, &res)) code = EXIT_USAGE;
    }
    run_result_free(&res);
    free(rs);
    return code;
}

/* ---- diff ------------------------------------------------------------------ */

const char *const cli_diff_help =
    "usage: tabula diff A.game B.game [--depth D] [--nodes N] [--games G] [--max-moves M]\n"
    "                   [--seed S] [--json] [--option NAME=VALUE]... [--option-b NAME=VALUE]...\n\n"
    "Looks for the shortest sequence of moves from the start after which the two rule\n"
    "files disagree: their legal moves (as sets of notations) or their results differ.\n"
    "Every sequence of up to D moves (default 6) is compared first, shortest first,\n"
    "within N positions (default 200000); then G random games (default 2000) of at\n"
    "most M moves (default 1000) are played in step, keeping the shortest difference.\n"
    "Dice are rolled as in a scenario case, so the sequence replays in one.\n\n"
    "When the files differ, prints a scenario file (YAML, docs/scenarios.md) whose one\n"
    "case plays the sequence and expects A's legal moves and result: it passes with A\n"
    "(its `ruleset:`) and fails with B. Exit 1. When no difference is found, says how\n"
    "far the search went, and exits 0. --option applies to both files; --option-b to B\n"
    "alone, after them: `tabula diff GAME GAME --option-b NAME=VALUE` compares a\n"
    "game with itself under another value of one of its options. --json prints one document\n"
    "(docs/json.md): whether they differ, the moves, both sides' legal moves and\n"
    "results there, how far the search went, and the scenario file.\n";

/* A YAML double-quoted scalar. */
static void put_quoted(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void put_list(FILE *out, char (*items)[DIFF_TEXT_MAX], int n)
{
    fputc('[', out);
    for (int i = 0; i < n; i++) {
        if (i) fputs(", ", out);
        put_quoted(out, items[i]);
    }
    fputc(']', out);
}

/* The ruleset as a scenario names it: a bundled name as given, a file by
 * its absolute path (the case then runs from any directory). */
static void ruleset_name(const char *arg, char *buf, size_t size)
{
    size_t n = strlen(arg);
    int is_path = strchr(arg, '/') || (n > 5 && strcmp(arg + n - 5, ".game") == 0);
    char real[PATH_MAX];
    if (is_path && realpath(arg, real)) snprintf(buf, size, "%s", real);
    else snprintf(buf, size, "%s", arg);
}

static void print_case(FILE *out, const char *file_a, const char *file_b, const cli_common *common,
                       const cli_common *only_b, const diff_result *d)
{
    char a[PATH_MAX + 8], b[PATH_MAX + 8];
    ruleset_name(file_a, a, sizeof a);
    ruleset_name(file_b, b, sizeof b);
    fprintf(out, "# tabula diff: the rule files differ after %d move%s (found by %s).\n", d->nplay, d->nplay == 1 ? "" : "s",
           d->by_playout ? "a random game" : "the exhaustive search: no shorter sequence differs");
    fprintf(out, "# This case passes with A (the ruleset below) and fails with B:\n#   A: %s\n#   B: %s", a, b);
    for (int i = 0; i < only_b->nsettings; i++)
        fprintf(out, "%s%s=%s", i ? " " : " with ", only_b->settings[i].name, only_b->settings[i].value);
    fputc('\n', out);
    fprintf(out, "# B after %s: result %s, legal moves ", d->nplay == 1 ? "this move" : "these moves", d->result[1]);
    put_list(out, d->moves[1], d->nmoves[1]);
    fprintf(out, "\nruleset: ");
    put_quoted(out, a);
    fputc('\n', out);
    if (common->nsettings) {
        fprintf(out, "options: {");
        for (int i = 0; i < common->nsettings; i++) {
            fprintf(out, "%s%s: ", i ? ", " : "", common->settings[i].name);
            put_quoted(out, common->settings[i].value);
        }
        fprintf(out, "}\n");
    }
    if (d->nplay == 1) fprintf(out, "cases:\n  - name: \"diff: after 1 move the rule files disagree\"\n");
    else if (d->nplay) fprintf(out, "cases:\n  - name: \"diff: after these %d moves the rule files disagree\"\n", d->nplay);
    else fprintf(out, "cases:\n  - name: \"diff: the rule files disagree from the start\"\n");
    if (d->nplay) {
        fprintf(out, "    play: ");
        put_list(out, d->play, d->nplay);
        fputc('\n', out);
    }
    fprintf(out, "    expect:\n      result: ");
    put_quoted(out, d->result[0]);
    fprintf(out, "\n      moves: ");
    put_list(out, d->moves[0], d->nmoves[0]);
    fputc('\n', out);
}

static void json_moves(json_writer *w, const char *key, char (*items)[DIFF_TEXT_MAX], int n)
{
    json_array_open(w, key);
    for (int i = 0; i < n; i++) json_string(w, NULL, items[i]);
    json_array_close(w);
}

/* diff --json: what was found, how far the search went, and the case. */
static void diff_json(const char *const files[2], const cli_common *common, const cli_common *only_b, const diff_opts *o,
                      const diff_result *d)
{
    char *text = NULL;
    size_t len = 0;
    if (d->found) {
        FILE *mem = open_memstream(&text, &len);
        if (mem) {
            print_case(mem, files[0], files[1], common, only_b, d);
            fclose(mem);
        }
    }
    json_writer w;
    cli_json_begin(&w);
    json_object_open(&w, NULL);
    json_array_open(&w, "files");
    json_string(&w, NULL, files[0]);
    json_string(&w, NULL, files[1]);
    json_array_close(&w);
    json_bool(&w, "differ", d->found);
    json_string(&w, "found_by", !d->found ? NULL : d->by_playout ? "random game" : "exhaustive search");
    json_moves(&w, "play", d->play, d->found ? d->nplay : 0);
    json_array_open(&w, "results");
    for (int k = 0; k < 2; k++) json_string(&w, NULL, d->found ? d->result[k] : NULL);
    json_array_close(&w);
    json_array_open(&w, "legal_moves");
    for (int k = 0; k < 2; k++) json_moves(&w, NULL, d->moves[k], d->found ? d->nmoves[k] : 0);
    json_array_close(&w);
    json_object_open(&w, "searched");
    json_int(&w, "depth", d->depth_done);
    json_int(&w, "positions", d->nodes);
    json_int(&w, "games", d->games);
    json_int(&w, "max_moves", o->max_moves);
    json_object_close(&w);
    json_string(&w, "case", d->found ? (text ? text : "") : NULL);
    json_object_close(&w);
    json_end(&w);
    free(text);
}

int cli_diff(int argc, char **argv)
{
    cli_common common = { 0 }, only_b = { 0 }; /* only_b: --option-b, B's settings after the common ones */
    const char *files[2] = { NULL, NULL };
    diff_opts o = { 6, 200000, 2000, 1000, 1 };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cli_diff_help, stdout);
            return EXIT_OK;
        }
        static const struct { const char *flag; long max; long min; } limits[] = {
            { "--depth", 20, 0 }, { "--nodes", 1000000000L, 1 }, { "--games", RUN_MAX_GAMES, 0 },
            { "--max-moves", PLAYOUT_MAX_PLIES, 1 },
        };
        const char *value;
        if (cli_flag_value(argc, argv, &i, "--seed", &value)) {
            if (!cli_seed("diff", "--seed", value, &o.seed)) return EXIT_USAGE;
            continue;
        }
        int k = -1;
        for (int f = 0; f < 4 && k < 0; f++)
            if (cli_flag_value(argc, argv, &i, limits[f].flag, &value)) k = f;
        if (k >= 0) {
            long v;
            if (!cli_whole("diff", limits[k].flag, value, limits[k].min, limits[k].max, &v)) return EXIT_USAGE;
            if (k == 0) o.depth = (int)v;
            else if (k == 1) o.nodes = v;
            else if (k == 2) o.games = v;
            else o.max_moves = v;
            continue;
        }
        int r = cli_common_arg(&common, argc, argv, &i);
        if (r == 0) r = cli_option_arg(&only_b, "--option-b", argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("diff", "unknown option `%s`", argv[i]);
        if (files[1]) return cli_usage_error("diff", "unexpected argument `%s`", argv[i]);
        files[files[0] ? 1 : 0] = argv[i];
    }
    if (!files[1]) return cli_usage_error("diff", "needs two rule files");
    int code;
    ruleset *a = load_rules(files[0], &common, &code);
    if (!a) return code;
    cli_common common_b = common;
    for (int k = 0; k < only_b.nsettings; k++) {
        if (common_b.nsettings == CLI_MAX_SETTINGS) {
            free(a);
            return cli_usage_error("diff", "too many --option and --option-b arguments (at most %d)", CLI_MAX_SETTINGS);
        }
        common_b.settings[common_b.nsettings++] = only_b.settings[k];
    }
    ruleset *b = load_rules(files[1], &common_b, &code);
    if (!b) {
        free(a);
        return code;
    }
    diff_result d;
    code = EXIT_USAGE;
    if (!diff_search(a, b, &o, &d)) {
        cli_moves_error("diff", d.error);
    } else if (common.json) {
        diff_json(files, &common, &only_b, &o, &d);
        code = d.found ? EXIT_INVALID : EXIT_OK;
    } else if (d.found) {
        print_case(stdout, files[0], files[1], &common, &only_b, &d);
        code = EXIT_INVALID;
    } else {
        printf("no difference found between %s and %s: ", files[0], files[1]);
        if (d.depth_done >= 0) printf("every sequence of up to %d move%s (%ld positions)", d.depth_done,
                                      d.depth_done == 1 ? "" : "s", d.nodes);
        else printf("no sequence (the budget of %ld positions is too small)", o.nodes);
        printf(" and %ld random game%s of up to %ld move%s agree\n", d.games, d.games == 1 ? "" : "s", o.max_moves,
               o.max_moves == 1 ? "" : "s");
        code = EXIT_OK;
    }
    diff_result_free(&d);
    free(a);
    free(b);
    return code;
}

/* ---- merge ----------------------------------------------------------------- */

const char *const cli_merge_help =
    "usage: tabula merge RESULT.json... [--json]\n\n"
    "Adds up the JSON results (--json) of the shards of one run of playout, match,\n"
    "analyze or perft (--shard K/N), and prints the whole as that command would: a\n"
    "run split into N shards and merged prints what the unsplit run prints (times\n"
    "apart). Refused, as a located error in the file that differs (exit 1): results\n"
    "of another command, rule file (compared by the digest of its bytes), options,\n"
    "seed, number of games, number of shards, agents, depth or position, and a shard\n"
    "given twice. Missing shards are said in the summary. See docs/json.md and\n"
    "docs/analysis.md (GNU parallel and Slurm).\n";

int cli_merge(int argc, char **argv)
{
    int json = 0, n = 0;
    char **paths = calloc((size_t)argc, sizeof *paths);
    if (!paths) return cli_out_of_memory("merge");
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cli_merge_help, stdout);
            free(paths);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1]) {
            free(paths);
            return cli_usage_error("merge", "unknown option `%s`", argv[i]);
        }
        paths[n++] = argv[i];
    }
    if (n == 0) {
        free(paths);
        return cli_usage_error("merge", "no result files given");
    }
    diag_sink diags;
    diag_init(&diags, stderr);
    run_result r;
    int code = merge_files(paths, n, &r, &diags);
    if (code == 0) {
        if (json) report_json(cli_json_stream(), &r);
        else report_text(stdout, &r, stderr);
        int missing = 0;
        for (int k = 1; k <= r.info.shard_count; k++) missing += !r.info.shard_has[k];
        if (missing)
            fprintf(stderr, "tabula merge: note: %d of the %d shards are missing; the summary is of the others\n",
                    missing, r.info.shard_count);
    }
    run_result_free(&r);
    free(paths);
    return code;
}
