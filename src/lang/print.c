/* print.c - the canonical layout of rule files (see print.h). */
#include "print.h"
#include "params.h"

#include <stdlib.h>
#include <string.h>

#include "catalogue.h"

/* The column (from 1) where a comment after code starts, unless the code
 * reaches it: then one space after it (the bundled files' habit). */
#define COMMENT_COLUMN 50

/* A comment of the source: `;` to the end of its line. */
typedef struct comment {
    uint32_t begin, end;    /* the bytes of the comment, without the line end */
    int own_line;           /* nothing but blanks before it on its line */
    const ast_node *anchor; /* trailing: the node the code before it ends with */
    int after_head;         /* trailing: it follows the head of the form ANCHOR */
    int done;               /* printed */
} comment;

/* One line of output: its code, and the comment at its end. */
typedef struct out_line {
    char *code;
    size_t len, cap;
    const comment *trailing[4]; /* comments after the code (more than one only in odd places) */
    int ntrailing;
} out_line;

typedef struct printer {
    const src_file *src;    /* the text, for comments and blank lines; NULL for none */
    comment *comments;      /* in source order */
    int ncomments;
    int first_open;         /* comments before this one are all printed */
    out_line *lines;        /* the output so far; the last one is being written */
    int nlines, cap;
    const comment *pending[4]; /* trailing comments for the end of the current line */
    int npending;
    int tail;               /* closing brackets that follow the node being printed on its line */
    int failed;             /* out of memory */
} printer;

/* ---- output lines -------------------------------------------------------- */

static out_line *current(printer *p)
{
    return &p->lines[p->nlines - 1];
}

/* Columns taken by LEN bytes of UTF-8 text. */
static size_t columns(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80) n++;
    return n;
}

static size_t col(printer *p)
{
    return columns(current(p)->code, current(p)->len);
}

static void put_n(printer *p, const char *s, size_t n)
{
    out_line *l = current(p);
    if (l->len + n + 1 > l->cap) {
        size_t cap = (l->len + n + 1) * 2;
        char *code = realloc(l->code, cap);
        if (!code) {
            p->failed = 1;
            return;
        }
        l->code = code;
        l->cap = cap;
    }
    memcpy(l->code + l->len, s, n);
    l->len += n;
    l->code[l->len] = '\0';
}

static void put(printer *p, const char *s)
{
    put_n(p, s, strlen(s));
}

/* 1 when the current line holds nothing but its indentation. */
static int line_empty(printer *p)
{
    const out_line *l = current(p);
    for (size_t i = 0; i < l->len; i++)
        if (l->code[i] != ' ') return 0;
    return 1;
}

/* Ends the current line (with the trailing comments waiting) and starts one
 * indented by INDENT. */
static void newline(printer *p, size_t indent)
{
    if (p->nlines > 0) {
        out_line *l = current(p);
        for (int i = 0; i < p->npending && l->ntrailing < 4; i++) l->trailing[l->ntrailing++] = p->pending[i];
    }
    p->npending = 0;
    if (p->nlines == p->cap) {
        int cap = p->cap ? p->cap * 2 : 64;
        out_line *lines = realloc(p->lines, (size_t)cap * sizeof *lines);
        if (!lines) {
            p->failed = 1;
            return;
        }
        p->lines = lines;
        p->cap = cap;
    }
    memset(&p->lines[p->nlines++], 0, sizeof p->lines[0]);
    for (size_t i = 0; i < indent; i++) put(p, " ");
}

/* Cuts the current line to LEN bytes. */
static void truncate_line(printer *p, size_t len)
{
    out_line *l = current(p);
    if (len < l->len) {
        l->len = len;
        l->code[len] = '\0';
    }
}

/* A blank line before what comes next, unless the output already ends with
 * one or is empty. Leaves a fresh line indented by INDENT. */
static void blank_line(printer *p, size_t indent)
{
    if (!line_empty(p) || p->npending) newline(p, indent);
    if (p->nlines < 2) return;
    const out_line *prev = &p->lines[p->nlines - 2];
    if (prev->len == 0 && prev->ntrailing == 0) return;
    truncate_line(p, 0);
    newline(p, indent);
}

/* ---- comments ------------------------------------------------------------ */

/* 1 when the source has a blank line just before offset AT (only white
 * space between AT and the code or comment before it, with two line ends). */
static int blank_before(const printer *p, uint32_t at)
{
    if (!p->src) return 0;
    int newlines = 0;
    const char *t = p->src->text;
    while (at > 0 && strchr(" \t\r\n", t[at - 1])) { /* a line ends at \n, \r\n or a lone \r */
        at--;
        newlines += t[at] == '\n' || (t[at] == '\r' && t[at + 1] != '\n');
    }
    return at > 0 && newlines >= 2;
}

/* The index of the first comment that starts at or after AT. */
static int comment_at_or_after(const printer *p, uint32_t at)
{
    int lo = 0, hi = p->ncomments;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (p->comments[mid].begin < at) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Where the code before the trailing comment C ends (it follows blanks). */
static uint32_t code_end_before(const printer *p, const comment *c)
{
    uint32_t b = c->begin;
    while (b > 0 && (p->src->text[b - 1] == ' ' || p->src->text[b - 1] == '\t')) b--;
    return b;
}

/* Gives each trailing comment the outermost node the code before it ends
 * with (pre-order: outer nodes first), or the form whose head it follows. */
static void anchor_comments(printer *p, const ast_node *n)
{
    int i = comment_at_or_after(p, n->loc.end);
    if (i < p->ncomments && !p->comments[i].own_line && !p->comments[i].anchor &&
        code_end_before(p, &p->comments[i]) == n->loc.end && n->loc.begin != n->loc.end)
        p->comments[i].anchor = n;
    if (n->kind == AST_FORM) {
        i = comment_at_or_after(p, n->head_loc.end);
        if (i < p->ncomments && !p->comments[i].own_line && !p->comments[i].anchor &&
            code_end_before(p, &p->comments[i]) == n->head_loc.end) {
            p->comments[i].anchor = n;
            p->comments[i].after_head = 1;
        }
    }
    if (n->kind == AST_NAMED) anchor_comments(p, n->value);
    for (int k = 0; k < n->nkids; k++) anchor_comments(p, n->kids[k]);
}

/* Finds the comments of the source and the node each trailing one follows. */
static void find_comments(printer *p, const ast_node *root)
{
    const char *t = p->src->text;
    size_t n = p->src->len;
    int cap = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] == '"') { /* a string: skip to its closing quote on this line */
            for (i++; i < n && t[i] != '"' && t[i] != '\n' && t[i] != '\r'; i++)
                if (t[i] == '\\' && i + 1 < n && t[i + 1] != '\n' && t[i + 1] != '\r') i++;
            continue;
        }
        if (t[i] != ';') continue;
        size_t end = i; /* to the end of the line, as the lexer reads it (\n, \r\n or \r) */
        while (end < n && t[end] != '\n' && t[end] != '\r') end++;
        size_t last = end;
        while (last > i && (t[last - 1] == '\r' || t[last - 1] == ' ' || t[last - 1] == '\t')) last--;
        if (p->ncomments == cap) {
            cap = cap ? cap * 2 : 32;
            comment *c = realloc(p->comments, (size_t)cap * sizeof *c);
            if (!c) {
                p->failed = 1;
                return;
            }
            p->comments = c;
        }
        comment *c = &p->comments[p->ncomments++];
        memset(c, 0, sizeof *c);
        c->begin = (uint32_t)i;
        c->end = (uint32_t)last;
        size_t b = i;
        while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t')) b--;
        c->own_line = b <= p->src->bom || t[b - 1] == '\n' || t[b - 1] == '\r';
        i = end;
    }
    for (int k = 0; k < root->nkids; k++) anchor_comments(p, root->kids[k]);
    for (int k = 0; k < p->ncomments; k++)
        if (!p->comments[k].anchor) p->comments[k].own_line = 1; /* after a bracket or `name:`: a line of its own */
}

/* 1 when a comment lies inside N (between its first and last byte). */
static int holds_comment(const printer *p, const ast_node *n)
{
    int i = comment_at_or_after(p, n->loc.begin + 1);
    return i < p->ncomments && p->comments[i].begin < n->loc.end;
}

/* The first comment not printed yet that starts before AT and goes on a
 * line of its own, or NULL. Comments are printed in order, so the search
 * starts at the first one not printed. */
static comment *unprinted_before(printer *p, uint32_t at)
{
    while (p->first_open < p->ncomments && p->comments[p->first_open].done) p->first_open++;
    for (int i = p->first_open; i < p->ncomments && p->comments[i].begin < at; i++)
        if (!p->comments[i].done && p->comments[i].own_line) return &p->comments[i];
    return NULL;
}

/* Puts the comment anchored to N (or after its head) at the end of the line. */
static void attach(printer *p, const ast_node *n, int after_head)
{
    int i = comment_at_or_after(p, after_head ? n->head_loc.end : n->loc.end);
    if (i >= p->ncomments) return;
    comment *c = &p->comments[i];
    if (c->done || c->own_line || c->anchor != n || c->after_head != after_head) return;
    c->done = 1;
    if (p->npending < 4) p->pending[p->npending++] = c;
}

/* Prints the comments before AT that go on lines of their own, at INDENT,
 * leaving a fresh line at INDENT for what follows. */
static void own_line_comments(printer *p, uint32_t at, size_t indent)
{
    comment *c;
    while ((c = unprinted_before(p, at))) {
        if (!line_empty(p) || p->npending) newline(p, indent);
        if (blank_before(p, c->begin)) blank_line(p, indent);
        put_n(p, p->src->text + c->begin, c->end - c->begin);
        c->done = 1;
        newline(p, indent);
    }
}

/* ---- layout -------------------------------------------------------------- */

static int flat_width(const ast_node *n);

static int string_width(const char *s)
{
    int w = 2;
    for (const char *q = s; *q; q++) {
        if (*q == '"' || *q == '\\' || *q == '\n' || *q == '\t') w += 2;
        else if (((unsigned char)*q & 0xc0) != 0x80) w++;
    }
    return w;
}

static int int_width(long v)
{
    char buf[32];
    return snprintf(buf, sizeof buf, "%ld", v);
}

/* Columns N takes on one line. */
static int flat_width(const ast_node *n)
{
    int w = 0;
    switch (n->kind) {
    case AST_NAME: return (int)columns(n->text, strlen(n->text));
    case AST_STRING: return string_width(n->text);
    case AST_INT: return int_width(n->lo);
    case AST_FRACTION: return (int)strlen(n->text);
    case AST_RANGE:
        if (n->nkids == 2) return flat_width(n->kids[0]) + 2 + flat_width(n->kids[1]);
        return int_width(n->lo) + 2 + int_width(n->hi);
    case AST_NAMED: return (int)strlen(n->text) + 1 + flat_width(n->value);
    case AST_LIST: w = 2; break;
    case AST_FORM: w = 2 + (int)strlen(n->text); break;
    }
    for (int i = 0; i < n->nkids; i++) w += (n->kind == AST_FORM || i > 0) + flat_width(n->kids[i]);
    return w;
}

/* 1 for a value form (`(opt x)`, `(rows 1..2)`): it may share a line. */
static int is_value_form(const ast_node *n)
{
    const ludeme_spec *s = n->kind == AST_FORM ? catalogue_find_any(n->text) : NULL;
    return s && s->parents[0] == '@';
}

/* 1 when N holds at least MIN clauses of the kinds its ludeme takes a list
 * of: for a section of a game (SECTION), any that may repeat (players,
 * places, rules, conditions); deeper, those that come in any number (the
 * rules of `moves`, a hook's criteria), not a fixed pair (the two sides of
 * a material balance). Its clauses then go one per line. */
static int holds_clause_list(const ast_node *n, int min, int section)
{
    const ludeme_spec *s = catalogue_find_any(n->text);
    int clauses = 0, added = 0;
    for (int i = 0; s && i < n->nkids; i++) {
        const ast_node *k = n->kids[i];
        if (k->kind != AST_FORM) continue;
        const param_spec *item = param_of(n, i); /* a variant's `add`: clauses, any number */
        if (item && item->type == ARG_ADDED && item->max > 1 && !is_value_form(k)) added++;
        for (const param_spec *q = s->params; q->name; q++)
            if (q->style == STYLE_FORM && q->max > 1 && (section || q->max > q->min) &&
                catalogue_word_in(k->text, q->words)) {
                clauses++;
                break;
            }
    }
    return clauses >= min || added >= 2;
}

/* The level of what is nested in a value: never a game nor a section. */
#define NESTED 2

static void print_node(printer *p, const ast_node *n, int level);

static void print_string(printer *p, const char *s)
{
    put(p, "\"");
    for (const char *q = s; *q; q++) {
        if (*q == '"') put(p, "\\\"");
        else if (*q == '\\') put(p, "\\\\");
        else if (*q == '\n') put(p, "\\n");
        else if (*q == '\t') put(p, "\\t");
        else put_n(p, q, 1);
    }
    put(p, "\"");
}

/* A list that does not fit on its line: items fill lines under the first. */
static void print_list(printer *p, const ast_node *n, int tail)
{
    put(p, "[");
    size_t indent = col(p);
    for (int i = 0; i < n->nkids; i++) {
        const ast_node *k = n->kids[i];
        int comment_first = p->src && unprinted_before(p, k->loc.begin);
        int after = i == n->nkids - 1 ? tail + 1 : 0; /* the brackets closed after the last item */
        p->tail = after;
        if (i > 0 && (comment_first || p->npending || col(p) + 1 + (size_t)flat_width(k) + (size_t)after > PRINT_WIDTH)) {
            newline(p, indent);
            if (p->src) own_line_comments(p, k->loc.begin, indent);
        } else if (i > 0) {
            put(p, " ");
        } else if (comment_first) {
            newline(p, indent);
            own_line_comments(p, k->loc.begin, indent);
        }
        print_node(p, k, NESTED);
    }
    if (p->src && unprinted_before(p, n->loc.end)) {
        own_line_comments(p, n->loc.end, indent);
    }
    put(p, "]");
}

/* A form on several lines: the head and what fits before the first clause,
 * then each other argument on a line of its own. */
static void print_vertical(printer *p, const ast_node *n, int level, int tail)
{
    size_t indent = col(p) + 2;
    put(p, "(");
    put(p, n->text);
    attach(p, n, 1);
    int i = 0;
    for (; i < n->nkids; i++) {
        const ast_node *k = n->kids[i];
        const param_spec *param = k->kind == AST_FORM && !is_value_form(k) ? param_of(n, i) : NULL;
        int address = param && param->type == ARG_PATH; /* a variant's change keeps what it changes in sight */
        if (p->npending || (k->kind == AST_FORM && !is_value_form(k) && !address)) break;
        if (p->src && unprinted_before(p, k->loc.begin)) break;
        int width = k->kind == AST_LIST && k->nkids ? 2 + flat_width(k->kids[0]) : flat_width(k);
        int after = i == n->nkids - 1 ? tail + 1 : 0;
        if (col(p) + 1 + (size_t)width + (size_t)after > PRINT_WIDTH) break;
        put(p, " ");
        p->tail = after;
        print_node(p, k, level + 1);
    }
    int words = 0; /* the line holds words (flags, values) after a clause: more may join them */
    for (; i < n->nkids; i++) {
        const ast_node *k = n->kids[i];
        int word = !(k->kind == AST_FORM && !is_value_form(k)) && k->kind != AST_LIST;
        int after = i == n->nkids - 1 ? tail + 1 : 0;
        p->tail = after;
        if (word && words && !p->npending && !(p->src && unprinted_before(p, k->loc.begin)) &&
            col(p) + 1 + (size_t)flat_width(k) + (size_t)after <= PRINT_WIDTH) {
            put(p, " ");
            print_node(p, k, level + 1);
            continue;
        }
        words = word;
        newline(p, indent);
        if (p->src) {
            own_line_comments(p, k->loc.begin, indent);
            if (blank_before(p, k->loc.begin)) blank_line(p, indent);
        }
        p->tail = after;
        print_node(p, k, level + 1);
    }
    if (p->src && unprinted_before(p, n->loc.end)) {
        own_line_comments(p, n->loc.end, indent);
        truncate_line(p, indent - 2); /* the bracket under the form's */
    }
    put(p, ")");
}

/* N at nesting LEVEL: 0 for a top-level item, 1 for a section of a game. */
static void print_node(printer *p, const ast_node *n, int level)
{
    char buf[64];
    int tail = p->tail; /* brackets after N on its line: they count against the width */
    p->tail = 0;
    switch (n->kind) {
    case AST_NAME: put(p, n->text); break;
    case AST_STRING: print_string(p, n->text); break;
    case AST_INT:
        snprintf(buf, sizeof buf, "%ld", n->lo);
        put(p, buf);
        break;
    case AST_FRACTION: put(p, n->text); break; /* as written: 3/2 or 1.5 */
    case AST_RANGE:
        if (n->nkids == 2) {
            print_node(p, n->kids[0], NESTED);
            put(p, "..");
            print_node(p, n->kids[1], NESTED);
        } else {
            snprintf(buf, sizeof buf, "%ld..%ld", n->lo, n->hi);
            put(p, buf);
        }
        break;
    case AST_NAMED:
        put(p, n->text);
        put(p, ":");
        p->tail = tail;
        print_node(p, n->value, NESTED);
        break;
    case AST_LIST:
        if ((p->src && holds_comment(p, n)) || col(p) + (size_t)flat_width(n) + (size_t)tail > PRINT_WIDTH) {
            print_list(p, n, tail);
            break;
        }
        put(p, "[");
        for (int i = 0; i < n->nkids; i++) {
            if (i) put(p, " ");
            print_node(p, n->kids[i], NESTED);
        }
        put(p, "]");
        break;
    case AST_FORM:
        if (level == 0 || (p->src && holds_comment(p, n)) || holds_clause_list(n, level == 1 ? 1 : 2, level == 1) ||
            col(p) + (size_t)flat_width(n) + (size_t)tail > PRINT_WIDTH) {
            print_vertical(p, n, level, tail);
            break;
        }
        put(p, "(");
        put(p, n->text);
        for (int i = 0; i < n->nkids; i++) {
            put(p, " ");
            print_node(p, n->kids[i], level + 1);
        }
        put(p, ")");
        break;
    }
    if (p->src) attach(p, n, 0);
}

/* Writes the lines: a comment after code starts at column COMMENT_COLUMN,
 * or one space after code that reaches it. */
static void write_lines(printer *p, FILE *out)
{
    for (int i = 0; i < p->nlines; i++) {
        const out_line *l = &p->lines[i];
        if (i == p->nlines - 1 && l->len == 0 && l->ntrailing == 0) break; /* the line begun after the last */
        size_t len = l->len;
        while (len > 0 && l->code[len - 1] == ' ') len--; /* no blanks at line ends */
        fwrite(l->code ? l->code : "", 1, len, out);
        size_t w = columns(l->code ? l->code : "", len);
        for (int k = 0; k < l->ntrailing; k++) {
            do fputc(' ', out);
            while (k == 0 && ++w < COMMENT_COLUMN - 1);
            fwrite(p->src->text + l->trailing[k]->begin, 1, l->trailing[k]->end - l->trailing[k]->begin, out);
        }
        fputc('\n', out);
    }
}

static void printer_free(printer *p)
{
    for (int i = 0; i < p->nlines; i++) free(p->lines[i].code);
    free(p->lines);
    free(p->comments);
}

int print_items(FILE *out, const ast_node *root, const src_file *src)
{
    printer p;
    memset(&p, 0, sizeof p);
    p.src = src;
    if (src) find_comments(&p, root);
    if (!p.failed) newline(&p, 0);
    if (p.nlines == 0) { /* out of memory before the first line: nothing to write on */
        printer_free(&p);
        return 0;
    }
    for (int i = 0; i < root->nkids && !p.failed; i++) {
        const ast_node *item = root->kids[i];
        if (i > 0 || !line_empty(&p)) newline(&p, 0);
        if (src) {
            own_line_comments(&p, item->loc.begin, 0);
            if (blank_before(&p, item->loc.begin)) blank_line(&p, 0);
        }
        print_node(&p, item, 0);
    }
    if (src && !p.failed) own_line_comments(&p, (uint32_t)src->len + 1, 0);
    if (!p.failed && (!line_empty(&p) || p.npending)) newline(&p, 0);
    if (!p.failed) write_lines(&p, out);
    int ok = !p.failed;
    printer_free(&p);
    return ok;
}

int print_form(FILE *out, const ast_node *form)
{
    ast_node root;
    memset(&root, 0, sizeof root);
    root.kind = AST_LIST;
    ast_node *kids[1] = { (ast_node *)form };
    root.kids = kids;
    root.nkids = 1;
    return print_items(out, &root, NULL);
}
