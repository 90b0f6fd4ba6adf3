/* fuzz_apply_undo.c - fuzz target: a random sequence of moves applied and
 * undone must return to the start. Byte 0 picks the game, bytes 1-8 seed
 * its dice, and every further byte picks a legal move. Where the player to
 * move has none, the position is settled (a pass, new dice, a blocked
 * game's end), which undo cannot take back: the position is saved whole
 * there. After every move the incremental hash, counts and occupied-cell
 * sets must match a recomputation; at the end, undoing everything must give
 * the start position back, field by field. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#define MAX_STEPS 2048

typedef struct step {
    int saved;          /* 1: the position before a settle is in the snapshots */
    undo_record undo;   /* else the journal of a move */
} step;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 9) return 0;
    const ruleset *rs = fuzz_game(data[0]);
    uint64_t seed = 0;
    for (int i = 1; i <= 8; i++) seed = seed << 8 | data[i];
    size_t nsteps = size - 9 < MAX_STEPS ? size - 9 : MAX_STEPS;
    step *steps = malloc((nsteps + 1) * sizeof *steps);
    move_list moves = MOVE_LIST_INIT;
    state *snapshots = NULL;
    size_t nsnap = 0, capsnap = 0;
    if (!steps) fuzz_fail("out of memory");
    state st, start;
    state_start(rs, &st);
    engine_seed(rs, &st, seed);
    start = st;
    size_t done = 0;
    for (size_t i = 0; i < nsteps && st.h.status == STATUS_ONGOING; i++) {
        int n = engine_legal(rs, &st, &moves);
        if (moves.error) break; /* no list (out of memory): stop here, not settle as if there were no moves */
        step *s = &steps[done++];
        if (n == 0) {
            if (nsnap == capsnap) {
                capsnap = capsnap ? capsnap * 2 : 16;
                snapshots = realloc(snapshots, capsnap * sizeof *snapshots);
                if (!snapshots) fuzz_fail("out of memory");
            }
            s->saved = 1;
            snapshots[nsnap++] = st;
            engine_settle(rs, &st, 0);
            continue;
        }
        s->saved = 0;
        engine_apply(rs, &st, &moves.m[data[9 + i] % n], &s->undo);
        if (s->undo.n >= JOURNAL_MAX) fuzz_fail("a move wrote more cells than the journal holds");
        fuzz_check_state(rs, &st);
    }
    while (done > 0) {
        step *s = &steps[--done];
        if (s->saved) st = snapshots[--nsnap];
        else engine_undo(rs, &st, &s->undo);
    }
    fuzz_check_same(rs, &st, &start);
    free(snapshots);
    move_list_free(&moves);
    free(steps);
    return 0;
}
