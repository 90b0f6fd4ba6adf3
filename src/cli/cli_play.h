/* cli_play.h - a game session of `tabula play`, shared by the game loop
 * (cli_play.c), the human's turn (cli_human.c) and `tabula replay`
 * (cli_replay.c). */
#ifndef TABULA_CLI_PLAY_H
#define TABULA_CLI_PLAY_H

#include "cli.h"
#include "agent/agent.h"
#include "io/record.h"
#include "engine/turns.h"

/* A decision point kept for `undo`. */
typedef struct snapshot {
    state st;                 /* the position before the decision */
    record_turn turn;         /* where the turn stood */
    int nmoves;               /* record entries before it */
    view_mark mark;           /* the move highlighted then */
    int human;                /* a human made the decision */
} snapshot;

/* Everything a game session owns, freed in one place. */
typedef struct session {
    ruleset *rs;
    agent *agents[2];
    agent *hint;              /* made at the first `hint` */
    const char *hint_spec;    /* --hint, or NULL for the default */
    double time_limit;        /* --time: seconds per AI decision, 0 for none */
    game_record old;          /* the record resumed */
    game_record rec;          /* the record written */
    move_list legal;          /* the legal moves of the position to play */
    char rule_path[4096];
    const char *out_path;     /* where the record goes, or NULL */
    record_log log;           /* the record on disk, appended to move by move */
    uint64_t seed;
    double seconds[2];        /* time each agent spent */
    long long work[2];        /* iterations or nodes */
    long decisions[2];
    cli_view view;            /* how boards are drawn */
    int quiet;                /* --quiet: no boards */
    int fen;                  /* each board drawn is followed by its FEN (replay --show) */
    int interactive;          /* standard input is a terminal: prompts */
    int status_line;          /* standard error is a terminal: the AI's status line */
    view_mark mark;           /* the last move played */
    snapshot *undo;           /* decision points, oldest first */
    int nundo, undo_cap;
    int resigned;             /* the player who resigned, or 0 */
    long max_moves;           /* moves before the game is cut off, a draw */
    long played;              /* moves played (passed turns not counted) */
    int idle_lines;           /* lines of input in a row that played no move (any command counts) */
    move queued[TURNS_MAX_MOVES]; /* the rest of a turn the human typed whole (`8/5 6/5`), played next */
    int nqueued, queued_for;  /* how many, and the player they are for */
} session;

/* The command line of play and replay. */
typedef struct play_args {
    cli_common common;
    cli_view view;
    const char *file;         /* the rule file, or NULL with --resume */
    const char *spec[2];      /* --p1, --p2 */
    const char *record_path;  /* --record */
    const char *resume_path;  /* --resume */
    const char *hint_spec;    /* --hint */
    const char *html_path;    /* replay --html */
    double time_limit;        /* --time */
    uint64_t seed;
    long max_moves;           /* --max-moves, or 0 for the default */
    int has_seed, quiet, show;
    int full_path;            /* --full-path: capture chains shown by every landing cell */
    cli_dice dice;            /* --dice: the first roll */
} play_args;

/* Frees everything S owns. */
void session_free(session *s);
/* Loads the rule file (a->file, or the resumed record's) with the record's
 * options and then the command line's, checks the record's game against it
 * and makes the move buffer. Returns an exit code, or -1 when all is well. */
int session_load_rules(session *s, const play_args *a, const char *command, diag_sink *diags);

/* What the human's turn ends with, besides the index of a legal move.
 * HUMAN_GARBAGE: input that is not moves (endless bytes without a line end,
 * or, from a pipe or a file, PLAY_MAX_IDLE lines in a row without a move,
 * counted across turns: `undo` ends a turn without a move). */
enum { HUMAN_EOF = -1, HUMAN_QUIT = -2, HUMAN_RESIGN = -3, HUMAN_UNDO = -4, HUMAN_GARBAGE = -5 };

/* Asks the human to move until a legal move is typed (or a command ends the
 * turn otherwise). ST is the position, with N legal moves in s->legal. */
int human_turn(session *s, state *st, int n);

/* Why a game cut off by --max-moves ended: "a draw: the game was cut off ...". */
void session_cut_off_reason(int moves, char *buf, size_t size);

/* Prints the board of ST with the last move marked (nothing with --quiet). */
void session_show(session *s, const state *st);
/* Before OUTPUT (FLAG's value) is written: refuses it, with a message, when
 * it is the rule file, one of its bases or RECORD (NULL: none), the record
 * read. Returns 1 when OUTPUT may be written. */
int session_output_ok(const session *s, const char *command, const char *flag, const char *output,
                      const char *record);
/* Saves the record (when there is one to write); 0 after an error message. */
int session_save(session *s);

/* Lets AGENT (playing in ST, N legal moves in s->legal) choose, with the
 * status line on a terminal; WHO names it there ("player 2 (mcts:1000)"). */
int session_think(session *s, agent *a, state *st, int n, rng *r, const char *who);
/* "win chance 54%", "+1.00", "wins in 3 plies": an agent's value in words. */
void session_value_text(int kind, double value, char *buf, size_t size);
/* The roll DICE (N values, as a record keeps them: a double expanded to its
 * moves) as players write it: "4-3", "6-6", "1-1". */
void session_roll_text(const ruleset *rs, const uint8_t *dice, int n, char *buf, size_t size);

#endif
