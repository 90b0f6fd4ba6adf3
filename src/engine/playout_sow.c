/* playout_sow.c - random games of sowing games played on the loop's seed
 * counts (playout_sow.h). A move costs one random number, a walk of the
 * seeds it sows, the capture test where the last one falls and the end
 * conditions read on counts; no move list, journal or state copy. The
 * position is written once, at the end, by the functions every move uses. */
#include "playout_sow.h"

#include <string.h>
#include "bits_select.h"
#include "engine.h"
#include "movegen_internal.h"

void playout_sow_prepare(ruleset *rs)
{
    rs->sow_playouts = 0;
    if (!rs->pick_sowing || !rs->sow.on || rs->nplayers != 2 || rs->topology != TOPO_SQUARE || rs->counts_checks ||
        rs->no_progress >= 0 || rs->any_passable || rs->captures_to_hand || rs->sow.feed || rs->sow.nloop > 64)
        return;
    if (rs->sow.capture != SOW_CAPTURE_NONE && rs->sow.capture != SOW_CAPTURE_OPPOSITE &&
        rs->sow.capture != SOW_CAPTURE_COUNTS)
        return;
    if (rs->sow.capture == SOW_CAPTURE_COUNTS && rs->sow.grand_slam == SLAM_FORBIDDEN) return;
    for (int p = 0; p < 2; p++) /* the seeds a capture takes go to the mover's store */
        if (rs->sow.capture != SOW_CAPTURE_NONE && rs->sow.store[p] == TB_NO_CELL) return;
    for (int i = 0; i < rs->nends; i++) {
        const end_rule *e = &rs->ends[i];
        if (e->kind == END_BLOCKED || e->kind == END_PITS_EMPTY) continue;
        if (e->kind == END_STORED && (e->outcome == OUT_WINS || e->outcome == OUT_LOSES || e->outcome == OUT_DRAW))
            continue;
        if (e->kind == END_REPETITION && !e->perpetual_loses) continue;
        return;
    }
    for (int i = 0; i < rs->sow.nloop; i++) { /* the pit across the board, as a loop index (255: none) */
        int cell = rs->sow.loop[i], row = rs->height - 1 - rs->cell_row[cell];
        rs->sow_opposite[i] = rs->sow.at[row * rs->width + rs->cell_col[cell]];
        if (rs->sow_opposite[i] == i && rs->sow.capture == SOW_CAPTURE_OPPOSITE) return; /* one row: a pit its own opposite */
    }
    rs->sow_playouts = 1;
}

/* The game as it stands: the seeds on each loop cell, in a store off the
 * loop, the hash and the history. */
typedef struct sow_board {
    int seeds[TB_MAX_LOOP];
    int off[2];             /* the seeds in each player's store when it is not on the loop */
    uint64_t key[TB_MAX_LOOP], off_key[2]; /* each cell's hash key for a seed */
    uint64_t hash;
    uint64_t history[TB_HISTORY];
    uint8_t top;
    int len;
} sow_board;

/* 1 when PLAYER (1 or 2) has a pit with seeds. */
static inline int has_seeds(const ruleset *rs, const sow_board *b, int player)
{
    for (uint64_t bits = rs->sow.pit_bits[player - 1]; bits; bits &= bits - 1)
        if (b->seeds[__builtin_ctzll(bits)]) return 1;
    return 0;
}

/* The seeds of PLAYER's, on their side and in their store (state.h's pieces), BASE those elsewhere. */
static int side_total(const ruleset *rs, const sow_board *b, const int *base, int player)
{
    int n = base[player - 1] + b->off[player - 1];
    for (int i = 0; i < rs->sow.nloop; i++)
        if (rs->sow.side_at[i] == player) n += b->seeds[i];
    return n;
}

/* The seeds in PLAYER's store. */
static inline int stored(const ruleset *rs, const sow_board *b, int player)
{
    int store = rs->sow.store[player - 1];
    if (store == TB_NO_CELL) return -1;
    return rs->sow.at[store] == 255 ? b->off[player - 1] : b->seeds[rs->sow.at[store]];
}

/* The end conditions after MOVER's move, PLAYER to move next, in the order
 * engine_check_end reads them; 1 when one ends the game (G->winner set). */
static int ended(const ruleset *rs, const sow_board *b, const int *base, int mover, int player, sow_game *g)
{
    for (int i = 0; i < rs->nchecks; i++) {
        const end_rule *e = &rs->ends[rs->checks[i]];
        if (e->kind == END_PITS_EMPTY) {
            if (has_seeds(rs, b, 1) && has_seeds(rs, b, 2)) continue;
            int a = side_total(rs, b, base, 1), c = side_total(rs, b, base, 2);
            g->winner = (uint8_t)(a > c ? 1 : c > a ? 2 : 0);
            return 1;
        } else if (e->kind == END_STORED) {
            for (int k = 0; k < 2; k++) {
                int p = k ? 3 - mover : mover, s = stored(rs, b, p);
                if (s >= 0 && s >= e->moves) {
                    g->winner = (uint8_t)engine_winner_of(e->outcome, p);
                    return 1;
                }
            }
        } else if (e->kind == END_REPETITION) {
            int n = 0; /* engine_repetitions: every second entry, from the newest */
            for (int k = 0; k < b->len; k += 2) n += b->history[(uint8_t)(b->top - 1 - k)] == b->hash;
            if (n < e->moves) continue;
            int blocked_first = 0;
            for (const end_rule *x = rs->ends; x < e; x++)
                if (x->kind == END_BLOCKED) blocked_first = !has_seeds(rs, b, player);
            if (blocked_first) continue;
            g->winner = 0;
            return 1;
        }
    }
    return 0;
}

/* Plays from PLAYER's move on; returns the player to move at the end. */
static int play(const ruleset *rs, sow_board *b, const int *base, int player, rng *r, long max_plies, int *calm,
                sow_game *g)
{
    const int L = rs->sow.nloop, rep = rs->uses_repetition, capture = rs->sow.capture;
    int *seeds = b->seeds;
    for (g->plies = 0; g->plies < max_plies;) {
        int p = player - 1, enemy = 1 - p;
        uint64_t pits = 0; /* the mover's pits with seeds, in loop order: movegen_pick_sow's */
        for (uint64_t bits = rs->sow.pit_bits[p]; bits; bits &= bits - 1)
            pits |= (uint64_t)(seeds[__builtin_ctzll(bits)] != 0) << __builtin_ctzll(bits); /* no branch on the seeds */
        if (!pits) {
            g->stuck = 1;
            return player;
        }
        int start = bits_select(pits, (int)rng_below(r, (uint32_t)__builtin_popcountll(pits)), rs->bits_deposit);
        int left = seeds[start], i = start;
        int store = rs->sow.store[p], store_at = store == TB_NO_CELL ? 255 : rs->sow.at[store];
        int before = stored(rs, b, player);
        if (rep) b->hash ^= b->key[start] * (uint64_t)left;
        seeds[start] = 0;
        uint64_t skip = rs->sow.skip_bits[p];
        if (rs->sow.skip_origin) skip |= 1ull << start;
        while (left > 0) { /* sow_play */
            i = i + 1 == L ? 0 : i + 1;
            if (skip >> i & 1) continue;
            if (rep) b->hash ^= b->key[i] * (uint64_t)seeds[i] ^ b->key[i] * (uint64_t)(seeds[i] + 1);
            seeds[i]++;
            left--;
        }
        int ncaps = 0, taken = 0;
        if (capture == SOW_CAPTURE_OPPOSITE) {
            if ((rs->sow.pit_bits[p] >> i & 1) && seeds[i] == 1) {
                int o = rs->sow_opposite[i];
                if (o != 255 && (seeds[o] > 0 || rs->sow.opposite_empty)) {
                    taken = seeds[o] + 1;
                    ncaps = 2;
                    if (rep) b->hash ^= b->key[o] * (uint64_t)seeds[o] ^ b->key[i] * (uint64_t)seeds[i];
                    seeds[o] = 0; /* as engine_apply: the cells taken emptied, then the store */
                    seeds[i] = 0;
                }
            }
        } else if (capture == SOW_CAPTURE_COUNTS && (rs->sow.pit_bits[enemy] >> i & 1)) {
            uint8_t caps[TB_MAX_PATH];
            for (int k = i, n; (rs->sow.pit_bits[enemy] >> k & 1) && (n = seeds[k]) < 16 && (rs->sow.counts >> n & 1);
                 k = (k + L - 1) % L) {
                caps[ncaps++] = (uint8_t)k;
                taken += n;
                if (ncaps == TB_MAX_PATH) break;
            }
            if (ncaps && rs->sow.grand_slam == SLAM_NO_CAPTURE) { /* a capture of every enemy seed takes nothing */
                int on_side = 0;
                for (uint64_t bits = rs->sow.pit_bits[enemy]; bits; bits &= bits - 1) on_side += seeds[__builtin_ctzll(bits)];
                if (on_side == taken) ncaps = taken = 0;
            }
            for (int k = 0; k < ncaps; k++) {
                if (rep) b->hash ^= b->key[caps[k]] * (uint64_t)seeds[caps[k]];
                seeds[caps[k]] = 0;
            }
        }
        if (taken) {
            if (store_at == 255) {
                if (rep) b->hash ^= b->off_key[p] * (uint64_t)b->off[p] ^ b->off_key[p] * (uint64_t)(b->off[p] + taken);
                b->off[p] += taken;
            } else {
                if (rep) b->hash ^= b->key[store_at] * (uint64_t)seeds[store_at] ^
                                    b->key[store_at] * (uint64_t)(seeds[store_at] + taken);
                seeds[store_at] += taken;
            }
        }
        *calm = ncaps ? 0 : *calm + (*calm < 65535);
        g->plies++;
        g->last = rs->sow.loop[i];
        int mover = player;
        if (!(rs->sow.extra_turn && i == store_at)) { /* the last seed in the mover's store: again */
            player = 3 - player;
            if (rep) b->hash ^= rs->zobrist_turn[mover] ^ rs->zobrist_turn[player];
        }
        g->mover = (uint8_t)mover;
        if (rep) { /* engine_history_push: a store that grew starts it again */
            b->history[b->top++] = b->hash;
            if (stored(rs, b, mover) != before) b->len = 1;
            else if (b->len < TB_HISTORY) b->len++;
        }
        if (ended(rs, b, base, mover, player, g)) {
            g->decided = g->over = 1;
            return player;
        }
    }
    return player;
}

void playout_sow_play(const ruleset *rs, const state *from, rng *r, long max_plies, state *st, sow_game *g)
{
    sow_board b;
    int base[2] = { from->h.pieces[0], from->h.pieces[1] }, total = 0;
    g->plies = 0;
    g->decided = g->over = g->winner = g->stuck = 0;
    g->last = -1;
    g->mover = 0;
    for (int i = 0; i < rs->sow.nloop; i++) {
        int cell = rs->sow.loop[i], side = rs->sow.side_at[i];
        b.seeds[i] = from->height[cell];
        b.key[i] = rs->zobrist[cell][side - 1][0];
        if (b.seeds[i] && from->cell[cell] != piece_code(side, 0)) g->stuck = 1; /* not seeds of the side's */
        base[side - 1] -= b.seeds[i];
        total += b.seeds[i];
    }
    for (int p = 0; p < 2; p++) {
        int store = rs->sow.store[p];
        b.off[p] = 0;
        b.off_key[p] = 0;
        if (store == TB_NO_CELL || rs->sow.at[store] != 255) continue;
        b.off[p] = from->height[store];
        b.off_key[p] = rs->zobrist[store][p][0];
        if (b.off[p] && from->cell[store] != piece_code(p + 1, 0)) g->stuck = 1;
        base[p] -= b.off[p];
        total += b.off[p];
    }
    if (g->stuck || total > 255) { /* heights of a byte: the general path plays it */
        g->stuck = 1;
        return;
    }
    b.hash = from->h.hash;
    if (rs->uses_repetition) {
        memcpy(b.history, from->history, sizeof b.history);
        b.top = from->h.hist_top;
        b.len = from->h.hist_len;
    }
    int calm = from->h.calm;
    int player = play(rs, &b, base, from->h.to_move, r, max_plies, &calm, g);
    if (!st) return;
    for (int i = 0; i < rs->sow.nloop; i++) { /* as engine_apply leaves them */
        int cell = rs->sow.loop[i], h = b.seeds[i];
        uint8_t code = h ? piece_code(rs->sow.side_at[i], 0) : 0;
        if (st->cell[cell] != code) state_set(rs, st, cell, code, (uint8_t)h, NULL);
        else if (st->height[cell] != h) state_set_height(rs, st, cell, (uint8_t)h, NULL);
    }
    for (int p = 0; p < 2; p++) {
        int store = rs->sow.store[p];
        if (store == TB_NO_CELL || rs->sow.at[store] != 255 || st->height[store] == b.off[p]) continue;
        state_set(rs, st, store, piece_code(p + 1, 0), (uint8_t)b.off[p], NULL);
    }
    if (g->plies) st->h.quiet = 0; /* no no-progress rule: every move is progress */
    st->h.calm = (uint16_t)calm;
    st->h.ply += (uint32_t)g->plies;
    if (player != st->h.to_move) engine_next_player(rs, st); /* two players, both in */
    if (rs->uses_repetition) {
        memcpy(st->history, b.history, sizeof b.history);
        st->h.hist_top = b.top;
        st->h.hist_len = (uint16_t)b.len;
    }
    if (g->decided) engine_check_end(rs, st, g->last, g->mover);
}
