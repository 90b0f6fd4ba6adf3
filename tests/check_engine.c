/* check_engine.c - engine invariants over seeded random playouts, undo,
 * hashing and determinism, for every bundled game the engine can play. */
#include <check.h>

#include "check_front.h"
#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/load.h"
#include "engine/search.h"

#define ENGINE_GAMES 10000

/* Check records every ck_assert through a pipe write; in loops over millions
 * of moves only a failing condition may reach Check. */
#define REQUIRE(cond, ...)                         \
    do {                                           \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);    \
    } while (0)


static int total_pieces(const state *st)
{
    return st->h.pieces[0] + st->h.pieces[1];
}

/* Plays ENGINE_GAMES random games and checks after every move: piece counts
 * never rise but by one with a placement or a shot, pieces stand only on playable cells, the hash and counts kept
 * incrementally equal a fresh computation, undo restores the exact state,
 * and every game ends before the cut-off. */
static void check_playout_invariants(const char *name, int games)
{
    ruleset *rs = front_load_game(name, NULL);
    move_list moves = MOVE_LIST_INIT;
    rng r;
    rng_seed(&r, 20261122);
    long long plies = 0;
    for (int g = 0; g < games; g++) {
        state st;
        state_start(rs, &st);
        int guard = 0;
        for (;;) {
            int n = engine_legal(rs, &st, &moves);
            REQUIRE(moves.error == MOVES_OK, "%s: %s (game %d)", name, moves_error_text(moves.error), g);
            if (engine_settle(rs, &st, n)) break;
            REQUIRE(++guard < PLAYOUT_MAX_PLIES, "%s: game %d does not end", name, g);
            const move *m = &moves.m[rng_below(&r, (uint32_t)n)];
            state before = st, fresh;
            undo_record u;
            engine_apply(rs, &st, m, &u);
            state after = st;
            engine_undo(rs, &st, &u);
            REQUIRE(memcmp(&st, &before, sizeof st) == 0, "%s: undo did not restore the state (game %d)", name, g);
            st = after;
            REQUIRE(total_pieces(&st) <= total_pieces(&before) + (m->kind == MOVE_PLACE) + (m->shot != TB_NO_CELL),
                    "%s: pieces appeared (game %d)", name, g);
            for (int c = 0; c < rs->ncells; c++)
                REQUIRE(!st.cell[c] || cellset_has(&rs->playable, c), "%s: piece on %s", name, rs->cell_name[c]);
            fresh = st;
            state_refresh(rs, &fresh);
            REQUIRE(fresh.h.hash == st.h.hash, "%s: incremental hash differs (game %d)", name, g);
            REQUIRE(memcmp(fresh.occupant, st.occupant, sizeof st.occupant) == 0 &&
                        memcmp(fresh.typed, st.typed, sizeof st.typed) == 0,
                    "%s: the occupied-cell sets differ from the cells (game %d)", name, g);
            REQUIRE(fresh.h.pieces[0] == st.h.pieces[0] && fresh.h.pieces[1] == st.h.pieces[1],
                    "%s: incremental piece counts differ (game %d)", name, g);
            plies++;
        }
        ck_assert_int_eq(st.h.status, STATUS_OVER);
    }
    ck_assert_int_gt(plies, games);
    move_list_free(&moves);
    free(rs);
}

START_TEST(engine_coc_inbert_playouts_keep_invariants)
{
    check_playout_invariants("coc-inbert", ENGINE_GAMES);
}
END_TEST

START_TEST(engine_coucou_playouts_keep_invariants)
{
    check_playout_invariants("coucou-picard", ENGINE_GAMES);
}
END_TEST

/* Every other bundled game of a square board, from the rulesets directory:
 * a game added there is checked without a line of C. */
START_TEST(engine_every_square_game_keeps_invariants)
{
    char names[64][64];
    int n = load_bundled_names(names, 64), checked = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(names[i], "coc-inbert") == 0 || strcmp(names[i], "coucou-picard") == 0) continue;
        ruleset *rs = front_load_game(names[i], NULL);
        int square = rs->topology == TOPO_SQUARE;
        free(rs);
        if (!square) continue;
        check_playout_invariants(names[i], ENGINE_GAMES / 10);
        checked++;
    }
    ck_assert_int_ge(checked, 8);
}
END_TEST

/* Same seed, same games, for every bundled game: the statistics of 200
 * playouts, and the exact final state of one game (dice included). */
START_TEST(engine_same_seed_same_games)
{
    static const char *const games[] = { "coc-inbert", "coucou-picard", "jacquet-de-versailles", "coerceo" };
    move_list buf = MOVE_LIST_INIT;
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        ruleset *rs = front_load_game(games[g], NULL);
        playout_stats a, b, c;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        memset(&c, 0, sizeof c);
        playout_many(rs, 42, 200, &a, &buf);
        playout_many(rs, 42, 200, &b, &buf);
        playout_many(rs, 43, 200, &c, &buf);
        ck_assert_int_eq(buf.error, MOVES_OK);
        ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "%s: the same seed gave other games", games[g]);
        ck_assert_msg(a.moves != c.moves, "%s: another seed gave the same games", games[g]);
        ck_assert_int_eq(a.games, 200);
        ck_assert_int_eq(a.unfinished, 0);
        state s1, s2;
        state_start(rs, &s1);
        state_start(rs, &s2);
        engine_seed(rs, &s1, 7);
        engine_seed(rs, &s2, 7);
        ck_assert(memcmp(&s1, &s2, sizeof s1) == 0);
        rng r1, r2;
        rng_seed(&r1, 99);
        rng_seed(&r2, 99);
        playout_one(rs, &s1, &r1, &buf);
        playout_one(rs, &s2, &r2, &buf);
        ck_assert_int_eq(buf.error, MOVES_OK);
        ck_assert_msg(memcmp(&s1, &s2, sizeof s1) == 0, "%s: one seeded game ended in two states", games[g]);
        free(rs);
    }
    move_list_free(&buf);
}
END_TEST

START_TEST(engine_perft_undo_restores_start)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    move_list lists[4] = { 0 };
    state st, start;
    state_start(rs, &st);
    start = st;
    ck_assert_uint_eq(perft(rs, &st, 4, lists), 1469);
    ck_assert_int_eq(move_lists_error(lists, 4), MOVES_OK);
    ck_assert(memcmp(&st, &start, sizeof st) == 0);
    move_lists_free(lists, 4);
    free(rs);
}
END_TEST

START_TEST(movegen_chain_is_one_move_with_all_captures)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    state st;
    state_clear(rs, &st);
    st.cell[ruleset_cell(rs, "c3")] = piece_code(1, 0);
    st.height[ruleset_cell(rs, "c3")] = 1;
    const char *victims[] = { "d4", "f6" };
    for (int i = 0; i < 2; i++) {
        st.cell[ruleset_cell(rs, victims[i])] = piece_code(2, 0);
        st.height[ruleset_cell(rs, victims[i])] = 1;
    }
    state_refresh(rs, &st);
    move_list moves = MOVE_LIST_INIT;
    int n = engine_legal(rs, &st, &moves);
    ck_assert_int_eq(n, 1);
    char text[128];
    move_notation(rs, &moves.m[0], text, sizeof text);
    ck_assert_str_eq(text, "c3xe5xg7");
    ck_assert_int_eq(moves.m[0].ncaps, 2);
    move_list_free(&moves);
    free(rs);
}
END_TEST

Suite *engine_suite(void)
{
    Suite *s = suite_create("engine");
    TCase *tc = tcase_create("engine");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, engine_coc_inbert_playouts_keep_invariants);
    tcase_add_test(tc, engine_coucou_playouts_keep_invariants);
    tcase_add_test(tc, engine_every_square_game_keeps_invariants);
    tcase_add_test(tc, engine_same_seed_same_games);
    tcase_add_test(tc, engine_perft_undo_restores_start);
    tcase_add_test(tc, movegen_chain_is_one_move_with_all_captures);
    suite_add_tcase(s, tc);
    return s;
}
