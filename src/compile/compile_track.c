/* compile_track.c - the rules of track games: advancing by dice, hitting,
 * re-entering, the courier rule, stacking limits and bearing off.
 *
 * Everything is resolved per player into rs->track: each player's path as a
 * table of cells, and the regions of the constraints, so that engine_track.c
 * never asks what "own point 19" means. */
#include <stdio.h>
#include <string.h>

#include "compile_internal.h"
#include "engine/topology.h"

int compile_offboard_place(compiler *c, const ast_node *v)
{
    for (int i = 0; i < c->rs->noffboard; i++)
        if (strcmp(c->rs->offboard[i], v->text) == 0) return i;
    compile_error(c, v, "unknown off-board place `%s` (declare it in `(off-board ...)` of the board)", v->text);
    return -1;
}

/* An optional count argument NAME of F in 1..200 into *OUT (left alone when
 * absent); 0 after reporting an error. */
static int named_count(compiler *c, const ast_node *f, const char *name, uint8_t *out)
{
    const ast_node *v = ast_named(f, name);
    long n;
    if (!v) return 1;
    if (!compile_int(c, v, &n)) return 0;
    if (n < 1 || n > 200) {
        compile_error(c, v, "`%s:` is a number of pieces, 1 to 200; got %ld", name, n);
        return 0;
    }
    *out = (uint8_t)n;
    return 1;
}

static int need_track(compiler *c, const ast_node *f)
{
    if (c->rs->topology == TOPO_TRACK) return 1;
    compile_error(c, f, "`%s` needs a track board", f->text);
    return 0;
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
    if (!named_count(c, f, "blocked-by", &t->blocked_by) || !named_count(c, f, "hit", &t->hit)) return 0;
    if (t->hit && t->blocked_by && t->hit >= t->blocked_by) {
        compile_error(c, ast_named(f, "hit"), "`hit:%d` must be fewer pieces than `blocked-by:%d`", t->hit,
                      t->blocked_by);
        return 0;
    }
    t->piece = (uint8_t)piece;
    return 1;
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

int compile_track_play(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    track_rules *t = &rs->track;
    int seen;
    if (strcmp(f->text, "enter") == 0) {
        if (!need_track(c, f)) return 1;
        seen = t->bar >= 0;
        once(c, f, &seen);
        int place = distinct_place(c, f, "from", t->off);
        if (place >= 0) t->bar = (int8_t)place;
    } else if (strcmp(f->text, "bear-off") == 0) {
        if (!need_track(c, f)) return 1;
        seen = t->off >= 0;
        once(c, f, &seen);
        int place = distinct_place(c, f, "to", t->bar);
        if (!compile_region(c, ast_named(f, "when-all-in"), t->bear_region) || place < 0) return 1;
        t->off = (int8_t)place;
        t->overshoot = (uint8_t)compile_flag(f, "overshoot");
    } else if (strcmp(f->text, "courier") == 0) {
        if (!need_track(c, f)) return 1;
        seen = t->courier;
        once(c, f, &seen);
        t->courier = compile_region(c, ast_named(f, "until"), t->courier_region);
    } else if (strcmp(f->text, "stack-limit") == 0) {
        if (!need_track(c, f)) return 1;
        seen = t->stack_limit;
        once(c, f, &seen);
        long points, height;
        const ast_node *pv = ast_named(f, "points"), *hv = ast_named(f, "height");
        if (!compile_region(c, compile_positional(f, 0), t->stack_region) || !compile_int(c, pv, &points) ||
            !compile_int(c, hv, &height))
            return 1;
        if (points < 0 || points > rs->ncells) {
            compile_error(c, pv, "`points:` is 0 to %d; got %ld", rs->ncells, points);
            return 1;
        }
        if (height < 1 || height > 200) {
            compile_error(c, hv, "`height:` is 1 to 200 pieces; got %ld", height);
            return 1;
        }
        t->stack_limit = 1;
        t->stack_points = (uint8_t)points;
        t->stack_height = (uint8_t)height;
    } else {
        return 0;
    }
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
        if (strcmp(k->text, name) == 0) return k;
        const ast_node *inner = compile_form(k, name);
        if (inner) return inner;
    }
    return NULL;
}

void compile_track_finish(compiler *c, const ast_node *game)
{
    ruleset *rs = c->rs;
    track_rules *t = &rs->track;
    if (rs->topology != TOPO_TRACK || compile_failed(c)) return;
    for (int p = 0; p < 2; p++)
        for (int k = 0; k < rs->ncells; k++) {
            int cell = topology_track_own_point(rs, p + 1, k + 1);
            t->path[p][k] = (cell_id)cell;
            t->rank[p][cell] = (uint16_t)k;
        }
    const ast_node *board = compile_form(game, "board");
    if (rs->npiece_types > 1)
        compile_error(c, compile_form(game, "pieces"),
                      "a track game has one piece type (points, the bar and the off place hold counts of it)");
    if (rs->dice_count == 0)
        compile_error(c, board, "a track game needs `(dice COUNT FACES)`: pieces advance by the dice");
    const ast_node *advance = find_rule(game, "play", "advance");
    if (advance && t->hit && t->bar < 0)
        compile_error(c, ast_named(advance, "hit"), "hit pieces need a place to re-enter from: add `(enter from:PLACE)`");
    const ast_node *end = compile_form(game, "end"), *all_off = NULL;
    for (int i = 0; end && i < end->nkids; i++) {
        const ast_node *f = end->kids[i];
        if (f->kind != AST_FORM) continue;
        if (strcmp(f->text, "all-off") != 0)
            compile_error(c, f, "`%s` is not an end condition of track games (they end with `all-off`)", f->text);
        else if (!all_off)
            all_off = f;
    }
    for (int k = 0; all_off && k < rs->nends; k++) {
        int place = rs->ends[k].place;
        if (rs->ends[k].kind == END_ALL_OFF && place != t->off)
            compile_error(c, compile_positional(all_off, 0), "`all-off` counts the place pieces are borne off to; "
                          "`%s` is not it (add `(bear-off to:%s ...)`)", rs->offboard[place], rs->offboard[place]);
    }
    if (!all_off && !compile_failed(c))
        compile_warning(c, end ? end : game, "no `(all-off ...)` condition: a track game without it never ends");
}
