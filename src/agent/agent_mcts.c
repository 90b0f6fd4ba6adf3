/* agent_mcts.c - Monte Carlo tree search with the UCT selection rule and
 * uniformly random playouts.
 *
 * The tree lives in a node pool of ITERATIONS + 1 nodes allocated once when
 * the agent is made: each iteration adds at most one node, so a decision
 * never allocates. A node keeps the move that led to it; a node's legal moves
 * are regenerated on every visit, not stored (reaching a position includes
 * settling it: rolling dice, passing lost turns), and its children are made
 * in a random rotation of the generation order.
 * Dice games: the tree is grown under one sampled sequence of future rolls
 * per decision (a single determinization, not chance nodes), and every
 * playout rolls its own dice.
 * Each node scores its move for the player who made it (a win 1, a draw
 * 0.5), and selection at a node maximises the score of the player to move
 * there: the same rule for two players or more (max^n), extra turns
 * included. */
#include "agent.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"

#define MCTS_EXPLORATION 1.0   /* the UCT constant c in w/n + c*sqrt(ln N / n) */

typedef struct mcts_node {
    move m;                  /* the move that led here (unused at the root) */
    int32_t first_child;     /* -1 until a child is made */
    int32_t next_sibling;    /* -1 for the last child */
    int32_t parent;          /* -1 at the root */
    int32_t nmoves;          /* legal moves here; -1 until generated */
    int32_t nchildren;       /* children made so far */
    int32_t offset;          /* children are moves offset, offset+1, ... mod nmoves */
    int32_t index;           /* this node's move in its parent's move list */
    uint32_t visits;
    double reward;           /* summed rewards for the player who played m */
    uint8_t mover;           /* the player who played m */
    uint8_t terminal;        /* the game is over here */
    uint8_t winner;          /* terminal: the winner, 0 for a draw */
} mcts_node;

struct mcts_search {
    long iterations;         /* per decision */
    mcts_node *pool;         /* iterations + 1 nodes */
    long used;               /* nodes in use in the current decision */
    move_list buffer;        /* for generation and playouts, grown as positions need */
    rng r;                   /* this search's generator, seeded from the game's */
};

mcts_search *mcts_new(long iterations)
{
    mcts_search *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->iterations = iterations;
    m->pool = malloc((size_t)(iterations + 1) * sizeof *m->pool);
    if (!m->pool || !move_list_reserve(&m->buffer, TB_MOVES_INITIAL)) {
        mcts_free(m);
        return NULL;
    }
    return m;
}

size_t mcts_memory(long iterations)
{
    return sizeof(mcts_search) + (size_t)(iterations + 1) * sizeof(mcts_node) + TB_MAX_MOVES * sizeof(move);
}

void mcts_free(mcts_search *m)
{
    if (!m) return;
    free(m->pool);
    move_list_free(&m->buffer);
    free(m);
}

static int32_t new_node(mcts_search *m, int32_t parent, uint8_t mover)
{
    int32_t id = (int32_t)m->used++;
    mcts_node *nd = &m->pool[id];
    nd->first_child = nd->next_sibling = -1;
    nd->parent = parent;
    nd->nmoves = -1;
    nd->nchildren = 0;
    nd->offset = 0;
    nd->index = -1;
    nd->visits = 0;
    nd->reward = 0;
    nd->mover = mover;
    nd->terminal = 0;
    nd->winner = 0;
    return id;
}

/* The child of NODE with the best UCT value (NODE is fully expanded). */
static int32_t select_child(const mcts_search *m, const mcts_node *node)
{
    double log_n = log((double)node->visits);
    double best = -1;
    int32_t pick = node->first_child;
    for (int32_t c = node->first_child; c >= 0; c = m->pool[c].next_sibling) {
        const mcts_node *ch = &m->pool[c];
        double value = ch->reward / ch->visits + MCTS_EXPLORATION * sqrt(log_n / ch->visits);
        if (value > best) {
            best = value;
            pick = c;
        }
    }
    return pick;
}

/* The score of a game WINNER won (0: a draw) for MOVER: partners share a
 * win (a team's win is named by its first player). */
static double reward_for(const ruleset *rs, int mover, int winner)
{
    if (winner == 0) return 0.5;
    if (winner == mover) return 1.0;
    return rs->nteams && mover >= 1 && rs->team[mover - 1] == rs->team[winner - 1] ? 1.0 : 0.0;
}

/* One iteration: select down the tree, expand one child, play out, back up. */
static void iterate(mcts_search *m, const ruleset *rs, const state *root_state, const move *legal, int nlegal)
{
    state s = *root_state;
    int32_t id = 0;
    for (;;) {
        mcts_node *nd = &m->pool[id];
        if (nd->terminal) break;
        const move *moves = legal;
        int n = nlegal;
        if (id != 0) {
            /* Settling is part of reaching the node (dice are rolled, lost
             * turns pass), so every node below the root generates. */
            n = engine_moves(rs, &s, &m->buffer);
            moves = m->buffer.m;
            if (m->buffer.error) return;
            if (n == 0) {
                nd->terminal = 1;
                nd->winner = s.h.winner;
                break;
            }
            if (nd->nmoves >= 0 && n != nd->nmoves) break; /* not the node's position: play out from here */
        }
        if (nd->nmoves < 0) {
            nd->nmoves = n;
            nd->offset = (int32_t)rng_below(&m->r, (uint32_t)n);
        }
        if (nd->nchildren < nd->nmoves) {
            int k = (nd->offset + nd->nchildren) % nd->nmoves;
            int32_t child = new_node(m, id, s.h.to_move);
            nd = &m->pool[id];
            mcts_node *ch = &m->pool[child];
            ch->m = moves[k];
            ch->index = k;
            ch->next_sibling = nd->first_child;
            nd->first_child = child;
            nd->nchildren++;
            engine_apply(rs, &s, &ch->m, NULL);
            id = child;
            break;
        }
        id = select_child(m, nd);
        engine_apply(rs, &s, &m->pool[id].m, NULL);
    }
    int winner;
    if (m->pool[id].terminal) {
        winner = m->pool[id].winner;
    } else {
        rng_seed(&s.h.dice_rng, rng_next(&m->r)); /* each playout its own dice */
        playout_one(rs, &s, &m->r, &m->buffer);
        if (m->buffer.error) return; /* nothing backed up: the search fails */
        winner = s.h.status == STATUS_OVER ? s.h.winner : 0; /* cut off: a draw */
    }
    for (int32_t c = id; c >= 0; c = m->pool[c].parent) {
        m->pool[c].visits++;
        m->pool[c].reward += reward_for(rs, m->pool[c].mover, winner);
    }
}

/* The root child to play: the most visited; ties go to the better mean reward. */
static int32_t best_child(const mcts_search *m, int32_t root)
{
    int32_t best = -1;
    for (int32_t c = m->pool[root].first_child; c >= 0; c = m->pool[c].next_sibling) {
        const mcts_node *ch = &m->pool[c];
        if (best < 0 || ch->visits > m->pool[best].visits ||
            (ch->visits == m->pool[best].visits && ch->reward > m->pool[best].reward))
            best = c;
    }
    return best;
}

/* Fills the move and value parts of a progress report. */
static void report_best(const mcts_search *m, int32_t root, agent_progress *p)
{
    int32_t b = best_child(m, root);
    p->best = b < 0 ? -1 : m->pool[b].index;
    p->value_kind = b < 0 || !m->pool[b].visits ? AGENT_VALUE_NONE : AGENT_VALUE_CHANCE;
    p->value = b < 0 || !m->pool[b].visits ? 0 : m->pool[b].reward / m->pool[b].visits;
}

int mcts_choose(mcts_search *m, const ruleset *rs, const state *st, const move *legal, int n, rng *r,
                agent_watch *w, agent_stats *stats)
{
    stats->work = 0;
    if (n <= 1) return 0;
    rng_seed(&m->r, rng_next(r));
    m->used = 0;
    int32_t root = new_node(m, -1, 0); /* the root's own score is never read */
    /* The game's dice generator would tell the future rolls: the tree is
     * grown under one sampled sequence of rolls instead, and every playout
     * rolls its own. */
    state start = *st;
    rng_seed(&start.h.dice_rng, rng_next(&m->r));
    agent_progress p = { .kind = AGENT_MCTS, .total = m->iterations, .best = -1 };
    int watched = w->fn || w->limit > 0;
    long i = 0;
    m->buffer.error = MOVES_OK;
    while (i < m->iterations) {
        iterate(m, rs, &start, legal, n);
        if (m->buffer.error) {
            stats->error = m->buffer.error;
            return 0;
        }
        i++;
        /* The clock is read every 64 iterations: often enough for a budget
         * of a tenth of a second, rarely enough to cost nothing. */
        if (watched && (i & 63) == 0) {
            double now = agent_now();
            if (w->fn && now >= w->next) {
                p.done = i;
                report_best(m, root, &p);
                p.seconds = now - w->start;
                w->fn(w->ctx, &p);
                w->next = now + w->interval;
            }
            if (w->limit > 0 && now - w->start >= w->limit) {
                w->timed_out = 1;
                break;
            }
        }
    }
    stats->work = i;
    int32_t best = best_child(m, root);
    if (best >= 0) {
        stats->value_kind = AGENT_VALUE_CHANCE;
        stats->value = m->pool[best].reward / m->pool[best].visits;
    }
    if (w->fn) {
        p.done = i;
        report_best(m, root, &p);
        p.seconds = agent_now() - w->start;
        w->fn(w->ctx, &p);
    }
    return best < 0 ? 0 : m->pool[best].index;
}
