/* scenario.c - the scenario runner behind `tabula test`. */
#include "scenario.h"

#include <stdarg.h>

#include <stdlib.h>
#include <string.h>

#include "analysis/why.h"
#include "engine/engine.h"
#include "engine/turns.h"
#include "compile/load.h"
#include "notation.h"
#include "position.h"
#include "yaml_doc.h"

#define SCENARIO_MAX_OPTIONS 16
#define SCENARIO_PASS "pass" /* in `play`: the lost turn of a player who cannot play their dice */

typedef struct runner {
    const yaml_doc *doc;
    diag_sink *diags;
    const ruleset *rs;
    FILE *out;
    int verbose;
    move_list moves;    /* the legal moves of the position under test */
    int case_failed;    /* the current case has failed an expectation */
    const char *case_name;
    char case_number[32];  /* the name of a case without one ("case 3"); case_name may point here */
} runner;

/* Reports one failed expectation of the current case at ITEM. */
static void fail(runner *r, const yaml_item *item, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(runner *r, const yaml_item *item, const char *fmt, ...)
{
    char msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    r->case_failed = 1;
    yaml_error(r->diags, r->doc, item, "case \"%s\": %s", r->case_name, msg);
}

/* When the moves of the position could not be listed: the case fails at
 * ITEM with the reason (never a test run on part of the moves), and the
 * list is ready for the next case. */
static int moves_failed(runner *r, const yaml_item *item)
{
    if (!r->moves.error) return 0;
    fail(r, item, "%s", moves_error_text(r->moves.error));
    r->moves.error = MOVES_OK;
    return 1;
}

/* Appends the notation of the legal moves to BUF as "[a, b, c]". */
static void list_moves(const runner *r, int n, char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "[");
    for (int i = 0; i < n && len + 2 < size; i++) {
        char m[160];
        move_notation(r->rs, &r->moves.m[i], m, sizeof m);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", m);
    }
    if (len + 2 < size) snprintf(buf + len, size - len, "]");
}

static int scalar_list(runner *r, const yaml_item *v, const char *what)
{
    if (v->kind == YAML_SEQ) {
        for (int i = 0; i < v->n; i++)
            if (v->items[i]->kind != YAML_SCALAR) {
                yaml_error(r->diags, r->doc, v->items[i], "`%s` lists moves in notation", what);
                return 0;
            }
        return 1;
    }
    yaml_error(r->diags, r->doc, v, "`%s` is a list, like [c3-d4, e3-f4]", what);
    return 0;
}

static void expect_moves(runner *r, const yaml_item *v, int n, int exact)
{
    if (!scalar_list(r, v, exact ? "moves" : "includes")) { r->case_failed = 1; return; }
    char missing[2048] = "", extra[2048] = "";
    /* each expected item's legal move, found once: a long list stays linear in its length
     * (a position of more moves than the table holds is checked move by move) */
    enum { LISTED_MAX = 8192 };
    unsigned char listed[LISTED_MAX];
    memset(listed, 0, sizeof listed);
    for (int i = 0; i < v->n; i++) {
        int k = engine_find_move(r->rs, r->moves.m, n, v->items[i]->text);
        if (k >= 0) {
            if (k < LISTED_MAX) listed[k] = 1;
            continue;
        }
        strncat(missing, missing[0] ? ", " : "", sizeof missing - strlen(missing) - 1);
        strncat(missing, v->items[i]->text, sizeof missing - strlen(missing) - 1);
    }
    for (int k = 0; exact && k < n; k++) {
        int found = k < LISTED_MAX && listed[k];
        for (int i = 0; i < v->n && !found && k >= LISTED_MAX; i++)
            found = engine_find_move(r->rs, r->moves.m, n, v->items[i]->text) == k;
        if (found) continue; /* by its notation, or a chain by its two ends */
        char m[160];
        move_notation(r->rs, &r->moves.m[k], m, sizeof m);
        strncat(extra, extra[0] ? ", " : "", sizeof extra - strlen(extra) - 1);
        strncat(extra, m, sizeof extra - strlen(extra) - 1);
    }
    if (missing[0] || extra[0]) {
        char actual[4096];
        list_moves(r, n, actual, sizeof actual);
        fail(r, v, "legal moves differ%s%s%s%s\n  actual legal moves: %s", missing[0] ? "\n  expected but not legal: " : "",
             missing, extra[0] ? "\n  legal but not expected: " : "", extra, actual);
    }
}

static void expect_excludes(runner *r, const yaml_item *v, int n)
{
    if (!scalar_list(r, v, "excludes")) { r->case_failed = 1; return; }
    for (int i = 0; i < v->n; i++) { /* as written: a short form that one legal move fits is not that move */
        int k = engine_find_move(r->rs, r->moves.m, n, v->items[i]->text);
        char m[256];
        if (k >= 0) move_notation(r->rs, &r->moves.m[k], m, sizeof m);
        if (k >= 0 && (strcmp(m, v->items[i]->text) == 0 || move_find_by_ends(r->rs, r->moves.m, n, v->items[i]->text) >= 0))
            fail(r, v->items[i], "`%s` is legal but was expected not to be", v->items[i]->text);
    }
}

/* refused-by: {MOVE: WHAT}: `tabula why` says WHAT of MOVE (the word of
 * docs/scenarios.md: capture, max-capture, ..., or legal). */
static void expect_refused_by(runner *r, const yaml_item *v, const state *st, int n)
{
    if (v->kind != YAML_MAP) {
        yaml_error(r->diags, r->doc, v, "`refused-by` maps moves to what refuses them, like {21-25: capture}");
        r->case_failed = 1;
        return;
    }
    for (int i = 0; i < v->n; i++) {
        if (v->items[i]->kind != YAML_SCALAR) {
            yaml_error(r->diags, r->doc, v->items[i], "`refused-by` names what refuses a move in one word, like capture");
            r->case_failed = 1;
            continue;
        }
        why_answer a;
        /* why_explain leaves the rules as they were (notation_match sets a
         * switch for a moment and puts it back). */
        if (!why_explain((ruleset *)r->rs, st, r->moves.m, n, v->keys[i]->text, &a)) {
            fail(r, v->keys[i], "out of memory explaining `%s`", v->keys[i]->text);
            continue;
        }
        if (strcmp(a.by, v->items[i]->text) != 0) {
            char line[4096];
            why_line(r->rs, &a, line, sizeof line);
            fail(r, v->items[i], "`%s`: expected refused-by %s, got %s: %s", v->keys[i]->text, v->items[i]->text, a.by,
                 line);
        }
    }
}

/* pieces: {cell: "1 man"} must hold exactly that. */
static void expect_pieces(runner *r, const yaml_item *v, const state *st)
{
    if (v->kind != YAML_MAP) {
        yaml_error(r->diags, r->doc, v, "`pieces` maps cells to pieces, like {c5: 2 king}");
        r->case_failed = 1;
        return;
    }
    /* Parse the expectation as a position, then compare the named cells. */
    for (int i = 0; i < v->n; i++) {
        int cell = ruleset_cell_named(r->rs, v->keys[i]->text);
        if (cell < 0) {
            char why[640];
            ruleset_no_cell_text(r->rs, v->keys[i]->text, why, sizeof why);
            yaml_error(r->diags, r->doc, v->keys[i], "%s", why);
            r->case_failed = 1;
            continue;
        }
        char owner[8], type[64], count[16] = "1";
        if (v->items[i]->kind != YAML_SCALAR ||
            sscanf(v->items[i]->text, "%7s %63s %15s", owner, type, count) < 2) {
            yaml_error(r->diags, r->doc, v->items[i], "a piece is written \"OWNER PIECE [COUNT]\"");
            r->case_failed = 1;
            continue;
        }
        int t = ruleset_piece(r->rs, type);
        if (t < 0 || owner[0] < '1' || owner[0] > '0' + r->rs->nplayers || owner[1]) {
            yaml_error(r->diags, r->doc, v->items[i], "unknown owner or piece type in \"%s\"", v->items[i]->text);
            r->case_failed = 1;
            continue;
        }
        uint8_t code = st->cell[cell];
        int want_count = atoi(count);
        if (code != piece_code(owner[0] - '0', t) || st->height[cell] != want_count) {
            char got[96];
            if (!code) snprintf(got, sizeof got, "empty");
            else if (st->height[cell] > 1)
                snprintf(got, sizeof got, "%d %s %d", piece_owner(code), r->rs->piece_name[piece_type(code)], st->height[cell]);
            else snprintf(got, sizeof got, "%d %s", piece_owner(code), r->rs->piece_name[piece_type(code)]);
            fail(r, v->keys[i], "%s: expected %s, got %s", v->keys[i]->text, v->items[i]->text, got);
        }
    }
}

static void expect_empty(runner *r, const yaml_item *v, const state *st)
{
    if (v->kind != YAML_SEQ) {
        yaml_error(r->diags, r->doc, v, "`empty` is a list of cells");
        r->case_failed = 1;
        return;
    }
    for (int i = 0; i < v->n; i++) {
        const yaml_item *c = v->items[i];
        int cell = c->kind == YAML_SCALAR ? ruleset_cell_named(r->rs, c->text) : -1;
        if (cell < 0) {
            char why[640];
            ruleset_no_cell_text(r->rs, c->kind == YAML_SCALAR ? c->text : "?", why, sizeof why);
            yaml_error(r->diags, r->doc, c, "%s", why);
            r->case_failed = 1;
        } else if (st->cell[cell]) {
            fail(r, c, "%s: expected empty, got %d %s", c->text, piece_owner(st->cell[cell]),
                 r->rs->piece_name[piece_type(st->cell[cell])]);
        }
    }
}

static int cmp_u8(const void *a, const void *b)
{
    return *(const uint8_t *)a - *(const uint8_t *)b;
}

/* The state fields beyond the board: compared through a parsed position. */
static void expect_state_fields(runner *r, const yaml_item *expect, const state *st)
{
    static const char *const fields[] = { "dice", "removed", "collected", "bar", "off", "arrived", "pinned", "left-start",
                                          "hand" };
    enum { NFIELDS = sizeof fields / sizeof fields[0] };
    yaml_item fake = { .kind = YAML_MAP, .loc = expect->loc };
    yaml_item *keys[NFIELDS], *items[NFIELDS];
    for (size_t f = 0; f < NFIELDS; f++) {
        yaml_item *v = yaml_get(expect, fields[f]);
        if (!v) continue;
        keys[fake.n] = expect->keys[0]; /* replaced below */
        for (int i = 0; i < expect->n; i++)
            if (strcmp(expect->keys[i]->text, fields[f]) == 0) keys[fake.n] = expect->keys[i];
        items[fake.n++] = v;
    }
    if (!fake.n) return;
    fake.keys = keys;
    fake.items = items;
    state want;
    if (!position_fields_from_yaml(r->rs, r->doc, &fake, r->diags, &want)) {
        r->case_failed = 1;
        return;
    }
    const yaml_item *v;
    if ((v = yaml_get(expect, "dice"))) {
        uint8_t a[6], b[6];
        memcpy(a, want.h.dice, 6);
        memcpy(b, st->h.dice, 6);
        qsort(a, want.h.ndice, 1, cmp_u8);
        qsort(b, st->h.ndice, 1, cmp_u8);
        if (want.h.ndice != st->h.ndice || memcmp(a, b, want.h.ndice) != 0) {
            char got[64] = "[";
            for (int i = 0; i < st->h.ndice; i++)
                snprintf(got + strlen(got), sizeof got - strlen(got), "%s%d", i ? ", " : "", st->h.dice[i]);
            strncat(got, "]", sizeof got - strlen(got) - 1);
            fail(r, v, "dice still to play: got %s", got);
        }
    }
    if ((v = yaml_get(expect, "removed")) && want.h.removed_groups != st->h.removed_groups) {
        char got[512] = "[";
        for (int t = 0; t < r->rs->ntiles; t++)
            if (st->h.removed_groups >> t & 1)
                snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", got[1] ? ", " : "", r->rs->tile_name[t]);
        strncat(got, "]", sizeof got - strlen(got) - 1);
        fail(r, v, "removed tiles: got %s", got);
    }
    if ((v = yaml_get(expect, "pinned")) && want.h.flagged != st->h.flagged) {
        char got[512] = "[";
        for (int c = 0; c < 64 && c < r->rs->ncells; c++)
            if (st->h.flagged >> c & 1)
                snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", got[1] ? ", " : "", r->rs->cell_name[c]);
        strncat(got, "]", sizeof got - strlen(got) - 1);
        fail(r, v, "points with a pinned piece: got %s", got);
    }
    if ((v = yaml_get(expect, "hand")))
        for (int p = 0; p < 2; p++)
            for (int t = 0; t < r->rs->npiece_types; t++)
                if (r->rs->hand_counted[p][t] && want.h.hand[p][t] != st->h.hand[p][t])
                    fail(r, v, "player %d's supply of `%s`: expected %d, got %d", p + 1, r->rs->piece_name[t],
                         want.h.hand[p][t], st->h.hand[p][t]);
    if ((v = yaml_get(expect, "left-start")) && want.h.turn_count != st->h.turn_count)
        fail(r, v, "left-start: expected %d, got %d", want.h.turn_count, st->h.turn_count);
    /* per player: a place's count, or a rule's counter (slot; TB_NO_COUNTER reads 0) */
    struct { const char *name; const uint8_t *want, *got; int slot; } pairs[] = {
        { "collected", NULL, NULL, r->rs->tiles.held_counter }, { "bar", want.h.bar, st->h.bar, 0 },
        { "off", want.h.off, st->h.off, 0 }, { "arrived", NULL, NULL, r->rs->track.arrival_counter },
    };
    for (size_t k = 0; k < 4; k++) {
        if (!(v = yaml_get(expect, pairs[k].name))) continue;
        for (int i = 0; i < v->n; i++) {
            int p = atoi(v->keys[i]->text);
            if (p < 1 || p > r->rs->nplayers) continue;
            int wanted = pairs[k].want ? pairs[k].want[p - 1] : state_counter(&want.h, pairs[k].slot, p);
            int got = pairs[k].got ? pairs[k].got[p - 1] : state_counter(&st->h, pairs[k].slot, p);
            if (wanted != got)
                fail(r, v->items[i], "%s of player %d: expected %d, got %d", pairs[k].name, p, wanted, got);
        }
    }
}

static const char *const case_keys[] = { "name", "position", "play", "expect" };
static const char *const expect_keys[] = { "moves", "includes", "excludes", "count", "turns", "result", "pieces", "empty",
                                           "to-move", "dice", "removed", "collected", "bar", "off", "arrived",
                                           "pinned", "left-start", "hand", "refused-by" };

/* turns: the number of distinct whole turns (tabula moves --turns). */
static void count_turn(void *ctx, const move *seq, int n)
{
    (void)seq;
    (void)n;
    (*(long *)ctx)++;
}

static int check_keys(runner *r, const yaml_item *map, const char *const *keys, size_t n, const char *what)
{
    int ok = 1;
    for (int i = 0; i < map->n; i++) {
        int known = 0;
        for (size_t k = 0; k < n; k++) known |= strcmp(map->keys[i]->text, keys[k]) == 0;
        if (!known) {
            char list[256] = "";
            for (size_t k = 0; k < n; k++) {
                if (k) strncat(list, ", ", sizeof list - strlen(list) - 1);
                strncat(list, keys[k], sizeof list - strlen(list) - 1);
            }
            yaml_error(r->diags, r->doc, map->keys[i], "unknown key `%s` in %s (expected one of: %s)",
                       map->keys[i]->text, what, list);
            ok = 0;
        }
    }
    return ok;
}

static void run_case(runner *r, const yaml_item *c, int index, scenario_totals *t)
{
    snprintf(r->case_number, sizeof r->case_number, "case %d", index + 1);
    const yaml_item *name = yaml_get(c, "name");
    r->case_name = name && name->kind == YAML_SCALAR ? name->text : r->case_number;
    r->case_failed = 0;
    int errors = r->diags->errors;
    if (c->kind != YAML_MAP) {
        yaml_error(r->diags, r->doc, c, "a case is a mapping with name, position, play and expect");
        t->failed++;
        return;
    }
    check_keys(r, c, case_keys, 4, "a case");
    if (!name || name->kind != YAML_SCALAR || !name->text[0])
        yaml_error(r->diags, r->doc, name ? name : c, "a case has a `name`, a line saying what it checks");
    state st;
    const yaml_item *pos = yaml_get(c, "position");
    if (pos) position_from_yaml(r->rs, r->doc, pos, r->diags, &st);
    else state_start(r->rs, &st);
    engine_seed(r->rs, &st, SCENARIO_SEED); /* dice the position does not fix */
    const yaml_item *play = yaml_get(c, "play");
    if (play && r->diags->errors == errors && scalar_list(r, play, "play")) {
        for (int i = 0; i < play->n && !r->case_failed; i++) {
            if (r->rs->dice_count && strcmp(play->items[i]->text, SCENARIO_PASS) == 0) {
                /* The pass of a player whose dice cannot be played, written
                 * as records write it: the turn goes to the other player. */
                int pass, n = engine_moves_here(r->rs, &st, &r->moves, &pass);
                if (moves_failed(r, play->items[i])) break;
                if (pass) {
                    engine_settle(r->rs, &st, 0);
                    continue;
                }
                char legal[4096], result[32];
                list_moves(r, n, legal, sizeof legal);
                engine_result_text(&st, result, sizeof result);
                if (n == 0) fail(r, play->items[i], "cannot pass: the game is over (%s)", result);
                else fail(r, play->items[i], "`pass`, but player %d can move; legal moves: %s", st.h.to_move, legal);
                break;
            }
            int n = engine_moves(r->rs, &st, &r->moves);
            if (moves_failed(r, play->items[i])) break;
            int k = engine_find_move(r->rs, r->moves.m, n, play->items[i]->text);
            if (k < 0) {
                char legal[4096], result[32], numbers[256];
                list_moves(r, n, legal, sizeof legal);
                engine_result_text(&st, result, sizeof result);
                if (n == 0) fail(r, play->items[i], "cannot play `%s`: the game is over (%s)", play->items[i]->text, result);
                else if (notation_in_numbers(r->rs, play->items[i]->text, numbers, sizeof numbers))
                    fail(r, play->items[i], "`%s` is not a legal move here (this board is numbered: in its numbers "
                         "`%s` is `%s`); legal moves: %s", play->items[i]->text, play->items[i]->text, numbers, legal);
                else fail(r, play->items[i], "`%s` is not a legal move here; legal moves: %s", play->items[i]->text, legal);
                break;
            }
            engine_apply(r->rs, &st, &r->moves.m[k], NULL);
        }
    }
    const yaml_item *expect = yaml_get(c, "expect");
    if (!expect && r->diags->errors == errors && !r->case_failed)
        yaml_error(r->diags, r->doc, c, "case \"%s\" has no `expect`: it would assert nothing", r->case_name);
    if (expect && r->diags->errors == errors && !r->case_failed) {
        if (expect->kind != YAML_MAP) {
            yaml_error(r->diags, r->doc, expect, "`expect` is a mapping, like {count: 7}");
        } else if (check_keys(r, expect, expect_keys, sizeof expect_keys / sizeof expect_keys[0], "`expect`")) {
            state before = st; /* the position as given: `turns` counts its player's turns */
            /* A position as given keeps a player who cannot play their
             * dice to move (the pass is no move: `count: 0`); after moves
             * were played, the game goes on to its next decision (the
             * rest of a turn that cannot be played is lost, and the next
             * player rolls). */
            int pass, n = play && play->kind == YAML_SEQ && play->n > 0 ? engine_moves(r->rs, &st, &r->moves)
                                                                       : engine_moves_here(r->rs, &st, &r->moves, &pass);
            int broken = moves_failed(r, expect);
            const yaml_item *v;
            long want;
            if (!broken && (v = yaml_get(expect, "moves"))) expect_moves(r, v, n, 1);
            if (!broken && (v = yaml_get(expect, "includes"))) expect_moves(r, v, n, 0);
            if (!broken && (v = yaml_get(expect, "excludes"))) expect_excludes(r, v, n);
            if (!broken && (v = yaml_get(expect, "refused-by"))) expect_refused_by(r, v, &st, n);
            if (!broken && (v = yaml_get(expect, "count")) && yaml_int(r->diags, r->doc, v, 0, TB_MAX_MOVES, &want) && want != n) {
                char actual[4096];
                list_moves(r, n, actual, sizeof actual);
                fail(r, v, "expected %ld legal moves, got %d: %s", want, n, actual);
            }
            if ((v = yaml_get(expect, "turns")) && yaml_int(r->diags, r->doc, v, 0, 1000000, &want)) {
                long got = 0, listed = turns_list(r->rs, &before, count_turn, &got);
                if (listed < 0) fail(r, v, "cannot list the turns: %s", moves_error_text((int)-listed));
                else if (got != want) fail(r, v, "expected %ld distinct legal turns, got %ld", want, got);
            }
            if ((v = yaml_get(expect, "result"))) {
                char got[32];
                engine_result_text(&st, got, sizeof got);
                if (v->kind != YAML_SCALAR || strcmp(v->text, got) != 0)
                    fail(r, v, "result: expected %s, got %s", v->kind == YAML_SCALAR ? v->text : "?", got);
            }
            if ((v = yaml_get(expect, "to-move")) && yaml_int(r->diags, r->doc, v, 1, r->rs->nplayers, &want) &&
                want != st.h.to_move)
                fail(r, v, "to-move: expected %ld, got %d", want, st.h.to_move);
            if ((v = yaml_get(expect, "pieces"))) expect_pieces(r, v, &st);
            if ((v = yaml_get(expect, "empty"))) expect_empty(r, v, &st);
            expect_state_fields(r, expect, &st);
        }
    }
    if (r->case_failed || r->diags->errors != errors) {
        t->failed++;
    } else {
        t->passed++;
        if (r->verbose) fprintf(r->out, "ok: %s\n", r->case_name);
    }
}

/* The rule file named by `ruleset:`: relative to the scenario file, or bundled. */
static void resolve_ruleset(const char *scenario_path, const char *value, char *buf, size_t size)
{
    if (value[0] == '/' || !(strchr(value, '/') || strstr(value, ".game"))) {
        snprintf(buf, size, "%s", value);
        return;
    }
    const char *slash = strrchr(scenario_path, '/');
    if (!slash) snprintf(buf, size, "%s", value);
    else snprintf(buf, size, "%.*s/%s", (int)(slash - scenario_path), scenario_path, value);
}

void scenario_run_file(const char *path, FILE *out, diag_sink *diags, int verbose, scenario_totals *totals)
{
    int io = 0;
    src_file *src = source_load(path, diags, &io);
    if (!src) {
        if (io) totals->io++;
        else totals->broken++;
        return;
    }
    scenario_run_source(src, out, diags, verbose, totals);
}

void scenario_run_source(src_file *src, FILE *out, diag_sink *diags, int verbose, scenario_totals *totals)
{
    yaml_doc *doc = yaml_doc_parse(src, diags);
    if (!doc) {
        if (diags->oom) totals->io++;
        else totals->broken++;
        return;
    }
    const char *path = doc->src->path;
    runner r = { doc, diags, NULL, out, verbose, MOVE_LIST_INIT, 0, NULL, "" };
    const yaml_item *root = doc->root;
    const yaml_item *rsv = yaml_get(root, "ruleset"), *cases = yaml_get(root, "cases");
    if (!root || root->kind != YAML_MAP || !rsv || rsv->kind != YAML_SCALAR || !cases || cases->kind != YAML_SEQ) {
        yaml_error(diags, doc, root, "a scenario file is a mapping with `ruleset:` (a rule file) and `cases:` (a list)");
        totals->broken++;
        yaml_doc_free(doc);
        return;
    }
    static const char *const top_keys[] = { "ruleset", "options", "cases" };
    if (!check_keys(&r, root, top_keys, 3, "a scenario file")) {
        totals->broken++;
        yaml_doc_free(doc);
        return;
    }
    option_setting settings[SCENARIO_MAX_OPTIONS];
    int nsettings = 0, errors = diags->errors;
    const yaml_item *opts = yaml_get(root, "options");
    if (opts && opts->kind == YAML_MAP) {
        for (int i = 0; i < opts->n; i++) {
            if (opts->items[i]->kind != YAML_SCALAR) {
                yaml_error(diags, doc, opts->items[i], "an option value is a number or a word");
                continue;
            }
            if (nsettings == SCENARIO_MAX_OPTIONS) {
                yaml_error(diags, doc, opts->keys[i], "more than %d options", SCENARIO_MAX_OPTIONS);
                break;
            }
            option_setting *s = &settings[nsettings++];
            s->name = opts->keys[i]->text;
            s->value = opts->items[i]->text;
            s->src = doc->src;
            s->loc = opts->items[i]->loc;
        }
    } else if (opts && !(opts->kind == YAML_SCALAR && opts->text[0] == '\0')) {
        yaml_error(diags, doc, opts, "`options` maps option names to values, like {width: 9}");
    }
    if (diags->errors != errors) { /* the cases would run under other rules than the file says */
        totals->broken++;
        yaml_doc_free(doc);
        return;
    }
    char rule_path[4096];
    resolve_ruleset(path, rsv->text, rule_path, sizeof rule_path);
    load_status st;
    ruleset *rs = load_ruleset(rule_path, settings, nsettings, diags, &st);
    if (!rs && st == LOAD_IO && diags->oom) {
        totals->io++;
        yaml_doc_free(doc);
        return;
    }
    if (!rs) {
        yaml_error(diags, doc, rsv, "cannot run the cases: the rule file `%s` did not load", rsv->text);
        totals->broken++;
        yaml_doc_free(doc);
        return;
    }
    r.rs = rs;
    if (!move_list_reserve(&r.moves, TB_MOVES_INITIAL)) {
        diag_oom(diags, path);
        totals->io++;
    } else {
        for (int i = 0; i < cases->n; i++) {
            int failed = totals->failed;
            run_case(&r, cases->items[i], i, totals);
            if (totals->on_case) {
                int line, col;
                source_line_col(doc->src, cases->items[i]->loc.begin, &line, &col);
                totals->on_case(totals->ctx, r.case_name, line, totals->failed == failed);
            }
        }
    }
    move_list_free(&r.moves);
    free(rs);
    yaml_doc_free(doc);
}
