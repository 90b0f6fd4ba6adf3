/* search.c - perft (the one walk, for `tabula perft` and the tests) and
 * random playouts. */
#include "search.h"

#include <stddef.h>
#include "playout_line.h"
#include "playout_place.h"
#include "playout_race.h"
#include "playout_slide.h"
#include "playout_sow.h"

int perft_step_over(const ruleset *rs, state *st)
{
    if (rs->nplayers <= 2 || rs->topology == TOPO_TRACK || st->h.status != STATUS_ONGOING) return 0;
    return engine_settle(rs, st, 0) < 0 && st->h.status == STATUS_ONGOING;
}

int perft_walk(const ruleset *rs, state *st, int left, uint64_t *counts, move_list *lists, int (*stopping)(void))
{
    int n = engine_legal(rs, st, lists);
    if (lists->error) return 0;
    if (n == 0) { /* blocked: perhaps put out, and then the next player moves */
        state next = *st;
        if (perft_step_over(rs, &next)) return perft_walk(rs, &next, left, counts, lists, stopping); /* at this depth */
        return 1;
    }
    counts[0] += (uint64_t)n;
    if (left == 1) return 1;
    if (stopping && left >= 3 && stopping()) return 0;
    undo_record u;
    for (int i = 0; i < n; i++) {
        engine_apply(rs, st, &lists->m[i], &u);
        int ok = perft_walk(rs, st, left - 1, counts + 1, lists + 1, stopping);
        engine_undo(rs, st, &u);
        if (!ok) return 0;
    }
    return 1;
}

uint64_t perft(const ruleset *rs, state *st, int depth, move_list *lists)
{
    if (depth <= 0) return 1;
    uint64_t counts[PERFT_MAX_DEPTH] = { 0 };
    if (depth > PERFT_MAX_DEPTH || !perft_walk(rs, st, depth, counts, lists, NULL)) return 0;
    return counts[depth - 1];
}

int move_lists_error(const move_list *lists, int n)
{
    for (int i = 0; i < n; i++)
        if (lists[i].error) return lists[i].error;
    return MOVES_OK;
}

void move_lists_free(move_list *lists, int n)
{
    for (int i = 0; i < n; i++) move_list_free(&lists[i]);
}

long playout_one(const ruleset *rs, state *st, rng *r, move_list *buffer)
{
    long plies = 0;
    if (playout_place_fits(rs, st)) { /* the same game, on sets */
        place_game g;
        playout_place_play(rs, st, r, &g);
        playout_place_write(rs, st, &g);
        return g.plies;
    }
    if (playout_slide_fits(rs, st)) { /* the same game, on sets and tables */
        slide_game g;
        playout_slide_play(rs, st, r, PLAYOUT_MAX_PLIES, st, &g);
        return g.plies;
    }
    if (playout_line_fits(rs, st)) { /* the same game, on sets */
        line_game g;
        playout_line_play(rs, st, r, PLAYOUT_MAX_PLIES, st, &g);
        return g.plies;
    }
    if (playout_race_fits(rs, st)) { /* the same game, on a board of owners (playout_range comes here too) */
        race_game g;
        playout_race_play(rs, st, r, PLAYOUT_MAX_PLIES, &g);
        if (!g.stuck) return g.plies;
    }
    if (playout_sow_fits(rs, st)) { /* the same game, on seed counts */
        sow_game g;
        playout_sow_play(rs, st, r, PLAYOUT_MAX_PLIES, st, &g);
        if (!g.stuck) return g.plies;
        plies = g.plies; /* a player without seeds to sow: the general path goes on */
    }
    buffer->defer = 1; /* only the move picked is completed */
    while (plies < PLAYOUT_MAX_PLIES) {
        if ((rs->pick_places || rs->pick_slides || rs->pick_sowing || rs->pick_lines || rs->pick_approach) &&
            st->h.status == STATUS_ONGOING) {
            move m;
            int n = rs->pick_places     ? movegen_pick(rs, st, r, &m)
                    : rs->pick_slides   ? movegen_pick_slide(rs, st, r, &m)
                    : rs->pick_lines    ? movegen_pick_line(rs, st, r, &m)
                    : rs->pick_approach ? movegen_pick_approach(rs, st, r, &m)
                                        : movegen_pick_sow(rs, st, r, &m);
            if (n > 0) { /* the same move the list would give */
                if (rs->custodial_deferred) movegen_complete(rs, st, &m);
                engine_apply(rs, st, &m, NULL);
                plies++;
                continue;
            }
        }
        int n = engine_moves(rs, st, buffer); /* passed turns and dice rolls settled: not moves */
        if (n == 0) break; /* the game is over, or buffer->error */
        move *m = &buffer->m[rng_below(r, (uint32_t)n)];
        if (rs->custodial_deferred) movegen_complete(rs, st, m); /* a sowing is made from its pit alone */
        engine_apply(rs, st, m, NULL);
        plies++;
    }
    buffer->defer = 0;
    return plies;
}

uint64_t playout_game_seed(uint64_t seed, long game)
{
    /* Kept below 2^63 so that `tabula play --seed` can take it. */
    return (seed ^ (uint64_t)(game + 1) * 0x9e3779b97f4a7c15ull) & 0x7fffffffffffffffull;
}

/* Adds a game of PLIES moves with this result to STATS. */
static void count_result(playout_stats *stats, int over, int winner, int score, long plies)
{
    stats->moves += plies;
    stats->games++;
    if (!over) stats->unfinished++;
    else if (winner == 0) stats->draws++;
    else if (score == 3) stats->triple_wins[winner - 1]++;
    else if (score == 2) stats->double_wins[winner - 1]++;
    else stats->wins[winner - 1]++;
}

void playout_count(playout_stats *stats, const state *st, long plies)
{
    count_result(stats, st->h.status != STATUS_ONGOING, st->h.winner, st->h.score, plies);
}

void playout_stats_add(playout_stats *into, const playout_stats *from)
{
    into->games += from->games;
    for (int p = 0; p < TB_MAX_PLAYERS; p++) {
        into->wins[p] += from->wins[p];
        into->double_wins[p] += from->double_wins[p];
        into->triple_wins[p] += from->triple_wins[p];
    }
    into->draws += from->draws;
    into->unfinished += from->unfinished;
    into->moves += from->moves;
}

void playout_range(const ruleset *rs, uint64_t seed, long first, long end, playout_stats *stats, move_list *buffer)
{
    const state *start = (const state *)rs->start_image;
    int on_sets = rs->start_kept && playout_place_fits(rs, start);
    int slides = rs->start_kept && playout_slide_fits(rs, start);
    int lines = rs->start_kept && playout_line_fits(rs, start);
    int sows = rs->start_kept && playout_sow_fits(rs, start);
    for (long g = first; g < end && !buffer->error; g++) {
        uint64_t gs = playout_game_seed(seed, g);
        rng r;
        rng_seed(&r, gs); /* the moves: one stream per game, so games can be played in any order */
        if (on_sets) { /* only the result is counted: the position is not written */
            place_game game;
            playout_place_play(rs, start, &r, &game);
            count_result(stats, game.over, game.winner, 1, game.plies);
            continue;
        }
        if (slides) { /* the same, the start read and left as it is */
            slide_game game;
            playout_slide_play(rs, start, &r, PLAYOUT_MAX_PLIES, NULL, &game);
            count_result(stats, game.over, game.winner, 1, game.plies);
            continue;
        }
        if (lines) { /* the same, the start read and left as it is */
            line_game game;
            playout_line_play(rs, start, &r, PLAYOUT_MAX_PLIES, NULL, &game);
            count_result(stats, game.over, game.winner, 1, game.plies);
            continue;
        }
        if (sows) { /* the same; a game that gets stuck is played again below, from its start */
            sow_game game;
            rng kept = r;
            playout_sow_play(rs, start, &r, PLAYOUT_MAX_PLIES, NULL, &game);
            if (!game.stuck) {
                count_result(stats, game.over, game.winner, 1, game.plies);
                continue;
            }
            r = kept;
        }
        state st;
        state_start(rs, &st);
        engine_seed(rs, &st, gs); /* the dice: a stream of their own */
        long plies = playout_one(rs, &st, &r, buffer);
        if (!buffer->error) playout_count(stats, &st, plies);
    }
}

void playout_many(const ruleset *rs, uint64_t seed, long n, playout_stats *stats, move_list *buffer)
{
    playout_range(rs, seed, 0, n, stats, buffer);
}
