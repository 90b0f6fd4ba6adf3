/* parse_build.c - tree building and lexical checks for the rule-file grammar. */
#include "parse_build.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* How a message names the token at LOC: its text in backticks (cut when
 * long), or "the end of the file". */
static void describe_token(const parse_ctx *ctx, span loc, int at_eof, char *buf, size_t size)
{
    if (at_eof || loc.begin >= ctx->src->len) {
        snprintf(buf, size, "the end of the file");
        return;
    }
    uint32_t len = loc.end - loc.begin;
    const char *more = "";
    if (len > 24) {
        len = 24;
        while (len > 0 && ((unsigned char)ctx->src->text[loc.begin + len] & 0xc0) == 0x80) len--;
        more = "...";
    }
    snprintf(buf, size, "`%.*s%s`", (int)len, ctx->src->text + loc.begin, more);
}

/* A node of the tree, counted: a rule file holds at most PARSE_MAX_NODES
 * (a bound on the memory a file can take), and the rest is not read. */
static ast_node *new_node(parse_ctx *ctx, ast_kind kind, span loc)
{
    if (++ctx->nodes > PARSE_MAX_NODES) {
        if (!ctx->stopped) {
            parse_note_error(ctx, loc);
            diag_at(ctx->diags, ctx->src, loc, DIAG_ERROR,
                    "more than %d items (names, numbers, strings, forms and lists) in one rule file; "
                    "the rest of the file is not read", PARSE_MAX_NODES);
        }
        ctx->stopped = 1;
        return NULL;
    }
    return ast_new(ctx->arena, kind, loc);
}

ast_node *build_list(parse_ctx *ctx, span loc)
{
    return new_node(ctx, AST_LIST, loc);
}

ast_node *build_append(parse_ctx *ctx, ast_node *list, ast_node *item, span loc)
{
    if (!list) return NULL;
    list->loc = loc;
    if (item) ast_append(ctx->arena, list, item);
    return list;
}

ast_node *build_named(parse_ctx *ctx, ast_node *name, ast_node *value, span loc)
{
    if (!name) return value;
    ast_node *n = new_node(ctx, AST_NAMED, loc);
    if (!n) return NULL;
    n->text = name->text;
    n->head_loc = name->loc;
    n->value = value;
    if (!value) return NULL; /* the value had a syntax error, already reported */
    return n;
}

ast_node *build_form(parse_ctx *ctx, ast_node *items, span loc)
{
    if (!items) return NULL;
    const ast_node *head = items->nkids ? items->kids[0] : NULL;
    if (!head || head->kind != AST_NAME) {
        char got[64];
        span at = head ? head->loc : span_make(loc.end - 1, loc.end);
        if (head && (head->kind == AST_FORM || head->kind == AST_LIST)) at.end = at.begin + 1;
        describe_token(ctx, at, 0, got, sizeof got);
        parse_note_error(ctx, at);
        diag_at(ctx->diags, ctx->src, head ? head->loc : at, DIAG_ERROR,
                "expected a ludeme name after `(`, as in `(board ...)`; got %s", got);
        return NULL;
    }
    items->kind = AST_FORM;
    items->loc = loc;
    items->head_loc = head->loc;
    items->text = head->text;
    items->kids++; /* the head is not an argument */
    items->nkids--;
    items->cap--;
    /* Errors inside this form lie at or after its start: the parser may have
     * dropped some of its arguments. */
    items->partial = ctx->syntax_errors > 0 && ctx->last_error_at >= loc.begin;
    return items;
}

ast_node *build_bracket_list(parse_ctx *ctx, ast_node *items, span loc)
{
    (void)ctx;
    if (!items) return NULL;
    items->loc = loc;
    return items;
}

ast_node *build_range(parse_ctx *ctx, ast_node *lo, ast_node *hi, span loc)
{
    if (!lo || !hi) return NULL; /* a bound had a syntax error, already reported */
    ast_node *n = ast_new(ctx->arena, AST_RANGE, loc);
    if (!n) return NULL;
    if (lo->kind == AST_INT && hi->kind == AST_INT) {
        n->lo = lo->lo;
        n->hi = hi->lo;
        if (n->lo > n->hi) {
            parse_note_error(ctx, loc);
            diag_at(ctx->diags, ctx->src, loc, DIAG_ERROR,
                    "range %ld..%ld is empty: its first bound is larger than its last", n->lo, n->hi);
        }
        return n;
    }
    if (!ast_append(ctx->arena, n, lo) || !ast_append(ctx->arena, n, hi)) return NULL;
    return n;
}

void parse_note_error(parse_ctx *ctx, span loc)
{
    ctx->syntax_errors++;
    if (loc.begin > ctx->last_error_at) ctx->last_error_at = loc.begin;
}

void lex_error(parse_ctx *ctx, span loc, const char *message)
{
    parse_note_error(ctx, loc);
    diag_at(ctx->diags, ctx->src, loc, DIAG_ERROR, "%s", message);
}

void lex_space(parse_ctx *ctx, const char *text, size_t len, span loc)
{
    for (size_t i = len; i > 0; i--)
        if (text[i - 1] == '\n' || text[i - 1] == '\r') {
            ctx->hint.bol = loc.begin + (uint32_t)i;
            ctx->hint.line_began = 1;
            return;
        }
}

void lex_line_start(parse_ctx *ctx, span loc, char first)
{
    nesting_hint *h = &ctx->hint;
    h->line_began = 0;
    uint32_t indent = loc.begin - h->bol;
    h->indented |= indent > 0;
    /* A closer after which this line is indented past the column of the
     * bracket it closed: the line reads as if that bracket were still open. */
    for (int i = 0; i < h->nclosed && !h->has_stray; i++)
        if (h->closed_col[i] < indent) {
            h->has_stray = 1;
            h->stray_at = h->closed_at[i];
            h->stray_open = h->closed_open[i];
            h->stray_next = loc.begin;
        }
    h->nclosed = 0;
    if (ctx->depth == 0) return;
    int top = ctx->depth - 1;
    if (indent > h->col[top]) {
        h->deeper[top] = 1;
    } else if ((h->deeper[top] || h->indented) && first != ')' && first != ']' && !h->has_unclosed) {
        /* Back at (or left of) the column of a bracket still open, in a
         * file that indents what is inside a bracket. */
        h->has_unclosed = 1;
        h->unclosed_at = loc.begin;
        h->unclosed_open = ctx->open_at[top];
    }
}

int lex_open(parse_ctx *ctx, char bracket, span loc)
{
    if (ctx->depth >= PARSE_MAX_DEPTH) {
        parse_note_error(ctx, loc);
        diag_at(ctx->diags, ctx->src, loc, DIAG_ERROR,
                "brackets nested more than %d deep; the rest of the file is not read",
                PARSE_MAX_DEPTH);
        ctx->stopped = 1;
        return 0;
    }
    ctx->open_at[ctx->depth] = loc.begin;
    ctx->open_char[ctx->depth] = bracket;
    ctx->hint.col[ctx->depth] = loc.begin - ctx->hint.bol;
    ctx->hint.deeper[ctx->depth] = 0;
    ctx->depth++;
    return 1;
}

char lex_close(parse_ctx *ctx, char closer, span loc)
{
    ctx->closed_unmatched = ctx->depth == 0;
    if (ctx->depth == 0) return closer; /* the parser reports the unmatched closer */
    ctx->depth--;
    nesting_hint *h = &ctx->hint;
    uint32_t col = h->col[ctx->depth];
    if (h->nclosed < PARSE_HINT_CLOSERS && (h->nclosed == 0 || col < h->closed_col[h->nclosed - 1])) {
        h->closed_col[h->nclosed] = col;
        h->closed_at[h->nclosed] = loc.begin;
        h->closed_open[h->nclosed] = ctx->open_at[ctx->depth];
        h->nclosed++;
    }
    char opener = ctx->open_char[ctx->depth];
    char want = opener == '(' ? ')' : ']';
    if (closer != want) {
        int line, col_;
        source_line_col(ctx->src, ctx->open_at[ctx->depth], &line, &col_);
        parse_note_error(ctx, loc);
        diag_at(ctx->diags, ctx->src, loc, DIAG_ERROR,
                "`%c` does not match the `%c` opened at line %d, column %d; expected `%c`", closer, opener,
                line, col_, want);
    }
    return want;
}

ast_node *lex_int(parse_ctx *ctx, const char *text, span loc)
{
    ast_node *n = new_node(ctx, AST_INT, loc);
    if (!n) return NULL;
    errno = 0;
    long v = strtol(text, NULL, 10);
    if (errno == ERANGE || v > PARSE_MAX_INT || v < -PARSE_MAX_INT) {
        parse_note_error(ctx, loc);
        diag_at(ctx->diags, ctx->src, loc, DIAG_ERROR,
                "integer %s is out of range (integers lie between -%d and %d)", text,
                PARSE_MAX_INT, PARSE_MAX_INT);
        v = 0;
    }
    n->lo = n->hi = v;
    return n;
}

ast_node *lex_range(parse_ctx *ctx, const char *text, span loc)
{
    ast_node *n = new_node(ctx, AST_RANGE, loc);
    if (!n) return NULL;
    const char *dots = strstr(text + 1, "..");
    errno = 0;
    long lo = strtol(text, NULL, 10);
    int bad = errno == ERANGE;
    long hi = strtol(dots + 2, NULL, 10);
    bad |= errno == ERANGE;
    if (bad || lo > PARSE_MAX_INT || lo < -PARSE_MAX_INT || hi > PARSE_MAX_INT || hi < -PARSE_MAX_INT) {
        parse_note_error(ctx, loc);
        diag_at(ctx->diags, ctx->src, loc, DIAG_ERROR,
                "range %s is out of range (integers lie between -%d and %d)", text,
                PARSE_MAX_INT, PARSE_MAX_INT);
        lo = hi = 0;
    } else if (lo > hi) {
        parse_note_error(ctx, loc);
        diag_at(ctx->diags, ctx->src, loc, DIAG_ERROR,
                "range %s is empty: its first bound is larger than its last", text);
    }
    n->lo = lo;
    n->hi = hi;
    return n;
}

static long gcd(long a, long b)
{
    if (a < 0) a = -a;
    while (b) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* TEXT is P/Q or I.D (digits on both sides, checked by the lexer). */
static int read_fraction(const char *text, long *num, long *den)
{
    int negative = text[0] == '-';
    const char *p = text + negative;
    const char *sep = p + strspn(p, "0123456789");
    errno = 0;
    long whole = strtol(p, NULL, 10);
    if (errno == ERANGE || whole > PARSE_MAX_INT) return 0;
    if (*sep == '/') {
        long q = strtol(sep + 1, NULL, 10);
        if (errno == ERANGE || q > PARSE_MAX_INT) return 0;
        *num = whole;
        *den = q;
    } else { /* a decimal: at most 6 digits after the point, so the denominator is 10^6 or less */
        size_t places = strlen(sep + 1);
        if (places > 6) return 0;
        long scale = 1;
        for (size_t i = 0; i < places; i++) scale *= 10;
        long part = strtol(sep + 1, NULL, 10);
        if (whole > PARSE_MAX_INT - 1 && part > 0) return 0;
        *num = whole * scale + part;
        *den = scale;
    }
    if (negative) *num = -*num;
    return 1;
}

ast_node *lex_fraction(parse_ctx *ctx, const char *text, span loc)
{
    ast_node *n = new_node(ctx, AST_FRACTION, loc);
    if (!n) return NULL;
    n->text = ast_strdup(ctx->arena, text, strlen(text));
    long num = 0, den = 1;
    if (!read_fraction(text, &num, &den)) {
        parse_note_error(ctx, loc);
        diag_at(ctx->diags, ctx->src, loc, DIAG_ERROR,
                "fraction %s is out of range (a numerator or denominator lies between -%d and %d, "
                "a decimal has at most 6 digits after the point)", text, PARSE_MAX_INT, PARSE_MAX_INT);
        num = 0, den = 1;
    } else if (den == 0) {
        parse_note_error(ctx, loc);
        diag_at(ctx->diags, ctx->src, loc, DIAG_ERROR,
                "`%s` is not a value: values are whole numbers or fractions, and a fraction's denominator is not 0",
                text);
        num = 0, den = 1;
    }
    long g = num ? gcd(num, den) : den;
    n->lo = num / g;
    n->hi = den / g;
    return n;
}

void lex_bad_number(parse_ctx *ctx, const char *text, size_t len, span loc)
{
    char msg[160];
    snprintf(msg, sizeof msg, "`%.*s` is not a value: values are whole numbers or fractions (`3`, `3/2`, `1.5`)",
             (int)(len > 40 ? 40 : len), text);
    lex_error(ctx, loc, msg);
}

ast_node *lex_name(parse_ctx *ctx, const char *text, size_t len, span loc)
{
    ast_node *n = new_node(ctx, AST_NAME, loc);
    if (!n) return NULL;
    n->text = ast_strdup(ctx->arena, text, len);
    return n;
}

/* Reports the escape at TEXT[AT] (a backslash and what follows, one
 * character) of the string at LOC as unknown: "\u0000" is not a NUL, and
 * would be read as "u0000" without a word. */
static void unknown_escape(parse_ctx *ctx, const char *text, size_t at, size_t end, span loc)
{
    size_t len = 2;
    while (at + len < end && ((unsigned char)text[at + len] & 0xc0) == 0x80) len++; /* the whole UTF-8 character */
    char msg[128];
    snprintf(msg, sizeof msg, "unknown escape `%.*s` in a string; the escapes are \\\", \\\\, \\n and \\t",
             (int)len, text + at);
    lex_error(ctx, span_make(loc.begin + (uint32_t)at, loc.begin + (uint32_t)(at + len)), msg);
}

/* The contents of a string: TEXT[1..END), with the escapes \", \\, \n and \t. */
static ast_node *string_node(parse_ctx *ctx, const char *text, size_t end, span loc)
{
    ast_node *n = new_node(ctx, AST_STRING, loc);
    char *buf = ast_alloc(ctx->arena, end + 1);
    if (!n || !buf) return NULL;
    size_t out = 0;
    for (size_t i = 1; i < end; i++) {
        char c = text[i];
        if (c == '\\' && i + 1 < end) {
            char e = text[++i];
            if (e != 'n' && e != 't' && e != '"' && e != '\\') unknown_escape(ctx, text, i - 1, end, loc);
            c = e == 'n' ? '\n' : e == 't' ? '\t' : e;
        }
        buf[out++] = c;
    }
    buf[out] = '\0';
    n->text = buf;
    return n;
}

ast_node *lex_key(parse_ctx *ctx, const char *text, size_t len, span loc)
{
    return lex_name(ctx, text, len - 1, span_make(loc.begin, loc.end - 1));
}

span lex_eof(const parse_ctx *ctx)
{
    uint32_t end = (uint32_t)ctx->src->len;
    while (end > 0 && strchr(" \t\r\n", ctx->src->text[end - 1])) end--;
    return span_make(end, end);
}

ast_node *lex_string(parse_ctx *ctx, const char *text, size_t len, span loc)
{
    return string_node(ctx, text, len - 1, loc); /* without the closing quote */
}

ast_node *lex_unterminated_string(parse_ctx *ctx, const char *text, size_t len, span loc)
{
    lex_error(ctx, loc, "unterminated string: a string must close with `\"` on the same line");
    return string_node(ctx, text, len, loc);
}

void lex_bad_char(parse_ctx *ctx, const char *text, size_t len, span loc)
{
    unsigned char c = (unsigned char)text[0];
    char msg[96];
    if (len > 1)
        snprintf(msg, sizeof msg, "unexpected character `%.*s`", (int)len, text);
    else if (c >= 0x20 && c < 0x7f)
        snprintf(msg, sizeof msg, "unexpected character `%c`", c);
    else
        snprintf(msg, sizeof msg, "unexpected character (byte 0x%02x)", c);
    lex_error(ctx, loc, msg);
}

/* How a message names the bracket opened at OPEN: "`(game`" with the name
 * that follows a `(`, or "`[`". */
static void describe_opener(const parse_ctx *ctx, uint32_t open, char *buf, size_t size)
{
    const char *t = ctx->src->text;
    size_t len = ctx->src->len, i = open + 1;
    if (t[open] != '(') {
        snprintf(buf, size, "`%c`", t[open]);
        return;
    }
    while (i < len && (t[i] == ' ' || t[i] == '\t')) i++;
    size_t n = 0;
    while (i + n < len && n < 24 &&
           ((t[i + n] >= 'a' && t[i + n] <= 'z') || (t[i + n] >= 'A' && t[i + n] <= 'Z') ||
            (t[i + n] >= '0' && t[i + n] <= '9') || t[i + n] == '-' || t[i + n] == '_'))
        n++;
    snprintf(buf, size, "`(%.*s`", (int)n, t + i);
}

/* A closer with nothing to close at LOC, after a closer that the
 * indentation says came too early: reported there, with a note here. */
static int report_stray(parse_ctx *ctx, span loc)
{
    const nesting_hint *h = &ctx->hint;
    /* After another syntax error the brackets may be off for its sake. */
    if (!h->has_stray || h->stray_at >= loc.begin || ctx->syntax_errors > 1) return 0;
    char what[48];
    int oline, ocol, nline, ncol;
    describe_opener(ctx, h->stray_open, what, sizeof what);
    source_line_col(ctx->src, h->stray_open, &oline, &ocol);
    source_line_col(ctx->src, h->stray_next, &nline, &ncol);
    char c = ctx->src->text[h->stray_at];
    diag_at(ctx->diags, ctx->src, span_make(h->stray_at, h->stray_at + 1), DIAG_ERROR,
            "this `%c` closes %s (opened at line %d, column %d), but line %d is indented as if it were "
            "still open: one `%c` too many?", c, what, oline, ocol, nline, c);
    diag_at(ctx->diags, ctx->src, loc, DIAG_NOTE, "so this `%.1s` has no bracket left to close",
            ctx->src->text + loc.begin);
    ctx->nesting_explained = 1;
    return 1;
}

/* The end of the file with brackets open, after a line that the
 * indentation says starts after the innermost of them should have closed. */
static int report_unclosed(parse_ctx *ctx, span eof)
{
    const nesting_hint *h = &ctx->hint;
    if (!h->has_unclosed || ctx->syntax_errors > 1) return 0;
    char what[48], outer[48];
    int oline, ocol, line, col;
    describe_opener(ctx, h->unclosed_open, what, sizeof what);
    source_line_col(ctx->src, h->unclosed_open, &oline, &ocol);
    source_line_col(ctx->src, h->unclosed_at, &line, &col);
    char c = ctx->src->text[h->unclosed_open] == '(' ? ')' : ']';
    span at = span_make(h->unclosed_at, h->unclosed_at + 1);
    diag_at(ctx->diags, ctx->src, at, DIAG_ERROR,
            "%s (opened at line %d, column %d) is still open here, but this line is indented as if it were "
            "closed: a `%c` missing before line %d?", what, oline, ocol, c, line);
    describe_opener(ctx, ctx->open_at[0], outer, sizeof outer);
    if (ctx->depth == 1)
        diag_at(ctx->diags, ctx->src, eof, DIAG_NOTE, "so the file ends with %s unclosed", outer);
    else
        diag_at(ctx->diags, ctx->src, eof, DIAG_NOTE, "so the file ends with %d brackets unclosed, from %s on",
                ctx->depth, outer);
    ctx->nesting_explained = 1;
    return 1;
}

void parse_report_syntax_error(parse_ctx *ctx, span loc, int at_eof, int at_closer,
                               int at_colon, int wanted_value)
{
    parse_note_error(ctx, loc);
    if (ctx->stopped) return; /* the depth error already explained it */
    diag_sink *d = ctx->diags;
    char got[64];
    describe_token(ctx, loc, at_eof, got, sizeof got);
    if (at_eof && ctx->depth > 0) {
        if (report_unclosed(ctx, loc)) return;
        int line, col;
        uint32_t open = ctx->open_at[ctx->depth - 1];
        char c = ctx->open_char[ctx->depth - 1];
        source_line_col(ctx->src, open, &line, &col);
        diag_at(d, ctx->src, loc, DIAG_ERROR,
                "unclosed `%c` opened at line %d, column %d: expected `%c` before the end of the file",
                c, line, col, c == '(' ? ')' : ']');
        diag_at(d, ctx->src, span_make(open, open + 1), DIAG_NOTE, "`%c` opened here", c);
        return;
    }
    if (at_closer && ctx->closed_unmatched) {
        if (report_stray(ctx, loc)) return;
        diag_at(d, ctx->src, loc, DIAG_ERROR, "unmatched `%.1s`: no bracket is open here",
                ctx->src->text + loc.begin);
        return;
    }
    if (wanted_value) {
        diag_at(d, ctx->src, loc, DIAG_ERROR,
                "expected a value after `:`, as in `to:empty`; got %s", got);
        return;
    }
    if (at_colon) {
        diag_at(d, ctx->src, loc, DIAG_ERROR,
                "`:` must come right after an argument name, as in `to:empty`");
        return;
    }
    diag_at(d, ctx->src, loc, DIAG_ERROR, "unexpected %s", at_eof ? "end of the file" : got);
}
