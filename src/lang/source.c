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

src_file *source_from_string(const char *path, const char *text, size_t len)
{
    src_file *src = calloc(1, sizeof *src);
    if (!src) return NULL;
    src->path = strdup(path);
    src->text = malloc(len + 1);
    if (!src->path || !src->text) {
        source_free(src);
        return NULL;
    }
    memcpy(src->text, text, len);
    src->text[len] = '\0';
    src->len = len;
    return src;
}

void source_free(src_file *src)
{
    if (!src) return;
    free(src->path);
    free(src->text);
    free(src);
}

void source_line_bounds(const src_file *src, uint32_t offset, uint32_t *begin, uint32_t *end)
{
    if (offset > src->len) offset = (uint32_t)src->len;
    uint32_t b = offset;
    while (b > 0 && src->text[b - 1] != '\n') b--;
    uint32_t e = offset;
    while (e < src->len && src->text[e] != '\n' && src->text[e] != '\0') e++;
    if (e > b && src->text[e - 1] == '\r') e--;
    *begin = b;
    *end = e;
}

void source_line_col(const src_file *src, uint32_t offset, int *line, int *col)
{
    if (offset > src->len) offset = (uint32_t)src->len;
    int l = 1;
    uint32_t line_start = 0;
    for (uint32_t i = 0; i < offset; i++) {
        if (src->text[i] == '\n') {
            l++;
            line_start = i + 1;
        }
    }
    int c = 1;
    for (uint32_t i = line_start; i < offset; i++)
        if (((unsigned char)src->text[i] & 0xc0) != 0x80) c++; /* count characters */
    *line = l;
    *col = c;
}
