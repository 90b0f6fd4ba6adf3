/* cli_play.c - `tabula play` (a game between humans and agents, recorded
 * after every move) and `tabula replay` (checking a recorded game). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "agent/agent.h"
#include "io/record.h"

#define PLAY_MAX_SETTINGS (CLI_MAX_SETTINGS + TB_MAX_OPTIONS)
#define PLAY_LINE_MAX 512   /* the longest line a human may type */

const char *const cli_play_help =
    "usage: tabula play FILE [--p1 AGENT] [--p2 AGENT] [--seed S] [--dice A,B] [--record OUT.yaml]\n"
    "                        [--option NAME=VALUE]... [--quiet] [--json]\n"
    "       tabula play [FILE] --resume RECORD.yaml [--record OUT.yaml] [--p1 AGENT] [--p2 AGENT]\n\n"
    "Plays a game of FILE (a rule file, or a bundled game's name) from its start\n"
    "position. Each move is printed as `N. player P: MOVE` in the game's notation,\n"
    "followed by the board (unless --quiet); the last line is the result:\n"
    "`result: win 1`, `result: double-win 2`, `result: triple-win 1`, `result: draw`.\n\n"
    "Agents (--p1 for player 1, who moves first; --p2 for player 2):\n"
    "  human              moves typed on standard input (the default for player 1)\n"
    "  random             a uniformly random legal move (the default for player 2)\n"
    "  mcts[:ITERATIONS]  Monte Carlo tree search (UCT, random playouts); default 1000,\n"
    "                     at most 1000000 iterations per move\n"
    "  alphabeta[:DEPTH]  alpha-beta search on material and results; default depth 4,\n"
    "                     at most 12\n\n"
    "A human types one move per line in notation (c3-d4, c3xe5xg7). Other input:\n"
    "  moves   list the legal moves      board  show the board\n"
    "  help    explain the input         quit   stop the game (the record keeps it)\n"
    "An illegal move is refused with the list of legal moves, and asked again.\n"
    "Standard input may be a pipe: moves are then read line by line, without\n"
    "prompts. When input ends while a human is to move, play stops with exit 2;\n"
    "the record holds the game so far.\n\n"
    "Options:\n"
    "  --seed S          seed of the game's random generator (agents, dice); the same\n"
    "                    seed and agents give the same game. Default: from the clock,\n"
    "                    printed in the first line and stored in the record.\n"
    "  --dice A,B        the first roll of the game (games with dice), instead of\n"
    "                    rolling it; later rolls come from the seed.\n"
    "  --record OUT      write the game record (YAML, see docs/records.md) after every\n"
    "                    move, atomically: an interrupted game is never lost.\n"
    "  --resume RECORD   continue the game in RECORD: its moves are checked and\n"
    "                    replayed, then play goes on with its agents (--p1/--p2\n"
    "                    override them) and its seed, writing to RECORD (or OUT).\n"
    "                    FILE may be left out: the record names its rule file.\n"
    "  --option N=V      set a ruleset option (repeatable).\n"
    "  --quiet           do not print the board.\n"
    "  --json            print the game as one document at the end (docs/json.md);\n"
    "                    what is printed as the game goes (and a human's prompts)\n"
    "                    goes to stderr instead.\n\n"
    "Exit status: 0 when the game ends (or a human quits), 1 for an invalid rule file\n"
    "or record, 2 for a usage or I/O error, or input ending while a human is to move.\n";

const char *const cli_replay_help =
    "usage: tabula replay FILE RECORD.yaml [--json] [--option NAME=VALUE]...\n"
    "       tabula replay RECORD.yaml [--json]\n\n"
    "Checks a game record (written by `tabula play --record`, see docs/records.md)\n"
    "move by move against the rules of FILE, then prints the number of moves and the\n"
    "result line (`result: win 1`). Without FILE, the rule file named in the record\n"
    "is used. The record's options apply; --option overrides them. --json prints the\n"
    "record, the game, the number of moves and the result as one document\n"
    "(docs/json.md).\n\n"
    "Errors are reported at their place in the record, as RECORD:LINE:COL: error:\n"
    "an illegal move (with the legal moves of that position), a move after the end\n"
    "of the game, a result that differs from the one the moves give, a record of\n"
    "another game, missing or malformed keys.\n\n"
    "Exit status: 0 when the record is consistent (also for a game still ongoing),\n"
    "1 when it is not, 2 for a usage or I/O error.\n";

/* The generator of the decision at PLY: derived from the seed and the ply
 * alone, so a resumed game continues exactly as the uninterrupted one would. */
static void ply_rng(rng *r, uint64_t seed, uint32_t ply)
{
    rng_seed(r, seed ^ ((uint64_t)(ply + 1) * 0xd1b54a32d192ed03ull));
}

/* ---- the board as text --------------------------------------------------- */

/* Writes NAME without its digits (the file of a square cell) or its letters. */
static void name_part(const char *name, int digits, char *buf, size_t size)
{
    size_t n = 0;
    for (const char *p = name; *p && n + 1 < size; p++)
        if (((*p >= '0' && *p <= '9') != 0) == (digits != 0)) buf[n++] = *p;
    buf[n] = '\0';
}

static char piece_letter(const ruleset *rs, uint8_t code)
{
    char c = rs->piece_name[piece_type(code)][0];
    if (c >= 'a' && c <= 'z' && piece_owner(code) == 1) c = (char)(c - 'a' + 'A');
    if (c >= 'A' && c <= 'Z' && piece_owner(code) == 2) c = (char)(c - 'A' + 'a');
    return c;
}

/* A square board: rows top down with their numbers, files underneath;
 * `.` an empty cell in play, a blank a cell out of play. */
static void print_square(const ruleset *rs, const state *st, FILE *out)
{
    static int16_t at[32][32];
    int w = rs->width, h = rs->height;
    if (w > 32 || h > 32) return;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) at[r][c] = -1;
    for (int i = 0; i < rs->ncells; i++)
        if (rs->cell_col[i] < w && rs->cell_row[i] < h) at[rs->cell_row[i]][rs->cell_col[i]] = (int16_t)i;
    int label_w = 1, col_w = 1;
    char part[16];
    for (int i = 0; i < rs->ncells; i++) {
        name_part(rs->cell_name[i], 1, part, sizeof part);
        if ((int)strlen(part) > label_w) label_w = (int)strlen(part);
        name_part(rs->cell_name[i], 0, part, sizeof part);
        if ((int)strlen(part) > col_w) col_w = (int)strlen(part);
    }
    for (int r = h - 1; r >= 0; r--) {
        int first = -1;
        for (int c = 0; c < w && first < 0; c++) first = at[r][c];
        name_part(first >= 0 ? rs->cell_name[first] : "", 1, part, sizeof part);
        char line[32 * 18 + 24];
        int len = snprintf(line, sizeof line, "%*s ", label_w, part);
        for (int c = 0; c < w; c++) {
            int i = at[r][c];
            char ch = ' ';
            if (i >= 0 && st->cell[i]) ch = piece_letter(rs, st->cell[i]);
            else if (i >= 0 && cellset_has(&rs->playable, i)) ch = '.';
            len += snprintf(line + len, sizeof line - (size_t)len, " %*c", col_w, ch);
        }
        while (len > 0 && line[len - 1] == ' ') line[--len] = '\0';
        fprintf(out, "%s\n", line);
    }
    fprintf(out, "%*s ", label_w, "");
    for (int c = 0; c < w; c++) {
        int i = -1;
        for (int r = 0; r < h && i < 0; r++) i = at[r][c];
        name_part(i >= 0 ? rs->cell_name[i] : "", 0, part, sizeof part);
        fprintf(out, " %*s", col_w, part);
    }
    fputc('\n', out);
}

/* Other topologies: the occupied cells of each player, then the state
 * beyond the board where the game has it. */
static void print_cells(const ruleset *rs, const state *st, FILE *out)
{
    for (int p = 1; p <= 2; p++) {
        fprintf(out, "player %d:", p);
        int any = 0;
        for (int i = 0; i < rs->ncells; i++) {
            if (!st->cell[i] || piece_owner(st->cell[i]) != p) continue;
            fprintf(out, "%s %s %s", any ? "," : "", rs->cell_name[i], rs->piece_name[piece_type(st->cell[i])]);
            if (st->height[i] > 1) fprintf(out, " x%d", st->height[i]);
            if (i < 64 && (st->h.pinned >> i & 1)) fputs(" (pinning one)", out);
            any = 1;
        }
        if (!any) fputs(" no pieces", out);
        if (rs->topology == TOPO_TRACK) {
            if (rs->track.bar >= 0) fprintf(out, "; %s %d", rs->offboard[rs->track.bar], st->h.bar[p - 1]);
            if (rs->track.off >= 0) fprintf(out, "; %s %d", rs->offboard[rs->track.off], st->h.off[p - 1]);
        } else if (rs->noffboard) {
            fprintf(out, "; bar %d, off %d", st->h.bar[p - 1], st->h.off[p - 1]);
        }
        if (rs->topology == TOPO_TILES) fprintf(out, "; tiles collected %d", st->h.collected[p - 1]);
        fputc('\n', out);
    }
    if (rs->dice_count && st->h.ndice) {
        fputs("dice:", out);
        for (int d = 0; d < st->h.ndice; d++) fprintf(out, " %d", st->h.dice[d]);
        fputc('\n', out);
    }
}

static void print_board(const ruleset *rs, const state *st, FILE *out)
{
    if (rs->topology == TOPO_SQUARE && rs->width <= 32 && rs->height <= 32) print_square(rs, st, out);
    else print_cells(rs, st, out);
}

/* ---- human input --------------------------------------------------------- */

enum { HUMAN_EOF = -1, HUMAN_QUIT = -2 };

static void print_legal(const ruleset *rs, const move *legal, int n, FILE *out)
{
    char list[8192] = "";
    record_list_moves(rs, legal, n, list, sizeof list);
    fprintf(out, "legal moves: %s\n", list);
}

/* Reads one line into BUF without its newline; a longer line is skipped
 * whole. Returns 0 at end of input, -1 for an over-long line. */
static int read_line(char *buf, size_t size)
{
    if (!fgets(buf, (int)size, stdin)) return 0;
    size_t len = strlen(buf);
    if (len && buf[len - 1] == '\n') {
        buf[--len] = '\0';
        if (len && buf[len - 1] == '\r') buf[--len] = '\0';
        return 1;
    }
    if (feof(stdin)) return 1; /* a last line without a newline */
    int c;
    while ((c = getchar()) != EOF && c != '\n') {
    }
    return -1;
}

/* Asks the human playing PLAYER for a move until a legal one is typed.
 * Returns its index, HUMAN_EOF or HUMAN_QUIT. */
static int ask_human(const ruleset *rs, const state *st, const move *legal, int n, int interactive)
{
    int player = st->h.to_move;
    char line[PLAY_LINE_MAX];
    for (;;) {
        if (interactive) {
            printf("player %d (%s) to move: ", player, rs->player_label[player - 1]);
            fflush(stdout);
        }
        int got = read_line(line, sizeof line);
        if (got == 0) return HUMAN_EOF;
        if (got < 0) {
            fprintf(stderr, "error: a line of input longer than %d characters was ignored\n", PLAY_LINE_MAX - 2);
            continue;
        }
        char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        char *e = s + strlen(s);
        while (e > s && (e[-1] == ' ' || e[-1] == '\t')) *--e = '\0';
        if (!*s || *s == '#') continue;
        if (strcmp(s, "quit") == 0) return HUMAN_QUIT;
        if (strcmp(s, "moves") == 0) {
            print_legal(rs, legal, n, stdout);
            continue;
        }
        if (strcmp(s, "board") == 0) {
            print_board(rs, st, stdout);
            continue;
        }
        if (strcmp(s, "help") == 0) {
            printf("Type a move in the game's notation, one per line: a step like c3-d4, a capture\n"
                   "chain like c3xe5xg7. `moves` lists the legal moves, `board` shows the board,\n"
                   "`quit` stops the game (the record, if any, keeps it for --resume).\n");
            continue;
        }
        int k = engine_find_move(rs, legal, n, s);
        if (k >= 0) return k;
        char list[8192] = "";
        record_list_moves(rs, legal, n, list, sizeof list);
        fprintf(stderr, "error: `%s` is not a legal move; legal moves: %s\n", s, list);
    }
}

/* ---- play ---------------------------------------------------------------- */

typedef struct play_args {
    cli_common common;
    const char *file;         /* the rule file, or NULL with --resume */
    const char *spec[2];      /* --p1, --p2 */
    const char *record_path;  /* --record */
    const char *resume_path;  /* --resume */
    long seed;
    int has_seed, quiet;
    cli_dice dice;            /* --dice: the first roll */
} play_args;

/* Takes the value of --NAME VALUE or --NAME=VALUE at argv[*i]; returns 1
 * when argv[*i] is that flag (VALUE set, or NULL when missing). */
static int flag_value(int argc, char **argv, int *i, const char *name, const char **value)
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

static int parse_play_args(int argc, char **argv, play_args *a)
{
    static const char *const names[] = { "--p1", "--p2", "--seed", "--record", "--resume", "--dice" };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cli_play_help, stdout);
            return -1;
        }
        if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0) {
            a->quiet = 1;
            continue;
        }
        const char *value = NULL;
        int which = -1;
        for (int k = 0; k < 6 && which < 0; k++)
            if (flag_value(argc, argv, &i, names[k], &value)) which = k;
        if (which >= 0) {
            if (!value || !*value) return cli_usage_error("play", "%s needs a value", names[which]);
            switch (which) {
            case 0: case 1: a->spec[which] = value; break;
            case 2:
                if (!cli_parse_count(value, 0x7fffffffffffffffL, &a->seed))
                    return cli_usage_error("play", "--seed takes a whole number; got `%s`", value);
                a->has_seed = 1;
                break;
            case 3: a->record_path = value; break;
            case 4: a->resume_path = value; break;
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
    if (!a->file && !a->resume_path) return cli_usage_error("play", "no rule file given");
    if (a->resume_path && a->has_seed)
        return cli_usage_error("play", "--seed cannot be combined with --resume: the game goes on with the "
                                       "record's seed");
    if (a->resume_path && a->dice.n)
        return cli_usage_error("play", "--dice cannot be combined with --resume: it fixes the first roll of a new game");
    return 0;
}

/* Everything a game session owns, freed in one place. */
typedef struct session {
    ruleset *rs;
    agent *agents[2];
    game_record old;          /* the record resumed */
    game_record rec;          /* the record written */
    move *legal;
    char rule_path[4096];
    const char *out_path;     /* where the record goes, or NULL */
    double seconds[2];        /* time each agent spent */
    long long work[2];        /* iterations or nodes */
    long decisions[2];
} session;

static void session_free(session *s)
{
    agent_free(s->agents[0]);
    agent_free(s->agents[1]);
    record_free(&s->old);
    record_free(&s->rec);
    free(s->legal);
    free(s->rs);
}

/* Makes the agents: command-line specs are usage errors (exit 2), the
 * record's are located errors (exit 1). Returns an exit code or -1. */
static int make_agents(session *s, const play_args *a, diag_sink *diags)
{
    static const char *const defaults[2] = { "human", "random" };
    for (int p = 0; p < 2; p++) {
        char err[256];
        if (a->spec[p]) {
            s->agents[p] = agent_create(a->spec[p], err, sizeof err);
            if (!s->agents[p]) return cli_usage_error("play", "--p%d: %s", p + 1, err);
        } else if (a->resume_path && s->old.agent[p][0]) {
            s->agents[p] = agent_create(s->old.agent[p], err, sizeof err);
            if (!s->agents[p]) {
                yaml_error(diags, s->old.doc, s->old.agent_item[p], "player %d: %s", p + 1, err);
                return EXIT_INVALID;
            }
        } else {
            s->agents[p] = agent_create(defaults[p], err, sizeof err);
            if (!s->agents[p]) return cli_usage_error("play", "%s", err);
        }
    }
    return -1;
}

/* Loads the rule file (FILE, or the resumed record's) with the record's
 * options and then the command line's. Returns an exit code or -1. */
static int load_rules(session *s, const play_args *a, const char *command, diag_sink *diags)
{
    option_setting settings[PLAY_MAX_SETTINGS];
    int n = 0;
    if (s->old.doc) n = record_settings(&s->old, settings, TB_MAX_OPTIONS);
    for (int i = 0; i < a->common.nsettings; i++) settings[n++] = a->common.settings[i];
    if (a->file) {
        if (!load_resolve(a->file, s->rule_path, sizeof s->rule_path))
            snprintf(s->rule_path, sizeof s->rule_path, "%s", a->file);
    } else if (!record_rule_path(&s->old, a->resume_path, diags, s->rule_path, sizeof s->rule_path)) {
        return EXIT_INVALID;
    }
    load_status st;
    s->rs = load_ruleset(a->file ? a->file : s->rule_path, settings, n, diags, &st);
    if (!s->rs) return st == LOAD_IO ? EXIT_USAGE : EXIT_INVALID;
    if (s->old.doc && a->file && !record_check_game(&s->old, s->rs, a->file, diags)) return EXIT_INVALID;
    s->legal = malloc(TB_MAX_MOVES * sizeof *s->legal);
    if (!s->legal) {
        cli_error(command, "out of memory");
        return EXIT_USAGE;
    }
    return -1;
}

static int save(session *s)
{
    if (!s->out_path) return 1;
    char err[4400];
    if (record_write(&s->rec, s->out_path, err, sizeof err)) return 1;
    cli_error("play", "%s", err);
    return 0;
}

static void print_agent_stats(const session *s)
{
    for (int p = 0; p < 2; p++) {
        agent_kind k = agent_get_kind(s->agents[p]);
        if (k == AGENT_HUMAN || !s->decisions[p]) continue;
        printf("player %d %s: %ld moves in %.3f s", p + 1, agent_spec(s->agents[p]), s->decisions[p], s->seconds[p]);
        if ((k == AGENT_MCTS || k == AGENT_ALPHABETA) && s->seconds[p] > 0)
            printf(", %.0f %s/s", (double)s->work[p] / s->seconds[p], k == AGENT_MCTS ? "iterations" : "nodes");
        putchar('\n');
    }
}

/* Where the game stopped early: what the record holds and how to go on. */
static void say_kept(const session *s, char *buf, size_t size)
{
    if (s->out_path)
        snprintf(buf, size, "the record %s holds the game so far (%d moves); continue it with "
                            "`tabula play --resume %s`", s->out_path, s->rec.nmoves, s->out_path);
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
    return save(s);
}

static void print_dice(const uint8_t *dice, int n)
{
    for (int d = 0; d < n; d++) printf(" %d", dice[d]);
}

/* The moves until the game ends, a human quits or input ends. TURN: where
 * the turn stands (a dice game's roll), from the start or a replay. */
static int play_loop(session *s, state *st, uint64_t seed, record_turn *turn, int quiet)
{
    const ruleset *rs = s->rs;
    int interactive = isatty(0);
    for (;;) {
        long rolls = turn->rolls;
        int n = record_settle(rs, st, s->legal, turn);
        int p = st->h.to_move;
        if (n == 0) break;
        if (n < 0) {
            /* A fresh roll none of whose dice can be played: the turn is lost. */
            uint8_t lost[RECORD_MAX_DICE];
            int nd = st->h.ndice < RECORD_MAX_DICE ? st->h.ndice : RECORD_MAX_DICE;
            memcpy(lost, st->h.dice, (size_t)nd);
            printf("player %d rolls", p);
            print_dice(lost, nd);
            printf(" and cannot move: the turn passes\n");
            record_pass(rs, st, turn);
            if (!push_entry(s, st, RECORD_PASS, lost, nd, 0)) return EXIT_USAGE;
            continue;
        }
        if (turn->rolls != rolls && !quiet) {
            printf("player %d rolls", p);
            print_dice(turn->roll, turn->nroll);
            putchar('\n');
        }
        rng r;
        ply_rng(&r, seed, (uint32_t)s->rec.nmoves);
        int k = agent_choose(s->agents[p - 1], rs, st, s->legal, n, &r);
        if (k == AGENT_ASK_HUMAN) {
            k = ask_human(rs, st, s->legal, n, interactive);
            if (k == HUMAN_QUIT) {
                char kept[9000];
                say_kept(s, kept, sizeof kept);
                printf("stopped by player %d after %d moves\n%s\n", p, s->rec.nmoves, kept);
                return EXIT_OK;
            }
            if (k == HUMAN_EOF) {
                char kept[9000];
                say_kept(s, kept, sizeof kept);
                cli_error("play", "end of input while player %d (human) was to move; %s", p, kept);
                return EXIT_USAGE;
            }
        } else {
            const agent_stats *as = agent_last_stats(s->agents[p - 1]);
            s->seconds[p - 1] += as->seconds;
            s->work[p - 1] += as->work;
            s->decisions[p - 1]++;
        }
        char text[RECORD_TEXT_MAX * 2];
        move_notation(rs, &s->legal[k], text, sizeof text);
        engine_apply(rs, st, &s->legal[k], NULL);
        turn->passes = 0;
        printf("%d. player %d: %s\n", s->rec.nmoves + 1, p, text);
        /* The rule file's announcement (like "Cura"): the mover now threatens a capture. */
        int threat = rs->threat_text[0] && engine_threat(rs, st, s->legal);
        if (threat) printf("player %d: %s\n", p, rs->threat_text);
        if (!push_entry(s, st, text, turn->roll, rs->dice_count > 0 ? turn->nroll : 0, threat)) return EXIT_USAGE;
        if (!quiet) {
            print_board(rs, st, stdout);
            putchar('\n');
        }
        fflush(stdout);
    }
    char result[32];
    engine_result_text(st, result, sizeof result);
    snprintf(s->rec.result, sizeof s->rec.result, "%s", result);
    if (!save(s)) return EXIT_USAGE;
    if (!quiet) print_agent_stats(s);
    printf("result: %s\n", result);
    return EXIT_OK;
}

static uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 20);
    return x % 1000000000u; /* short enough to type back in */
}

static int run_play(session *s, const play_args *a)
{
    diag_sink diags;
    diag_init(&diags, stderr);
    int code;
    if (a->resume_path) {
        int io;
        if (!record_read(a->resume_path, &s->old, &diags, &io)) return io ? EXIT_USAGE : EXIT_INVALID;
    }
    if ((code = make_agents(s, a, &diags)) >= 0) return code;
    if ((code = load_rules(s, a, "play", &diags)) >= 0) return code;
    const ruleset *rs = s->rs;
    state st;
    uint64_t seed = a->has_seed ? (uint64_t)a->seed : a->resume_path && s->old.has_seed ? s->old.seed : clock_seed();
    s->out_path = a->record_path ? a->record_path : a->resume_path;
    record_init(&s->rec);
    record_set_game(&s->rec, rs, s->rule_path, s->out_path);
    s->rec.has_seed = 1;
    s->rec.seed = seed;
    for (int p = 0; p < 2; p++) snprintf(s->rec.agent[p], RECORD_AGENT_MAX, "%s", agent_spec(s->agents[p]));
    record_turn turn;
    record_turn_start(rs, &turn);
    if (a->resume_path) {
        if (!s->old.has_seed) { /* a hand-written record: its dice go on from the new seed */
            s->old.has_seed = 1;
            s->old.seed = seed;
        }
        if (record_replay(&s->old, rs, &st, s->legal, &diags, &turn) < 0) return EXIT_INVALID;
        if (strcmp(s->old.result, "ongoing") != 0) {
            /* A finished game: check its result and leave the record alone. */
            if (!record_check_result(&s->old, &st, &diags)) return EXIT_INVALID;
            printf("the recorded game is already over after %d moves\nresult: %s\n", s->old.nmoves, s->old.result);
            return EXIT_OK;
        }
        for (int i = 0; i < s->old.nmoves; i++) {
            if (!record_push(&s->rec, s->old.moves[i].text, s->old.moves[i].dice, s->old.moves[i].ndice)) {
                cli_error("play", "out of memory");
                return EXIT_USAGE;
            }
            s->rec.moves[i].announced = s->old.moves[i].announced;
        }
    } else {
        state_start(rs, &st);
        engine_seed(rs, &st, seed); /* the dice: a stream of the game's seed */
        if (!cli_set_dice("play", rs, &st, &a->dice)) return EXIT_USAGE;
    }
    if (!save(s)) return EXIT_USAGE;
    printf("%s: player 1 (%s) %s, player 2 (%s) %s; seed %llu\n", rs->title, rs->player_label[0],
           agent_spec(s->agents[0]), rs->player_label[1], agent_spec(s->agents[1]), (unsigned long long)seed);
    if (a->resume_path) printf("resumed after %d moves\n", s->old.nmoves);
    if (!a->quiet) {
        print_board(rs, &st, stdout);
        putchar('\n');
    }
    return play_loop(s, &st, seed, &turn, a->quiet);
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
    for (int p = 0; p < 2; p++) json_string(&w, NULL, rec->agent[p]);
    json_array_close(&w);
    json_object_open(&w, "options");
    for (int o = 0; o < rec->noptions; o++) json_string(&w, rec->option_name[o], rec->option_value[o]);
    json_object_close(&w);
    json_array_open(&w, "moves");
    for (int i = 0; i < rec->nmoves; i++) {
        json_object_open(&w, NULL);
        json_string(&w, "move", rec->moves[i].text);
        json_array_open(&w, "dice");
        for (int d = 0; d < rec->moves[i].ndice; d++) json_int(&w, NULL, rec->moves[i].dice[d]);
        json_array_close(&w);
        json_bool(&w, "announced", rec->moves[i].announced);
        json_object_close(&w);
    }
    json_array_close(&w);
    json_string(&w, "result", rec->result);
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
    fflush(stdout);
    return code;
}

/* ---- replay -------------------------------------------------------------- */

int cli_replay(int argc, char **argv)
{
    play_args a;
    memset(&a, 0, sizeof a);
    const char *args[2] = { NULL, NULL };
    int nargs = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cli_replay_help, stdout);
            return EXIT_OK;
        }
        int r = cli_common_arg(&a.common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("replay", "unknown option `%s`", argv[i]);
        if (nargs == 2) return cli_usage_error("replay", "unexpected argument `%s`", argv[i]);
        args[nargs++] = argv[i];
    }
    if (nargs == 0) return cli_usage_error("replay", "needs a rule file and a record");
    a.file = nargs == 2 ? args[0] : NULL;
    a.resume_path = args[nargs - 1];
    diag_sink diags;
    diag_init(&diags, stderr);
    session s;
    memset(&s, 0, sizeof s);
    int io, code = -1;
    state st;
    if (!record_read(a.resume_path, &s.old, &diags, &io)) code = io ? EXIT_USAGE : EXIT_INVALID;
    if (code < 0) code = load_rules(&s, &a, "replay", &diags);
    if (code < 0 && record_replay(&s.old, s.rs, &st, s.legal, &diags, NULL) < 0) code = EXIT_INVALID;
    if (code < 0 && !record_check_result(&s.old, &st, &diags)) code = EXIT_INVALID;
    if (code < 0) {
        char result[32];
        engine_result_text(&st, result, sizeof result);
        if (a.common.json) {
            json_writer w;
            cli_json_begin(&w);
            json_object_open(&w, NULL);
            json_string(&w, "record", a.resume_path);
            json_string(&w, "game", s.rs->title);
            json_string(&w, "ruleset", s.rule_path);
            json_int(&w, "moves", s.old.nmoves);
            json_string(&w, "result", result);
            json_object_close(&w);
            json_end(&w);
        } else {
            printf("%s: %d move%s of %s replayed\nresult: %s\n", a.resume_path, s.old.nmoves,
                   s.old.nmoves == 1 ? "" : "s", s.rs->title, result);
        }
        code = EXIT_OK;
    }
    session_free(&s);
    return code;
}
