/* agent_cube.c - an agent's cube decisions: whether to double before its
 * roll, and whether to take, drop or beaver a double, from its chances of
 * winning and of double wins (a win scoring 2 or 3) estimated by random playouts (docs/playing.md,
 * "How the agents handle the cube"). */
#include "agent.h"

#include <string.h>

#include "engine/search.h"

/* Playouts an estimate takes: mcts's iterations up to this many, and this
 * many for alpha-beta (its depth says nothing of playouts). */
#define CUBE_PLAYOUTS_MAX 1000
#define CUBE_PLAYOUTS_MIN 300

/* The window of the doubler's equity (cubeless, per point of the stakes)
 * in which it doubles: below it the double comes too early, above it the
 * game is worth more played on for a double win than the point a drop gives. */
#define CUBE_DOUBLE_FROM 0.4
#define CUBE_DOUBLE_UNTIL 1.0
/* A double is taken when the taker's equity is at least this: taking risks
 * twice the equity, dropping loses one point (-0.5: 25% without double wins). */
#define CUBE_TAKE_POINT (-0.5)

void agent_cube_estimate(const ruleset *rs, const state *st, long games, rng *r, move_list *buffer,
                         cube_estimate *out)
{
    memset(out, 0, sizeof *out);
    int me = st->h.to_move;
    double won = 0;
    long doubles = 0, lost_doubles = 0, played = 0;
    for (long i = 0; i < games; i++) {
        state t = *st;
        /* The roll to come is not known yet: every playout rolls its own. */
        rng_seed(&t.h.dice_rng, rng_next(r));
        if (t.h.status == STATUS_ONGOING) engine_roll(rs, &t);
        playout_one(rs, &t, r, buffer);
        if (buffer->error) break;
        played++;
        if (t.h.status != STATUS_OVER || t.h.winner == 0) { /* cut off or drawn: half a win each */
            won += 0.5;
            continue;
        }
        if (t.h.winner == me) {
            won++;
            doubles += t.h.score >= 2;
        } else {
            lost_doubles += t.h.score >= 2;
        }
    }
    out->games = played;
    if (!played) return;
    out->win = won / (double)played;
    out->win_double = (double)doubles / (double)played;
    out->lose_double = (double)lost_doubles / (double)played;
}

/* The equity of the player to move, per point: 2 P(win) - 1, each double win
 * one point more where it still counts (DOUBLE_FOR, DOUBLE_AGAINST: 1 or 0). */
static double equity(const cube_estimate *e, int double_for, int double_against)
{
    return 2 * e->win - 1 + double_for * e->win_double - double_against * e->lose_double;
}

/* Whether a win of PLAYER's with a single game at VALUE ends the match:
 * its doubles would then count for nothing more. */
static int double_win_dead(const cube_match *m, int player, int value)
{
    return m->to > 0 && m->score[player - 1] + value >= m->to;
}

int agent_cube_decide(agent *a, const ruleset *rs, const cube_match *m, const cube_game *g, const state *st,
                      int player, rng *r, move_list *buffer, cube_estimate *seen)
{
    char why[160];
    memset(seen, 0, sizeof *seen);
    agent_kind kind = agent_get_kind(a);
    int answering = g->offered != 0;
    if (kind == AGENT_HUMAN) return AGENT_ASK_HUMAN;
    if (kind == AGENT_RANDOM) return answering ? CUBE_TAKE : CUBE_NONE; /* never doubles, always takes */
    if (!answering) {
        if (!cube_allowed(rs, m, g, player, CUBE_DOUBLE, why, sizeof why)) return CUBE_NONE;
        if (double_win_dead(m, player, g->value)) return CUBE_NONE; /* a single win already takes the match */
    }
    long games = kind == AGENT_MCTS ? agent_param(a) : CUBE_PLAYOUTS_MAX / 2;
    if (games > CUBE_PLAYOUTS_MAX) games = CUBE_PLAYOUTS_MAX;
    if (games < CUBE_PLAYOUTS_MIN) games = CUBE_PLAYOUTS_MIN;
    /* ST is the doubler's turn, before its roll: the estimate is the doubler's. */
    int doubler = answering ? g->offered : player;
    agent_cube_estimate(rs, st, games, r, buffer, seen);
    if (buffer->error) return AGENT_FAILED;
    int stakes = g->value * 2;
    double e = equity(seen, !double_win_dead(m, doubler, stakes), !double_win_dead(m, tb_opponent(doubler), stakes));
    if (!answering) {
        /* Post-Crawford, the trailer doubles at once: the leader needs one point whatever the cube. */
        int trailer = m->to > 0 && m->crawford_done && !g->crawford && m->score[2 - player] == m->to - 1 &&
                      m->score[player - 1] < m->to - 1;
        return trailer || (e >= CUBE_DOUBLE_FROM && e <= CUBE_DOUBLE_UNTIL) ? CUBE_DOUBLE : CUBE_NONE;
    }
    double taker = -e;
    if (taker > 0 && cube_allowed(rs, m, g, player, CUBE_BEAVER, why, sizeof why)) return CUBE_BEAVER;
    return taker >= CUBE_TAKE_POINT ? CUBE_TAKE : CUBE_DROP;
}
