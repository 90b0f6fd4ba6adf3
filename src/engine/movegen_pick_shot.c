/* movegen_pick_shot.c - the playouts' fast path for games whose every move
 * is a slide that then shoots (`(slide ... shoot:TYPE)`): a random legal
 * move without listing every slide with every shot. The slides are listed
 * with the number of shots each allows, counted along the rays; a random
 * number picks among all (slide, shot) pairs and the shots of the slide it
 * falls in are walked to find the one. The order is the generator's (pieces
 * in cell order, each rule's directions and distances, then the shot's), so
 * that the move is the one the listing and the same number would give. */
#include "engine.h"
#include "movegen_internal.h"

#include <string.h>

#define PICK_SLIDES 1024 /* slides of one position; more: the list is made instead */

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
        int first = first128(wide(rs->shot_ray[to][d]) & occupied, delta > 0);
        n += first < 0 ? rs->shot_len[to][d] : (first - to) / delta - 1;
    }
    return n;
}
#endif

void movegen_pick_shot_prepare(ruleset *rs)
{
    rs->shot_rays_ok = 0;
#ifdef __SIZEOF_INT128__
    if (!rs->pick_shots || rs->ncells > 128 || rs->nplayable != rs->ncells) return;
    for (int d = 0; d < rs->ndirs; d++)
        if (!rs->dir_delta[d]) return;
    memset(rs->shot_ray, 0, sizeof rs->shot_ray);
    memset(rs->shot_len, 0, sizeof rs->shot_len);
    for (int cell = 0; cell < rs->ncells; cell++) {
        for (int d = 0; d < rs->ndirs; d++)
            for (int c = rs->ray[cell][d]; c != TB_NO_CELL; c = rs->ray[c][d]) {
                if ((c > cell) != (rs->dir_delta[d] > 0)) return; /* the ray goes both ways: walked instead */
                rs->shot_ray[cell][d][c >> 6] |= 1ull << (c & 63);
                rs->shot_len[cell][d]++;
            }
    }
    rs->shot_rays_ok = 1;
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

int movegen_pick_shot(const ruleset *rs, const state *st, rng *r, move *m)
{
    struct { cell_id from, to; uint8_t rule; int shots; } slide[PICK_SLIDES];
    int player = st->h.to_move, p = player - 1, nslides = 0, total = 0;
    const cellset *mine = &st->occupant[p];
    uint8_t board[TB_MAX_CELLS];
    memcpy(board, st->cell, (size_t)rs->ncells);
#ifdef __SIZEOF_INT128__
    bits128 occupied = 0;
    if (rs->shot_rays_ok) occupied = wide(st->occupant[0].w) | wide(st->occupant[1].w);
#endif
    for (int w = 0; w < TB_CELL_WORDS; w++)
        for (uint64_t bits = mine->w[w]; bits; bits &= bits - 1) {
            int from = w * 64 + __builtin_ctzll(bits), type = piece_type(st->cell[from]);
            board[from] = 0; /* while its slides are counted */
            for (int i = 0; i < rs->ntype_rules[type]; i++) {
                const move_rule *rule = &rs->rules[rs->type_rules[type][i]];
                for (int k = 0; k < rule->ndirs[p]; k++) {
                    int d = rule->dirs[p][k], to = from;
                    for (int dist = 1; dist <= rule->max_value; dist++) {
                        to = rs->ray[to][d];
                        if (to == TB_NO_CELL || st->cell[to]) break;
                        if (!cellset_has(&rs->playable, to)) continue;
#ifdef __SIZEOF_INT128__
                        int n = rs->shot_rays_ok
                                    ? count_shots_sets(rs, occupied & ~((bits128)1 << from), rule, p, to)
                                    : count_shots(rs, board, rule, p, to);
#else
                        int n = count_shots(rs, board, rule, p, to);
#endif
                        if (!n) continue;
                        if (nslides == PICK_SLIDES) return -1;
                        slide[nslides].from = (cell_id)from;
                        slide[nslides].to = (cell_id)to;
                        slide[nslides].rule = rs->type_rules[type][i];
                        slide[nslides++].shots = n;
                        total += n;
                    }
                }
            }
            board[from] = st->cell[from];
        }
    if (total == 0) return -1; /* blocked: the general path says what follows */
    int k = (int)rng_below(r, (uint32_t)total);
    for (int i = 0; i < nslides; i++) {
        if (k >= slide[i].shots) {
            k -= slide[i].shots;
            continue;
        }
        const move_rule *rule = &rs->rules[slide[i].rule];
        int shot = nth_shot(rs, st, rule, p, slide[i].from, slide[i].to, k);
        move_start(m, MOVE_SLIDE, slide[i].from, rule->piece, slide[i].rule);
        m->to = slide[i].to;
        m->shot = (cell_id)shot;
        m->shot_type = rule->shoot_type;
        return total;
    }
    return -1;
}
