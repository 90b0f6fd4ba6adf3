/* tabula.h - the public interface of libtabula, a declarative board-game
 * rules interpreter.
 *
 * Load a rule file, start a game, list and apply legal moves, read the
 * result, and print or parse moves in the game's notation. Handles are
 * opaque; diagnostics go to the FILE given at load time. */
#ifndef TABULA_H
#define TABULA_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TB_NOTATION_MAX 128 /* bytes of one move in notation, with the NUL */

typedef struct tb_rules tb_rules; /* a compiled rule file */
typedef struct tb_game tb_game;   /* a game in progress */

typedef struct tb_option {
    const char *name;  /* a ruleset option declared in the file */
    const char *value; /* its value, as on the command line */
} tb_option;

/* Loads PATH (or a bundled game name). Errors are printed to DIAGNOSTICS in
 * the form FILE:LINE:COL: error: MESSAGE. *STATUS is 0 on success, 1 for an
 * invalid rule file or option, 2 when the file cannot be read. */
tb_rules *tb_rules_load(const char *path, const tb_option *options, int noptions,
                        FILE *diagnostics, int *status);
void tb_rules_free(tb_rules *rules);
const char *tb_rules_title(const tb_rules *rules);

/* A game from the start position, with a seeded random generator (dice). */
tb_game *tb_game_new(const tb_rules *rules, uint64_t seed);
void tb_game_free(tb_game *game);

/* The legal moves in notation, one per entry of OUT (at most MAX); returns
 * the number of legal moves. */
int tb_game_legal_moves(tb_game *game, char (*out)[TB_NOTATION_MAX], int max);
/* Plays a move written in notation; returns 0, or -1 when it is not legal. */
int tb_game_play(tb_game *game, const char *notation);
/* 0 while the game goes on; else the result text ("win 1", "draw", ...). */
const char *tb_game_result(const tb_game *game);
/* The player to move, 1 or 2. */
int tb_game_to_move(const tb_game *game);

const char *tb_version(void);

#ifdef __cplusplus
}
#endif

#endif
