/* gnubg_id.h - gnubg's position ID and match ID, read and written,
 * so that a position can be pasted from gnubg and back ("POSITIONID:MATCHID",
 * as gnubg shows them).
 *
 * The position ID (14 base64 characters, an 80-bit key) holds the pieces
 * of both sides, each counted on its own points 1..24 and the bar, the
 * player on roll's second. The match ID (12 characters, 66 bits) holds the
 * cube, the player on roll, the dice, the game state and the match score.
 * gnubg's player 1 is tabula's player 1, gnubg's player 0 tabula's player 2.
 * Positions have no cube nor match score: they are written as a money game
 * with the cube centred at 1, and read and checked but not kept. */
#ifndef TABULA_GNUBG_ID_H
#define TABULA_GNUBG_ID_H

#include <stddef.h>
#include "engine/state.h"

/* "POSITIONID:MATCHID" and its NUL. */
#define GNUBG_ID_TEXT_MAX 32

/* NULL when RS fits gnubg's IDs: a track of 24 points, the two paths
 * running opposite ways, a bar, hits and bearing off without pins, two
 * six-sided dice, two sides of 15 pieces; else what the IDs describe that
 * RS lacks, in words that follow "which describe". */
const char *gnubg_id_unfit(const ruleset *rs);

/* Writes the IDs of ST into BUF. A match ID has the dice of a roll not yet
 * played only: in the middle of a turn they are written as not rolled. */
void gnubg_id_write(const ruleset *rs, const state *st, char *buf, size_t size);

/* Reads TEXT, "POSITIONID" or "POSITIONID:MATCHID", into ST: the player on
 * roll is the match ID's (player 1 without one), and so are the dice when
 * they are rolled (else ST has none, for the caller to roll). Returns 0 with
 * a message in ERR (the character and what is wrong with it, a wrong length,
 * more than 15 pieces, a field out of range). */
int gnubg_id_read(const ruleset *rs, const char *text, state *st, char *err, size_t errsize);

#endif
