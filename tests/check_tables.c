/* check_tables.c - the tables family (Backgammon, Plakoto, Fevga, Long
 * Nardy) on the track engine: seeded random games with undo, hash and
 * checker counts checked after every sub-move, the results each game can
 * reach, the rolls (doubles and the first roll), and whole turns. */
#include <check.h>

#include "check_front.h"
#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"
#include "engine/turns.h"

#define TABLES_GAMES 400
#define CHECKERS 15

static const char *const tables_games[] = { "backgammon", "plakoto", "fevga", "long-nardy" };

/* Checkers of player P (0 or 1) on the board, pinned, on the bar and off. */
static int checkers_of(const state *st, int p)
{
    int pinned = 0;
    for (int c = 0; c < 64; c++)
        if ((st->h.flagged >> c & 1) && piece_owner(st->cell[c]) != p + 1) pinned++;
    return st->h.pieces[p] + pinned + st->h.bar[p] + st->h.off[p];
}

/* Random games of game I: after every sub-move each side keeps its 15
 * checkers, undo restores the state byte for byte, the hash and counts kept
 * incrementally equal a fresh computation, a turn holds at most 4 dice; every
 * game ends, and the kinds of result each game allows all occur. */
START_TEST(tables_random_games_keep_every_checker)
{
    const char *name = tables_games[_i];
    ruleset *rs = front_load_game(name, NULL);
    move_list moves = MOVE_LIST_INIT;
    rng r;
    rng_seed(&r, 20261123);
    long results[4] = { 0 }; /* draws, then single, double, triple wins */
    for (int g = 0; g < TABLES_GAMES; g++) {
        state st;
        state_start(rs, &st);
        engine_seed(rs, &st, (uint64_t)g + 1);
        for (int plies = 0;; plies++) {
            if (plies >= PLAYOUT_MAX_PLIES) ck_abort_msg("%s: game %d does not end", name, g);
            int n = engine_moves(rs, &st, &moves);
            if (moves.error) ck_abort_msg("%s: game %d: %s", name, g, moves_error_text(moves.error));
            if (n == 0) break;
            if (st.h.ndice < 1 || st.h.ndice > 4) ck_abort_msg("%s: game %d: %d dice to play", name, g, st.h.ndice);
            const move *m = &moves.m[rng_below(&r, (uint32_t)n)];
            state before = st, after, fresh;
            undo_record u;
            engine_apply(rs, &st, m, &u);
            after = st;
            engine_undo(rs, &st, &u);
            if (memcmp(&st, &before, sizeof st) != 0) ck_abort_msg("%s: undo did not restore the state (game %d)", name, g);
            st = after;
            for (int p = 0; p < 2; p++)
                if (checkers_of(&st, p) != CHECKERS)
                    ck_abort_msg("%s: game %d: player %d has %d checkers", name, g, p + 1, checkers_of(&st, p));
            fresh = st;
            state_refresh(rs, &fresh);
            if (fresh.h.hash != st.h.hash || fresh.h.pieces[0] != st.h.pieces[0] || fresh.h.pieces[1] != st.h.pieces[1])
                ck_abort_msg("%s: game %d: the hash or counts kept incrementally differ", name, g);
        }
        ck_assert_int_eq(st.h.status, STATUS_OVER);
        if (st.h.winner == 0) {
            results[0]++;
            continue;
        }
        int w = st.h.winner - 1;
        if (st.h.off[w] == CHECKERS) { /* a win by bearing off: the score says what the loser has */
            int score = st.h.off[1 - w] ? 1 : 2;
            if (score == 2 && st.h.score == 3) score = 3;
            ck_assert_int_eq(st.h.score, score);
        } else { /* Plakoto: the mother pinned on her starting point */
            ck_assert_str_eq(name, "plakoto");
            ck_assert_int_eq(st.h.score, 2);
        }
        results[st.h.score]++;
    }
    ck_assert_int_gt(results[1], 0);
    ck_assert_int_gt(results[2], 0);
    int is_bg = strcmp(name, "backgammon") == 0, is_plakoto = strcmp(name, "plakoto") == 0;
    if (is_bg) ck_assert_int_gt(results[3], 0);
    else ck_assert_int_eq(results[3], 0);
    /* Only Plakoto can draw (both mothers pinned); Fevga and Long Nardy could
     * after 64 passes, which random games here never reach. */
    if (is_plakoto) ck_assert_int_gt(results[0], 0);
    else ck_assert_int_eq(results[0], 0);
    move_list_free(&moves);
    free(rs);
}
END_TEST

/* `(dice 2 6 doubles:4 first-roll:no-double)`: the first roll of a game is
 * never a double, later rolls are; without `first-roll` the first roll is a
 * double about once in six. */
START_TEST(tables_first_roll_is_never_a_double)
{
    ruleset *bg = front_load_game("backgammon", NULL), *fevga = front_load_game("fevga", NULL);
    int doubles_bg = 0, doubles_fevga = 0;
    for (int seed = 1; seed <= 6000; seed++) {
        state st;
        state_start(bg, &st);
        engine_seed(bg, &st, (uint64_t)seed);
        ck_assert_int_eq(st.h.ndice, 2);
        doubles_bg += st.h.dice[0] == st.h.dice[1];
        state_start(fevga, &st);
        engine_seed(fevga, &st, (uint64_t)seed);
        doubles_fevga += st.h.ndice == 4;
    }
    ck_assert_int_eq(doubles_bg, 0);
    ck_assert_int_gt(doubles_fevga, 800);
    ck_assert_int_lt(doubles_fevga, 1200);
    /* Later rolls: a double gives four dice. */
    state st;
    state_start(bg, &st);
    engine_seed(bg, &st, 1);
    int fours = 0;
    for (int k = 0; k < 600; k++) {
        engine_roll(bg, &st);
        if (st.h.ndice == 4) {
            fours++;
            ck_assert_int_eq(st.h.turn_double, st.h.dice[0]);
        } else {
            ck_assert_int_eq(st.h.ndice, 2);
            ck_assert_int_eq(st.h.turn_double, 0);
        }
    }
    ck_assert_int_gt(fours, 50);
    free(bg);
    free(fevga);
}
END_TEST

/* engine_set_roll: `--dice 6,6` is four sixes in backgammon, three threes for
 * `3,3` in Jacquet de Versailles (a double n gives n moves). */
START_TEST(tables_set_roll_expands_doubles_as_the_game_says)
{
    ruleset *bg = front_load_game("backgammon", NULL), *jacquet = front_load_game("jacquet-de-versailles", NULL);
    state st;
    state_start(bg, &st);
    uint8_t six[2] = { 6, 6 }, three[2] = { 3, 3 }, mixed[2] = { 5, 2 };
    engine_set_roll(bg, &st, six, 2);
    ck_assert_int_eq(st.h.ndice, 4);
    ck_assert_int_eq(st.h.turn_double, 6);
    engine_set_roll(bg, &st, mixed, 2);
    ck_assert_int_eq(st.h.ndice, 2);
    ck_assert_int_eq(st.h.turn_double, 0);
    state_start(jacquet, &st);
    engine_set_roll(jacquet, &st, three, 2);
    ck_assert_int_eq(st.h.ndice, 3);
    free(bg);
    free(jacquet);
}
END_TEST

static void count_turn(void *ctx, const move *seq, int n)
{
    ck_assert_int_ge(n, 1);
    ck_assert_int_le(n, 4);
    (void)seq;
    (*(long *)ctx)++;
}

/* Whole turns from the start: the counts GNU Backgammon gives for three of
 * the opening rolls (all 21 are in tests/scenarios/backgammon.yaml). */
START_TEST(tables_opening_turns_as_gnubg_counts)
{
    ruleset *bg = front_load_game("backgammon", NULL);
    static const struct { uint8_t a, b; long plays; } rolls[] = { { 3, 1, 16 }, { 1, 1, 42 }, { 2, 2, 75 } };
    for (size_t i = 0; i < sizeof rolls / sizeof rolls[0]; i++) {
        state st;
        state_start(bg, &st);
        uint8_t v[2] = { rolls[i].a, rolls[i].b };
        engine_set_roll(bg, &st, v, 2);
        long n = 0;
        ck_assert_int_eq(turns_list(bg, &st, count_turn, &n), rolls[i].plays);
        ck_assert_int_eq(n, rolls[i].plays);
    }
    free(bg);
}
END_TEST

Suite *tables_suite(void)
{
    Suite *s = suite_create("tables");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, tables_random_games_keep_every_checker, 0, 4);
    tcase_add_test(tc, tables_first_roll_is_never_a_double);
    tcase_add_test(tc, tables_set_roll_expands_doubles_as_the_game_says);
    tcase_add_test(tc, tables_opening_turns_as_gnubg_counts);
    suite_add_tcase(s, tc);
    return s;
}
