#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
/* check_cube.c - the doubling cube (engine/cube.c) and the agents' cube
 * decisions (agent/agent_cube.c): who may double, take, drop or beaver;
 * what a game is worth by the cube; the Crawford and Jacoby rules; match
 * scores; and agents that double a won position and drop a lost one. */
#include <check.h>

#include "check_front.h"
#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent/agent.h"
#include "engine/cube.h"
#include "io/position.h"

static char why[256];

/* Offer, take, drop: the cube doubles on a take and goes to the taker, who
 * alone may double next; a drop ends the game at the stakes before it. */
START_TEST(cube_offer_take_drop)
{
    ruleset *rs = front_load_game("backgammon", NULL);
    ck_assert(rs->cube.on);
    ck_assert_int_eq(rs->cube.max, 64);
    cube_match money;
    cube_match_init(&money, 0);
    cube_game g;
    cube_game_start(rs, &money, &g);
    ck_assert_int_eq(g.value, 1);
    ck_assert_int_eq(g.owner, 0);
    ck_assert(cube_allowed(rs, &money, &g, 1, CUBE_DOUBLE, why, sizeof why));
    ck_assert(!cube_allowed(rs, &money, &g, 2, CUBE_TAKE, why, sizeof why)); /* nothing offered */
    ck_assert_str_eq(why, "`take` answers a double, and none is offered");
    cube_apply(&g, 1, CUBE_DOUBLE);
    ck_assert(!cube_allowed(rs, &money, &g, 1, CUBE_TAKE, why, sizeof why)); /* the doubler does not answer */
    ck_assert(!cube_allowed(rs, &money, &g, 2, CUBE_DOUBLE, why, sizeof why));
    ck_assert(cube_allowed(rs, &money, &g, 2, CUBE_TAKE, why, sizeof why));
    cube_apply(&g, 2, CUBE_TAKE);
    ck_assert_int_eq(g.value, 2);
    ck_assert_int_eq(g.owner, 2);
    ck_assert(!cube_allowed(rs, &money, &g, 1, CUBE_DOUBLE, why, sizeof why));
    ck_assert_str_eq(why, "the cube is player 2's: only they may double");
    ck_assert(cube_allowed(rs, &money, &g, 2, CUBE_DOUBLE, why, sizeof why));
    cube_apply(&g, 2, CUBE_DOUBLE);
    cube_apply(&g, 1, CUBE_DROP);
    ck_assert_int_eq(g.dropped, 1);
    ck_assert_int_eq(cube_points(rs, &money, &g, 1), 2); /* the stakes before the redouble */
    ck_assert(!cube_allowed(rs, &money, &g, 2, CUBE_DOUBLE, why, sizeof why));
    free(rs);
}
END_TEST

/* A game's points: its result (single, gammon, backgammon) times the cube;
 * the cube stops at its highest value. */
START_TEST(cube_scales_the_result)
{
    ruleset *rs = front_load_game("backgammon", NULL);
    cube_match money;
    cube_match_init(&money, 0);
    cube_game g;
    cube_game_start(rs, &money, &g);
    for (int score = 1; score <= 3; score++) ck_assert_int_eq(cube_points(rs, &money, &g, score), score);
    int owner = 1;
    while (cube_allowed(rs, &money, &g, owner, CUBE_DOUBLE, why, sizeof why)) {
        cube_apply(&g, owner, CUBE_DOUBLE);
        cube_apply(&g, 3 - owner, CUBE_TAKE);
        owner = 3 - owner;
    }
    ck_assert_int_eq(g.value, 64);
    ck_assert_str_eq(why, "the cube is at its highest, 64");
    ck_assert_int_eq(cube_points(rs, &money, &g, 1), 64);
    ck_assert_int_eq(cube_points(rs, &money, &g, 2), 128);
    ck_assert_int_eq(cube_points(rs, &money, &g, 3), 192);
    free(rs);
}
END_TEST

/* Beavers: off by default; with the option, in money play only, a beaver
 * takes and redoubles at once and keeps the cube. */
START_TEST(cube_beavers_are_an_option)
{
    ruleset *rs = front_load_game("backgammon", NULL);
    cube_match money, match;
    cube_match_init(&money, 0);
    cube_match_init(&match, 5);
    cube_game g;
    cube_game_start(rs, &money, &g);
    cube_apply(&g, 1, CUBE_DOUBLE);
    ck_assert(!cube_allowed(rs, &money, &g, 2, CUBE_BEAVER, why, sizeof why));
    ck_assert_str_eq(why, "beavers are off (the rules' `beavers:` of `doubling-cube`)");
    free(rs);
    rs = front_load_game("backgammon", "beavers=on");
    ck_assert(cube_allowed(rs, &money, &g, 2, CUBE_BEAVER, why, sizeof why));
    ck_assert(!cube_allowed(rs, &match, &g, 2, CUBE_BEAVER, why, sizeof why));
    ck_assert_str_eq(why, "no beavers in match play");
    cube_apply(&g, 2, CUBE_BEAVER);
    ck_assert_int_eq(g.value, 4);
    ck_assert_int_eq(g.owner, 2);
    free(rs);
}
END_TEST

/* Jacoby: in money play, a gammon or backgammon counts single while the cube
 * is centred; once turned, or in a match, it counts in full. */
START_TEST(cube_jacoby_rule)
{
    ruleset *rs = front_load_game("backgammon", "jacoby=on");
    ck_assert(rs->cube.jacoby);
    cube_match money, match;
    cube_match_init(&money, 0);
    cube_match_init(&match, 7);
    cube_game g;
    cube_game_start(rs, &money, &g);
    ck_assert_int_eq(cube_points(rs, &money, &g, 2), 1);
    ck_assert_int_eq(cube_points(rs, &money, &g, 3), 1);
    ck_assert_int_eq(cube_points(rs, &match, &g, 2), 2);
    cube_apply(&g, 1, CUBE_DOUBLE);
    cube_apply(&g, 2, CUBE_TAKE);
    ck_assert_int_eq(cube_points(rs, &money, &g, 2), 4);
    free(rs);
    rs = front_load_game("backgammon", NULL); /* off by default */
    cube_game_start(rs, &money, &g);
    ck_assert_int_eq(cube_points(rs, &money, &g, 2), 2);
    free(rs);
}
END_TEST

/* Crawford: the game after a player first needs one point has no doubling;
 * the games after it (post-Crawford) have; a match ends at its points. */
START_TEST(cube_crawford_game)
{
    ruleset *rs = front_load_game("backgammon", NULL);
    cube_match m;
    cube_match_init(&m, 5);
    cube_game g;
    cube_game_start(rs, &m, &g);
    ck_assert(!g.crawford);
    ck_assert(!cube_match_add(&m, 1, 4)); /* 4-0: player 1 needs one point */
    cube_game_start(rs, &m, &g);
    ck_assert(g.crawford);
    ck_assert(!cube_allowed(rs, &m, &g, 2, CUBE_DOUBLE, why, sizeof why));
    ck_assert_str_eq(why, "no doubling in the Crawford game (a player needs one point to win the match)");
    ck_assert(!cube_match_add(&m, 2, 2)); /* 4-2 */
    cube_game_start(rs, &m, &g);
    ck_assert(!g.crawford); /* post-Crawford */
    ck_assert(cube_allowed(rs, &m, &g, 2, CUBE_DOUBLE, why, sizeof why));
    ck_assert_int_eq(cube_match_winner(&m), 0);
    ck_assert(cube_match_add(&m, 1, 1));
    ck_assert_int_eq(cube_match_winner(&m), 1);
    /* Both at 4-4 without a Crawford game first (reached 4 together): none. */
    cube_match_init(&m, 5);
    m.score[0] = m.score[1] = 4;
    cube_game_start(rs, &m, &g);
    ck_assert(!g.crawford);
    free(rs);
}
END_TEST

/* A backgammon position from the text of a position file. */
static void load_position(const ruleset *rs, const char *text, state *st)
{
    char path[] = "/tmp/tabula-check-cube.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    diag_sink diags;
    diag_init(&diags, stderr);
    int io = 0;
    ck_assert(position_load_file(rs, path, &diags, st, &io));
    unlink(path);
}

/* The agents: random never doubles and always takes; a searching agent
 * doubles a race it wins whatever the dice (and the opponent drops it),
 * but not a position that wins a gammon or more: too good to double. */
START_TEST(cube_agents_decide_from_estimates)
{
    ruleset *rs = front_load_game("backgammon", NULL);
    state sure, too_good;
    /* Player 1 bears off its last 2 checkers whatever it rolls; player 2 has
     * borne off 14 and is to bear off its last one after that. */
    load_position(rs, "to-move: 1\npieces:\n  1: 1 checker 2\n  24: 2 checker 1\noff: {1: 13, 2: 14}\n", &sure);
    /* The same, but player 2 has borne off none, 15 checkers in player 1's home. */
    load_position(rs, "to-move: 1\npieces:\n  1: 1 checker 2\n  2: 2 checker 15\noff: {1: 13}\n", &too_good);
    cube_match money;
    cube_match_init(&money, 0);
    cube_game g;
    cube_game_start(rs, &money, &g);
    move_list buffer = MOVE_LIST_INIT;
    rng r;
    rng_seed(&r, 5);
    char err[128];
    agent *mcts = agent_create("mcts:300", err, sizeof err), *random = agent_create("random", err, sizeof err);
    cube_estimate e;
    ck_assert_int_eq(agent_cube_decide(random, rs, &money, &g, &sure, 1, &r, &buffer, &e), CUBE_NONE);
    ck_assert_int_eq(agent_cube_decide(mcts, rs, &money, &g, &sure, 1, &r, &buffer, &e), CUBE_DOUBLE);
    ck_assert_int_eq(e.games, 300);
    ck_assert(e.win == 1.0 && e.win_double == 0.0);
    ck_assert_int_eq(agent_cube_decide(mcts, rs, &money, &g, &too_good, 1, &r, &buffer, &e), CUBE_NONE);
    ck_assert(e.win == 1.0 && e.win_double == 1.0);
    cube_apply(&g, 1, CUBE_DOUBLE);
    ck_assert_int_eq(agent_cube_decide(mcts, rs, &money, &g, &sure, 2, &r, &buffer, &e), CUBE_DROP);
    ck_assert_int_eq(agent_cube_decide(random, rs, &money, &g, &sure, 2, &r, &buffer, &e), CUBE_TAKE);
    /* In a match: no double when a single win at the stakes already wins
     * it (a dead cube); post-Crawford, the trailer doubles at once. */
    cube_match m;
    cube_match_init(&m, 3);
    m.score[0] = 2;
    m.crawford_done = 1;
    cube_game_start(rs, &m, &g);
    ck_assert(!g.crawford);
    ck_assert_int_eq(agent_cube_decide(mcts, rs, &m, &g, &sure, 1, &r, &buffer, &e), CUBE_NONE);
    ck_assert_int_eq(e.games, 0); /* decided without an estimate */
    too_good.h.to_move = 2; /* player 2 to roll, far behind: it doubles all the same */
    ck_assert_int_eq(agent_cube_decide(mcts, rs, &m, &g, &too_good, 2, &r, &buffer, &e), CUBE_DOUBLE);
    agent_free(mcts);
    agent_free(random);
    move_list_free(&buffer);
    free(rs);
}
END_TEST

Suite *cube_suite(void)
{
    Suite *s = suite_create("cube");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, cube_offer_take_drop);
    tcase_add_test(tc, cube_scales_the_result);
    tcase_add_test(tc, cube_beavers_are_an_option);
    tcase_add_test(tc, cube_jacoby_rule);
    tcase_add_test(tc, cube_crawford_game);
    tcase_add_test(tc, cube_agents_decide_from_estimates);
    suite_add_tcase(s, tc);
    return s;
}
