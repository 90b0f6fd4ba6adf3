/* compile_arrange.c - starts with several arrangements: places that choose
 * their cells (`choose:`), lists of piece types put in order, and
 * `(mirror PLAYER)`.
 *
 * The arrangement's number is read as a mixed-radix number: each place with
 * `choose:K` among N empty cells is one digit, with C(N,K) values, the first
 * such place the lowest digit. Digit D picks the D-th K-subset of the cells
 * in lexicographic order of their positions (cells in board order): for K=2
 * of 5, 0 is {1st,2nd}, 1 is {1st,3rd}, ..., 9 is {4th,5th}. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"

/* C(n, k), capped at CAP (the numbers involved are small). */
static unsigned long long binomial(int n, int k, unsigned long long cap)
{
    unsigned long long r = 1;
    for (int i = 1; i <= k; i++) {
        r = r * (unsigned long long)(n - k + i) / (unsigned long long)i;
        if (r > cap) return cap;
    }
    return r;
}

/* The D-th K-subset of positions 0..N-1 in lexicographic order, into PICK. */
static void nth_subset(int n, int k, unsigned long long d, int *pick)
{
    int from = 0;
    for (int j = 0; j < k; j++) {
        for (int p = from;; p++) { /* the subsets starting with p count C(n-p-1, k-j-1) */
            unsigned long long with = binomial(n - p - 1, k - j - 1, ~0ULL);
            if (d < with) {
                pick[j] = p;
                from = p + 1;
                break;
            }
            d -= with;
        }
    }
}

void compile_arranged_place(compiler *c, const ast_node *pl, start_fill *f, int player, const cellset *where,
                            long count)
{
    ruleset *rs = c->rs;
    const ast_node *what = compile_positional(pl, 1), *choose = ast_named(pl, "choose");
    int types[TB_MAX_CELLS], ntypes = 0;
    if (what->kind == AST_LIST) {
        if (what->nkids == 0 || what->nkids > TB_MAX_CELLS) {
            compile_error(c, what, "a list of pieces names 1 to %d piece types, one a cell; got %d", TB_MAX_CELLS,
                          what->nkids);
            return;
        }
        for (int k = 0; k < what->nkids; k++)
            if ((types[ntypes++] = compile_piece(c, what->kids[k])) < 0) return;
    }
    if (ast_named(pl, "limit")) {
        compile_error(c, ast_named(pl, "limit"), "`limit:` fills cells in its own order; with `choose:` or a list "
                      "of pieces the cells are chosen or filled in board order: give one or the other");
        return;
    }
    int cells[TB_MAX_CELLS], n = 0; /* the cells of WHERE still empty, in board order */
    for (int cell = 0; cell < rs->ncells; cell++)
        if (cellset_has(where, cell) && cellset_has(&rs->playable, cell) && !f->owner_at[cell]) cells[n++] = cell;
    long k = ntypes;
    if (choose) {
        if (!compile_int(c, choose, &k)) return;
        if (k < 1) {
            compile_error(c, choose, "`choose:` picks 1 cell or more; got %ld", k);
            return;
        }
        if (ntypes && k != ntypes) {
            compile_error(c, choose, "`choose:%ld` picks %ld cells for a list of %d pieces: the chosen cells take "
                          "the listed pieces in order, as many cells as pieces", k, k, ntypes);
            return;
        }
        if (k > n) {
            if (n)
                compile_error(c, choose, "`choose:%ld` picks %ld cells, but only %d of `where` %s still empty", k, k,
                              n, n == 1 ? "is" : "are");
            else
                compile_error(c, choose, "`choose:%ld` leaves no cell to choose: every cell of `where` is filled by "
                              "an earlier place", k);
            return;
        }
    } else if (ntypes != n) {
        compile_error(c, what, "a list of %d pieces for %d empty cells of `where`: the pieces go one a cell, in "
                      "order, on every empty cell, so they must be as many", ntypes, n);
        return;
    }
    int pick[TB_MAX_CELLS];
    for (int j = 0; j < k; j++) pick[j] = j;
    if (choose) {
        const unsigned long long cap = 1ULL << 62;
        unsigned long long radix = binomial(n, (int)k, cap);
        nth_subset(n, (int)k, f->number % radix, pick);
        f->number /= radix;
        f->ways = f->ways > cap / radix ? cap : f->ways * radix;
        f->choices++;
    }
    for (int j = 0; j < k; j++) {
        int type = ntypes ? types[j] : compile_piece(c, what);
        if (type < 0 || !compile_start_put(c, pl, f, player, cells[pick[j]], type, (int)count)) return;
    }
}

void compile_mirror(compiler *c, const ast_node *m, start_fill *f)
{
    ruleset *rs = c->rs;
    long player = 0;
    if (!compile_int(c, compile_positional(m, 0), &player)) return;
    if (player != 1 && player != 2) {
        compile_error(c, compile_positional(m, 0), "players are numbered 1 and 2; got %ld", player);
        return;
    }
    if (rs->topology != TOPO_SQUARE) {
        compile_error(c, m, "`mirror` reflects cells across the middle row: it needs a board of cells (`square`)");
        return;
    }
    int from = tb_opponent((int)player), n = rs->nstart, any = 0;
    for (int i = 0; i < n; i++) {
        placement p = rs->start[i];
        if (p.owner != from) continue;
        any = 1;
        int cell = (rs->height - 1 - rs->cell_row[p.cell]) * rs->width + rs->cell_col[p.cell];
        if (f->owner_at[cell] || !cellset_has(&rs->playable, cell)) {
            compile_error(c, m, "cell %s, the reflection of player %d's %s on %s, is %s", rs->cell_name[cell], from,
                          rs->piece_name[p.type], rs->cell_name[p.cell],
                          f->owner_at[cell] ? "already filled" : "not playable");
            return;
        }
        if (!compile_start_put(c, m, f, (int)player, cell, p.type, p.count)) return;
    }
    if (!any && !compile_failed(c))
        compile_error(c, m, "`mirror %ld` copies player %d's pieces, and no place before it gives any", player, from);
}
