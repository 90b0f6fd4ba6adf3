/* check_compile.c - the meaning checks done while compiling to tables:
 * pieces, cells, regions and options that do not exist, option values from
 * the command line, sizes, hooks, warnings; and the tables of a valid game. */
#include <check.h>

#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_front.h"

static front_run *compiled(const char *text)
{
    return front_run_text(text, -1, FRONT_COMPILE, NULL, 0);
}

/* The text of a bundled rule file, read from $srcdir/rulesets; caller frees. */
static char *bundled(const char *name)
{
    const char *dir = getenv("srcdir");
    char path[1024];
    snprintf(path, sizeof path, "%s/rulesets/%s.game", dir && *dir ? dir : ".", name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s (is $srcdir set?)", path);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strdup(buf);
}

START_TEST(compile_builds_the_tables_of_the_race_game)
{
    front_run *r = compiled(front_race_game);
    ck_assert_str_eq(r->out, "");
    ck_assert_ptr_nonnull(r->rs);
    ck_assert_str_eq(r->rs->title, "Race");
    ck_assert_int_eq(r->rs->ncells, 25);
    ck_assert_int_eq(r->rs->npiece_types, 1);
    ck_assert_str_eq(r->rs->piece_name[0], "runner");
    ck_assert_int_eq(r->rs->nstart, 10);
    ck_assert_int_eq(r->rs->noptions, 1);
    ck_assert_int_eq(r->rs->options[0].value, 5);
    ck_assert_str_eq(r->rs->player_label[1], "black");
    /* Player 2's home is row 5: the region counts rows from each side. */
    int e5 = ruleset_cell(r->rs, "e5");
    ck_assert_int_ge(e5, 0);
    ck_assert_int_eq(cellset_has(&r->rs->regions[0].cells[1], e5), 1);
    ck_assert_int_eq(cellset_has(&r->rs->regions[0].cells[0], e5), 0);
    front_free(r);
}
END_TEST

START_TEST(compile_applies_an_option_setting)
{
    option_setting set = { "rows", "7", NULL, { 0, 0 } };
    front_run *r = front_run_text(front_race_game, -1, FRONT_COMPILE, &set, 1);
    ck_assert_str_eq(r->out, "");
    ck_assert_ptr_nonnull(r->rs);
    ck_assert_int_eq(r->rs->ncells, 35);
    ck_assert_int_eq(r->rs->options[0].value, 7);
    front_free(r);
}
END_TEST

START_TEST(compile_reports_unknown_piece)
{
    front_run *r = compiled(front_race_with("over:runner", "over:runer"));
    ck_assert_ptr_null(r->rs);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:16:44: error: unknown piece type `runer`; did you mean `runner`?\n"
                     "   16 |       (hop [forward diagonal-forward] over:runer))\n"
                     "      |                                            ^~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_lists_the_pieces_when_nothing_is_near)
{
    front_run *r = compiled(front_race_with("(place 2 runner home)", "(place 2 queen home)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:12:14: error: unknown piece type `queen` (declared: runner)\n"));
    front_free(r);
}
END_TEST

START_TEST(compile_reports_unknown_cell)
{
    front_run *r = compiled(front_race_with("(place 2 runner home)", "(place 2 runner [a5 z9])"));
    ck_assert_ptr_null(r->rs);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:12:25: error: no cell `z9` on this board (cells are a1..e5)\n"
                     "   12 |     (place 2 runner [a5 z9]))\n"
                     "      |                         ^~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_undeclared_region)
{
    front_run *r = compiled(front_race_with("(reach far-row)", "(reach goal)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:19:12: error: unknown region `goal` (declare it in `(regions ...)`)\n"
                     "   19 |     (reach goal)\n"
                     "      |            ^~~~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_suggests_a_declared_region)
{
    front_run *r = compiled(front_race_with("(place 2 runner home)", "(place 2 runner hom)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:12:21: error: unknown region `hom`; did you mean `home`?\n"));
    front_free(r);
}
END_TEST

START_TEST(compile_is_quiet_about_uses_of_a_region_in_error)
{
    front_run *r = compiled(front_race_with("(rows 1)", "(rows 1..9)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_int_eq(r->warnings, 0);
    ck_assert_str_eq(r->out,
                     "t.game:9:24: error: rows 1..9: the board has rows 1..5\n"
                     "    9 |     (region home (rows 1..9)))\n"
                     "      |                        ^~~~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_far_row_on_a_board_without_rows)
{
    front_run *r = front_run_text("(game \"T\" (players (player 1 start:1) (player 2 start:13))\n"
                                  "  (board (track 24)) (pieces disc)\n"
                                  "  (start (place 1 disc (own-points 1) count:15) (place 2 disc (own-points 1) count:15))\n"
                                  "  (dice 2 6) (play (moves disc (advance)))\n"
                                  "  (end (reach far-row)))\n",
                                  -1, FRONT_COMPILE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:5:15: error: `far-row` needs a square board\n"
                     "    5 |   (end (reach far-row)))\n"
                     "      |               ^~~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_unknown_option_setting)
{
    option_setting set = { "row", "6", NULL, { 0, 0 } };
    front_run *r = front_run_text(front_race_game, -1, FRONT_COMPILE, &set, 1);
    ck_assert_ptr_null(r->rs);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out, "--option row=6: error: unknown option `row` of \"Race\"; did you mean `rows`?\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_option_of_a_game_without_options)
{
    option_setting set = { "width", "9", NULL, { 0, 0 } };
    const char *text = front_race_with("  (option rows 5 [5 7] \"rows of the board\")\n", "");
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", text);
    const char *board = strstr(buf, "(opt rows)");
    ck_assert_ptr_nonnull(board);
    memcpy((char *)board, "5         ", 10);
    front_run *r = front_run_text(buf, -1, FRONT_COMPILE, &set, 1);
    ck_assert_str_eq(r->out, "--option width=9: error: unknown option `width`: \"Race\" declares no options\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_disallowed_option_value)
{
    char *text = bundled("coucou-picard");
    option_setting set = { "width", "2", NULL, { 0, 0 } };
    front_run *r = front_run_text(text, -1, FRONT_COMPILE, &set, 1);
    ck_assert_ptr_null(r->rs);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out, "--option width=2: error: option `width` cannot be 2 (allowed: 3, 5, 7, 9, 11, 13, 15, 17, 19)\n");
    front_free(r);
    /* And an allowed one is applied. */
    set.value = "9";
    r = front_run_text(text, -1, FRONT_COMPILE, &set, 1);
    ck_assert_str_eq(r->out, "");
    ck_assert_int_eq(r->rs->ncells, 9 * 12);
    front_free(r);
    free(text);
}
END_TEST

START_TEST(compile_reports_option_value_that_is_not_an_integer)
{
    option_setting set = { "rows", "seven", NULL, { 0, 0 } };
    front_run *r = front_run_text(front_race_game, -1, FRONT_COMPILE, &set, 1);
    ck_assert_str_eq(r->out, "--option rows=seven: error: option `rows` takes an integer; got `seven`\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_disallowed_word_option_value)
{
    char *text = bundled("coerceo");
    option_setting set = { "cura", "maybe", NULL, { 0, 0 } };
    front_run *r = front_run_text(text, -1, FRONT_COMPILE, &set, 1);
    ck_assert_str_eq(r->out, "--option cura=maybe: error: option `cura` cannot be `maybe` (allowed: off, on)\n");
    front_free(r);
    free(text);
}
END_TEST

START_TEST(compile_reports_option_setting_where_it_was_written)
{
    /* A scenario file's `options:` entry carries its own source and span. */
    src_file *yaml = source_from_string("s.yaml", "options: {rows: 6}\n", 19);
    option_setting set = { "rows", "6", yaml, { 16, 17 } };
    front_run *r = front_run_text(front_race_game, -1, FRONT_COMPILE, &set, 1);
    ck_assert_str_eq(r->out,
                     "s.yaml:1:17: error: option `rows` cannot be 6 (allowed: 5, 7)\n"
                     "    1 | options: {rows: 6}\n"
                     "      |                 ^\n");
    front_free(r);
    source_free(yaml);
}
END_TEST

START_TEST(compile_reports_default_not_among_allowed_values)
{
    front_run *r = compiled(front_race_with("(option rows 5", "(option rows 6"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:2:16: error: the default of option `rows` is not among its allowed values (5, 7)\n"
                     "    2 |   (option rows 6 [5 7] \"rows of the board\")\n"
                     "      |                ^\n");
    front_free(r);
}
END_TEST

START_TEST(compile_suggests_a_declared_option)
{
    front_run *r = compiled(front_race_with("(opt rows)", "(opt row)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:6:25: error: unknown option `row`; did you mean `rows`?\n"
                     "    6 |   (board (square 5 (opt row)))\n"
                     "      |                         ^~~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_warns_about_a_piece_never_placed)
{
    front_run *r = compiled(front_race_with("(pieces runner)", "(pieces runner king)"));
    ck_assert_int_eq(r->errors, 0);
    ck_assert_int_eq(r->warnings, 1);
    ck_assert_ptr_nonnull(r->rs);
    ck_assert_str_eq(r->out,
                     "t.game:7:18: warning: piece type `king` never starts on the board, is never placed and nothing promotes to it\n"
                     "    7 |   (pieces runner king)\n"
                     "      |                  ^~~~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_hook_parameter_of_the_wrong_hook)
{
    front_run *r = compiled(front_race_with("(capture optional)",
                                            "(capture optional) (hook max-capture (most-captured) (max-sides 3))"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:17:58: error: `max-sides` is a parameter of the `tile-collapse` hook, not of `max-capture`\n"
                     "   17 |     (capture optional) (hook max-capture (most-captured) (max-sides 3)))\n"
                     "      |                                                          ^~~~~~~~~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_board_too_large)
{
    front_run *r = compiled(front_race_with("(square 5 (opt rows))", "(square 30 30)"));
    ck_assert_str_eq(r->out,
                     "t.game:6:10: error: a square board has 1 to 26 columns (docs/limits.md)\n"
                     "    6 |   (board (square 30 30))\n"
                     "      |          ^~~~~~~~~~~~~~\n");
    front_free(r);
    r = compiled(front_race_with("(square 5 (opt rows))", "(square 23 23)"));
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:6:10: error: a board has at most 512 cells (docs/limits.md)\n"));
    front_free(r);
}
END_TEST

START_TEST(compile_reports_cells_filled_twice_once)
{
    front_run *r = compiled(front_race_with("(player 2 \"black\" forward:s)", "(player 2 \"black\" forward:n)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:12:5: error: cells a1, b1, c1, d1, e1 are already filled by an earlier `place`\n"
                     "   12 |     (place 2 runner home))\n"
                     "      |     ^~~~~~~~~~~~~~~~~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_player_declared_twice_without_more)
{
    front_run *r = compiled(front_race_with("(player 2 \"black\"", "(player 1 \"black\""));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:5:5: error: player 1 is declared twice\n"
                     "    5 |     (player 1 \"black\" forward:s))\n"
                     "      |     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_name_too_long)
{
    /* The name is refused once; its three uses stay quiet. */
    char text[4096], *p;
    snprintf(text, sizeof text, "%s", front_race_game);
    while ((p = strstr(text, "home"))) {
        memmove(p + 25, p + 4, strlen(p + 4) + 1);
        memcpy(p, "a_region_name_of_25_chars", 25);
    }
    front_run *r = compiled(text);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:9:13: error: region name `a_region_name_of_25_chars` is too long (at most 23 characters) (docs/limits.md)\n"
                     "    9 |     (region a_region_name_of_25_chars (rows 1)))\n"
                     "      |             ^~~~~~~~~~~~~~~~~~~~~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(compile_reports_promotion_to_the_same_type)
{
    front_run *r = compiled(front_race_with("(capture optional)", "(capture optional) (promote runner runner at:far-row)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:17:24: error: a piece cannot be promoted to its own type `runner`\n"));
    front_free(r);
}
END_TEST

Suite *compile_suite(void)
{
    Suite *s = suite_create("compile");
    TCase *t = tcase_create("tables");
    tcase_add_test(t, compile_builds_the_tables_of_the_race_game);
    tcase_add_test(t, compile_applies_an_option_setting);
    suite_add_tcase(s, t);
    t = tcase_create("names");
    tcase_add_test(t, compile_reports_unknown_piece);
    tcase_add_test(t, compile_lists_the_pieces_when_nothing_is_near);
    tcase_add_test(t, compile_reports_unknown_cell);
    tcase_add_test(t, compile_reports_undeclared_region);
    tcase_add_test(t, compile_suggests_a_declared_region);
    tcase_add_test(t, compile_is_quiet_about_uses_of_a_region_in_error);
    tcase_add_test(t, compile_reports_far_row_on_a_board_without_rows);
    tcase_add_test(t, compile_reports_name_too_long);
    suite_add_tcase(s, t);
    t = tcase_create("options");
    tcase_add_test(t, compile_reports_unknown_option_setting);
    tcase_add_test(t, compile_reports_option_of_a_game_without_options);
    tcase_add_test(t, compile_reports_disallowed_option_value);
    tcase_add_test(t, compile_reports_option_value_that_is_not_an_integer);
    tcase_add_test(t, compile_reports_disallowed_word_option_value);
    tcase_add_test(t, compile_reports_option_setting_where_it_was_written);
    tcase_add_test(t, compile_reports_default_not_among_allowed_values);
    tcase_add_test(t, compile_suggests_a_declared_option);
    suite_add_tcase(s, t);
    t = tcase_create("meaning");
    tcase_add_test(t, compile_warns_about_a_piece_never_placed);
    tcase_add_test(t, compile_reports_hook_parameter_of_the_wrong_hook);
    tcase_add_test(t, compile_reports_board_too_large);
    tcase_add_test(t, compile_reports_cells_filled_twice_once);
    tcase_add_test(t, compile_reports_player_declared_twice_without_more);
    tcase_add_test(t, compile_reports_promotion_to_the_same_type);
    suite_add_tcase(s, t);
    return s;
}
