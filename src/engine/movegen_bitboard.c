/* movegen_bitboard.c - the generator of square boards of at most 128 cells.
 *
 * The same moves as the per-piece generator (movegen_square.c), found faster:
 * the cells of a board fit one 128-bit set, and moving a whole set one cell
 * in a direction is a shift by the difference of the cells' indices, masked
 * so that nothing wraps round an edge. Steps of every piece of a type in a
 * direction are one shift and one AND; whether any short jump exists is two.
 * What sets cannot do cheaply (capture chains, slides, long jumps, types whose
 * rules can repeat a move) is handed to the per-piece generator, piece by
 * piece, so both generators always agree (a test compares them). */
#include <string.h>

#include "movegen_internal.h"

/* Every cell of X moved one cell in direction D (cells with no playable
 * neighbour that way drop out). */
static inline bitboard bb_step(const square_bitboards *b, bitboard x, int d)
{
    x &= b->src[d];
    int s = b->shift[d];
    return s >= 0 ? x << s : x >> -s;
}

static inline bitboard bb_bit(int cell)
{
    return (bitboard)1 << cell;
}

/* The sets of a cellset's first 128 cells. */
static inline bitboard bb_of(const cellset *s)
{
    return (bitboard)s->w[0] | (bitboard)s->w[1] << 64;
}

static inline int bb_pop_first(bitboard *x)
{
    uint64_t lo = (uint64_t)*x;
    int cell = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(*x >> 64));
    *x &= *x - 1;
    return cell;
}

void movegen_bitboard_prepare(ruleset *rs)
{
    square_bitboards *b = &rs->bb;
    memset(b, 0, sizeof *b);
    if (rs->topology != TOPO_SQUARE || rs->ncells > 128) return;
    b->playable = bb_of(&rs->playable);
    for (int d = 0; d < rs->ndirs; d++) {
        int shift = 0, seen = 0;
        for (int c = 0; c < rs->ncells; c++) {
            int n = rs->nbr[c][d];
            if (n == TB_NO_CELL || !cellset_has(&rs->playable, c)) continue;
            b->src[d] |= bb_bit(c);
            if (!seen) shift = n - c;
            seen = 1;
        }
        b->shift[d] = (int16_t)shift;
    }
    for (int r = 0; r < rs->nrules; r++) {
        const move_rule *mr = &rs->rules[r];
        for (int p = 0; p < 2; p++) b->from[r][p] = mr->from_any ? b->playable : bb_of(&mr->from[p]) & b->playable;
        b->short_hop[r] = mr->kind == RULE_HOP && mr->before_min == 1 && mr->before_max == 1 && mr->after_min == 1 &&
                          mr->after_max == 1;
    }
    for (int t = 0; t < rs->npiece_types; t++) {
        b->quiet_fast[t] = !rs->type_may_repeat[t];
        for (int i = 0; i < rs->ntype_rules[t]; i++) b->has_hop[t] |= rs->rules[rs->type_rules[t][i]].kind == RULE_HOP;
    }
    b->ok = 1;
}

typedef struct board_sets {
    bitboard mine, theirs, empty;
    bitboard type[TB_MAX_PIECE_TYPES];       /* the mover's pieces of each type */
    bitboard their_type[TB_MAX_PIECE_TYPES]; /* the opponent's */
    uint8_t types;                            /* bit t: the mover has a piece of type t */
} board_sets;

static void gather(const ruleset *rs, const state *st, int player, board_sets *s)
{
    memset(s, 0, sizeof *s);
    s->mine = bb_of(&st->occupant[player - 1]);
    s->theirs = bb_of(&st->occupant[2 - player]);
    s->empty = rs->bb.playable & ~(s->mine | s->theirs);
    for (bitboard x = s->mine; x;) {
        int c = bb_pop_first(&x);
        int t = piece_type(st->cell[c]);
        s->type[t] |= bb_bit(c);
        s->types |= (uint8_t)(1u << t);
    }
}

/* The opponent's pieces by type, for jumps that may not take every type. */
static void gather_theirs(const state *st, board_sets *s)
{
    for (bitboard x = s->theirs; x;) {
        int c = bb_pop_first(&x);
        s->their_type[piece_type(st->cell[c])] |= bb_bit(c);
    }
}

/* The enemy pieces rule R may jump. */
static bitboard jumpable(const ruleset *rs, const board_sets *s, const move_rule *r)
{
    bitboard x = 0;
    for (int t = 0; t < rs->npiece_types; t++)
        if (r->over_types & (1u << t)) x |= s->their_type[t];
    return x;
}

/* The mover's pieces that can capture now. */
static bitboard capturers(const ruleset *rs, gen *g, board_sets *s)
{
    gather_theirs(g->st, s);
    const square_bitboards *b = &rs->bb;
    int p = g->player - 1;
    bitboard found = 0, slow = 0;
    for (int t = 0; t < rs->npiece_types; t++) {
        if (!(s->types & (1u << t))) continue;
        for (int i = 0; i < rs->ntype_rules[t]; i++) {
            int ri = rs->type_rules[t][i];
            const move_rule *r = &rs->rules[ri];
            bitboard pieces = s->type[t] & b->from[ri][p];
            if (!pieces) continue;
            if (r->kind == RULE_STEP && r->land_on_enemy) {
                for (int k = 0; k < r->ndirs[p]; k++)
                    found |= pieces & bb_step(b, s->theirs, (r->dirs[p][k] + 4) & 7);
            } else if (r->kind == RULE_HOP && b->short_hop[ri]) {
                bitboard victims = jumpable(rs, s, r);
                for (int k = 0; k < r->ndirs[p]; k++) {
                    int back = (r->dirs[p][k] + 4) & 7;
                    found |= pieces & bb_step(b, victims & bb_step(b, s->empty, back), back);
                }
            } else if (r->kind == RULE_HOP) {
                slow |= pieces & ~found; /* long jumps: asked piece by piece */
            }
        }
    }
    for (slow &= ~found; slow;) {
        int c = bb_pop_first(&slow);
        if (gen_piece_can_capture(g, c, piece_type(g->st->cell[c]))) found |= bb_bit(c);
    }
    return found;
}

/* The steps of the mover's pieces of TYPE, every direction at once: to
 * empty cells (WHAT has GEN_QUIET) and onto enemy pieces (GEN_TAKES). */
static void steps_of_type(const ruleset *rs, gen *g, const board_sets *s, int type, int what)
{
    const square_bitboards *b = &rs->bb;
    int p = g->player - 1;
    for (int i = 0; i < rs->ntype_rules[type]; i++) {
        int ri = rs->type_rules[type][i];
        const move_rule *r = &rs->rules[ri];
        if (r->kind != RULE_STEP) continue;
        bitboard pieces = s->type[type] & b->from[ri][p];
        bitboard targets = (what & GEN_QUIET ? s->empty : 0) | (what & GEN_TAKES && r->land_on_enemy ? s->theirs : 0);
        for (int k = 0; k < r->ndirs[p] && pieces; k++) {
            int d = r->dirs[p][k];
            for (bitboard to = bb_step(b, pieces, d) & targets; to;) {
                int t = bb_pop_first(&to);
                if (g->n >= TB_MAX_MOVES) return;
                move *m = &g->out[g->n++];
                gen_start_move(m, MOVE_STEP, t - b->shift[d], type);
                m->to = (cell_id)t;
                uint8_t there = g->st->cell[t];
                if (there) {
                    m->caps[m->ncaps++] = (cell_id)t;
                    m->caps_by_type[piece_type(there)]++;
                }
                const promotion *pr = promotion_at(rs, type, g->player, t);
                if (pr) m->promote = pr->to;
            }
        }
    }
}

int movegen_bitboard_legal(const ruleset *rs, const state *st, move *out)
{
    if (st->h.status != STATUS_ONGOING) return 0;
    gen g = { rs, st, out, 0, st->h.to_move, 0, 0, 0 };
    board_sets s;
    gather(rs, st, g.player, &s);
    int what = GEN_QUIET | GEN_CAPTURES;
    if (rs->capture_mandatory) {
        bitboard takers = capturers(rs, &g, &s);
        if (takers) { /* only captures are legal: only the pieces that have one */
            while (takers) {
                int c = bb_pop_first(&takers);
                gen_piece(&g, c, piece_type(st->cell[c]), GEN_CAPTURES);
            }
            return movegen_finish(rs, out, g.n, g.chains);
        }
        what = GEN_QUIET;
    }
    for (int t = 0; t < rs->npiece_types; t++) {
        if (!(s.types & (1u << t))) continue;
        if (rs->bb.quiet_fast[t]) {
            steps_of_type(rs, &g, &s, t, what & (GEN_QUIET | GEN_TAKES));
            if (!(what & GEN_CHAINS) || !rs->bb.has_hop[t]) continue;
            for (bitboard x = s.type[t]; x;) { /* optional jumps: piece by piece */
                int c = bb_pop_first(&x);
                gen_piece(&g, c, t, GEN_CHAINS);
            }
        } else {
            for (bitboard x = s.type[t]; x;) {
                int c = bb_pop_first(&x);
                gen_piece(&g, c, t, what);
            }
        }
    }
    return movegen_finish(rs, out, g.n, g.chains);
}
