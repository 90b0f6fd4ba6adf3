/* compile_end.c - end conditions: who wins, loses or draws, and when. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"

/* A count in `turns` (one move of each player) or `plies`, as plies; at
 * least MIN (0 for a material draw: drawn as soon as the balance stands). */
static int plies_of(compiler *c, const ast_node *f, long n, long min, uint16_t *out)
{
    int turns = compile_word(f, "unit") == W_UNIT_TURNS, players = c->rs->nplayers > 2 ? c->rs->nplayers : 2;
    long plies = turns ? players * n : n;
    if (n < min || plies > 60000) {
        char most[32];
        snprintf(most, sizeof most, turns ? "%d turns" : "60000 plies", 60000 / players);
        compile_error(c, compile_positional(f, 0), "%s counts %ld to %s; got %ld", f->text, min, most, n);
        return 0;
    }
    *out = (uint16_t)plies;
    return 1;
}

/* A range node (or an integer) into LO..HI, within 0..MAX. */
static int count_range(compiler *c, const ast_node *v, long max, uint16_t *lo, uint16_t *hi)
{
    long a, b;
    if (v && v->kind == AST_RANGE) {
        a = v->lo;
        b = v->hi;
    } else if (compile_int(c, v, &a)) {
        b = a;
    } else {
        return 0;
    }
    if (a < 0 || b > max || a > b) {
        compile_error(c, v, "a number of pieces is 0 to %ld; got %ld..%ld", max, a, b);
        return 0;
    }
    *lo = (uint16_t)a;
    *hi = (uint16_t)b;
    return 1;
}

/* `in:REGION` of an (of ...) form: the region must be a declared one, so the
 * engine can find its cells by index. */
static int side_region(compiler *c, const ast_node *in, material_side *out, int k)
{
    for (int i = 0; i < c->rs->nregions; i++)
        if (in->kind == AST_NAME && strcmp(c->rs->regions[i].name, in->text) == 0) {
            out->in_region[k] = 1;
            out->region_index[k] = (uint8_t)i;
            return 1;
        }
    cellset check[TB_MAX_PLAYERS];
    if (!compile_region(c, in, check)) return 0; /* says what is wrong with it */
    compile_error(c, in, "`in:` takes the name of a region declared in `(regions ...)`");
    return 0;
}

/* (side PIECES (of TYPE N)...) of a material balance. */
static int compile_side(compiler *c, const ast_node *f, material_side *out)
{
    memset(out, 0, sizeof *out);
    if (!count_range(c, compile_positional(f, 0), TB_MAX_CELLS, &out->total_min, &out->total_max)) return 0;
    int j = 0;
    const ast_node *of;
    while ((of = compile_next_form(f, "of", &j))) {
        int t = compile_piece(c, compile_positional(of, 0));
        int k = out->ntypes;
        if (t < 0 || !count_range(c, compile_positional(of, 1), TB_MAX_CELLS, &out->type_min[k], &out->type_max[k]))
            return 0;
        const ast_node *in = ast_named(of, "in");
        if (in && !side_region(c, in, out, k)) return 0;
        if (out->type_min[k] > out->total_max) {
            compile_error(c, of, "this side has at most %d piece%s, so it can never have %d `%s`", out->total_max,
                          out->total_max == 1 ? "" : "s", out->type_min[k], c->rs->piece_name[t]);
            return 0;
        }
        out->type[out->ntypes++] = (uint8_t)t;
    }
    return 1;
}

/* The sides and the total of a material balance F. */
static int compile_balance(compiler *c, const ast_node *f, end_rule *e)
{
    int j = 0;
    const ast_node *a = compile_next_form(f, "side", &j), *b = compile_next_form(f, "side", &j);
    if (!compile_side(c, a, &e->side[0]) || !compile_side(c, b, &e->side[1])) return 0;
    const ast_node *total = compile_form(f, "total");
    e->total_min = 0;
    e->total_max = 2 * TB_MAX_CELLS;
    if (total && !count_range(c, compile_positional(total, 0), 2 * TB_MAX_CELLS, &e->total_min, &e->total_max))
        return 0;
    return 1;
}

int compile_end_no_progress(compiler *c, const ast_node *f, end_rule *e)
{
    long n;
    if (!compile_int(c, compile_positional(f, 0), &n) || !plies_of(c, f, n, 1, &e->moves))
        return 0;
    e->kind = END_NO_PROGRESS;
    e->outcome = OUT_DRAW;
    const ast_node *reset = ast_named(f, "reset");
    int nr = reset ? (reset->kind == AST_LIST ? reset->nkids : 1) : 0;
    for (int k = 0; k < nr; k++) {
        const ast_node *w = reset->kind == AST_LIST ? reset->kids[k] : reset;
        int word = compile_word_of(f, "reset", w);
        if (word == W_RESET_CAPTURE || word == W_RESET_PROMOTION) {
            e->reset_capture |= word == W_RESET_CAPTURE;
            e->reset_promotion |= word == W_RESET_PROMOTION;
            continue;
        }
        int t = compile_piece(c, w);
        if (t >= 0) e->reset_types |= (typeset)(1u << t);
    }
    return 1;
}

/* The outcomes of end conditions, by their words' index in the catalogue. */
static const uint8_t outcome_of[W_OUTCOME_COUNT] = {
    [W_OUTCOME_WINS] = OUT_WINS,
    [W_OUTCOME_LOSES] = OUT_LOSES,
    [W_OUTCOME_DRAW] = OUT_DRAW,
    [W_OUTCOME_MOST_PIECES] = OUT_MOST_PIECES,
    [W_OUTCOME_MOST_CAPTURED] = OUT_MOST_CAPTURED,
};

int compile_outcome(const ast_node *f, int absent)
{
    int w = compile_word(f, "outcome");
    return w < 0 ? absent : outcome_of[w];
}

int compile_end_no_pieces(compiler *c, const ast_node *f, end_rule *e)
{
    (void)c;
    e->kind = END_NO_PIECES;
    e->outcome = compile_outcome(f, OUT_DRAW);
    return 1;
}

int compile_end_blocked(compiler *c, const ast_node *f, end_rule *e)
{
    (void)c;
    e->kind = END_BLOCKED;
    e->outcome = compile_outcome(f, OUT_DRAW);
    return 1;
}

int compile_end_repetition(compiler *c, const ast_node *f, end_rule *e)
{
    ruleset *rs = c->rs;
    const ast_node *arg = compile_positional(f, 0);
    long n;
    if (!compile_int(c, arg, &n)) return 0;
    if (n < 2 || n > 100) {
        compile_error(c, arg, "repetition counts 2 to 100 occurrences; got %ld", n);
        return 0;
    }
    e->kind = END_REPETITION;
    e->outcome = OUT_DRAW;
    e->moves = (uint16_t)n;
    rs->uses_repetition = 1;
    const ast_node *perpetual = ast_named(f, "perpetual-check");
    if (compile_word(f, "perpetual-check") == W_PERPETUAL_LOSES) {
        if (rs->royal_type < 0) {
            compile_error(c, perpetual, "`perpetual-check:` needs a royal piece to check: the rules have no "
                          "`(royal T)`");
            return 0;
        }
        e->perpetual_loses = 1;
        rs->counts_checks = 1;
    }
    return 1;
}

/* material-draw (DRAW) and material-win. */
static int compile_material(compiler *c, const ast_node *f, end_rule *e, int draw)
{
    long n;
    if (draw && (!compile_int(c, compile_positional(f, 0), &n) || !plies_of(c, f, n, 0, &e->moves)))
        return 0;
    if (!compile_balance(c, f, e)) return 0;
    e->kind = draw ? END_MATERIAL : END_MATERIAL_WIN;
    e->outcome = draw ? OUT_DRAW : OUT_WINS;
    return 1;
}

int compile_end_material_draw(compiler *c, const ast_node *f, end_rule *e)
{
    return compile_material(c, f, e, 1);
}

int compile_end_material_win(compiler *c, const ast_node *f, end_rule *e)
{
    return compile_material(c, f, e, 0);
}

int compile_end_reach(compiler *c, const ast_node *f, end_rule *e)
{
    const ast_node *piece = ast_named(f, "piece");
    e->kind = END_REACH;
    e->outcome = OUT_WINS;
    e->piece = -1;
    if (piece && (e->piece = (int8_t)compile_piece(c, piece)) < 0) return 0;
    return compile_region(c, compile_positional(f, 0), e->region);
}

/* Each end condition is compiled by the function compile_forms.c's table
 * gives its catalogue spec; one that returns 0 has said what is wrong. */
void compile_end(compiler *c, const ast_node *end)
{
    ruleset *rs = c->rs;
    for (int i = 0; i < end->nkids; i++) {
        const ast_node *f = end->kids[i];
        if (f->kind != AST_FORM) continue;
        if (rs->nends == TB_MAX_ENDS) {
            compile_limit_error(c, f, "too many end conditions: a game has at most %d", TB_MAX_ENDS);
            return;
        }
        end_rule e;
        memset(&e, 0, sizeof e);
        compile_end_fn fn = compile_end_form(f);
        if (fn && !fn(c, f, &e)) continue;
        for (int k = 0; k < rs->nends; k++)
            if (rs->ends[k].kind == e.kind && e.kind != END_REACH && e.kind != END_LINE && e.kind != END_CONNECT && e.kind != END_MATERIAL && e.kind != END_MATERIAL_WIN)
                compile_warning(c, f, "a second `%s` condition; only the first can ever apply", f->text);
        e.clause = (uint16_t)compile_clause(c, f);
        rs->ends[rs->nends++] = e;
    }
}
