/* state.c - building positions and writing cells with hash and journal upkeep. */
#include "state.h"

#include <string.h>

void state_clear(const ruleset *rs, state *st)
{
    (void)rs;
    memset(st, 0, sizeof *st);
    st->h.to_move = 1;
    st->h.score = 1;
    st->h.passage_from = st->h.passage_to = TB_NO_CELL;
}

int state_passage_takable(const ruleset *rs, const state *st)
{
    int a = st->h.passage_from, b = st->h.passage_to;
    if (b == TB_NO_CELL || !st->cell[b]) return 0;
    int taker = tb_opponent(piece_owner(st->cell[b]));
    for (int d = 0; d < rs->ndirs; d++) { /* the line from a to b, and each cell passed */
        int c = rs->ray[a][d];
        while (c != TB_NO_CELL && c != b) c = rs->ray[c][d];
        if (c != b) continue;
        for (c = rs->ray[a][d]; c != b; c = rs->ray[c][d])
            for (int ri = 0; ri < rs->nrules; ri++) {
                const move_rule *r = &rs->rules[ri];
                if (!r->en_passant) continue;
                for (int k = 0; k < r->ndirs[taker - 1]; k++) {
                    int from = rs->nbr[c][(r->dirs[taker - 1][k] + 4) & 7];
                    if (from != TB_NO_CELL && st->cell[from] == piece_code(taker, r->piece)) return 1;
                }
            }
        return 0;
    }
    return 0;
}

void state_refresh(const ruleset *rs, state *st)
{
    st->h.hash = rs->zobrist_turn[st->h.to_move];
    memset(st->h.pieces, 0, sizeof st->h.pieces);
    memset(st->occupant, 0, sizeof st->occupant);
    memset(st->typed, 0, sizeof st->typed);
    for (int c = 0; c < rs->ncells; c++) {
        uint8_t code = st->cell[c];
        if (!code) continue;
        state_note_cell(rs, st, c, 0, code);
        st->h.hash ^= rs->zobrist[c][piece_owner(code) - 1][piece_type(code)] * st->height[c];
        st->h.pieces[piece_owner(code) - 1] += st->height[c];
    }
    for (int t = 0; t < 64; t++)
        if (st->h.removed_groups >> t & 1) st->h.hash ^= rs->zobrist_tile[t];
    for (int p = 0; p < TB_MAX_PLAYERS; p++)
        for (int k = 0; k < TB_COUNTERS; k++)
            st->h.hash ^= rs->zobrist_counter[p][k][st->h.counter[p][k] % TB_COUNTER_KEYS];
    for (int c = 0; c < TB_FLAGGED_CELLS; c++)
        if (st->h.flagged >> c & 1) st->h.hash ^= rs->zobrist_flag[c];
    for (int p = 0; p < TB_MAX_PLAYERS; p++)
        for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) st->h.hash ^= rs->zobrist_hand[p][t] * st->h.hand[p][t];
    for (int p = 0; p < TB_MAX_PLAYERS; p++)
        if (st->h.out >> p & 1) st->h.hash ^= rs->zobrist_out[p];
    st->h.passage_hashed = (uint8_t)state_passage_takable(rs, st);
    if (st->h.passage_hashed) st->h.hash ^= rs->zobrist_passage[st->h.passage_to];
    st->h.streak_at[0] = st->h.streak_at[1] = 0;
    for (int c = 0; rs->uses_marks && c < rs->ncells; c++) {
        if (!st->cell[c]) st->mark[c] = 0;
        if (!st->mark[c]) continue;
        st->h.hash ^= rs->zobrist_mark[c] * st->mark[c];
        if (st->mark[c] & MARK_STREAK) st->h.streak_at[piece_owner(st->cell[c]) - 1] = (uint16_t)(c + 1);
    }
    st->history[0] = st->h.hash;
    st->h.hist_top = 1;
    st->h.hist_len = 1;
}

_Static_assert(sizeof(state) <= TB_START_IMAGE, "the ruleset keeps a whole start position");

void state_start(const ruleset *rs, state *st)
{
    if (rs->start_kept) {
        memcpy(st, rs->start_image, sizeof *st);
        return;
    }
    state_clear(rs, st);
    for (int i = 0; i < rs->nstart; i++) {
        const placement *p = &rs->start[i];
        st->cell[p->cell] = piece_code(p->owner, p->type);
        st->height[p->cell] = p->count;
    }
    memcpy(st->h.hand, rs->hand_start, sizeof st->h.hand);
    if (rs->topology == TOPO_TRACK) /* pieces that start off the board, to enter */
        for (int p = 0; p < rs->nplayers; p++) st->h.bar[p] = rs->track.start_bar[p];
    state_refresh(rs, st);
}

void state_keep_start(ruleset *rs)
{
    state st;
    rs->start_kept = 0;
    state_start(rs, &st);
    memcpy(rs->start_image, &st, sizeof st);
    rs->start_kept = 1;
}

/* Keeps CELL's contents before a write in J (when not NULL), for engine_undo. */
static inline void journal_cell(undo_record *j, int cell, uint8_t code, uint8_t height)
{
    if (j && j->n < JOURNAL_MAX) {
        j->cell[j->n] = (cell_id)cell;
        j->code[j->n] = code;
        j->height[j->n] = height;
        j->n++;
    }
}

void state_set(const ruleset *rs, state *st, int cell, uint8_t code, uint8_t height, undo_record *j)
{
    uint8_t old = st->cell[cell], old_h = st->height[cell];
    journal_cell(j, cell, old, old_h);
    if (old) {
        /* Hash keys are multiplied by the height so stacks hash by size. */
        st->h.hash ^= rs->zobrist[cell][piece_owner(old) - 1][piece_type(old)] * old_h;
        st->h.pieces[piece_owner(old) - 1] -= old_h;
    }
    if (!code) height = 0;
    state_note_cell(rs, st, cell, old, code);
    st->cell[cell] = code;
    st->height[cell] = height;
    if (code) {
        st->h.hash ^= rs->zobrist[cell][piece_owner(code) - 1][piece_type(code)] * height;
        st->h.pieces[piece_owner(code) - 1] += height;
    }
}

void state_set_height(const ruleset *rs, state *st, int cell, uint8_t height, undo_record *j)
{
    uint8_t code = st->cell[cell], old_h = st->height[cell];
    journal_cell(j, cell, code, old_h);
    uint64_t key = rs->zobrist[cell][piece_owner(code) - 1][piece_type(code)];
    st->h.hash ^= key * old_h ^ key * height; /* keys are multiplied by the height: stacks hash by size */
    st->h.pieces[piece_owner(code) - 1] += height - old_h;
    st->height[cell] = height;
}

/* The hashing key of a piece CODE on CELL (codes 1..16 index owner and type). */
static inline uint64_t zkey(const ruleset *rs, int cell, uint8_t code)
{
    return rs->zobrist[cell][piece_owner(code) - 1][piece_type(code)];
}

void state_move_piece(const ruleset *rs, state *st, int from, int to, uint8_t code, undo_record *j)
{
    uint8_t old = st->cell[from];
    if (j && j->n + 2 <= JOURNAL_MAX) {
        j->cell[j->n] = (cell_id)from;
        j->code[j->n] = old;
        j->height[j->n++] = 1;
        j->cell[j->n] = (cell_id)to;
        j->code[j->n] = 0;
        j->height[j->n++] = 0;
    }
    st->h.hash ^= zkey(rs, from, old) ^ zkey(rs, to, code);
    state_note_cell(rs, st, from, old, 0);
    state_note_cell(rs, st, to, 0, code);
    st->cell[from] = 0;
    st->height[from] = 0;
    st->cell[to] = code;
    st->height[to] = 1;
}

void state_set_counter(const ruleset *rs, state *st, int player, int slot, uint8_t value)
{
    uint8_t *c = &st->h.counter[player - 1][slot];
    const uint64_t *key = rs->zobrist_counter[player - 1][slot];
    st->h.hash ^= key[*c % TB_COUNTER_KEYS] ^ key[value % TB_COUNTER_KEYS];
    *c = value;
}

void state_set_mark(const ruleset *rs, state *st, int cell, uint8_t mark, undo_record *j)
{
    uint8_t old = st->mark[cell];
    if (old == mark) return;
    if (j && j->nmarks < TB_MAX_PATH + 3) {
        j->mark_cell[j->nmarks] = (cell_id)cell;
        j->mark[j->nmarks++] = old;
    }
    /* Keys multiplied by the mark, as heights are: one key per cell. */
    st->h.hash ^= rs->zobrist_mark[cell] * old ^ rs->zobrist_mark[cell] * mark;
    st->mark[cell] = mark;
}
