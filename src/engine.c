/* engine.c - applying and undoing moves, and the end conditions. */
#include "engine.h"

#include <stdio.h>
#include <string.h>

static void finish(state *st, int winner, int score)
{
    st->h.status = STATUS_OVER;
    st->h.winner = (uint8_t)winner;
    st->h.score = (uint8_t)score;
}

/* The winner when OUTCOME happens to PLAYER (0: draw). */
static int winner_of(int outcome, int player)
{
    return outcome == OUT_WINS ? player : outcome == OUT_LOSES ? 3 - player : 0;
}

/* The conditions decided by the move just played by MOVER, in file order. */
static void check_end(const ruleset *rs, state *st, const move *m, int mover)
{
    for (int i = 0; i < rs->nends && st->h.status == STATUS_ONGOING; i++) {
        const end_rule *e = &rs->ends[i];
        switch ((end_kind)e->kind) {
        case END_NO_PIECES: {
            /* The opponent first: a capture empties the opponent's side. */
            int other = 3 - mover;
            if (st->h.pieces[other - 1] == 0) finish(st, winner_of(e->outcome, other), 1);
            else if (st->h.pieces[mover - 1] == 0) finish(st, winner_of(e->outcome, mover), 1);
            break;
        }
        case END_REACH:
            if (cellset_has(&e->region[mover - 1], m->to)) finish(st, mover, 1);
            break;
        case END_NO_PROGRESS:
            if (st->h.quiet >= e->moves) finish(st, 0, 1);
            break;
        default:
            break;
        }
    }
}

static int is_progress(const ruleset *rs, const move *m)
{
    for (int i = 0; i < rs->nends; i++) {
        const end_rule *e = &rs->ends[i];
        if (e->kind != END_NO_PROGRESS) continue;
        return (e->reset_capture && m->ncaps) || (e->reset_types & (1u << m->mover));
    }
    return 1;
}

void engine_apply(const ruleset *rs, state *st, const move *m, undo_record *j)
{
    if (j) {
        j->header = st->h;
        j->n = 0;
    }
    int mover = st->h.to_move;
    uint8_t code = st->cell[m->from];
    int type = m->promote != 255 ? m->promote : piece_type(code);
    for (int i = 0; i < m->ncaps; i++) state_set(rs, st, m->caps[i], 0, 0, j);
    state_set(rs, st, m->from, 0, 0, j);
    state_set(rs, st, m->to, piece_code(mover, type), 1, j);
    st->h.quiet = is_progress(rs, m) ? 0 : (uint16_t)(st->h.quiet + 1);
    st->h.ply++;
    st->h.to_move = (uint8_t)(3 - mover);
    st->h.hash ^= rs->zobrist_side;
    check_end(rs, st, m, mover);
}

void engine_undo(const ruleset *rs, state *st, const undo_record *j)
{
    (void)rs;
    for (int i = j->n - 1; i >= 0; i--) {
        st->cell[j->cell[i]] = j->code[i];
        st->height[j->cell[i]] = j->height[i];
    }
    st->h = j->header; /* hash and counts included */
}

int engine_settle(const ruleset *rs, state *st, int nlegal)
{
    if (st->h.status != STATUS_ONGOING) return 1;
    if (nlegal > 0) return 0;
    int outcome = OUT_DRAW;
    for (int i = 0; i < rs->nends; i++)
        if (rs->ends[i].kind == END_BLOCKED) {
            outcome = rs->ends[i].outcome;
            break;
        }
    /* With no `blocked` condition, a player who cannot move has lost nothing: a draw. */
    finish(st, winner_of(outcome, st->h.to_move), 1);
    return 1;
}

int engine_moves(const ruleset *rs, state *st, move *out)
{
    int n = movegen_legal(rs, st, out);
    engine_settle(rs, st, n);
    return n;
}

void engine_result_text(const state *st, char *buf, int size)
{
    if (st->h.status == STATUS_ONGOING) snprintf(buf, (size_t)size, "ongoing");
    else if (st->h.winner == 0) snprintf(buf, (size_t)size, "draw");
    else snprintf(buf, (size_t)size, "%s %d", st->h.score == 2 ? "double-win" : "win", st->h.winner);
}

int engine_find_move(const ruleset *rs, const move *moves, int n, const char *text)
{
    char buf[256];
    for (int i = 0; i < n; i++) {
        move_notation(rs, &moves[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0) return i;
    }
    return -1;
}
