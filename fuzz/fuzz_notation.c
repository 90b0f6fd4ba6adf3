/* fuzz_notation.c - fuzz target: the move-notation parser of each game.
 * Byte 0 picks the game, byte 1 how many moves (a seeded choice) lead to
 * the position; the rest is the text typed, which must match a legal move
 * exactly as its notation prints, or none; on a track board, read as
 * players write a play (`24/18 13/8`), it must give legal moves one after
 * the other, or a message. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "io/written.h"

/* The moves written_find gave for TEXT are legal one after the other. */
static void check_written(const ruleset *rs, const state *st, const char *text)
{
    written_found f;
    char err[1024];
    if (!written_applies(rs) || written_find(rs, st, text, &f, err, sizeof err) != 1) return;
    state t = *st;
    move_list l = MOVE_LIST_INIT;
    for (int i = 0; i < f.n; i++) {
        int n = engine_legal(rs, &t, &l), legal = 0;
        for (int k = 0; k < n && !legal; k++) legal = move_equal(&l.m[k], &f.seq[i]);
        if (!legal || t.h.to_move != st->h.to_move) fuzz_fail("a written play whose moves are not legal in turn");
        engine_apply(rs, &t, &f.seq[i], NULL);
        fuzz_check_state(rs, &t);
    }
    move_list_free(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > 4096) return 0;
    const ruleset *rs = fuzz_game(data[0]);
    move_list moves = MOVE_LIST_INIT;
    state st;
    state_start(rs, &st);
    engine_seed(rs, &st, data[1]);
    rng r;
    rng_seed(&r, data[1]);
    int n = engine_moves(rs, &st, &moves);
    for (int ply = 0; ply < data[1] % 48 && n > 0; ply++) {
        engine_apply(rs, &st, &moves.m[rng_below(&r, (uint32_t)n)], NULL);
        n = engine_moves(rs, &st, &moves);
    }
    char *text = fuzz_text(data + 2, size - 2);
    if (n > 0) check_written(rs, &st, text);
    int k = engine_find_move(rs, moves.m, n, text);
    if (k >= 0) {
        /* The text is the move's notation or one of the forms that one legal move alone fits (two ends,
         * algebraic, without separators or what it takes elsewhere): its own notation finds it again. */
        char again[256];
        move_notation(rs, &moves.m[k], again, sizeof again);
        if (engine_find_move(rs, moves.m, n, again) != k) fuzz_fail("a move found by a text is not found by its notation");
        for (int i = 0; i < n; i++) {
            move_notation(rs, &moves.m[i], again, sizeof again);
            if (i != k && strcmp(again, text) == 0) fuzz_fail("two legal moves with one notation");
        }
        engine_apply(rs, &st, &moves.m[k], NULL);
        fuzz_check_state(rs, &st);
    }
    free(text);
    move_list_free(&moves);
    return 0;
}
