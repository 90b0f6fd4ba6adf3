/* check_track.c - the track engine (dice, sub-moves, stacks, bar and off)
 * over seeded random games of Jacquet de Versailles, and perft with fixed
 * dice against the counts of tests/reference/jacquet_ref.py. */
#include <check.h>

#include "check_front.h"
#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/load.h"
#include "io/position.h"
#include "engine/search.h"

#define TRACK_GAME "jacquet-de-versailles"
#define TRACK_GAMES 2500
#define TRACK_DISCS 15


/* Every disc of player P (0 or 1) is on a point, on the bar or off. */
static int discs_of(const state *st, int p)
{
    return st->h.pieces[p] + st->h.bar[p] + st->h.off[p];
}

/* Plays TRACK_GAMES random games and checks after every sub-move: 15 discs a
 * player on points, bar and off; the hash and counts kept incrementally equal
 * a fresh computation; undo restores the exact state; a turn holds at most 6
 * dice; every game ends, with a score that matches the opponent's discs off. */
START_TEST(track_random_games_end_with_every_disc_accounted_for)
{
    ruleset *rs = front_load_game(TRACK_GAME, NULL);
    move_list moves = MOVE_LIST_INIT;
    rng r;
    rng_seed(&r, 20261122);
    long long submoves = 0;
    long wins[2][3] = { { 0 } };
    for (int g = 0; g < TRACK_GAMES; g++) {
        state st;
        state_start(rs, &st);
        engine_seed(rs, &st, (uint64_t)g);
        ck_assert_int_eq(discs_of(&st, 0), TRACK_DISCS);
        ck_assert_int_eq(discs_of(&st, 1), TRACK_DISCS);
        /* Plain ifs in the loop: every passing ck_assert costs Check a message. */
        for (int plies = 0;; plies++) {
            if (plies >= PLAYOUT_MAX_PLIES) ck_abort_msg("game %d does not end", g);
            int n = engine_moves(rs, &st, &moves);
            if (moves.error) ck_abort_msg("game %d: %s", g, moves_error_text(moves.error));
            if (n == 0) break;
            if (st.h.ndice < 1 || st.h.ndice > 6) ck_abort_msg("game %d: %d dice to play", g, st.h.ndice);
            const move *m = &moves.m[rng_below(&r, (uint32_t)n)];
            state before = st, after, fresh;
            undo_record u;
            engine_apply(rs, &st, m, &u);
            after = st;
            engine_undo(rs, &st, &u);
            if (memcmp(&st, &before, sizeof st) != 0) ck_abort_msg("undo did not restore the state (game %d)", g);
            st = after;
            for (int p = 0; p < 2; p++)
                if (discs_of(&st, p) != TRACK_DISCS)
                    ck_abort_msg("game %d: player %d has %d discs", g, p + 1, discs_of(&st, p));
            fresh = st;
            state_refresh(rs, &fresh);
            if (fresh.h.hash != st.h.hash || fresh.h.pieces[0] != st.h.pieces[0] || fresh.h.pieces[1] != st.h.pieces[1])
                ck_abort_msg("game %d: the hash or piece counts kept incrementally differ", g);
            submoves++;
        }
        ck_assert_int_eq(st.h.status, STATUS_OVER);
        ck_assert_int_ne(st.h.winner, 0);
        int w = st.h.winner - 1;
        ck_assert_int_eq(st.h.off[w], TRACK_DISCS);
        ck_assert_int_eq(st.h.score, st.h.off[1 - w] == 0 ? 2 : 1);
        wins[w][st.h.score]++;
    }
    ck_assert_int_gt(submoves, 100LL * TRACK_GAMES);
    /* Random games reach both kinds of win for both players. */
    for (int p = 0; p < 2; p++) {
        ck_assert_int_gt(wins[p][1], 0);
        ck_assert_int_gt(wins[p][2], 0);
    }
    move_list_free(&moves);
    free(rs);
}
END_TEST

/* Determinism itself is checked for every game in check_engine.c; here,
 * what is particular to dice: seeding alone fixes the opening roll, and no
 * random game of this race ends in a draw. */
START_TEST(track_same_seed_same_game)
{
    ruleset *rs = front_load_game(TRACK_GAME, NULL);
    move_list buf = MOVE_LIST_INIT;
    playout_stats a;
    memset(&a, 0, sizeof a);
    playout_many(rs, 42, 200, &a, &buf);
    ck_assert_int_eq(buf.error, MOVES_OK);
    ck_assert_int_eq(a.draws, 0);
    state s1, s2;
    state_start(rs, &s1);
    state_start(rs, &s2);
    engine_seed(rs, &s1, 7);
    engine_seed(rs, &s2, 7);
    ck_assert_int_ge(s1.h.ndice, 1);
    ck_assert(memcmp(&s1, &s2, sizeof s1) == 0);
    move_list_free(&buf);
    free(rs);
}
END_TEST

/* The position file NAME of tests/perft. */
static void load_perft_position(const ruleset *rs, const char *name, state *st)
{
    const char *srcdir = getenv("srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/perft/%s", srcdir ? srcdir : ".", name);
    diag_sink diags;
    diag_init(&diags, stderr);
    int io = 0;
    ck_assert_msg(position_load_file(rs, path, &diags, st, &io), "cannot load %s", path);
    engine_seed(rs, st, 1);
}

/* Perft within the turn of a position with fixed dice: the counts of the
 * Python reference (tests/reference/jacquet_ref.py perft), 0 once the dice
 * are used up; perft leaves the state as it found it. */
START_TEST(track_perft_with_fixed_dice)
{
    static const struct {
        const char *file;
        uint64_t counts[5];
    } cases[] = {
        { "jacquet-start-31.yaml", { 2, 2, 0, 0, 0 } },
        { "jacquet-de-versailles.yaml", { 6, 35, 200, 1128, 0 } },
        { "jacquet-mid-p2-53.yaml", { 10, 54, 0, 0, 0 } },
    };
    ruleset *rs = front_load_game(TRACK_GAME, NULL);
    move_list lists[5] = { 0 };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        state st, saved;
        load_perft_position(rs, cases[i].file, &st);
        saved = st;
        for (int d = 1; d <= 5; d++)
            ck_assert_msg(perft(rs, &st, d, lists) == cases[i].counts[d - 1], "%s: perft %d = %llu, expected %llu",
                          cases[i].file, d, (unsigned long long)perft(rs, &st, d, lists),
                          (unsigned long long)cases[i].counts[d - 1]);
        ck_assert_int_eq(move_lists_error(lists, 5), MOVES_OK);
        ck_assert(memcmp(&st, &saved, sizeof st) == 0);
    }
    move_lists_free(lists, 5);
    free(rs);
}
END_TEST

/* When no die left can be played the turn passes: the dice are dropped and
 * the opponent rolls; the pass is not a move. */
START_TEST(track_turn_passes_when_no_die_can_be_played)
{
    ruleset *rs = front_load_game(TRACK_GAME, NULL);
    move_list moves = MOVE_LIST_INIT;
    state st;
    state_start(rs, &st);
    engine_seed(rs, &st, 3);
    /* Player 1's courier on 7 with a 6 left: 13 holds player 2's stack. */
    state_set(rs, &st, 0, piece_code(1, 0), 14, NULL);
    state_set(rs, &st, 6, piece_code(1, 0), 1, NULL);
    st.h.dice[0] = 6;
    st.h.ndice = 1;
    uint32_t ply = st.h.ply;
    ck_assert_int_eq(engine_legal(rs, &st, &moves), 0);
    ck_assert_int_gt(engine_moves(rs, &st, &moves), 0);
    ck_assert_int_eq(st.h.to_move, 2);
    ck_assert_int_ge(st.h.ndice, 2);
    ck_assert_uint_eq(st.h.ply, ply);
    move_list_free(&moves);
    free(rs);
}
END_TEST

START_TEST(track_notation_of_the_three_kinds)
{
    ruleset *rs = front_load_game(TRACK_GAME, NULL);
    move_list moves = MOVE_LIST_INIT;
    state st;
    state_clear(rs, &st);
    state_set(rs, &st, 19, piece_code(1, 0), 14, NULL);
    st.h.bar[0] = 1;
    st.h.dice[0] = 6;
    st.h.dice[1] = 3;
    st.h.ndice = 2;
    int n = engine_legal(rs, &st, &moves);
    char text[128], all[512] = "";
    for (int i = 0; i < n; i++) {
        move_notation(rs, &moves.m[i], text, sizeof text);
        strncat(all, text, sizeof all - strlen(all) - 2);
        strncat(all, " ", sizeof all - strlen(all) - 1);
    }
    ck_assert_str_eq(all, "bar-6 bar-3 20-23 "); /* no bearing off with a disc on the bar */
    st.h.bar[0] = 0;
    n = engine_legal(rs, &st, &moves);
    ck_assert_int_eq(n, 2);
    move_notation(rs, &moves.m[0], text, sizeof text);
    ck_assert_str_eq(text, "20-off/6");
    move_list_free(&moves);
    free(rs);
}
END_TEST

/* What the test keeps of a position at the start of a turn, apart from the
 * engine's hash: every point, bar, off, and who is to move. */
typedef struct turn_snapshot {
    uint8_t cell[TB_MAX_CELLS], height[TB_MAX_CELLS];
    uint8_t bar[2], off[2], to_move;
} turn_snapshot;

static void snapshot(const ruleset *rs, const state *st, turn_snapshot *s)
{
    memset(s, 0, sizeof *s);
    memcpy(s->cell, st->cell, (size_t)rs->ncells);
    memcpy(s->height, st->height, (size_t)rs->ncells);
    memcpy(s->bar, st->h.bar, 2);
    memcpy(s->off, st->h.off, 2);
    s->to_move = st->h.to_move;
}

/* A turn just ended: the test's own judgement of the draws, then the
 * engine's. NSEEN snapshots since the last checker borne off; QUIET turns
 * in a row without a hit. Returns 1 when the game is over. */
static int judge_turn(const ruleset *rs, const state *st, turn_snapshot *seen, int *nseen, int *quiet, int hit,
                      int bore_off, int *repeated, int *quiet_draws, int g)
{
    if (bore_off) *nseen = 0; /* no position before it can stand again */
    snapshot(rs, st, &seen[*nseen]);
    int again = 0;
    for (int i = 0; i < *nseen; i++) again |= memcmp(&seen[i], &seen[*nseen], sizeof seen[i]) == 0;
    (*nseen)++;
    *quiet = hit ? 0 : *quiet + 1;
    int draw = again || *quiet >= 40;
    int over = st->h.status != STATUS_ONGOING;
    if (draw != over || (over && st->h.winner != 0))
        ck_abort_msg("game %d: the test says %s (repeated %d, %d turns without a hit), the engine %s", g,
                     draw ? "draw" : "ongoing", again, *quiet, over ? (st->h.winner ? "a win" : "draw") : "ongoing");
    *repeated += again;
    *quiet_draws += !again && *quiet >= 40;
    return over;
}

/* `(repetition 2)` and `(no-progress 20 turns reset:[capture])` on a track
 * game: in random games the engine draws exactly when the test, keeping the
 * positions at the start of each turn itself, sees a position stand a second
 * time since the last checker was borne off, or 40 turns in a row (20 of
 * each player) pass without a hit; and both draws happen. */
START_TEST(track_draws_judged_on_whole_turns)
{
    const char *dir = getenv("srcdir") ? getenv("srcdir") : ".";
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/complete/backgammon-draws.game", dir);
    ruleset *rs = front_load_game(path, NULL);
    move_list moves = MOVE_LIST_INIT;
    static turn_snapshot seen[PLAYOUT_MAX_PLIES / 64];
    rng r;
    rng_seed(&r, 20261125);
    int repeated = 0, quiet_draws = 0, won = 0;
    for (int g = 0; g < 1500; g++) {
        state st;
        state_start(rs, &st);
        engine_seed(rs, &st, (uint64_t)g + 1);
        int nseen = 0, quiet = 0, hit = 0, over = 0;
        uint8_t off_before[2] = { st.h.off[0], st.h.off[1] };
        snapshot(rs, &st, &seen[nseen++]);
        for (int steps = 0; !over; steps++) {
            if (steps >= PLAYOUT_MAX_PLIES) ck_abort_msg("game %d does not end", g);
            if (nseen >= (int)(sizeof seen / sizeof seen[0])) ck_abort_msg("game %d: too long to keep", g);
            int n = engine_legal(rs, &st, &moves);
            if (n == 0) {
                int lost = st.h.ndice > 0; /* dice that cannot be played: the turn ends here */
                if (st.h.status != STATUS_ONGOING) break;
                int settled = engine_settle(rs, &st, 0);
                if (lost) {
                    int bore = st.h.off[0] != off_before[0] || st.h.off[1] != off_before[1];
                    over = judge_turn(rs, &st, seen, &nseen, &quiet, hit, bore, &repeated, &quiet_draws, g);
                    memcpy(off_before, st.h.off, 2);
                    hit = 0;
                }
                if (settled > 0) over = 1;
                continue;
            }
            int mover = st.h.to_move, other_bar = st.h.bar[2 - mover];
            engine_apply(rs, &st, &moves.m[rng_below(&r, (uint32_t)n)], NULL);
            hit |= st.h.bar[2 - mover] > other_bar;
            if (st.h.status != STATUS_ONGOING && st.h.winner != 0) { /* all off: no turn to judge */
                won++;
                break;
            }
            if (st.h.to_move == mover) continue;
            int bore = st.h.off[0] != off_before[0] || st.h.off[1] != off_before[1];
            over = judge_turn(rs, &st, seen, &nseen, &quiet, hit, bore, &repeated, &quiet_draws, g);
            memcpy(off_before, st.h.off, 2);
            hit = 0;
        }
    }
    ck_assert_int_gt(repeated, 0);
    ck_assert_int_gt(quiet_draws, 0);
    ck_assert_int_gt(won, 1000);
    move_list_free(&moves);
    free(rs);
}
END_TEST

Suite *track_suite(void)
{
    Suite *s = suite_create("track");
    TCase *tc = tcase_create("track");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, track_random_games_end_with_every_disc_accounted_for);
    tcase_add_test(tc, track_same_seed_same_game);
    tcase_add_test(tc, track_perft_with_fixed_dice);
    tcase_add_test(tc, track_turn_passes_when_no_die_can_be_played);
    tcase_add_test(tc, track_notation_of_the_three_kinds);
    tcase_add_test(tc, track_draws_judged_on_whole_turns);
    suite_add_tcase(s, tc);
    return s;
}
