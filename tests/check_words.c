/* check_words.c - the compiler's enums of fixed words (src/compile/
 * compile_words.h) against the catalogue's word lists: each enum lists the
 * words of its parameter in the catalogue's order, so that compile_word's
 * index means the word the enum names; and the defaults of the catalogue
 * are words of their lists. */
#include <check.h>

#include "check_suites.h"
#include <string.h>

#include "compile/compiler.h"
#include "lang/catalogue.h"

#define MAX_WORDS 8

/* An enum of compile_words.h: the ludeme and parameter whose words it
 * indexes, its count, and its words by enum value. */
typedef struct word_enum {
    const char *ludeme, *param;
    int count;
    const char *words[MAX_WORDS];
} word_enum;

static const word_enum enums[] = {
    { "player", "forward", W_FORWARD_COUNT,
      { [W_FORWARD_N] = "n", [W_FORWARD_S] = "s", [W_FORWARD_E] = "e", [W_FORWARD_W] = "w" } },
    { "player", "direction", W_TRACK_DIRECTION_COUNT, { [W_TRACK_UP] = "up", [W_TRACK_DOWN] = "down" } },
    { "square", "diagonals", W_DIAGONALS_COUNT, { [W_DIAGONALS_ALL] = "all", [W_DIAGONALS_ALTERNATE] = "alternate" } },
    { "playable", "cells", W_PLAYABLE_COUNT,
      { [W_PLAYABLE_ALL] = "all", [W_PLAYABLE_DARK] = "dark", [W_PLAYABLE_LIGHT] = "light" } },
    { "doubling-cube", "beavers", W_SWITCH_COUNT, { [W_SWITCH_ON] = "on", [W_SWITCH_OFF] = "off" } },
    { "doubling-cube", "jacoby", W_SWITCH_COUNT, { [W_SWITCH_ON] = "on", [W_SWITCH_OFF] = "off" } },
    { "doubling-cube", "crawford", W_SWITCH_COUNT, { [W_SWITCH_ON] = "on", [W_SWITCH_OFF] = "off" } },
    { "numbered", "from", W_CORNER_COUNT,
      { [W_CORNER_TOP_LEFT] = "top-left", [W_CORNER_TOP_RIGHT] = "top-right", [W_CORNER_BOTTOM_LEFT] = "bottom-left",
        [W_CORNER_BOTTOM_RIGHT] = "bottom-right" } },
    { "captures", "form", W_CAPTURES_COUNT, { [W_CAPTURES_ENDS] = "ends", [W_CAPTURES_PATH] = "path" } },
    { "point-numbers", "numbering", W_NUMBERING_COUNT, { [W_NUMBERING_BOARD] = "board", [W_NUMBERING_MOVER] = "mover" } },
    { "step", "capture", W_LINE_CAPTURE_COUNT, { [W_LINE_APPROACH] = "approach", [W_LINE_WITHDRAWAL] = "withdrawal" } },
    { "remove-piece", "of", W_OF_COUNT, { [W_OF_OWN] = "own", [W_OF_ENEMY] = "enemy" } },
    { "place", "hand", W_HAND_COUNT, { [W_HAND_EMPTY] = "empty", [W_HAND_NOT_EMPTY] = "not-empty" } },
    { "sow", "capture", W_SOW_CAPTURE_COUNT,
      { [W_SOW_NONE] = "none", [W_SOW_OPPOSITE] = "opposite", [W_SOW_COUNTS] = "counts" } },
    { "sow", "grand-slam", W_SLAM_COUNT,
      { [W_SLAM_ALLOWED] = "allowed", [W_SLAM_NO_CAPTURE] = "no-capture", [W_SLAM_FORBIDDEN] = "forbidden" } },
    { "promote", "mid-chain", W_MID_COUNT, { [W_MID_ENDS] = "ends", [W_MID_CROWNS] = "crowns", [W_MID_PASSES] = "passes" } },
    { "capture", "rule", W_CAPTURE_RULE_COUNT, { [W_CAPTURE_MANDATORY] = "mandatory", [W_CAPTURE_OPTIONAL] = "optional" } },
    { "capture", "removal", W_REMOVAL_COUNT, { [W_REMOVAL_AT_ONCE] = "at-once", [W_REMOVAL_AT_END] = "at-end" } },
    { "bear-off", "overshoot", W_OVERSHOOT_COUNT,
      { [W_OVERSHOOT_NEVER] = "never", [W_OVERSHOOT_ALWAYS] = "always", [W_OVERSHOOT_FROM_HIGHEST] = "from-highest" } },
    { "dice-use", "rule", W_DICE_USE_COUNT, { [W_DICE_USE_FREE] = "free", [W_DICE_USE_MAX] = "max" } },
    { "prime-limit", "allowed", W_PRIME_ALLOWED_COUNT,
      { [W_PRIME_PIECE_AHEAD] = "piece-ahead", [W_PRIME_UNTIL_GATHERED] = "until-gathered" } },
    { "collect", "who", W_COLLECT_COUNT, { [W_COLLECT_MOVER_AFTER_MOVE] = "mover-after-move", [W_COLLECT_NOBODY] = "nobody" } },
    { "hook", "name", W_HOOK_COUNT, { [W_HOOK_MAX_CAPTURE] = "max-capture", [W_HOOK_TILE_COLLAPSE] = "tile-collapse" } },
    { "no-progress", "unit", W_UNIT_COUNT, { [W_UNIT_TURNS] = "turns", [W_UNIT_PLIES] = "plies" } },
    { "material-draw", "unit", W_UNIT_COUNT, { [W_UNIT_TURNS] = "turns", [W_UNIT_PLIES] = "plies" } },
    { "no-progress", "reset", W_RESET_COUNT, { [W_RESET_CAPTURE] = "capture", [W_RESET_PROMOTION] = "promotion" } },
    { "slide", "max", W_SLIDE_MAX_COUNT, { [W_SLIDE_MAX_ROW_OTHERS] = "row-others" } },
    { "cell-at", "column", W_COLUMN_COUNT, { [W_COLUMN_CENTRE] = "centre", [W_COLUMN_CENTER] = "center" } },
    { "repetition", "perpetual-check", W_PERPETUAL_COUNT, { [W_PERPETUAL_LOSES] = "loses", [W_PERPETUAL_DRAWS] = "draws" } },
};

/* Words by enum value of the lists every ludeme with such a parameter shares
 * (an outcome's list may stop short: `wins loses`). */
static const word_enum shared[] = {
    { NULL, "outcome", W_OUTCOME_COUNT,
      { [W_OUTCOME_WINS] = "wins", [W_OUTCOME_LOSES] = "loses", [W_OUTCOME_DRAW] = "draw",
        [W_OUTCOME_MOST_PIECES] = "most-pieces", [W_OUTCOME_MOST_CAPTURED] = "most-captured" } },
    { NULL, "to", W_TO_COUNT, { [W_TO_EMPTY] = "empty", [W_TO_EMPTY_OR_ENEMY] = "empty-or-enemy", [W_TO_ENEMY] = "enemy" } },
};

/* Word lists of the catalogue that are not one parameter's. */
static const struct {
    const char *list, *what;
    int count;
    const char *words[MAX_WORDS];
} lists[] = {
    { CATALOGUE_REGION_WORDS, "region words", W_REGION_COUNT,
      { [W_REGION_FAR_ROW] = "far-row", [W_REGION_ALL] = "all", [W_REGION_DARK] = "dark", [W_REGION_LIGHT] = "light",
        [W_REGION_CORNERS] = "corners", [W_REGION_CENTRE] = "centre" } },
    { CATALOGUE_CLAUSE_SWITCHES, "clause switches", W_CLAUSE_SWITCH_COUNT,
      { [W_CLAUSE_IF] = "if", [W_CLAUSE_UNLESS] = "unless" } },
    { CATALOGUE_SWITCH_WORDS, "boolean values", W_SWITCH_COUNT, { [W_SWITCH_ON] = "on", [W_SWITCH_OFF] = "off" } },
    { CATALOGUE_COMPASS, "compass", 8,
      { [DIR_N] = "n", [DIR_NE] = "ne", [DIR_E] = "e", [DIR_SE] = "se", [DIR_S] = "s", [DIR_SW] = "sw", [DIR_W] = "w",
        [DIR_NW] = "nw" } },
};

static int count_words(const char *words)
{
    int n = 0;
    char buf[16];
    while (*catalogue_word_at(words, n, buf, sizeof buf)) n++;
    return n;
}

/* WORDS is, word for word, E's words: all of them, or (PREFIX) its first ones. */
static void assert_words(const char *words, const word_enum *e, const char *ludeme, int prefix)
{
    ck_assert_msg(words != NULL, "`%s` of `%s` has no words", e->param, ludeme);
    int n = count_words(words);
    if (prefix)
        ck_assert_msg(n >= 1 && n <= e->count, "`%s` of `%s`: %d words, more than the enum's %d", e->param, ludeme, n,
                      e->count);
    else
        ck_assert_msg(n == e->count, "`%s` of `%s`: %d words in the catalogue, %d in the enum", e->param, ludeme, n,
                      e->count);
    for (int i = 0; i < n; i++)
        ck_assert_msg(catalogue_word_index(e->words[i], words) == i, "`%s` of `%s`: word %d is not `%s` (%s)", e->param,
                      ludeme, i, e->words[i], words);
}

START_TEST(words_enums_follow_the_catalogue)
{
    for (size_t i = 0; i < sizeof enums / sizeof enums[0]; i++) {
        const param_spec *p = catalogue_param(enums[i].ludeme, enums[i].param);
        ck_assert_msg(p != NULL, "no parameter `%s` of `%s`", enums[i].param, enums[i].ludeme);
        assert_words(p->words, &enums[i], enums[i].ludeme, 0);
    }
}
END_TEST

START_TEST(words_shared_lists_follow_the_catalogue)
{
    for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++) {
        int seen = 0;
        for (int k = 0; k < catalogue_count(); k++) {
            const ludeme_spec *s = catalogue_at(k);
            for (const param_spec *p = s->params; p->name; p++)
                if (strcmp(p->name, shared[i].param) == 0 && p->type == ARG_WORD) {
                    assert_words(p->words, &shared[i], s->name, strcmp(shared[i].param, "outcome") == 0);
                    seen++;
                }
        }
        ck_assert_msg(seen >= 2, "`%s`: only %d ludemes have it", shared[i].param, seen);
    }
}
END_TEST

START_TEST(words_lists_follow_their_enums)
{
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        ck_assert_msg(count_words(lists[i].list) == lists[i].count, "%s: %d words", lists[i].what,
                      count_words(lists[i].list));
        for (int k = 0; k < lists[i].count; k++)
            ck_assert_msg(catalogue_word_index(lists[i].words[k], lists[i].list) == k, "%s: word %d is not `%s`",
                          lists[i].what, k, lists[i].words[k]);
    }
}
END_TEST

/* Every default is one of its parameter's words, or a number. */
START_TEST(words_defaults_are_words_of_their_lists)
{
    int defaults = 0;
    for (int k = 0; k < catalogue_count(); k++)
        for (const param_spec *p = catalogue_at(k)->params; p->name; p++) {
            if (!p->dflt) continue;
            defaults++;
            ck_assert_msg(p->min == 0, "`%s` of `%s` is required but has a default", p->name, catalogue_at(k)->name);
            if (p->words)
                ck_assert_msg(catalogue_word_in(p->dflt, p->words), "`%s` of `%s`: default `%s` not among %s", p->name,
                              catalogue_at(k)->name, p->dflt, p->words);
            else
                ck_assert_msg(strspn(p->dflt, "0123456789") == strlen(p->dflt), "`%s` of `%s`: default `%s`",
                              p->name, catalogue_at(k)->name, p->dflt);
        }
    ck_assert_int_ge(defaults, 10);
}
END_TEST

/* A node of KIND with text TEXT, for the forms below. */
static ast_node node(ast_kind kind, const char *text)
{
    ast_node n;
    memset(&n, 0, sizeof n);
    n.kind = kind;
    n.text = text;
    return n;
}

/* compile_word reads a named argument, a positional word, or the default. */
START_TEST(words_compile_word_reads_the_argument_or_the_default)
{
    ast_node promote = node(AST_FORM, "promote"), named = node(AST_NAMED, "mid-chain"), crowns = node(AST_NAME, "crowns");
    ck_assert_int_eq(compile_word(&promote, "mid-chain"), W_MID_ENDS); /* the default */
    named.value = &crowns;
    ast_node *kids[] = { &named };
    promote.kids = kids;
    promote.nkids = 1;
    ck_assert_int_eq(compile_word(&promote, "mid-chain"), W_MID_CROWNS);

    ast_node capture = node(AST_FORM, "capture"), rule = node(AST_NAME, "optional");
    ast_node *capture_kids[] = { &rule };
    capture.kids = capture_kids;
    capture.nkids = 1;
    ck_assert_int_eq(compile_word(&capture, "rule"), W_CAPTURE_OPTIONAL);
    ck_assert_int_eq(compile_word(&capture, "removal"), W_REMOVAL_AT_ONCE);

    ast_node step = node(AST_FORM, "step");
    ck_assert_int_eq(compile_word(&step, "capture"), -1); /* absent, no default */
    ck_assert_int_eq(compile_word(&step, "no-such-parameter"), -1);
    ast_node piece = node(AST_NAME, "man");
    ast_node progress = node(AST_FORM, "no-progress");
    ck_assert_int_eq(compile_word_of(&progress, "reset", &piece), -1); /* a piece type, not a word */
    ast_node promoted = node(AST_NAME, "promotion");
    ck_assert_int_eq(compile_word_of(&progress, "reset", &promoted), W_RESET_PROMOTION);
}
END_TEST

Suite *words_suite(void)
{
    Suite *s = suite_create("words");
    TCase *t = tcase_create("enums");
    tcase_add_test(t, words_enums_follow_the_catalogue);
    tcase_add_test(t, words_shared_lists_follow_the_catalogue);
    tcase_add_test(t, words_lists_follow_their_enums);
    tcase_add_test(t, words_defaults_are_words_of_their_lists);
    tcase_add_test(t, words_compile_word_reads_the_argument_or_the_default);
    suite_add_tcase(s, t);
    return s;
}
