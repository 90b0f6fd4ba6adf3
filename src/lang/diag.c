/* diag.c - printing located diagnostics with the source line and a caret. */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *level_name[] = { "error", "warning", "note" };

/* diag_route_stderr's setting: one per process, set by the program. */
static diag_listener *stderr_listener;
static void *stderr_listener_ctx;
static int stderr_print = 1;

void diag_route_stderr(diag_listener *listener, void *ctx, int print)
{
    stderr_listener = listener;
    stderr_listener_ctx = ctx;
    stderr_print = print;
}

void diag_init(diag_sink *sink, FILE *out)
{
    memset(sink, 0, sizeof *sink);
    sink->out = out;
    sink->max_errors = 50;
    if (out && out == stderr) {
        sink->listener = stderr_listener;
        sink->listener_ctx = stderr_listener_ctx;
        sink->quiet = !stderr_print;
    }
}

/* Counts the message; returns 0 when it must not be printed. */
static int count_message(diag_sink *sink, diag_level level)
{
    if (sink->oom) {
        if (level == DIAG_ERROR) sink->errors++;
        return 0;
    }
    if (level == DIAG_ERROR) {
        sink->errors++;
        if (sink->max_errors && sink->errors > sink->max_errors) {
            sink->suppressed++;
            return 0;
        }
    } else if (level == DIAG_WARNING) {
        sink->warnings++;
    }
    return sink->out != NULL || sink->listener != NULL;
}

/* Prints the line holding WHERE and a caret line under it, gcc style. Very
 * long lines (minified or generated files) are cut to a window round WHERE.
 * A tab prints as a space, and a control character or a byte that is not
 * UTF-8 as `?`, so the excerpt never disturbs the terminal. */
static void print_excerpt(FILE *out, const src_file *src, span where, int line)
{
    enum { WINDOW = 100, BEFORE = 40 };
    uint32_t lb, le;
    source_line_bounds(src, where.begin, &lb, &le);
    const char *lead = "", *tail = "";
    if (le - lb > WINDOW) {
        if (where.begin > lb + BEFORE) {
            lb = where.begin - BEFORE;
            while (lb < le && ((unsigned char)src->text[lb] & 0xc0) == 0x80) lb++;
            lead = "...";
        }
        if (le > lb + WINDOW) {
            le = lb + WINDOW;
            while (le > lb && ((unsigned char)src->text[le] & 0xc0) == 0x80) le--;
            tail = "...";
        }
    }
    /* A NUL byte (a file refused for holding one) ends what is shown. */
    const char *nul = memchr(src->text + lb, '\0', le - lb);
    if (nul) le = (uint32_t)(nul - src->text);
    /* Built in memory and written at once: stderr is unbuffered, and a
     * character at a time would cost a system call each. The window keeps
     * both lines short. */
    char buf[1024];
    size_t n = (size_t)snprintf(buf, sizeof buf, "%5d | %s", line, lead);
    for (uint32_t i = lb; i < le && n + 8 < sizeof buf; i++) {
        unsigned char c = (unsigned char)src->text[i];
        if (c >= 0x80) {
            int k = source_utf8_length(src->text + i, le - i);
            if (k > 0) {
                memcpy(buf + n, src->text + i, (size_t)k);
                n += (size_t)k;
                i += (uint32_t)k - 1;
                continue;
            }
        }
        buf[n++] = (char)(c == '\t' ? ' ' : c < 0x20 || c >= 0x7f ? '?' : c);
    }
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%s\n      | %s", tail, lead[0] ? "   " : "");
    uint32_t start = where.begin < lb ? lb : where.begin;
    for (uint32_t i = lb; i < start && i < le && n + 4 < sizeof buf; i++)
        if (((unsigned char)src->text[i] & 0xc0) != 0x80) buf[n++] = ' ';
    buf[n++] = '^';
    uint32_t stop = where.end < le ? where.end : le;
    int first = 1;
    for (uint32_t i = start; i < stop && n + 2 < sizeof buf; i++) {
        if (((unsigned char)src->text[i] & 0xc0) == 0x80) continue;
        if (first) { first = 0; continue; }
        buf[n++] = '~';
    }
    buf[n++] = '\n';
    fwrite(buf, 1, n, out);
}

/* Hands a message to the sink's listener. */
static void tell(diag_sink *sink, diag_level level, const char *file, int line, int col, int end_line, int end_col,
                 const char *text)
{
    if (!sink->listener) return;
    diag_message m = { level, file, line, col, end_line, end_col, text };
    sink->listener(&m, sink->listener_ctx);
}

/* Where the character that starts DIAG_SHORT_KEEP characters before the
 * end of TEXT (LEN bytes) begins. */
static size_t tail_start(const char *text, size_t len)
{
    size_t at = len;
    for (int chars = 0; at > 0 && chars < DIAG_SHORT_KEEP; chars++)
        do at--; while (at > 0 && ((unsigned char)text[at] & 0xc0) == 0x80);
    return at;
}

const char *diag_short(const char *text, char *buf)
{
    size_t len = strlen(text), head = 0;
    int chars = 0;
    for (size_t i = 0; i < len; i++) chars += ((unsigned char)text[i] & 0xc0) != 0x80;
    if (chars <= DIAG_SHORT_MAX) return text;
    for (int n = 0; n < DIAG_SHORT_KEEP; n++)
        do head++; while (head < len && ((unsigned char)text[head] & 0xc0) == 0x80);
    size_t tail = tail_start(text, len);
    snprintf(buf, DIAG_SHORT_SIZE, "%.*s...%s", (int)head, text, text + tail);
    return buf;
}

/* A message about a whole file: printed as "WHAT: LEVEL: TEXT" and told
 * (a long WHAT printed shortened, told whole). */
static void plain(diag_sink *sink, const char *what, diag_level level, const char *text)
{
    char shown[DIAG_SHORT_SIZE];
    if (sink->out && !sink->quiet) fprintf(sink->out, "%s: %s: %s\n", diag_short(what, shown), level_name[level], text);
    tell(sink, level, what, 0, 0, 0, 0, text);
}

/* Says once, when the first error goes unprinted, that the rest are not shown. */
static void note_suppressed(diag_sink *sink, const char *what)
{
    if (sink->oom) return;
    if (sink->suppressed == 1 && sink->errors == sink->max_errors + 1) {
        char text[96];
        snprintf(text, sizeof text, "more than %d errors; the rest are not shown", sink->max_errors);
        plain(sink, what, DIAG_NOTE, text);
    }
}

/* Prints "FILE:LINE:COL: LEVEL: MESSAGE" and the excerpt, and tells it. */
static void print_located(diag_sink *sink, const src_file *src, span where, diag_level level, const char *msg)
{
    int line, col, end_line, end_col;
    source_line_col(src, where.begin, &line, &col);
    source_line_col(src, where.end > where.begin ? where.end : where.begin, &end_line, &end_col);
    if (sink->out && !sink->quiet) {
        char shown[DIAG_SHORT_SIZE];
        fprintf(sink->out, "%s:%d:%d: %s: %s\n", diag_short(src->path, shown), line, col, level_name[level], msg);
        print_excerpt(sink->out, src, where, line);
    }
    tell(sink, level, src->path, line, col, end_line, end_col, msg);
}

void diag_at(diag_sink *sink, const src_file *src, span where, diag_level level,
             const char *fmt, ...)
{
    if (!count_message(sink, level)) {
        note_suppressed(sink, src->path);
        return;
    }
    char msg[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    print_located(sink, src, where, level, msg);
    if (level == DIAG_NOTE) return;
    /* The way this file was reached: a note per file, outwards. */
    const src_file *at = src;
    for (int hops = 0; hops < DIAG_MAX_CONTEXTS; hops++) {
        const diag_context *ctx = NULL;
        for (int i = 0; i < sink->ncontexts && !ctx; i++)
            if (sink->contexts[i].inner == at) ctx = &sink->contexts[i];
        if (!ctx) break;
        print_located(sink, ctx->outer, ctx->at, DIAG_NOTE, ctx->text);
        at = ctx->outer;
    }
}

int diag_push_context(diag_sink *sink, const src_file *inner, const src_file *outer, span at, const char *fmt, ...)
{
    int n = sink->ncontexts;
    if (n == DIAG_MAX_CONTEXTS) return n;
    diag_context *ctx = &sink->contexts[n];
    ctx->inner = inner;
    ctx->outer = outer;
    ctx->at = at;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->text, sizeof ctx->text, fmt, ap);
    va_end(ap);
    sink->ncontexts = n + 1;
    return n;
}

void diag_pop_contexts(diag_sink *sink, int n)
{
    if (n >= 0 && n < sink->ncontexts) sink->ncontexts = n;
}

void diag_plain(diag_sink *sink, const char *what, diag_level level, const char *fmt, ...)
{
    if (!count_message(sink, level)) {
        note_suppressed(sink, what);
        return;
    }
    char msg[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    plain(sink, what, level, msg);
}

void diag_oom(diag_sink *sink, const char *what)
{
    if (sink->oom) {
        sink->errors++;
        return;
    }
    sink->oom = 1;
    sink->errors++;
    plain(sink, what ? what : "tabula", DIAG_ERROR, "out of memory");
}

int diag_edit_distance(const char *a, const char *b)
{
    /* Levenshtein with adjacent transpositions (optimal string alignment):
     * `stpe` is one slip from `step`, as a typist sees it. */
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64) return 99;
    int rows[3][65]; /* rows i-2, i-1 and i, by i % 3 */
    for (size_t j = 0; j <= lb; j++) rows[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int *row = rows[i % 3], *prev = rows[(i - 1) % 3], *prev2 = rows[(i + 1) % 3];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int best = prev[j - 1] + cost;
            if (prev[j] + 1 < best) best = prev[j] + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < best)
                best = prev2[j - 2] + 1;
            row[j] = best;
        }
    }
    return rows[la % 3][lb];
}

const char *diag_nearest(const char *word, const char *const *candidates, int n)
{
    /* Close enough: about a third of the word wrong, and in a word of up to
     * four letters one slip, or two letters added or left out (`onto` for
     * `to`): two other slips would leave half of it (`drop` is not a
     * misspelt `hop`, nor `line` a misspelt `dice`). */
    size_t len = strlen(word);
    int allowed = len <= 4 ? 1 : (int)(len + 2) / 3;
    const char *best = NULL;
    int best_d = 99;
    for (int i = 0; i < n; i++) {
        int d = diag_edit_distance(word, candidates[i]);
        size_t clen = strlen(candidates[i]);
        int gap = (int)(clen > len ? clen - len : len - clen);
        int close = d <= allowed || (len <= 4 && d == 2 && gap == 2);
        if (close && d < best_d) {
            best_d = d;
            best = candidates[i];
        }
    }
    return best;
}
