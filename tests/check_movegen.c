/* check_movegen.c - the two generators of square boards agree, they agree
 * with a slow reference enumeration written apart from them
 * (tests/reference/moves_ref.c), and random playouts of every bundled
 * square-board game keep the engine's invariants.
 *
 * The bitboard generator (movegen_bitboard.c) and the per-piece generator
 * (movegen_square.c) must list the same moves in every position; the games
 * here come from the rulesets directory, so a game added there is tested
 * without a line of C. */
#include <check.h>

#include "check_front.h"
#include "check_suites.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "compile/load.h"
#include "io/fen.h"
#include "engine/bits_select.h"
#include "engine/search.h"
#include "reference/moves_ref.h"

#define REQUIRE(cond, ...)                         \
    do {                                           \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);    \
    } while (0)

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The notations of N moves, sorted, into TEXT (N rows of TB_MOVE_TEXT_MAX bytes). */
static void sorted_notations(const ruleset *rs, const move *moves, int n, char (*text)[TB_MOVE_TEXT_MAX])
{
    for (int i = 0; i < n; i++) move_notation(rs, &moves[i], text[i], TB_MOVE_TEXT_MAX);
    qsort(text, (size_t)n, sizeof text[0], compare_text);
}

/* The bundled games of square boards small enough for the bitboard
 * generator; returns how many names were written to NAMES. */
static int bitboard_games(char names[][64], int max)
{
    char all[64][64];
    int n = load_bundled_names(all, 64), k = 0;
    for (int i = 0; i < n && k < max; i++) {
        ruleset *rs = front_load_game(all[i], NULL);
        if (rs->bb.ok) snprintf(names[k++], 64, "%.63s", all[i]);
        free(rs);
    }
    return k;
}

/* RULES (a game written in a test) compiled; the test fails, naming LABEL,
 * where they do not compile. */
static front_run *compiled(const char *rules, const char *label)
{
    front_run *run = front_run_text(rules, -1, FRONT_COMPILE, NULL, 0);
    ck_assert_msg(run->rs != NULL, "%s: %s", label, run->out);
    return run;
}

/* Plays GAMES random games of NAME; in every position both generators must
 * list the same moves (with --all-paths too), and after every move the
 * incremental state must equal a fresh computation. */
static void compare_generators(const char *name, int games)
{
    ruleset *rs = front_load_game(name, NULL);
    move_list a = MOVE_LIST_INIT, b = MOVE_LIST_INIT;
    char (*ta)[TB_MOVE_TEXT_MAX] = NULL, (*tb)[TB_MOVE_TEXT_MAX] = NULL;
    int text_cap = 0;
    rng r;
    rng_seed(&r, 20261123);
    long positions = 0;
    for (int g = 0; g < games; g++) {
        state st;
        state_start(rs, &st);
        for (int ply = 0; ply < 2000; ply++) {
            for (int paths = 0; paths < 2; paths++) {
                rs->keep_all_paths = paths;
                int na = movegen_bitboard_legal(rs, &st, &a), nb = movegen_square_legal(rs, &st, &b);
                REQUIRE(a.error == MOVES_OK && b.error == MOVES_OK, "%s, game %d, ply %d: %s / %s", name, g, ply,
                        moves_error_text(a.error), moves_error_text(b.error));
                REQUIRE(na == nb, "%s, game %d, ply %d: the bitboard generator lists %d moves, the per-piece one %d",
                        name, g, ply, na, nb);
                if (na > text_cap) {
                    text_cap = na;
                    ta = realloc(ta, (size_t)text_cap * sizeof *ta);
                    tb = realloc(tb, (size_t)text_cap * sizeof *tb);
                    ck_assert(ta != NULL && tb != NULL);
                }
                sorted_notations(rs, a.m, na, ta);
                sorted_notations(rs, b.m, nb, tb);
                for (int i = 0; i < na; i++)
                    REQUIRE(strcmp(ta[i], tb[i]) == 0, "%s, game %d, ply %d: %s against %s", name, g, ply, ta[i],
                            tb[i]);
            }
            rs->keep_all_paths = 0;
            positions++;
            int n = engine_legal(rs, &st, &a);
            REQUIRE(a.error == MOVES_OK, "%s, game %d, ply %d: %s", name, g, ply, moves_error_text(a.error));
            if (engine_settle(rs, &st, n)) break;
            engine_apply(rs, &st, &a.m[rng_below(&r, (uint32_t)n)], NULL);
            state fresh = st;
            state_refresh(rs, &fresh);
            REQUIRE(memcmp(fresh.typed, st.typed, sizeof st.typed) == 0 &&
                        memcmp(fresh.occupant, st.occupant, sizeof st.occupant) == 0,
                    "%s: the occupied-cell sets differ from the cells (game %d)", name, g);
        }
    }
    ck_assert_int_gt(positions, games);
    free(ta);
    free(tb);
    move_list_free(&a);
    move_list_free(&b);
    free(rs);
}

START_TEST(movegen_generators_agree_on_every_bundled_square_game)
{
    char names[64][64];
    int n = bitboard_games(names, 64);
    ck_assert_int_ge(n, 2);
    for (int i = 0; i < n; i++) compare_generators(names[i], 150);
}
END_TEST

/* Steps that capture a line by approach or withdrawal are the per-piece
 * generator's alone: a game with them is never handed to the bitboard one,
 * whose list (built from the same rules) would miss their captures; where
 * the bitboard generator could take the rest of such a game, it still must
 * not. */
START_TEST(movegen_line_captures_stay_off_the_bitboard_generator)
{
    ruleset *rs = front_load_game("fanorona", NULL);
    ck_assert_ptr_nonnull(rs);
    ck_assert_msg(!rs->bb.ok, "fanorona: the bitboard generator must not take line captures");
    state st;
    state_start(rs, &st);
    move_list l = MOVE_LIST_INIT;
    ck_assert_int_eq(movegen_square_legal(rs, &st, &l), 5); /* the five captures into the centre */
    move_list_free(&l);
    free(rs);
}
END_TEST

static int notation_order(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The moves of L as sorted notation, 48 bytes each, in BUF (L->n of them). */
static void sorted_notation(const ruleset *rs, const move_list *l, char (*buf)[48])
{
    for (int i = 0; i < l->n; i++) move_notation(rs, &l->m[i], buf[i], 48);
    qsort(buf, (size_t)l->n, sizeof *buf, notation_order);
}

/* 1 when moves A and B are the same move, field by field. */
static int same_move(const move *a, const move *b)
{
    if (a->kind != b->kind || a->from != b->from || a->to != b->to || a->mover != b->mover ||
        a->promote != b->promote || a->rule != b->rule || a->npath != b->npath || a->ncaps != b->ncaps)
        return 0;
    for (int i = 0; i < a->npath; i++)
        if (a->path[i] != b->path[i]) return 0;
    for (int i = 0; i < a->ncaps; i++)
        if (a->caps[i] != b->caps[i]) return 0;
    return memcmp(a->caps_by_type, b->caps_by_type, sizeof a->caps_by_type) == 0 &&
           memcmp(a->first_cap, b->first_cap, sizeof a->first_cap) == 0;
}

/* Steps capturing by approach or withdrawal, on small boards (line_scan),
 * written for the tests: each direction set, capture kind and chain rule. */
static const char *const line_games[] = {
    "(board (square 7 5 diagonals:alternate)) (pieces s) (start (place 1 s (rows 1..2)) (place 2 s (rows 1..2))) "
    "(play (moves s (step any capture:approach chain may-stop)) (capture mandatory)) "
    "(end (no-pieces loses) (blocked loses) (no-progress 40 turns reset:capture))",
    "(board (square 7 5 diagonals:alternate)) (pieces s) (start (place 1 s (rows 1..2)) (place 2 s (rows 1..2))) "
    "(play (moves s (step any capture:withdrawal chain no-revisit)) (capture mandatory)) "
    "(end (no-pieces loses) (blocked loses) (no-progress 40 turns reset:capture))",
    "(board (square 7 5 diagonals:alternate)) (pieces s) (start (place 1 s (rows 1..2)) (place 2 s (rows 1..2))) "
    "(play (moves s (step orthogonal capture:[approach withdrawal])) (capture mandatory)) "
    "(end (no-pieces loses) (blocked loses) (no-progress 40 turns reset:capture))",
    "(board (square 7 5 diagonals:alternate)) (pieces s) (start (place 1 s (rows 1..2)) (place 2 s (rows 1..2))) "
    "(play (moves s (step any capture:[approach withdrawal] chain turn)) (capture mandatory)) "
    "(end (no-pieces loses) (blocked loses) (no-progress 40 turns reset:capture))",
    /* all 64 cells, a region to step in, two types */
    "(board (square 8 8)) (pieces s t) (start (place 1 s (rows 1..2)) (place 1 t (rows 3)) (place 2 s (rows 1..2)) "
    "(place 2 t (rows 3))) (play (moves s (step orthogonal capture:[approach withdrawal] chain within:(rows 1..6))) "
    "(moves t (step any capture:[approach withdrawal] chain may-stop no-revisit turn)) (capture mandatory)) "
    "(end (no-pieces loses) (blocked loses) (no-progress 40 turns reset:capture))",
};
#define LINE_PLAYERS "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))"

/* The generator of line captures looks first, on 64-bit sets, for the pieces
 * that may capture, and walks their chains on sets (line_scan,
 * movegen_line_bits.c): along random games its list is the full scan's on
 * a copy of the board, move for move in the same order and field by field,
 * and as a set the list of the per-piece generator that every other game
 * uses. Returns the positions compared. */
static long compare_line_scan(ruleset *rs, const char *name, long *quiet)
{
    ck_assert_msg(rs->lines_only && rs->line_scan, "%s: the line generator scans on 64-bit sets", name);
    move_list a = MOVE_LIST_INIT, b = MOVE_LIST_INIT, c = MOVE_LIST_INIT;
    char (*na)[48] = malloc(sizeof(char[48]) * TB_MAX_MOVES), (*nc)[48] = malloc(sizeof(char[48]) * TB_MAX_MOVES);
    ck_assert(na && nc);
    rng r;
    rng_seed(&r, 20261128);
    long positions = 0;
    for (int g = 0; g < 60; g++) {
        state st;
        state_start(rs, &st);
        for (int ply = 0; ply < 400; ply++) {
            int n = movegen_square_legal(rs, &st, &a);
            rs->line_scan = 0;
            movegen_square_legal(rs, &st, &b);
            rs->lines_only = 0;
            movegen_square_legal(rs, &st, &c);
            rs->lines_only = rs->line_scan = 1;
            REQUIRE(n == b.n, "%s, game %d, ply %d: %d moves with the scan, %d without", name, g, ply, n, b.n);
            for (int i = 0; i < n; i++) { /* in the same order */
                move_notation(rs, &a.m[i], na[0], 48);
                move_notation(rs, &b.m[i], nc[0], 48);
                REQUIRE(same_move(&a.m[i], &b.m[i]), "%s, game %d, ply %d, move %d: %s with the scan, %s without",
                        name, g, ply, i, na[0], nc[0]);
            }
            REQUIRE(n == c.n, "%s, game %d, ply %d: %d moves, the per-piece generator %d", name, g, ply, n, c.n);
            sorted_notation(rs, &a, na);
            sorted_notation(rs, &c, nc);
            for (int i = 0; i < n; i++)
                REQUIRE(strcmp(na[i], nc[i]) == 0, "%s, game %d, ply %d: %s against %s", name, g, ply, na[i], nc[i]);
            positions++;
            *quiet += n && a.m[0].kind != MOVE_CHAIN;
            n = engine_legal(rs, &st, &a);
            if (engine_settle(rs, &st, n)) break;
            engine_apply(rs, &st, &a.m[rng_below(&r, (uint32_t)n)], NULL);
        }
    }
    free(na);
    free(nc);
    move_list_free(&a);
    move_list_free(&b);
    move_list_free(&c);
    return positions;
}

START_TEST(movegen_line_scan_agrees_with_the_full_scan)
{
    ruleset *rs = front_load_game("fanorona", NULL);
    ck_assert_ptr_nonnull(rs);
    long quiet = 0;
    ck_assert_int_gt(compare_line_scan(rs, "fanorona", &quiet), 1000);
    ck_assert_int_gt(quiet, 100); /* positions without a capture, where the scan finds none */
    free(rs);
    char text[2048];
    for (size_t i = 0; i < sizeof line_games / sizeof line_games[0]; i++) {
        snprintf(text, sizeof text, "(game \"t\" %s %s)\n", LINE_PLAYERS, line_games[i]);
        front_run *run = compiled(text, line_games[i]);
        quiet = 0;
        ck_assert_int_gt(compare_line_scan(run->rs, line_games[i], &quiet), 500);
        front_free(run);
    }
}
END_TEST

/* Plays GAMES random games of the rule file NAME (a bundled name or a path);
 * in every position the engine's counts (before the filters, and legal, with
 * and without --all-paths) must be the reference's. Returns the positions
 * compared. */
static long compare_reference(const char *name, int games, int max_plies)
{
    ruleset *rs = front_load_game(name, NULL);
    ck_assert_msg(moves_ref_covers(rs), "%s: not a square board", name);
    move_list l = MOVE_LIST_INIT;
    rng r;
    rng_seed(&r, 20261125);
    long positions = 0;
    for (int g = 0; g < games; g++) {
        state st;
        state_start(rs, &st);
        for (int ply = 0; ply < max_plies; ply++) {
            for (int paths = 0; paths < 2; paths++) {
                rs->keep_all_paths = paths;
                int pseudo = movegen_pseudo(rs, &st, &l);
                long want = moves_ref_pseudo(rs, &st);
                REQUIRE(l.error == MOVES_OK && want >= 0, "%s: %s", name, moves_error_text(l.error));
                REQUIRE(pseudo == want, "%s, game %d, ply %d: the generator lists %d moves before its filters, the "
                        "reference %ld", name, g, ply, pseudo, want);
                if (rs->uses_max_capture) continue; /* the reference has no max-capture hook */
                int legal = engine_legal(rs, &st, &l);
                want = moves_ref_legal(rs, &st);
                REQUIRE(legal == want, "%s, game %d, ply %d%s: %d legal moves, the reference %ld", name, g, ply,
                        paths ? " (all paths)" : "", legal, want);
            }
            rs->keep_all_paths = 0;
            positions++;
            int n = engine_legal(rs, &st, &l);
            if (engine_settle(rs, &st, n)) break;
            engine_apply(rs, &st, &l.m[rng_below(&r, (uint32_t)n)], NULL);
        }
    }
    move_list_free(&l);
    free(rs);
    return positions;
}

START_TEST(movegen_agrees_with_the_reference_on_every_bundled_square_game)
{
    char all[64][64];
    int n = load_bundled_names(all, 64), compared = 0;
    for (int i = 0; i < n; i++) {
        ruleset *rs = front_load_game(all[i], NULL);
        int square = moves_ref_covers(rs);
        free(rs);
        if (!square) continue;
        ck_assert_int_gt(compare_reference(all[i], 40, 400), 40);
        compared++;
    }
    ck_assert_int_ge(compared, 8);
}
END_TEST

/* Positions beyond the bounds the lists used to have: 1,060 moves of 26
 * queens, and a chain of 32 jumps. */
START_TEST(movegen_agrees_with_the_reference_past_the_old_bounds)
{
    const char *dir = getenv("srcdir") ? getenv("srcdir") : ".";
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/complete/queens.game", dir);
    ck_assert_int_gt(compare_reference(path, 3, 60), 3);
    snprintf(path, sizeof path, "%s/tests/complete/trail32.game", dir);
    ck_assert_int_ge(compare_reference(path, 1, 10), 1);
}
END_TEST

/* Boards of more than 128 cells whose playable cells are of one colour: the
 * bitboard generator packs them (14x14 of dark cells with men jumping along
 * files and ranks too; 11x13 of light cells, an odd width); both generators
 * and the reference agree. */
START_TEST(movegen_packed_boards_agree)
{
    const char *dir = getenv("srcdir") ? getenv("srcdir") : ".";
    const char *games[] = { "packed14", "packed-odd" };
    for (int i = 0; i < 2; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/tests/complete/%s.game", dir, games[i]);
        ruleset *rs = front_load_game(path, NULL);
        ck_assert_msg(rs->ncells > 128 && rs->bb.ok, "%s: packed for the bitboard generator", games[i]);
        free(rs);
        compare_generators(path, 60);
        ck_assert_int_gt(compare_reference(path, 10, 300), 10);
    }
}
END_TEST

/* The neighbours of the cell named NAME. */
static int links_of(const ruleset *rs, const char *name)
{
    int cell = ruleset_cell(rs, name), n = 0;
    ck_assert_int_ge(cell, 0);
    for (int d = 0; d < rs->ndirs; d++) n += rs->nbr[cell][d] != TB_NO_CELL;
    return n;
}

/* Boards of other shapes are the square grid with links taken away: a hex
 * rhombus's obtuse corners have three neighbours and its acute ones two, an
 * inner cell six; a hexagon's centre six, its corners three and the cells of
 * its sides four; a board whose diagonals join alternate points has eight
 * links at its centre, four at c2. Both generators and the reference agree
 * on random games of steps and of chains of jumps on them. */
START_TEST(movegen_boards_of_other_shapes_agree)
{
    const char *dir = getenv("srcdir") ? getenv("srcdir") : ".";
    static const struct {
        const char *game, *cell;
        int links;
    } counts[] = {
        { "hex", "a1", 3 },       { "hex", "d3", 3 },       { "hex", "d1", 2 },     { "hex", "a3", 2 },
        { "hex", "b2", 6 },       { "hexagon", "c3", 6 },   { "hexagon", "a1", 3 }, { "hexagon", "c1", 3 },
        { "hexagon", "e5", 3 },   { "hexagon", "b1", 4 },   { "hexagon", "a2", 4 }, { "alternate", "c3", 8 },
        { "alternate", "c2", 4 }, { "alternate", "a1", 3 }, { "alternate", "b1", 3 }, { "alternate", "b2", 8 },
    };
    char path[4096];
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        snprintf(path, sizeof path, "%s/tests/boards/%s.game", dir, counts[i].game);
        ruleset *rs = front_load_game(path, NULL);
        ck_assert_msg(links_of(rs, counts[i].cell) == counts[i].links, "%s: %s has %d neighbours, not %d",
                      counts[i].game, counts[i].cell, links_of(rs, counts[i].cell), counts[i].links);
        free(rs);
    }
    const char *games[] = { "hex", "hexagon", "alternate", "lines-jumps", "hexagon-jumps" };
    for (int i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s/tests/boards/%s.game", dir, games[i]);
        ruleset *rs = front_load_game(path, NULL);
        ck_assert_msg(rs->bb.ok, "%s: the bitboard generator takes it", games[i]);
        free(rs);
        compare_generators(path, 60);
        ck_assert_int_gt(compare_reference(path, 10, 300), 10);
    }
}
END_TEST

/* 1 when A and B agree in what move_equal leaves out: the kind, the rule,
 * the captures counted by type. */
static int same_fields(const move *a, const move *b)
{
    return a->kind == b->kind && a->rule == b->rule && a->mover == b->mover && a->promote == b->promote &&
           memcmp(a->caps_by_type, b->caps_by_type, sizeof a->caps_by_type) == 0 &&
           memcmp(a->first_cap, b->first_cap, sizeof a->first_cap) == 0;
}

/* The placements found on sets (movegen_pick.c) against the cell-by-cell
 * tests, and the playouts' pick against the listed moves: in random games
 * of RS, the rules' outflanking found on sets lists the moves the per-cell
 * test lists, and where every move places a piece, movegen_pick gives the
 * count and the very move that the list and the same random number give. */
static long compare_pick(ruleset *rs, const char *name, int games)
{
    move_list l = MOVE_LIST_INIT, cells = MOVE_LIST_INIT;
    char (*ta)[TB_MOVE_TEXT_MAX] = malloc(4096 * sizeof *ta), (*tb)[TB_MOVE_TEXT_MAX] = malloc(4096 * sizeof *tb);
    ck_assert(ta != NULL && tb != NULL);
    rng r;
    rng_seed(&r, 20261127);
    long picked = 0;
    for (int g = 0; g < games; g++) {
        state st;
        state_start(rs, &st);
        for (int ply = 0; ply < 2000 && st.h.status == STATUS_ONGOING; ply++) {
            rng before = r;
            move m;
            int np = rs->pick_places    ? movegen_pick(rs, &st, &r, &m)
                     : rs->pick_slides  ? movegen_pick_slide(rs, &st, &r, &m)
                     : rs->pick_sowing  ? movegen_pick_sow(rs, &st, &r, &m)
                     : rs->pick_lines   ? movegen_pick_line(rs, &st, &r, &m)
                                        : -1;
            int n = engine_legal(rs, &st, &l);
            uint8_t sets[TB_MAX_RULES];
            for (int i = 0; i < rs->nrules; i++) sets[i] = rs->rules[i].outflank_sets, rs->rules[i].outflank_sets = 0;
            int nc = engine_legal(rs, &st, &cells);
            for (int i = 0; i < rs->nrules; i++) rs->rules[i].outflank_sets = sets[i];
            REQUIRE(n == nc && n <= 4096, "%s, game %d, ply %d: %d moves found on sets, %d cell by cell", name, g, ply,
                    n, nc);
            sorted_notations(rs, l.m, n, ta);
            sorted_notations(rs, cells.m, nc, tb);
            for (int i = 0; i < n; i++)
                REQUIRE(strcmp(ta[i], tb[i]) == 0, "%s, game %d, ply %d: %s against %s", name, g, ply, ta[i], tb[i]);
            if (np > 0) {
                if (rs->complete_later) movegen_complete(rs, &st, &m); /* what it takes, found for it alone */
                rng again = before;
                int k = (int)rng_below(&again, (uint32_t)n);
                REQUIRE(np == n && move_equal(&m, &l.m[k]), "%s, game %d, ply %d: the pick is not the listed move",
                        name, g, ply);
                REQUIRE(!rs->pick_lines || same_fields(&m, &l.m[k]), "%s, game %d, ply %d: the pick's kind, rule or "
                        "captures differ from the listed move's", name, g, ply);
                engine_apply(rs, &st, &m, NULL);
                picked++;
                continue;
            }
            r = before;
            if (engine_settle(rs, &st, n)) break;
            engine_apply(rs, &st, &l.m[rng_below(&r, (uint32_t)n)], NULL);
        }
    }
    free(ta);
    free(tb);
    move_list_free(&l);
    move_list_free(&cells);
    return picked;
}

START_TEST(movegen_placements_on_sets_agree)
{
    static const char *const bundled[] = { "othello", "tic-tac-toe", "connect-four", "gomoku", "hex" };
    for (size_t i = 0; i < sizeof bundled / sizeof bundled[0]; i++) {
        ruleset *rs = front_load_game(bundled[i], NULL);
        ck_assert_msg(rs->pick_places, "%s: every move places a piece", bundled[i]);
        ck_assert_int_gt(compare_pick(rs, bundled[i], 20), 100);
        free(rs);
    }
    /* Boards of several words, odd widths and other shapes, written here. */
    static const char *const boards[] = { "(square 10 10)", "(square 9 7)", "(square 13 11)", "(hex 9 9)",
                                          "(hex-hexagon 5)", "(square 9 9 diagonals:alternate)" };
    char text[1024];
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
        for (int flank = 0; flank < 3; flank++) {
            const char *rule = flank == 0 ? "(place outflank:any)" : flank == 1 ? "(place gravity:s)" : "(place)";
            snprintf(text, sizeof text,
                     "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))\n"
                     " (board %s) (pieces disc)\n"
                     " (start (place 1 disc [c3 d4 b5 e2]) (place 2 disc [c4 d3 d5 e3]))\n"
                     " (play (moves disc %s) (pass when:blocked))\n"
                     " (end %s (blocked most-pieces)))\n",
                     boards[i], rule, flank == 0 ? "" : "(line 4)");
            front_run *run = compiled(text, boards[i]);
            compare_pick(run->rs, boards[i], 15);
            front_free(run);
        }
}
END_TEST

/* Plays GAMES random games of RS from its start, and from positions a few
 * random moves in, on sets (FAST_PATH: rs->place_playouts, playout_place.c,
 * or rs->slide_playouts, playout_slide.c) and by the general path (the
 * pick, apply and end conditions): the same number of moves and the very
 * same final position, byte for byte (cells, counts, hash, result, the
 * clause that decided). Returns the games compared. */
static int compare_fast_playouts(ruleset *rs, uint8_t *fast_path, const char *name, int games)
{
    ck_assert_msg(*fast_path, "%s: playouts on sets", name);
    move_list list = MOVE_LIST_INIT;
    rng lead;
    rng_seed(&lead, 4242);
    int compared = 0;
    for (int g = 0; g < games; g++) {
        state a, b;
        state_start(rs, &a);
        engine_seed(rs, &a, 77 + (uint64_t)g); /* games with dice: their stream, and the first throw */
        int opening = (int)rng_below(&lead, 6); /* a position a few moves in, played by the general path */
        for (int k = 0; k < opening && a.h.status == STATUS_ONGOING; k++) {
            int n = engine_moves(rs, &a, &list);
            if (n <= 0) break;
            engine_apply(rs, &a, &list.m[rng_below(&lead, (uint32_t)n)], NULL);
        }
        if (a.h.status != STATUS_ONGOING) continue;
        b = a;
        rng ra, rb;
        rng_seed(&ra, 1000 + (uint64_t)g);
        rb = ra;
        long fast = playout_one(rs, &a, &ra, &list);
        *fast_path = 0;
        long general = playout_one(rs, &b, &rb, &list);
        *fast_path = 1;
        REQUIRE(fast == general, "%s, game %d: %ld moves on sets, %ld by the general path", name, g, fast, general);
        REQUIRE(a.h.status == STATUS_OVER && memcmp(&a, &b, sizeof a) == 0,
                "%s, game %d: the positions differ (results %d/%d, winners %d/%d, ply %u/%u)", name, g, a.h.status,
                b.h.status, a.h.winner, b.h.winner, (unsigned)a.h.ply, (unsigned)b.h.ply);
        REQUIRE(memcmp(&ra, &rb, sizeof ra) == 0, "%s, game %d: the random numbers drawn differ", name, g);
        compared++;
    }
    /* A run of playouts counts only results, never writing a position: the
     * same counts as the general path's. */
    playout_stats fast, general;
    memset(&fast, 0, sizeof fast);
    memset(&general, 0, sizeof general);
    playout_many(rs, 99, games, &fast, &list);
    *fast_path = 0;
    playout_many(rs, 99, games, &general, &list);
    *fast_path = 1;
    REQUIRE(memcmp(&fast, &general, sizeof fast) == 0 && fast.games == games,
            "%s: %ld games on sets: %ld/%ld wins, %ld draws; by the general path %ld/%ld, %ld", name, fast.games,
            fast.wins[0], fast.wins[1], fast.draws, general.wins[0], general.wins[1], general.draws);
    move_list_free(&list);
    return compared;
}

/* Each of the N GAMES (the body of a game, after PLAYERS) compiles with
 * the fast path whose flag is at byte FLAG of the ruleset left off. */
static void stay_off(const char *const *games, size_t n, const char *players, size_t flag)
{
    char text[4096];
    for (size_t i = 0; i < n; i++) {
        snprintf(text, sizeof text, "(game \"t\" %s%s)\n", players, games[i]);
        front_run *run = compiled(text, games[i]);
        ck_assert_msg(!((const uint8_t *)run->rs)[flag], "%s: taken by a fast path it does not fit", games[i]);
        front_free(run);
    }
}

/* The k-th set bit of a word, both ways the playouts find it (the bytes'
 * counts, and the deposit where the processor has it), against a walk
 * over the bits: words of every density, every k. */
START_TEST(movegen_bits_select_finds_the_kth_bit)
{
    rng r;
    rng_seed(&r, 99);
    int deposit = bits_deposit_is_fast();
    for (int i = 0; i < 3000; i++) {
        uint64_t x = rng_next(&r);
        if (i % 3 == 1) x &= rng_next(&r) & rng_next(&r); /* sparse */
        if (i % 3 == 2) x |= rng_next(&r) | rng_next(&r); /* dense */
        if (i == 0) x = ~0ull;
        if (i == 1) x = 1ull << 63;
        int k = 0;
        for (uint64_t bits = x; bits; bits &= bits - 1, k++) {
            int want = __builtin_ctzll(bits);
            ck_assert_int_eq(bits_select(x, k, 0), want);
            if (deposit) ck_assert_int_eq(bits_select(x, k, 1), want);
        }
    }
}
END_TEST

/* Playouts of placing games on sets (playout_place.c) end where the general
 * path ends, on the bundled games and on games written here: lines of N or
 * more and of exactly N on one word and several, a line that loses,
 * gravity, a region to place in, a connection, three players, a full board
 * that wins; and games it must not take are left to the general path. */
START_TEST(movegen_place_playouts_agree)
{
    static const char *const bundled[] = { "tic-tac-toe", "connect-four", "gomoku", "hex" };
    for (size_t i = 0; i < sizeof bundled / sizeof bundled[0]; i++) {
        ruleset *rs = front_load_game(bundled[i], NULL);
        ck_assert_int_gt(compare_fast_playouts(rs, &rs->place_playouts, bundled[i], 60), 30);
        if (rs->bits_deposit) { /* the processor finds bits by deposit: the other way too */
            rs->bits_deposit = 0;
            ck_assert_int_gt(compare_fast_playouts(rs, &rs->place_playouts, bundled[i], 60), 30);
        }
        free(rs);
    }
    static const char *const variants[][2] = {
        { "gomoku", "exactly-five=on" }, { "hex", "size=5" }, { "hex", "size=14" },
    };
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        ruleset *rs = front_load_game(variants[i][0], variants[i][1]);
        ck_assert_int_gt(compare_fast_playouts(rs, &rs->place_playouts, variants[i][1], 40), 20);
        free(rs);
    }
    static const char *const games[] = {
        /* a line that loses, on one word and on several */
        "(board (square 4 4)) (pieces m) (play (moves m (place))) (end (line 3 loses) (blocked draw))",
        "(board (square 9 9)) (pieces m) (play (moves m (place))) (end (line 4 loses) (blocked draw))",
        /* exactly N, walked and on runs; a full board that the player to move wins */
        "(board (square 12 12)) (pieces m) (play (moves m (place))) (end (line 4 exact) (blocked wins))",
        "(board (square 7 7)) (pieces m) (play (moves m (place))) (end (line 3 exact) (blocked loses))",
        /* gravity on one word and on several, another way */
        "(board (square 9 9)) (pieces m) (play (moves m (place gravity:s))) (end (line 4) (blocked draw))",
        "(board (square 6 5)) (pieces m) (play (moves m (place gravity:w))) (end (line 3) (blocked draw))",
        /* a region to place in, and a board with cells left out */
        "(board (square 8 8)) (pieces m) (play (moves m (place to:(rows 4)))) (end (line 3) (blocked draw))",
        "(board (square 8 8 diagonals:alternate)) (pieces m) (play (moves m (place))) (end (line 4) (blocked draw))",
        /* connections, with a line beside one */
        "(board (hex 6 6)) (pieces m) (play (moves m (place))) (end (connect (rows 1) far-row))",
        "(board (square 7 7)) (pieces m) (play (moves m (place))) (end (line 5) (connect (rows 1) far-row) (blocked draw))",
        /* lines on a grid of hexagons and on a board of links; a line of 63
         * cells, the longest kept as one word, and of 70, walked instead */
        "(board (hex 6 6)) (pieces m) (play (moves m (place))) (end (line 4) (blocked draw))",
        "(board (square 4 4) (links [a1 c1 e] [c1 d2 e] [a1 b3 n] [b3 a4 n] [c1 c3 n] [b3 c3 e])) (pieces m) "
        "(play (moves m (place))) (end (line 3) (blocked draw))",
        "(board (square 2 63)) (pieces m) (play (moves m (place))) (end (line 6) (blocked draw))",
        "(board (square 2 70)) (pieces m) (play (moves m (place))) (end (line 6 exact) (blocked draw))",
        /* pieces on the board at the start */
        "(board (square 5 5)) (pieces m) (start (place 1 m [c3]) (place 2 m [b2 d4])) (play (moves m (place))) "
        "(end (line 3) (blocked draw))",
    };
    char text[1024];
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        for (int three = 0; three < 2; three++) {
            if (three && strstr(games[i], "loses")) continue; /* a loss puts one of three out: not on sets */
            snprintf(text, sizeof text,
                     "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)%s)\n %s)\n",
                     three ? " (player 3 \"c\" forward:e)" : "", games[i]);
            front_run *run = compiled(text, games[i]);
            /* lines the runs cannot read are read a word a line wherever they fit, else walked */
            int unread = 0;
            for (int e = 0; e < run->rs->nends; e++)
                unread |= run->rs->ends[e].kind == END_LINE && run->rs->ends[e].runs < 0;
            ck_assert_int_eq(run->rs->place_nlines != 0, unread && strstr(games[i], "2 70") == NULL);
            ck_assert_int_gt(compare_fast_playouts(run->rs, &run->rs->place_playouts, games[i], 40), 20);
            front_free(run);
        }
    /* Not on sets: a counted supply, a pass, outflanking, a loss among three,
     * a condition the fast path does not read. */
    static const char *const others[] = {
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 4 4)) (pieces m) "
        "(start (hand 1 m 3) (hand 2 m 3)) (play (moves m (place))) (end (line 3) (blocked draw))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 4 4)) (pieces m) "
        "(play (moves m (place)) (pass when:blocked)) (end (line 3) (blocked draw))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s) (player 3 \"c\" forward:e)) "
        "(board (square 4 4)) (pieces m) (play (moves m (place))) (end (line 3 loses) (blocked draw))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 4 4)) (pieces m) "
        "(play (moves m (place))) (end (line 3) (repetition 3) (blocked draw))",
    };
    stay_off(others, sizeof others / sizeof others[0], "", offsetof(ruleset, place_playouts));
    ruleset *othello = front_load_game("othello", NULL);
    ck_assert(!othello->place_playouts);
    free(othello);
}
END_TEST

/* Playouts of sliding games on sets and tables (playout_slide.c) end where
 * the general path ends: the tafl games and their options, and games
 * written here: lines of 5 to 12 cells laid out one word and several, slides
 * along diagonals too, a slide one way only, regions crossed and never
 * entered, repetition before and after `blocked`, a loss by a lost type, an
 * escape to the edge; slides that shoot (Amazons, and boards of one word
 * and three, rook moves, two types, a shot of a type that moves in turn, a
 * region reached); and games it must not take are left to the general
 * path. */
START_TEST(movegen_slide_playouts_agree)
{
    static const char *const bundled[][2] = {
        { "brandubh", NULL }, { "tablut", NULL }, { "brandubh", "king-sides=4" }, { "tablut", "king-sides=2" },
        { "brandubh", "pass-throne=off" }, { "tablut", "armed-king=off" }, { "amazons", NULL },
    };
    for (size_t i = 0; i < sizeof bundled / sizeof bundled[0]; i++) {
        ruleset *rs = front_load_game(bundled[i][0], bundled[i][1]);
        ck_assert_int_gt(compare_fast_playouts(rs, &rs->slide_playouts, bundled[i][0], 40), 30);
        if (rs->shot_bound) { /* shooting: the draws alone, then every move counted, agree too */
            int exact = rs->shot_exact, trials = rs->shot_trials;
            rs->shot_exact = 0;
            ck_assert_int_gt(compare_fast_playouts(rs, &rs->slide_playouts, "amazons, drawn", 20), 15);
            rs->shot_exact = (uint16_t)exact;
            rs->shot_trials = 0;
            ck_assert_int_gt(compare_fast_playouts(rs, &rs->slide_playouts, "amazons, counted", 20), 15);
            rs->shot_trials = (uint16_t)trials;
        }
        free(rs);
    }
    static const char *const games[] = {
        /* Hnefatafl's board: lines of 11, three words an axis */
        "(board (square 11 11)) (pieces s k)"
        " (regions (region corners (cells [a1 a11 k1 k11])) (region restricted (cells [a1 a11 k1 k11 f6])))"
        " (start (place 1 s [d1 e1 f1 g1 h1 f2 a4 a5 a6 a7 a8 b6 k4 k5 k6 k7 k8 j6 d11 e11 f11 g11 h11 f10])"
        " (place 2 s [f4 e5 f5 g5 d6 e6 g6 h6 e7 f7 g7 f8]) (place 2 k [f6]))"
        " (play (moves s (slide orthogonal never-enter:restricted)) (moves k (slide orthogonal))"
        " (custodial orthogonal hostile:restricted royal:k royal-sides:4))"
        " (end (reach corners piece:k) (captured k loses) (blocked loses) (repetition 3))",
        /* a rectangle: lines of 12 and of 5; a type that slides one way only */
        "(board (square 12 5)) (pieces r p) (start (place 1 r [a1 c1 e1 g1]) (place 1 p [b2 d2 f2])"
        " (place 2 r [l5 j5 h5 f5]) (place 2 p [k4 i4 g4]))"
        " (play (moves r (slide orthogonal within:(rows 1..4))) (moves p (slide forward)) (custodial orthogonal))"
        " (end (no-pieces loses) (blocked loses) (repetition 3))",
        /* a type that moves forward only wins on the far row: the history starts again after its moves */
        "(board (square 12 5)) (pieces r p) (start (place 1 r [a1 c1 e1 g1]) (place 1 p [b2 d2 f2])"
        " (place 2 r [l5 j5 h5 f5]) (place 2 p [k4 i4 g4]))"
        " (play (moves r (slide orthogonal)) (moves p (slide forward)) (custodial orthogonal))"
        " (end (reach far-row piece:p) (no-pieces loses) (blocked loses) (repetition 3))",
        /* every direction: four axes, diagonals of 1 to 8 cells; custody along them too */
        "(board (square 8 8)) (pieces q) (start (place 1 q [a1 c1 e1 g1 b2 d2]) (place 2 q [h8 f8 d8 b8 g7 e7]))"
        " (play (moves q (slide any)) (custodial any))"
        " (end (no-pieces loses) (repetition 2) (blocked loses))",
        /* repetition before blocked, on small boards where both happen */
        "(board (square 5 5)) (pieces r) (start (place 1 r [a1 b2]) (place 2 r [e5 d4]))"
        " (play (moves r (slide orthogonal never-enter:(cells [c3]))) (custodial orthogonal))"
        " (end (repetition 3) (blocked wins))",
        "(board (square 3 3)) (pieces r) (start (place 1 r [a1 b1 c1]) (place 2 r [a3 c3]))"
        " (play (moves r (slide orthogonal)) (custodial orthogonal)) (end (blocked loses) (repetition 3))",
        /* slides that shoot (the counts of each cell's slides kept as pieces come and go):
         * one word; lines of 12 on three words; rook moves; two types */
        "(board (square 6 6)) (pieces q x) (start (place 1 q [a1 c3]) (place 2 q [b4 e5]))"
        " (play (moves q (slide any shoot:x))) (end (blocked loses))",
        "(board (square 12 9)) (pieces q x) (start (place 1 q [a1 d1 i1 l1]) (place 2 q [a9 d9 i9 l9]))"
        " (play (moves q (slide any shoot:x))) (end (blocked loses))",
        "(board (square 7 7)) (pieces r x) (start (place 1 r [a1 g1]) (place 2 r [a7 g7]))"
        " (play (moves r (slide orthogonal shoot:x))) (end (blocked loses))",
        "(board (square 8 8)) (pieces q b x) (start (place 1 q [a1]) (place 1 b [h1 d4]) (place 2 q [h8]) (place 2 b [a8 e5]))"
        " (play (moves q (slide any shoot:x)) (moves b (slide any shoot:x))) (end (blocked loses))",
        /* a shot that reaches a region wins; repetition beside (never met: a shot is for good) */
        "(board (square 6 6)) (pieces q x) (start (place 1 q [a1 f1]) (place 2 q [a6 f6]))"
        " (play (moves q (slide any shoot:x))) (end (reach (rows 4) piece:q) (repetition 2) (blocked draw))",
        /* the shots of another type, and a type lost */
        "(board (square 6 6)) (pieces q x) (start (place 1 q [a1 f1]) (place 2 q [a6 f6]))"
        " (play (moves q (slide diagonal shoot:q))) (end (no-pieces loses) (blocked loses))",
    };
    char text[4096];
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        snprintf(text, sizeof text, "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))\n %s)\n",
                 games[i]);
        front_run *run = compiled(text, games[i]);
        ck_assert_int_gt(compare_fast_playouts(run->rs, &run->rs->slide_playouts, games[i], 40), 20);
        front_free(run);
    }
    /* Not on tables: lines of 13 cells, a slide that takes where it lands,
     * three players, a no-progress count; shots that a cell's slides do not
     * count: a slide of two cells at most, one within a region, one that
     * shoots only forward (not back over the cell left), a board with cells
     * left out, a custodial capture beside, a slide that does not shoot
     * beside one that does. */
    static const char *const others[] = {
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 13 13)) (pieces r)"
        " (start (place 1 r [a1]) (place 2 r [m13])) (play (moves r (slide orthogonal))) (end (repetition 3))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 8 8)) (pieces r)"
        " (start (place 1 r [a1]) (place 2 r [h8])) (play (moves r (slide orthogonal to:empty-or-enemy)))"
        " (end (no-pieces loses))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s) (player 3 \"c\" forward:e)) (board (square 6 6))"
        " (pieces r) (start (place 1 r [a1]) (place 2 r [f6]) (place 3 r [a6])) (play (moves r (slide orthogonal)))"
        " (end (repetition 3))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 6 6)) (pieces q x)"
        " (start (place 1 q [a1]) (place 2 q [f6])) (play (moves q (slide any shoot:x max:2))) (end (blocked loses))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 6 6)) (pieces q x)"
        " (start (place 1 q [a1]) (place 2 q [f6])) (play (moves q (slide any shoot:x within:(rows 1..5))))"
        " (end (blocked loses))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 6 6)) (pieces q x)"
        " (start (place 1 q [a1]) (place 2 q [f6])) (play (moves q (slide forward shoot:x))) (end (blocked loses))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 7 5) (playable dark))"
        " (pieces q x) (start (place 1 q [a1]) (place 2 q [g5])) (play (moves q (slide any shoot:x)))"
        " (end (blocked loses))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 6 6)) (pieces q x)"
        " (start (place 1 q [a1 b1]) (place 2 q [f6 e6])) (play (moves q (slide any shoot:x)) (custodial orthogonal))"
        " (end (blocked loses))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 6 6)) (pieces q r x)"
        " (start (place 1 q [a1]) (place 1 r [b1]) (place 2 q [f6]) (place 2 r [e6]))"
        " (play (moves q (slide any shoot:x)) (moves r (slide orthogonal))) (end (blocked loses))",
        "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 6 6)) (pieces r)"
        " (start (place 1 r [a1 b1]) (place 2 r [f6 e6])) (play (moves r (slide orthogonal)) (custodial orthogonal))"
        " (end (no-progress 40 plies reset:capture) (no-pieces loses))",
    };
    stay_off(others, sizeof others / sizeof others[0], "", offsetof(ruleset, slide_playouts));
}
END_TEST

/* Playouts of sowing games on seed counts (playout_sow.c) end where the
 * general path ends: the bundled game with the opposite capture and extra
 * turns and each of its options, and games written here: other pit counts
 * and an opposite pit taken when empty, stores off the loop, laps past the
 * pit emptied, captures of counts (a grand slam allowed or taking nothing),
 * a store's count that wins or loses, a player left without seeds (the
 * general path goes on); and games it must not take are left to the
 * general path. */
START_TEST(movegen_sow_playouts_agree)
{
    static const char *const bundled[][2] = {
        { "kalah", NULL }, { "kalah", "seeds=3" }, { "kalah", "seeds=5" }, { "kalah", "seeds=6" },
    };
    for (size_t i = 0; i < sizeof bundled / sizeof bundled[0]; i++) {
        ruleset *rs = front_load_game(bundled[i][0], bundled[i][1]);
        ck_assert_int_gt(compare_fast_playouts(rs, &rs->sow_playouts, bundled[i][0], 60), 40);
        if (rs->bits_deposit) { /* the pit drawn found by deposit: the other way too */
            rs->bits_deposit = 0;
            ck_assert_int_gt(compare_fast_playouts(rs, &rs->sow_playouts, bundled[i][0], 60), 40);
        }
        free(rs);
    }
    static const char *const games[] = {
        /* four pits a side, three seeds each; the opposite pit taken even when empty; no extra turn */
        "(board (square 6 2)) (pieces seed)"
        " (start (place 1 seed (rows 1 columns:2..5) count:3) (place 2 seed (rows 1 columns:2..5) count:3))"
        " (play (moves seed (sow from:(rows 1 columns:2..5) loop:[b1 c1 d1 e1 f1 e2 d2 c2 b2 a2]"
        " skip:(each [a2] [f1]) store:(each [f1] [a2]) capture:opposite opposite-empty)))"
        " (end (pits-empty))",
        /* stores off the loop, laps past the pit emptied, captures of 2 or 3 that take nothing when they take all */
        "(board (square 8 2)) (pieces seed)"
        " (start (place 1 seed (rows 1 columns:2..7) count:4) (place 2 seed (rows 1 columns:2..7) count:4))"
        " (play (moves seed (sow from:(rows 1 columns:2..7) loop:[b1 c1 d1 e1 f1 g1 g2 f2 e2 d2 c2 b2]"
        " store:(each [h1] [a2]) skip-origin capture:counts counts:[2 3] grand-slam:no-capture)))"
        " (end (stored 25 wins) (pits-empty) (repetition 3))",
        /* the same, a grand slam allowed, five seeds a pit; a player without seeds is blocked */
        "(board (square 8 2)) (pieces seed)"
        " (start (place 1 seed (rows 1 columns:2..7) count:5) (place 2 seed (rows 1 columns:2..7) count:5))"
        " (play (moves seed (sow from:(rows 1 columns:2..7) loop:[b1 c1 d1 e1 f1 g1 g2 f2 e2 d2 c2 b2]"
        " store:(each [h1] [a2]) capture:counts counts:[2 3])))"
        " (end (stored 31 wins) (blocked loses) (repetition 3))",
        /* stores on the loop, extra turns, no capture; a store of 12 loses first */
        "(board (square 7 2)) (pieces seed)"
        " (start (place 1 seed (rows 1 columns:2..6) count:4) (place 2 seed (rows 1 columns:2..6) count:4))"
        " (play (moves seed (sow from:(rows 1 columns:2..6) loop:[b1 c1 d1 e1 f1 g1 f2 e2 d2 c2 b2 a2]"
        " skip:(each [a2] [g1]) store:(each [g1] [a2]) extra-turn)))"
        " (end (stored 12 loses) (pits-empty) (repetition 3))",
        /* captures of counts on a loop through both stores, extra turns; repetition before blocked */
        "(board (square 8 2)) (pieces seed)"
        " (start (place 1 seed (rows 1 columns:2..7) count:3) (place 2 seed (rows 1 columns:2..7) count:3))"
        " (play (moves seed (sow from:(rows 1 columns:2..7) loop:[b1 c1 d1 e1 f1 g1 h1 g2 f2 e2 d2 c2 b2 a2]"
        " skip:(each [a2] [h1]) store:(each [h1] [a2]) capture:counts counts:[2 4] extra-turn)))"
        " (end (repetition 3) (blocked wins) (stored 19 wins))",
    };
    char text[4096];
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        snprintf(text, sizeof text, "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))\n %s)\n",
                 games[i]);
        front_run *run = compiled(text, games[i]);
        ck_assert_int_gt(compare_fast_playouts(run->rs, &run->rs->sow_playouts, games[i], 60), 40);
        front_free(run);
    }
    /* Not on counts: a no-progress count, an end condition the path does not read. */
    static const char *const others[] = {
        "(board (square 8 2)) (pieces seed)"
        " (start (place 1 seed (rows 1 columns:2..7) count:4) (place 2 seed (rows 1 columns:2..7) count:4))"
        " (play (moves seed (sow from:(rows 1 columns:2..7) loop:[b1 c1 d1 e1 f1 g1 h1 g2 f2 e2 d2 c2 b2 a2]"
        " skip:(each [a2] [h1]) store:(each [h1] [a2]) capture:opposite extra-turn)))"
        " (end (pits-empty) (no-progress 40 plies reset:capture))",
        "(board (square 8 2)) (pieces seed)"
        " (start (place 1 seed (rows 1 columns:2..7) count:4) (place 2 seed (rows 1 columns:2..7) count:4))"
        " (play (moves seed (sow from:(rows 1 columns:2..7) loop:[b1 c1 d1 e1 f1 g1 g2 f2 e2 d2 c2 b2]"
        " store:(each [h1] [a2]) capture:counts counts:[2 3])))"
        " (end (stored 25 wins) (no-pieces loses))",
    };
    stay_off(others, sizeof others / sizeof others[0],
             "(players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))\n ", offsetof(ruleset, sow_playouts));
    /* the feeding rule: the general path */
    static const char *const fed[] = { "oware", NULL };
    for (size_t i = 0; fed[i]; i++) {
        ruleset *rs = front_load_game(fed[i], NULL);
        ck_assert_msg(!rs->sow_playouts, "%s: not on counts", fed[i]);
        free(rs);
    }
}
END_TEST

/* Playouts of steps capturing by approach or withdrawal pick their move
 * without the list (movegen_pick_approach: chains counted on sets, the one
 * picked made alone): the same games as the list gives. A board of more
 * than 64 cells keeps the list. */
START_TEST(movegen_approach_pick_agrees)
{
    ruleset *rs = front_load_game("fanorona", NULL);
    ck_assert_int_gt(compare_fast_playouts(rs, &rs->pick_approach, "fanorona", 60), 40);
    free(rs);
    char text[2048];
    for (size_t i = 0; i < sizeof line_games / sizeof line_games[0]; i++) {
        snprintf(text, sizeof text, "(game \"t\" %s %s)\n", LINE_PLAYERS, line_games[i]);
        front_run *run = compiled(text, line_games[i]);
        ck_assert_int_gt(compare_fast_playouts(run->rs, &run->rs->pick_approach, line_games[i], 40), 20);
        front_free(run);
    }
    static const char *const others[] = {
        "(board (square 9 9)) (pieces s) (start (place 1 s (rows 1..2)) (place 2 s (rows 1..2))) "
        "(play (moves s (step any capture:approach chain)) (capture mandatory)) (end (no-pieces loses) (blocked loses))",
    };
    stay_off(others, sizeof others / sizeof others[0], LINE_PLAYERS " ", offsetof(ruleset, pick_approach));
}
END_TEST

/* Playouts of race games on a board of owners (playout_race.c) end where
 * the general path ends, on the bundled games that fit (the Royal Game of
 * Ur, and Ludo with two to four players and safe cells) and on games written
 * here: three players entering with a 6 only, a 6 throwing again at most
 * twice, bearing off with any larger throw; two players on a ring, dice
 * summed of three faces, a safe point and a point that gives another turn
 * elsewhere, entering first, bearing off from the highest once all are
 * home (some games drawn by the pass limit); four players who never hit (an
 * enemy point is closed), a 4 throwing again; sticks summed with values of
 * their own, a throw of 4 and three points throwing again. Games it must not
 * take (two dice, stacks, race rules, a doubled win, a no-progress count,
 * partners, the bundled tables games and Senet) are left to the general
 * path. */
START_TEST(movegen_race_playouts_agree)
{
    static const char *const bundled[][2] = {
        { "ur", NULL }, { "ludo", NULL }, { "ludo", "fourth=off" }, { "ludo", "safe-squares=on" },
    };
    for (size_t i = 0; i < sizeof bundled / sizeof bundled[0]; i++) {
        ruleset *rs = front_load_game(bundled[i][0], bundled[i][1]);
        int compared = compare_fast_playouts(rs, &rs->race_playouts, bundled[i][0], i == 0 ? 100 : 60);
        ck_assert_msg(compared > 40, "%s %s: %d games compared", bundled[i][0], bundled[i][1] ? bundled[i][1] : "", compared);
        free(rs);
    }
    static const char *const games[] = {
        "(players (player 1 \"a\" path:[a1 b1 c1 d1 d2 d3 d4 c4 b4 a4]) (player 2 \"b\" path:[d1 d2 d3 d4 c4 b4 a4 a3 a2 a1])"
        " (player 3 \"c\" path:[d4 c4 b4 a4 a3 a2 a1 b1 c1 d1]))"
        " (board (track-grid 4 4 without:[b2 c2 b3 c3]) (off-board yard home)) (pieces piece)"
        " (start (place 1 piece yard count:3) (place 2 piece yard count:3) (place 3 piece yard count:3))"
        " (dice 1 6)"
        " (play (moves piece (advance hit:1 single)) (enter from:yard with:6) (roll-again 6 most:2)"
        " (bear-off to:home overshoot:always))"
        " (end (all-off home))",
        "(players (player 1 \"a\" start:1 direction:up) (player 2 \"b\" start:9 direction:up))"
        " (board (track 16) (off-board bar off)) (pieces checker)"
        " (regions (region home (own-points 13..16)) (region haven (own-points 4)) (region again (own-points 8)))"
        " (start (place 1 checker bar count:4) (place 2 checker bar count:4))"
        " (dice 2 3 sum)"
        " (play (moves checker (advance hit:1 single safe:haven extra-turn:again)) (enter from:bar first)"
        " (bear-off to:off when-all-in:home overshoot:from-highest))"
        " (end (all-off off))",
        "(players (player 1 \"a\" path:[a1 b1 c1 d1 d2 d3 d4 c4 b4 a4 a3]) (player 2 \"b\" path:[d1 d2 d3 d4 c4 b4 a4 a3 a2 a1 b1])"
        " (player 3 \"c\" path:[d4 c4 b4 a4 a3 a2 a1 b1 c1 d1 d2]) (player 4 \"d\" path:[a4 a3 a2 a1 b1 c1 d1 d2 d3 d4 c4]))"
        " (board (track-grid 4 4 without:[b2 c2 b3 c3]) (off-board hand off)) (pieces piece)"
        " (start (place 1 piece hand count:2) (place 2 piece hand count:2) (place 3 piece hand count:2)"
        " (place 4 piece hand count:2))"
        " (dice 1 4)"
        " (play (moves piece (advance single extra-throw:[4])) (enter from:hand) (bear-off to:off))"
        " (end (all-off off))",
        "(players (player 1 \"a\" path:[c1 b1 a1 a2 b2 c2 d2 e2 f2 f1 e1]) (player 2 \"b\" path:[c3 b3 a3 a2 b2 c2 d2 e2 f2 f3 e3]))"
        " (board (track-grid 6 3 without:[d1 d3]) (off-board hand off)) (pieces piece)"
        " (regions (region haven [b2 e2]) (region again [a1 a3 f2]))"
        " (start (place 1 piece hand count:5) (place 2 piece hand count:5))"
        " (dice 3 2 faces:[0 1] sum values:[4 1 2 3])"
        " (play (moves piece (advance hit:1 single safe:haven extra-turn:again extra-throw:[4])) (enter from:hand)"
        " (bear-off to:off))"
        " (end (all-off off))",
    };
    char text[4096];
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        snprintf(text, sizeof text, "(game \"t\" %s)\n", games[i]);
        front_run *run = compiled(text, games[i]);
        ck_assert_int_gt(compare_fast_playouts(run->rs, &run->rs->race_playouts, games[i], 80), 60);
        front_free(run);
    }
    /* Not on the board of owners: two dice, stacks, a race rule, a doubled
     * win, a no-progress count. */
#define RACE_BOARD " (board (track 24) (off-board bar off)) (pieces checker)" \
                   " (start (place 1 checker bar count:3) (place 2 checker bar count:3))"
    static const char *const others[] = {
        RACE_BOARD " (dice 2 6) (play (moves checker (advance hit:1 single)) (enter from:bar) (bear-off to:off))"
                   " (end (all-off off))",
        RACE_BOARD " (dice 1 6) (play (moves checker (advance hit:1)) (enter from:bar) (bear-off to:off))"
                   " (end (all-off off))",
        RACE_BOARD " (dice 1 6) (play (moves checker (advance hit:1 single blockade:2)) (enter from:bar)"
                   " (bear-off to:off)) (end (all-off off))",
        RACE_BOARD " (dice 1 6) (play (moves checker (advance hit:1 single)) (enter from:bar) (bear-off to:off))"
                   " (end (all-off off double:opponent-none-off))",
        RACE_BOARD " (dice 1 6) (play (moves checker (advance hit:1 single)) (enter from:bar) (bear-off to:off))"
                   " (end (all-off off) (no-progress 60 plies reset:capture))",
    };
#undef RACE_BOARD
    stay_off(others, sizeof others / sizeof others[0],
             "(players (player 1 \"a\" start:1 direction:up) (player 2 \"b\" start:13 direction:up))\n ",
             offsetof(ruleset, race_playouts));
    static const char *const tables[][2] = {
        { "backgammon", NULL }, { "plakoto", NULL }, { "fevga", NULL }, { "long-nardy", NULL },
        { "jacquet-de-versailles", NULL }, { "senet", NULL }, { "ludo", "partners=on" },
    };
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        ruleset *rs = front_load_game(tables[i][0], tables[i][1]);
        ck_assert_msg(!rs->race_playouts, "%s: not on the board of owners", tables[i][0]);
        free(rs);
    }
}
END_TEST

/* Plays GAMES random games of RS beside a copy that walks the cells for
 * its lines (no line_runs tables): the same moves in every position, the
 * same result after every move. Returns the positions compared. */
static int compare_line_runs(ruleset *rs, const char *name, int games)
{
    ruleset *walk = malloc(sizeof *walk);
    ck_assert_ptr_nonnull(walk);
    memcpy(walk, rs, sizeof *walk);
    walk->line_removes_runs = -1;
    for (int i = 0; i < walk->nends; i++) walk->ends[i].runs = -1;
    move_list a = MOVE_LIST_INIT, b = MOVE_LIST_INIT;
    static char ta[2048][TB_MOVE_TEXT_MAX], tb[2048][TB_MOVE_TEXT_MAX];
    int compared = 0;
    rng r;
    rng_seed(&r, 77);
    for (int g = 0; g < games; g++) {
        state x, y;
        state_start(rs, &x);
        state_start(walk, &y);
        for (int ply = 0; ply < 300 && x.h.status == STATUS_ONGOING; ply++) {
            int n = engine_moves(rs, &x, &a), nw = engine_moves(walk, &y, &b);
            REQUIRE(n == nw && n <= 2048, "%s, game %d, ply %d: %d moves on runs, %d walking", name, g, ply, n, nw);
            if (n <= 0) break;
            sorted_notations(rs, a.m, n, ta);
            sorted_notations(walk, b.m, n, tb);
            for (int i = 0; i < n; i++)
                REQUIRE(strcmp(ta[i], tb[i]) == 0, "%s, game %d, ply %d: %s against %s", name, g, ply, ta[i], tb[i]);
            int k = (int)rng_below(&r, (uint32_t)n);
            engine_apply(rs, &x, &a.m[k], NULL);
            engine_apply(walk, &y, &b.m[k], NULL);
            REQUIRE(x.h.status == y.h.status && x.h.winner == y.h.winner, "%s, game %d, ply %d: the results differ",
                    name, g, ply);
            compared++;
        }
    }
    move_list_free(&a);
    move_list_free(&b);
    free(walk);
    return compared;
}

/* Three players on boards of cells: the placements picked without the list
 * are the listed ones, and the lines read on bit sets are those walked, in
 * random games where each of the three plays in turn. */
START_TEST(movegen_three_players_agree)
{
    static const char *const boards[] = { "(square 7 7)", "(square 8 8)", "(square 10 9)", "(hex 7 7)" };
    char text[1024];
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
        for (int gravity = 0; gravity < 2; gravity++) {
            snprintf(text, sizeof text,
                     "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)"
                     " (player 3 \"c\" forward:%s))\n"
                     " (board %s) (pieces stone)\n"
                     " (play (moves stone %s))\n"
                     " (end (line 4) (blocked draw)))\n",
                     strncmp(boards[i], "(hex", 4) == 0 ? "n" : "e", boards[i], gravity ? "(place gravity:s)" : "(place)");
            front_run *run = compiled(text, boards[i]);
            ck_assert_int_eq(run->rs->nplayers, 3);
            ck_assert_int_gt(compare_pick(run->rs, boards[i], 15), 100);
            if (run->rs->ncells <= 64) ck_assert_int_gt(compare_line_runs(run->rs, boards[i], 15), 100);
            front_free(run);
        }
}
END_TEST

/* Lines read on bit sets (line_runs.c) agree with the walk along the cells:
 * lines of N or more and of exactly N, a line that removes a piece. */
START_TEST(movegen_line_runs_agree_with_the_walk)
{
    static const char *const bundled[] = { "tic-tac-toe", "connect-four", "nine-mens-morris" };
    for (size_t i = 0; i < sizeof bundled / sizeof bundled[0]; i++) {
        ruleset *rs = front_load_game(bundled[i], NULL);
        ck_assert_msg(rs->line_removes_runs >= 0 || (rs->nends > 0 && rs->ends[0].runs >= 0), "%s: lines on runs",
                      bundled[i]);
        ck_assert_int_gt(compare_line_runs(rs, bundled[i], 60), 300);
        free(rs);
    }
    static const char *const boards[] = { "(square 8 8)", "(square 7 5)", "(square 8 8 diagonals:alternate)" };
    char text[1024];
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
        for (int exact = 0; exact < 2; exact++) {
            snprintf(text, sizeof text,
                     "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))\n"
                     " (board %s) (pieces stone)\n"
                     " (play (moves stone (place)) (remove-on-line 3))\n"
                     " (end (line 4%s) (blocked draw)))\n",
                     boards[i], exact ? " exact" : "");
            front_run *run = compiled(text, boards[i]);
            ck_assert_int_ge(run->rs->line_removes_runs, 0);
            ck_assert_int_gt(compare_line_runs(run->rs, boards[i], 40), 200);
            front_free(run);
        }
}
END_TEST

/* Draws DRAWS picks of movegen_pick_slide from ST (moves listed in L, N of
 * them) and returns the chi-square of their counts against a uniform
 * draw; every pick must be one of the listed moves, and with DRAWS at
 * least 40 times N, every move must be drawn. */
static double shot_pick_chi_square(ruleset *rs, const state *st, const move_list *l, int n, int draws, rng *r,
                                   const char *name)
{
    int *count = calloc((size_t)n, sizeof *count);
    ck_assert(count != NULL);
    for (int t = 0; t < draws; t++) {
        move m;
        REQUIRE(movegen_pick_slide(rs, st, r, &m) > 0, "%s: no pick where %d moves are listed", name, n);
        int at = -1;
        for (int i = 0; i < n && at < 0; i++)
            if (move_equal(&m, &l->m[i]) && m.shot == l->m[i].shot) at = i;
        REQUIRE(at >= 0, "%s: the pick is not a listed move", name);
        count[at]++;
    }
    double expected = (double)draws / n, chi = 0;
    for (int i = 0; i < n; i++) {
        REQUIRE(draws < 40 * n || count[i] > 0, "%s: move %d of %d never drawn in %d draws", name, i, n, draws);
        chi += (count[i] - expected) * (count[i] - expected) / expected;
    }
    free(count);
    return chi;
}

/* Where some slide shoots, the playouts' pick (movegen_pick_slide.c) draws
 * a slide, then a number below the board's bound on shots, until the
 * number names one of the slide's shots (with few slides, or after
 * shot_trials draws, every move is counted instead). Counted (shot_trials
 * 0), it gives the count and the very move the list and the same random
 * number give, on Amazons and on boards written here (a rectangle of
 * hexagons' links, cells left out, a slide of two cells at most). Drawn,
 * every pick is a listed move and, from positions along random games, the
 * picks are uniform over the list: the chi-square of 40 draws a move stays
 * under its mean plus six standard deviations (n - 1 + 6 sqrt(2 (n - 1))),
 * which a draw that favours some moves (a slide's shots weighed as one, a
 * bound one too low) exceeds many times over. */
START_TEST(movegen_shot_pick_agrees_with_the_list)
{
    ruleset *rs = front_load_game("amazons", NULL);
    ck_assert_msg(rs->pick_slides && rs->shot_bound == 35, "amazons: every move shoots, 35 shots at most");
    int trials = rs->shot_trials;
    rs->shot_trials = 0;
    ck_assert_int_gt(compare_pick(rs, "amazons", 2), 50);
    rs->shot_trials = (uint16_t)trials;
    move_list l = MOVE_LIST_INIT;
    rng r, play;
    rng_seed(&r, 20261129);
    rng_seed(&play, 29112026);
    int tested = 0;
    for (int g = 0; g < 3; g++) {
        state st;
        state_start(rs, &st);
        for (int ply = 0; ply < 200 && st.h.status == STATUS_ONGOING; ply++) {
            int n = engine_legal(rs, &st, &l);
            if (engine_settle(rs, &st, n)) break;
            if (ply % 12 == 5 && n <= 1500) { /* early, middle and late positions */
                double chi = shot_pick_chi_square(rs, &st, &l, n, 40 * n, &r, "amazons");
                double bound = n - 1 + 6 * sqrt(2.0 * (n - 1));
                REQUIRE(chi < bound, "amazons, game %d, ply %d: chi-square %.1f over %d moves (bound %.1f)", g, ply,
                        chi, n, bound);
                tested++;
            }
            engine_apply(rs, &st, &l.m[rng_below(&play, (uint32_t)n)], NULL);
        }
    }
    ck_assert_int_ge(tested, 10);
    move_list_free(&l);
    free(rs);
    static const char *const boards[] = { "(square 6 6)", "(square 7 5) (playable dark)", "(hex 6 6)" };
    char text[1024];
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
        for (int limit = 0; limit < 2; limit++) {
            snprintf(text, sizeof text,
                     "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))\n"
                     " (board %s) (pieces queen arrow)\n"
                     " (start (place 1 queen [a1 c3]) (place 2 queen [b4 e5]))\n"
                     " (play (moves queen (slide any shoot:arrow%s)))\n"
                     " (end (blocked loses)))\n",
                     boards[i], limit ? " max:2" : "");
            front_run *run = compiled(text, boards[i]);
            ck_assert_msg(run->rs->pick_slides && run->rs->shot_bound > 0, "%s: every move shoots", boards[i]);
            int keep = run->rs->shot_trials;
            run->rs->shot_trials = 0;
            ck_assert_int_gt(compare_pick(run->rs, boards[i], 20), 100);
            run->rs->shot_trials = (uint16_t)keep;
            state st;
            state_start(run->rs, &st);
            move_list list = MOVE_LIST_INIT;
            int n = engine_legal(run->rs, &st, &list);
            double chi = shot_pick_chi_square(run->rs, &st, &list, n, 40 * n, &r, boards[i]);
            REQUIRE(chi < n - 1 + 6 * sqrt(2.0 * (n - 1)), "%s: chi-square %.1f over %d moves", boards[i], chi, n);
            move_list_free(&list);
            front_free(run);
        }
}
END_TEST


/* Where every move is a slide that does not shoot, kept within a region or
 * out of some cells, with custodial captures (the tafl games' rules), the
 * playouts' pick gives the count and the very move of the list, captures
 * included: the bundled games and boards written here, rays of a limited
 * length among them (walked, not counted on sets). */
START_TEST(movegen_slide_pick_agrees_with_the_list)
{
    static const char *const games[] = { "brandubh", "tablut" };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        ruleset *rs = front_load_game(games[i], NULL);
        ck_assert_msg(rs->pick_slides && rs->custodial_deferred, "%s: every move slides", games[i]);
        ck_assert_int_gt(compare_pick(rs, games[i], 6), 200);
        free(rs);
    }
    /* 8x8 and 16x6: rays of 7 and 15 cells, filled by shifts of 1, 2, 4 (8)
     * cells on one word and on two; 11x11: two words, nearly full */
    static const char *const boards[] = { "(square 7 7)", "(square 9 6)", "(square 13 13)",
                                          "(square 8 8)", "(square 16 6)", "(square 11 11)" };
    char text[1400];
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
        for (int limit = 0; limit < 2; limit++) {
            snprintf(text, sizeof text,
                     "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))\n"
                     " (board %s) (pieces soldier king)\n"
                     " (regions (region corners (cells [a1 f6])) (region inner (cells [b2 c3 d4 e5 c2 d2 c4])))\n"
                     " (start (place 1 soldier [a2 a3 b1 c1 f1 f2]) (place 2 soldier [c5 d5 e4 e3 b4])\n"
                     "   (place 2 king [d3]))\n"
                     " (play (moves soldier (slide orthogonal%s never-enter:corners))\n"
                     "   (moves king (slide any within:inner))\n"
                     "   (custodial orthogonal hostile:corners royal:king royal-sides:4))\n"
                     " (end (captured king loses) (blocked loses) (repetition 3)))\n",
                     boards[i], limit ? " max:2" : "");
            front_run *run = compiled(text, boards[i]);
            ck_assert_msg(run->rs->pick_slides && run->rs->custodial_deferred, "%s: every move slides", boards[i]);
            if (!limit && run->rs->ncells <= 128)
                ck_assert_msg(run->rs->slide_fill_ok, "%s: the slides counted by fills", boards[i]);
            ck_assert_int_gt(compare_pick(run->rs, boards[i], 10), 100);
            front_free(run);
        }
}
END_TEST

/* The end "a type of piece is gone" (the tafl games' captured king) reads
 * the type's set where the sets are whole (bb.sets_kept); a copy of the rules
 * without them walks the cells. Random games end alike, ply for ply. */
START_TEST(movegen_no_type_end_agrees_with_the_walk)
{
    static const char *const games[] = { "brandubh", "tablut" };
    move_list a = MOVE_LIST_INIT, b = MOVE_LIST_INIT;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        ruleset *rs = front_load_game(games[i], NULL), *walk = malloc(sizeof *walk);
        ck_assert_ptr_nonnull(walk);
        ck_assert_msg(rs->bb.sets_kept, "%s: the sets of pieces are whole", games[i]);
        memcpy(walk, rs, sizeof *walk);
        walk->bb.sets_kept = 0;
        rng r;
        rng_seed(&r, 91);
        long decided = 0;
        for (int g = 0; g < 60; g++) {
            state x, y;
            state_start(rs, &x);
            state_start(walk, &y);
            for (int ply = 0; ply < 2000 && x.h.status == STATUS_ONGOING; ply++) {
                int n = engine_moves(rs, &x, &a), nw = engine_moves(walk, &y, &b);
                REQUIRE(n == nw, "%s, game %d, ply %d: %d moves against %d", games[i], g, ply, n, nw);
                if (n <= 0) break;
                int k = (int)rng_below(&r, (uint32_t)n);
                engine_apply(rs, &x, &a.m[k], NULL);
                engine_apply(walk, &y, &b.m[k], NULL);
                REQUIRE(x.h.status == y.h.status && x.h.winner == y.h.winner, "%s, game %d, ply %d: the results differ",
                        games[i], g, ply);
            }
            decided += x.h.status != STATUS_ONGOING;
        }
        ck_assert_int_gt(decided, 30);
        free(walk);
        free(rs);
    }
    move_list_free(&a);
    move_list_free(&b);
}
END_TEST

/* Where every move steps, flies or places and a line removes an enemy
 * piece (Nine Men's Morris), the playouts' pick (movegen_pick_line.c) gives
 * the count and the very move of the list, its victim included: the bundled
 * game, and boards written here with no spared lines, steps in every
 * direction, longer lines, a region to place in and placing alone. */
START_TEST(movegen_line_pick_agrees_with_the_list)
{
    ruleset *rs = front_load_game("nine-mens-morris", NULL);
    ck_assert_msg(rs->pick_lines, "nine-mens-morris: picked on sets");
    ck_assert_int_gt(compare_pick(rs, "nine-mens-morris", 40), 1000);
    free(rs);
    static const struct {
        const char *board, *moves, *removes;
    } games[] = {
        { "(square 7 7)", "(place) (step orthogonal hand:empty pieces:4..9) (fly hand:empty pieces:3)", "3" },
        { "(square 8 8)", "(place) (step any hand:empty)", "4 spare-lines" },
        { "(square 6 5)", "(place to:low) (step diagonal hand:empty)", "3 spare-lines" },
        { "(square 6 6)", "(place) (fly hand:empty)", "3" },
        { "(square 5 5)", "(place)", "3" },
    };
    char text[1400];
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        snprintf(text, sizeof text,
                 "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))\n"
                 " (board %s) (pieces man)\n"
                 " (regions (region low (cells [a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3])))\n"
                 " (start (hand 1 man 9) (hand 2 man 9))\n"
                 " (play (moves man %s) (remove-on-line %s))\n"
                 " (end (fewer-pieces 3 loses) (blocked loses) (repetition 3) (no-progress 100 plies reset:[capture])))\n",
                 games[i].board, games[i].moves, games[i].removes);
        front_run *run = compiled(text, games[i].board);
        ck_assert_msg(run->rs->pick_lines, "%s: picked on sets", games[i].board);
        ck_assert_int_gt(compare_pick(run->rs, games[i].board, 20), 100);
        front_free(run);
    }
}
END_TEST

/* Playouts of line-removing games on sets (playout_line.c) end where the
 * general path ends: the bundled Nine Men's Morris, and the games of
 * movegen_line_pick_agrees_with_the_list (other boards, no spared lines,
 * steps every way, longer lines, a region to place in, placing alone),
 * with other end conditions (no repetition or no-progress, a
 * blocked player who wins); games it must not take are left to the
 * general path. */
START_TEST(movegen_line_playouts_agree)
{
    ruleset *rs = front_load_game("nine-mens-morris", NULL);
    ck_assert_int_gt(compare_fast_playouts(rs, &rs->line_playouts, "nine-mens-morris", 80), 40);
    free(rs);
    static const struct {
        const char *board, *moves, *removes, *ends;
    } games[] = {
        { "(square 7 7)", "(place) (step orthogonal hand:empty pieces:4..9) (fly hand:empty pieces:3)", "3", NULL },
        { "(square 8 8)", "(place) (step any hand:empty)", "4 spare-lines", NULL },
        { "(square 6 5)", "(place to:low) (step diagonal hand:empty)", "3 spare-lines", NULL },
        { "(square 6 6)", "(place) (fly hand:empty)", "3", NULL },
        { "(square 5 5)", "(place)", "3", NULL },
        { "(square 7 7)", "(place) (step orthogonal hand:empty pieces:4..9) (fly hand:empty pieces:3)", "3 spare-lines",
          "(blocked wins) (fewer-pieces 3 loses) (no-progress 60 plies reset:[capture])" },
        { "(square 6 6)", "(place) (step orthogonal hand:empty)", "3 spare-lines",
          "(fewer-pieces 3 loses) (no-progress 30 plies reset:[capture]) (blocked loses)" },
        { "(square 5 5)", "(place) (step any hand:empty)", "3", "(repetition 2) (blocked draw) (fewer-pieces 4 loses)" },
    };
    char text[1400];
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        snprintf(text, sizeof text,
                 "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))\n"
                 " (board %s) (pieces man)\n"
                 " (regions (region low (cells [a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3])))\n"
                 " (start (hand 1 man 9) (hand 2 man 9))\n"
                 " (play (moves man %s) (remove-on-line %s))\n"
                 " (end %s))\n",
                 games[i].board, games[i].moves, games[i].removes,
                 games[i].ends ? games[i].ends
                               : "(fewer-pieces 3 loses) (blocked loses) (repetition 3) (no-progress 100 plies reset:[capture])");
        front_run *run = compiled(text, games[i].board);
        int compared = compare_fast_playouts(run->rs, &run->rs->line_playouts, text, 40);
        ck_assert_msg(compared > 20, "game %zu: %d games compared", i, compared);
        front_free(run);
    }
    static const char *const others[] = {
        /* placing with gravity */
        LINE_PLAYERS " (board (square 7 7)) (pieces man) (start (hand 1 man 9) (hand 2 man 9))"
        " (play (moves man (place gravity:s) (step orthogonal hand:empty)) (remove-on-line 3))"
        " (end (fewer-pieces 3 loses) (blocked loses))",
        /* an end condition it does not read */
        LINE_PLAYERS " (board (square 7 7)) (pieces man) (start (hand 1 man 9) (hand 2 man 9))"
        " (play (moves man (place) (step orthogonal hand:empty)) (remove-on-line 3))"
        " (end (fewer-pieces 3 loses) (line 4) (blocked loses))",
        /* a blocked player with the most pieces winning */
        LINE_PLAYERS " (board (square 7 7)) (pieces man) (start (hand 1 man 9) (hand 2 man 9))"
        " (play (moves man (place) (step orthogonal hand:empty)) (remove-on-line 3))"
        " (end (fewer-pieces 3 loses) (blocked most-pieces))",
        /* a step that captures */
        LINE_PLAYERS " (board (square 7 7)) (pieces man) (start (hand 1 man 9) (hand 2 man 9))"
        " (play (moves man (place) (step orthogonal hand:empty capture:approach)) (remove-on-line 3))"
        " (end (fewer-pieces 3 loses) (blocked loses))",
        /* more cells than a word */
        LINE_PLAYERS " (board (square 9 9)) (pieces man) (start (hand 1 man 9) (hand 2 man 9))"
        " (play (moves man (place) (step orthogonal hand:empty)) (remove-on-line 3))"
        " (end (fewer-pieces 3 loses) (blocked loses))",
    };
    stay_off(others, sizeof others / sizeof others[0], "", offsetof(ruleset, line_playouts));
}
END_TEST

/* Where every move sows (Kalah), the playouts' pick of a pit gives the
 * count and the very move of the list, once sown (where it ends, what it
 * takes): the bundled game with 4, 3 and 6 seeds a pit; Oware's feeding rule
 * keeps it off the pick. */
START_TEST(movegen_sow_pick_agrees_with_the_list)
{
    static const char *const seeds[] = { NULL, "seeds=3", "seeds=6" };
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        ruleset *rs = front_load_game("kalah", seeds[i]);
        ck_assert_msg(rs->pick_sowing && rs->sow_deferred, "kalah: every move sows");
        ck_assert_int_gt(compare_pick(rs, "kalah", 30), 500);
        free(rs);
    }
    ruleset *rs = front_load_game("oware", NULL);
    ck_assert_msg(!rs->pick_sowing, "oware: the feeding rule needs the list");
    free(rs);
}
END_TEST

/* A playout's list leaves custodial captures, and where a sowing ends and
 * what it takes, to the move it picks (movegen_complete): each move
 * completed so is the move of the full list, in the same place, in random
 * games of every bundled game that allows it. */
START_TEST(movegen_completed_moves_agree_with_the_list)
{
    char names[64][64];
    int ngames = load_bundled_names(names, 64), deferred = 0;
    for (int gi = 0; gi < ngames; gi++) {
        ruleset *rs = front_load_game(names[gi], NULL);
        if (!rs->complete_later) {
            free(rs);
            continue;
        }
        deferred++;
        move_list full = MOVE_LIST_INIT, later = MOVE_LIST_INIT;
        later.defer = 1;
        long captures = 0;
        for (int game = 0; game < 6; game++) {
            state st;
            state_start(rs, &st);
            rng r;
            rng_seed(&r, (uint64_t)game + 1);
            for (int ply = 0; ply < 300; ply++) {
                int n = engine_moves(rs, &st, &full), k = n ? engine_legal(rs, &st, &later) : 0;
                ck_assert_int_eq(n, k);
                if (n == 0) break;
                for (int i = 0; i < n; i++) {
                    move m = later.m[i];
                    movegen_complete(rs, &st, &m);
                    const move *f = &full.m[i];
                    REQUIRE(m.from == f->from && m.to == f->to && m.ncaps == f->ncaps &&
                                memcmp(m.caps, f->caps, m.ncaps * sizeof m.caps[0]) == 0 &&
                                memcmp(m.caps_by_type, f->caps_by_type, sizeof m.caps_by_type) == 0,
                            "%s: game %d ply %d move %d: the completed move differs", names[gi], game, ply, i);
                    captures += f->ncaps > 0;
                }
                engine_apply(rs, &st, &full.m[rng_below(&r, (uint32_t)n)], NULL);
            }
        }
        ck_assert_msg(captures > 0, "%s: the games met captures", names[gi]);
        move_list_free(&full);
        move_list_free(&later);
        free(rs);
    }
    ck_assert_int_ge(deferred, 4); /* two tafl games, two sowing games */
}
END_TEST

/* A player whose candidate moves are more than a short list holds, none of
 * them legal (mated with a full hand: every drop fails to answer the check),
 * has no move: the list's overflow is no "there are moves". */
START_TEST(movegen_has_move_past_a_short_list)
{
    ruleset *rs = front_load_game("shogi", NULL);
    state st;
    char err[256];
    ck_assert_msg(fen_read(rs, "8k/7G1/7P1/9/9/9/9/9/4K4 w 2g3n16p 1", &st, err, sizeof err), "%s", err);
    st.h.status = STATUS_ONGOING; /* as the player to move sees it, before the end is judged */
    move room[64];
    move_list some = MOVE_LIST_FIXED(room);
    rs->ops->legal(rs, &st, &some);
    ck_assert_int_eq(some.error, MOVES_TOO_MANY);
    ck_assert_int_eq(engine_has_move(rs, &st, rs->ops->legal, room, 64), 0);
    state_start(rs, &st);
    ck_assert_int_eq(engine_has_move(rs, &st, rs->ops->legal, room, 4), 1);
    free(rs);
}
END_TEST

/* `(streak-limit ...)`: in random games of flying kings limited to two
 * non-capturing moves in a row, the engine's legal moves are the
 * reference's, which finds the resting king by looking at the board; and
 * the limit does take moves away in some of those positions. */
START_TEST(movegen_streak_limit_agrees_with_the_reference)
{
    const char *dir = getenv("srcdir") ? getenv("srcdir") : ".";
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/complete/streak.game", dir);
    ck_assert_int_gt(compare_reference(path, 200, 300), 200);
    ruleset *rs = front_load_game(path, NULL);
    move_list l = MOVE_LIST_INIT;
    rng r;
    rng_seed(&r, 20261125);
    long limited = 0;
    for (int g = 0; g < 200; g++) {
        state st;
        state_start(rs, &st);
        for (int ply = 0; ply < 300; ply++) {
            int all = movegen_square_legal(rs, &st, &l);
            int n = engine_legal(rs, &st, &l);
            limited += n < all;
            if (engine_settle(rs, &st, n)) break;
            engine_apply(rs, &st, &l.m[rng_below(&r, (uint32_t)n)], NULL);
        }
    }
    ck_assert_int_gt(limited, 0);
    move_list_free(&l);
    free(rs);
}
END_TEST

/* Games whose every rule is `advance` run engine_dice_ops, the one engine's
 * functions without its dispatch. From the same position, with the same
 * dice, engine_dice_ops and engine_square_ops (the per-piece generator,
 * which reaches the sub-moves through gen_advances) must list the same
 * moves in the same order, settle alike, and leave byte-identical positions
 * after the same move, through GAMES random games of every bundled game on
 * a track. Returns the positions compared. */
static long compare_dice_ops(ruleset *rs, const char *name, int games, uint64_t seed)
{
    move_list a = MOVE_LIST_INIT, b = MOVE_LIST_INIT;
    rng r;
    rng_seed(&r, seed);
    long positions = 0;
    for (int g = 0; g < games; g++) {
        state sa, sb;
        state_start(rs, &sa);
        engine_seed(rs, &sa, seed + (uint64_t)g);
        sb = sa;
        for (int ply = 0; ply < 3000 && sa.h.status == STATUS_ONGOING; ply++) {
            int na = engine_dice_ops.legal(rs, &sa, &a), nb = engine_square_ops.legal(rs, &sb, &b);
            REQUIRE(a.error == MOVES_OK && b.error == MOVES_OK, "%s, game %d, ply %d", name, g, ply);
            REQUIRE(na == nb, "%s, game %d, ply %d: %d sub-moves without the dispatch, %d with it", name, g, ply, na,
                    nb);
            for (int i = 0; i < na; i++)
                REQUIRE(move_equal(&a.m[i], &b.m[i]) && same_fields(&a.m[i], &b.m[i]) && a.m[i].die == b.m[i].die,
                        "%s, game %d, ply %d: sub-move %d differs", name, g, ply, i);
            int settled = engine_dice_ops.settle(rs, &sa, na);
            REQUIRE(settled == engine_square_ops.settle(rs, &sb, nb), "%s, game %d, ply %d: settled apart", name, g,
                    ply);
            positions++;
            if (settled > 0) break;
            if (settled == 0) {
                int k = (int)rng_below(&r, (uint32_t)na);
                engine_dice_ops.apply(rs, &sa, &a.m[k], NULL);
                engine_square_ops.apply(rs, &sb, &b.m[k], NULL);
            }
            REQUIRE(memcmp(&sa.h, &sb.h, sizeof sa.h) == 0 && memcmp(sa.cell, sb.cell, sizeof sa.cell) == 0 &&
                        memcmp(sa.height, sb.height, sizeof sa.height) == 0 &&
                        memcmp(sa.history, sb.history, sizeof sa.history) == 0,
                    "%s, game %d, ply %d: the positions differ", name, g, ply);
        }
    }
    move_list_free(&a);
    move_list_free(&b);
    return positions;
}

START_TEST(movegen_dice_ops_agree_with_the_general_engine)
{
    char all[64][64];
    int n = load_bundled_names(all, 64), compared = 0;
    for (int i = 0; i < n; i++) {
        ruleset *rs = front_load_game(all[i], NULL);
        if (rs->track.on) {
            ck_assert_msg(rs->advance_only && rs->ops == &engine_dice_ops, "%s: runs engine_dice_ops", all[i]);
            ck_assert_int_gt(compare_dice_ops(rs, all[i], 12, 20261129), 100);
            compared++;
        } else {
            ck_assert_msg(rs->ops != &engine_dice_ops, "%s: no dice, no dice ops", all[i]);
        }
        free(rs);
    }
    ck_assert_int_ge(compared, 8);
}
END_TEST

/* Plays GAMES random games of RS from the start; in every position the fast
 * path of plain steps (movegen_steps.c) and the per-piece generator must
 * list the same moves in the same order, field for field (the order is what
 * makes a random game the same game on both). Returns the positions. */
static long compare_steps(ruleset *rs, const char *name, int games)
{
    move_list a = MOVE_LIST_INIT, b = MOVE_LIST_INIT;
    rng r;
    rng_seed(&r, 20261129);
    long positions = 0;
    for (int g = 0; g < games; g++) {
        state st;
        state_start(rs, &st);
        for (int ply = 0; ply < 600; ply++) {
            int na = movegen_steps_legal(rs, &st, &a), nb = movegen_square_legal(rs, &st, &b);
            REQUIRE(a.error == MOVES_OK && b.error == MOVES_OK, "%s, game %d, ply %d", name, g, ply);
            REQUIRE(na == nb, "%s, game %d, ply %d: the steps' path lists %d moves, the per-piece generator %d", name,
                    g, ply, na, nb);
            for (int i = 0; i < na; i++)
                REQUIRE(move_equal(&a.m[i], &b.m[i]) && same_fields(&a.m[i], &b.m[i]),
                        "%s, game %d, ply %d: move %d differs", name, g, ply, i);
            positions++;
            int n = engine_legal(rs, &st, &a);
            if (engine_settle(rs, &st, n)) break;
            engine_apply(rs, &st, &a.m[rng_below(&r, (uint32_t)n)], NULL);
        }
    }
    move_list_free(&a);
    move_list_free(&b);
    return positions;
}

/* Games whose every rule is a plain step on a board without bitboards take
 * the loop of movegen_steps.c: Coerceo (fields of tiles, whose steps skip
 * the tiles gone, and the exchange after them), and games written here: a
 * grid of hexagons of 156 cells with captures by landing, a promotion and
 * two rules of one type that make the same moves; a square board of 144
 * cells with a rule from a region; a board given by its links. Both
 * generators list the same moves in the same order. A hop, a condition or
 * a region to land in keeps a game on the per-piece generator. */
START_TEST(movegen_steps_path_agrees)
{
    ruleset *coerceo = front_load_game("coerceo", NULL);
    ck_assert_msg(coerceo->steps_fast && !coerceo->bb.ok, "coerceo takes the steps' path");
    ck_assert_int_gt(compare_steps(coerceo, "coerceo", 40), 40);
    free(coerceo);
    static const char *const games[] = {
        "(board (hex 13 12)) (pieces man king) (start (place 1 man (rows 1..2)) (place 2 man (rows 1..2))) "
        "(play (moves man (step any to:empty-or-enemy)) (moves king (step any) (step any to:empty-or-enemy)) "
        "(promote man king at:far-row)) (end (no-pieces loses) (blocked loses) (no-progress 300 plies reset:[capture]))",
        "(board (square 12 12)) (pieces man king) (regions (region home (rows 1..2))) "
        "(start (place 1 man (rows 1..2)) (place 2 man (rows 1..2))) "
        "(play (moves man (step forward to:empty-or-enemy) (step diagonal-forward from:home)) "
        "(moves king (step any to:empty-or-enemy) (step orthogonal)) (promote man king at:far-row)) "
        "(end (no-pieces loses) (blocked loses) (repetition 3) (no-progress 300 plies reset:[capture]))",
        "(board (square 4 4) (links [a1 c1 e] [c1 d2 e] [a1 b3 n] [b3 a4 n] [c1 c3 n] [b3 c3 e])) (pieces m) "
        "(start (place 1 m [a1]) (place 2 m [a4])) (play (moves m (step any to:empty-or-enemy))) "
        "(end (no-pieces loses) (blocked loses) (no-progress 30 plies reset:[capture]))",
    };
    char text[1024];
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        snprintf(text, sizeof text, "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s))\n %s)\n",
                 games[i]);
        front_run *run = compiled(text, games[i]);
        ck_assert_msg(run->rs->steps_fast && !run->rs->bb.ok, "%s: takes the steps' path", games[i]);
        ck_assert_int_gt(compare_steps(run->rs, games[i], 30), 30);
        front_free(run);
    }
    static const char *const off[] = {
        "(play (moves m (step any) (hop any over:m)))",
        "(play (moves m (step any within:(rows 1..6))))",
        "(play (moves m (step any) (step forward pieces:3)))",
    };
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
        snprintf(text, sizeof text,
                 "(game \"t\" (players (player 1 \"a\" forward:n) (player 2 \"b\" forward:s)) (board (square 12 12)) "
                 "(pieces m) (start (place 1 m (rows 1)) (place 2 m (rows 1))) %s (end (no-pieces loses)))\n",
                 off[i]);
        front_run *run = compiled(text, off[i]);
        ck_assert_msg(!run->rs->steps_fast, "%s: the per-piece generator's", off[i]);
        front_free(run);
    }
}
END_TEST

/* A list that may not grow says so when a position has more moves than it
 * holds: never a partial list. */
START_TEST(movegen_fixed_list_reports_too_many)
{
    const char *dir = getenv("srcdir") ? getenv("srcdir") : ".";
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/complete/queens.game", dir);
    ruleset *rs = front_load_game(path, NULL);
    state st;
    state_start(rs, &st);
    static move room[1024];
    move_list fixed = MOVE_LIST_FIXED(room);
    ck_assert_int_eq(engine_legal(rs, &st, &fixed), 0);
    ck_assert_int_eq(fixed.error, MOVES_TOO_MANY);
    ck_assert_int_eq(engine_moves(rs, &st, &fixed), 0); /* sticky: nothing until the caller clears it */
    ck_assert_int_eq(st.h.status, STATUS_ONGOING);       /* and the position is not judged over */
    move_list grown = MOVE_LIST_INIT;
    ck_assert_int_eq(engine_legal(rs, &st, &grown), 1060);
    ck_assert_int_eq(grown.n, 1060);
    move_list_free(&grown);
    free(rs);
}
END_TEST

/* The same on a board of tiles, whose generator reserves a bound on the
 * moves when the list can grow: a list that cannot holds the moves that
 * fit (a bound larger than the list is no error), and one move more than it
 * holds is MOVES_TOO_MANY, never a list cut short. */
START_TEST(movegen_fixed_list_on_tiles)
{
    ruleset *rs = front_load_game("coerceo", NULL);
    state st;
    state_start(rs, &st);
    move_list grown = MOVE_LIST_INIT;
    int all = engine_legal(rs, &st, &grown);
    ck_assert_int_eq(all, 48);
    ck_assert_int_gt(grown.cap, 64); /* the bound reserved: more than the moves */
    static move room[48], short_room[47];
    move_list fits = MOVE_LIST_FIXED(room);
    ck_assert_int_eq(engine_legal(rs, &st, &fits), all);
    ck_assert_int_eq(fits.error, MOVES_OK);
    for (int i = 0; i < all; i++) ck_assert_int_eq(move_equal(&fits.m[i], &grown.m[i]), 1);
    move_list one_short = MOVE_LIST_FIXED(short_room);
    ck_assert_int_eq(engine_legal(rs, &st, &one_short), 0);
    ck_assert_int_eq(one_short.error, MOVES_TOO_MANY);
    ck_assert_int_eq(one_short.n, 0);
    move_list_free(&grown);
    free(rs);
}
END_TEST

Suite *movegen_suite(void)
{
    Suite *s = suite_create("movegen");
    TCase *tc = tcase_create("generators");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, movegen_generators_agree_on_every_bundled_square_game);
    tcase_add_test(tc, movegen_line_captures_stay_off_the_bitboard_generator);
    tcase_add_test(tc, movegen_line_scan_agrees_with_the_full_scan);
    tcase_add_test(tc, movegen_sow_pick_agrees_with_the_list);
    tcase_add_test(tc, movegen_three_players_agree);
    tcase_add_test(tc, movegen_agrees_with_the_reference_on_every_bundled_square_game);
    tcase_add_test(tc, movegen_streak_limit_agrees_with_the_reference);
    tcase_add_test(tc, movegen_agrees_with_the_reference_past_the_old_bounds);
    tcase_add_test(tc, movegen_packed_boards_agree);
    tcase_add_test(tc, movegen_boards_of_other_shapes_agree);
    tcase_add_test(tc, movegen_placements_on_sets_agree);
    tcase_add_test(tc, movegen_bits_select_finds_the_kth_bit);
    tcase_add_test(tc, movegen_place_playouts_agree);
    tcase_add_test(tc, movegen_slide_playouts_agree);
    tcase_add_test(tc, movegen_sow_playouts_agree);
    tcase_add_test(tc, movegen_approach_pick_agrees);
    tcase_add_test(tc, movegen_race_playouts_agree);
    tcase_add_test(tc, movegen_line_runs_agree_with_the_walk);
    tcase_add_test(tc, movegen_shot_pick_agrees_with_the_list);
    tcase_add_test(tc, movegen_has_move_past_a_short_list);
    tcase_add_test(tc, movegen_completed_moves_agree_with_the_list);
    tcase_add_test(tc, movegen_slide_pick_agrees_with_the_list);
    tcase_add_test(tc, movegen_no_type_end_agrees_with_the_walk);
    tcase_add_test(tc, movegen_line_pick_agrees_with_the_list);
    tcase_add_test(tc, movegen_line_playouts_agree);
    tcase_add_test(tc, movegen_steps_path_agrees);
    tcase_add_test(tc, movegen_dice_ops_agree_with_the_general_engine);
    tcase_add_test(tc, movegen_fixed_list_reports_too_many);
    tcase_add_test(tc, movegen_fixed_list_on_tiles);
    suite_add_tcase(s, tc);
    return s;
}
