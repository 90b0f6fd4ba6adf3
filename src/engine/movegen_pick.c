/* movegen_pick.c - where placing reads whole sets of cells: the board's
 * set tables (each direction's offset and edge, each cell's neighbours),
 * the cells a `place` rule may fill, found with set operations (outflanking
 * included, on boards whose links are one fixed offset per direction), and
 * the playouts' fast path for games whose every move places a piece: one
 * random legal move without listing them all. */
#include "engine.h"
#include "bits_select.h"
#include "movegen_internal.h"

/* The cells of WHERE (NW words) whose neighbour in direction D is in X:
 * X moved one step back along D, on boards with a fixed offset that way. */
static void back_along(const ruleset *rs, const cellset *x, int d, cellset *out, int nw)
{
    cellset_shift(x, -rs->dir_delta[d], out, nw);
    for (int w = 0; w < nw; w++) out->w[w] &= rs->playable.w[w] & ~rs->edge_of[d].w[w];
}

/* Adds to OUT the EMPTY cells from which a piece of the player whose
 * pieces are OWN encloses, in direction D, a line of ENEMY pieces ended by
 * one of OWN (the per-cell test is place_outflanks). */
static void outflanking_along(const ruleset *rs, const cellset *own, const cellset *enemy, const cellset *empty,
                              int d, cellset *out, int nw)
{
    cellset run, next;
    back_along(rs, own, d, &run, nw); /* enemy pieces with one of OWN beyond them */
    uint64_t any = 0;
    for (int w = 0; w < nw; w++) any |= run.w[w] &= enemy->w[w];
    while (any) { /* the runs grow back one cell at a time, as long as the longest line */
        back_along(rs, &run, d, &next, nw);
        uint64_t grew = 0;
        for (int w = 0; w < nw; w++) {
            uint64_t more = next.w[w] & enemy->w[w] & ~run.w[w];
            grew |= more;
            run.w[w] |= more;
        }
        if (!grew) break;
    }
    back_along(rs, &run, d, &next, nw);
    for (int w = 0; w < nw; w++) out->w[w] |= next.w[w] & empty->w[w];
}

int place_targets(const ruleset *rs, const state *st, const move_rule *r, int player, cellset *where)
{
    int p = player - 1;
    int nw = (rs->ncells + 63) >> 6; /* the words that hold cells */
    if (rs->hand_counted[p][r->piece] && st->h.hand[p][r->piece] == 0) return 0;
    if (r->conditional && !rule_conditions_hold(st, r, player)) return 0;
    cellset empty;
    for (int w = 0; w < nw; w++) {
        empty.w[w] = rs->playable.w[w] & ~state_occupied_word(st, w);
        where->w[w] = r->from_any ? empty.w[w] : empty.w[w] & r->from[p].w[w];
    }
    if (r->gravity != 255 && rs->dir_delta[r->gravity]) { /* cell c rests on c + delta, or on the edge */
        cellset occupied, rest;
        for (int w = 0; w < nw; w++) occupied.w[w] = state_occupied_word(st, w);
        cellset_shift(&occupied, -rs->dir_delta[r->gravity], &rest, nw);
        for (int w = 0; w < nw; w++) where->w[w] &= rest.w[w] | rs->edge_of[r->gravity].w[w];
    }
    if (r->outflank && r->outflank_sets) {
        cellset flank;
        memset(&flank, 0, sizeof flank);
        cellset others; /* more than two players: an enemy is any other player */
        const cellset *theirs = &others;
        if (rs->nplayers > 2)
            for (int w = 0; w < nw; w++) others.w[w] = state_occupied_word(st, w) & ~st->occupant[p].w[w];
        else
            theirs = &st->occupant[1 - p];
        for (int k = 0; k < r->ndirs[p]; k++)
            outflanking_along(rs, &st->occupant[p], theirs, &empty, r->dirs[p][k], &flank, nw);
        for (int w = 0; w < nw; w++) where->w[w] &= flank.w[w];
    }
    return 1;
}

int place_needs_cell_checks(const ruleset *rs, const move_rule *r)
{
    return r->file_limit || r->no_mate || (r->gravity != 255 && !rs->dir_delta[r->gravity]) || (r->outflank && !r->outflank_sets);
}

/* The K-th cell (from 0) of WHERE in cell order (DEPOSIT: rs->bits_deposit). */
static int nth_cell(const cellset *where, int nw, int k, int deposit)
{
    for (int w = 0; w < nw; w++) {
        uint64_t bits = where->w[w];
        int c = bits_count(bits);
        if (k >= c) {
            k -= c;
            continue;
        }
        return w * 64 + bits_select(bits, k, deposit);
    }
    return -1;
}

int movegen_pick(const ruleset *rs, const state *st, rng *r, move *m)
{
    int player = st->h.to_move;
    if (rs->swap_rule && player == 2 && st->h.pieces[1] == 0 && st->h.pieces[0] == 1) return -1; /* the swap is listed too */
    int nw = (rs->ncells + 63) >> 6, nrules = rs->nplace_rules;
    cellset where[4]; /* the first rules' cells (a game placing more types lists its moves) */
    if (nrules > 4) return -1;
    int count[4], n = 0;
    for (int i = 0; i < nrules; i++) {
        count[i] = 0;
        if (!place_targets(rs, st, &rs->rules[rs->place_rules[i]], player, &where[i])) continue;
        for (int w = 0; w < nw; w++) count[i] += bits_count(where[i].w[w]);
        n += count[i];
    }
    if (n == 0) return -1; /* a pass, or the end: the general path says which */
    int k = (int)rng_below(r, (uint32_t)n);
    for (int i = 0; i < nrules; i++) { /* the rules in the order the generator lists them */
        if (k >= count[i]) {
            k -= count[i];
            continue;
        }
        const move_rule *rule = &rs->rules[rs->place_rules[i]];
        move_start(m, MOVE_PLACE, nth_cell(&where[i], nw, k, rs->bits_deposit), rule->piece, rs->place_rules[i]);
        return n;
    }
    return -1;
}

/* 1 on a board of cells where a move is only what its rule finds: no marks,
 * dice, sowing, removals after a line, custody, castling, promotion or royal
 * piece to add to it (the playouts' picks rest on that). */
static int only_the_move_to_find(const ruleset *rs, int custody_later)
{
    return rs->topology == TOPO_SQUARE && !rs->uses_marks && !rs->dice_count && !rs->sow.on && !rs->line_removes &&
           (!rs->custodial.on || custody_later) && !rs->castle.on && !rs->npromotions && rs->royal_type < 0;
}

void movegen_pick_prepare(ruleset *rs)
{
    /* Each direction's offset, when every link that way has the same one
     * (square grids, and the hex grids built on them): sets then move along
     * links by one shift. */
    for (int d = 0; d < rs->ndirs && rs->topology == TOPO_SQUARE; d++) {
        int delta = 0, same = 1;
        memset(&rs->edge_of[d], 0, sizeof rs->edge_of[d]);
        for (int cell = 0; cell < rs->ncells; cell++) {
            int n = rs->nbr[cell][d];
            if (n == TB_NO_CELL) {
                if (cellset_has(&rs->playable, cell)) cellset_add(&rs->edge_of[d], cell);
                continue;
            }
            if (!delta) delta = n - cell;
            same &= n - cell == delta;
        }
        rs->dir_delta[d] = (int16_t)(same ? delta : 0);
    }
    for (int cell = 0; cell < rs->ncells; cell++) {
        memset(&rs->nbr_set[cell], 0, sizeof rs->nbr_set[cell]);
        for (int d = 0; d < rs->ndirs; d++)
            if (rs->nbr[cell][d] != TB_NO_CELL) cellset_add(&rs->nbr_set[cell], rs->nbr[cell][d]);
    }
    int every_move_places = rs->nplace_rules > 0 && !rs->moving_types && only_the_move_to_find(rs, 0) && !rs->bb.ok &&
                            !rs->promotion_options;
    for (int i = 0; i < rs->nplace_rules; i++) {
        move_rule *r = &rs->rules[rs->place_rules[i]];
        r->outflank_sets = 1;
        for (int p = 0; p < TB_MAX_PLAYERS; p++)
            for (int k = 0; k < r->ndirs[p]; k++) r->outflank_sets &= rs->dir_delta[r->dirs[p][k]] != 0;
        every_move_places &= !place_needs_cell_checks(rs, r);
    }
    rs->pick_places = (uint8_t)every_move_places;
    /* every move a slide (which may shoot), with nothing but the slide and
     * the shot to find, or custodial captures found for the move picked */
    int every_move_slides = !rs->nplace_rules && !rs->swap_rule && rs->moving_types &&
                            only_the_move_to_find(rs, rs->custodial_deferred) && !rs->nremove_rules && !rs->bb.ok;
    for (int t = 0; t < rs->npiece_types; t++) {
        every_move_slides &= !rs->type_quiet_overlap[t];
        for (int i = 0; i < rs->ntype_rules[t]; i++) {
            const move_rule *r = &rs->rules[rs->type_rules[t][i]];
            every_move_slides &= r->kind == RULE_SLIDE && r->slide_limit == SLIDE_MAX_FIXED && !r->conditional &&
                                 r->from_any && !r->land_on_enemy && !r->screen && !r->only_enemy &&
                                 (!r->shoot || (!r->has_within && !r->has_never_enter));
        }
    }
    rs->pick_slides = (uint8_t)every_move_slides;
}
