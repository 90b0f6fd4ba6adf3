/* agent.h - players that choose moves: random, Monte Carlo tree search (UCT),
 * alpha-beta, and the human placeholder the front end asks instead.
 *
 * An agent is made from a spec string ("random", "mcts:500", "alphabeta:3",
 * "human"), owns every buffer it needs (allocated once, at creation or at its
 * first decision), and draws its randomness from the game context's rng, so
 * the same seed gives the same game. Agents are game-agnostic: they read the
 * ruleset and the state only through the engine. */
#ifndef TABULA_AGENT_H
#define TABULA_AGENT_H

#include <stddef.h>

#include "engine/engine.h"
#include "engine/rng.h"

typedef enum agent_kind {
    AGENT_HUMAN,      /* moves typed by a person; agent_choose cannot decide */
    AGENT_RANDOM,     /* a uniformly random legal move */
    AGENT_MCTS,       /* UCT with random playouts */
    AGENT_ALPHABETA,  /* negamax alpha-beta on material and results */
} agent_kind;

#define AGENT_MCTS_DEFAULT 1000     /* iterations per decision */
#define AGENT_MCTS_MAX 1000000      /* the node pool holds ITERATIONS + 1 nodes */
#define AGENT_ALPHABETA_DEFAULT 4   /* plies */
#define AGENT_ALPHABETA_MAX 12
#define AGENT_SPEC_MAX 32           /* bytes of a canonical spec, with the NUL */

/* agent_choose's answer for a human agent: the front end must ask. */
#define AGENT_ASK_HUMAN (-1)

typedef struct agent agent;

/* What the last decision cost, for speed reports. */
typedef struct agent_stats {
    long long work;   /* MCTS iterations, alpha-beta nodes visited, 0 otherwise */
    double seconds;   /* time spent in agent_choose */
} agent_stats;

/* Makes an agent from SPEC. Returns NULL with a specific message in ERR
 * ("unknown agent `minimax` (expected human, random, mcts[:ITERATIONS] or
 * alphabeta[:DEPTH])") when SPEC does not parse or memory runs out. */
agent *agent_create(const char *spec, char *err, size_t errsize);
void agent_free(agent *a);

agent_kind agent_get_kind(const agent *a);
/* The names of the kinds of agent ("human", "random", "mcts", ...), I from
 * 0; NULL past the last. */
const char *agent_kind_name(int i);
/* The canonical spec, with the parameter spelled out ("mcts:1000"). */
const char *agent_spec(const agent *a);
/* The parameter: MCTS iterations or alpha-beta depth; 0 for the others. */
long agent_param(const agent *a);

/* Chooses one of the N (>= 1) legal moves LEGAL of ST, the moves that
 * engine_moves gave for ST; returns its index, or AGENT_ASK_HUMAN for a human.
 * ST is searched in place and restored before returning. R is the game
 * context's generator: the agent takes what randomness it needs from it. */
int agent_choose(agent *a, const ruleset *rs, state *st, const move *legal, int n, rng *r);

const agent_stats *agent_last_stats(const agent *a);

/* The search parts behind agent_choose, one per file. Each keeps its own
 * buffers in an opaque block made by its _new function. */
typedef struct mcts_search mcts_search;
mcts_search *mcts_new(long iterations);
void mcts_free(mcts_search *m);
int mcts_choose(mcts_search *m, const ruleset *rs, const state *st, const move *legal, int n, rng *r,
                long long *iterations);

typedef struct alphabeta_search alphabeta_search;
alphabeta_search *alphabeta_new(int depth);
void alphabeta_free(alphabeta_search *s);
int alphabeta_choose(alphabeta_search *s, const ruleset *rs, state *st, const move *legal, int n, rng *r,
                     long long *nodes);

#endif
