/* check_movegen.c - the two generators of square boards agree, and random
 * playouts of every bundled square-board game keep the engine's invariants.
 *
 * The bitboard generator (movegen_bitboard.c) and the per-piece generator
 * (movegen_square.c) must list the same moves in every position; the games
 * here come from the rulesets directory, so a game added there is tested
 * without a line of C. */
#include <check.h>

#include "check_front.h"
#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/load.h"
#include "engine/search.h"

#define REQUIRE(cond, ...)                         \
    do {                                           \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);    \
    } while (0)

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The notations of N moves, sorted, into TEXT (N rows of 128 bytes). */
static void sorted_notations(const ruleset *rs, const move *moves, int n, char (*text)[128])
{
    for (int i = 0; i < n; i++) move_notation(rs, &moves[i], text[i], 128);
    qsort(text, (size_t)n, sizeof text[0], compare_text);
}

/* The bundled games of square boards small enough for the bitboard
 * generator; returns how many names were written to NAMES. */
static int bitboard_games(char names[][64], int max)
{
    char all[64][64];
    int n = load_bundled_names(all, 64), k = 0;
    for (int i = 0; i < n && k < max; i++) {
        ruleset *rs = front_load_game(all[i], NULL);
        if (rs->bb.ok) snprintf(names[k++], 64, "%.63s", all[i]);
        free(rs);
    }
    return k;
}

/* Plays GAMES random games of NAME; in every position both generators must
 * list the same moves (with --all-paths too), and after every move the
 * incremental state must equal a fresh computation. */
static void compare_generators(const char *name, int games)
{
    ruleset *rs = front_load_game(name, NULL);
    move_list a = MOVE_LIST_INIT, b = MOVE_LIST_INIT;
    char (*ta)[128] = NULL, (*tb)[128] = NULL;
    int text_cap = 0;
    rng r;
    rng_seed(&r, 20261123);
    long positions = 0;
    for (int g = 0; g < games; g++) {
        state st;
        state_start(rs, &st);
        for (int ply = 0; ply < 2000; ply++) {
            for (int paths = 0; paths < 2; paths++) {
                rs->keep_all_paths = paths;
                int na = movegen_bitboard_legal(rs, &st, &a), nb = movegen_square_legal(rs, &st, &b);
                REQUIRE(a.error == MOVES_OK && b.error == MOVES_OK, "%s, game %d, ply %d: %s / %s", name, g, ply,
                        moves_error_text(a.error), moves_error_text(b.error));
                REQUIRE(na == nb, "%s, game %d, ply %d: the bitboard generator lists %d moves, the per-piece one %d",
                        name, g, ply, na, nb);
                if (na > text_cap) {
                    text_cap = na;
                    ta = realloc(ta, (size_t)text_cap * sizeof *ta);
                    tb = realloc(tb, (size_t)text_cap * sizeof *tb);
                    ck_assert(ta != NULL && tb != NULL);
                }
                sorted_notations(rs, a.m, na, ta);
                sorted_notations(rs, b.m, nb, tb);
                for (int i = 0; i < na; i++)
                    REQUIRE(strcmp(ta[i], tb[i]) == 0, "%s, game %d, ply %d: %s against %s", name, g, ply, ta[i],
                            tb[i]);
            }
            rs->keep_all_paths = 0;
            positions++;
            int n = engine_legal(rs, &st, &a);
            REQUIRE(a.error == MOVES_OK, "%s, game %d, ply %d: %s", name, g, ply, moves_error_text(a.error));
            if (engine_settle(rs, &st, n)) break;
            engine_apply(rs, &st, &a.m[rng_below(&r, (uint32_t)n)], NULL);
            state fresh = st;
            state_refresh(rs, &fresh);
            REQUIRE(memcmp(fresh.typed, st.typed, sizeof st.typed) == 0 &&
                        memcmp(fresh.occupant, st.occupant, sizeof st.occupant) == 0,
                    "%s: the occupied-cell sets differ from the cells (game %d)", name, g);
        }
    }
    ck_assert_int_gt(positions, games);
    free(ta);
    free(tb);
    move_list_free(&a);
    move_list_free(&b);
    free(rs);
}

START_TEST(movegen_generators_agree_on_every_bundled_square_game)
{
    char names[64][64];
    int n = bitboard_games(names, 64);
    ck_assert_int_ge(n, 2);
    for (int i = 0; i < n; i++) compare_generators(names[i], 150);
}
END_TEST

Suite *movegen_suite(void)
{
    Suite *s = suite_create("movegen");
    TCase *tc = tcase_create("generators");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, movegen_generators_agree_on_every_bundled_square_game);
    suite_add_tcase(s, tc);
    return s;
}
