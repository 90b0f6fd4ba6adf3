/* movegen_place.c - moves that put a piece on the board rather than move
 * one: placing from the player's supply (anywhere empty, in a region, at the
 * bottom of a column, or where it outflanks enemy lines, which then change
 * side), the pie rule's swap, and the pass of a player left without a move. */
#include "engine.h"
#include "line_runs.h"
#include "movegen_internal.h"

/* The length of the line of enemy pieces that a piece of PLAYER on CELL
 * would enclose in direction D (ended by one of PLAYER's own), or 0. */
static int enclosed_run(const ruleset *rs, const state *st, int player, int cell, int d)
{
    int run = 0;
    for (int c = rs->nbr[cell][d]; c != TB_NO_CELL; c = rs->nbr[c][d]) {
        uint8_t there = st->cell[c];
        if (!there) return 0;
        if (piece_owner(there) == player) return run;
        run++;
    }
    return 0;
}

int place_outflanks(const ruleset *rs, const state *st, const move_rule *r, int player, int cell)
{
    int p = player - 1;
    for (int k = 0; k < r->ndirs[p]; k++)
        if (enclosed_run(rs, st, player, cell, r->dirs[p][k])) return 1;
    return 0;
}

void place_flip(const ruleset *rs, state *st, const move_rule *r, int player, int cell, undo_record *j)
{
    int p = player - 1;
    for (int k = 0; k < r->ndirs[p]; k++) {
        int d = r->dirs[p][k];
        int run = enclosed_run(rs, st, player, cell, d);
        for (int c = rs->nbr[cell][d]; run-- > 0; c = rs->nbr[c][d])
            state_set(rs, st, c, piece_code(player, piece_type(st->cell[c])), st->height[c], j);
    }
}

/* `file-limit:`: the pieces of PLAYER of R's type on CELL's column. */
static int on_column(const ruleset *rs, const state *st, const move_rule *r, int player, int cell)
{
    int n = 0;
    uint8_t code = piece_code(player, r->piece);
    for (int row = 0; row < rs->height; row++) n += st->cell[row * rs->width + rs->cell_col[cell]] == code;
    return n;
}

/* `no-mate` (movegen.h). */
int place_mates(const ruleset *rs, const state *st, const move_rule *r, int player, int cell)
{
    int royal = rs->royal_type >= 0 ? movegen_royal_cell(rs, st, tb_opponent(player)) : -1;
    if (royal < 0) return 0;
    uint8_t cells[TB_MAX_CELLS];
    memcpy(cells, st->cell, (size_t)rs->ncells);
    cells[cell] = piece_code(player, r->piece);
    if (!movegen_attacked(rs, st, cells, royal, player)) return 0;
    /* A check: whether any reply is left (rare: only for such a placement). The replies'
     * own placements are judged so too, two levels deep at most: a chain of checking
     * placements each answering the last is bounded by the supplies, but need not be
     * followed to its end to know that a reply exists. */
    static _Thread_local int depth;
    if (depth >= 2) return 0;
    state after = *st;
    move m;
    move_start(&m, MOVE_PLACE, cell, r->piece, (int)(r - rs->rules));
    depth++;
    engine_apply(rs, &after, &m, NULL);
    /* The replies are filtered only after every candidate is generated, and a check
     * can leave hundreds of placements, none legal: the room holds more candidates
     * than a player of the bundled games ever has, so that playouts allocate nothing
     * here (past it, engine_has_move lists them all). */
    move room[1024];
    int mates = !engine_has_move(rs, &after, rs->ops->legal, room, 1024);
    depth--;
    return mates;
}

/* 1 when rule R may put a piece of PLAYER on CELL, one of the cells
 * place_targets found: the tests that read the cell's surroundings. */
static int may_place(const ruleset *rs, const state *st, const move_rule *r, int player, int cell)
{
    if (r->file_limit && on_column(rs, st, r, player, cell) >= r->file_limit) return 0;
    if (r->no_mate && place_mates(rs, st, r, player, cell)) return 0;
    if (r->gravity != 255 && !rs->dir_delta[r->gravity]) {
        int below = rs->nbr[cell][r->gravity];
        if (below != TB_NO_CELL && !st->cell[below]) return 0;
    }
    return !r->outflank || r->outflank_sets || place_outflanks(rs, st, r, player, cell);
}

static void gen_place_rule(gen *g, int ri)
{
    const ruleset *rs = g->rs;
    const move_rule *r = &rs->rules[ri];
    cellset where;
    if (!place_targets(rs, g->st, r, g->player, &where)) return;
    int checks = place_needs_cell_checks(rs, r), nw = (rs->ncells + 63) >> 6;
    for (int w = 0; w < nw; w++) /* in cell order */
        for (uint64_t bits = where.w[w]; bits; bits &= bits - 1) {
            int cell = w * 64 + __builtin_ctzll(bits);
            if (checks && !may_place(rs, g->st, r, g->player, cell)) continue;
            move *m = gen_slot(g);
            if (!m) return;
            move_start(m, MOVE_PLACE, cell, r->piece, ri);
        }
}

/* The cell across the board's long diagonal from CELL (column and row
 * exchanged): where the swap puts the first piece. */
static int mirrored(const ruleset *rs, int cell)
{
    return rs->cell_col[cell] * rs->width + rs->cell_row[cell];
}

/* The swap: the second player's first move, while the board holds the
 * first player's one piece. */
static void gen_swap(gen *g)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    if (g->player != 2 || st->h.pieces[1] != 0 || st->h.pieces[0] != 1) return;
    for (int w = 0; w < TB_CELL_WORDS; w++)
        if (st->occupant[0].w[w]) {
            int cell = w * 64 + __builtin_ctzll(st->occupant[0].w[w]);
            move *m = gen_slot(g);
            if (!m) return;
            move_start(m, MOVE_SWAP, cell, piece_type(st->cell[cell]), 255);
            m->to = (cell_id)mirrored(rs, cell);
            return;
        }
}

/* Pieces of PLAYER in a row from CELL in direction D, CELL excluded, with
 * the board as after a move from FROM (now empty) to TO (now PLAYER's). */
static int run_after(const ruleset *rs, const state *st, int player, int cell, int d, int from, int to)
{
    int n = 0;
    for (int c = rs->nbr[cell][d]; c != TB_NO_CELL; c = rs->nbr[c][d]) {
        int owner = c == to ? player : c == from ? 0 : piece_owner(st->cell[c]);
        if (owner != player) break;
        n++;
    }
    return n;
}

/* 1 when the piece of PLAYER on CELL stands in a line of N or more, with
 * the board as after the move FROM-TO (-1, -1: as it is). */
static int in_line(const ruleset *rs, const state *st, int player, int cell, int n, int from, int to)
{
    for (int d = 0; d < 4; d++)
        if (1 + run_after(rs, st, player, cell, d, from, to) + run_after(rs, st, player, cell, d + 4, from, to) >= n)
            return 1;
    return 0;
}

uint64_t line_victim_bits(const ruleset *rs, const state *st, int enemy)
{
    const line_runs *t = &rs->runs[rs->line_removes_runs];
    uint64_t theirs = st->occupant[enemy - 1].w[0], lined = 0;
    for (int k = 0; k < t->nruns && rs->line_spares; k++)
        if ((t->run[k] & theirs) == t->run[k]) lined |= t->run[k];
    uint64_t open = theirs & ~lined;
    return open ? open : theirs;
}

/* The enemy pieces a line lets the mover remove, in cell order: those
 * outside lines, or all of them when every one stands in a line (or the
 * rule spares none). Returns how many. */
static int line_victims(const ruleset *rs, const state *st, int enemy, cell_id *victims)
{
    int n = 0;
    if (rs->line_removes_runs >= 0) {
        for (uint64_t bits = line_victim_bits(rs, st, enemy); bits; bits &= bits - 1)
            victims[n++] = (cell_id)__builtin_ctzll(bits);
        return n;
    }
    cell_id all[TB_MAX_CELLS];
    int nall = 0;
    for (int w = 0; w < TB_CELL_WORDS; w++)
        for (uint64_t bits = st->occupant[enemy - 1].w[w]; bits; bits &= bits - 1) {
            int cell = w * 64 + __builtin_ctzll(bits);
            all[nall++] = (cell_id)cell;
            if (!rs->line_spares || !in_line(rs, st, enemy, cell, rs->line_removes, -1, -1)) victims[n++] = (cell_id)cell;
        }
    if (n) return n;
    memcpy(victims, all, (size_t)nall * sizeof all[0]);
    return nall;
}

void gen_line_removals(gen *g)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int player = g->player, enemy = tb_opponent(player), n = rs->line_removes;
    cell_id victims[TB_MAX_CELLS];
    int nvictims = line_victims(rs, st, enemy, victims), count = g->n, kept = 0;
    const line_runs *runs = rs->line_removes_runs >= 0 ? &rs->runs[rs->line_removes_runs] : NULL;
    uint64_t own = runs ? st->occupant[player - 1].w[0] : 0;
    for (int i = 0; i < count; i++) {
        const move *at = &g->out[i]; /* moves are large: copied only when they move */
        int from = at->kind == MOVE_PLACE ? -1 : at->from;
        int made = at->kind != MOVE_PASS && at->kind != MOVE_SWAP && at->ncaps == 0 && nvictims > 0;
        if (made && runs)
            made = line_runs_through(runs, (from < 0 ? own : own & ~(1ull << from)) | 1ull << at->to, at->to, 0);
        else if (made)
            made = in_line(rs, st, player, at->to, n, from, at->to);
        if (!made) {
            if (kept != i) g->out[kept] = *at;
            kept++;
            continue;
        }
        move m = *at;
        for (int v = 0; v < nvictims; v++) {
            move *x = gen_slot(g);
            if (!x) return;
            *x = m;
            x->caps[0] = victims[v];
            x->ncaps = 1;
            x->caps_by_type[piece_type(st->cell[victims[v]])] = 1;
            x->first_cap[piece_type(st->cell[victims[v]])] = 1;
        }
    }
    /* The moves that made no line stay first, then every removal. */
    if (g->n > count && kept < count)
        memmove(&g->out[kept], &g->out[count], (size_t)(g->n - count) * sizeof g->out[0]);
    g->n = kept + (g->n - count);
}

void gen_placements(gen *g)
{
    const ruleset *rs = g->rs;
    for (int i = 0; i < rs->nplace_rules; i++) gen_place_rule(g, rs->place_rules[i]);
    if (rs->swap_rule) gen_swap(g);
}

int movegen_pass_if_blocked(const ruleset *rs, const state *st, move_list *out, int n, movegen_fn generate)
{
    if (n || out->error || !rs->pass_when_blocked || st->h.status != STATUS_ONGOING) return n;
    state other = *st; /* rare: only a player without a move pays for the copy */
    move room[64];
    int someone = 0;
    for (int k = 1; k < rs->nplayers && !someone; k++) {
        engine_next_player(rs, &other);
        someone = engine_has_move(rs, &other, generate, room, 64);
    }
    if (!someone) return 0; /* no one can move: the game ends as `blocked` says */
    if (!move_list_reserve(out, 1)) return 0;
    move_start(&out->m[0], MOVE_PASS, 0, 0, 255);
    return out->n = 1;
}
