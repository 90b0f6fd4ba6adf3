/* cli_number.c - the numbers of the command line (counts, seeds, durations,
 * the values of a roll), read by number.h (one set of forms for every
 * option) with one style of message:
 *
 *   tabula playout: error: -n: expected a whole number from 0 to 1000000000, not ` 5`
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "compile/compile.h"
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
    if (number_whole(value, 0, UINT64_MAX, out)) {
        options_random_seed(*out); /* `--option NAME=random` follows the seed too */
        return 1;
    }
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

/* The message for a --dice value that is not a roll (TEXT NULL: none given). */
static int bad_dice(const char *command, const char *text)
{
    return cli_expected(command, "--dice", "the values of a roll, like 6,5 (1 to 6 values from 0 to 255)", text);
}

int cli_parse_dice(const char *command, const char *text, cli_dice *d)
{
    d->n = 0;
    if (!text) return bad_dice(command, text);
    for (const char *p = text;; p++) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char value[8];
        uint64_t v;
        if (d->n == 6 || len >= sizeof value) return bad_dice(command, text);
        memcpy(value, p, len);
        value[len] = '\0';
        if (!number_whole(value, 0, 255, &v)) return bad_dice(command, text);
        d->v[d->n++] = (uint8_t)v;
        if (!comma) return 1;
        p = comma;
    }
}
