/* agent_alphabeta.c - negamax search with alpha-beta pruning to a fixed depth.
 *
 * Game-agnostic evaluation: results are worth far more than material, and
 * material is the difference of the two players' piece counts. Where the
 * rules say a player without pieces wins (misere games), material counts
 * against its owner; that is read from the compiled end conditions, not
 * from the game's name. The search plays and takes back moves in place
 * through engine_apply/engine_undo and uses one preallocated move buffer per
 * ply. Among equally good moves at the root it picks at random. Dice games
 * are searched under one sampled sequence of future rolls (the game's own
 * generator is never read, so the search cannot see the real rolls). */
#include "agent.h"

#include <stdlib.h>
#include <string.h>

#define AB_WIN 1000000     /* a won game, minus the plies it takes */
#define AB_INF 100000000
#define AB_PIECE 100       /* one piece of material */

struct alphabeta_search {
    int depth;             /* plies searched from the root (timed: the deepest search) */
    double seconds;        /* time per decision, or 0: deepen one ply at a time while time is left */
    double deadline;       /* the clock when a timed search must stop; 0 for none */
    int aborted;           /* the deadline passed: the search under way is thrown away */
    move *buffers;         /* depth * TB_MAX_MOVES: the moves of plies 1..depth */
    int order[TB_MAX_MOVES];  /* root move order */
    int ties[TB_MAX_MOVES];   /* root moves sharing the best score */
    int material_sign;     /* +1, or -1 when losing every piece wins */
    long long nodes;       /* positions visited in this decision */
};

alphabeta_search *alphabeta_new(int depth, double seconds)
{
    alphabeta_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->depth = depth;
    s->seconds = seconds;
    s->buffers = malloc((size_t)depth * TB_MAX_MOVES * sizeof *s->buffers);
    if (!s->buffers) {
        free(s);
        return NULL;
    }
    return s;
}

void alphabeta_free(alphabeta_search *s)
{
    if (!s) return;
    free(s->buffers);
    free(s);
}

/* The score of a finished game for the player to move in ST, PLY moves below
 * the root: quicker wins and slower losses score better. */
static int terminal_score(const state *st, int ply)
{
    if (st->h.winner == 0) return 0;
    int v = AB_WIN * (st->h.score ? st->h.score : 1) - ply;
    return st->h.winner == st->h.to_move ? v : -v;
}

static int evaluate(const alphabeta_search *s, const state *st)
{
    int me = st->h.to_move - 1;
    return s->material_sign * AB_PIECE * ((int)st->h.pieces[me] - (int)st->h.pieces[1 - me]);
}

/* Puts the captures first, keeping the generator's order otherwise. */
static void captures_first(move *moves, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (moves[i].ncaps) {
            if (i != k) {
                move t = moves[i];
                memmove(&moves[k + 1], &moves[k], (size_t)(i - k) * sizeof *moves);
                moves[k] = t;
            }
            k++;
        }
}

static int negamax(alphabeta_search *s, const ruleset *rs, state *st, int depth, int alpha, int beta, int ply)
{
    s->nodes++;
    if (s->deadline && (s->nodes & 1023) == 0 && agent_clock() >= s->deadline) s->aborted = 1;
    if (s->aborted) return 0;
    if (st->h.status != STATUS_ONGOING) return terminal_score(st, ply);
    move *moves = s->buffers + (size_t)(ply - 1) * TB_MAX_MOVES;
    /* Settling (a blocked position ends the game, a turn without a playable
     * die passes) writes only the header: it is put back before returning. */
    state_header saved = st->h;
    int n = engine_moves(rs, st, moves);
    int v;
    if (n == 0) {
        v = terminal_score(st, ply);
    } else if (depth == 0) {
        v = evaluate(s, st);
    } else {
        /* After a passed turn the other player moves: search with the
         * window seen from that player. */
        int flip = st->h.to_move != saved.to_move;
        if (flip) {
            int t = alpha;
            alpha = -beta;
            beta = -t;
        }
        captures_first(moves, n);
        v = -AB_INF;
        undo_record u;
        for (int i = 0; i < n; i++) {
            engine_apply(rs, st, &moves[i], &u);
            int w = -negamax(s, rs, st, depth - 1, -beta, -alpha, ply + 1);
            engine_undo(rs, st, &u);
            if (s->aborted) break;
            if (w > v) v = w;
            if (w > alpha) alpha = w;
            if (alpha >= beta) break;
        }
        st->h = saved;
        return flip ? -v : v;
    }
    v = st->h.to_move == saved.to_move ? v : -v;
    st->h = saved;
    return v;
}

/* Scores every root move to DEPTH; moves after the first are searched with
 * the window (best - 1, inf), which is exact for every move that ties or
 * beats the best so far, so the ties can be told apart from the worse moves.
 * Returns how many root moves share the best score (in s->ties), or 0 when
 * the deadline passed first. */
static int search_root(alphabeta_search *s, const ruleset *rs, state *st, const move *legal, int n, int depth)
{
    int best = -AB_INF, nties = 0;
    undo_record u;
    for (int j = 0; j < n; j++) {
        int i = s->order[j];
        engine_apply(rs, st, &legal[i], &u);
        int v = -negamax(s, rs, st, depth - 1, -AB_INF, nties ? -(best - 1) : AB_INF, 1);
        engine_undo(rs, st, &u);
        if (s->aborted) return 0;
        if (v > best) {
            best = v;
            nties = 0;
        }
        if (v == best) s->ties[nties++] = i;
    }
    return nties;
}

int alphabeta_choose(alphabeta_search *s, const ruleset *rs, state *st, const move *legal, int n, rng *r,
                     long long *nodes)
{
    s->nodes = 0;
    s->aborted = 0;
    s->deadline = 0;
    s->material_sign = 1;
    for (int i = 0; i < rs->nends; i++)
        if (rs->ends[i].kind == END_NO_PIECES && rs->ends[i].outcome == OUT_WINS) s->material_sign = -1;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (legal[i].ncaps) s->order[k++] = i;
    for (int i = 0; i < n; i++)
        if (!legal[i].ncaps) s->order[k++] = i;
    /* The game's dice generator would tell the future rolls: search under
     * one sampled sequence of rolls instead (no chance nodes yet). */
    rng dice = st->h.dice_rng;
    rng_seed(&st->h.dice_rng, rng_next(r));
    int nties;
    if (s->seconds <= 0) {
        nties = search_root(s, rs, st, legal, n, s->depth);
    } else {
        /* Deepening: depth 1 always finishes (it is never timed); each
         * deeper search that finishes in time replaces the answer, and its
         * best move is searched first by the next. */
        nties = search_root(s, rs, st, legal, n, 1);
        double deadline = agent_clock() + s->seconds;
        for (int d = 2; d <= s->depth && nties; d++) {
            int keep[TB_MAX_MOVES];
            memcpy(keep, s->ties, (size_t)nties * sizeof *keep);
            for (int j = 0; j < n; j++)
                if (s->order[j] == keep[0]) {
                    memmove(&s->order[1], &s->order[0], (size_t)j * sizeof *s->order);
                    s->order[0] = keep[0];
                    break;
                }
            s->deadline = deadline;
            int t = search_root(s, rs, st, legal, n, d);
            if (!t) {
                memcpy(s->ties, keep, (size_t)nties * sizeof *keep);
                break;
            }
            nties = t;
        }
    }
    st->h.dice_rng = dice;
    *nodes = s->nodes;
    return nties > 1 ? s->ties[rng_below(r, (uint32_t)nties)] : s->ties[0];
}
