/* moves_ref.c - the slow reference enumeration of moves_ref.h. Clarity over
 * speed: the board is a plain array copied where a chain branches, the
 * neighbours come from columns and rows, and the moves found are kept in
 * growing arrays with their captured cells sorted, so that two chains are
 * compared as sets without any digest. */
#include "moves_ref.h"

#include <stdlib.h>
#include <string.h>

static const int dcol[8] = { 0, 1, 1, 1, 0, -1, -1, -1 }; /* N NE E SE S SW W NW */
static const int drow[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };

typedef struct ref_move {
    int from, to, promote, ncaps, chain;
    long caps; /* offset of its captured cells, sorted, in the list's pool */
} ref_move;

typedef struct ref_list {
    ref_move *m;
    long n, cap;
    int *pool;
    long npool, pool_cap;
    int failed;
} ref_list;

/* A chain being followed: where its captured pieces are. */
typedef struct ref_chain {
    const ruleset *rs;
    const state *st;
    int player, from, first_rule, last_dir, promote;
    int ncaps;
    int caps[TB_MAX_CELLS];   /* in the order taken */
    uint8_t taken[TB_MAX_CELLS];
    ref_list *out;
} ref_chain;

/* The cell one step from CELL in direction D, or -1 off the board. A hex
 * board's cells touch along n ne e s sw w only; a board of points whose
 * diagonals join alternate points has them where column + row is even. */
static int next_cell(const ruleset *rs, int cell, int d)
{
    if (rs->grid == GRID_HEX && (d == 3 || d == 7)) return -1;
    if (rs->grid == GRID_ALTERNATE && d % 2 == 1 && (cell % rs->width + cell / rs->width) % 2 == 1) return -1;
    int col = cell % rs->width + dcol[d], row = cell / rs->width + drow[d];
    if (col < 0 || col >= rs->width || row < 0 || row >= rs->height) return -1;
    return row * rs->width + col;
}

static int owner(const state *st, int cell)
{
    return st->cell[cell] ? piece_owner(st->cell[cell]) : 0;
}

/* The promotion of TYPE reaching CELL for PLAYER: the first listed. */
static const promotion *promotion_for(const ruleset *rs, int type, int player, int cell)
{
    for (int k = 0; k < rs->npromotions; k++)
        if (rs->promotions[k].from == type && cellset_has(&rs->promotions[k].where[player - 1], cell))
            return &rs->promotions[k];
    return NULL;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static void add(ref_list *l, int from, int to, int promote, const int *caps, int ncaps, int chain)
{
    if (l->failed) return;
    if (l->n == l->cap) {
        long cap = l->cap ? l->cap * 2 : 256;
        ref_move *m = realloc(l->m, (size_t)cap * sizeof *m);
        if (!m) {
            l->failed = 1;
            return;
        }
        l->m = m;
        l->cap = cap;
    }
    if (ncaps > 0 && l->npool + ncaps > l->pool_cap) {
        long cap = l->pool_cap ? l->pool_cap : 1024;
        while (cap < l->npool + ncaps) cap *= 2;
        int *p = realloc(l->pool, (size_t)cap * sizeof *p);
        if (!p) {
            l->failed = 1;
            return;
        }
        l->pool = p;
        l->pool_cap = cap;
    }
    ref_move *m = &l->m[l->n++];
    m->from = from;
    m->to = to;
    m->promote = promote;
    m->ncaps = ncaps;
    m->chain = chain;
    m->caps = l->npool;
    if (ncaps == 0) return; /* quiet moves: no cells in the pool (which may not exist yet) */
    memcpy(l->pool + l->npool, caps, (size_t)ncaps * sizeof *caps);
    qsort(l->pool + l->npool, (size_t)ncaps, sizeof *caps, cmp_int);
    l->npool += ncaps;
}

/* 1 when a quiet move FROM-TO is listed already (a one-cell slide is a step). */
static int quiet_listed(const ref_list *l, long first, int from, int to)
{
    for (long i = first; i < l->n; i++)
        if (l->m[i].ncaps == 0 && l->m[i].from == from && l->m[i].to == to) return 1;
    return 0;
}

static int rule_from(const move_rule *r, int player, int cell)
{
    return r->from_any || cellset_has(&r->from[player - 1], cell);
}

static void ref_steps(const ruleset *rs, const state *st, const move_rule *r, int player, int cell, ref_list *l,
                      long first)
{
    for (int k = 0; k < r->ndirs[player - 1]; k++) {
        int to = next_cell(rs, cell, r->dirs[player - 1][k]);
        if (to < 0 || !cellset_has(&rs->playable, to)) continue;
        if (owner(st, to) == 0) {
            if (!quiet_listed(l, first, cell, to)) add(l, cell, to, -1, NULL, 0, 0);
        } else if (r->land_on_enemy && owner(st, to) == 3 - player) {
            add(l, cell, to, -1, &to, 1, 0);
        }
    }
}

/* Pieces on the row of CELL across the player's forward, CELL's own left out. */
static int others_on_row(const ruleset *rs, const state *st, int player, int cell)
{
    int fw = rs->forward[player - 1], n = 0;
    for (int c = 0; c < rs->ncells; c++) {
        int same = fw == DIR_N || fw == DIR_S ? c / rs->width == cell / rs->width : c % rs->width == cell % rs->width;
        if (same && c != cell && st->cell[c]) n++;
    }
    return n;
}

static void ref_slides(const ruleset *rs, const state *st, const move_rule *r, int player, int cell, ref_list *l,
                       long first)
{
    int max = r->slide_limit == SLIDE_MAX_FIXED ? r->max_value : others_on_row(rs, st, player, cell);
    for (int k = 0; k < r->ndirs[player - 1]; k++) {
        int d = r->dirs[player - 1][k], at = cell;
        for (int dist = 1; dist <= max; dist++) {
            at = next_cell(rs, at, d);
            if (at < 0 || st->cell[at] || cellset_has(&r->never_enter[player - 1], at)) break;
            if (cellset_has(&rs->playable, at) && !quiet_listed(l, first, cell, at)) add(l, cell, at, -1, NULL, 0, 0);
        }
    }
}

/* The jumper may cross or land on CELL: empty, its own start, or a piece
 * captured already when captured pieces are lifted at once. */
static int passable(const ref_chain *ch, int cell)
{
    if (cell == ch->from || ch->st->cell[cell] == 0) return 1;
    return !ch->rs->capture_at_end && ch->taken[cell];
}

static int victim(const ref_chain *ch, const move_rule *r, int cell, int d)
{
    for (int dist = 1; dist <= r->before_max; dist++) {
        cell = next_cell(ch->rs, cell, d);
        if (cell < 0) return -1;
        if (passable(ch, cell)) continue;
        int code = ch->st->cell[cell];
        if (dist < r->before_min || ch->taken[cell] || piece_owner(code) == ch->player ||
            !(r->over_types & (1u << piece_type(code))))
            return -1;
        return cell;
    }
    return -1;
}

static int landing_cells(const ref_chain *ch, const move_rule *r, int over, int d, int *out)
{
    int n = 0, cell = over;
    for (int dist = 1; dist <= r->after_max; dist++) {
        cell = next_cell(ch->rs, cell, d);
        if (cell < 0 || !passable(ch, cell)) break;
        if (dist >= r->after_min && cellset_has(&ch->rs->playable, cell)) out[n++] = cell;
    }
    return n;
}

static int reverses(const ref_chain *ch, const move_rule *r, int d)
{
    return r->no_reverse && ch->ncaps > 0 && d == (ch->last_dir + 4) % 8;
}

/* 1 when a piece of TYPE on CELL could make another jump of the chain. */
static int jumps_on(const ref_chain *ch, int cell, int type)
{
    int land[TB_MAX_CELLS];
    for (int ri = 0; ri < ch->rs->nrules; ri++) {
        const move_rule *r = &ch->rs->rules[ri];
        if (r->piece != type || r->kind != RULE_HOP || !r->chain) continue;
        for (int k = 0; k < r->ndirs[ch->player - 1]; k++) {
            int d = r->dirs[ch->player - 1][k];
            if (reverses(ch, r, d)) continue;
            int over = victim(ch, r, cell, d);
            if (over >= 0 && landing_cells(ch, r, over, d, land) > 0) return 1;
        }
    }
    return 0;
}

static void emit_chain(ref_chain *ch, int to, int type)
{
    int promote = ch->promote;
    if (promote < 0) {
        const promotion *pr = promotion_for(ch->rs, type, ch->player, to);
        if (pr) promote = pr->to;
    }
    add(ch->out, ch->from, to, promote, ch->caps, ch->ncaps, 1);
}

static void follow(ref_chain *ch, int cur, int type);

static void land_on(ref_chain *ch, const move_rule *r, int land, int type)
{
    int promote = ch->promote;
    const promotion *pr = promote < 0 ? promotion_for(ch->rs, type, ch->player, land) : NULL;
    if (pr && pr->mid_chain != MID_CHAIN_PASSES) ch->promote = pr->to;
    if (!r->chain || (pr && pr->mid_chain == MID_CHAIN_ENDS)) emit_chain(ch, land, type);
    else follow(ch, land, pr && pr->mid_chain == MID_CHAIN_CROWNS ? pr->to : type);
    ch->promote = promote;
}

static void follow(ref_chain *ch, int cur, int type)
{
    int jumped = 0;
    for (int ri = 0; ri < ch->rs->nrules; ri++) {
        const move_rule *r = &ch->rs->rules[ri];
        if (r->piece != type || r->kind != RULE_HOP) continue;
        if (ch->ncaps == 0 ? ri != ch->first_rule : !r->chain) continue;
        for (int k = 0; k < r->ndirs[ch->player - 1]; k++) {
            int d = r->dirs[ch->player - 1][k];
            if (reverses(ch, r, d)) continue;
            int over = victim(ch, r, cur, d);
            if (over < 0) continue;
            int land[TB_MAX_CELLS];
            int nland = landing_cells(ch, r, over, d, land);
            if (nland == 0) continue;
            jumped = 1;
            int last_dir = ch->last_dir;
            ch->caps[ch->ncaps++] = over;
            ch->taken[over] = 1;
            ch->last_dir = d;
            /* Several landing cells: those from which the chain goes on, if any. */
            uint8_t on[TB_MAX_CELLS];
            int any = 0;
            for (int i = 0; i < nland; i++) {
                on[i] = 0;
                if (nland < 2 || !r->chain) continue;
                const promotion *pr = ch->promote < 0 ? promotion_for(ch->rs, type, ch->player, land[i]) : NULL;
                int next = pr && pr->mid_chain == MID_CHAIN_CROWNS ? pr->to : type;
                on[i] = (uint8_t)(!(pr && pr->mid_chain == MID_CHAIN_ENDS) && jumps_on(ch, land[i], next));
                any |= on[i];
            }
            for (int i = 0; i < nland; i++)
                if (!any || on[i]) land_on(ch, r, land[i], type);
            ch->last_dir = last_dir;
            ch->taken[over] = 0;
            ch->ncaps--;
        }
    }
    if (!jumped && ch->ncaps > 0) emit_chain(ch, cur, type);
}

static void ref_hops(const ruleset *rs, const state *st, int ri, int player, int cell, int type, ref_list *l)
{
    ref_chain *ch = calloc(1, sizeof *ch);
    if (!ch) {
        l->failed = 1;
        return;
    }
    ch->rs = rs;
    ch->st = st;
    ch->player = player;
    ch->from = cell;
    ch->first_rule = ri;
    ch->last_dir = -1;
    ch->promote = -1;
    ch->out = l;
    follow(ch, cell, type);
    free(ch);
}

static void ref_generate(const ruleset *rs, const state *st, ref_list *l)
{
    int player = st->h.to_move;
    for (int cell = 0; cell < rs->ncells; cell++) {
        if (owner(st, cell) != player) continue;
        int type = piece_type(st->cell[cell]);
        long first = l->n;
        for (int ri = 0; ri < rs->nrules; ri++) {
            const move_rule *r = &rs->rules[ri];
            if (r->piece != type || !rule_from(r, player, cell)) continue;
            if (r->kind == RULE_STEP) ref_steps(rs, st, r, player, cell, l, first);
            else if (r->kind == RULE_SLIDE) ref_slides(rs, st, r, player, cell, l, first);
            else if (r->kind == RULE_HOP) ref_hops(rs, st, ri, player, cell, type, l);
        }
    }
}

int moves_ref_covers(const ruleset *rs)
{
    /* Pieces that come onto the board (placing, the swap, shots), passes,
     * flights, conditional rules and removals after a line are compared
     * with the Python references of those games instead; leaps, captures by
     * sliding, en passant and royal pieces with published perft counts;
     * captures by approach and withdrawal, fanorona_ref.py. */
    for (int i = 0; i < rs->nrules; i++) {
        const move_rule *r = &rs->rules[i];
        if (r->shoot || r->kind == RULE_FLY || r->kind == RULE_LEAP || r->kind == RULE_SOW || r->conditional || r->only_enemy ||
            r->en_passant || r->passable || r->has_within || r->line_capture || (r->kind == RULE_SLIDE && r->land_on_enemy))
            return 0;
    }
    if (rs->royal_type >= 0 || rs->castle.on) return 0; /* the chess family: perft against published counts */
    if (rs->custodial.on || rs->sow.on) return 0;       /* custody and sowing: their own Python references */
    return rs->topology == TOPO_SQUARE && !rs->nplace_rules && !rs->swap_rule && !rs->pass_when_blocked &&
           !rs->line_removes;
}

static void ref_free(ref_list *l)
{
    free(l->m);
    free(l->pool);
}

long moves_ref_pseudo(const ruleset *rs, const state *st)
{
    ref_list l = { 0 };
    ref_generate(rs, st, &l);
    long n = l.failed ? -1 : l.n;
    ref_free(&l);
    return n;
}

static int same_capture(const ref_list *l, const ref_move *a, const ref_move *b)
{
    return a->from == b->from && a->to == b->to && a->promote == b->promote && a->ncaps == b->ncaps &&
           (a->ncaps == 0 || memcmp(l->pool + a->caps, l->pool + b->caps, (size_t)a->ncaps * sizeof *l->pool) == 0);
}

/* `(streak-limit TYPE N while-has:OTHER)`: 1 when the piece on CELL may make
 * no more non-capturing moves. Read from the board alone (the engine keeps
 * the one piece a player may have to ask about; the reference looks). */
static int resting(const ruleset *rs, const state *st, int cell)
{
    int player = st->h.to_move;
    if (rs->streak_type < 0 || st->cell[cell] != piece_code(player, rs->streak_type)) return 0;
    if ((st->mark[cell] & MARK_STREAK) < rs->streak_max) return 0;
    if (rs->streak_while < 0) return 1;
    for (int c = 0; c < rs->ncells; c++)
        if (st->cell[c] == piece_code(player, rs->streak_while)) return 1;
    return 0;
}

long moves_ref_legal(const ruleset *rs, const state *st)
{
    if (st->h.status != STATUS_ONGOING) return 0;
    ref_list l = { 0 };
    ref_generate(rs, st, &l);
    if (l.failed) {
        ref_free(&l);
        return -1;
    }
    long captures = 0;
    for (long i = 0; i < l.n; i++) captures += l.m[i].ncaps > 0;
    int only_captures = rs->capture_mandatory && captures > 0;
    long count = 0;
    for (long i = 0; i < l.n; i++) {
        const ref_move *m = &l.m[i];
        if (only_captures && m->ncaps == 0) continue;
        if (m->ncaps == 0 && resting(rs, st, m->from)) continue;
        int repeat = 0;
        if (!rs->keep_all_paths && m->chain && m->ncaps >= 2)
            for (long j = 0; j < i && !repeat; j++)
                repeat = (!only_captures || l.m[j].ncaps > 0) && l.m[j].chain && same_capture(&l, &l.m[j], m);
        count += !repeat;
    }
    ref_free(&l);
    return count;
}
