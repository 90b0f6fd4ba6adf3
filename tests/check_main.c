/* check_main.c - the one Check runner: every module's suite, then Check's
 * summary line ("100%: Checks: N, Failures: 0, Errors: 0"). Exits non-zero
 * when a test fails. */
#include <check.h>
#include <stdlib.h>

#include "check_suites.h"

int main(void)
{
    Suite *(*const suites[])(void) = {
        lexer_suite, parser_suite, catalogue_suite, checker_suite, compile_suite,
        engine_suite, movegen_suite, track_suite, tables_suite, tiles_suite, agents_suite, variants_suite, view_suite,
        analysis_suite, api_suite, cube_suite, forms_suite, words_suite,
    };
    SRunner *runner = NULL;
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++) {
        if (!runner) runner = srunner_create(suites[i]());
        else srunner_add_suite(runner, suites[i]());
    }
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
