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

#include "engine/cube.h"
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
#define AGENT_MCTS_TIMED_NODES 100000 /* mcts:time=T alone: the tree may hold this many nodes */
#define AGENT_TIME_MIN 0.001       /* seconds: the smallest time budget (a spec's, play --time) */
#define AGENT_TIME_MAX 3600         /* seconds: the largest time budget of a spec */
#define AGENT_SPEC_MAX 48           /* bytes of a canonical spec, with the NUL */

/* agent_choose's answer for a human agent: the front end must ask. */
#define AGENT_ASK_HUMAN (-1)
/* agent_choose's answer when the search met a position whose moves could
 * not be listed (agent_stats.error says why: a moves_error). */
#define AGENT_FAILED (-2)

typedef struct agent agent;

/* How a search values a move (agent_progress.value, agent_stats.value). */
typedef enum agent_value_kind {
    AGENT_VALUE_NONE,     /* no value (random, or nothing searched yet) */
    AGENT_VALUE_CHANCE,   /* MCTS: the mean reward of the move for the mover, 0..1 (a draw 0.5) */
    AGENT_VALUE_SCORE,    /* alpha-beta: the negamax score for the mover (AGENT_SCORE_WIN: a win) */
} agent_value_kind;

/* Alpha-beta scores: a piece of material is AGENT_SCORE_PIECE; a won game
 * scores AGENT_SCORE_WIN times its score, minus the plies it takes. */
#define AGENT_SCORE_PIECE 100
#define AGENT_SCORE_WIN 1000000

/* What the last decision cost and found, for speed reports and hints. */
typedef struct agent_stats {
    long long work;   /* MCTS iterations, alpha-beta nodes visited, 0 otherwise */
    double seconds;   /* time spent in agent_choose */
    int depth;        /* alpha-beta: the deepest search completed */
    int value_kind;   /* agent_value_kind */
    double value;     /* the chosen move's value */
    int timed_out;    /* the time budget ended the search */
    int error;        /* with AGENT_FAILED: the moves_error that stopped the search */
} agent_stats;

/* The message agent_create gives when memory runs out. */
#define AGENT_NO_MEMORY "out of memory"

/* A search under way, reported while it thinks. */
typedef struct agent_progress {
    agent_kind kind;
    long long done;   /* MCTS: iterations so far; alpha-beta: nodes so far */
    long long total;  /* MCTS: iterations planned */
    int depth;        /* alpha-beta: the depth being searched; the last completed is depth - 1 */
    int max_depth;    /* alpha-beta: the depth planned */
    int best;         /* the best move so far, an index into the legal moves; -1 for none yet */
    int value_kind;   /* agent_value_kind */
    double value;     /* the best move's value */
    double seconds;   /* since the decision began */
} agent_progress;

typedef void (*agent_progress_fn)(void *ctx, const agent_progress *p);

/* Makes an agent from SPEC: NAME, or NAME:BUDGET for the searches, BUDGET
 * being a whole number (MCTS iterations, alpha-beta depth) or KEY=VALUE
 * pairs separated by commas: `iterations=N` (mcts), `depth=N` (alphabeta),
 * `time=DURATION` (both: 0.5s, 200ms, 2), which sets the time limit of
 * agent_set_time_limit. With a time alone, the upper bound is
 * AGENT_MCTS_TIMED_NODES iterations or AGENT_ALPHABETA_MAX plies.
 * Returns NULL with a specific message in ERR ("unknown agent `minimax`
 * (expected human, random, mcts[:ITERATIONS] or alphabeta[:DEPTH])") when
 * SPEC does not parse, or AGENT_NO_MEMORY when memory runs out. */
agent *agent_create(const char *spec, char *err, size_t errsize);
void agent_free(agent *a);

agent_kind agent_get_kind(const agent *a);
/* The names of the kinds of agent ("human", "random", "mcts", ...), I from
 * 0; NULL past the last. */
const char *agent_kind_name(int i);
/* The canonical spec, with the parameter spelled out ("mcts:1000"). */
const char *agent_spec(const agent *a);
long agent_param(const agent *a);
/* The bytes agent A holds for its searches (an MCTS node pool of
 * ITERATIONS + 1 nodes, an alpha-beta move buffer per ply), allocated when
 * it is made: what each thread of a run costs per agent. */
size_t agent_memory(const agent *a);
/* The time budget per decision in seconds (the spec's, or the last
 * agent_set_time_limit); 0 when the agent has none. */
double agent_time_budget(const agent *a);

/* The generator of the decision at PLY of a game seeded with SEED: from the
 * seed and the ply alone, so that a resumed game, or game g of a match
 * replayed with `tabula play --seed`, continues exactly as it went. */
void agent_ply_rng(rng *r, uint64_t seed, uint32_t ply);

/* Chooses one of the N (>= 1) legal moves LEGAL of ST, the moves that
 * engine_moves gave for ST; returns its index, AGENT_ASK_HUMAN for a human,
 * or AGENT_FAILED when the search could not list some position's moves.
 * ST is searched in place and restored before returning. R is the game
 * context's generator: the agent takes what randomness it needs from it. */
int agent_choose(agent *a, const ruleset *rs, state *st, const move *legal, int n, rng *r);

const agent_stats *agent_last_stats(const agent *a);

/* Calls FN (with CTX) about every INTERVAL seconds while the agent searches,
 * and once at the end of a search; FN NULL: never. */
void agent_set_progress(agent *a, agent_progress_fn fn, void *ctx, double interval);
/* A time budget per decision in seconds (0: none): MCTS stops early, and
 * alpha-beta deepens one ply at a time and keeps the deepest search that
 * finished in time. The iterations or depth of the spec stay the upper
 * bound. With a budget, the moves chosen depend on the machine's speed. */
void agent_set_time_limit(agent *a, double seconds);

/* What the searches share with agent.c: the progress report and the clock. */
typedef struct agent_watch {
    agent_progress_fn fn;
    void *ctx;
    double interval;  /* seconds between reports */
    double limit;     /* the time budget, 0 for none */
    double start;     /* when the decision began (agent_now) */
    double next;      /* when the next report is due */
    int timed_out;    /* the budget ran out */
} agent_watch;

double agent_now(void);
/* 1 when the budget has run out (and marks it); reports progress P when due. */
int agent_watch_tick(agent_watch *w, agent_progress *p);

/* The search parts behind agent_choose, one per file. Each keeps its own
 * buffers in an opaque block made by its _new function. */
typedef struct mcts_search mcts_search;
mcts_search *mcts_new(long iterations);
void mcts_free(mcts_search *m);
/* The bytes mcts_new(ITERATIONS) allocates: the node pool and its buffer. */
size_t mcts_memory(long iterations);
int mcts_choose(mcts_search *m, const ruleset *rs, const state *st, const move *legal, int n, rng *r,
                agent_watch *w, agent_stats *stats);

typedef struct alphabeta_search alphabeta_search;
alphabeta_search *alphabeta_new(int depth);
void alphabeta_free(alphabeta_search *s);
/* The bytes alphabeta_new(DEPTH) allocates: a move buffer per ply. */
size_t alphabeta_memory(int depth);
int alphabeta_choose(alphabeta_search *s, const ruleset *rs, state *st, const move *legal, int n, rng *r,
                     agent_watch *w, agent_stats *stats);

/* ---- the doubling cube (agent_cube.c) ---- */

/* A position's prospects for the player to move, before its roll. */
typedef struct cube_estimate {
    long games;              /* playouts behind the figures */
    double win;              /* P(the player to move wins) */
    double win_double;       /* P(it wins a double or triple game) */
    double lose_double;      /* P(it loses one) */
} cube_estimate;

/* Plays GAMES random games from ST (each rolling its own dice for the turn
 * to come) with the scratch list BUFFER (check its error). */
void agent_cube_estimate(const ruleset *rs, const state *st, long games, rng *r, move_list *buffer,
                         cube_estimate *out);

/* A's cube decision for PLAYER in ST (the turn of the player who doubles or
 * may double, before its roll): when no double is offered, CUBE_DOUBLE or
 * CUBE_NONE; when G has a double offered to PLAYER, CUBE_TAKE, CUBE_DROP or
 * CUBE_BEAVER. AGENT_ASK_HUMAN for a human, AGENT_FAILED when a position's
 * moves could not be listed. SEEN: the estimate it decided from (games 0
 * when none was made). */
int agent_cube_decide(agent *a, const ruleset *rs, const cube_match *m, const cube_game *g, const state *st,
                      int player, rng *r, move_list *buffer, cube_estimate *seen);


#endif
