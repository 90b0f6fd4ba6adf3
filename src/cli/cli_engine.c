/* cli_engine.c - `tabula moves`, `tabula perft` and `tabula playout` (the
 * runs themselves are in src/analysis/, the flags they share in cli_runs.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/position.h"
#include "engine/search.h"

/* The seed of the dice `moves` and `perft` roll where the position has none
 * (the same as playout's default seed). */
#define CLI_DICE_SEED 1

/* Loads the rule file and the position (or the start position). */
static ruleset *load_game(const char *file, const char *position_path,
                          const cli_common *common, state *st, int *code)
{
    diag_sink diags;
    diag_init(&diags, stderr);
    ruleset *rs = cli_load(file, common, &diags, code);
    if (!rs) return NULL;
    if (!position_path) {
        state_start(rs, st);
        engine_seed(rs, st, CLI_DICE_SEED);
        return rs;
    }
    int io = 0;
    if (!position_load_file(rs, position_path, &diags, st, &io)) {
        *code = io ? EXIT_USAGE : EXIT_INVALID;
        free(rs);
        return NULL;
    }
    engine_seed(rs, st, CLI_DICE_SEED); /* dice the position does not fix */
    return rs;
}

static const char *moves_help =
    "usage: tabula moves FILE [--position POS.yaml] [--all-paths] [--option NAME=VALUE]...\n\n"
    "Prints the legal moves of the start position (or of POS.yaml, a scenario's\n"
    "`position` mapping) one per line in the game's notation. Prints nothing when\n"
    "the game is over, and says so on stderr. Games with dice: a move is one die's\n"
    "sub-move, for the position's `dice:` (without them, dice rolled from seed 1).\n"
    "Capture chains that start and end on the same cells and take the same pieces\n"
    "are one move, listed by its smallest notation; --all-paths lists every path.\n";

int cli_moves(int argc, char **argv)
{
    cli_common common = { 0 };
    const char *file = NULL, *position = NULL;
    int all_paths = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) { fputs(moves_help, stdout); return EXIT_OK; }
        if (strcmp(argv[i], "--all-paths") == 0) {
            all_paths = 1;
            continue;
        }
        if (strcmp(argv[i], "--position") == 0) {
            if (++i >= argc) return cli_usage_error("moves", "--position needs a file");
            position = argv[i];
            continue;
        }
        int r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("moves", "unknown option `%s`", argv[i]);
        if (file) return cli_usage_error("moves", "unexpected argument `%s`", argv[i]);
        file = argv[i];
    }
    if (!file) return cli_usage_error("moves", "no rule file given");
    state st;
    int code;
    ruleset *rs = load_game(file, position, &common, &st, &code);
    if (!rs) return code;
    rs->keep_all_paths = all_paths;
    move *moves = malloc(TB_MAX_MOVES * sizeof *moves);
    if (!moves) { free(rs); return EXIT_USAGE; }
    int n = engine_moves(rs, &st, moves);
    char buf[256];
    for (int i = 0; i < n; i++) {
        move_notation(rs, &moves[i], buf, sizeof buf);
        puts(buf);
    }
    if (n == 0) {
        engine_result_text(&st, buf, sizeof buf);
        fprintf(stderr, "the game is over: %s\n", buf);
    }
    free(moves);
    free(rs);
    return EXIT_OK;
}

static const char *perft_help =
    "usage: tabula perft FILE DEPTH [--position POS.yaml] [--all-paths] [--divide] [-j J]\n"
    "                   [--shard K/N] [--json] [--option NAME=VALUE]...\n\n"
    "Counts the move sequences of exactly D moves from the position, for D = 1..DEPTH,\n"
    "printing `perft D COUNT` per depth, then the time and nodes per second. A sequence\n"
    "whose game ends before D moves is not counted. DEPTH is at most 20.\n"
    "Distinct moves are counted: capture chains that start and end on the same cells\n"
    "and take the same pieces (by different paths) are one move, the convention of\n"
    "published draughts perft counts. --all-paths counts every path instead.\n"
    "Games with dice: chance is not enumerated. A move is one die's sub-move, and D counts\n"
    "the sequences of D sub-moves within the current turn, played with the dice of the\n"
    "position (its `dice:` list; without one, the dice are rolled from seed 1). Where the\n"
    "turn ends (the dice are used up, or no die left can be played) the next roll is not\n"
    "enumerated: such a sequence shorter than D is not counted, like a game that ended.\n"
    "Two dice of the same value give one sub-move, counted once. See docs/engine.md.\n\n"
    "  --divide      also print each root move with its count at DEPTH (sorted by\n"
    "                notation), then only `perft DEPTH COUNT`\n"
    "  -j J          J threads (default 1), the root moves shared out; same counts\n"
    "  --shard K/N   count only the K-th of N slices of the root moves (add the\n"
    "                --json results up with `tabula merge`)\n"
    "  --json        the result as JSON (docs/json.md)\n"
    "A progress line goes to stderr when it is a terminal; Ctrl-C stops the count and\n"
    "prints the counts of the root moves finished (exit 130).\n";

int cli_perft(int argc, char **argv)
{
    cli_common common = { 0 };
    cli_run run;
    cli_run_defaults(&run, 0, 0); /* perft takes neither -n nor --seed */
    const char *file = NULL, *position = NULL, *depth_arg = NULL;
    int all_paths = 0, divide = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) { fputs(perft_help, stdout); return EXIT_OK; }
        if (strcmp(argv[i], "--all-paths") == 0) {
            all_paths = 1;
            continue;
        }
        if (strcmp(argv[i], "--divide") == 0) {
            divide = 1;
            continue;
        }
        if (strcmp(argv[i], "--position") == 0) {
            if (++i >= argc) return cli_usage_error("perft", "--position needs a file");
            position = argv[i];
            continue;
        }
        int r = cli_run_arg(&run, "perft", argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("perft", "unknown option `%s`", argv[i]);
        if (!file) file = argv[i];
        else if (!depth_arg) depth_arg = argv[i];
        else return cli_usage_error("perft", "unexpected argument `%s`", argv[i]);
    }
    long depth;
    if (!file || !depth_arg) return cli_usage_error("perft", "needs a rule file and a depth");
    if (!cli_parse_count(depth_arg, 20, &depth) || depth < 1)
        return cli_usage_error("perft", "the depth must be a whole number from 1 to 20; got `%s`", depth_arg);
    state st;
    int code;
    ruleset *rs = load_game(file, position, &common, &st, &code);
    if (!rs) return code;
    rs->keep_all_paths = all_paths;
    run_result res;
    memset(&res, 0, sizeof res);
    res.perft.depth = (int)depth;
    res.perft.divide = divide;
    snprintf(res.perft.position, sizeof res.perft.position, "%s", position ? position : "");
    run_opts o;
    cli_run_opts(&run, &o);
    code = EXIT_USAGE;
    if (run_info_init(&res.info, RUN_PERFT, rs, file, CLI_DICE_SEED, 0, run.shard_k, run.shard_n) &&
        run_perft(rs, &st, &o, &res))
        code = cli_run_report(&res, common.json);
    run_result_free(&res);
    free(rs);
    return code;
}

static const char *playout_help =
    "usage: tabula playout FILE [-n N] [--seed S] [-j J] [--shard K/N] [--json]\n"
    "                      [--option NAME=VALUE]...\n\n"
    "Plays N (default 1000) uniformly random games from the start position and reports\n"
    "the wins of each player (single, double and triple wins apart), draws, the mean\n"
    "length in moves, and playouts per second. Game g's moves and dice come from the\n"
    "seed and g alone: the same seed gives the same games, whatever J.\n\n"
    "  -j J          J threads (default 1)\n"
    "  --shard K/N   play only the K-th of N slices of the N games (add the --json\n"
    "                results up with `tabula merge`)\n"
    "  --json        the result as JSON (docs/json.md)\n"
    "A progress line goes to stderr when it is a terminal; Ctrl-C stops the run and\n"
    "prints the summary of the games finished (exit 130).\n";

int cli_playout(int argc, char **argv)
{
    cli_common common = { 0 };
    cli_run run;
    cli_run_defaults(&run, 1000, CLI_RUN_N | CLI_RUN_SEED);
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) { fputs(playout_help, stdout); return EXIT_OK; }
        int r = cli_run_arg(&run, "playout", argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("playout", "unknown option `%s`", argv[i]);
        if (file) return cli_usage_error("playout", "unexpected argument `%s`", argv[i]);
        file = argv[i];
    }
    if (!file) return cli_usage_error("playout", "no rule file given");
    state st;
    int code;
    ruleset *rs = load_game(file, NULL, &common, &st, &code);
    if (!rs) return code;
    run_result res;
    memset(&res, 0, sizeof res);
    run_opts o;
    cli_run_opts(&run, &o);
    code = EXIT_USAGE;
    if (run_info_init(&res.info, RUN_PLAYOUT, rs, file, (uint64_t)run.seed, run.n, run.shard_k, run.shard_n) &&
        run_playouts(rs, &o, &res))
        code = cli_run_report(&res, common.json);
    run_result_free(&res);
    free(rs);
    return code;
}
