/* compile_board.c - the players and the board: topology, playable cells,
 * off-board places and the geometry that depends on each player. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "engine/topology.h"

void compile_players(compiler *c, const ast_node *players)
{
    int seen[TB_MAX_PLAYERS] = { 0 }, most = 0;
    int i = 0;
    const ast_node *p;
    /* Defaults first, so that a wrong player form leaves the other player sane. */
    c->rs->forward[0] = DIR_N;
    c->rs->forward[1] = DIR_S;
    while ((p = compile_next_form(players, "player", &i))) {
        long n = 0;
        if (!compile_int(c, compile_positional(p, 0), &n)) continue;
        if (n < 1 || n > TB_MAX_PLAYERS) {
            compile_error(c, compile_positional(p, 0), "players are numbered 1 to %d; got %ld", TB_MAX_PLAYERS, n);
            continue;
        }
        if (seen[n - 1]) {
            compile_error(c, p, "player %ld is declared twice", n);
            continue;
        }
        seen[n - 1] = 1;
        if (n > most) most = (int)n;
        const ast_node *label = compile_positional(p, 1);
        if (label && label->kind == AST_STRING)
            compile_text(c, label, c->rs->player_label[n - 1], TB_NAME_LEN, "a player's label");
        else
            snprintf(c->rs->player_label[n - 1], TB_NAME_LEN, "player %ld", n);
        /* no default in the catalogue: player 1 goes north, the others south */
        static const uint8_t forward_dir[W_FORWARD_COUNT] = { [W_FORWARD_N] = DIR_N, [W_FORWARD_S] = DIR_S,
                                                              [W_FORWARD_E] = DIR_E, [W_FORWARD_W] = DIR_W };
        int fw = compile_word(p, "forward");
        c->rs->forward[n - 1] = fw >= 0 ? forward_dir[fw] : n == 1 ? DIR_N : DIR_S;
    }
    /* Players 1 .. N, each declared: more than two play on a track only (compile_track). */
    int gap = 0;
    for (int k = 0; k < most && !gap; k++)
        if (!seen[k]) {
            compile_error(c, players, "player %d is not declared: players are numbered 1 to %d in turn", k + 1, most);
            gap = 1;
        }
    if (most > 2 && !gap) c->rs->nplayers = (uint8_t)most;
}

/* `(teams [1 3] [2 4])`: every player in exactly one team, two teams at
 * least; the board is checked later (compile_teams_board). */
void compile_teams(compiler *c, const ast_node *players)
{
    ruleset *rs = c->rs;
    int i = 0;
    const ast_node *f = compile_next_form(players, "teams", &i);
    if (!f) return;
    int team[TB_MAX_PLAYERS] = { 0 }, nteams = 0, bad = 0;
    for (int k = 0; k < f->nkids; k++) {
        const ast_node *l = f->kids[k];
        if (l->kind == AST_NAMED) continue;
        if (l->kind != AST_LIST || l->nkids == 0) {
            compile_error(c, l, "a team is a list of players, `[1 3]`");
            bad = 1;
            continue;
        }
        nteams++;
        for (int m = 0; m < l->nkids; m++) {
            long n = 0;
            if (!compile_int(c, l->kids[m], &n)) {
                bad = 1;
                continue;
            }
            if (n < 1 || n > rs->nplayers) {
                compile_error(c, l->kids[m], "player %ld is not declared: the players are 1 to %d", n, rs->nplayers);
                bad = 1;
            } else if (team[n - 1]) {
                compile_error(c, l->kids[m], "player %ld is in two teams: every player is in exactly one", n);
                bad = 1;
            } else {
                team[n - 1] = nteams;
            }
        }
    }
    if (bad) return;
    for (int p = 0; p < rs->nplayers; p++)
        if (!team[p]) {
            compile_error(c, f, "player %d is in no team: every player is in exactly one", p + 1);
            return;
        }
    if (nteams < 2) {
        compile_error(c, f, "one team only: partnerships need two teams at least");
        return;
    }
    rs->nteams = (uint8_t)nteams;
    for (int p = 0; p < rs->nplayers; p++) rs->team[p] = (uint8_t)team[p];
}

/* (numbered from:CORNER): the playable cells of a square board are named
 * 1..N in reading order from the corner, its row first (left to right from a
 * left corner), then the rows towards the other side. Unplayable cells keep
 * their letter-and-number names. */
static void number_cells(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    if (rs->topology != TOPO_SQUARE || rs->grid == GRID_HEX) {
        compile_error(c, f, "`numbered` applies to boards of squares only");
        return;
    }
    int corner = compile_word(f, "from");
    int from_top = corner == W_CORNER_TOP_LEFT || corner == W_CORNER_TOP_RIGHT;
    int from_left = corner == W_CORNER_TOP_LEFT || corner == W_CORNER_BOTTOM_LEFT;
    int n = 0;
    for (int i = 0; i < rs->height; i++) {
        int row = from_top ? rs->height - 1 - i : i;
        for (int j = 0; j < rs->width; j++) {
            int cell = row * rs->width + (from_left ? j : rs->width - 1 - j);
            if (cellset_has(&rs->playable, cell))
                snprintf(rs->cell_name[cell], sizeof rs->cell_name[cell], "%d", ++n);
        }
    }
}

/* The two sizes of (TOPOLOGY COLUMNS ROWS) in A and B; 0 after an error. */
static int two_sizes(compiler *c, const ast_node *f, long *a, long *b)
{
    return compile_int(c, compile_positional(f, 0), a) && compile_int(c, compile_positional(f, 1), b);
}

int compile_topology_square(compiler *c, const ast_node *f, const char **why)
{
    long a = 0, b = 0;
    if (!two_sizes(c, f, &a, &b)) return 0;
    *why = topology_square(c->rs, (int)a, (int)b);
    if (!*why && compile_word(f, "diagonals") == W_DIAGONALS_ALTERNATE) topology_alternate_diagonals(c->rs);
    return 1;
}

int compile_topology_hex(compiler *c, const ast_node *f, const char **why)
{
    long a = 0, b = 0;
    if (!two_sizes(c, f, &a, &b)) return 0;
    *why = topology_hex(c->rs, (int)a, (int)b);
    return 1;
}

int compile_topology_hexagon(compiler *c, const ast_node *f, const char **why)
{
    long a = 0;
    if (!compile_int(c, compile_positional(f, 0), &a)) return 0;
    *why = topology_hexagon(c->rs, (int)a);
    return 1;
}

int compile_topology_track(compiler *c, const ast_node *f, const char **why)
{
    long a = 0;
    if (!compile_int(c, compile_positional(f, 0), &a)) return 0;
    *why = topology_track(c->rs, (int)a);
    return 1;
}

/* (track-grid COLUMNS ROWS without:CELLS): the grid less the cells listed. */
int compile_topology_track_grid(compiler *c, const ast_node *f, const char **why)
{
    ruleset *rs = c->rs;
    long a = 0, b = 0;
    if (!two_sizes(c, f, &a, &b)) return 0;
    *why = topology_track_grid(rs, (int)a, (int)b);
    const ast_node *without = ast_named(f, "without");
    int n = without ? (without->kind == AST_LIST ? without->nkids : 1) : 0;
    for (int k = 0; !*why && k < n; k++) {
        const ast_node *v = without->kind == AST_LIST ? without->kids[k] : without;
        int cell = v->text ? ruleset_cell_named(rs, v->text) : -1;
        if (cell < 0) {
            compile_error(c, v, "`without:` lists cells of the %ldx%ld grid (a1 to %c%ld); `%s` is not one", a, b,
                          (char)('a' + a - 1), b, v->text ? v->text : "?");
            continue;
        }
        if (!cellset_has(&rs->playable, cell)) compile_warning(c, v, "cell %s is left out twice", v->text);
        cellset_remove(&rs->playable, cell);
    }
    return 1;
}

/* (hex-tiles N fields:F colours:NAMES): the colours cycle over each tile's fields. */
static void colour_tiles(compiler *c, const ast_node *colours)
{
    ruleset *rs = c->rs;
    int n = colours->kind == AST_LIST ? colours->nkids : 1;
    if (n < 1 || n > 4 || 6 % n != 0) {
        compile_error(c, colours, "the colours must divide the 6 fields evenly (1, 2 or 3 colours)");
        n = 1;
    }
    rs->ncolours = n;
    for (int k = 0; k < n; k++) {
        const ast_node *col = colours->kind == AST_LIST ? colours->kids[k] : colours;
        if (col->kind == AST_NAME && !compile_name_fits(c, col, "colour")) continue;
        snprintf(rs->colour_name[k], TB_NAME_LEN, "%s", col->text ? col->text : "?");
    }
    for (int cell = 0; cell < rs->ncells; cell++)
        rs->cell_colour[cell] = (uint8_t)(cell % 6 % n);
}

int compile_topology_tiles(compiler *c, const ast_node *f, const char **why)
{
    const ast_node *fields = ast_named(f, "fields");
    long a = 0, b = 6;
    if (!compile_int(c, compile_positional(f, 0), &a)) return 0;
    if (fields && !compile_int(c, fields, &b)) return 0;
    *why = topology_tiles(c->rs, (int)a, (int)b);
    const ast_node *colours = ast_named(f, "colours");
    if (!*why && colours) colour_tiles(c, colours);
    return 1;
}

void compile_board(compiler *c, const ast_node *board, const ast_node *players)
{
    ruleset *rs = c->rs;
    const ast_node *topo = compile_form(board, NULL);
    const char *why = NULL;
    if (!topo) return;
    compile_topology_fn build = compile_topology_form(topo); /* the checker has refused any other shape */
    if (build && !build(c, topo, &why)) return;
    if (why) {
        compile_limit_error(c, topo, "%s", why);
        return;
    }
    const ast_node *playable = compile_form(board, "playable");
    if (playable) {
        const ast_node *w = compile_positional(playable, 0);
        int cells = compile_word(playable, "cells");
        if (rs->topology != TOPO_SQUARE) {
            compile_error(c, playable, "`playable` applies to square boards only");
        } else if (rs->grid == GRID_HEX && w && cells != W_PLAYABLE_ALL) {
            compile_error(c, w, "`(playable %s)` applies to boards of squares: a hex board has no dark and light cells",
                          w->text);
        } else if (w && cells != W_PLAYABLE_ALL) {
            int want_even = cells == W_PLAYABLE_DARK;
            memset(&rs->playable, 0, sizeof rs->playable);
            for (int cell = 0; cell < rs->ncells; cell++)
                if (((rs->cell_col[cell] + 1 + rs->cell_row[cell] + 1) % 2 == 0) == want_even)
                    cellset_add(&rs->playable, cell);
            topology_drop_unplayable(rs);
        }
    }
    const ast_node *lines = compile_form(board, "lines");
    if (lines) compile_lines(c, lines); /* points on lines: only the cells and links they name */
    const ast_node *links = compile_form(board, "links");
    if (links) compile_links(c, links); /* links named one by one: a board of any shape */
    const ast_node *numbered = compile_form(board, "numbered");
    if (numbered) number_cells(c, numbered);
    const ast_node *off = compile_form(board, "off-board");
    for (int k = 0; off && k < off->nkids; k++) {
        const ast_node *places = off->kids[k];
        int n = places->kind == AST_LIST ? places->nkids : 1;
        for (int j = 0; j < n; j++) {
            const ast_node *pl = places->kind == AST_LIST ? places->kids[j] : places;
            if (pl->kind != AST_NAME || !compile_name_fits(c, pl, "place")) continue;
            if (rs->noffboard == (int)(sizeof rs->offboard / sizeof rs->offboard[0])) {
                compile_limit_error(c, pl, "too many off-board places: a board has at most %d", (int)(sizeof rs->offboard / sizeof rs->offboard[0]));
                break;
            }
            snprintf(rs->offboard[rs->noffboard++], TB_NAME_LEN, "%s", pl->text);
        }
    }
    /* Per-player geometry that depends on the board. */
    int i = 0;
    const ast_node *p;
    while ((p = compile_next_form(players, "player", &i))) {
        long n = 0;
        if (!compile_int(c, compile_positional(p, 0), &n) || n < 1 || n > TB_MAX_PLAYERS) continue;
        const ast_node *start = ast_named(p, "start");
        const ast_node *fields = ast_named(p, "fields");
        const ast_node *fw = ast_named(p, "forward");
        if (rs->topology == TOPO_TRACK) {
            long s = 1;
            const ast_node *path = ast_named(p, "path");
            if (path && start) compile_error(c, start, "`start:` and `path:` both say where the path starts; keep one");
            else if (path) s = 1;
            else if (rs->track_grid) compile_error(c, p, "on a grid of points, each player needs `path:` (its points in order)");
            else if (!start) compile_error(c, p, "on a track, each player needs `start:` (the first point of their path)");
            else if (compile_int(c, start, &s) && (s < 1 || s > rs->ncells))
                compile_error(c, start, "point %ld is not on the track (1..%d)", s, rs->ncells);
            rs->track_start[n - 1] = (int)(s >= 1 && s <= rs->ncells ? s - 1 : 0);
            compile_track_path(c, p, (int)n);
        } else if (start) {
            compile_error(c, start, "`start:` applies to track boards only");
        }
        const ast_node *dir = ast_named(p, "direction"), *len = ast_named(p, "length");
        if (rs->topology != TOPO_TRACK && (dir || len))
            compile_error(c, dir ? dir : len, "`%s:` applies to track boards only", dir ? "direction" : "length");
        if (rs->topology == TOPO_TILES) {
            if (!fields) {
                compile_error(c, p, "on a board of fields, each player needs `fields:` (the colour they play on)");
            } else {
                int found = -1;
                for (int k = 0; k < rs->ncolours; k++)
                    if (strcmp(rs->colour_name[k], fields->text) == 0) found = k;
                if (found < 0) compile_error(c, fields, "unknown field colour `%s`", fields->text);
                rs->player_colour[n - 1] = (uint8_t)(found < 0 ? 0 : found);
            }
        } else if (fields) {
            compile_error(c, fields, "`fields:` applies to boards of tiles only");
        }
        if (fw && rs->topology != TOPO_SQUARE) compile_error(c, fw, "`forward:` applies to square boards only");
    }
}
