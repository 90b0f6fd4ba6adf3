/* engine_end.c - how games end: the end conditions a move decides (no
 * pieces, reach, material, no progress, repetition), the blocked player,
 * the repetition history and the result. */
#include "engine.h"

#include <stdio.h>
#include <string.h>

#include "line_runs.h"

void engine_finish(state *st, int winner, int score, const end_rule *by)
{
    st->h.status = STATUS_OVER;
    st->h.winner = (uint8_t)winner;
    st->h.score = (uint8_t)score;
    st->h.decided_by = (uint8_t)(by ? by->clause + 1 : 0);
}


/* The K-th player in turn from MOVER (K = 0 or nplayers: MOVER itself). */
static inline int in_turn(const ruleset *rs, int mover, int k)
{
    int p = mover + k; /* K is at most nplayers: one turn round at most */
    return p > rs->nplayers ? p - rs->nplayers : p;
}

int engine_winner_of(int outcome, int player)
{
    return outcome == OUT_WINS ? player : outcome == OUT_LOSES ? tb_opponent(player) : 0;
}


/* Puts PLAYER out (more than two players), keeping the hash; 0 when out already. */
static int put_out(const ruleset *rs, state *st, int player)
{
    if (st->h.out >> (player - 1) & 1) return 0;
    st->h.out |= (uint8_t)(1u << (player - 1));
    st->h.hash ^= rs->zobrist_out[player - 1];
    return 1;
}

void engine_decide(const ruleset *rs, state *st, int outcome, int player, const end_rule *by)
{
    if (outcome != OUT_LOSES || rs->nplayers <= 2) {
        engine_finish(st, engine_winner_of(outcome, player), 1, by);
        return;
    }
    if (!put_out(rs, st, player)) return; /* out already */
    int left = 0, last = 0;
    for (int p = 1; p <= rs->nplayers; p++)
        if (!(st->h.out >> (p - 1) & 1)) left++, last = p;
    if (left == 1) engine_finish(st, last, 1, by); /* the last one in wins */
    else if (st->h.to_move == player) engine_next_player(rs, st);
}


/* 1 when PLAYER and OTHER play on one side: the same player, or partners. */
static int same_side(const ruleset *rs, int player, int other)
{
    return player == other || (rs->nteams && rs->team[player - 1] == rs->team[other - 1]);
}

void engine_resign(const ruleset *rs, state *st, int player)
{
    if (same_side(rs, player, st->h.to_move)) st->h.ndice = 0; /* the roll under way is not played */
    for (int p = 1; p <= rs->nplayers; p++)
        if (same_side(rs, player, p)) put_out(rs, st, p);
    int first_in = 0, sides_in = 0;
    for (int p = 1; p <= rs->nplayers; p++) {
        if (st->h.out >> (p - 1) & 1) continue;
        if (!first_in) first_in = p, sides_in = 1;
        else if (!same_side(rs, first_in, p)) sides_in++;
    }
    if (sides_in == 1) engine_finish(st, first_in, 1, NULL); /* the last side in wins, named by its first player */
    else if (st->h.out >> (st->h.to_move - 1) & 1) engine_next_player(rs, st);
}


int engine_has_move(const ruleset *rs, const state *st, movegen_fn generate, move *room, int nroom)
{
    move_list some = { room, 0, nroom, MOVES_OK, NULL, 0, 1, 1 }; /* a count: what the moves take is not needed */
    int n = generate(rs, st, &some);
    if (!some.error) return n > 0;
    /* More candidates than the room holds: the filters after generation (a
     * royal piece's safety) may yet leave none, so the whole list decides. */
    move_list all = MOVE_LIST_INIT;
    all.defer = 1;
    n = generate(rs, st, &all);
    int known = !all.error;
    move_list_free(&all);
    return known ? n > 0 : 1; /* out of memory: taken as moves, the game goes on */
}

void engine_blocked(const ruleset *rs, state *st)
{
    const end_rule *by = NULL;
    /* A royal piece not attacked: the stalemate condition decides, if there is one. */
    int stalemate = rs->royal_type >= 0 && !movegen_in_check(rs, st, st->h.to_move);
    for (int i = 0; i < rs->nends && !by && stalemate; i++)
        if (rs->ends[i].kind == END_STALEMATE) by = &rs->ends[i];
    for (int i = 0; i < rs->nends && !by; i++)
        if (rs->ends[i].kind == END_BLOCKED) by = &rs->ends[i];
    /* With no `blocked` condition, a player who cannot move has lost nothing: a draw. */
    if (by && (by->outcome == OUT_MOST_PIECES || by->outcome == OUT_MOST_CAPTURED)) {
        int most = by->outcome == OUT_MOST_PIECES, best = 0, winner = 0; /* a tie for the most: a draw */
        for (int p = 1; p <= rs->nplayers; p++) {
            int n = most ? st->h.pieces[p - 1] : st->h.taken[p - 1];
            if (n > best) best = n, winner = p;
            else if (n == best) winner = 0;
        }
        engine_finish(st, winner, 1, by);
        return;
    }
    engine_decide(rs, st, by ? by->outcome : OUT_DRAW, st->h.to_move, by);
}


/* 1 when the player's pieces fit one side of a material balance. */
static int side_matches(const ruleset *rs, const state *st, int player, const material_side *m)
{
    int total = st->h.pieces[player - 1];
    if (total < m->total_min || total > m->total_max) return 0;
    for (int k = 0; k < m->ntypes; k++) {
        const cellset *where = m->in_region[k] ? &rs->regions[m->region_index[k]].cells[player - 1] : NULL;
        int n = 0;
        for (int w = 0; w < TB_CELL_WORDS; w++)
            for (uint64_t bits = st->occupant[player - 1].w[w] & (where ? where->w[w] : ~0ull); bits; bits &= bits - 1) {
                int cell = w * 64 + __builtin_ctzll(bits);
                if (piece_type(st->cell[cell]) == m->type[k]) n += st->height[cell];
            }
        if (n < m->type_min[k] || n > m->type_max[k]) return 0;
    }
    return 1;
}


int engine_material_matches(const ruleset *rs, const state *st, const end_rule *e)
{
    int total = st->h.pieces[0] + st->h.pieces[1];
    if (total < e->total_min || total > e->total_max) return 0;
    if (side_matches(rs, st, 1, &e->side[0]) && side_matches(rs, st, 2, &e->side[1])) return 1;
    if (side_matches(rs, st, 2, &e->side[0]) && side_matches(rs, st, 1, &e->side[1])) return 2;
    return 0;
}


void engine_history_push(state *st, int irreversible)
{
    st->history[st->h.hist_top++] = st->h.hash; /* a byte: wraps round the ring */
    if (irreversible) st->h.hist_len = 1;
    else if (st->h.hist_len < TB_HISTORY) st->h.hist_len++;
}


/* Plies back to the earliest occurrence of the current position in the
 * history (0: it is the first). */
static int repetition_span(const state *st)
{
    int span = 0;
    for (int k = 2; k < st->h.hist_len; k += 2)
        if (st->history[(uint8_t)(st->h.hist_top - 1 - k)] == st->h.hash) span = k;
    return span;
}

/* The winner of a repetition under E: with `perpetual-check:loses`, the
 * other of the one player who checked with each of their moves since the
 * position first stood (each made half the plies); else a draw. */
static int repetition_winner(const end_rule *e, const state *st)
{
    if (!e->perpetual_loses) return 0;
    int half = repetition_span(st) / 2;
    int one = st->h.checking[0] >= half, two = st->h.checking[1] >= half;
    return one == two ? 0 : one ? 2 : 1;
}

int engine_repetitions(const ruleset *rs, const state *st)
{
    /* With two players only every second entry can match: the player to move is in the hash. */
    int n = 0, step = rs->nplayers == 2 ? 2 : 1;
    for (int k = 0; k < st->h.hist_len; k += step)
        n += st->history[(uint8_t)(st->h.hist_top - 1 - k)] == st->h.hash;
    return n;
}


/* 1 when the player to move has no legal move and a `blocked` condition
 * comes before end condition E in the file: then it decides, not E. */
static int blocked_first(const ruleset *rs, const state *st, const end_rule *e)
{
    move room[64];
    for (const end_rule *b = rs->ends; b < e; b++)
        if (b->kind == END_BLOCKED) return !engine_has_move(rs, st, rs->ops->legal, room, 64);
    return 0;
}


/* 1 when PLAYER has a piece (of TYPE; -1: any) on a cell of REGION. */
static int owns_a_cell_of(const ruleset *rs, const state *st, int player, const cellset *region, int type)
{
    for (int c = 0; c < rs->ncells; c++)
        if (cellset_has(region, c) && st->cell[c] && piece_owner(st->cell[c]) == player &&
            (type < 0 || piece_type(st->cell[c]) == type))
            return 1;
    return 0;
}

/* The pieces of PLAYER in a row from CELL in direction D, CELL excluded. */
static int run_from(const ruleset *rs, const state *st, int player, int cell, int d)
{
    int n = 0;
    for (int c = rs->nbr[cell][d]; c != TB_NO_CELL && piece_owner(st->cell[c]) == player; c = rs->nbr[c][d]) n++;
    return n;
}

/* 1 when the piece of PLAYER on CELL stands in a line of E's length (exactly,
 * with `exact`) along one of the board's lines (a direction and its opposite). */
static int line_through(const ruleset *rs, const state *st, const end_rule *e, int player, int cell)
{
    if (piece_owner(st->cell[cell]) != player) return 0;
    if (e->runs >= 0) return line_runs_through(&rs->runs[e->runs], st->occupant[player - 1].w[0], cell, e->exact);
    for (int d = 0; d < 4; d++) {
        int n = 1 + run_from(rs, st, player, cell, d) + run_from(rs, st, player, cell, d + 4);
        if (e->exact ? n == e->moves : n >= e->moves) return 1;
    }
    return 0;
}

/* 1 when PLAYER has a line of E anywhere (a position given as it stands). */
static int line_anywhere(const ruleset *rs, const state *st, const end_rule *e, int player)
{
    for (int i = 0; i < rs->nplayable; i++)
        if (line_through(rs, st, e, player, rs->playable_cells[i])) return 1;
    return 0;
}

/* 1 when the group of PLAYER's pieces holding CELL (pieces linked by the
 * board's neighbour links) has a cell in each end of the connection E. SEEN
 * collects the group's cells. */
static int group_connects(const ruleset *rs, const state *st, const end_rule *e, int player, int cell, cellset *seen)
{
    cell_id stack[TB_MAX_CELLS];
    int n = 0, at_a = 0, at_b = 0, nw = (rs->ncells + 63) >> 6;
    const cellset *a = &e->region[player - 1], *b = &e->other[player - 1], *own = &st->occupant[player - 1];
    stack[n++] = (cell_id)cell;
    cellset_add(seen, cell);
    while (n) {
        int c = stack[--n];
        at_a |= cellset_has(a, c);
        at_b |= cellset_has(b, c);
        if (at_a && at_b) return 1;
        for (int w = 0; w < nw; w++) { /* the neighbours of C of the group not seen yet, a word at a time */
            uint64_t fresh = rs->nbr_set[c].w[w] & own->w[w] & ~seen->w[w];
            seen->w[w] |= fresh;
            for (; fresh; fresh &= fresh - 1) stack[n++] = (cell_id)(w * 64 + __builtin_ctzll(fresh));
        }
    }
    return 0;
}

/* 1 when PLAYER's pieces link the two ends of E: through CELL, or
 * anywhere when CELL is negative. */
static int connected(const ruleset *rs, const state *st, const end_rule *e, int player, int cell)
{
    cellset seen;
    memset(&seen, 0, sizeof seen);
    if (cell >= 0) return piece_owner(st->cell[cell]) == player && group_connects(rs, st, e, player, cell, &seen);
    for (int c = 0; c < rs->ncells; c++)
        if (cellset_has(&e->region[player - 1], c) && piece_owner(st->cell[c]) == player && !cellset_has(&seen, c) &&
            group_connects(rs, st, e, player, c, &seen))
            return 1;
    return 0;
}

void engine_check_end(const ruleset *rs, state *st, int reached, int mover)
{
    if (rs->counts_checks && reached != REACHED_AS_GIVEN) { /* this move checked, or the count starts again */
        int gave = movegen_in_check(rs, st, tb_opponent(mover));
        st->h.checking[mover - 1] = gave ? (uint16_t)(st->h.checking[mover - 1] + (st->h.checking[mover - 1] < 65535)) : 0;
    }
    if (rs->ends_counted_only && reached != REACHED_AS_GIVEN && st->h.quiet < rs->quiet_min &&
        st->h.hist_len < rs->rep_min && st->h.calm > rs->calm_max)
        return; /* no count has reached a condition's */
    for (int i = 0; i < rs->nchecks && st->h.status == STATUS_ONGOING; i++) {
        const end_rule *e = &rs->ends[rs->checks[i]];
        switch ((end_kind)e->kind) {
        case END_NO_PIECES:
            /* The opponents first: a capture empties an opponent's side. */
            for (int k = 1; k <= rs->nplayers && st->h.status == STATUS_ONGOING; k++) {
                int p = in_turn(rs, mover, k);
                if (st->h.pieces[p - 1] == 0) engine_decide(rs, st, e->outcome, p, e);
            }
            break;
        case END_REACH:
            if (reached >= 0) {
                if (cellset_has(&e->region[mover - 1], reached) &&
                    (e->piece < 0 || piece_type(st->cell[reached]) == e->piece))
                    engine_finish(st, mover, 1, e);
            } else if (reached == REACHED_AS_GIVEN) { /* a piece already there has won (the last mover first) */
                for (int k = 0; k < rs->nplayers && st->h.status == STATUS_ONGOING; k++) {
                    int p = in_turn(rs, mover, k);
                    if (owns_a_cell_of(rs, st, p, &e->region[p - 1], e->piece)) engine_finish(st, p, 1, e);
                }
            }
            break;
        case END_LINE:
        case END_CONNECT:
            /* The move's cell, or anywhere in a position given as it stands (the last mover first). */
            if (reached >= 0) {
                if (e->kind == END_LINE ? line_through(rs, st, e, mover, reached) : connected(rs, st, e, mover, reached))
                    engine_decide(rs, st, e->outcome, mover, e);
                break;
            }
            for (int k = 0; k < rs->nplayers && reached == REACHED_AS_GIVEN && st->h.status == STATUS_ONGOING; k++) {
                int p = in_turn(rs, mover, k);
                if (e->kind == END_LINE ? line_anywhere(rs, st, e, p) : connected(rs, st, e, p, -1))
                    engine_decide(rs, st, e->outcome, p, e);
            }
            break;
        case END_NO_TYPE:
            for (int k = 1; k <= rs->nplayers && st->h.status == STATUS_ONGOING; k++) {
                int p = in_turn(rs, mover, k), left = !(e->moves >> p & 1); /* e->moves: who starts with them */
                if (rs->bb.sets_kept) /* the type's set is whole: one test, not a walk of every cell */
                    left = left || st->typed[p - 1][e->piece] != 0;
                else
                    for (int c = 0; c < rs->ncells && !left; c++) left = st->cell[c] == piece_code(p, e->piece);
                if (!left) engine_decide(rs, st, e->outcome, p, e);
            }
            break;
        case END_CANNOT_FEED:
            if (sow_cannot_feed(rs, st, st->h.to_move)) { /* the seeds left go to the player on whose side they lie */
                int a = st->h.pieces[0], b = st->h.pieces[1];
                engine_finish(st, a > b ? 1 : b > a ? 2 : 0, 1, e);
            }
            break;
        case END_PITS_EMPTY: {
            int seeds[2] = { 0, 0 }; /* every pit is on the loop (the compiler checks) */
            for (int k = 0; k < 2; k++)
                for (uint64_t bits = rs->sow.pit_bits[k]; bits && !seeds[k]; bits &= bits - 1)
                    seeds[k] = st->height[rs->sow.loop[__builtin_ctzll(bits)]];
            if (seeds[0] && seeds[1]) break;
            /* the seeds left go to the player on whose side they lie: each side's count as it stands */
            int a = st->h.pieces[0], b = st->h.pieces[1];
            engine_finish(st, a > b ? 1 : b > a ? 2 : 0, 1, e);
            break;
        }
        case END_STORED:
            for (int k = 0; k < 2 && st->h.status == STATUS_ONGOING; k++) {
                int p = k ? tb_opponent(mover) : mover, store = rs->sow.store[p - 1];
                if (store != TB_NO_CELL && st->height[store] >= e->moves) engine_decide(rs, st, e->outcome, p, e);
            }
            break;
        case END_FEWER_PIECES:
            for (int k = 1; k <= rs->nplayers && st->h.status == STATUS_ONGOING; k++) {
                int p = in_turn(rs, mover, k); /* the opponents first: a removal thins their side */
                int have = st->h.pieces[p - 1];
                for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) have += st->h.hand[p - 1][t];
                if (have < e->moves) engine_decide(rs, st, e->outcome, p, e);
            }
            break;
        case END_NO_PROGRESS:
            if (st->h.quiet >= e->moves && !blocked_first(rs, st, e)) engine_finish(st, 0, 1, e);
            break;
        case END_REPETITION:
            if (engine_repetitions(rs, st) >= e->moves && !blocked_first(rs, st, e))
                engine_finish(st, repetition_winner(e, st), 1, e);
            break;
        case END_MATERIAL:
            /* The material is the same since calm was 0: judged once, when the count reaches the rule's. */
            if (st->h.calm >= e->moves && (st->h.calm == e->moves || reached == REACHED_AS_GIVEN) &&
                engine_material_matches(rs, st, e) && !blocked_first(rs, st, e))
                engine_finish(st, 0, 1, e);
            break;
        case END_MATERIAL_WIN: {
            int who = engine_material_matches(rs, st, e);
            if (who) engine_finish(st, who, 1, e);
            break;
        }
        default:
            break;
        }
    }
}


void engine_result_text(const state *st, char *buf, int size)
{
    if (st->h.status == STATUS_ONGOING) snprintf(buf, (size_t)size, "ongoing");
    else if (st->h.winner == 0) snprintf(buf, (size_t)size, "draw");
    else snprintf(buf, (size_t)size, "%s %d", st->h.score == 3 ? "triple-win" : st->h.score == 2 ? "double-win" : "win",
                  st->h.winner);
}

void engine_judge(const ruleset *rs, state *st)
{
    if (st->h.status == STATUS_ONGOING) engine_check_end(rs, st, REACHED_AS_GIVEN, engine_last_mover(rs, st));
}
