/* check_agents.c - agents (spec parsing, finding a winning move, leaving the
 * position as it was, determinism) and game records (write/read round trip,
 * atomic replacement, located replay errors). */
#define _XOPEN_SOURCE 700
#include <check.h>

#include "check_front.h"
#include "check_suites.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent/agent.h"
#include "compile/load.h"
#include "io/number.h"
#include "io/record.h"
#include "engine/search.h"


static void put(const ruleset *rs, state *st, const char *cell, int owner)
{
    int c = ruleset_cell(rs, cell);
    ck_assert_msg(c >= 0, "no cell %s", cell);
    st->cell[c] = piece_code(owner, 0);
    st->height[c] = 1;
}

/* Coucou picard, player 1 to move: the egg on e11 can step diagonally onto
 * the opponent's nest d12 and win; the other eggs have quiet moves, and no
 * capture is possible anywhere. */
static void winning_position(const ruleset *rs, state *st)
{
    state_clear(rs, st);
    put(rs, st, "e11", 1);
    put(rs, st, "a1", 1);
    put(rs, st, "b2", 1);
    put(rs, st, "g6", 1);
    put(rs, st, "a12", 2);
    put(rs, st, "b11", 2);
    put(rs, st, "g10", 2);
    state_refresh(rs, st);
}

/* The agent's choice in the winning position, checking that it left the
 * state untouched. */
static void expect_winning_move(const char *spec, uint64_t seed)
{
    ruleset *rs = front_load_game("coucou-picard", NULL);
    state st, before;
    winning_position(rs, &st);
    move_list moves = MOVE_LIST_INIT;
    int n = engine_moves(rs, &st, &moves);
    ck_assert_int_eq(moves.error, MOVES_OK);
    ck_assert_int_gt(n, 3);
    int win = engine_find_move(rs, moves.m, n, "e11-d12");
    ck_assert_int_ge(win, 0);
    before = st;
    char err[256];
    agent *a = agent_create(spec, err, sizeof err);
    ck_assert_msg(a != NULL, "%s: %s", spec, err);
    rng r;
    rng_seed(&r, seed);
    int k = agent_choose(a, rs, &st, moves.m, n, &r);
    char text[128];
    move_notation(rs, &moves.m[k], text, sizeof text);
    ck_assert_msg(k == win, "%s chose %s, not the winning e11-d12", spec, text);
    ck_assert_msg(memcmp(&st, &before, sizeof st) == 0, "%s changed the position it searched", spec);
    agent_free(a);
    move_list_free(&moves);
    free(rs);
}

START_TEST(agent_specs_parse_to_canonical_form)
{
    static const struct { const char *spec, *canonical; agent_kind kind; long param; } ok[] = {
        { "human", "human", AGENT_HUMAN, 0 },
        { "random", "random", AGENT_RANDOM, 0 },
        { "mcts", "mcts:1000", AGENT_MCTS, 1000 },
        { "mcts:50", "mcts:50", AGENT_MCTS, 50 },
        { "alphabeta", "alphabeta:4", AGENT_ALPHABETA, 4 },
        { "alphabeta:2", "alphabeta:2", AGENT_ALPHABETA, 2 },
        { "mcts:iterations=2000", "mcts:2000", AGENT_MCTS, 2000 },
        { "alphabeta:depth=6", "alphabeta:6", AGENT_ALPHABETA, 6 },
        { "mcts:time=0.5s", "mcts:time=0.5s", AGENT_MCTS, AGENT_MCTS_TIMED_NODES },
        { "mcts:time=200ms", "mcts:time=0.2s", AGENT_MCTS, AGENT_MCTS_TIMED_NODES },
        { "mcts:iterations=500,time=2", "mcts:iterations=500,time=2s", AGENT_MCTS, 500 },
        { "alphabeta:time=1s", "alphabeta:time=1s", AGENT_ALPHABETA, AGENT_ALPHABETA_MAX },
        { "alphabeta:depth=8,time=2s", "alphabeta:depth=8,time=2s", AGENT_ALPHABETA, 8 },
        { "mcts:time=1ms", "mcts:time=0.001s", AGENT_MCTS, AGENT_MCTS_TIMED_NODES },
        { "mcts:time=0.001", "mcts:time=0.001s", AGENT_MCTS, AGENT_MCTS_TIMED_NODES },
        { "mcts:time=.5", "mcts:time=0.5s", AGENT_MCTS, AGENT_MCTS_TIMED_NODES },
        { "mcts:time=3600s", "mcts:time=3600s", AGENT_MCTS, AGENT_MCTS_TIMED_NODES },
        { "mcts:007", "mcts:7", AGENT_MCTS, 7 },
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        char err[256];
        agent *a = agent_create(ok[i].spec, err, sizeof err);
        ck_assert_msg(a != NULL, "%s: %s", ok[i].spec, err);
        ck_assert_str_eq(agent_spec(a), ok[i].canonical);
        ck_assert_int_eq(agent_get_kind(a), ok[i].kind);
        ck_assert_int_eq(agent_param(a), ok[i].param);
        agent_free(a);
    }
}
END_TEST

START_TEST(agent_bad_specs_get_specific_messages)
{
    static const struct { const char *spec, *message; } bad[] = {
        { "mcts:abc", "in agent `mcts:abc`: iterations: expected a whole number from 1 to 1000000, not `abc`" },
        { "minimax", "unknown agent `minimax` (expected human, random, mcts[:ITERATIONS] or alphabeta[:DEPTH])" },
        { "mtcs", "unknown agent `mtcs`; did you mean `mcts`?" },
        { "alphabeta:0", "in agent `alphabeta:0`: depth: expected a whole number from 1 to 12, not `0`" },
        { "alphabeta:-3", "in agent `alphabeta:-3`: depth: expected a whole number from 1 to 12, not `-3`" },
        { "mcts:", "in agent `mcts:`: iterations: expected a whole number from 1 to 1000000, not ``" },
        { "mcts:+5", "in agent `mcts:+5`: iterations: expected a whole number from 1 to 1000000, not `+5`" },
        { "mcts: 5", "in agent `mcts: 5`: iterations: expected a whole number from 1 to 1000000, not ` 5`" },
        { "random:3", "agent `random` takes no parameter; got `random:3`" },
        { "", "empty agent name in `` (expected human, random, mcts[:ITERATIONS] or alphabeta[:DEPTH])" },
        { "mcts:time=abc", "in agent `mcts:time=abc`: time: expected a duration from 1ms to 3600s, like 0.5s, 200ms "
                           "or 2, not `abc`" },
        { "mcts:time=0s", "in agent `mcts:time=0s`: time: expected a duration from 1ms to 3600s, like 0.5s, 200ms "
                          "or 2, not `0s`" },
        { "alphabeta:time=2h", "in agent `alphabeta:time=2h`: time: expected a duration from 1ms to 3600s, like "
                               "0.5s, 200ms or 2, not `2h`" },
        { "mcts:time=0x10s", "in agent `mcts:time=0x10s`: time: expected a duration from 1ms to 3600s, like "
                             "0.5s, 200ms or 2, not `0x10s`" },
        { "mcts:time=inf", "in agent `mcts:time=inf`: time: expected a duration from 1ms to 3600s, like "
                           "0.5s, 200ms or 2, not `inf`" },
        { "mcts:time=nan", "in agent `mcts:time=nan`: time: expected a duration from 1ms to 3600s, like "
                           "0.5s, 200ms or 2, not `nan`" },
        { "mcts:time=1e-3", "in agent `mcts:time=1e-3`: time: expected a duration from 1ms to 3600s, like "
                            "0.5s, 200ms or 2, not `1e-3`" },
        { "mcts:time=0.0009", "in agent `mcts:time=0.0009`: time: expected a duration from 1ms to 3600s, like "
                              "0.5s, 200ms or 2, not `0.0009`" },
        { "mcts:depth=3", "in agent `mcts:depth=3`: unknown budget `depth` (mcts takes iterations=N or time=DURATION)" },
        { "alphabeta:iterations=3",
          "in agent `alphabeta:iterations=3`: unknown budget `iterations` (alphabeta takes depth=N or time=DURATION)" },
        { "alphabeta:depth=13", "in agent `alphabeta:depth=13`: depth: expected a whole number from 1 to 12, "
                                "not `13`" },
        { "mcts:iterations=5,iterations=6", "in agent `mcts:iterations=5,iterations=6`: `iterations` is given twice" },
        { "mcts:time=1s,time=2s", "in agent `mcts:time=1s,time=2s`: `time` is given twice" },
        { "mcts:time=1s,5", "in agent `mcts:time=1s,5`: `5` is not KEY=VALUE (mcts takes iterations=N or "
                            "time=DURATION)" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[256] = "";
        agent *a = agent_create(bad[i].spec, err, sizeof err);
        ck_assert_msg(a == NULL, "`%s` was accepted", bad[i].spec);
        ck_assert_str_eq(err, bad[i].message);
    }
}
END_TEST

START_TEST(agent_human_asks_the_front_end)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    state st;
    state_start(rs, &st);
    move_list moves = MOVE_LIST_INIT;
    int n = engine_moves(rs, &st, &moves);
    char err[256];
    agent *a = agent_create("human", err, sizeof err);
    rng r;
    rng_seed(&r, 1);
    ck_assert_int_eq(agent_choose(a, rs, &st, moves.m, n, &r), AGENT_ASK_HUMAN);
    agent_free(a);
    move_list_free(&moves);
    free(rs);
}
END_TEST

START_TEST(alphabeta_takes_an_immediate_win)
{
    for (uint64_t seed = 1; seed <= 5; seed++) {
        expect_winning_move("alphabeta:1", seed);
        expect_winning_move("alphabeta:2", seed);
        expect_winning_move("alphabeta:4", seed);
    }
}
END_TEST

START_TEST(mcts_finds_an_immediate_win)
{
    for (uint64_t seed = 1; seed <= 5; seed++) expect_winning_move("mcts:2000", seed);
}
END_TEST

/* The same generator state gives the same decisions. */
START_TEST(agents_are_deterministic)
{
    static const char *const specs[] = { "random", "mcts:200", "alphabeta:3" };
    ruleset *rs = front_load_game("coc-inbert", NULL);
    move_list moves = MOVE_LIST_INIT;
    for (size_t s = 0; s < 3; s++) {
        int first[20];
        for (int round = 0; round < 2; round++) {
            char err[256];
            agent *a = agent_create(specs[s], err, sizeof err);
            state st;
            state_start(rs, &st);
            rng r;
            rng_seed(&r, 99);
            for (int ply = 0; ply < 20; ply++) {
                int n = engine_moves(rs, &st, &moves);
                ck_assert_int_eq(moves.error, MOVES_OK);
                if (n == 0) break;
                int k = agent_choose(a, rs, &st, moves.m, n, &r);
                ck_assert_int_ge(k, 0);
                ck_assert_int_lt(k, n);
                if (round == 0) first[ply] = k;
                else ck_assert_msg(first[ply] == k, "%s: ply %d differs", specs[s], ply);
                engine_apply(rs, &st, &moves.m[k], NULL);
            }
            agent_free(a);
        }
    }
    move_list_free(&moves);
    free(rs);
}
END_TEST

/* ---- records -------------------------------------------------------------- */

static char tmpdir[256];

static void make_tmpdir(void)
{
    snprintf(tmpdir, sizeof tmpdir, "%s/check-agents.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    ck_assert(mkdtemp(tmpdir) != NULL);
}

static void remove_tmpdir(void)
{
    DIR *d = opendir(tmpdir);
    if (!d) return;
    struct dirent *e;
    char path[600];
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", tmpdir, e->d_name);
            unlink(path);
        }
    closedir(d);
    rmdir(tmpdir);
}

static int files_in_tmpdir(void)
{
    DIR *d = opendir(tmpdir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    closedir(d);
    return n;
}

/* Plays a seeded random game of coc-inbert into REC. */
static void random_game(const ruleset *rs, game_record *rec, state *st)
{
    record_init(rec);
    record_set_game(rec, rs, "coc-inbert", NULL);
    rec->has_seed = 1;
    rec->seed = 12345678901234567890ull;
    snprintf(rec->agent[0], RECORD_AGENT_MAX, "random");
    snprintf(rec->agent[1], RECORD_AGENT_MAX, "mcts:50");
    move_list moves = MOVE_LIST_INIT;
    rng r;
    rng_seed(&r, 7);
    state_start(rs, st);
    int n;
    while ((n = engine_moves(rs, st, &moves)) > 0) {
        char text[128];
        int k = (int)rng_below(&r, (uint32_t)n);
        move_notation(rs, &moves.m[k], text, sizeof text);
        ck_assert(record_push(rec, text, NULL, 0));
        engine_apply(rs, st, &moves.m[k], NULL);
    }
    ck_assert_int_eq(moves.error, MOVES_OK);
    move_list_free(&moves);
    engine_result_text(st, rec->result, sizeof rec->result);
}

START_TEST(record_write_read_round_trip)
{
    make_tmpdir();
    ruleset *rs = front_load_game("coc-inbert", NULL);
    game_record rec, back;
    state st, again;
    random_game(rs, &rec, &st);
    /* A move with dice: the format carries them (dice games' rolls). */
    uint8_t dice[2] = { 3, 5 };
    game_record withdice = rec;
    char path[600], err[512];
    snprintf(path, sizeof path, "%s/game.yaml", tmpdir);
    ck_assert_msg(record_write(&rec, path, err, sizeof err), "%s", err);
    ck_assert_int_eq(files_in_tmpdir(), 1);
    diag_sink diags;
    diag_init(&diags, stderr);
    int io;
    ck_assert(record_read(path, &back, &diags, &io));
    ck_assert_str_eq(back.game, "Coc-Inbert");
    ck_assert_str_eq(back.path, rec.path);
    ck_assert_int_eq(back.has_seed, 1);
    ck_assert(back.seed == 12345678901234567890ull);
    ck_assert_str_eq(back.agent[0], "random");
    ck_assert_str_eq(back.agent[1], "mcts:50");
    ck_assert_int_eq(back.nmoves, rec.nmoves);
    for (int i = 0; i < rec.nmoves; i++) ck_assert_str_eq(back.moves[i].text, rec.moves[i].text);
    ck_assert_str_eq(back.result, rec.result);
    move_list moves = MOVE_LIST_INIT;
    ck_assert_int_eq(record_replay(&back, rs, &again, &moves, &diags, NULL), rec.nmoves);
    move_list_free(&moves);
    ck_assert(record_check_result(&back, &again, &diags));
    ck_assert(memcmp(&again.cell, &st.cell, sizeof st.cell) == 0);
    record_free(&back);

    /* Dice entries survive the round trip. */
    withdice.moves = NULL; /* the copy owns no moves (nor their texts) of REC */
    withdice.texts = NULL;
    withdice.nmoves = withdice.capacity = 0;
    ck_assert(record_push(&withdice, "1-4", dice, 2));
    ck_assert(record_push(&withdice, "4-9", dice, 2));
    ck_assert_msg(record_write(&withdice, path, err, sizeof err), "%s", err);
    ck_assert(record_read(path, &back, &diags, &io));
    ck_assert_int_eq(back.nmoves, 2);
    ck_assert_str_eq(back.moves[1].text, "4-9");
    ck_assert_int_eq(back.moves[1].ndice, 2);
    ck_assert_int_eq(back.moves[1].dice[0], 3);
    ck_assert_int_eq(back.moves[1].dice[1], 5);
    ck_assert_int_eq(diags.errors, 0);
    ck_assert_int_eq(files_in_tmpdir(), 1); /* replaced in place, no temp file left */
    record_free(&back);
    record_free(&withdice);
    record_free(&rec);
    free(rs);
    remove_tmpdir();
}
END_TEST

/* Reads TEXT as a record and replays it on coc-inbert; returns the messages. */
static char *replay_text(const char *text, int *ok)
{
    char path[600];
    snprintf(path, sizeof path, "%s/r.yaml", tmpdir);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    char *out = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&out, &len);
    diag_sink diags;
    diag_init(&diags, mem);
    game_record rec;
    int io;
    *ok = record_read(path, &rec, &diags, &io);
    if (*ok) {
        ruleset *rs = front_load_game("coc-inbert", NULL);
        state st;
        move_list moves = MOVE_LIST_INIT;
        *ok = record_replay(&rec, rs, &st, &moves, &diags, NULL) >= 0 && record_check_result(&rec, &st, &diags);
        move_list_free(&moves);
        free(rs);
    }
    record_free(&rec);
    fclose(mem);
    return out;
}

START_TEST(record_errors_are_located)
{
    make_tmpdir();
    int ok;
    char *out = replay_text("ruleset: {name: Coc-Inbert, path: coc-inbert}\nmoves:\n  - c3-d4\n  - c3-d4\nresult: ongoing\n", &ok);
    ck_assert(!ok);
    ck_assert_msg(strstr(out, "/r.yaml:4:5: error: move 2 `c3-d4` is not legal here; legal moves: ") &&
                  strstr(out, "b6-a5") && strstr(out, "h6-g5"), "got: %s", out);
    free(out);
    out = replay_text("ruleset: {name: Coc-Inbert, path: coc-inbert}\nmoves: [c3-d4]\nresult: win 1\n", &ok);
    ck_assert(!ok);
    ck_assert_msg(strstr(out, "/r.yaml:3:9: error: the recorded result is `win 1`, but the moves give `ongoing`"),
                  "got: %s", out);
    free(out);
    out = replay_text("ruleset: {name: Coc-Inbert}\nresult: ongoing\n", &ok);
    ck_assert(!ok);
    ck_assert_msg(strstr(out, "/r.yaml:1:10: error: `ruleset` has no `path`"), "got: %s", out);
    ck_assert_msg(strstr(out, "/r.yaml:1:1: error: the record has no `moves`"), "got: %s", out);
    free(out);
    out = replay_text("ruleset: coc-inbert\nmoves: [c3-d4]\nresult: won\n", &ok);
    ck_assert(!ok);
    ck_assert_msg(strstr(out, "/r.yaml:3:9: error: `result` is ongoing, draw,"), "got: %s", out);
    free(out);
    remove_tmpdir();
}
END_TEST

/* A timed search stops near its time and still finds the immediate win;
 * depth-bound and iteration-bound searches report their work. */
START_TEST(timed_agents_stop_in_time)
{
    static const char *const specs[] = { "mcts:time=50ms", "alphabeta:time=50ms" };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        ruleset *rs = front_load_game("coucou-picard", NULL);
        state st;
        winning_position(rs, &st);
        move_list moves = MOVE_LIST_INIT;
        int n = engine_moves(rs, &st, &moves);
        ck_assert_int_eq(moves.error, MOVES_OK);
        char err[256];
        agent *a = agent_create(specs[i], err, sizeof err);
        ck_assert_msg(a != NULL, "%s: %s", specs[i], err);
        ck_assert(agent_time_budget(a) == 0.05);
        rng r;
        rng_seed(&r, 3);
        int k = agent_choose(a, rs, &st, moves.m, n, &r);
        ck_assert_int_eq(k, engine_find_move(rs, moves.m, n, "e11-d12"));
        const agent_stats *as = agent_last_stats(a);
        /* Generous: the machine may be busy, but a timed search must not run on. */
        ck_assert_msg(as->seconds < 2.0, "%s took %.3f s for a 50 ms budget", specs[i], as->seconds);
        ck_assert(as->work > 0);
        agent_free(a);
        move_list_free(&moves);
        free(rs);
    }
}
END_TEST

/* The one reader of typed numbers (io/number.h), which agent specs and
 * every command-line option use. */
START_TEST(numbers_are_plain_digits)
{
    static const char *const not_whole[] = { "", " 5", "5 ", "+5", "-5", "0x10", "1e3", "5.0", "18446744073709551616",
                                             "99999999999999999999999" };
    uint64_t v = 0;
    for (size_t i = 0; i < sizeof not_whole / sizeof not_whole[0]; i++)
        ck_assert_msg(!number_whole(not_whole[i], 0, UINT64_MAX, &v), "`%s` read as a whole number", not_whole[i]);
    ck_assert(number_whole("18446744073709551615", 0, UINT64_MAX, &v) && v == UINT64_MAX);
    ck_assert(number_whole("007", 0, 10, &v) && v == 7);
    ck_assert(!number_whole("11", 0, 10, &v) && !number_whole("0", 1, 10, &v));
    static const char *const not_duration[] = { "", ".", "s", "ms", " 1", "1 ", "+1", "-1", "0x10s", "0x1p3", "1e-300",
                                                "1e3", "inf", "nan", "INF", "1h", "1ss", "1.2.3", "0.0009", "0s",
                                                "3600.001", "1" "000000000000000000000000000000000000000" };
    double d = 0;
    for (size_t i = 0; i < sizeof not_duration / sizeof not_duration[0]; i++)
        ck_assert_msg(!number_duration(not_duration[i], 0.001, 3600, &d), "`%s` read as a duration", not_duration[i]);
    ck_assert(number_duration("0.001", 0.001, 3600, &d) && d == 0.001);
    ck_assert(number_duration("1ms", 0.001, 3600, &d) && d == 0.001);
    ck_assert(number_duration("2.", 0.001, 3600, &d) && d == 2);
    ck_assert(number_duration("3600s", 0.001, 3600, &d) && d == 3600);
    ck_assert(number_duration("0.00000000000000000000000000000000000000000000000000000001500000000000000000000s", 0,
                              1, &d) && d > 1.49e-56 && d < 1.51e-56);
    char msg[256];
    number_whole_message(msg, sizeof msg, " 5", 1, 10);
    ck_assert_str_eq(msg, "expected a whole number from 1 to 10, not ` 5`");
    number_duration_message(msg, sizeof msg, NULL, 0.001, 3600);
    ck_assert_str_eq(msg, "expected a duration from 1ms to 3600s, like 0.5s, 200ms or 2, and none was given");
}
END_TEST

Suite *agents_suite(void)
{
    Suite *s = suite_create("agents");
    TCase *tc = tcase_create("agents");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, agent_specs_parse_to_canonical_form);
    tcase_add_test(tc, agent_bad_specs_get_specific_messages);
    tcase_add_test(tc, numbers_are_plain_digits);
    tcase_add_test(tc, agent_human_asks_the_front_end);
    tcase_add_test(tc, alphabeta_takes_an_immediate_win);
    tcase_add_test(tc, mcts_finds_an_immediate_win);
    tcase_add_test(tc, agents_are_deterministic);
    tcase_add_test(tc, timed_agents_stop_in_time);
    suite_add_tcase(s, tc);
    TCase *tr = tcase_create("records");
    tcase_add_test(tr, record_write_read_round_trip);
    tcase_add_test(tr, record_errors_are_located);
    suite_add_tcase(s, tr);
    return s;
}
