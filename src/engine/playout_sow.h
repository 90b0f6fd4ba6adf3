/* playout_sow.h - the playouts' fast path for sowing games, where every
 * move empties one of the mover's pits and sows its seeds along the loop
 * (the pick of movegen_pick_sow), perhaps takes the pit opposite or pits
 * holding so many seeds, and perhaps gives another turn; the game ends when
 * a side's pits are empty, a store holds enough, or by repetition. A whole
 * random game is played on the loop's seed counts, move for move the game
 * the general path plays with the same random numbers (movegen_pick_sow,
 * sow_complete, engine_apply, engine_check_end), so a playout's result does
 * not depend on which path ran. The compiler chooses it
 * (playout_sow_prepare); tests/check_movegen.c plays both paths side by
 * side and compares the positions they end in. */
#ifndef TABULA_PLAYOUT_SOW_H
#define TABULA_PLAYOUT_SOW_H

#include "state.h"

/* How a game played on counts ended. */
typedef struct sow_game {
    long plies;          /* moves played */
    int last;            /* the cell the last move's last seed fell on */
    uint8_t mover;       /* the player who made the last move */
    uint8_t decided;     /* an end condition a move met decided */
    uint8_t stuck;       /* the player to move has no seeds to sow (or the position
                          * is not one the path plays): the general path goes on from here */
    uint8_t over, winner; /* the result, as the general path sets it */
} sow_game;

/* Sets rs->sow_playouts (and rs->sow_opposite) when every game of RS fits
 * the fast path: every move a sowing picked by its pit (rs->pick_sowing),
 * two players, a square board, no count of quiet moves or checks; captures
 * none, of the opposite pit or of counts (a grand slam allowed or taking
 * nothing), stores wherever a capture puts seeds; end conditions among
 * `pits-empty`, `stored`, `repetition` (a draw) and `blocked`. Called after
 * movegen_complete_prepare. */
void playout_sow_prepare(ruleset *rs);

/* 1 when a playout from ST takes the fast path: RS allows it and ST is an
 * ongoing position with both players in. */
static inline int playout_sow_fits(const ruleset *rs, const state *st)
{
    return rs->sow_playouts && st->h.status == STATUS_ONGOING && !st->h.out;
}

/* Plays the random game from FROM (playout_sow_fits) with R, at most
 * MAX_PLIES moves, into G: the random numbers movegen_pick_sow would draw.
 * With INTO (FROM itself or a copy of it), INTO becomes the position the
 * general path ends in (cells, counts, hash, history, player to move,
 * result). When G->stuck, the game is not over: the general path goes on
 * from INTO (and the random numbers drawn so far are its own). */
void playout_sow_play(const ruleset *rs, const state *from, rng *r, long max_plies, state *into, sow_game *g);

#endif
