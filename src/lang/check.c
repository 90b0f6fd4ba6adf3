/* check.c - validates the tree against the typed catalogue of ludemes. */
#include "check.h"
#include "params.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "catalogue.h"
#include "renamed.h"

typedef struct checker {
    const src_file *src;        /* the rule file, for nodes that do not know theirs */
    diag_sink *diags;           /* where messages go */
    const ast_node *no_missing; /* a form whose missing arguments are not reported */
    int in_option;              /* inside `(option ...)`: no `(opt ...)` there */
    const char *path_head;      /* variants: the head of the form an address names, or NULL */
    const char *path_parent;    /* variants: the head of the form holding it, or NULL */
} checker;

static void check_form(checker *c, const ast_node *form, const char *parent, int clause);

/* The file NODE was written in (a variant's tree mixes files). */
static const src_file *src_of(const checker *c, const ast_node *node)
{
    return ast_src(node, c->src);
}

/* The number of words in a space-separated list. */
static int count_words(const char *words)
{
    int n = 0;
    for (const char *p = words; *p; p++)
        if (*p != ' ' && (p == words || p[-1] == ' ')) n++;
    return n;
}

/* How a message names what parameter P takes: "`mandatory` or `optional`"
 * for a short list of words, "a direction" for a long one, else the
 * catalogue's description ("an integer (rows)"). For a named argument the
 * trailing label is left out, since the message names the argument. */
static void param_noun(const param_spec *p, char *buf, int size)
{
    if ((p->type == ARG_WORD || p->type == ARG_WORDS) && count_words(p->words) <= 6) {
        char tmp[256];
        snprintf(tmp, sizeof tmp, "%s", p->words);
        int n = count_words(p->words), k = 0;
        size_t used = 0;
        buf[0] = '\0';
        for (char *w = strtok(tmp, " "); w && used < (size_t)size; w = strtok(NULL, " "), k++) {
            const char *sep = k == 0 ? "" : k == n - 1 ? " or " : ", ";
            used += (size_t)snprintf(buf + used, (size_t)size - used, "%s`%s`", sep, w);
        }
        return;
    }
    if (p->type == ARG_WORD || p->type == ARG_WORDS) {
        char name[64];
        /* the words of directions, whatever the parameter's name (`next-to-empty:`) */
        snprintf(name, sizeof name, "%s", catalogue_word_in("orthogonal", p->words) ? "direction" : p->name);
        size_t n = strlen(name);
        if (n > 1 && name[n - 1] == 's') name[n - 1] = '\0';
        snprintf(buf, (size_t)size, "%s %s", strchr("aeiou", name[0]) ? "an" : "a", name);
        return;
    }
    catalogue_describe_param(p, buf, size);
    if (p->style == STYLE_NAMED) {
        char label[80];
        snprintf(label, sizeof label, " (%s)", p->name);
        size_t lb = strlen(buf), ll = strlen(label);
        if (lb > ll && strcmp(buf + lb - ll, label) == 0) buf[lb - ll] = '\0';
    }
}

/* "`step`", or "`to:` in `step`" for a named argument: a message's subject. */
static void param_subject(const ludeme_spec *s, const param_spec *p, char *buf, size_t size)
{
    if (p->style == STYLE_NAMED)
        snprintf(buf, size, "`%s:` in `%s`", p->name, s->name);
    else
        snprintf(buf, size, "`%s`", s->name);
}

static void error_at(checker *c, const ast_node *node, span where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* An error at WHERE in the file NODE was written in. */
static void error_at(checker *c, const ast_node *node, span where, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_at(c->diags, src_of(c, node), where, DIAG_ERROR, "%s", msg);
}

/* A name that must be one of P's words: says which and suggests the nearest. */
static int check_word(checker *c, const ludeme_spec *s, const param_spec *p, const ast_node *v)
{
    if (v->kind == AST_NAME && catalogue_word_in(v->text, p->words)) return 1;
    char noun[256], got[128], hint[600] = "", sug[64], subject[96];
    param_noun(p, noun, sizeof noun);
    param_subject(s, p, subject, sizeof subject);
    ast_describe(v, got, sizeof got);
    if (v->kind == AST_NAME && catalogue_suggest(v->text, p->words, sug, sizeof sug))
        snprintf(hint, sizeof hint, "; did you mean `%s`?", sug);
    else if (count_words(p->words) > 6)
        snprintf(hint, sizeof hint, " (one of: %s)", p->words);
    error_at(c, v, v->loc, "%s takes %s; got %s%s", subject, noun, got, hint);
    return 0;
}

/* The sections of a game: the sub-forms `game` takes, but its options. */
static int is_section(const char *head)
{
    const ludeme_spec *game = catalogue_find("game", "");
    for (const param_spec *p = game->params; p->name; p++)
        if (p->style == STYLE_FORM && strcmp(p->name, "option") != 0 && catalogue_word_in(head, p->words)) return 1;
    return 0;
}

/* 1 when a bare name can be an argument of a form with head HEAD (its key,
 * a word, a flag): else a name in an address must be a clause's head. */
static int takes_names(const char *head)
{
    const ludeme_spec *s = catalogue_find_any(head);
    if (!s) return 1;
    for (const param_spec *p = s->params; p->name; p++)
        if (p->style == STYLE_FLAG || (p->style == STYLE_POSITIONAL && p->type != ARG_STRING)) return 1;
    return 0;
}

static const char *report_unknown_form(checker *c, const ast_node *form, const char *parent);

/* One step of an address inside a form with head PARENT (NULL when it is
 * not known): a form's head must be allowed there; a name must be, unless
 * such forms take bare names. Returns the head of the form the step names,
 * or NULL when that is not a ludeme. */
static const char *check_step(checker *c, const ast_node *step, const char *parent)
{
    if (step->kind == AST_NAME) {
        if (parent && catalogue_find(step->text, parent)) return step->text;
        if (parent && !takes_names(parent)) {
            const char *best = catalogue_suggest_head(step->text, parent);
            if (best)
                error_at(c, step, step->loc, "`%s` has no clause `%s`; did you mean `%s`?", parent, step->text, best);
            else {
                char allowed[1024];
                if (catalogue_clauses_in(parent, allowed, sizeof allowed))
                    error_at(c, step, step->loc, "`%s` has no clause `%s`; it may hold %s", parent, step->text,
                             allowed);
                else
                    error_at(c, step, step->loc, "`%s` has no clause `%s`", parent, step->text);
            }
        }
        return NULL;
    }
    if (step->kind == AST_FORM) {
        if (parent && !catalogue_find(step->text, parent)) {
            report_unknown_form(c, step, parent);
            return NULL;
        }
        for (int i = 0; i < step->nkids; i++)
            if (step->kids[i]->kind == AST_NAMED && step->kids[i]->value->kind == AST_FORM &&
                strcmp(step->kids[i]->value->text, "opt") == 0)
                error_at(c, step->kids[i]->value, step->kids[i]->value->loc,
                         "an address names the base's clause as written; `(opt ...)` cannot be used in it");
        return step->text;
    }
    char got[128];
    ast_describe(step, got, sizeof got);
    error_at(c, step, step->loc,
             "a step of an address is a clause's head, a word, or a form like `(moves man)`; got %s", got);
    return NULL;
}

/* `(SECTION STEP...)`: the section, then one step per level down. Leaves in
 * c->path_head and c->path_parent the heads of the form it names and of the
 * form holding it, for the items that go there. */
static void check_path(checker *c, const ast_node *v)
{
    c->path_head = c->path_parent = NULL;
    if (strcmp(v->text, "option") == 0) { /* `(option NAME)`: one of the base's options */
        if (v->nkids == 0 || v->kids[0]->kind != AST_NAME)
            error_at(c, v, v->loc, "an option is addressed by its name: `(option NAME)`");
        c->path_head = "option";
        c->path_parent = "game";
        return;
    }
    if (!is_section(v->text)) {
        const char *names[] = { "players", "board", "pieces", "regions", "start", "dice", "play", "end", "words" };
        const char *best = diag_nearest(v->text, names, (int)(sizeof names / sizeof names[0]));
        error_at(c, v, v->head_loc, "an address starts with a section of the game (`players`, `board`, `pieces`, "
                 "`regions`, `start`, `dice`, `play`, `end` or `words`) or is `(option NAME)`; got `%s`%s%s%s", v->text,
                 best ? "; did you mean `" : "", best ? best : "", best ? "`?" : "");
        return;
    }
    const char *head = v->text, *parent = "game";
    for (int i = 0; i < v->nkids; i++) {
        const char *next = check_step(c, v->kids[i], head);
        parent = head;
        head = next;
    }
    c->path_head = head;
    c->path_parent = parent;
}

/* An item put in a form with head PARENT by a variant: forms are checked as
 * its clauses; words are checked when the whole game is. */
static void check_item(checker *c, const ast_node *v, const char *parent)
{
    if (v->kind == AST_FORM && !param_is_opt(v)) {
        if (parent) check_form(c, v, parent, 1);
        return;
    }
    if (v->kind == AST_STRING || v->kind == AST_RANGE || param_is_opt(v)) {
        char got[128];
        ast_describe(v, got, sizeof got);
        error_at(c, v, v->loc, "a variant adds or replaces clauses and words; got %s", got);
    }
}

/* Checks the inside of a value already known to fit P. */
static void check_value(checker *c, const ludeme_spec *s, const param_spec *p, const ast_node *v)
{
    if (p->type == ARG_PATH) {
        check_path(c, v);
        return;
    }
    if (p->type == ARG_ADDED || p->type == ARG_REPLACEMENT) {
        check_item(c, v, p->type == ARG_ADDED ? c->path_head : c->path_parent);
        return;
    }
    if (p->type == ARG_SELECTOR) {
        check_step(c, v, c->path_head);
        return;
    }
    if (v->kind == AST_FORM) {
        if (param_is_opt(v) && c->in_option) {
            error_at(c, v, v->loc, "an option's declaration cannot use `(opt ...)`");
            return;
        }
        check_form(c, v, p->type == ARG_REGION && !param_is_opt(v) ? "@region" : "@value", 0);
        return;
    }
    if (v->kind == AST_RANGE) {
        for (int i = 0; i < v->nkids; i++) {
            const ast_node *b = v->kids[i];
            if (b->kind != AST_FORM) continue;
            if (!param_is_opt(b) || p->type == ARG_VALUES) {
                char got[128];
                ast_describe(b, got, sizeof got);
                error_at(c, b, b->loc, "a bound of %s is an integer%s; got %s",
                         p->type == ARG_VALUES ? "an option's range" : "a range",
                         p->type == ARG_VALUES ? "" : " or `(opt NAME)`", got);
                continue;
            }
            check_form(c, b, "@value", 0);
        }
        return;
    }
    if (p->type == ARG_WORD || (p->type == ARG_DISTANCE && v->kind == AST_NAME)) {
        check_word(c, s, p, v);
        return;
    }
    if (v->kind != AST_LIST) {
        if (p->type == ARG_WORDS) check_word(c, s, p, v);
        return;
    }
    if (v->nkids == 0 && p->type != ARG_VALUES) {
        char noun[256], subject[96];
        param_noun(p, noun, sizeof noun);
        param_subject(s, p, subject, sizeof subject);
        error_at(c, v, v->loc, "empty list: %s takes %s", subject, noun);
        return;
    }
    for (int i = 0; i < v->nkids; i++) {
        const ast_node *k = v->kids[i];
        int ok;
        if (param_is_opt(k) && p->type != ARG_VALUES && !c->in_option) {
            check_form(c, k, "@value", 0);
            continue;
        }
        switch ((arg_type)p->type) {
        case ARG_WORDS: check_word(c, s, p, k); continue;
        case ARG_VALUES: ok = k->kind == AST_INT || k->kind == AST_NAME; break;
        default: ok = k->kind == AST_NAME || k->kind == AST_INT; break;
        }
        if (!ok) {
            char got[128];
            ast_describe(k, got, sizeof got);
            error_at(c, k, k->loc, "a list in `%s` holds names or integers; got %s", s->name, got);
        }
    }
}

static void report_mismatch(checker *c, const ludeme_spec *s, const param_spec *p, const ast_node *v)
{
    if (p->type == ARG_WORD || p->type == ARG_WORDS) {
        check_word(c, s, p, v);
        return;
    }
    char noun[256], got[128], subject[96];
    param_noun(p, noun, sizeof noun);
    param_subject(s, p, subject, sizeof subject);
    ast_describe(v, got, sizeof got);
    /* a misspelt region form: the nearest of the region forms, not of all */
    const char *best = p->type == ARG_REGION && v->kind == AST_FORM && !catalogue_find_any(v->text)
                           ? catalogue_suggest_head(v->text, "@region") : NULL;
    error_at(c, v, v->loc, "%s takes %s; got %s%s%s%s", subject, noun, got, best ? "; did you mean `(" : "",
             best ? best : "", best ? " ...)`?" : "");
}

/* `if:` and `unless:`: any clause may be switched by a boolean option. */
static int is_switch(const ast_node *kid)
{
    return kid->kind == AST_NAMED && (strcmp(kid->text, "if") == 0 || strcmp(kid->text, "unless") == 0);
}

/* 1 when the form carries `if:` or `unless:`. */
static int is_switched(const ast_node *form)
{
    for (int i = 0; i < form->nkids; i++)
        if (is_switch(form->kids[i])) return 1;
    return 0;
}

/* Named argument NAME:VALUE. Returns the argument suggested for a misspelt
 * name, so that it is not reported missing as well. CLAUSE: the form is a
 * clause, which `if:` and `unless:` may switch. */
static const char *check_named(checker *c, const ludeme_spec *s, const ast_node *kid, const ast_node **seen,
                               int clause)
{
    const param_spec *match = NULL;
    const char *names[CAT_MAX_PARAMS + 2];
    int n = 0;
    for (int i = 0; s->params[i].name; i++) {
        if (s->params[i].style != STYLE_NAMED) continue;
        names[n++] = s->params[i].name;
        if (strcmp(s->params[i].name, kid->text) == 0) {
            match = &s->params[i];
            if (seen[i]) {
                int line, col;
                source_line_col(src_of(c, seen[i]), seen[i]->loc.begin, &line, &col);
                diag_at(c->diags, src_of(c, kid), kid->head_loc, DIAG_ERROR,
                        "`%s:` given twice in `%s` (first at line %d)", kid->text, s->name, line);
                return NULL;
            }
            seen[i] = kid;
        }
    }
    if (!match && clause && is_switch(kid)) {
        if (kid->value->kind != AST_NAME) {
            char got[128];
            ast_describe(kid->value, got, sizeof got);
            error_at(c, kid->value, kid->value->loc, "`%s:` takes the name of a boolean option; got %s", kid->text,
                     got);
        }
        return NULL;
    }
    int own = n;
    if (clause) {
        names[n++] = "if";
        names[n++] = "unless";
    }
    if (!match) {
        const char *best = diag_nearest(kid->text, names, n);
        char hint[96] = "";
        if (best) snprintf(hint, sizeof hint, "; did you mean `%s:`?", best);
        else if (own == 0) snprintf(hint, sizeof hint, " (it takes no named arguments)");
        diag_at(c->diags, src_of(c, kid), kid->head_loc, DIAG_ERROR, "`%s` has no argument `%s:`%s",
                s->name, kid->text, hint);
        return best;
    }
    if (!param_value_fits(match, kid->value)) report_mismatch(c, s, match, kid->value);
    else check_value(c, s, match, kid->value);
    return NULL;
}

/* Reports an unknown or misplaced form; returns the name suggested, if any. */
static const char *report_unknown_form(checker *c, const ast_node *form, const char *parent)
{
    const ludeme_spec *any = catalogue_find_any(form->text);
    if (any && parent[0] != '@') {
        char where[128];
        if (any->parents[0] == '@')
            snprintf(where, sizeof where, "it stands where %s is expected",
                     strcmp(any->parents, "@value") == 0 ? "a value" : "a region");
        else if (any->parents[0])
        {
            /* "(game ...)", or "(game ...)` or `(variant ...)" for several parents */
            char parents[128];
            snprintf(parents, sizeof parents, "%s", any->parents);
            int len = snprintf(where, sizeof where, "it belongs in ");
            int k = 0;
            for (char *w = strtok(parents, " "); w && len < (int)sizeof where; w = strtok(NULL, " "), k++)
                len += snprintf(where + len, sizeof where - (size_t)len, "%s`(%s ...)`", k ? " or " : "", w);
        }
        else
            snprintf(where, sizeof where, "it belongs at the top level");
        diag_at(c->diags, src_of(c, form), form->head_loc, DIAG_ERROR, "`%s` cannot appear %s%s%s; %s",
                form->text, parent[0] ? "in `" : "at the top level", parent[0] ? parent : "",
                parent[0] ? "`" : "", where);
        return NULL;
    }
    const char *best = catalogue_suggest_head(form->text, parent);
    if (best) {
        diag_at(c->diags, src_of(c, form), form->head_loc, DIAG_ERROR, "unknown ludeme `%s`; did you mean `%s`?",
                form->text, best);
        return best;
    }
    /* Nothing near is allowed here: say what is. */
    char allowed[1024];
    int n = catalogue_clauses_in(parent, allowed, sizeof allowed);
    const char *where = parent[0] == '\0'                 ? "at the top level"
                        : strcmp(parent, "@region") == 0 ? "as a region"
                        : strcmp(parent, "@value") == 0  ? "as a value"
                                                         : NULL;
    if (n == 0)
        diag_at(c->diags, src_of(c, form), form->head_loc, DIAG_ERROR, "unknown ludeme `%s`; `%s` holds no forms",
                form->text, parent);
    else
        diag_at(c->diags, src_of(c, form), form->head_loc, DIAG_ERROR, "unknown ludeme `%s`; allowed %s%s%s: %s",
                form->text, where ? where : "in `", where ? "" : parent, where ? "" : "`", allowed);
    return NULL;
}

/* 1 when KID is a value form (`(opt x)`, `(rows 1)`) of a kind S takes as a
 * positional argument: one more of them is an extra argument, not a misplaced
 * ludeme. */
static int takes_value_form(const ludeme_spec *s, const ast_node *kid)
{
    const ludeme_spec *v = catalogue_find_any(kid->text);
    if (!v || v->parents[0] != '@') return 0;
    for (int i = 0; s->params[i].name; i++)
        if (s->params[i].style == STYLE_POSITIONAL && param_value_fits(&s->params[i], kid)) return 1;
    return 0;
}

/* The repeatable positional parameter that KID would extend if it were not
 * already full (`(pieces a b ... i)`), or NULL. */
static const param_spec *full_list_param(const ludeme_spec *s, const int *count, const ast_node *kid)
{
    for (int i = 0; s->params[i].name; i++) {
        const param_spec *p = &s->params[i];
        if (p->style == STYLE_POSITIONAL && p->max > 1 && count[i] >= p->max && param_value_fits(p, kid)) return p;
    }
    return NULL;
}

/* FORM inside a form with head PARENT. CLAUSE: it is one of its parent's
 * sub-forms (a clause, which `if:`/`unless:` may switch), not a value. */
static void check_form(checker *c, const ast_node *form, const char *parent, int clause)
{
    const ludeme_spec *s = catalogue_find(form->text, parent);
    if (!s) {
        report_unknown_form(c, form, parent);
        return;
    }
    int was_in_option = c->in_option;
    c->in_option = strcmp(s->name, "option") == 0;
    if (c->in_option || strcmp(s->name, "extends") == 0) clause = 0; /* not switchable */
    const char *suggested[8]; /* names offered for misspelt sub-forms: not "missing" again */
    int nsuggested = 0;
    const ast_node *seen[CAT_MAX_PARAMS] = { 0 };
    int count[CAT_MAX_PARAMS] = { 0 };
    int pi = 0; /* the positional parameter being filled */
    for (int k = 0; k < form->nkids; k++) {
        const ast_node *kid = form->kids[k];
        int fi;
        if (kid->kind == AST_NAMED) {
            const char *best = check_named(c, s, kid, seen, clause);
            if (best && nsuggested < 8) suggested[nsuggested++] = best;
            continue;
        }
        if (kid->kind == AST_FORM && param_form_of(s, kid->text, &fi)) {
            const param_spec *p = &s->params[fi];
            /* Clauses switched by an option are alternatives: only those
             * always present count against the most a form may hold. */
            int switched = is_switched(kid);
            if (p->max == 1 && seen[fi] && !switched) {
                int line, col;
                source_line_col(src_of(c, seen[fi]), seen[fi]->loc.begin, &line, &col);
                diag_at(c->diags, src_of(c, kid), kid->head_loc, DIAG_ERROR,
                        "duplicate `(%s ...)` in `%s`; the first is at line %d", kid->text, s->name, line);
                continue;
            }
            if (!switched && ++count[fi] > p->max && count[fi] == p->max + 1)
                error_at(c, kid, kid->head_loc, "too many `%s` forms in `%s`: at most %d (docs/limits.md)", kid->text,
                         s->name, p->max);
            if (switched && count[fi] < p->min) count[fi]++;
            if (!switched) seen[fi] = kid;
            check_form(c, kid, s->name, 1);
            continue;
        }
        if (kid->kind == AST_NAME) {
            int flag = -1;
            for (int i = 0; s->params[i].name; i++)
                if (s->params[i].style == STYLE_FLAG && strcmp(s->params[i].name, kid->text) == 0) flag = i;
            if (flag >= 0) {
                if (seen[flag])
                    diag_at(c->diags, src_of(c, kid), kid->loc, DIAG_WARNING, "`%s` given twice in `%s`",
                            kid->text, s->name);
                seen[flag] = kid;
                continue;
            }
        }
        /* A positional argument: the current parameter takes it if it fits,
         * else the next parameter that may still be skipped. */
        int placed = 0;
        while (s->params[pi].name) {
            const param_spec *p = &s->params[pi];
            if (p->style != STYLE_POSITIONAL) { pi++; continue; }
            if (count[pi] < p->max && param_value_fits(p, kid)) {
                count[pi]++;
                check_value(c, s, p, kid);
                placed = 1;
                break;
            }
            if (count[pi] >= p->min) { pi++; continue; }
            report_mismatch(c, s, p, kid);
            count[pi]++;
            placed = 1;
            break;
        }
        if (!placed) {
            char got[128];
            ast_describe(kid, got, sizeof got);
            const renamed_form *old = kid->kind == AST_NAME ? renamed_word(s->name, kid->text) : NULL;
            if (old)
                error_at(c, kid, kid->loc,
                         "`%s` is an old spelling: write `%s` (%s); `tabula fmt --upgrade` rewrites old spellings",
                         kid->text, old->now, old->meaning);
            else if (kid->kind == AST_FORM && !takes_value_form(s, kid)) {
                const char *best = report_unknown_form(c, kid, s->name);
                if (best && nsuggested < 8) suggested[nsuggested++] = best;
            }
            else if (form->partial)
                ; /* the parser dropped or split something here: the count means nothing */
            else if (full_list_param(s, count, kid))
                error_at(c, kid, kid->loc, "too many arguments in `%s`: it takes at most %d %s (docs/limits.md)", s->name,
                         full_list_param(s, count, kid)->max, full_list_param(s, count, kid)->name);
            else
                error_at(c, kid, kid->loc, "unexpected argument in `%s`: %s (no more arguments are expected here)",
                         s->name, got);
        }
    }
    c->in_option = was_in_option;
    /* What is missing, reported at the closing bracket. A form the parser
     * had to repair may have lost arguments that were written: say nothing. */
    if (form->partial || form == c->no_missing) return;
    for (int i = 0; s->params[i].name; i++) {
        const param_spec *p = &s->params[i];
        span at = span_make(form->loc.end ? form->loc.end - 1 : 0, form->loc.end);
        if (p->style == STYLE_POSITIONAL && count[i] < p->min) {
            const renamed_form *old = renamed_missing(s->name, p->name);
            if (old)
                error_at(c, form, at, "`%s` needs its `%s` argument: %s; old files left it out and meant `%s` (%s): "
                         "`tabula fmt --upgrade` writes it in", s->name, p->name, p->doc, old->now, old->meaning);
            else
                error_at(c, form, at, "`%s` needs its `%s` argument: %s", s->name, p->name, p->doc);
        } else if (p->style == STYLE_NAMED && p->min && !seen[i]) {
            int misspelt = 0;
            for (int k = 0; k < nsuggested; k++) misspelt |= strcmp(suggested[k], p->name) == 0;
            if (misspelt) continue;
            error_at(c, form, at, "`%s` needs `%s:` (%s)", s->name, p->name, p->doc);
        } else if (p->style == STYLE_FORM && count[i] < p->min) {
            int misspelt = 0;
            for (int k = 0; k < nsuggested; k++) misspelt |= catalogue_word_in(suggested[k], p->words);
            if (misspelt) continue;
            if (p->min > 1)
                error_at(c, form, at, "`%s` needs %d `(%s ...)` forms; got %d", s->name, p->min, p->words, count[i]);
            else if (p->max == 1 || !strchr(p->words, ' '))
                error_at(c, form, at, "`%s` needs a `(%s ...)` form", s->name, p->words);
            else
                error_at(c, form, at, "`%s` needs at least one of: %s", s->name, p->words);
        }
    }
}

/* The first top-level form after GAME that belongs inside `(game ...)`: a
 * sign that one `)` too many closed the game early. */
static const ast_node *first_orphan_section(const ast_node *root, int after)
{
    for (int i = after + 1; i < root->nkids; i++) {
        const ast_node *k = root->kids[i];
        if (k->kind == AST_FORM && strcmp(k->text, "game") != 0 && strcmp(k->text, "variant") != 0 && catalogue_find(k->text, "game")) return k;
    }
    return NULL;
}

/* `(game ...)`, or `(variant ...)` which stands for one. */
static int is_top_form(const ast_node *item)
{
    return strcmp(item->text, "game") == 0 || strcmp(item->text, "variant") == 0;
}

const ast_node *check_tree(const ast_node *root, const src_file *src, diag_sink *diags)
{
    checker c = { src, diags, NULL, 0, NULL, NULL };
    const ast_node *game = NULL, *orphan = NULL; /* root->partial: the parser has explained the nesting */
    int saw_anything = 0;
    for (int i = 0; i < root->nkids; i++) {
        const ast_node *item = root->kids[i];
        saw_anything = 1;
        if (item->kind != AST_FORM) {
            char got[128];
            ast_describe(item, got, sizeof got);
            diag_at(diags, src, item->loc, DIAG_ERROR,
                    "expected a form like `(game \"Name\" ...)` at the top level; got %s", got);
            continue;
        }
        if (is_top_form(item) && game) {
            int line, col;
            source_line_col(src, game->loc.begin, &line, &col);
            diag_at(diags, src, item->head_loc, DIAG_ERROR,
                    "a second `(game ...)`; a rule file holds one game (the first is at line %d)", line);
            continue;
        }
        if (game && item == orphan && !root->partial) {
            /* Sections after the game: report the early `)` once, and check
             * them as the parts of the game they were meant to be. */
            uint32_t close = game->loc.end - 1;
            int line, col;
            source_line_col(src, close, &line, &col);
            diag_at(diags, src, item->head_loc, DIAG_ERROR,
                    "`%s` cannot appear at the top level; it belongs in `(game ...)`, which the `)` at line %d, "
                    "column %d closed",
                    item->text, line, col);
            diag_at(diags, src, span_make(close, close + 1), DIAG_NOTE,
                    "`(game ...)` closed here: one `)` too many?");
        }
        if (game && orphan && catalogue_find(item->text, "game")) {
            check_form(&c, item, "game", 1);
            continue;
        }
        if (is_top_form(item)) {
            orphan = first_orphan_section(root, i);
            if (orphan) c.no_missing = item;
        }
        check_form(&c, item, "", 0);
        if (is_top_form(item)) game = item;
    }
    if (!game && diags->errors == 0) {
        uint32_t end = (uint32_t)src->len;
        diag_at(diags, src, span_make(end, end), DIAG_ERROR, "%s",
                saw_anything ? "no `(game \"Name\" ...)` form in the file"
                             : "empty rule file: expected `(game \"Name\" ...)`");
    }
    return game;
}

void check_clause(const ast_node *form, const char *parent, const src_file *src, diag_sink *diags)
{
    checker c = { src, diags, NULL, 0, NULL, NULL };
    if (strcmp(parent, "@region") == 0 || strcmp(parent, "@value") == 0) check_form(&c, form, parent, 0);
    else check_form(&c, form, parent, parent[0] != '\0');
}

void check_game(const ast_node *game, const src_file *src, diag_sink *diags)
{
    checker c = { src, diags, NULL, 0, NULL, NULL };
    check_form(&c, game, "", 0);
}
