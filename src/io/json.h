/* json.h - a small streaming JSON writer for --json output: always valid
 * JSON, whatever the strings hold (see json.c). */
#ifndef TABULA_JSON_H
#define TABULA_JSON_H

#include <stdint.h>
#include <stdio.h>

typedef struct json_writer {
    FILE *out;
    int depth;
    int count[32]; /* members written so far at each depth */
} json_writer;

/* fflush(F), for the program's output (standard output, or where its JSON
 * document goes; not stderr). stdio forgets why a flush failed (the buffer is dropped and
 * the next flush succeeds), so the errno of the first failure is kept for
 * output_errno(): the program can say at exit what went wrong ("No space
 * left on device"). Returns fflush's value. */
int output_flush(FILE *f);
/* The errno of the first failed output_flush, or 0. */
int output_errno(void);

void json_begin(json_writer *w, FILE *out);
void json_end(json_writer *w);
/* KEY is NULL inside arrays and at the top. */
void json_object_open(json_writer *w, const char *key);
void json_object_close(json_writer *w);
void json_array_open(json_writer *w, const char *key);
void json_array_close(json_writer *w);
/* VALUE NULL writes null. */
void json_string(json_writer *w, const char *key, const char *value);
void json_int(json_writer *w, const char *key, long long value);
void json_uint(json_writer *w, const char *key, unsigned long long value);
/* A number that is not finite (inf, nan) writes null. */
void json_double(json_writer *w, const char *key, double value);
void json_bool(json_writer *w, const char *key, int value);
void json_null(json_writer *w, const char *key);
/* KEY: the numbers 1..N grouped by their nonzero label in GROUP[0..N-1],
 * `[[1,3],[2,4]]`, groups in the order of their first member; nothing when
 * every label is 0. */
void json_groups(json_writer *w, const char *key, const uint8_t *group, int n);

#endif
