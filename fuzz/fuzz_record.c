/* fuzz_record.c - fuzz target: a game record (YAML) is read, its rule file
 * found and loaded, its moves (and cube actions) replayed and its result
 * (and points) checked. */
#include "fuzz.h"

#include <stdlib.h>

#include "io/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > SOURCE_MAX_BYTES) return 0;
    src_file *src = source_from_string("fuzz-record.yaml", (const char *)data, size);
    if (!src) fuzz_fail("out of memory");
    const char *why;
    if (source_first_bad_byte(src->text, src->len, &why) >= 0) {
        source_free(src);
        return 0;
    }
    diag_sink diags;
    fuzz_sink(&diags);
    game_record rec;
    int io;
    if (record_read_source(src, &rec, &diags, &io)) {
        char path[4096];
        if (record_rule_path(&rec, "fuzz-record.yaml", &diags, path, sizeof path)) {
            option_setting settings[TB_MAX_OPTIONS];
            int n = record_settings(&rec, settings, TB_MAX_OPTIONS);
            load_status st;
            ruleset *rs = load_ruleset(path, settings, n, &diags, &st);
            if (rs && rs->ops && record_check_game(&rec, rs, path, &diags)) {
                move_list moves = MOVE_LIST_INIT;
                state s;
                record_turn turn;
                if (record_replay(&rec, rs, &s, &moves, &diags, &turn) >= 0) {
                    fuzz_check_state(rs, &s);
                    record_check_cube_result(&rec, rs, &s, &turn.cube, &diags);
                }
                move_list_free(&moves);
            }
            free(rs);
        }
    }
    record_free(&rec);
    return 0;
}
