/* movegen_sow.c - sowing games: a move empties one of the mover's pits and
 * drops its seeds one by one on the next cells of the loop (skipping the
 * cells the player never sows into, and on a lap the pit emptied, where the
 * rules say so); then captures, and perhaps another turn. The seeds of a pit
 * are a stack of the player on whose side it lies, so each player's piece
 * count is the seeds on their side and in their store. */
#include "engine.h"

#include <string.h>

#include "bits_select.h"
#include "movegen_internal.h"

int sow_side_of(const ruleset *rs, int cell)
{
    if (cellset_has(&rs->sow.pits[0], cell) || cell == rs->sow.store[0]) return 1;
    return 2;
}

/* The pit across the board from CELL: the same column, the other row. */
static int opposite(const ruleset *rs, int cell)
{
    int row = rs->height - 1 - rs->cell_row[cell];
    return row * rs->width + rs->cell_col[cell];
}

/* The seeds on loop index K after sowing from START: those there before
 * (none on START, emptied) and those DROP brought. */
static inline int seeds_at(const ruleset *rs, const state *st, const uint8_t *drop, int start, int k)
{
    return (k == start ? 0 : st->height[rs->sow.loop[k]]) + drop[k];
}

/* The seeds on PLAYER's pits after the sowing, captures aside. */
static int seeds_on_side(const ruleset *rs, const state *st, const uint8_t *drop, int start, int player)
{
    int n = 0;
    for (uint64_t bits = rs->sow.pit_bits[player - 1]; bits; bits &= bits - 1)
        n += seeds_at(rs, st, drop, start, __builtin_ctzll(bits));
    return n;
}

void sow_play(const ruleset *rs, const state *st, int player, int pit, sow_result *res, int want)
{
    int L = rs->sow.nloop, p = player - 1, enemy = tb_opponent(player);
    uint8_t *drop = res->drop;
    memset(drop, 0, sizeof res->drop);
    int start = rs->sow.at[pit], seeds = st->height[pit], i = start;
    uint64_t sown = (uint64_t)1 << start;
    while (seeds > 0) {
        i = i + 1 == L ? 0 : i + 1;
        if ((rs->sow.skip_bits[p] >> i & 1) || (rs->sow.skip_origin && i == start)) continue;
        drop[i]++;
        sown |= (uint64_t)1 << i;
        seeds--;
    }
    res->sown = sown;
    res->start = start;
    res->last = rs->sow.loop[i];
    res->ncaps = 0;
    res->taken = 0;
    res->slam = 0;
    int last = res->last;
    if (rs->sow.capture == SOW_CAPTURE_OPPOSITE && (rs->sow.pit_bits[p] >> i & 1) && seeds_at(rs, st, drop, start, i) == 1) {
        int opp = opposite(rs, last), o = rs->sow.at[opp];
        int there = o == 255 ? 0 : seeds_at(rs, st, drop, start, o);
        if (o != 255 && (there > 0 || rs->sow.opposite_empty)) {
            res->taken = there + 1;
            res->caps[res->ncaps++] = (cell_id)opp;
            res->caps[res->ncaps++] = (cell_id)last;
        }
    } else if (rs->sow.capture == SOW_CAPTURE_COUNTS && (rs->sow.pit_bits[enemy - 1] >> i & 1)) {
        for (int k = i, n; (rs->sow.pit_bits[enemy - 1] >> k & 1) && (n = seeds_at(rs, st, drop, start, k)) < 16 &&
                           (rs->sow.counts >> n & 1);
             k = (k + L - 1) % L) {
            res->caps[res->ncaps++] = rs->sow.loop[k];
            res->taken += n;
            if (res->ncaps == TB_MAX_PATH) break;
        }
        /* a capture of every enemy seed, where the rules forbid it or make it take nothing */
        if (res->ncaps && seeds_on_side(rs, st, drop, start, enemy) == res->taken &&
            rs->sow.grand_slam != SLAM_ALLOWED) {
            res->slam = 1;
            if (rs->sow.grand_slam == SLAM_NO_CAPTURE) res->ncaps = res->taken = 0;
        }
    }
    res->extra = rs->sow.extra_turn && last == rs->sow.store[p];
    res->enemy_seeds = 0;
    if (want & SOW_ENEMY_SEEDS) {
        res->enemy_seeds = seeds_on_side(rs, st, drop, start, enemy);
        for (int k = 0; k < res->ncaps; k++) {
            int at = rs->sow.at[res->caps[k]];
            if (rs->sow.pit_bits[enemy - 1] >> at & 1) res->enemy_seeds -= seeds_at(rs, st, drop, start, at);
        }
    }
}

/* Fills M, a sowing, with its end and what it takes (RES: the sowing played). */
static void sow_fill(move *m, const sow_result *res)
{
    m->to = (cell_id)res->last;
    m->ncaps = 0;
    for (int k = 0; k < res->ncaps; k++) m->caps[m->ncaps++] = (cell_id)res->caps[k];
    m->caps_by_type[0] = (uint8_t)(res->taken > 255 ? 255 : res->taken);
}

void sow_complete(const ruleset *rs, const state *st, int player, move *m)
{
    sow_result res;
    sow_play(rs, st, player, m->from, &res, 0);
    sow_fill(m, &res);
}

void gen_sowing(gen *g)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int p = g->player - 1, first = g->n, feeds = 0, starving = 1;
    const move_rule *r = &rs->rules[rs->sow.rule];
    if (r->conditional && !rule_conditions_hold(st, r, g->player)) return;
    for (uint64_t bits = rs->sow.feed ? rs->sow.pit_bits[1 - p] : 0; bits; bits &= bits - 1) /* the opponent has no seed in their pits */
        if (st->height[rs->sow.loop[__builtin_ctzll(bits)]]) starving = 0;
    if (g->list->defer && rs->sow_deferred && !(rs->sow.feed && starving)) {
        /* a playout's list: every pit with seeds is a move; the one picked is sown later (sow_complete) */
        for (uint64_t bits = rs->sow.pit_bits[p]; bits; bits &= bits - 1) {
            int pit = rs->sow.loop[__builtin_ctzll(bits)];
            if (!st->height[pit]) continue;
            move *m = gen_slot(g);
            if (!m) return;
            move_start(m, MOVE_SOW, pit, 0, rs->sow.rule);
        }
        return;
    }
    for (uint64_t bits = rs->sow.pit_bits[p]; bits; bits &= bits - 1) { /* in loop order */
        int pit = rs->sow.loop[__builtin_ctzll(bits)];
        if (!st->height[pit]) continue;
        sow_result res;
        sow_play(rs, st, g->player, pit, &res, rs->sow.feed && starving ? SOW_ENEMY_SEEDS : 0);
        if (res.slam && rs->sow.grand_slam == SLAM_FORBIDDEN) continue;
        move *m = gen_slot(g);
        if (!m) return;
        move_start(m, MOVE_SOW, pit, 0, rs->sow.rule);
        sow_fill(m, &res);
        if (rs->sow.feed) m->die = (uint8_t)(res.enemy_seeds > 0); /* kept for the feeding rule below */
        feeds += res.enemy_seeds > 0;
    }
    /* the feeding rule: an opponent without seeds must be given some, where a move can */
    if (rs->sow.feed && starving && feeds && feeds < g->n - first) {
        int k = first;
        for (int i = first; i < g->n; i++)
            if (g->out[i].die) g->out[k++] = g->out[i];
        g->n = k;
    }
    if (rs->sow.feed)
        for (int i = first; i < g->n; i++) g->out[i].die = 0;
}

int movegen_pick_sow(const ruleset *rs, const state *st, rng *r, move *m)
{
    uint64_t pits = 0; /* the mover's pits with seeds, as loop indices: the list's moves in its order */
    for (uint64_t bits = rs->sow.pit_bits[st->h.to_move - 1]; bits; bits &= bits - 1)
        if (st->height[rs->sow.loop[__builtin_ctzll(bits)]]) pits |= bits & -bits;
    int n = bits_count(pits);
    if (!n) return -1;
    move_start(m, MOVE_SOW, rs->sow.loop[bits_select(pits, (int)rng_below(r, (uint32_t)n), rs->bits_deposit)], 0,
               rs->sow.rule);
    return n;
}

int sow_cannot_feed(const ruleset *rs, const state *st, int player)
{
    int p = player - 1, sows = 0;
    for (uint64_t bits = rs->sow.pit_bits[1 - p]; bits; bits &= bits - 1)
        if (st->height[rs->sow.loop[__builtin_ctzll(bits)]]) return 0; /* they have seeds */
    for (uint64_t bits = rs->sow.pit_bits[p]; bits; bits &= bits - 1) {
        int pit = rs->sow.loop[__builtin_ctzll(bits)];
        if (!st->height[pit]) continue;
        sow_result res;
        sow_play(rs, st, player, pit, &res, SOW_ENEMY_SEEDS);
        if (res.slam && rs->sow.grand_slam == SLAM_FORBIDDEN) continue; /* no move */
        if (res.enemy_seeds > 0) return 0;
        sows = 1;
    }
    return sows;
}
