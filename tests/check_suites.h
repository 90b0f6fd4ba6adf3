/* check_suites.h - the suites of the unit tests, one per module
 * (tests/check_<module>.c); tests/check_main.c runs them all. */
#ifndef TABULA_CHECK_SUITES_H
#define TABULA_CHECK_SUITES_H

#include <check.h>

Suite *lexer_suite(void);
Suite *parser_suite(void);
Suite *catalogue_suite(void);
Suite *checker_suite(void);
Suite *compile_suite(void);
Suite *engine_suite(void);
Suite *track_suite(void);
Suite *tables_suite(void);
Suite *tiles_suite(void);
Suite *agents_suite(void);
Suite *movegen_suite(void);
Suite *analysis_suite(void);
Suite *variants_suite(void);
Suite *view_suite(void);
Suite *api_suite(void);
Suite *cube_suite(void);
Suite *forms_suite(void);
Suite *words_suite(void);

#endif
