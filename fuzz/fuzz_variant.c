/* fuzz_variant.c - fuzz target: a variant with its base. The input is a base
 * rule file and a variant file, split at the first line `;;; variant`; the
 * base is written to base.game in a private directory, where the variant's
 * `(extends "base.game")` finds it. (Seeds: each bundled game with the
 * variants of docs/examples and tests/broken pointed at it.) */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir_path[64];

static void remove_dir(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/base.game", dir_path);
    unlink(path);
    rmdir(dir_path);
}

static const char *dir(void)
{
    if (!dir_path[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(dir_path, sizeof dir_path, "%s/tabula-fuzz-variant.XXXXXX", tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
        if (!mkdtemp(dir_path)) fuzz_fail("cannot make a directory for the base");
        atexit(remove_dir);
    }
    return dir_path;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char mark[] = "\n;;; variant\n";
    if (size > SOURCE_MAX_BYTES) return 0;
    char *text = fuzz_text(data, size);
    char *split = strstr(text, mark);
    const char *base = text, *variant = split ? split + strlen(mark) : "";
    if (split) *split = '\0';
    char path[128];
    snprintf(path, sizeof path, "%s/base.game", dir());
    FILE *f = fopen(path, "w");
    if (!f) fuzz_fail("cannot write the base");
    fwrite(base, 1, strlen(base), f);
    fclose(f);
    snprintf(path, sizeof path, "%s/variant.game", dir());
    src_file *src = source_from_string(path, variant, strlen(variant));
    if (!src) fuzz_fail("out of memory");
    diag_sink diags;
    fuzz_sink(&diags);
    const char *why;
    load_status st;
    ruleset *rs = source_first_bad_byte(src->text, src->len, &why) < 0 ? load_source(src, NULL, 0, &diags, &st) : NULL;
    if (rs && diags.errors) fuzz_fail("a ruleset came with errors");
    if (rs && rs->ops) {
        move_list moves = MOVE_LIST_INIT;
            state s;
        state_start(rs, &s);
        engine_seed(rs, &s, 1);
        int n = engine_moves(rs, &s, &moves);
        for (int i = 0; i < n; i++) {
            undo_record u;
            engine_apply(rs, &s, &moves.m[i], &u);
            fuzz_check_state(rs, &s);
            engine_undo(rs, &s, &u);
        }
        move_list_free(&moves);
    }
    free(rs);
    source_free(src);
    free(text);
    return 0;
}
