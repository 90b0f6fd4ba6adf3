/* yaml_doc.h - libyaml behind one small wrapper: a YAML file becomes a tree
 * of scalars, sequences and mappings, each with its byte span in the file,
 * so scenario, record and position errors print as FILE:LINE:COL like rule
 * file errors. Anchors and aliases are refused (they can blow up in size).
 *
 * Bounds: the file is at most SOURCE_MAX_BYTES, nested at most
 * YAML_MAX_DEPTH deep, with at most YAML_MAX_ITEMS values; loading takes
 * time linear in its size (marks become offsets through a cursor that only
 * moves as far as the parser did, duplicate keys are found by hashing) and
 * memory linear in it (the tree lives in one arena). */
#ifndef TABULA_YAML_DOC_H
#define TABULA_YAML_DOC_H

#include "lang/diag.h"
#include "lang/source.h"

#define YAML_MAX_DEPTH 64
#define YAML_MAX_ITEMS 1000000

typedef enum yaml_kind { YAML_SCALAR, YAML_SEQ, YAML_MAP } yaml_kind;

typedef struct yaml_item yaml_item;
struct yaml_item {
    yaml_kind kind;
    span loc;            /* where the item is written */
    char *text;          /* scalar value */
    int quoted;          /* the scalar was quoted (so `"1"` is a string) */
    int n;               /* sequence items, or mapping pairs */
    yaml_item **items;   /* sequence items; mapping values */
    yaml_item **keys;    /* mapping keys (scalars) */
    int cap;             /* room in items and keys */
};

struct yaml_arena;

typedef struct yaml_doc {
    src_file *src;       /* the text, for messages */
    yaml_item *root;     /* NULL for an empty document */
    struct yaml_arena *arena; /* holds every item and text */
} yaml_doc;

/* Reads PATH ("-": standard input); NULL after reporting an error
 * (*io_error: could not be read, or memory ran out). */
yaml_doc *yaml_doc_load(const char *path, diag_sink *diags, int *io_error);
/* Parses text already in memory (tests, fuzzing); takes SRC (freed on failure). */
yaml_doc *yaml_doc_parse(src_file *src, diag_sink *diags);
void yaml_doc_free(yaml_doc *doc);

/* The value of KEY in a mapping, or NULL. */
yaml_item *yaml_get(const yaml_item *map, const char *key);

/* Reports a located error at ITEM. */
void yaml_error(diag_sink *diags, const yaml_doc *doc, const yaml_item *item, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Integer scalar in [lo, hi]; reports and returns 0 otherwise. */
int yaml_int(diag_sink *diags, const yaml_doc *doc, const yaml_item *item, long lo, long hi, long *out);
/* Boolean scalar (true/false/yes/no/on/off). */
int yaml_bool(diag_sink *diags, const yaml_doc *doc, const yaml_item *item, int *out);

#endif
