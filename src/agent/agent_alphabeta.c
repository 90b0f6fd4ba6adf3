/* agent_alphabeta.c - negamax search with alpha-beta pruning to a fixed depth.
 *
 * Two sides: the player to move at the root with its partners (`teams`),
 * and everyone else. With more than two players the others are searched as
 * one side that plays against the root's (the "paranoid" reading of
 * alpha-beta for many players); with two it is plain negamax. A value is
 * negated where the side to move changes, not at every move: a turn of
 * several moves (one per die) or an extra turn stays with its side.
 *
 * Game-agnostic evaluation: results are worth far more than material, and
 * material is the difference of the two sides' piece counts (each side's
 * count over its players, so that one player against three is even). Where the
 * rules say a player without pieces wins (misere games), material counts
 * against its owner; that is read from the compiled end conditions, not
 * from the game's name. The search plays and takes back moves in place
 * through engine_apply/engine_undo and uses one preallocated move buffer per
 * ply. Among equally good moves at the root it picks at random. Dice games
 * are searched under one sampled sequence of future rolls (the game's own
 * generator is never read, so the search cannot see the real rolls). */
#include "agent.h"
#include "engine/search.h"

#include <stdlib.h>
#include <string.h>

#define AB_WIN AGENT_SCORE_WIN     /* a won game, minus the plies it takes */
#define AB_INF 100000000
#define AB_PIECE AGENT_SCORE_PIECE /* one piece of material */

struct alphabeta_search {
    int depth;             /* plies searched from the root */
    move_list *lists;      /* the moves of plies 1..depth, grown as positions need */
    int *order;            /* root move order */
    int *ties;             /* root moves sharing the best score */
    int *round_ties;       /* those of the depth being searched */
    int nroot;             /* room in order, ties and round_ties */
    int material_sign;     /* +1, or -1 when losing every piece wins */
    uint8_t ally[TB_MAX_PLAYERS + 1]; /* ally[p]: player p is on the root's side (itself, its partners) */
    int nally, nplayers;   /* the players on the root's side, and in all */
    long long nodes;       /* positions visited in this decision */
    agent_watch *watch;    /* progress and the time budget, or NULL */
    agent_progress progress;
    int aborted;           /* the budget ran out: the iteration under way is void */
    int error;             /* a moves_error aborted the search */
};

alphabeta_search *alphabeta_new(int depth)
{
    alphabeta_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->depth = depth;
    s->lists = calloc((size_t)depth, sizeof *s->lists);
    int ok = s->lists != NULL;
    for (int d = 0; ok && d < depth; d++) ok = move_list_reserve(&s->lists[d], TB_MOVES_INITIAL);
    if (!ok) {
        alphabeta_free(s);
        return NULL;
    }
    return s;
}

size_t alphabeta_memory(int depth)
{
    return sizeof(alphabeta_search) + (size_t)depth * TB_MAX_MOVES * sizeof(move);
}

void alphabeta_free(alphabeta_search *s)
{
    if (!s) return;
    if (s->lists) move_lists_free(s->lists, s->depth);
    free(s->lists);
    free(s->order);
    free(s->ties);
    free(s->round_ties);
    free(s);
}

/* Room for the order and ties of N root moves; 0 when out of memory. */
static int root_room(alphabeta_search *s, int n)
{
    if (n <= s->nroot) return 1;
    int *a = realloc(s->order, (size_t)n * sizeof *a);
    if (a) s->order = a;
    int *b = a ? realloc(s->ties, (size_t)n * sizeof *b) : NULL;
    if (b) s->ties = b;
    int *c = b ? realloc(s->round_ties, (size_t)n * sizeof *c) : NULL;
    if (!c) return 0;
    s->round_ties = c;
    s->nroot = n;
    return 1;
}

/* The score of a finished game for the side to move in ST, PLY moves below
 * the root: quicker wins and slower losses score better. */
static int terminal_score(const alphabeta_search *s, const state *st, int ply)
{
    if (st->h.winner == 0) return 0;
    int v = AB_WIN * (st->h.score ? st->h.score : 1) - ply;
    return s->ally[st->h.winner] == s->ally[st->h.to_move] ? v : -v;
}

/* Material for the side to move: its pieces against the other side's, each
 * side's count weighed by the other side's number of players. */
static int evaluate(const alphabeta_search *s, const state *st)
{
    int ours = 0, theirs = 0;
    for (int p = 1; p <= s->nplayers; p++) {
        if (s->ally[p]) ours += st->h.pieces[p - 1];
        else theirs += st->h.pieces[p - 1];
    }
    if (!s->ally[st->h.to_move]) {
        int t = ours;
        ours = theirs;
        theirs = t;
    }
    int n_ours = s->ally[st->h.to_move] ? s->nally : s->nplayers - s->nally;
    return s->material_sign * AB_PIECE * (ours * (s->nplayers - n_ours) - theirs * n_ours);
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
    if (s->aborted) return 0;
    s->nodes++;
    if (s->watch && (s->nodes & 1023) == 0) {
        s->progress.done = s->nodes;
        if (agent_watch_tick(s->watch, &s->progress)) {
            s->aborted = 1;
            return 0;
        }
    }
    if (st->h.status != STATUS_ONGOING) return terminal_score(s, st, ply);
    move_list *list = &s->lists[ply - 1];
    /* Settling (a blocked position ends the game, a turn without a playable
     * die passes) writes only the header: it is put back before returning. */
    state_header saved = st->h;
    int n = engine_moves(rs, st, list);
    if (list->error) { /* the search is void, as when the budget runs out */
        s->error = list->error;
        s->aborted = 1;
        return 0;
    }
    move *moves = list->m;
    int v, side = s->ally[st->h.to_move];
    if (n == 0) {
        v = terminal_score(s, st, ply);
    } else if (depth == 0) {
        v = evaluate(s, st);
    } else {
        /* After a passed turn the other side may move: search with the
         * window seen from that side. */
        int flip = side != s->ally[saved.to_move];
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
            int w = s->ally[st->h.to_move] == side ? negamax(s, rs, st, depth - 1, alpha, beta, ply + 1)
                                                    : -negamax(s, rs, st, depth - 1, -beta, -alpha, ply + 1);
            engine_undo(rs, st, &u);
            if (s->aborted) break;
            if (w > v) v = w;
            if (w > alpha) alpha = w;
            if (alpha >= beta) break;
        }
        st->h = saved;
        return flip ? -v : v;
    }
    v = side == s->ally[saved.to_move] ? v : -v;
    st->h = saved;
    return v;
}

/* Scores every root move at DEPTH into the ties (the moves sharing the best
 * score); moves after the first are searched with the window (best - 1,
 * inf), which is exact for every move that ties or beats the best so far, so
 * the ties can be told apart from the worse moves. Returns the best score;
 * *NTIES 0 when the budget ran out before the first move was scored. */
static int search_root(alphabeta_search *s, const ruleset *rs, state *st, const move *legal, int n, int depth,
                       int *ties, int *nties)
{
    int best = -AB_INF;
    *nties = 0;
    undo_record u;
    for (int j = 0; j < n; j++) {
        int i = s->order[j];
        engine_apply(rs, st, &legal[i], &u);
        int v = s->ally[st->h.to_move] ? negamax(s, rs, st, depth - 1, *nties ? best - 1 : -AB_INF, AB_INF, 1)
                                       : -negamax(s, rs, st, depth - 1, -AB_INF, *nties ? -(best - 1) : AB_INF, 1);
        engine_undo(rs, st, &u);
        if (s->aborted) break;
        if (v > best) {
            best = v;
            *nties = 0;
        }
        if (v == best) ties[(*nties)++] = i;
    }
    return best;
}

/* Without a time budget or progress reports, one search at the full depth.
 * With them, depth 1, 2, ... up to the full depth (iterative deepening), each
 * under the same sampled dice, keeping the deepest that finished: the last
 * one is the very search made without them, so the choice is the same when
 * the budget is not reached. */
int alphabeta_choose(alphabeta_search *s, const ruleset *rs, state *st, const move *legal, int n, rng *r,
                     agent_watch *w, agent_stats *stats)
{
    s->nodes = 0;
    s->aborted = 0;
    s->error = MOVES_OK;
    if (!root_room(s, n)) {
        stats->error = MOVES_NO_MEMORY;
        return 0;
    }
    s->watch = w->fn || w->limit > 0 ? w : NULL;
    s->material_sign = 1;
    s->nplayers = rs->nplayers;
    s->nally = 0;
    for (int p = 1; p <= rs->nplayers; p++) {
        s->ally[p] = (uint8_t)(p == st->h.to_move || (rs->nteams && rs->team[p - 1] == rs->team[st->h.to_move - 1]));
        s->nally += s->ally[p];
    }
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
    uint64_t dice_seed = rng_next(r);
    memset(&s->progress, 0, sizeof s->progress);
    s->progress.kind = AGENT_ALPHABETA;
    s->progress.max_depth = s->depth;
    s->progress.best = -1;
    int best = 0, nties = 0, done = 0;
    for (int d = s->watch ? 1 : s->depth; d <= s->depth; d++) {
        rng_seed(&st->h.dice_rng, dice_seed);
        s->progress.depth = d;
        int *ties = s->round_ties, got;
        int v = search_root(s, rs, st, legal, n, d, ties, &got);
        if (s->error) {
            st->h.dice_rng = dice;
            stats->error = s->error;
            return 0;
        }
        if (s->aborted) {
            if (done == 0 && got) { /* not even depth 1 finished: the best of the moves scored */
                memcpy(s->ties, ties, (size_t)got * sizeof ties[0]);
                nties = got;
                best = v;
            }
            break;
        }
        memcpy(s->ties, ties, (size_t)got * sizeof ties[0]);
        nties = got;
        best = v;
        done = d;
        s->progress.best = s->ties[0];
        s->progress.value_kind = AGENT_VALUE_SCORE;
        s->progress.value = best;
        s->progress.done = s->nodes;
        if (w->fn && d < s->depth) {
            s->progress.depth = d + 1;
            s->progress.seconds = agent_now() - w->start;
            w->fn(w->ctx, &s->progress);
        }
    }
    st->h.dice_rng = dice;
    stats->work = s->nodes;
    stats->depth = done;
    if (nties == 0) { /* the budget ran out before one move was scored */
        s->ties[0] = s->order[0];
        nties = 1;
    } else {
        stats->value_kind = AGENT_VALUE_SCORE;
        stats->value = best;
    }
    if (w->fn) {
        s->progress.best = s->ties[0];
        s->progress.depth = done;
        s->progress.done = s->nodes;
        s->progress.seconds = agent_now() - w->start;
        w->fn(w->ctx, &s->progress);
    }
    return nties > 1 ? s->ties[rng_below(r, (uint32_t)nties)] : s->ties[0];
}
