/* check_api.c - the public interface (tabula.h): loading with options and
 * messages, moves by notation and by index, undo back to the start, copies
 * that are independent, random play that a seed repeats, and bulk playouts
 * that agree with the engine's. */
#include <check.h>

#include "check_suites.h"
#include <stdlib.h>
#include <string.h>

#include "tabula.h"
#include "engine/search.h"
#include "compile/load.h"

static tb_rules *load(const char *name, const tb_option *opts, int n)
{
    char messages[4096];
    int status = -1;
    tb_rules *r = tb_rules_load_messages(name, opts, n, messages, sizeof messages, &status);
    ck_assert_msg(r != NULL, "%s did not load: %s", name, messages);
    ck_assert_int_eq(status, 0);
    return r;
}

/* The player to move, the dice, and every cell's owner, piece and height, as text. */
static void snapshot(tb_game *g, char *buf, size_t size)
{
    size_t at = 0;
    int dice[8], nd = tb_game_dice(g, dice, 8);
    at += (size_t)snprintf(buf + at, size - at, "to-move %d; dice", tb_game_to_move(g));
    for (int d = 0; d < nd && d < 8; d++) at += (size_t)snprintf(buf + at, size - at, " %d", dice[d]);
    at += (size_t)snprintf(buf + at, size - at, ";");
    for (int c = 0; at < size; c++) {
        int piece, height;
        int owner = tb_game_cell(g, c, &piece, &height);
        if (owner < 0) break;
        if (owner) at += (size_t)snprintf(buf + at, size - at, "%d:%d/%d/%d ", c, owner, piece, height);
    }
}

START_TEST(api_start_position_lists_notation)
{
    tb_rules *r = load("coc-inbert", NULL, 0);
    ck_assert_str_eq(tb_rules_title(r), "Coc-Inbert");
    tb_game *g = tb_game_new(r, 1);
    char moves[64][TB_NOTATION_MAX];
    int n = tb_game_legal_moves(g, moves, 64);
    ck_assert_int_eq(n, 7);
    ck_assert_str_eq(moves[0], "c3-b4");
    ck_assert_int_eq(tb_game_legal_moves(g, NULL, 0), 7);
    ck_assert_int_eq(tb_game_to_move(g), 1);
    ck_assert_ptr_null(tb_game_result(g));
    ck_assert_int_eq(tb_game_outcome(g, NULL, NULL), 0);
    ck_assert_int_eq(tb_game_play(g, "c3-b4"), 0);
    ck_assert_int_eq(tb_game_to_move(g), 2);
    ck_assert_int_eq(tb_game_play(g, "c3-b4"), -1);
    ck_assert_int_eq(tb_game_play_index(g, 1000), -1);
    ck_assert_int_eq(tb_game_move_count(g), 1);
    ck_assert_str_eq(tb_game_move_at(g, 0), "c3-b4");
    ck_assert_ptr_null(tb_game_move_at(g, 1));
    tb_game_free(g);
    tb_rules_free(r);
}
END_TEST

START_TEST(api_options_and_names)
{
    tb_option opt = { "width", "9" };
    tb_rules *r = load("coucou-picard", &opt, 1);
    ck_assert_int_eq(tb_rules_option_count(r), 2);
    ck_assert_str_eq(tb_rules_option_name(r, 0), "width");
    ck_assert_str_eq(tb_rules_option_value(r, 0), "9");
    ck_assert_str_eq(tb_rules_option_value(r, 1), "13");
    ck_assert_ptr_null(tb_rules_option_name(r, 2));
    ck_assert_int_eq(tb_rules_piece_count(r), 1);
    ck_assert_str_eq(tb_rules_piece_name(r, 0), "egg");
    ck_assert_ptr_null(tb_rules_piece_name(r, 1));
    ck_assert_int_eq(tb_rules_cell_count(r), 9 * 12);
    ck_assert_str_eq(tb_rules_cell_name(r, 0), "a1");
    ck_assert_ptr_null(tb_rules_cell_name(r, -1));
    tb_rules_free(r);
}
END_TEST

START_TEST(api_bad_option_fails_with_a_message)
{
    tb_option opt = { "width", "8" };
    char messages[4096];
    int status = -1;
    tb_rules *r = tb_rules_load_messages("coucou-picard", &opt, 1, messages, sizeof messages, &status);
    ck_assert_ptr_null(r);
    ck_assert_int_eq(status, 1);
    ck_assert_msg(strstr(messages, "error:") && strstr(messages, "width"), "message: %s", messages);
    r = tb_rules_load_messages("no-such-game-anywhere", NULL, 0, messages, sizeof messages, &status);
    ck_assert_ptr_null(r);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(messages, "no-such-game-anywhere"), "message: %s", messages);
    /* A buffer too small is cut, never overrun. */
    char tiny[8];
    r = tb_rules_load_messages("coucou-picard", &opt, 1, tiny, sizeof tiny, &status);
    ck_assert_ptr_null(r);
    ck_assert_uint_eq(strlen(tiny), sizeof tiny - 1);
}
END_TEST

START_TEST(api_undo_restores_every_position)
{
    static const char *const games[] = { "coc-inbert", "coucou-picard", "jacquet-de-versailles", "coerceo" };
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        tb_rules *r = load(games[k], NULL, 0);
        tb_game *g = tb_game_new(r, 7);
        enum { PLIES = 60 };
        static char before[PLIES][8192];
        static char moves_before[PLIES][4][TB_NOTATION_MAX];
        int n = 0;
        for (; n < PLIES; n++) {
            snapshot(g, before[n], sizeof before[n]);
            tb_game_legal_moves(g, moves_before[n], 4);
            if (tb_game_random_move(g) < 0) break;
        }
        ck_assert_int_eq(tb_game_move_count(g), n);
        for (int i = n - 1; i >= 0; i--) {
            ck_assert_int_eq(tb_game_undo(g), 0);
            char now[8192], moves_now[4][TB_NOTATION_MAX];
            snapshot(g, now, sizeof now);
            ck_assert_msg(strcmp(now, before[i]) == 0, "%s: undo of move %d: %s, was %s", games[k], i + 1, now,
                          before[i]);
            int nm = tb_game_legal_moves(g, moves_now, 4);
            for (int m = 0; m < nm && m < 4; m++) ck_assert_str_eq(moves_now[m], moves_before[i][m]);
        }
        ck_assert_int_eq(tb_game_undo(g), -1);
        ck_assert_int_eq(tb_game_move_count(g), 0);
        tb_game_free(g);
        tb_rules_free(r);
    }
}
END_TEST

START_TEST(api_copies_are_independent_and_repeat_the_original)
{
    tb_rules *r = load("jacquet-de-versailles", NULL, 0);
    tb_game *a = tb_game_new(r, 3);
    for (int i = 0; i < 10; i++) tb_game_random_move(a);
    tb_game *b = tb_game_copy(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(tb_game_move_count(b), 10);
    long na = tb_game_playout(a, 0), nb = tb_game_playout(b, 0);
    ck_assert_int_eq(na, nb); /* the same generator state: the same game */
    for (long i = 0; i < 10 + na; i++) ck_assert_str_eq(tb_game_move_at(a, (int)i), tb_game_move_at(b, (int)i));
    ck_assert_int_eq(tb_game_outcome(a, NULL, NULL), 1);
    /* Taking back the copy's moves leaves the original alone. */
    while (tb_game_undo(b) == 0) {
    }
    ck_assert_int_eq(tb_game_move_count(b), 0);
    ck_assert_int_eq(tb_game_move_count(a), 10 + (int)na);
    ck_assert_ptr_nonnull(tb_game_result(a));
    int dice[6];
    ck_assert_int_ge(tb_game_dice(b, dice, 6), 2);
    tb_game_free(a);
    tb_game_free(b);
    tb_rules_free(r);
}
END_TEST

START_TEST(api_outcome_matches_result_text)
{
    tb_rules *r = load("coc-inbert", NULL, 0);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        tb_game *g = tb_game_new(r, seed);
        tb_game_playout(g, 0);
        int winner = -1, points = -1;
        ck_assert_int_eq(tb_game_outcome(g, &winner, &points), 1);
        const char *text = tb_game_result(g);
        char want[32];
        if (winner == 0) snprintf(want, sizeof want, "draw");
        else snprintf(want, sizeof want, "%s %d", points == 2 ? "double-win" : "win", winner);
        ck_assert_str_eq(text, want);
        ck_assert_int_eq(tb_game_legal_moves(g, NULL, 0), 0);
        ck_assert_int_eq(tb_game_random_move(g), -1);
        tb_game_free(g);
    }
    tb_rules_free(r);
}
END_TEST

START_TEST(api_playouts_agree_with_the_engine)
{
    tb_rules *r = load("backgammon", NULL, 0);
    tb_playout_stats s;
    ck_assert_int_eq(tb_rules_playouts(r, 200, 5, &s), 0);
    diag_sink diags;
    diag_init(&diags, NULL);
    load_status st;
    ruleset *rs = load_ruleset("backgammon", NULL, 0, &diags, &st);
    ck_assert_ptr_nonnull(rs);
    playout_stats e;
    memset(&e, 0, sizeof e);
    move_list buffer = MOVE_LIST_INIT;
    playout_many(rs, 5, 200, &e, &buffer);
    ck_assert_int_eq(buffer.error, MOVES_OK);
    ck_assert_int_eq(s.games, 200);
    ck_assert_int_eq(s.draws, e.draws);
    for (int p = 0; p < 2; p++) {
        ck_assert_int_eq(s.wins[p], e.wins[p] + e.double_wins[p] + e.triple_wins[p]);
        ck_assert_int_eq(s.points[p], e.wins[p] + 2 * e.double_wins[p] + 3 * e.triple_wins[p]);
    }
    ck_assert_int_eq(s.moves, e.moves);
    ck_assert_int_eq(s.games, s.wins[0] + s.wins[1] + s.draws + s.unfinished);
    move_list_free(&buffer);
    free(rs);
    tb_rules_free(r);
}
END_TEST

/* Four players: their count and names, each to move in turn, a winner
 * among them, and playout totals for all four that add up. */
START_TEST(api_four_players)
{
    tb_rules *r = load("ludo", NULL, 0);
    ck_assert_int_eq(tb_rules_player_count(r), 4);
    ck_assert_str_eq(tb_rules_player_name(r, 1), "red");
    ck_assert_str_eq(tb_rules_player_name(r, 4), "blue");
    ck_assert_ptr_null(tb_rules_player_name(r, 0));
    ck_assert_ptr_null(tb_rules_player_name(r, 5));
    tb_game *g = tb_game_new(r, 7);
    int seen = 0, winner = 0, points = 0;
    while (!tb_game_outcome(g, &winner, &points)) {
        seen |= 1 << tb_game_to_move(g);
        ck_assert_int_ge(tb_game_random_move(g), 0);
    }
    ck_assert_int_eq(seen, 2 | 4 | 8 | 16);
    ck_assert(winner >= 1 && winner <= 4);
    tb_game_free(g);
    tb_playout_stats s;
    ck_assert_int_eq(tb_rules_playouts(r, 100, 3, &s), 0);
    long total = s.draws + s.unfinished;
    for (int p = 0; p < TB_PLAYERS_MAX; p++) {
        ck_assert_int_gt(s.wins[p], 0);
        total += s.wins[p];
    }
    ck_assert_int_eq(total, s.games);
    tb_rules_free(r);
    tb_option three = { "fourth", "off" };
    r = load("ludo", &three, 1);
    ck_assert_int_eq(tb_rules_player_count(r), 3);
    ck_assert_int_eq(tb_rules_playouts(r, 60, 3, &s), 0);
    ck_assert_int_eq(s.wins[3], 0);
    ck_assert_int_eq(s.wins[0] + s.wins[1] + s.wins[2] + s.draws + s.unfinished, s.games);
    tb_rules_free(r);
    r = load("backgammon", NULL, 0);
    ck_assert_int_eq(tb_rules_player_count(r), 2);
    ck_assert_int_eq(tb_rules_player_team(r, 1), 0);
    tb_rules_free(r);
}
END_TEST

/* Partners: each player's team, and a team's win named by its first player. */
START_TEST(api_teams)
{
    tb_option partners = { "partners", "on" };
    tb_rules *r = load("ludo", &partners, 1);
    int team[5] = { 0 };
    for (int p = 0; p <= 5; p++) {
        int t = tb_rules_player_team(r, p);
        if (p == 0 || p == 5) ck_assert_int_eq(t, 0);
        else team[p] = t;
    }
    ck_assert_int_ne(team[1], 0);
    ck_assert_int_ne(team[2], 0);
    ck_assert_int_eq(team[1], team[3]);
    ck_assert_int_eq(team[2], team[4]);
    ck_assert_int_ne(team[1], team[2]);
    tb_playout_stats s;
    ck_assert_int_eq(tb_rules_playouts(r, 40, 5, &s), 0);
    ck_assert_int_eq(s.wins[2] + s.wins[3], 0);
    ck_assert_int_eq(s.wins[0] + s.wins[1] + s.draws + s.unfinished, s.games);
    tb_rules_free(r);
    r = load("ludo", NULL, 0);
    ck_assert_int_eq(tb_rules_player_team(r, 1), 0);
    tb_rules_free(r);
}
END_TEST

Suite *api_suite(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, api_start_position_lists_notation);
    tcase_add_test(tc, api_options_and_names);
    tcase_add_test(tc, api_bad_option_fails_with_a_message);
    tcase_add_test(tc, api_undo_restores_every_position);
    tcase_add_test(tc, api_copies_are_independent_and_repeat_the_original);
    tcase_add_test(tc, api_outcome_matches_result_text);
    tcase_add_test(tc, api_playouts_agree_with_the_engine);
    tcase_add_test(tc, api_four_players);
    tcase_add_test(tc, api_teams);
    suite_add_tcase(s, tc);
    return s;
}
