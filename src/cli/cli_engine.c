/* cli_engine.c - `tabula moves`, `tabula perft` and `tabula playout` (the
 * runs themselves are in src/analysis/, the flags they share in cli_runs.c). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/fen.h"
#include "io/gnubg_id.h"
#include "engine/search.h"
#include "engine/turns.h"
#include "io/written.h"

/* The seed of the dice `moves` and `perft` roll where the position has none
 * (the same as playout's default seed). */
#define CLI_DICE_SEED 1

/* Loads the rule file and the position (or the start position). */
static ruleset *load_game(const char *command, const char *file, const cli_position *position,
                          const cli_common *common, const cli_dice *dice, state *st, int *code)
{
    diag_sink diags;
    diag_init(&diags, stderr);
    ruleset *rs = cli_load(file, common, &diags, code);
    if (!rs) return NULL;
    if ((*code = cli_position_load(command, rs, position, &diags, st)) != EXIT_OK) {
        free(rs);
        return NULL;
    }
    engine_seed(rs, st, CLI_DICE_SEED); /* dice the position does not fix */
    if (!cli_set_dice(command, rs, st, dice)) {
        *code = EXIT_USAGE;
        free(rs);
        return NULL;
    }
    return rs;
}

const char *const cli_moves_help =
    "usage: tabula moves FILE [--position POS.yaml | --fen TEXT | --gnubg-id ID] [--turns] [--written]\n"
    "                         [--dice A,B] [--all-paths] [--full-path] [--json]\n"
    "                         [--show [--color[=WHEN]] [--ascii] [--width N]]\n"
    "                         [--option NAME=VALUE]...\n\n"
    "Prints the legal moves of the start position (or of POS.yaml, a scenario's\n"
    "`position` mapping) one per line in the game's notation, sorted by their first\n"
    "cell in the board's order (its numbers on a numbered board), then their last\n"
    "(--json keeps the engine's order, the library's indices). Prints nothing when\n"
    "the game is over, and says so on stderr. Games with dice: a move is one die's\n"
    "sub-move, for the position's `dice:` (without them, dice rolled from seed 1).\n"
    "When none of the dice can be played, nothing is printed and stderr says that\n"
    "the turn passes: a pass is not a move (see docs/engine.md). POS.yaml may be -\n"
    "for standard input.\n"
    "Capture chains that start and end on the same cells and take the same pieces\n"
    "are one move, listed by its smallest notation; --all-paths lists every path.\n\n"
    "  --turns      print whole turns instead: every legal sequence of moves of the\n"
    "               player to move (in a dice game, all the dice of the roll that the\n"
    "               rules let them play), moves separated by spaces, one turn a line;\n"
    "               turns that reach the same position are printed once (the first\n"
    "               found), as programs for tables games count plays\n"
    "  --written    track games: each move (with --turns, each turn) as the game's\n"
    "               players write it, `24/18 13/8`, `bar/22*`, `6/off`, `13/9(2)`,\n"
    "               in the mover's own numbering where the rule file says\n"
    "               `(point-numbers mover)` (docs/playing.md); with --json, in\n"
    "               `written` beside the die-by-die notation\n"
    "  --gnubg-id ID  the position of gnubg's POSITIONID or POSITIONID:MATCHID\n"
    "               (the player on roll and the dice from the match ID; without\n"
    "               it player 1, the dice rolled), instead of --position; for a\n"
    "               game on the board gnubg's IDs describe only (24 points, two\n"
    "               sides of 15 pieces running opposite ways, a bar)\n"
    "  --dice A,B   the roll of the turn under way, instead of the position's dice\n"
    "               (a double is played as the rule file says: with `doubles:4`,\n"
    "               6,6 is four sixes)\n"
    "  --show       draw the position first (the board and a line per player; on\n"
    "               a numbered board its FEN: `FEN W:W31-50:B1-20`, and for a game\n"
    "               gnubg's IDs describe `gnubg ID: POSITIONID:MATCHID`), then a\n"
    "               blank line, then the moves (or turns); with --json, the\n"
    "               drawing goes to stderr.\n"
    CLI_POSITION_HELP_FEN
    CLI_FULL_PATH_HELP
    "  --san        games whose pieces have letters: each move in algebraic notation\n"
    "               (Nf3, exd5, e8=Q+, O-O), in the order generated (docs/san.md)\n"
    "  --json       the player to move, the dice, the moves (and with --turns the\n"
    "               turns) and the result as one document (docs/json.md)\n"
    CLI_VIEW_HELP;

/* --turns: one line per turn, or one array of moves in the JSON document. */
typedef struct turn_printer {
    const ruleset *rs;
    json_writer *w; /* NULL: text */
    const move *legal; /* the position's moves: a turn's first move is shown among them */
    int nlegal;
    const state *st; /* --written: the position the turns start from; NULL: the engine's notation */
} turn_printer;

static void print_turn(void *ctx, const move *seq, int n)
{
    const turn_printer *t = ctx;
    char buf[256];
    if (t->st) {
        written_turn(t->rs, t->st->h.to_move, seq, n, buf, sizeof buf);
        if (t->w) json_string(t->w, NULL, buf);
        else puts(buf);
        return;
    }
    if (t->w) json_array_open(t->w, NULL);
    for (int i = 0; i < n; i++) {
        if (i == 0) move_display(t->rs, &seq[i], t->legal, t->nlegal, buf, sizeof buf);
        else move_notation(t->rs, &seq[i], buf, sizeof buf);
        if (t->w) json_string(t->w, NULL, buf);
        else printf("%s%s", i ? " " : "", buf);
    }
    if (t->w) json_array_close(t->w);
    else putchar('\n');
}

/* A move of the printed list, with what it is sorted by. */
typedef struct listed_move {
    int from, to, index;
} listed_move;

static int by_cells(const void *a, const void *b)
{
    const listed_move *x = a, *y = b;
    if (x->from != y->from) return x->from < y->from ? -1 : 1;
    if (x->to != y->to) return x->to < y->to ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Where cell C comes in the board's own order: its number on a board whose
 * cells are numbered, else its index (a1, b1, ... on a square board); a
 * place off the board (a bar, borne off) after every cell. */
static int cell_order(const ruleset *rs, int c)
{
    if (c < 0 || c >= rs->ncells) return INT_MAX;
    const char *name = rs->cell_name[c];
    if (!*name || strspn(name, "0123456789") != strlen(name) || strlen(name) > 6) return c;
    return atoi(name);
}

/* Prints the moves one a line, sorted by the board's own order of their
 * first cell, then of their last (the engine's order otherwise, so the list
 * is the same from one version to the next); the library and --json keep
 * the engine's order, whose indices they share. Returns 0 out of memory. */
static int print_sorted(const ruleset *rs, const state *written, const move *moves, int n)
{
    listed_move *l = malloc((size_t)(n > 0 ? n : 1) * sizeof *l);
    if (!l) return 0;
    for (int i = 0; i < n; i++)
        l[i] = (listed_move){ cell_order(rs, moves[i].from), cell_order(rs, moves[i].to), i };
    qsort(l, (size_t)n, sizeof *l, by_cells);
    char buf[1024];
    for (int i = 0; i < n; i++) {
        if (written) written_turn(rs, written->h.to_move, &moves[l[i].index], 1, buf, sizeof buf);
        else move_display(rs, &moves[l[i].index], moves, n, buf, sizeof buf);
        puts(buf);
    }
    free(l);
    return 1;
}

int cli_moves(int argc, char **argv)
{
    cli_common common = { 0 };
    cli_dice dice = { 0 };
    const char *file = NULL;
    cli_position position = { 0 };
    int turns = 0, written = 0;
    int all_paths = 0, show = 0, full_path = 0, san = 0;
    cli_view view = { 0 };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) { fputs(cli_moves_help, stdout); return EXIT_OK; }
        if (strcmp(argv[i], "--all-paths") == 0) {
            all_paths = 1;
            continue;
        }
        if (strcmp(argv[i], "--show") == 0) {
            show = 1;
            continue;
        }
        if (strcmp(argv[i], "--full-path") == 0) {
            full_path = 1;
            continue;
        }
        if (strcmp(argv[i], "--san") == 0) {
            san = 1;
            continue;
        }
        int v = cli_view_arg(&view, argc, argv, &i, "moves");
        if (v < 0) return EXIT_USAGE;
        if (v > 0) continue;
        int pos = cli_position_arg(&position, "moves", argc, argv, &i);
        if (pos < 0) return EXIT_USAGE;
        if (pos > 0) continue;
        if (strcmp(argv[i], "--turns") == 0) {
            turns = 1;
            continue;
        }
        if (strcmp(argv[i], "--written") == 0) {
            written = 1;
            continue;
        }
        if (strcmp(argv[i], "--dice") == 0) {
            const char *value = ++i < argc ? argv[i] : NULL;
            if (!cli_parse_dice("moves", value, &dice)) return EXIT_USAGE;
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
    ruleset *rs = load_game("moves", file, &position, &common, &dice, &st, &code);
    if (!rs) return code;
    if (san && !move_san_applies(rs)) {
        cli_usage_error("moves", "--san is for games whose pieces have letters (`(words (letters ...))`); %s has none",
                        rs->title);
        free(rs);
        return EXIT_USAGE;
    }
    if (written && !written_applies(rs)) {
        cli_usage_error("moves", "--written is for games on a track (moves as 8/5 6/5); %s writes its moves "
                        "one way, as `tabula moves` prints them", rs->title);
        free(rs);
        return EXIT_USAGE;
    }
    rs->keep_all_paths = all_paths;
    if (full_path) rs->capture_ends = 0;
    move_list list = MOVE_LIST_INIT;
    int pass = 0;
    int n = turns ? engine_legal(rs, &st, &list) : engine_moves_here(rs, &st, &list, &pass);
    if (list.error) { /* never a partial list */
        int error = list.error;
        move_list_free(&list);
        free(rs);
        return cli_moves_error("moves", error);
    }
    move *moves = list.m;
    if (show) {
        FILE *out = common.json ? stderr : stdout; /* stdout holds the document alone */
        cli_view_resolve(&view, common.json ? 2 : 1);
        vbuf board;
        vbuf_init(&board);
        if (!view_text(&board, rs, &st, NULL, &view.opts)) cli_error("moves", "out of memory drawing the board");
        fputs(vbuf_text(&board), out);
        char fen[FEN_TEXT_MAX];
        if (fen_write(rs, &st, fen, sizeof fen)) fprintf(out, "FEN %s\n", fen);
        if (!gnubg_id_unfit(rs)) { /* to paste into gnubg */
            char id[GNUBG_ID_TEXT_MAX];
            gnubg_id_write(rs, &st, id, sizeof id);
            fprintf(out, "gnubg ID: %s\n", id);
        }
        fputc('\n', out);
        vbuf_free(&board);
    }
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
            move_display(rs, &moves[i], moves, n, buf, sizeof buf);
            json_string(&w, NULL, buf);
        }
        json_array_close(&w);
        if (written) {
            json_array_open(&w, "written");
            for (int i = 0; i < n && !turns; i++) {
                written_turn(rs, st.h.to_move, &moves[i], 1, buf, sizeof buf);
                json_string(&w, NULL, buf);
            }
            turn_printer t = { rs, &w, moves, n, &st };
            long wrote = turns && n > 0 ? turns_list(rs, &st, print_turn, &t) : 0;
            json_array_close(&w);
            if (wrote < 0) { /* the document is left unfinished: the error says why */
                move_list_free(&list);
                free(rs);
                return cli_moves_error("moves", (int)-wrote);
            }
        }
        long listed = 0;
        if (turns) {
            turn_printer t = { rs, &w, moves, n, NULL };
            json_array_open(&w, "turns");
            listed = n > 0 ? turns_list(rs, &st, print_turn, &t) : 0;
            json_array_close(&w);
        } else {
            json_null(&w, "turns");
        }
        engine_result_text(&st, buf, sizeof buf);
        json_string(&w, "result", buf);
        json_object_close(&w);
        json_end(&w);
        move_list_free(&list);
        free(rs);
        return listed < 0 ? cli_moves_error("moves", (int)-listed) : EXIT_OK;
    }
    turn_printer text = { rs, NULL, moves, n, written ? &st : NULL };
    long listed = turns && n > 0 ? turns_list(rs, &st, print_turn, &text) : 0;
    if (listed < 0) {
        move_list_free(&list);
        free(rs);
        return cli_moves_error("moves", (int)-listed);
    }
    if (turns) {
        char result[32];
        engine_result_text(&st, result, sizeof result);
        if (st.h.status != STATUS_ONGOING) fprintf(stderr, "the game is over: %s\n", result);
        else if (n == 0) fprintf(stderr, "player %d cannot move: the turn passes\n", st.h.to_move);
        move_list_free(&list);
        free(rs);
        return EXIT_OK;
    }
    if (san) { /* each move in algebraic notation, check marks from the position after it */
        move_list replies = MOVE_LIST_INIT;
        for (int i = 0; i < n; i++) {
            state after = st;
            engine_apply(rs, &after, &moves[i], NULL);
            engine_moves(rs, &after, &replies); /* settles a mate, for `#` */
            move_san(rs, &moves[i], moves, n, &after, buf, sizeof buf);
            printf("%s\n", buf);
        }
        move_list_free(&replies);
        move_list_free(&list);
        free(rs);
        return EXIT_OK;
    }
    if (!print_sorted(rs, written ? &st : NULL, moves, n)) {
        move_list_free(&list);
        free(rs);
        cli_error("moves", "out of memory");
        return EXIT_USAGE;
    }
    if (pass) {
        fprintf(stderr, "player %d cannot play the dice", st.h.to_move);
        for (int d = 0; d < st.h.ndice; d++) fprintf(stderr, "%s%d", d ? ", " : " ", st.h.dice[d]);
        int again = rs->topology == TOPO_TRACK && st.h.ndice == 1 && (rs->track.extra_throw >> st.h.dice[0] & 1);
        fprintf(stderr, again ? ": no move, the player throws again\n" : ": no move, the turn passes\n");
    } else if (n == 0) {
        engine_result_text(&st, buf, sizeof buf);
        fprintf(stderr, "the game is over: %s\n", buf);
    }
    move_list_free(&list);
    free(rs);
    return EXIT_OK;
}

const char *const cli_perft_help =
    "usage: tabula perft FILE DEPTH [--position POS.yaml | --fen TEXT | --gnubg-id ID] [--dice A,B]\n"
    "                   [--all-paths] [--divide] [-j J] [--shard K/N] [--json] [--option NAME=VALUE]...\n\n"
    "Counts the move sequences of exactly D moves from the position, for D = 1..DEPTH,\n"
    "printing `perft D COUNT` per depth, then the time and nodes per second. A sequence\n"
    "whose game ends before D moves is not counted. DEPTH is at most 20.\n"
    "Distinct moves are counted: capture chains that start and end on the same cells\n"
    "and take the same pieces (by different paths) are one move, the convention of\n"
    "published perft counts of capture games. --all-paths counts every path instead.\n"
    "Games with dice: chance is not enumerated. A move is one die's sub-move, and D counts\n"
    "the sequences of D sub-moves within the current turn, played with the dice of the\n"
    "position (its `dice:` list; without one, the dice are rolled from seed 1). Where the\n"
    "turn ends (the dice are used up, or no die left can be played) the next roll is not\n"
    "enumerated: such a sequence shorter than D is not counted, like a game that ended.\n"
    "Two dice of the same value give one sub-move, counted once. `--dice A,B` fixes the\n"
    "roll of the turn (a double expanded as the game plays it). See docs/engine.md.\n\n"
    "  --fen TEXT    the position as FEN, on a numbered board (see moves --help)\n"
    "  --gnubg-id ID the position of gnubg's POSITIONID[:MATCHID], as\n"
    "                `tabula moves --gnubg-id` reads it\n"
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
    cli_dice dice = { 0 };
    const char *dice_arg = NULL;
    const char *file = NULL, *depth_arg = NULL;
    cli_position position = { 0 };
    int all_paths = 0, divide = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) { fputs(cli_perft_help, stdout); return EXIT_OK; }
        if (strcmp(argv[i], "--all-paths") == 0) {
            all_paths = 1;
            continue;
        }
        if (strcmp(argv[i], "--divide") == 0) {
            divide = 1;
            continue;
        }
        int pos = cli_position_arg(&position, "perft", argc, argv, &i);
        if (pos < 0) return EXIT_USAGE;
        if (pos > 0) continue;
        if (strcmp(argv[i], "--dice") == 0) {
            const char *value = ++i < argc ? argv[i] : NULL;
            if (!cli_parse_dice("perft", value, &dice)) return EXIT_USAGE;
            dice_arg = argv[i];
            continue;
        }
        int r = cli_run_arg(&run, "perft", argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        /* A negative number where the depth goes is a bad depth, not an option. */
        int negative = argv[i][0] == '-' && argv[i][1] >= '0' && argv[i][1] <= '9';
        if (argv[i][0] == '-' && argv[i][1] && !(negative && file && !depth_arg))
            return cli_usage_error("perft", "unknown option `%s`", argv[i]);
        if (!file) file = argv[i];
        else if (!depth_arg) depth_arg = argv[i];
        else return cli_usage_error("perft", "unexpected argument `%s`", argv[i]);
    }
    long depth;
    if (!file || !depth_arg) return cli_usage_error("perft", "needs a rule file and a depth");
    if (!cli_whole("perft", "DEPTH", depth_arg, 1, PERFT_MAX_DEPTH, &depth)) return EXIT_USAGE;
    state st;
    int code;
    ruleset *rs = load_game("perft", file, &position, &common, &dice, &st, &code);
    if (!rs) return code;
    rs->keep_all_paths = all_paths;
    run_result res;
    memset(&res, 0, sizeof res);
    res.perft.depth = (int)depth;
    res.perft.divide = divide;
    /* What fixes the position, for merge to compare: the file and the roll. */
    const char *where = position.path ? position.path : position.fen ? position.fen : position.gnubg_id;
    snprintf(res.perft.position, sizeof res.perft.position, "%s%s%s%s",
             position.fen ? "--fen " : position.gnubg_id ? "--gnubg-id " : "",
             where ? where : "", dice_arg ? (where ? " --dice " : "--dice ") : "", dice_arg ? dice_arg : "");
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

const char *const cli_playout_help =
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
        if (strcmp(argv[i], "--help") == 0) { fputs(cli_playout_help, stdout); return EXIT_OK; }
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
    ruleset *rs = load_game("playout", file, NULL, &common, NULL, &st, &code);
    if (!rs) return code;
    run_result res;
    memset(&res, 0, sizeof res);
    run_opts o;
    cli_run_opts(&run, &o);
    code = EXIT_USAGE;
    if (run_info_init(&res.info, RUN_PLAYOUT, rs, file, run.seed, run.n, run.shard_k, run.shard_n) &&
        run_playouts(rs, &o, &res))
        code = cli_run_report(&res, common.json);
    run_result_free(&res);
    free(rs);
    return code;
}
