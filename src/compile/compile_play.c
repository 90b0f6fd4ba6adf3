/* compile_play.c - the `play` section: the move rules of each piece (step,
 * slide and hop here, with directions, distances and where they may start;
 * advance, place, fly, sow and leap by their own files' helpers),
 * promotions, mandatory capture, hooks, announcements and the streak limit.
 * Each form of the play and each move kind has its own compile_play_* or
 * compile_move_* function, found through the table of compile_forms.c; the
 * play forms of tracks, tiles, placing, and the rules of a royal piece,
 * castling and custody are in compile_track.c, compile_tiles.c,
 * compile_place.c and compile_royal.c.
 * End conditions are compile_end.c's. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "engine/move.h"
#include "lang/catalogue.h"

static int compile_from(compiler *c, const ast_node *form, move_rule *r)
{
    const ast_node *from = ast_named(form, "from");
    r->from_any = from == NULL;
    return !from || compile_region(c, from, r->from);
}

/* A hop distance: an integer N (exactly N), a range LO..HI, or `any` (1 or
 * more); absent means 1. Writes the bounds (TB_ANY_DISTANCE: no upper bound). */
static int compile_distance(compiler *c, const ast_node *v, uint8_t *lo, uint8_t *hi)
{
    long a = 1, b = 1;
    if (!v) {
        *lo = *hi = 1;
        return 1;
    }
    if (v->kind == AST_NAME) { /* the catalogue allows `any` only */
        *lo = 1;
        *hi = TB_ANY_DISTANCE;
        return 1;
    }
    if (v->kind == AST_RANGE) {
        a = v->lo;
        b = v->hi;
    } else if (compile_int(c, v, &a)) {
        b = a;
    } else {
        return 0;
    }
    if (a < 1 || b >= TB_ANY_DISTANCE || a > b) {
        if (a == b) compile_error(c, v, "a distance is 1 to %d cells (or `any`); got %ld", TB_ANY_DISTANCE - 1, a);
        else compile_error(c, v, "a distance is 1 to %d cells (or `any`); got %ld..%ld", TB_ANY_DISTANCE - 1, a, b);
        return 0;
    }
    *lo = (uint8_t)a;
    *hi = (uint8_t)b;
    return 1;
}

/* The cell K cells from CELL in direction D, playable or not, or -1. */
static int cell_along(const ruleset *rs, int cell, int d, int k)
{
    while (k-- > 0 && cell >= 0) cell = rs->ray[cell][d] == TB_NO_CELL ? -1 : rs->ray[cell][d];
    return cell;
}

/* 1 when rule R, moving player P from CELL in direction D, can reach a
 * playable cell at all on this board (empty board, pieces ignored). */
static int geometry_allows(const ruleset *rs, const move_rule *r, int cell, int d)
{
    int reach = rs->ncells; /* no line is longer than the board */
    if (r->kind == RULE_STEP) return rs->nbr[cell][d] != TB_NO_CELL;
    if (r->kind == RULE_SLIDE) {
        for (int k = 1; k <= reach; k++) {
            int to = cell_along(rs, cell, d, k);
            if (to < 0) return 0;
            if (cellset_has(&rs->playable, to)) return 1;
        }
        return 0;
    }
    int bmax = r->before_max == TB_ANY_DISTANCE ? reach : r->before_max;
    int amax = r->after_max == TB_ANY_DISTANCE ? reach : r->after_max;
    for (int b = r->before_min; b <= bmax; b++) {
        int over = cell_along(rs, cell, d, b);
        if (over < 0) return 0;
        if (!cellset_has(&rs->playable, over)) continue;
        for (int a = r->after_min; a <= amax; a++) {
            int land = cell_along(rs, over, d, a);
            if (land < 0) break;
            if (cellset_has(&rs->playable, land)) return 1;
        }
    }
    return 0;
}

/* A rule that no piece can ever use on this board is almost always a slip
 * (an orthogonal jump on a board of dark cells): say so, with the reason. */
static void warn_if_never_applies(compiler *c, const ast_node *f, const move_rule *r)
{
    const ruleset *rs = c->rs;
    if (rs->topology != TOPO_SQUARE) return;
    for (int p = 0; p < TB_MAX_PLAYERS; p++)
        for (int cell = 0; cell < rs->ncells; cell++) {
            if (!cellset_has(&rs->playable, cell) || !(r->from_any || cellset_has(&r->from[p], cell))) continue;
            for (int k = 0; k < r->ndirs[p]; k++)
                if (geometry_allows(rs, r, cell, r->dirs[p][k])) return;
        }
    if (r->kind == RULE_HOP)
        compile_warning(c, f, "this `hop` can never capture on this board: no playable cell lies at the distances "
                              "`before:` and `after:` in its directions from a playable cell%s",
                        r->before_max == 1 && r->after_max == 1 ? " (on a board of one colour, orthogonal "
                                                                  "neighbours are of the other: try `before:2 after:2`)" : "");
    else
        compile_warning(c, f, "this `%s` can never move a piece on this board: no playable cell lies in its "
                              "directions from a playable cell it applies from", f->text);
}

/* A chain jumps each piece once and only enemy pieces, and no position
 * holds more pieces than the start (positions are checked against it): so a
 * chain is at most as long as the larger side of the start is many. A move
 * holds TB_MAX_PATH jumps; a game that could need more is refused here
 * rather than have its longest chains cut short. */
/* The most pieces any one player starts with. */
static int most_pieces(const ruleset *rs)
{
    int pieces[TB_MAX_PLAYERS] = { 0 }, most = 0;
    for (int i = 0; i < rs->nstart; i++)
        if (rs->start[i].owner >= 1 && rs->start[i].owner <= TB_MAX_PLAYERS)
            pieces[rs->start[i].owner - 1] += rs->start[i].count;
    for (int p = 0; p < TB_MAX_PLAYERS; p++)
        if (pieces[p] > most) most = pieces[p];
    return most;
}

static int chain_fits(compiler *c, const ast_node *hop, int straight)
{
    const ruleset *rs = c->rs;
    int most = most_pieces(rs);
    if (most <= TB_MAX_PATH) return 1;
    /* A straight chain stays on one line, and each jump crosses two cells at least. */
    int line = rs->width > rs->height ? rs->width : rs->height;
    if (straight && (line - 1) / 2 <= TB_MAX_PATH) return 1;
    compile_error(c, hop, "a capture chain here could jump %d pieces, as many as a player starts with; a move holds "
                  "at most " TB_MAX_PATH_TEXT " jumps (docs/limits.md)", most);
    return 0;
}

/* The word FLAG among F's arguments, or F itself. */
static const ast_node *flag_at(const ast_node *f, const char *flag)
{
    const ast_node *at = compile_flag_at(f, flag);
    return at ? at : f;
}

/* A step's `capture:approach`, `capture:withdrawal` or both, and the flags
 * of its chains: `chain`, `may-stop`, `no-revisit`, `turn`. */
static int compile_line_capture(compiler *c, const ast_node *f, move_rule *r)
{
    const ast_node *cap = ast_named(f, "capture");
    r->chain = (uint8_t)compile_flag(f, "chain");
    r->may_stop = (uint8_t)compile_flag(f, "may-stop");
    r->no_revisit = (uint8_t)compile_flag(f, "no-revisit");
    r->turn = (uint8_t)compile_flag(f, "turn");
    if (cap) {
        int n = cap->kind == AST_LIST ? cap->nkids : 1;
        for (int k = 0; k < n; k++) {
            const ast_node *w = cap->kind == AST_LIST ? cap->kids[k] : cap;
            r->line_capture |= compile_word_of(f, "capture", w) == W_LINE_APPROACH ? LINE_APPROACH : LINE_WITHDRAWAL;
        }
    }
    if (!cap) {
        static const char *const flags[] = { "chain", "may-stop", "no-revisit", "turn" };
        for (int k = 0; k < 4; k++)
            if (compile_flag(f, flags[k])) {
                compile_error(c, flag_at(f, flags[k]), "`%s` belongs to a step that captures: add `capture:approach`, "
                                    "`capture:withdrawal` or both", flags[k]);
                return 0;
            }
        return 1;
    }
    if (r->land_on_enemy) {
        compile_error(c, cap, "a step captures by landing (`to:%s`) or by `capture:`, not both",
                      r->only_enemy ? "enemy" : "empty-or-enemy");
        return 0;
    }
    if (c->rs->topology != TOPO_SQUARE) {
        compile_error(c, cap, "`capture:` needs a board of cells (`square`)");
        return 0;
    }
    if (r->may_stop && !r->chain)
        compile_warning(c, flag_at(f, "may-stop"), "`may-stop` has no effect without `chain`: a single step stops after its one capture");
    if (r->no_revisit && !r->chain)
        compile_warning(c, flag_at(f, "no-revisit"), "`no-revisit` has no effect without `chain`: a single step visits no cell twice");
    if (r->turn && !r->chain)
        compile_warning(c, flag_at(f, "turn"), "`turn` has no effect without `chain`: a single step has no step before it");
    if (r->chain && !chain_fits(c, f, 0)) return 0;
    if (r->chain) { /* its notation (from, then -CELL and A or W a step) must fit a move's text */
        const ruleset *rs = c->rs;
        int name = 0;
        for (int cell = 0; cell < rs->ncells; cell++)
            if ((int)strlen(rs->cell_name[cell]) > name) name = (int)strlen(rs->cell_name[cell]);
        int most = most_pieces(rs);
        if (name + most * (name + 2) + 1 > TB_MOVE_TEXT_MAX) {
            compile_error(c, flag_at(f, "chain"), "a chain of steps here could take %d pieces in as many steps, "
                          "longer to write than a move's %d characters (docs/limits.md)", most, TB_MOVE_TEXT_MAX - 1);
            return 0;
        }
    }
    return 1;
}

/* Move kinds: one function per form of (moves TYPE ...), each filling R
 * (its piece already set) from F; 0 after reporting an error (the rule is
 * then left out). compile_rule() finds the function through the table of
 * compile_forms.c and keeps the rule. */
int compile_move_advance(compiler *c, const ast_node *f, move_rule *r, int piece)
{
    if (!compile_track_advance(c, f, piece)) return 0;
    r->kind = RULE_ADVANCE;
    c->rs->track.advance_rule = (uint8_t)c->rs->nrules; /* the rule about to be kept */
    return 1;
}

int compile_move_place(compiler *c, const ast_node *f, move_rule *r, int piece)
{
    (void)piece;
    return compile_place_rule(c, f, r) && compile_rule_conditions(c, f, r);
}

int compile_move_fly(compiler *c, const ast_node *f, move_rule *r, int piece)
{
    (void)piece;
    return compile_fly_rule(c, f, r) && compile_rule_conditions(c, f, r);
}

int compile_move_sow(compiler *c, const ast_node *f, move_rule *r, int piece)
{
    (void)piece;
    return compile_sow_rule(c, f, r) && compile_rule_conditions(c, f, r);
}

int compile_move_remove_piece(compiler *c, const ast_node *f, move_rule *r, int piece)
{
    (void)piece;
    if (!compile_remove_rule(c, f, r) || !compile_rule_conditions(c, f, r)) return 0;
    c->rs->remove_rules[c->rs->nremove_rules++] = (uint8_t)c->rs->nrules; /* the rule about to be kept */
    return 1;
}

int compile_move_leap(compiler *c, const ast_node *f, move_rule *r, int piece)
{
    (void)piece;
    return compile_leap_rule(c, f, r) && compile_capture_modes(c, f, r) && compile_rule_conditions(c, f, r);
}

int compile_move_step(compiler *c, const ast_node *f, move_rule *r, int piece)
{
    (void)piece;
    if (!compile_rule_directions(c, compile_positional(f, 0), r) || !compile_from(c, f, r)) return 0;
    r->kind = RULE_STEP;
    return compile_capture_modes(c, f, r) && compile_line_capture(c, f, r) && compile_rule_conditions(c, f, r);
}

int compile_move_hop(compiler *c, const ast_node *f, move_rule *r, int piece)
{
    (void)piece;
    if (!compile_rule_directions(c, compile_positional(f, 0), r) || !compile_from(c, f, r)) return 0;
    const ast_node *over = ast_named(f, "over");
    r->kind = RULE_HOP;
    r->chain = (uint8_t)compile_flag(f, "chain");
    r->no_reverse = (uint8_t)compile_flag(f, "no-reverse");
    r->straight = (uint8_t)compile_flag(f, "straight");
    r->may_stop = (uint8_t)compile_flag(f, "may-stop");
    if (!compile_distance(c, ast_named(f, "before"), &r->before_min, &r->before_max) ||
        !compile_distance(c, ast_named(f, "after"), &r->after_min, &r->after_max))
        return 0;
    if (r->no_reverse && !r->chain)
        compile_warning(c, f, "`no-reverse` has no effect without `chain`: a single jump has no jump before it");
    if (r->straight && !r->chain)
        compile_warning(c, f, "`straight` has no effect without `chain`: a single jump has no jump before it");
    if (r->may_stop && !r->chain)
        compile_warning(c, f, "`may-stop` has no effect without `chain`: a single jump stops after its one jump");
    if (r->chain && !chain_fits(c, f, r->straight)) return 0;
    int n = over->kind == AST_LIST ? over->nkids : 1;
    for (int k = 0; k < n; k++) {
        const ast_node *t = over->kind == AST_LIST ? over->kids[k] : over;
        int type = compile_piece(c, t);
        if (type < 0) return 0;
        r->over_types |= (typeset)(1u << type);
    }
    if (c->rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`hop` needs a square board");
        return 0;
    }
    return compile_rule_conditions(c, f, r);
}

int compile_move_slide(compiler *c, const ast_node *f, move_rule *r, int piece)
{
    (void)piece;
    if (!compile_rule_directions(c, compile_positional(f, 0), r) || !compile_from(c, f, r)) return 0;
    const ast_node *max = ast_named(f, "max");
    r->kind = RULE_SLIDE;
    if (!max) {
        r->slide_limit = SLIDE_MAX_FIXED;
        r->max_value = TB_MAX_CELLS; /* any distance: the board ends first */
    } else if (max->kind == AST_NAME) {
        if (compile_word(f, "max") != W_SLIDE_MAX_ROW_OTHERS) {
            compile_error(c, max, "`max:` takes an integer or `row-others`; got `%s`", max->text);
            return 0;
        }
        r->slide_limit = SLIDE_MAX_ROW_OTHERS;
    } else {
        long v;
        if (!compile_int(c, max, &v)) return 0;
        if (v < 1 || v > 99) {
            compile_error(c, max, "a slide goes 1 to 99 cells; got %ld", v);
            return 0;
        }
        r->slide_limit = SLIDE_MAX_FIXED;
        r->max_value = (int16_t)v;
    }
    const ast_node *ne = ast_named(f, "never-enter"), *shoot = ast_named(f, "shoot");
    if (ne && !compile_region(c, ne, r->never_enter)) return 0;
    r->has_never_enter = ne && !(cellset_empty(&r->never_enter[0]) && cellset_empty(&r->never_enter[1]));
    if (!compile_capture_modes(c, f, r)) return 0;
    if (shoot) {
        int t = compile_piece(c, shoot);
        if (t < 0) return 0;
        r->shoot = 1;
        r->shoot_type = (uint8_t)t;
    }
    if (c->rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`slide` needs a square board");
        return 0;
    }
    return compile_rule_conditions(c, f, r);
}

/* One rule of (moves PIECE ...): compiled by its kind's function, then kept
 * with its clause number. */
static void compile_rule(compiler *c, const ast_node *f, int piece)
{
    ruleset *rs = c->rs;
    if (rs->nrules == TB_MAX_RULES) {
        compile_limit_error(c, f, "too many move rules: a game has at most %d, over all its piece types", TB_MAX_RULES);
        return;
    }
    move_rule r;
    memset(&r, 0, sizeof r);
    r.piece = (uint8_t)piece;
    compile_move_fn fn = compile_move_form(f);
    if (!fn || !fn(c, f, &r, piece)) return;
    r.clause = (uint16_t)compile_clause(c, f);
    if (r.kind == RULE_STEP || r.kind == RULE_HOP || r.kind == RULE_SLIDE) warn_if_never_applies(c, f, &r);
    rs->rules[rs->nrules++] = r;
}

void compile_play_promote(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    if (rs->npromotions == TB_MAX_PROMOTIONS) {
        compile_limit_error(c, f, "too many promotions: a game has at most %d", TB_MAX_PROMOTIONS);
        return;
    }
    int from = compile_piece(c, compile_positional(f, 0)), to = -1;
    promotion pr;
    memset(&pr, 0, sizeof pr);
    const ast_node *types = compile_positional(f, 1);
    int nt = types && types->kind == AST_LIST ? types->nkids : 1;
    for (int k = 0; types && k < nt; k++) { /* one type, or the list the player chooses from */
        const ast_node *t = types->kind == AST_LIST ? types->kids[k] : types;
        int type = compile_piece(c, t);
        if (type < 0) return;
        if (type == from) {
            compile_error(c, types->kind == AST_LIST ? t : f, "a piece cannot be promoted to its own type `%s`",
                          rs->piece_name[from]);
            return;
        }
        if (to < 0) to = type;
        pr.choices |= (typeset)(1u << type);
    }
    if (!compile_region(c, ast_named(f, "at"), pr.where) || from < 0 || to < 0) return;
    pr.from = (uint8_t)from;
    pr.to = (uint8_t)to;
    static const uint8_t mid_chain_of[W_MID_COUNT] = { [W_MID_ENDS] = MID_CHAIN_ENDS, [W_MID_CROWNS] = MID_CHAIN_CROWNS,
                                                       [W_MID_PASSES] = MID_CHAIN_PASSES };
    int mid = compile_word(f, "mid-chain"); /* it has a default */
    pr.mid_chain = mid < 0 ? MID_CHAIN_ENDS : mid_chain_of[mid];
    pr.optional = (uint8_t)compile_flag(f, "optional");
    pr.leaving = (uint8_t)compile_flag(f, "leaving");
    const ast_node *forced = ast_named(f, "forced");
    if (forced && !pr.optional) {
        compile_error(c, forced, "`forced:` says where an `optional` promotion must be taken all the same: add `optional`");
        return;
    }
    if (forced && !compile_region(c, forced, pr.forced)) return;
    pr.clause = (uint16_t)compile_clause(c, f);
    rs->promotions[rs->npromotions++] = pr;
}

/* A worth: a whole number or a fraction NUM/DEN in lowest terms. */
static int compile_number(compiler *c, const ast_node *v, long *num, long *den)
{
    if (v && v->kind == AST_FRACTION) {
        *num = v->lo;
        *den = v->hi;
        return 1;
    }
    *den = 1;
    return compile_int(c, v, num);
}

static long gcd_of(long a, long b)
{
    while (b) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Worths are compared exactly as whole multiples of 1/(the least common
 * multiple of their denominators); with worths up to 1000000 and that
 * denominator up to 1000, each fits the engine's 32-bit value. */
#define WORTH_MAX 1000000
#define WORTH_DENOMINATOR_MAX 1000

/* (most-value (worth TYPE N)...): the worth of each type in VALUE, scaled
 * to whole numbers over a common denominator; 0 after reporting an error. */
static int compile_worths(compiler *c, const ast_node *f, int32_t *value)
{
    int j = 0, ok = 1;
    uint8_t seen = 0;
    long num[TB_MAX_PIECE_TYPES] = {0}, den[TB_MAX_PIECE_TYPES], common = 1;
    for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) den[t] = 1;
    const ast_node *w;
    while ((w = compile_next_form(f, "worth", &j))) {
        int t = compile_piece(c, compile_positional(w, 0));
        const ast_node *v = compile_positional(w, 1);
        long n, d;
        if (t < 0 || !compile_number(c, v, &n, &d)) {
            ok = 0;
            continue;
        }
        if (seen & (1u << t)) {
            compile_error(c, w, "the worth of `%s` is given twice", c->rs->piece_name[t]);
            ok = 0;
            continue;
        }
        if (n < 0 || n > WORTH_MAX * d) {
            if (d == 1) compile_error(c, v, "a worth is 0 to %d; got %ld", WORTH_MAX, n);
            else compile_error(c, v, "a worth is 0 to %d; got %s", WORTH_MAX, v->text);
            ok = 0;
            continue;
        }
        long lcm = common / gcd_of(common, d) * d;
        if (lcm > WORTH_DENOMINATOR_MAX) {
            compile_error(c, v, "the worths of `%s` need a common denominator of %ld with %s; at most %d",
                          f->text, lcm, v->text, WORTH_DENOMINATOR_MAX);
            ok = 0;
            continue;
        }
        common = lcm;
        seen |= (uint8_t)(1u << t);
        num[t] = n;
        den[t] = d;
    }
    for (int t = 0; t < TB_MAX_PIECE_TYPES; t++)
        if (seen & (1u << t)) value[t] = (int32_t)(num[t] * (common / den[t]));
    return ok;
}

void compile_play_hook(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    const char *name = compile_positional(f, 0)->text;
    int max_capture = compile_word(f, "name") == W_HOOK_MAX_CAPTURE;
    int given = 0; /* criteria written, valid or not */
    for (int i = 0; i < f->nkids; i++) {
        const ast_node *k = f->kids[i];
        int for_max = k->kind == AST_FORM && catalogue_word_in(k->text, CATALOGUE_MAX_CAPTURE_CRITERIA);
        int for_tiles = (k->kind == AST_FORM && !for_max) ||
                        (k->kind == AST_NAME && compile_is_flag(f, k));
        if ((for_max && !max_capture) || (for_tiles && max_capture)) {
            compile_error(c, k, "`%s` is a parameter of the `%s` hook, not of `%s`", k->text,
                          for_max ? "max-capture" : "tile-collapse", name);
            continue;
        }
        if (!for_max) continue;
        if (rs->ncriteria == TB_MAX_CRITERIA) {
            compile_limit_error(c, k, "too many max-capture criteria: a game has at most %d", TB_MAX_CRITERIA);
            break;
        }
        given++;
        criterion cr;
        memset(&cr, 0, sizeof cr);
        cr.piece = 255;
        cr.kind = compile_form_is(k, "most-captured", "hook") ? CRIT_MOST_CAPTURED
                  : compile_form_is(k, "most-value", "hook")  ? CRIT_MOST_VALUE
                  : compile_form_is(k, "earliest", "hook")    ? CRIT_EARLIEST
                                                               : CRIT_PREFER_MOVER;
        if (cr.kind == CRIT_MOST_VALUE) {
            if (!compile_worths(c, k, cr.value)) continue;
        } else {
            const ast_node *piece = compile_positional(k, 0);
            if (piece) {
                int t = compile_piece(c, piece);
                if (t < 0) continue;
                cr.piece = (uint8_t)t;
            }
        }
        cr.clause = (uint16_t)compile_clause(c, k);
        rs->criteria[rs->ncriteria++] = cr;
    }
    if (max_capture) {
        if (rs->uses_max_capture) compile_error(c, f, "the `max-capture` hook is used twice");
        rs->uses_max_capture = 1;
        if (given == 0) compile_error(c, f, "`max-capture` needs at least one criterion, like `(most-captured)`");
    } else {
        if (rs->uses_tile_collapse) compile_error(c, f, "the `tile-collapse` hook is used twice");
        rs->uses_tile_collapse = 1;
        if (rs->topology != TOPO_TILES) compile_error(c, f, "`tile-collapse` needs a board of tiles");
        else compile_tiles_collapse(c, f);
    }
}

/* (announce TEXT when:capture-threat): said after an action that threatens
 * a capture. An `if:OPTION` switch was applied with the other options: an
 * announcement switched off never gets here (its clause is recorded off). */
void compile_play_announce(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    const ast_node *text = compile_positional(f, 0);
    rs->threat_clause = (uint16_t)(compile_clause(c, f) + 1);
    if (text && text->kind == AST_STRING) compile_text(c, text, rs->threat_text, sizeof rs->threat_text, "an announcement");
}

/* (streak-limit TYPE N while-has:OTHER): a piece of TYPE makes at most N
 * non-capturing moves in a row. The count is the piece's own (state.mark),
 * so the pieces' marks are kept from then on. */
void compile_play_streak_limit(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    const ast_node *count = compile_positional(f, 1), *other = ast_named(f, "while-has");
    if (rs->streak_type >= 0) {
        compile_error(c, f, "`streak-limit` is used twice");
        return;
    }
    if (rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`streak-limit` needs a square board (pieces that keep their own count)");
        return;
    }
    int type = compile_piece(c, compile_positional(f, 0));
    int whilst = other ? compile_piece(c, other) : -1;
    long n;
    if (type < 0 || (other && whilst < 0) || !compile_int(c, count, &n)) return;
    if (n < 1 || n > TB_MAX_STREAK) {
        compile_error(c, count, "a streak limit is 1 to %d moves; got %ld (docs/limits.md)", TB_MAX_STREAK, n);
        return;
    }
    if (whilst == type) {
        compile_error(c, other, "`while-has:%s` names the limited type itself: a piece of it is always there", other->text);
        return;
    }
    rs->streak_type = (int8_t)type;
    rs->streak_while = (int8_t)whilst;
    rs->streak_max = (uint8_t)n;
    compile_locate(c, f, &rs->streak_loc);
    rs->uses_marks = 1;
}

/* 1 when pieces of TYPE can capture more than once in a move. */
static int type_chains(const ruleset *rs, int type)
{
    for (int i = 0; i < rs->nrules; i++)
        if (rs->rules[i].piece == type && (rs->rules[i].kind == RULE_HOP || rs->rules[i].line_capture) && rs->rules[i].chain)
            return 1;
    return 0;
}

/* Parameters that say what happens inside a capture chain have nothing to
 * act on when no piece of the game (or of the promoted type) chains. */
static void warn_ignored_parameters(compiler *c, const ast_node *play)
{
    const ruleset *rs = c->rs;
    int any_chain = 0;
    for (int t = 0; t < rs->npiece_types; t++) any_chain |= type_chains(rs, t);
    for (int i = 0; i < play->nkids; i++) {
        const ast_node *f = play->kids[i], *v;
        if (f->kind != AST_FORM) continue;
        compile_play_fn fn = compile_play_form(f);
        if (fn == compile_play_promote && (v = ast_named(f, "mid-chain"))) {
            int from = ruleset_piece(rs, compile_positional(f, 0)->text);
            if (from >= 0 && !type_chains(rs, from))
                compile_warning(c, v, "`mid-chain:` has no effect: `%s` never captures in a chain", rs->piece_name[from]);
        } else if (fn == compile_play_capture && (v = ast_named(f, "removal")) && !any_chain) {
            compile_warning(c, v, "`removal:` has no effect: no piece of this game captures in a chain");
        } else if (fn == compile_play_capture && (v = ast_named(f, "removal")) &&
                   compile_word(f, "removal") == W_REMOVAL_AT_END) {
            int hops = 0, lines = 0;
            for (int k = 0; k < rs->nrules; k++) {
                hops |= rs->rules[k].kind == RULE_HOP && rs->rules[k].chain;
                lines |= rs->rules[k].line_capture && rs->rules[k].chain;
            }
            if (lines && !hops)
                compile_warning(c, v, "`removal:at-end` has no effect: the pieces a `capture:` step takes leave at once");
        }
    }
}

/* (moves TYPE RULE...): each rule of the piece. */
void compile_play_moves(compiler *c, const ast_node *f)
{
    int piece = compile_piece(c, compile_positional(f, 0));
    if (piece < 0) return;
    int j = 0;
    const ast_node *r;
    while ((r = compile_next_form(f, NULL, &j))) compile_rule(c, r, piece);
}

/* (capture mandatory|optional [removal:at-end]) */
void compile_play_capture(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    rs->capture_mandatory = compile_word(f, "rule") == W_CAPTURE_MANDATORY;
    compile_locate(c, f, &rs->capture_loc);
    rs->capture_at_end = compile_word(f, "removal") == W_REMOVAL_AT_END;
}

/* Each form of the play is compiled by the function compile_forms.c's table
 * gives its catalogue spec. */
void compile_play(compiler *c, const ast_node *play)
{
    for (int i = 0; i < play->nkids; i++) {
        const ast_node *f = play->kids[i];
        if (f->kind != AST_FORM) continue;
        compile_play_fn fn = compile_play_form(f);
        if (fn) fn(c, f);
    }
    warn_ignored_parameters(c, play);
    if (c->rs->nrules == 0 && !compile_failed(c))
        compile_warning(c, play, "no `(moves ...)` rule: no piece can ever move");
}

int compile_rule_reaches(const ruleset *rs, const move_rule *r, int cell, int d)
{
    return geometry_allows(rs, r, cell, d);
}
