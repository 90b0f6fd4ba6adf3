/* number.c - reading the numbers people type (number.h). strtol and strtod
 * are not used: they skip spaces, take a sign, and strtod takes hex floats,
 * exponents, inf and nan, and reads its decimal point from the locale. */
#include "number.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lang/diag.h"

int number_whole(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    if (!text || !*text) return 0;
    uint64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9') return 0;
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) return 0; /* beyond 2^64-1: beyond any MAX */
        v = v * 10 + d;
    }
    if (v < min || v > max) return 0;
    *out = v;
    return 1;
}

/* Significant digits kept: more cannot change a double. */
#define DIGITS_KEPT 17

int number_duration(const char *text, double min, double max, double *seconds)
{
    if (!text) return 0;
    /* The digits as MANTISSA * 10^SCALE, exact up to DIGITS_KEPT digits. */
    uint64_t mantissa = 0;
    int kept = 0, scale = 0, digits = 0;
    const char *p = text;
    for (; *p >= '0' && *p <= '9'; p++, digits++) {
        if (kept < DIGITS_KEPT) {
            mantissa = mantissa * 10 + (uint64_t)(*p - '0');
            kept += mantissa > 0;
        } else {
            scale++;
        }
    }
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++, digits++)
            if (kept < DIGITS_KEPT) {
                mantissa = mantissa * 10 + (uint64_t)(*p - '0');
                kept += mantissa > 0;
                scale--;
            }
    if (digits == 0) return 0;
    if (strcmp(p, "ms") == 0) scale -= 3;
    else if (*p && strcmp(p, "s") != 0) return 0;
    /* One rounding: 10^|SCALE| is exact up to 10^22, so "0.001" is the double nearest 1/1000. */
    double v = scale >= 0 ? (double)mantissa * pow(10, scale) : (double)mantissa / pow(10, -scale);
    if (!(v >= min && v <= max)) return 0;
    *seconds = v;
    return 1;
}

void number_quoted(char *buf, size_t size, const char *text)
{
    char shown[DIAG_SHORT_SIZE];
    if (text) snprintf(buf, size, "not `%s`", diag_short(text, shown));
    else snprintf(buf, size, "and none was given");
}

void number_whole_message(char *buf, size_t size, const char *text, uint64_t min, uint64_t max)
{
    char got[NUMBER_QUOTED_SIZE];
    number_quoted(got, sizeof got, text);
    snprintf(buf, size, "expected a whole number from %llu to %llu, %s", (unsigned long long)min,
             (unsigned long long)max, got);
}

/* A bound of a duration: "1ms", "0.5s", "3600s". */
static void bound(char *buf, size_t size, double seconds)
{
    if (seconds < 1) snprintf(buf, size, "%gms", seconds * 1000);
    else snprintf(buf, size, "%gs", seconds);
}

void number_duration_message(char *buf, size_t size, const char *text, double min, double max)
{
    char got[NUMBER_QUOTED_SIZE], lo[32], hi[32];
    number_quoted(got, sizeof got, text);
    bound(lo, sizeof lo, min);
    bound(hi, sizeof hi, max);
    snprintf(buf, size, "expected a duration from %s to %s, like 0.5s, 200ms or 2, %s", lo, hi, got);
}
