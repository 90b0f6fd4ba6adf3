/* cli_play.c - `tabula play`: a game between humans and agents, drawn and
 * recorded after every move. The human's turn is in cli_human.c, `tabula
 * replay` (which loads a session the same way) in cli_replay.c. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli_session.h"
#include "io/written.h"
#include "analysis/run.h"
#include "engine/search.h"
#include "io/atomic.h"
#include "io/fen.h"

#define HINT_DEFAULT "mcts:2000" /* the agent `hint` asks when no player is an AI */

const char *const cli_play_help =
    "usage: tabula play FILE [--p1 AGENT] [--p2 AGENT] [--seed S] [--dice A,B] [--record OUT.yaml]\n"
    "                        [--time SECONDS] [--hint AGENT] [--color[=WHEN]] [--ascii]\n"
    "                        [--width N] [--max-moves M] [--match-to N] [--option NAME=VALUE]... [--quiet]\n"
    "                        [--full-path] [--json] [--position POS.yaml | --fen TEXT | --gnubg-id ID]\n"
    "       tabula play [FILE] --resume RECORD.yaml [--record OUT.yaml] [--p1 AGENT] [--p2 AGENT]\n\n"
    "Plays a game of FILE (a rule file, or a bundled game's name or other name, as\n"
    "an alias a rule file gives; without FILE, the bundled games are listed) from its start\n"
    "position. Each move is printed as `N. player P: MOVE` in the game's notation (in a\n"
    "game without dice, player 2's reply shares the number: `N... player 2: MOVE`),\n"
    "followed by the board with the move marked (unless --quiet). At the end, a line\n"
    "says who won, in the game's own words (its `words`), and why, with the place of the deciding end condition in the rule\n"
    "file; the last line is the result: `result: win 1`, `result: double-win 2`,\n"
    "`result: triple-win 1`, `result: draw`.\n\n"
    "Agents (--p1 for player 1, who moves first; --p2 for player 2; in a race of more\n"
    "players --p3 and --p4, random by default; alphabeta refuses more than two):\n"
    "  human              moves typed on standard input (the default for player 1)\n"
    "  random             a uniformly random legal move (the default for player 2)\n"
    "  mcts[:ITERATIONS]  Monte Carlo tree search (UCT, random playouts); default 1000,\n"
    "                     at most 1000000 iterations per move\n"
    "  alphabeta[:DEPTH]  alpha-beta search on material and results; default depth 4,\n"
    "                     at most 12\n"
    "  A budget may also be written KEY=VALUE: mcts:iterations=2000, mcts:time=0.5s,\n"
    "  alphabeta:depth=6, alphabeta:depth=8,time=2s (a time per move, as --time gives).\n"
    "While an agent thinks, a status line on the terminal shows its iterations or depth,\n"
    "its best move so far and that move's value.\n\n"
    "A human types one move per line: the notation (c3-d4, c3xe5xg7) in any case, or\n"
    "any shorter form that fits one legal move only: its start or its destination\n"
    "alone (c3, d4), a prefix (c3-d), the two ends of a capture chain (c3xg7), a capture\n"
    "written by another path of the same move. On a numbered board a square may be\n"
    "typed by its column and row too (b4-a5 for 31-26); places may be typed without a\n"
    "separator (c3d4, 3126), and a hit's trailing * (13-7*) is ignored. On a track,\n"
    "a whole turn or its beginning may be typed as players write it (24/18 13/8,\n"
    "bar/22*, 6/off, 13/9(2); in the mover's own numbering where the game says so:\n"
    "docs/playing.md). A move that is not legal is refused with the reason `tabula\n"
    "why` gives (the rule that took it away: a pinned piece, a check not answered,\n"
    "a condition of castling, ...) and the nearest legal moves, an ambiguous one\n"
    "with the moves it could be; either is asked again. Commands:\n"
    "  moves    list the legal moves         board   show the board again\n"
    "  hint     the AI's choice here         undo    take back your last move\n"
    "  resign   give up: the other player wins; with more than two, the player\n"
    "           is out and the others play on, the last one in winning\n"
    "  save F   write the game record to F   help    explain the input\n"
    "  quit     stop the game (the record keeps it)\n"
    "In a game with a doubling cube (its rules' `doubling-cube`), a human who may\n"
    "double is asked before each roll: `roll`, or `double` to offer twice the\n"
    "stakes; a human doubled answers `take` (the cube is then theirs), `drop` (the\n"
    "game is lost at the stakes before the double) or, where the rules allow\n"
    "beavers, `beaver`. The agents decide from random playouts (docs/playing.md).\n"
    "A game's points are its result times the cube.\n"
    "On a terminal (when built with libedit), lines can be edited, Up and Down go\n"
    "through what was typed, and Tab completes the legal moves and the commands.\n"
    "Standard input may be a pipe: moves are then read line by line, without\n"
    "prompts. When input ends while a human is to move, play stops with exit 2;\n"
    "the record holds the game so far. So it does when the input is not lines of\n"
    "text (64 KiB without a line end) or, from a pipe or a file, 1000 lines in a row\n"
    "bring no legal move (commands, undo and blank lines count too); a line holding\n"
    "a NUL byte is refused alone.\n\n"
    "Options:\n"
    "  --seed S          seed of the game's random generator (agents, dice), from 0\n"
    "                    to 2^64-1; the same seed and agents give the same game.\n"
    "                    Default: from the clock, printed in the first line and\n"
    "                    stored in the record.\n"
    "  --dice A,B        the first roll of the game (games with dice), instead of\n"
    "                    rolling it; later rolls come from the seed.\n"
    "  --record OUT      write the game record (YAML, see docs/records.md): whole and\n"
    "                    atomically at the start and the end, a line appended after\n"
    "                    every move, so an interrupted game is never lost. OUT must\n"
    "                    be a regular file (or a new one): a FIFO, a device or a\n"
    "                    directory is refused and left alone, and so is the rule\n"
    "                    file (or a base it extends), by any path or link.\n"
    "  --position POS.yaml, --fen TEXT, --gnubg-id ID\n"
    "                    start from this position instead of the rules' start (a\n"
    "                    scenario's `position` mapping, the game's FEN, a gnubg\n"
    "                    position ID): the record keeps it as `start:` in the\n"
    "                    game's FEN (or gnubg ID), so that the game replays.\n"
    "  --resume RECORD   continue the game in RECORD: its moves are checked and\n"
    "                    replayed, then play goes on with its agents (--p1/--p2\n"
    "                    override them) and its seed, writing to RECORD (or OUT).\n"
    "                    FILE may be left out: the record names its rule file.\n"
    "  --time SECONDS    a time budget per move for the agents that search (mcts,\n"
    "                    alphabeta), from 1ms to 3600s: 2, 0.5, 0.5s or 200ms; their\n"
    "                    iterations or depth stay the upper bound.\n"
    "                    With a budget, games depend on the machine's speed.\n"
    "  --max-moves M     cut the game off after M moves (passed turns not counted), a\n"
    "                    draw, as `match` does (default 10000, at most 100000); the\n"
    "                    record says so (`cut-off: M`).\n"
    "  --match-to N      play a match to N points (1 to 255; rules with a doubling\n"
    "                    cube): game after game, the score kept, no doubling in the\n"
    "                    Crawford game; game K's record is OUT-K.yaml (K > 1).\n"
    "  --hint AGENT      the agent `hint` asks (default: the opponent's agent when it\n"
    "                    searches, else " HINT_DEFAULT ").\n"
    "  --option N=V      set a ruleset option (repeatable).\n"
    "  --quiet           do not print the board.\n"
    "  --full-path       show a capture chain by every cell it lands on, even where\n"
    "                    the rule file writes captures by their two ends (the record\n"
    "                    holds the whole path either way; both are typed).\n"
    "  --json            print the game as one document at the end (docs/json.md);\n"
    "                    what is printed as the game goes (and a human's prompts)\n"
    "                    goes to stderr instead.\n"
    CLI_VIEW_HELP "\n"
    "Exit status: 0 when the game ends (or a human quits or resigns), 1 for an invalid\n"
    "rule file or record, 2 for a usage or I/O error, or input ending while a human\n"
    "is to move.\n";

/* ---- drawing ----------------------------------------------------------------- */

/* ---- the agents' status line --------------------------------------------------- */

/* ---- play ---------------------------------------------------------------- */


static int parse_play_args(int argc, char **argv, play_args *a)
{
    static const char *const names[] = { "--p1", "--p2", "--seed", "--record", "--resume", "--time", "--hint",
                                         "--dice", "--max-moves", "--match-to", "--p3", "--p4" };
    enum { NNAMES = sizeof names / sizeof names[0] };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cli_play_help, stdout);
            return -1;
        }
        if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0) {
            a->quiet = 1;
            continue;
        }
        if (strcmp(argv[i], "--full-path") == 0) {
            a->full_path = 1;
            continue;
        }
        int got = cli_position_arg(&a->start, "play", argc, argv, &i);
        if (got < 0) return EXIT_USAGE;
        if (got) continue;
        int v = cli_view_arg(&a->view, argc, argv, &i, "play");
        if (v < 0) return EXIT_USAGE;
        if (v > 0) continue;
        const char *value = NULL;
        int which = -1;
        for (int k = 0; k < NNAMES && which < 0; k++)
            if (cli_flag_value(argc, argv, &i, names[k], &value)) which = k;
        if (which >= 0) {
            int number = which == 2 || which == 5 || which == 7; /* --seed, --time, --dice: their own messages */
            if (!number && (!value || !*value)) return cli_usage_error("play", "%s needs a value", names[which]);
            switch (which) {
            case 0: case 1: a->spec[which] = value; break;
            case 10: case 11: a->spec[which - 8] = value; break;
            case 2:
                if (!cli_seed("play", "--seed", value, &a->seed)) return EXIT_USAGE;
                a->has_seed = 1;
                break;
            case 3: a->record_path = value; break;
            case 4: a->resume_path = value; break;
            case 5:
                /* the bounds of an agent's own `time=` budget */
                if (!cli_duration("play", "--time", value, AGENT_TIME_MIN, AGENT_TIME_MAX, &a->time_limit))
                    return EXIT_USAGE;
                break;
            case 6: a->hint_spec = value; break;
            case 8:
                if (!cli_whole("play", "--max-moves", value, 1, PLAYOUT_MAX_PLIES, &a->max_moves)) return EXIT_USAGE;
                break;
            case 9:
                if (!cli_whole("play", "--match-to", value, 1, CUBE_MATCH_MAX, &a->match_to)) return EXIT_USAGE;
                break;
            default:
                if (!cli_parse_dice("play", value, &a->dice)) return EXIT_USAGE;
                break;
            }
            continue;
        }
        int r = cli_common_arg(&a->common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("play", "unknown option `%s`", argv[i]);
        if (a->file) return cli_usage_error("play", "unexpected argument `%s`", argv[i]);
        a->file = argv[i];
    }
    if (!a->file && !a->resume_path) {
        cli_error("play", "no game given: name a rule file, or one of the bundled games:");
        if (cli_output_format() == CLI_DIAG_TEXT) load_print_games(stderr);
        return EXIT_USAGE;
    }
    if ((a->record_path && strcmp(a->record_path, "-") == 0) || (a->resume_path && strcmp(a->resume_path, "-") == 0))
        return cli_usage_error("play", "%s needs a file: the record is rewritten after every move, not written to "
                               "standard output", a->record_path && strcmp(a->record_path, "-") == 0 ? "--record"
                                                                                                      : "--resume");
    if (a->resume_path && a->has_seed)
        return cli_usage_error("play", "--seed cannot be combined with --resume: the game goes on with the "
                                       "record's seed");
    if (a->resume_path && a->match_to)
        return cli_usage_error("play", "--match-to cannot be combined with --resume: a record of a match's game "
                                       "says the match");
    if (a->resume_path && (a->start.path || a->start.fen || a->start.gnubg_id))
        return cli_usage_error("play", "%s cannot be combined with --resume: the record says where its game started",
                               a->start.path ? "--position" : a->start.fen ? "--fen" : "--gnubg-id");
    if (a->resume_path && a->dice.n)
        return cli_usage_error("play", "--dice cannot be combined with --resume: it fixes the first roll of a new game");
    if (a->hint_spec) {
        char err[256];
        agent *h = agent_create(a->hint_spec, err, sizeof err);
        if (!h) return cli_usage_error("play", "--hint: %s", err);
        agent_free(h);
    }
    return 0;
}

/* Adds the move just recorded to the record on disk: one line appended. */
static int session_append(session *s)
{
    if (!s->out_path) return 1;
    char err[4400];
    if (record_log_append(&s->log, &s->rec, s->out_path, err, sizeof err)) return 1;
    cli_error("play", "%s", err);
    return 0;
}

static void print_agent_stats(const session *s)
{
    for (int p = 0; p < s->rs->nplayers; p++) {
        agent_kind k = agent_get_kind(s->agents[p]);
        if (k == AGENT_HUMAN || !s->decisions[p]) continue;
        printf("player %d %s: %ld move%s in %.3f s", p + 1, agent_spec(s->agents[p]), s->decisions[p],
               s->decisions[p] == 1 ? "" : "s", s->seconds[p]);
        if ((k == AGENT_MCTS || k == AGENT_ALPHABETA) && s->seconds[p] > 0)
            printf(", %.0f %s/s", (double)s->work[p] / s->seconds[p], k == AGENT_MCTS ? "iterations" : "nodes");
        putchar('\n');
    }
}

/* Where the game stopped early: what the record holds and how to go on. */
static void say_kept(const session *s, char *buf, size_t size)
{
    if (s->out_path)
        snprintf(buf, size, "the record %s holds the game so far (%d move%s); continue it with "
                            "`tabula play --resume %s`", s->out_path, s->rec.nmoves, s->rec.nmoves == 1 ? "" : "s",
                 s->out_path);
    else
        snprintf(buf, size, "no record was kept (--record FILE keeps one)");
}

/* Records and saves one entry. */
static int push_entry(session *s, const state *st, const char *text, const uint8_t *dice, int ndice, int announced)
{
    if (!record_push(&s->rec, text, dice, ndice)) {
        cli_error("play", "out of memory");
        return 0;
    }
    s->rec.moves[s->rec.nmoves - 1].announced = (uint8_t)announced;
    engine_result_text(st, s->rec.result, sizeof s->rec.result);
    return session_append(s);
}

static void print_dice(const ruleset *rs, const uint8_t *dice, int n)
{
    char text[64];
    session_roll_text(rs, dice, n, text, sizeof text);
    printf(" %s", text);
}

/* Keeps the decision point before a move (for `undo`). */
static int push_snapshot(session *s, const state *st, const record_turn *turn, int human)
{
    if (s->nundo == s->undo_cap) {
        int cap = s->undo_cap ? 2 * s->undo_cap : 16;
        snapshot *u = realloc(s->undo, (size_t)cap * sizeof *u);
        if (!u) return 0;
        s->undo = u;
        s->undo_cap = cap;
    }
    snapshot *sn = &s->undo[s->nundo++];
    sn->st = *st;
    sn->turn = *turn;
    sn->nmoves = s->rec.nmoves;
    sn->mark = s->mark;
    sn->human = human;
    return 1;
}

/* `undo`: back to the last decision a human made (the agents' replies after
 * it are taken back too). Returns 0 when there is none. */
static int undo_to_human(session *s, state *st, record_turn *turn)
{
    int k = s->nundo - 1;
    while (k >= 0 && !s->undo[k].human) k--;
    if (k < 0) return 0;
    const snapshot *sn = &s->undo[k];
    int taken = s->rec.nmoves - sn->nmoves;
    *st = sn->st;
    *turn = sn->turn;
    s->mark = sn->mark;
    s->rec.nmoves = sn->nmoves;
    s->played = record_moves_played(&s->rec);
    engine_result_text(st, s->rec.result, sizeof s->rec.result);
    s->nundo = k;
    printf("took back %d move%s: player %d to move again\n", taken, taken == 1 ? "" : "s", st->h.to_move);
    return 1;
}

/* The closing lines: the agents' speed, why the game ended, the result. */
static void print_end(session *s, const state *st)
{
    char reason[512];
    s->out = st->h.out;
    if (s->rec.cut_off) session_cut_off_reason(s->rec.cut_off, reason, sizeof reason);
    else if (s->cube && s->cube->dropped) session_cube_reason(s->cube, reason, sizeof reason);
    else {
        int resigned = s->resigned ? s->resigned : record_ending_resign(&s->rec); /* among more than two: the last out */
        view_result_reason(s->rs, st, resigned, reason, sizeof reason);
    }
    if (!s->quiet) print_agent_stats(s);
    if (reason[0]) printf("%s\n", reason);
    int plain = s->resigned || (s->cube && s->cube->dropped) || !st->h.score ? 1 : st->h.score; /* without a cube */
    if (s->cube && s->rec.points && (s->match.to || s->cube->value > 1 || s->rec.points != plain))
        printf("player %s scores %d point%s (cube %d)\n", strchr(s->rec.result, ' ') + 1, s->rec.points,
               s->rec.points == 1 ? "" : "s", s->cube->value);
    printf("result: %s\n", s->rec.result);
}

/* A human's turn (or cube question) ended without a move: K is quit, end
 * of input, garbage or a resignation (of s->resigned, else of P). Returns
 * the exit code, or -1 when K is none of these. */
static int human_stop(session *s, const state *st, int k, int p)
{
    s->out = st->h.out;
    if (k == HUMAN_QUIT) {
        char kept[9000];
        say_kept(s, kept, sizeof kept);
        printf("stopped by player %d after %d move%s\n%s\n", p, s->rec.nmoves, s->rec.nmoves == 1 ? "" : "s", kept);
        s->stopped = 1;
        return EXIT_OK;
    }
    if (k == HUMAN_EOF || k == HUMAN_GARBAGE) {
        char kept[9000];
        say_kept(s, kept, sizeof kept);
        cli_error("play", "%s while player %d (human) was to move; %s",
                  k == HUMAN_EOF ? "end of input" : "no moves in the input", p, kept);
        s->stopped = 1;
        return EXIT_USAGE;
    }
    if (k == HUMAN_RESIGN) {
        int who = s->resigned ? s->resigned : p;
        s->resigned = who;
        s->rec.resigned = who;
        snprintf(s->rec.result, sizeof s->rec.result, "win %d", tb_opponent(who));
        record_set_result(&s->rec, s->rs, st, s->cube);
        printf("player %d resigns\n", who);
        if (!session_save(s)) return EXIT_USAGE;
        print_end(s, st);
        return EXIT_OK;
    }
    return -1;
}

/* A resignation among more than two players: P (with partners, the team)
 * is out, the resignation an entry of the record, and the game goes on
 * without them, or ends when one side is left. Returns 0 when the record
 * could not be kept (said). */
static int resign_out(session *s, state *st, int p)
{
    char text[256];
    engine_resign(s->rs, st, p);
    view_resign_text(s->rs, st, p, text, sizeof text);
    printf("%s\n", text);
    if (!record_push_resign(&s->rec, p)) {
        cli_error("play", "out of memory");
        return 0;
    }
    engine_result_text(st, s->rec.result, sizeof s->rec.result);
    if (!session_append(s)) return 0;
    if (st->h.status == STATUS_ONGOING) session_show(s, st);
    return 1;
}

/* `undo`: back to the human's last decision (saved and shown), or "nothing
 * to undo". Returns 0 when the record could not be saved (said). */
static int undo_and_show(session *s, state *st, record_turn *turn)
{
    if (!undo_to_human(s, st, turn)) {
        printf("nothing to undo\n");
        return 1;
    }
    if (!session_save(s)) return 0;
    session_show(s, st);
    return 1;
}

/* The moves until the game ends, a human quits or resigns, or input ends.
 * TURN: where the turn stands (a dice game's roll), from the start or a replay. */
static int play_loop(session *s, state *st, record_turn *turn)
{
    const ruleset *rs = s->rs;
    for (;;) {
        long rolls = turn->rolls;
        int n = record_settle(rs, st, &s->legal, turn);
        if (s->legal.error) return cli_moves_error("play", s->legal.error);
        int p = st->h.to_move;
        if (n == 0) break;
        if (s->played >= s->max_moves) { /* a game that may never end: a draw, as match counts it */
            s->rec.cut_off = (int)s->played; /* a resumed game may have gone past a smaller --max-moves */
            break;
        }
        if (s->cube && (turn->cube.offered || record_cube_point(st, turn))) {
            int c = session_cube_turn(s, st, turn);
            if (c == CUBE_TURN_FAILED) return cli_moves_error("play", s->cube_buffer.error);
            if (c == HUMAN_UNDO) { /* back to the human's last move: the cube's actions since are taken back too */
                if (!undo_and_show(s, st, turn)) return EXIT_USAGE;
                continue;
            }
            int asked = turn->cube.offered ? tb_opponent(turn->cube.offered) : p; /* a double awaits its answer */
            int stop = c < 0 ? human_stop(s, st, c, asked) : -1;
            if (stop >= 0) return stop;
            if (c == 1) { /* dropped: the doubler wins the stakes before the double */
                record_set_result(&s->rec, rs, st, s->cube);
                if (!session_save(s)) return EXIT_USAGE;
                print_end(s, st);
                return EXIT_OK;
            }
        }
        if (n < 0) {
            /* A fresh roll none of whose dice can be played: the turn is lost. */
            uint8_t lost[RECORD_MAX_DICE];
            int nd = st->h.ndice < RECORD_MAX_DICE ? st->h.ndice : RECORD_MAX_DICE;
            memcpy(lost, st->h.dice, (size_t)nd);
            printf("player %d rolls", p);
            print_dice(rs, lost, nd);
            printf(" and cannot move: the turn passes\n");
            record_pass(rs, st, turn);
            if (!push_entry(s, st, RECORD_PASS, lost, nd, 0)) return EXIT_USAGE;
            continue;
        }
        if (turn->rolls != rolls) { /* with --quiet too: the roll belongs to the list of moves */
            printf("player %d rolls", p);
            print_dice(rs, turn->roll, turn->nroll);
            putchar('\n');
        }
        rng r;
        agent_ply_rng(&r, s->seed, (uint32_t)s->rec.nmoves); /* a resumed game goes on as it would have */
        agent *a = s->agents[p - 1];
        int human = agent_get_kind(a) == AGENT_HUMAN;
        record_turn before = *turn;
        state at = *st;
        int k;
        char summary[160] = "";
        if (human) {
            k = human_turn(s, st, n);
            if (k == HUMAN_UNDO) {
                if (!undo_and_show(s, st, turn)) return EXIT_USAGE;
                continue;
            }
            if (k == HUMAN_RESIGN && rs->nplayers > 2) { /* out: the others play on (undo takes it back) */
                if (!push_snapshot(s, &at, &before, human)) {
                    cli_error("play", "out of memory");
                    return EXIT_USAGE;
                }
                if (!resign_out(s, st, p)) return EXIT_USAGE;
                continue;
            }
            int stop = human_stop(s, st, k, p);
            if (stop >= 0) return stop;
        } else {
            char who[64];
            snprintf(who, sizeof who, "player %d (%s)", p, agent_spec(a));
            k = session_think(s, a, st, n, &r, who);
            const agent_stats *as = agent_last_stats(a);
            if (k == AGENT_FAILED) return cli_moves_error("play", as->error);
            s->seconds[p - 1] += as->seconds;
            s->work[p - 1] += as->work;
            s->decisions[p - 1]++;
            if (isatty(1) && n == 1) {
                snprintf(summary, sizeof summary, "   (the only move)");
            } else if (isatty(1) && (agent_get_kind(a) == AGENT_MCTS || agent_get_kind(a) == AGENT_ALPHABETA)) {
                char value[48];
                session_value_text(as->value_kind, as->value, value, sizeof value);
                if (agent_get_kind(a) == AGENT_MCTS)
                    snprintf(summary, sizeof summary, "   (%lld iterations in %.2f s, %s)", as->work, as->seconds, value);
                else
                    snprintf(summary, sizeof summary, "   (depth %d, %lld nodes in %.2f s, %s)", as->depth, as->work,
                             as->seconds, value);
            }
        }
        /* Only a human's decisions are kept: `undo` goes back to one (an
         * agent's move is taken back with it), and a long game of agents
         * keeps a few dozen bytes per move, its record. */
        if (human && !push_snapshot(s, &at, &before, human)) {
            cli_error("play", "out of memory");
            return EXIT_USAGE;
        }
        char text[RECORD_TEXT_MAX * 2];
        move_notation(rs, &s->legal.m[k], text, sizeof text);
        view_mark_move(&s->mark, rs, &s->legal.m[k], p);
        engine_apply(rs, st, &s->legal.m[k], NULL);
        turn->passes = 0;
        s->played++;
        char number[24];
        view_move_number(rs, s->rec.nmoves, p, number, sizeof number);
        char shown[RECORD_TEXT_MAX];
        /* As the players write it: `8/5`, `bar/22*`, in the mover's numbering
         * where the rule file says so; algebraic where pieces have letters
         * (Nf3, exd5, O-O); else the game's notation. */
        if (written_shown(rs)) written_turn(rs, p, &s->legal.m[k], 1, shown, sizeof shown);
        else if (move_san_applies(rs)) move_san(rs, &s->legal.m[k], s->legal.m, s->legal.n, st, shown, sizeof shown);
        else move_display(rs, &s->legal.m[k], s->legal.m, s->legal.n, shown, sizeof shown);
        printf("%s player %d: %s%s\n", number, p, shown, summary);
        /* The rule file's announcement (like "Cura"): the mover now threatens a capture. */
        int threat = rs->threat_text[0] && engine_threat(rs, st, &s->legal);
        if (threat) printf("player %d: %s\n", p, rs->threat_text);
        if (!push_entry(s, st, text, turn->roll, rs->dice_count > 0 ? turn->nroll : 0, threat)) return EXIT_USAGE;
        session_show(s, st);
        output_flush(stdout);
    }
    if (s->rec.cut_off) snprintf(s->rec.result, sizeof s->rec.result, "draw");
    else record_set_result(&s->rec, rs, st, s->cube);
    if (!session_save(s)) return EXIT_USAGE;
    print_end(s, st);
    return EXIT_OK;
}

static uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 20);
    return x % 1000000000u; /* short enough to type back in */
}

static int cube_move_list(session *s);

static int run_play_with(session *s, const play_args *a, diag_sink *d)
{
    int code;
    /* Refuse a record that would replace a device or a FIFO before
     * anything is played (or read). */
    const char *out = a->record_path ? a->record_path : a->resume_path;
    char target[4096], err[4400];
    if (out && !record_target(out, target, sizeof target, err, sizeof err)) {
        cli_error("play", "%s", err);
        return EXIT_USAGE;
    }
    if (a->resume_path) {
        int io;
        if (!record_read(a->resume_path, &s->old, d, &io)) return io ? EXIT_USAGE : EXIT_INVALID;
    }
    if ((code = session_make_agents(s, a, d)) >= 0) return code;
    if ((code = session_load_rules(s, a, "play", d)) >= 0) return code;
    if ((code = session_more_agents(s, a, d)) >= 0) return code;
    /* The record goes back to --resume's file by design; never over the rules. */
    if (out && !session_output_ok(s, "play", a->record_path ? "--record" : "--resume", out, NULL)) return EXIT_USAGE;
    const ruleset *rs = s->rs;
    state st;
    uint64_t seed = a->has_seed ? (uint64_t)a->seed : a->resume_path && s->old.has_seed ? s->old.seed : clock_seed();
    s->seed = seed;
    s->view = a->view;
    cli_view_resolve(&s->view, 1);
    s->quiet = a->quiet;
    s->hint_spec = a->hint_spec;
    s->time_limit = a->time_limit;
    s->max_moves = a->max_moves ? a->max_moves : MATCH_MAX_MOVES_DEFAULT;
    s->interactive = isatty(0);
    s->status_line = isatty(2);
    view_mark_move(&s->mark, rs, NULL, 0);
    s->out_path = a->record_path ? a->record_path : a->resume_path;
    record_init(&s->rec);
    record_set_game(&s->rec, rs, s->rule_path, s->out_path);
    s->rec.has_seed = 1;
    s->rec.seed = seed;
    for (int p = 0; p < rs->nplayers; p++) snprintf(s->rec.agent[p], RECORD_AGENT_MAX, "%s", agent_spec(s->agents[p]));
    s->rec.players = rs->nplayers;
    record_turn turn;
    record_turn_start(rs, &turn);
    if (a->match_to && !rs->cube.on)
        return cli_usage_error("play", "--match-to needs a game with a doubling cube; the rules of \"%s\" declare "
                                       "no `doubling-cube`", rs->title);
    if (a->resume_path) record_match(&s->old, &s->match);
    else cube_match_init(&s->match, (int)a->match_to);
    s->match_seed = a->resume_path && s->old.match_to ? s->old.match_seed : seed;
    if (s->out_path) snprintf(s->match_base, sizeof s->match_base, "%s", s->out_path);
    if (a->resume_path && s->old.match_to) { /* game K's record, BASE-K.yaml: later games are named from BASE */
        char tail[32];
        snprintf(tail, sizeof tail, "-%d.yaml", s->old.match_game);
        size_t n = strlen(s->match_base), t = strlen(tail);
        if (n > t && strcmp(s->match_base + n - t, tail) == 0) snprintf(s->match_base + n - t, t + 1, ".yaml");
    }
    s->cube = rs->cube.on ? &turn.cube : NULL;
    if (!cube_move_list(s)) return EXIT_USAGE;
    if (a->resume_path) {
        if (!s->old.has_seed) { /* a hand-written record: its dice go on from the new seed */
            s->old.has_seed = 1;
            s->old.seed = seed;
        }
        if (record_replay(&s->old, rs, &st, &s->legal, d, &turn) < 0) return EXIT_INVALID;
        memcpy(s->rec.start_fen, s->old.start_fen, sizeof s->rec.start_fen); /* the game goes on from where it began */
        memcpy(s->rec.start_gnubg_id, s->old.start_gnubg_id, sizeof s->rec.start_gnubg_id);
        if (strcmp(s->old.result, "ongoing") != 0) {
            /* A finished game: check its result and leave the record alone. */
            if (!record_check_cube_result(&s->old, rs, &st, s->cube, d)) return EXIT_INVALID;
            s->out = st.h.out;
            printf("the recorded game is already over after %d move%s\nresult: %s\n", s->old.nmoves,
                   s->old.nmoves == 1 ? "" : "s", s->old.result);
            return EXIT_OK;
        }
        for (int i = 0; i < s->old.nmoves; i++) {
            if (!record_push_entry(&s->rec, &s->old, i)) {
                cli_error("play", "out of memory");
                return EXIT_USAGE;
            }
        }
        s->played = record_moves_played(&s->rec);
    } else {
        if ((code = cli_position_load("play", rs, &a->start, d, &st)) != EXIT_OK) return code;
        if ((a->start.path || a->start.fen || a->start.gnubg_id) && !record_set_start(&s->rec, rs, &st, err, sizeof err)) {
            if (s->out_path) return cli_usage_error("play", "%s", err); /* a record that could not replay */
        }
        engine_seed(rs, &st, seed); /* the dice: a stream of the game's seed */
        if (!cli_set_dice("play", rs, &st, &a->dice)) return EXIT_USAGE;
        cube_game_start(rs, &s->match, &turn.cube);
    }
    session_match_record(s, &turn.cube);
    if (!session_save(s)) return EXIT_USAGE;
    printf("%s: ", rs->title);
    for (int p = 0; p < rs->nplayers; p++)
        printf("%splayer %d (%s) %s", p ? ", " : "", p + 1, rs->player_label[p], agent_spec(s->agents[p]));
    printf("; seed %llu\n", (unsigned long long)seed);
    if (a->resume_path) printf("resumed after %d move%s\n", s->old.nmoves, s->old.nmoves == 1 ? "" : "s");
    int humans = 0;
    for (int p = 0; p < rs->nplayers; p++) humans |= agent_get_kind(s->agents[p]) == AGENT_HUMAN;
    if (humans) cli_input_begin(s->interactive);
    if (humans && s->interactive) printf("type a move, or `help`\n");
    if (s->match.to)
        printf("game %d of the match to %d, score %d-%d%s\n", s->match.games + 1, s->match.to, s->match.score[0],
               s->match.score[1], turn.cube.crawford ? ", the Crawford game (no doubling)" : "");
    session_show(s, &st);
    code = play_loop(s, &st, &turn);
    /* A match: game after game until a player has the points. */
    while (code == EXIT_OK && s->match.to && !s->stopped && strcmp(s->rec.result, "ongoing") != 0) {
        if (session_match_add(s)) break;
        if ((code = session_next_game(s, &st, &turn)) != EXIT_OK) break;
        code = play_loop(s, &st, &turn);
    }
    return code;
}

/* The scratch list of the agents' cube estimates. */
static int cube_move_list(session *s)
{
    if (!s->cube || move_list_reserve(&s->cube_buffer, TB_MOVES_INITIAL)) return 1;
    cli_error("play", "out of memory");
    return 0;
}

static int run_play(session *s, const play_args *a)
{
    diag_sink diags;
    diag_init(&diags, stderr);
    int code = run_play_with(s, a, &diags);
    return diags.oom ? EXIT_USAGE : code; /* memory ran out: exit 2, whatever failed after it */
}

/* The game as --json prints it: the record's contents. */
static void play_json(const session *s)
{
    const game_record *rec = s->rec.nmoves == 0 && s->old.nmoves > 0 ? &s->old : &s->rec;
    json_writer w;
    cli_json_begin(&w);
    json_object_open(&w, NULL);
    json_string(&w, "game", s->rs->title);
    json_string(&w, "ruleset", rec->path);
    json_uint(&w, "seed", (unsigned long long)rec->seed);
    json_array_open(&w, "agents");
    for (int p = 0; p < (rec->players > 2 ? rec->players : 2); p++) json_string(&w, NULL, rec->agent[p]);
    json_array_close(&w);
    json_object_open(&w, "options");
    for (int o = 0; o < rec->noptions; o++) json_string(&w, rec->option_name[o], rec->option_value[o]);
    json_object_close(&w);
    json_array_open(&w, "moves");
    for (int i = 0; i < rec->nmoves; i++) {
        json_object_open(&w, NULL);
        json_string(&w, "move", rec->moves[i].text);
        if (rec->moves[i].cube) json_bool(&w, "cube", 1); /* a cube action: double, take, drop, beaver */
        if (rec->moves[i].resign) json_int(&w, "resign", rec->moves[i].resign); /* more than two: who resigned */
        json_array_open(&w, "dice");
        for (int d = 0; d < rec->moves[i].ndice; d++) json_int(&w, NULL, rec->moves[i].dice[d]);
        json_array_close(&w);
        json_bool(&w, "announced", rec->moves[i].announced);
        json_object_close(&w);
    }
    json_array_close(&w);
    json_string(&w, "result", rec->result);
    json_int(&w, "resigned", rec->resigned);
    json_int(&w, "cut_off", rec->cut_off);
    json_array_open(&w, "out"); /* more than two players: those out when the game stopped */
    for (int p = 1; p <= TB_MAX_PLAYERS; p++)
        if (s->out >> (p - 1) & 1) json_int(&w, NULL, p);
    json_array_close(&w);
    if (s->rs->cube.on) json_int(&w, "points", rec->points);
    if (rec->match_to) {
        json_object_open(&w, "match");
        json_int(&w, "to", rec->match_to);
        json_int(&w, "game", rec->match_game);
        json_array_open(&w, "score");
        for (int p = 0; p < 2; p++) json_int(&w, NULL, rec->match_score[p]);
        json_array_close(&w);
        json_bool(&w, "crawford", rec->match_crawford);
        json_object_close(&w);
    }
    json_string(&w, "record", s->out_path);
    json_object_close(&w);
    json_end(&w);
}

int cli_play(int argc, char **argv)
{
    play_args a;
    memset(&a, 0, sizeof a);
    int code = parse_play_args(argc, argv, &a);
    if (code < 0) return EXIT_OK; /* --help */
    if (code > 0) return code;
    if (a.common.json) cli_json_divert(); /* the game's text to stderr, the document to stdout */
    session s;
    memset(&s, 0, sizeof s);
    code = run_play(&s, &a);
    if (a.common.json && code == EXIT_OK && s.rs) play_json(&s);
    session_free(&s);
    output_flush(stdout);
    return code;
}

/* ---- replay -------------------------------------------------------------- */

/* What replay --show and --html keep while the record is replayed. */
