/* movegen_complete.c - moves completed once picked: a playout picks one
 * move of its list at random and makes it, so where nothing between the
 * generation and the making reads what a move takes, its list may leave that
 * out (move_list.defer) and the move picked alone is completed. The list and
 * its order stay the same, so the playout plays the same game. A sowing is
 * made from its pit alone (the making sows it again), so a playout does not
 * complete it; movegen_complete does, for any other reader. */
#include "movegen.h"
#include "movegen_internal.h"

void movegen_complete_prepare(ruleset *rs)
{
    /* Nothing reads what a move takes before it is made: no royal test, no
     * compulsory or largest capture, no chains to tell apart, no streak
     * limit, no marks. */
    int later = rs->topology == TOPO_SQUARE && !rs->bb.ok && !rs->uses_marks && rs->royal_type < 0 &&
                !rs->capture_mandatory && !rs->uses_max_capture && !rs->any_chain && rs->streak_type < 0;
    rs->custodial_deferred = (uint8_t)(later && rs->custodial.on);
    /* a sowing forbidden for what it would take (a grand slam) is known only by sowing it */
    rs->sow_deferred = (uint8_t)(later && rs->sow.on && !rs->custodial.on &&
                                 !(rs->sow.capture == SOW_CAPTURE_COUNTS && rs->sow.grand_slam == SLAM_FORBIDDEN));
    rs->complete_later = (uint8_t)(rs->custodial_deferred || rs->sow_deferred);
    /* every move a sowing listed by its pit, nothing else to list or filter: a playout picks a pit */
    rs->pick_sowing = (uint8_t)(rs->sow_deferred && !rs->sow.feed && !rs->moving_types && !rs->nplace_rules &&
                                !rs->nremove_rules && !rs->swap_rule && !rs->line_removes && !rs->castle.on &&
                                !rs->npromotions && !rs->promotion_options && !rs->rules[rs->sow.rule].conditional);
}

void movegen_complete(const ruleset *rs, const state *st, move *m)
{
    if (rs->sow_deferred && m->kind == MOVE_SOW) sow_complete(rs, st, st->h.to_move, m);
    if (rs->custodial_deferred) custodial_captures(rs, st, st->h.to_move, m);
}
