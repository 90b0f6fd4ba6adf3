/* number.h - the one reader of the numbers people type: command-line
 * options and agent specs. Every option accepts the same forms and says
 * the same thing when a value is not one of them.
 *
 *   whole numbers  plain decimal digits: no sign, no space, no 0x, no
 *                  exponent; "007" is 7. Up to 2^64-1 (seeds).
 *   durations      digits with an optional decimal fraction ("0.5",
 *                  ".5", "2."), then a unit: "s", "ms" or none (seconds).
 *                  No sign, exponent, hex float, inf or nan.
 *
 * The messages are "expected a whole number from MIN to MAX, not `TEXT`"
 * and "expected a duration from MIN to MAX, like 0.5s, 200ms or 2, not
 * `TEXT`", TEXT shortened when longer than 160 characters (diag_short). */
#ifndef TABULA_NUMBER_H
#define TABULA_NUMBER_H

#include <stddef.h>
#include <stdint.h>

/* Reads TEXT as a whole number from MIN to MAX into *OUT; 1, or 0 when it
 * is not one (*OUT untouched). */
int number_whole(const char *text, uint64_t min, uint64_t max, uint64_t *out);

/* Reads TEXT as a duration from MIN to MAX seconds into *SECONDS; 1, or 0. */
int number_duration(const char *text, double min, double max, double *seconds);

/* How the messages end: "not `TEXT`" (TEXT shortened when long), or "and
 * none was given" for a NULL TEXT. */
#define NUMBER_QUOTED_SIZE 400
void number_quoted(char *buf, size_t size, const char *text);

/* The messages for a TEXT that number_whole or number_duration refused
 * (TEXT NULL: none was given), into BUF. */
void number_whole_message(char *buf, size_t size, const char *text, uint64_t min, uint64_t max);
void number_duration_message(char *buf, size_t size, const char *text, double min, double max);

#endif
