/* yaml_doc.c - building the located YAML tree with libyaml's event parser. */
#include "yaml_doc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define YAML_MAX_DEPTH 64

/* libyaml marks are 0-based line and column (in characters); spans are bytes. */
static uint32_t mark_offset(const src_file *src, yaml_mark_t mark)
{
    size_t line = 0, i = 0;
    while (i < src->len && line < mark.line) {
        if (src->text[i] == '\n') line++;
        i++;
    }
    for (size_t col = 0; i < src->len && col < mark.column && src->text[i] != '\n'; col++) {
        i++;
        while (i < src->len && ((unsigned char)src->text[i] & 0xc0) == 0x80) i++;
    }
    return (uint32_t)i;
}

static void free_item(yaml_item *it)
{
    if (!it) return;
    for (int i = 0; i < it->n; i++) {
        free_item(it->items[i]);
        if (it->keys) free_item(it->keys[i]);
    }
    free(it->items);
    free(it->keys);
    free(it->text);
    free(it);
}

void yaml_doc_free(yaml_doc *doc)
{
    if (!doc) return;
    free_item(doc->root);
    source_free(doc->src);
    free(doc);
}

typedef struct builder {
    yaml_parser_t parser;
    yaml_doc *doc;
    diag_sink *diags;
    int failed;
} builder;

static void build_error(builder *b, yaml_mark_t mark, const char *msg)
{
    if (b->failed) return;
    b->failed = 1;
    uint32_t at = mark_offset(b->doc->src, mark);
    diag_at(b->diags, b->doc->src, span_make(at, at + 1), DIAG_ERROR, "%s", msg);
}

static int next_event(builder *b, yaml_event_t *ev)
{
    if (yaml_parser_parse(&b->parser, ev)) return 1;
    char msg[256];
    snprintf(msg, sizeof msg, "malformed YAML: %s%s%s", b->parser.problem ? b->parser.problem : "syntax error",
             b->parser.context ? " " : "", b->parser.context ? b->parser.context : "");
    build_error(b, b->parser.problem_mark, msg);
    return 0;
}

static int add_child(yaml_item *parent, yaml_item *key, yaml_item *value)
{
    yaml_item **items = realloc(parent->items, (size_t)(parent->n + 1) * sizeof *items);
    if (!items) return 0;
    parent->items = items;
    if (parent->kind == YAML_MAP) {
        yaml_item **keys = realloc(parent->keys, (size_t)(parent->n + 1) * sizeof *keys);
        if (!keys) return 0;
        parent->keys = keys;
        keys[parent->n] = key;
    }
    items[parent->n++] = value;
    return 1;
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
    yaml_item *it = calloc(1, sizeof *it);
    if (!it) return NULL;
    uint32_t begin = mark_offset(b->doc->src, ev->start_mark);
    it->loc = span_make(begin, mark_offset(b->doc->src, ev->end_mark));
    if (ev->type == YAML_SCALAR_EVENT) {
        it->kind = YAML_SCALAR;
        it->text = strndup((const char *)ev->data.scalar.value, ev->data.scalar.length);
        it->quoted = ev->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                     ev->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
        if (!it->text) { free(it); return NULL; }
        return it;
    }
    int is_map = ev->type == YAML_MAPPING_START_EVENT;
    it->kind = is_map ? YAML_MAP : YAML_SEQ;
    for (;;) {
        yaml_event_t child;
        if (!next_event(b, &child)) break;
        if (child.type == YAML_SEQUENCE_END_EVENT || child.type == YAML_MAPPING_END_EVENT) {
            it->loc.end = mark_offset(b->doc->src, child.end_mark);
            yaml_event_delete(&child);
            return it;
        }
        yaml_item *key = NULL;
        if (is_map) {
            key = build(b, &child, depth + 1);
            yaml_event_delete(&child);
            if (!key) break;
            if (key->kind != YAML_SCALAR) {
                diag_at(b->diags, b->doc->src, span_make(key->loc.begin, key->loc.begin + 1), DIAG_ERROR,
                        "a mapping key must be a plain value");
                b->failed = 1;
                free_item(key);
                break;
            }
            for (int i = 0; i < it->n; i++)
                if (strcmp(it->keys[i]->text, key->text) == 0) {
                    char msg[160];
                    int line, col;
                    source_line_col(b->doc->src, it->keys[i]->loc.begin, &line, &col);
                    snprintf(msg, sizeof msg, "duplicate key `%.60s` (first at line %d)", key->text, line);
                    diag_at(b->diags, b->doc->src, key->loc, DIAG_ERROR, "%s", msg);
                    b->failed = 1;
                }
            if (b->failed) { free_item(key); break; }
            if (!next_event(b, &child)) { free_item(key); break; }
        }
        yaml_item *value = build(b, &child, depth + 1);
        yaml_event_delete(&child);
        if (!value || !add_child(it, key, value)) {
            free_item(key);
            free_item(value);
            break;
        }
    }
    free_item(it);
    return NULL;
}

yaml_doc *yaml_doc_parse(src_file *src, diag_sink *diags)
{
    yaml_doc *doc = calloc(1, sizeof *doc);
    if (!doc) { source_free(src); return NULL; }
    doc->src = src;
    builder b;
    memset(&b, 0, sizeof b);
    b.doc = doc;
    b.diags = diags;
    if (!yaml_parser_initialize(&b.parser)) { yaml_doc_free(doc); return NULL; }
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
    return yaml_doc_parse(src, diags);
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
