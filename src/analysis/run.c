/* run.c - what every run shares (its identity, shards) and the two runs of
 * whole games: random playouts and matches between agents. */
#include "run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/record.h"
#include "run_internal.h"

void run_shard_range(long total, int k, int n, long *first, long *end)
{
    /* (K-1)*TOTAL/N without overflow for any long TOTAL and N <= RUN_MAX_SHARDS. */
    *first = total / n * (k - 1) + total % n * (k - 1) / n;
    *end = total / n * k + total % n * k / n;
}

/* FNV-1a over the bytes of FILE, continuing from H; 0 when it cannot be read. */
static int digest_file(const char *path, uint64_t *h)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    unsigned char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        for (size_t i = 0; i < n; i++) *h = (*h ^ buf[i]) * 0x100000001b3ull;
    int ok = !ferror(f);
    fclose(f);
    *h = (*h ^ 0xff) * 0x100000001b3ull; /* a file boundary */
    return ok;
}

int run_info_init(run_info *ri, run_kind kind, const ruleset *rs, const char *file, uint64_t seed, long total,
                  int shard_k, int shard_n)
{
    memset(ri, 0, sizeof *ri);
    ri->kind = kind;
    snprintf(ri->game, sizeof ri->game, "%s", rs->title);
    ri->players = rs->nplayers;
    for (int p = 0; rs->nteams && p < rs->nplayers; p++) ri->team[p] = rs->team[p];
    snprintf(ri->file, sizeof ri->file, "%s", file);
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < rs->nfiles; i++)
        if (!digest_file(rs->files[i], &h)) {
            char shown[DIAG_SHORT_SIZE];
            fprintf(stderr, "%s: error: cannot read the rule file back: %s\n", diag_short(rs->files[i], shown),
                    strerror(errno));
            return 0;
        }
    snprintf(ri->digest, sizeof ri->digest, "%016llx", (unsigned long long)h);
    ri->noptions = rs->noptions;
    for (int i = 0; i < rs->noptions; i++) {
        const option_value *o = &rs->options[i];
        snprintf(ri->option_name[i], TB_NAME_LEN, "%s", o->name);
        if (o->is_int) snprintf(ri->option_value[i], TB_NAME_LEN, "%ld", o->value);
        else snprintf(ri->option_value[i], TB_NAME_LEN, "%s", o->word);
    }
    ri->seed = seed;
    ri->total = total;
    ri->shard_count = shard_n;
    ri->shard_has[shard_k] = 1;
    return 1;
}

int analyze_result_alloc(analyze_result *a, long max_moves)
{
    a->max_moves = max_moves;
    a->lengths = calloc((size_t)max_moves + 1, sizeof *a->lengths);
    a->branching = calloc(ANALYZE_MAX_PLY, sizeof *a->branching);
    return a->lengths && a->branching;
}

void analyze_result_free(analyze_result *a)
{
    free(a->lengths);
    free(a->branching);
    a->lengths = NULL;
    a->branching = NULL;
}

int perft_result_alloc(perft_result *f, int nroot)
{
    f->nroot = nroot;
    size_t n = nroot > 0 ? (size_t)nroot : 1;
    f->root_text = calloc(n, sizeof *f->root_text);
    f->root_count = calloc(n, sizeof *f->root_count);
    f->root_done = calloc(n, sizeof *f->root_done);
    return f->root_text && f->root_count && f->root_done;
}

void perft_result_free(perft_result *f)
{
    free(f->root_text);
    free(f->root_count);
    free(f->root_done);
    f->root_text = NULL;
    f->root_count = NULL;
    f->root_done = NULL;
}

void run_result_free(run_result *r)
{
    analyze_result_free(&r->analyze);
    perft_result_free(&r->perft);
}

void **run_alloc_contexts(int count, size_t size)
{
    void **ctx = calloc((size_t)count, sizeof *ctx);
    if (!ctx) return NULL;
    /* Whole cache lines each: the threads write their sums after every
     * game, and two contexts on one line would slow both. */
    size = (size + 63) / 64 * 64;
    for (int i = 0; i < count; i++) {
        ctx[i] = aligned_alloc(64, size);
        if (!ctx[i]) {
            run_free_contexts(ctx, i);
            return NULL;
        }
        memset(ctx[i], 0, size);
    }
    return ctx;
}

void run_free_contexts(void **ctx, int count)
{
    if (!ctx) return;
    for (int i = 0; i < count; i++) free(ctx[i]);
    free(ctx);
}

int run_execute(const run_opts *o, run_result *res, par_work work, void **ctx, const char *unit)
{
    par_run run;
    memset(&run, 0, sizeof run);
    run.jobs = o->jobs;
    run_shard_range(res->info.total, o->shard_k, o->shard_n, &run.first, &run.end);
    run.work = work;
    run.ctx = ctx;
    run.unit = unit;
    run.progress = o->progress;
    par_outcome out;
    if (!par_execute(&run, &out)) {
        fprintf(stderr, "tabula: error: cannot start %d threads\n", o->jobs);
        return 0;
    }
    res->info.done = out.done;
    res->info.interrupted = out.interrupted;
    res->info.seconds = out.seconds;
    res->info.jobs = o->jobs;
    return 1;
}

/* ---- random playouts ------------------------------------------------------- */

typedef struct playout_ctx {
    const ruleset *rs;
    uint64_t seed;
    move_list buffer;    /* this thread's, grown as the games need */
    playout_stats s;
} playout_ctx;

static int playout_work(void *arg, long game)
{
    playout_ctx *c = arg;
    playout_range(c->rs, c->seed, game, game + 1, &c->s, &c->buffer);
    return !c->buffer.error; /* the error stops the thread; run_playouts reports it */
}

int run_playouts(const ruleset *rs, const run_opts *o, run_result *res)
{
    void **ctx = run_alloc_contexts(o->jobs, sizeof(playout_ctx));
    int ok = ctx != NULL;
    for (int t = 0; ok && t < o->jobs; t++) {
        playout_ctx *c = ctx[t];
        c->rs = rs;
        c->seed = res->info.seed;
        ok = move_list_reserve(&c->buffer, TB_MOVES_INITIAL);
    }
    if (!ok) fprintf(stderr, "tabula playout: error: out of memory\n");
    else ok = run_execute(o, res, playout_work, ctx, "games");
    memset(&res->playout, 0, sizeof res->playout);
    int error = MOVES_OK;
    for (int t = 0; ctx && t < o->jobs; t++) {
        playout_ctx *c = ctx[t];
        if (ok) playout_stats_add(&res->playout.s, &c->s);
        if (c->buffer.error && !error) error = c->buffer.error;
        move_list_free(&c->buffer);
    }
    if (ok && error) { /* never the figures of a run that could not play every game */
        fprintf(stderr, "tabula playout: error: %s\n", moves_error_text(error));
        ok = 0;
    }
    run_free_contexts(ctx, o->jobs);
    return ok;
}

/* ---- matches --------------------------------------------------------------- */

typedef struct match_ctx {
    const ruleset *rs;
    const run_opts *o;
    uint64_t seed;
    long max_moves;
    agent *agents[TB_MAX_PLAYERS]; /* A, B, ..., this thread's own */
    move_list legal;     /* this thread's, grown as the games need */
    move_list scratch;   /* the cube estimates' playouts */
    match_result m;      /* this thread's sums */
    int failed;          /* a record could not be written, or a position's moves listed */
} match_ctx;

/* Writes game GAME's record as DIR/game-NNNNNN.yaml. */
static int write_record(match_ctx *c, const game_record *rec, long game)
{
    char path[4200], err[4400];
    snprintf(path, sizeof path, "%s/game-%06ld.yaml", c->o->records_dir, game + 1);
    if (record_write(rec, path, err, sizeof err)) return 1;
    fprintf(stderr, "tabula match: error: %s\n", err);
    return 0;
}

/* The cube at a cube point of game GS: the player to move may double, the
 * other takes or drops (agent_cube_decide), each action recorded in REC
 * (NULL: none) and counted in LOCAL. Returns 1 when a drop ended the game,
 * 0 to go on, -1 after an error. */
static int match_cube(match_ctx *c, state *st, record_turn *turn, const cube_match *money, agent *const *by_player,
                      const int *agent_of, match_side *local, uint64_t gs, uint32_t *entries, game_record *rec)
{
    const ruleset *rs = c->rs;
    turn->cube_roll = turn->rolls;
    int p = st->h.to_move;
    char why[160];
    for (int asked = 0; asked < 2; asked++) {
        int who = turn->cube.offered ? tb_opponent(turn->cube.offered) : p;
        if (!turn->cube.offered && !cube_allowed(rs, money, &turn->cube, p, CUBE_DOUBLE, why, sizeof why)) return 0;
        rng r;
        agent_ply_rng(&r, gs ^ 0xc0be5eedull, *entries);
        cube_estimate seen;
        int k = agent_cube_decide(by_player[who - 1], rs, money, &turn->cube, st, who, &r, &c->scratch, &seen);
        if (k == AGENT_FAILED || k == AGENT_ASK_HUMAN) {
            fprintf(stderr, "tabula match: error: %s\n", k == AGENT_FAILED ? moves_error_text(c->scratch.error)
                                                                           : "a human cannot play in a match");
            c->failed = 1;
            return -1;
        }
        if (k == CUBE_NONE) return 0;
        cube_apply(&turn->cube, who, k);
        match_side *side = &local[agent_of[who - 1]];
        side->doubles += k == CUBE_DOUBLE;
        side->drops += k == CUBE_DROP;
        (*entries)++;
        if (rec && !record_push_cube(rec, k)) return -1;
        if (k == CUBE_DROP) return 1;
        if (k != CUBE_DOUBLE) return 0;
    }
    return 0;
}

/* Game GAME: agent a has player ((a + GAME) mod N) + 1 (with two players, A
 * is player 1 in even games, player 2 in odd ones). The
 * game's seed gives its dice and every decision's generator exactly as
 * `tabula play --seed` does, so a game of iteration- or depth-bound agents
 * can be played again alone. */
static int match_work(void *arg, long game)
{
    match_ctx *c = arg;
    if (c->failed) return 0;
    const ruleset *rs = c->rs;
    int np = rs->nplayers;
    agent *by_player[TB_MAX_PLAYERS] = { NULL };
    int agent_of[TB_MAX_PLAYERS] = { 0 }; /* the agent playing player p + 1 */
    for (int p = 0; p < np; p++) {
        agent_of[p] = (int)(((long)p - game % np + np) % np);
        by_player[p] = c->agents[agent_of[p]];
    }
    uint64_t gs = playout_game_seed(c->seed, game);
    state st;
    state_start(rs, &st);
    engine_seed(rs, &st, gs);
    record_turn turn;
    record_turn_start(rs, &turn);
    game_record rec;
    int recording = c->o->records_dir != NULL;
    if (recording) {
        record_init(&rec);
        char where[4200]; /* the records' directory: the record names its rule file from there */
        snprintf(where, sizeof where, "%s/game.yaml", c->o->records_dir);
        record_set_game(&rec, rs, c->o->rule_path, where);
        rec.has_seed = 1;
        rec.seed = gs;
        for (int p = 0; p < rs->nplayers; p++) snprintf(rec.agent[p], RECORD_AGENT_MAX, "%s", agent_spec(by_player[p]));
        rec.players = rs->nplayers;
    }
    match_side local[TB_MAX_PLAYERS];
    memset(local, 0, sizeof local);
    long moves = 0;
    uint32_t entries = 0; /* moves and passed turns, as a record counts them */
    int ok = 1;
    cube_match money;
    cube_match_init(&money, 0);
    while (moves < c->max_moves) {
        if (par_stopping()) {
            ok = 0;
            break;
        }
        int n = record_settle(rs, &st, &c->legal, &turn);
        if (c->legal.error) {
            fprintf(stderr, "tabula match: error: %s\n", moves_error_text(c->legal.error));
            c->failed = 1;
            ok = 0;
            break;
        }
        if (n == 0) break;
        if (rs->cube.on && (turn.cube.offered || record_cube_point(&st, &turn))) {
            int over = match_cube(c, &st, &turn, &money, by_player, agent_of, local, gs, &entries, recording ? &rec : NULL);
            if (over < 0) {
                ok = 0;
                break;
            }
            if (over) break;
        }
        if (n < 0) { /* a roll none of whose dice can be played: the turn passes */
            if (recording && !record_push(&rec, RECORD_PASS, st.h.dice, st.h.ndice < 6 ? st.h.ndice : 6)) ok = 0;
            record_pass(rs, &st, &turn);
            entries++;
            if (!ok) break;
            continue;
        }
        int p = st.h.to_move;
        rng r;
        agent_ply_rng(&r, gs, entries);
        int k = agent_choose(by_player[p - 1], rs, &st, c->legal.m, n, &r);
        const agent_stats *as = agent_last_stats(by_player[p - 1]);
        match_side *side = &local[agent_of[p - 1]];
        side->decisions++;
        side->work += as->work;
        side->seconds += as->seconds;
        if (recording) {
            char text[RECORD_TEXT_MAX * 2];
            move_notation(rs, &c->legal.m[k], text, sizeof text);
            if (!record_push(&rec, text, turn.roll, rs->dice_count > 0 ? turn.nroll : 0)) ok = 0;
        }
        engine_apply(rs, &st, &c->legal.m[k], NULL);
        turn.passes = 0;
        if (recording && ok && rs->threat_text[0])
            rec.moves[rec.nmoves - 1].announced = (uint8_t)engine_threat(rs, &st, &c->legal);
        moves++;
        entries++;
        if (!ok) break;
    }
    if (recording) {
        if (ok) {
            /* A game cut off is a draw, as play --max-moves records it. */
            int cut = st.h.status == STATUS_ONGOING && moves >= c->max_moves;
            if (cut) rec.cut_off = (int)moves;
            if (cut) snprintf(rec.result, sizeof rec.result, "draw");
            else record_set_result(&rec, rs, &st, &turn.cube);
            if (!write_record(c, &rec, game)) ok = 0, c->failed = 1;
        } else if (!par_stopping() && !c->failed) {
            fprintf(stderr, "tabula match: error: out of memory for a record\n");
            c->failed = 1;
        }
        record_free(&rec);
    }
    if (!ok) return 0;
    match_result *m = &c->m;
    m->games++;
    for (int s = 0; s < np; s++) {
        m->side[s].doubles += local[s].doubles;
        m->side[s].drops += local[s].drops;
        m->side[s].decisions += local[s].decisions;
        m->side[s].work += local[s].work;
        m->side[s].seconds += local[s].seconds;
    }
    for (int p = 0; p < np; p++) m->side[agent_of[p]].games_as[p]++;
    if (turn.cube.dropped) { /* the doubler wins the stakes before the double */
        int doubler = tb_opponent(turn.cube.dropped);
        int s = agent_of[doubler - 1];
        m->side[s].wins[0]++;
        m->side[s].wins_as[doubler - 1]++;
        m->side[s].points += cube_points(rs, &money, &turn.cube, 1);
    } else if (st.h.status == STATUS_ONGOING) {
        m->unfinished++;
    } else if (st.h.winner == 0) {
        m->draws++;
    } else { /* the winner, and with teams every partner of theirs */
        int w = st.h.winner - 1;
        int score = st.h.score >= 1 && st.h.score <= 3 ? st.h.score : 1;
        for (int p = 0; p < np; p++) {
            if (p != w && !(rs->nteams && rs->team[p] == rs->team[w])) continue;
            int s = agent_of[p];
            m->side[s].wins[score - 1]++;
            m->side[s].wins_as[p]++;
            m->side[s].points += rs->cube.on ? cube_points(rs, &money, &turn.cube, score) : 0;
        }
    }
    m->length_sum += moves;
    m->length_sq += (long long)moves * moves;
    if (m->games == 1 || moves < m->length_min) m->length_min = moves;
    if (moves > m->length_max) m->length_max = moves;
    return 1;
}

int run_match(const ruleset *rs, const run_opts *o, run_result *res)
{
    match_result *m = &res->match;
    if (o->records_dir) {
        struct stat sb;
        if (mkdir(o->records_dir, 0777) != 0 && !(errno == EEXIST && stat(o->records_dir, &sb) == 0 && S_ISDIR(sb.st_mode))) {
            fprintf(stderr, "tabula match: error: cannot make the records directory %s: %s\n", o->records_dir,
                    strerror(errno == EEXIST ? ENOTDIR : errno));
            return 0;
        }
    }
    void **ctx = run_alloc_contexts(o->jobs, sizeof(match_ctx));
    int ok = ctx != NULL;
    for (int t = 0; ok && t < o->jobs; t++) {
        match_ctx *c = ctx[t];
        c->rs = rs;
        c->o = o;
        c->seed = res->info.seed;
        c->max_moves = m->max_moves;
        for (int s = 0; s < rs->nplayers && ok; s++) {
            char err[256];
            c->agents[s] = agent_create(m->agent[s], err, sizeof err);
            if (!c->agents[s]) {
                fprintf(stderr, "tabula match: error: %s\n", err);
                ok = 0;
            }
        }
        if (ok && (!move_list_reserve(&c->legal, TB_MOVES_INITIAL) ||
                   (rs->cube.on && !move_list_reserve(&c->scratch, TB_MOVES_INITIAL)))) {
            fprintf(stderr, "tabula match: error: out of memory\n");
            ok = 0;
        }
    }
    if (!ctx) fprintf(stderr, "tabula match: error: out of memory\n");
    if (ok) ok = run_execute(o, res, match_work, ctx, "games");
    long long max = m->max_moves;
    char agents[TB_MAX_PLAYERS][AGENT_SPEC_MAX];
    memcpy(agents, m->agent, sizeof agents);
    memset(m, 0, sizeof *m);
    memcpy(m->agent, agents, sizeof agents);
    m->max_moves = (long)max;
    m->cube = rs->cube.on;
    for (int t = 0; ctx && t < o->jobs; t++) {
        match_ctx *c = ctx[t];
        if (c->failed) ok = 0;
        const match_result *p = &c->m;
        if (p->games) {
            if (m->games == 0 || p->length_min < m->length_min) m->length_min = p->length_min;
            if (p->length_max > m->length_max) m->length_max = p->length_max;
        }
        m->games += p->games;
        m->draws += p->draws;
        m->unfinished += p->unfinished;
        m->length_sum += p->length_sum;
        m->length_sq += p->length_sq;
        for (int s = 0; s < rs->nplayers; s++) {
            match_side *d = &m->side[s];
            const match_side *q = &p->side[s];
            for (int k = 0; k < 3; k++) d->wins[k] += q->wins[k];
            for (int k = 0; k < TB_MAX_PLAYERS; k++) {
                d->wins_as[k] += q->wins_as[k];
                d->games_as[k] += q->games_as[k];
            }
            d->decisions += q->decisions;
            d->work += q->work;
            d->seconds += q->seconds;
            d->points += q->points;
            d->doubles += q->doubles;
            d->drops += q->drops;
        }
        for (int s = 0; s < TB_MAX_PLAYERS; s++) agent_free(c->agents[s]);
        move_list_free(&c->legal);
        move_list_free(&c->scratch);
    }
    run_free_contexts(ctx, o->jobs);
    return ok;
}
