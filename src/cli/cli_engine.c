/* cli_engine.c - `tabula moves`, `tabula perft` and `tabula playout`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "io/json.h"
#include "io/position.h"
#include "engine/search.h"

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

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

const char *const cli_moves_help =
    "usage: tabula moves FILE [--position POS.yaml] [--all-paths] [--json] [--option NAME=VALUE]...\n\n"
    "Prints the legal moves of the start position (or of POS.yaml, a scenario's\n"
    "`position` mapping) one per line in the game's notation. Prints nothing when\n"
    "the game is over, and says so on stderr. Games with dice: a move is one die's\n"
    "sub-move, for the position's `dice:` (without them, dice rolled from seed 1).\n"
    "Capture chains that start and end on the same cells and take the same pieces\n"
    "are one move, listed by its smallest notation; --all-paths lists every path.\n"
    "--json prints the player to move, the dice, the moves and the result as one\n"
    "document (docs/json.md).\n";

int cli_moves(int argc, char **argv)
{
    cli_common common = { 0 };
    const char *file = NULL, *position = NULL;
    int all_paths = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) { fputs(cli_moves_help, stdout); return EXIT_OK; }
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
    if (common.json) {
        json_writer w;
        cli_json_begin(&w);
        json_object_open(&w, NULL);
        json_string(&w, "game", rs->title);
        json_int(&w, "to_move", st.h.to_move);
        json_array_open(&w, "dice");
        for (int d = 0; d < st.h.ndice; d++) json_int(&w, NULL, st.h.dice[d]);
        json_array_close(&w);
        json_array_open(&w, "moves");
        for (int i = 0; i < n; i++) {
            move_notation(rs, &moves[i], buf, sizeof buf);
            json_string(&w, NULL, buf);
        }
        json_array_close(&w);
        engine_result_text(&st, buf, sizeof buf);
        json_string(&w, "result", buf);
        json_object_close(&w);
        json_end(&w);
    } else {
        for (int i = 0; i < n; i++) {
            move_notation(rs, &moves[i], buf, sizeof buf);
            puts(buf);
        }
        if (n == 0) {
            engine_result_text(&st, buf, sizeof buf);
            fprintf(stderr, "the game is over: %s\n", buf);
        }
    }
    free(moves);
    free(rs);
    return EXIT_OK;
}

const char *const cli_perft_help =
    "usage: tabula perft FILE DEPTH [--position POS.yaml] [--all-paths] [--json] [--option NAME=VALUE]...\n\n"
    "Counts the move sequences of exactly D moves from the position, for D = 1..DEPTH,\n"
    "printing `perft D COUNT` per depth, then the time and nodes per second (--json:\n"
    "one document, docs/json.md). A sequence\n"
    "whose game ends before D moves is not counted. DEPTH is at most 20.\n"
    "Distinct moves are counted: capture chains that start and end on the same cells\n"
    "and take the same pieces (by different paths) are one move, the convention of\n"
    "published draughts perft counts. --all-paths counts every path instead.\n"
    "Games with dice: chance is not enumerated. A move is one die's sub-move, and D counts\n"
    "the sequences of D sub-moves within the current turn, played with the dice of the\n"
    "position (its `dice:` list; without one, the dice are rolled from seed 1). Where the\n"
    "turn ends (the dice are used up, or no die left can be played) the next roll is not\n"
    "enumerated: such a sequence shorter than D is not counted, like a game that ended.\n"
    "Two dice of the same value give one sub-move, counted once. See docs/engine.md.\n";

int cli_perft(int argc, char **argv)
{
    cli_common common = { 0 };
    const char *file = NULL, *position = NULL, *depth_arg = NULL;
    int all_paths = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) { fputs(cli_perft_help, stdout); return EXIT_OK; }
        if (strcmp(argv[i], "--all-paths") == 0) {
            all_paths = 1;
            continue;
        }
        if (strcmp(argv[i], "--position") == 0) {
            if (++i >= argc) return cli_usage_error("perft", "--position needs a file");
            position = argv[i];
            continue;
        }
        int r = cli_common_arg(&common, argc, argv, &i);
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
    move *buffers = malloc((size_t)depth * TB_MAX_MOVES * sizeof *buffers);
    if (!buffers) { free(rs); return EXIT_USAGE; }
    json_writer w;
    if (common.json) {
        cli_json_begin(&w);
        json_object_open(&w, NULL);
        json_string(&w, "game", rs->title);
        json_int(&w, "depth", depth);
        json_array_open(&w, "counts");
    }
    double start = now_seconds();
    uint64_t nodes = 0;
    for (int d = 1; d <= depth; d++) {
        uint64_t count = perft(rs, &st, d, buffers);
        nodes += count;
        if (common.json) json_uint(&w, NULL, (unsigned long long)count);
        else printf("perft %d %llu\n", d, (unsigned long long)count);
        fflush(stdout);
    }
    double secs = now_seconds() - start;
    double rate = secs > 0 ? (double)nodes / secs : 0;
    if (common.json) {
        json_array_close(&w);
        json_uint(&w, "nodes", (unsigned long long)nodes);
        json_double(&w, "seconds", secs);
        json_double(&w, "nodes_per_second", rate);
        json_object_close(&w);
        json_end(&w);
    } else {
        printf("time %.3f s, %.0f nodes/s\n", secs, rate);
    }
    free(buffers);
    free(rs);
    return EXIT_OK;
}

const char *const cli_playout_help =
    "usage: tabula playout FILE [-n N] [--seed S] [--json] [--option NAME=VALUE]...\n\n"
    "Plays N (default 1000) uniformly random games from the start position and reports\n"
    "the wins of each player (single and double wins apart), draws, the mean length in\n"
    "moves, and playouts per second (--json: one document, docs/json.md). The same\n"
    "seed gives the same games.\n";

int cli_playout(int argc, char **argv)
{
    cli_common common = { 0 };
    const char *file = NULL;
    long n = 1000, seed = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) { fputs(cli_playout_help, stdout); return EXIT_OK; }
        if (strcmp(argv[i], "-n") == 0 || strcmp(argv[i], "--seed") == 0) {
            int is_n = argv[i][1] == 'n';
            if (i + 1 >= argc) return cli_usage_error("playout", "%s needs a number", argv[i]);
            if (!cli_parse_count(argv[i + 1], is_n ? 1000000000L : 0x7fffffffffffffffL, is_n ? &n : &seed))
                return cli_usage_error("playout", "%s takes a whole number; got `%s`", argv[i], argv[i + 1]);
            i++;
            continue;
        }
        int r = cli_common_arg(&common, argc, argv, &i);
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
    move *buffer = malloc(TB_MAX_MOVES * sizeof *buffer);
    if (!buffer) { free(rs); return EXIT_USAGE; }
    playout_stats s;
    memset(&s, 0, sizeof s);
    double start = now_seconds();
    playout_many(rs, (uint64_t)seed, n, &s, buffer);
    double secs = now_seconds() - start;
    double rate = secs > 0 ? (double)s.games / secs : 0;
    double mean = s.games ? (double)s.moves / (double)s.games : 0;
    if (common.json) {
        json_writer w;
        cli_json_begin(&w);
        json_object_open(&w, NULL);
        json_string(&w, "game", rs->title);
        json_int(&w, "games", s.games);
        json_int(&w, "seed", seed);
        json_array_open(&w, "wins");
        json_int(&w, NULL, s.wins[0]);
        json_int(&w, NULL, s.wins[1]);
        json_array_close(&w);
        json_array_open(&w, "double_wins");
        json_int(&w, NULL, s.double_wins[0]);
        json_int(&w, NULL, s.double_wins[1]);
        json_array_close(&w);
        json_int(&w, "draws", s.draws);
        json_int(&w, "unfinished", s.unfinished);
        json_double(&w, "mean_length", mean);
        json_double(&w, "seconds", secs);
        json_double(&w, "playouts_per_second", rate);
        json_object_close(&w);
        json_end(&w);
    } else {
        printf("games:       %ld (seed %ld)\n", s.games, seed);
        printf("wins:        player 1 %ld, player 2 %ld\n", s.wins[0], s.wins[1]);
        if (s.double_wins[0] || s.double_wins[1])
            printf("double wins: player 1 %ld, player 2 %ld\n", s.double_wins[0], s.double_wins[1]);
        printf("draws:       %ld\n", s.draws);
        if (s.unfinished) printf("unfinished:  %ld (cut off at %d moves)\n", s.unfinished, PLAYOUT_MAX_PLIES);
        printf("mean length: %.1f moves\n", mean);
        printf("speed:       %.0f playouts/s (%.3f s)\n", rate, secs);
    }
    free(buffer);
    free(rs);
    return EXIT_OK;
}
