/* playout_race.c - random games of simple race games played on a small
 * board of owners (playout_race.h). A move costs the list of the mover's
 * few pieces read from one word of bits per player, one random number and
 * a few writes; a throw costs the draws engine_roll makes. No move list,
 * journal, hash or state copy: the position is written once, at the end,
 * by state_set, which keeps the hash and the counts as every move would.
 *
 * The subset (decided from movegen_advance.c) and why each part is exact:
 * - one value a throw (`(dice 1 N)`, or dice summed): a turn is one
 *   sub-move, effect_advance_play leaves no die, and the dice-use pass (two dice or
 *   more) never runs;
 * - `single`: every point holds one piece, so a height is 0 or 1 and a hit
 *   takes one piece (`hit:1`; `hit:0` or none: an enemy point is closed);
 * - no pins, swaps, sending back, stacks, primes, couriers, head rule,
 *   teams, race rules: movegen_advance.c's generate_extras with only the tests
 *   kept here (single, safe, enter-with, enter-first, roll-again, the
 *   overshoot rule and the bearing-off region);
 * - no no-progress or repetition rule, and every end `all-off` without
 *   doubling: end_turn only passes the turn, and only a bearing off can end
 *   the game (check_all_off), as its first `all-off` clause says. */
#include "playout_race.h"

#include <string.h>
#include "engine.h"

#define RACE_WORDS 4     /* words of 64 cells: a track has at most 225 points */
#define RACE_NONE 0xFFFF /* a sub-move's source (the off-board place) or target (off) */

void playout_race_prepare(ruleset *rs)
{
    const track_rules *t = &rs->track;
    rs->race_playouts = 0;
    if (rs->topology != TOPO_TRACK || rs->nteams || rs->nplayers < 2 || rs->nplayers > TB_MAX_PLAYERS ||
        rs->ncells > RACE_WORDS * 64)
        return;
    /* One value a throw, below 32 (movegen_advance.c keeps the values seen in 32 bits). */
    if (rs->dice_count < 1 || (rs->dice_count > 1 && !rs->dice_sum) || rs->dice_hi > 31) return;
    if (rs->no_progress >= 0 || rs->uses_repetition || rs->uses_marks) return;
    if (!t->single || t->hit > 1 || t->pin || !t->race_playable) return; /* the rules in force: advance_props */
    if (t->again_value && t->again_value > 31) return;
    int end = -1;
    for (int i = 0; i < rs->nends; i++) {
        const end_rule *e = &rs->ends[i];
        if (e->kind != END_ALL_OFF || e->double_if_none_off) return;
        if (end < 0) end = i; /* check_all_off: the first one decides */
    }
    if (end < 0) return;
    for (int p = 0; p < rs->nplayers; p++) {
        if (t->len[p] == 0) return;
        for (int v = 0; v < 32; v++) { /* generate_body's entering: with:V onto point 1, or point V */
            int to = t->enter_with ? (v == t->enter_with ? t->path[p][0] : -1) : (v >= 1 && v <= t->len[p] ? t->path[p][v - 1] : -1);
            rs->race_enter[p][v] = to < 0 ? TB_NO_CELL : (cell_id)to;
        }
    }
    rs->race_end = (uint8_t)end;
    rs->race_playouts = 1;
}

/* A sub-move: FROM (RACE_NONE: from the off-board place) to TO (RACE_NONE: off). */
typedef struct race_move {
    uint16_t from, to;
} race_move;

/* The game as it stands: each point's owner (0: empty) and each player's points as bits. */
typedef struct race_board {
    uint8_t who[RACE_WORDS * 64];
    uint64_t occ[TB_MAX_PLAYERS][RACE_WORDS];
    int bar[TB_MAX_PLAYERS], off[TB_MAX_PLAYERS], on[TB_MAX_PLAYERS];
} race_board;

/* A throw, drawn from DICE exactly as engine_roll (engine_roll_faces) draws
 * one die or dice summed. */
static inline int race_roll(const ruleset *rs, rng *dice)
{
    if (!rs->dice_special) return (uint8_t)(1 + rng_below(dice, (uint32_t)rs->dice_faces)); /* one die */
    if (!rs->dice_sum) return rs->dice_face[rng_below(dice, (uint32_t)rs->dice_faces)]; /* one die of `faces:` */
    return engine_throw_sum(rs, dice);
}

/* 1 when player P may land on TO: empty, or a lone enemy piece hit (not on a safe point). */
static inline int race_open(const track_rules *t, const race_board *b, int p, int to)
{
    int o = b->who[to];
    if (!o) return 1;
    if (o == p + 1) return 0; /* single */
    if (t->any_safe && cellset_has(&t->safe[p], to)) return 0;
    return t->hit == 1;
}

/* The sub-moves of player P with a throw of D, in movegen_advance_legal's order: the
 * entering first, then the pieces by their cells' order. AGAIN: throws
 * again in a row so far this turn (roll-again). */
static inline int race_list(const ruleset *rs, const race_board *b, int p, int d, int again, int words, race_move *out)
{
    const track_rules *t = &rs->track;
    int n = 0;
    if (d == 0) return 0;                                                           /* a throw of 0 moves nothing */
    if (t->again_value && d == t->again_value && again >= t->again_most) return 0; /* forfeit */
    if (b->bar[p] && t->bar >= 0) {
        int to = rs->race_enter[p][d];
        if (to != TB_NO_CELL && race_open(t, b, p, to)) out[n++] = (race_move){ RACE_NONE, (uint16_t)to };
        if (t->enter_first) return n;
    }
    /* Bearing off: nothing in the off-board place (unless bear-off anywhere) and no piece outside the region. */
    int bear = t->off >= 0 && !(b->bar[p] && !t->bear_anywhere);
    for (int w = 0; bear && w < words; w++) bear = !(b->occ[p][w] & ~t->bear_region[p].w[w]);
    int len = t->len[p], top = 0x7fffffff;
    if (bear && t->overshoot == OVERSHOOT_FROM_HIGHEST)
        for (int w = 0; w < words; w++)
            for (uint64_t m = b->occ[p][w]; m; m &= m - 1) {
                int rk = t->rank[p][w * 64 + __builtin_ctzll(m)];
                if (rk < top) top = rk;
            }
    for (int w = 0; w < words; w++)
        for (uint64_t m = b->occ[p][w]; m; m &= m - 1) {
            int c = w * 64 + __builtin_ctzll(m), rk = t->rank[p][c], k = rk + d;
            if (k < len) {
                int to = t->path[p][k];
                if (race_open(t, b, p, to)) out[n++] = (race_move){ (uint16_t)c, (uint16_t)to };
            } else if (bear && (k == len || t->overshoot == OVERSHOOT_ALWAYS ||
                                (t->overshoot == OVERSHOOT_FROM_HIGHEST && rk == top))) {
                out[n++] = (race_move){ (uint16_t)c, RACE_NONE };
            }
        }
    return n;
}

void playout_race_play(const ruleset *rs, state *st, rng *r, long max_plies, race_game *g)
{
    const track_rules *t = &rs->track;
    const int np = rs->nplayers, words = (rs->ncells + 63) / 64;
    race_board b;
    g->plies = 0;
    g->stuck = 0;
    memset(b.occ, 0, sizeof b.occ);
    for (int p = 0; p < np; p++) {
        b.bar[p] = st->h.bar[p];
        b.off[p] = st->h.off[p];
        b.on[p] = 0;
    }
    for (int c = 0; c < rs->ncells; c++) {
        uint8_t code = st->cell[c];
        b.who[c] = 0;
        if (!code) continue;
        int o = piece_owner(code);
        if (st->height[c] != 1 || piece_type(code) != t->piece || o > np || t->rank[o - 1][c] == TB_NO_RANK) {
            g->stuck = 1; /* a stack, another type, a piece off its path: the general path */
            return;
        }
        b.who[c] = (uint8_t)o;
        b.occ[o - 1][c >> 6] |= (uint64_t)1 << (c & 63);
        b.on[o - 1]++;
    }
    rng dice = st->h.dice_rng;
    int p = st->h.to_move - 1, ndice = st->h.ndice, d = st->h.dice[0];
    int again = st->h.again, events = st->h.turn_events, rolled = 0, over = 0, winner = 0;
    const end_rule *by = NULL;
    long plies = 0;
    race_move list[RACE_WORDS * 64 + 1];
    while (plies < max_plies) {
        /* engine_moves: the list, or the turn settled (effect_advance_settle) and the next throw */
        int n;
        for (int passes = 0;; passes++) {
            n = ndice ? race_list(rs, &b, p, d, again, words, list) : 0;
            if (n > 0) break;
            if (ndice) { /* the throw cannot be played: the turn passes, unless `extra-throw:` this value */
                ndice = 0;
                if (!(t->extra_throw >> d & 1)) {
                    p = p + 1 < np ? p + 1 : 0;
                    again = 0;
                    events = 0;
                }
            }
            d = race_roll(rs, &dice);
            ndice = 1;
            rolled = 1;
            if (passes == ENGINE_MAX_PASSES) { /* nobody can move: a draw */
                over = 1;
                goto done;
            }
        }
        const race_move m = list[rng_below(r, (uint32_t)n)];
        /* effect_advance_play */
        if (m.from == RACE_NONE) {
            b.bar[p]--;
        } else {
            b.who[m.from] = 0;
            b.occ[p][m.from >> 6] &= ~((uint64_t)1 << (m.from & 63));
            b.on[p]--;
        }
        ndice = 0;
        plies++;
        if (m.to == RACE_NONE) {
            b.off[p]++;
            events |= TURN_IRREVERSIBLE;
            if (!b.on[p] && !b.bar[p]) { /* check_all_off */
                over = 1;
                winner = p + 1;
                by = &rs->ends[rs->race_end];
                break;
            }
        } else {
            int o = b.who[m.to];
            if (o) { /* hit: back to the off-board place */
                b.bar[o - 1]++;
                b.on[o - 1]--;
                b.occ[o - 1][m.to >> 6] &= ~((uint64_t)1 << (m.to & 63));
            }
            b.who[m.to] = (uint8_t)(p + 1);
            b.occ[p][m.to >> 6] |= (uint64_t)1 << (m.to & 63);
            b.on[p]++;
            if (t->any_extra && cellset_has(&t->extra_turn[p], m.to)) continue; /* `extra-turn:` */
        }
        if (t->extra_throw >> d & 1) continue; /* `extra-throw:` */
        if (t->again_value && d == t->again_value) { /* roll-again */
            again++;
            continue;
        }
        p = p + 1 < np ? p + 1 : 0; /* end_turn: nothing more to judge in this subset */
        again = 0;
        events = 0;
    }
done:
    for (int c = 0; c < rs->ncells; c++) { /* as the moves' state_set calls leave them */
        uint8_t code = b.who[c] ? piece_code(b.who[c], t->piece) : 0, h = b.who[c] ? 1 : 0;
        if (st->cell[c] != code || st->height[c] != h) state_set(rs, st, c, code, h, NULL);
    }
    for (int x = 0; x < np; x++) {
        st->h.bar[x] = (uint8_t)b.bar[x];
        st->h.off[x] = (uint8_t)b.off[x];
    }
    st->h.ndice = (uint8_t)ndice;
    if (rolled) { /* engine_set_roll of one value */
        st->h.dice[0] = (uint8_t)d;
        st->h.turn_double = 0;
        st->h.turn_count = 0;
    }
    st->h.dice_rng = dice;
    st->h.ply += (uint32_t)plies;
    st->h.again = (uint8_t)again;
    st->h.turn_events = (uint8_t)events;
    if (p + 1 != st->h.to_move) { /* engine_next_player, every player in */
        st->h.hash ^= rs->zobrist_turn[st->h.to_move] ^ rs->zobrist_turn[p + 1];
        st->h.to_move = (uint8_t)(p + 1);
    }
    if (over) engine_finish(st, winner, 1, by);
    g->plies = plies;
}
