/* engine_tiles.c - the engine of boards of fields on removable tiles: moves
 * by the compiled step rules to fields on tiles still on the board, the
 * exchange action, capture by enclosure, and the tile-collapse hook after
 * every action; each action joins the position history that repetition
 * counts, and the end conditions are engine_end.c's. */
#include "engine.h"

#include <stdio.h>

static int on_board(const ruleset *rs, const state *st, int cell)
{
    return !(st->h.removed_groups >> rs->cell_tile[cell] & 1);
}

static int listed(const move *first, const move *end, int to)
{
    for (const move *m = first; m < end; m++)
        if (m->to == to) return 1;
    return 0;
}


/* A position with more moves than the list holds: an error, no moves. */
static int too_many(move_list *l)
{
    l->error = MOVES_TOO_MANY;
    return l->n = 0;
}

/* The bound tiles_legal reserves, at its largest (every cell a piece of the
 * mover, each with a move per direction of every rule, and an exchange per
 * cell) is within a move list's: the reservation is never refused for its
 * size, and a list it could not make is an error (l->error), never a
 * count cut short. */
_Static_assert((long)TB_MAX_CELLS * TB_MAX_RULES * TB_MAX_DIRS + TB_MAX_CELLS <= TB_MAX_MOVES,
               "a position of tiles has room for all its moves in a move list");

/* The moves of the compiled step rules to fields on tiles still on the
 * board that are empty (or, where the rule says so, hold an enemy piece),
 * then the exchanges, into L from its first move. CHECKED (a constant at
 * each call, so the copy without it has no test per move): one move more
 * than L holds is MOVES_TOO_MANY. What the loops read stays in locals: a
 * byte written through a move could alias the tables, and the compiler
 * would reload them. */
static inline __attribute__((always_inline)) int tiles_moves(const ruleset *rs, const state *st, move_list *l,
                                                             int checked)
{
    int p = st->h.to_move, n = 0, promotions = rs->npromotions, nrules = rs->nrules, ncells = rs->ncells;
    uint64_t removed = st->h.removed_groups;
    move *out = l->m;
    int cap = l->cap;
    const uint8_t *cell = st->cell, *tile = rs->cell_tile;
    uint8_t step_rules[TB_MAX_PIECE_TYPES] = { 0 }; /* a type with several may repeat a move */
    for (int ri = 0; ri < nrules; ri++) step_rules[rs->rules[ri].piece]++;
    /* Colours repeat round each tile from field 0 and divide the fields
     * evenly, so field c has colour c mod ncolours; a player's pieces stand
     * on their colour only (positions are checked, steps keep the colour). */
    int stride = rs->ncolours > 0 ? rs->ncolours : 1;
    for (int from = rs->player_colour[p - 1]; from < ncells; from += stride) {
        uint8_t code = cell[from];
        if (!code || piece_owner(code) != p) continue;
        int type = piece_type(code), first = n, dedupe = step_rules[type] > 1;
        const cell_id *nbr = rs->nbr[from];
        for (int ri = 0; ri < nrules; ri++) {
            const move_rule *r = &rs->rules[ri];
            if (r->piece != type || r->kind != RULE_STEP || (!r->from_any && !cellset_has(&r->from[p - 1], from)))
                continue;
            const uint8_t *dirs = r->dirs[p - 1];
            int ndirs = r->ndirs[p - 1], enemy = r->land_on_enemy;
            for (int k = 0; k < ndirs; k++) {
                int to = nbr[dirs[k]];
                if (to == TB_NO_CELL || (removed >> tile[to] & 1)) continue;
                uint8_t there = cell[to];
                if (there && (!enemy || piece_owner(there) == p)) continue;
                if (dedupe && listed(out + first, out + n, to)) continue; /* two rules, one move */
                if (checked && n == cap) return too_many(l);
                move *m = &out[n++];
                move_start(m, MOVE_STEP, from, type, (int)(r - rs->rules));
                m->to = (cell_id)to;
                const promotion *pr = promotions ? promotion_at(rs, type, p, to) : NULL;
                if (pr) m->promote = pr->to;
            }
        }
    }
    int cost = rs->tiles.exchange_cost;
    if (cost && st->h.counter[p - 1][rs->tiles.held_counter] >= cost)
        for (int at = rs->player_colour[2 - p]; at < ncells; at += stride) {
            uint8_t code = cell[at];
            if (!code || piece_owner(code) == p) continue;
            if (checked && n == cap) return too_many(l);
            move *m = &out[n++];
            move_start(m, MOVE_EXCHANGE, at, piece_type(code), 255);
            m->ncaps = 1; /* it removes that piece: agents try it early */
            m->caps[0] = (cell_id)at;
        }
    return l->n = n;
}

/* The copy with the check, kept out of line: with both copies inlined in
 * tiles_legal, the one without it ran 2 % more instructions (perft). */
static __attribute__((noinline)) int tiles_moves_checked(const ruleset *rs, const state *st, move_list *l)
{
    return tiles_moves(rs, st, l, 1);
}

/* A list that grows gets room for every move at once: each piece of the
 * mover has at most a move per direction of each of its rules, each enemy
 * piece at most one exchange, and the pieces stand on ncells cells at most.
 * A list that cannot grow (MOVE_LIST_FIXED) and is smaller than that bound
 * holds the moves that fit, and one more is MOVES_TOO_MANY, as in the other
 * generators: never a list cut short, and never an error for moves that
 * would fit. */
static int tiles_legal(const ruleset *rs, const state *st, move_list *l)
{
    int p = st->h.to_move, ncells = rs->ncells;
    int movers = st->h.pieces[p - 1] < ncells ? st->h.pieces[p - 1] : ncells;
    int enemies = st->h.pieces[2 - p] < ncells ? st->h.pieces[2 - p] : ncells;
    long bound = (long)movers * rs->nrules * TB_MAX_DIRS + enemies;
    if (l->fixed && bound > l->cap) return tiles_moves_checked(rs, st, l);
    if (!move_list_reserve(l, bound)) return l->n = 0;
    return tiles_moves(rs, st, l, 0);
}

/* 1 when every edge neighbour of CELL still on the board holds a piece of BY. */
static int enclosed(const ruleset *rs, const state *st, int cell, int by)
{
    for (int k = 0; k < 3; k++) {
        int e = rs->edge[cell][k];
        if (e != TB_NO_CELL && on_board(rs, st, e) && piece_owner(st->cell[e]) != by) return 0;
    }
    return 1;
}

/* Appends to TOUCHED the fields still on the board across a side of the
 * removed tiles GONE: their pieces may have lost an edge neighbour. */
static int next_to_removed(const ruleset *rs, const state *st, const uint8_t *gone, int ngone, cell_id *touched, int n)
{
    for (int i = 0; i < ngone; i++)
        for (int d = 0; d < 6; d++) {
            int o = rs->tile_side[gone[i]][d];
            if (o != TB_NO_TILE && !(st->h.removed_groups >> o & 1)) touched[n++] = (cell_id)(o * rs->height + (d + 3) % 6);
        }
    return n;
}

/* Captures the enclosed opponent pieces among the NTOUCHED fields the action
 * touched, then examines the tiles the captures emptied (nobody collects
 * them) and captures again next to the removed tiles, until nothing changes.
 * The mover's own pieces are never captured. */
static void capture_enclosed(const ruleset *rs, state *st, int mover, cell_id *touched, int ntouched, undo_record *j)
{
    uint8_t gone[64];
    while (ntouched > 0) {
        uint64_t tiles = 0; /* of the captured pieces: examined in tile order */
        int caught = 0;
        for (int i = 0; i < ntouched; i++) {
            int cell = touched[i];
            uint8_t code = st->cell[cell];
            if (!code || piece_owner(code) == mover || !enclosed(rs, st, cell, mover)) continue;
            tiles |= (uint64_t)1 << rs->cell_tile[cell];
            touched[caught++] = (cell_id)cell;
        }
        /* Captured together: taking an opponent piece never encloses another. */
        for (int i = 0; i < caught; i++)
            if (st->cell[touched[i]]) state_set(rs, st, touched[i], 0, 0, j);
        uint8_t start[64];
        int nstart = 0;
        for (int t = 0; t < rs->ntiles; t++)
            if (tiles >> t & 1) start[nstart++] = (uint8_t)t;
        int ngone = hook_tile_collapse(rs, st, start, nstart, gone);
        ntouched = rs->tiles.recheck_captures ? next_to_removed(rs, st, gone, ngone, touched, 0) : 0;
    }
}

static void tiles_apply(const ruleset *rs, state *st, const move *m, undo_record *j)
{
    int mover = st->h.to_move;
    int pieces_before = st->h.pieces[2 - mover];
    uint64_t removed_before = st->h.removed_groups;
    cell_id touched[8 + 6 * 64];
    uint8_t gone[64];
    int ntouched = 0, ngone;
    if (m->kind == MOVE_EXCHANGE) {
        state_set_counter(rs, st, mover, rs->tiles.held_counter,
                          (uint8_t)(st->h.counter[mover - 1][rs->tiles.held_counter] - rs->tiles.exchange_cost));
        state_set(rs, st, m->to, 0, 0, j);
        ngone = hook_tile_collapse(rs, st, &rs->cell_tile[m->to], 1, gone); /* nobody collects */
    } else {
        uint8_t code = st->cell[m->from];
        int type = m->promote != 255 ? m->promote : piece_type(code);
        state_set(rs, st, m->from, 0, 0, j);
        state_set(rs, st, m->to, piece_code(mover, type), 1, j);
        ngone = hook_tile_collapse(rs, st, &rs->cell_tile[m->from], 1, gone);
        if (rs->tiles.collect_after_move && ngone) {
            uint8_t held = st->h.counter[mover - 1][rs->tiles.held_counter];
            state_set_counter(rs, st, mover, rs->tiles.held_counter, (uint8_t)(held + ngone));
        }
        for (int k = 0; k < 3; k++) {
            int e = rs->edge[m->to][k];
            if (e != TB_NO_CELL && on_board(rs, st, e)) touched[ntouched++] = (cell_id)e;
        }
    }
    if (rs->tiles.recheck_captures) ntouched = next_to_removed(rs, st, gone, ngone, touched, ntouched);
    if (rs->tiles.enclosure) capture_enclosed(rs, st, mover, touched, ntouched, j);
    int took = st->h.pieces[2 - mover] < pieces_before;
    st->h.quiet = engine_progress(rs, took, m->promote != 255, m->mover) ? 0 : (uint16_t)(st->h.quiet + 1);
    st->h.ply++;
    engine_next_player(rs, st);
    /* Pieces and tiles never come back: after a capture or a removal no
     * earlier position can recur. */
    engine_history_push(st, took || st->h.removed_groups != removed_before);
    engine_check_end(rs, st, m->kind == MOVE_EXCHANGE ? -1 : m->to, mover);
}

static void tiles_notation(const ruleset *rs, const move *m, char *buf, int size)
{
    if (m->kind == MOVE_EXCHANGE) snprintf(buf, (size_t)size, "x%s", rs->cell_name[m->to]);
    else move_notation_cells(rs, m, buf, size);
}

const engine_ops engine_tiles_ops = {
    tiles_legal,
    tiles_apply,
    engine_settle_blocked,
    tiles_notation,
};
