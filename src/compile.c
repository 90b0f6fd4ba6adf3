/* compile.c - the compiler's driver: players, board, pieces, regions, start. */
#include "compile_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "engine.h"
#include "rng.h"
#include "topology.h"

void compile_error(compiler *c, const ast_node *at, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_at(c->diags, ast_src(at, c->src), at->loc, DIAG_ERROR, "%s", msg);
}

void compile_warning(compiler *c, const ast_node *at, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_at(c->diags, ast_src(at, c->src), at->loc, DIAG_WARNING, "%s", msg);
}

int compile_failed(const compiler *c)
{
    return c->diags->errors > c->errors_at_start;
}

void compile_declare_failed(compiler *c, const char *name)
{
    if (c->nfailed < (int)(sizeof c->failed / sizeof c->failed[0])) c->failed[c->nfailed++] = name;
}

int compile_declared_in_error(const compiler *c, const char *name)
{
    for (int i = 0; i < c->nfailed; i++)
        if (strcmp(c->failed[i], name) == 0) return 1;
    return 0;
}

int compile_name_fits(compiler *c, const ast_node *name, const char *what)
{
    if (strlen(name->text) < TB_NAME_LEN) return 1;
    compile_error(c, name, "%s name `%s` is too long (at most %d characters)", what, name->text, TB_NAME_LEN - 1);
    compile_declare_failed(c, name->text);
    return 0;
}

void compile_text(compiler *c, const ast_node *v, char *buf, size_t size, const char *what)
{
    size_t len = strlen(v->text);
    if (len < size) {
        memcpy(buf, v->text, len + 1);
        return;
    }
    len = size - 1;
    while (len > 0 && ((unsigned char)v->text[len] & 0xc0) == 0x80) len--; /* not inside a character */
    memcpy(buf, v->text, len);
    buf[len] = '\0';
    compile_warning(c, v, "%s is longer than %zu bytes; only its start is kept", what, size - 1);
}

const ast_node *compile_next_form(const ast_node *form, const char *head, int *i)
{
    while (*i < form->nkids) {
        const ast_node *k = form->kids[(*i)++];
        if (k->kind == AST_FORM && (!head || strcmp(k->text, head) == 0)) return k;
    }
    return NULL;
}

const ast_node *compile_form(const ast_node *form, const char *head)
{
    int i = 0;
    return compile_next_form(form, head, &i);
}

const ast_node *compile_positional(const ast_node *form, int k)
{
    for (int i = 0; i < form->nkids; i++) {
        const ast_node *kid = form->kids[i];
        if (kid->kind == AST_NAMED) continue;
        if (kid->kind == AST_FORM) { /* value forms (opt, regions) are positional; others are sections */
            const ludeme_spec *s = catalogue_find_any(kid->text);
            if (!s || s->parents[0] != '@') continue;
        }
        if (k-- == 0) return kid;
    }
    return NULL;
}

int compile_flag(const ast_node *form, const char *flag)
{
    for (int i = 0; i < form->nkids; i++)
        if (form->kids[i]->kind == AST_NAME && strcmp(form->kids[i]->text, flag) == 0) return 1;
    return 0;
}

int compile_piece(compiler *c, const ast_node *v)
{
    int t = v->kind == AST_NAME ? ruleset_piece(c->rs, v->text) : -1;
    if (t >= 0) return t;
    if (v->kind == AST_NAME && compile_declared_in_error(c, v->text)) return -1; /* already reported */
    char known[256] = "";
    const char *names[TB_MAX_PIECE_TYPES];
    for (int i = 0; i < c->rs->npiece_types; i++) {
        names[i] = c->rs->piece_name[i];
        strncat(known, i ? ", " : "", sizeof known - strlen(known) - 1);
        strncat(known, c->rs->piece_name[i], sizeof known - strlen(known) - 1);
    }
    const char *best = v->kind == AST_NAME ? diag_nearest(v->text, names, c->rs->npiece_types) : NULL;
    if (best)
        compile_error(c, v, "unknown piece type `%s`; did you mean `%s`?", v->text, best);
    else if (c->rs->npiece_types == 0)
        compile_error(c, v, "unknown piece type `%s` (no piece type is declared)", v->kind == AST_NAME ? v->text : "?");
    else
        compile_error(c, v, "unknown piece type `%s` (declared: %s)", v->kind == AST_NAME ? v->text : "?", known);
    return -1;
}

static void compile_players(compiler *c, const ast_node *players)
{
    int seen[2] = { 0, 0 };
    int i = 0;
    const ast_node *p;
    /* Defaults first, so that a wrong player form leaves the other player sane. */
    c->rs->forward[0] = DIR_N;
    c->rs->forward[1] = DIR_S;
    while ((p = compile_next_form(players, "player", &i))) {
        long n = 0;
        if (!compile_int(c, compile_positional(p, 0), &n)) continue;
        if (n != 1 && n != 2) {
            compile_error(c, compile_positional(p, 0), "players are numbered 1 and 2; got %ld", n);
            continue;
        }
        if (seen[n - 1]) {
            compile_error(c, p, "player %ld is declared twice", n);
            continue;
        }
        seen[n - 1] = 1;
        const ast_node *label = compile_positional(p, 1);
        if (label && label->kind == AST_STRING)
            compile_text(c, label, c->rs->player_label[n - 1], TB_NAME_LEN, "a player's label");
        else
            snprintf(c->rs->player_label[n - 1], TB_NAME_LEN, "player %ld", n);
        const ast_node *fw = ast_named(p, "forward");
        c->rs->forward[n - 1] = n == 1 ? DIR_N : DIR_S;
        if (fw) {
            static const char *const compass[] = { "n", "ne", "e", "se", "s", "sw", "w", "nw" };
            for (int d = 0; d < 8; d += 2)
                if (strcmp(fw->text, compass[d]) == 0) c->rs->forward[n - 1] = (uint8_t)d;
        }
    }
}

static void compile_board(compiler *c, const ast_node *board, const ast_node *players)
{
    ruleset *rs = c->rs;
    const ast_node *topo = compile_form(board, NULL);
    const char *why = NULL;
    long a = 0, b = 0;
    if (!topo) return;
    if (strcmp(topo->text, "square") == 0) {
        if (!compile_int(c, compile_positional(topo, 0), &a) || !compile_int(c, compile_positional(topo, 1), &b))
            return;
        why = topology_square(rs, (int)a, (int)b);
    } else if (strcmp(topo->text, "track") == 0) {
        if (!compile_int(c, compile_positional(topo, 0), &a)) return;
        why = topology_track(rs, (int)a);
    } else if (strcmp(topo->text, "hex-tiles") == 0) {
        const ast_node *fields = ast_named(topo, "fields");
        b = 6;
        if (!compile_int(c, compile_positional(topo, 0), &a)) return;
        if (fields && !compile_int(c, fields, &b)) return;
        why = topology_tiles(rs, (int)a, (int)b);
        const ast_node *colours = ast_named(topo, "colours");
        if (!why && colours) {
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
    }
    if (why) {
        compile_error(c, topo, "%s", why);
        return;
    }
    const ast_node *playable = compile_form(board, "playable");
    if (playable) {
        const ast_node *w = compile_positional(playable, 0);
        if (rs->topology != TOPO_SQUARE) {
            compile_error(c, playable, "`playable` applies to square boards only");
        } else if (w && strcmp(w->text, "all") != 0) {
            int want_even = strcmp(w->text, "dark") == 0;
            memset(&rs->playable, 0, sizeof rs->playable);
            for (int cell = 0; cell < rs->ncells; cell++)
                if (((rs->cell_col[cell] + 1 + rs->cell_row[cell] + 1) % 2 == 0) == want_even)
                    cellset_add(&rs->playable, cell);
            /* Unplayable cells leave the neighbour tables, so the generator
             * never has to test for them. */
            for (int cell = 0; cell < rs->ncells; cell++)
                for (int d = 0; d < rs->ndirs; d++)
                    if (rs->nbr[cell][d] != TB_NO_CELL && !cellset_has(&rs->playable, rs->nbr[cell][d]))
                        rs->nbr[cell][d] = TB_NO_CELL;
        }
    }
    const ast_node *off = compile_form(board, "off-board");
    for (int k = 0; off && k < off->nkids; k++) {
        const ast_node *places = off->kids[k];
        int n = places->kind == AST_LIST ? places->nkids : 1;
        for (int j = 0; j < n; j++) {
            const ast_node *pl = places->kind == AST_LIST ? places->kids[j] : places;
            if (pl->kind != AST_NAME || !compile_name_fits(c, pl, "place")) continue;
            if (rs->noffboard == 4) {
                compile_error(c, pl, "at most 4 off-board places");
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
        if (!compile_int(c, compile_positional(p, 0), &n) || n < 1 || n > 2) continue;
        const ast_node *start = ast_named(p, "start");
        const ast_node *fields = ast_named(p, "fields");
        const ast_node *fw = ast_named(p, "forward");
        if (rs->topology == TOPO_TRACK) {
            long s = 1;
            if (!start) compile_error(c, p, "on a track, each player needs `start:` (the first point of their path)");
            else if (compile_int(c, start, &s) && (s < 1 || s > rs->ncells))
                compile_error(c, start, "point %ld is not on the track (1..%d)", s, rs->ncells);
            rs->track_start[n - 1] = (int)(s >= 1 && s <= rs->ncells ? s - 1 : 0);
        } else if (start) {
            compile_error(c, start, "`start:` applies to track boards only");
        }
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

static void compile_pieces(compiler *c, const ast_node *pieces)
{
    ruleset *rs = c->rs;
    for (int i = 0; i < pieces->nkids; i++) {
        const ast_node *k = pieces->kids[i];
        if (k->kind != AST_NAME || !compile_name_fits(c, k, "piece type")) continue;
        if (ruleset_piece(rs, k->text) >= 0) {
            compile_error(c, k, "piece type `%s` is declared twice", k->text);
            continue;
        }
        if (rs->npiece_types == TB_MAX_PIECE_TYPES) {
            compile_error(c, k, "too many piece types (at most %d)", TB_MAX_PIECE_TYPES);
            break;
        }
        snprintf(rs->piece_name[rs->npiece_types++], TB_NAME_LEN, "%s", k->text);
    }
}

static void compile_regions(compiler *c, const ast_node *regions)
{
    ruleset *rs = c->rs;
    int i = 0;
    const ast_node *r;
    while ((r = compile_next_form(regions, "region", &i))) {
        const ast_node *name = compile_positional(r, 0);
        const ast_node *cells = compile_positional(r, 1);
        if (!name || !cells || !compile_name_fits(c, name, "region")) continue;
        for (int k = 0; k < rs->nregions; k++)
            if (strcmp(rs->regions[k].name, name->text) == 0) {
                compile_error(c, name, "region `%s` is declared twice", name->text);
                goto next;
            }
        if (rs->nregions == TB_MAX_REGIONS) {
            compile_error(c, r, "too many regions (at most %d)", TB_MAX_REGIONS);
            return;
        }
        named_region *nr = &rs->regions[rs->nregions];
        if (compile_region(c, cells, nr->cells)) {
            snprintf(nr->name, TB_NAME_LEN, "%s", name->text);
            rs->nregions++;
        } else {
            compile_declare_failed(c, name->text);
        }
    next:;
    }
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
static int placement_order(const ruleset *rs, int player, uint8_t *order)
{
    int n = rs->ncells;
    for (int i = 0; i < n; i++) order[i] = (uint8_t)i;
    if (rs->topology != TOPO_SQUARE) return n;
    int key[TB_MAX_CELLS];
    for (int i = 0; i < n; i++) {
        int row = rs->forward[player - 1] == DIR_S ? rs->height - 1 - rs->cell_row[i] : rs->cell_row[i];
        int off2 = 2 * rs->cell_col[i] - (rs->width - 1); /* twice the signed distance from the centre */
        int dist = off2 < 0 ? -off2 : off2;
        key[i] = row * 4096 + dist * 2 + (off2 > 0);
    }
    for (int i = 1; i < n; i++) { /* insertion sort: boards are small and this runs once */
        uint8_t cell = order[i];
        int j = i - 1;
        while (j >= 0 && key[order[j]] > key[cell]) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = cell;
    }
    return n;
}

static void compile_start(compiler *c, const ast_node *start)
{
    ruleset *rs = c->rs;
    int i = 0;
    const ast_node *pl;
    uint8_t owner_at[TB_MAX_CELLS] = { 0 };
    while ((pl = compile_next_form(start, "place", &i))) {
        long player = 0, count = 1;
        if (!compile_int(c, compile_positional(pl, 0), &player)) continue;
        if (player != 1 && player != 2) {
            compile_error(c, compile_positional(pl, 0), "players are numbered 1 and 2; got %ld", player);
            continue;
        }
        int type = compile_piece(c, compile_positional(pl, 1));
        cellset where[2], except[2];
        memset(except, 0, sizeof except);
        if (!compile_region(c, compile_positional(pl, 2), where)) continue;
        const ast_node *ex = ast_named(pl, "except");
        if (ex && !compile_region(c, ex, except)) continue;
        const ast_node *cnt = ast_named(pl, "count");
        if (cnt && compile_int(c, cnt, &count) && (count < 1 || count > 200)) {
            compile_error(c, cnt, "a cell holds 1 to 200 pieces; got %ld", count);
            continue;
        }
        if (type < 0) continue;
        long limit = -1;
        const ast_node *lim = ast_named(pl, "limit");
        if (lim && compile_int(c, lim, &limit) && limit < 1) {
            compile_error(c, lim, "`limit:` must be at least 1; got %ld", limit);
            continue;
        }
        uint8_t order[TB_MAX_CELLS];
        int ncells = placement_order(rs, (int)player, order);
        int available = 0;
        for (int k = 0; k < ncells; k++)
            available += cellset_has(&where[player - 1], order[k]) && !cellset_has(&except[player - 1], order[k]);
        if (limit > available) {
            int from_option = lim->kind == AST_FORM && lim->nkids == 1 && lim->kids[0]->kind == AST_NAME;
            compile_error(c, lim, "`limit:` asks for %ld cells%s%s%s but the region has only %d", limit,
                          from_option ? " (option `" : "", from_option ? lim->kids[0]->text : "",
                          from_option ? "`)" : "", available);
            continue;
        }
        cellset unplayable, filled;
        memset(&unplayable, 0, sizeof unplayable);
        memset(&filled, 0, sizeof filled);
        for (int k = 0; k < ncells && limit != 0; k++) {
            int cell = order[k];
            if (!cellset_has(&where[player - 1], cell) || cellset_has(&except[player - 1], cell)) continue;
            if (limit > 0) limit--;
            if (!cellset_has(&rs->playable, cell)) {
                cellset_add(&unplayable, cell);
                continue;
            }
            if (owner_at[cell]) {
                cellset_add(&filled, cell);
                continue;
            }
            if (rs->nstart == TB_MAX_START) {
                compile_error(c, pl, "too many cells in the start position (at most %d)", TB_MAX_START);
                return;
            }
            owner_at[cell] = (uint8_t)player;
            placement *p = &rs->start[rs->nstart++];
            p->cell = (uint8_t)cell;
            p->owner = (uint8_t)player;
            p->type = (uint8_t)type;
            p->count = (uint8_t)count;
        }
        char list[160];
        if (cell_list(rs, &unplayable, list, sizeof list) == 1)
            compile_error(c, pl, "cell %s is not playable on this board", list);
        else if (list[0])
            compile_error(c, pl, "cells %s are not playable on this board", list);
        if (cell_list(rs, &filled, list, sizeof list) == 1)
            compile_error(c, pl, "cell %s is already filled by an earlier `place`", list);
        else if (list[0])
            compile_error(c, pl, "cells %s are already filled by an earlier `place`", list);
    }
}

static void compile_dice(compiler *c, const ast_node *dice)
{
    long n = 0, faces = 0;
    if (!compile_int(c, compile_positional(dice, 0), &n) || !compile_int(c, compile_positional(dice, 1), &faces))
        return;
    if (n < 1 || n > 4) compile_error(c, compile_positional(dice, 0), "1 to 4 dice; got %ld", n);
    if (faces < 2 || faces > 20) compile_error(c, compile_positional(dice, 1), "a die has 2 to 20 faces; got %ld", faces);
    c->rs->dice_count = (int)n;
    c->rs->dice_faces = (int)faces;
    c->rs->dice_doubles_repeat = compile_flag(dice, "doubles-repeat");
    if (c->rs->dice_doubles_repeat && faces > 6)
        compile_error(c, dice, "`doubles-repeat` needs dice of at most 6 faces (a turn holds at most 6 moves)");
}

/* Warns about piece types that can never be on the board. */
static void check_reachable_pieces(compiler *c, const ast_node *pieces)
{
    ruleset *rs = c->rs;
    for (int t = 0; t < rs->npiece_types; t++) {
        int used = 0;
        for (int k = 0; k < rs->nstart; k++) used |= rs->start[k].type == t;
        for (int k = 0; k < rs->npromotions; k++) used |= rs->promotions[k].to == t;
        if (used) continue;
        for (int i = 0; i < pieces->nkids; i++)
            if (pieces->kids[i]->kind == AST_NAME && strcmp(pieces->kids[i]->text, rs->piece_name[t]) == 0)
                compile_warning(c, pieces->kids[i],
                                "piece type `%s` is never placed and nothing promotes to it", rs->piece_name[t]);
    }
}

ruleset *compile_game(const ast_node *game, const src_file *src, const option_setting *settings,
                      int nsettings, diag_sink *diags)
{
    ruleset *rs = calloc(1, sizeof *rs);
    if (!rs) {
        diag_plain(diags, src->path, DIAG_ERROR, "out of memory");
        return NULL;
    }
    compiler c = { .rs = rs, .src = src, .diags = diags, .errors_at_start = diags->errors };
    const ast_node *title = compile_positional(game, 0);
    if (title && title->kind == AST_STRING)
        compile_text(&c, title, rs->title, sizeof rs->title, "the title");
    else
        snprintf(rs->title, sizeof rs->title, "?");
    compile_options(&c, game, settings, nsettings);
    const ast_node *players = compile_form(game, "players");
    if (players) compile_players(&c, players);
    const ast_node *board = compile_form(game, "board");
    if (board && players) compile_board(&c, board, players);
    if (rs->ncells == 0) goto done; /* nothing below can be checked without a board */
    const ast_node *pieces = compile_form(game, "pieces");
    if (pieces) compile_pieces(&c, pieces);
    const ast_node *regions = compile_form(game, "regions");
    if (regions) compile_regions(&c, regions);
    const ast_node *start = compile_form(game, "start");
    if (start) compile_start(&c, start);
    const ast_node *dice = compile_form(game, "dice");
    if (dice) compile_dice(&c, dice);
    const ast_node *play = compile_form(game, "play");
    if (play) compile_play(&c, play);
    const ast_node *end = compile_form(game, "end");
    if (end) compile_end(&c, end);
    compile_track_finish(&c, game);
    if (pieces && !compile_failed(&c)) check_reachable_pieces(&c, pieces); /* not after errors: places may have failed */
    for (int k = rs->npromotions - 1; k >= 0; k--) /* the first promotion listed wins a tie */
        for (int p = 0; p < 2; p++)
            for (int cell = 0; cell < rs->ncells; cell++)
                if (cellset_has(&rs->promotions[k].where[p], cell))
                    rs->promote_at[p][rs->promotions[k].from][cell] = (uint8_t)(k + 1);
    for (int ri = 0; ri < rs->nrules; ri++) {
        int t = rs->rules[ri].piece;
        rs->type_rules[t][rs->ntype_rules[t]++] = (uint8_t)ri;
    }
    for (int cell = 0; cell < rs->ncells; cell++)
        if (cellset_has(&rs->playable, cell)) rs->playable_cells[rs->nplayable++] = (uint8_t)cell;
    rs->ops = engine_ops_for(rs->topology);
    if (!rs->ops && !rs->needs_unsupported) {
        rs->needs_unsupported = 1;
        snprintf(rs->unsupported, sizeof rs->unsupported, "%s boards", rs->topology == TOPO_TRACK ? "track" : "tile");
    }
    rng r;
    rng_seed(&r, 0x7ab01a);
    for (int cell = 0; cell < TB_MAX_CELLS; cell++)
        for (int p = 0; p < 2; p++)
            for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) rs->zobrist[cell][p][t] = rng_next(&r);
    rs->zobrist_side = rng_next(&r);
    for (int t = 0; t < 64; t++) rs->zobrist_tile[t] = rng_next(&r);
    for (int p = 0; p < 2; p++)
        for (int k = 1; k < 64; k++) rs->zobrist_collected[p][k] = rng_next(&r);
done:
    if (diags->errors > c.errors_at_start) {
        free(rs);
        return NULL;
    }
    return rs;
}

int ruleset_cell(const ruleset *rs, const char *name)
{
    for (int i = 0; i < rs->ncells; i++)
        if (strcmp(rs->cell_name[i], name) == 0) return i;
    return -1;
}

int ruleset_piece(const ruleset *rs, const char *name)
{
    for (int i = 0; i < rs->npiece_types; i++)
        if (strcmp(rs->piece_name[i], name) == 0) return i;
    return -1;
}
