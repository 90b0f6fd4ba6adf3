/* source.h - a loaded text file (rule file, YAML) and byte spans into it.
 *
 * Every diagnostic points into a source by byte offsets; line and column are
 * computed only when a message is printed (the jq way), so the lexer and the
 * tree carry two integers per location and nothing else. */
#ifndef TABULA_SOURCE_H
#define TABULA_SOURCE_H

#include <stddef.h>
#include <stdint.h>

/* The largest file tabula reads; larger ones are refused before parsing. */
#define SOURCE_MAX_BYTES (4u * 1024u * 1024u)

typedef struct span {
    uint32_t begin; /* offset of the first byte */
    uint32_t end;   /* offset one past the last byte */
} span;

typedef struct src_file {
    char *path;  /* as given by the user, for messages */
    char *text;  /* the bytes, NUL-terminated (no NUL inside once checked) */
    size_t len;  /* number of bytes, without the terminator */
} src_file;

struct diag_sink;

/* Reads PATH. On I/O failure prints "PATH: error: ..." and returns NULL
 * (*io_error set to 1); on a content problem (too large, NUL byte, invalid
 * UTF-8) reports a located error and returns NULL with *io_error = 0. */
src_file *source_load(const char *path, struct diag_sink *diags, int *io_error);

/* Wraps a string already in memory (tests, --option values). */
src_file *source_from_string(const char *path, const char *text, size_t len);

void source_free(src_file *src);

/* 1-based line and column of OFFSET; the column counts characters, not bytes. */
void source_line_col(const src_file *src, uint32_t offset, int *line, int *col);

/* The bounds of the line holding OFFSET (without its newline). */
void source_line_bounds(const src_file *src, uint32_t offset, uint32_t *begin, uint32_t *end);

/* Checks that TEXT has no NUL and is valid UTF-8; returns the offset of the
 * first bad byte, or -1 when the text is clean. */
long source_first_bad_byte(const char *text, size_t len, const char **why);

/* Length of the valid UTF-8 character at P (at most LEFT bytes), or 0. */
int source_utf8_length(const char *p, size_t left);

span span_make(uint32_t begin, uint32_t end);

#endif
