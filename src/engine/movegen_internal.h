/* movegen_internal.h - what the two generators of cell boards share: the
 * per-piece generator (movegen_square.c), which runs every rule, and the
 * bitboard generator (movegen_bitboard.c), which does the common cases of
 * small boards with whole-board set operations and hands the rest to it;
 * and the files of the rules both hand on (placements, royal pieces,
 * sowing, custodial capture: movegen_place.c, movegen_royal.c,
 * movegen_sow.c, movegen_custody.c). */
#ifndef TABULA_MOVEGEN_INTERNAL_H
#define TABULA_MOVEGEN_INTERNAL_H

#include <string.h>

#include "movegen.h"

typedef struct gen {
    const ruleset *rs;
    const state *st;
    move_list *list;  /* the moves go to list->m[0 .. n) */
    move *out;        /* list->m and list->cap, kept here: the hot path reads */
    int cap;          /* them without going through the list */
    int n;
    int player;       /* 1 or 2 */
    int piece_first;  /* index of the first move of the piece being generated */
    int may_repeat;   /* the piece has several quiet rules that can reach the same cell */
    int chains;       /* a capture chain was generated */
    int in_check;     /* the mover's royal piece is attacked: 1, or not: 0; -1: not known yet */
    int held_known;   /* held below is filled (gen_hold_rules): each rule's conditions judged once */
    uint64_t held;    /* bit ri: the conditions of rule ri on the mover hold (rule_conditions_hold) */
} gen;
_Static_assert(TB_MAX_RULES <= 64, "gen.held has a bit per rule");

/* A generation into LIST. */
#define GEN_INIT(rs, st, list) { (rs), (st), (list), (list)->m, (list)->cap, 0, (st)->h.to_move, 0, 0, 0, -1, 0, 0 }

/* Grows the list to hold NEED moves; 0 when it cannot (its error set). */
int gen_grow_to(gen *g, long need);
/* Grows the list for the next move. */
static inline int gen_grow(gen *g)
{
    return gen_grow_to(g, (long)g->n + 1);
}

/* Room for the next move, or NULL when the list cannot grow (its error is
 * then set, and the generation's result is no moves). */
static inline move *gen_slot(gen *g)
{
    if (__builtin_expect(g->n == g->cap, 0) && !gen_grow(g)) return NULL;
    return &g->out[g->n++];
}

/* Writes into M the step of PLAYER's piece of TYPE from FROM to TO by rule
 * RULE, taking the piece THERE on VICTIM (THERE 0: none), promoted where
 * the rules say (PROMOTIONS: the game has any). The per-piece generator
 * and the fast path of steps (movegen_steps.c) write steps alike. */
static inline void gen_write_step(const ruleset *rs, move *m, int from, int to, int type, int rule, int victim,
                                  uint8_t there, int player, int promotions)
{
    move_start(m, MOVE_STEP, from, type, rule);
    m->to = (cell_id)to;
    if (there) {
        m->caps[m->ncaps++] = (cell_id)victim;
        m->caps_by_type[piece_type(there)]++;
    }
    const promotion *pr = promotions ? promotion_at(rs, type, player, to) : NULL;
    if (pr) m->promote = pr->to;
}

/* The generation's result: the count, or 0 when the list has an error. */
static inline int gen_result(gen *g)
{
    g->list->n = g->list->error ? 0 : g->n;
    return g->list->n;
}

/* What gen_piece generates. */
/* GEN_QUIET: steps to empty cells and slides; GEN_TAKES: steps onto enemy
 * pieces; GEN_CHAINS: hops. */
enum { GEN_QUIET = 1, GEN_TAKES = 2, GEN_CHAINS = 4, GEN_CAPTURES = GEN_TAKES | GEN_CHAINS };

/* The moves of the piece of TYPE on CELL (quiet moves, captures or both). */
void gen_piece(gen *g, int cell, int type, int what);

/* The moves of rule RI for the piece of TYPE on CELL. */
void gen_piece_rule(gen *g, int cell, int type, int ri, int what);

/* A rule's conditions on the mover (move_rule.conditional): the supply of
 * the type emptied (or not), a number of pieces on the board, the move's
 * number in the game (the position's ply + 1). */
static inline int rule_conditions_hold(const state *st, const move_rule *r, int player)
{
    int p = player - 1;
    if (st->h.ply + 1 < r->ply_min || st->h.ply + 1 > r->ply_max) return 0;
    if (r->hand_cond && (st->h.hand[p][r->piece] == 0) != (r->hand_cond == HAND_EMPTY)) return 0;
    return st->h.pieces[p] >= r->pieces_min && st->h.pieces[p] <= r->pieces_max;
}

/* 1 when a piece of PLAYER on CELL may use rule R: its conditions, its
 * own first move (`unmoved`) and its region (`from:`). */
static inline int rule_applies(const state *st, const move_rule *r, int player, int cell)
{
    if (r->conditional && (!rule_conditions_hold(st, r, player) || (r->unmoved && (st->mark[cell] & MARK_MOVED))))
        return 0;
    return r->from_any || cellset_has(&r->from[player - 1], cell);
}

/* Judges the conditions of every conditional rule once for the position
 * (they read the mover's supply, pieces and the move's number, never the
 * piece): gen_rule_applies then reads a bit. */
static inline void gen_hold_rules(gen *g)
{
    const ruleset *rs = g->rs;
    g->held = 0;
    for (uint64_t bits = rs->conditional_rules; bits; bits &= bits - 1) {
        int ri = __builtin_ctzll(bits);
        if (rule_conditions_hold(g->st, &rs->rules[ri], g->player)) g->held |= (uint64_t)1 << ri;
    }
    g->held_known = 1;
}

/* rule_applies for rule RI, with the conditions judged once where they were. */
static inline int gen_rule_applies(const gen *g, const move_rule *r, int ri, int cell)
{
    if (r->conditional) {
        int holds = g->held_known ? (int)(g->held >> ri & 1) : rule_conditions_hold(g->st, r, g->player);
        if (!holds || (r->unmoved && (g->st->mark[cell] & MARK_MOVED))) return 0;
    }
    return r->from_any || cellset_has(&r->from[g->player - 1], cell);
}

/* `(remove-on-line ...)`: each move that makes a line through the moved
 * piece becomes one move per enemy piece it may remove. */
void gen_line_removals(gen *g);
/* The enemy pieces of ENEMY such a line lets the mover remove, as bits
 * (boards whose runs are sets: rs->line_removes_runs >= 0): those outside
 * lines, or all of them when every one stands in a line or the rule spares
 * none. */
uint64_t line_victim_bits(const ruleset *rs, const state *st, int enemy);

/* movegen_sow.c: the sowing moves of the player to move. */
void gen_sowing(gen *g);

/* 1 when a `lame` leap of (DX, DY) from FROM is blocked on CELLS: the cell
 * one step from FROM along the leap's longer leg is occupied. Both the
 * per-piece generator and the royal piece's attack test ask. */
static inline int gen_leap_blocked(const ruleset *rs, const uint8_t *cells, int from, int dx, int dy)
{
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy, m = ax > ay ? ax : ay;
    int lx = ax == m ? (dx > 0) - (dx < 0) : 0, ly = ay == m ? (dy > 0) - (dy < 0) : 0;
    int leg = (rs->cell_row[from] + ly) * rs->width + rs->cell_col[from] + lx;
    return cells[leg] != 0;
}

/* movegen_line.c: the moves of a step rule that captures by approach or
 * withdrawal (r->line_capture), quiet steps and capture chains as WHAT
 * says; and whether the piece on FROM has a first capture by it. */
void gen_line_steps(gen *g, const move_rule *r, int from, int type, int what);
/* The directions (bit d) of the quiet steps of rule R for player P+1's
 * piece on FROM: an empty neighbour, within the rule's cells. */
static inline unsigned line_quiet_dirs(const ruleset *rs, const state *st, const move_rule *r, int p, int from)
{
    unsigned dirs = 0;
    for (unsigned bits = rs->nbr_bits[from] & r->dir_bits[p]; bits; bits &= bits - 1) {
        int d = __builtin_ctz(bits), to = rs->nbr[from][d];
        if (!st->cell[to] && (!r->has_within || cellset_has(&r->within[p], to))) dirs |= 1u << d;
    }
    return dirs;
}
/* line_scan: the cells whose neighbour in direction D is in X. */
static inline uint64_t line_nbr_in(const ruleset *rs, uint64_t x, int d)
{
    int off = rs->line_off[d];
    return rs->line_nbr[d] & (off >= 0 ? x >> off : x << -off);
}
/* line_scan: the pieces of PLAYER next to an empty cell with an enemy piece
 * beyond it, or with an enemy piece behind them: every piece that can
 * capture, and perhaps a few that cannot (the rules' directions and regions
 * are the generator's to apply). */
uint64_t line_capture_candidates(const ruleset *rs, const state *st, int player);
/* The capture chains of rule R for the piece of TYPE on FROM, as
 * gen_line_steps lists them, on a board of rs->line_scan (movegen_line_bits.c).
 * Returns 1 when two of them may be one capture (ends_meet's test). */
int gen_line_chains_bits(gen *g, const move_rule *r, int from, int type);
int gen_line_can_capture(const gen *g, const move_rule *r, int from);

/* movegen_custody.c: adds to each move the enemy pieces it takes by custody. */
void gen_custodial(gen *g);
/* The enemy pieces (at most ndirs, into CAPS) that a move of PLAYER's piece
 * of TYPE from FROM (-1: placed) to TO takes by custody, on the board CELLS
 * as before the move; returns how many. */
int custodial_taken(const ruleset *rs, const uint8_t *cells, int player, int from, int to, int type, cell_id *caps);
/* Adds to M, a move of PLAYER, what it takes by custody (gen_custodial for one move). */
void custodial_captures(const ruleset *rs, const state *st, int player, move *m);
/* Completes M, a sowing listed from its pit alone: where it ends, what it takes. */
void sow_complete(const ruleset *rs, const state *st, int player, move *m);

/* movegen_royal.c: castling moves of the player to move; the other types a
 * promotion lets the player choose (one move each). */
void gen_castles(gen *g);
void gen_promotion_choices(gen *g);
/* Promotions that take moves leaving the region, and those the player may decline (one move each way). */
void gen_promotion_options(gen *g);

/* movegen_remove.c: the moves of the `remove` rules, each a piece taken
 * off the board. */
void gen_removals(gen *g);
/* The exchanges the mover's collected tiles pay for (`exchange`). */
void gen_exchanges(gen *g);
/* movegen_advance.c: the sub-moves of the turn's dice (`advance`). */
void gen_advances(gen *g);

/* The moves that bring a piece onto the board: placing from the supply
 * (`place` rules) and the swap. */
void gen_placements(gen *g);

/* 1 when the piece of TYPE on CELL can capture (a first jump, or a step
 * onto an enemy piece). */
int gen_piece_can_capture(gen *g, int cell, int type);

/* The mandatory-capture filter, the max-capture hook and the one-move-per-
 * distinct-capture rule, over the N generated moves (CHAINS: some are capture
 * chains); returns the count. */
int movegen_finish(const ruleset *rs, move_list *out, int n, int chains);

/* The same for N moves that are all captures: the max-capture hook and the
 * one-move-per-distinct-capture rule. */
int movegen_best(const ruleset *rs, move_list *out, int n, int chains);

/* 1 when PLAYER has a piece of TYPE on the board. */
static inline int player_has_type(const ruleset *rs, const state *st, int player, int type)
{
    if (rs->bb.sets_kept) return st->typed[player - 1][type] != 0;
    for (int i = 0; i < rs->nplayable; i++)
        if (st->cell[rs->playable_cells[i]] == piece_code(player, type)) return 1;
    return 0;
}


/* Lists the quiet move (KIND MOVE_STEP or MOVE_SLIDE) of the piece of TYPE
 * from FROM to the empty cell TO by rule R of RS (g->rs, passed from the
 * caller's local: read through G after the move's bytes are written, it
 * would be read again for every move); 0 when the list cannot grow (its
 * error is then set): the caller stops. */
static inline int gen_emit_quiet(gen *g, const ruleset *rs, const move_rule *r, int kind, int from, int to, int type)
{
    move *m = gen_slot(g);
    if (!m) return 0;
    move_start(m, kind, from, type, (int)(r - rs->rules));
    m->to = (cell_id)to;
    const promotion *pr = promotion_at(rs, type, g->player, to);
    if (pr) m->promote = pr->to;
    return 1;
}

/* Lists the finished capture chain M of a piece that is of TYPE at its end:
 * a man that `passes` through its promotion region is promoted only now, if
 * the chain ends there. */
static inline void gen_emit_chain(gen *g, const move *m, int type)
{
    move *out = gen_slot(g);
    if (!out) return;
    g->chains = 1;
    *out = *m;
    if (out->promote == 255) {
        const promotion *pr = promotion_at(g->rs, type, g->player, out->to);
        if (pr) out->promote = pr->to;
    }
}

#endif
