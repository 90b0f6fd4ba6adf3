/* tabula.h - the public interface of libtabula, a declarative board-game
 * rules interpreter.
 *
 * Load a rule file (a path, or a bundled game's name) with its options,
 * start a game, list and play legal moves in the game's notation, undo them,
 * copy a game, read the result, look at the cells, and play random games.
 * Handles are opaque. Every function taking a handle requires a valid one.
 * These functions keep no global state: handles may be used from several
 * threads as long as one handle is not used by two at once (a tb_rules may
 * be shared by games in different threads: games only read it).
 *
 * The interface is versioned by the soname (libtabula.so.1); see
 * docs/library.md for a tour, the example program docs/example.c, and how
 * bundled names are found. Build against it with
 * `pkg-config --cflags --libs libtabula`. */
#ifndef TABULA_H
#define TABULA_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TB_NOTATION_MAX 160 /* bytes of one move in notation, with the NUL (a chain of 32 jumps: 132) */

typedef struct tb_rules tb_rules; /* a compiled rule file */
typedef struct tb_game tb_game;   /* a game in progress */

typedef struct tb_option {
    const char *name;  /* a ruleset option declared in the file */
    const char *value; /* its value, as on the command line */
} tb_option;

/* ---- rule files ----------------------------------------------------------- */

/* Loads PATH (or a bundled game name) with OPTIONS set. Errors and warnings
 * are printed to DIAGNOSTICS (NULL: not printed) in the form
 * FILE:LINE:COL: error: MESSAGE. *STATUS (when STATUS is not NULL) is 0 on
 * success, 1 for an invalid rule file or option, 2 when the file cannot be
 * read. Returns NULL on failure. */
tb_rules *tb_rules_load(const char *path, const tb_option *options, int noptions,
                        FILE *diagnostics, int *status);
/* The same, with the diagnostics written into MESSAGES (SIZE bytes, always
 * NUL-terminated when SIZE > 0; cut short when they do not fit), for callers
 * without a FILE (other languages' bindings). MESSAGES may be NULL. */
tb_rules *tb_rules_load_messages(const char *path, const tb_option *options, int noptions,
                                 char *messages, size_t size, int *status);
void tb_rules_free(tb_rules *rules);

/* The game's title, as in (game "Title" ...). */
const char *tb_rules_title(const tb_rules *rules);
/* The options the file declares, with their values for this load (the
 * default, or as set); I from 0 to tb_rules_option_count() - 1. Values are
 * written as on the command line: "8", "on", "classic". */
int tb_rules_option_count(const tb_rules *rules);
const char *tb_rules_option_name(const tb_rules *rules, int i);
const char *tb_rules_option_value(const tb_rules *rules, int i);
/* The cells (numbered from 0 in the board's order) and their names, the
 * piece types (from 0) and their names; NULL for an index out of range. */
int tb_rules_cell_count(const tb_rules *rules);
const char *tb_rules_cell_name(const tb_rules *rules, int cell);
int tb_rules_piece_count(const tb_rules *rules);
const char *tb_rules_piece_name(const tb_rules *rules, int piece);
/* The players, numbered from 1: 2, or up to TB_PLAYERS_MAX on a track. */
int tb_rules_player_count(const tb_rules *rules);
/* The name a player goes by in the rules ("white"), from 1 to
 * tb_rules_player_count(); NULL out of range. */
const char *tb_rules_player_name(const tb_rules *rules, int player);
/* The team of a player (from 1) when the rules make partners (`teams`):
 * players of one team win together, the team's win named by its
 * first-numbered player. 1 up to the number of teams; 0 when each player
 * plays for itself, or out of range. */
int tb_rules_player_team(const tb_rules *rules, int player);

/* ---- games ----------------------------------------------------------------- */

/* A game from the start position. SEED seeds the game's random generator:
 * the dice of a dice game, and tb_game_random_move()/tb_game_playout(). The
 * rules must outlive the game. Returns NULL when out of memory. */
tb_game *tb_game_new(const tb_rules *rules, uint64_t seed);
/* An independent copy of GAME: position, history (for undo) and random
 * generator; NULL when out of memory. */
tb_game *tb_game_copy(const tb_game *game);
void tb_game_free(tb_game *game);

/* The legal moves in notation, one per entry of OUT (at most MAX; OUT may be
 * NULL when MAX is 0); returns the number of legal moves, 0 when the game is
 * over, -1 when they cannot be listed (out of memory, or more legal moves
 * than the bound of docs/limits.md: never part of them). The order is the engine's and is the same every time for the same
 * position: tb_game_play_index() takes an index into it. In a game with
 * dice a move is the use of one die. */
int tb_game_legal_moves(tb_game *game, char (*out)[TB_NOTATION_MAX], int max);
/* Plays a move written in notation; returns 0, or -1 when it is not legal. */
int tb_game_play(tb_game *game, const char *notation);
/* Plays the legal move of that index (as tb_game_legal_moves() lists
 * them); returns 0, or -1 when there is no such move. */
int tb_game_play_index(tb_game *game, int index);
/* Takes back the last move played; returns 0, or -1 when none was played. */
int tb_game_undo(tb_game *game);
/* The number of moves played (and not taken back), and the notation of
 * the I-th (from 0); NULL for an index out of range. */
int tb_game_move_count(const tb_game *game);
const char *tb_game_move_at(const tb_game *game, int i);

/* NULL while the game goes on; else the result text: "draw", "win 1",
 * "double-win 2", "triple-win 1". */
const char *tb_game_result(const tb_game *game);
/* 1 when the game is over, with the winner (0 for a draw, else the player, from 1) in
 * *WINNER and the points won (1 single, 2 double, 3 triple; 0 for a draw)
 * in *POINTS; 0 while it goes on. WINNER and POINTS may be NULL. */
int tb_game_outcome(const tb_game *game, int *winner, int *points);
/* The player to move, from 1 to tb_rules_player_count(). */
int tb_game_to_move(const tb_game *game);

/* What is on CELL: returns the owner (a player, from 1) or 0 for an empty cell, with
 * the piece type in *PIECE and the pieces stacked there in *HEIGHT (both
 * may be NULL; -1 and 0 for an empty cell). -1 for a cell out of range. */
int tb_game_cell(const tb_game *game, int cell, int *piece, int *height);
/* The dice still to play this turn (dice games), at most MAX into OUT;
 * returns how many there are. */
int tb_game_dice(const tb_game *game, int *out, int max);

/* ---- random play ----------------------------------------------------------- */

/* Plays one uniformly random legal move with the game's generator; returns
 * its index (as tb_game_play_index() takes it), or -1 when the game is over. */
int tb_game_random_move(tb_game *game);
/* Plays uniformly random moves until the game ends or MAX_MOVES are played
 * (MAX_MOVES <= 0: no limit but the engine's, 100000); returns the number
 * played. They are undoable like any other move. */
long tb_game_playout(tb_game *game, long max_moves);

/* The most players a game has (tb_rules_player_count()). */
#define TB_PLAYERS_MAX 4

/* Totals of tb_rules_playouts(). */
typedef struct tb_playout_stats {
    long games;          /* games played */
    long wins[TB_PLAYERS_MAX];   /* games won by player 1, 2, ..., whatever the points; 0 past the players */
    long points[TB_PLAYERS_MAX]; /* points won (a double win counts 2) */
    long draws;
    long unfinished;     /* games cut off by the engine's length limit */
    long long moves;     /* moves over all games */
} tb_playout_stats;

/* Plays N random games from the start position, the same games as
 * `tabula playout -n N --seed SEED`, and adds them up in *STATS (zeroed
 * first). Returns 0, or -1 when out of memory or when a position's moves
 * cannot be listed (more than the bound of docs/limits.md). */
int tb_rules_playouts(const tb_rules *rules, long n, uint64_t seed, tb_playout_stats *stats);

/* The library's version ("0.1.0"). */
const char *tb_version(void);

#ifdef __cplusplus
}
#endif

#endif
