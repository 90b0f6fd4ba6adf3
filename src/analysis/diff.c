/* diff.c - two rule files played in step until they disagree.
 *
 * A position is compared the way a scenario case checks one: both games are
 * settled (engine_moves: blocked players lose, dice are rolled, lost turns
 * pass), then their legal moves as sets of notations and their results
 * must match. A move is played in both by its notation, the way a case's
 * `play:` list finds it (the first legal move that prints so). */
#include "diff.h"

#include <stdlib.h>
#include <string.h>

#include "engine/search.h"
#include "io/scenario.h"

/* One position's moves in both games. */
typedef struct level {
    move_list moves[2];
    char (*text[2])[DIFF_TEXT_MAX];   /* their notation */
    int *order[2];                    /* the moves by notation, each notation once */
    int room[2];                      /* entries of text and order */
    int n[2];                         /* legal moves */
    int distinct[2];                  /* distinct notations (entries of order) */
} level;

typedef struct search {
    const ruleset *rs[2];
    const diff_opts *o;
    level *levels;                    /* depth + 1 of them */
    int nlevels;
    char (*path)[DIFF_TEXT_MAX];      /* the moves to the current position */
    long budget_left;                 /* positions the exhaustive search may still compare */
    int *tmp;                         /* the merge sort's room */
    int tmp_room;
    int error;                        /* a moves_error that stopped the search */
    diff_result *out;
} search;

/* Sorts IDX[0..N) by the notation TEXT[i] (equal notations: the first
 * generated first, as a case's `play:` finds it). A merge sort through TMP. */
static void sort_by_text(int *idx, int *tmp, int n, char (*text)[DIFF_TEXT_MAX])
{
    if (n < 2) return;
    int h = n / 2;
    sort_by_text(idx, tmp, h, text);
    sort_by_text(idx + h, tmp, n - h, text);
    int i = 0, j = h, k = 0;
    while (i < h && j < n) {
        int c = strcmp(text[idx[i]], text[idx[j]]);
        tmp[k++] = c < 0 || (c == 0 && idx[i] < idx[j]) ? idx[i++] : idx[j++];
    }
    while (i < h) tmp[k++] = idx[i++];
    while (j < n) tmp[k++] = idx[j++];
    memcpy(idx, tmp, (size_t)n * sizeof *idx);
}

/* Room for N entries in *A (of SIZE bytes each, *ROOM of them now). */
static int grow(void **a, int *room, int n, size_t size)
{
    if (n <= *room) return 1;
    void *p = realloc(*a, (size_t)n * size);
    if (!p) return 0;
    *a = p;
    *room = n;
    return 1;
}

/* Settles ST of game G and lists its moves in LV, sorted, each notation
 * once; 0 (with s->error) when they cannot be listed. */
static int list_moves(search *s, level *lv, int g, state *st)
{
    int n = engine_moves(s->rs[g], st, &lv->moves[g]);
    if (lv->moves[g].error) {
        s->error = lv->moves[g].error;
        return 0;
    }
    int room = lv->room[g], tmp_room = s->tmp_room;
    if (!grow((void **)&lv->text[g], &room, n, sizeof *lv->text[g]) ||
        !grow((void **)&lv->order[g], &lv->room[g], n, sizeof *lv->order[g]) ||
        !grow((void **)&s->tmp, &tmp_room, n, sizeof *s->tmp)) {
        s->error = MOVES_NO_MEMORY;
        return 0;
    }
    s->tmp_room = tmp_room;
    lv->n[g] = n;
    for (int i = 0; i < n; i++) {
        move_notation(s->rs[g], &lv->moves[g].m[i], lv->text[g][i], DIFF_TEXT_MAX);
        lv->order[g][i] = i;
    }
    sort_by_text(lv->order[g], s->tmp, n, lv->text[g]);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (k == 0 || strcmp(lv->text[g][lv->order[g][i]], lv->text[g][lv->order[g][k - 1]]) != 0)
            lv->order[g][k++] = lv->order[g][i];
    lv->distinct[g] = k;
    return 1;
}

/* Records the difference at the position after PLY moves of the path. */
static int record(search *s, const level *lv, const state st[2], int ply)
{
    diff_result *r = s->out;
    free(r->play);
    free(r->moves[0]);
    free(r->moves[1]);
    r->play = malloc((size_t)(ply > 0 ? ply : 1) * sizeof *r->play);
    r->moves[0] = malloc((size_t)(lv->distinct[0] + 1) * sizeof *r->moves[0]);
    r->moves[1] = malloc((size_t)(lv->distinct[1] + 1) * sizeof *r->moves[1]);
    if (!r->play || !r->moves[0] || !r->moves[1]) return 0;
    r->found = 1;
    r->nplay = ply;
    memcpy(r->play, s->path, (size_t)ply * sizeof *r->play);
    for (int g = 0; g < 2; g++) {
        r->nmoves[g] = lv->distinct[g];
        for (int i = 0; i < lv->distinct[g]; i++) memcpy(r->moves[g][i], lv->text[g][lv->order[g][i]], DIFF_TEXT_MAX);
        engine_result_text(&st[g], r->result[g], sizeof r->result[g]);
    }
    return 1;
}

/* 1 when the settled positions ST differ: their move sets or results. */
static int differ(const level *lv, const state st[2])
{
    if (lv->distinct[0] != lv->distinct[1]) return 1;
    for (int i = 0; i < lv->distinct[0]; i++)
        if (strcmp(lv->text[0][lv->order[0][i]], lv->text[1][lv->order[1][i]]) != 0) return 1;
    char ra[32], rb[32];
    engine_result_text(&st[0], ra, sizeof ra);
    engine_result_text(&st[1], rb, sizeof rb);
    return strcmp(ra, rb) != 0;
}

/* Plays the move of LV with distinct index J in both games. */
static void play(search *s, const level *lv, int j, state st[2])
{
    for (int g = 0; g < 2; g++) engine_apply(s->rs[g], &st[g], &lv->moves[g].m[lv->order[g][j]], NULL);
}

/* Depth-first to LIMIT moves: 1 found, 0 not below here, -1 out of budget
 * or memory. */
static int dfs(search *s, const state st[2], int ply, int limit)
{
    if (s->budget_left-- <= 0) return -1;
    s->out->nodes++;
    level *lv = &s->levels[ply];
    state here[2] = { st[0], st[1] };
    if (!list_moves(s, lv, 0, &here[0]) || !list_moves(s, lv, 1, &here[1])) return -1;
    if (differ(lv, here)) return record(s, lv, here, ply) ? 1 : -1;
    if (ply == limit) return 0;
    for (int j = 0; j < lv->distinct[0]; j++) {
        state child[2] = { here[0], here[1] };
        play(s, lv, j, child);
        memcpy(s->path[ply], lv->text[0][lv->order[0][j]], DIFF_TEXT_MAX);
        int r = dfs(s, child, ply + 1, limit);
        if (r) return r;
    }
    return 0;
}

/* One random game in step, looking for a difference in fewer than LIMIT
 * moves; 1 when one was found (and recorded), -1 when memory ran out. */
static int random_game(search *s, long game, long limit)
{
    rng r;
    rng_seed(&r, playout_game_seed(s->o->seed, game));
    state st[2];
    for (int g = 0; g < 2; g++) {
        state_start(s->rs[g], &st[g]);
        engine_seed(s->rs[g], &st[g], SCENARIO_SEED);
    }
    level *lv = &s->levels[0];
    for (long ply = 0; ply < limit; ply++) {
        if (!list_moves(s, lv, 0, &st[0]) || !list_moves(s, lv, 1, &st[1])) return -1;
        if (differ(lv, st)) return record(s, lv, st, (int)ply) ? 1 : -1;
        if (lv->distinct[0] == 0) return 0;
        int j = (int)rng_below(&r, (uint32_t)lv->distinct[0]);
        memcpy(s->path[ply], lv->text[0][lv->order[0][j]], DIFF_TEXT_MAX);
        play(s, lv, j, st);
    }
    return 0;
}

int diff_search(const ruleset *a, const ruleset *b, const diff_opts *o, diff_result *out)
{
    memset(out, 0, sizeof *out);
    search s;
    memset(&s, 0, sizeof s);
    s.rs[0] = a;
    s.rs[1] = b;
    s.o = o;
    s.out = out;
    s.nlevels = o->depth + 1;
    long path_len = o->max_moves > o->depth ? o->max_moves : o->depth;
    s.levels = calloc((size_t)s.nlevels, sizeof *s.levels);
    s.path = malloc((size_t)(path_len + 1) * sizeof *s.path);
    int ok = s.levels && s.path;
    state start[2];
    for (int g = 0; ok && g < 2; g++) {
        state_start(s.rs[g], &start[g]);
        engine_seed(s.rs[g], &start[g], SCENARIO_SEED); /* as a scenario case without a position */
    }
    s.budget_left = o->nodes;
    out->depth_done = -1;
    for (int limit = 0; ok && limit <= o->depth && !out->found; limit++) {
        int r = dfs(&s, start, 0, limit);
        if (r < 0 && !out->found && (s.budget_left > 0 || s.error)) ok = 0; /* memory, or moves not listed */
        if (r < 0) break;
        out->depth_done = limit;
    }
    /* The exhaustive search finds the shortest difference there is; random
     * games look beyond it, each for a shorter one than found so far. */
    int exhaustive = out->found;
    for (long g = 0; ok && !exhaustive && g < o->games; g++) {
        long limit = out->found ? out->nplay : o->max_moves;
        if (limit == 0) break;
        out->games++;
        int r = random_game(&s, g, limit);
        if (r < 0) ok = 0;
        else if (r > 0) out->by_playout = 1;
    }
    for (int l = 0; s.levels && l < s.nlevels; l++)
        for (int g = 0; g < 2; g++) {
            move_list_free(&s.levels[l].moves[g]);
            free(s.levels[l].text[g]);
            free(s.levels[l].order[g]);
        }
    free(s.levels);
    free(s.path);
    free(s.tmp);
    out->error = ok ? MOVES_OK : s.error ? s.error : MOVES_NO_MEMORY;
    return ok;
}

void diff_result_free(diff_result *r)
{
    free(r->play);
    free(r->moves[0]);
    free(r->moves[1]);
    memset(r, 0, sizeof *r);
}
