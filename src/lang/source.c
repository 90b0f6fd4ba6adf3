/* source.c - text held in memory, and byte offsets turned into line:column. */
#include "source.h"

#include <stdlib.h>
#include <string.h>


span span_make(uint32_t begin, uint32_t end)
{
    span s = { begin, end };
    return s;
}

/* Length of the UTF-8 sequence starting at P (at most LEFT bytes), or 0 when
 * the bytes there are not valid UTF-8 (overlong forms and surrogates too). */
int source_utf8_length(const char *text, size_t left)
{
    const unsigned char *p = (const unsigned char *)text;
    unsigned char c = p[0];
    int n;
    uint32_t cp;
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) { n = 2; cp = c & 0x1f; }
    else if (c >= 0xe0 && c <= 0xef) { n = 3; cp = c & 0x0f; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 4; cp = c & 0x07; }
    else return 0;
    if ((size_t)n > left) return 0;
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
        (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

long source_first_bad_byte(const char *text, size_t len, const char **why)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        if (p[i] == 0) {
            *why = "NUL byte in the file (is it a binary file?)";
            return (long)i;
        }
        int n = source_utf8_length(text + i, len - i);
        if (n == 0) {
            *why = "invalid UTF-8 byte (the file must be UTF-8 text)";
            return (long)i;
        }
        i += (size_t)n;
    }
    return -1;
}

/* The table of line starts of TEXT: a line ends at \n, at \r\n, or at a
 * lone \r (old Mac files); line 1 starts after the byte-order mark. */
static src_lines *index_lines(const char *text, size_t len, uint32_t bom)
{
    uint32_t n = 1;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n' || (text[i] == '\r' && (i + 1 == len || text[i + 1] != '\n'));
    src_lines *lines = malloc(sizeof *lines + (size_t)n * sizeof lines->start[0]);
    if (!lines) return NULL;
    lines->n = n;
    lines->start[0] = bom;
    lines->last_line = 0;
    lines->last_offset = bom;
    lines->last_col = 1;
    uint32_t k = 1;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == len || text[i + 1] != '\n')))
            lines->start[k++] = (uint32_t)i + 1;
    return lines;
}

src_file *source_adopt(const char *path, char *text, size_t len)
{
    src_file *src = calloc(1, sizeof *src);
    if (!src) {
        free(text);
        return NULL;
    }
    src->text = text;
    src->len = len;
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) src->bom = 3;
    src->path = strdup(path);
    src->lines = src->path ? index_lines(text, len, src->bom) : NULL;
    if (!src->lines) {
        source_free(src);
        return NULL;
    }
    return src;
}

src_file *source_from_string(const char *path, const char *text, size_t len)
{
    char *copy = malloc(len + 1);
    if (!copy) return NULL;
    memcpy(copy, text, len);
    copy[len] = '\0';
    return source_adopt(path, copy, len);
}

void source_free(src_file *src)
{
    if (!src) return;
    free(src->path);
    free(src->text);
    free(src->lines);
    free(src);
}

/* The index of the line holding OFFSET (at most the text's length). */
static uint32_t line_of(const src_lines *lines, uint32_t offset)
{
    uint32_t lo = 0, hi = lines->n - 1;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo + 1) / 2;
        if (lines->start[mid] <= offset) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

void source_line_bounds(const src_file *src, uint32_t offset, uint32_t *begin, uint32_t *end)
{
    if (offset > src->len) offset = (uint32_t)src->len;
    uint32_t l = line_of(src->lines, offset);
    uint32_t b = src->lines->start[l];
    uint32_t e = l + 1 < src->lines->n ? src->lines->start[l + 1] : (uint32_t)src->len;
    if (e > b && src->text[e - 1] == '\n') e--;
    if (e > b && src->text[e - 1] == '\r') e--;
    if (b > e) b = e; /* inside the byte-order mark */
    *begin = b;
    *end = e;
}

void source_line_col(const src_file *src, uint32_t offset, int *line, int *col)
{
    if (offset > src->len) offset = (uint32_t)src->len;
    src_lines *lines = src->lines;
    uint32_t l = line_of(lines, offset);
    uint32_t from = lines->start[l], c = 1;
    if (from > offset) from = offset; /* inside the byte-order mark */
    if (lines->last_line == l && lines->last_offset >= from && lines->last_offset <= offset) {
        from = lines->last_offset; /* go on from the previous lookup on this line */
        c = lines->last_col;
    }
    for (uint32_t i = from; i < offset; i++)
        if (((unsigned char)src->text[i] & 0xc0) != 0x80) c++; /* count characters */
    lines->last_line = l;
    lines->last_offset = offset;
    lines->last_col = c;
    *line = (int)l + 1;
    *col = (int)c;
}
