/* json.c - streaming JSON output with string escaping.
 *
 * Whatever it is given, the output is valid JSON: strings are escaped, bytes
 * that are not UTF-8 become U+FFFD, a NULL string is null, and a number that
 * is not finite is null. */
#include "json.h"

#include <errno.h>
#include <math.h>

/* The length of the UTF-8 sequence at S (1 to 4), or 0 when it is not one. */
static int utf8_length(const unsigned char *s)
{
    int n = s[0] < 0x80 ? 1 : (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3 : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
    if (n == 0 || (n == 2 && s[0] < 0xc2) || (n == 4 && s[0] > 0xf4)) return 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && s[0] == 0xe0 && s[1] < 0xa0) return 0; /* overlong */
    if (n == 3 && s[0] == 0xed && s[1] >= 0xa0) return 0; /* surrogate */
    if (n == 4 && s[0] == 0xf0 && s[1] < 0x90) return 0; /* overlong */
    if (n == 4 && s[0] == 0xf4 && s[1] >= 0x90) return 0; /* past U+10FFFF */
    return n;
}

static void put_string(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    while (*s) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c == '\n') fputs("\\n", out);
        else if (c == '\t') fputs("\\t", out);
        else if (c < 0x20 || c == 0x7f) fprintf(out, "\\u%04x", c);
        else if (c >= 0x80) {
            int n = utf8_length((const unsigned char *)s);
            if (n == 0) {
                fputs("\\ufffd", out);
                s++;
            } else {
                fwrite(s, 1, (size_t)n, out);
                s += n;
            }
            continue;
        } else fputc(c, out);
        s++;
    }
    fputc('"', out);
}

static void member(json_writer *w, const char *key)
{
    if (w->count[w->depth]++) fputc(',', w->out);
    if (key) {
        put_string(w->out, key);
        fputc(':', w->out);
    }
}

static int first_errno; /* only the main thread writes the program's output */

int output_flush(FILE *f)
{
    int r = fflush(f);
    if (r != 0 && f != stderr && !first_errno) first_errno = errno ? errno : EIO;
    return r;
}

int output_errno(void)
{
    return first_errno;
}

void json_begin(json_writer *w, FILE *out)
{
    w->out = out;
    w->depth = 0;
    w->count[0] = 0;
}

void json_end(json_writer *w)
{
    fputc('\n', w->out);
    output_flush(w->out);
}

static void open(json_writer *w, const char *key, char c)
{
    member(w, key);
    fputc(c, w->out);
    if (w->depth < 31) w->count[++w->depth] = 0;
}

void json_object_open(json_writer *w, const char *key) { open(w, key, '{'); }
void json_array_open(json_writer *w, const char *key) { open(w, key, '['); }

void json_object_close(json_writer *w)
{
    fputc('}', w->out);
    if (w->depth) w->depth--;
}

void json_array_close(json_writer *w)
{
    fputc(']', w->out);
    if (w->depth) w->depth--;
}

void json_string(json_writer *w, const char *key, const char *value)
{
    member(w, key);
    put_string(w->out, value);
}

void json_int(json_writer *w, const char *key, long long value)
{
    member(w, key);
    fprintf(w->out, "%lld", value);
}

void json_uint(json_writer *w, const char *key, unsigned long long value)
{
    member(w, key);
    fprintf(w->out, "%llu", value);
}

void json_double(json_writer *w, const char *key, double value)
{
    member(w, key);
    if (isfinite(value)) fprintf(w->out, "%.6g", value);
    else fputs("null", w->out);
}

void json_bool(json_writer *w, const char *key, int value)
{
    member(w, key);
    fputs(value ? "true" : "false", w->out);
}

void json_null(json_writer *w, const char *key)
{
    member(w, key);
    fputs("null", w->out);
}

void json_groups(json_writer *w, const char *key, const uint8_t *group, int n)
{
    int any = 0;
    for (int i = 0; i < n; i++) any |= group[i] != 0;
    if (!any) return;
    json_array_open(w, key);
    for (int i = 0; i < n; i++) {
        int first = group[i] != 0;
        for (int k = 0; k < i && first; k++) first = group[k] != group[i];
        if (!first) continue;
        json_array_open(w, NULL);
        for (int k = i; k < n; k++)
            if (group[k] == group[i]) json_int(w, NULL, k + 1);
        json_array_close(w);
    }
    json_array_close(w);
}
