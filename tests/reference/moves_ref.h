/* moves_ref.h - a slow reference enumeration of the legal moves of a cell
 * board (square topology), written apart from the engine's generators:
 * from the board's geometry (columns and rows, not the engine's neighbour
 * and ray tables) and the compiled rules' parameters, by plain recursion
 * over whole board copies, with no bitboards, no in-place undo and no fixed
 * bound on moves or chains. The unit tests and the fuzz targets compare its
 * counts with the engine's, so that a generator that drops, cuts or repeats
 * moves is found (issue 26: a list cut at 1,024 moves went unnoticed).
 *
 * What it covers: steps (to empty cells, or onto enemies), slides (fixed
 * maxima, `row-others`, cells never entered), hops with chains (distances
 * before and after, `no-reverse`, captured pieces lifted at once or at the
 * end, landing only where the chain can go on, promotion in the middle of a
 * chain: ends, crowns, passes), then mandatory capture and one move per
 * distinct capture. Not covered: the max-capture hook's criteria (a ruleset
 * using it is compared on its moves before the hook) and other topologies. */
#ifndef TABULA_MOVES_REF_H
#define TABULA_MOVES_REF_H

#include "engine/engine.h"

/* 1 when the reference covers RS (a square board). */
int moves_ref_covers(const ruleset *rs);

/* The moves of the player to move in ST as the engine's movegen_pseudo
 * lists them (every rule, no filter); -1 when out of memory. */
long moves_ref_pseudo(const ruleset *rs, const state *st);

/* The legal moves (ongoing games only): the pseudo-legal moves, captures
 * only when a capture exists and capture is mandatory, one per distinct
 * capture unless RS keeps all paths. Not for rulesets with the max-capture
 * hook. -1 when out of memory. */
long moves_ref_legal(const ruleset *rs, const state *st);

#endif
