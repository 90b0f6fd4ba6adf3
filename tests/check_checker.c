/* check_checker.c - the shape check against the catalogue: unknown and
 * misplaced ludemes, argument types and counts, named arguments, sections
 * given twice or missing, and the top level of a file. */
#include <check.h>

#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/check.h" /* the shape checker, src/check.h; <check.h> is the Check library */
#include "check_front.h"

/* Checks TEXT; returns its run (errors expected as the test says). */
static front_run *checked(const char *text)
{
    front_run *r = front_run_text(text, -1, FRONT_CHECK, NULL, 0);
    return r;
}

START_TEST(checker_accepts_the_race_game)
{
    front_run *r = checked(front_race_game);
    ck_assert_str_eq(r->out, "");
    ck_assert_ptr_nonnull(r->game);
    ck_assert_str_eq(r->game->text, "game");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_unknown_ludeme_with_suggestion)
{
    front_run *r = checked(front_race_with("(capture optional)", "(captur optional)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:17:6: error: unknown ludeme `captur`; did you mean `capture`?\n"
                     "   17 |     (captur optional))\n"
                     "      |      ^~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_unknown_ludeme_without_suggestion)
{
    front_run *r = checked(front_race_with("(capture optional)", "(zigzag optional)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:17:6: error: unknown ludeme `zigzag`; allowed in `play`: `moves`, `promote`, `capture`, "
                     "`hook`, `enter`, `courier`, `stack-limit`, `bear-off`, `exchange`, `enclosure`, `announce`, "
                     "`dice-use`, `leave-start`, `roll-again`, `prime-limit`, `streak-limit`, `pass`, `swap`, `remove-on-line`, `royal`, `castle`, `custodial` or `capture-to-hand`\n"
                     "   17 |     (zigzag optional))\n"
                     "      |      ^~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_wrong_type)
{
    front_run *r = checked(front_race_with("(square 5 (opt rows))", "(square 5 \"five\")"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:6:20: error: `square` takes an integer (rows); got string \"five\"\n"
                     "    6 |   (board (square 5 \"five\"))\n"
                     "      |                    ^~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_missing_required_argument)
{
    front_run *r = checked(front_race_with("(square 5 (opt rows))", "(square 5)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:6:19: error: `square` needs its `rows` argument: number of rows (ranks 1, 2, ...)\n"
                     "    6 |   (board (square 5))\n"
                     "      |                   ^\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_missing_required_named_argument)
{
    front_run *r = checked(front_race_with(" over:runner", ""));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:16:38: error: `hop` needs `over:` (the enemy piece types it may jump)\n"
                     "   16 |       (hop [forward diagonal-forward]))\n"
                     "      |                                      ^\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_missing_section)
{
    front_run *r = checked(front_race_with("  (pieces runner)\n", ""));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:19:21: error: `game` needs a `(pieces ...)` form\n"
                     "   19 |     (blocked loses)))\n"
                     "      |                     ^\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_duplicate_section)
{
    front_run *r = checked(front_race_with("(pieces runner)", "(pieces runner)\n  (pieces stone)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:8:4: error: duplicate `(pieces ...)` in `game`; the first is at line 7\n"
                     "    8 |   (pieces stone)\n"
                     "      |    ^~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_misplaced_form)
{
    front_run *r = checked(front_race_with("(capture optional)", "(capture optional) (reach far-row)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:17:25: error: `reach` cannot appear in `play`; it belongs in `(end ...)`\n"
                     "   17 |     (capture optional) (reach far-row))\n"
                     "      |                         ^~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_value_form_out_of_place)
{
    front_run *r = checked(front_race_with("(pieces runner)", "(pieces runner) (rows 1)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:7:20: error: `rows` cannot appear in `game`; it stands where a region is expected\n"
                     "    7 |   (pieces runner) (rows 1)\n"
                     "      |                    ^~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_unknown_named_argument)
{
    front_run *r = checked(front_race_with("(step [forward diagonal-forward])", "(step [forward diagonal-forward] onto:empty)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:15:40: error: `step` has no argument `onto:`; did you mean `to:`?\n"
                     "   15 |       (step [forward diagonal-forward] onto:empty)\n"
                     "      |                                        ^~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_named_argument_of_a_ludeme_without_any)
{
    front_run *r = checked(front_race_with("(pieces runner)", "(pieces runner limit:3)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:7:18: error: `pieces` has no argument `limit:` (it takes no named arguments)\n"));
    front_free(r);
}
END_TEST

START_TEST(checker_reports_named_argument_given_twice)
{
    front_run *r = checked(front_race_with("over:runner", "over:runner over:runner"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:16:51: error: `over:` given twice in `hop` (first at line 16)\n"
                     "   16 |       (hop [forward diagonal-forward] over:runner over:runner))\n"
                     "      |                                                   ^~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_suggests_a_misspelt_word)
{
    front_run *r = checked(front_race_with("(step [forward", "(step [forwards"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:15:14: error: `step` takes a direction; got `forwards`; did you mean `forward`?\n"
                     "   15 |       (step [forwards diagonal-forward])\n"
                     "      |              ^~~~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_lists_the_words_of_a_short_set)
{
    front_run *r = checked(front_race_with("forward:s)", "forward:south)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:5:31: error: `forward:` in `player` takes `n`, `s`, `e` or `w`; got `south`\n"
                     "    5 |     (player 2 \"black\" forward:south))\n"
                     "      |                               ^~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_lists_the_words_of_a_long_set_when_nothing_is_near)
{
    front_run *r = checked(front_race_with("(step [forward", "(step [zigzag"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "error: `step` takes a direction; got `zigzag` (one of: n ne e se s sw w nw forward "));
    front_free(r);
}
END_TEST

START_TEST(checker_reports_too_few_player_forms)
{
    front_run *r = checked(front_race_with("\n    (player 2 \"black\" forward:s)", ""));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:4:33: error: `players` needs 2 `(player ...)` forms; got 1\n"
                     "    4 |     (player 1 \"white\" forward:n))\n"
                     "      |                                 ^\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_too_many_repeated_arguments)
{
    front_run *r = checked(front_race_with("(pieces runner)", "(pieces runner a b c d e f g h i j k l m n o p)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:7:48: error: too many arguments in `pieces`: it takes at most 16 types (docs/limits.md)\n"
                     "    7 |   (pieces runner a b c d e f g h i j k l m n o p)\n"
                     "      |                                                ^\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_unexpected_argument)
{
    front_run *r = checked(front_race_with("(square 5 (opt rows))", "(square 5 5 5)"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:6:22: error: unexpected argument in `square`: integer 5 (no more arguments are expected here)\n"
                     "    6 |   (board (square 5 5 5))\n"
                     "      |                      ^\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_extra_value_form_as_an_extra_argument)
{
    front_run *r = checked(front_race_with("(square 5 (opt rows))", "(square 5 (opt rows) (opt rows))"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:6:31: error: unexpected argument in `square`: form `(opt ...)` (no more arguments are expected here)\n"
                     "    6 |   (board (square 5 (opt rows) (opt rows)))\n"
                     "      |                               ^~~~~~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_empty_list)
{
    front_run *r = checked(front_race_with("over:runner", "over:[]"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:16:44: error: empty list: `over:` in `hop` takes a name or a list of names\n"
                     "   16 |       (hop [forward diagonal-forward] over:[]))\n"
                     "      |                                            ^~\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_form_inside_a_list_of_names)
{
    front_run *r = checked(front_race_with("over:runner", "over:[runner (x)]"));
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:16:52: error: a list in `hop` holds names or integers; got form `(x ...)`\n"));
    front_free(r);
}
END_TEST

START_TEST(checker_warns_about_a_flag_given_twice)
{
    front_run *r = checked(front_race_with("over:runner", "over:runner chain chain"));
    ck_assert_int_eq(r->errors, 0);
    ck_assert_int_eq(r->warnings, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:16:57: warning: `chain` given twice in `hop`\n"));
    front_free(r);
}
END_TEST

START_TEST(checker_reports_empty_rule_file)
{
    front_run *r = checked("");
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_null(r->game);
    ck_assert_str_eq(r->out,
                     "t.game:1:1: error: empty rule file: expected `(game \"Name\" ...)`\n"
                     "    1 | \n"
                     "      | ^\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_file_without_game)
{
    front_run *r = checked("(pieces a)\n");
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:2: error: `pieces` cannot appear at the top level; it belongs in `(game ...)` or `(variant ...)`\n"
                     "    1 | (pieces a)\n"
                     "      |  ^~~~~~\n");
    front_free(r);
    /* With nothing else wrong, the missing game is the error. */
    r = checked("; only a comment\n");
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:2:1: error: empty rule file: expected `(game \"Name\" ...)`\n"
                     "    2 | \n"
                     "      | ^\n");
    front_free(r);
}
END_TEST

START_TEST(checker_reports_second_game)
{
    char text[2048];
    snprintf(text, sizeof text, "%s(game \"Again\")\n", front_race_game);
    front_run *r = checked(text);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:21:2: error: a second `(game ...)`; a rule file holds one game (the first is at line 1)\n"
                     "   21 | (game \"Again\")\n"
                     "      |  ^~~~\n");
    ck_assert_ptr_nonnull(r->game); /* the first one */
    front_free(r);
}
END_TEST

START_TEST(checker_reports_atom_at_the_top_level)
{
    front_run *r = checked("foo\n");
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:1:1: error: expected a form like `(game \"Name\" ...)` at the top level; got `foo`\n"));
    front_free(r);
}
END_TEST

/* After a syntax error, a repaired form may lack arguments that were there:
 * the front end reports the syntax error only, as `tabula validate` does. */
START_TEST(checker_is_quiet_about_missing_arguments_of_a_repaired_form)
{
    front_run *r = front_run_text("(game \"X\" (pieces a:))", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    free(r->out);
    size_t size;
    FILE *f = open_memstream(&r->out, &size);
    diag_sink sink;
    diag_init(&sink, f);
    check_tree(r->root, r->src, &sink);
    fclose(f);
    ck_assert_str_eq(r->out, "");
    front_free(r);
}
END_TEST

Suite *checker_suite(void)
{
    Suite *s = suite_create("checker");
    TCase *t = tcase_create("ludemes");
    tcase_add_test(t, checker_accepts_the_race_game);
    tcase_add_test(t, checker_reports_unknown_ludeme_with_suggestion);
    tcase_add_test(t, checker_reports_unknown_ludeme_without_suggestion);
    tcase_add_test(t, checker_reports_misplaced_form);
    tcase_add_test(t, checker_reports_value_form_out_of_place);
    tcase_add_test(t, checker_reports_missing_section);
    tcase_add_test(t, checker_reports_duplicate_section);
    tcase_add_test(t, checker_reports_too_few_player_forms);
    suite_add_tcase(s, t);
    t = tcase_create("arguments");
    tcase_add_test(t, checker_reports_wrong_type);
    tcase_add_test(t, checker_reports_missing_required_argument);
    tcase_add_test(t, checker_reports_missing_required_named_argument);
    tcase_add_test(t, checker_reports_unknown_named_argument);
    tcase_add_test(t, checker_reports_named_argument_of_a_ludeme_without_any);
    tcase_add_test(t, checker_reports_named_argument_given_twice);
    tcase_add_test(t, checker_suggests_a_misspelt_word);
    tcase_add_test(t, checker_lists_the_words_of_a_short_set);
    tcase_add_test(t, checker_lists_the_words_of_a_long_set_when_nothing_is_near);
    tcase_add_test(t, checker_reports_too_many_repeated_arguments);
    tcase_add_test(t, checker_reports_unexpected_argument);
    tcase_add_test(t, checker_reports_extra_value_form_as_an_extra_argument);
    tcase_add_test(t, checker_reports_empty_list);
    tcase_add_test(t, checker_reports_form_inside_a_list_of_names);
    tcase_add_test(t, checker_warns_about_a_flag_given_twice);
    suite_add_tcase(s, t);
    t = tcase_create("file");
    tcase_add_test(t, checker_reports_empty_rule_file);
    tcase_add_test(t, checker_reports_file_without_game);
    tcase_add_test(t, checker_reports_second_game);
    tcase_add_test(t, checker_reports_atom_at_the_top_level);
    tcase_add_test(t, checker_is_quiet_about_missing_arguments_of_a_repaired_form);
    suite_add_tcase(s, t);
    return s;
}
