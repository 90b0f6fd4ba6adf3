/* check_analysis.c - long runs and their statistics: intervals and Elo, the
 * shards of a run, results independent of the number of threads, the
 * analysis's sums agreeing with playouts, the traced max-capture hook, the
 * JSON reader, differential search. */
#define _XOPEN_SOURCE 700
#include <check.h>

#include "check_front.h"
#include "check_suites.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/diff.h"
#include "analysis/run.h"
#include "analysis/stats.h"
#include "io/json_read.h"

START_TEST(stats_wilson_intervals_match_known_values)
{
    double lo, hi;
    stats_wilson(5, 10, &lo, &hi);
    ck_assert_double_eq_tol(lo, 0.2366, 1e-4);
    ck_assert_double_eq_tol(hi, 0.7634, 1e-4);
    stats_wilson(0, 10, &lo, &hi);
    ck_assert_double_eq_tol(lo, 0.0, 1e-12);
    ck_assert_double_eq_tol(hi, 0.2775, 1e-4);
    stats_wilson(10, 10, &lo, &hi);
    ck_assert_double_eq_tol(lo, 0.7225, 1e-4);
    ck_assert_double_eq_tol(hi, 1.0, 1e-12);
    stats_wilson(0, 0, &lo, &hi);
    ck_assert(lo == 0 && hi == 1);
}
END_TEST

START_TEST(stats_elo_of_scores)
{
    ck_assert_double_eq_tol(stats_elo(0.5), 0, 1e-9);
    ck_assert_double_eq_tol(stats_elo(0.75), 190.8485, 1e-3);
    ck_assert_double_eq_tol(stats_elo(0.25), -190.8485, 1e-3);
    ck_assert(isinf(stats_elo(1)) && stats_elo(1) > 0);
    ck_assert(isinf(stats_elo(0)) && stats_elo(0) < 0);
    double mean, sd;
    stats_mean_sd(4, 2 + 4 + 4 + 6, 4 + 16 + 16 + 36, &mean, &sd);
    ck_assert_double_eq_tol(mean, 4, 1e-12);
    ck_assert_double_eq_tol(sd, sqrt(2), 1e-12);
}
END_TEST

/* The shards of every run cover it once, in order, sizes within one. */
START_TEST(shards_cover_the_run_once)
{
    static const long totals[] = { 0, 1, 7, 100, 1001, 1000000007L };
    static const int counts[] = { 1, 2, 3, 7, 64, RUN_MAX_SHARDS };
    for (size_t t = 0; t < sizeof totals / sizeof totals[0]; t++)
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            long expect = 0, smallest = totals[t], largest = 0;
            for (int k = 1; k <= counts[c]; k++) {
                long first, end;
                run_shard_range(totals[t], k, counts[c], &first, &end);
                ck_assert_int_eq(first, expect);
                ck_assert_int_ge(end, first);
                if (end - first < smallest) smallest = end - first;
                if (end - first > largest) largest = end - first;
                expect = end;
            }
            ck_assert_int_eq(expect, totals[t]);
            ck_assert_int_le(largest - smallest, 1);
        }
}
END_TEST

static void run_setup(run_result *r, const ruleset *rs, run_kind kind, long total, int k, int n)
{
    memset(r, 0, sizeof *r);
    ck_assert(run_info_init(&r->info, kind, rs, "t", 5, total, k, n));
}

static run_opts opts(int jobs, int k, int n)
{
    run_opts o;
    memset(&o, 0, sizeof o);
    o.jobs = jobs;
    o.shard_k = k;
    o.shard_n = n;
    return o;
}

/* 1, 2 and 3 threads, and three shards added up, give the same games. */
START_TEST(playouts_same_whatever_the_threads)
{
    static const char *const games[] = { "coc-inbert", "jacquet-de-versailles" };
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        ruleset *rs = front_load_game(games[g], NULL);
        long n = strcmp(games[g], "coc-inbert") == 0 ? 600 : 60;
        run_result one, three, shard;
        run_setup(&one, rs, RUN_PLAYOUT, n, 1, 1);
        run_opts o = opts(1, 1, 1);
        ck_assert(run_playouts(rs, &o, &one));
        run_setup(&three, rs, RUN_PLAYOUT, n, 1, 1);
        o = opts(3, 1, 1);
        ck_assert(run_playouts(rs, &o, &three));
        ck_assert(memcmp(&one.playout, &three.playout, sizeof one.playout) == 0);
        ck_assert_int_eq(one.playout.s.games, n);
        ck_assert_int_eq(three.info.done, n);
        playout_stats sum;
        memset(&sum, 0, sizeof sum);
        for (int k = 1; k <= 3; k++) {
            run_setup(&shard, rs, RUN_PLAYOUT, n, k, 3);
            o = opts(2, k, 3);
            ck_assert(run_playouts(rs, &o, &shard));
            const playout_stats *s = &shard.playout.s;
            sum.games += s->games;
            sum.moves += s->moves;
            sum.draws += s->draws;
            for (int p = 0; p < 2; p++) {
                sum.wins[p] += s->wins[p];
                sum.double_wins[p] += s->double_wins[p];
                sum.triple_wins[p] += s->triple_wins[p];
            }
        }
        ck_assert(memcmp(&sum, &one.playout.s, sizeof sum) == 0);
        /* And the old single-threaded loop plays the same games. */
        playout_stats old;
        memset(&old, 0, sizeof old);
        move_list buf = MOVE_LIST_INIT;
        playout_many(rs, 5, n, &old, &buf);
        ck_assert_int_eq(buf.error, MOVES_OK);
        ck_assert(memcmp(&old, &one.playout.s, sizeof old) == 0);
        move_list_free(&buf);
        free(rs);
    }
}
END_TEST

/* Perft split at the root, on 1 or 2 threads, equals the plain perft at
 * every depth, and the root moves' counts add up to the total. */
START_TEST(perft_split_at_the_root_equals_perft)
{
    ruleset *rs = front_load_game("coc-inbert", NULL);
    state st;
    state_start(rs, &st);
    move_list lists[6] = { 0 };
    for (int jobs = 1; jobs <= 2; jobs++) {
        run_result r;
        run_setup(&r, rs, RUN_PERFT, 0, 1, 1);
        r.perft.depth = 6;
        run_opts o = opts(jobs, 1, 1);
        ck_assert(run_perft(rs, &st, &o, &r));
        uint64_t root_sum = 0;
        for (int i = 0; i < r.perft.nroot; i++) {
            ck_assert(r.perft.root_done[i]);
            root_sum += r.perft.root_count[i];
        }
        for (int d = 1; d <= 6; d++) {
            ck_assert_uint_eq(r.perft.counts[d - 1], perft(rs, &st, d, lists));
            ck_assert_int_eq(move_lists_error(lists, d), MOVES_OK);
        }
        ck_assert_uint_eq(root_sum, r.perft.counts[5]);
        run_result_free(&r);
    }
    move_lists_free(lists, 6);
    free(rs);
}
END_TEST

/* With the random agent the analysis plays playout's games; its sums
 * account for every move and every game, whatever the threads. */
START_TEST(analysis_agrees_with_playouts)
{
    static const char *const games[] = { "coc-inbert", "coerceo", "jacquet-de-versailles" };
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        ruleset *rs = front_load_game(games[g], NULL);
        long n = g == 0 ? 400 : 20;
        run_result a, b, p;
        run_setup(&p, rs, RUN_PLAYOUT, n, 1, 1);
        run_opts o = opts(1, 1, 1);
        ck_assert(run_playouts(rs, &o, &p));
        for (int jobs = 1; jobs <= 2; jobs++) {
            run_result *r = jobs == 1 ? &a : &b;
            run_setup(r, rs, RUN_ANALYZE, n, 1, 1);
            snprintf(r->analyze.agent, sizeof r->analyze.agent, "random");
            ck_assert(analyze_result_alloc(&r->analyze, PLAYOUT_MAX_PLIES));
            o = opts(jobs, 1, 1);
            ck_assert(run_analyze(rs, &o, r));
        }
        ck_assert(memcmp(&a.analyze.s, &p.playout.s, sizeof a.analyze.s) == 0);
        ck_assert(memcmp(a.analyze.fired, b.analyze.fired, sizeof a.analyze.fired) == 0);
        ck_assert(memcmp(a.analyze.lengths, b.analyze.lengths, (PLAYOUT_MAX_PLIES + 1) * sizeof(long)) == 0);
        ck_assert(memcmp(a.analyze.branching, b.analyze.branching, ANALYZE_MAX_PLY * sizeof a.analyze.branching[0]) == 0);
        /* Every move played was made by a move rule or counted apart. */
        long long moves = 0, positions = 0;
        for (int i = 0; i < rs->nrules; i++) moves += a.analyze.fired[rs->rules[i].clause];
        for (int k = 0; k < 4; k++) moves += a.analyze.unruled[k];
        ck_assert_int_eq(moves, a.analyze.s.moves);
        for (int ply = 0; ply < ANALYZE_MAX_PLY; ply++) positions += a.analyze.branching[ply][0];
        ck_assert_int_le(positions, a.analyze.s.moves);
        /* Every game ended by a clause, by no clause, or was cut off. */
        long ended = a.analyze.undecided_draws + a.analyze.s.unfinished;
        for (int i = 0; i < rs->nends; i++) ended += a.analyze.decided[rs->ends[i].clause];
        ck_assert_int_eq(ended, n);
        long by_length = 0;
        for (long l = 0; l <= PLAYOUT_MAX_PLIES; l++) by_length += a.analyze.lengths[l];
        ck_assert_int_eq(by_length, n);
        run_result_free(&a);
        run_result_free(&b);
        free(rs);
    }
}
END_TEST

/* The traced hook filters like the hook, and counts a criterion only when
 * it took candidates away. */
START_TEST(traced_hook_counts_the_criteria_that_remove)
{
    ruleset *rs = calloc(1, sizeof *rs);
    rs->ncriteria = 2;
    rs->criteria[0].kind = CRIT_MOST_CAPTURED;
    rs->criteria[0].piece = 255;
    rs->criteria[1].kind = CRIT_PREFER_MOVER;
    rs->criteria[1].piece = 1;
    move m[3], copy[3];
    memset(m, 0, sizeof m);
    m[0].ncaps = 1;
    m[1].ncaps = 2;
    m[2].ncaps = 2;
    m[1].mover = 1;
    memcpy(copy, m, sizeof m);
    long removed[TB_MAX_CRITERIA] = { 0 };
    int n = hook_max_capture_traced(rs, m, 3, removed);
    ck_assert_int_eq(n, hook_max_capture(rs, copy, 3));
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(m[0].mover, 1);
    ck_assert_int_eq(removed[0], 1);
    ck_assert_int_eq(removed[1], 1);
    m[0].ncaps = m[1].ncaps = 3;
    m[0].mover = m[1].mover = 0;
    n = hook_max_capture_traced(rs, m, 2, removed);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(removed[0], 1); /* nothing removed this time: no count */
    ck_assert_int_eq(removed[1], 1);
    free(rs);
}
END_TEST

/* The analysis traces the hook on a copy of the ruleset that keeps every
 * capture chain: in every position of random games of the games with the
 * hook, those candidates filtered by the traced hook (then merged by path as
 * the generator does) are exactly the legal moves. */
START_TEST(traced_hook_sees_what_the_generator_filters)
{
    static const char *const games[] = { "coc-inbert", "italian", "international", "turkish" };
    move_list legal = MOVE_LIST_INIT, cand = MOVE_LIST_INIT;
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        ruleset *rs = front_load_game(games[g], NULL);
        ck_assert(rs->uses_max_capture && rs->capture_mandatory);
        ruleset *trace = malloc(sizeof *trace);
        *trace = *rs;
        trace->uses_max_capture = 0;
        trace->keep_all_paths = 1;
        long fired[TB_MAX_CRITERIA] = { 0 };
        rng r;
        rng_seed(&r, 11);
        for (int game = 0; game < 40; game++) {
            state st;
            state_start(rs, &st);
            engine_seed(rs, &st, (uint64_t)game);
            for (int ply = 0; ply < 300; ply++) {
                int n = engine_moves(rs, &st, &legal);
                ck_assert_int_eq(legal.error, MOVES_OK);
                if (n == 0) break;
                int captures = 0;
                for (int i = 0; i < n; i++) captures |= legal.m[i].ncaps > 0;
                if (!captures) { /* the hook only chooses among captures */
                    engine_apply(rs, &st, &legal.m[rng_below(&r, (uint32_t)n)], NULL);
                    continue;
                }
                int k = engine_legal(trace, &st, &cand);
                ck_assert_int_eq(cand.error, MOVES_OK);
                k = hook_max_capture_traced(rs, cand.m, k, fired);
                k = movegen_distinct(rs, &cand, k);
                ck_assert_int_eq(k, n);
                for (int i = 0; i < n; i++) {
                    int found = 0;
                    for (int j = 0; j < k && !found; j++) found = move_equal(&legal.m[i], &cand.m[j]);
                    ck_assert_msg(found, "%s: a legal move the traced candidates lack", games[g]);
                }
                engine_apply(rs, &st, &legal.m[rng_below(&r, (uint32_t)n)], NULL);
            }
        }
        ck_assert_msg(fired[0] > 0, "%s: the first criterion never took a candidate away", games[g]);
        free(trace);
        free(rs);
    }
    move_list_free(&legal);
    move_list_free(&cand);
}
END_TEST

/* Parses TEXT; the diagnostics (or "") in OUT. */
static json_value *parse(const char *text, char **out)
{
    size_t size;
    FILE *f = open_memstream(out, &size);
    diag_sink d;
    diag_init(&d, f);
    src_file *src = source_from_string("r.json", text, strlen(text));
    json_value *v = json_parse(src, &d);
    fclose(f);
    source_free(src);
    return v;
}

START_TEST(json_reader_reads_values_and_locates_errors)
{
    char *out;
    json_value *v = parse("{\"a\": [1, -2.5e1, true, null], \"b\": \"x\\u00e9\\n\", \"c\": {}}", &out);
    ck_assert_str_eq(out, "");
    free(out);
    ck_assert_ptr_nonnull(v);
    const json_value *a = json_get(v, "a");
    ck_assert_int_eq(a->n, 4);
    ck_assert(a->items[0]->is_int && a->items[0]->integer == 1);
    ck_assert(!a->items[1]->is_int && a->items[1]->number == -25);
    ck_assert_int_eq(a->items[2]->kind, JSON_BOOL);
    ck_assert_int_eq(a->items[3]->kind, JSON_NULL);
    ck_assert_str_eq(json_get(v, "b")->text, "x\xc3\xa9\n");
    ck_assert_int_eq(json_get(v, "c")->n, 0);
    ck_assert_ptr_null(json_get(v, "d"));
    json_free(v);
    static const struct { const char *text, *message; } bad[] = {
        { "{\"a\": 1,}", "r.json:1:9: error: expected a member name in double quotes\n" },
        { "[1 2]", "r.json:1:4: error: expected `,` or `]` after an item\n" },
        { "{\"a\": 1, \"a\": 2}", "r.json:1:10: error: this member is given twice\n" },
        { "\"abc", "r.json:1:1: error: unterminated string\n" },
        { "[1.]", "r.json:1:2: error: a number needs digits after its decimal point\n" },
        { "{} x", "r.json:1:4: error: more text after the JSON value\n" },
        { "", "r.json:1:1: error: unexpected end of the file: expected a value\n" },
        { "nul", "r.json:1:1: error: expected a value (an object, array, string, number, true, false or null)\n" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        v = parse(bad[i].text, &out);
        ck_assert_ptr_null(v);
        ck_assert_msg(strncmp(out, bad[i].message, strlen(bad[i].message)) == 0, "`%s`: got %s", bad[i].text, out);
        free(out);
    }
    /* Deep nesting is refused, not a stack overflow. */
    char deep[200];
    memset(deep, '[', sizeof deep - 1);
    deep[sizeof deep - 1] = '\0';
    v = parse(deep, &out);
    ck_assert_ptr_null(v);
    ck_assert_ptr_nonnull(strstr(out, "nested too deep (at most 64 levels)"));
    free(out);
}
END_TEST

/* A file against itself: no difference; against a variant that ends games
 * otherwise: a difference, which replays. */
START_TEST(diff_finds_no_difference_in_a_game_and_itself)
{
    ruleset *a = front_load_game("breakthrough", NULL);
    ruleset *b = front_load_game("breakthrough", NULL);
    diff_opts o = { 3, 100000, 20, 300, 1 };
    diff_result d;
    ck_assert(diff_search(a, b, &o, &d));
    ck_assert(!d.found);
    ck_assert_int_eq(d.depth_done, 3);
    ck_assert_int_eq(d.games, 20);
    diff_result_free(&d);
    free(a);
    free(b);
}
END_TEST

START_TEST(diff_finds_the_first_difference)
{
    ruleset *a = front_load_game("coucou-picard", NULL);
    ruleset *b = front_load_game("coucou-picard", "width=9");
    diff_opts o = { 3, 100000, 0, 300, 1 };
    diff_result d;
    ck_assert(diff_search(a, b, &o, &d));
    ck_assert(d.found);
    ck_assert_int_eq(d.nplay, 0); /* other boards: the first moves differ */
    ck_assert(!d.by_playout);
    ck_assert_int_eq(d.nmoves[0], 7);
    ck_assert_int_ne(d.nmoves[1], 7);
    diff_result_free(&d);
    free(a);
    free(b);
}
END_TEST

Suite *analysis_suite(void)
{
    Suite *s = suite_create("analysis");
    TCase *tc = tcase_create("statistics");
    tcase_add_test(tc, stats_wilson_intervals_match_known_values);
    tcase_add_test(tc, stats_elo_of_scores);
    tcase_add_test(tc, shards_cover_the_run_once);
    tcase_add_test(tc, traced_hook_counts_the_criteria_that_remove);
    tcase_add_test(tc, json_reader_reads_values_and_locates_errors);
    suite_add_tcase(s, tc);
    TCase *tr = tcase_create("runs");
    tcase_set_timeout(tr, 120);
    tcase_add_test(tr, playouts_same_whatever_the_threads);
    tcase_add_test(tr, perft_split_at_the_root_equals_perft);
    tcase_add_test(tr, analysis_agrees_with_playouts);
    tcase_add_test(tr, traced_hook_sees_what_the_generator_filters);
    tcase_add_test(tr, diff_finds_no_difference_in_a_game_and_itself);
    tcase_add_test(tr, diff_finds_the_first_difference);
    suite_add_tcase(s, tr);
    return s;
}
