/* compile_lint.c - warnings for what a valid rule file says but can never
 * happen: no silent no-ops.
 *
 * Runs on a game that compiled without errors, over the tree as compiled
 * (options in place) and the tables built from it. Each warning is located
 * at the clause or value that does nothing, and says why:
 *  - a direction word that leads to no playable cell from any cell its rule
 *    applies from, while the rule's other words do (a rule that leads
 *    nowhere at all is warned about where it is compiled);
 *  - a region that holds no playable cell (for one player, or either), and
 *    a `place` whose `except:` leaves nothing of where it puts pieces;
 *  - a declared region that nothing uses;
 *  - a `(capture ...)` or `(announce ...)` that a later one replaces;
 *  - a parameter ignored in its context: `doubles-repeat` with one die,
 *    `(capture ...)` or the `max-capture` hook in a game where no move
 *    captures, a criterion about a piece type that no capture involves, a
 *    no-progress reset by a piece type that has no moves;
 *  - a piece type in a hop's `over:` that only the mover's own side holds.
 * Regions are found by the catalogue's argument types, so a new ludeme's
 * regions are checked without a word here. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "engine/topology.h"
#include "lang/params.h"

/* How a warning names who it is about: " for player 2 (north)", or " for either player". */
static void whom(const ruleset *rs, const int dead[2], char *buf, size_t size)
{
    if (dead[0] && dead[1]) snprintf(buf, size, " for either player");
    else snprintf(buf, size, " for player %d (%s)", dead[0] ? 1 : 2, rs->player_label[dead[0] ? 0 : 1]);
}

/* 1 when some playable cell is not: a board of dark (or light) squares. */
static int checkered(const ruleset *rs)
{
    for (int cell = 0; cell < rs->ncells; cell++)
        if (!cellset_has(&rs->playable, cell)) return 1;
    return 0;
}

/* ---- regions -------------------------------------------------------------- */

static int quiet_region(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS]);

/* Warns when the region V holds no playable cell for a player. */
static void lint_region(compiler *c, const ast_node *v)
{
    ruleset *rs = c->rs;
    if (v->kind == AST_NAME)
        for (int i = 0; i < rs->nregions; i++)
            if (strcmp(rs->regions[i].name, v->text) == 0) return; /* checked where it is declared */
    cellset cells[TB_MAX_PLAYERS];
    if (!quiet_region(c, v, cells)) return;
    int dead[2], any[2];
    for (int p = 0; p < 2; p++) {
        dead[p] = 1;
        any[p] = 0;
        for (int cell = 0; cell < rs->ncells; cell++) {
            if (!cellset_has(&cells[p], cell)) continue;
            any[p] = 1;
            if (cellset_has(&rs->playable, cell)) dead[p] = 0;
        }
    }
    if (!dead[0] && !dead[1]) return;
    char who[64];
    whom(rs, dead, who, sizeof who);
    compile_warning(c, v, "this region holds no playable cell%s: %s", who,
                    any[dead[0] ? 0 : 1] ? "its cells are not playable on this board" : "it is empty");
}

/* Compiles the region V in silence (what compiling says was said once);
 * 0 when it did not compile or warned. */
static int quiet_region(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS])
{
    diag_sink quiet, *loud = c->diags;
    diag_init(&quiet, NULL);
    c->diags = &quiet;
    int ok = compile_region(c, v, out);
    c->diags = loud;
    return ok && !quiet.warnings;
}

/* Warns about a `place` whose `except:` leaves nothing of `where`. */
static void lint_places(compiler *c, const ast_node *start)
{
    const ruleset *rs = c->rs;
    int i = 0;
    const ast_node *pl;
    while ((pl = compile_next_form(start, "place", &i))) {
        const ast_node *player = compile_positional(pl, 0), *where = compile_positional(pl, 2);
        const ast_node *except = ast_named(pl, "except");
        cellset w[TB_MAX_PLAYERS], x[TB_MAX_PLAYERS];
        if (!except || !player || player->kind != AST_INT || player->lo < 1 || player->lo > 2 || !where ||
            !quiet_region(c, where, w) || !quiet_region(c, except, x))
            continue;
        int p = (int)player->lo - 1, any = 0, left = 0;
        for (int cell = 0; cell < rs->ncells; cell++) {
            if (!cellset_has(&w[p], cell) || !cellset_has(&rs->playable, cell)) continue;
            any = 1;
            left |= !cellset_has(&x[p], cell);
        }
        if (any && !left)
            compile_warning(c, except, "`except:` leaves out every cell of this `place`, so it puts no piece");
    }
}

/* Every value of a region type in N and below. */
static void lint_regions(compiler *c, const ast_node *n)
{
    if (n->kind != AST_FORM) return;
    for (int k = 0; k < n->nkids; k++) {
        const ast_node *kid = n->kids[k];
        const param_spec *p = param_of(n, k);
        const ast_node *value = kid->kind == AST_NAMED ? kid->value : kid;
        if (p && p->type == ARG_REGION) lint_region(c, value);
        else if (value->kind == AST_FORM) lint_regions(c, value);
    }
}

/* 1 when a name node in N (other than SKIP) reads NAME. */
static int mentions(const ast_node *n, const char *name, const ast_node *skip)
{
    if (n == skip) return 0;
    if (n->kind == AST_NAME && strcmp(n->text, name) == 0) return 1;
    if (n->kind == AST_NAMED) return mentions(n->value, name, skip);
    for (int i = 0; i < n->nkids; i++)
        if (mentions(n->kids[i], name, skip)) return 1;
    return 0;
}

static void lint_unused_regions(compiler *c, const ast_node *game)
{
    const ast_node *regions = compile_form(game, "regions");
    int i = 0;
    const ast_node *r;
    while (regions && (r = compile_next_form(regions, "region", &i))) {
        const ast_node *name = compile_positional(r, 0);
        if (name && name->kind == AST_NAME && !mentions(game, name->text, name))
            compile_warning(c, name, "region `%s` is declared but never used", name->text);
    }
}

/* ---- directions ----------------------------------------------------------- */

/* The compiled rule of the move-rule form F, found by where F is written. */
static const move_rule *rule_of(const compiler *c, const ast_node *f)
{
    const ruleset *rs = c->rs;
    const src_file *src = ast_src(f, c->src);
    int line, col;
    source_line_col(src, f->loc.begin, &line, &col);
    for (int i = 0; i < rs->nrules; i++) {
        const clause_loc *cl = &rs->clauses[rs->rules[i].clause];
        if (cl->line == line && cl->col == col && strcmp(rs->files[cl->file], src->path) == 0) return &rs->rules[i];
    }
    return NULL;
}

/* The directions argument of the move rule F: the positional argument whose
 * words are directions. */
static const ast_node *directions_of(const ast_node *f)
{
    for (int k = 0; k < f->nkids; k++) {
        const param_spec *p = param_of(f, k);
        if (p && p->type == ARG_WORDS && p->style == STYLE_POSITIONAL && catalogue_word_in("forward", p->words))
            return f->kids[k];
    }
    return NULL;
}

/* 1 when the direction word W of rule R leads player P anywhere. */
static int word_leads(const ruleset *rs, const move_rule *r, const char *w, int p)
{
    uint8_t d[8];
    int nd = topology_grid_directions(rs, w, rs->forward[p], d);
    for (int k = 0; k < nd; k++)
        for (int cell = 0; cell < rs->ncells; cell++)
            if (cellset_has(&rs->playable, cell) && (r->from_any || cellset_has(&r->from[p], cell)) &&
                compile_rule_reaches(rs, r, cell, d[k]))
                return 1;
    return nd < 0; /* not a square-board word: nothing to say */
}

/* Warns about each direction word of the rule F that leads nowhere while
 * others do (a rule that leads nowhere at all is warned about when it is
 * compiled). */
static void lint_directions(compiler *c, const ast_node *f)
{
    const ruleset *rs = c->rs;
    const move_rule *r = rule_of(c, f);
    const ast_node *dirs = directions_of(f);
    if (!r || !dirs || dirs->kind != AST_LIST) return;
    int dead[TB_MAX_DIRS * 4][2], live = 0, n = dirs->nkids < TB_MAX_DIRS * 4 ? dirs->nkids : TB_MAX_DIRS * 4;
    for (int i = 0; i < n; i++)
        for (int p = 0; p < 2; p++) {
            dead[i][p] = dirs->kids[i]->kind == AST_NAME && !word_leads(rs, r, dirs->kids[i]->text, p);
            live |= !dead[i][p];
        }
    if (!live) return;
    for (int i = 0; i < n; i++) {
        if (!dead[i][0] && !dead[i][1]) continue;
        const ast_node *w = dirs->kids[i];
        char who[64];
        int orthogonal = 1;
        uint8_t d[8];
        int nd = topology_grid_directions(rs, w->text, rs->forward[dead[i][0] ? 0 : 1], d);
        for (int k = 0; k < nd; k++) orthogonal &= d[k] % 2 == 0;
        whom(rs, dead[i], who, sizeof who);
        compile_warning(c, w, "`%s` leads to no playable cell%s, so `%s` never moves that way: %s", w->text, who,
                        f->text, orthogonal && checkered(rs) ? "on this board the orthogonal neighbours of a "
                                                               "playable cell are not playable"
                                                             : "it leaves the board from every cell it applies from");
    }
}

/* ---- jumps over one's own pieces ------------------------------------------ */

/* Bit p-1 of owners[t]: player p can hold a piece of type t, placed at the
 * start or made by a promotion. */
static void piece_owners(const ruleset *rs, uint8_t owners[TB_MAX_PIECE_TYPES])
{
    memset(owners, 0, TB_MAX_PIECE_TYPES);
    for (int i = 0; i < rs->nstart; i++)
        if (rs->start[i].type < TB_MAX_PIECE_TYPES) owners[rs->start[i].type] |= (uint8_t)(1u << (rs->start[i].owner - 1));
    for (int changed = 1; changed;) { /* a promotion's piece goes to whoever holds what it promotes */
        changed = 0;
        for (int i = 0; i < rs->npromotions; i++) {
            const promotion *pr = &rs->promotions[i];
            if (pr->from >= TB_MAX_PIECE_TYPES || pr->to >= TB_MAX_PIECE_TYPES) continue;
            uint8_t was = owners[pr->to];
            owners[pr->to] |= owners[pr->from];
            changed |= owners[pr->to] != was;
        }
    }
}

/* Warns about each type of the hop F's `over:` that only the mover's own
 * side ever holds: a hop jumps enemy pieces, so it never jumps those. */
static void lint_hop_over(compiler *c, const ast_node *f, const uint8_t owners[TB_MAX_PIECE_TYPES])
{
    const ruleset *rs = c->rs;
    const move_rule *r = rule_of(c, f);
    const ast_node *over = ast_named(f, "over");
    if (!r || r->kind != RULE_HOP || !over || r->piece >= TB_MAX_PIECE_TYPES) return;
    uint8_t movers = owners[r->piece];
    if (!movers) return; /* a piece no one holds: nothing moves at all */
    int n = over->kind == AST_LIST ? over->nkids : 1;
    for (int k = 0; k < n; k++) {
        const ast_node *w = over->kind == AST_LIST ? over->kids[k] : over;
        int t = w->kind == AST_NAME ? ruleset_piece(rs, w->text) : -1;
        if (t < 0 || !owners[t]) continue;
        /* jumpable when a player who moves this piece has an enemy who holds t */
        int enemy = ((movers & 1) && (owners[t] & 2)) || ((movers & 2) && (owners[t] & 1));
        if (enemy) continue;
        int p = owners[t] & 1 ? 1 : 2;
        compile_warning(c, w, "`%s` is only ever a piece of player %d (%s), the side that moves this `%s`: a hop "
                        "jumps enemy pieces, so it never jumps a `%s`",
                        w->text, p, rs->player_label[p - 1], rs->piece_name[r->piece], w->text);
    }
}

static void lint_moves(compiler *c, const ast_node *play)
{
    uint8_t owners[TB_MAX_PIECE_TYPES];
    piece_owners(c->rs, owners);
    int h = 0;
    const ast_node *moves;
    while ((moves = compile_next_form(play, "moves", &h))) {
        int j = 0;
        const ast_node *rule;
        while ((rule = compile_next_form(moves, NULL, &j))) {
            if (c->rs->topology == TOPO_SQUARE) lint_directions(c, rule);
            if (compile_move_form(rule) == compile_move_hop) lint_hop_over(c, rule, owners);
        }
    }
}

/* ---- parameters ignored --------------------------------------------------- */

/* 1 when some move of the game captures. */
static int anything_captures(const ruleset *rs)
{
    for (int i = 0; i < rs->nrules; i++)
        if (rs->rules[i].kind == RULE_HOP || rs->rules[i].land_on_enemy || rs->rules[i].line_capture) return 1;
    return rs->track.hit || rs->tiles.enclosure || rs->tiles.exchange_cost;
}

/* 1 when piece type T has a move rule (of kind KIND, or any when -1). */
static int has_rule(const ruleset *rs, int t, int kind)
{
    for (int i = 0; i < rs->nrules; i++)
        if (rs->rules[i].piece == t && (kind < 0 || rs->rules[i].kind == kind)) return 1;
    return 0;
}

/* 1 when piece type T makes a capture: a jump or a step onto an enemy. */
static int captures_with(const ruleset *rs, int t)
{
    for (int i = 0; i < rs->nrules; i++)
        if (rs->rules[i].piece == t && (rs->rules[i].kind == RULE_HOP || rs->rules[i].land_on_enemy || rs->rules[i].line_capture))
            return 1;
    return 0;
}

/* 1 when pieces of type T can be captured. */
static int capturable(const ruleset *rs, int t)
{
    for (int i = 0; i < rs->nrules; i++)
        if ((rs->rules[i].kind == RULE_HOP && (rs->rules[i].over_types >> t & 1)) || rs->rules[i].land_on_enemy ||
            rs->rules[i].line_capture)
            return 1;
    return 0;
}

/* The next clause after index I in PLAY that FN compiles, or NULL. */
static const ast_node *later(const ast_node *play, int i, compile_play_fn fn)
{
    for (int k = i + 1; k < play->nkids; k++)
        if (play->kids[k]->kind == AST_FORM && compile_play_form(play->kids[k]) == fn) return play->kids[k];
    return NULL;
}

/* The promotion compiled from the `(promote ...)` form F, or NULL. */
static int promotion_of(const compiler *c, const ast_node *f)
{
    const ruleset *rs = c->rs;
    const src_file *src = ast_src(f, c->src);
    int line, col;
    source_line_col(src, f->loc.begin, &line, &col);
    for (int i = 0; i < rs->npromotions; i++) {
        const clause_loc *cl = &rs->clauses[rs->promotions[i].clause];
        if (cl->line == line && cl->col == col && strcmp(rs->files[cl->file], src->path) == 0) return i;
    }
    return -1;
}

/* A second `(promote P ...)` whose cells meet an earlier one's: the earlier
 * one wins there, so the later one never applies on those cells. */
static void lint_promotions(compiler *c, const ast_node *play)
{
    const ruleset *rs = c->rs;
    for (int i = 0; i < play->nkids; i++) {
        const ast_node *f = play->kids[i];
        if (f->kind != AST_FORM || compile_play_form(f) != compile_play_promote) continue;
        int j = promotion_of(c, f);
        if (j < 0) continue;
        for (int k = 0; k < j; k++) {
            const promotion *a = &rs->promotions[k], *b = &rs->promotions[j];
            if (a->from != b->from || rs->clauses[a->clause].off || rs->clauses[b->clause].off) continue;
            int cell = -1;
            for (int p = 0; p < 2 && cell < 0; p++)
                for (int x = 0; x < rs->ncells && cell < 0; x++)
                    if (cellset_has(&a->where[p], x) && cellset_has(&b->where[p], x)) cell = x;
            if (cell < 0) continue;
            const clause_loc *cl = &rs->clauses[a->clause];
            compile_warning(c, f,
                            "this `(promote %s ...)` never applies where the one at line %d already promotes `%s` "
                            "(the first listed wins; %s is one such cell): give the choices as one list, "
                            "`(promote %s [%s %s] ...)`",
                            rs->piece_name[b->from], cl->line, rs->piece_name[b->from], rs->cell_name[cell],
                            rs->piece_name[b->from], rs->piece_name[a->to], rs->piece_name[b->to]);
            break;
        }
    }
}

static void lint_play(compiler *c, const ast_node *play)
{
    const ruleset *rs = c->rs;
    int captures = anything_captures(rs);
    lint_promotions(c, play);
    for (int i = 0; i < play->nkids; i++) {
        const ast_node *f = play->kids[i];
        if (f->kind != AST_FORM) continue;
        compile_play_fn fn = compile_play_form(f); /* which form it is */
        /* Clauses of which the last one given counts (a variant that adds
         * one where the base has one leaves the base's doing nothing). */
        static const compile_play_fn last_counts[] = { compile_play_capture, compile_play_announce };
        for (size_t k = 0; k < sizeof last_counts / sizeof last_counts[0]; k++) {
            const ast_node *next = fn == last_counts[k] ? later(play, i, fn) : NULL;
            if (!next) continue;
            int line, col;
            source_line_col(ast_src(next, c->src), next->loc.begin, &line, &col);
            compile_warning(c, f, "this `(%s ...)` changes nothing: the one at line %d%s%s replaces it", f->text,
                            line, ast_src(next, c->src) != ast_src(f, c->src) ? " of " : "",
                            ast_src(next, c->src) != ast_src(f, c->src) ? ast_src(next, c->src)->path : "");
        }
        if (fn == compile_play_capture && !captures)
            compile_warning(c, f, "`(capture ...)` changes nothing: no move of this game captures");
        if (fn != compile_play_hook || !rs->uses_max_capture) continue;
        const ast_node *name = compile_positional(f, 0);
        if (!name || compile_word(f, "name") != W_HOOK_MAX_CAPTURE) continue;
        if (!captures) {
            compile_warning(c, f, "the `max-capture` hook changes nothing: no move of this game captures");
            continue;
        }
        for (int k = 0; k < f->nkids; k++) {
            const ast_node *cr = f->kids[k];
            if (cr->kind != AST_FORM) continue;
            const ast_node *piece = compile_positional(cr, 0);
            int t = piece && piece->kind == AST_NAME ? ruleset_piece(rs, piece->text) : -1;
            if (t < 0) continue;
            if (compile_form_is(cr, "prefer-mover", "hook") && !captures_with(rs, t))
                compile_warning(c, cr, "this criterion never applies: `%s` has no capturing move", piece->text);
            if ((compile_form_is(cr, "most-captured", "hook") || compile_form_is(cr, "earliest", "hook")) &&
                !capturable(rs, t))
                compile_warning(c, cr, "this criterion never applies: no move captures a `%s`", piece->text);
        }
    }
}

static void lint_dice_and_end(compiler *c, const ast_node *game)
{
    const ruleset *rs = c->rs;
    const ast_node *dice = compile_form(game, "dice");
    if (dice && rs->dice_count == 1 && compile_flag_at(dice, "doubles-repeat"))
        compile_warning(c, compile_flag_at(dice, "doubles-repeat"), "`doubles-repeat` changes nothing with one die");
    if (dice && rs->dice_count == 1 && compile_flag_at(dice, "sum"))
        compile_warning(c, compile_flag_at(dice, "sum"), "`sum` changes nothing with one die");
    const ast_node *end = compile_form(game, "end");
    int i = 0;
    const ast_node *np;
    while (end && (np = compile_next_form(end, "no-progress", &i))) {
        const ast_node *reset = ast_named(np, "reset");
        int n = reset && reset->kind == AST_LIST ? reset->nkids : 1;
        for (int k = 0; reset && k < n; k++) {
            const ast_node *w = reset->kind == AST_LIST ? reset->kids[k] : reset;
            int t = w->kind == AST_NAME ? ruleset_piece(rs, w->text) : -1;
            if (t >= 0 && !has_rule(rs, t, -1))
                compile_warning(c, w, "`%s` never moves (no `(moves %s ...)`), so its moves never reset the count",
                                w->text, w->text);
        }
    }
}

void compile_lint(compiler *c, const ast_node *game)
{
    lint_regions(c, game);
    lint_unused_regions(c, game);
    const ast_node *start = compile_form(game, "start");
    if (start) lint_places(c, start);
    const ast_node *play = compile_form(game, "play");
    if (play) {
        lint_moves(c, play);
        lint_play(c, play);
    }
    lint_dice_and_end(c, game);
}
