/* check_tiles.c - the engine of boards of tiles over Coerceo: the field
 * tables against the formulas of the rules, perft from the start, seeded
 * random games with the tile and piece invariants checked after every
 * action, undo, determinism, notation and the capture-threat announcement. */
#include <check.h>

#include "check_front.h"
#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/load.h"
#include "engine/search.h"

#define TILES_GAME "coerceo"
#define TILES_GAMES 2000
#define TILES_MAX_PLIES 5000 /* random games are far shorter (about 650 actions on average) */
#define TILES_PIECES 18


static int cell_of(const ruleset *rs, const char *name)
{
    int c = ruleset_cell(rs, name);
    ck_assert_msg(c >= 0, "no field %s", name);
    return c;
}

/* ---- geometry: the tables against the rules' formulas ---------------------- */

static const int dx[6] = { 0, 1, 1, 0, -1, -1 }, dy[6] = { 1, 0, -1, -1, 0, 1 };

/* Axial coordinates of a tile name ("c3" is (0, 0)); 0 when off the board. */
static int tile_xy(const char *name, int *x, int *y)
{
    *x = name[0] - 'c';
    int ymin = *x < 0 ? -2 - *x : -2;
    *y = atoi(name + 1) - 1 + ymin;
    return *x >= -2 && *x <= 2 && *y >= -2 && *y <= 2 && *x + *y >= -2 && *x + *y <= 2;
}

/* The field (tile at X, Y; field F mod 6) by name, or -1 off the board. */
static int field_at(const ruleset *rs, int x, int y, int f)
{
    if (x < -2 || x > 2 || y < -2 || y > 2 || x + y < -2 || x + y > 2) return -1;
    int ymin = x < 0 ? -2 - x : -2;
    char name[16];
    snprintf(name, sizeof name, "%c%d.%d", 'c' + x, y - ymin + 1, ((f % 6) + 6) % 6);
    return cell_of(rs, name);
}

static int table(int v)
{
    return v == TB_NO_CELL ? -1 : v;
}

START_TEST(tiles_tables_follow_the_formulas_of_the_rules)
{
    ruleset *rs = front_load_game(TILES_GAME, NULL);
    ck_assert_int_eq(rs->ntiles, 19);
    ck_assert_int_eq(rs->ncells, 114);
    int colour[2] = { 0, 0 };
    for (int c = 0; c < rs->ncells; c++) {
        char tile[8];
        int f, x, y;
        ck_assert_int_eq(sscanf(rs->cell_name[c], "%7[^.].%d", tile, &f), 2);
        ck_assert_msg(tile_xy(tile, &x, &y), "%s is not a tile of the rules", tile);
        ck_assert_int_eq(rs->cell_tile[c] * 6 + f, c);
        /* Odd fields white (player 1), even fields black (player 2). */
        int owner = f % 2 ? 1 : 2;
        ck_assert_int_eq(rs->cell_colour[c], rs->player_colour[owner - 1]);
        colour[owner - 1]++;
        /* Edge neighbours: (T, f-1), (T, f+1), (T + Df, f+3). */
        int edge[3] = { field_at(rs, x, y, f + 5), field_at(rs, x, y, f + 1), field_at(rs, x + dx[f], y + dy[f], f + 3) };
        for (int k = 0; k < 3; k++)
            ck_assert_msg(table(rs->edge[c][k]) == edge[k], "%s: edge neighbour %d", rs->cell_name[c], k);
        /* Move targets: (T, f+2), (T, f+4), (T+Df, f+2), (T+Df, f+4), (T+D(f-1), f+2), (T+D(f+1), f+4). */
        int b = (f + 5) % 6, a = (f + 1) % 6;
        int target[6] = { field_at(rs, x, y, f + 2), field_at(rs, x, y, f + 4),
                          field_at(rs, x + dx[f], y + dy[f], f + 2), field_at(rs, x + dx[f], y + dy[f], f + 4),
                          field_at(rs, x + dx[b], y + dy[b], f + 2), field_at(rs, x + dx[a], y + dy[a], f + 4) };
        for (int k = 0; k < 6; k++)
            ck_assert_msg(table(rs->nbr[c][k]) == target[k], "%s: move target %d", rs->cell_name[c], k);
    }
    ck_assert_int_eq(colour[0], 57);
    ck_assert_int_eq(colour[1], 57);
    free(rs);
}
END_TEST

/* The same by hand, for the centre and a corner of the rim. */
START_TEST(tiles_centre_and_rim_fields)
{
    ruleset *rs = front_load_game(TILES_GAME, NULL);
    static const char *const c30_targets[6] = { "c3.2", "c3.4", "c4.2", "c4.4", "b3.2", "d3.4" };
    static const char *const c30_edges[3] = { "c3.5", "c3.1", "c4.3" };
    int c30 = cell_of(rs, "c3.0"), e11 = cell_of(rs, "e1.1");
    for (int k = 0; k < 6; k++) ck_assert_int_eq(rs->nbr[c30][k], cell_of(rs, c30_targets[k]));
    for (int k = 0; k < 3; k++) ck_assert_int_eq(rs->edge[c30][k], cell_of(rs, c30_edges[k]));
    /* e1.1 at the rim: three targets, two edge neighbours. */
    static const char *const e11_targets[6] = { "e1.3", "e1.5", NULL, NULL, "e2.3", NULL };
    for (int k = 0; k < 6; k++)
        ck_assert_int_eq(table(rs->nbr[e11][k]), e11_targets[k] ? cell_of(rs, e11_targets[k]) : -1);
    ck_assert_int_eq(rs->edge[e11][0], cell_of(rs, "e1.0"));
    ck_assert_int_eq(rs->edge[e11][1], cell_of(rs, "e1.2"));
    ck_assert_int_eq(rs->edge[e11][2], TB_NO_CELL);
    /* e1 touches e2 (side 0), d1 (side 4) and d2 (side 5) only. */
    int e1 = rs->cell_tile[e11];
    ck_assert_str_eq(rs->tile_name[e1], "e1");
    static const char *const e1_sides[6] = { "e2", NULL, NULL, NULL, "d1", "d2" };
    for (int d = 0; d < 6; d++) {
        if (!e1_sides[d]) ck_assert_int_eq(rs->tile_side[e1][d], TB_NO_TILE);
        else ck_assert_str_eq(rs->tile_name[rs->tile_side[e1][d]], e1_sides[d]);
    }
    free(rs);
}
END_TEST

/* ---- perft ----------------------------------------------------------------- */

START_TEST(tiles_perft_from_the_start_matches_the_published_counts)
{
    ruleset *rs = front_load_game(TILES_GAME, NULL);
    move_list lists[3] = { 0 };
    static const uint64_t want[4] = { 1, 48, 2304, 110304 };
    state st;
    state_start(rs, &st);
    state before = st;
    for (int d = 1; d <= 3; d++) ck_assert_uint_eq(perft(rs, &st, d, lists), want[d]);
    ck_assert_int_eq(move_lists_error(lists, 3), MOVES_OK);
    ck_assert(memcmp(&st, &before, sizeof st) == 0);
    move_lists_free(lists, 3);
    free(rs);
}
END_TEST

/* ---- random games ---------------------------------------------------------- */

static int tile_empty(const state *st, int t)
{
    for (int f = 0; f < 6; f++)
        if (st->cell[t * 6 + f]) return 0;
    return 1;
}

/* Rule 3 written again: the sides by which T touches tiles on the board are
 * at most 3 and one run. */
static int tile_loose(const ruleset *rs, const state *st, int t)
{
    int sides[6], n = 0, starts = 0;
    for (int d = 0; d < 6; d++) {
        int o = rs->tile_side[t][d];
        sides[d] = o != TB_NO_TILE && !(st->h.removed_groups >> o & 1);
        n += sides[d];
    }
    for (int d = 0; d < 6; d++) starts += sides[d] && !sides[(d + 5) % 6];
    return n <= 3 && starts <= 1;
}

static int popcount64(uint64_t v)
{
    int n = 0;
    for (; v; v &= v - 1) n++;
    return n;
}

/* The tiles player P holds. */
static int held(const ruleset *rs, const state *st, int p)
{
    return state_counter(&st->h, rs->tiles.held_counter, p);
}

/* The checks after one action by MOVER from BEFORE to ST; HANDED is the
 * ledger of tiles handed back by exchanges. Returns a message or NULL. */
static const char *action_invariants(const ruleset *rs, const state *before, const state *st, const move *m,
                                     int mover, int *handed)
{
    int opp = 3 - mover, cost = rs->tiles.exchange_cost;
    int removed_now = popcount64(st->h.removed_groups), removed_new = removed_now - popcount64(before->h.removed_groups);
    if (before->h.removed_groups & ~st->h.removed_groups) return "a removed tile came back";
    for (int c = 0; c < rs->ncells; c++) {
        uint8_t code = st->cell[c];
        if (!code) continue;
        if (st->h.removed_groups >> rs->cell_tile[c] & 1) return "a piece stands on a removed tile";
        if (rs->cell_colour[c] != rs->player_colour[piece_owner(code) - 1]) return "a piece stands on the other colour";
    }
    for (int t = 0; t < rs->ntiles; t++)
        if (!(st->h.removed_groups >> t & 1) && tile_empty(st, t) && tile_loose(rs, st, t))
            return "an empty loose tile stayed on the board";
    if (st->h.pieces[mover - 1] != before->h.pieces[mover - 1]) return "the mover lost or gained a piece";
    if (st->h.pieces[opp - 1] > before->h.pieces[opp - 1]) return "the opponent gained a piece";
    if (held(rs, st, opp) != held(rs, before, opp)) return "the opponent's collected tiles changed";
    int got = held(rs, st, mover) - held(rs, before, mover);
    if (m->kind == MOVE_EXCHANGE) {
        if (got != -cost) return "an exchange did not hand back its cost";
        if (st->h.pieces[opp - 1] >= before->h.pieces[opp - 1]) return "an exchange removed no piece";
        *handed += cost;
    } else {
        if (got < 0 || got > removed_new) return "a move collected more tiles than it removed";
        if (st->h.pieces[opp - 1] == before->h.pieces[opp - 1] && got != removed_new)
            return "a move without capture removed a tile nobody collected";
    }
    if (held(rs, st, 1) + held(rs, st, 2) + *handed > removed_now) return "more tiles held and handed back than removed";
    return NULL;
}

START_TEST(tiles_random_games_end_with_tiles_and_pieces_accounted_for)
{
    ruleset *rs = front_load_game(TILES_GAME, NULL);
    move_list moves = MOVE_LIST_INIT;
    rng r;
    rng_seed(&r, 20261122);
    long long actions = 0, exchanges = 0;
    long wins[2] = { 0, 0 }, draws = 0;
    for (int g = 0; g < TILES_GAMES; g++) {
        state st;
        state_start(rs, &st);
        int handed = 0;
        /* Plain ifs in the loop: every passing ck_assert costs Check a message. */
        for (int plies = 0;; plies++) {
            if (plies >= TILES_MAX_PLIES) ck_abort_msg("game %d does not end in %d actions", g, TILES_MAX_PLIES);
            int n = engine_moves(rs, &st, &moves);
            if (moves.error) ck_abort_msg("game %d: %s", g, moves_error_text(moves.error));
            if (n == 0) break;
            const move *m = &moves.m[rng_below(&r, (uint32_t)n)];
            int mover = st.h.to_move;
            state before = st, after, fresh;
            undo_record u;
            engine_apply(rs, &st, m, &u);
            after = st;
            engine_undo(rs, &st, &u);
            if (memcmp(&st, &before, sizeof st) != 0) ck_abort_msg("undo did not restore the state (game %d)", g);
            st = after;
            const char *why = action_invariants(rs, &before, &st, m, mover, &handed);
            if (why) ck_abort_msg("game %d, action %d: %s", g, plies + 1, why);
            fresh = st;
            state_refresh(rs, &fresh);
            if (fresh.h.hash != st.h.hash || fresh.h.pieces[0] != st.h.pieces[0] || fresh.h.pieces[1] != st.h.pieces[1])
                ck_abort_msg("game %d: the hash or piece counts kept incrementally differ", g);
            exchanges += m->kind == MOVE_EXCHANGE;
            actions++;
        }
        ck_assert_int_eq(st.h.status, STATUS_OVER);
        if (st.h.winner) {
            ck_assert_int_eq(st.h.pieces[2 - st.h.winner], 0); /* rule 7 */
            ck_assert_int_gt(st.h.pieces[st.h.winner - 1], 0);
            wins[st.h.winner - 1]++;
        } else {
            draws++;
        }
    }
    ck_assert_int_gt(actions, 100LL * TILES_GAMES);
    ck_assert_int_gt(exchanges, 0);
    ck_assert_int_gt(wins[0], 0);
    ck_assert_int_gt(wins[1], 0);
    ck_assert_int_gt(draws, 0);
    move_list_free(&moves);
    free(rs);
}
END_TEST

/* ---- positions by hand ----------------------------------------------------- */

/* Puts "FIELD OWNER" pairs of SPEC on an empty board, PLAYER to move. */
static void position(const ruleset *rs, state *st, int player, const char *spec)
{
    state_clear(rs, st);
    st->h.to_move = (uint8_t)player;
    char field[16];
    int owner, used;
    for (const char *p = spec; sscanf(p, " %15s %d%n", field, &owner, &used) == 2; p += used) {
        int c = cell_of(rs, field);
        st->cell[c] = piece_code(owner, 0);
        st->height[c] = 1;
    }
    state_refresh(rs, st);
}

START_TEST(tiles_notation_of_moves_and_exchanges)
{
    ruleset *rs = front_load_game(TILES_GAME, NULL);
    move_list moves = MOVE_LIST_INIT;
    state st;
    position(rs, &st, 1, "a2.3 1 c3.1 1 d2.4 2 e3.0 2");
    st.h.counter[0][rs->tiles.held_counter] = 2;
    state_refresh(rs, &st);
    int n = engine_moves(rs, &st, &moves);
    ck_assert_int_ge(engine_find_move(rs, moves.m, n, "a2.3-b2.5"), 0);
    int x = engine_find_move(rs, moves.m, n, "xd2.4");
    ck_assert_int_ge(x, 0);
    ck_assert_int_eq(moves.m[x].kind, MOVE_EXCHANGE);
    ck_assert_int_lt(engine_find_move(rs, moves.m, n, "xc3.1"), 0);
    engine_apply(rs, &st, &moves.m[x], NULL);
    ck_assert_int_eq(st.cell[cell_of(rs, "d2.4")], 0);
    ck_assert_int_eq(st.h.counter[0][rs->tiles.held_counter], 0);
    move_list_free(&moves);
    free(rs);
}
END_TEST

/* The capture-threat announcement ("Cura" with the option on). */
START_TEST(tiles_threat_of_capture_is_announced_only_with_the_option)
{
    ruleset *off = front_load_game(TILES_GAME, NULL), *on = front_load_game(TILES_GAME, "cura=on");
    ck_assert_str_eq(off->threat_text, "");
    ck_assert_str_eq(on->threat_text, "Cura");
    move_list buf = MOVE_LIST_INIT;
    state st;
    /* White just moved; white's d1.1-e1.3 would enclose e1.2 at the rim. */
    position(on, &st, 2, "e1.1 1 d1.1 1 e1.2 2 a1.0 2 c5.0 2");
    state before = st;
    ck_assert_int_eq(engine_threat(on, &st, &buf), 1);
    ck_assert(memcmp(&st, &before, sizeof st) == 0);
    /* Without d1.1 nothing can close on e1.2. */
    position(on, &st, 2, "e1.1 1 a1.1 1 e1.2 2 a3.0 2 c5.0 2");
    ck_assert_int_eq(engine_threat(on, &st, &buf), 0);
    /* An exchange is not a threat of capture, and nor is the start. */
    position(on, &st, 2, "e1.1 1 e1.2 2 a3.0 2");
    st.h.counter[0][on->tiles.held_counter] = 2;
    state_refresh(on, &st);
    ck_assert_int_eq(engine_threat(on, &st, &buf), 0);
    state_start(on, &st);
    ck_assert_int_eq(engine_threat(on, &st, &buf), 0);
    move_list_free(&buf);
    free(on);
    free(off);
}
END_TEST

/* Rule 8: the third occurrence is a draw; undo takes the history back. */
START_TEST(tiles_threefold_repetition_draws_and_undo_restores_the_history)
{
    ruleset *rs = front_load_game(TILES_GAME, NULL);
    move_list moves = MOVE_LIST_INIT;
    static const char *const shuffle[4] = { "a1.3-a1.1", "a3.0-a3.2", "a1.1-a1.3", "a3.2-a3.0" };
    state st;
    state_start(rs, &st);
    undo_record u;
    for (int i = 0; i < 8; i++) {
        int n = engine_moves(rs, &st, &moves);
        ck_assert_int_gt(n, 0);
        int k = engine_find_move(rs, moves.m, n, shuffle[i % 4]);
        ck_assert_int_ge(k, 0);
        engine_apply(rs, &st, &moves.m[k], &u);
        ck_assert_int_eq(st.h.status, i == 7 ? STATUS_OVER : STATUS_ONGOING);
    }
    ck_assert_int_eq(st.h.winner, 0);
    ck_assert_int_eq(engine_repetitions(rs, &st), 3);
    engine_undo(rs, &st, &u);
    ck_assert_int_eq(st.h.status, STATUS_ONGOING);
    ck_assert_int_eq(engine_repetitions(rs, &st), 2);
    move_list_free(&moves);
    free(rs);
}
END_TEST

Suite *tiles_suite(void)
{
    Suite *s = suite_create("tiles");
    TCase *tc = tcase_create("tiles");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, tiles_tables_follow_the_formulas_of_the_rules);
    tcase_add_test(tc, tiles_centre_and_rim_fields);
    tcase_add_test(tc, tiles_perft_from_the_start_matches_the_published_counts);
    tcase_add_test(tc, tiles_random_games_end_with_tiles_and_pieces_accounted_for);
    tcase_add_test(tc, tiles_notation_of_moves_and_exchanges);
    tcase_add_test(tc, tiles_threat_of_capture_is_announced_only_with_the_option);
    tcase_add_test(tc, tiles_threefold_repetition_draws_and_undo_restores_the_history);
    suite_add_tcase(s, tc);
    return s;
}
