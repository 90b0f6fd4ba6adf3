/* movegen_custody.c - custodial capture: after a move, each enemy piece
 * next to the moved piece with the mover's piece (or a hostile cell) just
 * beyond it on the same line is taken; a royal piece, where the rules say
 * so, only when surrounded on every side. The captures are found when the
 * moves are generated, so that each move lists what it takes. */
#include "movegen_internal.h"

/* 1 when CELL helps PLAYER take, on the board CELLS as after a move
 * FROM-TO: one of PLAYER's armed pieces stands there (the moved one on TO),
 * or it is a cell of HOSTILE left empty. */
static int takes_part(const ruleset *rs, const uint8_t *cells, int player, int cell, int from, int to, int type_to,
                      const cellset *hostile)
{
    if (cell == to) return !(rs->custodial.unarmed >> type_to & 1);
    uint8_t code = cell == from ? 0 : cells[cell];
    if (!code) return cellset_has(hostile, cell);
    return piece_owner(code) == player && !(rs->custodial.unarmed >> piece_type(code) & 1);
}

static int surrounded(const ruleset *rs, const uint8_t *cells, int player, int cell, int from, int to, int type_to)
{
    for (int k = 0; k < rs->custodial.ndirs; k++) {
        int n = rs->nbr[cell][rs->custodial.dirs[k]];
        if (n == TB_NO_CELL || !takes_part(rs, cells, player, n, from, to, type_to, &rs->custodial.hostile)) return 0;
    }
    return 1;
}

int custodial_taken(const ruleset *rs, const uint8_t *cells, int player, int from, int to, int type, cell_id *caps)
{
    int enemy = tb_opponent(player), n = 0;
    if (rs->custodial.unarmed >> type & 1) return 0;
    for (int k = 0; k < rs->custodial.ndirs; k++) {
        int d = rs->custodial.dirs[k], c = rs->nbr[to][d];
        if (c == TB_NO_CELL || c == from || piece_owner(cells[c]) != enemy) continue;
        int t = piece_type(cells[c]), taken;
        if (t == rs->custodial.royal && (rs->custodial.royal_sides == 4 || cellset_has(&rs->custodial.surround_on, c))) {
            taken = surrounded(rs, cells, player, c, from, to, type);
        } else {
            int beyond = rs->nbr[c][d];
            const cellset *hostile = t == rs->custodial.royal ? &rs->custodial.royal_hostile : &rs->custodial.hostile;
            taken = beyond != TB_NO_CELL && takes_part(rs, cells, player, beyond, from, to, type, hostile);
        }
        if (taken) caps[n++] = (cell_id)c;
    }
    return n;
}

/* Adds to M (a move of PLAYER) the enemy pieces it takes by custody. */
void custodial_captures(const ruleset *rs, const state *st, int player, move *m)
{
    if (m->kind == MOVE_CHAIN || m->kind == MOVE_PASS || m->kind == MOVE_SWAP || m->kind == MOVE_CASTLE ||
        m->kind == MOVE_REMOVE)
        return;
    cell_id caps[TB_MAX_DIRS];
    int n = custodial_taken(rs, st->cell, player, m->kind == MOVE_PLACE ? -1 : m->from, m->to,
                            m->promote != 255 ? m->promote : m->mover, caps);
    for (int i = 0; i < n && m->ncaps < TB_MAX_PATH; i++) {
        int t = piece_type(st->cell[caps[i]]);
        m->caps[m->ncaps++] = caps[i];
        if (m->caps_by_type[t]++ == 0) m->first_cap[t] = m->ncaps;
    }
}

void gen_custodial(gen *g)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int enemy = tb_opponent(g->player), nw = (rs->ncells + 63) >> 6;
    /* the cells next to an enemy piece: a move ending elsewhere takes nothing */
    cellset near = { { 0 } };
    for (int w = 0; w < nw; w++)
        for (uint64_t bits = st->occupant[enemy - 1].w[w]; bits; bits &= bits - 1) {
            const cellset *around = &rs->nbr_set[w * 64 + __builtin_ctzll(bits)];
            for (int x = 0; x < nw; x++) near.w[x] |= around->w[x];
        }
    for (int i = 0; i < g->n; i++)
        if (cellset_has(&near, g->out[i].to)) custodial_captures(rs, st, g->player, &g->out[i]);
}
