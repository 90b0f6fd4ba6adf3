/* check_parser.c - the grammar: forms, lists, named arguments and their
 * spans; the bracket errors with their notes; recovery that keeps going; and
 * the nesting limit, which must hold however deep the input goes. */
#include <check.h>

#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check_front.h"
#include "lang/parse.h"

START_TEST(parser_builds_forms_with_head_and_arguments)
{
    front_run *r = front_run_text("(board (square 8 8) (playable dark))", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 0);
    ck_assert_int_eq(r->root->nkids, 1);
    const ast_node *b = r->root->kids[0];
    ck_assert_int_eq(b->kind, AST_FORM);
    ck_assert_str_eq(b->text, "board");
    ck_assert_int_eq(b->nkids, 2);
    ck_assert_str_eq(b->kids[0]->text, "square");
    ck_assert_int_eq(b->kids[0]->nkids, 2);
    ck_assert_int_eq(b->kids[0]->kids[1]->lo, 8);
    ck_assert_str_eq(b->kids[1]->kids[0]->text, "dark");
    ck_assert_int_eq(b->partial, 0);
    front_free(r);
}
END_TEST

START_TEST(parser_builds_lists)
{
    front_run *r = front_run_text("(x [a1 c1 3] [] [[b]])", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 0);
    const ast_node *f = r->root->kids[0];
    ck_assert_int_eq(f->nkids, 3);
    ck_assert_int_eq(f->kids[0]->kind, AST_LIST);
    ck_assert_int_eq(f->kids[0]->nkids, 3);
    ck_assert_str_eq(f->kids[0]->kids[1]->text, "c1");
    ck_assert_int_eq(f->kids[0]->kids[2]->kind, AST_INT);
    ck_assert_int_eq(f->kids[1]->kind, AST_LIST);
    ck_assert_int_eq(f->kids[1]->nkids, 0);
    ck_assert_int_eq(f->kids[2]->kids[0]->kind, AST_LIST);
    /* A list's span runs from `[` to `]`. */
    ck_assert_int_eq(f->kids[0]->loc.begin, 3);
    ck_assert_int_eq(f->kids[0]->loc.end, 12);
    front_free(r);
}
END_TEST

START_TEST(parser_builds_named_arguments)
{
    front_run *r = front_run_text("(step forward to:empty from:[a1 b2] cost:(opt x))", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 0);
    const ast_node *f = r->root->kids[0];
    ck_assert_int_eq(f->nkids, 4);
    const ast_node *to = f->kids[1];
    ck_assert_int_eq(to->kind, AST_NAMED);
    ck_assert_str_eq(to->text, "to");
    ck_assert_int_eq(to->value->kind, AST_NAME);
    ck_assert_str_eq(to->value->text, "empty");
    ck_assert_int_eq(to->head_loc.begin, 14); /* the name */
    ck_assert_int_eq(to->head_loc.end, 16);
    ck_assert_int_eq(to->loc.begin, 14); /* name:value */
    ck_assert_int_eq(to->loc.end, 22);
    ck_assert_ptr_eq(ast_named(f, "from"), f->kids[2]->value);
    ck_assert_int_eq(ast_named(f, "from")->kind, AST_LIST);
    ck_assert_int_eq(ast_named(f, "cost")->kind, AST_FORM);
    ck_assert_str_eq(ast_named(f, "cost")->text, "opt");
    ck_assert_ptr_null(ast_named(f, "over"));
    front_free(r);
}
END_TEST

START_TEST(parser_gives_forms_their_spans)
{
    front_run *r = front_run_text("  (pieces man\n    king)", -1, FRONT_PARSE, NULL, 0);
    const ast_node *f = r->root->kids[0];
    ck_assert_int_eq(f->loc.begin, 2);
    ck_assert_int_eq(f->loc.end, 23);
    ck_assert_int_eq(f->head_loc.begin, 3);
    ck_assert_int_eq(f->head_loc.end, 9);
    front_free(r);
}
END_TEST

START_TEST(parser_reports_unclosed_paren_with_note)
{
    front_run *r = front_run_text("(game \"X\"\n  (players (player 1)\n", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:2:22: error: unclosed `(` opened at line 2, column 3: expected `)` before the end of the file\n"
                     "    2 |   (players (player 1)\n"
                     "      |                      ^\n"
                     "t.game:2:3: note: `(` opened here\n"
                     "    2 |   (players (player 1)\n"
                     "      |   ^\n");
    front_free(r);
}
END_TEST

START_TEST(parser_reports_unclosed_bracket)
{
    front_run *r = front_run_text("(x [a b", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:8: error: unclosed `[` opened at line 1, column 4: expected `]` before the end of the file\n"
                     "    1 | (x [a b\n"
                     "      |        ^\n"
                     "t.game:1:4: note: `[` opened here\n"
                     "    1 | (x [a b\n"
                     "      |    ^\n");
    front_free(r);
}
END_TEST

START_TEST(parser_reports_unmatched_close_paren)
{
    front_run *r = front_run_text("(x 1))\n", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:6: error: unmatched `)`: no bracket is open here\n"
                     "    1 | (x 1))\n"
                     "      |      ^\n");
    ck_assert_int_eq(r->root->nkids, 1); /* the form before it stands */
    front_free(r);
}
END_TEST

START_TEST(parser_reports_mismatched_bracket_and_reads_on)
{
    front_run *r = front_run_text("(x [a b) (y 1))", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:8: error: `)` does not match the `[` opened at line 1, column 4; expected `]`\n"
                     "    1 | (x [a b) (y 1))\n"
                     "      |        ^\n");
    /* The `)` was taken for the `]` it should have been: the rest parses. */
    const ast_node *x = r->root->kids[0];
    ck_assert_int_eq(x->nkids, 2);
    ck_assert_int_eq(x->kids[0]->kind, AST_LIST);
    ck_assert_str_eq(x->kids[1]->text, "y");
    front_free(r);
}
END_TEST

START_TEST(parser_reports_bracket_closing_a_paren)
{
    front_run *r = front_run_text("(pieces man]", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:12: error: `]` does not match the `(` opened at line 1, column 1; expected `)`\n"
                     "    1 | (pieces man]\n"
                     "      |            ^\n");
    front_free(r);
}
END_TEST

START_TEST(parser_reports_form_without_name)
{
    front_run *r = front_run_text("(x () (\"y\" (z)) (12))", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 3);
    ck_assert_str_eq(r->out,
                     "t.game:1:5: error: expected a ludeme name after `(`, as in `(board ...)`; got `)`\n"
                     "    1 | (x () (\"y\" (z)) (12))\n"
                     "      |     ^\n"
                     "t.game:1:8: error: expected a ludeme name after `(`, as in `(board ...)`; got `\"y\"`\n"
                     "    1 | (x () (\"y\" (z)) (12))\n"
                     "      |        ^~~\n"
                     "t.game:1:18: error: expected a ludeme name after `(`, as in `(board ...)`; got `12`\n"
                     "    1 | (x () (\"y\" (z)) (12))\n"
                     "      |                  ^~\n");
    /* The nameless forms are dropped; their parent is marked as repaired. */
    ck_assert_int_eq(r->root->kids[0]->nkids, 0);
    ck_assert_int_eq(r->root->kids[0]->partial, 1);
    front_free(r);
}
END_TEST

START_TEST(parser_reports_misplaced_colon)
{
    front_run *r = front_run_text("(x :a)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:4: error: `:` must come right after an argument name, as in `to:empty`\n"
                     "    1 | (x :a)\n"
                     "      |    ^\n");
    front_free(r);
}
END_TEST

START_TEST(parser_reports_missing_value_after_colon)
{
    front_run *r = front_run_text("(step forward to:)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:18: error: expected a value after `:`, as in `to:empty`; got `)`\n"
                     "    1 | (step forward to:)\n"
                     "      |                  ^\n");
    front_free(r);
}
END_TEST

START_TEST(parser_keeps_going_after_an_error)
{
    front_run *r = front_run_text("(a b:)\n(c :d)\n(e f)\n", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 2);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:1:6: error: expected a value after `:`"));
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:2:4: error: `:` must come right after an argument name"));
    ck_assert_int_eq(r->root->nkids, 3);
    ck_assert_int_eq(r->root->kids[0]->partial, 1);
    ck_assert_int_eq(r->root->kids[1]->partial, 1);
    ck_assert_int_eq(r->root->kids[2]->partial, 0);
    ck_assert_str_eq(r->root->kids[2]->text, "e");
    front_free(r);
}
END_TEST

START_TEST(parser_takes_a_space_after_the_colon_but_not_before)
{
    front_run *r = front_run_text("(step forward to: empty)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 0);
    ck_assert_str_eq(ast_named(r->root->kids[0], "to")->text, "empty");
    front_free(r);
    r = front_run_text("(step forward to :empty)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:18: error: `:` must come right after an argument name, as in `to:empty`\n"
                     "    1 | (step forward to :empty)\n"
                     "      |                  ^\n");
    front_free(r);
}
END_TEST

START_TEST(parser_reports_end_of_file_after_the_last_text)
{
    front_run *r = front_run_text("(x to:   \n\n", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:7: error: unclosed `(` opened at line 1, column 1: expected `)` before the end of the file\n"
                     "    1 | (x to:   \n"
                     "      |       ^\n"
                     "t.game:1:1: note: `(` opened here\n"
                     "    1 | (x to:   \n"
                     "      | ^\n");
    front_free(r);
}
END_TEST

START_TEST(parser_stops_printing_after_50_errors)
{
    char text[200];
    memset(text, '@', 120);
    text[120] = '\0';
    front_run *r = front_run_text(text, -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 120);
    int lines = 0;
    for (const char *p = r->out; *p; p++) lines += *p == '\n';
    ck_assert_int_eq(lines, 50 * 3 + 1);
    const char *note = "\nt.game: note: more than 50 errors; the rest are not shown\n";
    ck_assert_str_eq(r->out + strlen(r->out) - strlen(note), note);
    front_free(r);
}
END_TEST

/* TEXT of DEPTH nested forms `(a (a ... ))`, closed; caller frees. */
static char *nested(int depth)
{
    char *text = malloc((size_t)depth * 4 + 1);
    ck_assert_ptr_nonnull(text);
    char *p = text;
    for (int i = 0; i < depth; i++) p += sprintf(p, "(a ");
    for (int i = 0; i < depth; i++) *p++ = ')';
    *p = '\0';
    return text;
}

START_TEST(parser_accepts_nesting_64_deep)
{
    char *text = nested(PARSE_MAX_DEPTH);
    front_run *r = front_run_text(text, -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 0);
    front_free(r);
    free(text);
}
END_TEST

START_TEST(parser_refuses_nesting_65_deep)
{
    char *text = nested(PARSE_MAX_DEPTH + 1);
    front_run *r = front_run_text(text, -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:1:193: error: brackets nested more than 64 deep; the rest of the file is not read\n"));
    front_free(r);
    free(text);
}
END_TEST

START_TEST(parser_stops_fast_on_100000_nested_parentheses)
{
    size_t n = 100000;
    char *text = malloc(n + 1);
    ck_assert_ptr_nonnull(text);
    memset(text, '(', n);
    text[n] = '\0';
    clock_t t0 = clock();
    front_run *r = front_run_text(text, (long)n, FRONT_CHECK, NULL, 0);
    double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
    ck_assert_msg(seconds < 1.0, "took %.2f s", seconds);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:1:65: error: brackets nested more than 64 deep; the rest of the file is not read\n"));
    front_free(r);
    free(text);
}
END_TEST

START_TEST(parser_stops_at_the_nesting_limit_inside_lists)
{
    char text[200];
    memset(text, '[', 150);
    text[150] = '\0';
    front_run *r = front_run_text(text, -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:1:65: error: brackets nested more than 64 deep"));
    front_free(r);
}
END_TEST

START_TEST(parser_reads_a_file_of_comments_as_no_items)
{
    front_run *r = front_run_text("; nothing here\n   ; at all\n", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 0);
    ck_assert_int_eq(r->root->nkids, 0);
    front_free(r);
}
END_TEST

START_TEST(parser_reads_atoms_at_the_top_level)
{
    /* The grammar takes any item at the top level; the checker refuses them. */
    front_run *r = front_run_text("foo 1 \"s\" x:y [a]", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 0);
    ck_assert_int_eq(r->root->nkids, 5);
    ck_assert_int_eq(r->root->kids[3]->kind, AST_NAMED);
    front_free(r);
}
END_TEST

Suite *parser_suite(void)
{
    Suite *s = suite_create("parser");
    TCase *t = tcase_create("tree");
    tcase_add_test(t, parser_builds_forms_with_head_and_arguments);
    tcase_add_test(t, parser_builds_lists);
    tcase_add_test(t, parser_builds_named_arguments);
    tcase_add_test(t, parser_gives_forms_their_spans);
    tcase_add_test(t, parser_reads_a_file_of_comments_as_no_items);
    tcase_add_test(t, parser_reads_atoms_at_the_top_level);
    suite_add_tcase(s, t);
    t = tcase_create("errors");
    tcase_add_test(t, parser_reports_unclosed_paren_with_note);
    tcase_add_test(t, parser_reports_unclosed_bracket);
    tcase_add_test(t, parser_reports_unmatched_close_paren);
    tcase_add_test(t, parser_reports_mismatched_bracket_and_reads_on);
    tcase_add_test(t, parser_reports_bracket_closing_a_paren);
    tcase_add_test(t, parser_reports_form_without_name);
    tcase_add_test(t, parser_reports_misplaced_colon);
    tcase_add_test(t, parser_reports_missing_value_after_colon);
    tcase_add_test(t, parser_keeps_going_after_an_error);
    tcase_add_test(t, parser_stops_printing_after_50_errors);
    tcase_add_test(t, parser_takes_a_space_after_the_colon_but_not_before);
    tcase_add_test(t, parser_reports_end_of_file_after_the_last_text);
    suite_add_tcase(s, t);
    t = tcase_create("nesting");
    tcase_add_test(t, parser_accepts_nesting_64_deep);
    tcase_add_test(t, parser_refuses_nesting_65_deep);
    tcase_add_test(t, parser_stops_fast_on_100000_nested_parentheses);
    tcase_add_test(t, parser_stops_at_the_nesting_limit_inside_lists);
    suite_add_tcase(s, t);
    return s;
}
