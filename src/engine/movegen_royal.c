/* movegen_royal.c - games with a royal piece: whether a cell is attacked
 * (some enemy rule could capture a piece there by landing on it, read from
 * the same move rules that generate moves), the filter that drops moves
 * leaving the mover's royal piece attacked, castling, and the choice of a
 * promotion's type. */
#include "movegen_internal.h"

/* 1 when rule R of BY, moving along direction D, could capture on CELL. */
static int rule_attacks(const ruleset *rs, const state *st, const uint8_t *cells, const move_rule *r, int by, int cell)
{
    int p = by - 1;
    uint8_t code = piece_code(by, r->piece);
    if (r->has_within && !cellset_has(&r->within[p], cell)) return 0;
    if (r->kind == RULE_LEAP) {
        if (r->leap_table >= 0) { /* the cells a leap comes from, by the table */
            for (unsigned ok = rs->leap_ok[r->leap_table][1][p][cell]; ok; ok &= ok - 1) {
                int k = __builtin_ctz(ok), a = cell - r->leaps[p][k][1] * rs->width - r->leaps[p][k][0];
                if (cells[a] == code && rule_applies(st, r, by, a) &&
                    !(r->lame && gen_leap_blocked(rs, cells, a, r->leaps[p][k][0], r->leaps[p][k][1])))
                    return 1;
            }
            return 0;
        }
        for (int k = 0; k < r->nleaps[p]; k++) {
            int col = rs->cell_col[cell] - r->leaps[p][k][0], row = rs->cell_row[cell] - r->leaps[p][k][1];
            if (col < 0 || col >= rs->width || row < 0 || row >= rs->height) continue;
            int a = row * rs->width + col;
            if (cells[a] == code && rule_applies(st, r, by, a) &&
                !(r->lame && gen_leap_blocked(rs, cells, a, r->leaps[p][k][0], r->leaps[p][k][1])))
                return 1;
        }
        return 0;
    }
    int max = r->kind == RULE_STEP ? 1 : r->slide_limit == SLIDE_MAX_FIXED ? r->max_value : rs->ncells;
    for (int k = 0; k < r->ndirs[p]; k++) {
        int back = (r->dirs[p][k] + 4) & 7, a = cell;
        int screens = 0;
        for (int dist = 1; dist <= max; dist++) {
            a = r->kind == RULE_STEP ? rs->nbr[a][back] : rs->ray[a][back];
            if (a == TB_NO_CELL) break;
            if (!cells[a]) continue;
            if (r->screen && screens++ == 0) continue; /* the one piece a screen slide captures over */
            if (cells[a] == code && rule_applies(st, r, by, a)) return 1;
            break;
        }
    }
    return 0;
}

void movegen_royal_prepare(ruleset *rs)
{
    rs->attack.plain = 1;
    for (int ri = 0; ri < rs->nrules; ri++) {
        const move_rule *r = &rs->rules[ri];
        /* a lame leap's leg or a screen can be opened or closed off the lines through the royal piece */
        if ((r->kind == RULE_LEAP && r->lame) || r->screen || rs->royal_faces) rs->attack.no_shortcut = 1;
        if (!r->land_on_enemy || (r->kind != RULE_STEP && r->kind != RULE_SLIDE) || r->screen) continue;
        int limited = r->kind == RULE_SLIDE && (r->slide_limit != SLIDE_MAX_FIXED || r->max_value < TB_MAX_CELLS);
        if (!r->from_any || r->has_within || r->conditional || limited) rs->attack.plain = 0;
        for (int p = 0; p < 2; p++)
            for (int k = 0; k < r->ndirs[p]; k++) {
                uint8_t bit = (uint8_t)(1u << r->dirs[p][k]);
                if (r->kind == RULE_SLIDE) rs->attack.slide_dirs[p][r->piece] |= bit;
                else rs->attack.step_dirs[p][r->piece] |= bit;
            }
    }
    rs->attack.nrules = 0;
    for (int ri = 0; ri < rs->nrules; ri++) {
        const move_rule *r = &rs->rules[ri];
        if (!r->land_on_enemy || (r->kind != RULE_STEP && r->kind != RULE_SLIDE && r->kind != RULE_LEAP)) continue;
        if (rs->attack.plain && r->kind != RULE_LEAP && !r->screen) continue; /* the lines cover it */
        rs->attack.rules[rs->attack.nrules++] = (uint8_t)ri;
    }
    rs->attack.map = rs->attack.plain && !rs->attack.no_shortcut;
    /* the types whose every move takes at most the piece where it lands (no
     * en passant, hop, line capture or shot): off the lines through the
     * royal piece, a move of theirs never exposes it */
    rs->attack.simple_types = 0;
    for (int t = 0; t < rs->npiece_types; t++) rs->attack.simple_types |= (typeset)(1u << t);
    for (int ri = 0; ri < rs->nrules; ri++) {
        const move_rule *r = &rs->rules[ri];
        if (r->kind == RULE_PLACE || r->kind == RULE_REMOVE || r->kind == RULE_SOW) continue; /* not a piece's move */
        int simple = (r->kind == RULE_STEP && !r->en_passant && !r->line_capture) || (r->kind == RULE_SLIDE && !r->shoot) ||
                     r->kind == RULE_LEAP || r->kind == RULE_FLY;
        if (!simple) rs->attack.simple_types &= (typeset)~(1u << r->piece);
    }
    for (int i = 0; i < rs->attack.nrules; i++) {
        const move_rule *r = &rs->rules[rs->attack.rules[i]];
        rs->attack.map &= r->kind == RULE_LEAP && !r->lame && r->from_any && !r->has_within && !r->conditional;
    }
}

/* With rs->attack.map: the cells BY attacks on CELLS with the royal piece on
 * ROYAL taken off (a royal move away along a line stays on it): each
 * piece's slides up to the first piece, its steps, its leaps. */
static void attacked_cells(const ruleset *rs, const uint8_t *cells, int royal, int by, const cellset *pieces,
                           cellset *out)
{
    memset(out, 0, sizeof *out);
    for (int w = 0; w < TB_CELL_WORDS; w++)
        for (uint64_t bits = pieces->w[w]; bits; bits &= bits - 1) {
            int a = w * 64 + __builtin_ctzll(bits), t = piece_type(cells[a]);
            unsigned slides = rs->attack.slide_dirs[by - 1][t], steps = rs->attack.step_dirs[by - 1][t];
            for (; slides; slides &= slides - 1) {
                int d = __builtin_ctz(slides);
                for (int c = rs->ray[a][d]; c != TB_NO_CELL; c = rs->ray[c][d]) {
                    cellset_add(out, c);
                    if (cells[c] && c != royal) break;
                }
            }
            for (; steps; steps &= steps - 1) {
                int c = rs->nbr[a][__builtin_ctz(steps)];
                if (c != TB_NO_CELL) cellset_add(out, c);
            }
        }
    for (int i = 0; i < rs->attack.nrules; i++) { /* the leaps */
        const move_rule *r = &rs->rules[rs->attack.rules[i]];
        uint8_t code = piece_code(by, r->piece);
        int p = by - 1;
        for (int w = 0; w < TB_CELL_WORDS; w++)
            for (uint64_t bits = pieces->w[w]; bits; bits &= bits - 1) {
                int a = w * 64 + __builtin_ctzll(bits);
                if (cells[a] != code) continue;
                for (int k = 0; k < r->nleaps[p]; k++) {
                    int col = rs->cell_col[a] + r->leaps[p][k][0], row = rs->cell_row[a] + r->leaps[p][k][1];
                    if (col >= 0 && col < rs->width && row >= 0 && row < rs->height) cellset_add(out, row * rs->width + col);
                }
            }
    }
}

/* The lines through CELL: the first piece each way, if it is BY's and
 * its type captures back along the line (sliding, or stepping from next
 * to CELL). */
static int attacked_along_lines(const ruleset *rs, const uint8_t *cells, int cell, int by)
{
    for (int d = 0; d < 8; d++) {
        int a = rs->ray[cell][d], dist = 1;
        while (a != TB_NO_CELL && !cells[a]) {
            a = rs->ray[a][d];
            dist++;
        }
        if (a == TB_NO_CELL || piece_owner(cells[a]) != by) continue;
        int t = piece_type(cells[a]), back = (d + 4) & 7;
        if (rs->attack.slide_dirs[by - 1][t] >> back & 1) return 1;
        if (dist == 1 && (rs->attack.step_dirs[by - 1][t] >> back & 1) && rs->nbr[a][back] == cell) return 1;
    }
    return 0;
}

int movegen_attacked(const ruleset *rs, const state *st, const uint8_t *cells, int cell, int by)
{
    if (rs->attack.plain && attacked_along_lines(rs, cells, cell, by)) return 1;
    for (int i = 0; i < rs->attack.nrules; i++)
        if (rule_attacks(rs, st, cells, &rs->rules[rs->attack.rules[i]], by, cell)) return 1;
    if (rs->royal_faces && piece_type(cells[cell]) == rs->royal_type && piece_owner(cells[cell]) == tb_opponent(by))
        for (int d = 0; d < 8; d++) { /* royal pieces facing each other */
            if (!(rs->royal_faces >> d & 1)) continue;
            int a = rs->ray[cell][d];
            while (a != TB_NO_CELL && !cells[a]) a = rs->ray[a][d];
            if (a != TB_NO_CELL && cells[a] == piece_code(by, rs->royal_type)) return 1;
        }
    return 0;
}

int movegen_royal_cell(const ruleset *rs, const state *st, int player)
{
    uint8_t code = piece_code(player, rs->royal_type);
    for (int w = 0; w < TB_CELL_WORDS; w++)
        for (uint64_t bits = st->occupant[player - 1].w[w]; bits; bits &= bits - 1) {
            int cell = w * 64 + __builtin_ctzll(bits);
            if (st->cell[cell] == code) return cell;
        }
    return -1;
}

int movegen_in_check(const ruleset *rs, const state *st, int player)
{
    if (rs->royal_type < 0) return 0;
    int at = movegen_royal_cell(rs, st, player);
    return at >= 0 && movegen_attacked(rs, st, st->cell, at, tb_opponent(player));
}

/* Writes move M on CELLS (a copy of the board) and records what it wrote in
 * SAVED (cell, old contents) so that it can be put back; returns how many. */
static int make_on(const ruleset *rs, uint8_t *cells, const move *m, int player, cell_id *where, uint8_t *old)
{
    int n = 0;
#define WRITE(c, v) (where[n] = (cell_id)(c), old[n++] = cells[c], cells[c] = (uint8_t)(v))
    uint8_t piece = m->kind == MOVE_PLACE ? piece_code(player, m->mover) : cells[m->from];
    if (m->promote != 255) piece = piece_code(player, m->promote);
    for (int i = 0; i < m->ncaps; i++) WRITE(m->caps[i], 0);
    if (m->kind == MOVE_CASTLE) {
        uint8_t rook = cells[m->path[0]];
        WRITE(m->from, 0);
        WRITE(m->path[0], 0);
        WRITE(m->path[1], rook);
    } else if (m->kind != MOVE_PLACE && m->kind != MOVE_PASS) {
        WRITE(m->from, 0);
    }
    if (m->kind != MOVE_PASS) WRITE(m->to, piece);
    if (m->shot != TB_NO_CELL) WRITE(m->shot, piece_code(player, m->shot_type));
#undef WRITE
    (void)rs;
    return n;
}

/* With plain attacks: the cells of PLAYER's pieces that are the only piece
 * between the royal piece on ROYAL and an enemy piece sliding towards it. */
static void pinned_cells(const ruleset *rs, const uint8_t *cells, int royal, int player, cellset *out)
{
    memset(out, 0, sizeof *out);
    int by = tb_opponent(player);
    for (int d = 0; d < 8; d++) {
        int a = rs->ray[royal][d];
        while (a != TB_NO_CELL && !cells[a]) a = rs->ray[a][d];
        if (a == TB_NO_CELL || piece_owner(cells[a]) != player) continue;
        int b = rs->ray[a][d];
        while (b != TB_NO_CELL && !cells[b]) b = rs->ray[b][d];
        if (b != TB_NO_CELL && piece_owner(cells[b]) == by &&
            (rs->attack.slide_dirs[by - 1][piece_type(cells[b])] >> ((d + 4) & 7) & 1))
            cellset_add(out, a);
    }
}

void royal_guard_init(royal_guard *g, const ruleset *rs, const state *st, int royal, int in_check)
{
    g->rs = rs;
    g->st = st;
    g->royal = royal;
    g->player = st->h.to_move;
    g->mapped = 0;
    if (royal < 0) return;
    memcpy(g->cells, st->cell, (size_t)rs->ncells);
    /* Not attacked now: only a move of the royal piece, or one that opens a
     * line through it (a piece leaving a cell on one, a capture elsewhere
     * than where the mover lands), can leave it attacked. */
    g->shortcut = !rs->attack.no_shortcut &&
                  !(in_check >= 0 ? in_check : movegen_attacked(rs, st, st->cell, royal, tb_opponent(g->player)));
    if (g->shortcut) pinned_cells(rs, st->cell, royal, g->player, &g->pinned);
}

/* 1 when move M leaves the mover's royal piece unattacked. */
static int royal_guard_keeps(royal_guard *g, const move *m)
{
    const ruleset *rs = g->rs;
    int royal = g->royal, player = g->player;
    if (g->shortcut && rs->attack.map && m->from == royal && m->kind != MOVE_CASTLE && m->kind != MOVE_PLACE &&
        m->shot == TB_NO_CELL && (m->ncaps == 0 || (m->ncaps == 1 && m->caps[0] == m->to))) {
        if (!g->mapped) attacked_cells(rs, g->st->cell, royal, tb_opponent(player), &g->st->occupant[2 - player], &g->danger);
        g->mapped = 1;
        return !cellset_has(&g->danger, m->to);
    }
    if (g->shortcut && m->kind != MOVE_CASTLE && m->shot == TB_NO_CELL && (m->ncaps == 0 || m->caps[0] == m->to)) {
        int dc = rs->cell_col[m->from] - rs->cell_col[royal], dr = rs->cell_row[m->from] - rs->cell_row[royal];
        int aligned = dc == 0 || dr == 0 || dc == dr || dc == -dr;
        if (aligned && rs->attack.plain) aligned = cellset_has(&g->pinned, m->from);
        if (m->kind == MOVE_PLACE || (m->from != royal && !aligned)) return 1;
    }
    cell_id where[TB_MAX_PATH + 8];
    uint8_t old[TB_MAX_PATH + 8];
    int w = make_on(rs, g->cells, m, player, where, old);
    int at = (m->from == royal && m->kind != MOVE_PLACE) ? m->to : royal;
    int safe = !movegen_attacked(rs, g->st, g->cells, at, tb_opponent(player));
    while (w-- > 0) g->cells[where[w]] = old[w];
    return safe;
}

int royal_guard_filter(royal_guard *g, move *m, int first, int n)
{
    if (g->royal < 0) return n; /* no royal piece on the board: nothing to guard */
    int k = first;
    for (int i = first; i < n; i++)
        if (royal_guard_keeps(g, &m[i])) {
            if (k != i) m[k] = m[i];
            k++;
        }
    return k;
}

int movegen_royal_filter(const ruleset *rs, const state *st, move_list *out, int n, int royal, int in_check)
{
    royal_guard g;
    royal_guard_init(&g, rs, st, royal, in_check);
    return out->n = royal_guard_filter(&g, out->m, 0, n);
}

/* Castling of the unmoved royal piece of the player to move with an unmoved
 * piece of castle.with on its row, towards the higher columns or the lower. */
void gen_castles(gen *g)
{
    const ruleset *rs = g->rs;
    const state *st = g->st;
    int player = g->player, king = movegen_royal_cell(rs, st, player);
    if (king < 0 || (st->mark[king] & MARK_MOVED)) return;
    if (g->in_check > 0 || (g->in_check < 0 && movegen_attacked(rs, st, st->cell, king, tb_opponent(player)))) return;
    int row = rs->cell_row[king], kc = rs->cell_col[king];
    uint8_t with = piece_code(player, rs->castle.with);
    for (int side = 0; side < 2; side++) {
        int step = side == 0 ? 1 : -1;
        for (int rc = kc + step; rc >= 0 && rc < rs->width; rc += step) {
            int rook = row * rs->width + rc;
            if (st->cell[rook] != with || (st->mark[rook] & MARK_MOVED)) continue;
            int kd = row * rs->width + rs->castle.king_col[side], rd = row * rs->width + rs->castle.rook_col[side];
            /* every cell the two cross or land on is empty but for themselves */
            int lo = kc, hi = kc;
            int cols[3] = { rc, rs->castle.king_col[side], rs->castle.rook_col[side] };
            for (int k = 0; k < 3; k++) {
                if (cols[k] < lo) lo = cols[k];
                if (cols[k] > hi) hi = cols[k];
            }
            int clear = 1;
            for (int c = lo; c <= hi && clear; c++) {
                int cell = row * rs->width + c;
                clear = cell == king || cell == rook || !st->cell[cell];
            }
            /* the royal piece is never attacked on its way */
            int kstep = kd > king ? 1 : -1;
            for (int c = king; clear && c != kd; c += kstep)
                if (c != king && movegen_attacked(rs, st, st->cell, c, tb_opponent(player))) clear = 0;
            if (!clear) continue;
            move *m = gen_slot(g);
            if (!m) return;
            move_start(m, MOVE_CASTLE, king, rs->royal_type, 255);
            m->to = (cell_id)kd;
            m->path[0] = (cell_id)rook;
            m->path[1] = (cell_id)rd;
        }
    }
}

/* The promotion of a piece of TYPE for PLAYER on a move FROM-TO: where it
 * lands, or where it starts for a promotion that takes `leaving` moves. */
static const promotion *promotion_of_move(const ruleset *rs, int type, int player, int from, int to)
{
    const promotion *pr = promotion_at(rs, type, player, to);
    if (!pr && from >= 0) {
        pr = promotion_at(rs, type, player, from);
        if (pr && !pr->leaving) pr = NULL;
    }
    return pr;
}

void gen_promotion_options(gen *g)
{
    const ruleset *rs = g->rs;
    int count = g->n;
    for (int i = 0; i < count; i++) {
        move *m = &g->out[i];
        if (m->kind == MOVE_PLACE || m->kind == MOVE_CASTLE || m->kind == MOVE_CHAIN || m->kind >= MOVE_PASS) continue;
        const promotion *pr = promotion_of_move(rs, m->mover, g->player, m->from, m->to);
        if (!pr) continue;
        if (m->promote == 255) m->promote = pr->to; /* a move leaving the region */
        if (!pr->optional || cellset_has(&pr->forced[g->player - 1], m->to)) continue;
        move *keep = gen_slot(g); /* declined: the piece stays as it is */
        if (!keep) return;
        *keep = g->out[i];
        keep->promote = 255;
    }
}

void gen_promotion_choices(gen *g)
{
    const ruleset *rs = g->rs;
    int count = g->n;
    for (int i = 0; i < count; i++) {
        if (g->out[i].promote == 255) continue;
        const promotion *pr = promotion_at(rs, g->out[i].mover, g->player, g->out[i].to);
        if (!pr || !(pr->choices & (pr->choices - 1))) continue;
        for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) { /* one move per other type to choose */
            if (!(pr->choices >> t & 1) || t == g->out[i].promote) continue;
            move *m = gen_slot(g);
            if (!m) return;
            *m = g->out[i];
            m->promote = (uint8_t)t;
        }
    }
}
