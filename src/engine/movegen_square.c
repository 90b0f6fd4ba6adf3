/* movegen_square.c - the move rules of cell boards: step, slide and hop
 * (with chains), as compiled into move_rule tables.
 *
 * A hop jumps one enemy piece along a line: the piece may stand `before`
 * cells away (empty cells between) and the jumper lands `after` cells beyond
 * it (empty cells between); a short jump is 1 and 1, a flying king's capture
 * is any and any. A chain goes on while the piece can jump, and must: where
 * several landing cells are possible, those from which it can go on are the
 * only choices, if there are any. */
#include <string.h>

#include "movegen_internal.h"

/* 1 when the quiet move FROM-TO is already listed for this piece: a slide of
 * one cell is the same move as a step, and is listed once. */
static int already_listed(const gen *g, int from, int to)
{
    if (!g->may_repeat) return 0;
    const move *listed = g->out;
    for (int i = g->piece_first; i < g->n; i++)
        if (listed[i].ncaps == 0 && listed[i].to == to && listed[i].from == from) return 1;
    return 0;
}

/* The enemy piece that passed over CELL in the move just played (a
 * `passable` slide of the opponent of PLAYER), or -1. */
static int passed_piece(const ruleset *rs, const state *st, int player, int cell)
{
    int a = st->h.passage_from, b = st->h.passage_to;
    if (b == TB_NO_CELL || piece_owner(st->cell[b]) != tb_opponent(player)) return -1;
    for (int d = 0; d < rs->ndirs; d++) { /* the line from a to b, if CELL is on it before b */
        int seen = 0, c = rs->ray[a][d];
        for (; c != TB_NO_CELL && c != b; c = rs->ray[c][d]) seen |= c == cell;
        if (c == b) return seen ? b : -1;
    }
    return -1;
}

/* What the loop reads stays in locals: a byte written through a move could
 * alias the rule, and the compiler would load its fields again every move. */
static void gen_steps(gen *g, const move_rule *r, int from, int type, int what)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int p = g->player - 1, player = g->player, ndirs = r->ndirs[p], ri = (int)(r - rs->rules);
    const uint8_t *dirs = r->dirs[p], *cells = st->cell;
    const cell_id *nbr = rs->nbr[from];
    int takes = r->land_on_enemy && (what & GEN_TAKES), quiet = what & GEN_QUIET, only_enemy = r->only_enemy;
    int within = r->has_within, promotions = rs->npromotions != 0;
    uint64_t removed = st->h.removed_groups; /* boards of tiles: fields of the tiles gone are off the board */
    for (int k = 0; k < ndirs; k++) {
        int to = nbr[dirs[k]];
        if (to == TB_NO_CELL) continue; /* nbr holds playable neighbours only */
        if (__builtin_expect(removed != 0, 0) && (removed >> rs->cell_tile[to] & 1)) continue; /* a tile gone */
        uint8_t there = cells[to];
        int victim = there ? to : -1;
        if (there && (!takes || piece_owner(there) == player)) continue;
        if (!there && only_enemy) { /* a capture only: en passant, or nothing */
            victim = r->en_passant && (what & GEN_TAKES) ? passed_piece(rs, st, player, to) : -1;
            if (victim < 0) continue;
            there = cells[victim];
        } else if (!there && (!quiet || already_listed(g, from, to))) {
            continue;
        }
        if (within && !cellset_has(&r->within[p], to)) continue;
        move *m = gen_slot(g); /* written in place: the hot path copies nothing */
        if (!m) return;
        gen_write_step(rs, m, from, to, type, ri, victim, there, player, promotions);
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

/* A slide FROM-TO of rule R that shoots: one move per cell the shot can
 * reach, sliding from TO in R's directions over empty cells (FROM is empty
 * by then). */
static void gen_shots(gen *g, const move_rule *r, int from, int to, int type)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int p = g->player - 1;
    for (int k = 0; k < r->ndirs[p]; k++) {
        int d = r->dirs[p][k];
        for (int cell = rs->ray[to][d]; cell != TB_NO_CELL; cell = rs->ray[cell][d]) {
            if (st->cell[cell] && cell != from) break;
            if (!cellset_has(&rs->playable, cell)) continue;
            move *m = gen_slot(g);
            if (!m) return;
            move_start(m, MOVE_SLIDE, from, type, (int)(r - rs->rules));
            m->to = (cell_id)to;
            m->shot = (cell_id)cell;
            m->shot_type = r->shoot_type;
        }
    }
}

/* Slides walk the line cell by cell (unplayable cells are crossed, never
 * stopped on) until an occupied cell, a cell the rule may not enter, or the
 * maximum distance. */
static void gen_slide_capture(gen *g, const move_rule *r, int from, int to, int type, int dist)
{
    const ruleset *rs = g->rs;
    move *m = gen_slot(g);
    if (!m) return;
    move_start(m, dist == 1 ? MOVE_STEP : MOVE_SLIDE, from, type, (int)(r - rs->rules));
    m->to = (cell_id)to;
    m->caps[m->ncaps++] = (cell_id)to;
    m->caps_by_type[piece_type(g->st->cell[to])]++;
    const promotion *pr = promotion_at(rs, type, g->player, to);
    if (pr) m->promote = pr->to;
}

static void gen_slides(gen *g, const move_rule *r, int from, int type, int what)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int p = g->player - 1;
    int max = r->slide_limit == SLIDE_MAX_FIXED ? r->max_value : row_others(rs, st, g->player, from);
    if (!r->screen && !r->only_enemy && !r->shoot && !g->may_repeat && rs->nplayable == rs->ncells) {
        /* a plain slide, perhaps kept within a region or out of some cells: the same moves, fewer tests per cell */
        int promotes = rs->promoting_types >> type & 1;
        const cellset *within = r->has_within ? &r->within[p] : NULL;
        const cellset *never = r->has_never_enter ? &r->never_enter[p] : NULL;
        for (int k = 0; k < r->ndirs[p]; k++) {
            int d = r->dirs[p][k], dist = 1;
            for (int cell = rs->ray[from][d]; cell != TB_NO_CELL && dist <= max; cell = rs->ray[cell][d], dist++) {
                if (never && cellset_has(never, cell)) break;
                uint8_t there = st->cell[cell];
                if (there) {
                    if (r->land_on_enemy && (what & GEN_TAKES) && piece_owner(there) != g->player &&
                        (!within || cellset_has(within, cell)))
                        gen_slide_capture(g, r, from, cell, type, dist);
                    break;
                }
                if (!(what & GEN_QUIET) || (within && !cellset_has(within, cell))) continue;
                move *m = gen_slot(g);
                if (!m) return;
                move_start(m, dist == 1 ? MOVE_STEP : MOVE_SLIDE, from, type, (int)(r - rs->rules));
                m->to = (cell_id)cell;
                const promotion *pr = promotes ? promotion_at(rs, type, g->player, cell) : NULL;
                if (pr) m->promote = pr->to;
            }
        }
        return;
    }
    for (int k = 0; k < r->ndirs[p]; k++) {
        int d = r->dirs[p][k];
        int cell = from;
        for (int dist = 1; dist <= max; dist++) {
            cell = rs->ray[cell][d];
            if (cell == TB_NO_CELL || (r->has_never_enter && cellset_has(&r->never_enter[p], cell))) break;
            if (st->cell[cell] && r->screen) { /* the screen: the first piece beyond it may be taken */
                int beyond = rs->ray[cell][d];
                while (beyond != TB_NO_CELL && !st->cell[beyond]) beyond = rs->ray[beyond][d];
                if (beyond != TB_NO_CELL && (what & GEN_TAKES) && piece_owner(st->cell[beyond]) != g->player &&
                    (!r->has_within || cellset_has(&r->within[p], beyond)))
                    gen_slide_capture(g, r, from, beyond, type, 2);
                break;
            }
            if (st->cell[cell]) { /* the first piece in the way: taken, where the rule captures */
                if (r->land_on_enemy && (what & GEN_TAKES) && piece_owner(st->cell[cell]) != g->player &&
                    (!r->has_within || cellset_has(&r->within[p], cell)))
                    gen_slide_capture(g, r, from, cell, type, dist);
                break;
            }
            if (!(what & GEN_QUIET) || r->only_enemy || (r->has_within && !cellset_has(&r->within[p], cell))) continue;
            if ((rs->nplayable < rs->ncells && !cellset_has(&rs->playable, cell)) || already_listed(g, from, cell)) continue;
            if (r->shoot) {
                gen_shots(g, r, from, cell, type);
                continue;
            }
            move *m = gen_slot(g);
            if (!m) return;
            move_start(m, dist == 1 ? MOVE_STEP : MOVE_SLIDE, from, type, (int)(r - rs->rules));
            m->to = (cell_id)cell;
            const promotion *pr = promotion_at(rs, type, g->player, cell);
            if (pr) m->promote = pr->to;
        }
    }
}

/* The cell a leap of (DX, DY) from CELL lands on, or -1 off the board. */
static inline int leap_target(const ruleset *rs, int cell, int dx, int dy)
{
    int col = rs->cell_col[cell] + dx, row = rs->cell_row[cell] + dy;
    if (col < 0 || col >= rs->width || row < 0 || row >= rs->height) return -1;
    int to = row * rs->width + col;
    return cellset_has(&rs->playable, to) ? to : -1;
}

void movegen_leaps_prepare(ruleset *rs)
{
    int tables = 0; /* the leaps' landing cells, a bit per offset and cell */
    for (int ri = 0; ri < rs->nrules; ri++) {
        move_rule *r = &rs->rules[ri];
        r->leap_table = -1;
        if (r->kind != RULE_LEAP || tables == TB_MAX_LEAP_TABLES || rs->topology != TOPO_SQUARE) continue;
        r->leap_table = (int8_t)tables;
        for (int p = 0; p < rs->nplayers; p++)
            for (int cell = 0; cell < rs->ncells; cell++) {
                uint8_t to = 0, from = 0;
                for (int k = 0; k < r->nleaps[p]; k++) {
                    int dx = r->leaps[p][k][0], dy = r->leaps[p][k][1];
                    int col = rs->cell_col[cell] + dx, row = rs->cell_row[cell] + dy;
                    if (col >= 0 && col < rs->width && row >= 0 && row < rs->height &&
                        cellset_has(&rs->playable, row * rs->width + col))
                        to |= (uint8_t)(1u << k);
                    col = rs->cell_col[cell] - dx, row = rs->cell_row[cell] - dy;
                    if (col >= 0 && col < rs->width && row >= 0 && row < rs->height) from |= (uint8_t)(1u << k);
                }
                rs->leap_ok[tables][0][p][cell] = to;
                rs->leap_ok[tables][1][p][cell] = from;
            }
        tables++;
    }
}

static void gen_leaps(gen *g, const move_rule *r, int from, int type, int what)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int p = g->player - 1;
    unsigned ok = r->leap_table >= 0 ? rs->leap_ok[r->leap_table][0][p][from] : 0xffu;
    for (int k = 0; k < r->nleaps[p]; k++) {
        if (!(ok >> k & 1)) continue; /* off the board, by the table */
        int to = r->leap_table >= 0 ? from + r->leaps[p][k][1] * rs->width + r->leaps[p][k][0]
                                    : leap_target(rs, from, r->leaps[p][k][0], r->leaps[p][k][1]);
        if (to < 0 || (r->has_within && !cellset_has(&r->within[p], to))) continue;
        uint8_t there = st->cell[to];
        if (there ? !r->land_on_enemy || piece_owner(there) == g->player || !(what & GEN_TAKES)
                  : r->only_enemy || !(what & GEN_QUIET) || already_listed(g, from, to))
            continue;
        if (r->lame && gen_leap_blocked(rs, st->cell, from, r->leaps[p][k][0], r->leaps[p][k][1])) continue;
        move *m = gen_slot(g);
        if (!m) return;
        move_start(m, MOVE_STEP, from, type, (int)(r - rs->rules));
        m->to = (cell_id)to;
        if (there) {
            m->caps[m->ncaps++] = (cell_id)to;
            m->caps_by_type[piece_type(there)]++;
        }
        const promotion *pr = promotion_at(rs, type, g->player, to);
        if (pr) m->promote = pr->to;
    }
}

/* To every empty cell of the board (a fly). */
static void gen_flights(gen *g, const move_rule *r, int from, int type)
{
    const ruleset *rs = g->rs;
    for (int i = 0; i < rs->nplayable; i++) {
        int to = rs->playable_cells[i];
        if (g->st->cell[to] || already_listed(g, from, to)) continue;
        if (!gen_emit_quiet(g, rs, r, MOVE_SLIDE, from, to, type)) return;
    }
}

/* A capture chain being built. Pieces it has captured are in TAKEN: with
 * `removal:at-once` their cells are empty from then on; with `removal:at-end`
 * they stay as obstacles that cannot be jumped again. */
typedef struct chain {
    gen *g;
    move m;           /* the chain so far */
    cellset taken;    /* cells captured so far */
    int last_dir;     /* the direction of the last jump */
    int first_rule;   /* the rule the first jump uses */
    int may_stop;     /* that rule's `may-stop`: every landing ends a move of its own */
} chain;

/* 1 when the jumper may cross or land on CELL. */
static inline int chain_free(const chain *ch, int cell)
{
    if (cell == ch->m.from || ch->g->st->cell[cell] == 0) return 1;
    return !ch->g->rs->capture_at_end && cellset_has(&ch->taken, cell);
}

/* Whether rule R may make the next jump of the chain (the first jump uses
 * the rule it started with; later jumps any `chain` rule of the type). */
static inline int rule_jumps_now(const chain *ch, const move_rule *r, int ri)
{
    return r->kind == RULE_HOP && (ch->m.ncaps == 0 ? ri == ch->first_rule : r->chain);
}

/* The enemy piece rule R jumps from CELL in direction D, or -1: the first
 * piece along the line, if it is within R's `before` distances, an enemy of
 * a type R may jump, and not captured already. */
static int victim_along(const chain *ch, const move_rule *r, int cell, int d)
{
    const ruleset *rs = ch->g->rs;
    for (int dist = 1; dist <= r->before_max; dist++) {
        cell = rs->ray[cell][d];
        if (cell == TB_NO_CELL) return -1;
        if (chain_free(ch, cell)) continue;
        uint8_t v = ch->g->st->cell[cell];
        if (dist < r->before_min || cellset_has(&ch->taken, cell) || piece_owner(v) == ch->g->player ||
            !(r->over_types & (1u << piece_type(v))))
            return -1;
        return cell;
    }
    return -1;
}

/* The landing cells beyond OVER in direction D (R's `after` distances, free
 * cells all the way, playable to land on): writes them to OUT, returns how
 * many. */
static int landings(const chain *ch, const move_rule *r, int over, int d, cell_id *out)
{
    const ruleset *rs = ch->g->rs;
    int n = 0, cell = over;
    for (int dist = 1; dist <= r->after_max; dist++) {
        cell = rs->ray[cell][d];
        if (cell == TB_NO_CELL || !chain_free(ch, cell)) break;
        if (dist >= r->after_min && cellset_has(&rs->playable, cell)) out[n++] = (cell_id)cell;
    }
    return n;
}

/* 1 when rule R may not jump in direction D now: straight back with
 * `no-reverse`, or off the chain's line with `straight`. */
static inline int is_reverse(const chain *ch, const move_rule *r, int d)
{
    if (ch->m.ncaps == 0) return 0;
    return (r->no_reverse && d == ((ch->last_dir + 4) & 7)) || (r->straight && d != ch->last_dir);
}

/* 1 when a piece of TYPE standing on CELL in the chain could jump again. */
static int can_go_on(const chain *ch, int cell, int type)
{
    const ruleset *rs = ch->g->rs;
    int p = ch->g->player - 1;
    cell_id land[TB_MAX_CELLS];
    for (int i = 0; i < rs->ntype_rules[type]; i++) {
        const move_rule *r = &rs->rules[rs->type_rules[type][i]];
        if (r->kind != RULE_HOP || !r->chain) continue;
        for (int k = 0; k < r->ndirs[p]; k++) {
            int d = r->dirs[p][k];
            if (is_reverse(ch, r, d)) continue;
            int over = victim_along(ch, r, cell, d);
            if (over >= 0 && landings(ch, r, over, d, land) > 0) return 1;
        }
    }
    return 0;
}

static void chain_extend(chain *ch, int cur, int type);

/* Goes on from the landing cell LAND after a jump by rule R. */
static void chain_land(chain *ch, const move_rule *r, int land, int type)
{
    gen *g = ch->g;
    ch->m.path[ch->m.npath++] = (cell_id)land;
    ch->m.to = (cell_id)land;
    uint8_t promote = ch->m.promote;
    const promotion *pr = promote == 255 ? promotion_at(g->rs, type, g->player, land) : NULL;
    if (pr && pr->mid_chain != MID_CHAIN_PASSES) ch->m.promote = pr->to;
    if (!r->chain || (pr && pr->mid_chain == MID_CHAIN_ENDS)) {
        gen_emit_chain(ch->g, &ch->m, type);
    } else {
        if (ch->may_stop) gen_emit_chain(ch->g, &ch->m, type); /* stopping here is a move too */
        chain_extend(ch, land, pr && pr->mid_chain == MID_CHAIN_CROWNS ? pr->to : type);
    }
    ch->m.promote = promote;
    ch->m.npath--;
}

static void chain_extend(chain *ch, int cur, int type)
{
    gen *g = ch->g;
    const ruleset *rs = g->rs;
    int p = g->player - 1, jumped = 0;
    cell_id land[TB_MAX_CELLS];
    for (int i = 0; i < rs->ntype_rules[type]; i++) {
        int ri = rs->type_rules[type][i];
        const move_rule *r = &rs->rules[ri];
        if (!rule_jumps_now(ch, r, ri)) continue;
        for (int k = 0; k < r->ndirs[p]; k++) {
            int d = r->dirs[p][k];
            if (is_reverse(ch, r, d)) continue;
            int over = victim_along(ch, r, cur, d);
            if (over < 0) continue;
            int nland = landings(ch, r, over, d, land);
            if (nland == 0) continue;
            if (ch->m.npath >= TB_MAX_PATH) { /* the compiler's bound makes this unreachable: never a cut chain */
                g->list->error = MOVES_CHAIN_TOO_LONG;
                return;
            }
            jumped = 1;
            uint8_t victim = g->st->cell[over];
            int last_dir = ch->last_dir;
            ch->m.caps[ch->m.ncaps++] = (cell_id)over;
            if (ch->m.caps_by_type[piece_type(victim)]++ == 0) ch->m.first_cap[piece_type(victim)] = ch->m.ncaps;
            cellset_add(&ch->taken, over);
            ch->last_dir = d;
            /* Several landing cells: if the chain can go on from some, it must
             * land on one of those (unless it may stop anywhere). */
            uint8_t go_on[TB_MAX_CELLS];
            int any_go_on = 0;
            if (nland > 1 && r->chain && !ch->may_stop)
                for (int l = 0; l < nland; l++) {
                    const promotion *pr = ch->m.promote == 255 ? promotion_at(rs, type, g->player, land[l]) : NULL;
                    int next = pr && pr->mid_chain == MID_CHAIN_CROWNS ? pr->to : type;
                    go_on[l] = (uint8_t)(!(pr && pr->mid_chain == MID_CHAIN_ENDS) && can_go_on(ch, land[l], next));
                    any_go_on |= go_on[l];
                }
            for (int l = 0; l < nland; l++)
                if (!any_go_on || go_on[l]) chain_land(ch, r, land[l], type);
            ch->last_dir = last_dir;
            cellset_remove(&ch->taken, over);
            if (--ch->m.caps_by_type[piece_type(victim)] == 0) ch->m.first_cap[piece_type(victim)] = 0;
            ch->m.ncaps--;
        }
    }
    if (!jumped && ch->m.ncaps > 0 && !ch->may_stop) gen_emit_chain(ch->g, &ch->m, type); /* nothing more to jump: the chain ends */
}

/* A quick look before a chain is set up: is there a first jump at all? */
static int can_jump(const gen *g, const move_rule *r, int from)
{
    chain ch;
    ch.g = (gen *)g;
    ch.m.from = (cell_id)from;
    ch.m.ncaps = 0;
    memset(&ch.taken, 0, sizeof ch.taken);
    cell_id land[TB_MAX_CELLS];
    int p = g->player - 1;
    for (int k = 0; k < r->ndirs[p]; k++) {
        int over = victim_along(&ch, r, from, r->dirs[p][k]);
        if (over >= 0 && landings(&ch, r, over, r->dirs[p][k], land) > 0) return 1;
    }
    return 0;
}

int gen_piece_can_capture(gen *g, int cell, int type)
{
    const ruleset *rs = g->rs;
    for (int i = 0; i < rs->ntype_rules[type]; i++) {
        const move_rule *r = &rs->rules[rs->type_rules[type][i]];
        if (!rule_applies(g->st, r, g->player, cell)) continue;
        if (r->kind == RULE_HOP && can_jump(g, r, cell)) return 1;
        if (r->kind == RULE_STEP && r->line_capture && gen_line_can_capture(g, r, cell)) return 1;
        if (r->kind == RULE_STEP && r->land_on_enemy)
            for (int k = 0; k < r->ndirs[g->player - 1]; k++) {
                int to = rs->nbr[cell][r->dirs[g->player - 1][k]];
                if (to != TB_NO_CELL && g->st->cell[to] && piece_owner(g->st->cell[to]) != g->player) return 1;
                /* (an enemy piece is never on a tile gone: a tile leaves the board empty) */
            }
    }
    return 0;
}

void gen_piece_rule(gen *g, int cell, int type, int ri, int what)
{
    const move_rule *r = &g->rs->rules[ri];
    if (!gen_rule_applies(g, r, ri, cell)) return;
    if (r->kind == RULE_STEP) {
        if (r->line_capture) gen_line_steps(g, r, cell, type, what);
        else gen_steps(g, r, cell, type, what);
    } else if (r->kind == RULE_SLIDE) {
        gen_slides(g, r, cell, type, what);
    } else if (r->kind == RULE_LEAP) {
        gen_leaps(g, r, cell, type, what);
    } else if (r->kind == RULE_FLY) {
        if (what & GEN_QUIET) gen_flights(g, r, cell, type);
    } else if (r->kind == RULE_HOP && (what & GEN_CHAINS) && can_jump(g, r, cell)) {
        chain ch;
        ch.g = g;
        ch.first_rule = ri;
        ch.last_dir = -1;
        ch.may_stop = r->may_stop;
        move_start(&ch.m, MOVE_CHAIN, cell, type, ri);
        memset(&ch.taken, 0, sizeof ch.taken);
        chain_extend(&ch, cell, type);
    }
}

void gen_piece(gen *g, int cell, int type, int what)
{
    const ruleset *rs = g->rs;
    g->piece_first = g->n;
    g->may_repeat = rs->type_quiet_overlap[type];
    for (int i = 0; i < rs->ntype_rules[type]; i++) gen_piece_rule(g, cell, type, rs->type_rules[type][i], what);
}

int movegen_pseudo(const ruleset *rs, const state *st, move_list *out)
{
    return movegen_pseudo_checked(rs, st, out, -1);
}

/* The moves of the player to move; with GUARD, only those that leave the
 * royal piece unattacked, in the same order: a piece's moves are tested as
 * they are made where they could expose it (the royal piece's own, a pinned
 * piece's, a type that may take elsewhere than where it lands), and the
 * moves made after the pieces' (castling, drops, promotion choices) at the
 * end. */
static int pseudo_moves(const ruleset *rs, const state *st, move_list *out, int in_check, royal_guard *guard)
{
    gen g = GEN_INIT(rs, st, out);
    g.in_check = in_check;
    if (rs->conditional_rules) gen_hold_rules(&g);
    const cellset *mine = &st->occupant[g.player - 1];
    int promoted = 0; /* some piece's move promotes (its choices are listed after every other move) */
    for (int w = 0; w < TB_CELL_WORDS && rs->moving_types; w++)
        for (uint64_t bits = mine->w[w]; bits; bits &= bits - 1) { /* the mover's pieces, in cell order */
            int cell = w * 64 + __builtin_ctzll(bits);
            int type = piece_type(st->cell[cell]);
            if (!(rs->moving_types >> type & 1)) continue;
            int first = g.n;
            gen_piece(&g, cell, type, GEN_QUIET | GEN_CAPTURES);
            if (guard && g.n > first &&
                (cell == guard->royal || !(rs->attack.simple_types >> type & 1) || cellset_has(&guard->pinned, cell)))
                g.n = royal_guard_filter(guard, g.out, first, g.n);
            if (rs->promoting_types >> type & 1)
                for (int i = first; i < g.n && !promoted; i++) promoted = g.out[i].promote != 255;
        }
    int pieces_end = g.n;
    if (rs->nplace_rules || rs->swap_rule) gen_placements(&g);
    if (rs->nremove_rules) gen_removals(&g);
    if (rs->tiles.exchange_cost) gen_exchanges(&g);
    if (rs->track.on) gen_advances(&g);
    if (rs->sow.on) gen_sowing(&g);
    if (rs->line_removes) gen_line_removals(&g);
    if (rs->custodial.on && !(out->defer && rs->custodial_deferred)) gen_custodial(&g);
    if (rs->castle.on) gen_castles(&g);
    if (rs->npromotions && (promoted || g.n > pieces_end)) gen_promotion_choices(&g);
    if (rs->promotion_options) gen_promotion_options(&g);
    if (guard && !out->error) g.n = royal_guard_filter(guard, g.out, pieces_end, g.n);
    return gen_result(&g);
}

int movegen_pseudo_checked(const ruleset *rs, const state *st, move_list *out, int in_check)
{
    return pseudo_moves(rs, st, out, in_check, NULL);
}

int movegen_best(const ruleset *rs, move_list *out, int n, int chains)
{
    if (rs->uses_max_capture) n = hook_max_capture(rs, out->m, n);
    return rs->keep_all_paths || !chains ? n : movegen_distinct(rs, out, n);
}

int movegen_finish(const ruleset *rs, move_list *out, int n, int chains)
{
    if (rs->capture_mandatory) {
        move *m = out->m;
        int k = 0;
        for (int i = 0; i < n; i++)
            if (m[i].ncaps) {
                if (k != i) m[k] = m[i];
                k++;
            }
        if (k > 0) return movegen_best(rs, out, k, chains); /* captures only, the best of them */
    }
    return rs->keep_all_paths || !chains ? n : movegen_distinct(rs, out, n);
}

int movegen_streak_filter(const ruleset *rs, const state *st, move_list *out, int n)
{
    int p = st->h.to_move, at = st->h.streak_at[p - 1] - 1;
    if (at < 0 || piece_owner(st->cell[at]) != p || piece_type(st->cell[at]) != rs->streak_type ||
        (st->mark[at] & MARK_STREAK) < rs->streak_max)
        return n;
    if (rs->streak_while >= 0 && !player_has_type(rs, st, p, rs->streak_while)) return n;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (out->m[i].ncaps || out->m[i].from != at) out->m[k++] = out->m[i];
    return out->n = k;
}

int movegen_square_legal(const ruleset *rs, const state *st, move_list *out)
{
    out->n = 0;
    if (st->h.status != STATUS_ONGOING) return 0;
    if (rs->lines_only) return movegen_lines_legal(rs, st, out);
    /* where the royal piece stands and whether it is attacked: once, for castling and the filter */
    int royal = rs->royal_type >= 0 ? movegen_royal_cell(rs, st, st->h.to_move) : -1, in_check = -1;
    if (royal >= 0 && (rs->castle.on || !rs->attack.no_shortcut))
        in_check = movegen_attacked(rs, st, st->cell, royal, tb_opponent(st->h.to_move));
    int n;
    if (royal >= 0 && in_check == 0 && rs->attack.plain && !rs->attack.no_shortcut && !rs->custodial.on &&
        !rs->sow.on && !rs->line_removes && !rs->nremove_rules) {
        royal_guard guard; /* not in check: the moves are tested piece by piece as they are made */
        royal_guard_init(&guard, rs, st, royal, 0);
        n = pseudo_moves(rs, st, out, 0, &guard);
    } else {
        n = movegen_pseudo_checked(rs, st, out, in_check);
        if (n && royal >= 0) n = out->n = movegen_royal_filter(rs, st, out, n, royal, in_check);
    }
    return out->n = n ? movegen_finish(rs, out, n, rs->any_chain) : 0;
}
