/* compile_options.c - declared ruleset options and the values users choose. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/rng.h"

#include "compiler.h"

/* Reports a problem with a user's setting where it was written. */
static void setting_error(compiler *c, const option_setting *s, const char *msg)
{
    if (s->src)
        diag_at(c->diags, s->src, s->loc, DIAG_ERROR, "%s", msg);
    else {
        char what[160];
        snprintf(what, sizeof what, "--option %s=%s", s->name, s->value);
        diag_plain(c->diags, what, DIAG_ERROR, "%s", msg);
    }
}

/* 1 when the value (integer IV when IS_INT, else word WV) is allowed. */
static int allowed(const ast_node *allowed_node, int is_int, long iv, const char *wv)
{
    if (!allowed_node) return 1;
    if (allowed_node->kind == AST_RANGE) return is_int && iv >= allowed_node->lo && iv <= allowed_node->hi;
    for (int i = 0; i < allowed_node->nkids; i++) {
        const ast_node *k = allowed_node->kids[i];
        if (k->kind == AST_INT && is_int && k->lo == iv) return 1;
        if (k->kind == AST_NAME && !is_int && strcmp(k->text, wv) == 0) return 1;
    }
    return 0;
}

/* The allowed values A as text ("1, 2, 3", "2..9") in BUF; 0 when they do
 * not fit in SIZE bytes (a cut list would show, and offer, wrong values). */
static int describe_allowed(const ast_node *a, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!a) return 1;
    if (a->kind == AST_RANGE) return snprintf(buf, size, "%ld..%ld", a->lo, a->hi) < (int)size;
    size_t used = 0;
    for (int i = 0; i < a->nkids; i++) {
        const ast_node *k = a->kids[i];
        int n = k->kind == AST_INT ? snprintf(buf + used, size - used, "%s%ld", i ? ", " : "", k->lo)
                                   : snprintf(buf + used, size - used, "%s%s", i ? ", " : "", k->text ? k->text : "?");
        if (n < 0 || (size_t)n >= size - used) {
            buf[0] = '\0';
            return 0;
        }
        used += (size_t)n;
    }
    return 1;
}

/* 1 when ALLOW is absent or the list [off on] (either order): with an
 * `on`/`off` default, a boolean option. */
static int boolean_values(const ast_node *allow)
{
    if (!allow) return 1;
    if (allow->kind != AST_LIST || allow->nkids != 2) return 0;
    int on = 0, off = 0;
    for (int i = 0; i < 2; i++) {
        const ast_node *k = allow->kids[i];
        if (k->kind != AST_NAME) return 0;
        on |= compile_switch_value(k->text) == W_SWITCH_ON;
        off |= compile_switch_value(k->text) == W_SWITCH_OFF;
    }
    return on && off;
}

/* The kind of an option from its default and allowed values; reports
 * allowed values of the wrong kind. */
static option_kind declared_kind(compiler *c, const ast_node *name, const ast_node *def, const ast_node *allow)
{
    if (def->kind == AST_INT) {
        if (!allow)
            compile_warning(c, name, "option `%s` lists no allowed values, so any integer is accepted; give them as "
                            "a list or a range, like `1..9`", name->text);
        for (int i = 0; allow && allow->kind == AST_LIST && i < allow->nkids; i++)
            if (allow->kids[i]->kind != AST_INT)
                compile_error(c, allow->kids[i], "the values of integer option `%s` are integers; got `%s`",
                              name->text, allow->kids[i]->text);
        return OPTION_INT;
    }
    if (compile_switch_value(def->text) >= 0 && boolean_values(allow)) return OPTION_BOOL;
    if (!allow)
        compile_error(c, name, "option `%s` needs the list of its values, as in `(option %s %s [%s ...])` "
                      "(`on`/`off` for a boolean option)", name->text, name->text, def->text, def->text);
    for (int i = 0; allow && allow->kind == AST_LIST && i < allow->nkids; i++)
        if (allow->kids[i]->kind != AST_NAME)
            compile_error(c, allow->kids[i], "the values of option `%s` are words like its default `%s`; got %ld",
                          name->text, def->text, allow->kids[i]->lo);
    return OPTION_WORDS;
}

/* A value given on the command line or in a scenario for an integer option:
 * digits with an optional `-`, nothing else (no spaces). */
static int parse_int_value(const char *text, long *out)
{
    const char *p = text;
    if (*p == '-') p++;
    if (!*p) return 0;
    for (const char *q = p; *q; q++)
        if (*q < '0' || *q > '9') return 0;
    errno = 0;
    long v = strtol(text, NULL, 10);
    if (errno || v > 1000000 || v < -1000000) return 0;
    *out = v;
    return 1;
}

/* The seed `random` option values are drawn from: the command's --seed
 * where it has one, else taken once per process (the clock and the process
 * id), so that every load of the rules in one run draws the same value. */
static uint64_t random_seed;

void options_random_seed(uint64_t seed)
{
    random_seed = seed | 1;
}

/* `random` for an integer option with allowed values ALLOW: one of them. */
static long random_value(const ast_node *allow, const char *name)
{
    if (!random_seed) random_seed = ((uint64_t)time(NULL) << 20 ^ (uint64_t)getpid()) | 1;
    uint64_t seed = random_seed;
    uint64_t h = seed;
    for (const char *p = name; *p; p++) h = (h ^ (unsigned char)*p) * 0x100000001b3ULL; /* one draw per option */
    rng r;
    rng_seed(&r, h);
    if (allow->kind == AST_RANGE) {
        unsigned long width = (unsigned long)(allow->hi - allow->lo) + 1;
        return allow->lo + (long)rng_below(&r, (uint32_t)width);
    }
    long v = 0;
    uint32_t n = 0;
    for (int i = 0; i < allow->nkids; i++) n += allow->kids[i]->kind == AST_INT;
    uint32_t pick = rng_below(&r, n);
    for (int i = 0; i < allow->nkids; i++)
        if (allow->kids[i]->kind == AST_INT && pick-- == 0) v = allow->kids[i]->lo;
    return v;
}

void compile_options(compiler *c, const ast_node *game, const option_setting *settings, int n)
{
    ruleset *rs = c->rs;
    const ast_node *decl[TB_MAX_OPTIONS];
    int i = 0;
    const ast_node *o;
    while ((o = compile_next_form(game, "option", &i))) {
        const ast_node *name = compile_positional(o, 0), *def = compile_positional(o, 1);
        const ast_node *allow = compile_positional(o, 2), *doc = compile_positional(o, 3);
        if (allow && allow->kind == AST_STRING) { doc = allow; allow = NULL; }
        if (!name || !def || name->kind != AST_NAME || !compile_name_fits(c, name, "option")) continue;
        if (def->kind == AST_FORM) {
            compile_error(c, def, "the default of option `%s` must be an integer or a name", name->text);
            compile_declare_failed(c, name->text);
            continue;
        }
        if (def->kind == AST_NAME && !compile_name_fits(c, def, "option value")) {
            compile_declare_failed(c, name->text);
            continue;
        }
        int dup = 0;
        for (int k = 0; k < rs->noptions; k++) dup |= strcmp(rs->options[k].name, name->text) == 0;
        if (dup) {
            compile_error(c, name, "option `%s` is declared twice", name->text);
            continue;
        }
        if (rs->noptions == TB_MAX_OPTIONS) {
            compile_limit_error(c, o, "too many options: a game has at most %d", TB_MAX_OPTIONS);
            break;
        }
        option_value *ov = &rs->options[rs->noptions];
        snprintf(ov->name, TB_NAME_LEN, "%s", name->text);
        ov->is_int = def->kind == AST_INT;
        ov->value = def->lo;
        if (!ov->is_int) snprintf(ov->word, TB_NAME_LEN, "%s", def->text ? def->text : "");
        snprintf(ov->def, TB_NAME_LEN, "%s", ov->is_int ? "" : ov->word);
        if (ov->is_int) snprintf(ov->def, TB_NAME_LEN, "%ld", ov->value);
        if (doc) compile_text(c, doc, ov->doc, sizeof ov->doc, "an option's description");
        if (allow && allow->kind == AST_RANGE && !ov->is_int) {
            compile_error(c, allow, "a range of values needs an integer default");
            compile_declare_failed(c, name->text);
            continue;
        }
        ov->kind = (uint8_t)declared_kind(c, name, def, allow);
        if (ov->kind == OPTION_BOOL && !allow) snprintf(ov->allowed, sizeof ov->allowed, "off, on");
        else if (!describe_allowed(allow, ov->allowed, sizeof ov->allowed)) {
            compile_limit_error(c, allow, "the allowed values of option `%s` take more than %zu bytes written "
                                "out (\"1, 2, 3\"); give fewer, or a range lo..hi", ov->name, sizeof ov->allowed - 1);
            compile_declare_failed(c, name->text);
            continue;
        }
        if (!allowed(allow, ov->is_int, ov->value, ov->word))
            compile_error(c, def, "the default of option `%s` is not among its allowed values (%s)",
                          ov->name, ov->allowed);
        decl[rs->noptions++] = allow;
    }
    for (int s = 0; s < n; s++) {
        const option_setting *set = &settings[s];
        int found = -1;
        for (int k = 0; k < rs->noptions; k++)
            if (strcmp(rs->options[k].name, set->name) == 0) found = k;
        char msg[512];
        if (found < 0) {
            const char *names[TB_MAX_OPTIONS];
            char list[256] = "";
            for (int k = 0; k < rs->noptions; k++) {
                names[k] = rs->options[k].name;
                if (k) strncat(list, ", ", sizeof list - strlen(list) - 1);
                strncat(list, names[k], sizeof list - strlen(list) - 1);
            }
            const char *best = diag_nearest(set->name, names, rs->noptions);
            if (best) snprintf(msg, sizeof msg, "unknown option `%s` of \"%s\"; did you mean `%s`?", set->name, rs->title, best);
            else if (rs->noptions) snprintf(msg, sizeof msg, "unknown option `%s` of \"%s\" (its options: %s)", set->name, rs->title, list);
            else snprintf(msg, sizeof msg, "unknown option `%s`: \"%s\" declares no options", set->name, rs->title);
            setting_error(c, set, msg);
            continue;
        }
        option_value *ov = &rs->options[found];
        if (ov->is_int) {
            long v;
            if (catalogue_word_in(set->value, CATALOGUE_OPTION_RANDOM) && decl[found]) {
                ov->value = random_value(decl[found], ov->name);
                continue;
            }
            if (!parse_int_value(set->value, &v)) {
                snprintf(msg, sizeof msg, "option `%s` takes an integer; got `%s`", ov->name, set->value);
                setting_error(c, set, msg);
                continue;
            }
            if (!allowed(decl[found], 1, v, NULL)) {
                snprintf(msg, sizeof msg, "option `%s` cannot be %ld (allowed: %s)", ov->name, v, ov->allowed);
                setting_error(c, set, msg);
                continue;
            }
            ov->value = v;
        } else {
            int ok = strlen(set->value) < TB_NAME_LEN && allowed(decl[found], 0, 0, set->value);
            if (ov->kind == OPTION_BOOL) ok = compile_switch_value(set->value) >= 0;
            if (!ok) {
                snprintf(msg, sizeof msg, "option `%s` cannot be `%s` (allowed: %s)", ov->name, set->value, ov->allowed);
                setting_error(c, set, msg);
                continue;
            }
            snprintf(ov->word, TB_NAME_LEN, "%s", set->value);
        }
    }
}
