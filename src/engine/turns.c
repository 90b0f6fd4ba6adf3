/* turns.c - whole turns: every sequence of moves the player to move makes
 * before the other player is to move (or the game ends), listed once per
 * position reached, as programs for tables games count plays.
 *
 * In a game without dice a turn is one move. In a dice game it is the
 * sub-moves of one roll; the move generator already applies the rules on the
 * use of the dice, so every sequence that runs until no move is left is a
 * legal whole turn. Positions are compared in full (cells, stacks, the
 * off-board places, flags), not by hash alone. This is a front-end service:
 * it allocates, unlike the playout loop. */
#include "turns.h"

#include <stdlib.h>
#include <string.h>

/* What makes two positions after a turn the same. */
typedef struct turn_key {
    uint64_t hash;
    uint8_t to_move, status, winner, score;
    uint8_t bar[2], off[2], counter[2][TB_COUNTERS];
    uint64_t removed_groups, flagged;
} turn_key;

typedef struct walker {
    const ruleset *rs;
    state *st;
    int mover;
    move_list lists[TURNS_MAX_MOVES + 1]; /* the moves at each depth */
    move seq[TURNS_MAX_MOVES];
    turn_emit emit;
    void *ctx;
    /* the positions seen: keys, and each one's cells and heights */
    turn_key *keys;
    uint8_t *boards;
    long n, cap;
    int *table;                /* open addressing over keys, -1: empty */
    long table_size;
    int failed;                /* a moves_error: out of memory, or too many moves */
} walker;

static void key_of(const ruleset *rs, const state *st, turn_key *k, uint8_t *board)
{
    memset(k, 0, sizeof *k);
    k->hash = st->h.hash;
    k->to_move = st->h.to_move;
    k->status = st->h.status;
    k->winner = st->h.winner;
    k->score = st->h.score;
    memcpy(k->bar, st->h.bar, 2);
    memcpy(k->off, st->h.off, 2);
    memcpy(k->counter, st->h.counter, sizeof k->counter);
    k->removed_groups = st->h.removed_groups;
    k->flagged = st->h.flagged;
    memcpy(board, st->cell, (size_t)rs->ncells);
    memcpy(board + rs->ncells, st->height, (size_t)rs->ncells);
}

static int grow(walker *w)
{
    long cap = w->cap ? w->cap * 2 : 256;
    turn_key *keys = realloc(w->keys, (size_t)cap * sizeof *keys);
    if (!keys) return 0;
    w->keys = keys;
    uint8_t *boards = realloc(w->boards, (size_t)cap * 2 * (size_t)w->rs->ncells);
    if (!boards) return 0;
    w->boards = boards;
    free(w->table);
    w->table_size = cap * 2;
    w->table = malloc((size_t)w->table_size * sizeof *w->table);
    if (!w->table) return 0;
    memset(w->table, 0xff, (size_t)w->table_size * sizeof *w->table);
    for (long i = 0; i < w->n; i++) {
        long h = (long)(w->keys[i].hash % (uint64_t)w->table_size);
        while (w->table[h] >= 0) h = (h + 1) % w->table_size;
        w->table[h] = (int)i;
    }
    w->cap = cap;
    return 1;
}

/* Records the position reached by the sequence of N moves; emits it when new. */
static void leaf(walker *w, int n)
{
    size_t bsize = 2 * (size_t)w->rs->ncells;
    if (w->n == w->cap && !grow(w)) {
        w->failed = MOVES_NO_MEMORY;
        return;
    }
    turn_key k;
    uint8_t *board = w->boards + (size_t)w->n * bsize;
    key_of(w->rs, w->st, &k, board);
    long h = (long)(k.hash % (uint64_t)w->table_size);
    for (; w->table[h] >= 0; h = (h + 1) % w->table_size) {
        long i = w->table[h];
        if (memcmp(&w->keys[i], &k, sizeof k) == 0 && memcmp(w->boards + (size_t)i * bsize, board, bsize) == 0) return;
    }
    w->table[h] = (int)w->n;
    w->keys[w->n++] = k;
    w->emit(w->ctx, w->seq, n);
}

static void walk(walker *w, int depth)
{
    move_list *l = &w->lists[depth];
    int n = engine_legal(w->rs, w->st, l);
    if (l->error) {
        w->failed = l->error;
        return;
    }
    move *moves = l->m;
    if (n == 0 || depth == TURNS_MAX_MOVES) { /* the rest of the roll cannot be played */
        if (depth > 0) leaf(w, depth);
        return;
    }
    for (int i = 0; i < n && !w->failed; i++) {
        undo_record u;
        engine_apply(w->rs, w->st, &moves[i], &u);
        w->seq[depth] = moves[i];
        if (w->st->h.status != STATUS_ONGOING || w->st->h.to_move != w->mover) leaf(w, depth + 1);
        else walk(w, depth + 1);
        engine_undo(w->rs, w->st, &u);
    }
}

long turns_list(const ruleset *rs, const state *st, turn_emit emit, void *ctx)
{
    walker w;
    memset(&w, 0, sizeof w);
    state copy = *st;
    w.rs = rs;
    w.st = &copy;
    w.mover = st->h.to_move;
    w.emit = emit;
    w.ctx = ctx;
    if (!grow(&w)) w.failed = MOVES_NO_MEMORY;
    else walk(&w, 0);
    long n = w.failed ? -w.failed : w.n;
    for (int d = 0; d <= TURNS_MAX_MOVES; d++) move_list_free(&w.lists[d]);
    free(w.keys);
    free(w.boards);
    free(w.table);
    return n;
}
