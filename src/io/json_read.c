/* json_read.c - a recursive-descent JSON parser (RFC 8259) keeping spans. */
#include "json_read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    const src_file *src;
    diag_sink *diags;
    size_t pos;
    int failed;
} reader;

static void fail_at(reader *r, size_t begin, size_t end, const char *msg)
{
    if (r->failed) return;
    r->failed = 1;
    if (end <= begin) end = begin + 1;
    if (end > r->src->len) end = r->src->len;
    if (begin > r->src->len) begin = r->src->len;
    diag_at(r->diags, r->src, span_make((uint32_t)begin, (uint32_t)(end > begin ? end : begin)), DIAG_ERROR, "%s", msg);
}

static void skip_space(reader *r)
{
    const char *t = r->src->text;
    while (r->pos < r->src->len && (t[r->pos] == ' ' || t[r->pos] == '\t' || t[r->pos] == '\n' || t[r->pos] == '\r'))
        r->pos++;
}

static json_value *new_value(reader *r, json_kind kind, size_t begin)
{
    json_value *v = calloc(1, sizeof *v);
    if (!v) {
        fail_at(r, begin, begin + 1, "out of memory reading JSON");
        return NULL;
    }
    v->kind = kind;
    v->loc = span_make((uint32_t)begin, (uint32_t)begin);
    return v;
}

static int add_item(reader *r, json_value *v, json_value *item, char *key, span key_loc)
{
    if ((v->n & (v->n - 1)) == 0) { /* grow at powers of two */
        int cap = v->n ? v->n * 2 : 4;
        json_value **items = realloc(v->items, (size_t)cap * sizeof *items);
        if (items) v->items = items;
        if (items && v->kind == JSON_OBJECT) {
            char **keys = realloc(v->keys, (size_t)cap * sizeof *keys);
            if (keys) v->keys = keys;
            span *locs = keys ? realloc(v->key_locs, (size_t)cap * sizeof *locs) : NULL;
            if (locs) v->key_locs = locs;
            if (!keys || !locs) items = NULL;
        }
        if (!items) {
            fail_at(r, key_loc.begin, key_loc.end, "out of memory reading JSON");
            return 0;
        }
    }
    v->items[v->n] = item;
    if (v->kind == JSON_OBJECT) {
        v->keys[v->n] = key;
        v->key_locs[v->n] = key_loc;
    }
    v->n++;
    return 1;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Reads 4 hex digits after \u at r->pos; -1 when they are not. */
static long read_hex4(reader *r)
{
    if (r->pos + 4 > r->src->len) return -1;
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_digit(r->src->text[r->pos + (size_t)i]);
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    r->pos += 4;
    return v;
}

static size_t put_utf8(char *out, unsigned long cp)
{
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) { out[0] = (char)(0xc0 | (cp >> 6)); out[1] = (char)(0x80 | (cp & 0x3f)); return 2; }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* A string at r->pos (on its opening quote); the decoded text, or NULL. */
static char *read_string(reader *r)
{
    const char *t = r->src->text;
    size_t begin = r->pos++;
    /* The decoded text is never longer than the source text. */
    size_t cap = 16;
    for (size_t i = r->pos; i < r->src->len && t[i] != '"'; i++) cap++, i += t[i] == '\\';
    char *out = malloc(cap + 4);
    if (!out) {
        fail_at(r, begin, begin + 1, "out of memory reading JSON");
        return NULL;
    }
    size_t n = 0;
    for (;;) {
        if (r->pos >= r->src->len) {
            fail_at(r, begin, r->pos, "unterminated string");
            break;
        }
        unsigned char c = (unsigned char)t[r->pos];
        if (c == '"') {
            r->pos++;
            out[n] = '\0';
            return out;
        }
        if (c < 0x20) {
            fail_at(r, r->pos, r->pos + 1, "a control character in a string must be escaped");
            break;
        }
        if (c != '\\') {
            out[n++] = (char)c;
            r->pos++;
            continue;
        }
        size_t esc = r->pos++;
        char e = r->pos < r->src->len ? t[r->pos++] : '\0';
        const char *plain = strchr("\"\\/bfnrt", e);
        if (e && plain) {
            static const char decoded[] = "\"\\/\b\f\n\r\t";
            out[n++] = decoded[plain - "\"\\/bfnrt"];
            continue;
        }
        if (e != 'u') {
            fail_at(r, esc, r->pos, "unknown escape in a string");
            break;
        }
        long cp = read_hex4(r);
        if (cp >= 0xd800 && cp < 0xdc00 && r->pos + 1 < r->src->len && t[r->pos] == '\\' && t[r->pos + 1] == 'u') {
            r->pos += 2;
            long low = read_hex4(r);
            cp = low >= 0xdc00 && low < 0xe000 ? 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00) : -1;
        } else if (cp >= 0xd800 && cp < 0xe000) {
            cp = -1;
        }
        if (cp <= 0) {
            fail_at(r, esc, r->pos, cp == 0 ? "\\u0000 is not allowed in a string" : "bad \\u escape in a string");
            break;
        }
        n += put_utf8(out + n, (unsigned long)cp);
    }
    free(out);
    return NULL;
}

static json_value *read_value(reader *r, int depth);

static json_value *read_number(reader *r)
{
    const char *t = r->src->text;
    size_t begin = r->pos, p = r->pos;
    int whole = 1;
    if (t[p] == '-') p++;
    if (p < r->src->len && t[p] == '0') p++;
    else if (p < r->src->len && t[p] >= '1' && t[p] <= '9') while (p < r->src->len && t[p] >= '0' && t[p] <= '9') p++;
    else {
        fail_at(r, begin, begin + 1, "expected a value (an object, array, string, number, true, false or null)");
        return NULL;
    }
    if (p < r->src->len && t[p] == '.') {
        whole = 0;
        size_t d = ++p;
        while (p < r->src->len && t[p] >= '0' && t[p] <= '9') p++;
        if (p == d) {
            fail_at(r, begin, p, "a number needs digits after its decimal point");
            return NULL;
        }
    }
    if (p < r->src->len && (t[p] == 'e' || t[p] == 'E')) {
        whole = 0;
        p++;
        if (p < r->src->len && (t[p] == '+' || t[p] == '-')) p++;
        size_t d = p;
        while (p < r->src->len && t[p] >= '0' && t[p] <= '9') p++;
        if (p == d) {
            fail_at(r, begin, p, "a number needs digits in its exponent");
            return NULL;
        }
    }
    json_value *v = new_value(r, JSON_NUMBER, begin);
    if (!v) return NULL;
    char buf[64];
    size_t len = p - begin < sizeof buf - 1 ? p - begin : sizeof buf - 1;
    memcpy(buf, t + begin, len);
    buf[len] = '\0';
    v->number = strtod(buf, NULL);
    if (whole && p - begin < sizeof buf - 1) {
        errno = 0;
        v->integer = strtoll(buf, NULL, 10);
        v->is_int = errno == 0;
    }
    r->pos = p;
    v->loc.end = (uint32_t)p;
    return v;
}

static json_value *read_word(reader *r, const char *word, json_kind kind, int boolean)
{
    size_t len = strlen(word), begin = r->pos;
    if (r->pos + len > r->src->len || memcmp(r->src->text + r->pos, word, len) != 0) {
        fail_at(r, begin, begin + 1, "expected a value (an object, array, string, number, true, false or null)");
        return NULL;
    }
    json_value *v = new_value(r, kind, begin);
    if (!v) return NULL;
    v->boolean = boolean;
    r->pos += len;
    v->loc.end = (uint32_t)r->pos;
    return v;
}

/* An array or an object at r->pos (on its bracket). */
static json_value *read_container(reader *r, int depth)
{
    const char *t = r->src->text;
    int object = t[r->pos] == '{';
    char close = object ? '}' : ']';
    size_t begin = r->pos++;
    if (depth >= JSON_MAX_DEPTH) {
        fail_at(r, begin, begin + 1, "nested too deep (at most 64 levels)");
        return NULL;
    }
    json_value *v = new_value(r, object ? JSON_OBJECT : JSON_ARRAY, begin);
    if (!v) return NULL;
    skip_space(r);
    if (r->pos < r->src->len && t[r->pos] == close) {
        r->pos++;
        v->loc.end = (uint32_t)r->pos;
        return v;
    }
    for (;;) {
        char *key = NULL;
        span key_loc = span_make((uint32_t)r->pos, (uint32_t)r->pos);
        if (object) {
            skip_space(r);
            if (r->pos >= r->src->len || t[r->pos] != '"') {
                fail_at(r, r->pos, r->pos + 1, "expected a member name in double quotes");
                break;
            }
            key_loc.begin = (uint32_t)r->pos;
            key = read_string(r);
            key_loc.end = (uint32_t)r->pos;
            if (!key) break;
            for (int i = 0; i < v->n; i++)
                if (strcmp(v->keys[i], key) == 0) {
                    fail_at(r, key_loc.begin, key_loc.end, "this member is given twice");
                    break;
                }
            skip_space(r);
            if (r->failed || r->pos >= r->src->len || t[r->pos] != ':') {
                fail_at(r, r->pos, r->pos + 1, "expected `:` after the member name");
                free(key);
                break;
            }
            r->pos++;
        }
        json_value *item = read_value(r, depth + 1);
        if (!item) {
            free(key);
            break;
        }
        if (!add_item(r, v, item, key, key_loc)) {
            free(key);
            json_free(item);
            break;
        }
        skip_space(r);
        if (r->pos < r->src->len && t[r->pos] == ',') {
            r->pos++;
            continue;
        }
        if (r->pos < r->src->len && t[r->pos] == close) {
            r->pos++;
            v->loc.end = (uint32_t)r->pos;
            return v;
        }
        fail_at(r, r->pos, r->pos + 1, object ? "expected `,` or `}` after a member" : "expected `,` or `]` after an item");
        break;
    }
    json_free(v);
    return NULL;
}

static json_value *read_value(reader *r, int depth)
{
    skip_space(r);
    if (r->pos >= r->src->len) {
        fail_at(r, r->pos, r->pos, "unexpected end of the file: expected a value");
        return NULL;
    }
    switch (r->src->text[r->pos]) {
    case '{': case '[': return read_container(r, depth);
    case 't': return read_word(r, "true", JSON_BOOL, 1);
    case 'f': return read_word(r, "false", JSON_BOOL, 0);
    case 'n': return read_word(r, "null", JSON_NULL, 0);
    case '"': {
        size_t begin = r->pos;
        char *text = read_string(r);
        if (!text) return NULL;
        json_value *v = new_value(r, JSON_STRING, begin);
        if (!v) {
            free(text);
            return NULL;
        }
        v->text = text;
        v->loc.end = (uint32_t)r->pos;
        return v;
    }
    default: return read_number(r);
    }
}

json_value *json_parse(const src_file *src, diag_sink *diags)
{
    reader r = { src, diags, 0, 0 };
    json_value *v = read_value(&r, 0);
    if (!v) return NULL;
    skip_space(&r);
    if (r.pos < src->len) {
        fail_at(&r, r.pos, r.pos + 1, "more text after the JSON value");
        json_free(v);
        return NULL;
    }
    return v;
}

void json_free(json_value *v)
{
    if (!v) return;
    for (int i = 0; i < v->n; i++) {
        json_free(v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->key_locs);
    free(v->text);
    free(v);
}

const json_value *json_get(const json_value *obj, const char *key)
{
    if (!obj || obj->kind != JSON_OBJECT) return NULL;
    for (int i = 0; i < obj->n; i++)
        if (strcmp(obj->keys[i], key) == 0) return obj->items[i];
    return NULL;
}
