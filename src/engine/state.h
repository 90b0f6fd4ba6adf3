/* state.h - a position: what is on every cell plus the game's scalar state.
 *
 * Every write to a cell goes through state_set(), which keeps the hash and
 * the piece counts right and, when given a journal, records the old value so
 * that engine_undo() can put it back. */
#ifndef TABULA_STATE_H
#define TABULA_STATE_H

#include <stdint.h>
#include "move.h"
#include "rng.h"
#include "ruleset.h"

/* A cell holds 0 (empty) or a piece code: owner and type in one byte. */
static inline uint8_t piece_code(int owner, int type) { return (uint8_t)(1 + (owner - 1) * TB_MAX_PIECE_TYPES + type); }
static inline int piece_owner(uint8_t code) { return code ? ((code - 1) >> 4) + 1 : 0; }
static inline int piece_type(uint8_t code) { return (code - 1) & (TB_MAX_PIECE_TYPES - 1); }
_Static_assert(TB_MAX_PIECE_TYPES == 16, "piece_owner and piece_type read 4 bits of type");

typedef enum game_status { STATUS_ONGOING, STATUS_OVER } game_status;

/* Storage any rule may use, so that the position names no game's rule. A
 * rule that keeps a number per player gets a counter slot from the compiler
 * (compile.c: allocate_counters) and keeps it in its part of the ruleset: the
 * courier rule its arrival flag (track_rules.arrival_counter), boards of
 * tiles the tiles each player holds (tiles_rules.held_counter). A number the
 * mover keeps for one turn lives in turn_count (the leave-start quota:
 * pieces that left the starting point this turn); a flag per cell in flagged
 * (pinning: a piece lies pinned under the cell's stack); cells that leave the
 * board in groups in removed_groups (a tile and its six fields). The hash
 * covers each as the rule that keeps it says (state_refresh). */
_Static_assert(TB_MAX_PIN_POINTS <= TB_FLAGGED_CELLS, "a pin is a flag on its point");

/* Everything but the cells; saved whole by the undo journal. */
typedef struct state_header {
    uint8_t to_move;        /* 1 .. rs->nplayers */
    uint8_t status;         /* game_status */
    uint8_t winner;         /* 0 for a draw */
    uint8_t score;          /* 1 single win, 2 double, 3 triple */
    uint8_t decided_by;     /* game over: the clause that ended it + 1; 0 when none did (a pass limit) */
    uint8_t out;            /* bit p - 1: player p is out (a `loses` among more than two: the others play on) */
    uint16_t pieces[TB_MAX_PLAYERS];     /* pieces of each player on the board */
    uint16_t quiet;         /* plies in a row without progress (no-progress draws) */
    uint16_t calm;          /* plies since material last changed (material draws) */
    uint32_t ply;           /* moves played */
    uint64_t hash;          /* Zobrist hash of cells and side to move */
    uint8_t ndice;          /* dice still to play */
    uint8_t dice[6];
    uint8_t bar[TB_MAX_PLAYERS], off[TB_MAX_PLAYERS]; /* pieces in the off-board places */
    uint8_t counter[TB_MAX_PLAYERS][TB_COUNTERS]; /* per-player counters, slots given out by the
                             * compiler to the rules that keep one (see below) */
    uint8_t turn_count;     /* a count the rules keep for the turn: 0 when a turn starts (the dice are rolled) */
    uint8_t again;          /* track roll-again: throws again in a row so far this turn */
    uint8_t turn_double;    /* dice: the value of this turn's double, or 0 */
    uint8_t turn_events;    /* track: what the turn so far has done (TURN_*), for the
                             * no-progress count and the history at the turn's end */
    uint64_t flagged;       /* bit c: cell c (below TB_FLAGGED_CELLS) carries a rule's flag */
    uint64_t removed_groups; /* bit g: cell group g is no longer on the board */
    uint8_t hand[TB_MAX_PLAYERS][TB_MAX_PIECE_TYPES]; /* pieces still to place, where the supply is counted */
    cell_id passage_from, passage_to; /* the last move's passable slide (cells between may be taken en
                                       * passant), or TB_NO_CELL */
    uint8_t passage_hashed; /* ... and an enemy piece could take it: the position differs (in the hash) */
    uint8_t hist_top;       /* history: where the next position's hash goes (wraps) */
    uint16_t hist_len;      /* history: positions since the last irreversible action */
    uint16_t taken[TB_MAX_PLAYERS]; /* the pieces each player has captured so far */
    uint16_t checking[2];   /* each player's last moves in a row that left the opponent's royal piece
                             * attacked (rs->counts_checks only) */
    uint16_t streak_at[2];  /* pieces' marks: the cell + 1 of the one piece of each player whose
                             * streak may not be 0 (the last it moved); 0 for none */
    rng dice_rng;           /* games with dice: the generator that rolls them */
} state_header;

/* Player P's (1 ..) counter in SLOT of H (a ruleset's *_counter): 0 when
 * the game keeps no such counter (TB_NO_COUNTER). */
static inline int state_counter(const state_header *h, int slot, int p)
{
    return slot == TB_NO_COUNTER ? 0 : h->counter[p - 1][slot];
}

/* state_header.turn_events: a turn of a track game is several moves (one
 * per die); no-progress and repetition judge it whole, at its end. */
#define TURN_PROGRESS 1     /* a move the no-progress rule's `reset:` names */
#define TURN_IRREVERSIBLE 2 /* a piece borne off, or a courier arrived: no earlier position comes back */

/* The hashes of the last positions, for draws by repetition: a ring of
 * TB_HISTORY entries (hist_top is a byte, so it wraps by itself). An
 * occurrence more than TB_HISTORY positions back is forgotten; engines that
 * push hashes (engine_history_push) clear the count after an action that
 * makes every earlier position unreachable, so the window only needs to cover
 * one quiet stretch. */
#define TB_HISTORY 256
_Static_assert(TB_HISTORY == 256, "hist_top is a byte that wraps round the history");

/* A piece's own state, one byte per cell that travels with the piece: kept
 * only when a rule reads it (ruleset.uses_marks), 0 everywhere otherwise.
 * Bits 0-6 count the piece's non-capturing moves in a row (its owner moving
 * no other piece meanwhile), up to the streak limit; bit 7 is kept free for
 * a "has moved" flag (castling, a pawn's double step) when a rule reads one. */
#define MARK_STREAK 0x7f
#define MARK_MOVED 0x80  /* the piece has moved (kept for the types ruleset.moved_types names) */

typedef struct state {
    state_header h;
    uint8_t cell[TB_MAX_CELLS];   /* piece code or 0 */
    uint8_t height[TB_MAX_CELLS]; /* pieces stacked on the cell (0 when empty) */
    cellset occupant[TB_MAX_PLAYERS];          /* the cells holding each player's pieces, for generators;
                                   * kept by state_set, mended by engine_undo from the journal */
    bitboard typed[TB_MAX_PLAYERS][TB_MAX_PIECE_TYPES]; /* the same by type, by the cells' bits (rs->bb.bit_of) */
    uint64_t history[TB_HISTORY]; /* hashes of recent positions, newest at hist_top - 1 */
    uint8_t mark[TB_MAX_CELLS];   /* the piece's own state (MARK_*); 0 when empty */
} state;

/* Cells one move may write, so that undo puts every one back: a capture
 * chain writes its start, its end and each captured cell (TB_MAX_PATH + 2,
 * checked in engine.c); a move on tiles its two fields and each piece it
 * captures, at most the fields of the largest board of tiles (37 tiles of 6
 * fields: 222); a placement that outflanks, its cell and every other cell
 * at most. */
#define JOURNAL_MAX (TB_MAX_CELLS + 2)

/* What engine_undo needs to restore a position. */
typedef struct undo_record {
    state_header header;          /* the scalars before the move */
    uint64_t history_old;         /* the history entry the move overwrote */
    uint16_t n;                   /* cells written */
    cell_id cell[JOURNAL_MAX];
    uint8_t code[JOURNAL_MAX];    /* their old contents */
    uint8_t height[JOURNAL_MAX];
    uint16_t nmarks;              /* pieces' marks written (ruleset.uses_marks) ... */
    cell_id mark_cell[TB_MAX_PATH + 3]; /* ... on the captured cells, the start, the end and
                                   * the mover's previous streak holder */
    uint8_t mark[TB_MAX_PATH + 3]; /* their old marks */
} undo_record;

/* The start position of RS, player 1 to move (a copy of the one kept when
 * the rules were compiled: state_keep_start). */
void state_start(const ruleset *rs, state *st);
/* Keeps RS's start position in RS, for state_start (the last step of compiling). */
void state_keep_start(ruleset *rs);
/* An empty board, player 1 to move (positions built by hand start here). */
void state_clear(const ruleset *rs, state *st);
/* Word W of the set of occupied cells (every player's pieces). */
static inline uint64_t state_occupied_word(const state *st, int w)
{
    uint64_t any = 0;
    for (int p = 0; p < TB_MAX_PLAYERS; p++) any |= st->occupant[p].w[w];
    return any;
}
/* Keeps the occupied-cell sets of CELL as its contents change from OLD to NOW. */
static inline void state_note_cell(const ruleset *rs, state *st, int cell, uint8_t old, uint8_t now)
{
    if (old == now) return;
    if (old) cellset_remove(&st->occupant[piece_owner(old) - 1], cell);
    if (now) cellset_add(&st->occupant[piece_owner(now) - 1], cell);
    int b = rs->bb.bit_of[cell];
    if (b != BB_NO_BIT) {
        bitboard bit = (bitboard)1 << b;
        if (old) st->typed[piece_owner(old) - 1][piece_type(old)] &= ~bit;
        if (now) st->typed[piece_owner(now) - 1][piece_type(now)] |= bit;
    }
}

/* Writes CELL; records the old value in J when J is not NULL. */
void state_set(const ruleset *rs, state *st, int cell, uint8_t code, uint8_t height, undo_record *j);
/* Writes a new HEIGHT (1 or more) on CELL, a stack that keeps its code:
 * state_set without the occupied-cell sets, which do not change. */
void state_set_height(const ruleset *rs, state *st, int cell, uint8_t height, undo_record *j);
/* Moves the single piece on FROM to the empty cell TO, where it becomes CODE
 * (a promotion changes it): state_set twice, in one pass. */
void state_move_piece(const ruleset *rs, state *st, int from, int to, uint8_t code, undo_record *j);

/* Writes the mark of CELL, keeping the hash; journaled in J when not NULL. */
void state_set_mark(const ruleset *rs, state *st, int cell, uint8_t mark, undo_record *j);

/* Writes PLAYER's (1-based) counter SLOT, keeping the hash. The header is
 * journaled whole, so an undo needs nothing more. */
void state_set_counter(const ruleset *rs, state *st, int player, int slot, uint8_t value);

/* 1 when a piece of the player not owning the piece on passage_to stands
 * where an `en-passant` rule of theirs would land on a passed cell: only
 * then does the passage make the position another one. */
int state_passage_takable(const ruleset *rs, const state *st);

/* Recomputes hash and piece counts from the cells, removed tiles,
 * counters, flags and pieces' marks (after building by hand); the history
 * starts afresh. */
void state_refresh(const ruleset *rs, state *st);

#endif
