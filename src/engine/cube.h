/* cube.h - the doubling cube and match scores: who may double, take, drop
 * or beaver, what a game is worth, and the Crawford and Jacoby rules.
 *
 * The position knows nothing of the cube: the front ends (play, match,
 * replay) keep a cube_game beside the state and ask here before a roll.
 * Everything is plain arithmetic on the ruleset's (doubling-cube ...)
 * parameters, so playouts and searches are untouched. */
#ifndef TABULA_CUBE_H
#define TABULA_CUBE_H

#include <stddef.h>
#include "ruleset.h"

#define CUBE_MATCH_MAX 255 /* --match-to: the longest match */

/* A match to `to` points, or money play (to = 0). */
typedef struct cube_match {
    int to;                 /* points to win; 0: money play (no match) */
    int score[2];           /* points of players 1 and 2 so far */
    int crawford_done;      /* the Crawford game was played (or started) */
    int games;              /* games finished */
} cube_match;

/* The cube of one game. */
typedef struct cube_game {
    int value;              /* 1, 2, 4 ... */
    int owner;              /* 0: centred (either may double); else the player who may double next */
    int offered;            /* the player whose double awaits an answer, or 0 */
    int dropped;            /* the player who dropped (the game is over: the other wins), or 0 */
    int crawford;           /* this is the Crawford game: no doubling */
    int beavered;           /* the double was beavered */
} cube_game;

/* A cube action, as records and the human's commands name them. */
typedef enum cube_action { CUBE_NONE, CUBE_DOUBLE, CUBE_TAKE, CUBE_DROP, CUBE_BEAVER } cube_action;

/* "double", "take", "drop", "beaver"; "" for CUBE_NONE. */
const char *cube_action_name(int action);
/* The action named TEXT (any case), or CUBE_NONE. */
int cube_action_of(const char *text);

void cube_match_init(cube_match *m, int to);
/* Starts a game of match M: the cube centred at 1, and the Crawford game
 * when the rules have the rule, a player needs one point and the other
 * more, and no Crawford game was played yet (M is marked). */
void cube_game_start(const ruleset *rs, cube_match *m, cube_game *g);

/* Whether PLAYER may now take ACTION; 0 with the reason in WHY ("the cube
 * is player 2's: only they may double"). DOUBLE is asked before the roll. */
int cube_allowed(const ruleset *rs, const cube_match *m, const cube_game *g, int player, int action, char *why,
                 size_t size);
/* Plays ACTION of PLAYER (cube_allowed said yes). */
void cube_apply(cube_game *g, int player, int action);

/* The points a game won by WINNER with SCORE (1 single, 2 double, 3 triple)
 * is worth: SCORE (single under the Jacoby rule in money play while the
 * cube is centred) times the cube. A dropped game is worth the cube before
 * the double. */
int cube_points(const ruleset *rs, const cube_match *m, const cube_game *g, int score);
/* Adds a game won by WINNER for POINTS to M. Returns 1 when it won the match. */
int cube_match_add(cube_match *m, int winner, int points);
/* M's winner, or 0 while the match goes on (and always in money play). */
int cube_match_winner(const cube_match *m);

/* "cube 2, player 1's", "cube 1, centred", "cube 4, player 2 doubled,
 * player 1 to answer" and, in a match, ", Crawford game". */
void cube_text(const cube_match *m, const cube_game *g, char *buf, size_t size);

#endif
