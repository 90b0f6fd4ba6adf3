/* json_read.h - reading JSON (results to merge) into a tree whose every value
 * keeps its byte span, so that a problem is reported at FILE:LINE:COL like
 * every other diagnostic. */
#ifndef TABULA_JSON_READ_H
#define TABULA_JSON_READ_H

#include "lang/diag.h"
#include "lang/source.h"

typedef enum json_kind { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_kind;

typedef struct json_value {
    json_kind kind;
    span loc;                   /* the value's text in the source */
    int boolean;                /* JSON_BOOL */
    double number;              /* JSON_NUMBER */
    int is_int;                 /* JSON_NUMBER: written as a whole number that fits in 64 bits */
    long long integer;          /* ... and its value */
    char *text;                 /* JSON_STRING: the decoded string (NUL-free) */
    int n;                      /* JSON_ARRAY, JSON_OBJECT: items or members */
    struct json_value **items;  /* the items, or the members' values */
    char **keys;                /* JSON_OBJECT: the members' names */
    span *key_locs;             /* JSON_OBJECT: where each name is */
} json_value;

/* The deepest nesting read; deeper input is refused (no stack overflow). */
#define JSON_MAX_DEPTH 64

/* Parses the whole of SRC as one JSON value. Returns NULL after a located
 * error in DIAGS (or on running out of memory, with a message). */
json_value *json_parse(const src_file *src, diag_sink *diags);
void json_free(json_value *v);

/* The member KEY of object OBJ, or NULL (also when OBJ is not an object). */
const json_value *json_get(const json_value *obj, const char *key);

#endif
