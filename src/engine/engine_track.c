/* engine_track.c - track games: a ring of points, a path per player, stacks,
 * the off-board places and dice.
 *
 * A move is one sub-move: one die moves one piece along its owner's path
 * (`1-5`), re-enters a piece from the bar (`bar-3`) or bears one off
 * (`20-off/6`). The turn's dice live in the state; applying a sub-move uses
 * its die, and the player keeps the turn while dice are left. Chance happens
 * only in settle: when no die is left, or none of those left can be played,
 * the turn passes and the next player's dice are rolled from the state's
 * generator. Apply and undo never roll, so perft within a turn is exact. */
#include <stdio.h>
#include <string.h>

#include "engine.h"

/* What the constraints need to know about the mover's pieces, gathered once
 * per generation. */
typedef struct track_scan {
    const ruleset *rs;
    const state *st;
    int player;          /* 0 or 1 */
    uint8_t mine;        /* the mover's piece code */
    int crowded;         /* stack-limit: crowded points of the region now */
    move *out;
    int n;
} track_scan;

/* Adds the sub-move of die D from FROM (TB_NO_CELL: the bar) to the point TO
 * (TB_NO_CELL: off) when the point is open and the stacking limit still holds
 * after it. */
static void try_move(track_scan *s, int kind, int from, int to, int d)
{
    const ruleset *rs = s->rs;
    const track_rules *t = &rs->track;
    const state *st = s->st;
    uint8_t code = to == TB_NO_CELL ? 0 : st->cell[to];
    int height = 1, hit = 0;
    if (code == s->mine) {
        height = st->height[to] + 1;
    } else if (code) {
        /* A point holds one player's pieces: an enemy point is open only
         * when its pieces are hit (blocked-by closes the rest anyway). */
        if (!t->hit || st->height[to] != t->hit) return;
        hit = 1;
    }
    if (t->stack_limit) {
        const cellset *region = &t->stack_region[s->player];
        int after = s->crowded;
        if (from != TB_NO_CELL && st->height[from] == t->stack_height && cellset_has(region, from)) after--;
        if (to != TB_NO_CELL && height == t->stack_height && cellset_has(region, to)) after++;
        if (after > t->stack_points) return;
    }
    move *m = &s->out[s->n++]; /* field by field: clearing the whole (large) move would cost more */
    m->kind = (uint8_t)kind;
    m->rule = kind == MOVE_ADVANCE ? t->advance_rule : 255;
    m->from = (cell_id)from;
    m->to = (cell_id)to;
    m->mover = t->piece;
    m->promote = 255;
    m->die = (uint8_t)d;
    m->npath = 0;
    m->ncaps = (uint8_t)hit;
    memset(m->caps_by_type, 0, sizeof m->caps_by_type);
    if (hit) {
        m->caps[0] = (cell_id)to;
        m->caps_by_type[t->piece] = st->height[to];
    }
}

static int track_legal(const ruleset *rs, const state *st, move *out)
{
    const track_rules *t = &rs->track;
    if (!st->h.ndice) return 0;
    int p = st->h.to_move - 1, ncells = rs->ncells;
    track_scan s = { rs, st, p, piece_code(p + 1, t->piece), 0, out, 0 };
    cell_id own[TB_MAX_CELLS];
    int nown = 0, away = st->h.bar[p]; /* pieces outside the bear-off region */
    for (int c = 0; c < ncells; c++) {
        if (st->cell[c] != s.mine) continue;
        own[nown++] = (cell_id)c;
        if (t->stack_limit && st->height[c] >= t->stack_height && cellset_has(&t->stack_region[p], c)) s.crowded++;
        if (!cellset_has(&t->bear_region[p], c)) away += st->height[c];
    }
    int start = t->path[p][0];
    /* The courier rule: until a piece has arrived, the starting point may be
     * left only when every other piece is on it. */
    int at_start = st->cell[start] == s.mine ? st->height[start] : 0;
    int start_held = t->courier && !st->h.arrived[p] && st->h.pieces[p] + st->h.bar[p] > at_start;
    int bear = t->off >= 0 && away == 0;
    uint32_t done = 0;
    for (int i = 0; i < st->h.ndice; i++) {
        int d = st->h.dice[i];
        if (done >> d & 1) continue; /* two dice of one value give the same sub-moves */
        done |= 1u << d;
        if (st->h.bar[p] && t->bar >= 0 && d <= ncells) try_move(&s, MOVE_ENTER, TB_NO_CELL, t->path[p][d - 1], d);
        for (int j = 0; j < nown; j++) {
            int c = own[j];
            if (c == start && start_held) continue;
            int k = t->rank[p][c] + d;
            if (k < ncells) try_move(&s, MOVE_ADVANCE, c, t->path[p][k], d);
            else if (bear && (k == ncells || t->overshoot)) try_move(&s, MOVE_BEAR_OFF, c, TB_NO_CELL, d);
        }
    }
    return s.n;
}

/* The end conditions decided by bearing off a piece of player P (0 or 1). */
static void check_all_off(const ruleset *rs, state *st, int p)
{
    if (st->h.pieces[p] || st->h.bar[p]) return;
    for (int i = 0; i < rs->nends; i++) {
        const end_rule *e = &rs->ends[i];
        if (e->kind != END_ALL_OFF) continue;
        engine_finish(st, p + 1, e->double_if_none_off && st->h.off[1 - p] == 0 ? 2 : 1, e);
        return;
    }
}

static void track_apply(const ruleset *rs, state *st, const move *m, undo_record *j)
{
    const track_rules *t = &rs->track;
    int p = st->h.to_move - 1;
    uint8_t mine = piece_code(p + 1, t->piece);
    if (m->kind == MOVE_ENTER) {
        st->h.bar[p]--;
    } else {
        int left = st->height[m->from] - 1;
        state_set(rs, st, m->from, left ? mine : 0, (uint8_t)left, j);
    }
    if (m->kind == MOVE_BEAR_OFF) {
        st->h.off[p]++;
    } else {
        int height = 1;
        if (st->cell[m->to] == mine) height += st->height[m->to];
        else if (st->cell[m->to]) st->h.bar[1 - p] = (uint8_t)(st->h.bar[1 - p] + st->height[m->to]); /* hit */
        state_set(rs, st, m->to, mine, (uint8_t)height, j);
        if (cellset_has(&t->courier_region[p], m->to)) st->h.arrived[p] = 1;
    }
    /* The die is used; the others keep their order. */
    int n = st->h.ndice, i = 0;
    while (i < n - 1 && st->h.dice[i] != m->die) i++;
    for (; i < n - 1; i++) st->h.dice[i] = st->h.dice[i + 1];
    st->h.ndice = (uint8_t)(n - 1);
    st->h.ply++;
    if (m->kind == MOVE_BEAR_OFF) check_all_off(rs, st, p);
    if (st->h.status == STATUS_ONGOING && st->h.ndice == 0) engine_next_player(rs, st);
}

static int track_settle(const ruleset *rs, state *st, int nlegal)
{
    if (nlegal > 0) return 0;
    if (st->h.ndice) { /* no die left can be played: the rest of the turn is lost */
        st->h.ndice = 0;
        engine_next_player(rs, st);
    }
    engine_roll(rs, st);
    return -1;
}

static void track_notation(const ruleset *rs, const move *m, char *buf, int size)
{
    const track_rules *t = &rs->track;
    if (m->kind == MOVE_ENTER)
        snprintf(buf, (size_t)size, "%s-%s", rs->offboard[t->bar], rs->cell_name[m->to]);
    else if (m->kind == MOVE_BEAR_OFF)
        snprintf(buf, (size_t)size, "%s-%s/%d", rs->cell_name[m->from], rs->offboard[t->off], m->die);
    else
        snprintf(buf, (size_t)size, "%s-%s", rs->cell_name[m->from], rs->cell_name[m->to]);
}

const engine_ops engine_track_ops = {
    track_legal,
    track_apply,
    track_settle,
    track_notation,
};
