/* compile_start_put.c - the one way a piece joins the start position, for
 * `place` and for arranged starts alike: within the bound of start cells,
 * and of the pieces a position can count. */
#include <stdint.h>

#include "compiler.h"

/* 1 after reporting that PLAYER starts with more pieces (PIECES) than a
 * position can count: the pieces on the board are counted in 16 bits, those
 * in an off-board place (a bar, borne off) in 8. */
static int too_many_pieces(compiler *c, const ast_node *place, int player, long pieces)
{
    if (c->rs->noffboard > 0 && pieces > UINT8_MAX) {
        compile_limit_error(c, place, "too many pieces: player %d starts with %ld, and a game with off-board places "
                            "allows at most %d per player", player, pieces, UINT8_MAX);
        return 1;
    }
    if (pieces > UINT16_MAX) {
        compile_limit_error(c, place, "too many pieces: player %d starts with %ld; a player has at most %d",
                            player, pieces, UINT16_MAX);
        return 1;
    }
    return 0;
}

int compile_start_put(compiler *c, const ast_node *at, start_fill *f, int player, int cell, int type, int count)
{
    ruleset *rs = c->rs;
    if (rs->nstart == TB_MAX_START) {
        if (!f->full) compile_limit_error(c, at, "too many cells in the start position: at most %d", TB_MAX_START);
        f->full = 1;
        return 0;
    }
    f->owner_at[cell] = (uint8_t)player;
    placement *p = &rs->start[rs->nstart++];
    p->cell = (cell_id)cell;
    p->owner = (uint8_t)player;
    p->type = (uint8_t)type;
    p->count = (uint8_t)count;
    f->pieces[player - 1] += count;
    if (!f->too_many[player - 1]) f->too_many[player - 1] = too_many_pieces(c, at, player, f->pieces[player - 1]);
    return 1;
}
