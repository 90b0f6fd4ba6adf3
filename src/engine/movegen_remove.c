/* movegen_remove.c - `remove` rules: a move that takes one piece off the
 * board, the mover's own or the opponent's, from a region, or only where
 * the piece has an empty neighbour in given directions (an opening that
 * empties the first cells of a full board). Each removable piece is one
 * move, listed once however many rules allow it. And the exchange: collected
 * tiles handed back for the removal of an enemy piece. */
#include "movegen_internal.h"

/* 1 when CELL has an empty playable neighbour in one of R's directions for
 * player P. */
static int beside_empty(const ruleset *rs, const state *st, const move_rule *r, int p, int cell)
{
    for (int k = 0; k < r->ndirs[p]; k++) {
        int n = rs->nbr[cell][r->dirs[p][k]];
        if (n != TB_NO_CELL && !st->cell[n]) return 1;
    }
    return 0;
}

static void gen_remove_rule(gen *g, int ri, cellset *listed)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    const move_rule *r = &rs->rules[ri];
    int p = g->player - 1;
    if (r->conditional && !rule_conditions_hold(st, r, g->player)) return;
    uint8_t code = piece_code(r->remove_enemy ? 2 - p : p + 1, r->piece);
    for (int i = 0; i < rs->nplayable; i++) {
        int cell = rs->playable_cells[i];
        if (st->cell[cell] != code || cellset_has(listed, cell)) continue;
        if (!r->from_any && !cellset_has(&r->from[p], cell)) continue;
        if (r->next_to_empty && !beside_empty(rs, st, r, p, cell)) continue;
        move *m = gen_slot(g);
        if (!m) return;
        move_start(m, MOVE_REMOVE, cell, r->piece, ri);
        if (r->remove_enemy) { /* an enemy piece taken is a capture, for the counters and filters that ask */
            m->caps[m->ncaps++] = (cell_id)cell;
            m->caps_by_type[r->piece]++;
        }
        cellset_add(listed, cell);
    }
}

void gen_removals(gen *g)
{
    cellset listed;
    memset(&listed, 0, sizeof listed);
    for (int i = 0; i < g->rs->nremove_rules; i++) gen_remove_rule(g, g->rs->remove_rules[i], &listed);
}

/* `(exchange cost:N)`: with N collected tiles or more, one move per enemy
 * piece, in cell order, that removes it (a capture, so that agents try it
 * early). What follows the removal is effect_tiles_exchange's. */
void gen_exchanges(gen *g)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int p = g->player;
    if (st->h.counter[p - 1][rs->tiles.held_counter] < rs->tiles.exchange_cost) return;
    for (int q = 1; q <= rs->nplayers; q++) {
        if (q == p) continue;
        for (int w = 0; w < TB_CELL_WORDS; w++)
            for (uint64_t bits = st->occupant[q - 1].w[w]; bits; bits &= bits - 1) {
                int cell = w * 64 + __builtin_ctzll(bits), type = piece_type(st->cell[cell]);
                move *m = gen_slot(g);
                if (!m) return;
                move_start(m, MOVE_EXCHANGE, cell, type, 255);
                m->caps[m->ncaps++] = (cell_id)cell;
                m->caps_by_type[type]++;
            }
    }
}
