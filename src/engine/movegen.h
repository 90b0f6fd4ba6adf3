/* movegen.h - the move generator of boards of cells (the per-piece one,
 * which runs every compiled move rule on every board of cells: square
 * grids, the other shapes on them, boards of tiles), its fast paths (the
 * bitboard one, which does the common cases on sets, and the others below,
 * each chosen by the compiler where a ruleset fits it) and the filters after
 * them. They fill a caller-owned move list, which grows only when a position
 * has more moves than it holds. engine.h is what the rest of tabula
 * calls. */
#ifndef TABULA_MOVEGEN_H
#define TABULA_MOVEGEN_H

#include "move.h"
#include "state.h"

/* Every move the rules produce for the player to move, before the
 * mandatory-capture and max-capture filters. Returns the count (0 when
 * OUT->error is set: see move_list). */
int movegen_pseudo(const ruleset *rs, const state *st, move_list *out);
/* The same, told whether the mover's royal piece is attacked (IN_CHECK 1 or
 * 0; -1: not known, found when needed). */
int movegen_pseudo_checked(const ruleset *rs, const state *st, move_list *out, int in_check);

/* The generator of cell boards (movegen_square.c): the pseudo-legal moves,
 * filtered by mandatory capture and the max-capture hook; 0 when the game is
 * over. Returns the count, also in OUT->n. */
int movegen_square_legal(const ruleset *rs, const state *st, move_list *out);

/* `(streak-limit ...)`: drops the quiet moves of the piece that has made
 * its limit of them in a row from the N legal moves (of either generator);
 * returns the count, also in OUT->n. */
int movegen_streak_filter(const ruleset *rs, const state *st, move_list *out, int n);

/* Keeps one move of each set of capture chains that differ only in their
 * path (same start, end, captured pieces and promotion): the one whose
 * notation is smallest. Returns the new count. */
int movegen_distinct(const ruleset *rs, move_list *l, int n);
/* The same over the N moves of L from index FIRST on; returns how many are
 * kept there (moved to the front of the span). */
int movegen_distinct_span(const ruleset *rs, move_list *l, int first, int n);

/* Gives every cell its bit in the sets of pieces (every topology), and
 * fills the bitboard generator's tables of a square board whose playable
 * cells fit 128 bits (rs->bb.ok stays 0 otherwise); after the rules are
 * compiled. */
void movegen_bitboard_prepare(ruleset *rs);

/* movegen_square_legal for the boards movegen_bitboard_prepare accepted:
 * the same moves, found with whole-board operations where the rules allow. */
int movegen_bitboard_legal(const ruleset *rs, const state *st, move_list *out);

/* The fast path of games whose every rule is a plain step on a board
 * without bitboards (movegen_steps.c): sets rs->steps_fast where it fits. */
void movegen_steps_prepare(ruleset *rs);
/* movegen_square_legal for those games: the same moves in the same order. */
int movegen_steps_legal(const ruleset *rs, const state *st, move_list *out);

/* The generator of the `advance` primitive (movegen_advance.c): sets
 * rs->advance_only where every rule advances along a path by a die. */
void movegen_advance_prepare(ruleset *rs);
/* The sub-moves of the player to move (one die each), as the per-piece
 * generator lists them after the pieces' own moves. */
int movegen_advance_legal(const ruleset *rs, const state *st, move_list *out);

/* Fills the leap rules' tables of landing cells (rs->leap_ok); after the
 * rules are compiled. */
void movegen_leaps_prepare(ruleset *rs);
/* The tables of steps that capture by approach or withdrawal (movegen_line.c). */
void movegen_lines_prepare(ruleset *rs);
/* The legal moves of a game whose rules are all such steps (rs->lines_only):
 * the captures of every piece, and the quiet steps only where there is none,
 * as the per-piece generator and its filters list them. */
int movegen_lines_legal(const ruleset *rs, const state *st, move_list *out);

/* Royal pieces (movegen_royal.c). 1 when some rule of player BY could
 * capture by landing on CELL of the board CELLS (the state's own, or a copy
 * with a move made on it; ST gives the players' counts). */
int movegen_attacked(const ruleset *rs, const state *st, const uint8_t *cells, int cell, int by);
/* Fills rs->attack from the compiled rules (after they are compiled). */
void movegen_royal_prepare(ruleset *rs);
/* The cell of PLAYER's royal piece, or -1. */
int movegen_royal_cell(const ruleset *rs, const state *st, int player);
/* 1 when PLAYER's royal piece is attacked (in check). */
int movegen_in_check(const ruleset *rs, const state *st, int player);
/* Keeps the N moves that leave the mover's royal piece, on ROYAL (-1: none
 * on the board, all kept), unattacked (IN_CHECK: whether it is attacked now,
 * if known; -1: found here). */
int movegen_royal_filter(const ruleset *rs, const state *st, move_list *out, int n, int royal, int in_check);
/* The same test, move by move: what it needs to know of a position once
 * (the royal piece, whether it is attacked, the pinned pieces, the cells the
 * enemy attacks when asked), so that a generator can apply it to one piece's
 * moves as they are made. */
typedef struct royal_guard {
    const ruleset *rs;
    const state *st;
    int royal, player;
    int shortcut;             /* not attacked now: most moves need no test */
    int mapped;               /* danger holds the enemy's attacked cells */
    cellset pinned, danger;
    uint8_t cells[TB_MAX_CELLS]; /* the board, where a move is made and taken back */
} royal_guard;
void royal_guard_init(royal_guard *g, const ruleset *rs, const state *st, int royal, int in_check);
/* Keeps, in order, the moves M[FIRST .. N) that leave the royal piece
 * unattacked; returns the new end. */
int royal_guard_filter(royal_guard *g, move *m, int first, int n);

/* Sowing (movegen_sow.c): what sowing the pit PIT does for PLAYER. */
typedef struct sow_result {
    uint8_t drop[TB_MAX_LOOP]; /* the seeds each cell of the loop receives */
    uint64_t sown;            /* bit k: loop cell k received seeds, or is the pit emptied */
    int start;                /* the loop index of the pit emptied */
    int last;                 /* the cell of the last seed */
    int ncaps;                /* the pits taken ... */
    cell_id caps[TB_MAX_PATH];
    int taken;                /* ... and their seeds, for the mover's store */
    int extra;                /* the mover moves again */
    int enemy_seeds;          /* seeds left on the opponent's pits (SOW_ENEMY_SEEDS) */
    int slam;                 /* the captures took every enemy seed (grand slam) */
} sow_result;
/* WANT: what to find besides the last cell and the captures (a walk of the loop) */
enum { SOW_ENEMY_SEEDS = 2 };
void sow_play(const ruleset *rs, const state *st, int player, int pit, sow_result *res, int want);
/* The seeds on loop cell K after the sowing RES played on ST, captures aside. */
static inline int sow_seeds_after(const ruleset *rs, const state *st, const sow_result *res, int k)
{
    return (k == res->start ? 0 : st->height[rs->sow.loop[k]]) + res->drop[k];
}
/* 1 when PLAYER has seeds to sow but the opponent has none on their pits
 * and no move of PLAYER's gives them some (the feeding rule cannot be met). */
int sow_cannot_feed(const ruleset *rs, const state *st, int player);
/* The player on whose side CELL (a pit or a store) lies: its seeds are theirs. */
int sow_side_of(const ruleset *rs, int cell);

/* A generator of the legal moves of the player to move (without passes). */
typedef int (*movegen_fn)(const ruleset *rs, const state *st, move_list *out);

/* `(pass when:blocked)`: with N legal moves found by GENERATE, the pass
 * when N is 0 and the opponent has a move (a game where neither can move
 * ends, by `blocked`). Returns the count, also in OUT->n. */
int movegen_pass_if_blocked(const ruleset *rs, const state *st, move_list *out, int n, movegen_fn generate);

/* A `place` rule R with `outflank:`: 1 when a piece of PLAYER on CELL
 * encloses a line of enemy pieces in one of its directions. */
int place_outflanks(const ruleset *rs, const state *st, const move_rule *r, int player, int cell);
/* movegen_pick.c. The cells where the `place` rule R may put a piece of
 * PLAYER, as far as sets tell (the empty cells of its region, resting on a
 * piece with `gravity:`, outflanking on boards of fixed offsets): WHERE;
 * 0 when the rule cannot place now (its supply empty, its conditions
 * unmet). place_needs_cell_checks: 1 when some cells of WHERE may still be
 * refused by tests of their own (movegen_place.c's). */
int place_targets(const ruleset *rs, const state *st, const move_rule *r, int player, cellset *where);
int place_needs_cell_checks(const ruleset *rs, const move_rule *r);
/* The playouts' fast path (rs->pick_places: every move places a piece):
 * the count N of legal moves, and in M the move rng_below(R, N) picks among
 * them in the generator's order, so that a playout is the same game either
 * way; -1 when the generator must list them (a pass, the swap, the end). */
int movegen_pick(const ruleset *rs, const state *st, rng *r, move *m);
/* The same for games whose every move is a slide that shoots (rs->pick_slides). */
int movegen_pick_slide(const ruleset *rs, const state *st, rng *r, move *m);
/* The same where every move sows (ruleset.pick_sowing): a pit of the mover
 * with seeds, the one the list and the same number would give; the number
 * of moves, or -1 where the list must be made (no seeds: the general path
 * says what follows). */
int movegen_pick_sow(const ruleset *rs, const state *st, rng *r, move *m);
/* The same where every move steps, flies or places and a line removes an
 * enemy piece (ruleset.pick_lines): the move and its victim, counted on
 * sets; -1 where the list must be made. */
int movegen_pick_line(const ruleset *rs, const state *st, rng *r, move *m);
/* The same where every move steps capturing by approach or withdrawal
 * (ruleset.pick_approach): each piece's chains counted on sets, the one
 * picked made alone. -1: the list decides (chains that may be one capture). */
int movegen_pick_approach(const ruleset *rs, const state *st, rng *r, move *m);
/* Sets rs->pick_lines (after line_runs_prepare and movegen_pick_prepare). */
void movegen_pick_line_prepare(ruleset *rs);
/* The rays movegen_pick_slide reads as sets, where the board allows (after movegen_pick_prepare). */
void movegen_pick_slide_prepare(ruleset *rs);
/* Fills the board's set tables (rs->dir_delta, rs->edge_of, rs->nbr_set:
 * the neighbour sets that groups grow by, engine_end.c), the rules'
 * outflank_sets and rs->pick_places (after the rules are compiled). */
void movegen_pick_prepare(ruleset *rs);
/* Whether a playout's list may leave what moves take to movegen_complete
 * (ruleset.custodial_deferred, sow_deferred, complete_later). */
void movegen_complete_prepare(ruleset *rs);
/* Completes M, picked from a list generated with move_list.defer: what it
 * takes by custody, where a sowing ends and what it takes. */
void movegen_complete(const ruleset *rs, const state *st, move *m);
/* `no-mate`: 1 when rule R putting a piece of PLAYER on CELL leaves the
 * opponent's royal piece attacked and the opponent without a move. */
int place_mates(const ruleset *rs, const state *st, const move_rule *r, int player, int cell);
/* Turns every line of enemy pieces that the piece of PLAYER just placed on
 * CELL encloses into PLAYER's pieces (journaled in J when not NULL). */
void place_flip(const ruleset *rs, state *st, const move_rule *r, int player, int cell, undo_record *j);

/* The max-capture hook: keeps the best chains under the rule file's ordered
 * criteria. Returns the new count. */
int hook_max_capture(const ruleset *rs, move *moves, int n);
/* The value of M under criterion C, as the hook compares them (higher is
 * better): for explaining which criterion removed a move (`tabula why`). */
long hook_max_capture_score(const criterion *c, const move *m);
/* The same, counting in REMOVED[c] (one per criterion) each criterion that
 * took candidates away: for coverage analysis, never on the playing path. */
int hook_max_capture_traced(const ruleset *rs, move *moves, int n, long *removed);

#endif
