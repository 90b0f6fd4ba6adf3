/* check_forms.c - the table of compile functions (src/compile/compile_table.c)
 * against the catalogue: every row names a spec that exists under its
 * parent, and every spec of a parent the compiler dispatches through the
 * table has a function, so a new ludeme without a compiler fails here. */
#include <check.h>

#include "check_suites.h"
#include <string.h>

#include "compile/compile_forms.h"
#include "lang/catalogue.h"

/* The parents whose forms are all compiled through the table. */
static const char *const dispatched[] = { "end", "moves", "play", "@region" };

START_TEST(forms_rows_name_catalogue_specs)
{
    ck_assert_int_gt(compile_forms_count(), 0);
    for (int i = 0; i < compile_forms_count(); i++) {
        const char *head = compile_forms_head(i), *parent = compile_forms_parent(i);
        const ludeme_spec *s = catalogue_find(head, parent);
        ck_assert_msg(s != NULL, "row %d: no catalogue spec `%s` inside `%s`", i, head, parent);
        ck_assert_str_eq(s->name, head);
        ck_assert_int_ge(catalogue_index(s), 0);
        ck_assert_msg(compile_forms_has(head, parent), "row %d (`%s`) has no function", i, head);
        for (int j = 0; j < i; j++)
            ck_assert_msg(strcmp(compile_forms_head(j), head) != 0 || strcmp(compile_forms_parent(j), parent) != 0,
                          "`%s` inside `%s` has two rows", head, parent);
    }
}
END_TEST

/* The board's clauses are not all dispatched (`playable`, `lines` ... are
 * compiled in place): its topologies, the words of its `topology` clause,
 * are. Asserts each has a function; returns how many there are. */
static int check_topologies(void)
{
    const ludeme_spec *board = catalogue_find("board", "game");
    ck_assert_ptr_nonnull(board);
    const char *words = NULL;
    for (int i = 0; board->params[i].name; i++)
        if (strcmp(board->params[i].name, "topology") == 0) words = board->params[i].words;
    ck_assert_ptr_nonnull(words);
    int n = 0;
    for (const char *w = words; *w; w += strspn(w, " ")) {
        size_t len = strcspn(w, " ");
        char head[64];
        ck_assert_uint_lt(len, sizeof head);
        memcpy(head, w, len);
        head[len] = '\0';
        ck_assert_msg(compile_forms_has(head, "board"), "topology `%s` has no compile function", head);
        n++;
        w += len;
    }
    return n;
}

START_TEST(forms_every_dispatched_spec_has_a_function)
{
    int checked = 0;
    for (size_t p = 0; p < sizeof dispatched / sizeof dispatched[0]; p++)
        for (int i = 0; i < catalogue_count(); i++) {
            const ludeme_spec *s = catalogue_at(i);
            if (!catalogue_word_in(dispatched[p], s->parents)) continue;
            ck_assert_msg(compile_forms_has(s->name, dispatched[p]), "`%s` inside `%s` has no compile function",
                          s->name, dispatched[p]);
            checked++;
        }
    int topologies = check_topologies();
    ck_assert_int_ge(topologies, 6);
    ck_assert_int_ge(checked + topologies, compile_forms_count());
}
END_TEST

START_TEST(forms_unknown_heads_have_no_function)
{
    ck_assert(!compile_forms_has("no-such-form", "end"));
    ck_assert(!compile_forms_has("total", "end")); /* a part of material-draw, not a condition */
    ck_assert(!compile_forms_has("step", "end"));  /* a move kind, not a condition */
    ck_assert(!compile_forms_has("no-pieces", "moves"));
    ck_assert(!compile_forms_has("step", "play"));           /* inside (moves ...), not the play itself */
    ck_assert(!compile_forms_has("most-captured", "play")); /* a criterion of a hook */
    ck_assert(compile_forms_has("moves", "play"));
    ck_assert(!compile_forms_has("opt", "@region"));  /* a value, not a region */
    ck_assert(compile_forms_has("rows", "@region"));
    ck_assert(!compile_forms_has("playable", "board")); /* a clause of the board, not its shape */
}
END_TEST

/* A form with head HEAD, its text kept by the arena's caller. */
static ast_node *form_with_head(ast_arena *arena, const char *head)
{
    span at;
    memset(&at, 0, sizeof at);
    ast_node *f = ast_new(arena, AST_FORM, at);
    ck_assert_ptr_nonnull(f);
    f->text = head;
    return f;
}

START_TEST(forms_form_is_asks_the_catalogue)
{
    ast_arena *arena = ast_arena_new();
    ast_node *opt = form_with_head(arena, "opt"), *rows = form_with_head(arena, "rows");
    ast_node *place = form_with_head(arena, "place"), *option = form_with_head(arena, "option");
    ck_assert(compile_form_is(opt, "opt", "@value"));
    ck_assert(!compile_form_is(rows, "opt", "@value"));
    ck_assert(compile_form_is(rows, "rows", "@region"));
    ck_assert(compile_form_is(place, "place", "start")); /* two specs, told apart by the parent */
    ck_assert(compile_form_is(place, "place", "moves"));
    ck_assert(compile_form_is(option, "option", "game"));
    ck_assert(compile_form_is(option, "option", "variant"));
    ck_assert(!compile_form_is(option, "option", "play")); /* no option inside (play ...) */
    ck_assert(!compile_form_is(NULL, "opt", "@value"));
    ast_arena_free(arena);
}
END_TEST

/* The table as the compiler installs it before compiling the first form. */
static void installed(void)
{
    compile_table_install();
}

Suite *forms_suite(void)
{
    Suite *s = suite_create("forms");
    TCase *t = tcase_create("table");
    tcase_add_checked_fixture(t, installed, NULL);
    tcase_add_test(t, forms_rows_name_catalogue_specs);
    tcase_add_test(t, forms_every_dispatched_spec_has_a_function);
    tcase_add_test(t, forms_unknown_heads_have_no_function);
    tcase_add_test(t, forms_form_is_asks_the_catalogue);
    suite_add_tcase(s, t);
    return s;
}
