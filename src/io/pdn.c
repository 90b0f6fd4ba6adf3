/* pdn.c - PDN games read, played and written (pdn.h). */
#include "pdn.h"

#include "fen.h"
#include "notation.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void pdn_init(pdn_game *g)
{
    memset(g, 0, sizeof *g);
}

void pdn_free(pdn_game *g)
{
    source_free(g->src);
    free(g->moves);
    pdn_init(g);
}

static void error_at(diag_sink *d, const pdn_game *g, uint32_t begin, uint32_t end, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void error_at(diag_sink *d, const pdn_game *g, uint32_t begin, uint32_t end, const char *fmt, ...)
{
    char msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_at(d, g->src, span_make(begin, end > begin ? end : begin + 1), DIAG_ERROR, "%s", msg);
}

static const char *const results[] = { "2-0", "0-2", "1-1", "0-0", "*", "1-0", "0-1", "1/2-1/2" };

static int is_result(const char *s, size_t len)
{
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (strlen(results[i]) == len && strncmp(s, results[i], len) == 0) return 1;
    return 0;
}

/* The results of other notations (1-0, 0-1, 1/2-1/2) in PDN 3.0's form. */
static void result_normal(const char *in, char *out, size_t size)
{
    snprintf(out, size, "%s", strcmp(in, "1-0") == 0 ? "2-0" : strcmp(in, "0-1") == 0 ? "0-2"
                              : strcmp(in, "1/2-1/2") == 0 ? "1-1" : in);
}

static int push_move(pdn_game *g, const char *text, size_t len, uint32_t at, diag_sink *d)
{
    if (g->nmoves == g->cap) {
        int cap = g->cap ? g->cap * 2 : 64;
        pdn_move *m = realloc(g->moves, (size_t)cap * sizeof *m);
        if (!m) {
            diag_oom(d, g->src->path);
            return 0;
        }
        g->moves = m;
        g->cap = cap;
    }
    pdn_move *m = &g->moves[g->nmoves++];
    snprintf(m->text, sizeof m->text, "%.*s", (int)len, text);
    m->at = span_make(at, at + (uint32_t)len);
    return 1;
}

/* `[Name "value"]` at *P; 0 after an error. */
static int read_tag(pdn_game *g, size_t *p, diag_sink *d)
{
    const char *t = g->src->text;
    size_t open = *p, i = *p + 1;
    while (t[i] == ' ' || t[i] == '\t') i++;
    size_t name = i;
    while (isalnum((unsigned char)t[i]) || t[i] == '_') i++;
    if (i == name || i - name >= PDN_TAG_NAME) {
        error_at(d, g, (uint32_t)name, (uint32_t)i, "a tag is [Name \"value\"], its name letters and digits of at most %d",
                 PDN_TAG_NAME - 1);
        return 0;
    }
    size_t name_end = i;
    while (t[i] == ' ' || t[i] == '\t') i++;
    if (t[i] != '"') {
        error_at(d, g, (uint32_t)i, (uint32_t)i + 1, "the value of tag %.*s is a \"quoted\" text",
                 (int)(name_end - name), t + name);
        return 0;
    }
    char value[PDN_TAG_VALUE];
    size_t v = 0, vstart = ++i;
    for (; t[i] && t[i] != '"' && t[i] != '\n' && t[i] != '\r'; i++) {
        if (t[i] == '\\' && (t[i + 1] == '"' || t[i + 1] == '\\')) i++;
        if (v + 1 >= sizeof value) {
            error_at(d, g, (uint32_t)vstart, (uint32_t)i, "the value of a tag is at most %d bytes", PDN_TAG_VALUE - 1);
            return 0;
        }
        value[v++] = t[i];
    }
    value[v] = '\0';
    if (t[i] != '"') {
        error_at(d, g, (uint32_t)open, (uint32_t)i, "the value of tag %.*s has no closing quote on its line",
                 (int)(name_end - name), t + name);
        return 0;
    }
    size_t vend = i++;
    while (t[i] == ' ' || t[i] == '\t') i++;
    if (t[i] != ']') {
        error_at(d, g, (uint32_t)i, (uint32_t)i + 1, "a tag ends with `]` after its value");
        return 0;
    }
    *p = i + 1;
    if (g->ntags == PDN_MAX_TAGS) {
        error_at(d, g, (uint32_t)open, (uint32_t)*p, "more than %d tags", PDN_MAX_TAGS);
        return 0;
    }
    for (int k = 0; k < g->ntags; k++)
        if (strlen(g->tags[k].name) == name_end - name && strncasecmp(g->tags[k].name, t + name, name_end - name) == 0) {
            error_at(d, g, (uint32_t)name, (uint32_t)name_end, "tag %s is given twice", g->tags[k].name);
            return 0;
        }
    pdn_tag *tag = &g->tags[g->ntags++];
    snprintf(tag->name, sizeof tag->name, "%.*s", (int)(name_end - name), t + name);
    snprintf(tag->value, sizeof tag->value, "%s", value);
    tag->at = span_make((uint32_t)vstart, (uint32_t)vend);
    return 1;
}

/* Skips what *P opens: a comment {...}, a variation (...) (nested), a
 * `;` comment. 0 after an error (one left open). */
static int skip_aside(pdn_game *g, size_t *p, diag_sink *d)
{
    const char *t = g->src->text;
    size_t i = *p;
    if (t[i] == ';') {
        while (t[i] && t[i] != '\n' && t[i] != '\r') i++;
    } else if (t[i] == '{') {
        while (t[i] && t[i] != '}') i++;
        if (!t[i]) {
            error_at(d, g, (uint32_t)*p, (uint32_t)*p + 1, "this comment `{` is never closed by `}`");
            return 0;
        }
        i++;
    } else { /* ( */
        int depth = 0;
        for (; t[i]; i++) {
            if (t[i] == '{') {
                size_t c = i;
                if (!skip_aside(g, &c, d)) return 0;
                i = c - 1;
            } else if (t[i] == '(') depth++;
            else if (t[i] == ')' && --depth == 0) break;
        }
        if (!t[i]) {
            error_at(d, g, (uint32_t)*p, (uint32_t)*p + 1, "this variation `(` is never closed by `)`");
            return 0;
        }
        i++;
    }
    *p = i;
    return 1;
}

int pdn_parse(src_file *src, pdn_game *g, diag_sink *d)
{
    pdn_init(g);
    g->src = src;
    const char *t = src->text;
    size_t i = src->bom, moves_begun = 0;
    for (;;) {
        while (isspace((unsigned char)t[i])) i++;
        if (!t[i]) break;
        if (t[i] == '%' && (i == 0 || t[i - 1] == '\n' || t[i - 1] == '\r')) { /* an escaped line */
            while (t[i] && t[i] != '\n' && t[i] != '\r') i++;
            continue;
        }
        if (t[i] == '[') {
            if (moves_begun || g->result[0]) {
                error_at(d, g, (uint32_t)i, (uint32_t)i + 1, "%s", g->result[0]
                         ? "a second game starts here: tabula reads one game per PDN file"
                         : "a tag after the moves: tags come first");
                return 0;
            }
            if (!read_tag(g, &i, d)) return 0;
            continue;
        }
        if (t[i] == '{' || t[i] == '(' || t[i] == ';') {
            if (!skip_aside(g, &i, d)) return 0;
            continue;
        }
        size_t start = i;
        while (t[i] && !isspace((unsigned char)t[i]) && !strchr("{}();[]", t[i])) i++;
        const char *w = t + start;
        size_t len = i - start;
        if (len == 0) {
            error_at(d, g, (uint32_t)start, (uint32_t)start + 1, "unexpected `%c` in the moves", t[start]);
            return 0;
        }
        if (g->result[0]) {
            error_at(d, g, (uint32_t)start, (uint32_t)i, "`%.*s` after the result %s: the result ends the game",
                     (int)len, w, g->result);
            return 0;
        }
        if (is_result(w, len)) {
            char r[8];
            snprintf(r, sizeof r, "%.*s", (int)len, w);
            result_normal(r, g->result, sizeof g->result);
            g->result_at = span_make((uint32_t)start, (uint32_t)i);
            continue;
        }
        if (w[0] == '$') continue; /* a numeric annotation */
        /* A move number, perhaps joined to its move: `12.`, `12...`, `12.32-28`. */
        size_t k = 0;
        while (k < len && isdigit((unsigned char)w[k])) k++;
        if (k > 0 && k < len && w[k] == '.') {
            while (k < len && w[k] == '.') k++;
            w += k;
            len -= k;
            start += k;
            if (len == 0) continue;
        }
        while (len > 0 && (w[len - 1] == '!' || w[len - 1] == '?')) len--; /* the move's mark */
        size_t shape = 0;
        int squares = 0;
        for (size_t c = 0; c < len; c++) {
            if (isdigit((unsigned char)w[c])) {
                if (c == 0 || !isdigit((unsigned char)w[c - 1])) squares++;
                shape++;
            } else if ((w[c] == '-' || w[c] == 'x' || w[c] == 'X') && c > 0 && c + 1 < len &&
                       isdigit((unsigned char)w[c - 1]) && isdigit((unsigned char)w[c + 1])) {
                shape++;
            }
        }
        if (len == 0 || shape != len || squares < 2 || len >= PDN_MOVE_TEXT) {
            error_at(d, g, (uint32_t)start, (uint32_t)(start + (len ? len : 1)),
                     "`%.*s` is not a move of PDN: squares by number, `32-28` for a move, `28x19` or `28x19x10` for "
                     "a capture", (int)(len ? len : i - start), len ? w : t + start);
            return 0;
        }
        moves_begun = 1;
        if (!push_move(g, w, len, (uint32_t)start, d)) return 0;
    }
    const char *tagged = pdn_tag_value(g, "Result");
    if (tagged) {
        char r[8];
        result_normal(tagged, r, sizeof r);
        const pdn_tag *tag = NULL;
        for (int k = 0; k < g->ntags; k++)
            if (strcasecmp(g->tags[k].name, "Result") == 0) tag = &g->tags[k];
        if (!is_result(r, strlen(r))) {
            error_at(d, g, tag->at.begin, tag->at.end, "the result is 2-0, 0-2, 1-1 or *, not `%s`", tagged);
            return 0;
        }
        if (g->result[0] && strcmp(r, g->result) != 0) {
            error_at(d, g, g->result_at.begin, g->result_at.end, "the moves end with %s, but the Result tag says %s",
                     g->result, r);
            return 0;
        }
        if (!g->result[0]) {
            snprintf(g->result, sizeof g->result, "%s", r);
            g->result_at = tag->at;
        }
    }
    return 1;
}

int pdn_read(const char *path, pdn_game *g, diag_sink *d, int *io_error)
{
    pdn_init(g);
    *io_error = 0;
    src_file *src = source_load(path, d, io_error);
    if (!src) return 0;
    return pdn_parse(src, g, d);
}

const char *pdn_tag_value(const pdn_game *g, const char *name)
{
    for (int k = 0; k < g->ntags; k++)
        if (strcasecmp(g->tags[k].name, name) == 0) return g->tags[k].value;
    return NULL;
}

/* The player whose name starts with W, else 1. */
static int white_player(const ruleset *rs)
{
    return toupper((unsigned char)rs->player_label[1][0]) == 'W' && toupper((unsigned char)rs->player_label[0][0]) != 'W'
           ? 2 : 1;
}

int pdn_result_winner(const ruleset *rs, const char *result)
{
    int white = white_player(rs);
    if (strcmp(result, "2-0") == 0) return white;
    if (strcmp(result, "0-2") == 0) return tb_opponent(white);
    if (strcmp(result, "1-1") == 0 || strcmp(result, "0-0") == 0) return 0;
    return -1;
}

const char *pdn_result_text(const ruleset *rs, int winner)
{
    if (winner == 0) return "1-1";
    if (winner < 0) return "*";
    return winner == white_player(rs) ? "2-0" : "0-2";
}

/* "a, b, c": the moves of LEGAL at INDEX (K of them), or all N when INDEX is NULL. */
static void list_moves(const ruleset *rs, const move *legal, int n, const int *index, int k, int full, char *buf,
                       size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    int count = index ? k : n;
    for (int i = 0; i < count && used + 8 < size; i++) {
        char m[256];
        const move *mv = &legal[index ? index[i] : i];
        if (full) move_notation(rs, mv, m, sizeof m);
        else move_display(rs, mv, legal, n, m, sizeof m);
        if (used + strlen(m) + 8 >= size) {
            snprintf(buf + used, size - used, "%s...", i ? ", " : "");
            return;
        }
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", m);
    }
}

int pdn_play(ruleset *rs, const pdn_game *g, state *st, move_list *legal, diag_sink *d, pdn_visit_fn visit, void *ctx)
{
    char why[512];
    if (!fen_supported(rs, why, sizeof why)) {
        diag_plain(d, g->src->path, DIAG_ERROR, "PDN games are of boards with numbered squares: %s", why);
        return -1;
    }
    const char *fen = NULL;
    span fen_at = { 0, 0 };
    for (int k = 0; k < g->ntags; k++)
        if (strcasecmp(g->tags[k].name, "FEN") == 0) {
            fen = g->tags[k].value;
            fen_at = g->tags[k].at;
        }
    if (fen) {
        char err[512];
        if (!fen_read(rs, fen, st, err, sizeof err)) {
            error_at(d, g, fen_at.begin, fen_at.end, "FEN: %s", err);
            return -1;
        }
    } else {
        state_start(rs, st);
    }
    engine_seed(rs, st, 0);
    int *index = NULL;
    for (int i = 0; i < g->nmoves; i++) {
        const pdn_move *pm = &g->moves[i];
        if (st->h.status != STATUS_ONGOING) {
            char result[32];
            engine_result_text(st, result, sizeof result);
            error_at(d, g, pm->at.begin, pm->at.end, "move %d `%s` comes after the end of the game (%s)", i + 1,
                     pm->text, result);
            free(index);
            return -1;
        }
        int n = engine_legal(rs, st, legal);
        if (legal->error) {
            error_at(d, g, pm->at.begin, pm->at.end, "move %d: %s", i + 1, moves_error_text(legal->error));
            free(index);
            return -1;
        }
        int *grown = realloc(index, (size_t)(n > 0 ? n : 1) * sizeof *index);
        if (!grown) {
            diag_oom(d, g->src->path);
            free(index);
            return -1;
        }
        index = grown;
        int k = engine_find_move(rs, legal->m, n, pm->text);
        if (k >= 0) index[0] = k, k = 1;
        else k = n > 0 ? notation_match(rs, st, legal->m, n, pm->text, index) : 0;
        char list[3000];
        if (k != 1) {
            if (k > 1) list_moves(rs, legal->m, n, index, k, 1, list, sizeof list);
            else list_moves(rs, legal->m, n, NULL, 0, 0, list, sizeof list);
            if (k > 1)
                error_at(d, g, pm->at.begin, pm->at.end, "move %d `%s` fits %d legal moves (captures with the same "
                         "ends): write its path, one of %s", i + 1, pm->text, k, list);
            else
                error_at(d, g, pm->at.begin, pm->at.end, "move %d `%s` is not legal here (player %d to move); legal "
                         "moves: %s", i + 1, pm->text, st->h.to_move, n ? list : "none");
            free(index);
            return -1;
        }
        move played = legal->m[index[0]];
        engine_apply(rs, st, &played, NULL);
        if (visit) visit(ctx, i, st, &played, legal->m, n);
    }
    free(index);
    if (st->h.status == STATUS_ONGOING) engine_legal(rs, st, legal); /* a player without moves: the game ends */
    if (st->h.status != STATUS_ONGOING && g->result[0] && strcmp(g->result, "*") != 0) {
        int winner = st->h.winner;
        const char *want = pdn_result_text(rs, winner);
        if (strcmp(want, g->result) != 0) {
            char result[32];
            engine_result_text(st, result, sizeof result);
            error_at(d, g, g->result_at.begin, g->result_at.end,
                     "the result is %s, but the moves end the game with %s (%s in PDN)", g->result, result, want);
            return -1;
        }
    }
    return g->nmoves;
}

int pdn_write(FILE *out, const pdn_out *o)
{
    int result_done = 0, fen_done = 0;
    for (int k = 0; k < o->ntags; k++) {
        const char *value = o->tags[k].value;
        if (strcasecmp(o->tags[k].name, "Result") == 0) { /* where it was, with the result of the moves */
            value = o->result;
            result_done = 1;
        } else if (strcasecmp(o->tags[k].name, "FEN") == 0) {
            if (!o->fen) continue;
            value = o->fen;
            fen_done = 1;
        }
        fprintf(out, "[%s \"", o->tags[k].name);
        for (const char *c = value; *c; c++) {
            if (*c == '"' || *c == '\\') fputc('\\', out);
            fputc(*c, out);
        }
        fputs("\"]\n", out);
    }
    if (!result_done) fprintf(out, "[Result \"%s\"]\n", o->result);
    if (o->fen && !fen_done) fprintf(out, "[FEN \"%s\"]\n", o->fen);
    fputc('\n', out);
    int column = 0;
    for (int i = 0; i <= o->nmoves; i++) {
        char word[PDN_MOVE_TEXT + 32];
        int player = (o->first_player - 1 + i) % 2 + 1;
        if (i == o->nmoves) snprintf(word, sizeof word, "%s", o->result);
        else if (player == 1) snprintf(word, sizeof word, "%d. %s", (i + (o->first_player == 2)) / 2 + 1, o->moves[i]);
        else if (i == 0) snprintf(word, sizeof word, "1... %s", o->moves[i]);
        else snprintf(word, sizeof word, "%s", o->moves[i]);
        int len = (int)strlen(word);
        if (column && column + 1 + len > 80) {
            fputc('\n', out);
            column = 0;
        }
        if (column) fputc(' ', out), column++;
        fputs(word, out);
        column += len;
    }
    fputc('\n', out);
    return !ferror(out);
}
