/* json.c - streaming JSON output with string escaping. */
#include "json.h"

static void put_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c == '\n') fputs("\\n", out);
        else if (c < 0x20) fprintf(out, "\\u%04x", c);
        else fputc(c, out);
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

void json_begin(json_writer *w, FILE *out)
{
    w->out = out;
    w->depth = 0;
    w->count[0] = 0;
}

void json_end(json_writer *w)
{
    fputc('\n', w->out);
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

void json_double(json_writer *w, const char *key, double value)
{
    member(w, key);
    fprintf(w->out, "%.6g", value);
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
