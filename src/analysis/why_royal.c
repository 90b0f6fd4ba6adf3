/* why_royal.c - why a move the pieces' rules make is not legal all the
 * same: the royal rule (a move may not leave the mover's royal piece
 * attacked) took it away, or a condition of castling fails. The pieces are
 * named by the game's own type names; nothing here names a game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "why_internal.h"
#include "engine/movegen.h"

#define ATTACKERS_MAX 8

/* The cell of BY's royal piece facing the royal piece on CELL of CELLS
 * along an open line of the `faces:` directions, or -1 (the royal rule's
 * facing, as movegen_attacked counts it). */
static int facing(const ruleset *rs, const uint8_t *cells, int cell, int by)
{
    if (!rs->royal_faces || piece_type(cells[cell]) != rs->royal_type || piece_owner(cells[cell]) != tb_opponent(by)) return -1;
    for (int d = 0; d < 8; d++) {
        if (!(rs->royal_faces >> d & 1)) continue;
        int a = rs->ray[cell][d];
        while (a != TB_NO_CELL && !cells[a]) a = rs->ray[a][d];
        if (a != TB_NO_CELL && cells[a] == piece_code(by, rs->royal_type)) return a;
    }
    return -1;
}

/* The cells of BY's pieces that could capture by landing on CELL of CELLS
 * (facing not counted), into OUT (room for ATTACKERS_MAX); returns how
 * many. Each of BY's pieces is asked alone: the others change side on a
 * copy of the board, so that they still stand in the way (a line, a
 * screen, a lame leap's leg) but attack no more. */
static int attackers(const ruleset *rs, const state *st, const uint8_t *cells, int cell, int by, int *out)
{
    uint8_t alone[TB_MAX_CELLS];
    int n = 0, face = facing(rs, cells, cell, by);
    for (int a = 0; a < rs->ncells && n < ATTACKERS_MAX; a++) {
        if (!cells[a] || piece_owner(cells[a]) != by || a == face) continue;
        for (int c = 0; c < rs->ncells; c++)
            alone[c] = c != a && cells[c] && piece_owner(cells[c]) == by ? piece_code(tb_opponent(by), piece_type(cells[c])) : cells[c];
        if (movegen_attacked(rs, st, alone, cell, by)) out[n++] = a;
    }
    return n;
}

/* `the T on a1`, `the T on a1 and the U on b4`, ... (T, U: type names) */
static void attackers_text(const ruleset *rs, const uint8_t *cells, const int *at, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++)
        why_add(buf, size, &len, "%sthe %s on %s", i == 0 ? "" : i + 1 == n ? " and " : ", ",
                rs->piece_name[piece_type(cells[at[i]])], rs->cell_name[at[i]]);
}

/* What makes CELL of CELLS unsafe for BY's opponent's royal piece:
 * `attacked by the T on a1`, or `facing the R on e10 with nothing
 * between`; 0 when nothing does. FRESH (when not NULL) gets an attacker not
 * among the N_OLD cells OLD (a line the move opened), else -1. */
static int danger_text(const ruleset *rs, const state *st, const uint8_t *cells, int cell, int by, const int *old,
                       int n_old, int *fresh, char *buf, size_t size)
{
    int at[ATTACKERS_MAX];
    int n = attackers(rs, st, cells, cell, by, at);
    if (fresh) {
        *fresh = -1;
        for (int i = 0; i < n && *fresh < 0; i++) {
            int seen = 0;
            for (int j = 0; j < n_old && !seen; j++) seen = old[j] == at[i];
            if (!seen) *fresh = at[i];
        }
    }
    if (n) {
        char who[256];
        attackers_text(rs, cells, at, n, who, sizeof who);
        snprintf(buf, size, "attacked by %s", who);
        return 1;
    }
    int face = facing(rs, cells, cell, by);
    if (face < 0) return 0;
    if (fresh) *fresh = face;
    snprintf(buf, size, "facing the %s on %s with nothing between", rs->piece_name[rs->royal_type],
             rs->cell_name[face]);
    return 1;
}

/* 1 when the piece on FRESH attacks the royal piece on ROYAL (or faces it)
 * once CAND's mover and what it takes are lifted off the board, before it
 * lands: the move opens the line, the mover was pinned. */
static int opens_line(const ruleset *rs, const state *st, const move *cand, int royal, int fresh)
{
    uint8_t cells[TB_MAX_CELLS];
    memcpy(cells, st->cell, (size_t)rs->ncells);
    cells[cand->from] = 0;
    for (int i = 0; i < cand->ncaps; i++) cells[cand->caps[i]] = 0;
    int at[ATTACKERS_MAX], by = tb_opponent(st->h.to_move);
    int n = attackers(rs, st, cells, royal, by, at);
    for (int i = 0; i < n; i++)
        if (at[i] == fresh) return 1;
    return facing(rs, cells, royal, by) == fresh;
}

int why_royal_removes(const ruleset *rs, const state *st, const move *cand, why_answer *a)
{
    if (rs->royal_type < 0) return 0;
    int player = st->h.to_move, by = tb_opponent(player);
    int royal = movegen_royal_cell(rs, st, player);
    if (royal < 0) return 0;
    move room[1] = { *cand };
    move_list one = MOVE_LIST_FIXED(room);
    one.n = 1;
    if (movegen_royal_filter(rs, st, &one, 1, royal, -1) == 1) return 0; /* the royal rule keeps it */
    state *after = malloc(sizeof *after); /* the position after it, as the rules make it */
    if (!after) return 0;
    *after = *st;
    engine_apply(rs, after, cand, NULL);
    const char *royal_name = rs->piece_name[rs->royal_type];
    int moved = cand->kind != MOVE_PLACE && cand->from == royal;
    int at = moved ? cand->to : royal;
    int before[ATTACKERS_MAX];
    int nb = attackers(rs, st, st->cell, royal, by, before);
    char now[320], then[320];
    int fresh = -1;
    int unsafe = danger_text(rs, after, after->cell, at, by, before, nb, &fresh, now, sizeof now);
    free(after);
    if (!unsafe) return 0;
    a->clause = rs->royal_loc;
    if (moved) {
        why_refuse(a, "royal", "the %s would stand on %s, %s", royal_name, rs->cell_name[at], now);
        return 1;
    }
    int checked = danger_text(rs, st, st->cell, royal, by, NULL, 0, NULL, then, sizeof then);
    if (fresh >= 0 && cand->kind != MOVE_PLACE && opens_line(rs, st, cand, royal, fresh)) {
        why_refuse(a, "royal", "the %s on %s is pinned: moving it leaves the %s on %s %s",
                   rs->piece_name[cand->mover], rs->cell_name[cand->from], royal_name, rs->cell_name[royal], now);
        return 1;
    }
    if (fresh >= 0) { /* where it lands lets an enemy capture over it (a screen) */
        if (cand->kind == MOVE_PLACE)
            why_refuse(a, "royal", "a %s put on %s leaves the %s on %s %s", rs->piece_name[cand->mover],
                       rs->cell_name[cand->to], royal_name, rs->cell_name[royal], now);
        else
            why_refuse(a, "royal", "the %s moving to %s leaves the %s on %s %s", rs->piece_name[cand->mover],
                       rs->cell_name[cand->to], royal_name, rs->cell_name[royal], now);
        return 1;
    }
    if (!checked) snprintf(then, sizeof then, "%s", now);
    why_refuse(a, "royal", "the %s on %s is in check (%s), and this %s does not answer it", royal_name,
               rs->cell_name[royal], then, cand->kind == MOVE_PLACE ? "placement" : "move");
    return 1;
}

int why_castle_text(const ruleset *rs, const char *text)
{
    if (!rs->castle.on) return -1;
    char t[8];
    size_t k = 0;
    for (const char *c = text; *c; c++) {
        if (strchr("+#!? ", *c)) continue; /* check and annotation marks, as algebraic notation reads them */
        if (k + 1 >= sizeof t) return -1;
        t[k++] = *c == '0' ? 'O' : *c == 'o' ? 'O' : *c;
    }
    t[k] = '\0';
    if (strcmp(t, "O-O") == 0 || strcmp(t, "OO") == 0) return 0;
    if (strcmp(t, "O-O-O") == 0 || strcmp(t, "OOO") == 0) return 1;
    return -1;
}

int why_castle_cells(const ruleset *rs, const state *st, int from, int to)
{
    if (!rs->castle.on || from < 0 || to < 0 || st->cell[from] != piece_code(st->h.to_move, rs->royal_type)) return -1;
    int dc = rs->cell_col[to] - rs->cell_col[from];
    if (rs->cell_row[to] != rs->cell_row[from] || dc * dc < 4) return -1; /* a step of one is no castling */
    for (int side = 0; side < 2; side++)
        if (rs->cell_col[to] == rs->castle.king_col[side] && (side == 0) == (dc > 0)) return side;
    return -1;
}

/* The partner of castling on SIDE for the royal piece on ROYAL: the nearest
 * unmoved piece of castle.with along the row that way (-1: none), and in
 * *MOVED the nearest one that has moved (-1: none). */
static int castle_partner(const ruleset *rs, const state *st, int royal, int side, int *moved)
{
    uint8_t partner = piece_code(st->h.to_move, rs->castle.with);
    int row = rs->cell_row[royal], step = side == 0 ? 1 : -1;
    *moved = -1;
    for (int c = rs->cell_col[royal] + step; c >= 0 && c < rs->width; c += step) {
        int cell = row * rs->width + c;
        if (st->cell[cell] != partner) continue;
        if (!(st->mark[cell] & MARK_MOVED)) return cell;
        if (*moved < 0) *moved = cell;
    }
    return -1;
}

void why_castle(const ruleset *rs, const state *st, int side, why_answer *a)
{
    int player = st->h.to_move, by = tb_opponent(player);
    const char *royal_name = rs->piece_name[rs->royal_type], *partner_name = rs->piece_name[rs->castle.with];
    char who[64], danger[320];
    why_player(rs, player, who, sizeof who);
    why_set_clause(a, rs, rs->castle.clause);
    snprintf(a->meant, sizeof a->meant, "%s", side == 0 ? "O-O" : "O-O-O");
    const char *way = side == 0 ? "higher" : "lower";
    int k = movegen_royal_cell(rs, st, player);
    if (k < 0) {
        why_refuse(a, "castling", "%s has no %s on the board", who, royal_name);
        return;
    }
    if (st->mark[k] & MARK_MOVED) {
        why_refuse(a, "castling", "the %s on %s may no longer castle (it has moved, or the position gives it no right)",
                   royal_name, rs->cell_name[k]);
        return;
    }
    int moved, r = castle_partner(rs, st, k, side, &moved);
    if (r < 0 && moved >= 0) {
        why_refuse(a, "castling", "the %s on %s may no longer castle (it has moved, or the position gives it no right)",
                   partner_name, rs->cell_name[moved]);
        return;
    }
    if (r < 0) {
        why_refuse(a, "castling", "no %s of %s stands on the %s's row towards the %s columns", partner_name, who, royal_name, way);
        return;
    }
    if (danger_text(rs, st, st->cell, k, by, NULL, 0, NULL, danger, sizeof danger)) {
        why_refuse(a, "castling", "the %s on %s is in check (%s), and castling is no answer to a check", royal_name,
                   rs->cell_name[k], danger);
        return;
    }
    int row = rs->cell_row[k], kd = row * rs->width + rs->castle.king_col[side];
    int rd = row * rs->width + rs->castle.rook_col[side];
    int lo = k, hi = k, ends[3] = { r, kd, rd };
    for (int i = 0; i < 3; i++) {
        if (ends[i] < lo) lo = ends[i];
        if (ends[i] > hi) hi = ends[i];
    }
    for (int c = lo; c <= hi; c++)
        if (c != k && c != r && st->cell[c]) {
            why_refuse(a, "castling", "%s is not empty: the %s there stands in the way", rs->cell_name[c],
                       rs->piece_name[piece_type(st->cell[c])]);
            return;
        }
    int step = kd > k ? 1 : -1;
    for (int c = k + step; kd != k && c != kd; c += step)
        if (danger_text(rs, st, st->cell, c, by, NULL, 0, NULL, danger, sizeof danger)) {
            why_refuse(a, "castling", "the %s would pass through %s, %s", royal_name, rs->cell_name[c], danger);
            return;
        }
    uint8_t cells[TB_MAX_CELLS]; /* the board after castling */
    memcpy(cells, st->cell, (size_t)rs->ncells);
    uint8_t kcode = cells[k], rcode = cells[r];
    cells[k] = cells[r] = 0;
    cells[rd] = rcode;
    cells[kd] = kcode;
    if (danger_text(rs, st, cells, kd, by, NULL, 0, NULL, danger, sizeof danger)) {
        why_refuse(a, "castling", "the %s would land on %s, %s", royal_name, rs->cell_name[kd], danger);
        return;
    }
    why_refuse(a, "no-rule", "no rule of this game lets the %s on %s castle towards the %s columns here", royal_name,
               rs->cell_name[k], way);
}
