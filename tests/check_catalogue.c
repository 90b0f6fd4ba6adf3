/* check_catalogue.c - the typed catalogue of ludemes: lookups by parent,
 * suggestions for misspelt names, descriptions used in messages, the
 * generated reference, and the consistency of the table itself. */
#include <check.h>

#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/catalogue.h"
#include "lang/diag.h"

START_TEST(catalogue_finds_a_ludeme_inside_its_parent)
{
    const ludeme_spec *s = catalogue_find("step", "moves");
    ck_assert_ptr_nonnull(s);
    ck_assert_str_eq(s->name, "step");
    ck_assert_ptr_nonnull(catalogue_find("game", ""));
    ck_assert_ptr_nonnull(catalogue_find("board", "game"));
    ck_assert_ptr_nonnull(catalogue_find("square", "board"));
}
END_TEST

START_TEST(catalogue_refuses_a_ludeme_outside_its_parent)
{
    ck_assert_ptr_null(catalogue_find("step", "play"));
    ck_assert_ptr_null(catalogue_find("step", ""));
    ck_assert_ptr_null(catalogue_find("reach", "play"));
    ck_assert_ptr_null(catalogue_find("board", ""));
    /* ... but knows it exists somewhere, for "cannot appear here". */
    const ludeme_spec *any = catalogue_find_any("reach");
    ck_assert_ptr_nonnull(any);
    ck_assert_str_eq(any->parents, "end");
}
END_TEST

START_TEST(catalogue_has_no_unknown_ludemes)
{
    ck_assert_ptr_null(catalogue_find("captur", "play"));
    ck_assert_ptr_null(catalogue_find_any("captur"));
    ck_assert_ptr_null(catalogue_find_any(""));
}
END_TEST

START_TEST(catalogue_value_forms_fit_where_values_go)
{
    /* `opt` stands for an integer and region forms for a region, in any parent. */
    const ludeme_spec *opt = catalogue_find("opt", "@int");
    ck_assert_ptr_nonnull(opt);
    ck_assert_str_eq(opt->parents, "@value");
    ck_assert_ptr_nonnull(catalogue_find("rows", "@region"));
    ck_assert_ptr_nonnull(catalogue_find("cell-at", "@region"));
    ck_assert_ptr_nonnull(catalogue_find("own-points", "@region"));
}
END_TEST

START_TEST(catalogue_matches_whole_words_only)
{
    ck_assert_int_eq(catalogue_word_in("empty", "empty empty-or-enemy"), 1);
    ck_assert_int_eq(catalogue_word_in("empty-or-enemy", "empty empty-or-enemy"), 1);
    ck_assert_int_eq(catalogue_word_in("empt", "empty empty-or-enemy"), 0);
    ck_assert_int_eq(catalogue_word_in("enemy", "empty empty-or-enemy"), 0);
    ck_assert_int_eq(catalogue_word_in("w", "n s e w"), 1);
    ck_assert_int_eq(catalogue_word_in("", "n s e w"), 0);
}
END_TEST

START_TEST(catalogue_suggests_the_nearest_word)
{
    char buf[64];
    const param_spec *dirs = &catalogue_find("step", "moves")->params[0];
    ck_assert_str_eq(dirs->name, "directions");
    ck_assert_str_eq(catalogue_suggest("forwards", dirs->words, buf, sizeof buf), "forward");
    ck_assert_str_eq(catalogue_suggest("diagonal-froward", dirs->words, buf, sizeof buf), "diagonal-forward");
    ck_assert_str_eq(catalogue_suggest("optionl", "mandatory optional", buf, sizeof buf), "optional");
    ck_assert_ptr_null(catalogue_suggest("sideways", "mandatory optional", buf, sizeof buf));
}
END_TEST

START_TEST(catalogue_suggests_ludemes_allowed_in_the_parent)
{
    ck_assert_str_eq(catalogue_suggest_head("captur", "play"), "capture");
    ck_assert_str_eq(catalogue_suggest_head("boad", "game"), "board");
    ck_assert_str_eq(catalogue_suggest_head("stpe", "moves"), "step");
    ck_assert_ptr_null(catalogue_suggest_head("zzzzzz", "game"));
    /* never a form that belongs elsewhere, nor a guess half wrong */
    ck_assert_ptr_null(catalogue_suggest_head("collect", "play")); /* a hook's parameter, not a clause of `play` */
    ck_assert_ptr_null(catalogue_suggest_head("dice", "end"));     /* a section */
    ck_assert_ptr_null(catalogue_suggest_head("drop", "moves"));  /* not a misspelt `hop` */
    ck_assert_str_eq(catalogue_suggest_head("rwos", "@region"), "rows");
    ck_assert_ptr_null(catalogue_suggest_head("rwos", "end"));
}
END_TEST

START_TEST(catalogue_lists_what_a_form_holds)
{
    char buf[1024];
    ck_assert_int_eq(catalogue_clauses_in("moves", buf, sizeof buf), 9);
    ck_assert_str_eq(buf, "`step`, `hop`, `slide`, `leap`, `advance`, `place`, `fly`, `sow` or `remove-piece`");
    ck_assert_int_eq(catalogue_clauses_in("", buf, sizeof buf), 2);
    ck_assert_str_eq(buf, "`game` or `variant`");
    ck_assert_int_eq(catalogue_clauses_in("step", buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "");
    const char *names[128];
    int n = catalogue_heads_in("place", names, 128), rows = 0, opt = 0, end = 0;
    for (int i = 0; i < n; i++) {
        rows |= strcmp(names[i], "rows") == 0;
        opt |= strcmp(names[i], "opt") == 0;
        end |= strcmp(names[i], "end") == 0;
    }
    ck_assert(rows && opt && !end); /* its region and count take value forms; no clause */
}
END_TEST

START_TEST(catalogue_describes_parameters_for_messages)
{
    char buf[256];
    const ludeme_spec *sq = catalogue_find("square", "board");
    catalogue_describe_param(&sq->params[1], buf, sizeof buf);
    ck_assert_str_eq(buf, "an integer (rows)");
    const ludeme_spec *cap = catalogue_find("capture", "play");
    catalogue_describe_param(&cap->params[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "one of `mandatory optional` (rule)");
    const ludeme_spec *reach = catalogue_find("reach", "end");
    catalogue_describe_param(&reach->params[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "a region: a region name, a list of cells or (rows ...) (region)");
}
END_TEST

/* The reference, as `tabula reference` prints it; caller frees. */
static char *reference(void)
{
    char *text;
    size_t size;
    FILE *f = open_memstream(&text, &size);
    catalogue_write_reference(f);
    fclose(f);
    return text;
}

START_TEST(catalogue_reference_lists_every_ludeme)
{
    char *text = reference();
    ck_assert_int_eq(strncmp(text, "<!-- generated by `tabula reference` from src/lang/catalogue.c; do not edit -->\n", 80), 0);
    for (int i = 0; i < catalogue_count(); i++) {
        char heading[80];
        snprintf(heading, sizeof heading, "\n#### `%s`\n", catalogue_at(i)->name);
        ck_assert_msg(strstr(text, heading), "no heading for `%s`", catalogue_at(i)->name);
    }
    ck_assert_ptr_nonnull(strstr(text, "`(step directions [from:REGION] [to:WORD] [within:REGION] [en-passant] [hand:WORD] [pieces:RANGE] [ply:RANGE] [unmoved] [capture:WORDS] [chain] [may-stop] [no-revisit] [turn])`"));
    free(text);
}
END_TEST

START_TEST(catalogue_reference_is_the_same_every_time)
{
    char *a = reference(), *b = reference();
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
}
END_TEST

/* Every ludeme: a doc line, a topic the reference prints, parents that
 * exist, parameters with sane counts and words, sub-form heads that are
 * ludemes allowed in it, and no two specs of one name for the same parent. */
START_TEST(catalogue_every_spec_is_well_formed)
{
    static const char *const topics = "game players board pieces regions start dice play end words";
    for (int i = 0; i < catalogue_count(); i++) {
        const ludeme_spec *s = catalogue_at(i);
        ck_assert_msg(s->doc && s->doc[0], "`%s` has no doc", s->name);
        ck_assert_msg(catalogue_word_in(s->topics, topics), "`%s` has topic `%s`", s->name, s->topics);
        if (s->parents[0] && s->parents[0] != '@') {
            char parents[128];
            snprintf(parents, sizeof parents, "%s", s->parents);
            for (char *w = strtok(parents, " "); w; w = strtok(NULL, " "))
                ck_assert_msg(catalogue_find_any(w) != NULL, "`%s` has unknown parent `%s`", s->name, w);
        }
        for (int j = 0; j < catalogue_count(); j++)
            ck_assert_msg(j == i || strcmp(catalogue_at(j)->name, s->name) != 0 ||
                              strcmp(catalogue_at(j)->parents, s->parents) != 0,
                          "`%s` is in the catalogue twice", s->name);
        for (const param_spec *p = s->params; p->name; p++) {
            ck_assert_msg(p->min <= p->max, "`%s` `%s`: min > max", s->name, p->name);
            ck_assert_msg(p->doc && p->doc[0], "`%s` `%s` has no doc", s->name, p->name);
            if (p->type == ARG_WORD || p->type == ARG_WORDS || p->type == ARG_FORM)
                ck_assert_msg(p->words && p->words[0], "`%s` `%s` has no words", s->name, p->name);
            if (p->type != ARG_FORM) continue;
            char heads[512];
            snprintf(heads, sizeof heads, "%s", p->words);
            for (char *h = strtok(heads, " "); h; h = strtok(NULL, " "))
                ck_assert_msg(catalogue_find(h, s->name) != NULL, "`%s` may hold `(%s ...)`, which is not allowed in it",
                              s->name, h);
        }
    }
}
END_TEST

/* Two ludemes of one head (`place` in `start` and in `moves`) never give
 * one parameter name two meanings: the compiler reads a form's parameters
 * by its head alone (catalogue_param), so the same name must be the same
 * style, type, words and default wherever the head appears. */
START_TEST(catalogue_shared_heads_agree_on_parameters)
{
    int shared = 0;
    for (int i = 0; i < catalogue_count(); i++)
        for (int j = i + 1; j < catalogue_count(); j++) {
            const ludeme_spec *a = catalogue_at(i), *b = catalogue_at(j);
            if (strcmp(a->name, b->name) != 0) continue;
            shared++;
            for (const param_spec *p = a->params; p->name; p++) {
                const param_spec *q = b->params;
                while (q->name && strcmp(q->name, p->name) != 0) q++;
                if (!q->name) continue;
                ck_assert_msg(p->style == q->style && p->type == q->type, "`%s` `%s`: two styles or types", a->name, p->name);
                ck_assert_msg(!p->words == !q->words && (!p->words || strcmp(p->words, q->words) == 0),
                              "`%s` `%s`: two sets of words", a->name, p->name);
                ck_assert_msg(!p->dflt == !q->dflt && (!p->dflt || strcmp(p->dflt, q->dflt) == 0),
                              "`%s` `%s`: two defaults", a->name, p->name);
                ck_assert_msg(catalogue_param(a->name, p->name) == p || catalogue_param(a->name, p->name) == q,
                              "`%s` `%s`: found elsewhere", a->name, p->name);
            }
        }
    ck_assert_int_ge(shared, 1); /* `place` */
}
END_TEST

START_TEST(diag_measures_edit_distance)
{
    ck_assert_int_eq(diag_edit_distance("", ""), 0);
    ck_assert_int_eq(diag_edit_distance("step", "step"), 0);
    ck_assert_int_eq(diag_edit_distance("stpe", "step"), 1); /* a transposition is one slip */
    ck_assert_int_eq(diag_edit_distance("drop", "hop"), 2);
    ck_assert_int_eq(diag_edit_distance("ca", "abc"), 3);
    ck_assert_int_eq(diag_edit_distance("forwards", "forward"), 1);
    ck_assert_int_eq(diag_edit_distance("", "abc"), 3);
}
END_TEST

START_TEST(diag_suggests_only_close_names)
{
    static const char *const names[] = { "man", "king", "runner" };
    ck_assert_str_eq(diag_nearest("runer", names, 3), "runner");
    ck_assert_str_eq(diag_nearest("kng", names, 3), "king");
    ck_assert_str_eq(diag_nearest("mn", names, 3), "man");
    ck_assert_ptr_null(diag_nearest("queen", names, 3));
    ck_assert_ptr_null(diag_nearest("x", names, 0));
    static const char *const heads[] = { "hop", "step" };
    ck_assert_ptr_null(diag_nearest("drop", heads, 2)); /* two slips in four letters */
    ck_assert_str_eq(diag_nearest("hpo", heads, 2), "hop");
    static const char *const named[] = { "to", "from" };
    ck_assert_str_eq(diag_nearest("onto", named, 2), "to"); /* two letters too many: still near */
}
END_TEST

Suite *catalogue_suite(void)
{
    Suite *s = suite_create("catalogue");
    TCase *t = tcase_create("lookups");
    tcase_add_test(t, catalogue_finds_a_ludeme_inside_its_parent);
    tcase_add_test(t, catalogue_lists_what_a_form_holds);
    tcase_add_test(t, catalogue_refuses_a_ludeme_outside_its_parent);
    tcase_add_test(t, catalogue_has_no_unknown_ludemes);
    tcase_add_test(t, catalogue_value_forms_fit_where_values_go);
    tcase_add_test(t, catalogue_matches_whole_words_only);
    suite_add_tcase(s, t);
    t = tcase_create("suggestions");
    tcase_add_test(t, catalogue_suggests_the_nearest_word);
    tcase_add_test(t, catalogue_suggests_ludemes_allowed_in_the_parent);
    tcase_add_test(t, catalogue_describes_parameters_for_messages);
    tcase_add_test(t, diag_measures_edit_distance);
    tcase_add_test(t, diag_suggests_only_close_names);
    suite_add_tcase(s, t);
    t = tcase_create("table");
    tcase_add_test(t, catalogue_reference_lists_every_ludeme);
    tcase_add_test(t, catalogue_reference_is_the_same_every_time);
    tcase_add_test(t, catalogue_every_spec_is_well_formed);
    tcase_add_test(t, catalogue_shared_heads_agree_on_parameters);
    suite_add_tcase(s, t);
    return s;
}
