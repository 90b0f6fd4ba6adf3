/* fuzz_scenario.c - fuzz target: a scenario file (YAML) is read and its
 * cases run, against whatever rule file it names (the bundled games, for
 * the seeds from tests/scenarios). */
#include "fuzz.h"

#include <stdio.h>

#include "io/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > SOURCE_MAX_BYTES) return 0;
    src_file *src = source_from_string("fuzz.yaml", (const char *)data, size);
    if (!src) fuzz_fail("out of memory");
    const char *why;
    if (source_first_bad_byte(src->text, src->len, &why) >= 0) { /* refused by source_load */
        source_free(src);
        return 0;
    }
    diag_sink diags;
    fuzz_sink(&diags);
    scenario_totals t = { 0 };
    scenario_run_source(src, diags.out, &diags, 1, &t);
    return 0;
}
