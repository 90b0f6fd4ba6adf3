/* fuzz_rules.c - fuzz target: rule text is loaded, checked and compiled
 * (a variant's base is found among the bundled games). Whatever the text,
 * the front end must end with a ruleset or with errors, never crash, hang
 * or leak; and a ruleset it accepts must give a start position whose legal
 * moves can be generated and played, as many in each position as the slow
 * reference enumeration counts. */
#include "fuzz.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > SOURCE_MAX_BYTES) return 0;
    src_file *src = source_from_string("fuzz.game", (const char *)data, size);
    if (!src) fuzz_fail("out of memory");
    diag_sink diags;
    fuzz_sink(&diags);
    const char *why;
    ruleset *rs = NULL;
    load_status st;
    /* What source_load refuses (NUL bytes, bad UTF-8) never reaches the parser. */
    if (source_first_bad_byte(src->text, src->len, &why) < 0) rs = load_source(src, NULL, 0, &diags, &st);
    if (rs && (diags.errors || st != LOAD_OK)) fuzz_fail("a ruleset came with errors");
    if (rs && rs->ops) {
        move_list moves = MOVE_LIST_INIT;
            state s;
        state_start(rs, &s);
        engine_seed(rs, &s, 1);
        for (int ply = 0; ply < 64; ply++) { /* a short game, first moves first */
            fuzz_check_counts(rs, &s, &moves);
            int n = engine_moves(rs, &s, &moves);
            if (n <= 0) break;
            engine_apply(rs, &s, &moves.m[(unsigned)ply % (unsigned)n], NULL);
            fuzz_check_state(rs, &s);
        }
        move_list_free(&moves);
    }
    free(rs);
    source_free(src);
    return 0;
}
