/* cli.h - the subcommands of the `tabula` program, a thin client of libtabula. */
#ifndef TABULA_CLI_H
#define TABULA_CLI_H

#include "compile/compile.h"
#include "compile/load.h"
#include "io/json.h"
#include "analysis/run.h"
#include "engine/state.h"
#include "view/view.h"

/* Exit codes of the contract. */
enum { EXIT_OK = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

#define CLI_MAX_SETTINGS 32

/* Options every command that loads a rule file accepts. */
typedef struct cli_common {
    option_setting settings[CLI_MAX_SETTINGS]; /* --option NAME=VALUE */
    int nsettings;
    int json;                                  /* --json */
} cli_common;

/* Handles --option and --json at argv[*i]; returns 1 when consumed, 0 when
 * not one of them, -1 after a usage error (already printed). */
int cli_common_arg(cli_common *common, int argc, char **argv, int *i);
/* Handles FLAG NAME=VALUE (or FLAG=NAME=VALUE) at argv[*i] into COMMON's
 * settings: --option, or a command's own flag of settings; as above. */
int cli_option_arg(cli_common *common, const char *flag, int argc, char **argv, int *i);

/* Prints "tabula CMD: error: MESSAGE" and a hint to run --help; returns 2. */
int cli_usage_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Says "tabula CMD: error: out of memory" through cli_error; returns 2. */
int cli_out_of_memory(const char *command);
/* Says why the moves of a position could not be listed (a moves_error: out
 * of memory, or a bound of docs/limits.md); returns EXIT_USAGE. */
int cli_moves_error(const char *command, int error);
/* Prints "tabula CMD: error: MESSAGE" as a diagnostic (so that
 * --diagnostics-format and --json see it too). */
void cli_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The numbers of the command line (cli_number.c, forms in io/number.h):
 * VALUE, given to FLAG (NULL when FLAG came last without it), read into
 * *OUT; 1, or 0 after the usage error "FLAG: expected a whole number from
 * MIN to MAX, not `VALUE`" (or a duration, like 0.5s, 200ms or 2). */
int cli_whole(const char *command, const char *flag, const char *value, long min, long max, long *out);
/* The same message for values of other forms: "FLAG: expected WHAT, not
 * `VALUE`"; returns 0. */
int cli_expected(const char *command, const char *flag, const char *what, const char *value);
/* A seed: a whole number from 0 to 2^64-1. It is also the seed that
 * `--option NAME=random` draws from (options_random_seed), so the rules
 * loaded after it draw the same value for the same seed. */
int cli_seed(const char *command, const char *flag, const char *value, uint64_t *out);
int cli_duration(const char *command, const char *flag, const char *value, double min, double max, double *out);

/* Loads a rule file with the common settings; on failure returns NULL and the exit code in *code. */
ruleset *cli_load(const char *arg, const cli_common *common, diag_sink *diags, int *code);

/* A file a command reads, as its messages name it: ROLE "the record", PATH as
 * given ("-": standard input, the file it was redirected from). */
typedef struct cli_input {
    const char *role;
    const char *path;
} cli_input;

/* Room for the files a command reads: a rule file, its bases, a record or a position. */
#define CLI_MAX_INPUTS (TB_MAX_FILES + 4)

/* Adds to INPUTS (N so far, room for MAX) the rule file ARG (as given on the
 * command line) and the base rule files RS was loaded from; returns the new N. */
int cli_inputs_of_rules(const ruleset *rs, const char *arg, cli_input *inputs, int n, int max);

/* Before anything is written to OUTPUT (the value of FLAG: "--record",
 * "-o"...): refuses it when it is one of the N INPUTS, the same file by device
 * and inode, so that another spelling of the path, a hard link or a symbolic
 * link is caught. Returns 1 when OUTPUT may be written (also "-" and a file
 * that does not exist yet); else says "tabula COMMAND: error: FLAG OUTPUT is
 * the rule file X; refusing to overwrite an input" and returns 0 (exit 2). */
int cli_output_not_input(const char *command, const char *flag, const char *output, const cli_input *inputs, int n);

/* Writes the LEN bytes of DATA to PATH atomically (atomic.h), or to standard
 * output for "-" (its errors are reported at exit, by cli_output_finish).
 * Returns 0 after an error message. */
int cli_write_output(const char *command, const char *path, const char *data, size_t len);

/* Takes the value of --NAME VALUE or --NAME=VALUE at argv[*i]; returns 1
 * when argv[*i] is that flag (VALUE set, or NULL when missing). */
int cli_flag_value(int argc, char **argv, int *i, const char *name, const char **value);

/* Where a command's position comes from (cli_position.c): --position
 * POS.yaml, or --fen TEXT on a numbered board, or --gnubg-id ID on the board
 * gnubg's IDs describe, or none of them (the start). */
typedef struct cli_position {
    const char *path;     /* --position */
    const char *fen;      /* --fen */
    const char *gnubg_id; /* --gnubg-id */
} cli_position;
#define CLI_POSITION_HELP_FEN \
    "  --fen TEXT   the position as FEN, on a numbered board (W:W31-50:B1-20: the\n" \
    "               side to move, then each side's squares, kings marked K; see\n" \
    "               docs/playing.md); instead of --position\n"
/* --full-path, for the commands that show moves. */
#define CLI_FULL_PATH_HELP \
    "  --full-path  show a capture chain by every cell it lands on (28x17x19), even\n" \
    "               where the rule file writes captures by their two ends\n" \
    "               (`(words (captures ends))`: 28x19)\n"
/* Handles --position FILE, --fen TEXT and --gnubg-id ID (also --NAME=VALUE) at argv[*i]:
 * 1 consumed, 0 not one of them, -1 after a usage error (printed). */
int cli_position_arg(cli_position *p, const char *command, int argc, char **argv, int *i);
/* Reads P's position into ST (the start position when none is given, or P
 * is NULL).
 * Returns EXIT_OK, or the exit code after the message: a bad FEN or gnubg ID
 * is a usage error ("--fen: at column 9: ...", 2), a bad POS.yaml is
 * reported at its place (1; 2 when it cannot be read). */
int cli_position_load(const char *command, const ruleset *rs, const cli_position *p, diag_sink *diags, state *st);

/* The options of the long runs (cli_runs.c). */
typedef struct cli_run {
    int jobs;                  /* -j J */
    int shard_k, shard_n;      /* --shard K/N */
    long n;                    /* -n N (games) */
    uint64_t seed;             /* --seed S */
    int takes;                 /* CLI_RUN_N, CLI_RUN_SEED: options of this command */
} cli_run;

enum { CLI_RUN_N = 1, CLI_RUN_SEED = 2 };

/* One thread, the whole run, N games, seed 1; TAKES says whether -n and
 * --seed are options of the command. */
void cli_run_defaults(cli_run *run, long n, int takes);
/* Handles -j, --jobs, --shard, --seed and (when taken) -n at argv[*i]: 1 when
 * consumed, 0 when not one of them, -1 after a usage error (printed). */
int cli_run_arg(cli_run *run, const char *command, int argc, char **argv, int *i);
void cli_run_opts(const cli_run *run, run_opts *o);
/* Prints R (text, or JSON); returns the exit code: 0, or after a Ctrl-C
 * the partial summary's PAR_EXIT_INTERRUPTED. */
int cli_run_report(const run_result *r, int json);
/* The drawing flags: --color[=auto|always|never] and --ascii. */
typedef struct cli_view {
    const char *when;         /* --color's value; NULL: auto */
    int ascii;                /* --ascii */
    int width;                /* --width; 0: the terminal's (cli_terminal_columns) */
    view_opts opts;           /* what cli_view_resolve decided */
} cli_view;

/* Handles --color, --color=WHEN and --ascii at argv[*i]: 1 consumed, 0 not
 * one of them, -1 after a usage error (printed). */
int cli_view_arg(cli_view *v, int argc, char **argv, int *i, const char *command);
/* Decides colour (for output to FD: a terminal, NO_COLOR), Unicode (the
 * locale) and the width boards may take (--width, else FD's terminal). */
void cli_view_resolve(cli_view *v, int fd);
/* The bounds of --width. */
#define CLI_WIDTH_MIN 20
#define CLI_WIDTH_MAX 1000
/* The columns of the terminal at FD, else $COLUMNS, else 80; its rows,
 * else $LINES, else 24. */
int cli_terminal_columns(int fd);
int cli_terminal_rows(int fd);
/* Reading what a person types (cli_input.c). */
enum { CLI_LINE_EOF = 0, CLI_LINE_OK = 1, CLI_LINE_LONG = -1, CLI_LINE_NUL = -2, CLI_LINE_ENDLESS = -3 };
/* Bytes without a line end after which input is not lines of text (/dev/zero). */
#define CLI_LINE_SKIP_MAX 65536
/* Sets up line editing (libedit) when TERMINAL and the program has it;
 * returns 1 when lines are edited. */
int cli_input_begin(int terminal);
/* Reads one line into BUF without its line end, showing PROMPT first (NULL:
 * none). Returns CLI_LINE_OK, CLI_LINE_EOF, CLI_LINE_LONG for a line too
 * long for BUF (skipped), CLI_LINE_NUL for a line holding a NUL byte
 * (skipped alone, not the next line with it), or CLI_LINE_ENDLESS when
 * CLI_LINE_SKIP_MAX bytes come without a line end. */
int cli_input_line(const char *prompt, char *buf, size_t size);
/* What tab completes from now on (the caller keeps the strings). */
void cli_input_set_words(const char *const *words, int n);

#define CLI_VIEW_HELP \
    "  --color[=WHEN]    colour the board: auto (the default: when the output is a\n" \
    "                    terminal and NO_COLOR is not set), always or never.\n" \
    "  --ascii           draw with ASCII letters only: o and O (a king) for the\n" \
    "                    light player, x and X for the dark one (the default draws\n" \
    "                    Unicode pieces when the locale is UTF-8).\n" \
    "  --width N         the columns a board may take, 20 to 1000 (default: the\n" \
    "                    terminal's width, else $COLUMNS, else 80); a numbered\n" \
    "                    board's key of cell numbers is left out when it does not fit.\n"

/* ---- the commands (main.c) ------------------------------------------------ */

/* One command of the program. The table of them (cli_commands) drives
 * dispatch, `tabula --help`, `tabula help CMD`, the man page and shell
 * completion: a new command is one entry. HELP is the text its --help
 * prints; flags are read from it (the usage lines and option lists), so
 * a flag is documented, completed and listed in one place. */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    const char *const *help;
} cli_command;

extern const cli_command cli_commands[];
extern const int cli_ncommands;
const cli_command *cli_find_command(const char *name);
/* The program's usage (`tabula --help`): commands, common options, files. */
void cli_print_usage(FILE *out);

extern const char *const cli_help_help;

/* A flag found in a help text: "--seed" with its value's placeholder "S",
 * or "" for a flag that takes none. */
typedef struct cli_flag {
    char name[40];
    char value[40];
} cli_flag;

/* The flags a help text mentions (in usage lines, option lists and prose),
 * each once, in order of appearance; returns how many (at most MAX). */
int cli_help_flags(const char *help, cli_flag *out, int max);

/* ---- output for programs (cli_output.c) ------------------------------------ */

typedef enum cli_diag_format { CLI_DIAG_TEXT, CLI_DIAG_JSON, CLI_DIAG_SARIF } cli_diag_format;

/* Takes --diagnostics-format=FMT out of ARGV (whatever the command) and
 * notes --json. Returns -1, or EXIT_USAGE after a message for a bad format. */
int cli_output_setup(int *argc, char **argv);
/* After the command: prints the kept diagnostics as JSON or SARIF, and with
 * --json the error document when the command failed without writing its
 * own. Returns CODE. */
int cli_output_finish(int code);
cli_diag_format cli_output_format(void);
/* Starts the command's JSON document (on standard output). */
void cli_json_begin(json_writer *w);
/* Where a command writes its JSON document itself (standard output, or what
 * cli_json_divert saved); marks the document written. */
FILE *cli_json_stream(void);
/* For commands that print text as they go (play, replay): standard output
 * goes to stderr from now on, and the JSON document to the stream returned. */
FILE *cli_json_divert(void);
/* Diagnostics kept so far (with --json or a machine format), and those from
 * index FROM to TO as a JSON array; cli_diag_errors counts the errors. */
int cli_diag_count(void);
int cli_diag_errors(int from, int to);
void cli_json_diagnostics(json_writer *w, const char *key, int from, int to);
/* The same objects without the array around them. */
void cli_json_diagnostic_items(json_writer *w, int from, int to);

/* ---- the commands ----------------------------------------------------------- */

/* `--dice A,B`: the values of a roll, fixed instead of rolled. */
typedef struct cli_dice {
    int n;              /* 0: not given */
    uint8_t v[6];
} cli_dice;
/* Parses TEXT ("6,5"; NULL when --dice came last) into D; returns 1, or 0
 * after a usage error message. */
int cli_parse_dice(const char *command, const char *text, cli_dice *d);
/* Makes D the roll of the turn under way in ST (a double expanded as the game
 * says); returns 1, or 0 after an error message when the game has no dice or
 * D is not one of its rolls. */
int cli_set_dice(const char *command, const ruleset *rs, state *st, const cli_dice *d);

int cli_validate(int argc, char **argv);
int cli_info(int argc, char **argv);
int cli_moves(int argc, char **argv);
int cli_perft(int argc, char **argv);
int cli_playout(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_test(int argc, char **argv);
int cli_reference(int argc, char **argv);
int cli_match(int argc, char **argv);
int cli_analyze(int argc, char **argv);
int cli_diff(int argc, char **argv);
int cli_merge(int argc, char **argv);
int cli_fmt(int argc, char **argv);
int cli_expand(int argc, char **argv);
int cli_rules(int argc, char **argv);
int cli_help(int argc, char **argv);
int cli_complete(int argc, char **argv);
int cli_render(int argc, char **argv);
int cli_why(int argc, char **argv);

/* The help texts, one per command. */
extern const char *const cli_validate_help, *const cli_info_help, *const cli_moves_help, *const cli_perft_help,
    *const cli_playout_help, *const cli_play_help, *const cli_replay_help, *const cli_test_help,
    *const cli_expand_help, *const cli_fmt_help, *const cli_reference_help, *const cli_rules_help,
    *const cli_render_help, *const cli_match_help, *const cli_analyze_help, *const cli_diff_help,
    *const cli_merge_help, *const cli_why_help;

#endif
