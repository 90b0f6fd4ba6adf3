/* movegen_line.c - steps that capture a line of enemy pieces: by approach
 * (the enemy piece just beyond the arrival cell, in the direction of the
 * step, and the enemy pieces next to it behind on that line, up to an empty
 * cell, one of the mover's pieces or the edge) or by withdrawal (the same
 * from the enemy piece just behind the departure cell, on the line the step
 * goes away from). Where one step could do both, each is a move of its own.
 *
 * With `chain` the piece may step and capture again; a move is the whole
 * sequence, written as a MOVE_CHAIN whose path holds the arrival cells and
 * whose caps hold the captured cells in the order taken (each step's line
 * from the piece outwards). Captured pieces leave at once: later steps may
 * cross their cells. `no-revisit` forbids a cell the piece stood on during
 * the move (its start too); `turn` forbids two steps in a row in one
 * direction. `may-stop`: every capturing prefix is a move of its own; else
 * the chain goes on while it can.
 *
 * The board of the move being built is a copy (allocation-free: on the
 * stack), made only for a piece that has a capture at all. On a board of
 * 64 cells or fewer whose neighbours lie a fixed offset apart (line_scan),
 * the pieces that may capture are found first on 64-bit sets: only they are
 * walked, and the quiet steps only where none captures (capturing being
 * compulsory); the list is the full scan's, in the same order. */
#include <string.h>

#include "movegen_internal.h"

typedef struct line_chain {
    gen *g;
    const move_rule *r;
    move m;
    uint8_t cell[TB_MAX_CELLS]; /* the board as the move has left it so far */
    cellset visited;
    int last_dir;
    int type;
} line_chain;

static inline int opposite(int d)
{
    return (d + 4) & 7;
}

/* The enemy piece of PLAYER on CELL (CELLS a board), as a truth value. */
static inline int enemy_on(const uint8_t *cells, int cell, int player)
{
    return cell != TB_NO_CELL && cells[cell] && piece_owner(cells[cell]) != player;
}

/* 1 when the piece of PLAYER on FROM (on CELLS) can capture with rule R's
 * first step: an empty neighbour with an enemy beyond it, or behind FROM. */
static int first_capture_exists(const ruleset *rs, const move_rule *r, const uint8_t *cells, int player, int from)
{
    for (unsigned bits = rs->nbr_bits[from] & r->dir_bits[player - 1]; bits; bits &= bits - 1) {
        int d = __builtin_ctz(bits), to = rs->nbr[from][d];
        if (cells[to]) continue;
        if ((r->line_capture & LINE_APPROACH) && enemy_on(cells, rs->nbr[to][d], player)) return 1;
        if ((r->line_capture & LINE_WITHDRAWAL) && enemy_on(cells, rs->nbr[from][opposite(d)], player)) return 1;
    }
    return 0;
}

static void line_extend(line_chain *ch, int cur);

/* The step CUR-TO in direction D taking the line that starts at FIRST and
 * runs in direction AWAY; then the chain goes on from TO. */
static void line_take(line_chain *ch, int cur, int to, int d, int first, int away)
{
    gen *g = ch->g;
    const ruleset *rs = g->rs;
    move *m = &ch->m;
    if (m->npath >= TB_MAX_PATH) { /* the compiler's bound makes this unreachable: never a cut chain */
        g->list->error = MOVES_CHAIN_TOO_LONG;
        return;
    }
    int ncaps0 = m->ncaps, last_dir = ch->last_dir;
    uint8_t taken[TB_MAX_PATH];
    for (int c = first; enemy_on(ch->cell, c, g->player); c = rs->nbr[c][away]) {
        if (m->ncaps >= TB_MAX_PATH) {
            g->list->error = MOVES_CHAIN_TOO_LONG;
            break;
        }
        uint8_t v = ch->cell[c];
        taken[m->ncaps - ncaps0] = v;
        m->caps[m->ncaps++] = (cell_id)c;
        if (m->caps_by_type[piece_type(v)]++ == 0) m->first_cap[piece_type(v)] = m->ncaps;
        ch->cell[c] = 0;
    }
    if (!g->list->error) {
        ch->cell[to] = ch->cell[cur];
        ch->cell[cur] = 0;
        m->path[m->npath++] = (cell_id)to;
        m->to = (cell_id)to;
        ch->last_dir = d;
        int was_visited = cellset_has(&ch->visited, to);
        cellset_add(&ch->visited, to);
        if (!ch->r->chain || ch->r->may_stop) gen_emit_chain(g, m, ch->type);
        if (ch->r->chain) line_extend(ch, to);
        if (!was_visited) cellset_remove(&ch->visited, to);
        ch->last_dir = last_dir;
        m->npath--;
        m->to = m->npath ? m->path[m->npath - 1] : m->from;
        ch->cell[cur] = ch->cell[to];
        ch->cell[to] = 0;
    }
    while (m->ncaps > ncaps0) { /* the line back on the board */
        uint8_t v = taken[m->ncaps - 1 - ncaps0];
        ch->cell[m->caps[m->ncaps - 1]] = v;
        if (--m->caps_by_type[piece_type(v)] == 0) m->first_cap[piece_type(v)] = 0;
        m->ncaps--;
    }
}

/* Every capturing step from CUR; where there is none and the chain must go
 * on while it can, the move so far is listed. */
static void line_extend(line_chain *ch, int cur)
{
    gen *g = ch->g;
    const ruleset *rs = g->rs;
    const move_rule *r = ch->r;
    int p = g->player - 1, stepped = 0;
    unsigned bits = rs->nbr_bits[cur] & r->dir_bits[p];
    if (r->turn) bits &= ~(1u << ch->last_dir); /* never on in the direction just taken */
    for (; bits; bits &= bits - 1) {
        int d = __builtin_ctz(bits), to = rs->nbr[cur][d];
        if (ch->cell[to] || (r->no_revisit && cellset_has(&ch->visited, to))) continue;
        if (r->has_within && !cellset_has(&r->within[p], to)) continue;
        int ahead = rs->nbr[to][d], behind = rs->nbr[cur][opposite(d)];
        if ((r->line_capture & LINE_APPROACH) && enemy_on(ch->cell, ahead, g->player)) {
            stepped = 1;
            line_take(ch, cur, to, d, ahead, d);
        }
        if ((r->line_capture & LINE_WITHDRAWAL) && enemy_on(ch->cell, behind, g->player)) {
            stepped = 1;
            line_take(ch, cur, to, d, behind, opposite(d));
        }
    }
    if (!stepped && ch->m.npath > 0 && r->chain && !r->may_stop) gen_emit_chain(g, &ch->m, ch->type);
}

/* 1 when two of the N chains of one piece at M, of two steps or more, may
 * be one capture: the same end, number of pieces taken, and sum and
 * exclusive or of their cells (the same pieces in any order, or a rare
 * collision): a quick look that misses none. */
static int ends_meet(const move *m, int n)
{
    uint64_t key[64];
    int nkeys = 0;
    for (int i = 0; i < n; i++) {
        if (m[i].npath < 2) continue;
        if (nkeys == 64) return 1; /* many chains: the full filter decides */
        uint64_t sum = 0, mix = 0;
        for (int c = 0; c < m[i].ncaps; c++) sum += m[i].caps[c], mix ^= m[i].caps[c];
        uint64_t k = sum | mix << 24 | (uint64_t)m[i].to << 40 | (uint64_t)m[i].ncaps << 56;
        for (int j = 0; j < nkeys; j++)
            if (key[j] == k) return 1;
        key[nkeys++] = k;
    }
    return 0;
}

/* One move per distinct capture (movegen_distinct.c) among the chains of
 * one piece, listed from FIRST on: two chains that take the same pieces
 * start on the same cell, so the piece's own chains are all there is to
 * compare; the game's other moves never are. MEET: ends_meet is known true. */
static void keep_distinct(gen *g, const move_rule *r, int first, int meet)
{
    if (r->chain && !g->rs->keep_all_paths && !g->list->error && (meet || ends_meet(g->out + first, g->n - first)))
        g->n = first + movegen_distinct_span(g->rs, g->list, first, g->n - first);
}

void gen_line_steps(gen *g, const move_rule *r, int from, int type, int what)
{
    const ruleset *rs = g->rs;
    const uint8_t *cells = g->st->cell;
    int p = g->player - 1;
    /* quiet steps: none once a capture is listed where capturing is compulsory (they would be dropped) */
    int quiet = (what & GEN_QUIET) && !(rs->capture_mandatory && g->chains), copied = 0, first = g->n;
    if (rs->line_scan && what == GEN_CHAINS) { /* the same chains, walked on 64-bit sets */
        if (gen_line_chains_bits(g, r, from, type)) keep_distinct(g, r, first, 1);
        return;
    }
    line_chain ch;
    for (unsigned bits = rs->nbr_bits[from] & r->dir_bits[p]; bits; bits &= bits - 1) {
        int d = __builtin_ctz(bits), to = rs->nbr[from][d];
        if (cells[to] || (r->has_within && !cellset_has(&r->within[p], to))) continue;
        int ahead = rs->nbr[to][d], behind = rs->nbr[from][opposite(d)];
        int approach = (r->line_capture & LINE_APPROACH) && enemy_on(cells, ahead, g->player);
        int withdrawal = (r->line_capture & LINE_WITHDRAWAL) && enemy_on(cells, behind, g->player);
        if (!approach && !withdrawal) { /* a step that can capture always does: quiet only where it cannot */
            if (!quiet || (rs->capture_mandatory && g->chains)) continue;
            if (!gen_emit_quiet(g, rs, r, MOVE_STEP, from, to, type)) return;
            continue;
        }
        if (!(what & GEN_CHAINS)) continue;
        if (!copied) { /* the board of the move being built, once for this piece */
            copied = 1;
            ch.g = g;
            ch.r = r;
            ch.type = type;
            ch.last_dir = -1;
            memcpy(ch.cell, cells, (size_t)rs->ncells);
            memset(&ch.visited, 0, sizeof ch.visited);
            cellset_add(&ch.visited, from);
            move_start(&ch.m, MOVE_CHAIN, from, type, (int)(r - rs->rules));
        }
        if (approach) line_take(&ch, from, to, d, ahead, d);
        if (withdrawal) line_take(&ch, from, to, d, behind, opposite(d));
    }
    if (copied) keep_distinct(g, r, first, 0);
}

static void line_scan_prepare(ruleset *rs);

void movegen_lines_prepare(ruleset *rs)
{
    for (int c = 0; c < rs->ncells; c++) {
        rs->nbr_bits[c] = 0;
        for (int d = 0; d < TB_MAX_DIRS && rs->topology == TOPO_SQUARE; d++)
            if (rs->nbr[c][d] != TB_NO_CELL) rs->nbr_bits[c] |= (uint8_t)(1u << d);
    }
    /* The generator of games of such steps alone: nothing the per-piece
     * generator's other parts or filters would add or take away. */
    rs->lines_only = rs->topology == TOPO_SQUARE && rs->nrules > 0 && rs->capture_mandatory &&
                     !rs->uses_max_capture && rs->royal_type < 0 && !rs->castle.on && !rs->custodial.on &&
                     !rs->nplace_rules && !rs->swap_rule && !rs->nremove_rules && !rs->sow.on && !rs->line_removes &&
                     !rs->npromotions && !rs->promotion_options && !rs->any_chain;
    for (int i = 0; i < rs->nrules; i++) {
        move_rule *r = &rs->rules[i];
        if (r->kind != RULE_STEP || !r->line_capture) rs->lines_only = 0;
        for (int p = 0; p < TB_MAX_PLAYERS; p++) {
            r->dir_bits[p] = 0;
            for (int k = 0; k < r->ndirs[p]; k++) r->dir_bits[p] |= (uint8_t)(1u << r->dirs[p][k]);
        }
    }
    line_scan_prepare(rs);
}

/* The quiet steps of rule R for the piece of TYPE on FROM, where no piece
 * can capture (gen_line_steps' quiet moves, without looking for captures). */
static void gen_line_quiet(gen *g, const move_rule *r, int from, int type)
{
    for (unsigned dirs = line_quiet_dirs(g->rs, g->st, r, g->player - 1, from); dirs; dirs &= dirs - 1)
        if (!gen_emit_quiet(g, g->rs, r, MOVE_STEP, from, g->rs->nbr[from][__builtin_ctz(dirs)], type)) return;
}

/* line_scan: the offsets of the neighbours, when every neighbour in a
 * direction is the same number of cells away, on a board of 64 cells at most. */
static void line_scan_prepare(ruleset *rs)
{
    rs->line_scan = rs->lines_only && rs->ncells <= 64;
    for (int d = 0; d < TB_MAX_DIRS; d++) {
        rs->line_nbr[d] = 0;
        rs->line_off[d] = 0;
        int known = 0;
        for (int c = 0; c < rs->ncells && rs->line_scan; c++) {
            int to = rs->nbr[c][d];
            if (to == TB_NO_CELL) continue;
            if (!known) rs->line_off[d] = (int8_t)(to - c), known = 1;
            if (to - c != rs->line_off[d] || to - c == 0) rs->line_scan = 0;
            rs->line_nbr[d] |= (uint64_t)1 << c;
        }
    }
    for (int c = 0; c < 64; c++)
        for (int d = 0; d < TB_MAX_DIRS; d++) {
            rs->line_geo[c].step[d] = rs->line_geo[c].far[d] = rs->line_geo[c].back[d] = 0;
            if (!rs->line_scan || c >= rs->ncells) continue;
            int to = rs->nbr[c][d], behind = rs->nbr[c][(d + 4) & 7];
            if (to != TB_NO_CELL) {
                rs->line_geo[c].step[d] = 1ull << to;
                if (rs->nbr[to][d] != TB_NO_CELL) rs->line_geo[c].far[d] = 1ull << rs->nbr[to][d];
            }
            if (behind != TB_NO_CELL) rs->line_geo[c].back[d] = 1ull << behind;
        }
    for (int c = 0; c < 64; c++) {
        rs->line_geo[c].near = rs->line_geo[c].reach = 0;
        for (int d = 0; d < TB_MAX_DIRS; d++) {
            rs->line_geo[c].near |= rs->line_geo[c].step[d];
            rs->line_geo[c].reach |= rs->line_geo[c].step[d] | rs->line_geo[c].far[d] | rs->line_geo[c].back[d];
        }
    }
    /* The playouts pick a move without the list (movegen_pick_approach)
     * where the list is movegen_lines_legal's alone. */
    rs->pick_approach = rs->line_scan && !rs->bb.ok && !rs->uses_marks && !rs->pass_when_blocked;
}

/* The moves of every piece of the player to move on a cell of ONLY (a set
 * of cells of word 0, or all cells when ALL), as WHAT says. */
static void lines_of_pieces_in(gen *g, int what, int all, uint64_t only)
{
    const ruleset *rs = g->rs;
    const cellset *mine = &g->st->occupant[g->player - 1];
    for (int w = 0; w < TB_CELL_WORDS; w++)
        for (uint64_t bits = mine->w[w] & (all ? ~(uint64_t)0 : w ? 0 : only); bits; bits &= bits - 1) { /* the mover's pieces, in cell order */
            int cell = w * 64 + __builtin_ctzll(bits), type = piece_type(g->st->cell[cell]);
            for (int i = 0; i < rs->ntype_rules[type]; i++) {
                const move_rule *r = &rs->rules[rs->type_rules[type][i]];
                if (!rule_applies(g->st, r, g->player, cell)) continue;
                if (what == GEN_QUIET) gen_line_quiet(g, r, cell, type); /* none can capture */
                else gen_line_steps(g, r, cell, type, what);
            }
        }
}

static void lines_of_pieces(gen *g, int what)
{
    lines_of_pieces_in(g, what, 1, 0);
}

int movegen_lines_legal(const ruleset *rs, const state *st, move_list *out)
{
    gen g = GEN_INIT(rs, st, out);
    if (rs->line_scan) { /* the captures of the pieces that may have one; where none has, the quiet steps */
        uint64_t cand = line_capture_candidates(rs, st, g.player);
        if (cand) lines_of_pieces_in(&g, GEN_CHAINS, 0, cand);
        if (g.chains || g.list->error) return gen_result(&g);
        g.n = 0;
        lines_of_pieces(&g, GEN_QUIET);
        return gen_result(&g);
    }
    /* Capturing is compulsory: quiet steps are listed only until the first
     * capture (gen_line_steps), and all of them come before it; where there
     * is a capture they leave, the captures moving up in their order. */
    lines_of_pieces(&g, GEN_QUIET | GEN_CHAINS);
    if (g.chains && !g.list->error) {
        int quiet = 0;
        while (quiet < g.n && g.out[quiet].kind != MOVE_CHAIN) quiet++;
        if (quiet) {
            memmove(g.out, g.out + quiet, (size_t)(g.n - quiet) * sizeof *g.out);
            g.n -= quiet;
        }
    }
    return gen_result(&g);
}

int gen_line_can_capture(const gen *g, const move_rule *r, int from)
{
    return first_capture_exists(g->rs, r, g->st->cell, g->player, from);
}
