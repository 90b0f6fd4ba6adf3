/* compile_start.c - the initial position: `place` forms, made in order, and
 * the order in which `limit:` fills cells. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compiler.h"

/* 1 when the game declares a region named NAME. */
static int is_region(const ruleset *rs, const char *name)
{
    for (int i = 0; i < rs->nregions; i++)
        if (strcmp(rs->regions[i].name, name) == 0) return 1;
    return 0;
}

/* Writes the names of the cells of SET ("a1, b1, c1 and 4 more") to BUF;
 * returns how many there are. */
static int cell_list(const ruleset *rs, const cellset *set, char *buf, size_t size)
{
    enum { SHOWN = 6 };
    int n = 0;
    buf[0] = '\0';
    for (int cell = 0; cell < rs->ncells; cell++) {
        if (!cellset_has(set, cell)) continue;
        if (n < SHOWN) {
            size_t used = strlen(buf);
            snprintf(buf + used, size - used, "%s%s", n ? ", " : "", rs->cell_name[cell]);
        }
        n++;
    }
    if (n > SHOWN) {
        size_t used = strlen(buf);
        snprintf(buf + used, size - used, " and %d more", n - SHOWN);
    }
    return n;
}

/* The order in which `place ... limit:N` fills cells: on square boards the
 * player's first row first, and in a row the centre column first, then
 * outwards, left before right; elsewhere the order of the cells. */
static int placement_order(const ruleset *rs, int player, cell_id *order)
{
    int n = rs->ncells;
    for (int i = 0; i < n; i++) order[i] = (cell_id)i;
    if (rs->topology != TOPO_SQUARE) return n;
    int key[TB_MAX_CELLS];
    for (int i = 0; i < n; i++) {
        int row = rs->forward[player - 1] == DIR_S ? rs->height - 1 - rs->cell_row[i] : rs->cell_row[i];
        int off2 = 2 * rs->cell_col[i] - (rs->width - 1); /* twice the signed distance from the centre */
        int dist = off2 < 0 ? -off2 : off2;
        key[i] = row * 4096 + dist * 2 + (off2 > 0);
    }
    for (int i = 1; i < n; i++) { /* insertion sort: boards are small and this runs once */
        cell_id cell = order[i];
        int j = i - 1;
        while (j >= 0 && key[order[j]] > key[cell]) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = cell;
    }
    return n;
}

/* 1 when the form F names rows (`(rows ...)`), counted from a player's side. */
static int names_rows(const ast_node *f)
{
    if (!f) return 0;
    if (compile_form_is(f, "rows", "@region")) return 1;
    if (f->kind == AST_NAMED) return names_rows(f->value);
    for (int i = 0; (f->kind == AST_FORM || f->kind == AST_LIST) && i < f->nkids; i++)
        if (names_rows(f->kids[i])) return 1;
    return 0;
}

/* (place PLAYER TYPE WHERE ...) without `choose:`: every cell of WHERE (or
 * the first `limit:` of them). */
static void place_every_cell(compiler *c, const ast_node *pl, start_fill *f, int player, int type,
                             const cellset *where, const cellset *except, long count)
{
    ruleset *rs = c->rs;
    long limit = -1;
    const ast_node *lim = ast_named(pl, "limit");
    if (lim && compile_int(c, lim, &limit) && limit < 1) {
        compile_error(c, lim, "`limit:` must be at least 1; got %ld", limit);
        return;
    }
    cell_id order[TB_MAX_CELLS];
    int ncells = placement_order(rs, player, order);
    int available = 0;
    for (int k = 0; k < ncells; k++)
        available += cellset_has(where, order[k]) && !cellset_has(except, order[k]);
    if (limit > available) {
        compile_error(c, lim, "`limit:` asks for %ld cells%s%s%s but the region has only %d", limit,
                      lim->option ? " (option `" : "", lim->option ? lim->option : "",
                      lim->option ? "`)" : "", available);
        return;
    }
    cellset unplayable, filled;
    memset(&unplayable, 0, sizeof unplayable);
    memset(&filled, 0, sizeof filled);
    for (int k = 0; k < ncells && limit != 0; k++) {
        int cell = order[k];
        if (!cellset_has(where, cell) || cellset_has(except, cell)) continue;
        if (limit > 0) limit--;
        if (!cellset_has(&rs->playable, cell)) {
            cellset_add(&unplayable, cell);
            continue;
        }
        if (f->owner_at[cell]) {
            cellset_add(&filled, cell);
            continue;
        }
        if (!compile_start_put(c, pl, f, player, cell, type, (int)count)) return;
    }
    char list[160];
    if (cell_list(rs, &unplayable, list, sizeof list) == 1) {
        char why[160];
        for (int cell = 0; cell < rs->ncells; cell++)
            if (cellset_has(&unplayable, cell)) ruleset_unplayable_text(rs, cell, why, sizeof why);
        compile_error(c, pl, "%s", why);
    } else if (list[0])
        compile_error(c, pl, "cells %s are not playable on this board", list);
    char hint[160] = "";
    int other = 0; /* a filled cell holds another player's piece */
    for (int cell = 0; cell < rs->ncells; cell++) other |= cellset_has(&filled, cell) && f->owner_at[cell] != player;
    if (other && names_rows(pl))
        snprintf(hint, sizeof hint, " (rows count from each player's own side: player %d's row 1 is the board's row %d)",
                 player, rs->forward[player - 1] == DIR_S ? rs->height : 1);
    if (cell_list(rs, &filled, list, sizeof list) == 1)
        compile_error(c, pl, "cell %s is already filled by an earlier `place`%s", list, hint);
    else if (list[0])
        compile_error(c, pl, "cells %s are already filled by an earlier `place`%s", list, hint);
}

/* One (place ...) of the start. */
static void compile_place(compiler *c, const ast_node *pl, start_fill *f)
{
    long player = 0, count = compile_default_int(pl, "count");
    if (!compile_int(c, compile_positional(pl, 0), &player)) return;
    if (player < 1 || player > c->rs->nplayers) {
        compile_error(c, compile_positional(pl, 0), "players are numbered 1 to %d; got %ld", c->rs->nplayers, player);
        return;
    }
    const ast_node *what = compile_positional(pl, 1);
    int type = what && what->kind == AST_LIST ? 0 : compile_piece(c, what);
    cellset where[TB_MAX_PLAYERS], except[TB_MAX_PLAYERS];
    memset(except, 0, sizeof except);
    const ast_node *at = compile_positional(pl, 2);
    if (at && at->kind == AST_NAME && compile_is_offboard(c->rs, at->text) && !is_region(c->rs, at->text) &&
        ruleset_cell_named(c->rs, at->text) < 0 && c->rs->topology == TOPO_TRACK) {
        /* pieces that start off the board: they enter from this place (checked with `enter`) */
        const ast_node *cnt = ast_named(pl, "count");
        int place = compile_offboard_place(c, at);
        if (cnt && !compile_int(c, cnt, &count)) return;
        track_rules *t = &c->rs->track;
        if (place < 0 || compile_piece(c, what) < 0) return;
        if (count < 1 || count + t->start_bar[player - 1] > 200) {
            compile_limit_error(c, cnt ? cnt : at, "a place off the board starts with 1 to 200 pieces; got %ld",
                                count + t->start_bar[player - 1]);
            return;
        }
        if (t->start_place >= 0 && t->start_place != place) {
            compile_error(c, at, "pieces start in one place off the board, where they enter from; `%s` is another",
                          at->text);
            return;
        }
        t->start_place = (int8_t)place;
        t->start_bar[player - 1] = (uint8_t)(t->start_bar[player - 1] + count);
        return;
    }
    if (at && at->kind == AST_NAME && compile_is_offboard(c->rs, at->text) && !is_region(c->rs, at->text) &&
        ruleset_cell_named(c->rs, at->text) < 0) {
        const char *example = c->rs->topology == TOPO_TRACK    ? ", a list of cells or a form like `(own-points 1)`"
                              : c->rs->topology == TOPO_SQUARE ? ", a list of cells or a form like `(rows 1)`"
                                                                : " or a list of cells";
        compile_error(c, at, "`%s` is a place off the board, where pieces go in play: every piece starts on a "
                      "cell of the board, so `place` takes cells (a region%s)", at->text, example);
        return;
    }
    if (!compile_region(c, at, where)) return;
    int q = player <= 2 ? (int)player - 1 : 0; /* players 3 and up (on a track): the cells as named */
    const ast_node *ex = ast_named(pl, "except");
    if (ex && !compile_region(c, ex, except)) return;
    const ast_node *cnt = ast_named(pl, "count");
    if (cnt && compile_int(c, cnt, &count) && (count < 1 || count > 200)) {
        compile_limit_error(c, cnt, "a cell holds 1 to 200 pieces; got %ld", count);
        return;
    }
    if (type < 0) return;
    if (what->kind == AST_LIST || ast_named(pl, "choose")) {
        for (int cell = 0; cell < c->rs->ncells; cell++)
            if (cellset_has(&except[q], cell)) cellset_remove(&where[q], cell);
        compile_arranged_place(c, pl, f, (int)player, &where[q], count);
        return;
    }
    place_every_cell(c, pl, f, (int)player, type, &where[q], &except[q], count);
}

void compile_start(compiler *c, const ast_node *start)
{
    compile_hands(c, start);
    start_fill f;
    memset(&f, 0, sizeof f);
    f.ways = 1;
    long number = 0;
    const ast_node *arrangement = ast_named(start, "arrangement");
    if (arrangement && compile_int(c, arrangement, &number) && number < 0) {
        compile_error(c, arrangement, "arrangements are numbered from 0; got %ld", number);
        return;
    }
    f.number = (unsigned long long)number;
    int i = 0;
    const ast_node *form;
    while ((form = compile_next_form(start, NULL, &i)) && !f.full) {
        if (compile_form_is(form, "place", "start")) compile_place(c, form, &f);
        else if (compile_form_is(form, "mirror", "start")) compile_mirror(c, form, &f);
    }
    if (arrangement && !f.choices && !compile_failed(c))
        compile_error(c, arrangement, "`arrangement:` numbers the choices of places with `choose:`, and no "
                      "place of this start has one");
    else if (arrangement && f.number > 0 && !compile_failed(c))
        compile_error(c, arrangement, "arrangement %ld%s%s%s is out of range: this start has %llu "
                      "arrangements, 0 to %llu", number, arrangement->option ? " (option `" : "",
                      arrangement->option ? arrangement->option : "", arrangement->option ? "`)" : "", f.ways,
                      f.ways - 1);
}
