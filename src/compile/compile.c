/* compile.c - the compiler's driver: runs the section compilers in order
 * (options, players and board, pieces, regions, start, dice, play, end) and
 * builds the tables the engine derives from them. */
#include "compile.h"
#include "compile_forms.h"
#include "compiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/bits_select.h"
#include "engine/engine.h"
#include "engine/line_runs.h"
#include "engine/playout_place.h"
#include "engine/playout_line.h"
#include "engine/playout_slide.h"
#include "engine/playout_sow.h"
#include "engine/playout_race.h"
#include "lang/check.h"
#include "engine/movegen.h"
#include "engine/rng.h"

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
            compile_limit_error(c, k, "too many piece types: a game has at most %d", TB_MAX_PIECE_TYPES);
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
            compile_limit_error(c, r, "too many regions: a game has at most %d", TB_MAX_REGIONS);
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

/* `(words ...)`: the names of results and the game's other names; without
 * it, the plain words ("wins", "wins a double game", ...). */
static void compile_words(compiler *c, const ast_node *words)
{
    static const char *const heads[3] = { "win", "double-win", "triple-win" };
    static const char *const plain[3] = { "wins", "wins a double game", "wins a triple game" };
    ruleset *rs = c->rs;
    for (int i = 0; words && i < words->nkids; i++) /* each name once: a second would be silently ignored */
        for (int j = 0; j < i; j++)
            if (words->kids[j]->kind == AST_FORM && compile_form_is(words->kids[i], words->kids[j]->text, "words"))
                compile_error(c, words->kids[i], "`%s` is given twice in `words`", words->kids[i]->text);
    for (int k = 0; k < 3; k++) {
        const ast_node *f = words ? compile_form(words, heads[k]) : NULL;
        const ast_node *text = f ? compile_positional(f, 0) : NULL;
        if (text && text->kind == AST_STRING)
            compile_text(c, text, rs->result_words[k], sizeof rs->result_words[k], "the words of a result");
        else
            snprintf(rs->result_words[k], sizeof rs->result_words[k], "%s", plain[k]);
    }
    const ast_node *captures = words ? compile_form(words, "captures") : NULL;
    rs->capture_ends = captures && compile_word(captures, "form") == W_CAPTURES_ENDS;
    const ast_node *aliases = words ? compile_form(words, "aliases") : NULL;
    for (int i = 0; aliases && i < aliases->nkids && rs->naliases < TB_MAX_ALIASES; i++)
        if (aliases->kids[i]->kind == AST_STRING)
            compile_text(c, aliases->kids[i], rs->aliases[rs->naliases++], TB_NAME_LEN, "a game's alias");
    const ast_node *numbers = words ? compile_form(words, "point-numbers") : NULL;
    if (numbers && rs->topology != TOPO_TRACK)
        compile_error(c, numbers, "`point-numbers` is for a track board (`(board (track N))`), whose points "
                                  "the players' notation numbers; this board names its cells");
    rs->written_shown = numbers != NULL;
    rs->mover_numbers = numbers && compile_word(numbers, "numbering") == W_NUMBERING_MOVER;
    const ast_node *letters = words ? compile_form(words, "letters") : NULL;
    if (letters) compile_letters(c, letters);
}

/* `values:[...]`: the value a summed throw counts, one per sum 0..the
 * largest (four sticks with none up counting 5: [5 1 2 3 4]). */
static void compile_dice_values(compiler *c, const ast_node *vv)
{
    ruleset *rs = c->rs;
    if (!rs->dice_sum) {
        compile_error(c, vv, "`values:` gives what each sum of the dice counts: it needs `sum`");
        return;
    }
    int nv = vv->kind == AST_LIST ? vv->nkids : 1, lo = 255, hi = 0, sum_lo = rs->dice_lo;
    if (nv != rs->dice_hi + 1) {
        compile_error(c, vv, "`values:` gives the value of each sum 0 to %d: %d values; got %d", rs->dice_hi,
                      rs->dice_hi + 1, nv);
        return;
    }
    for (int k = 0; k < nv; k++) {
        const ast_node *v = vv->kind == AST_LIST ? vv->kids[k] : vv;
        long x;
        if (!compile_int(c, v, &x)) return;
        if (x < 0 || x > 30) {
            compile_error(c, v, "a throw counts 0 to 30; got %ld", x);
            return;
        }
        rs->dice_value[k] = (uint8_t)x;
        if (k < sum_lo) continue; /* a sum the dice never throw */
        if (x < lo) lo = (int)x;
        if (x > hi) hi = (int)x;
    }
    for (int k = 0; k < sum_lo; k++)
        if (rs->dice_value[k] != (uint8_t)k) {
            compile_warning(c, vv->kind == AST_LIST ? vv->kids[k] : vv, "these dice never throw a sum of %d: "
                            "its value can never apply", k);
            break;
        }
    rs->dice_values_given = 1;
    rs->dice_lo = lo;
    rs->dice_hi = hi;
}

static void compile_dice(compiler *c, const ast_node *dice)
{
    long n = 0, faces = 0;
    if (!compile_int(c, compile_positional(dice, 0), &n) || !compile_int(c, compile_positional(dice, 1), &faces))
        return;
    if (n < 1 || n > 4) compile_limit_error(c, compile_positional(dice, 0), "1 to 4 dice; got %ld", n);
    if (faces < 2 || faces > 20)
        compile_limit_error(c, compile_positional(dice, 1), "a die has 2 to 20 faces; got %ld", faces);
    c->rs->dice_count = (int)n;
    c->rs->dice_faces = (int)faces;
    c->rs->dice_doubles_repeat = compile_flag(dice, "doubles-repeat");
    if (c->rs->dice_doubles_repeat && faces > 6)
        compile_limit_error(c, dice, "`doubles-repeat` needs dice of at most 6 faces (a turn holds at most 6 moves)");
    const ast_node *dv = ast_named(dice, "doubles");
    long moves = 0;
    if (dv && compile_int(c, dv, &moves)) {
        if (c->rs->dice_doubles_repeat)
            compile_error(c, dv, "`doubles:` and `doubles-repeat` both say what a double gives; keep one");
        else if (moves < 1 || moves > 6)
            compile_limit_error(c, dv, "`doubles:` is the number of moves a double gives, 1 to 6 (a turn holds at most 6 "
                                "dice); got %ld", moves);
        else if (n < 2)
            compile_error(c, dv, "`doubles:` needs at least 2 dice (one die never rolls a double)");
        else
            c->rs->dice_doubles = (int)moves;
    }
    const ast_node *first = ast_named(dice, "first-roll");
    if (first && n < 2) compile_error(c, first, "`first-roll:no-double` needs at least 2 dice");
    else if (first) c->rs->dice_first_no_double = 1;
    ruleset *rs = c->rs;
    int lo = 1, hi = (int)faces;
    for (int k = 0; k < 20; k++) rs->dice_face[k] = (uint8_t)(k + 1);
    const ast_node *fv = ast_named(dice, "faces");
    if (fv && faces >= 2 && faces <= 20) {
        int nv = fv->kind == AST_LIST ? fv->nkids : 1;
        if (nv != faces) {
            compile_error(c, fv, "`faces:` gives the value of each of the %ld faces; got %d value%s", faces, nv,
                          nv == 1 ? "" : "s");
        } else {
            lo = 255, hi = 0;
            rs->dice_faces_given = 1;
            for (int k = 0; k < nv; k++) {
                const ast_node *v = fv->kind == AST_LIST ? fv->kids[k] : fv;
                long x;
                if (!compile_int(c, v, &x)) return;
                if (x < 0 || x > 20) {
                    compile_error(c, v, "a face shows 0 to 20; got %ld", x);
                    return;
                }
                rs->dice_face[k] = (uint8_t)x;
                if (x < lo) lo = (int)x;
                if (x > hi) hi = (int)x;
            }
        }
    }
    rs->dice_sum = compile_flag(dice, "sum");
    if (rs->dice_sum && (rs->dice_doubles || rs->dice_doubles_repeat || rs->dice_first_no_double))
        compile_error(c, dice, "`sum` throws the dice as one value: a summed throw has no doubles");
    rs->dice_special = rs->dice_sum || rs->dice_faces_given;
    rs->dice_values = rs->dice_sum ? 1 : (int)n;
    rs->dice_lo = rs->dice_sum ? lo * (int)n : lo;
    rs->dice_hi = rs->dice_sum ? hi * (int)n : hi;
    if (rs->dice_hi > 30) compile_limit_error(c, dice, "a throw shows at most 30; these dice reach %d", rs->dice_hi);
    const ast_node *vv = ast_named(dice, "values");
    if (vv && !compile_failed(c)) compile_dice_values(c, vv);
}

/* Warns about piece types that can never be on the board. */
static void check_reachable_pieces(compiler *c, const ast_node *pieces)
{
    ruleset *rs = c->rs;
    for (int t = 0; t < rs->npiece_types; t++) {
        int used = 0;
        for (int k = 0; k < rs->nstart; k++) used |= rs->start[k].type == t;
        used |= rs->topology == TOPO_TRACK && (rs->track.start_bar[0] || rs->track.start_bar[1]); /* one type: it starts off the board */
        for (int k = 0; k < rs->npromotions; k++) used |= rs->promotions[k].to == t;
        used |= rs->place_types >> t & 1;
        for (int k = 0; k < rs->nrules; k++) used |= rs->rules[k].shoot && rs->rules[k].shoot_type == t;
        if (used) continue;
        for (int i = 0; i < pieces->nkids; i++)
            if (pieces->kids[i]->kind == AST_NAME && strcmp(pieces->kids[i]->text, rs->piece_name[t]) == 0)
                compile_warning(c, pieces->kids[i],
                                "piece type `%s` never starts on the board, is never placed and nothing promotes to it", rs->piece_name[t]);
    }
}

/* A square-board piece type all of whose moves go forward (straight or
 * diagonally) can never come back: a move of it makes every earlier position
 * unreachable, so the repetition history may start again after it. */
static void mark_irreversible_types(ruleset *rs)
{
    if (rs->topology != TOPO_SQUARE) return;
    for (int t = 0; t < rs->npiece_types; t++) {
        int forward_only = rs->ntype_rules[t] > 0;
        for (int i = 0; i < rs->ntype_rules[t]; i++) {
            const move_rule *r = &rs->rules[rs->type_rules[t][i]];
            /* rules without directions (leaps, flights, sowing) may go back where they came from */
            if (r->kind != RULE_STEP && r->kind != RULE_SLIDE && r->kind != RULE_HOP) forward_only = 0;
            for (int p = 0; p < TB_MAX_PLAYERS; p++)
                for (int k = 0; k < r->ndirs[p]; k++) {
                    int off = (r->dirs[p][k] - rs->forward[p]) & 7;
                    forward_only &= off == 0 || off == 1 || off == 7;
                }
        }
        rs->irreversible_type[t] = (uint8_t)forward_only;
    }
}

/* A type with a slide, or two step rules sharing a direction, can reach the
 * same cell by two rules (type_may_repeat: the bitboard generator leaves
 * its quiet moves to the per-piece one). Two of its quiet rules that can
 * really reach one cell (a step and a slide, or two slides, sharing a
 * direction; a fly or a leap beside another rule) make the per-piece
 * generator look for a move listed already (type_quiet_overlap). */
static int quiet_rules_overlap(const move_rule *a, const move_rule *b)
{
    /* never both in force: a step while some pieces are left, a fly when fewer */
    if (a->conditional && b->conditional && ((a->hand_cond && b->hand_cond && a->hand_cond != b->hand_cond) || a->pieces_max < b->pieces_min ||
        b->pieces_max < a->pieces_min || a->ply_max < b->ply_min || b->ply_max < a->ply_min))
        return 0;
    if (a->kind == RULE_FLY || b->kind == RULE_FLY || a->kind == RULE_LEAP || b->kind == RULE_LEAP) return 1;
    for (int p = 0; p < TB_MAX_PLAYERS; p++)
        for (int i = 0; i < a->ndirs[p]; i++)
            for (int k = 0; k < b->ndirs[p]; k++)
                if (a->dirs[p][i] == b->dirs[p][k]) return 1;
    return 0;
}

static void mark_repeating_types(ruleset *rs)
{
    for (int t = 0; t < rs->npiece_types; t++) {
        uint8_t seen[TB_MAX_PLAYERS] = { 0 };
        for (int i = 0; i < rs->ntype_rules[t]; i++) {
            const move_rule *r = &rs->rules[rs->type_rules[t][i]];
            if (r->kind == RULE_SLIDE) rs->type_may_repeat[t] = 1;
            if (r->only_enemy || r->kind == RULE_HOP || r->kind == RULE_ADVANCE) continue; /* never a quiet move */
            for (int k = 0; k < i; k++) {
                const move_rule *o = &rs->rules[rs->type_rules[t][k]];
                if (o->only_enemy || o->kind == RULE_HOP || o->kind == RULE_ADVANCE) continue;
                if (quiet_rules_overlap(r, o)) rs->type_quiet_overlap[t] = 1;
            }
            if (r->kind != RULE_STEP) continue;
            for (int p = 0; p < TB_MAX_PLAYERS; p++)
                for (int k = 0; k < r->ndirs[p]; k++) {
                    if (seen[p] & (1u << r->dirs[p][k])) rs->type_may_repeat[t] = 1;
                    seen[p] |= (uint8_t)(1u << r->dirs[p][k]);
                }
        }
    }
}

/* The next free per-player counter slot of a position (state_header.counter). */
static uint8_t new_counter(ruleset *rs)
{
    _Static_assert(TB_COUNTERS >= 2, "the courier and the tiles held may both need a counter");
    return rs->ncounters++;
}

/* Gives each rule that keeps a number per player a counter slot of its own;
 * a rule that needs one adds its line here. */
static void allocate_counters(ruleset *rs)
{
    rs->ncounters = 0;
    rs->track.arrival_counter = rs->track.courier ? new_counter(rs) : TB_NO_COUNTER;
    /* every board of tiles counts the tiles held: positions and views show them */
    rs->tiles.held_counter = rs->topology == TOPO_TILES ? new_counter(rs) : TB_NO_COUNTER;
}

ruleset *compile_game(const ast_node *game, const src_file *src, const option_setting *settings,
                      int nsettings, diag_sink *diags)
{
    ast_arena *arena = ast_arena_new();
    if (!arena) {
        diag_plain(diags, src->path, DIAG_ERROR, "out of memory");
        return NULL;
    }
    const ast_node *resolved;
    ruleset *rs = compile_game_resolved(game, src, settings, nsettings, diags, arena, &resolved);
    ast_arena_free(arena);
    return rs;
}

ruleset *compile_game_resolved(const ast_node *game, const src_file *src, const option_setting *settings,
                               int nsettings, diag_sink *diags, ast_arena *arena, const ast_node **resolved)
{
    *resolved = NULL;
    compile_table_install(); /* which function compiles each form */
    ruleset *rs = calloc(1, sizeof *rs);
    if (!rs) {
        diag_oom(diags, src->path);
        return NULL;
    }
    rs->streak_type = rs->streak_while = -1;
    rs->royal_type = -1;
    rs->nplayers = 2;
    compiler c = { .rs = rs, .src = src, .diags = diags, .errors_at_start = diags->errors };
    const ast_node *title = compile_positional(game, 0);
    if (title && title->kind == AST_STRING)
        compile_text(&c, title, rs->title, sizeof rs->title, "the title");
    else
        snprintf(rs->title, sizeof rs->title, "?");
    compile_options(&c, game, settings, nsettings);
    if (compile_failed(&c)) goto done;
    /* Options in place, then the shape of what results: an option's value
     * where it does not fit, or a clause switched off that was needed. */
    const ast_node *written = game;
    game = compile_resolve(&c, game, arena);
    if (!game || compile_failed(&c)) goto done;
    check_game(game, src, diags);
    if (compile_failed(&c)) {
        compile_note_switched_off(&c, written);
        goto done;
    }
    *resolved = game;
    const ast_node *players = compile_form(game, "players");
    if (players) compile_players(&c, players);
    const ast_node *board = compile_form(game, "board");
    if (board && players) compile_board(&c, board, players);
    if (rs->nplayers > 2 && rs->ncells && rs->topology == TOPO_TILES) { /* enclosure and the exchange read one opponent */
        compile_error(&c, players, "%d players: a board of tiles is played by two; more play on a track or a board "
                      "of cells", rs->nplayers);
        goto done; /* the rules below index players 1 and 2 only */
    }
    if (players && compile_form(players, "teams")) {
        int i = 0;
        const ast_node *tf = compile_next_form(players, "teams", &i);
        if (rs->ncells && rs->topology != TOPO_TRACK)
            compile_error(&c, tf, "`teams` are partnerships in a race: a track board only (`(board (track ...))` or "
                          "`(track-grid ...)`)");
        else if (rs->nplayers <= 2)
            compile_error(&c, tf, "`teams` need more than two players: %d declared", rs->nplayers);
        else
            compile_teams(&c, players);
    }
    if (rs->ncells == 0) goto done; /* nothing below can be checked without a board */
    const ast_node *pieces = compile_form(game, "pieces");
    if (pieces) compile_pieces(&c, pieces);
    const ast_node *regions = compile_form(game, "regions");
    if (regions) compile_regions(&c, regions);
    const ast_node *start = compile_form(game, "start");
    if (start) compile_start(&c, start);
    const ast_node *dice = compile_form(game, "dice");
    if (dice) compile_dice(&c, dice);
    const ast_node *cube = compile_form(game, "doubling-cube");
    if (cube) compile_cube(&c, cube);
    const ast_node *play = compile_form(game, "play");
    if (play) compile_play(&c, play);
    const ast_node *end = compile_form(game, "end");
    if (end) compile_end(&c, end);
    compile_words(&c, compile_form(game, "words"));
    compile_track_finish(&c, game);
    compile_check_sides(&c, game);
    if (pieces && !compile_failed(&c)) check_reachable_pieces(&c, pieces); /* not after errors: places may have failed */
    if (!compile_failed(&c)) compile_warn_unused_options(&c, written);
    if (!compile_failed(&c)) compile_lint(&c, game);
    for (int k = rs->npromotions - 1; k >= 0; k--) /* the first promotion listed wins a tie */
        for (int p = 0; p < TB_MAX_PLAYERS; p++)
            for (int cell = 0; cell < rs->ncells; cell++)
                if (cellset_has(&rs->promotions[k].where[p], cell))
                    rs->promote_at[p][rs->promotions[k].from][cell] = (uint8_t)(k + 1);
    for (int k = 0; k < rs->npromotions; k++) {
        rs->promotion_options |= (uint8_t)(rs->promotions[k].optional || rs->promotions[k].leaving);
        rs->promoting_types |= (typeset)(1u << rs->promotions[k].from);
    }
    for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) rs->demote[t] = (uint8_t)t;
    for (int k = 0; k < rs->npromotions; k++) /* a piece taken to a hand goes back to its unpromoted type */
        for (int t = 0; t < rs->npiece_types; t++)
            if (rs->promotions[k].choices >> t & 1) rs->demote[t] = rs->promotions[k].from;
    if (rs->captures_to_hand) /* every unpromoted type may be taken into a hand: those supplies are counted */
        for (int t = 0; t < rs->npiece_types; t++)
            if (rs->demote[t] == t)
                for (int p = 0; p < rs->nplayers; p++) rs->hand_counted[p][t] = 1;
    for (int ri = 0; ri < rs->nrules; ri++) {
        int t = rs->rules[ri].piece;
        /* a straight chain's path is its start, direction and length: no two take the same pieces */
        rs->any_chain |= rs->rules[ri].kind == RULE_HOP && rs->rules[ri].chain && !rs->rules[ri].straight;
        if (rs->rules[ri].conditional) rs->conditional_rules |= (uint64_t)1 << ri;
        if (rs->rules[ri].kind == RULE_PLACE || rs->rules[ri].kind == RULE_REMOVE) continue; /* generated once per position */
        rs->type_rules[t][rs->ntype_rules[t]++] = (uint8_t)ri;
        if (rs->rules[ri].kind != RULE_SOW) rs->moving_types |= (typeset)(1u << t); /* sowing: gen_sowing, once */
    }
    mark_irreversible_types(rs);
    rs->no_progress = -1;
    for (int i = 0; i < rs->nends; i++) {
        int k = rs->ends[i].kind;
        if (k == END_NO_PROGRESS && rs->no_progress < 0) rs->no_progress = i;
        if (k != END_BLOCKED && k != END_ALL_OFF && k != END_STALEMATE) rs->checks[rs->nchecks++] = (uint8_t)i;
    }
    mark_repeating_types(rs);
    /* the counts each end condition needs, for a move that can skip them all */
    rs->ends_counted_only = 1;
    rs->quiet_min = rs->rep_min = 65535;
    rs->calm_max = 0;
    for (int i = 0; i < rs->nchecks; i++) {
        const end_rule *e = &rs->ends[rs->checks[i]];
        if (e->kind == END_NO_PROGRESS && e->moves < rs->quiet_min) rs->quiet_min = e->moves;
        else if (e->kind == END_REPETITION && 2 * (e->moves - 1) + 1 < rs->rep_min) rs->rep_min = (uint16_t)(2 * (e->moves - 1) + 1);
        else if (e->kind == END_MATERIAL && e->moves > rs->calm_max) rs->calm_max = e->moves;
        else if (e->kind != END_NO_PROGRESS && e->kind != END_REPETITION && e->kind != END_MATERIAL) rs->ends_counted_only = 0;
    }
    movegen_royal_prepare(rs);
    movegen_bitboard_prepare(rs);
    movegen_advance_prepare(rs); /* before the ops are chosen */
    for (int cell = 0; cell < rs->ncells; cell++)
        if (cellset_has(&rs->playable, cell)) rs->playable_cells[rs->nplayable++] = (cell_id)cell;
    rs->ops = engine_ops_for(rs);
    movegen_complete_prepare(rs);
    movegen_pick_prepare(rs);
    movegen_pick_slide_prepare(rs);
    line_runs_prepare(rs);
    movegen_pick_line_prepare(rs);
    playout_line_prepare(rs);
    rs->bits_deposit = (uint8_t)bits_deposit_is_fast();
    playout_place_prepare(rs);
    playout_slide_prepare(rs);
    playout_sow_prepare(rs);
    playout_race_prepare(rs);
    movegen_leaps_prepare(rs);
    movegen_lines_prepare(rs);
    movegen_steps_prepare(rs);
    rng r;
    rng_seed(&r, 0x7ab01a);
    for (int cell = 0; cell < TB_MAX_CELLS; cell++)
        for (int p = 0; p < 2; p++)
            for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) rs->zobrist[cell][p][t] = rng_next(&r);
    rs->zobrist_side = rng_next(&r);
    rs->zobrist_turn[2] = rs->zobrist_side;
    for (int t = 0; t < 64; t++) rs->zobrist_tile[t] = rng_next(&r);
    for (int p = 0; p < 2; p++)
        for (int k = 1; k < TB_COUNTER_KEYS; k++) rs->zobrist_counter[p][0][k] = rng_next(&r);
    for (int k = 0; k < TB_FLAGGED_CELLS; k++) rs->zobrist_flag[k] = rng_next(&r);
    for (int k = 0; k < TB_MAX_CELLS; k++) rs->zobrist_mark[k] = rng_next(&r);
    for (int p = 0; p < 2; p++)
        for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) rs->zobrist_hand[p][t] = rng_next(&r);
    for (int k = 0; k < TB_MAX_CELLS; k++) rs->zobrist_passage[k] = rng_next(&r);
    /* Players 3 and up: keys drawn after the others, which stay as they were
     * (and only for games that have them: two-player games start no slower). */
    for (int cell = 0; rs->nplayers > 2 && cell < TB_MAX_CELLS; cell++)
        for (int p = 2; p < rs->nplayers; p++)
            for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) rs->zobrist[cell][p][t] = rng_next(&r);
    for (int p = 3; p <= TB_MAX_PLAYERS; p++) rs->zobrist_turn[p] = rng_next(&r);
    for (int p = 2; p < rs->nplayers; p++)
        for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) rs->zobrist_hand[p][t] = rng_next(&r);
    for (int p = 0; rs->nplayers > 2 && p < rs->nplayers; p++) rs->zobrist_out[p] = rng_next(&r);
    /* The other counters' keys (a counter at 0 has none): drawn last, so that
     * every key above is the one it was before counters had slots. */
    for (int p = 0; p < TB_MAX_PLAYERS; p++)
        for (int s = 0; s < TB_COUNTERS; s++)
            for (int k = 1; (p >= 2 || s > 0) && k < TB_COUNTER_KEYS; k++) rs->zobrist_counter[p][s][k] = rng_next(&r);
    allocate_counters(rs);
    state_keep_start(rs);
done:
    if (diags->errors > c.errors_at_start) {
        free(rs);
        return NULL;
    }
    return rs;
}
