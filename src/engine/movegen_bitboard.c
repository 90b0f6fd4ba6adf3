/* movegen_bitboard.c - the generator of square boards whose playable cells
 * fit 128 bits.
 *
 * The same moves as the per-piece generator (movegen_square.c), found faster:
 * the playable cells of a board fit one set of 64 or 128 bits, and moving a
 * whole set one cell in a direction is a shift by the difference of the
 * cells' bits, masked so that nothing wraps round an edge. At compile time
 * every direction of every step and short jump becomes an operation (mask,
 * shift) in a flat list per player and piece type; the generator runs the
 * lists (its body is in movegen_bitboard_gen.h, compiled for 64-bit sets and
 * for 128-bit sets). Steps of all the pieces of a type in one direction are
 * one shift and one AND; whether any short jump exists is two. Capture chains
 * of short jumps are followed on sets as well; a jump of a fixed stride over
 * cells never playable is a short jump with a longer shift. What sets cannot
 * do cheaply (slides, long jumps, types whose rules can repeat a move) is
 * handed to the per-piece generator, piece by piece, so the two generators
 * always agree (a test compares them).
 *
 * A cell's bit is its index on boards of at most 128 cells. A board whose
 * playable cells are all of one colour of the checkerboard (the boards of
 * dark squares) packs them instead, two cells of a row per three bits (see
 * assign_bits): a 10x10 board then fits one 64-bit word and a 12x12 or 14x14
 * board 128 bits. */
#include <string.h>

#include "movegen_internal.h"

static inline bitboard bb_bit(int bit)
{
    return (bitboard)1 << bit;
}

/* Every cell of X moved SHIFT bits on (the mask of the operation has
 * already kept only the cells whose target exists). */
static inline bitboard bb_shift(bitboard x, int shift)
{
    return shift >= 0 ? x << shift : x >> -shift;
}

/* The set of the cells of S that have a bit. */
static bitboard bb_of(const ruleset *rs, const cellset *s)
{
    bitboard x = 0;
    for (int c = 0; c < rs->ncells; c++)
        if (cellset_has(s, c) && rs->bb.bit_of[c] != BB_NO_BIT) x |= bb_bit(rs->bb.bit_of[c]);
    return x;
}

/* 1 when every playable cell of a square board has the same colour on the
 * checkerboard (row + column of one parity). */
static int one_colour(const ruleset *rs)
{
    int parity = -1;
    for (int c = 0; c < rs->ncells; c++) {
        if (!cellset_has(&rs->playable, c)) continue;
        int p = (rs->cell_row[c] + rs->cell_col[c]) & 1;
        if (parity >= 0 && p != parity) return 0;
        parity = p;
    }
    return 1;
}

/* Gives every cell its bit in the sets (rs->bb.bit_of, cell_of, words,
 * sets_kept). On a board of one colour the cell of row r and column c has bit
 * (r * s + c) / 2, where s is the width made odd (one more column that no
 * cell uses when the width is even): r * s + c then has the same parity on
 * every playable cell, so a diagonal neighbour (and a jump of any stride) is
 * the same number of bits away from every cell, as on a board of whole rows.
 * Chosen when it needs fewer 64-bit words than one bit per cell. */
static void assign_bits(ruleset *rs)
{
    square_bitboards *b = &rs->bb;
    memset(b->bit_of, BB_NO_BIT, sizeof b->bit_of);
    for (int i = 0; i < 128; i++) b->cell_of[i] = TB_NO_CELL;
    int stride = rs->width | 1, packed_top = -1;
    if (rs->topology == TOPO_SQUARE && one_colour(rs))
        for (int c = 0; c < rs->ncells; c++)
            if (cellset_has(&rs->playable, c)) {
                int bit = (rs->cell_row[c] * stride + rs->cell_col[c]) / 2;
                if (bit > packed_top) packed_top = bit;
            }
    int plain_top = rs->ncells - 1;
    int packed = packed_top >= 0 && packed_top < 128 && (plain_top >= 128 || (packed_top < 64 && plain_top >= 64));
    int top = -1;
    for (int c = 0; c < rs->ncells; c++) {
        int bit = -1;
        if (packed && cellset_has(&rs->playable, c)) bit = (rs->cell_row[c] * stride + rs->cell_col[c]) / 2;
        else if (!packed && c < 128) bit = c;
        if (bit < 0) continue;
        b->bit_of[c] = (uint8_t)bit;
        b->cell_of[bit] = (cell_id)c;
        if (bit > top) top = bit;
    }
    b->words = top < 64 ? 1 : 2;
    /* A piece stands only on playable cells (the start, positions and moves
     * keep to them), so the sets of pieces are whole when those have bits. */
    b->sets_kept = packed || rs->ncells <= 128;
}

/* The cells whose neighbour in direction D is playable, and the bits from one
 * to the other; 0 when that differs from cell to cell (the sets cannot move
 * in D by a shift). */
static int neighbour_mask(const ruleset *rs, int d, bitboard *mask, int *shift)
{
    const square_bitboards *b = &rs->bb;
    int seen = 0;
    *mask = 0;
    *shift = 0;
    for (int c = 0; c < rs->ncells; c++) {
        int n = rs->nbr[c][d];
        if (n == TB_NO_CELL || !cellset_has(&rs->playable, c) || !cellset_has(&rs->playable, n)) continue;
        int s = b->bit_of[n] - b->bit_of[c];
        if (seen && s != *shift) return 0;
        seen = 1;
        *shift = s;
        *mask |= bb_bit(b->bit_of[c]);
    }
    return 1;
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
 * its landing cell on the board, both playable, with the bits between one and
 * the next; 0 (no set operation can do it) when the cells between may ever
 * hold a piece (a playable cell lies between on some line) or the bits between
 * differ from cell to cell. */
static int stride_mask(const ruleset *rs, int d, int k, bitboard *mask, int *shift)
{
    const square_bitboards *b = &rs->bb;
    int seen = 0;
    *mask = 0;
    *shift = 0;
    for (int c = 0; c < rs->ncells; c++) {
        if (!cellset_has(&rs->playable, c)) continue;
        int cur = c, victim = c, ok = 1;
        for (int step = 1; step <= 2 * k && ok; step++) {
            cur = rs->ray[cur][d]; /* the next cell of the line, playable or not */
            if (cur == TB_NO_CELL) ok = 0;
            else if (step % k != 0 && cellset_has(&rs->playable, cur)) return 0;
            else if (step % k == 0 && !cellset_has(&rs->playable, cur)) ok = 0;
            else if (step == k) victim = cur;
        }
        if (!ok) continue;
        int s = b->bit_of[victim] - b->bit_of[c];
        if (b->bit_of[cur] - b->bit_of[victim] != s || (seen && s != *shift)) return 0;
        seen = 1;
        *shift = s;
        *mask |= bb_bit(b->bit_of[c]);
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

/* 1 when every rule is one the set operations do (steps, short jumps, and
 * what they hand to the per-piece generator: slides that never capture,
 * long hops) and the removals of the mover's own pieces, which are listed
 * apart; rules of capture by landing beyond a step, steps that capture a
 * line by approach or withdrawal, leaps, conditions,
 * royal pieces and promotion choices are the per-piece generator's alone. */
static int bitboard_covers(const ruleset *rs)
{
    if (rs->royal_type >= 0 || rs->castle.on || rs->line_removes || rs->custodial.on) return 0;
    for (int i = 0; i < rs->nrules; i++) {
        const move_rule *r = &rs->rules[i];
        if (r->kind == RULE_REMOVE && !r->remove_enemy) continue; /* generated apart, and never a capture */
        if (r->kind != RULE_STEP && r->kind != RULE_HOP && r->kind != RULE_SLIDE) return 0;
        if (r->only_enemy || r->en_passant || r->passable || r->has_within || r->conditional || r->shoot ||
            r->screen || r->line_capture || (r->kind == RULE_SLIDE && r->land_on_enemy))
            return 0;
    }
    for (int k = 0; k < rs->npromotions; k++)
        if (rs->promotions[k].choices & (rs->promotions[k].choices - 1)) return 0;
    return 1;
}

void movegen_bitboard_prepare(ruleset *rs)
{
    square_bitboards *b = &rs->bb;
    memset(b, 0, sizeof *b);
    assign_bits(rs);
    if (rs->topology != TOPO_SQUARE || !b->sets_kept) return;
    if (rs->nplace_rules || rs->swap_rule) return; /* pieces come onto the board: the per-piece generator places them */
    if (!bitboard_covers(rs)) return;
    if (rs->nplayers > 2) return; /* its sets are one side's and the other's */
    b->playable = bb_of(rs, &rs->playable);
    bitboard near[TB_MAX_DIRS], far[TB_MAX_DIRS];
    int shift[TB_MAX_DIRS] = { 0 };
    for (int d = 0; d < rs->ndirs; d++) {
        if (!neighbour_mask(rs, d, &near[d], &shift[d])) return; /* no shift moves the sets that way */
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
                bitboard from = r->from_any ? b->playable : bb_of(rs, &r->from[p]) & b->playable;
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
    b->straight_sets = b->short_chains && rs->npromotions == 0;
    for (int t = 0; t < rs->npiece_types; t++) {
        if (!rs->ntype_rules[t]) continue;
        const move_rule *r = &rs->rules[rs->type_rules[t][0]];
        if (rs->ntype_rules[t] > 1 || r->kind != RULE_HOP || !r->chain || !r->straight || !r->from_any)
            b->straight_sets = 0;
    }
    for (int t = 0; t < rs->npiece_types; t++) {
        b->quiet_fast[t] = !rs->type_may_repeat[t];
        for (int p = 0; p < 2; p++)
            for (int c = 0; c < rs->ncells; c++)
                if (rs->promote_at[p][t][c] && b->bit_of[c] != BB_NO_BIT) b->promotes[p][t] |= bb_bit(b->bit_of[c]);
    }
    b->ok = 1;
}

/* The generator with one machine word per set: boards of at most 64 bits. */
#define BB uint64_t
#define BB_WORDS 1
#define BB_NAME(x) x##_64
#include "movegen_bitboard_gen.h"
#undef BB
#undef BB_WORDS
#undef BB_NAME

/* The generator with 128-bit sets: boards of 65 to 128 bits. */
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
    return rs->bb.words == 1 ? legal_64(rs, st, out) : legal_128(rs, st, out);
}
