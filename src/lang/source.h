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

/* Where the lines of a text start, so that turning an offset into a line
 * and a column costs a binary search, not a scan from the top: a file with
 * thousands of diagnostics still prints them in linear time. */
typedef struct src_lines {
    uint32_t n;             /* number of lines (at least 1) */
    uint32_t last_offset;   /* the latest column lookup, which the next one on */
    uint32_t last_line;     /* the same line may continue from (diagnostics */
    uint32_t last_col;      /* mostly come in file order) */
    uint32_t start[];       /* offset of each line's first byte */
} src_lines;

typedef struct src_file {
    char *path;  /* as given by the user, for messages */
    char *text;  /* the bytes, NUL-terminated (no NUL inside once checked) */
    size_t len;  /* number of bytes, without the terminator */
    uint32_t bom; /* 3 when the text starts with a UTF-8 byte-order mark (skipped), else 0 */
    src_lines *lines; /* line starts; lines end at \n, \r\n or a lone \r */
} src_file;

struct diag_sink;

/* Reads PATH, or standard input when PATH is "-" (named "<stdin>" in
 * messages). Only a regular file is read: a directory, FIFO, device, socket
 * or a kernel file of unknown size (/proc, /sys) is refused at once, without
 * blocking. On I/O failure (or out of memory) prints "PATH: error: ..." and
 * returns NULL (*io_error set to 1); on a content problem (too large, NUL
 * byte, invalid UTF-8) reports a located error and returns NULL with
 * *io_error = 0. */
src_file *source_load(const char *path, struct diag_sink *diags, int *io_error);

/* The name source_load gives standard input. */
#define SOURCE_STDIN_NAME "<stdin>"

/* What a file of mode MODE (st_mode) is when it is not a regular file
 * ("a directory", "a FIFO (named pipe)", ...), or NULL for a regular file. */
const char *source_file_kind(unsigned mode);

/* Wraps a string already in memory (tests, fuzzing, --option values).
 * Returns NULL when out of memory. */
src_file *source_from_string(const char *path, const char *text, size_t len);

/* Takes TEXT (LEN bytes plus a NUL, from malloc) into a new src_file named
 * PATH, with its line table. Frees TEXT and returns NULL when out of memory. */
src_file *source_adopt(const char *path, char *text, size_t len);

void source_free(src_file *src);

/* 1-based line and column of OFFSET; the column counts characters, not
 * bytes, from the start of the line (after the byte-order mark on line 1). */
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
