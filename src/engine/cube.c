/* cube.c - the doubling cube's rules and match scores (see cube.h). */
#include "cube.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const names[] = { "", "double", "take", "drop", "beaver" };

const char *cube_action_name(int action)
{
    return action >= 0 && action <= CUBE_BEAVER ? names[action] : "";
}

int cube_action_of(const char *text)
{
    for (int a = CUBE_DOUBLE; a <= CUBE_BEAVER; a++)
        if (strcasecmp(text, names[a]) == 0) return a;
    return CUBE_NONE;
}

void cube_match_init(cube_match *m, int to)
{
    memset(m, 0, sizeof *m);
    m->to = to;
}

void cube_game_start(const ruleset *rs, cube_match *m, cube_game *g)
{
    memset(g, 0, sizeof *g);
    g->value = 1;
    if (m->to > 0 && rs->cube.crawford && !m->crawford_done) {
        int one = (m->score[0] == m->to - 1) != (m->score[1] == m->to - 1);
        if (one) g->crawford = m->crawford_done = 1;
    }
}

int cube_allowed(const ruleset *rs, const cube_match *m, const cube_game *g, int player, int action, char *why,
                 size_t size)
{
    const char *name = cube_action_name(action);
#define REFUSE(...) do { snprintf(why, size, __VA_ARGS__); return 0; } while (0)
    if (!rs->cube.on) REFUSE("this game has no doubling cube (its rules declare no `doubling-cube`)");
    if (g->dropped) REFUSE("the game is over: player %d dropped", g->dropped);
    if (action == CUBE_DOUBLE) {
        if (g->offered) REFUSE("a double is already offered: player %d is to take or drop", tb_opponent(g->offered));
        if (g->crawford) REFUSE("no doubling in the Crawford game (a player needs one point to win the match)");
        if (g->owner && g->owner != player) REFUSE("the cube is player %d's: only they may double", g->owner);
        if (g->value >= rs->cube.max) REFUSE("the cube is at its highest, %d", g->value);
        return 1;
    }
    if (!g->offered) REFUSE("`%s` answers a double, and none is offered", name);
    if (g->offered == player) REFUSE("`%s` is player %d's answer to the double, not the doubler's", name, tb_opponent(player));
    if (action == CUBE_BEAVER) {
        if (!rs->cube.beavers) REFUSE("beavers are off (the rules' `beavers:` of `doubling-cube`)");
        if (m->to > 0) REFUSE("no beavers in match play");
        if (g->value * 4 > rs->cube.max) REFUSE("a beaver would pass the cube's highest value, %d", rs->cube.max);
    }
    return 1;
#undef REFUSE
}

void cube_apply(cube_game *g, int player, int action)
{
    switch (action) {
    case CUBE_DOUBLE: g->offered = player; break;
    case CUBE_TAKE:
        g->value *= 2;
        g->owner = player; /* the taker owns the cube */
        g->offered = 0;
        break;
    case CUBE_BEAVER:
        g->value *= 4;     /* taken and redoubled at once: the beaver keeps the cube */
        g->owner = player;
        g->offered = 0;
        g->beavered = 1;
        break;
    case CUBE_DROP:
        g->dropped = player;
        g->offered = 0;
        break;
    default: break;
    }
}

int cube_points(const ruleset *rs, const cube_match *m, const cube_game *g, int score)
{
    if (g->dropped) return g->value;
    if (score < 1) score = 1;
    if (rs->cube.jacoby && m->to == 0 && g->owner == 0) score = 1;
    return score * g->value;
}

int cube_match_add(cube_match *m, int winner, int points)
{
    m->games++;
    if (winner < 1 || winner > 2) return 0;
    m->score[winner - 1] += points;
    return m->to > 0 && m->score[winner - 1] >= m->to;
}

int cube_match_winner(const cube_match *m)
{
    if (m->to <= 0) return 0;
    return m->score[0] >= m->to ? 1 : m->score[1] >= m->to ? 2 : 0;
}

void cube_text(const cube_match *m, const cube_game *g, char *buf, size_t size)
{
    int k;
    if (g->owner) k = snprintf(buf, size, "cube %d, player %d's", g->value, g->owner);
    else k = snprintf(buf, size, "cube %d, centred", g->value);
    if (k < 0 || (size_t)k >= size) return;
    if (g->offered)
        k += snprintf(buf + k, size - (size_t)k, "; player %d doubles to %d, player %d to take or drop", g->offered,
                      g->value * 2, tb_opponent(g->offered));
    if (k < 0 || (size_t)k >= size) return;
    if (m->to > 0)
        k += snprintf(buf + k, size - (size_t)k, "; match to %d, score %d-%d%s", m->to, m->score[0], m->score[1],
                      g->crawford ? ", Crawford game" : "");
}
