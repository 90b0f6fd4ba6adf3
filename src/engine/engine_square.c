/* engine_square.c - the engine_ops of cell boards (square grids, the boards
 * of other shapes on them, boards of tiles): the legal moves from the
 * per-piece generator or a fast path of it (movegen.h), with the pass of a
 * blocked player, and applying a move: pieces moved, captured, placed, sown,
 * castled, swapped or exchanged, the tiles' effects (effect_tiles.c), the
 * no-progress count, the repetition history, and then the end conditions
 * (engine_check_end, engine_end.c). Games whose pieces keep marks (a streak,
 * a piece that has moved) have their own pair of ops. */
#include "engine.h"

/* The pieces' own marks after M by MOVER: the captured lose theirs, the
 * mover's travels with it, its streak one longer after a quiet move and
 * started again by a capture or a promotion; the piece the mover moved last,
 * if another, starts its streak again. The mark is hashed: the same cells
 * with another count are another position (its moves may differ). */
static void square_mark_move(const ruleset *rs, state *st, const move *m, int mover, undo_record *j)
{
    uint8_t mark = st->mark[m->from];
    int last = st->h.streak_at[mover - 1] - 1;
    if (last >= 0 && last != m->from && piece_owner(st->cell[last]) == mover)
        state_set_mark(rs, st, last, (uint8_t)(st->mark[last] & ~MARK_STREAK), j);
    for (int i = 0; i < m->ncaps; i++) state_set_mark(rs, st, m->caps[i], 0, j);
    int streak = mark & MARK_STREAK;
    int quiet = !m->ncaps && m->promote == 255;
    /* Counted up to the limit only: more makes no difference, and a count
     * that stops there lets a king that shuffles repeat the position. */
    streak = quiet ? streak + (streak < rs->streak_max) : 0;
    if (rs->moved_types >> m->mover & 1) mark |= MARK_MOVED;
    state_set_mark(rs, st, m->from, 0, j);
    state_set_mark(rs, st, m->to, (uint8_t)((mark & ~MARK_STREAK) | streak), j);
    st->h.streak_at[mover - 1] = quiet ? (uint16_t)(m->to + 1) : 0;
}

/* The ply's counters and history after a move that did not move a piece
 * across the board (a placement, a pass, a swap), then the end conditions
 * (REACHED: the cell a piece came to, or -1). */
static void square_after(const ruleset *rs, state *st, int mover, int progress, int material, int irreversible,
                         int reached)
{
    st->h.quiet = progress ? 0 : (uint16_t)(st->h.quiet + 1);
    st->h.calm = material ? 0 : (uint16_t)(st->h.calm + (st->h.calm < 65535));
    st->h.ply++;
    engine_next_player(rs, st);
    if (rs->uses_repetition) engine_history_push(st, irreversible);
    engine_check_end(rs, st, reached, mover);
}

/* `(capture-to-hand)`: each piece M takes joins MOVER's supply, unpromoted
 * (the supply is in the header: undo puts it back with the rest). */
static void square_take_to_hand(const ruleset *rs, state *st, const move *m, int mover)
{
    for (int i = 0; i < m->ncaps; i++) {
        int t = rs->demote[piece_type(st->cell[m->caps[i]])], p = mover - 1;
        st->h.hash ^= rs->zobrist_hand[p][t] * st->h.hand[p][t];
        st->h.hand[p][t]++;
        st->h.hash ^= rs->zobrist_hand[p][t] * st->h.hand[p][t];
    }
}

/* The pieces on the board of every player but MOVER. */
static inline int others_pieces(const ruleset *rs, const state *st, int mover)
{
    int n = 0;
    for (int p = 1; p <= rs->nplayers; p++) n += p == mover ? 0 : st->h.pieces[p - 1];
    return n;
}

/* The pieces M captures leave the board; the mover's count of captured
 * pieces grows by them (a stack counts its height). */
static void square_take(const ruleset *rs, state *st, const move *m, int mover, undo_record *j)
{
    if (!m->ncaps) return;
    int before = others_pieces(rs, st, mover);
    for (int i = 0; i < m->ncaps; i++) state_set(rs, st, m->caps[i], 0, 0, j);
    int taken = st->h.taken[mover - 1] + before - others_pieces(rs, st, mover);
    st->h.taken[mover - 1] = (uint16_t)(taken < 65535 ? taken : 65535);
}

/* The cells the move M passes over may be taken en passant on the next
 * move when its rule is a passable slide of two cells or more; any other
 * move (M NULL) clears them. */
static void square_passage(const ruleset *rs, state *st, const move *m)
{
    if (!rs->any_passable) return;
    if (st->h.passage_hashed) st->h.hash ^= rs->zobrist_passage[st->h.passage_to];
    st->h.passage_from = st->h.passage_to = TB_NO_CELL;
    st->h.passage_hashed = 0;
    if (!m || m->rule == 255 || !rs->rules[m->rule].passable || m->kind != MOVE_SLIDE) return;
    st->h.passage_from = m->from;
    st->h.passage_to = m->to;
    /* only a passage an enemy piece could take makes another position (for repetitions) */
    st->h.passage_hashed = (uint8_t)state_passage_takable(rs, st);
    if (st->h.passage_hashed) st->h.hash ^= rs->zobrist_passage[m->to];
}

/* A piece from the supply onto the empty cell M->to (and the lines it
 * outflanks turned), the pie rule's swap, or a pass. */
static void square_apply_other(const ruleset *rs, state *st, const move *m, undo_record *j)
{
    int mover = st->h.to_move, p = mover - 1, type = m->mover;
    square_passage(rs, st, NULL);
    if (m->kind == MOVE_PASS) {
        square_after(rs, st, mover, rs->no_progress < 0, 0, 0, -1);
        return;
    }
    if (m->kind == MOVE_SOW) { /* the loop's cells as sowing leaves them; what it took in the mover's store */
        sow_result res;
        sow_play(rs, st, mover, m->from, &res, 0);
        int store = rs->sow.store[p]; /* on the loop or beside it */
        int stored = store == TB_NO_CELL ? 0 : st->height[store];
        uint64_t taken = 0;
        for (int k = 0; k < res.ncaps; k++) taken |= (uint64_t)1 << rs->sow.at[res.caps[k]];
        for (uint64_t bits = res.sown | taken; bits; bits &= bits - 1) { /* the cells it changed, in loop order */
            int i = __builtin_ctzll(bits), cell = rs->sow.loop[i];
            int h = taken >> i & 1 ? 0 : sow_seeds_after(rs, st, &res, i);
            uint8_t code = h ? piece_code(rs->sow.side_at[i], 0) : 0;
            if (st->cell[cell] != code) state_set(rs, st, cell, code, (uint8_t)h, j);
            else if (st->height[cell] != h) state_set_height(rs, st, cell, (uint8_t)h, j);
        }
        if (res.taken) state_set(rs, st, store, piece_code(mover, 0), (uint8_t)(st->height[store] + res.taken), j);
        /* a store never gives seeds back: no earlier position can come again once it grew */
        int grew = store != TB_NO_CELL && st->height[store] != stored;
        st->h.quiet = engine_progress(rs, res.ncaps, 0, 0) ? 0 : (uint16_t)(st->h.quiet + 1);
        st->h.calm = res.ncaps ? 0 : (uint16_t)(st->h.calm + (st->h.calm < 65535));
        st->h.ply++;
        if (!res.extra) engine_next_player(rs, st); /* the last seed in the mover's store: again */
        if (rs->uses_repetition) engine_history_push(st, grew);
        engine_check_end(rs, st, res.last, mover); /* the sowing's end, found again: a playout's move is its pit */
        return;
    }
    if (m->kind == MOVE_CASTLE) { /* the royal piece and the other, both marked as moved */
        uint8_t king = st->cell[m->from], rook = st->cell[m->path[0]];
        if (rs->uses_marks) {
            state_set_mark(rs, st, m->from, 0, j);
            state_set_mark(rs, st, m->path[0], 0, j);
        }
        state_set(rs, st, m->from, 0, 0, j);
        state_set(rs, st, m->path[0], 0, 0, j);
        state_set(rs, st, m->to, king, 1, j);
        state_set(rs, st, m->path[1], rook, 1, j);
        if (rs->uses_marks) {
            state_set_mark(rs, st, m->to, MARK_MOVED, j);
            state_set_mark(rs, st, m->path[1], MARK_MOVED, j);
        }
        square_passage(rs, st, NULL);
        square_after(rs, st, mover, engine_progress(rs, 0, 0, type), 0, 1, m->to);
        return;
    }
    if (m->kind == MOVE_REMOVE) { /* the piece off the board: a change of material no move undoes */
        if (rs->uses_marks) state_set_mark(rs, st, m->from, 0, j);
        state_set(rs, st, m->from, 0, 0, j);
        square_after(rs, st, mover, engine_progress(rs, m->ncaps, 0, type), 1, 1, -1);
        return;
    }
    if (m->kind == MOVE_SWAP) {
        state_set(rs, st, m->from, 0, 0, j);
        state_set(rs, st, m->to, piece_code(mover, type), 1, j);
        square_after(rs, st, mover, 1, 1, 1, -1);
        return;
    }
    square_take(rs, st, m, mover, j);
    state_set(rs, st, m->to, piece_code(mover, type), 1, j);
    if (rs->hand_counted[p][type]) {
        st->h.hash ^= rs->zobrist_hand[p][type] * st->h.hand[p][type];
        st->h.hand[p][type]--;
        st->h.hash ^= rs->zobrist_hand[p][type] * st->h.hand[p][type];
    }
    const move_rule *r = &rs->rules[m->rule];
    if (r->outflank) place_flip(rs, st, r, mover, m->to, j);
    /* A placement adds a piece: no earlier position with a counted supply comes back. */
    square_after(rs, st, mover, engine_progress(rs, r->outflank || m->ncaps, 0, type), 1, rs->hand_counted[p][type],
                 m->to);
}

/* A board of tiles after MOVER's move M: the tiles it removed, the pieces it
 * took by enclosure (effect_tiles.c). Returns 1 when the move took an
 * opponent piece, 2 when it removed a tile and took none, else 0: either way
 * no earlier position can come back, since pieces and tiles never return. */
static int square_tiles_effects(const ruleset *rs, state *st, const move *m, int mover, undo_record *j)
{
    int before = others_pieces(rs, st, mover);
    uint64_t removed = st->h.removed_groups;
    if (m->kind == MOVE_EXCHANGE) effect_tiles_exchange(rs, st, m, mover, j);
    else effect_tiles_after_move(rs, st, m, mover, j);
    return others_pieces(rs, st, mover) < before ? 1 : st->h.removed_groups != removed ? 2 : 0;
}

static void square_apply(const ruleset *rs, state *st, const move *m, undo_record *j)
{
    if (m->kind >= MOVE_PLACE) {
        square_apply_other(rs, st, m, j);
        return;
    }
    if (m->kind == MOVE_ADVANCE || m->kind == MOVE_ENTER || m->kind == MOVE_BEAR_OFF) { /* one die's sub-move */
        effect_advance_apply(rs, st, m, j);
        return;
    }
    int mover = st->h.to_move;
    if (m->kind == MOVE_EXCHANGE) { /* collected tiles for an enemy piece */
        square_tiles_effects(rs, st, m, mover, j);
        square_after(rs, st, mover, engine_progress(rs, 1, 0, m->mover), 1, 1, -1);
        return;
    }
    uint8_t code = st->cell[m->from];
    int type = m->promote != 255 ? m->promote : piece_type(code);
    if (rs->captures_to_hand) square_take_to_hand(rs, st, m, mover);
    square_take(rs, st, m, mover, j);
    if (st->height[m->from] == 1 && !st->cell[m->to]) {
        state_move_piece(rs, st, m->from, m->to, piece_code(mover, type), j);
    } else { /* a chain that ends where it began, or a stack */
        state_set(rs, st, m->from, 0, 0, j);
        state_set(rs, st, m->to, piece_code(mover, type), 1, j);
    }
    if (m->shot != TB_NO_CELL) state_set(rs, st, m->shot, piece_code(mover, m->shot_type), 1, j);
    square_passage(rs, st, m);
    int effects = rs->tiles.on ? square_tiles_effects(rs, st, m, mover, j) : 0;
    int material = m->ncaps || m->promote != 255 || m->shot != TB_NO_CELL || effects;
    st->h.quiet = engine_progress(rs, m->ncaps || effects == 1, m->promote != 255, m->mover) ? 0
                                                                                             : (uint16_t)(st->h.quiet + 1);
    st->h.calm = material ? 0 : (uint16_t)(st->h.calm + (st->h.calm < 65535));
    st->h.ply++;
    engine_next_player(rs, st);
    /* After a capture, a promotion or a move no piece can undo, no earlier
     * position can come back: the repetition history starts again. */
    if (rs->uses_repetition) engine_history_push(st, material || rs->irreversible_type[m->mover]);
    engine_check_end(rs, st, m->to, mover);
}

/* Boards whose playable cells fit 128 bits have the bitboard generator, and
 * games of plain steps on other boards the loop of movegen_steps.c. */
static int square_moves(const ruleset *rs, const state *st, move_list *out)
{
    return rs->bb.ok        ? movegen_bitboard_legal(rs, st, out)
           : rs->steps_fast ? movegen_steps_legal(rs, st, out)
                            : movegen_square_legal(rs, st, out);
}

static int square_legal(const ruleset *rs, const state *st, move_list *out)
{
    int n = square_moves(rs, st, out);
    return rs->pass_when_blocked ? movegen_pass_if_blocked(rs, st, out, n, square_moves) : n;
}

/* A player without a move: a turn of dice is lost and the dice are thrown
 * for the next; elsewhere the game ends by `blocked`. */
static int square_settle(const ruleset *rs, state *st, int nlegal)
{
    return rs->track.on ? effect_advance_settle(rs, st, nlegal) : engine_settle_blocked(rs, st, nlegal);
}

const engine_ops engine_square_ops = {
    square_legal,
    square_apply,
    square_settle,
    move_notation_cells,
};

/* Games whose pieces keep their own state (ruleset.uses_marks) have these
 * two in place of the plain ones, so that the others pay nothing for it. */
static void square_apply_marked(const ruleset *rs, state *st, const move *m, undo_record *j)
{
    if (m->kind < MOVE_PLACE) square_mark_move(rs, st, m, st->h.to_move, j); /* a placed piece starts afresh */
    square_apply(rs, st, m, j);
}

static int square_moves_marked(const ruleset *rs, const state *st, move_list *out)
{
    int n = square_moves(rs, st, out);
    return n && rs->streak_type >= 0 ? movegen_streak_filter(rs, st, out, n) : n;
}

static int square_legal_marked(const ruleset *rs, const state *st, move_list *out)
{
    int n = square_moves_marked(rs, st, out);
    return rs->pass_when_blocked ? movegen_pass_if_blocked(rs, st, out, n, square_moves_marked) : n;
}

const engine_ops engine_square_marked_ops = {
    square_legal_marked,
    square_apply_marked,
    square_settle,
    move_notation_cells,
};

/* Games whose every rule is `advance` (rs->advance_only): the functions the
 * ops above reach for them, called without the dispatch (a turn of dice is
 * several sub-moves, each a call of all three). check_movegen plays them
 * against engine_square_ops, position for position. */
const engine_ops engine_dice_ops = {
    movegen_advance_legal,
    effect_advance_apply,
    effect_advance_settle,
    move_notation_cells,
};
