/* compile_play.c - move rules, constraints, hooks and end conditions. */
#include <stdio.h>
#include <string.h>

#include "compile_internal.h"
#include "engine/topology.h"

/* Marks a ludeme the rule language accepts but this engine cannot run yet. */
static void needs_engine(compiler *c, const char *what)
{
    if (c->rs->needs_unsupported) return;
    c->rs->needs_unsupported = 1;
    snprintf(c->rs->unsupported, sizeof c->rs->unsupported, "%s", what);
}

/* Resolves direction words (a word or a list) for both players. */
static int compile_directions(compiler *c, const ast_node *v, move_rule *r)
{
    ruleset *rs = c->rs;
    int n = v->kind == AST_LIST ? v->nkids : 1;
    for (int p = 0; p < 2; p++) {
        uint8_t seen = 0;
        r->ndirs[p] = 0;
        for (int k = 0; k < n; k++) {
            const ast_node *w = v->kind == AST_LIST ? v->kids[k] : v;
            uint8_t dirs[8];
            int nd;
            if (rs->topology == TOPO_TILES) {
                if (strcmp(w->text, "corner-same-colour") != 0) {
                    if (p == 0) compile_error(c, w, "on a board of tiles, pieces move `corner-same-colour`; got `%s`", w->text);
                    return 0;
                }
                nd = 6;
                for (int d = 0; d < 6; d++) dirs[d] = (uint8_t)d;
            } else if (rs->topology == TOPO_SQUARE) {
                nd = topology_square_directions(w->text, rs->forward[p], dirs);
                if (nd < 0) {
                    if (p == 0) compile_error(c, w, "`%s` is not a direction on a square board", w->text);
                    return 0;
                }
            } else {
                if (p == 0) compile_error(c, w, "pieces on a track move with `advance`, not by direction");
                return 0;
            }
            for (int d = 0; d < nd; d++) {
                if (seen & (1u << dirs[d])) continue;
                seen |= (uint8_t)(1u << dirs[d]);
                r->dirs[p][r->ndirs[p]++] = dirs[d];
            }
        }
    }
    return 1;
}

static int compile_from(compiler *c, const ast_node *form, move_rule *r)
{
    const ast_node *from = ast_named(form, "from");
    r->from_any = from == NULL;
    return !from || compile_region(c, from, r->from);
}

static void compile_rule(compiler *c, const ast_node *f, int piece)
{
    ruleset *rs = c->rs;
    if (rs->nrules == TB_MAX_RULES) {
        compile_error(c, f, "too many move rules (at most %d)", TB_MAX_RULES);
        return;
    }
    move_rule r;
    memset(&r, 0, sizeof r);
    r.piece = (uint8_t)piece;
    if (strcmp(f->text, "advance") == 0) {
        if (!compile_track_advance(c, f, piece)) return;
        r.kind = RULE_ADVANCE;
        rs->rules[rs->nrules++] = r;
        return;
    }
    if (!compile_directions(c, compile_positional(f, 0), &r) || !compile_from(c, f, &r)) return;
    if (strcmp(f->text, "step") == 0) {
        const ast_node *to = ast_named(f, "to");
        r.kind = RULE_STEP;
        r.land_on_enemy = to && strcmp(to->text, "empty-or-enemy") == 0;
    } else if (strcmp(f->text, "hop") == 0) {
        const ast_node *over = ast_named(f, "over");
        r.kind = RULE_HOP;
        r.chain = (uint8_t)compile_flag(f, "chain");
        int n = over->kind == AST_LIST ? over->nkids : 1;
        for (int k = 0; k < n; k++) {
            const ast_node *t = over->kind == AST_LIST ? over->kids[k] : over;
            int type = compile_piece(c, t);
            if (type < 0) return;
            r.over_types |= (uint8_t)(1u << type);
        }
        if (rs->topology != TOPO_SQUARE) {
            compile_error(c, f, "`hop` needs a square board");
            return;
        }
    } else { /* slide */
        const ast_node *max = ast_named(f, "max");
        r.kind = RULE_SLIDE;
        if (max->kind == AST_NAME) {
            if (strcmp(max->text, "row-others") != 0) {
                compile_error(c, max, "`max:` takes an integer or `row-others`; got `%s`", max->text);
                return;
            }
            r.slide_limit = SLIDE_MAX_ROW_OTHERS;
        } else {
            long v;
            if (!compile_int(c, max, &v)) return;
            if (v < 1 || v > 99) {
                compile_error(c, max, "a slide goes 1 to 99 cells; got %ld", v);
                return;
            }
            r.slide_limit = SLIDE_MAX_FIXED;
            r.max_value = (int16_t)v;
        }
        const ast_node *ne = ast_named(f, "never-enter");
        if (ne && !compile_region(c, ne, r.never_enter)) return;
        if (rs->topology != TOPO_SQUARE) {
            compile_error(c, f, "`slide` needs a square board");
            return;
        }
    }
    if (r.kind == RULE_SLIDE) rs->type_has_slide[piece] = 1;
    rs->rules[rs->nrules++] = r;
}

static void compile_promote(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    if (rs->npromotions == 2) {
        compile_error(c, f, "at most 2 promotions");
        return;
    }
    int from = compile_piece(c, compile_positional(f, 0));
    int to = compile_piece(c, compile_positional(f, 1));
    promotion pr;
    memset(&pr, 0, sizeof pr);
    if (!compile_region(c, ast_named(f, "at"), pr.where) || from < 0 || to < 0) return;
    if (from == to) {
        compile_error(c, f, "a piece cannot be promoted to its own type `%s`", rs->piece_name[from]);
        return;
    }
    pr.from = (uint8_t)from;
    pr.to = (uint8_t)to;
    pr.ends_chain = (uint8_t)compile_flag(f, "ends-chain");
    rs->promotions[rs->npromotions++] = pr;
}

static void compile_hook(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    const char *name = compile_positional(f, 0)->text;
    int max_capture = strcmp(name, "max-capture") == 0;
    for (int i = 0; i < f->nkids; i++) {
        const ast_node *k = f->kids[i];
        int for_max = k->kind == AST_FORM && (strcmp(k->text, "most-captured") == 0 || strcmp(k->text, "prefer-mover") == 0);
        int for_tiles = (k->kind == AST_FORM && !for_max) ||
                        (k->kind == AST_NAME && (strcmp(k->text, "one-run") == 0 || strcmp(k->text, "recheck-captures") == 0 ||
                                                    strcmp(k->text, "cascade") == 0));
        if ((for_max && !max_capture) || (for_tiles && max_capture)) {
            compile_error(c, k, "`%s` is a parameter of the `%s` hook, not of `%s`", k->text,
                          for_max ? "max-capture" : "tile-collapse", name);
            continue;
        }
        if (!for_max) continue;
        if (rs->ncriteria == TB_MAX_CRITERIA) {
            compile_error(c, k, "too many criteria (at most %d)", TB_MAX_CRITERIA);
            break;
        }
        criterion cr = { strcmp(k->text, "most-captured") == 0 ? CRIT_MOST_CAPTURED : CRIT_PREFER_MOVER, 255 };
        const ast_node *piece = compile_positional(k, 0);
        if (piece) {
            int t = compile_piece(c, piece);
            if (t < 0) continue;
            cr.piece = (uint8_t)t;
        }
        rs->criteria[rs->ncriteria++] = cr;
    }
    if (max_capture) {
        if (rs->uses_max_capture) compile_error(c, f, "the `max-capture` hook is used twice");
        rs->uses_max_capture = 1;
        if (rs->ncriteria == 0) compile_error(c, f, "`max-capture` needs at least one criterion, like `(most-captured)`");
    } else {
        if (rs->uses_tile_collapse) compile_error(c, f, "the `tile-collapse` hook is used twice");
        rs->uses_tile_collapse = 1;
        if (rs->topology != TOPO_TILES) compile_error(c, f, "`tile-collapse` needs a board of tiles");
        else compile_tiles_collapse(c, f);
    }
}

/* (announce TEXT when:capture-threat [if:OPTION]): kept only when the option
 * is on (a word option set to `on`, an integer option other than 0). */
static void compile_announce(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    const ast_node *text = compile_positional(f, 0), *opt = ast_named(f, "if");
    if (opt) {
        const option_value *o = NULL;
        for (int i = 0; i < rs->noptions; i++)
            if (strcmp(rs->options[i].name, opt->text) == 0) o = &rs->options[i];
        if (!o) {
            if (!compile_declared_in_error(c, opt->text))
                compile_error(c, opt, "unknown option `%s` (declare it with `(option %s off [off on])`)", opt->text, opt->text);
            return;
        }
        if (o->is_int ? o->value == 0 : strcmp(o->word, "on") != 0) return;
    }
    if (text && text->kind == AST_STRING) compile_text(c, text, rs->threat_text, sizeof rs->threat_text, "an announcement");
}

void compile_play(compiler *c, const ast_node *play)
{
    ruleset *rs = c->rs;
    for (int i = 0; i < play->nkids; i++) {
        const ast_node *f = play->kids[i];
        if (f->kind != AST_FORM) continue;
        if (strcmp(f->text, "moves") == 0) {
            int piece = compile_piece(c, compile_positional(f, 0));
            if (piece < 0) continue;
            int j = 0;
            const ast_node *r;
            while ((r = compile_next_form(f, NULL, &j))) compile_rule(c, r, piece);
        } else if (strcmp(f->text, "promote") == 0) {
            compile_promote(c, f);
        } else if (strcmp(f->text, "capture") == 0) {
            rs->capture_mandatory = strcmp(compile_positional(f, 0)->text, "mandatory") == 0;
        } else if (strcmp(f->text, "hook") == 0) {
            compile_hook(c, f);
        } else if (compile_track_play(c, f)) {
            continue; /* enter, bear-off, courier, stack-limit */
        } else if (compile_tiles_play(c, f)) {
            continue; /* exchange, enclosure */
        } else if (strcmp(f->text, "announce") == 0) {
            compile_announce(c, f);
        }
    }
    if (rs->nrules == 0 && !rs->needs_unsupported && !compile_failed(c))
        compile_warning(c, play, "no `(moves ...)` rule: no piece can ever move");
}

void compile_end(compiler *c, const ast_node *end)
{
    ruleset *rs = c->rs;
    for (int i = 0; i < end->nkids; i++) {
        const ast_node *f = end->kids[i];
        if (f->kind != AST_FORM) continue;
        if (rs->nends == TB_MAX_ENDS) {
            compile_error(c, f, "too many end conditions (at most %d)", TB_MAX_ENDS);
            return;
        }
        end_rule e;
        memset(&e, 0, sizeof e);
        const ast_node *arg = compile_positional(f, 0);
        if (strcmp(f->text, "no-pieces") == 0 || strcmp(f->text, "blocked") == 0) {
            e.kind = f->text[0] == 'n' ? END_NO_PIECES : END_BLOCKED;
            e.outcome = strcmp(arg->text, "wins") == 0 ? OUT_WINS : strcmp(arg->text, "loses") == 0 ? OUT_LOSES : OUT_DRAW;
        } else if (strcmp(f->text, "no-progress") == 0 || strcmp(f->text, "repetition") == 0) {
            long n;
            if (!compile_int(c, arg, &n)) continue;
            int rep = f->text[0] == 'r';
            if (n < (rep ? 2 : 1) || n > 10000) {
                compile_error(c, arg, "%s count must be %d..10000; got %ld", f->text, rep ? 2 : 1, n);
                continue;
            }
            e.kind = rep ? END_REPETITION : END_NO_PROGRESS;
            e.outcome = OUT_DRAW;
            e.moves = (uint16_t)n;
            const ast_node *reset = ast_named(f, "reset");
            int nr = reset ? (reset->kind == AST_LIST ? reset->nkids : 1) : 0;
            for (int k = 0; k < nr; k++) {
                const ast_node *w = reset->kind == AST_LIST ? reset->kids[k] : reset;
                if (w->kind == AST_NAME && strcmp(w->text, "capture") == 0) {
                    e.reset_capture = 1;
                    continue;
                }
                int t = compile_piece(c, w);
                if (t >= 0) e.reset_types |= (uint8_t)(1u << t);
            }
            if (rep && rs->topology != TOPO_TILES) needs_engine(c, "repetition"); /* only that engine keeps a history */
        } else if (strcmp(f->text, "reach") == 0) {
            e.kind = END_REACH;
            e.outcome = OUT_WINS;
            if (!compile_region(c, arg, e.region)) continue;
        } else if (compile_track_end(c, f, &e)) { /* track games: all-off, pinned-on-start */
            if (e.kind == 255) continue;
        }
        for (int k = 0; k < rs->nends; k++)
            if (rs->ends[k].kind == e.kind && e.kind != END_REACH)
                compile_warning(c, f, "a second `%s` condition; only the first can ever apply", f->text);
        rs->ends[rs->nends++] = e;
    }
}
