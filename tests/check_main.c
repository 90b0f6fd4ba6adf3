/* check_main.c - the one Check runner: every module's suite, then Check's
 * summary line ("100%: Checks: N, Failures: 0, Errors: 0"). Exits non-zero
 * when a test fails. */
#include <check.h>
#include <stdlib.h>

/* The front end's suites, one per module (tests/check_<module>.c). */
Suite *lexer_suite(void);
Suite *parser_suite(void);
Suite *catalogue_suite(void);
Suite *checker_suite(void);
Suite *compile_suite(void);

/* Suites of the engine's modules. Weak: the runner links whichever of their
 * files tests_check_tabula_SOURCES lists, and runs what is linked. */
Suite *engine_suite(void) __attribute__((weak));
Suite *track_suite(void) __attribute__((weak));
Suite *tiles_suite(void) __attribute__((weak));
Suite *agents_suite(void) __attribute__((weak));

int main(void)
{
    Suite *(*const suites[])(void) = {
        lexer_suite, parser_suite, catalogue_suite, checker_suite, compile_suite,
        engine_suite, track_suite, tiles_suite, agents_suite,
    };
    SRunner *runner = NULL;
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++) {
        if (!suites[i]) continue;
        if (!runner) runner = srunner_create(suites[i]());
        else srunner_add_suite(runner, suites[i]());
    }
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
