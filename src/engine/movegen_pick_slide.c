/* movegen_pick_slide.c - the playouts' fast path for games whose every
 * move is a slide (`(slide ...)`, kept within a region or out of some cells
 * as the rule says), which may then shoot (`shoot:TYPE`): a random legal
 * move without listing every slide (and every shot). A slide that does not
 * shoot is counted by its direction: the cells before the first piece or
 * forbidden cell on the ray, those it may stop on; one that shoots is
 * listed with the number of shots it allows, counted along the rays. A
 * random number picks among all the moves and the one it falls on is
 * walked to. The order is the generator's (pieces in cell order, each
 * rule's directions and distances, then the shot's), so that the move is
 * the one the listing and the same number would give. What a move takes by
 * custody is found for the move picked only (movegen_complete).
 *
 * Where some slide shoots and there are more than rs->shot_exact slides,
 * the move is drawn instead of counted (pick_by_rejection): a slide among
 * all of them, then a number below the board's bound on one slide's shots,
 * again until the number names a shot of the slide drawn. Every move is as
 * likely as with the count, and only the shots of the slides drawn are
 * counted; the same random numbers do not give the listing's move, but
 * playout_slide.c draws them the same way, so a game is the same on both
 * paths.
 *
 * Where no slide shoots nor stops short of the edge (custodial games of rook moves), the
 * number of moves comes first from one fill a rule and direction (the cells
 * that the mover's pieces of the rule's type reach that way, all at once),
 * and only the pieces before the one the number falls on are counted one by
 * one, from whichever end is nearer: a quarter of them on average. */
#include "engine.h"
#include "movegen_internal.h"

#include <string.h>

#define PICK_SLIDES 1024 /* counted runs of one position; more: the list is made instead */

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 bits128;

static inline bits128 wide(const uint64_t *w)
{
    return (bits128)w[1] << 64 | w[0];
}

/* The first cell of the ray in X (a ray of a direction that goes up the
 * cell numbers: the lowest; down: the highest), or -1. */
static inline int first128(bits128 x, int up)
{
    if (!x) return -1;
    uint64_t lo = (uint64_t)x, hi = (uint64_t)(x >> 64);
    if (up) return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(hi);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(lo);
}

/* count_shots on sets: the cells of each ray before its first piece;
 * OCCUPIED holds the pieces, the sliding one lifted. Every cell is
 * playable, so the count is the distance to that piece: its place on the
 * ray (a ray from TO lists the cells beyond that piece too). */
static int count_shots_sets(const ruleset *rs, bits128 occupied, const move_rule *r, int p, int to)
{
    int n = 0;
    for (int i = 0; i < r->ndirs[p]; i++) {
        int d = r->dirs[p][i], delta = rs->dir_delta[d];
        int first = first128(wide(rs->slide_ray[to][d]) & occupied, delta > 0);
        n += rs->slide_len[to][d] - (first < 0 ? 0 : rs->slide_len[first][d] + 1);
    }
    return n;
}
/* The stops of a slide from FROM in direction D that no bound cuts, on a
 * board of 64 cells or fewer (one word): the cells of the ray before BLOCK's
 * first, less those outside WITHIN when it is not NULL. */
static inline int stops64(const ruleset *rs, int from, int d, uint64_t block, const uint64_t *within)
{
    uint64_t ray = rs->slide_ray[from][d][0], hit = ray & block;
    int up = rs->dir_delta[d] > 0, first = !hit ? -1 : up ? __builtin_ctzll(hit) : 63 - __builtin_clzll(hit);
    /* the cells before the first blocker: the ray from it is the rest of this one */
    int n = rs->slide_len[from][d] - (first < 0 ? 0 : rs->slide_len[first][d] + 1);
    uint64_t out = within ? ray & ~*within : 0; /* those it may cross but not stop on (mostly none) */
    if (out && first >= 0) out &= up ? ((uint64_t)1 << first) - 1 : ~(((uint64_t)2 << first) - 1); /* before the blocker */
    for (; out; out &= out - 1) n--;
    return n;
}

/* The cells of RAY (going up the cell numbers, or down) before its cell
 * FIRST (all of them when FIRST is -1). */
static inline bits128 ray_before(bits128 ray, int first, int up)
{
    if (first < 0) return ray;
    bits128 below = ((bits128)1 << first) - 1;
    return ray & (up ? below : ~(below | (bits128)1 << first));
}

/* The bits of X (bits_count: the compiler's popcount is a call without -mpopcnt). */
static inline int count128(bits128 x)
{
    return bits_count((uint64_t)x) + bits_count((uint64_t)(x >> 64));
}

/* X moved SHIFT cells up (SHIFT > 0) or down the cell numbers; a shift of
 * a word or more leaves nothing (the fill's doubled shifts reach past the
 * board's end, and C leaves such a shift undefined). */
static inline uint64_t shift64(uint64_t x, int shift)
{
    if (shift >= 64 || shift <= -64) return 0;
    return shift > 0 ? x << shift : x >> -shift;
}

/* The same on two words. */
static inline bits128 shift128(bits128 x, int shift)
{
    if (shift >= 128 || shift <= -128) return 0;
    return shift > 0 ? x << shift : x >> -shift;
}

/* The slides of rule R from the cells FROM (one piece or many) in
 * direction D, on a board whose rays fit 128 bits: the empty cells reached
 * before a piece or a cell never entered, those outside R's region passed
 * over but not stopped on. OCCUPIED holds the pieces. The fill doubles its
 * shift (1, 2, 4 ... cells: a few steps whatever the slides' lengths, no
 * branch on the position): PASS holds the open cells whose cells 1, 2,
 * 4 ... back are open too, and a cell that is some cell's neighbour
 * (slide_into) has that cell one back, so no shift wraps. */
static inline int fill_stops(const ruleset *rs, const move_rule *r, int p, bits128 from, int d, bits128 occupied)
{
    int delta = rs->dir_delta[d], steps = rs->slide_doublings;
    if (rs->ncells <= 64) { /* one word: cheaper shifts */
        uint64_t pass = ~(uint64_t)occupied & rs->slide_into[d][0], reach = (uint64_t)from;
        if (r->has_never_enter) pass &= ~r->never_enter[p].w[0];
        for (int s = 0, shift = delta; s < steps; s++, shift *= 2) {
            reach |= pass & shift64(reach, shift);
            pass &= shift64(pass, shift);
        }
        reach &= ~(uint64_t)from;
        return bits_count(r->has_within ? reach & r->within[p].w[0] : reach);
    }
    bits128 pass = ~occupied & wide(rs->slide_into[d]), reach = from;
    if (r->has_never_enter) pass &= ~wide(r->never_enter[p].w);
    for (int s = 0, shift = delta; s < steps; s++, shift *= 2) {
        reach |= pass & shift128(reach, shift);
        pass &= shift128(pass, shift);
    }
    reach &= ~from;
    return count128(r->has_within ? reach & wide(r->within[p].w) : reach);
}

/* Rays go one way and no slide shoots or is bounded short of the longest
 * ray: the fills of fill_stops count every slide. */
static int slides_fill(const ruleset *rs)
{
    int longest = 0;
    for (int cell = 0; cell < rs->ncells; cell++)
        for (int d = 0; d < rs->ndirs; d++)
            if (rs->slide_len[cell][d] > longest) longest = rs->slide_len[cell][d];
    for (int i = 0; i < rs->nrules; i++) {
        const move_rule *r = &rs->rules[i];
        if (r->kind == RULE_SLIDE && (r->shoot || r->max_value < longest)) return 0;
    }
    return 1;
}
#endif

/* The most shots a slide of a shooting rule can have on this board: the
 * playable cells along the rule's directions from the best cell, the board
 * empty (a shot goes on to the edge). */
static int shot_bound(const ruleset *rs)
{
    int most = 0;
    for (int i = 0; i < rs->nrules; i++) {
        const move_rule *r = &rs->rules[i];
        if (r->kind != RULE_SLIDE || !r->shoot) continue;
        for (int p = 0; p < rs->nplayers; p++)
            for (int cell = 0; cell < rs->ncells; cell++) {
                int n = 0;
                for (int k = 0; k < r->ndirs[p]; k++)
                    for (int c = rs->ray[cell][r->dirs[p][k]]; c != TB_NO_CELL; c = rs->ray[c][r->dirs[p][k]])
                        n += cellset_has(&rs->playable, c);
                if (n > most) most = n;
            }
    }
    return most;
}

void movegen_pick_slide_prepare(ruleset *rs)
{
    rs->slide_rays_ok = 0;
    rs->slide_fill_ok = 0;
    rs->shot_bound = (uint16_t)(rs->pick_slides ? shot_bound(rs) : 0);
    /* Eight times the bound: where every slide has a shot (back over the
     * cell it left, at least), a draw is kept with a chance of one in the
     * bound at worst, so the count is reached in fewer than one position in
     * 2,000; where slides may have none, the count also says so. */
    rs->shot_trials = (uint16_t)(rs->shot_bound * 8 < 4096 ? rs->shot_bound * 8 : 4096);
    /* With 8 slides or fewer every move is counted at once: it costs less
     * than the draws there (late in a game, where shots are few; the
     * measurements behind 8 are in docs/engine.md). */
    rs->shot_exact = 8;
#ifdef __SIZEOF_INT128__
    if (!rs->pick_slides || rs->ncells > 128 || rs->nplayable != rs->ncells) return;
    for (int d = 0; d < rs->ndirs; d++)
        if (!rs->dir_delta[d]) return;
    memset(rs->slide_ray, 0, sizeof rs->slide_ray);
    memset(rs->slide_len, 0, sizeof rs->slide_len);
    for (int cell = 0; cell < rs->ncells; cell++) {
        for (int d = 0; d < rs->ndirs; d++)
            for (int c = rs->ray[cell][d]; c != TB_NO_CELL; c = rs->ray[c][d]) {
                if ((c > cell) != (rs->dir_delta[d] > 0)) return; /* the ray goes both ways: walked instead */
                rs->slide_ray[cell][d][c >> 6] |= 1ull << (c & 63);
                rs->slide_len[cell][d]++;
            }
    }
    rs->slide_rays_ok = 1;
    memset(rs->slide_into, 0, sizeof rs->slide_into);
    for (int cell = 0; cell < rs->ncells; cell++)
        for (int d = 0; d < rs->ndirs; d++)
            if (rs->slide_len[cell][d]) { /* a neighbour that way */
                int to = rs->ray[cell][d];
                rs->slide_into[d][to >> 6] |= 1ull << (to & 63);
            }
    int longest = 0;
    for (int cell = 0; cell < rs->ncells; cell++)
        for (int d = 0; d < rs->ndirs; d++)
            if (rs->slide_len[cell][d] > longest) longest = rs->slide_len[cell][d];
    rs->slide_doublings = 0;
    while ((1 << rs->slide_doublings) - 1 < longest) rs->slide_doublings++;
    rs->slide_fill_ok = (uint8_t)slides_fill(rs);
#endif
}

/* The number of shots of rule R from TO on BOARD (the cells, the sliding
 * piece's emptied). */
static int count_shots(const ruleset *rs, const uint8_t *board, const move_rule *r, int p, int to)
{
    int n = 0, every = rs->nplayable == rs->ncells;
    for (int i = 0; i < r->ndirs[p]; i++) {
        const cell_id *ray = &rs->ray[0][r->dirs[p][i]];
        for (int cell = ray[to * TB_MAX_DIRS]; cell != TB_NO_CELL && !board[cell]; cell = ray[cell * TB_MAX_DIRS])
            n += every || cellset_has(&rs->playable, cell);
    }
    return n;
}

/* The K-th shot (from 0) of rule R from TO, FROM empty by then. */
static int nth_shot(const ruleset *rs, const state *st, const move_rule *r, int p, int from, int to, int k)
{
    for (int i = 0; i < r->ndirs[p]; i++) {
        int d = r->dirs[p][i];
        for (int cell = rs->ray[to][d]; cell != TB_NO_CELL && (!st->cell[cell] || cell == from); cell = rs->ray[cell][d])
            if (cellset_has(&rs->playable, cell) && k-- == 0) return cell;
    }
    return -1;
}

/* The cells a slide of rule R from FROM in direction D may stop on,
 * walked; with STOP, the K-th of them (from 0) and its distance (DIST). */
static int slide_stops(const ruleset *rs, const state *st, const move_rule *r, int p, int from, int d, int k,
                       int *dist)
{
    int cell = from, n = 0;
    for (int far = 1; far <= r->max_value; far++) {
        cell = rs->ray[cell][d];
        if (cell == TB_NO_CELL || st->cell[cell] || (r->has_never_enter && cellset_has(&r->never_enter[p], cell))) break;
        if (!cellset_has(&rs->playable, cell) || (r->has_within && !cellset_has(&r->within[p], cell))) continue;
        if (dist && n == k) {
            *dist = far;
            return cell;
        }
        n++;
    }
    return dist ? -1 : n;
}

/* The cells a slide of rule R (that does not shoot) from FROM in direction
 * D may stop on: counted on sets where the rays allow (OCCUPIED: the
 * pieces' cells, two words), else walked. */
static inline __attribute__((always_inline)) int direction_stops(const ruleset *rs, const state *st, const move_rule *rule, int p, int from, int d,
                                  const uint64_t occupied[2])
{
    int unbounded = rs->slide_rays_ok && rule->max_value >= rs->slide_len[from][d]; /* slide_len: boards of 128 cells at most */
    if (unbounded && rs->ncells <= 64) /* the sets fit one word */
        return stops64(rs, from, d, rule->has_never_enter ? occupied[0] | rule->never_enter[p].w[0] : occupied[0],
                       rule->has_within ? &rule->within[p].w[0] : NULL);
#ifdef __SIZEOF_INT128__
    if (unbounded) {
        bits128 block = wide(occupied);
        if (rule->has_never_enter) block |= wide(rule->never_enter[p].w);
        bits128 ray = wide(rs->slide_ray[from][d]);
        int first = first128(ray & block, rs->dir_delta[d] > 0);
        /* the cells before the first blocker: the ray from it is the rest of this one */
        int n = rs->slide_len[from][d] - (first < 0 ? 0 : rs->slide_len[first][d] + 1);
        if (rule->has_within) { /* less those it may cross but not stop on (few, if any) */
            bits128 out = ray & ~wide(rule->within[p].w); /* mostly none: no need to cut the ray */
            if (out && (out = ray_before(out, first, rs->dir_delta[d] > 0))) n -= count128(out);
        }
        return n;
    }
#endif
    return slide_stops(rs, st, rule, p, from, d, 0, NULL);
}

/* The move of a slide of rule RULE_INDEX from FROM in direction D that
 * stops on its K-th cell; 0 when there is none (never, if counted right). */
static int pick_stop(const ruleset *rs, const state *st, int rule_index, int p, int from, int d, int k, move *m)
{
    const move_rule *rule = &rs->rules[rule_index];
    int dist = 0, to = slide_stops(rs, st, rule, p, from, d, k, &dist);
    if (to < 0) return 0;
    move_start(m, dist == 1 ? MOVE_STEP : MOVE_SLIDE, (cell_id)from, rule->piece, rule_index);
    m->to = (cell_id)to;
    return 1;
}

#ifdef __SIZEOF_INT128__
/* The pick where the fills count every slide (rs->slide_fill_ok): the
 * number of moves from one fill a rule and direction, then the pieces in
 * cell order until the one the random number falls on, from the first
 * piece or from the last, whichever is nearer. */
static int pick_by_fill(const ruleset *rs, const state *st, rng *r, move *m)
{
    int p = st->h.to_move - 1, total = 0;
    const cellset *mine = &st->occupant[p];
    uint64_t occupied[2] = { state_occupied_word(st, 0), state_occupied_word(st, 1) };
    bits128 of_type[TB_MAX_PIECE_TYPES] = { 0 };
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = mine->w[w]; bits; bits &= bits - 1) {
            int from = w * 64 + __builtin_ctzll(bits);
            of_type[piece_type(st->cell[from])] |= (bits128)1 << from;
        }
    for (int type = 0; type < rs->npiece_types; type++)
        for (int i = 0; of_type[type] && i < rs->ntype_rules[type]; i++) {
            const move_rule *rule = &rs->rules[rs->type_rules[type][i]];
            for (int k = 0; k < rule->ndirs[p]; k++)
                total += fill_stops(rs, rule, p, of_type[type], rule->dirs[p][k], wide(occupied));
        }
    if (total == 0) return -1; /* blocked: the general path says what follows */
    int k = (int)rng_below(r, (uint32_t)total);
    if (k < total / 2) { /* the pieces in cell order, to the one K falls on */
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = mine->w[w]; bits; bits &= bits - 1) {
                int from = w * 64 + __builtin_ctzll(bits), type = piece_type(st->cell[from]);
                for (int i = 0; i < rs->ntype_rules[type]; i++) {
                    const move_rule *rule = &rs->rules[rs->type_rules[type][i]];
                    for (int j = 0; j < rule->ndirs[p]; j++) {
                        int d = rule->dirs[p][j], n = direction_stops(rs, st, rule, p, from, d, occupied);
                        if (k < n) return pick_stop(rs, st, rs->type_rules[type][i], p, from, d, k, m) ? total : -1;
                        k -= n;
                    }
                }
            }
        return -1;
    }
    int back = total - 1 - k; /* else from the last move back: at most half the pieces are counted */
    for (int w = 1; w >= 0; w--)
        for (uint64_t bits = mine->w[w]; bits; bits &= ~(1ull << (63 - __builtin_clzll(bits)))) {
            int from = w * 64 + 63 - __builtin_clzll(bits), type = piece_type(st->cell[from]);
            for (int i = rs->ntype_rules[type] - 1; i >= 0; i--) {
                const move_rule *rule = &rs->rules[rs->type_rules[type][i]];
                for (int j = rule->ndirs[p] - 1; j >= 0; j--) {
                    int d = rule->dirs[p][j], n = direction_stops(rs, st, rule, p, from, d, occupied);
                    if (back < n) return pick_stop(rs, st, rs->type_rules[type][i], p, from, d, n - 1 - back, m) ? total : -1;
                    back -= n;
                }
            }
        }
    return -1;
}
#endif

/* Games where some slide shoots (rs->shot_bound): a slide drawn among all
 * the slides (each direction's stops counted, in the generator's order),
 * then a number J below the bound; where J names one of the slide's shots
 * (the J-th), that is the move, where the slide does not shoot, J = 0 keeps
 * it, else both are drawn again. Every move is then as likely as any other,
 * and only the shots of the slides drawn are counted. After
 * rs->shot_trials draws, 0: the caller counts every move instead. -1: no
 * slide (blocked), or more runs than the list holds. */
static int pick_by_rejection(const ruleset *rs, const state *st, rng *r, move *m)
{
    struct { cell_id from; uint8_t rule, dir; int count; } run[PICK_SLIDES];
    int player = st->h.to_move, p = player - 1, nruns = 0, total = 0;
    const cellset *mine = &st->occupant[p];
    uint64_t occupied_words[2] = { state_occupied_word(st, 0), state_occupied_word(st, 1) };
    for (int w = 0; w < TB_CELL_WORDS; w++)
        for (uint64_t bits = mine->w[w]; bits; bits &= bits - 1) {
            int from = w * 64 + __builtin_ctzll(bits), type = piece_type(st->cell[from]);
            for (int i = 0; i < rs->ntype_rules[type]; i++) {
                const move_rule *rule = &rs->rules[rs->type_rules[type][i]];
                for (int k = 0; k < rule->ndirs[p]; k++) {
                    int d = rule->dirs[p][k];
                    int n = rule->shoot ? slide_stops(rs, st, rule, p, from, d, 0, NULL)
                                        : direction_stops(rs, st, rule, p, from, d, occupied_words);
                    if (!n) continue;
                    if (nruns == PICK_SLIDES) return -1;
                    run[nruns].from = (cell_id)from;
                    run[nruns].rule = rs->type_rules[type][i];
                    run[nruns].dir = (uint8_t)d;
                    run[nruns++].count = n;
                    total += n;
                }
            }
        }
    if (total == 0) return -1; /* blocked: the general path says what follows */
    if (total <= rs->shot_exact) return 0; /* few slides: every move counted costs less than the draws */
    uint8_t board[TB_MAX_CELLS];
    memcpy(board, st->cell, (size_t)rs->ncells);
    for (int t = 0; t < rs->shot_trials; t++) {
        uint32_t draw_k, draw_j;
        rng_below_two(r, (uint32_t)total, rs->shot_bound, &draw_k, &draw_j);
        int k = (int)draw_k, j = (int)draw_j, i = 0;
        while (k >= run[i].count) k -= run[i++].count;
        int from = run[i].from;
        const move_rule *rule = &rs->rules[run[i].rule];
        if (!rule->shoot) {
            if (j) continue;
            return pick_stop(rs, st, run[i].rule, p, from, run[i].dir, k, m) ? total : -1;
        }
        int dist, to = slide_stops(rs, st, rule, p, from, run[i].dir, k, &dist);
        board[from] = 0;
        int shots = count_shots(rs, board, rule, p, to);
        board[from] = st->cell[from];
        if (j >= shots) continue;
        move_start(m, MOVE_SLIDE, from, rule->piece, run[i].rule);
        m->to = (cell_id)to;
        m->shot = (cell_id)nth_shot(rs, st, rule, p, from, to, j);
        m->shot_type = rule->shoot_type;
        return total;
    }
    return 0;
}

int movegen_pick_slide(const ruleset *rs, const state *st, rng *r, move *m)
{
#ifdef __SIZEOF_INT128__
    if (rs->slide_fill_ok) return pick_by_fill(rs, st, r, m);
#endif
    if (rs->shot_bound && rs->shot_trials) {
        int n = pick_by_rejection(rs, st, r, m);
        if (n) return n;
    }
    /* what may be picked, in the generator's order: a slide that shoots
     * (TO, with COUNT shots), or a direction of a slide that does not (TO
     * is TB_NO_CELL, COUNT the cells it may stop on that way) */
    struct { cell_id from, to; uint8_t rule, dir; int count; } run[PICK_SLIDES];
    int player = st->h.to_move, p = player - 1, nruns = 0, total = 0;
    const cellset *mine = &st->occupant[p];
    uint8_t board[TB_MAX_CELLS];
    memcpy(board, st->cell, (size_t)rs->ncells);
    uint64_t occupied_words[2] = { state_occupied_word(st, 0), state_occupied_word(st, 1) };
#ifdef __SIZEOF_INT128__
    bits128 occupied = 0;
    if (rs->slide_rays_ok) occupied = wide(occupied_words);
#endif
    for (int w = 0; w < TB_CELL_WORDS; w++)
        for (uint64_t bits = mine->w[w]; bits; bits &= bits - 1) {
            int from = w * 64 + __builtin_ctzll(bits), type = piece_type(st->cell[from]);
            board[from] = 0; /* while its slides are counted */
            for (int i = 0; i < rs->ntype_rules[type]; i++) {
                const move_rule *rule = &rs->rules[rs->type_rules[type][i]];
                for (int k = 0; k < rule->ndirs[p]; k++) {
                    int d = rule->dirs[p][k], to = from;
                    if (!rule->shoot) { /* the direction's stops, counted */
                        int n = direction_stops(rs, st, rule, p, from, d, occupied_words);
                        if (!n) continue;
                        if (nruns == PICK_SLIDES) return -1;
                        run[nruns].from = (cell_id)from;
                        run[nruns].to = TB_NO_CELL;
                        run[nruns].rule = rs->type_rules[type][i];
                        run[nruns].dir = (uint8_t)d;
                        run[nruns++].count = n;
                        total += n;
                        continue;
                    }
                    for (int dist = 1; dist <= rule->max_value; dist++) {
                        to = rs->ray[to][d];
                        if (to == TB_NO_CELL || st->cell[to]) break;
                        if (!cellset_has(&rs->playable, to)) continue;
#ifdef __SIZEOF_INT128__
                        int n = rs->slide_rays_ok
                                    ? count_shots_sets(rs, occupied & ~((bits128)1 << from), rule, p, to)
                                    : count_shots(rs, board, rule, p, to);
#else
                        int n = count_shots(rs, board, rule, p, to);
#endif
                        if (!n) continue;
                        if (nruns == PICK_SLIDES) return -1;
                        run[nruns].from = (cell_id)from;
                        run[nruns].to = (cell_id)to;
                        run[nruns].rule = rs->type_rules[type][i];
                        run[nruns++].count = n;
                        total += n;
                    }
                }
            }
            board[from] = st->cell[from];
        }
    if (total == 0) return -1; /* blocked: the general path says what follows */
    int k = (int)rng_below(r, (uint32_t)total);
    for (int i = 0; i < nruns; i++) {
        if (k >= run[i].count) {
            k -= run[i].count;
            continue;
        }
        const move_rule *rule = &rs->rules[run[i].rule];
        if (run[i].to == TB_NO_CELL) return pick_stop(rs, st, run[i].rule, p, run[i].from, run[i].dir, k, m) ? total : -1;
        int shot = nth_shot(rs, st, rule, p, run[i].from, run[i].to, k);
        move_start(m, MOVE_SLIDE, run[i].from, rule->piece, run[i].rule);
        m->to = run[i].to;
        m->shot = (cell_id)shot;
        m->shot_type = rule->shoot_type;
        return total;
    }
    return -1;
}
