/* merge.c - reading JSON results back and adding the shards of one run
 * together. Results of different runs never mix: another command, rule
 * file (by the digest of its bytes), options, seed, run size, shard count,
 * agents, depth or position is a located error in the file that differs. */
#include "run.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "io/json_read.h"
#include "io/number.h"
#include "parallel.h"

static const char *const kinds[] = { "playout", "match", "analyze", "perft" };
static const char *const clause_kinds[] = { "move rule", "promotion", "max-capture criterion", "end condition",
                                            "announcement", "clause" };
static const char *const unruled_keys[] = { "enter", "bear_off", "exchange", "other" };

/* The largest count read: 4096 shards of it still add up within 64 bits
 * (and no run comes near it: 10^9 games of 10^5 moves are 10^14). */
#define COUNT_MAX 1000000000000000LL

/* A result file being read: its text, its tree, and whether all went well. */
typedef struct reader {
    const src_file *src;
    diag_sink *diags;
    int ok;
} reader;

static void error_at(reader *r, const json_value *v, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void error_at(reader *r, const json_value *v, const char *fmt, ...)
{
    if (!r->ok) return;
    r->ok = 0;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_at(r->diags, r->src, v->loc, DIAG_ERROR, "%s", msg);
}

static const json_value *member(reader *r, const json_value *obj, const char *key, json_kind kind)
{
    static const char *const names[] = { "null", "true or false", "a number", "a string", "an array", "an object" };
    const json_value *v = json_get(obj, key);
    if (!v) {
        error_at(r, obj, "not a tabula result: no `%s` here", key);
        return NULL;
    }
    if (v->kind != kind) {
        error_at(r, v, "`%s` must be %s", key, names[kind]);
        return NULL;
    }
    return v;
}

/* A whole number from MIN to MAX (the message gives the range: a number too
 * large for 64 bits is out of it, not negative). */
static long long int_value(reader *r, const json_value *v, const char *what, long long min, long long max)
{
    if (!v) return 0;
    if (v->kind != JSON_NUMBER || !v->is_int || v->integer < min || v->integer > max) {
        error_at(r, v, "%s must be a whole number from %lld to %lld", what, min, max);
        return 0;
    }
    return v->integer;
}

static long long int_member(reader *r, const json_value *obj, const char *key, long long min, long long max)
{
    const json_value *v = member(r, obj, key, JSON_NUMBER);
    char what[64];
    snprintf(what, sizeof what, "`%s`", key);
    return v ? int_value(r, v, what, min, max) : 0;
}

/* `teams`: groups of player numbers, each player in exactly one group. */
static void read_teams(reader *r, const json_value *v, run_info *ri)
{
    if (!v) return;
    if (v->n < 2 || v->n > ri->players) {
        error_at(r, v, "`teams` must list 2 to %d groups of players", ri->players);
        return;
    }
    for (int t = 0; r->ok && t < v->n; t++) {
        const json_value *g = v->items[t];
        if (g->kind != JSON_ARRAY || g->n < 1) {
            error_at(r, g, "a team must be an array of player numbers");
            return;
        }
        for (int i = 0; r->ok && i < g->n; i++) {
            int p = (int)int_value(r, g->items[i], "a player number", 1, ri->players);
            if (!r->ok) return;
            if (ri->team[p - 1]) error_at(r, g->items[i], "player %d is in two teams", p);
            ri->team[p - 1] = (uint8_t)(t + 1);
        }
    }
    for (int p = 0; r->ok && p < ri->players; p++)
        if (!ri->team[p]) error_at(r, v, "player %d is in no team", p + 1);
}

/* A time in seconds: finite and not negative (1e999 reads as infinity). */
static double seconds_member(reader *r, const json_value *obj, const char *key)
{
    const json_value *v = member(r, obj, key, JSON_NUMBER);
    if (v && !(isfinite(v->number) && v->number >= 0)) {
        error_at(r, v, "`%s` must be a number of seconds that is not negative", key);
        return 0;
    }
    return v ? v->number : 0;
}

/* The seed: a whole number from 0 to 2^64-1, read from the file's own
 * digits (the JSON reader's integers stop at 2^63-1). */
static uint64_t seed_member(reader *r, const json_value *obj, const char *key)
{
    const json_value *v = member(r, obj, key, JSON_NUMBER);
    if (!v) return 0;
    char digits[32] = "";
    size_t len = v->loc.end - v->loc.begin;
    if (len < sizeof digits) {
        memcpy(digits, r->src->text + v->loc.begin, len);
        digits[len] = '\0';
    }
    uint64_t seed = 0;
    if (!number_whole(digits, 0, UINT64_MAX, &seed))
        error_at(r, v, "`%s` must be a whole number from 0 to %llu", key, (unsigned long long)UINT64_MAX);
    return seed;
}

static void string_member(reader *r, const json_value *obj, const char *key, char *buf, size_t size)
{
    const json_value *v = member(r, obj, key, JSON_STRING);
    buf[0] = '\0';
    if (!v) return;
    if (strlen(v->text) >= size) {
        error_at(r, v, "`%s` is too long", key);
        return;
    }
    snprintf(buf, size, "%s", v->text);
}

/* The N whole numbers of array KEY into OUT. */
static void ints_member(reader *r, const json_value *obj, const char *key, long long *out, int n)
{
    const json_value *v = member(r, obj, key, JSON_ARRAY);
    if (!v) return;
    if (v->n != n) {
        error_at(r, v, "`%s` must hold %d numbers", key, n);
        return;
    }
    for (int i = 0; i < n; i++) out[i] = int_value(r, v->items[i], "each item", 0, COUNT_MAX);
}

static void read_outcomes(reader *r, const json_value *o, playout_stats *s, int players)
{
    long long v[TB_MAX_PLAYERS] = { 0 };
    s->games = (long)int_member(r, o, "games", 0, COUNT_MAX);
    ints_member(r, o, "wins", v, players);
    for (int p = 0; p < players; p++) s->wins[p] = (long)v[p];
    ints_member(r, o, "double_wins", v, players);
    for (int p = 0; p < players; p++) s->double_wins[p] = (long)v[p];
    ints_member(r, o, "triple_wins", v, players);
    for (int p = 0; p < players; p++) s->triple_wins[p] = (long)v[p];
    s->draws = (long)int_member(r, o, "draws", 0, COUNT_MAX);
    s->unfinished = (long)int_member(r, o, "unfinished", 0, COUNT_MAX);
    s->moves = int_member(r, o, "moves", 0, COUNT_MAX);
}

static void read_match(reader *r, const json_value *o, match_result *m, int players)
{
    const json_value *agents = member(r, o, "agents", JSON_ARRAY);
    int bad = agents && agents->n != players;
    for (int s = 0; agents && !bad && s < players; s++)
        bad = agents->items[s]->kind != JSON_STRING || strlen(agents->items[s]->text) >= AGENT_SPEC_MAX;
    if (bad && players == 2) error_at(r, agents, "`agents` must be the two agents' specs");
    else if (bad) error_at(r, agents, "`agents` must be the %d agents' specs, one per player", players);
    else if (agents)
        for (int s = 0; s < players; s++) snprintf(m->agent[s], AGENT_SPEC_MAX, "%s", agents->items[s]->text);
    m->max_moves = (long)int_member(r, o, "max_moves", 1, PLAYOUT_MAX_PLIES);
    m->games = (long)int_member(r, o, "games", 0, COUNT_MAX);
    m->draws = (long)int_member(r, o, "draws", 0, COUNT_MAX);
    m->unfinished = (long)int_member(r, o, "unfinished", 0, COUNT_MAX);
    const json_value *cube = json_get(o, "cube"); /* games played with a doubling cube: the sides' points */
    if (cube && (cube->kind != JSON_BOOL || !cube->boolean)) error_at(r, cube, "`cube` is true, or left out");
    m->cube = cube != NULL;
    const json_value *sides = member(r, o, "sides", JSON_ARRAY);
    if (sides && sides->n != players && players == 2) error_at(r, sides, "`sides` must hold the two agents");
    else if (sides && sides->n != players) error_at(r, sides, "`sides` must hold the %d agents", players);
    for (int s = 0; r->ok && sides && s < players; s++) {
        const json_value *d = sides->items[s];
        if (d->kind != JSON_OBJECT) {
            error_at(r, d, "each side must be an object");
            break;
        }
        match_side *side = &m->side[s];
        long long v[3];
        ints_member(r, d, "wins_by_score", v, 3);
        for (int k = 0; k < 3; k++) side->wins[k] = (long)v[k];
        long long w[TB_MAX_PLAYERS] = { 0 }, g[TB_MAX_PLAYERS] = { 0 };
        ints_member(r, d, "wins_as", w, players);
        ints_member(r, d, "games_as", g, players);
        for (int p = 0; p < players; p++) side->wins_as[p] = (long)w[p], side->games_as[p] = (long)g[p];
        if (m->cube) {
            side->points = int_member(r, d, "points", 0, COUNT_MAX);
            side->doubles = (long)int_member(r, d, "doubles", 0, COUNT_MAX);
            side->drops = (long)int_member(r, d, "drops", 0, COUNT_MAX);
        }
        side->decisions = int_member(r, d, "decisions", 0, COUNT_MAX);
        side->work = int_member(r, d, "work", 0, COUNT_MAX);
        side->seconds = seconds_member(r, d, "seconds");
    }
    const json_value *len = member(r, o, "length", JSON_OBJECT);
    if (len) {
        m->length_sum = int_member(r, len, "sum", 0, COUNT_MAX);
        m->length_sq = int_member(r, len, "sum_squares", 0, COUNT_MAX);
        m->length_min = (long)int_member(r, len, "min", 0, PLAYOUT_MAX_PLIES);
        m->length_max = (long)int_member(r, len, "max", 0, PLAYOUT_MAX_PLIES);
    }
}

/* `file_names`, how the report names each of `files` (a bundled game by its
 * name); a result written before it had them names the files by path. */
static void read_file_names(reader *r, const json_value *o, analyze_result *a)
{
    const json_value *names = json_get(o, "file_names");
    if (!names || !r->ok) return;
    if (names->kind != JSON_ARRAY || names->n != a->nfiles) {
        error_at(r, names, "`file_names` must be an array of %d string%s, one for each of `files`", a->nfiles,
                 a->nfiles == 1 ? "" : "s");
        return;
    }
    for (int f = 0; f < names->n; f++) {
        const json_value *v = names->items[f];
        if (v->kind != JSON_STRING || !*v->text || strlen(v->text) >= sizeof a->file_names[0]) {
            error_at(r, v, "each file name must be a string of 1 to %zu bytes", sizeof a->file_names[0] - 1);
            return;
        }
        snprintf(a->file_names[f], sizeof a->file_names[0], "%s", v->text);
    }
}

static void read_analyze(reader *r, const json_value *o, analyze_result *a, int ri_players)
{
    string_member(r, o, "agent", a->agent, sizeof a->agent);
    long max = (long)int_member(r, o, "max_moves", 1, PLAYOUT_MAX_PLIES);
    if (!r->ok) return;
    if (!analyze_result_alloc(a, max)) {
        error_at(r, o, "out of memory reading this result");
        return;
    }
    read_outcomes(r, o, &a->s, ri_players);
    a->undecided_draws = (long)int_member(r, o, "undecided_draws", 0, COUNT_MAX);
    const json_value *un = member(r, o, "unruled_moves", JSON_OBJECT);
    for (int k = 0; un && k < 4; k++) a->unruled[k] = int_member(r, un, unruled_keys[k], 0, COUNT_MAX);
    const json_value *files = member(r, o, "files", JSON_ARRAY);
    if (files && files->n > TB_MAX_FILES) error_at(r, files, "too many `files`");
    for (int f = 0; r->ok && files && f < files->n; f++) {
        const json_value *v = files->items[f];
        if (v->kind != JSON_STRING || strlen(v->text) >= sizeof a->files[0]) {
            error_at(r, v, "each file must be a path");
            break;
        }
        snprintf(a->files[f], sizeof a->files[0], "%s", v->text);
        snprintf(a->file_names[f], sizeof a->file_names[0], "%s", v->text);
        a->nfiles = f + 1;
    }
    read_file_names(r, o, a);
    const json_value *clauses = member(r, o, "clauses", JSON_ARRAY);
    if (clauses && clauses->n > TB_MAX_CLAUSES) error_at(r, clauses, "too many `clauses`");
    for (int i = 0; r->ok && clauses && i < clauses->n; i++) {
        const json_value *c = clauses->items[i];
        if (c->kind != JSON_OBJECT) {
            error_at(r, c, "each clause must be an object");
            break;
        }
        clause_loc *cl = &a->clauses[i];
        cl->file = (uint8_t)int_member(r, c, "file", 0, a->nfiles > 0 ? a->nfiles - 1 : 0);
        cl->line = (uint16_t)int_member(r, c, "line", 1, 65535);
        cl->col = (uint16_t)int_member(r, c, "col", 1, 65535);
        string_member(r, c, "what", cl->what, sizeof cl->what);
        string_member(r, c, "option", cl->option, sizeof cl->option);
        cl->off = (uint8_t)int_member(r, c, "off", 0, 1);
        char kind[32];
        string_member(r, c, "kind", kind, sizeof kind);
        int k = 0;
        while (k < CLAUSE_KINDS && strcmp(kind, clause_kinds[k]) != 0) k++;
        if (r->ok && k == CLAUSE_KINDS) error_at(r, json_get(c, "kind"), "unknown clause kind `%s`", kind);
        a->clause_kind[i] = (uint8_t)k;
        a->fired[i] = int_member(r, c, "fired", 0, COUNT_MAX);
        a->decided[i] = (long)int_member(r, c, "decided", 0, COUNT_MAX);
        a->draws_by[i] = (long)int_member(r, c, "draws", 0, COUNT_MAX);
        a->nclauses = i + 1;
    }
    const json_value *lengths = member(r, o, "lengths", JSON_ARRAY);
    for (int i = 0; r->ok && lengths && i < lengths->n; i++) {
        const json_value *p = lengths->items[i];
        if (p->kind != JSON_ARRAY || p->n != 2) {
            error_at(r, p, "each length is [MOVES, GAMES]");
            break;
        }
        long l = (long)int_value(r, p->items[0], "a length", 0, a->max_moves);
        if (r->ok && a->lengths[l]) error_at(r, p, "the length %ld is listed twice", l); /* sums stay in 64 bits */
        a->lengths[l] = (long)int_value(r, p->items[1], "a count", 0, COUNT_MAX);
    }
    const json_value *br = member(r, o, "branching", JSON_ARRAY);
    for (int i = 0; r->ok && br && i < br->n; i++) {
        const json_value *p = br->items[i];
        if (p->kind != JSON_ARRAY || p->n != 3) {
            error_at(r, p, "each ply is [PLY, POSITIONS, MOVES]");
            break;
        }
        long ply = (long)int_value(r, p->items[0], "a ply", 1, ANALYZE_MAX_PLY);
        if (r->ok && (a->branching[ply - 1][0] || a->branching[ply - 1][1]))
            error_at(r, p, "the ply %ld is listed twice", ply);
        if (!r->ok) break;
        a->branching[ply - 1][0] = int_value(r, p->items[1], "a count", 0, COUNT_MAX);
        a->branching[ply - 1][1] = int_value(r, p->items[2], "a count", 0, COUNT_MAX);
    }
}

static void read_perft(reader *r, const json_value *o, run_result *res)
{
    perft_result *f = &res->perft;
    f->depth = (int)int_member(r, o, "depth", 1, 20);
    string_member(r, o, "position", f->position, sizeof f->position);
    f->divide = (int)int_member(r, o, "divide", 0, 1);
    if (!r->ok) return;
    long long counts[20];
    ints_member(r, o, "counts", counts, f->depth);
    for (int d = 0; d < f->depth; d++) f->counts[d] = (uint64_t)counts[d];
    if (!r->ok) return;
    if (!perft_result_alloc(f, (int)res->info.total)) {
        error_at(r, o, "out of memory reading this result");
        return;
    }
    const json_value *root = member(r, o, "root", JSON_ARRAY);
    for (int i = 0; r->ok && root && i < root->n; i++) {
        const json_value *m = root->items[i];
        if (m->kind != JSON_OBJECT) {
            error_at(r, m, "each root move must be an object");
            break;
        }
        int k = (int)int_member(r, m, "index", 0, res->info.total > 0 ? res->info.total - 1 : 0);
        if (r->ok && f->root_done[k]) error_at(r, json_get(m, "index"), "root move %d is listed twice", k);
        if (!r->ok) break;
        string_member(r, m, "move", f->root_text[k], sizeof f->root_text[k]);
        f->root_count[k] = (uint64_t)int_member(r, m, "count", 0, COUNT_MAX);
        f->root_done[k] = 1;
    }
}

/* ---- the sums of one result ------------------------------------------------
 * A result whose numbers do not add up (more wins than games, more games
 * done than its shards hold) would merge into a summary that looks right
 * and is not: each is a located error at the member that is off. */

/* The member KEY of OBJ, or OBJ itself when absent (a message's place). */
static const json_value *place(const json_value *obj, const char *key)
{
    const json_value *v = json_get(obj, key);
    return v ? v : obj;
}

/* The items of the shards RI holds, and how the message names them. */
static long items_held(const run_info *ri)
{
    long held = 0;
    for (int k = 1; k <= ri->shard_count; k++)
        if (ri->shard_has[k]) {
            long first, end;
            run_shard_range(ri->total, k, ri->shard_count, &first, &end);
            held += end - first;
        }
    return held;
}

static void check_done(reader *r, const json_value *o, const run_info *ri)
{
    const char *unit = ri->kind == RUN_PERFT ? "root moves" : "games";
    long held = items_held(ri);
    if (ri->done > held)
        error_at(r, place(o, "done"), "`done` is %ld, more than the %ld %s of the shards this result holds (a run of "
                 "%ld in %d shards)", ri->done, held, unit, ri->total, ri->shard_count);
    else if (!ri->interrupted && ri->done != held)
        error_at(r, place(o, "done"), "`done` is %ld, but the result is `complete` and its shards hold %ld %s",
                 ri->done, held, unit);
}

/* Games played: `games` is `done`, and the outcomes add up to it. */
static void check_outcomes(reader *r, const json_value *o, const playout_stats *s, long done, long max_moves)
{
    long long outcomes = (long long)s->draws + s->unfinished;
    for (int p = 0; p < TB_MAX_PLAYERS; p++) outcomes += (long long)s->wins[p] + s->double_wins[p] + s->triple_wins[p];
    if (s->games != done)
        error_at(r, place(o, "games"), "`games` is %ld, but `done` is %ld", s->games, done);
    else if (outcomes != s->games)
        error_at(r, place(o, "games"), "`wins`, `double_wins`, `triple_wins`, `draws` and `unfinished` add up to %lld "
                 "games, not to the %ld of `games`", outcomes, s->games);
    else if (s->moves > (long long)s->games * max_moves)
        error_at(r, place(o, "moves"), "`moves` is %lld, more than %ld games of at most %ld moves can hold", s->moves,
                 s->games, max_moves);
}

static void check_match(reader *r, const json_value *o, const match_result *m, long done, int players)
{
    long long wins[TB_MAX_PLAYERS] = { 0 }, outcomes = m->draws + m->unfinished;
    for (int s = 0; s < players; s++) {
        for (int k = 0; k < 3; k++) wins[s] += m->side[s].wins[k];
        outcomes += wins[s];
    }
    if (m->games != done) {
        error_at(r, place(o, "games"), "`games` is %ld, but `done` is %ld", m->games, done);
        return;
    }
    if (outcomes != m->games) {
        error_at(r, place(o, "games"), "the sides' `wins_by_score`, `draws` and `unfinished` add up to %lld games, "
                 "not to the %ld of `games`", outcomes, m->games);
        return;
    }
    const json_value *sides = json_get(o, "sides");
    for (int s = 0; s < players && r->ok; s++) {
        const match_side *d = &m->side[s];
        const json_value *at = sides->items[s];
        long won = 0, played = 0; /* one seat a game */
        int over = 0;
        for (int p = 0; p < players; p++) {
            won += d->wins_as[p];
            played += d->games_as[p];
            over |= d->wins_as[p] > d->games_as[p];
        }
        if ((long long)won != wins[s])
            error_at(r, place(at, "wins_as"), "`wins_as` adds up to %ld wins, not to the %lld of `wins_by_score`",
                     won, wins[s]);
        else if (played != m->games)
            error_at(r, place(at, "games_as"), "`games_as` adds up to %ld games, not to the %ld of `games`", played,
                     m->games);
        else if (over)
            error_at(r, place(at, "wins_as"), "`wins_as` counts more wins than `games_as` counts games");
    }
    const json_value *len = json_get(o, "length");
    if (r->ok && m->games > 0 && (m->length_min > m->length_max || m->length_max > m->max_moves))
        error_at(r, place(len, "max"), "`min` %ld and `max` %ld are not lengths from 0 to `max_moves` %ld, smallest "
                 "first", m->length_min, m->length_max, m->max_moves);
    else if (r->ok && (m->length_sum < (long long)m->games * m->length_min ||
                       m->length_sum > (long long)m->games * m->length_max))
        error_at(r, place(len, "sum"), "`sum` %lld is not what %ld games of %ld to %ld moves add up to",
                 m->length_sum, m->games, m->length_min, m->length_max);
}

static void check_analyze(reader *r, const json_value *o, const analyze_result *a)
{
    long long games = 0, moves = 0; /* at most 10^9 games of 10^5 moves */
    int over = 0;
    for (long l = 0; l <= a->max_moves && !over; l++) {
        over = a->lengths[l] > a->s.games - games;
        games += over ? 0 : a->lengths[l];
        moves += over ? 0 : (long long)l * a->lengths[l];
    }
    if (over)
        error_at(r, place(o, "lengths"), "`lengths` counts more games than the %ld of `games`", a->s.games);
    else if (games != a->s.games)
        error_at(r, place(o, "lengths"), "`lengths` counts %lld games, not the %ld of `games`", games, a->s.games);
    else if (moves != a->s.moves)
        error_at(r, place(o, "lengths"), "`lengths` adds up to %lld moves, not to the %lld of `moves`", moves,
                 a->s.moves);
    else if (a->undecided_draws > a->s.draws)
        error_at(r, place(o, "undecided_draws"), "`undecided_draws` is %ld, more than the %ld `draws`",
                 a->undecided_draws, a->s.draws);
    const json_value *clauses = json_get(o, "clauses");
    for (int i = 0; r->ok && i < a->nclauses; i++)
        if (a->decided[i] > a->s.games || a->draws_by[i] > a->s.draws)
            error_at(r, clauses->items[i], "this clause ended %ld games with %ld draws, of %ld games with %ld draws",
                     a->decided[i], a->draws_by[i], a->s.games, a->s.draws);
}

static void check_perft(reader *r, const json_value *o, const run_result *res)
{
    const perft_result *f = &res->perft;
    long roots = 0;
    uint64_t leaves = 0; /* at most 1024 counts of at most 10^15 */
    for (int i = 0; i < f->nroot; i++)
        if (f->root_done[i]) roots++, leaves += f->root_count[i];
    if (roots != res->info.done)
        error_at(r, place(o, "root"), "`root` lists %ld root moves, but `done` is %ld", roots, res->info.done);
    else if (f->counts[0] != (uint64_t)roots)
        error_at(r, place(o, "counts"), "`counts` begins with %llu, but %ld root moves were counted",
                 (unsigned long long)f->counts[0], roots);
    else if (f->counts[f->depth - 1] != leaves)
        error_at(r, place(o, "counts"), "`counts` ends with %llu, but the `root` moves' counts add up to %llu",
                 (unsigned long long)f->counts[f->depth - 1], (unsigned long long)leaves);
}

/* Checks that the numbers of RES, read from the object O, add up. */
static void check_sums(reader *r, const json_value *o, const run_result *res)
{
    check_done(r, o, &res->info);
    if (!r->ok) return;
    switch (res->info.kind) {
    case RUN_PLAYOUT: check_outcomes(r, o, &res->playout.s, res->info.done, PLAYOUT_MAX_PLIES); break;
    case RUN_MATCH: check_match(r, o, &res->match, res->info.done, res->info.players); break;
    case RUN_ANALYZE:
        check_outcomes(r, o, &res->analyze.s, res->info.done, res->analyze.max_moves);
        if (r->ok) check_analyze(r, o, &res->analyze);
        break;
    case RUN_PERFT: check_perft(r, o, res); break;
    }
}

/* Reads the result at PATH. Returns 1, 0 after a located error, -1 when the
 * file cannot be read. SRC and ROOT are kept for the comparisons' messages. */
static int read_result(const char *path, diag_sink *diags, src_file **src, json_value **root, run_result *res)
{
    int io = 0;
    *src = source_load(path, diags, &io);
    if (!*src) return io ? -1 : 0;
    *root = json_parse(*src, diags);
    if (!*root) return 0;
    reader r = { *src, diags, 1 };
    const json_value *o = *root;
    if (o->kind != JSON_OBJECT) {
        error_at(&r, o, "not a tabula result: it is not a JSON object");
        return 0;
    }
    char schema[32], command[32];
    string_member(&r, o, "schema", schema, sizeof schema);
    if (r.ok && strcmp(schema, "tabula-run/1") != 0)
        error_at(&r, json_get(o, "schema"), "unknown schema `%s` (this tabula reads tabula-run/1)", schema);
    string_member(&r, o, "command", command, sizeof command);
    int kind = 0;
    while (r.ok && kind < 4 && strcmp(command, kinds[kind]) != 0) kind++;
    if (r.ok && kind == 4)
        error_at(&r, json_get(o, "command"), "`%s` results cannot be merged (playout, match, analyze and perft can)",
                 command);
    if (!r.ok) return 0;
    run_info *ri = &res->info;
    ri->kind = (run_kind)kind;
    string_member(&r, o, "game", ri->game, sizeof ri->game);
    ri->players = json_get(o, "players") ? (int)int_member(&r, o, "players", 3, TB_MAX_PLAYERS) : 2;
    if (json_get(o, "teams")) read_teams(&r, member(&r, o, "teams", JSON_ARRAY), ri);
    const json_value *rules = member(&r, o, "ruleset", JSON_OBJECT);
    if (rules) {
        string_member(&r, rules, "file", ri->file, sizeof ri->file);
        string_member(&r, rules, "digest", ri->digest, sizeof ri->digest);
    }
    const json_value *opts = member(&r, o, "options", JSON_OBJECT);
    if (opts && opts->n > TB_MAX_OPTIONS) error_at(&r, opts, "too many options");
    for (int i = 0; r.ok && opts && i < opts->n; i++) {
        const json_value *v = opts->items[i];
        if (v->kind != JSON_STRING || strlen(v->text) >= TB_NAME_LEN || strlen(opts->keys[i]) >= TB_NAME_LEN) {
            error_at(&r, v, "an option's value must be a short string");
            break;
        }
        snprintf(ri->option_name[i], TB_NAME_LEN, "%s", opts->keys[i]);
        snprintf(ri->option_value[i], TB_NAME_LEN, "%s", v->text);
        ri->noptions = i + 1;
    }
    ri->seed = seed_member(&r, o, "seed");
    ri->total = (long)int_member(&r, o, "total", 0, ri->kind == RUN_PERFT ? TB_MAX_MOVES : RUN_MAX_GAMES);
    const json_value *shards = member(&r, o, "shards", JSON_OBJECT);
    if (shards) {
        ri->shard_count = (int)int_member(&r, shards, "count", 1, RUN_MAX_SHARDS);
        const json_value *idx = member(&r, shards, "indices", JSON_ARRAY);
        for (int i = 0; r.ok && idx && i < idx->n; i++) {
            int k = (int)int_value(&r, idx->items[i], "a shard", 1, ri->shard_count);
            if (r.ok && ri->shard_has[k]) error_at(&r, idx->items[i], "shard %d is listed twice", k);
            ri->shard_has[k] = 1;
        }
    }
    ri->done = (long)int_member(&r, o, "done", 0, COUNT_MAX);
    const json_value *complete = member(&r, o, "complete", JSON_BOOL);
    ri->jobs = (int)int_member(&r, o, "jobs", 1, PAR_MAX_JOBS);
    ri->seconds = seconds_member(&r, o, "seconds");
    if (!r.ok) return 0;
    ri->interrupted = !complete->boolean;
    switch (ri->kind) {
    case RUN_PLAYOUT: read_outcomes(&r, o, &res->playout.s, ri->players); break;
    case RUN_MATCH: read_match(&r, o, &res->match, ri->players); break;
    case RUN_ANALYZE: read_analyze(&r, o, &res->analyze, ri->players); break;
    case RUN_PERFT: read_perft(&r, o, res); break;
    }
    if (r.ok) check_sums(&r, o, res);
    return r.ok;
}

/* Checks that B (read from SRC, tree ROOT) belongs to the run of A (read
 * from FIRST). */
static int same_run(const run_result *a, const run_result *b, const char *first, const src_file *src,
                    const json_value *root, diag_sink *diags)
{
    const run_info *x = &a->info, *y = &b->info;
    char what[2 * RUN_FILE_MAX + 1024]; /* two file names of up to RUN_FILE_MAX bytes, and more */
    char first_shown[DIAG_SHORT_SIZE], x_file[DIAG_SHORT_SIZE], y_file[DIAG_SHORT_SIZE];
    first = diag_short(first, first_shown);
    const char *key = NULL;
    if (x->kind != y->kind) {
        key = "command";
        snprintf(what, sizeof what, "a result of `tabula %s`, but %s is of `tabula %s`", kinds[y->kind], first,
                 kinds[x->kind]);
    } else if (strcmp(x->digest, y->digest) != 0) {
        key = "ruleset";
        snprintf(what, sizeof what, "a result of another rule file: \"%s\" (%s, digest %s) here, \"%s\" (%s, digest %s) in %s",
                 y->game, diag_short(y->file, y_file), y->digest, x->game, diag_short(x->file, x_file), x->digest, first);
    } else if (x->seed != y->seed) {
        key = "seed";
        snprintf(what, sizeof what, "a result of another seed: %llu here, %llu in %s", (unsigned long long)y->seed,
                 (unsigned long long)x->seed, first);
    } else if (x->total != y->total) {
        key = "total";
        const char *unit = x->kind == RUN_PERFT ? "root moves" : "games";
        snprintf(what, sizeof what, "a result of a run of %ld %s here, of %ld in %s", y->total, unit, x->total, first);
    } else if (x->shard_count != y->shard_count) {
        key = "shards";
        snprintf(what, sizeof what, "a run split in %d shards here, in %d in %s", y->shard_count, x->shard_count, first);
    }
    if (!key) {
        int differ = x->noptions != y->noptions;
        for (int i = 0; i < x->noptions && !differ; i++)
            differ = strcmp(x->option_name[i], y->option_name[i]) != 0 || strcmp(x->option_value[i], y->option_value[i]) != 0;
        if (differ) {
            key = "options";
            snprintf(what, sizeof what, "a result with other options than %s", first);
        } else if (x->players != y->players || memcmp(x->team, y->team, sizeof x->team) != 0) {
            key = x->players != y->players ? "players" : "teams";
            snprintf(what, sizeof what, "a result with other players or teams than %s", first);
        }
    }
    int agents_differ = 0;
    for (int s = 0; x->kind == RUN_MATCH && s < TB_MAX_PLAYERS; s++)
        agents_differ |= strcmp(a->match.agent[s], b->match.agent[s]) != 0;
    if (!key && x->kind == RUN_MATCH && (agents_differ || a->match.max_moves != b->match.max_moves)) {
        key = "agents";
        if (x->players <= 2)
            snprintf(what, sizeof what, "a match of %s against %s (at most %ld moves) here, of %s against %s (%ld) in %s",
                     b->match.agent[0], b->match.agent[1], b->match.max_moves, a->match.agent[0], a->match.agent[1],
                     a->match.max_moves, first);
        else {
            char la[TB_MAX_PLAYERS * (AGENT_SPEC_MAX + 2)] = "", lb[sizeof la] = "";
            for (int s = 0; s < x->players; s++) {
                size_t at = strlen(la), bt = strlen(lb);
                snprintf(la + at, sizeof la - at, "%s%s", s ? ", " : "", a->match.agent[s]);
                snprintf(lb + bt, sizeof lb - bt, "%s%s", s ? ", " : "", b->match.agent[s]);
            }
            snprintf(what, sizeof what, "a match of %s (at most %ld moves) here, of %s (%ld) in %s", lb,
                     b->match.max_moves, la, a->match.max_moves, first);
        }
    }
    if (!key && x->kind == RUN_ANALYZE &&
        (strcmp(a->analyze.agent, b->analyze.agent) != 0 || a->analyze.max_moves != b->analyze.max_moves ||
         a->analyze.nclauses != b->analyze.nclauses)) {
        key = "agent";
        snprintf(what, sizeof what, "an analysis by %s (at most %ld moves) here, by %s (%ld) in %s", b->analyze.agent,
                 b->analyze.max_moves, a->analyze.agent, a->analyze.max_moves, first);
    }
    if (!key && x->kind == RUN_PERFT &&
        (a->perft.depth != b->perft.depth || strcmp(a->perft.position, b->perft.position) != 0)) {
        key = "depth";
        snprintf(what, sizeof what, "perft to depth %d from %s here, to depth %d from %s in %s", b->perft.depth,
                 b->perft.position[0] ? b->perft.position : "the start", a->perft.depth,
                 a->perft.position[0] ? a->perft.position : "the start", first);
    }
    if (!key)
        for (int k = 1; k <= x->shard_count; k++)
            if (x->shard_has[k] && y->shard_has[k]) {
                key = "shards";
                snprintf(what, sizeof what, "shard %d/%d is already in the results merged before (from %s on)", k,
                         x->shard_count, first);
                break;
            }
    if (!key) return 1;
    diag_at(diags, src, place(root, key)->loc, DIAG_ERROR, "%s", what);
    return 0;
}

/* Adds FROM into INTO (same run, other shards). */
static void add(run_result *into, const run_result *from)
{
    run_info *x = &into->info;
    const run_info *y = &from->info;
    for (int k = 1; k <= x->shard_count; k++) x->shard_has[k] |= y->shard_has[k];
    x->done += y->done;
    x->interrupted |= y->interrupted;
    x->seconds += y->seconds;
    if (y->jobs > x->jobs) x->jobs = y->jobs;
    switch (x->kind) {
    case RUN_PLAYOUT: playout_stats_add(&into->playout.s, &from->playout.s); break;
    case RUN_MATCH: {
        match_result *m = &into->match;
        const match_result *f = &from->match;
        if (f->games && (m->games == 0 || f->length_min < m->length_min)) m->length_min = f->length_min;
        if (f->length_max > m->length_max) m->length_max = f->length_max;
        m->games += f->games;
        m->draws += f->draws;
        m->unfinished += f->unfinished;
        m->length_sum += f->length_sum;
        m->length_sq += f->length_sq;
        for (int s = 0; s < TB_MAX_PLAYERS; s++) {
            for (int k = 0; k < 3; k++) m->side[s].wins[k] += f->side[s].wins[k];
            for (int k = 0; k < TB_MAX_PLAYERS; k++) {
                m->side[s].wins_as[k] += f->side[s].wins_as[k];
                m->side[s].games_as[k] += f->side[s].games_as[k];
            }
            m->side[s].points += f->side[s].points;
            m->side[s].doubles += f->side[s].doubles;
            m->side[s].drops += f->side[s].drops;
            m->side[s].decisions += f->side[s].decisions;
            m->side[s].work += f->side[s].work;
            m->side[s].seconds += f->side[s].seconds;
        }
        break;
    }
    case RUN_ANALYZE: {
        analyze_result *a = &into->analyze;
        const analyze_result *f = &from->analyze;
        playout_stats_add(&a->s, &f->s);
        for (int i = 0; i < TB_MAX_CLAUSES; i++) {
            a->fired[i] += f->fired[i];
            a->decided[i] += f->decided[i];
            a->draws_by[i] += f->draws_by[i];
        }
        a->undecided_draws += f->undecided_draws;
        for (int k = 0; k < 4; k++) a->unruled[k] += f->unruled[k];
        for (long l = 0; l <= a->max_moves; l++) a->lengths[l] += f->lengths[l];
        for (int p = 0; p < ANALYZE_MAX_PLY; p++) {
            a->branching[p][0] += f->branching[p][0];
            a->branching[p][1] += f->branching[p][1];
        }
        break;
    }
    case RUN_PERFT: {
        perft_result *p = &into->perft;
        const perft_result *f = &from->perft;
        for (int d = 0; d < p->depth; d++) p->counts[d] += f->counts[d];
        for (int i = 0; i < p->nroot; i++)
            if (f->root_done[i]) {
                memcpy(p->root_text[i], f->root_text[i], sizeof p->root_text[i]);
                p->root_count[i] = f->root_count[i];
                p->root_done[i] = 1;
            }
        break;
    }
    }
}

int merge_files(char *const *paths, int n, run_result *out, diag_sink *diags)
{
    memset(out, 0, sizeof *out);
    int code = 0;
    for (int i = 0; i < n && code == 0; i++) {
        src_file *src = NULL;
        json_value *root = NULL;
        run_result *r = i == 0 ? out : calloc(1, sizeof *r);
        if (!r) {
            fprintf(stderr, "tabula merge: error: out of memory\n");
            return 2;
        }
        int got = read_result(paths[i], diags, &src, &root, r);
        if (got < 0) code = 2;
        else if (got == 0) code = 1;
        else if (i > 0 && !same_run(out, r, paths[0], src, root, diags)) code = 1;
        else if (i > 0) add(out, r);
        if (i > 0) {
            run_result_free(r);
            free(r);
        }
        json_free(root);
        source_free(src);
    }
    return code;
}
