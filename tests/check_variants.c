/* check_variants.c - variants and options as the loader resolves them, and
 * the printer that `fmt` and `expand` share: clause addresses, the order
 * changes put clauses in, variants of variants, options in every kind of
 * value, switches, strict option settings, the layout, and the catalogue's
 * examples. Files are written to a fresh directory; what a variant resolves
 * to is compared as the text `tabula expand` would print. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_front.h"
#include "check_suites.h"
#include "compile/load.h"
#include "lang/catalogue.h"
#include "lang/check.h"
#include "lang/params.h" /* which parameter an argument fills */
#include "lang/parse.h"
#include "lang/print.h"

static char dir[256];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "%s/tabula-variants.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[512];
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.') {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    if (d) closedir(d);
    rmdir(dir);
}

static const char *write_file(const char *name, const char *text)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* A small game to vary: three end conditions, a hook with three criteria. */
static const char *const base_game =
    "(game \"Base\"\n"
    "  (option fast off)\n"
    "  (players\n"
    "    (player 1 forward:n)\n"
    "    (player 2 forward:s))\n"
    "  (board (square 6 6) (playable dark))\n"
    "  (pieces man king)\n"
    "  (start\n"
    "    (place 1 man (rows 1..2))\n"
    "    (place 2 man (rows 1..2)))\n"
    "  (play\n"
    "    (moves man\n"
    "      (step diagonal-forward)\n"
    "      (hop diagonal-forward over:man chain))\n"
    "    (moves king\n"
    "      (step diagonal)\n"
    "      (slide diagonal if:fast)\n"
    "      (hop diagonal over:[man king] chain))\n"
    "    (promote man king at:far-row)\n"
    "    (capture mandatory)\n"
    "    (hook max-capture\n"
    "      (most-captured)\n"
    "      (most-captured king)\n"
    "      (prefer-mover king)))\n"
    "  (end\n"
    "    (no-pieces loses)\n"
    "    (blocked loses)\n"
    "    (no-progress 30 plies reset:[capture man])))\n";

/* What loading FILE (with at most one NAME=VALUE setting) gives. */
typedef struct loaded {
    ruleset *rs;
    char *text;  /* the resolved game as `expand` prints it */
    char *diags; /* every message */
} loaded;

static void keep_text(const ast_node *resolved, const src_file *src, void *ctx)
{
    (void)src;
    size_t size = 0;
    FILE *out = open_memstream((char **)ctx, &size);
    print_form(out, resolved);
    fclose(out);
}

static loaded load(const char *file, const char *setting)
{
    loaded l = { NULL, NULL, NULL };
    size_t size = 0;
    FILE *out = open_memstream(&l.diags, &size);
    diag_sink sink;
    diag_init(&sink, out);
    char name[64] = "", value[64] = "";
    option_setting set = { name, value, NULL, { 0, 0 } };
    if (setting) sscanf(setting, "%63[^=]=%63[^\n]", name, value);
    load_status st;
    l.rs = load_ruleset_visit(file, &set, setting ? 1 : 0, &sink, &st, keep_text, &l.text);
    ck_assert_int_eq(sink.ncontexts, 0); /* the notes of the bases are gone with them */
    fclose(out);
    return l;
}

static void loaded_free(loaded *l)
{
    free(l->rs);
    free(l->text);
    free(l->diags);
}

/* The lines of TEXT from the one starting with FROM up to the one holding UNTIL. */
static char *section_text(const char *text, const char *from, const char *until)
{
    static char buf[2048];
    const char *a = strstr(text, from);
    ck_assert_msg(a != NULL, "no `%s` in:\n%s", from, text);
    const char *b = strstr(a, until);
    ck_assert_msg(b != NULL, "no `%s` after `%s` in:\n%s", until, from, text);
    b = strchr(b, '\n');
    snprintf(buf, sizeof buf, "%.*s", (int)(b ? b - a : (long)strlen(a)), a);
    return buf;
}

START_TEST(variant_changes_put_clauses_where_they_say)
{
    make_dir();
    write_file("base.game", base_game);
    const char *v = write_file("v.game",
                               "(variant \"V\"\n"
                               "  (extends \"base.game\")\n"
                               "  (replace (end no-progress) (no-progress 40 turns reset:[capture man]))\n"
                               "  (add (end) (repetition 3) before:blocked)\n"
                               "  (remove (play (hook max-capture) most-captured))\n"
                               "  (add (play (hook max-capture)) (most-captured) after:(prefer-mover king))\n"
                               "  (remove (play (moves king) (step diagonal))))\n");
    loaded l = load(v, NULL);
    ck_assert_msg(l.rs != NULL, "%s", l.diags);
    ck_assert_str_eq(l.diags, "");
    ck_assert_str_eq(section_text(l.text, "  (end", "no-progress"),
                     "  (end\n"
                     "    (no-pieces loses)\n"
                     "    (repetition 3)\n"
                     "    (blocked loses)\n"
                     "    (no-progress 40 turns reset:[capture man])))");
    ck_assert_str_eq(section_text(l.text, "    (hook", "(most-captured)"),
                     "    (hook max-capture\n"
                     "      (most-captured king)\n"
                     "      (prefer-mover king)\n"
                     "      (most-captured)))");
    ck_assert_str_eq(section_text(l.text, "    (moves king", "chain"),
                     "    (moves king (hop diagonal over:[man king] chain))");
    ck_assert_str_eq(l.rs->title, "V");
    loaded_free(&l);
    remove_dir();
}
END_TEST

START_TEST(variant_adds_a_section_its_base_lacks)
{
    make_dir();
    write_file("base.game", base_game);
    const char *v = write_file("v.game", "(variant \"V\"\n"
                                         "  (extends \"base.game\")\n"
                                         "  (add (regions) (region goal (rows 6)))\n"
                                         "  (replace (end blocked) (reach goal)))\n");
    loaded l = load(v, NULL);
    ck_assert_msg(l.rs != NULL, "%s", l.diags);
    ck_assert_str_eq(section_text(l.text, "  (pieces", "(region goal"),
                     "  (pieces man king)\n"
                     "  (regions\n"
                     "    (region goal (rows 6)))");
    ck_assert_int_eq(l.rs->nregions, 1);
    loaded_free(&l);
    remove_dir();
}
END_TEST

START_TEST(variant_of_a_variant_applies_both_in_order)
{
    make_dir();
    write_file("base.game", base_game);
    write_file("a.game", "(variant \"A\" (extends \"base.game\") (option fast on)\n"
                         "  (replace (end no-progress) (no-progress 20 plies reset:capture)))\n");
    const char *b = write_file("b.game", "(variant \"B\" (extends \"a.game\")\n"
                                         "  (replace (end (no-progress 20)) (no-progress 10 plies reset:capture)))\n");
    loaded l = load(b, NULL);
    ck_assert_msg(l.rs != NULL, "%s", l.diags);
    ck_assert_ptr_nonnull(strstr(l.text, "(no-progress 10 plies reset:capture)"));
    ck_assert_ptr_nonnull(strstr(l.text, "(slide diagonal)")); /* A's option: on */
    ck_assert_ptr_null(strstr(l.text, "(option"));            /* resolved: no options left */
    ck_assert_str_eq(l.rs->title, "B");
    loaded_free(&l);
    /* The base alone still has what the variants changed. */
    l = load(write_file("base2.game", base_game), NULL);
    ck_assert_ptr_nonnull(strstr(l.text, "(no-progress 30 plies reset:[capture man])"));
    ck_assert_ptr_null(strstr(l.text, "(slide diagonal)"));
    loaded_free(&l);
    remove_dir();
}
END_TEST

START_TEST(switches_take_a_clause_in_or_out)
{
    make_dir();
    const char *g = write_file("base.game", base_game);
    loaded off = load(g, NULL), on = load(g, "fast=on");
    ck_assert_ptr_nonnull(off.rs);
    ck_assert_ptr_nonnull(on.rs);
    ck_assert_int_eq(on.rs->nrules, off.rs->nrules + 1);
    ck_assert_ptr_nonnull(strstr(on.text, "      (slide diagonal)\n"));
    ck_assert_ptr_null(strstr(off.text, "slide"));
    loaded_free(&off);
    loaded_free(&on);
    remove_dir();
}
END_TEST

START_TEST(options_stand_for_words_numbers_and_range_bounds)
{
    make_dir();
    const char *g = write_file("g.game",
                               "(game \"G\"\n"
                               "  (option rule mandatory [mandatory optional])\n"
                               "  (option home 2 1..3)\n"
                               "  (option corner e6 [a6 e6])\n"
                               "  (players (player 1 forward:n) (player 2 forward:s))\n"
                               "  (board (square 5 6))\n"
                               "  (pieces runner)\n"
                               "  (start (place 1 runner (rows 1..(opt home))) (place 2 runner [(opt corner) c6]))\n"
                               "  (play (moves runner (step forward) (hop forward over:runner)) (capture (opt rule)))\n"
                               "  (end (reach far-row)))\n");
    loaded a = load(g, NULL);
    ck_assert_msg(a.rs != NULL, "%s", a.diags);
    ck_assert_int_eq(a.rs->capture_mandatory, 1);
    ck_assert_int_eq(a.rs->nstart, 12);
    ck_assert_ptr_nonnull(strstr(a.text, "(place 1 runner (rows 1..2))"));
    ck_assert_ptr_nonnull(strstr(a.text, "(place 2 runner [e6 c6])"));
    loaded b = load(g, "rule=optional"), c = load(g, "home=3");
    ck_assert_int_eq(b.rs->capture_mandatory, 0);
    ck_assert_int_eq(c.rs->nstart, 17);
    loaded_free(&a);
    loaded_free(&b);
    loaded_free(&c);
    remove_dir();
}
END_TEST

START_TEST(option_settings_are_read_strictly)
{
    make_dir();
    const char *g = write_file("base.game", base_game);
    static const struct {
        const char *setting, *message;
    } bad[] = {
        { "fast=yes", "--option fast=yes: error: option `fast` cannot be `yes` (allowed: off, on)\n" },
        { "fast=", "--option fast=: error: option `fast` cannot be `` (allowed: off, on)\n" },
        { "fast= on", "--option fast= on: error: option `fast` cannot be ` on` (allowed: off, on)\n" },
        { "fst=on", "--option fst=on: error: unknown option `fst` of \"Base\"; did you mean `fast`?\n" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        loaded l = load(g, bad[i].setting);
        ck_assert_ptr_null(l.rs);
        ck_assert_str_eq(l.diags, bad[i].message);
        loaded_free(&l);
    }
    remove_dir();
    /* Integers: digits and a sign, nothing else. */
    static const char *const not_integers[] = { " 7", "7 ", "+7", "7x", "", "-", "0x7" };
    for (size_t i = 0; i < sizeof not_integers / sizeof not_integers[0]; i++) {
        option_setting set = { "rows", not_integers[i], NULL, { 0, 0 } };
        front_run *r = front_run_text(front_race_game, -1, FRONT_COMPILE, &set, 1);
        char want[128];
        snprintf(want, sizeof want, "--option rows=%s: error: option `rows` takes an integer; got `%s`\n",
                 not_integers[i], not_integers[i]);
        ck_assert_str_eq(r->out, want);
        front_free(r);
    }
    option_setting set = { "rows", "7", NULL, { 0, 0 } };
    front_run *r = front_run_text(front_race_game, -1, FRONT_COMPILE, &set, 1);
    ck_assert_ptr_nonnull(r->rs);
    ck_assert_int_eq(r->rs->height, 7);
    front_free(r);
}
END_TEST

START_TEST(options_have_kinds)
{
    front_run *r = front_run_text(front_race_with("(option rows 5 [5 7] \"rows of the board\")",
                                                  "(option rows 5 [5 7]) (option flying off) (option rule a [a b])"),
                                  -1, FRONT_COMPILE, NULL, 0);
    ck_assert_ptr_nonnull(r->rs);
    ck_assert_int_eq(r->rs->options[0].kind, OPTION_INT);
    ck_assert_int_eq(r->rs->options[1].kind, OPTION_BOOL);
    ck_assert_str_eq(r->rs->options[1].allowed, "off, on");
    ck_assert_int_eq(r->rs->options[2].kind, OPTION_WORDS);
    front_free(r);
}
END_TEST

/* ---- the printer ------------------------------------------------------- */

/* TEXT printed by print_items with its comments. */
static char *formatted(const char *text)
{
    src_file *src = source_from_string("t.game", text, strlen(text));
    ast_arena *arena = ast_arena_new();
    diag_sink sink;
    diag_init(&sink, stderr);
    ast_node *root = parse_source(src, &sink, arena);
    ck_assert_int_eq(sink.errors, 0);
    char *out = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&out, &size);
    ck_assert(print_items(f, root, src));
    fclose(f);
    ast_arena_free(arena);
    source_free(src);
    return out;
}

START_TEST(print_layout_keeps_comments_in_their_places)
{
    char *out = formatted("; a file\n\n\n(game \"G\" ; the title\n"
                          "  (players (player 1) ; one\n (player 2))\n"
                          "  (start\n    (place 1 a [a1 b1])\n    ; last\n  ))\n; end\n");
    ck_assert_str_eq(out, "; a file\n"
                          "\n"
                          "(game \"G\"                                        ; the title\n"
                          "  (players\n"
                          "    (player 1)                                   ; one\n"
                          "    (player 2))\n"
                          "  (start\n"
                          "    (place 1 a [a1 b1])\n"
                          "    ; last\n"
                          "  ))\n"
                          "; end\n");
    free(out);
}
END_TEST

START_TEST(print_layout_fills_long_lists_and_aligns_comments)
{
    char cells[1024] = "";
    for (int i = 0; i < 30; i++) snprintf(cells + strlen(cells), sizeof cells - strlen(cells), " c%02d", i);
    char text[2048];
    snprintf(text, sizeof text,
             "(game \"G\"\n (start (place 1 a [%s]) (place 2 a [x])) (end (a) ; one\n (bbbbbb) ; two\n))\n",
             cells + 1);
    char *out = formatted(text);
    ck_assert_str_eq(out, "(game \"G\"\n"
                          "  (start\n"
                          "    (place 1 a [c00 c01 c02 c03 c04 c05 c06 c07 c08 c09 c10 c11 c12 c13 c14 c15 c16 c17 c18 c19 c20\n"
                          "                c21 c22 c23 c24 c25 c26 c27 c28 c29])\n"
                          "    (place 2 a [x]))\n"
                          "  (end\n"
                          "    (a)                                          ; one\n"
                          "    (bbbbbb)))                                   ; two\n");
    free(out);
}
END_TEST

/* Every rule file of the tree that parses prints to text that parses to the
 * same tree. */
START_TEST(print_keeps_the_tree_of_every_file)
{
    static const char *const dirs[] = { "rulesets", "docs/examples", "tests/broken", "tests/warnings" };
    const char *top = getenv("srcdir") ? getenv("srcdir") : ".";
    int files = 0;
    for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", top, dirs[k]);
        DIR *d = opendir(path);
        ck_assert_msg(d != NULL, "no %s", path);
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t n = strlen(e->d_name);
            if (n < 6 || strcmp(e->d_name + n - 5, ".game") != 0) continue;
            char file[1024];
            snprintf(file, sizeof file, "%s/%s", path, e->d_name);
            diag_sink quiet;
            diag_init(&quiet, NULL);
            int io;
            src_file *src = source_load(file, &quiet, &io);
            if (!src) continue;
            ast_arena *arena = ast_arena_new();
            ast_node *root = parse_source(src, &quiet, arena);
            if (quiet.errors == 0) {
                char *out = NULL;
                size_t size = 0;
                FILE *f = open_memstream(&out, &size);
                print_items(f, root, src);
                fclose(f);
                src_file *again = source_from_string("again.game", out, size);
                ast_node *root2 = parse_source(again, &quiet, arena);
                ck_assert_msg(quiet.errors == 0 && ast_equal(root, root2), "%s prints to another tree:\n%s", file, out);
                files++;
                source_free(again);
                free(out);
            }
            ast_arena_free(arena);
            source_free(src);
        }
        closedir(d);
    }
    ck_assert_int_gt(files, 20);
}
END_TEST

/* ---- the catalogue's examples ------------------------------------------ */

START_TEST(every_ludeme_has_an_example_that_checks)
{
    for (int i = 0; i < catalogue_count(); i++) {
        const ludeme_spec *s = catalogue_at(i);
        ck_assert_msg(s->example && s->example[0], "`%s` has no example", s->name);
        char *out = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&out, &size);
        diag_sink sink;
        diag_init(&sink, f);
        src_file *src = source_from_string("example.game", s->example, strlen(s->example));
        ast_arena *arena = ast_arena_new();
        ast_node *root = parse_source(src, &sink, arena);
        ck_assert_msg(root && root->nkids == 1 && root->kids[0]->kind == AST_FORM &&
                          strcmp(root->kids[0]->text, s->name) == 0,
                      "the example of `%s` is not one `(%s ...)` form", s->name, s->name);
        char parent[64];
        sscanf(s->parents, "%63s", parent);
        if (!s->parents[0]) parent[0] = '\0';
        check_clause(root->kids[0], parent, src, &sink);
        fclose(f);
        ck_assert_msg(sink.errors == 0, "the example of `%s` does not check:\n%s", s->name, out);
        free(out);
        ast_arena_free(arena);
        source_free(src);
    }
}
END_TEST

START_TEST(param_of_names_what_each_argument_fills)
{
    front_run *r = front_run_text("(place 1 man (rows 1..2) except:home count:2)", -1, FRONT_PARSE, NULL, 0);
    const ast_node *place = r->root->kids[0];
    static const char *const want[] = { "player", "piece", "where", "except", "count" };
    for (int k = 0; k < 5; k++) ck_assert_str_eq(param_of(place, k)->name, want[k]);
    ck_assert_ptr_null(param_of(place, 5));
    front_free(r);
}
END_TEST

Suite *variants_suite(void)
{
    Suite *s = suite_create("variants");
    TCase *t = tcase_create("variants");
    tcase_add_test(t, variant_changes_put_clauses_where_they_say);
    tcase_add_test(t, variant_adds_a_section_its_base_lacks);
    tcase_add_test(t, variant_of_a_variant_applies_both_in_order);
    suite_add_tcase(s, t);
    t = tcase_create("options");
    tcase_add_test(t, switches_take_a_clause_in_or_out);
    tcase_add_test(t, options_stand_for_words_numbers_and_range_bounds);
    tcase_add_test(t, option_settings_are_read_strictly);
    tcase_add_test(t, options_have_kinds);
    suite_add_tcase(s, t);
    t = tcase_create("printing");
    tcase_add_test(t, print_layout_keeps_comments_in_their_places);
    tcase_add_test(t, print_layout_fills_long_lists_and_aligns_comments);
    tcase_add_test(t, print_keeps_the_tree_of_every_file);
    tcase_add_test(t, every_ludeme_has_an_example_that_checks);
    tcase_add_test(t, param_of_names_what_each_argument_fills);
    suite_add_tcase(s, t);
    return s;
}
