/* compile_remove.c - `(remove-piece ...)`: a move that takes one piece of
 * the type off the board, the mover's own or the opponent's, from a region
 * or where it has an empty neighbour; its conditions (`ply:` above all) are
 * compile_rule_conditions'. */
#include <string.h>

#include "compiler.h"

int compile_remove_rule(compiler *c, const ast_node *f, move_rule *r)
{
    ruleset *rs = c->rs;
    if (rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`remove-piece` needs a board of cells (`square`)");
        return 0;
    }
    r->kind = RULE_REMOVE;
    const ast_node *from = ast_named(f, "from"), *beside = ast_named(f, "next-to-empty");
    r->remove_enemy = compile_word(f, "of") == W_OF_ENEMY;
    r->from_any = from == NULL;
    if (from) {
        if (!compile_region(c, from, r->from)) return 0;
        if (cellset_empty(&r->from[0]) && cellset_empty(&r->from[1])) {
            compile_error(c, from, "`from:` holds no cell of this board: this `remove-piece` could never be played");
            return 0;
        }
    }
    if (beside) {
        if (!compile_rule_directions(c, beside, r)) return 0;
        r->next_to_empty = 1;
    }
    return 1;
}
