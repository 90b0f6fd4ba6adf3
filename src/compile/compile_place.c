/* compile_place.c - bringing pieces onto the board: `place` rules, the
 * players' supplies (`(hand ...)` in the start), the pie rule's `swap`, the
 * pass of a blocked player; and the goals of such games, lines and
 * connections. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "engine/topology.h"

/* A direction word naming one compass direction (n, ne, ...), or -1. */
static int compass_direction(const char *word)
{
    uint8_t dirs[8];
    if (!catalogue_word_in(word, CATALOGUE_COMPASS)) return -1;
    return topology_square_directions(word, DIR_N, dirs) == 1 ? dirs[0] : -1;
}

int compile_place_rule(compiler *c, const ast_node *f, move_rule *r)
{
    ruleset *rs = c->rs;
    if (rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`place` needs a board of cells (`square`): tracks and tiles have no empty cell to fill");
        return 0;
    }
    r->kind = RULE_PLACE;
    r->gravity = 255;
    const ast_node *to = ast_named(f, "to"), *gravity = ast_named(f, "gravity"), *outflank = ast_named(f, "outflank");
    r->from_any = to == NULL;
    if (to && !compile_region(c, to, r->from)) return 0;
    if (gravity) {
        int d = compass_direction(gravity->text);
        if (d < 0) {
            compile_error(c, gravity, "`gravity:` takes a compass direction (n, ne, e, se, s, sw, w, nw); got `%s`",
                          gravity->text);
            return 0;
        }
        r->gravity = (uint8_t)d; /* read on sets where the board has one offset that way (rs->dir_delta) */
    }
    if (outflank) {
        if (!compile_rule_directions(c, outflank, r)) return 0;
        r->outflank = 1;
    }
    const ast_node *limit = ast_named(f, "file-limit");
    if (limit) {
        long n;
        if (!compile_int(c, limit, &n)) return 0;
        if (n < 1 || n > 255) {
            compile_error(c, limit, "`file-limit:` is 1 to 255 pieces on a column; got %ld", n);
            return 0;
        }
        r->file_limit = (uint8_t)n;
    }
    r->no_mate = (uint8_t)compile_flag(f, "no-mate");
    if (rs->place_types >> r->piece & 1) {
        compile_error(c, f, "a second `place` rule for `%s`: a piece type is placed by one rule (give it a region "
                      "with `to:`)", rs->piece_name[r->piece]);
        return 0;
    }
    rs->place_types |= (typeset)(1u << r->piece);
    rs->place_rules[rs->nplace_rules++] = (uint8_t)rs->nrules;
    return 1;
}

int compile_fly_rule(compiler *c, const ast_node *f, move_rule *r)
{
    if (c->rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`fly` needs a board of cells (`square`)");
        return 0;
    }
    r->kind = RULE_FLY;
    r->from_any = 1;
    return 1;
}

int compile_rule_conditions(compiler *c, const ast_node *f, move_rule *r)
{
    const ast_node *hand = ast_named(f, "hand"), *pieces = ast_named(f, "pieces"), *ply = ast_named(f, "ply");
    r->pieces_min = 0;
    r->pieces_max = 0xFFFF;
    r->ply_min = 1;
    r->ply_max = UINT32_MAX;
    if (hand) {
        r->hand_cond = compile_word(f, "hand") == W_HAND_EMPTY ? HAND_EMPTY : HAND_NOT_EMPTY;
        int counted = 0;
        for (int p = 0; p < TB_MAX_PLAYERS; p++) counted |= c->rs->hand_counted[p][r->piece];
        if (!counted)
            compile_warning(c, hand, "`hand:%s` reads the supply of `%s`, which no `(hand ...)` in the start counts: "
                            "it is unlimited, never empty", hand->text, c->rs->piece_name[r->piece]);
    }
    if (pieces) {
        long lo, hi;
        if (pieces->kind == AST_RANGE) {
            lo = pieces->lo;
            hi = pieces->hi;
        } else if (compile_int(c, pieces, &lo)) {
            hi = lo;
        } else {
            return 0;
        }
        if (lo < 0 || hi > TB_MAX_CELLS || lo > hi) {
            compile_error(c, pieces, "`pieces:` is a number of pieces 0 to %d, or a range of them; got %ld..%ld",
                          TB_MAX_CELLS, lo, hi);
            return 0;
        }
        r->pieces_min = (uint16_t)lo;
        r->pieces_max = (uint16_t)hi;
    }
    if (ply) {
        long lo, hi;
        if (ply->kind == AST_RANGE) {
            lo = ply->lo;
            hi = ply->hi;
        } else if (compile_int(c, ply, &lo)) {
            hi = lo;
        } else {
            return 0;
        }
        if (lo < 1 || lo > hi || hi > 1000000) {
            compile_error(c, ply, "`ply:` is a move of the game 1 to 1000000 (the first move is 1), or a range of "
                          "them; got %ld..%ld", lo, hi);
            return 0;
        }
        r->ply_min = (uint32_t)lo;
        r->ply_max = (uint32_t)hi;
    }
    r->conditional = hand || pieces || ply;
    if (compile_flag(f, "unmoved")) { /* the piece's own history: its has-moved mark, kept for its type */
        r->unmoved = 1;
        r->conditional = 1;
        c->rs->moved_types |= (typeset)(1u << r->piece);
        c->rs->uses_marks = 1;
    }
    return 1;
}

/* (hand PLAYER PIECE COUNT) in the start: the player's supply of the type is
 * counted, and starts with COUNT. */
void compile_hands(compiler *c, const ast_node *start)
{
    ruleset *rs = c->rs;
    int i = 0;
    const ast_node *h;
    while ((h = compile_next_form(start, "hand", &i))) {
        long player = 0, count = 0;
        if (!compile_int(c, compile_positional(h, 0), &player)) continue;
        if (player < 1 || player > c->rs->nplayers) {
            compile_error(c, compile_positional(h, 0), "players are numbered 1 to %d; got %ld", c->rs->nplayers, player);
            continue;
        }
        int type = compile_piece(c, compile_positional(h, 1));
        if (type < 0 || !compile_int(c, compile_positional(h, 2), &count)) continue;
        if (count < 0 || count > 255) {
            compile_limit_error(c, compile_positional(h, 2), "a supply holds 0 to 255 pieces; got %ld", count);
            continue;
        }
        if (rs->hand_counted[player - 1][type]) {
            compile_error(c, h, "player %ld's supply of `%s` is given twice", player, rs->piece_name[type]);
            continue;
        }
        rs->hand_counted[player - 1][type] = 1;
        rs->hand_start[player - 1][type] = (uint8_t)count;
    }
}

/* The play forms (capture-to-hand), (remove-on-line N spare-lines),
 * (pass when:blocked) and (swap): one function each, found through the table
 * of compile_forms.c. */
void compile_play_capture_to_hand(compiler *c, const ast_node *f)
{
    (void)f;
    c->rs->captures_to_hand = 1;
}

void compile_play_remove_on_line(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    long n;
    int longest = rs->width > rs->height ? rs->width : rs->height;
    if (!compile_int(c, compile_positional(f, 0), &n)) return;
    if (rs->topology != TOPO_SQUARE || n < 2 || n > longest) {
        compile_error(c, compile_positional(f, 0), rs->topology != TOPO_SQUARE
                      ? "`remove-on-line` needs a board of cells (`square`), whose cells lie on lines"
                      : "a line is 2 to %d pieces long on this board; got %ld", longest, n);
        return;
    }
    rs->line_removes = (uint8_t)n;
    rs->line_spares = (uint8_t)compile_flag(f, "spare-lines");
}

void compile_play_pass(compiler *c, const ast_node *f)
{
    c->rs->pass_when_blocked = 1;
    compile_locate(c, f, &c->rs->pass_loc);
}

void compile_play_swap(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    if (rs->topology != TOPO_SQUARE || rs->width != rs->height) {
        compile_error(c, f, "`swap` mirrors the first piece across the board's long diagonal: it needs a board of "
                      "cells with as many columns as rows");
        return;
    }
    rs->swap_rule = 1;
    compile_locate(c, f, &rs->swap_loc);
}

/* (line N [OUTCOME] [exact]) and (connect A B). Returns 1 when F is one
 * (E->kind 255 when it was wrong, said). */
int compile_end_line(compiler *c, const ast_node *f, end_rule *e)
{
    ruleset *rs = c->rs;
    long n;
    if (!compile_int(c, compile_positional(f, 0), &n)) return 0;
    int longest = rs->width > rs->height ? rs->width : rs->height;
    if (rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`line` needs a board of cells (`square`), whose cells lie on lines");
        return 0;
    }
    if (n < 2 || n > longest) {
        compile_error(c, compile_positional(f, 0), "a line is 2 to %d pieces long on this board; got %ld", longest, n);
        return 0;
    }
    e->kind = END_LINE;
    e->moves = (uint16_t)n;
    e->exact = (uint8_t)compile_flag(f, "exact");
    /* the outcome word, when given (a bare `exact` is the flag, not an outcome) */
    e->outcome = compile_outcome(f, OUT_WINS);
    return 1;
}

int compile_end_fewer_pieces(compiler *c, const ast_node *f, end_rule *e)
{
    long n;
    if (!compile_int(c, compile_positional(f, 0), &n)) return 0;
    if (n < 1 || n > TB_MAX_CELLS) {
        compile_error(c, compile_positional(f, 0), "`fewer-pieces` counts 1 to %d pieces; got %ld", TB_MAX_CELLS, n);
        return 0;
    }
    e->kind = END_FEWER_PIECES;
    e->moves = (uint16_t)n;
    e->outcome = compile_outcome(f, OUT_LOSES);
    return 1;
}

int compile_end_connect(compiler *c, const ast_node *f, end_rule *e)
{
    if (c->rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`connect` needs a board of cells (`square`)");
        return 0;
    }
    if (!compile_region(c, compile_positional(f, 0), e->region) || !compile_region(c, compile_positional(f, 1), e->other))
        return 0;
    for (int p = 0; p < compile_sides(c->rs); p++)
        if (cellset_empty(&e->region[p]) || cellset_empty(&e->other[p])) {
            compile_error(c, f, "for player %d, one of the two regions `connect` links has no cell", p + 1);
            return 0;
        }
    e->kind = END_CONNECT;
    e->outcome = OUT_WINS;
    return 1;
}
