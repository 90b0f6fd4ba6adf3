/* movegen_line_bits.c - the capture chains of approach and withdrawal
 * (movegen_line.c) on boards of line_scan (at most 64 cells, each neighbour
 * a fixed offset away), walked on 64-bit sets instead of a copy of the
 * board: the occupied cells, the enemy pieces still on the board and the
 * cells the piece has stood on are words, a step's tests are bit tests, and
 * taking a line clears bits. The moves and their order are gen_line_steps'
 * (directions in increasing order, approach before withdrawal, each
 * capturing prefix where `may-stop`), so either walk gives the same list.
 *
 * The walk lists the moves (the generator) or makes the k-th alone; a
 * second walk, count_from, counts them writing nothing. The pick (movegen_pick_approach) counts every piece's
 * moves, draws one number as the list's draw would, and makes that move
 * only: the same game as the list gives, which tests/check_movegen.c
 * checks on every bundled game of such steps. */
#include "movegen_internal.h"
#include "rng.h"

typedef struct line_walk {
    const ruleset *rs;
    const move_rule *r;
    gen *g;            /* listing: the generation the moves go to */
    move m;            /* the move built so far */
    uint64_t occupied; /* every piece, as the move has left the board so far */
    uint64_t enemy;    /* the enemy pieces not yet taken */
    uint64_t visited;  /* the cells the piece has stood on (`no-revisit`) */
    uint64_t blocked_always; /* cells the rule never steps to (`within:` and off the board) */
    const uint8_t *cells;    /* the position's board: the types of the pieces taken (they have not moved) */
    int last_dir;      /* the direction of the last step, -1 before the first */
    int type, player;
    int error;         /* a chain longer than a move can hold (unreachable: the compiler's bound) */
    int halt;          /* the walk stops: an error, or the move to make is made */
    uint64_t sum, mix; /* the sum and exclusive or of the cells taken so far */
    int meet;          /* two chains of two steps or more may be one capture */
    int nkeys;
    uint64_t key[64];  /* those chains' ends, pieces taken, sums and mixes */
    long n;            /* the moves met so far */
    long target;       /* making: the index of the move to make (-1: listing) */
    move *made;        /* ... and where it goes */
} line_walk;

static inline int opposite(int d)
{
    return (d + 4) & 7;
}

/* The neighbour of CELL in direction D, or -1. */
static inline int next_cell(const ruleset *rs, int cell, int d)
{
    return rs->line_nbr[d] >> cell & 1 ? cell + rs->line_off[d] : -1;
}

static inline int enemy_at(const line_walk *w, int cell)
{
    return cell >= 0 && (w->enemy >> cell & 1);
}

/* The directions of DIRS in which the piece on CUR steps to a cell not in
 * BLOCKED taking by approach (*APP: a piece of ENEMY beyond that cell) or by
 * withdrawal (*WD: one behind CUR), as R captures. */
static inline void capture_dirs(const ruleset *rs, const move_rule *r, int cur, unsigned dirs, uint64_t blocked,
                                uint64_t enemy, unsigned *app, unsigned *wd)
{
    unsigned a = 0, b = 0;
    if (!(rs->line_geo[cur].near & ~blocked) || !(rs->line_geo[cur].reach & enemy)) /* nowhere to step, or no enemy near */
        dirs = 0;
    for (unsigned bits = dirs & rs->nbr_bits[cur]; bits; bits &= bits - 1) {
        int d = __builtin_ctz(bits);
        if (rs->line_geo[cur].step[d] & blocked) continue;
        if (rs->line_geo[cur].far[d] & enemy) a |= 1u << d;
        if (rs->line_geo[cur].back[d] & enemy) b |= 1u << d;
    }
    *app = r->line_capture & LINE_APPROACH ? a : 0;
    *wd = r->line_capture & LINE_WITHDRAWAL ? b : 0;
}

/* Notes the key of a chain of NPATH steps ending on TO, taking NCAPS pieces
 * whose cells sum to SUM and mix to MIX (chains of two steps or more), and
 * sets W->meet when W has met it before: another chain taking the same
 * pieces to the same end shares it (or, rarely, one that takes others: the
 * full filter then decides). */
static inline void note_key(line_walk *w, int npath, int to, int ncaps, uint64_t sum, uint64_t mix)
{
    if (npath < 2 || w->meet) return;
    if (w->nkeys == 64) { /* many chains: the full filter decides */
        w->meet = 1;
        return;
    }
    uint64_t k = sum | mix << 24 | (uint64_t)to << 40 | (uint64_t)ncaps << 56;
    for (int j = 0; j < w->nkeys; j++)
        if (w->key[j] == k) w->meet = 1;
    w->key[w->nkeys++] = k;
}

/* A move met: listed or made. */
static inline void walk_emit(line_walk *w)
{
    if (w->target >= 0) { /* making the move of index target */
        if (w->n++ == w->target) {
            w->halt = 1;
            *w->made = w->m;
            const promotion *pr = promotion_at(w->rs, w->type, w->player, w->m.to);
            if (pr) w->made->promote = pr->to;
        }
        return;
    }
    gen_emit_chain(w->g, &w->m, w->type);
    w->n++;
    note_key(w, w->m.npath, w->m.to, w->m.ncaps, w->sum, w->mix);
}

static void walk_from(line_walk *w, int cur);

/* The step CUR-TO in direction D taking the line of enemy pieces that starts
 * at FIRST and runs in direction AWAY; then the chain goes on from TO. */
static void walk_take(line_walk *w, int cur, int to, int d, int first, int away)
{
    const ruleset *rs = w->rs;
    move *m = &w->m;
    if (m->npath >= TB_MAX_PATH) { /* the compiler's bound makes this unreachable: never a cut chain */
        w->error = w->halt = 1;
        return;
    }
    int ncaps0 = m->ncaps, last_dir = w->last_dir, to0 = m->to;
    uint64_t enemy0 = w->enemy, visited0 = w->visited, sum0 = w->sum, mix0 = w->mix, occupied0 = w->occupied;
    for (int c = first; enemy_at(w, c); c = next_cell(rs, c, away)) {
        if (m->ncaps >= TB_MAX_PATH) {
            w->error = w->halt = 1;
            break;
        }
        int t = piece_type(w->cells[c]);
        m->caps[m->ncaps++] = (cell_id)c;
        if (m->caps_by_type[t]++ == 0) m->first_cap[t] = m->ncaps;
        w->enemy &= ~(1ull << c);
        w->sum += (uint64_t)c;
        w->mix ^= (uint64_t)c;
    }
    if (!w->error) {
        w->occupied = (occupied0 & ~(enemy0 ^ w->enemy) & ~(1ull << cur)) | 1ull << to; /* the line off, the piece moved */
        w->visited |= 1ull << to;
        m->path[m->npath++] = (cell_id)to;
        m->to = (cell_id)to;
        w->last_dir = d;
        if (!w->r->chain || w->r->may_stop) walk_emit(w);
        if (w->r->chain) walk_from(w, to);
        m->npath--;
        m->to = (cell_id)to0;
    }
    w->last_dir = last_dir;
    w->enemy = enemy0;
    w->occupied = occupied0;
    w->visited = visited0;
    w->sum = sum0;
    w->mix = mix0;
    while (m->ncaps > ncaps0) { /* the line back on the board */
        int t = piece_type(w->cells[m->caps[--m->ncaps]]);
        if (--m->caps_by_type[t] == 0) m->first_cap[t] = 0;
    }
}

/* Every capturing step from CUR (the piece's cell before its first step, or
 * where a step took it); where there is none after a step and the chain
 * must go on while it can, the move so far is met. */
static void walk_from(line_walk *w, int cur)
{
    const ruleset *rs = w->rs;
    const move_rule *r = w->r;
    unsigned dirs = r->dir_bits[w->player - 1], app, wd;
    if (r->turn && w->last_dir >= 0) dirs &= ~(1u << w->last_dir); /* never on in the direction just taken */
    capture_dirs(rs, r, cur, dirs, w->occupied | w->blocked_always | (r->no_revisit ? w->visited : 0), w->enemy, &app, &wd);
    for (unsigned bits = app | wd; bits && !w->halt; bits &= bits - 1) { /* in the order of directions, approach first */
        int d = __builtin_ctz(bits), to = cur + rs->line_off[d];
        if (app >> d & 1) walk_take(w, cur, to, d, to + rs->line_off[d], d);
        if ((wd >> d & 1) && !w->halt) walk_take(w, cur, to, d, cur + rs->line_off[opposite(d)], opposite(d));
    }
    if (!(app | wd) && w->m.npath > 0 && r->chain && !r->may_stop) walk_emit(w);
}

/* The moves walk_from(W, CUR) would meet, counted: the same walk with the
 * board in arguments and no move written (the playouts' pick counts every
 * piece's chains this way; tests/check_movegen.c holds it to the list).
 * The piece has made NPATH steps taking NCAPS pieces (cells summing to SUM
 * and mixing to MIX); LAST_DIR is its last step's direction. */
static long count_from(line_walk *w, int cur, uint64_t occupied, uint64_t enemy, uint64_t visited, int last_dir,
                       int npath, int ncaps, uint64_t sum, uint64_t mix)
{
    const ruleset *rs = w->rs;
    const move_rule *r = w->r;
    long n = 0;
    unsigned dirs = r->dir_bits[w->player - 1], app, wd;
    if (r->turn && last_dir >= 0) dirs &= ~(1u << last_dir);
    capture_dirs(rs, r, cur, dirs, occupied | w->blocked_always | (r->no_revisit ? visited : 0), enemy, &app, &wd);
    for (unsigned bits = app | wd; bits; bits &= bits - 1) {
        int d = __builtin_ctz(bits), to = cur + rs->line_off[d];
        for (int way = 0; way < 2; way++) { /* approach, then withdrawal */
            if (!((way ? wd : app) >> d & 1)) continue;
            int away = way ? opposite(d) : d, first = (way ? cur : to) + rs->line_off[away];
            if (npath >= TB_MAX_PATH) {
                w->error = 1;
                return n;
            }
            uint64_t left = enemy, s = sum, x = mix;
            int nc = ncaps;
            for (int c = first; c >= 0 && (left >> c & 1); c = next_cell(rs, c, away)) {
                if (nc++ >= TB_MAX_PATH) {
                    w->error = 1;
                    return n;
                }
                left &= ~(1ull << c);
                s += (uint64_t)c;
                x ^= (uint64_t)c;
            }
            if (!r->chain || r->may_stop) {
                n++;
                note_key(w, npath + 1, to, nc, s, x);
            }
            if (r->chain)
                n += count_from(w, to, (occupied & ~(enemy ^ left) & ~(1ull << cur)) | 1ull << to, left,
                                visited | 1ull << to, d, npath + 1, nc, s, x);
            if (w->error) return n;
        }
    }
    if (!(app | wd) && npath > 0 && r->chain && !r->may_stop) {
        n++;
        note_key(w, npath, cur, ncaps, sum, mix);
    }
    return n;
}

/* A walk of rule R for the piece of TYPE on FROM in position ST. */
static void walk_start(line_walk *w, const ruleset *rs, const state *st, const move_rule *r, int from, int type)
{
    int p = st->h.to_move - 1;
    w->rs = rs;
    w->r = r;
    w->g = NULL;
    w->cells = st->cell;
    w->type = type;
    w->player = p + 1;
    w->last_dir = -1;
    w->error = w->halt = 0;
    w->sum = w->mix = 0;
    w->meet = w->nkeys = 0;
    w->n = 0;
    w->target = -1;
    w->made = NULL;
    w->enemy = w->occupied = 0;
    for (int q = 0; q < rs->nplayers; q++) {
        w->occupied |= st->occupant[q].w[0];
        if (q != p) w->enemy |= st->occupant[q].w[0];
    }
    w->blocked_always = ~rs->playable.w[0] | (r->has_within ? ~r->within[p].w[0] : 0);
    w->visited = 1ull << from;
    move_start(&w->m, MOVE_CHAIN, from, type, (int)(r - rs->rules));
}

int gen_line_chains_bits(gen *g, const move_rule *r, int from, int type)
{
    line_walk w;
    walk_start(&w, g->rs, g->st, r, from, type);
    w.g = g;
    walk_from(&w, from);
    if (w.error) g->list->error = MOVES_CHAIN_TOO_LONG;
    return w.meet;
}

uint64_t line_capture_candidates(const ruleset *rs, const state *st, int player)
{
    uint64_t mine = st->occupant[player - 1].w[0], enemy = 0;
    for (int p = 0; p < rs->nplayers; p++)
        if (p != player - 1) enemy |= st->occupant[p].w[0];
    uint64_t empty = rs->playable.w[0] & ~(mine | enemy), cand = 0;
    for (int d = 0; d < TB_MAX_DIRS; d++) {
        if (!rs->line_nbr[d]) continue;
        uint64_t stepping = mine & line_nbr_in(rs, empty, d);
        if (!stepping) continue;
        cand |= stepping & (line_nbr_in(rs, empty & line_nbr_in(rs, enemy, d), d) | line_nbr_in(rs, enemy, opposite(d)));
    }
    return cand;
}

#define PICK_SOURCES 128 /* more pieces times rules than this: the list is made */

int movegen_pick_approach(const ruleset *rs, const state *st, rng *rg, move *out)
{
    struct { cell_id from; uint8_t rule; long n; } src[PICK_SOURCES];
    int player = st->h.to_move, p = player - 1, nsrc = 0;
    long total = 0;
    uint64_t cand = line_capture_candidates(rs, st, player);
    line_walk w;
    for (uint64_t bits = cand; bits; bits &= bits - 1) { /* the captures, piece by piece in cell order */
        int from = __builtin_ctzll(bits), type = piece_type(st->cell[from]);
        for (int i = 0; i < rs->ntype_rules[type]; i++) {
            const move_rule *r = &rs->rules[rs->type_rules[type][i]];
            if (!rule_applies(st, r, player, from)) continue;
            walk_start(&w, rs, st, r, from, type);
            w.n = count_from(&w, from, w.occupied, w.enemy, w.visited, -1, 0, 0, 0, 0);
            if (w.error || w.meet) return -1; /* the list says what is wrong, or which chains are one */
            if (!w.n) continue;
            if (nsrc == PICK_SOURCES) return -1;
            src[nsrc].from = (cell_id)from;
            src[nsrc].rule = (uint8_t)rs->type_rules[type][i];
            src[nsrc++].n = w.n;
            total += w.n;
        }
    }
    if (total) { /* capturing is compulsory: one of them */
        if (total > TB_MAX_MOVES) return -1; /* the list says it has too many */
        long k = (long)rng_below(rg, (uint32_t)total);
        int s = 0;
        while (k >= src[s].n) k -= src[s++].n;
        walk_start(&w, rs, st, &rs->rules[src[s].rule], src[s].from, piece_type(st->cell[src[s].from]));
        w.target = k;
        w.made = out;
        walk_from(&w, src[s].from);
        return (int)total;
    }
    /* no capture: the quiet steps of every piece, in cell order */
    for (uint64_t bits = st->occupant[p].w[0]; bits; bits &= bits - 1) {
        int from = __builtin_ctzll(bits), type = piece_type(st->cell[from]);
        for (int i = 0; i < rs->ntype_rules[type]; i++) {
            const move_rule *r = &rs->rules[rs->type_rules[type][i]];
            if (!rule_applies(st, r, player, from)) continue;
            int n = __builtin_popcount(line_quiet_dirs(rs, st, r, p, from));
            if (!n) continue;
            if (nsrc == PICK_SOURCES) return -1;
            src[nsrc].from = (cell_id)from;
            src[nsrc].rule = (uint8_t)rs->type_rules[type][i];
            src[nsrc++].n = n;
            total += n;
        }
    }
    if (!total) return 0; /* blocked: the general path ends the game */
    long k = (long)rng_below(rg, (uint32_t)total);
    int s = 0;
    while (k >= src[s].n) k -= src[s++].n;
    const move_rule *r = &rs->rules[src[s].rule];
    int from = src[s].from, type = piece_type(st->cell[from]);
    unsigned dirs = line_quiet_dirs(rs, st, r, p, from);
    while (k--) dirs &= dirs - 1;
    int to = rs->nbr[from][__builtin_ctz(dirs)];
    move_start(out, MOVE_STEP, from, type, src[s].rule);
    out->to = (cell_id)to;
    const promotion *pr = promotion_at(rs, type, player, to);
    if (pr) out->promote = pr->to;
    return (int)total;
}
