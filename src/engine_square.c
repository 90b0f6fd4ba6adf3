/* engine_square.c - applying moves on cell boards and the end conditions
 * they decide: no pieces, reach, no progress, blocked. */
#include "engine.h"

/* The conditions decided by the move just played by MOVER, in file order. */
static void check_end(const ruleset *rs, state *st, const move *m, int mover)
{
    for (int i = 0; i < rs->nends && st->h.status == STATUS_ONGOING; i++) {
        const end_rule *e = &rs->ends[i];
        switch ((end_kind)e->kind) {
        case END_NO_PIECES: {
            /* The opponent first: a capture empties the opponent's side. */
            int other = 3 - mover;
            if (st->h.pieces[other - 1] == 0) engine_finish(st, engine_winner_of(e->outcome, other), 1);
            else if (st->h.pieces[mover - 1] == 0) engine_finish(st, engine_winner_of(e->outcome, mover), 1);
            break;
        }
        case END_REACH:
            if (cellset_has(&e->region[mover - 1], m->to)) engine_finish(st, mover, 1);
            break;
        case END_NO_PROGRESS:
            if (st->h.quiet >= e->moves) engine_finish(st, 0, 1);
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

static void square_apply(const ruleset *rs, state *st, const move *m, undo_record *j)
{
    int mover = st->h.to_move;
    uint8_t code = st->cell[m->from];
    int type = m->promote != 255 ? m->promote : piece_type(code);
    for (int i = 0; i < m->ncaps; i++) state_set(rs, st, m->caps[i], 0, 0, j);
    state_set(rs, st, m->from, 0, 0, j);
    state_set(rs, st, m->to, piece_code(mover, type), 1, j);
    st->h.quiet = is_progress(rs, m) ? 0 : (uint16_t)(st->h.quiet + 1);
    st->h.ply++;
    engine_next_player(rs, st);
    check_end(rs, st, m, mover);
}

static int square_settle(const ruleset *rs, state *st, int nlegal)
{
    if (nlegal > 0) return 0;
    engine_blocked(rs, st);
    return 1;
}

const engine_ops engine_square_ops = {
    movegen_square_legal,
    square_apply,
    square_settle,
    move_notation_cells,
};
