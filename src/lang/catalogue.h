/* catalogue.h - the typed catalogue of ludemes: the single source of truth for
 * what the rule language accepts.
 *
 * The checker validates every form against it, error messages quote it, and
 * docs/language.md's reference section is generated from it (tabula
 * --print-reference), so the language, its checks and its documentation
 * cannot drift apart. */
#ifndef TABULA_CATALOGUE_H
#define TABULA_CATALOGUE_H

#include <stdint.h>
#include <stdio.h>

/* What an argument must be. */
typedef enum arg_type {
    ARG_INT,      /* an integer, or (opt NAME) naming an integer option */
    ARG_RANGE,    /* an integer or a range lo..hi (or (opt NAME)) */
    ARG_STRING,   /* "text" */
    ARG_NAME,     /* any identifier: a name being declared, or one declared elsewhere */
    ARG_WORD,     /* one of a fixed set of words (param.words) */
    ARG_WORDS,    /* one such word, or a list of them */
    ARG_NAMES,    /* an identifier or a list of identifiers (cells, pieces) */
    ARG_VALUE,    /* an integer or an identifier (option values) */
    ARG_VALUES,   /* a list of integers or identifiers, or a range */
    ARG_REGION,   /* a region: a declared or built-in region name, a list of cells, or a region form */
    ARG_FORM,     /* a sub-form whose head is one of param.words */
    ARG_FLAG,     /* a bare word equal to the parameter's name */
    ARG_PATH,     /* variants: the address of a clause, `(play (moves man) hop)` */
    ARG_ADDED,    /* variants: an item added inside the addressed form */
    ARG_REPLACEMENT, /* variants: an item standing for the addressed clause */
    ARG_SELECTOR, /* variants: one step of an address, a name or `(head ARG...)` */
    ARG_DISTANCE, /* an integer, a range lo..hi, or one of param.words (`any`) */
    ARG_NUMBER,   /* an integer, a fraction 3/2 or 1.5, or (opt NAME) naming an integer option */
} arg_type;

typedef enum arg_style {
    STYLE_POSITIONAL, /* given in order, by type */
    STYLE_NAMED,      /* given as name:value, in any order */
    STYLE_FLAG,       /* a bare word, anywhere */
    STYLE_FORM,       /* sub-forms, in any order */
} arg_style;

typedef struct param_spec {
    const char *name;  /* argument name (named, flag), head name (form), label (positional) */
    uint8_t style;     /* arg_style */
    uint8_t type;      /* arg_type of the value */
    uint8_t min;       /* fewest occurrences */
    uint8_t max;       /* most occurrences (255: any number) */
    const char *words; /* ARG_WORD(S): allowed words; ARG_FORM: allowed heads (space-separated) */
    const char *doc;   /* one line for the reference */
    /* What an absent optional argument means: a word of WORDS (or a number),
     * or NULL when its absence means no word. The one table of defaults:
     * the compiler reads it (compile_word) and the reference shows it. */
    const char *dflt;
} param_spec;

/* The words a region argument may be besides a declared region, a cell or
 * a form, in the order of the compiler's region_word enum (compile_words.h). */
#define CATALOGUE_REGION_WORDS "far-row all dark light corners centre"
/* The values of a boolean option, and of the switches that take one. */
#define CATALOGUE_SWITCH_WORDS "on off"
/* The named arguments every clause takes to be switched by a boolean
 * option: kept when it is `on` (`if:`), or `off` (`unless:`). */
#define CATALOGUE_CLAUSE_SWITCHES "if unless"
/* The value of `--option NAME=random`: one of the allowed values, drawn. */
#define CATALOGUE_OPTION_RANDOM "random"
/* The parameters of the max-capture hook (the others of `hook` are the
 * tile-collapse hook's). */
#define CATALOGUE_MAX_CAPTURE_CRITERIA "most-captured most-value prefer-mover earliest"
/* The compass directions, in the order of the engine's DIR_ values; the
 * first of the direction words. */
#define CATALOGUE_COMPASS "n ne e se s sw w nw"
/* The direction words of a board of tiles (the last of the direction words). */
#define CATALOGUE_TILE_DIRECTIONS "corner-same-colour"

#define CAT_MAX_PARAMS 16

typedef struct ludeme_spec {
    const char *name;     /* the head of the form */
    const char *parents;  /* heads of the forms it may appear in; "" = top level */
    const char *topics;   /* section of the reference it is listed under */
    param_spec params[CAT_MAX_PARAMS]; /* terminated by a NULL name */
    const char *doc;      /* one line: what it means */
    const char *example;  /* a short use of it, shown in the reference; "" for none */
} ludeme_spec;

/* Short names of an arg_type ("int", "region", ...) and an arg_style
 * ("positional", "named", "flag", "form"), for machine-readable output. */
const char *catalogue_type_name(int type);
const char *catalogue_style_name(int style);

/* Number of specs and the table itself. */
int catalogue_count(void);
const ludeme_spec *catalogue_at(int i);
/* The index of spec S of the table (catalogue_at(index) == S), or -1. */
int catalogue_index(const ludeme_spec *s);

/* The spec for HEAD when it appears inside PARENT ("" at top level); when a
 * name has several specs for different parents, the one allowed there. */
const ludeme_spec *catalogue_find(const char *head, const char *parent);
/* Any spec with that head, wherever allowed (for "cannot appear here"). */
const ludeme_spec *catalogue_find_any(const char *head);

/* 1 when WORD is in the space-separated list WORDS. */
int catalogue_word_in(const char *word, const char *words);
/* The index of WORD in the space-separated list WORDS (0 for the first), or -1. */
int catalogue_word_index(const char *word, const char *words);
/* The word at index I of WORDS, copied to BUF (SIZE bytes; "" when there is none); returns BUF. */
const char *catalogue_word_at(const char *words, int i, char *buf, int size);

/* The parameter NAME of the ludeme HEAD, or NULL. A head with several specs
 * (`place`) answers with the first of them that has such a parameter: the
 * compiler reads forms by their head alone, so the specs of one head give a
 * name one meaning (held by tests/check_catalogue.c). */
const param_spec *catalogue_param(const char *head, const char *name);

/* The word of WORDS nearest to WORD, copied to BUF, or NULL. */
const char *catalogue_suggest(const char *word, const char *words, char *buf, int size);

/* The heads of the forms that may appear inside a form with head PARENT
 * ("" at top level): its clauses, and the value forms (`opt`, region
 * forms) that one of its arguments can take. Up to MAX in NAMES; returns
 * how many. */
int catalogue_heads_in(const char *parent, const char **names, int max);

/* The nearest ludeme name allowed inside PARENT, or NULL: a suggestion never
 * names a form that would be refused where the misspelt one stands. */
const char *catalogue_suggest_head(const char *head, const char *parent);

/* The clauses allowed inside PARENT, as "`a`, `b` or `c`" in BUF (cut to
 * SIZE); returns how many there are (0: it holds none). */
int catalogue_clauses_in(const char *parent, char *buf, int size);

/* Writes the reference section (Markdown) to OUT. */
void catalogue_write_reference(FILE *out);

/* "an integer", "a direction (one of ...)": how messages name a parameter. */
void catalogue_describe_param(const param_spec *p, char *buf, int size);

#endif
