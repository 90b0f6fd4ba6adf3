/* compile_track.c - the rules of track games: paths, advancing by dice,
 * hitting and pinning, re-entering, the use of the dice, the courier and
 * head rules, stacking and prime limits, bearing off and the end conditions.
 *
 * Everything is resolved per player into rs->track: each player's path as a
 * table of cells, and the regions of the constraints, so that neither
 * movegen_advance.c nor effect_advance.c asks what "own point 19" means. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "engine/topology.h"

int compile_offboard_place(compiler *c, const ast_node *v)
{
    for (int i = 0; i < c->rs->noffboard; i++)
        if (strcmp(c->rs->offboard[i], v->text) == 0) return i;
    compile_error(c, v, "unknown off-board place `%s` (declare it in `(off-board ...)` of the board)", v->text);
    return -1;
}

static int need_track(compiler *c, const ast_node *f)
{
    if (c->rs->topology == TOPO_TRACK) return 1;
    compile_error(c, f, "`%s` needs a track board", f->text);
    return 0;
}

void compile_track_path(compiler *c, const ast_node *p, int n)
{
    ruleset *rs = c->rs;
    const ast_node *dir = ast_named(p, "direction"), *len = ast_named(p, "length"), *path = ast_named(p, "path");
    if (path) { /* the points in order: paths may share points, branch and merge */
        if (dir || len) {
            compile_error(c, dir ? dir : len, "`path:` lists the points in order: `%s:` has no meaning beside it",
                          dir ? "direction" : "length");
            return;
        }
        int k = path->kind == AST_LIST ? path->nkids : 1;
        if (k < 1 || k > rs->ncells) {
            compile_error(c, path, "a path lists 1 to %d points; got %d", rs->ncells, k);
            return;
        }
        track_rules *t = &rs->track;
        for (int i = 0; i < k; i++) {
            const ast_node *v = path->kind == AST_LIST ? path->kids[i] : path;
            char name[TB_NAME_LEN];
            if (v->kind == AST_INT) snprintf(name, sizeof name, "%ld", v->lo);
            else snprintf(name, sizeof name, "%s", v->text ? v->text : "?");
            int cell = ruleset_cell_named(rs, name);
            if (cell < 0 || !cellset_has(&rs->playable, cell)) {
                compile_error(c, v, "`%s` is not a point of the board", name);
                return;
            }
            for (int j = 0; j < i; j++)
                if (t->path[n - 1][j] == cell) {
                    compile_error(c, v, "point %s is twice on player %d's path", name, n);
                    return;
                }
            t->path[n - 1][i] = (cell_id)cell;
        }
        rs->track_len[n - 1] = k;
        rs->track_listed[n - 1] = 1;
        rs->track_start[n - 1] = t->path[n - 1][0];
        return;
    }
    rs->track_step[n - 1] = compile_word(p, "direction") == W_TRACK_DOWN ? -1 : 1;
    long l;
    if (len && compile_int(c, len, &l)) {
        if (l < 2 || l > rs->ncells)
            compile_error(c, len, "a path runs over 2 to %d points (the track's points); got %ld", rs->ncells, l);
        else
            rs->track_len[n - 1] = (int)l;
    }
}

int compile_track_advance(compiler *c, const ast_node *f, int piece)
{
    ruleset *rs = c->rs;
    track_rules *t = &rs->track;
    if (!need_track(c, f)) return 0;
    for (int i = 0; i < rs->nrules; i++)
        if (rs->rules[i].kind == RULE_ADVANCE) {
            compile_error(c, f, "a track game has one `advance` rule (the bar and the off place hold one piece type)");
            return 0;
        }
    if (!compile_track_count(c, f, "blocked-by", 1, "a number of pieces", &t->blocked_by) ||
        !compile_track_count(c, f, "hit", 1, "a number of pieces", &t->hit) ||
        !compile_track_count(c, f, "pin", 1, "a number of pieces", &t->pin))
        return 0;
    if (t->hit && t->blocked_by && t->hit >= t->blocked_by) {
        compile_error(c, ast_named(f, "hit"), "`hit:%d` must be fewer pieces than `blocked-by:%d`", t->hit,
                      t->blocked_by);
        return 0;
    }
    const ast_node *pin = ast_named(f, "pin");
    if (pin && t->pin != 1) {
        compile_error(c, pin, "only a lone piece can be pinned: `pin:` is 1; got %d", t->pin);
        return 0;
    }
    if (pin && t->hit) {
        compile_error(c, pin, "a lone enemy piece is either hit or pinned: `hit:` and `pin:` cannot both be given");
        return 0;
    }
    if (pin && t->blocked_by && t->blocked_by <= 1) {
        compile_error(c, pin, "`pin:1` needs `blocked-by:` above 1 (a point holding one enemy piece is then closed)");
        return 0;
    }
    if (pin && rs->ncells > TB_MAX_PIN_POINTS) {
        compile_limit_error(c, pin, "pinning needs a track of at most %d points; this one has %d", TB_MAX_PIN_POINTS,
                            rs->ncells);
        return 0;
    }
    t->single = (uint8_t)compile_flag(f, "single");
    advance_in_force(t, ADV_SINGLE, t->single);
    const ast_node *safe = ast_named(f, "safe"), *extra = ast_named(f, "extra-turn");
    if (safe && !compile_region(c, safe, t->safe)) return 0;
    if (extra && !compile_region(c, extra, t->extra_turn)) return 0;
    if (safe && !t->hit && !t->pin) {
        compile_error(c, safe, "`safe:` keeps pieces from being hit, but this `advance` never hits: add `hit:`");
        return 0;
    }
    t->any_safe = safe != NULL;
    advance_in_force(t, ADV_SAFE, t->any_safe);
    t->any_extra = extra != NULL;
    if (t->single && t->hit > 1) {
        compile_error(c, ast_named(f, "hit"), "with `single` a point holds one piece: `hit:%d` can never apply", t->hit);
        return 0;
    }
    if (t->single && t->blocked_by) {
        compile_error(c, ast_named(f, "blocked-by"), "with `single` a point holds one piece: `blocked-by:` cannot apply");
        return 0;
    }
    t->piece = (uint8_t)piece;
    return compile_track_race(c, f);
}

/* A place named by F's argument NAME that is not already used for the other
 * purpose; -1 after reporting an error. */
static int distinct_place(compiler *c, const ast_node *f, const char *name, int other)
{
    const ast_node *v = ast_named(f, name);
    int place = compile_offboard_place(c, v);
    if (place >= 0 && place == other) {
        compile_error(c, v, "`%s` cannot be both where pieces re-enter from and where they are borne off", v->text);
        return -1;
    }
    return place;
}

static void once(compiler *c, const ast_node *f, int *seen)
{
    if (*seen) compile_error(c, f, "`%s` is given twice", f->text);
    *seen = 1;
}

/* (leave-start per-turn:N [first-turn:M on-doubles:[...]]) */
static void leave_start(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    track_rules *t = &rs->track;
    long per = 0, first = 0;
    const ast_node *pv = ast_named(f, "per-turn"), *fv = ast_named(f, "first-turn"), *dv = ast_named(f, "on-doubles");
    if (!compile_int(c, pv, &per) || (fv && !compile_int(c, fv, &first))) return;
    if (per < 1 || per > 6) {
        compile_error(c, pv, "`per-turn:` is 1 to 6 pieces (a turn has at most 6 dice); got %ld", per);
        return;
    }
    if (!fv != !dv) {
        compile_error(c, f, "`first-turn:` and `on-doubles:` go together: after which doubles, and how many pieces");
        return;
    }
    if (fv && (first <= per || first > 6)) {
        compile_error(c, fv, "`first-turn:` must allow more pieces than `per-turn:%ld` and at most 6; got %ld", per, first);
        return;
    }
    uint32_t doubles = 0;
    int n = dv ? (dv->kind == AST_LIST ? dv->nkids : 1) : 0;
    for (int k = 0; k < n; k++) {
        const ast_node *v = dv->kind == AST_LIST ? dv->kids[k] : dv;
        long lo = v->lo, hi = v->kind == AST_RANGE ? v->hi : v->lo;
        if (v->kind != AST_INT && v->kind != AST_RANGE) {
            compile_error(c, v, "`on-doubles:` lists die values, like [3 4 6]");
            return;
        }
        if (lo < 1 || hi > rs->dice_faces) {
            compile_error(c, v, "a double of %ld is not a roll of these dice (faces 1..%d)", lo < 1 ? lo : hi,
                          rs->dice_faces);
            return;
        }
        for (long d = lo; d <= hi; d++) doubles |= 1u << d;
    }
    t->start_per_turn = (uint8_t)per;
    advance_in_force(t, ADV_LEAVE_START, per);
    t->start_first_turn = (uint8_t)(fv ? first : per);
    t->start_doubles = doubles;
}

/* The play forms of track games: one function each, found through the
 * table of compile_forms.c. */
void compile_play_enter(compiler *c, const ast_node *f)
{
    track_rules *t = &c->rs->track;
    if (!need_track(c, f)) return;
    int seen = t->bar >= 0;
    once(c, f, &seen);
    int place = distinct_place(c, f, "from", t->off);
    if (place >= 0) t->bar = (int8_t)place;
    t->enter_first = (uint8_t)compile_flag(f, "first");
    const ast_node *with = ast_named(f, "with");
    long v;
    if (with && compile_int(c, with, &v)) {
        if (v < 1 || v > 63)
            compile_error(c, with, "`with:` is a die value, 1 to 63; got %ld", v);
        else
            t->enter_with = (uint8_t)v;
        advance_in_force(t, ADV_ENTER_WITH, t->enter_with);
    }
    compile_locate(c, f, &t->enter_loc);
}

void compile_play_bear_off(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    track_rules *t = &rs->track;
    if (!need_track(c, f)) return;
    int seen = t->off >= 0;
    once(c, f, &seen);
    int place = distinct_place(c, f, "to", t->bar);
    const ast_node *in = ast_named(f, "when-all-in");
    if ((in && !compile_region(c, in, t->bear_region)) || place < 0) return;
    t->bear_anywhere = !in;
    advance_in_force(t, ADV_BEAR_ANYWHERE, t->bear_anywhere);
    if (!in) /* a piece bears off from wherever it stands, while others are still to enter */
        for (int p = 0; p < 2; p++)
            for (int cell = 0; cell < rs->ncells; cell++) cellset_add(&t->bear_region[p], cell);
    t->off = (int8_t)place;
    compile_locate(c, f, &t->bear_off_loc);
    static const uint8_t overshoot[W_OVERSHOOT_COUNT] = { [W_OVERSHOOT_NEVER] = OVERSHOOT_NEVER,
                                                          [W_OVERSHOOT_ALWAYS] = OVERSHOOT_ALWAYS,
                                                          [W_OVERSHOOT_FROM_HIGHEST] = OVERSHOOT_FROM_HIGHEST };
    int ov = compile_word(f, "overshoot"); /* it has a default */
    t->overshoot = ov < 0 ? OVERSHOOT_NEVER : overshoot[ov];
}

void compile_play_courier(compiler *c, const ast_node *f)
{
    track_rules *t = &c->rs->track;
    if (!need_track(c, f)) return;
    int seen = t->courier;
    once(c, f, &seen);
    t->courier = compile_region(c, ast_named(f, "until"), t->courier_region);
    advance_in_force(t, ADV_COURIER, t->courier);
    compile_locate(c, f, &t->courier_loc);
}

void compile_play_stack_limit(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    track_rules *t = &rs->track;
    if (!need_track(c, f)) return;
    int seen = t->stack_limit;
    once(c, f, &seen);
    long points, height;
    const ast_node *pv = ast_named(f, "points"), *hv = ast_named(f, "height");
    if (!compile_region(c, compile_positional(f, 0), t->stack_region) || !compile_int(c, pv, &points) ||
        !compile_int(c, hv, &height))
        return;
    if (points < 0 || points > rs->ncells) {
        compile_error(c, pv, "`points:` is 0 to %d; got %ld", rs->ncells, points);
        return;
    }
    if (height < 1 || height > 200) {
        compile_error(c, hv, "`height:` is 1 to 200 pieces; got %ld", height);
        return;
    }
    t->stack_limit = 1;
    advance_in_force(t, ADV_STACK_LIMIT, 1);
    t->stack_points = (uint8_t)points;
    t->stack_height = (uint8_t)height;
    compile_locate(c, f, &t->stack_loc);
}

void compile_play_dice_use(compiler *c, const ast_node *f)
{
    track_rules *t = &c->rs->track;
    if (!need_track(c, f)) return;
    int seen = t->dice_use_given;
    once(c, f, &seen);
    t->dice_use_given = 1;
    int max = compile_word(f, "rule") == W_DICE_USE_MAX;
    int larger = compile_flag(f, "then-larger");
    if (larger && !max) {
        compile_error(c, f, "`then-larger` chooses between dice when not all can be used: it needs `max`, not `free`");
        return;
    }
    t->dice_max = (uint8_t)max;
    t->then_larger = (uint8_t)larger;
    compile_locate(c, f, &t->dice_use_loc);
}

void compile_play_leave_start(compiler *c, const ast_node *f)
{
    track_rules *t = &c->rs->track;
    if (!need_track(c, f)) return;
    int seen = t->start_per_turn != 0;
    once(c, f, &seen);
    leave_start(c, f);
    compile_locate(c, f, &t->leave_start_loc);
}

void compile_play_roll_again(compiler *c, const ast_node *f)
{
    track_rules *t = &c->rs->track;
    if (!need_track(c, f)) return;
    int seen = t->again_value != 0;
    once(c, f, &seen);
    long v, most = compile_default_int(f, "most");
    const ast_node *vv = compile_positional(f, 0), *mv = ast_named(f, "most");
    if (!compile_int(c, vv, &v) || (mv && !compile_int(c, mv, &most))) return;
    if (v < 1 || v > 63) {
        compile_error(c, vv, "the value is a die's, 1 to 63; got %ld", v);
        return;
    }
    if (most < 1 || most > 100) {
        compile_error(c, mv, "`most:` is 1 to 100 throws again; got %ld", most);
        return;
    }
    t->again_value = (uint8_t)v;
    advance_in_force(t, ADV_ROLL_AGAIN, t->again_value);
    t->again_most = (uint8_t)most;
}

void compile_play_prime_limit(compiler *c, const ast_node *f)
{
    track_rules *t = &c->rs->track;
    if (!need_track(c, f)) return;
    int seen = t->prime != 0;
    once(c, f, &seen);
    long n;
    const ast_node *v = compile_positional(f, 0);
    if (!compile_int(c, v, &n)) return;
    if (n < 2 || n > 200) {
        compile_error(c, v, "a prime is 2 to 200 consecutive points; got %ld", n);
        return;
    }
    t->prime = (uint8_t)n;
    advance_in_force(t, ADV_PRIME, 1);
    t->prime_until_gathered = compile_word(f, "allowed") == W_PRIME_UNTIL_GATHERED;
    compile_locate(c, f, &t->prime_loc);
}

int compile_end_all_off(compiler *c, const ast_node *f, end_rule *e)
{
    ruleset *rs = c->rs;
    const ast_node *arg = compile_positional(f, 0);
    e->outcome = OUT_WINS;
    int place = compile_offboard_place(c, arg);
    if (place < 0) return 0;
    if (rs->topology != TOPO_TRACK) {
        compile_error(c, f, "`all-off` needs a track board");
        return 0;
    }
    e->place = (int8_t)place;
    e->double_if_none_off = ast_named(f, "double") != NULL;
    const ast_node *tv = ast_named(f, "triple-in");
    if (tv && !e->double_if_none_off) {
        compile_error(c, tv, "`triple-in:` makes a double win triple: it needs `double:opponent-none-off`");
        return 0;
    }
    int n = tv ? (tv->kind == AST_LIST ? tv->nkids : 1) : 0;
    for (int k = 0; k < n; k++) {
        const ast_node *v = tv->kind == AST_LIST ? tv->kids[k] : tv;
        int found = -1;
        for (int i = 0; i < rs->noffboard && v->kind == AST_NAME; i++) /* a number is no place's name */
            if (strcmp(rs->offboard[i], v->text) == 0) found = i;
        if (found >= 0) {
            e->triple_places |= (uint8_t)(1u << found);
            continue;
        }
        cellset cells[TB_MAX_PLAYERS];
        if (!compile_region(c, v, cells)) return 0; /* reported: not a place nor a region */
        for (int p = 0; p < 2; p++)
            for (int w = 0; w < TB_CELL_WORDS; w++) e->region[p].w[w] |= cells[p].w[w];
    }
    e->triple = n > 0;
    e->kind = END_ALL_OFF;
    return 1;
}

int compile_end_pinned_on_start(compiler *c, const ast_node *f, end_rule *e)
{
    long score = compile_default_int(f, "score");
    const ast_node *sv = ast_named(f, "score");
    if (sv && !compile_int(c, sv, &score)) return 0;
    if (score < 1 || score > 3) {
        compile_error(c, sv, "a win scores 1, 2 or 3; got %ld", score);
        return 0;
    }
    if (!need_track(c, f)) return 0;
    e->score = (uint8_t)score;
    e->outcome = OUT_LOSES;
    e->kind = END_PINNED_ON_START;
    return 1;
}

/* The first form of GAME's section HEAD whose head is NAME, looking one
 * level down into (moves ...) forms too; NULL when there is none. */
static const ast_node *find_rule(const ast_node *game, const char *section, const char *name)
{
    const ast_node *sec = compile_form(game, section);
    for (int i = 0; sec && i < sec->nkids; i++) {
        const ast_node *k = sec->kids[i];
        if (k->kind != AST_FORM) continue;
        if (compile_form_is(k, name, section)) return k;
        const ast_node *inner = compile_form(k, name);
        if (inner) return inner;
    }
    return NULL;
}

/* Pieces player P (0 or 1) has on own point 1 at the start. */
static int start_stack(const ruleset *rs, int p)
{
    int n = 0;
    for (int i = 0; i < rs->nstart; i++)
        if (rs->start[i].owner == p + 1 && rs->start[i].cell == rs->track.path[p][0]) n += rs->start[i].count;
    return n;
}

/* A rule about pieces leaving the starting point needs a starting stack. */
static void need_start_stack(compiler *c, const ast_node *f)
{
    for (int p = 0; f && p < 2; p++) {
        int n = start_stack(c->rs, p);
        if (n >= 2) continue;
        compile_error(c, f, "`%s` limits the pieces that leave the starting point, but player %d starts with %s there "
                      "(own point 1, point %s): it needs a starting stack", f->text, p + 1,
                      n ? "one piece" : "no piece", c->rs->cell_name[c->rs->track.path[p][0]]);
        return;
    }
}

void compile_track_finish(compiler *c, const ast_node *game)
{
    ruleset *rs = c->rs;
    track_rules *t = &rs->track;
    if (rs->topology != TOPO_TRACK || compile_failed(c)) return;
    for (int p = 2; p < rs->nplayers; p++) { /* players 3 and up: the regions as named (cells of a track) */
        t->safe[p] = t->safe[0];
        t->extra_turn[p] = t->extra_turn[0];
        t->courier_region[p] = t->courier_region[0];
        t->stack_region[p] = t->stack_region[0];
        t->bear_region[p] = t->bear_region[0];
        t->must_stop[p] = t->must_stop[0];
        t->back_from[p] = t->back_from[0];
    }
    for (int p = 0; p < rs->nplayers; p++) {
        t->len[p] = (uint16_t)rs->track_len[p];
        for (int cell = 0; cell < rs->ncells; cell++) t->rank[p][cell] = TB_NO_RANK;
        for (int k = 0; k < rs->track_len[p]; k++) {
            int cell = rs->track_listed[p] ? t->path[p][k] : topology_track_own_point(rs, p + 1, k + 1);
            t->path[p][k] = (cell_id)cell;
            t->rank[p][cell] = (uint16_t)k;
        }
    }
    const ast_node *board = compile_form(game, "board");
    if (rs->npiece_types > 1)
        compile_error(c, compile_form(game, "pieces"),
                      "a track game has one piece type (points, the bar and the off place hold counts of it)");
    if (rs->dice_count == 0)
        compile_error(c, board, "a track game needs `(dice COUNT FACES)`: pieces advance by the dice");
    for (int i = 0; i < rs->nstart; i++) {
        const placement *pl = &rs->start[i];
        if (t->rank[pl->owner - 1][pl->cell] == TB_NO_RANK)
            compile_error(c, compile_form(game, "start"), "point %s is not on player %d's path (%d points from point %s)",
                          rs->cell_name[pl->cell], pl->owner, t->len[pl->owner - 1],
                          rs->cell_name[t->path[pl->owner - 1][0]]);
    }
    if (t->start_place >= 0 && t->start_place == t->off)
        compile_error(c, compile_form(game, "start"), "pieces start off the board in `%s`, the place they are borne off "
                      "to: they can start only where they enter from (`enter from:`)", rs->offboard[t->off]);
    else if (t->start_place >= 0 && t->start_place != t->bar)
        compile_error(c, compile_form(game, "start"), "pieces start off the board in `%s`, but they enter from %s%s%s: "
                      "add `(enter from:%s)`", rs->offboard[t->start_place], t->bar < 0 ? "nowhere" : "`",
                      t->bar < 0 ? "" : rs->offboard[t->bar], t->bar < 0 ? "" : "`", rs->offboard[t->start_place]);
    const ast_node *advance = find_rule(game, "play", "advance");
    compile_track_race_finish(c, advance);
    if (advance && t->hit && t->bar < 0 && !t->swap)
        compile_error(c, ast_named(advance, "hit"), "hit pieces need a place to re-enter from: add `(enter from:PLACE)`");
    compile_track_unvisited(c, advance, "safe", t->safe);
    compile_track_unvisited(c, advance, "extra-turn", t->extra_turn);
    /* A value no throw shows: `enter with:` never enters, `roll-again` never throws again. */
    const ast_node *enter = find_rule(game, "play", "enter"), *again = find_rule(game, "play", "roll-again");
    if (enter && t->enter_with && rs->dice_count && (t->enter_with < rs->dice_lo || t->enter_with > rs->dice_hi))
        compile_warning(c, ast_named(enter, "with"), "no throw of these dice is %d (%d to %d): no piece can ever enter",
                        t->enter_with, rs->dice_lo, rs->dice_hi);
    if (again && t->again_value && rs->dice_count && (t->again_value < rs->dice_lo || t->again_value > rs->dice_hi))
        compile_warning(c, compile_positional(again, 0), "no throw of these dice is %d (%d to %d): it can never apply",
                        t->again_value, rs->dice_lo, rs->dice_hi);
    need_start_stack(c, find_rule(game, "play", "leave-start"));
    need_start_stack(c, find_rule(game, "play", "courier"));
    const ast_node *prime = find_rule(game, "play", "prime-limit");
    int shortest = t->len[0] < t->len[1] ? t->len[0] : t->len[1];
    if (prime && t->prime > shortest)
        compile_error(c, compile_positional(prime, 0), "a prime of %d points is longer than the path (%d points): "
                      "the limit could never apply", t->prime, shortest);
    const ast_node *end = compile_form(game, "end"), *all_off = NULL;
    for (int i = 0; end && i < end->nkids; i++) {
        const ast_node *f = end->kids[i];
        if (f->kind != AST_FORM) continue;
        compile_end_fn fn = compile_end_form(f); /* which condition it is */
        if (fn == compile_end_pinned_on_start) {
            if (!t->pin)
                compile_error(c, f, "`pinned-on-start` needs pieces that can be pinned: add `pin:1` to `advance`");
        } else if (fn == compile_end_no_progress || fn == compile_end_repetition) {
            continue; /* judged at the end of each turn (effect_advance.c) */
        } else if (fn != compile_end_all_off) {
            compile_error(c, f, "`%s` is not an end condition of track games (they end with `all-off`, and may be "
                          "drawn by `no-progress` or `repetition`)", f->text);
        } else if (!all_off) {
            all_off = f;
        }
    }
    for (int k = 0; all_off && k < rs->nends; k++) {
        int place = rs->ends[k].place;
        if (rs->ends[k].kind == END_ALL_OFF && place != t->off)
            compile_error(c, compile_positional(all_off, 0), "`all-off` counts the place pieces are borne off to; "
                          "`%s` is not it (add `(bear-off to:%s ...)`)", rs->offboard[place], rs->offboard[place]);
    }
    if (!all_off && !compile_failed(c))
        compile_warning(c, end ? end : game, "no `(all-off ...)` condition: a track game without it never ends");
    if (rs->nplayers > 2) { /* rules that speak of "the opponent": two players only */
        const ast_node *two = advance && t->pin ? ast_named(advance, "pin")
                              : advance && t->protect ? ast_named(advance, "protected")
                              : advance && t->blockade ? ast_named(advance, "blockade")
                              : prime ? prime : rs->cube.on ? compile_form(game, "doubling-cube") : NULL;
        const char *what = advance && t->pin ? "pin:" : advance && t->protect ? "protected:"
                           : advance && t->blockade ? "blockade:" : prime ? "prime-limit" : "doubling-cube";
        for (int k = 0; !two && all_off && k < rs->nends; k++)
            if (rs->ends[k].kind == END_ALL_OFF && rs->ends[k].double_if_none_off) {
                two = ast_named(all_off, "double");
                what = "double:";
            }
        if (two)
            compile_error(c, two, "`%s` is for two players (it reads the opponent's pieces); this game has %d",
                          what, rs->nplayers);
    }
}
