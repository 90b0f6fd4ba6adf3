/* move.h - a move as one whole decision (a capture chain is one move), its
 * compact encoding, and its canonical notation. */
#ifndef TABULA_MOVE_H
#define TABULA_MOVE_H

#include <stdint.h>
#include "ruleset.h"

#define TB_MAX_PATH 32   /* landing cells of one capture chain */
#define TB_MAX_MOVES 1024 /* legal moves of one position */

typedef enum move_kind {
    MOVE_STEP,   /* one cell, perhaps capturing by landing: c2-c3 */
    MOVE_SLIDE,  /* several cells in a line: d6-d9 */
    MOVE_CHAIN,  /* one or more jumps: c3xe5xg7 */
    MOVE_ADVANCE,  /* track: a piece moves by one die: 1-5 */
    MOVE_ENTER,    /* track: a piece re-enters from the bar: bar-3 */
    MOVE_BEAR_OFF, /* track: a piece leaves the track: 20-off/6 */
    MOVE_EXCHANGE, /* tiles: collected tiles buy the removal of an enemy piece: xd2.4 */
} move_kind;

typedef struct move {
    uint8_t kind;           /* move_kind */
    cell_id from, to;       /* first and last cell */
    uint8_t mover;          /* the moving piece's type before any promotion */
    uint8_t promote;        /* the type it becomes, or 255 */
    uint8_t die;            /* track: the die value used */
    uint8_t rule;           /* the move rule that made it (index into rules[]), 255 for none */
    uint8_t npath;          /* chain: landing cells in path[] (to is the last) */
    uint8_t ncaps;          /* cells whose pieces are captured */
    uint8_t caps_by_type[TB_MAX_PIECE_TYPES]; /* captured pieces per type */
    uint8_t first_cap[TB_MAX_PIECE_TYPES];    /* chain: 1 + the index in caps of the first piece of each type taken; 0: none */
    cell_id path[TB_MAX_PATH]; /* chain: landing cells in order */
    cell_id caps[TB_MAX_PATH]; /* captured cells in the order taken */
} move;

/* Writes the notation of M into BUF (at least 128 bytes). */
void move_notation(const ruleset *rs, const move *m, char *buf, int size);

/* The notation of moves between cells (steps, slides, chains), shared by
 * the topologies that write moves as cell names. */
void move_notation_cells(const ruleset *rs, const move *m, char *buf, int size);

/* 1 when A and B are the same decision. */
int move_equal(const move *a, const move *b);

#endif
