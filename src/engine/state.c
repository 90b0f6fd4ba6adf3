/* state.c - building positions and writing cells with hash and journal upkeep. */
#include "state.h"

#include <string.h>

void state_clear(const ruleset *rs, state *st)
{
    (void)rs;
    memset(st, 0, sizeof *st);
    st->h.to_move = 1;
    st->h.score = 1;
}

void state_refresh(const ruleset *rs, state *st)
{
    st->h.hash = st->h.to_move == 2 ? rs->zobrist_side : 0;
    st->h.pieces[0] = st->h.pieces[1] = 0;
    memset(st->occupant, 0, sizeof st->occupant);
    for (int c = 0; c < rs->ncells; c++) {
        uint8_t code = st->cell[c];
        if (!code) continue;
        cellset_add(&st->occupant[piece_owner(code) - 1], c);
        st->h.hash ^= rs->zobrist[c][piece_owner(code) - 1][piece_type(code)] * st->height[c];
        st->h.pieces[piece_owner(code) - 1] += st->height[c];
    }
    for (int t = 0; t < 64; t++)
        if (st->h.removed >> t & 1) st->h.hash ^= rs->zobrist_tile[t];
    for (int p = 0; p < 2; p++) st->h.hash ^= rs->zobrist_collected[p][st->h.collected[p] & 63];
    for (int c = 0; c < TB_MAX_PIN_POINTS; c++)
        if (st->h.pinned >> c & 1) st->h.hash ^= rs->zobrist_pinned[c];
    st->history[0] = st->h.hash;
    st->h.hist_top = 1;
    st->h.hist_len = 1;
}

void state_start(const ruleset *rs, state *st)
{
    state_clear(rs, st);
    for (int i = 0; i < rs->nstart; i++) {
        const placement *p = &rs->start[i];
        st->cell[p->cell] = piece_code(p->owner, p->type);
        st->height[p->cell] = p->count;
    }
    state_refresh(rs, st);
}

void state_set(const ruleset *rs, state *st, int cell, uint8_t code, uint8_t height, undo_record *j)
{
    uint8_t old = st->cell[cell], old_h = st->height[cell];
    if (j && j->n < JOURNAL_MAX) {
        j->cell[j->n] = (cell_id)cell;
        j->code[j->n] = old;
        j->height[j->n] = old_h;
        j->n++;
    }
    if (old) {
        /* Hash keys are multiplied by the height so stacks hash by size. */
        st->h.hash ^= rs->zobrist[cell][piece_owner(old) - 1][piece_type(old)] * old_h;
        st->h.pieces[piece_owner(old) - 1] -= old_h;
        cellset_remove(&st->occupant[piece_owner(old) - 1], cell);
    }
    if (!code) height = 0;
    st->cell[cell] = code;
    st->height[cell] = height;
    if (code) {
        st->h.hash ^= rs->zobrist[cell][piece_owner(code) - 1][piece_type(code)] * height;
        st->h.pieces[piece_owner(code) - 1] += height;
        cellset_add(&st->occupant[piece_owner(code) - 1], cell);
    }
}
