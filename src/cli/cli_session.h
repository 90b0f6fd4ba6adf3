/* cli_session.h - a game session of `tabula play`, shared by the game loop
 * (cli_play.c), the human's turn (cli_human.c), the doubling cube's
 * questions (cli_cube.c) and `tabula replay` (cli_replay.c); its services
 * are cli_session.c's. */
#define PLAY_LINE_MAX 512   /* the longest line a human may type */
#ifndef TABULA_CLI_SESSION_H
#define TABULA_CLI_SESSION_H

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
    agent *agents[TB_MAX_PLAYERS]; /* one per player (players 3 and up: NULL in a two-player game) */
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
    double seconds[TB_MAX_PLAYERS]; /* time each agent spent */
    long long work[TB_MAX_PLAYERS]; /* iterations or nodes */
    long decisions[TB_MAX_PLAYERS];
    cli_view view;            /* how boards are drawn */
    int quiet;                /* --quiet: no boards */
    int fen;                  /* each board drawn is followed by its FEN (replay --show) */
    int interactive;          /* standard input is a terminal: prompts */
    int status_line;          /* standard error is a terminal: the AI's status line */
    view_mark mark;           /* the last move played */
    snapshot *undo;           /* decision points, oldest first */
    int nundo, undo_cap;
    int resigned;             /* the player who resigned, or 0 */
    int out;                  /* bit p - 1: player p was out (resigned or put out) when the game stopped */
    long max_moves;           /* moves before the game is cut off, a draw */
    long played;              /* moves played (passed turns not counted) */
    int idle_lines;           /* lines of input in a row that played no move (any command counts) */
    move queued[TURNS_MAX_MOVES]; /* the rest of a turn the human typed whole (`8/5 6/5`), played next */
    int nqueued, queued_for;  /* how many, and the player they are for */
    cube_match match;         /* rules with a doubling cube: the match (to 0: money play) */
    cube_game *cube;          /* the cube of the game under way (in its record_turn), or NULL */
    cube_game replayed;       /* replay: the cube after the record's entries */
    move_list cube_buffer;    /* the agents' cube estimates' scratch list */
    int stopped;              /* a human quit: no more games of the match */
    uint64_t match_seed;      /* a match's seed: game K's is playout_game_seed(match_seed, K - 1) */
    char match_base[4096];    /* --record of a match: game K's record is BASE-K.yaml (K > 1) */
    char match_out[4200];     /* the path of the record of the game under way, from match_base */
} session;

/* The command line of play and replay. */
typedef struct play_args {
    cli_common common;
    cli_view view;
    const char *file;         /* the rule file, or NULL with --resume */
    const char *spec[TB_MAX_PLAYERS]; /* --p1, --p2, --p3, --p4 */
    const char *record_path;  /* --record */
    const char *resume_path;  /* --resume */
    const char *hint_spec;    /* --hint */
    const char *html_path;    /* replay --html */
    double time_limit;        /* --time */
    uint64_t seed;
    long max_moves;           /* --max-moves, or 0 for the default */
    long match_to;            /* --match-to: a match to this many points, or 0 */
    int has_seed, quiet, show;
    int full_path;            /* --full-path: capture chains shown by every landing cell */
    cli_dice dice;            /* --dice: the first roll */
    cli_position start;       /* --position, --fen, --gnubg-id: the game starts there */
} play_args;

/* Frees everything S owns. */
void session_free(session *s);
/* Loads the rule file (a->file, or the resumed record's) with the record's
 * options and then the command line's, checks the record's game against it
 * and makes the move buffer. Returns an exit code, or -1 when all is well. */
int session_load_rules(session *s, const play_args *a, const char *command, diag_sink *diags);
/* Makes the agents: command-line specs are usage errors (exit 2), the
 * record's are located errors (exit 1). Returns an exit code or -1. */
int session_make_agents(session *s, const play_args *a, diag_sink *diags);
/* Once the rules are loaded: the agents of players 3 and up (random unless
 * given), and the refusal of a --p3/--p4 the game has no player for, or of a
 * two-player search where more play. Returns an exit code or -1. */
int session_more_agents(session *s, const play_args *a, diag_sink *diags);

/* What the human's turn ends with, besides the index of a legal move.
 * HUMAN_GARBAGE: input that is not moves (endless bytes without a line end,
 * or, from a pipe or a file, PLAY_MAX_IDLE lines in a row without a move,
 * counted across turns: `undo` ends a turn without a move). */
enum { HUMAN_EOF = -1, HUMAN_QUIT = -2, HUMAN_RESIGN = -3, HUMAN_UNDO = -4, HUMAN_GARBAGE = -5 };

/* Asks the human to move until a legal move is typed (or a command ends the
 * turn otherwise). ST is the position, with N legal moves in s->legal. */
int human_turn(session *s, state *st, int n);

/* ---- the doubling cube (cli_cube.c) ---- */

/* At a cube point of a game with a cube (record_cube_point): the player to
 * move may double before the roll is shown, and the opponent takes, drops
 * or beavers; each action is printed and recorded. Returns 0 to go on
 * with the turn, 1 when a drop ended the game, a HUMAN_* code when a human
 * quit, resigned or input ended, or CUBE_TURN_FAILED when an agent's
 * estimate met a position whose moves could not be listed
 * (s->cube_buffer.error says why). */
#define CUBE_TURN_FAILED (-100)
int session_cube_turn(session *s, state *st, record_turn *turn);
/* A match in play: writes the match (to, game, score, Crawford) of the game
 * under way into s->rec. */
void session_match_record(session *s, const cube_game *g);
/* After a game of a match ended (s->rec's result and points): adds it to
 * the score and prints it; returns 1 when the match is over. */
int session_match_add(session *s);
/* Starts the next game of the match in ST and TURN, its record (named from
 * s->match_base) written. Returns an exit code (EXIT_OK when it started). */
int session_next_game(session *s, state *st, record_turn *turn);

/* "player 1 doubles to 2", "player 2 takes: cube 2, player 2's", "player 2
 * drops: player 1 wins 1 point" for ACTION by PLAYER, G the cube after it. */
void session_cube_action_text(int action, int player, const cube_game *g, char *buf, size_t size);
/* Why a game dropped at the cube G ended: "player 1 wins: player 2 dropped
 * the double to 2". */
void session_cube_reason(const cube_game *g, char *buf, size_t size);
/* A human typed a cube word (double, take, drop, beaver, roll) at the move
 * prompt, after the roll: prints why it does not apply here. */
void session_cube_word_refused(const session *s, int player, int action);

/* At a terminal, a yes to QUESTION (y or yes, any case); anything else,
 * or the end of input, is a no. */
int session_confirmed(const char *question);

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
