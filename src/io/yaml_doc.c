/* yaml_doc.c - building the located YAML tree with libyaml's event parser. */
#include "yaml_doc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* Items and texts come from one arena, freed with the document: a big file
 * costs no per-value allocation overhead, and freeing is one walk. */
typedef struct yaml_block {
    struct yaml_block *next;
    size_t used, size;
    max_align_t data[];
} yaml_block;

struct yaml_arena {
    yaml_block *head;
};

static void *arena_alloc(struct yaml_arena *a, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    yaml_block *b = a->head;
    if (!b || b->used + n > b->size) {
        size_t size = n > 65536 ? n : 65536;
        b = malloc(sizeof *b + size);
        if (!b) return NULL;
        b->used = 0;
        b->size = size;
        b->next = a->head;
        a->head = b;
    }
    void *p = (char *)b->data + b->used;
    b->used += n;
    return p;
}

static void arena_free(struct yaml_arena *a)
{
    if (!a) return;
    for (yaml_block *b = a->head, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    free(a);
}

void yaml_doc_free(yaml_doc *doc)
{
    if (!doc) return;
    arena_free(doc->arena);
    source_free(doc->src);
    free(doc);
}

typedef struct builder {
    yaml_parser_t parser;
    yaml_doc *doc;
    diag_sink *diags;
    int failed;
    long items;          /* values made so far (YAML_MAX_ITEMS) */
    size_t mark_index;   /* the cursor that turns libyaml's marks (counted in */
    uint32_t mark_offset; /* characters) into byte offsets: a character index and its offset */
} builder;

/* The byte offset of MARK. libyaml counts characters from the first one
 * after the byte-order mark; the cursor walks from the previous mark, and
 * since marks come in file order (give or take one item) the walks add up
 * to one pass over the file. */
static uint32_t mark_offset(builder *b, yaml_mark_t mark)
{
    const src_file *src = b->doc->src;
    const unsigned char *t = (const unsigned char *)src->text;
    size_t index = b->mark_index;
    uint32_t at = b->mark_offset;
    while (index < mark.index && at < src->len) {
        unsigned char c = t[at];
        at += c < 0xc0 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
        if (at > src->len) at = (uint32_t)src->len;
        index++;
    }
    while (index > mark.index && at > src->bom) {
        at--;
        while (at > src->bom && (t[at] & 0xc0) == 0x80) at--;
        index--;
    }
    b->mark_index = index;
    b->mark_offset = at;
    return at;
}

static int out_of_memory(builder *b)
{
    if (!b->failed) diag_oom(b->diags, b->doc->src->path);
    b->failed = 1;
    return 0;
}

static void build_error_at(builder *b, uint32_t at, const char *msg)
{
    if (b->failed) return;
    b->failed = 1;
    diag_at(b->diags, b->doc->src, span_make(at, at + 1), DIAG_ERROR, "%s", msg);
}

static void build_error(builder *b, yaml_mark_t mark, const char *msg)
{
    if (!b->failed) build_error_at(b, mark_offset(b, mark), msg);
}

static int next_event(builder *b, yaml_event_t *ev)
{
    if (yaml_parser_parse(&b->parser, ev)) return 1;
    if (b->parser.error == YAML_MEMORY_ERROR) return out_of_memory(b);
    char msg[256];
    snprintf(msg, sizeof msg, "malformed YAML: %s%s%s", b->parser.problem ? b->parser.problem : "syntax error",
             b->parser.context ? " " : "", b->parser.context ? b->parser.context : "");
    if (b->parser.error == YAML_READER_ERROR) { /* located by a byte offset, not a mark */
        size_t at = b->parser.problem_offset;
        build_error_at(b, (uint32_t)(at < b->doc->src->len ? at : b->doc->src->len), msg);
    } else {
        build_error(b, b->parser.problem_mark, msg);
    }
    return 0;
}

static int add_child(builder *b, yaml_item *parent, yaml_item *key, yaml_item *value)
{
    if (parent->n == parent->cap) {
        int cap = parent->cap ? parent->cap * 2 : 4;
        yaml_item **items = arena_alloc(b->doc->arena, (size_t)cap * sizeof *items);
        yaml_item **keys = parent->kind == YAML_MAP ? arena_alloc(b->doc->arena, (size_t)cap * sizeof *keys) : NULL;
        if (!items || (parent->kind == YAML_MAP && !keys)) return out_of_memory(b);
        if (parent->n) {
            memcpy(items, parent->items, (size_t)parent->n * sizeof *items);
            if (keys) memcpy(keys, parent->keys, (size_t)parent->n * sizeof *keys);
        }
        parent->items = items; /* the old arrays stay in the arena until it is freed */
        parent->keys = keys;
        parent->cap = cap;
    }
    if (parent->kind == YAML_MAP) parent->keys[parent->n] = key;
    parent->items[parent->n++] = value;
    return 1;
}

/* The keys of one mapping under construction, hashed once it has more than
 * a few, so that finding a duplicate costs O(1) per key. */
typedef struct key_set {
    uint32_t *slot;      /* index + 1 into the mapping's keys, 0 when free */
    size_t cap;          /* a power of two, at least twice the keys */
} key_set;

static uint64_t hash_text(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Returns the index of a key of MAP equal to KEY (not yet added), or -1;
 * adds KEY's future index to SET. Returns -2 when out of memory. */
static int find_duplicate(const yaml_item *map, key_set *set, const yaml_item *key)
{
    if (map->n < 8) {
        for (int i = 0; i < map->n; i++)
            if (strcmp(map->keys[i]->text, key->text) == 0) return i;
        return -1;
    }
    if ((size_t)map->n * 2 >= set->cap) { /* (re)build the table with room to spare */
        size_t cap = set->cap ? set->cap * 2 : 32;
        while (cap <= (size_t)map->n * 2) cap *= 2;
        uint32_t *slot = calloc(cap, sizeof *slot);
        if (!slot) return -2;
        free(set->slot);
        set->slot = slot;
        set->cap = cap;
        for (int i = 0; i < map->n; i++) {
            size_t h = (size_t)hash_text(map->keys[i]->text) & (cap - 1);
            while (slot[h]) h = (h + 1) & (cap - 1);
            slot[h] = (uint32_t)i + 1;
        }
    }
    size_t h = (size_t)hash_text(key->text) & (set->cap - 1);
    while (set->slot[h]) {
        int i = (int)set->slot[h] - 1;
        if (strcmp(map->keys[i]->text, key->text) == 0) return i;
        h = (h + 1) & (set->cap - 1);
    }
    set->slot[h] = (uint32_t)map->n + 1;
    return -1;
}

static yaml_item *new_item(builder *b, yaml_event_t *ev)
{
    if (++b->items > YAML_MAX_ITEMS) {
        char msg[96];
        snprintf(msg, sizeof msg, "more than %d values in one YAML file", YAML_MAX_ITEMS);
        build_error(b, ev->start_mark, msg);
        return NULL;
    }
    yaml_item *it = arena_alloc(b->doc->arena, sizeof *it);
    if (!it) {
        out_of_memory(b);
        return NULL;
    }
    memset(it, 0, sizeof *it);
    uint32_t begin = mark_offset(b, ev->start_mark);
    it->loc = span_make(begin, mark_offset(b, ev->end_mark));
    return it;
}

/* Builds the item that starts with EV (already read). */
static yaml_item *build(builder *b, yaml_event_t *ev, int depth)
{
    if (ev->type == YAML_ALIAS_EVENT) {
        build_error(b, ev->start_mark, "YAML aliases (*name) are not supported here");
        return NULL;
    }
    if ((ev->type == YAML_SCALAR_EVENT && ev->data.scalar.anchor) ||
        (ev->type == YAML_SEQUENCE_START_EVENT && ev->data.sequence_start.anchor) ||
        (ev->type == YAML_MAPPING_START_EVENT && ev->data.mapping_start.anchor)) {
        build_error(b, ev->start_mark, "YAML anchors (&name) are not supported here");
        return NULL;
    }
    if (depth > YAML_MAX_DEPTH) {
        build_error(b, ev->start_mark, "YAML nested too deep");
        return NULL;
    }
    yaml_item *it = new_item(b, ev);
    if (!it) return NULL;
    if (ev->type == YAML_SCALAR_EVENT) {
        it->kind = YAML_SCALAR;
        size_t len = ev->data.scalar.length;
        if (memchr(ev->data.scalar.value, '\0', len)) {
            /* An escaped NUL ("\0", "\x00", "\u0000"): every reader would
             * see the text cut short there, and take "b2-c3\0junk" for b2-c3. */
            if (!b->failed)
                diag_at(b->diags, b->doc->src, it->loc, DIAG_ERROR,
                        "a NUL character (\\0, \\x00 or \\u0000) in a YAML string is not allowed");
            b->failed = 1;
            return NULL;
        }
        char *text = arena_alloc(b->doc->arena, len + 1);
        if (!text) {
            out_of_memory(b);
            return NULL;
        }
        memcpy(text, ev->data.scalar.value, len);
        text[len] = '\0';
        it->text = text;
        it->quoted = ev->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                     ev->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
        return it;
    }
    int is_map = ev->type == YAML_MAPPING_START_EVENT;
    it->kind = is_map ? YAML_MAP : YAML_SEQ;
    key_set keys = { NULL, 0 };
    for (;;) {
        yaml_event_t child;
        if (!next_event(b, &child)) break;
        if (child.type == YAML_SEQUENCE_END_EVENT || child.type == YAML_MAPPING_END_EVENT) {
            it->loc.end = mark_offset(b, child.end_mark);
            yaml_event_delete(&child);
            free(keys.slot);
            return it;
        }
        yaml_item *key = NULL;
        if (is_map) {
            key = build(b, &child, depth + 1);
            yaml_event_delete(&child);
            if (!key) break;
            if (key->kind != YAML_SCALAR) {
                build_error_at(b, key->loc.begin, "a mapping key must be a plain value");
                break;
            }
            int dup = find_duplicate(it, &keys, key);
            if (dup == -2) {
                out_of_memory(b);
                break;
            }
            if (dup >= 0) {
                char msg[160];
                int line, col;
                source_line_col(b->doc->src, it->keys[dup]->loc.begin, &line, &col);
                snprintf(msg, sizeof msg, "duplicate key `%.60s` (first at line %d)", key->text, line);
                diag_at(b->diags, b->doc->src, key->loc, DIAG_ERROR, "%s", msg);
                b->failed = 1;
                break;
            }
            if (!next_event(b, &child)) break;
        }
        yaml_item *value = build(b, &child, depth + 1);
        yaml_event_delete(&child);
        if (!value || !add_child(b, it, key, value)) break;
    }
    free(keys.slot);
    return NULL;
}

yaml_doc *yaml_doc_parse(src_file *src, diag_sink *diags)
{
    yaml_doc *doc = calloc(1, sizeof *doc);
    if (!doc) {
        diag_oom(diags, src->path);
        source_free(src);
        return NULL;
    }
    doc->src = src;
    doc->arena = calloc(1, sizeof *doc->arena);
    builder b;
    memset(&b, 0, sizeof b);
    b.doc = doc;
    b.diags = diags;
    b.mark_offset = src->bom;
    if (!doc->arena || !yaml_parser_initialize(&b.parser)) {
        diag_oom(diags, src->path);
        yaml_doc_free(doc);
        return NULL;
    }
    yaml_parser_set_input_string(&b.parser, (const unsigned char *)src->text, src->len);
    yaml_event_t ev;
    int done = 0;
    while (!done && !b.failed && next_event(&b, &ev)) {
        switch (ev.type) {
        case YAML_STREAM_END_EVENT: done = 1; break;
        case YAML_SCALAR_EVENT: case YAML_SEQUENCE_START_EVENT: case YAML_MAPPING_START_EVENT:
        case YAML_ALIAS_EVENT:
            if (doc->root) {
                build_error(&b, ev.start_mark, "only one YAML document per file");
                break;
            }
            doc->root = build(&b, &ev, 0);
            if (!doc->root && !b.failed) b.failed = 1;
            break;
        default: break;
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&b.parser);
    if (b.failed) {
        yaml_doc_free(doc);
        return NULL;
    }
    return doc;
}

yaml_doc *yaml_doc_load(const char *path, diag_sink *diags, int *io_error)
{
    src_file *src = source_load(path, diags, io_error);
    if (!src) return NULL;
    yaml_doc *doc = yaml_doc_parse(src, diags);
    if (!doc && diags->oom) *io_error = 1;
    return doc;
}

yaml_item *yaml_get(const yaml_item *map, const char *key)
{
    if (!map || map->kind != YAML_MAP) return NULL;
    for (int i = 0; i < map->n; i++)
        if (strcmp(map->keys[i]->text, key) == 0) return map->items[i];
    return NULL;
}

void yaml_error(diag_sink *diags, const yaml_doc *doc, const yaml_item *item, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    span at = item ? item->loc : span_make(0, 0);
    if (item && item->kind != YAML_SCALAR) at.end = at.begin + 1;
    diag_at(diags, doc->src, at, DIAG_ERROR, "%s", msg);
}

int yaml_int(diag_sink *diags, const yaml_doc *doc, const yaml_item *item, long lo, long hi, long *out)
{
    if (item && item->kind == YAML_SCALAR) {
        char *end;
        errno = 0;
        long v = strtol(item->text, &end, 10);
        if (!errno && end != item->text && !*end && v >= lo && v <= hi) {
            *out = v;
            return 1;
        }
    }
    yaml_error(diags, doc, item, "expected a whole number from %ld to %ld%s%s%s", lo, hi,
               item && item->kind == YAML_SCALAR ? "; got `" : "",
               item && item->kind == YAML_SCALAR ? item->text : "",
               item && item->kind == YAML_SCALAR ? "`" : "");
    return 0;
}

int yaml_bool(diag_sink *diags, const yaml_doc *doc, const yaml_item *item, int *out)
{
    static const char *const yes[] = { "true", "yes", "on" }, *const no[] = { "false", "no", "off" };
    if (item && item->kind == YAML_SCALAR)
        for (int i = 0; i < 3; i++) {
            if (strcmp(item->text, yes[i]) == 0) { *out = 1; return 1; }
            if (strcmp(item->text, no[i]) == 0) { *out = 0; return 1; }
        }
    yaml_error(diags, doc, item, "expected true or false");
    return 0;
}
