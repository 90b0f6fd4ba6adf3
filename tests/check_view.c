/* check_view.c - what the front ends show and read: moves typed in short
 * forms (notation_match), the words of a result, the geometry of track and
 * tile pictures, the marks of the last move. The boards themselves are
 * compared word for word in tests/view.sh. */
#include <check.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_front.h"
#include "check_suites.h"
#include "io/notation.h"
#include "view/view.h"

/* A position with the pieces PIECES ("d4:1:king c5:2:man ..."), PLAYER to move. */
static void setup(const ruleset *rs, state *st, int player, const char *pieces)
{
    state_clear(rs, st);
    st->h.to_move = (uint8_t)player;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", pieces);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char cell[16], type[24];
        int owner, height = 1;
        int got = sscanf(tok, "%15[^:]:%d:%23[^:]:%d", cell, &owner, type, &height);
        ck_assert_msg(got >= 3, "bad piece `%s`", tok);
        int c = ruleset_cell(rs, cell), t = ruleset_piece(rs, type);
        ck_assert_msg(c >= 0 && t >= 0, "no cell or piece in `%s`", tok);
        state_set(rs, st, c, piece_code(owner, t), (uint8_t)height, NULL);
    }
    state_refresh(rs, st);
}

/* The moves TEXT matches in ST, as "a, b, c" in list order. */
static const char *matches(ruleset *rs, state *st, const char *text)
{
    static char out[2048];
    move_list legal = MOVE_LIST_INIT;
    int n = engine_legal(rs, st, &legal);
    ck_assert_int_eq(legal.error, MOVES_OK);
    int *index = malloc((size_t)(n > 0 ? n : 1) * sizeof *index);
    ck_assert_ptr_nonnull(index);
    int k = notation_match(rs, st, legal.m, n, text, index);
    out[0] = '\0';
    for (int i = 0; i < k; i++) {
        char m[256];
        move_notation(rs, &legal.m[index[i]], m, sizeof m);
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", i ? ", " : "", m);
    }
    move_list_free(&legal);
    free(index);
    return out;
}

START_TEST(notation_reads_any_letter_case)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    state st;
    state_start(rs, &st);
    ck_assert_str_eq(matches(rs, &st, "C3-D4"), "c3-d4");
    ck_assert_str_eq(matches(rs, &st, "g3-H4"), "g3-h4");
    free(rs);
}
END_TEST

START_TEST(notation_start_or_destination_alone_when_one_move_fits)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    state st;
    state_start(rs, &st);
    ck_assert_str_eq(matches(rs, &st, "a3"), "a3-b4");   /* the only move from a3 */
    ck_assert_str_eq(matches(rs, &st, "h4"), "g3-h4");   /* the only move to h4 */
    ck_assert_str_eq(matches(rs, &st, "c3"), "c3-b4, c3-d4");
    ck_assert_str_eq(matches(rs, &st, "d4"), "e3-d4, c3-d4");
    ck_assert_str_eq(matches(rs, &st, "b2"), "");        /* a piece with no move */
    free(rs);
}
END_TEST

START_TEST(notation_prefixes_and_other_separators)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    state st;
    state_start(rs, &st);
    ck_assert_str_eq(matches(rs, &st, "c3-d"), "c3-d4");
    ck_assert_str_eq(matches(rs, &st, "e3-"), "e3-d4, e3-f4");
    ck_assert_str_eq(matches(rs, &st, "c3 d4"), "c3-d4");
    ck_assert_str_eq(matches(rs, &st, "c3xd4"), "c3-d4");
    ck_assert_str_eq(matches(rs, &st, "c3-e5"), "");
    ck_assert_str_eq(matches(rs, &st, "zz"), "");
    ck_assert_str_eq(matches(rs, &st, ""), "");
    free(rs);
}
END_TEST

START_TEST(notation_takes_a_capture_written_by_another_path)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    state st;
    /* The loop of docs/rules/coerceo.md: both ways round take the same four men. */
    setup(rs, &st, 1, "d4:1:king c5:2:man c7:2:man e5:2:man e7:2:man h2:2:man");
    ck_assert_str_eq(matches(rs, &st, "d4xb6xd8xf6xd4"), "d4xb6xd8xf6xd4");
    ck_assert_str_eq(matches(rs, &st, "d4xf6xd8xb6xd4"), "d4xb6xd8xf6xd4");
    ck_assert_str_eq(matches(rs, &st, "D4XF6XD8XB6XD4"), "d4xb6xd8xf6xd4");
    ck_assert_int_eq(rs->keep_all_paths, 0); /* put back */
    free(rs);
}
END_TEST

START_TEST(notation_takes_the_two_ends_of_a_chain)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    state st;
    setup(rs, &st, 1, "a1:1:king b2:2:man b4:2:man b6:2:man d6:2:man f4:2:man h8:2:man");
    ck_assert_str_eq(matches(rs, &st, "a1xg3"), "a1xc3xa5xc7xe5xg3");
    ck_assert_str_eq(matches(rs, &st, "a1 c7 g3"), "a1xc3xa5xc7xe5xg3");
    ck_assert_str_eq(matches(rs, &st, "a1xc7xa5xg3"), ""); /* not in that order */
    free(rs);
}
END_TEST

START_TEST(notation_reads_track_moves_with_bar_off_and_dice)
{
    ruleset *rs = front_load_game("jacquet-de-versailles", NULL);
    state st;
    setup(rs, &st, 1, "20:1:disc:14 24:2:disc:15");
    st.h.bar[0] = 1;
    st.h.counter[0][rs->track.arrival_counter] = 1;
    state_refresh(rs, &st);
    st.h.ndice = 2;
    st.h.dice[0] = 3;
    st.h.dice[1] = 5;
    ck_assert_str_eq(matches(rs, &st, "BAR-3"), "bar-3");
    ck_assert_str_eq(matches(rs, &st, "bar"), "bar-3, bar-5");
    ck_assert_str_eq(matches(rs, &st, "5"), "bar-5");
    ck_assert_str_eq(matches(rs, &st, "20-23"), "20-23");
    /* All in the final quadrant: both dice bear off from 20 (one exactly). */
    setup(rs, &st, 1, "20:1:disc:15 2:2:disc:15");
    st.h.counter[0][rs->track.arrival_counter] = 1;
    st.h.off[0] = 0;
    st.h.ndice = 2;
    st.h.dice[0] = 5;
    st.h.dice[1] = 6;
    ck_assert_str_eq(matches(rs, &st, "20-off"), "20-off/5, 20-off/6");
    ck_assert_str_eq(matches(rs, &st, "20-off/6"), "20-off/6");
    ck_assert_str_eq(matches(rs, &st, "20-OFF/5"), "20-off/5");
    ck_assert_str_eq(matches(rs, &st, "off"), "20-off/5, 20-off/6");
    free(rs);
}
END_TEST

START_TEST(notation_reads_fields_of_tiles)
{
    ruleset *rs = front_load_game("coerceo", NULL);
    state st;
    state_start(rs, &st);
    ck_assert_str_eq(matches(rs, &st, "A1.3-A1.1"), "a1.3-a1.1");
    ck_assert_str_eq(matches(rs, &st, "b4.1"), "b4.1-b4.3, b4.1-b4.5, b4.1-c5.3"); /* every move from b4.1 */
    free(rs);
}
END_TEST

/* The line and column of the first `(WORD` in the rule file of RS. */
static void clause_place(const ruleset *rs, const char *word, int *line, int *col)
{
    FILE *f = fopen(rs->files[0], "r");
    ck_assert_ptr_nonnull(f);
    char text[512], pattern[64];
    snprintf(pattern, sizeof pattern, "(%s", word);
    *line = 0;
    for (int n = 1; fgets(text, sizeof text, f); n++) {
        char *at = strstr(text, pattern);
        if (at) {
            *line = n;
            *col = (int)(at - text) + 1;
            break;
        }
    }
    fclose(f);
}

/* The end rule of kind KIND. */
static const end_rule *end_of(const ruleset *rs, int kind)
{
    for (int i = 0; i < rs->nends; i++)
        if (rs->ends[i].kind == kind) return &rs->ends[i];
    ck_abort_msg("no end rule of kind %d", kind);
    return NULL;
}

/* The number of PLY by PLAYER in RS, as a string. */
static const char *number_of(const ruleset *rs, int ply, int player)
{
    static char buf[24];
    view_move_number(rs, ply, player, buf, sizeof buf);
    return buf;
}

START_TEST(moves_are_numbered_by_pairs_without_dice)
{
    ruleset *rs = front_load_game("english-draughts", NULL);
    ck_assert(view_numbers_pairs(rs));
    ck_assert_str_eq(number_of(rs, 0, 1), "1.");
    ck_assert_str_eq(number_of(rs, 1, 2), "1...");
    ck_assert_str_eq(number_of(rs, 2, 1), "2.");
    ck_assert_str_eq(number_of(rs, 9, 2), "5...");
    /* a list that begins with player 2's move: the second half of pair 1 */
    ck_assert_str_eq(number_of(rs, 0, 2), "1...");
    ck_assert_str_eq(number_of(rs, 1, 1), "2.");
    ck_assert_str_eq(number_of(rs, 2, 2), "2...");
    free(rs);
    rs = front_load_game("backgammon", NULL);
    ck_assert(!view_numbers_pairs(rs)); /* dice: a turn holds several moves, numbered one by one */
    ck_assert_str_eq(number_of(rs, 0, 1), "1.");
    ck_assert_str_eq(number_of(rs, 1, 1), "2.");
    ck_assert_str_eq(number_of(rs, 2, 2), "3.");
    free(rs);
}
END_TEST

START_TEST(result_says_who_won_why_and_where_the_rule_is)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    state st;
    state_start(rs, &st);
    char reason[TB_FILE_NAME_MAX + 512], want[TB_FILE_NAME_MAX + 512];
    view_result_reason(rs, &st, 0, reason, sizeof reason);
    ck_assert_str_eq(reason, "");
    int line, col;
    clause_place(rs, "blocked", &line, &col);
    ck_assert_int_gt(line, 0);
    engine_finish(&st, 1, 1, end_of(rs, END_BLOCKED)); /* misère: the blocked player wins */
    view_result_reason(rs, &st, 0, reason, sizeof reason);
    /* a bundled game by its name, not the path it was read from */
    snprintf(want, sizeof want, "player 1 wins: player 1 has no legal move (`blocked` at coc-inbert:%d:%d)", line, col);
    ck_assert_str_eq(reason, want);
    view_result_reason(rs, &st, 2, reason, sizeof reason);
    ck_assert_str_eq(reason, "player 1 wins: player 2 resigned");
    free(rs);
}
END_TEST

START_TEST(result_names_double_wins)
{
    ruleset *rs = front_load_game("jacquet-de-versailles", NULL);
    state st;
    setup(rs, &st, 1, "5:2:disc:15");
    st.h.off[0] = 15;
    engine_finish(&st, 1, 2, end_of(rs, END_ALL_OFF));
    char reason[512];
    view_result_reason(rs, &st, 0, reason, sizeof reason);
    ck_assert_msg(strncmp(reason, "player 1 wins a double game: player 1 bore off every piece, and player 2 none (`all-off` at ",
                          58) == 0, "%s", reason);
    st.h.score = 3;
    view_result_reason(rs, &st, 0, reason, sizeof reason);
    ck_assert_msg(strncmp(reason, "player 1 wins a triple game: ", 29) == 0, "%s", reason);
    free(rs);
}
END_TEST

START_TEST(result_of_draws_by_repetition_and_no_progress)
{
    ruleset *rs = front_load_game("english-draughts", NULL);
    state st;
    state_start(rs, &st);
    engine_finish(&st, 0, 1, end_of(rs, END_REPETITION));
    char reason[512];
    view_result_reason(rs, &st, 0, reason, sizeof reason);
    ck_assert_msg(strstr(reason, "a draw: the same position came 3 times (`repetition` at ") == reason, "%s", reason);
    engine_finish(&st, 0, 1, end_of(rs, END_NO_PROGRESS));
    view_result_reason(rs, &st, 0, reason, sizeof reason);
    ck_assert_msg(strstr(reason, "a draw: 80 moves in a row without a capture or a move of a man (`no-progress` at ") ==
                      reason, "%s", reason);
    free(rs);
}
END_TEST

START_TEST(track_layout_puts_player_1s_last_point_bottom_right)
{
    ruleset *rs = front_load_game("jacquet-de-versailles", NULL);
    view_track_layout l;
    view_track_layout_of(rs, &l);
    ck_assert_int_eq(l.ncols, 12);
    ck_assert_int_eq(l.split, 6);
    int p1 = ruleset_cell(rs, "1"), p12 = ruleset_cell(rs, "12"), p13 = ruleset_cell(rs, "13"), p24 = ruleset_cell(rs, "24");
    ck_assert_int_eq(l.row[p1], 0);
    ck_assert_int_eq(l.col[p1], 11);  /* top right */
    ck_assert_int_eq(l.row[p12], 0);
    ck_assert_int_eq(l.col[p12], 0);  /* top left */
    ck_assert_int_eq(l.row[p13], 1);
    ck_assert_int_eq(l.col[p13], 0);  /* bottom left */
    ck_assert_int_eq(l.row[p24], 1);
    ck_assert_int_eq(l.col[p24], 11); /* bottom right */
    ck_assert_int_eq(l.entry_row[0], 0);
    ck_assert_int_eq(l.home_row[0], 1);
    ck_assert_int_eq(l.entry_row[1], 1); /* player 2 starts on 13 */
    ck_assert_int_eq(l.home_row[1], 0);  /* and ends on 12 */
    state st;
    state_start(rs, &st);
    ck_assert_int_eq(view_track_pips(rs, &st, 1), 15 * 24);
    ck_assert_int_eq(view_track_pips(rs, &st, 2), 15 * 24);
    st.h.bar[0] = 1;
    ck_assert_int_eq(view_track_pips(rs, &st, 1), 15 * 24 + 25);
    free(rs);
}
END_TEST

START_TEST(tile_coordinates_follow_the_shared_sides)
{
    ruleset *rs = front_load_game("coerceo", NULL);
    int x[64], y[64];
    ck_assert(view_tile_coords(rs, x, y));
    static const int dx[6] = { 0, 1, 1, 0, -1, -1 }, dy[6] = { 1, 0, -1, -1, 0, 1 };
    for (int t = 0; t < rs->ntiles; t++) {
        for (int d = 0; d < 6; d++) {
            int o = rs->tile_side[t][d];
            if (o == TB_NO_TILE) continue;
            ck_assert_int_eq(x[o], x[t] + dx[d]);
            ck_assert_int_eq(y[o], y[t] + dy[d]);
        }
        for (int u = 0; u < t; u++) ck_assert(x[u] != x[t] || y[u] != y[t]);
    }
    free(rs);
}
END_TEST

START_TEST(mark_of_a_chain_covers_its_path_and_captures)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    state st;
    setup(rs, &st, 1, "a1:1:king b2:2:man b4:2:man b6:2:man d6:2:man f4:2:man h8:2:man");
    move_list legal = MOVE_LIST_INIT;
    int n = engine_legal(rs, &st, &legal);
    ck_assert_int_eq(n, 1);
    view_mark mark;
    view_mark_move(&mark, rs, &legal.m[0], 1);
    ck_assert(view_mark_has(&mark, ruleset_cell(rs, "a1")));
    ck_assert(view_mark_has(&mark, ruleset_cell(rs, "a5")));
    ck_assert(view_mark_has(&mark, ruleset_cell(rs, "g3")));
    ck_assert(!view_mark_has(&mark, ruleset_cell(rs, "b2")));
    ck_assert(view_mark_captured(&mark, ruleset_cell(rs, "b2")));
    ck_assert(view_mark_captured(&mark, ruleset_cell(rs, "f4")));
    ck_assert(!view_mark_captured(&mark, ruleset_cell(rs, "h8")));
    view_mark_move(&mark, rs, NULL, 0);
    ck_assert(!view_mark_has(&mark, ruleset_cell(rs, "a1")));
    move_list_free(&legal);
    free(rs);
}
END_TEST

/* On a board of tiles a marked field reaches its tile's centre, where the
 * tile's name stands: the name is drawn again after the marks, in the page's
 * pictures (a use of the board's copy) and in a picture of its own. */
START_TEST(tile_names_are_drawn_over_the_marks)
{
    ruleset *rs = front_load_game("coerceo", NULL);
    state st;
    state_start(rs, &st);
    move_list legal = MOVE_LIST_INIT;
    ck_assert_int_gt(engine_legal(rs, &st, &legal), 0);
    view_mark mark;
    view_mark_move(&mark, rs, &legal.m[0], 1);
    char want[64];
    snprintf(want, sizeof want, "#tb-tile%d\"", rs->cell_tile[legal.m[0].to]);
    for (int page = 0; page < 2; page++) {
        vbuf svg;
        vbuf_init(&svg);
        ck_assert(page ? view_svg_use(&svg, rs, &st, &mark) : view_svg(&svg, rs, &st, &mark, 0));
        const char *text = vbuf_text(&svg), *last_mark = NULL;
        for (const char *at = text; (at = strstr(at, "class=\"mark\"")); at++) last_mark = at;
        ck_assert_msg(last_mark != NULL, "the move is marked");
        const char *after = page ? strstr(last_mark, want) : strstr(last_mark, "class=\"tile\"");
        ck_assert_msg(after != NULL, "%s: the tile's name comes after the marks", page ? "page" : "picture");
        vbuf_free(&svg);
    }
    move_list_free(&legal);
    free(rs);
}
END_TEST

/* On a numbered board the mark of a square covers its number: the number of
 * each marked square (the move's from and to) is drawn again after the
 * marks, in the page's pictures and in a picture of its own. */
START_TEST(square_numbers_are_drawn_over_the_marks)
{
    ruleset *rs = front_load_game("international", NULL);
    state st;
    state_start(rs, &st);
    move_list legal = MOVE_LIST_INIT;
    ck_assert_int_gt(engine_legal(rs, &st, &legal), 0);
    view_mark mark;
    view_mark_move(&mark, rs, &legal.m[0], 1);
    int cells[2] = { legal.m[0].from, legal.m[0].to };
    for (int page = 0; page < 2; page++) {
        vbuf svg;
        vbuf_init(&svg);
        ck_assert(page ? view_svg_use(&svg, rs, &st, &mark) : view_svg(&svg, rs, &st, &mark, 0));
        const char *text = vbuf_text(&svg), *last_mark = NULL;
        for (const char *at = text; (at = strstr(at, "class=\"mark\"")); at++) last_mark = at;
        ck_assert_msg(last_mark != NULL, "the move is marked");
        for (int k = 0; k < 2; k++) {
            char want[64];
            if (page) snprintf(want, sizeof want, "#tb-num%d\"", cells[k]);
            else snprintf(want, sizeof want, "class=\"number\">%s<", rs->cell_name[cells[k]]);
            ck_assert_msg(strstr(last_mark, want) != NULL, "%s: square %s's number comes after the marks",
                          page ? "page" : "picture", rs->cell_name[cells[k]]);
        }
        vbuf_free(&svg);
    }
    move_list_free(&legal);
    free(rs);
}
END_TEST

START_TEST(colour_follows_the_flag_and_no_color)
{
    ck_assert_int_eq(view_color_wanted("always", -1), 1);
    ck_assert_int_eq(view_color_wanted("never", -1), 0);
    ck_assert_int_eq(view_color_wanted("sometimes", -1), -1);
    setenv("NO_COLOR", "1", 1);
    ck_assert_int_eq(view_color_wanted("auto", -1), 0);
    ck_assert_int_eq(view_color_wanted("always", -1), 1); /* asked for by name */
    setenv("NO_COLOR", "", 1);                            /* empty: as if unset */
    ck_assert_int_eq(view_color_wanted(NULL, -1), 0);     /* not a terminal */
    unsetenv("NO_COLOR");
}
END_TEST

Suite *view_suite(void)
{
    Suite *s = suite_create("view");
    TCase *t = tcase_create("notation");
    tcase_add_test(t, notation_reads_any_letter_case);
    tcase_add_test(t, notation_start_or_destination_alone_when_one_move_fits);
    tcase_add_test(t, notation_prefixes_and_other_separators);
    tcase_add_test(t, notation_takes_a_capture_written_by_another_path);
    tcase_add_test(t, notation_takes_the_two_ends_of_a_chain);
    tcase_add_test(t, notation_reads_track_moves_with_bar_off_and_dice);
    tcase_add_test(t, notation_reads_fields_of_tiles);
    suite_add_tcase(s, t);
    t = tcase_create("results");
    tcase_add_test(t, result_says_who_won_why_and_where_the_rule_is);
    tcase_add_test(t, moves_are_numbered_by_pairs_without_dice);
    tcase_add_test(t, result_names_double_wins);
    tcase_add_test(t, result_of_draws_by_repetition_and_no_progress);
    suite_add_tcase(s, t);
    t = tcase_create("geometry");
    tcase_add_test(t, track_layout_puts_player_1s_last_point_bottom_right);
    tcase_add_test(t, tile_coordinates_follow_the_shared_sides);
    tcase_add_test(t, mark_of_a_chain_covers_its_path_and_captures);
    tcase_add_test(t, tile_names_are_drawn_over_the_marks);
    tcase_add_test(t, square_numbers_are_drawn_over_the_marks);
    tcase_add_test(t, colour_follows_the_flag_and_no_color);
    suite_add_tcase(s, t);
    return s;
}
