/* cli_number.c - the numbers of the command line, read by number.h (one
 * set of forms for every option) with one style of message:
 *
 *   tabula playout: error: -n: expected a whole number from 0 to 1000000000, not ` 5`
 */
#include <stdio.h>

#include "cli.h"
#include "io/number.h"

int cli_expected(const char *command, const char *flag, const char *what, const char *value)
{
    char got[NUMBER_QUOTED_SIZE];
    number_quoted(got, sizeof got, value);
    cli_usage_error(command, "%s: expected %s, %s", flag, what, got);
    return 0;
}

int cli_whole(const char *command, const char *flag, const char *value, long min, long max, long *out)
{
    uint64_t v;
    if (number_whole(value, (uint64_t)min, (uint64_t)max, &v)) {
        *out = (long)v;
        return 1;
    }
    char msg[512];
    number_whole_message(msg, sizeof msg, value, (uint64_t)min, (uint64_t)max);
    cli_usage_error(command, "%s: %s", flag, msg);
    return 0;
}

int cli_seed(const char *command, const char *flag, const char *value, uint64_t *out)
{
    if (number_whole(value, 0, UINT64_MAX, out)) return 1;
    char msg[512];
    number_whole_message(msg, sizeof msg, value, 0, UINT64_MAX);
    cli_usage_error(command, "%s: %s", flag, msg);
    return 0;
}

int cli_duration(const char *command, const char *flag, const char *value, double min, double max, double *out)
{
    if (number_duration(value, min, max, out)) return 1;
    char msg[512];
    number_duration_message(msg, sizeof msg, value, min, max);
    cli_usage_error(command, "%s: %s", flag, msg);
    return 0;
}
