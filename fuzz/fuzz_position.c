/* fuzz_position.c - fuzz target: a position (YAML) is read for each of the
 * games (fuzz_game); a position accepted must be one the engine can play from: its
 * legal moves are generated, each is applied and undone (the position must
 * come back field for field), and a short game is played on; the moves are
 * as many as the slow reference enumeration counts. */
#include "fuzz.h"

#include <stdlib.h>

#include "io/position.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > SOURCE_MAX_BYTES) return 0;
    const char *why;
    if (source_first_bad_byte((const char *)data, size, &why) >= 0) return 0; /* refused by source_load */
    move_list moves = MOVE_LIST_INIT;
    for (int g = 0; g < fuzz_ngames(); g++) {
        const ruleset *rs = fuzz_game((uint8_t)g);
        src_file *src = source_from_string("fuzz.yaml", (const char *)data, size);
        if (!src) fuzz_fail("out of memory");
        diag_sink diags;
        fuzz_sink(&diags);
        yaml_doc *doc = yaml_doc_parse(src, &diags);
        if (!doc) break; /* not YAML: the same for every game */
        state st;
        const yaml_item *map = doc->root;
        if (map && map->kind == YAML_MAP && yaml_get(map, "position")) map = yaml_get(map, "position");
        if (position_from_yaml(rs, doc, map, &diags, &st)) {
            fuzz_check_state(rs, &st);
            engine_seed(rs, &st, 1);
            fuzz_check_counts((ruleset *)rs, &st, &moves); /* the fuzzer's own copy: it sets keep_all_paths and back */
            int pass, n = engine_moves_here(rs, &st, &moves, &pass);
            if (pass && n) fuzz_fail("moves and a pass at once");
            state before = st;
            for (int i = 0; i < n; i++) {
                undo_record u;
                engine_apply(rs, &st, &moves.m[i], &u);
                fuzz_check_state(rs, &st);
                engine_undo(rs, &st, &u);
                fuzz_check_same(rs, &st, &before);
            }
            for (int ply = 0; ply < 32; ply++) {
                n = engine_moves(rs, &st, &moves);
                if (n <= 0) break;
                engine_apply(rs, &st, &moves.m[(unsigned)ply * 7u % (unsigned)n], NULL);
                fuzz_check_state(rs, &st);
            }
        }
        yaml_doc_free(doc);
    }
    move_list_free(&moves);
    return 0;
}
