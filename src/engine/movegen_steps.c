/* movegen_steps.c - a fast path of the one generator for games whose every
 * move rule is a plain step, on boards the bitboard generator does not take
 * (boards of tiles, grids of hexagons, boards given by their links, boards
 * of more than 128 cells). It lists the moves the per-piece generator lists,
 * in its order (the mover's pieces by cell, each type's rules in order, each
 * rule's directions in order, a quiet move two rules make listed once, then
 * the exchanges), without its dispatch per piece and rule: check_movegen
 * holds the two together on every game that fits. */
#include "movegen_internal.h"

/* 1 when the rules of RS are steps the loop below lists exactly as
 * pseudo_moves and movegen_square_legal do: no condition, region of arrival,
 * capture other than by landing, promotion choice or option, royal piece,
 * and no move but the pieces' steps and the exchange. */
static int steps_only(const ruleset *rs)
{
    if (rs->topology == TOPO_TRACK || rs->bb.ok || rs->nrules == 0 || rs->royal_type >= 0 || rs->castle.on || rs->nplace_rules || rs->swap_rule ||
        rs->nremove_rules || rs->sow.on || rs->line_removes || rs->custodial.on || rs->promotion_options ||
        rs->conditional_rules || rs->lines_only)
        return 0;
    for (int i = 0; i < rs->nrules; i++) {
        const move_rule *r = &rs->rules[i];
        if (r->kind != RULE_STEP || r->line_capture || r->only_enemy || r->en_passant || r->has_within ||
            r->conditional || r->unmoved || r->passable)
            return 0;
    }
    for (int k = 0; k < rs->npromotions; k++)
        if (rs->promotions[k].choices & (rs->promotions[k].choices - 1)) return 0;
    return 1;
}

void movegen_steps_prepare(ruleset *rs)
{
    rs->steps_fast = (uint8_t)steps_only(rs);
    rs->steps_per_piece = 0; /* the most moves one piece can have: every direction of each of its rules */
    int n = 0;
    for (int p = 0; p < rs->nplayers && rs->steps_fast; p++) {
        for (int t = 0; t < rs->npiece_types; t++) {
            rs->step_first[p][t] = (uint16_t)n;
            for (int i = 0; i < rs->ntype_rules[t]; i++) {
                const move_rule *r = &rs->rules[rs->type_rules[t][i]];
                for (int k = 0; k < r->ndirs[p]; k++)
                    rs->step_pool[n++] = (struct step_entry){ r->dirs[p][k], rs->type_rules[t][i],
                                                              r->land_on_enemy, !r->from_any };
            }
            if (n - rs->step_first[p][t] > rs->steps_per_piece) rs->steps_per_piece = (uint16_t)(n - rs->step_first[p][t]);
        }
        rs->step_first[p][rs->npiece_types] = (uint16_t)n;
    }
}

/* A position with more moves than the list holds: an error, no moves. */
static int too_many(move_list *l)
{
    l->error = MOVES_TOO_MANY;
    return l->n = 0;
}

/* 1 when a quiet move to TO is among the piece's moves FIRST .. END. */
static int listed(const move *first, const move *end, int to)
{
    for (const move *m = first; m < end; m++)
        if (m->ncaps == 0 && m->to == to) return 1;
    return 0;
}

/* The steps of the mover's pieces into L from its first move. CHECKED (a
 * constant at each call, so the copy without it has no test per move): one
 * move more than L holds is MOVES_TOO_MANY. What the loops read stays in
 * locals: a byte written through a move could alias the tables, and the
 * compiler would load them again. */
static inline __attribute__((always_inline)) int steps(const ruleset *rs, const state *st, move_list *l, int checked)
{
    int player = st->h.to_move, p = player - 1, n = 0, promotions = rs->npromotions != 0;
    uint64_t removed = st->h.removed_groups; /* boards of tiles: fields of the tiles gone are off the board */
    move *out = l->m;
    int cap = l->cap;
    const uint8_t *cell = st->cell, *tile = rs->cell_tile;
    for (int w = 0; w < TB_CELL_WORDS; w++)
        for (uint64_t bits = st->occupant[p].w[w]; bits; bits &= bits - 1) { /* the mover's pieces, in cell order */
            int from = w * 64 + __builtin_ctzll(bits), type = piece_type(cell[from]), first = n;
            int dedupe = rs->type_quiet_overlap[type];
            const cell_id *nbr = rs->nbr[from];
            const struct step_entry *e = &rs->step_pool[rs->step_first[p][type]],
                                    *end = &rs->step_pool[rs->step_first[p][type + 1]];
            for (; e < end; e++) {
                int to = nbr[e->dir];
                if (to == TB_NO_CELL) continue;
                uint8_t there = cell[to];
                if (there) { /* (never on a tile gone: a tile leaves the board empty) */
                    if (!e->takes || piece_owner(there) == player) continue;
                } else if ((removed >> tile[to] & 1) || (dedupe && listed(out + first, out + n, to))) {
                    continue;
                }
                if (e->from_region && !cellset_has(&rs->rules[e->rule].from[p], from)) continue;
                if (checked && n == cap) return too_many(l);
                gen_write_step(rs, &out[n++], from, to, type, e->rule, to, there, player, promotions);
            }
        }
    return l->n = n;
}

/* The copy with the check, kept out of line: the one without it is the
 * one that runs. */
static __attribute__((noinline)) int steps_checked(const ruleset *rs, const state *st, move_list *l)
{
    return steps(rs, st, l, 1);
}

int movegen_steps_legal(const ruleset *rs, const state *st, move_list *l)
{
    l->n = 0;
    if (st->h.status != STATUS_ONGOING) return 0;
    int p = st->h.to_move, ncells = rs->ncells;
    int movers = st->h.pieces[p - 1] < ncells ? st->h.pieces[p - 1] : ncells;
    long bound = (long)movers * rs->steps_per_piece;
    int n;
    if (l->fixed && bound > l->cap) n = steps_checked(rs, st, l);
    else if (!move_list_reserve(l, bound)) return l->n = 0;
    else n = steps(rs, st, l, 0);
    if (l->error) return 0;
    if (rs->tiles.exchange_cost) { /* then the exchanges, as the per-piece generator lists them */
        gen g = GEN_INIT(rs, st, l);
        g.n = n;
        gen_exchanges(&g);
        n = gen_result(&g);
    }
    return l->n = n ? movegen_finish(rs, l, n, rs->any_chain) : 0;
}
