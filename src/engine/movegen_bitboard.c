/* movegen_bitboard.c - the generator of square boards of at most 128 cells.
 *
 * The same moves as the per-piece generator (movegen_square.c), found faster:
 * the cells of a board fit one 128-bit set, and moving a whole set one cell
 * in a direction is a shift by the difference of the cells' indices, masked
 * so that nothing wraps round an edge. At compile time every direction of
 * every step and short jump becomes an operation (mask, shift) in a flat list
 * per player and piece type; the generator runs the lists (its body is in
 * movegen_bitboard_gen.h, compiled for 64-bit sets and for 128-bit sets). Steps of all the
 * pieces of a type in one direction are one shift and one AND; whether any
 * short jump exists is two. Capture chains of short jumps are followed on sets
 * as well; a jump of a fixed stride over cells never playable is a short jump
 * with a longer shift. What sets cannot do cheaply (slides, long jumps, types whose rules
 * can repeat a move) is handed to the per-piece generator, piece by piece, so
 * the two generators always agree (a test compares them). */
#include <string.h>

#include "movegen_internal.h"

static inline bitboard bb_bit(int cell)
{
    return (bitboard)1 << cell;
}

/* Every cell of X moved SHIFT cells on (the mask of the operation has
 * already kept only the cells whose target exists). */
static inline bitboard bb_shift(bitboard x, int shift)
{
    return shift >= 0 ? x << shift : x >> -shift;
}

/* The sets of a cellset's first 128 cells. */
static inline bitboard bb_of(const cellset *s)
{
    return (bitboard)s->w[0] | (bitboard)s->w[1] << 64;
}

/* The cells whose neighbour in direction D is playable, and the shift to it. */
static bitboard neighbour_mask(const ruleset *rs, int d, int *shift)
{
    bitboard mask = 0;
    for (int c = 0; c < rs->ncells; c++) {
        int n = rs->nbr[c][d];
        if (n == TB_NO_CELL || !cellset_has(&rs->playable, c)) continue;
        mask |= bb_bit(c);
        *shift = n - c; /* the same for every cell of a rectangular grid */
    }
    return mask;
}

static int is_short_hop(const move_rule *r)
{
    return r->kind == RULE_HOP && r->before_min == 1 && r->before_max == 1 && r->after_min == 1 && r->after_max == 1;
}

/* K when hop R jumps exactly K cells to its victim and K beyond (a fixed
 * stride greater than 1, as men that jump along the files of a board of dark
 * cells over the next dark cell); 0 otherwise. */
static int hop_stride(const move_rule *r)
{
    int k = r->before_min;
    return k > 1 && r->before_max == k && r->after_min == k && r->after_max == k ? k : 0;
}

/* The cells from which a hop of stride K in direction D has its victim's and
 * its landing cell on the board, both playable, with the shift between one and
 * the next; 0 (no set operation can do it) when the cells between may ever
 * hold a piece: a playable cell lies between on some line. */
static int stride_mask(const ruleset *rs, int d, int k, bitboard *mask, int *shift)
{
    *mask = 0;
    for (int c = 0; c < rs->ncells; c++) {
        if (!cellset_has(&rs->playable, c)) continue;
        int cur = c, ok = 1;
        for (int step = 1; step <= 2 * k && ok; step++) {
            cur = rs->ray[cur][d]; /* the next cell of the line, playable or not */
            if (cur == TB_NO_CELL) ok = 0;
            else if (step % k != 0 && cellset_has(&rs->playable, cur)) return 0;
            else if (step % k == 0 && !cellset_has(&rs->playable, cur)) ok = 0;
        }
        if (!ok) continue;
        *mask |= bb_bit(c);
        *shift = (cur - c) / 2; /* the same for every cell of a rectangular grid */
    }
    return 1;
}

/* 1 when every direction of hop R for player P is a stride the sets can do. */
static int stride_fits(const ruleset *rs, const move_rule *r, int p)
{
    int k = hop_stride(r), shift;
    bitboard mask;
    if (!k) return 0;
    for (int i = 0; i < r->ndirs[p]; i++)
        if (!stride_mask(rs, r->dirs[p][i], k, &mask, &shift)) return 0;
    return 1;
}

void movegen_bitboard_prepare(ruleset *rs)
{
    square_bitboards *b = &rs->bb;
    memset(b, 0, sizeof *b);
    if (rs->topology != TOPO_SQUARE || rs->ncells > 128) return;
    b->playable = bb_of(&rs->playable);
    bitboard near[TB_MAX_DIRS], far[TB_MAX_DIRS];
    int shift[TB_MAX_DIRS] = { 0 };
    for (int d = 0; d < rs->ndirs; d++) {
        near[d] = neighbour_mask(rs, d, &shift[d]);
        far[d] = near[d] & bb_shift(near[d], -shift[d]); /* the neighbour has a neighbour too */
    }
    b->short_chains = 1;
    for (int p = 0; p < 2; p++) {
        int nstep = 0, njump = 0;
        for (int t = 0; t < rs->npiece_types; t++) {
            b->step_first[p][t] = (uint16_t)nstep;
            b->jump_first[p][t] = (uint16_t)njump;
            for (int i = 0; i < rs->ntype_rules[t]; i++) {
                int ri = rs->type_rules[t][i];
                const move_rule *r = &rs->rules[ri];
                bitboard from = r->from_any ? b->playable : bb_of(&r->from[p]) & b->playable;
                int stride = r->kind == RULE_HOP && !is_short_hop(r) && stride_fits(rs, r, p);
                if (r->kind == RULE_HOP) {
                    b->has_hop[t] = 1;
                    if (!is_short_hop(r) && !stride) {
                        b->has_long_hop[t] = 1;
                        b->short_chains = 0;
                        continue;
                    }
                }
                if (r->kind != RULE_STEP && r->kind != RULE_HOP) continue;
                for (int k = 0; k < r->ndirs[p]; k++) {
                    int d = r->dirs[p][k];
                    int hop = r->kind == RULE_HOP;
                    if ((hop ? njump : nstep) == TB_MAX_BB_OPS) return; /* too many: the per-piece generator does it */
                    bb_op *op = hop ? &b->jump[p][njump++] : &b->step[p][nstep++];
                    op->mask = from & (hop ? far[d] : near[d]);
                    op->shift = (int16_t)shift[d];
                    if (stride) { /* the victim and the landing cell K cells apart */
                        int stride_shift = 0;
                        bitboard reach;
                        stride_mask(rs, d, hop_stride(r), &reach, &stride_shift);
                        op->mask = from & reach;
                        op->shift = (int16_t)stride_shift;
                    }
                    op->rule = (uint8_t)ri;
                    op->dir = (uint8_t)d;
                    op->over = r->over_types;
                    op->over_all = (r->over_types & ((1u << rs->npiece_types) - 1)) == (1u << rs->npiece_types) - 1;
                    op->takes = hop ? r->chain : r->land_on_enemy;
                    if (!hop && r->land_on_enemy) b->has_takes[t] = 1;
                }
            }
        }
        b->step_first[p][rs->npiece_types] = (uint16_t)nstep;
        b->jump_first[p][rs->npiece_types] = (uint16_t)njump;
    }
    for (int t = 0; t < rs->npiece_types; t++) {
        b->quiet_fast[t] = !rs->type_may_repeat[t];
        for (int p = 0; p < 2; p++)
            for (int c = 0; c < rs->ncells; c++)
                if (rs->promote_at[p][t][c]) b->promotes[p][t] |= bb_bit(c);
    }
    b->ok = 1;
}

/* The generator with one machine word per set: boards of at most 64 cells. */
#define BB uint64_t
#define BB_WORDS 1
#define BB_NAME(x) x##_64
#include "movegen_bitboard_gen.h"
#undef BB
#undef BB_WORDS
#undef BB_NAME

/* The generator with 128-bit sets: boards of 65 to 128 cells. */
#define BB bitboard
#define BB_WORDS 2
#define BB_NAME(x) x##_128
#include "movegen_bitboard_gen.h"
#undef BB
#undef BB_WORDS
#undef BB_NAME

int movegen_bitboard_legal(const ruleset *rs, const state *st, move_list *out)
{
    out->n = 0;
    if (st->h.status != STATUS_ONGOING) return 0;
    return rs->ncells <= 64 ? legal_64(rs, st, out) : legal_128(rs, st, out);
}
