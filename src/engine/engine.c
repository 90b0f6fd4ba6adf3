/* engine.c - the topology-agnostic engine: dispatch to the engine_ops the
 * rules call for, dice, undo and move lookup by notation (how games end is
 * in engine_end.c). */
#include "engine.h"

#include <stdio.h>
#include <string.h>

const engine_ops *engine_ops_for(const ruleset *rs)
{
    if (rs->advance_only && !rs->uses_marks) return &engine_dice_ops;
    return rs->uses_marks ? &engine_square_marked_ops : &engine_square_ops;
}

void engine_seed(const ruleset *rs, state *st, uint64_t seed)
{
    /* A stream of its own: other generators seeded with the same number
     * (random agents, the playout's choices) do not shadow the dice. */
    rng_seed(&st->h.dice_rng, seed ^ 0xd1ce5eed0dd5ull);
    if (rs->dice_count && st->h.ndice == 0 && st->h.status == STATUS_ONGOING) {
        engine_roll(rs, st);
        /* The game's first roll: `(dice ... first-roll:no-double)` throws a double again. */
        while (rs->dice_first_no_double && st->h.turn_double) engine_roll(rs, st);
    }
}

void engine_set_roll(const ruleset *rs, state *st, const uint8_t *v, int n)
{
    int same = 1;
    for (int i = 0; i < n; i++) same &= v[i] == v[0];
    same &= n > 1;
    if (same && rs->dice_doubles_repeat) { /* a double n: n moves of n (faces <= 6) */
        n = v[0];
        memset(st->h.dice, v[0], (size_t)n);
    } else if (same && rs->dice_doubles) { /* a double: this many moves of its value */
        n = rs->dice_doubles;
        memset(st->h.dice, v[0], (size_t)n);
    } else {
        memcpy(st->h.dice, v, (size_t)n);
    }
    st->h.ndice = (uint8_t)n;
    st->h.turn_double = same ? v[0] : 0;
    st->h.turn_count = 0; /* a roll starts a turn */
}

void engine_take_dice(state *st, const uint8_t *v, int n)
{
    int same = n > 1;
    for (int i = 0; i < n; i++) same &= v[i] == v[0];
    memcpy(st->h.dice, v, (size_t)n);
    st->h.ndice = (uint8_t)n;
    st->h.turn_double = same ? v[0] : 0;
    st->h.turn_count = 0;
}

/* A roll of dice whose faces show values of their own (`faces:`), or thrown
 * as one value (`sum`). */
static void engine_roll_faces(const ruleset *rs, state *st)
{
    uint8_t v[6];
    int n = rs->dice_count, f = rs->dice_faces;
    if (!rs->dice_sum) {
        for (int i = 0; i < n; i++) v[i] = rs->dice_face[rng_below(&st->h.dice_rng, (uint32_t)f)];
        engine_set_roll(rs, st, v, n);
        return;
    }
    v[0] = (uint8_t)engine_throw_sum(rs, &st->h.dice_rng);
    engine_set_roll(rs, st, v, 1);
}

void engine_roll(const ruleset *rs, state *st)
{
    uint8_t v[6];
    int n = rs->dice_count;
    if (__builtin_expect(rs->dice_special, 0)) {
        engine_roll_faces(rs, st);
        return;
    }
    for (int i = 0; i < n; i++) v[i] = (uint8_t)(1 + rng_below(&st->h.dice_rng, (uint32_t)rs->dice_faces));
    engine_set_roll(rs, st, v, n);
}

int engine_settle_blocked(const ruleset *rs, state *st, int nlegal)
{
    if (nlegal > 0) return 0;
    engine_blocked(rs, st);
    return st->h.status == STATUS_ONGOING ? -1 : 1; /* ongoing: the player was put out, the next plays */
}

_Static_assert(TB_MAX_PATH + 2 <= JOURNAL_MAX, "undo puts back every cell of the longest capture chain");
_Static_assert(37 * 6 + 2 <= JOURNAL_MAX, "undo puts back every cell of a move on the largest board of tiles");

int engine_threat(const ruleset *rs, const state *st, move_list *buffer)
{
    if (st->h.status != STATUS_ONGOING) return 0;
    state s = *st;
    int mover = engine_last_mover(rs, st);
    while (s.h.to_move != mover) engine_next_player(rs, &s); /* as if the mover moved again */
    int n = rs->ops->legal(rs, &s, buffer);
    for (int i = 0; i < n; i++) {
        if (buffer->m[i].kind == MOVE_EXCHANGE) continue;
        undo_record u;
        int before = 0, after = 0;
        for (int p = 1; p <= rs->nplayers; p++) before += p == mover ? 0 : s.h.pieces[p - 1];
        engine_apply(rs, &s, &buffer->m[i], &u);
        for (int p = 1; p <= rs->nplayers; p++) after += p == mover ? 0 : s.h.pieces[p - 1];
        int took = after < before;
        engine_undo(rs, &s, &u);
        if (took) return 1;
    }
    return 0;
}

int engine_legal(const ruleset *rs, const state *st, move_list *out)
{
    out->n = 0;
    if (st->h.status != STATUS_ONGOING || out->error) return 0;
    return rs->ops->legal(rs, st, out);
}

void engine_apply(const ruleset *rs, state *st, const move *m, undo_record *j)
{
    if (j) {
        j->header = st->h;
        j->history_old = st->history[st->h.hist_top];
        j->n = 0;
        j->nmarks = 0;
    }
    rs->ops->apply(rs, st, m, j);
}

void engine_undo(const ruleset *rs, state *st, const undo_record *j)
{
    for (int i = j->n - 1; i >= 0; i--) {
        int c = j->cell[i];
        state_note_cell(rs, st, c, st->cell[c], j->code[i]);
        st->cell[c] = j->code[i];
        st->height[c] = j->height[i];
    }
    if (rs->uses_marks) /* only games whose pieces keep their own state journal marks */
        for (int i = j->nmarks - 1; i >= 0; i--) st->mark[j->mark_cell[i]] = j->mark[i];
    st->h = j->header; /* hash and counts included */
    st->history[st->h.hist_top] = j->history_old;
}

int engine_settle(const ruleset *rs, state *st, int nlegal)
{
    if (st->h.status != STATUS_ONGOING) return 1;
    return rs->ops->settle(rs, st, nlegal);
}

int engine_moves(const ruleset *rs, state *st, move_list *out)
{
    for (int passes = 0;; passes++) {
        int n = engine_legal(rs, st, out);
        if (out->error) return 0; /* no moves, the position untouched: the caller reports the error */
        int s = engine_settle(rs, st, n);
        if (s >= 0) return s ? 0 : n;
        if (passes == ENGINE_MAX_PASSES) {
            engine_finish(st, 0, 1, NULL);
            return 0;
        }
    }
}

int engine_moves_here(const ruleset *rs, state *st, move_list *out, int *pass)
{
    *pass = 0;
    for (int rounds = 0;; rounds++) {
        int n = engine_legal(rs, st, out);
        if (n > 0 || st->h.status != STATUS_ONGOING || out->error) return n;
        if (rs->dice_count && st->h.ndice) { /* dice that cannot be played: the turn passes */
            *pass = 1;
            return 0;
        }
        if (engine_settle(rs, st, 0) > 0) return 0;
        if (rounds == ENGINE_MAX_PASSES) {
            engine_finish(st, 0, 1, NULL);
            return 0;
        }
    }
}

int engine_find_move(const ruleset *rs, const move *moves, int n, const char *text)
{
    char buf[256];
    for (int i = 0; i < n; i++) {
        move_notation(rs, &moves[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0) return i;
    }
    int k = move_find_by_ends(rs, moves, n, text); /* a chain written by its two ends */
    if (k >= 0) return k;
    if (move_san_applies(rs) && (k = move_find_san(rs, moves, n, text)) >= 0) return k; /* algebraic: Nf3, exd5 */
    if (rs->castle.on && (k = move_find_castle_cells(rs, moves, n, text)) >= 0) return k; /* e1g1, e1h1 */
    /* the move without what it takes elsewhere (`d1-d3` for `d1-d3xd4`), or
     * without separators (`e2e4`), when one legal move alone fits */
    size_t len = strlen(text);
    int found = -1;
    for (int i = 0; i < n; i++) {
        move_notation(rs, &moves[i], buf, sizeof buf);
        char bare[256];
        size_t b = 0;
        for (const char *c = buf; *c && b + 1 < sizeof bare; c++)
            if (*c != '-' && *c != '=') bare[b++] = *c;
        bare[b] = 0;
        int fits = (strncmp(buf, text, len) == 0 && buf[len] == 'x') || strcmp(bare, text) == 0 ||
                   (strncmp(bare, text, len) == 0 && bare[len] == 'x');
        if (!fits) continue;
        if (found >= 0) return -1; /* two moves fit: the text must say which */
        found = i;
    }
    return found;
}
