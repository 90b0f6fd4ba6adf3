/* engine_turn.c - whose turn it is: the turn passes from player to player in
 * order, over those put out of a game of more than two (state.h.out). The
 * engines, the end conditions and the views all ask here. */
#include "engine.h"

void engine_next_player(const ruleset *rs, state *st)
{
    int next = tb_next_player(rs, st->h.to_move);
    while (st->h.out >> (next - 1) & 1) next = tb_next_player(rs, next); /* one player at least is in */
    st->h.hash ^= rs->zobrist_turn[st->h.to_move] ^ rs->zobrist_turn[next];
    st->h.to_move = (uint8_t)next;
}

int engine_last_mover(const ruleset *rs, const state *st)
{
    int p = tb_prev_player(rs, st->h.to_move);
    for (int k = 0; k < rs->nplayers && (st->h.out >> (p - 1) & 1); k++) p = tb_prev_player(rs, p);
    return p;
}
