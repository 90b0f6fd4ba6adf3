/* movegen_advance.c - the generator of the `advance` primitive: pieces
 * moved along their owner's path by a die, on tracks with stacks, the
 * off-board places and dice. One of the one engine's generators, as sowing
 * or placing is: engine_square.c lists its moves through movegen.h, applies
 * them with effect_advance.c and settles a turn whose dice cannot be played.
 *
 * A move is one sub-move: one die moves one piece along its owner's path
 * (`1-5`), re-enters a piece from the bar (`bar-3`) or bears one off
 * (`20-off/6`). The turn's dice live in the state; applying a sub-move uses
 * its die, and the player keeps the turn while dice are left. Chance happens
 * only in settle: when no die is left, or none of those left can be played,
 * the turn passes and the next player's dice are rolled from the state's
 * generator. Apply and undo never roll, so perft within a turn is exact.
 *
 * The generator works in two passes. The first lists the sub-moves each die
 * allows on its own (open points, hits and pins, the bar first, the courier
 * and head rules, stacking and prime limits, bearing off). With
 * `(dice-use max)` the second keeps those that begin a sequence using as many
 * dice as the position allows (and, with `then-larger`, the larger die when
 * only one can be used). Where no rule can take one sub-move's legality away
 * from another (`monotone`: hits, pins, the bar and bearing off only), that
 * pass counts pieces; elsewhere, and where counting cannot decide, it plays
 * the sequences out on a copy of the position. Nothing here allocates. */
#include <limits.h>
#include <string.h>

#include "advance_internal.h"
#include "movegen_internal.h"

/* What one generation knows about the position. */
typedef struct dice_gen {
    const ruleset *rs;
    const state *st;
    int p, o;                  /* mover (0 ..) and, in two-player rules (prime), the opponent */
    uint8_t mine;              /* the mover's piece code */
    int crowded;               /* stack-limit: crowded points of the region now */
    int bear;                  /* the mover may bear off */
    int top_rank;              /* the smallest rank of the mover's pieces on the board */
    int enemy_ahead;           /* prime: the largest rank an enemy piece stands on along its
                                * path (INT_MAX when one is off, -1 when none is on the board) */
    int prime_broken;          /* prime: the position already breaks the limit (a position
                                * file may): every sub-move is checked in full */
    tsub *out;
    int n;
    /* For the dice-use pass: per die value slot, the pieces that can play it
     * and the sources they play it from. */
    int counting;              /* the dice-use pass will count: fill cap and src */
    int first_only;            /* stop at the first sub-move (is there any?) */
    int nslots;
    uint8_t slot_value[TRACK_MAX_SLOTS];
    int cap[TRACK_MAX_SLOTS];
    uint64_t src[TRACK_MAX_SLOTS][4];
} dice_gen;

/* A point held by the mover after the sub-move FROM -> TO. */
static int held_after(const dice_gen *g, int cell, int from, int to)
{
    if (cell == to) return 1;
    if (cell == from) return g->st->height[from] > 1;
    return g->st->cell[cell] == g->mine;
}

/* The largest rank along the opponent's path of an opponent piece, not
 * counting the pieces on EXCEPT (a point just hit); INT_MAX when one is off. */
static int enemy_farthest(const ruleset *rs, const state *st, int o, int except)
{
    const track_rules *t = &rs->track;
    if (st->h.off[o]) return INT_MAX;
    int best = -1;
    for (int w = 0; w * 64 < rs->ncells; w++) {
        uint64_t m = st->occupant[o].w[w];
        if (w == 0) m |= st->h.flagged; /* pieces pinned under the mover's stacks */
        for (; m; m &= m - 1) {
            int c = w * 64 + __builtin_ctzll(m);
            if (c == except || t->rank[o][c] == TB_NO_RANK) continue;
            if (t->rank[o][c] > best) best = t->rank[o][c];
        }
    }
    return best;
}

/* 1 when, after FROM -> TO (-1, -1: as the position stands), every run of
 * L or more points held by the mover, consecutive along the opponent's path,
 * has an opponent piece ahead of its end, or one borne off. HIT: the
 * opponent's pieces on TO go back to the bar. */
static int primes_ok(const dice_gen *g, int from, int to, int hit)
{
    const ruleset *rs = g->rs;
    const track_rules *t = &rs->track;
    int o = g->o, len = t->len[o];
    int ahead = hit ? enemy_farthest(rs, g->st, o, to) : g->enemy_ahead, run = 0;
    for (int k = 0; k < len; k++) {
        run = held_after(g, t->path[o][k], from, to) ? run + 1 : 0;
        if (run >= t->prime && ahead <= k && (k + 1 == len || !held_after(g, t->path[o][k + 1], from, to)))
            return 0;
    }
    return 1;
}

/* 1 when the position as it stands breaks `(prime-limit L)` (a position
 * file may). On paths of up to 64 points the held points become a mask in
 * the opponent's path order, and runs of L are found with shifts. */
static int primes_broken_now(const dice_gen *g)
{
    const track_rules *t = &g->rs->track;
    int o = g->o, len = t->len[o];
    if (len > 64) return !primes_ok(g, -1, -1, 0);
    uint64_t held = 0;
    for (int k = 0; k < len; k++) held |= (uint64_t)(g->st->cell[t->path[o][k]] == g->mine) << k;
    uint64_t starts = held;
    for (int i = 1; i < t->prime && starts; i++) starts &= held >> i;
    for (; starts; starts &= starts - 1) /* each window of L held points must have an opponent piece ahead */
        if (g->enemy_ahead <= __builtin_ctzll(starts) + t->prime - 1) return 1;
    return 0;
}

/* `(prime-limit L)` after FROM -> TO. When the position keeps the rule and
 * the sub-move hits nothing (no opponent piece goes back), only a run
 * through TO can break it. */
static int prime_ok(const dice_gen *g, int from, int to, int hit)
{
    const track_rules *t = &g->rs->track;
    if (hit || g->prime_broken) return primes_ok(g, from, to, hit);
    int o = g->o, len = t->len[o], r = t->rank[o][to];
    if (r == TB_NO_RANK) return 1;
    int lo = r, hi = r;
    while (lo > 0 && held_after(g, t->path[o][lo - 1], from, to)) lo--;
    while (hi + 1 < len && held_after(g, t->path[o][hi + 1], from, to)) hi++;
    return hi - lo + 1 < t->prime || g->enemy_ahead > hi;
}

/* `(prime-limit L allowed:until-gathered)`: the rank along the opponent's
 * path of the one point holding every opponent piece left, or -1 (none on
 * the board, several points, or one on the bar or pinned). */
static int gathered_rank(const dice_gen *g)
{
    const state *st = g->st;
    int o = g->o, cell = -1;
    if (st->h.bar[o] || (st->h.flagged && pinned_of(st, o))) return -1;
    for (int w = 0; w * 64 < g->rs->ncells; w++) {
        uint64_t m = st->occupant[o].w[w];
        if (!m) continue;
        if (cell >= 0 || (m & (m - 1))) return -1;
        cell = w * 64 + __builtin_ctzll(m);
    }
    return cell < 0 ? -1 : g->rs->track.rank[o][cell];
}

/* 1 when, after sub-move S, the mover holds the L points just after rank R
 * of the opponent's path, where every opponent piece left is gathered. A
 * sub-move onto that point hits or pins them: they are no longer gathered. */
static int leaves_gathered_block(const dice_gen *g, const tsub *s, int r)
{
    const track_rules *t = &g->rs->track;
    int o = g->o;
    if (s->to == t->path[o][r] || r + t->prime >= t->len[o]) return 0;
    int from = s->from == TB_NO_CELL ? -1 : s->from, to = s->to == TB_NO_CELL ? -1 : s->to;
    for (int k = r + 1; k <= r + t->prime; k++)
        if (!held_after(g, t->path[o][k], from, to)) return 0;
    return 1;
}

/* The duty to open a block behind which every opponent piece is gathered:
 * while some sub-move leaves no such block, those that leave one are
 * refused. Never empties the list, so "is there a move" is unchanged. */
static void open_gathered_block(dice_gen *g)
{
    int r = gathered_rank(g);
    if (r < 0 || g->n < 2) return;
    int keep = 0;
    for (int i = 0; i < g->n; i++) keep += !leaves_gathered_block(g, &g->out[i], r);
    if (keep == 0 || keep == g->n) return;
    int kept = 0;
    for (int i = 0; i < g->n; i++)
        if (!leaves_gathered_block(g, &g->out[i], r)) g->out[kept++] = g->out[i];
    g->n = kept;
}

/* `protected:`: the pieces in a row along their owner's path (the
 * opponent's) through CELL, which holds one. */
static int enemy_run(const dice_gen *g, int cell)
{
    const track_rules *t = &g->rs->track;
    const state *st = g->st;
    int o = g->o, r = t->rank[o][cell], len = t->len[o], n = 1;
    if (r == TB_NO_RANK) return 1;
    uint8_t theirs = st->cell[cell];
    for (int k = r - 1; k >= 0 && st->cell[t->path[o][k]] == theirs; k--) n++;
    for (int k = r + 1; k < len && st->cell[t->path[o][k]] == theirs; k++) n++;
    return n;
}

/* `blockade:` and `must-stop:`: a sub-move from FROM (TB_NO_CELL: the
 * bar) to TO (TB_NO_CELL: off) passes no run of that many enemy pieces and
 * no point where a piece must stop. */
static int race_passes(const dice_gen *g, int from, int to)
{
    const track_rules *t = &g->rs->track;
    const state *st = g->st;
    int p = g->p, r = from == TB_NO_CELL ? -1 : t->rank[p][from], k = to == TB_NO_CELL ? t->len[p] : t->rank[p][to];
    int run = 0;
    uint8_t theirs = piece_code(g->o + 1, t->piece);
    for (int i = r + 1; i < k; i++) {
        int cell = t->path[p][i];
        if (t->any_must_stop && cellset_has(&t->must_stop[p], cell)) return 0;
        run = st->cell[cell] == theirs ? run + 1 : 0;
        if (t->blockade && run >= t->blockade) return 0;
    }
    return 1;
}

/* Adds the sub-move of die D (slot SLOT) from FROM (TB_NO_CELL: the bar) to
 * the point TO (TB_NO_CELL: off) when the point is open and the limits still
 * hold after it. */
static inline __attribute__((always_inline)) void try_move(dice_gen *g, int kind, int from, int to, int d, int slot,
                                                           const int extras)
{
    const ruleset *rs = g->rs;
    const track_rules *t = &rs->track;
    const state *st = g->st;
    int height = 1, hit = 0;
    if (to != TB_NO_CELL) {
        uint8_t code = st->cell[to];
        if (code == g->mine) {
            if (extras && t->single) return; /* a point holds one piece */
            height = st->height[to] + 1;
        } else if (code) {
            /* A point holds one player's pieces: an enemy point is open only
             * when its pieces are hit, or its lone piece is pinned; a stack
             * pinning one of the mover's pieces is closed, and so is a safe point. */
            if (pinned_bit(st, to)) return;
            if (rs->nteams && rs->team[piece_owner(code) - 1] == rs->team[g->p]) return; /* a partner's point */
            if (extras && t->any_safe && cellset_has(&t->safe[g->p], to)) return;
            if (extras > 1 && t->protect && enemy_run(g, to) >= t->protect) return;
            if (t->hit && st->height[to] == t->hit) hit = 1;
            else if (!(t->pin && st->height[to] == 1)) return;
        }
    }
    if (extras > 1 && !race_passes(g, from, to)) return;
    if (t->stack_limit) {
        const cellset *region = &t->stack_region[g->p];
        int after = g->crowded;
        if (from != TB_NO_CELL && st->height[from] == t->stack_height && cellset_has(region, from)) after--;
        if (to != TB_NO_CELL && height == t->stack_height && cellset_has(region, to)) after++;
        if (after > t->stack_points) return;
    }
    if (t->prime && !t->prime_until_gathered && (to != TB_NO_CELL || g->prime_broken) && !prime_ok(g, from, to, hit))
        return;
    g->out[g->n++] = (tsub){ (cell_id)from, (cell_id)to, (uint8_t)kind, (uint8_t)d, (uint8_t)(hit ? st->height[to] : 0) };
    if (!g->counting) return;
    int src = from == TB_NO_CELL ? TRACK_BAR_BIT : from;
    g->cap[slot] += from == TB_NO_CELL ? st->h.bar[g->p] : st->height[from];
    g->src[slot][src >> 6] |= (uint64_t)1 << (src & 63);
}

/* The sub-moves each die allows on its own, into OUT; fills G. With
 * FIRST_ONLY, stops at the first one found. ROOT: the generation of the
 * turn's position this one's position was reached from by legal sub-moves,
 * or NULL. From a root, the prime limit holds (every sub-move kept it), and
 * without hits the opponent's pieces are where they were. */
static inline __attribute__((always_inline)) int generate_body(const ruleset *rs, const state *st, tsub *out, dice_gen *g,
                                                                int first_only, const dice_gen *root, const int extras)
{
    const track_rules *t = &rs->track;
    g->rs = rs;
    g->st = st;
    g->out = out;
    g->n = 0;
    g->nslots = 0;
    if (!st->h.ndice) return 0;
    g->first_only = first_only;
    g->counting = !first_only && t->dice_max && t->monotone && st->h.ndice > 1;
    int p = st->h.to_move - 1, o = the_opponent(rs, p);
    g->p = p;
    g->o = o;
    g->mine = piece_code(p + 1, t->piece);
    g->crowded = 0;
    cell_id own[TRACK_MAX_POINTS];
    int nown = 0;
    /* Bearing off: no piece on the bar, pinned, or on a point outside the region. */
    int away = (st->h.bar[p] && !(extras && t->bear_anywhere)) || (st->h.flagged && pinned_of(st, p));
    for (int w = 0; w * 64 < rs->ncells; w++) {
        uint64_t m = st->occupant[p].w[w];
        away |= (m & ~t->bear_region[p].w[w]) != 0;
        for (; m; m &= m - 1) {
            int c = w * 64 + __builtin_ctzll(m);
            own[nown++] = (cell_id)c;
            if (t->stack_limit && st->height[c] >= t->stack_height && cellset_has(&t->stack_region[p], c)) g->crowded++;
        }
    }
    g->bear = t->off >= 0 && !away;
    g->top_rank = INT_MAX; /* the rank of the piece farthest from the end, for overshoot:from-highest */
    if (g->bear && t->overshoot == OVERSHOOT_FROM_HIGHEST)
        for (int j = 0; j < nown; j++)
            if (t->rank[p][own[j]] < g->top_rank) g->top_rank = t->rank[p][own[j]];
    int start = t->path[p][0], len = t->len[p];
    int at_start = st->cell[start] == g->mine ? st->height[start] : 0;
    /* The courier rule: until a piece has arrived, the starting point may be
     * left only when every other piece is on it. */
    int others = st->h.pieces[p] + st->h.bar[p] + (st->h.flagged ? pinned_of(st, p) : 0) - at_start;
    int start_closed = t->courier && !st->h.counter[p][t->arrival_counter] && others > 0;
    /* The head rule: a quota of pieces leaving the starting point per turn,
     * larger in a first turn (every piece on the start) after some doubles. */
    if (t->start_per_turn) {
        int quota = t->start_per_turn;
        int total = st->h.pieces[p] + st->h.bar[p] + st->h.off[p] + (st->h.flagged ? pinned_of(st, p) : 0);
        if ((t->start_doubles >> st->h.turn_double & 1) && at_start + st->h.turn_count == total)
            quota = t->start_first_turn;
        if (st->h.turn_count >= quota) start_closed = 1;
    }
    if (!t->prime || t->prime_until_gathered) {
        g->enemy_ahead = -1;
        g->prime_broken = 0;
    } else if (root && !t->hit) {
        g->enemy_ahead = root->enemy_ahead;
        g->prime_broken = 0;
    } else {
        g->enemy_ahead = enemy_farthest(rs, st, o, -1);
        g->prime_broken = root ? 0 : primes_broken_now(g);
    }
    int bar_only = t->enter_first && t->bar >= 0 && st->h.bar[p] > 0;
    uint32_t done = 1; /* a die of 0 gives no sub-move */
    for (int i = 0; i < st->h.ndice && !(first_only && g->n); i++) {
        int d = st->h.dice[i];
        if (done >> d & 1) continue; /* two dice of one value give the same sub-moves */
        done |= 1u << d;
        int slot = g->nslots++;
        g->slot_value[slot] = (uint8_t)d;
        if (g->counting) {
            g->cap[slot] = 0;
            memset(g->src[slot], 0, sizeof g->src[slot]);
        }
        /* roll-again: the throw after the most in a row, of the value, is forfeit */
        if (extras && t->again_value && d == t->again_value && st->h.again >= t->again_most) continue;
        if (extras && t->enter_with) { /* only that value enters, onto own point 1 */
            if (st->h.bar[p] && t->bar >= 0 && d == t->enter_with) try_move(g, MOVE_ENTER, TB_NO_CELL, start, d, slot, extras);
        } else if (st->h.bar[p] && t->bar >= 0 && d <= len) {
            try_move(g, MOVE_ENTER, TB_NO_CELL, t->path[p][d - 1], d, slot, extras);
        }
        if (bar_only) continue;
        for (int j = 0; j < nown && !(first_only && g->n); j++) {
            int c = own[j];
            if (c == start && start_closed) continue;
            int k = t->rank[p][c] + d;
            if (k < len) try_move(g, MOVE_ADVANCE, c, t->path[p][k], d, slot, extras);
            else if (g->bear && (k == len || t->overshoot == OVERSHOOT_ALWAYS ||
                                 (t->overshoot == OVERSHOOT_FROM_HIGHEST && t->rank[p][c] == g->top_rank)))
                try_move(g, MOVE_BEAR_OFF, c, TB_NO_CELL, d, slot, extras);
        }
    }
    if (t->prime && t->prime_until_gathered && !first_only) open_gathered_block(g);
    return g->n;
}

/* The generator, compiled twice: the games with rules no tables game has
 * (`single`, `safe:`, bearing off with pieces still to enter: rs->track.extras)
 * test for them; the others do not. */
static __attribute__((noinline)) int generate_plain(const ruleset *rs, const state *st, tsub *out, dice_gen *g,
                                                    int first_only, const dice_gen *root)
{
    return generate_body(rs, st, out, g, first_only, root, 0);
}

static __attribute__((noinline)) int generate_extras(const ruleset *rs, const state *st, tsub *out, dice_gen *g,
                                                     int first_only, const dice_gen *root)
{
    return generate_body(rs, st, out, g, first_only, root, 1);
}

/* ... and a third time for the race rules (`protected:`, `blockade:`,
 * `must-stop:`), which test the points a sub-move passes. */
static __attribute__((noinline)) int generate_race(const ruleset *rs, const state *st, tsub *out, dice_gen *g,
                                                   int first_only, const dice_gen *root)
{
    return generate_body(rs, st, out, g, first_only, root, 2);
}

static inline int generate(const ruleset *rs, const state *st, tsub *out, dice_gen *g, int first_only, const dice_gen *root)
{
    if (__builtin_expect(rs->track.race, 0)) return generate_race(rs, st, out, g, first_only, root);
    return rs->track.extras ? generate_extras(rs, st, out, g, first_only, root)
                            : generate_plain(rs, st, out, g, first_only, root);
}

/* Plays S on ST with a journal, as engine_apply does. */
static void play_sub(const ruleset *rs, state *st, const tsub *s, undo_record *u)
{
    u->header = st->h;
    u->history_old = st->history[st->h.hist_top];
    u->n = 0;
    u->nmarks = 0;
    effect_advance_play(rs, st, s, u);
}

/* The dice-use pass counts: with the dice left after using one of value
 * USED all of one value V (COUNT of them), the sources that can play V. */
static int rest_one_value(const state *st, int used, int *v)
{
    int skipped = 0, value = -1;
    for (int i = 0; i < st->h.ndice; i++) {
        int d = st->h.dice[i];
        if (d == used && !skipped) {
            skipped = 1;
            continue;
        }
        if (value >= 0 && d != value) return 0;
        value = d;
    }
    *v = value;
    return value >= 0;
}

static int slot_of(const dice_gen *g, int value)
{
    for (int s = 0; s < g->nslots; s++)
        if (g->slot_value[s] == value) return s;
    return -1;
}

/* For counts_full: per die value slot, the slot of the one value the dice
 * left after using that die all show, or -1 (none, several values, or none
 * of the pieces can play it). */
static void rest_slots(const dice_gen *g, int *rest)
{
    for (int j = 0; j < g->nslots; j++) {
        int v;
        rest[j] = rest_one_value(g->st, g->slot_value[j], &v) ? slot_of(g, v) : -1;
    }
}

/* 1 when, by counting alone, the dice left after S (die slot SLOT) can all
 * be played: every piece that can play them now still can after S (monotone
 * rules), so it is enough that enough of them are not the piece S moves. */
static int counts_full(const dice_gen *g, const int *rest, const tsub *s, int want)
{
    int slot = rest[slot_of(g, s->die)];
    if (slot < 0) return 0;
    int src = s->from == TB_NO_CELL ? TRACK_BAR_BIT : s->from;
    int avail = g->cap[slot] - (int)(g->src[slot][src >> 6] >> (src & 63) & 1);
    return avail >= want;
}

/* The most dice, up to WANT, that can still be played this turn from ST. */
static int max_dice(const ruleset *rs, state *st, int want, const dice_gen *root)
{
    tsub subs[TRACK_MAX_SUBS];
    dice_gen g;
    int n = generate(rs, st, subs, &g, want == 1, root);
    if (n == 0) return 0;
    if (want == 1) return 1;
    int best = 1;
    if (rs->track.monotone) {
        int rest[TRACK_MAX_SLOTS];
        rest_slots(&g, rest);
        for (int i = 0; i < n; i++)
            if (counts_full(&g, rest, &subs[i], want - 1)) return want;
    }
    for (int i = 0; i < n && best < want; i++) {
        undo_record u;
        play_sub(rs, st, &subs[i], &u);
        /* A sub-move that ends the game uses the turn's every die. */
        int r = st->h.status != STATUS_ONGOING ? want : 1 + max_dice(rs, st, want - 1, root);
        engine_undo(rs, st, &u);
        if (r > best) best = r;
    }
    return best;
}

/* `(dice-use max [then-larger])`: keeps the sub-moves of SUBS that begin a
 * sequence using as many dice as the position allows; returns how many. */
static int dice_use_max(const ruleset *rs, const state *st, tsub *subs, int n, const dice_gen *g)
{
    const track_rules *t = &rs->track;
    int k = st->h.ndice;
    int reach[TRACK_MAX_SUBS]; /* dice each sub-move's best sequence uses; 0: not known yet */
    int best = 0, rest[TRACK_MAX_SLOTS];
    if (t->monotone) rest_slots(g, rest);
    for (int i = 0; i < n; i++) reach[i] = t->monotone && counts_full(g, rest, &subs[i], k - 1) ? k : 0;
    state tmp;
    int copied = 0;
    for (int i = 0; i < n; i++) {
        if (reach[i]) continue;
        if (!copied) {
            tmp = *st;
            copied = 1;
        }
        undo_record u;
        play_sub(rs, &tmp, &subs[i], &u);
        reach[i] = tmp.h.status != STATUS_ONGOING ? k : 1 + max_dice(rs, &tmp, k - 1, g);
        engine_undo(rs, &tmp, &u);
    }
    for (int i = 0; i < n; i++)
        if (reach[i] > best) best = reach[i];
    int larger = 0;
    if (best == 1 && t->then_larger && k == 2 && st->h.dice[0] != st->h.dice[1]) {
        int big = st->h.dice[0] > st->h.dice[1] ? st->h.dice[0] : st->h.dice[1];
        for (int i = 0; i < n && !larger; i++) larger = subs[i].die == big;
        if (larger) larger = big;
    }
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (reach[i] == best && (!larger || subs[i].die == larger)) subs[kept++] = subs[i];
    return kept;
}

/* What each rule of advance_rule asks of the generator, as Lua's opmodes
 * table says what each instruction does: whether one sub-move can take away
 * another's legality (it closes a point, counts a region's stacks, reads
 * the held points, the pieces left on the start or the points passed, or
 * moves another piece), which copy of the generator tests it (0 the plain
 * one, 1 the one with extras, 2 the race rules'), and whether the race
 * playouts (playout_race.c) play it. */
static const struct advance_props {
    uint8_t breaks_monotone, copy, race_playouts;
} advance_props[ADV_RULES] = {
    [ADV_SINGLE] = { 1, 1, 1 },     [ADV_SAFE] = { 0, 1, 1 },        [ADV_BEAR_ANYWHERE] = { 0, 1, 1 },
    [ADV_ENTER_WITH] = { 0, 1, 1 }, [ADV_ROLL_AGAIN] = { 0, 1, 1 },  [ADV_LEAVE_START] = { 1, 0, 0 },
    [ADV_COURIER] = { 1, 0, 0 },    [ADV_STACK_LIMIT] = { 1, 0, 0 }, [ADV_PRIME] = { 1, 0, 0 },
    [ADV_PROTECT] = { 1, 2, 0 },    [ADV_BLOCKADE] = { 1, 2, 0 },    [ADV_MUST_STOP] = { 1, 2, 0 },
    [ADV_SWAP] = { 1, 0, 0 },       [ADV_BACK] = { 1, 0, 0 },
};

void movegen_advance_prepare(ruleset *rs)
{
    track_rules *t = &rs->track;
    rs->advance_only = t->on && rs->nrules > 0;
    for (int i = 0; i < rs->nrules; i++) rs->advance_only &= rs->rules[i].kind == RULE_ADVANCE;
    t->monotone = 1;
    t->extras = t->race = 0;
    t->race_playable = 1;
    for (int k = 0; k < ADV_RULES; k++) {
        if (!(t->in_force >> k & 1)) continue;
        t->monotone &= !advance_props[k].breaks_monotone;
        t->extras |= advance_props[k].copy == 1;
        t->race |= advance_props[k].copy == 2;
        t->race_playable &= advance_props[k].race_playouts;
    }
}

/* The sub-moves of the position, both passes, into SUBS; returns how many. */
static inline __attribute__((always_inline)) int advance_subs(const ruleset *rs, const state *st, tsub *subs)
{
    dice_gen g;
    int n = generate(rs, st, subs, &g, 0, NULL);
    if (rs->track.dice_max && n > 1 && st->h.ndice > 1) n = dice_use_max(rs, st, subs, n, &g);
    return n;
}

/* The public move of sub-move S. */
static inline __attribute__((always_inline)) void advance_move(const ruleset *rs, const tsub *s, move *m)
{
    const track_rules *t = &rs->track;
    move_start(m, s->kind, s->from, t->piece, s->kind == MOVE_ADVANCE ? t->advance_rule : 255);
    m->to = s->to;
    m->die = s->die;
    m->ncaps = s->hit != 0;
    if (s->hit) {
        m->caps[0] = s->to;
        m->caps_by_type[t->piece] = s->hit;
    }
}

void gen_advances(gen *g)
{
    tsub subs[TRACK_MAX_SUBS];
    int n = advance_subs(g->rs, g->st, subs);
    for (int i = 0; i < n; i++) {
        move *m = gen_slot(g);
        if (!m) return;
        advance_move(g->rs, &subs[i], m);
    }
}

int movegen_advance_legal(const ruleset *rs, const state *st, move_list *l)
{
    tsub subs[TRACK_MAX_SUBS];
    int n = advance_subs(rs, st, subs);
    if (!move_list_reserve(l, n)) return l->n = 0;
    for (int i = 0; i < n; i++) advance_move(rs, &subs[i], &l->m[i]);
    return l->n = n;
}
