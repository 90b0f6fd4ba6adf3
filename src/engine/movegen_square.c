/* movegen_square.c - the move rules of cell boards: step, hop (with chains)
 * and slide, as compiled into move_rule tables. */
#include <string.h>

#include "movegen.h"

typedef struct gen {
    const ruleset *rs;
    const state *st;
    move *out;
    int n;
    int player;       /* 1 or 2 */
    int piece_first;  /* index of the first move of the piece being generated */
    int may_repeat;   /* the piece has several quiet rules that can reach the same cell */
} gen;

/* 1 when the quiet move FROM-TO is already listed for this piece: a slide of
 * one cell is the same move as a step, and is listed once. */
static int already_listed(const gen *g, int from, int to)
{
    if (!g->may_repeat) return 0;
    for (int i = g->piece_first; i < g->n; i++)
        if (g->out[i].ncaps == 0 && g->out[i].to == to && g->out[i].from == from) return 1;
    return 0;
}

static void emit(gen *g, const move *m)
{
    if (g->n >= TB_MAX_MOVES) return;
    if (m->ncaps == 0 && already_listed(g, m->from, m->to)) return;
    g->out[g->n++] = *m;
}

static int rule_applies(const move_rule *r, int player, int cell)
{
    return r->from_any || cellset_has(&r->from[player - 1], cell);
}

/* The promotion of TYPE on CELL for PLAYER, or NULL (a table lookup). */
static inline const promotion *promotion_at(const ruleset *rs, int type, int player, int cell)
{
    int k = rs->promote_at[player - 1][type][cell];
    return k ? &rs->promotions[k - 1] : NULL;
}

static void start_move(move *m, int kind, int from, int type)
{
    m->kind = (uint8_t)kind;
    m->from = (cell_id)from;
    m->mover = (uint8_t)type;
    m->promote = 255;
    m->npath = 0;
    m->ncaps = 0;
    memset(m->caps_by_type, 0, sizeof m->caps_by_type);
}

static void gen_steps(gen *g, const move_rule *r, int from, int type)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int p = g->player - 1;
    for (int k = 0; k < r->ndirs[p]; k++) {
        int to = rs->nbr[from][r->dirs[p][k]];
        if (to == TB_NO_CELL) continue; /* neighbour tables hold playable cells only */
        uint8_t there = st->cell[to];
        if (there && (!r->land_on_enemy || piece_owner(there) == g->player)) continue;
        if (!there && already_listed(g, from, to)) continue;
        if (g->n >= TB_MAX_MOVES) return;
        move *m = &g->out[g->n++]; /* written in place: the hot path copies nothing */
        start_move(m, MOVE_STEP, from, type);
        m->to = (cell_id)to;
        if (there) {
            m->caps[m->ncaps++] = (cell_id)to;
            m->caps_by_type[piece_type(there)]++;
        }
        const promotion *pr = promotion_at(rs, type, g->player, to);
        if (pr) m->promote = pr->to;
    }
}

/* Other pieces on the row of CELL (the row across the player's forward). */
static int row_others(const ruleset *rs, const state *st, int player, int cell)
{
    int fw = rs->forward[player - 1];
    int count = 0;
    if (fw == DIR_N || fw == DIR_S) {
        int base = rs->cell_row[cell] * rs->width;
        for (int c = base; c < base + rs->width; c++) count += st->cell[c] != 0;
    } else {
        for (int c = rs->cell_col[cell]; c < rs->ncells; c += rs->width) count += st->cell[c] != 0;
    }
    return count - 1;
}

static void gen_slides(gen *g, const move_rule *r, int from, int type)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int p = g->player - 1;
    int max = r->slide_limit == SLIDE_MAX_FIXED ? r->max_value : row_others(rs, st, g->player, from);
    for (int k = 0; k < r->ndirs[p]; k++) {
        int d = r->dirs[p][k];
        int cell = from;
        for (int dist = 1; dist <= max; dist++) {
            cell = rs->nbr[cell][d];
            if (cell == TB_NO_CELL || st->cell[cell] ||
                cellset_has(&r->never_enter[p], cell))
                break;
            move m;
            start_move(&m, dist == 1 ? MOVE_STEP : MOVE_SLIDE, from, type);
            m.to = (cell_id)cell;
            const promotion *pr = promotion_at(rs, type, g->player, cell);
            if (pr) m.promote = pr->to;
            emit(g, &m);
        }
    }
}

/* Jump chains: captured pieces leave the board as they are jumped, so a
 * piece is never jumped twice and its cell is free to cross or land on. */
typedef struct chain {
    gen *g;
    move m;           /* the chain so far */
    cellset taken;    /* cells captured so far */
} chain;

static int chain_empty(const chain *ch, int cell)
{
    return ch->g->st->cell[cell] == 0 || cell == ch->m.from || cellset_has(&ch->taken, cell);
}

static void chain_extend(chain *ch, int cur, int type, int first_rule)
{
    gen *g = ch->g;
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int p = g->player - 1;
    int jumped = 0;
    for (int ri = 0; ri < rs->nrules; ri++) {
        const move_rule *r = &rs->rules[ri];
        if (r->kind != RULE_HOP || r->piece != type) continue;
        if (ch->m.ncaps == 0 ? ri != first_rule : !r->chain) continue;
        for (int k = 0; k < r->ndirs[p]; k++) {
            int d = r->dirs[p][k];
            int over = rs->nbr[cur][d];
            if (over == TB_NO_CELL || cellset_has(&ch->taken, over)) continue;
            uint8_t victim = st->cell[over];
            if (!victim || over == ch->m.from || piece_owner(victim) == g->player) continue;
            if (!(r->over_types & (1u << piece_type(victim)))) continue;
            int land = rs->nbr[over][d];
            if (land == TB_NO_CELL || !chain_empty(ch, land)) continue;
            if (ch->m.npath >= TB_MAX_PATH) continue;
            jumped = 1;
            move saved = ch->m;
            ch->m.path[ch->m.npath++] = (cell_id)land;
            ch->m.caps[ch->m.ncaps++] = (cell_id)over;
            ch->m.caps_by_type[piece_type(victim)]++;
            ch->m.to = (cell_id)land;
            cellset_add(&ch->taken, over);
            const promotion *pr = ch->m.promote == 255 ? promotion_at(rs, type, g->player, land) : NULL;
            if (pr) ch->m.promote = pr->to;
            if (!r->chain || (pr && pr->ends_chain)) emit(g, &ch->m);
            else chain_extend(ch, land, pr ? pr->to : type, first_rule);
            ch->taken.w[over >> 6] &= ~((uint64_t)1 << (over & 63));
            ch->m = saved;
        }
    }
    if (!jumped && ch->m.ncaps > 0) emit(g, &ch->m); /* nothing more to jump: the chain ends */
}

/* A quick look before a chain is set up: is there a first jump at all? */
static int can_jump(const gen *g, const move_rule *r, int from)
{
    const ruleset *rs = g->rs;
    int p = g->player - 1;
    for (int k = 0; k < r->ndirs[p]; k++) {
        int over = rs->nbr[from][r->dirs[p][k]];
        if (over == TB_NO_CELL) continue;
        uint8_t victim = g->st->cell[over];
        if (!victim || piece_owner(victim) == g->player || !(r->over_types & (1u << piece_type(victim)))) continue;
        int land = rs->nbr[over][r->dirs[p][k]];
        if (land != TB_NO_CELL && g->st->cell[land] == 0) return 1;
    }
    return 0;
}

int movegen_pseudo(const ruleset *rs, const state *st, move *out)
{
    gen g = { rs, st, out, 0, st->h.to_move, 0, 0 };
    const cellset *mine = &st->occupant[g.player - 1];
    for (int w = 0; w < TB_CELL_WORDS; w++) {
        for (uint64_t bits = mine->w[w]; bits; bits &= bits - 1) { /* the mover's pieces, in cell order */
            int cell = w * 64 + __builtin_ctzll(bits);
            uint8_t code = st->cell[cell];
            int type = piece_type(code);
            g.piece_first = g.n;
            g.may_repeat = rs->type_has_slide[type];
            for (int i = 0; i < rs->ntype_rules[type]; i++) {
                int ri = rs->type_rules[type][i];
                const move_rule *r = &rs->rules[ri];
                if (!rule_applies(r, g.player, cell)) continue;
                if (r->kind == RULE_STEP) {
                    gen_steps(&g, r, cell, type);
                } else if (r->kind == RULE_SLIDE) {
                    gen_slides(&g, r, cell, type);
                } else if (r->kind == RULE_HOP && can_jump(&g, r, cell)) {
                    chain ch;
                    ch.g = &g;
                    start_move(&ch.m, MOVE_CHAIN, cell, type);
                    memset(&ch.taken, 0, sizeof ch.taken);
                    chain_extend(&ch, cell, type, ri);
                }
            }
        }
    }
    return g.n;
}

int movegen_square_legal(const ruleset *rs, const state *st, move *out)
{
    if (st->h.status != STATUS_ONGOING) return 0;
    int n = movegen_pseudo(rs, st, out);
    if (!rs->capture_mandatory) return n;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (out[i].ncaps) out[k++] = out[i];
    if (k == 0) return n; /* no capture: every move stays */
    return rs->uses_max_capture ? hook_max_capture(rs, out, k) : k;
}
