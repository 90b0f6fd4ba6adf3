/* record.h - game records: the YAML file `play --record` writes as the game
 * goes and `replay` (and `play --resume`) read back. The format is described
 * in docs/records.md.
 *
 * Writing a whole record is atomic (a temp file in the same directory,
 * fsync, rename); while a game is played, each move is a line appended to
 * it (record_log), so a record on disk is always a whole, readable game so
 * far. Reading keeps the
 * YAML tree, so that a bad move or a wrong result found while replaying is
 * reported at its FILE:LINE:COL. */
#ifndef TABULA_RECORD_H
#define TABULA_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "compile/compile.h"
#include "engine/cube.h"
#include "engine/engine.h"
#include "yaml_doc.h"

#define RECORD_FORMAT 1        /* the `tabula-record:` version written */
#define RECORD_TEXT_MAX 160    /* bytes of a move in notation, with the NUL (TB_NOTATION_MAX) */
#define RECORD_AGENT_MAX 48     /* an agent spec with its budget (AGENT_SPEC_MAX) */
#define RECORD_MAX_DICE 6

/* A move of a record: a few dozen bytes, the text kept in the record's
 * text blocks, so that a long game stays small in memory. */
typedef struct record_move {
    const char *text;              /* the move in notation (at most RECORD_TEXT_MAX - 1 bytes) */
    uint8_t ndice;                 /* dice games: the roll of the turn this move is part of */
    uint8_t dice[RECORD_MAX_DICE];
    const yaml_item *item;         /* where it was read; NULL for moves played */
    const yaml_item *dice_item;    /* where its dice were read, or NULL */
    uint8_t announced;             /* the rules' announcement (game_record.announce) followed it */
    uint8_t cube;                  /* a cube action (cube_action: {cube: "double"}), not a move; 0 for a move */
    uint8_t resign;                /* a resignation in a game of more than two ({resign: 3}): the player; else 0 */
} record_move;

/* A block of the moves' texts, one after the other. */
typedef struct record_text_block {
    struct record_text_block *next;
    size_t used, size;
    char text[];
} record_text_block;

/* Room for a start position's text (FEN of the largest boards, gnubg IDs). */
#define RECORD_START_MAX 2048

typedef struct game_record {
    char game[64];                 /* the ruleset's title */
    char path[4096];               /* the rule file */
    char announce[TB_NAME_LEN];    /* what the rules announce after a capture threat ("Cura"), or "" */
    int noptions;                  /* every declared option, with its value */
    char option_name[TB_MAX_OPTIONS][TB_NAME_LEN];
    char option_value[TB_MAX_OPTIONS][TB_NAME_LEN];
    int has_seed;
    uint64_t seed;                 /* the game context's seed */
    char agent[TB_MAX_PLAYERS][RECORD_AGENT_MAX]; /* agent specs of players 1, 2, ...; "" when unknown */
    int players;                   /* players written under `agents` (0: two) */
    /* The position the game started from, when not the rules' start: `start:
     * {fen: ...}` or `start: {gnubg-id: ...}` (one of the two, else both ""). */
    char start_fen[RECORD_START_MAX];
    char start_gnubg_id[RECORD_START_MAX];
    int nmoves, capacity;
    record_move *moves;
    record_text_block *texts;      /* where the moves' texts are, newest block first; owned, like
                                    * moves: a copy of the struct must not be freed */
    char result[32];               /* "ongoing", "draw", "win 1", "double-win 2" */
    int resigned;                  /* two players: the player who resigned (result: the other wins), or 0
                                    * (with more, resignations are entries of `moves`: record_move.resign) */
    int cut_off;                   /* the game was cut off, a draw, after this many moves (play --max-moves), or 0 */
    int has_cube;                  /* the rules have a doubling cube: `points` is written */
    int points;                    /* a finished game with a cube: what it was worth (result x cube), else 0 */
    int match_to;                  /* a game of a match to this many points (`match:`), or 0 */
    int match_game;                /* its number in the match, from 1 */
    int match_score[2];            /* the score before it */
    int match_crawford;            /* it is the Crawford game */
    uint64_t match_seed;           /* the match's seed (game K's seed derives from it) */

    /* Set when the record was read from a file. */
    yaml_doc *doc;
    const yaml_item *root, *game_item, *path_item, *seed_item, *result_item, *resigned_item, *cut_off_item;
    const yaml_item *points_item, *match_item, *start_item;
    const yaml_item *agent_item[TB_MAX_PLAYERS];
} game_record;

/* The position REC's game started from: its `start`, read against RS, or
 * the rules' start. 0 with a message in ERR when `start` does not fit RS. */
int record_start_position(const game_record *rec, const ruleset *rs, state *st, char *err, size_t size);
/* Keeps ST as REC's start, in the game's FEN or gnubg ID; 0 with a message
 * in ERR when RS has neither form (or the text is too long). */
int record_set_start(game_record *rec, const ruleset *rs, const state *st, char *err, size_t size);

void record_init(game_record *rec);
void record_free(game_record *rec);

/* Fills the ruleset part of REC from RS loaded from RULE_PATH, with the
 * options' effective values. The record names the rule file so that it
 * replays on another machine: a bundled game (one whose bare name finds
 * that very file) by its name, another file by its path relative to the
 * directory of RECORD_PATH (where the record is written; when NULL, the
 * path as given). */
void record_set_game(game_record *rec, const ruleset *rs, const char *rule_path, const char *record_path);

/* Appends a move; DICE may be NULL when NDICE is 0. Returns 0 when out of memory. */
int record_push(game_record *rec, const char *text, const uint8_t *dice, int ndice);
/* Appends a cube action (cube_action) as an entry of its own. */
int record_push_cube(game_record *rec, int action);
/* Appends the resignation of PLAYER (a game of more than two) as an entry of its own. */
int record_push_resign(game_record *rec, int player);
/* Appends a copy of entry I of FROM (a move, a pass, a cube action or a
 * resignation). Returns 0 when out of memory. */
int record_push_entry(game_record *rec, const game_record *from, int i);
/* The player whose resignation is REC's last entry (it ended a game of
 * more than two, when the game is over), or 0. */
int record_ending_resign(const game_record *rec);
/* The cube and match of REC's game at its start: M from `match:` (money
 * play without it). */
void record_match(const game_record *rec, cube_match *m);

/* Writes REC to PATH atomically. Returns 0 with a message ("PATH: ...")
 * in ERR on failure. */
int record_write(const game_record *rec, const char *path, char *err, size_t errsize);

/* A record written while its game is played: rewritten whole (atomically)
 * at the start, at an `undo` and at the end, and in between one line
 * appended per move. An ongoing record ends with its moves (`result:
 * "ongoing"` comes before them), so the file is a whole record after every
 * append; the appends are flushed to disk at most RECORD_SYNC_SECONDS
 * apart (a crash of the program loses nothing, a power cut at most the
 * last second's moves). */
typedef struct record_log {
    int open;                      /* fd is the record, open for appending (all zero: not open) */
    int fd;
    int entries;                   /* entries of the record on disk */
    off_t size;                    /* its size in bytes */
    double synced;                 /* when it was last flushed to disk */
} record_log;

/* Writes REC whole to WHERE (record_write) and, when its game goes on,
 * opens it for appending. Returns 0 with a message in ERR on failure. */
int record_log_write(record_log *log, const game_record *rec, const char *where, char *err, size_t errsize);
/* Appends REC's new entries to the record (or rewrites it whole when it
 * cannot: moves taken back, a game over, a file not open). Returns 0 with a
 * message in ERR on failure; the file on disk then still holds a whole record. */
int record_log_append(record_log *log, const game_record *rec, const char *where, char *err, size_t errsize);
/* Flushes the appended moves to disk and closes the file. */
void record_log_close(record_log *log);

/* Where a record for PATH goes (atomic_target): PATH itself, or the file a
 * symbolic link there points to, into TARGET. Returns 0 with a message in
 * ERR when PATH is a directory, FIFO, device or socket (the atomic write, a
 * temp file renamed over it, would replace it by a regular file) or a loop
 * of links. */
int record_target(const char *path, char *target, size_t size, char *err, size_t errsize);

/* Reads the record at PATH, checking its shape (keys, types) with located
 * errors. Returns 0 after reporting; *IO_ERROR is set when the file could not
 * be read at all. REC is valid (and must be freed) either way. */
int record_read(const char *path, game_record *rec, diag_sink *diags, int *io_error);

/* The same for a record already in memory (fuzzing); takes SRC. */
int record_read_source(src_file *src, game_record *rec, diag_sink *diags, int *io_error);

/* The record's options as settings for load_ruleset (pointing into REC and
 * located in its file). Returns the count. */
int record_settings(const game_record *rec, option_setting *out, int max);

/* The rule file a read record names: its path, taken relative to the
 * record's directory when it is relative. Returns 0 after a located error
 * when no such file exists. */
int record_rule_path(const game_record *rec, const char *record_path, diag_sink *diags, char *buf, size_t size);

/* Checks that RS is the game REC was recorded with (by title); located error otherwise. */
int record_check_game(const game_record *rec, const ruleset *rs, const char *rule_file, diag_sink *diags);

/* The entry of a dice game's turn lost whole: {move: pass, dice: [6, 6]}. */
#define RECORD_PASS "pass"
/* Consecutive turns passed without a move before the game is a draw (as in
 * engine_moves). */
#define RECORD_MAX_PASSES 64

/* Where a game stands in its turn: carried from a replay into play. */
typedef struct record_turn {
    int fresh;                      /* dice game: the dice of the turn to come were just rolled */
    int nroll;                      /* dice game: the dice of the turn under way */
    uint8_t roll[RECORD_MAX_DICE];
    int passes;                     /* turns passed in a row without a move */
    long rolls;                     /* rolls taken so far (a new one: a new turn) */
    cube_game cube;                 /* the doubling cube (rules with one) */
    long cube_roll;                 /* `rolls` when the cube was last decided (a take: the doubler rolls next) */
} record_turn;

/* The turn at the start of a game (after engine_seed), the cube centred at 1. */
void record_turn_start(const ruleset *rs, record_turn *turn);
/* Whether ST, where TURN stands, is the start of a turn of the player to
 * move, before its roll is seen: where a cube may be turned (never before
 * the first move of the game, whose roll decided who starts). */
int record_cube_point(const state *st, const record_turn *turn);

/* Plays the recorded moves from the start position into ST (dice seeded
 * with the record's seed), checking each: an illegal move, a move after the
 * end, missing or inconsistent dice, a wrong `pass`, a resignation out of
 * turn or in a game of two give a located error
 * and return -1 (so does a position whose moves MOVES cannot hold: see
 * move_list). MOVES is the caller's scratch list. Returns the number of
 * entries played, and where the turn stands in TURN (may be NULL). */
int record_replay(const game_record *rec, const ruleset *rs, state *st, move_list *moves, diag_sink *diags,
                  record_turn *turn);

/* Called by record_replay_visit after entry I was played into ST: M the
 * move (NULL for a pass, a cube action or a resignation: the entry's
 * `cube` or `resign` tells), PLAYER who played it, NEW_TURN 1 when the entry
 * began a turn (its dice were rolled for it). */
typedef void (*record_visit_fn)(void *ctx, int i, const state *st, const move *m, int player, int new_turn);
/* record_replay, calling VISIT after every entry. */
int record_replay_visit(const game_record *rec, const ruleset *rs, state *st, move_list *moves, diag_sink *diags,
                        record_turn *turn_out, record_visit_fn visit, void *ctx);

/* Brings ST to the next decision, like engine_moves, but stops where a dice
 * game's fresh roll cannot be played at all, so that the lost turn can be
 * recorded: returns -1 there (the caller records the pass, then calls
 * record_pass). Otherwise returns the legal moves (in MOVES), or 0 when the
 * game is over or MOVES->error is set (check it); at a fresh roll it takes
 * the roll into TURN. */
int record_settle(const ruleset *rs, state *st, move_list *moves, record_turn *turn);

/* Passes a turn none of whose dice could be played (after record_settle returned -1). */
void record_pass(const ruleset *rs, state *st, record_turn *turn);

/* The moves of REC, passed turns, cube actions and resignations not counted (what --max-moves counts). */
int record_moves_played(const game_record *rec);

/* Checks the recorded result against ST's; located error and 0 when they
 * differ. A resigned game is ongoing on the board, and won by the other
 * player; a game cut off is ongoing on the board after exactly `cut-off`
 * moves, and a draw. */
int record_check_result(const game_record *rec, const state *st, diag_sink *diags);
/* The same in a game with a doubling cube (RS's): CUBE is the cube after the
 * replay (record_turn.cube): a game dropped is won by the doubler, and
 * `points`, when written, is what the game was worth. */
int record_check_cube_result(const game_record *rec, const ruleset *rs, const state *st, const cube_game *cube,
                             diag_sink *diags);
/* The result and points of a game over (ST; CUBE may be NULL) into REC: a
 * drop or a resignation (rec->resigned) is won by the other player. */
void record_set_result(game_record *rec, const ruleset *rs, const state *st, const cube_game *cube);

/* Appends "[a, b, c]", the notation of MOVES, to BUF (truncated with "..."). */
void record_list_moves(const ruleset *rs, const move *moves, int n, char *buf, size_t size);

#endif
