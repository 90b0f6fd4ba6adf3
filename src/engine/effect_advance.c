/* effect_advance.c - what a sub-move of the `advance` primitive does once
 * chosen (movegen_advance.c lists them): the piece moved, entered from the
 * bar or borne off, the pieces it hits or pins, a piece sent back, the
 * courier's arrival, the die used; the end conditions bearing off and
 * pinning decide; the turn's end when the dice are used, with the draws
 * judged on whole turns; and the settle of a turn whose dice cannot all be
 * played. */
#include "advance_internal.h"

/* The end conditions decided by bearing off a piece of player P (0 or 1). */
static void check_all_off(const ruleset *rs, state *st, int p)
{
    if (st->h.pieces[p] || st->h.bar[p] || (st->h.flagged && pinned_of(st, p))) return;
    if (rs->nteams) { /* partners win together: every member's pieces off; the first-numbered member is named */
        int first = 0;
        for (int x = rs->nplayers - 1; x >= 0; x--) {
            if (rs->team[x] != rs->team[p]) continue;
            if (!all_off(st, x)) return;
            first = x;
        }
        p = first;
    }
    int o = the_opponent(rs, p);
    for (int i = 0; i < rs->nends; i++) {
        const end_rule *e = &rs->ends[i];
        if (e->kind != END_ALL_OFF) continue;
        int score = 1;
        if (e->double_if_none_off && st->h.off[o] == 0) {
            score = 2;
            int behind = rs->track.bar >= 0 && (e->triple_places >> rs->track.bar & 1) && st->h.bar[o];
            uint8_t theirs = piece_code(o + 1, rs->track.piece);
            for (int c = 0; e->triple && !behind && c < rs->ncells; c++)
                behind = cellset_has(&e->region[p], c) && (st->cell[c] == theirs || (st->cell[c] && pinned_bit(st, c)));
            if (e->triple && behind) score = 3;
        }
        engine_finish(st, p + 1, score, e);
        return;
    }
}

/* `(pinned-on-start)`: a player whose last piece on their starting point is
 * pinned loses, unless the pinner still has pieces on its own starting point;
 * both pinned: a draw. */
static void check_pinned_on_start(const ruleset *rs, state *st)
{
    const end_rule *e = NULL;
    for (int i = 0; i < rs->nends && !e; i++)
        if (rs->ends[i].kind == END_PINNED_ON_START) e = &rs->ends[i];
    if (!e) return;
    int pinned[2];
    for (int x = 0; x < 2; x++) {
        int s = rs->track.path[x][0];
        pinned[x] = pinned_bit(st, s) && piece_owner(st->cell[s]) == 2 - x;
    }
    if (pinned[0] && pinned[1]) {
        engine_finish(st, 0, 1, e);
        return;
    }
    for (int x = 0; x < 2; x++) {
        int w = 1 - x, sw = rs->track.path[w][0];
        if (pinned[x] && piece_owner(st->cell[sw]) != w + 1) {
            engine_finish(st, w + 1, e->score, e);
            return;
        }
    }
}

/* The mover's turn is over (its dice played, or none left that can be):
 * the other player is to move, and the draws judged on whole turns (no
 * progress, repetition) are judged. */
static void end_turn(const ruleset *rs, state *st)
{
    engine_next_player(rs, st);
    /* Partners: a player with every piece off has no more turns (the team
     * plays on; 3 or more players, so one at least still has pieces). */
    for (int k = 1; rs->nteams && k < rs->nplayers && all_off(st, st->h.to_move - 1); k++) engine_next_player(rs, st);
    st->h.again = 0;
    uint8_t events = st->h.turn_events;
    st->h.turn_events = 0;
    if (rs->no_progress < 0 && !rs->uses_repetition) return;
    st->h.quiet = events & TURN_PROGRESS ? 0 : (uint16_t)(st->h.quiet + (st->h.quiet < 65535));
    if (rs->uses_repetition) engine_history_push(st, events & TURN_IRREVERSIBLE);
    engine_check_end(rs, st, -1, tb_prev_player(rs, st->h.to_move));
}

/* `back-from:` `back-to:`: player P's lone piece on CELL goes back to the
 * point of `back-to:`, or when it is taken, to the nearest free point before
 * it on P's path; it stays when there is none. */
static void send_back(const ruleset *rs, state *st, int cell, int p, undo_record *j)
{
    const track_rules *t = &rs->track;
    int k = t->rank[p][t->back_to];
    while (k >= 0 && st->cell[t->path[p][k]]) k--;
    if (k < 0 || t->path[p][k] == cell) return;
    uint8_t code = st->cell[cell];
    state_set(rs, st, cell, 0, 0, j);
    state_set(rs, st, t->path[p][k], code, 1, j);
}

void effect_advance_play(const ruleset *rs, state *st, const tsub *s, undo_record *j)
{
    const track_rules *t = &rs->track;
    int p = st->h.to_move - 1, o = the_opponent(rs, p);
    uint8_t mine = piece_code(p + 1, t->piece);
    if (s->kind == MOVE_ENTER) {
        st->h.bar[p]--;
    } else {
        int left = st->height[s->from] - 1;
        if (left == 0 && pinned_bit(st, s->from)) { /* the last pinning piece leaves: the pinned one is free */
            st->h.flagged &= ~((uint64_t)1 << s->from);
            st->h.hash ^= rs->zobrist_flag[s->from];
            state_set(rs, st, s->from, piece_code(o + 1, t->piece), 1, j);
        } else {
            state_set(rs, st, s->from, left ? mine : 0, (uint8_t)left, j);
        }
        if (t->start_per_turn && s->from == t->path[p][0]) st->h.turn_count++;
    }
    int took = 0;
    if (s->kind == MOVE_BEAR_OFF) {
        st->h.off[p]++;
        st->h.turn_events |= TURN_IRREVERSIBLE;
    } else {
        int height = 1;
        uint8_t code = st->cell[s->to];
        if (code == mine) {
            height += st->height[s->to];
        } else if (code && t->pin) { /* a lone enemy piece: pinned under the mover's */
            st->h.flagged |= (uint64_t)1 << s->to;
            st->h.hash ^= rs->zobrist_flag[s->to];
            took = 1;
        } else if (code && t->swap && s->kind != MOVE_ENTER) { /* hit: it takes the point the mover left */
            state_set(rs, st, s->from, code, 1, j);
            took = 1;
        } else if (code) { /* hit: the pieces go back to their owner's place */
            int owner = piece_owner(code) - 1;
            st->h.bar[owner] = (uint8_t)(st->h.bar[owner] + st->height[s->to]);
            took = 1;
        }
        state_set(rs, st, s->to, mine, (uint8_t)height, j);
        if (t->any_back && cellset_has(&t->back_from[p], s->to)) send_back(rs, st, s->to, p, j);
        if (t->courier) { /* only then has the arrival a counter slot */
            if (!st->h.counter[p][t->arrival_counter] && cellset_has(&t->courier_region[p], s->to)) {
                state_set_counter(rs, st, p + 1, t->arrival_counter, 1);
                st->h.turn_events |= TURN_IRREVERSIBLE;
            }
        }
    }
    if (rs->no_progress >= 0 && engine_progress(rs, took, 0, t->piece)) st->h.turn_events |= TURN_PROGRESS;
    /* The die is used; the others keep their order. */
    int n = st->h.ndice, i = 0;
    while (i < n - 1 && st->h.dice[i] != s->die) i++;
    for (; i < n - 1; i++) st->h.dice[i] = st->h.dice[i + 1];
    st->h.ndice = (uint8_t)(n - 1);
    st->h.ply++;
    if (s->kind == MOVE_BEAR_OFF) check_all_off(rs, st, p);
    if (t->pin && st->h.status == STATUS_ONGOING) check_pinned_on_start(rs, st);
    if (st->h.status == STATUS_ONGOING && st->h.ndice == 0) {
        /* `extra-turn:` a turn ending on one of these points: the mover rolls again (in settle) */
        if (t->any_extra && s->kind != MOVE_BEAR_OFF && cellset_has(&t->extra_turn[p], s->to)) return;
        if (t->extra_throw >> s->die & 1) return; /* `extra-throw:` this value throws again */
        if (t->again_value && s->die == t->again_value) { /* roll-again: the value played throws again */
            st->h.again++;
            return;
        }
        end_turn(rs, st);
    }
}

int effect_advance_settle(const ruleset *rs, state *st, int nlegal)
{
    if (nlegal > 0) return 0;
    if (st->h.ndice) { /* no die left can be played: the rest of the turn is lost */
        /* `extra-throw:` a lone throw of such a value throws again, played or not */
        int again = rs->track.extra_throw && st->h.ndice == 1 && (rs->track.extra_throw >> st->h.dice[0] & 1);
        st->h.ndice = 0;
        if (!again) end_turn(rs, st);
        if (st->h.status != STATUS_ONGOING) return 1;
    }
    engine_roll(rs, st);
    return -1;
}

void effect_advance_apply(const ruleset *rs, state *st, const move *m, undo_record *j)
{
    tsub s = { m->from, m->to, m->kind, m->die, 0 };
    effect_advance_play(rs, st, &s, j);
}
