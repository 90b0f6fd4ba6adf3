/* report.c - results as text for people and as JSON for programs
 * (docs/json.md): every figure derived here from the integer sums of the
 * result, so that a merged result prints exactly like a whole run. */
#include "run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/json.h"
#include "lang/diag.h"
#include "stats.h"

static const char *const kind_names[] = { "playout", "match", "analyze", "perft" };
static const char *const clause_kind_names[] = { "move rule", "promotion", "max-capture criterion", "end condition",
                                                 "announcement", "clause" };
static const char *const unruled_names[] = { "entering", "bearing off", "exchanges", "other" };
static const char *const unruled_keys[] = { "enter", "bear_off", "exchange", "other" };

static double pct(double part, double whole)
{
    return whole > 0 ? 100 * part / whole : 0;
}

/* "share% [lo%, hi%]" of K in N. */
static void share_text(double k, double n, char *buf, size_t size)
{
    double lo, hi;
    stats_wilson(k, n, &lo, &hi);
    snprintf(buf, size, "%5.1f%% [%4.1f%%, %4.1f%%]", pct(k, n), 100 * lo, 100 * hi);
}

static void print_share(FILE *out, double k, double n)
{
    char buf[64];
    share_text(k, n, buf, sizeof buf);
    fputs(buf, out);
}

/* The shards a result holds, "1/4" or "1,3/4". */
static void shard_text(const run_info *ri, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int k = 1; k <= ri->shard_count && n + 16 < size; k++)
        if (ri->shard_has[k]) n += (size_t)snprintf(buf + n, size - n, "%s%d", n ? "," : "", k);
    snprintf(buf + n, size - n, "/%d", ri->shard_count);
}

/* Items of the run the shards of RI cover. */
static long shard_items(const run_info *ri)
{
    long items = 0;
    for (int k = 1; k <= ri->shard_count; k++)
        if (ri->shard_has[k]) {
            long first, end;
            run_shard_range(ri->total, k, ri->shard_count, &first, &end);
            items += end - first;
        }
    return items;
}

static int complete(const run_info *ri)
{
    return !ri->interrupted && ri->done == shard_items(ri);
}

/* The lines every summary starts with when the run is not whole. */
static void print_run_state(FILE *out, const run_info *ri, const char *unit)
{
    int all = 1;
    for (int k = 1; k <= ri->shard_count; k++) all &= ri->shard_has[k];
    if (!all) {
        char shards[256];
        shard_text(ri, shards, sizeof shards);
        fprintf(out, "shard:       %s of a run of %ld %s (%ld here)\n", shards, ri->total, unit, shard_items(ri));
    }
    if (!complete(ri))
        fprintf(out, "interrupted: %ld of %ld %s done; the figures below are for those\n", ri->done, shard_items(ri),
                unit);
}

/* ---- playout --------------------------------------------------------------- */

/* "player 1 N, player 2 M, ..." for the N players of a result. */
static void per_player(FILE *out, const char *label, const long *v, int n)
{
    fprintf(out, "%s", label);
    for (int p = 0; p < n; p++) fprintf(out, "%splayer %d %ld", p ? ", " : "", p + 1, v[p]);
    fputc('\n', out);
}

/* "teams:       1 and 3, 2 and 4 (a team's win COUNTED)" when the players
 * play in teams. */
static void text_teams(FILE *out, const run_info *ri, const char *counted)
{
    if (!ri->team[0]) return;
    fprintf(out, "teams:      ");
    for (int p = 0, groups = 0; p < ri->players; p++) {
        int first = 1;
        for (int k = 0; k < p; k++) first &= ri->team[k] != ri->team[p];
        if (!first) continue;
        fprintf(out, "%s", groups++ ? "," : "");
        for (int k = p, members = 0; k < ri->players; k++)
            if (ri->team[k] == ri->team[p]) fprintf(out, "%s %d", members++ ? " and" : "", k + 1);
    }
    fprintf(out, " (a team's win %s)\n", counted);
}

static int any_of(const long *v, int n)
{
    int any = 0;
    for (int p = 0; p < n; p++) any |= v[p] != 0;
    return any;
}

static void text_playout(FILE *out, const run_result *r)
{
    const playout_stats *s = &r->playout.s;
    print_run_state(out, &r->info, "games");
    double mean = s->games ? (double)s->moves / (double)s->games : 0;
    double rate = r->info.seconds > 0 ? (double)s->games / r->info.seconds : 0;
    fprintf(out, "games:       %ld (seed %llu)\n", s->games, (unsigned long long)r->info.seed);
    int n = r->info.players;
    text_teams(out, &r->info, "is counted for its first player");
    per_player(out, "wins:        ", s->wins, n);
    if (any_of(s->double_wins, n)) per_player(out, "double wins: ", s->double_wins, n);
    if (any_of(s->triple_wins, n)) per_player(out, "triple wins: ", s->triple_wins, n);
    fprintf(out, "draws:       %ld\n", s->draws);
    if (s->unfinished) fprintf(out, "unfinished:  %ld (cut off at %d moves)\n", s->unfinished, PLAYOUT_MAX_PLIES);
    fprintf(out, "mean length: %.1f moves\n", mean);
    fprintf(out, "speed:       %.0f playouts/s (%.3f s, %d thread%s)\n", rate, r->info.seconds, r->info.jobs,
            r->info.jobs == 1 ? "" : "s");
}

/* ---- match ----------------------------------------------------------------- */

static long side_wins(const match_side *s)
{
    return s->wins[0] + s->wins[1] + s->wins[2];
}

/* Agent S's score share: wins, half the draws and unfinished games. */
static double match_score(const match_result *m, int s)
{
    return (double)side_wins(&m->side[s]) + 0.5 * (double)(m->draws + m->unfinished);
}

static void elo_text(double v, char *buf, size_t size)
{
    if (isinf(v)) snprintf(buf, size, "%sinf", v > 0 ? "+" : "-");
    else snprintf(buf, size, "%+.0f", v + 0.0); /* + 0.0: no "-0" for an even score */
}

/* Agent S's losses: the games neither it nor a partner won, nor drawn. */
static long side_losses(const match_result *m, int s)
{
    return m->games - side_wins(&m->side[s]) - m->draws - m->unfinished;
}

/* The sides that can win: the teams, or else each player. An even agent
 * wins one game in that many. */
static int even_sides(const run_info *ri)
{
    int sides = 0;
    for (int p = 0; p < ri->players; p++) {
        int first = 1;
        for (int k = 0; k < p && ri->team[p]; k++) first &= ri->team[k] != ri->team[p];
        sides += first;
    }
    return sides;
}

/* Agent S's points when N sides can win: a win is one, a draw or an
 * unfinished game 1/N. */
static double match_score_n(const match_result *m, int s, int n)
{
    return (double)side_wins(&m->side[s]) + (double)(m->draws + m->unfinished) / n;
}

/* Each of the NP agents' wins, losses and draws with their shares, then
 * its wins in each seat. */
static void print_agent_table(FILE *out, const match_result *m, int np)
{
    double n = (double)m->games;
    fprintf(out, "%-20s %6s  %-22s %6s  %-22s %6s  %s\n", "agent", "wins", "share [95% interval]", "losses",
            "share [95% interval]", "draws", "share [95% interval]");
    long draws = m->draws + m->unfinished;
    for (int s = 0; s < np; s++) {
        long count[3] = { side_wins(&m->side[s]), side_losses(m, s), draws };
        fprintf(out, "%c %-18.18s", 'A' + s, m->agent[s]);
        for (int k = 0; k < 3; k++) {
            char share[64];
            share_text((double)count[k], n, share, sizeof share);
            fprintf(out, k < 2 ? " %6ld  %-22s" : " %6ld  %s", count[k], share);
        }
        fputc('\n', out);
    }
    fputc('\n', out);
    for (int s = 0; s < np; s++) {
        const match_side *d = &m->side[s];
        fprintf(out, "%c as player 1: %ld of %ld games won", 'A' + s, d->wins_as[0], d->games_as[0]);
        for (int p = 1; p < np; p++) fprintf(out, "; as player %d: %ld of %ld", p + 1, d->wins_as[p], d->games_as[p]);
        fputc('\n', out);
    }
}

/* The report of a match of more than two agents, one per seat, the seats
 * rotated (agent a is player ((a + g) mod N) + 1 in game g). */
static void text_match_multi(FILE *out, const run_result *r)
{
    const match_result *m = &r->match;
    int np = r->info.players;
    double n = (double)m->games;
    fprintf(out, "match:       %s, %d agents, seats rotated (agent a is player ((a + g) mod %d) + 1 in game g)\n",
            r->info.game, np, np);
    print_run_state(out, &r->info, "games");
    fprintf(out, "games:       %ld (seed %llu)\n", m->games, (unsigned long long)r->info.seed);
    text_teams(out, &r->info, "is a win of each partner's agent");
    fputc('\n', out);
    print_agent_table(out, m, np);
    for (int k = 1; k < 3; k++) {
        int any = 0;
        for (int s = 0; s < np; s++) any |= m->side[s].wins[k] != 0;
        if (!any) continue;
        fprintf(out, "%s wins:", k == 1 ? "double" : "triple");
        for (int s = 0; s < np; s++) fprintf(out, "%s %c %ld", s ? "," : "", 'A' + s, m->side[s].wins[k]);
        fprintf(out, " (of the wins above)\n");
    }
    if (m->unfinished)
        fprintf(out, "unfinished:  %ld games cut off at %ld moves, counted as draws\n", m->unfinished, m->max_moves);
    if (m->cube) {
        fprintf(out, "points:     ");
        for (int s = 0; s < np; s++) fprintf(out, "%s %c %lld", s ? "," : "", 'A' + s, m->side[s].points);
        fprintf(out, " (money play: each game's result times the cube)\n");
    }
    int sides = even_sides(&r->info);
    for (int s = 0; s < np; s++) {
        double lo, hi, pts = match_score_n(m, s, sides);
        stats_wilson(pts, n, &lo, &hi);
        double score = n > 0 ? pts / n : 1.0 / sides;
        double even = 1.0 / sides;
        fprintf(out, "score of %c:  %.1f%% [%.1f%%, %.1f%%] against an even %.1f%%%s\n", 'A' + s, 100 * score, 100 * lo,
                100 * hi, 100 * even, n > 0 && (hi < even || lo > even) ? (lo > even ? " (above)" : " (below)") : "");
    }
    fprintf(out, "             (a draw is 1/%d of a point%s)\n", sides, sides < np ? "; a team's win is a point for each partner" : "");
    double mean, sd;
    stats_mean_sd(n, (double)m->length_sum, (double)m->length_sq, &mean, &sd);
    fprintf(out, "length:      mean %.1f moves, sd %.1f, min %ld, max %ld\n", mean, sd, m->length_min, m->length_max);
    for (int s = 0; s < np; s++) {
        const match_side *d = &m->side[s];
        double per = d->decisions ? d->seconds / (double)d->decisions : 0;
        fprintf(out, "time/move:   %c %.3f ms over %lld moves", 'A' + s, 1000 * per, d->decisions);
        if (d->work && d->seconds > 0)
            fprintf(out, " (%.0f %s/s)", (double)d->work / d->seconds,
                    strncmp(m->agent[s], "mcts", 4) == 0 ? "iterations" : "nodes");
        fputc('\n', out);
    }
    fprintf(out, "time:        %.3f s, %d thread%s\n", r->info.seconds, r->info.jobs, r->info.jobs == 1 ? "" : "s");
}

static void text_match(FILE *out, const run_result *r)
{
    const match_result *m = &r->match;
    double n = (double)m->games;
    if (r->info.players > 2) {
        text_match_multi(out, r);
        return;
    }
    fprintf(out, "match:       %s, A %s against B %s, colours alternated (A is player 1 in even games)\n",
            r->info.game, m->agent[0], m->agent[1]);
    print_run_state(out, &r->info, "games");
    fprintf(out, "games:       %ld (seed %llu)\n\n", m->games, (unsigned long long)r->info.seed);
    print_agent_table(out, m, 2);
    for (int k = 1; k < 3; k++)
        if (m->side[0].wins[k] || m->side[1].wins[k])
            fprintf(out, "%s wins: A %ld, B %ld (of the wins above)\n", k == 1 ? "double" : "triple",
                    m->side[0].wins[k], m->side[1].wins[k]);
    if (m->unfinished)
        fprintf(out, "unfinished:  %ld games cut off at %ld moves, counted as draws\n", m->unfinished, m->max_moves);
    if (m->cube) {
        fprintf(out, "points:      A %lld, B %lld (money play: each game's result times the cube)\n", m->side[0].points,
                m->side[1].points);
        fprintf(out, "cube:        doubles offered A %ld, B %ld; dropped A %ld, B %ld\n", m->side[0].doubles,
                m->side[1].doubles, m->side[0].drops, m->side[1].drops);
    }
    double lo, hi;
    stats_wilson(match_score(m, 0), n, &lo, &hi);
    double score = n > 0 ? match_score(m, 0) / n : 0.5;
    char e[32], elo_lo[32], elo_hi[32];
    elo_text(stats_elo(score), e, sizeof e);
    elo_text(stats_elo(lo), elo_lo, sizeof elo_lo);
    elo_text(stats_elo(hi), elo_hi, sizeof elo_hi);
    fprintf(out, "score of A:  %.1f%% [%.1f%%, %.1f%%] (a draw is half a point)\n", 100 * score, 100 * lo, 100 * hi);
    fprintf(out, "Elo A - B:   %s [%s, %s]\n", e, elo_lo, elo_hi);
    double mean, sd;
    stats_mean_sd(n, (double)m->length_sum, (double)m->length_sq, &mean, &sd);
    fprintf(out, "length:      mean %.1f moves, sd %.1f, min %ld, max %ld\n", mean, sd, m->length_min, m->length_max);
    for (int s = 0; s < 2; s++) {
        const match_side *d = &m->side[s];
        double per = d->decisions ? d->seconds / (double)d->decisions : 0;
        fprintf(out, "time/move:   %c %.3f ms over %lld moves", "AB"[s], 1000 * per, d->decisions);
        if (d->work && d->seconds > 0)
            fprintf(out, " (%.0f %s/s)", (double)d->work / d->seconds,
                    strncmp(m->agent[s], "mcts", 4) == 0 ? "iterations" : "nodes");
        fputc('\n', out);
    }
    fprintf(out, "time:        %.3f s, %d thread%s\n", r->info.seconds, r->info.jobs, r->info.jobs == 1 ? "" : "s");
}

/* ---- analyze --------------------------------------------------------------- */

/* The file:line:col of clause I. */
static void clause_at(const analyze_result *a, int i, char *buf, size_t size)
{
    const clause_loc *c = &a->clauses[i];
    snprintf(buf, size, "%s:%d:%d", c->file < a->nfiles ? a->file_names[c->file] : "?", c->line, c->col);
}

/* The offset of LINE:COL (1-based, COL in characters) in SRC, or -1. */
static long offset_of(const src_file *src, int line, int col)
{
    size_t i = 0;
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(src->text + i, '\n', src->len - i);
        if (!nl) return -1;
        i = (size_t)(nl - src->text) + 1;
    }
    for (int c = 1; c < col && i < src->len && src->text[i] != '\n'; c++) {
        int n = source_utf8_length(src->text + i, src->len - i);
        i += n > 0 ? (size_t)n : 1;
    }
    return (long)i;
}

/* Warns of every clause that never fired, at its place with the source
 * line and a caret under the clause's head. */
static void warn_never_fired(FILE *diags_out, const analyze_result *a, long games)
{
    diag_sink sink;
    diag_init(&sink, diags_out);
    for (int f = 0; f < a->nfiles; f++) {
        src_file *src = NULL;
        for (int i = 0; i < a->nclauses; i++) {
            const clause_loc *c = &a->clauses[i];
            if (c->file != f || a->fired[i] || c->off) continue;
            char msg[256];
            snprintf(msg, sizeof msg, "`%s` (%s) never fired in %ld game%s", c->what, clause_kind_names[a->clause_kind[i]],
                     games, games == 1 ? "" : "s");
            if (!src) {
                int io;
                diag_sink quiet;
                diag_init(&quiet, NULL);
                src = source_load(a->files[f], &quiet, &io);
            }
            long at = src ? offset_of(src, c->line, c->col) : -1;
            if (at < 0) {
                char where[300];
                snprintf(where, sizeof where, "%s:%d:%d", a->files[f], c->line, c->col);
                diag_plain(&sink, where, DIAG_WARNING, "%s", msg);
                continue;
            }
            size_t len = strlen(c->what) + (src->text[at] == '(' ? 1 : 0);
            if ((size_t)at + len > src->len) len = src->len - (size_t)at;
            diag_at(&sink, src, span_make((uint32_t)at, (uint32_t)((size_t)at + len)), DIAG_WARNING, "%s", msg);
        }
        source_free(src);
    }
}

/* The length below which SHARE of the games ended. */
static long length_quantile(const analyze_result *a, double share)
{
    long n = a->s.games, seen = 0;
    if (n == 0) return 0;
    for (long l = 0; l <= a->max_moves; l++) {
        seen += a->lengths[l];
        if (n && (double)seen >= share * (double)n) return l;
    }
    return a->max_moves;
}

static void text_analyze(FILE *out, const run_result *r, FILE *diags_out)
{
    const analyze_result *a = &r->analyze;
    const playout_stats *s = &a->s;
    double n = (double)s->games;
    fprintf(out, "analysis:    %s (%s), %s plays %s\n", r->info.game, r->info.file, a->agent,
            r->info.players > 2 ? "every side" : "both sides");
    print_run_state(out, &r->info, "games");
    fprintf(out, "games:       %ld (seed %llu)\n", s->games, (unsigned long long)r->info.seed);
    text_teams(out, &r->info, "is counted for its first player");
    fputc('\n', out);

    fprintf(out, "outcome                games   share  [95%% interval]\n");
    static const char *const win_kind[3] = { "wins", "double wins", "triple wins" };
    for (int p = 0; p < r->info.players; p++) {
        const long *by_kind[3] = { &s->wins[p], &s->double_wins[p], &s->triple_wins[p] };
        for (int k = 0; k < 3; k++) {
            if (k && !*by_kind[k]) continue;
            fprintf(out, "  player %d %-12s %6ld  ", p + 1, win_kind[k], *by_kind[k]);
            print_share(out, (double)*by_kind[k], n);
            fputc('\n', out);
        }
    }
    fprintf(out, "  %-21s %6ld  ", "draws", s->draws);
    print_share(out, (double)s->draws, n);
    fputc('\n', out);
    if (s->unfinished) {
        fprintf(out, "  %-21s %6ld  ", "unfinished", s->unfinished);
        print_share(out, (double)s->unfinished, n);
        fprintf(out, " (cut off at %ld moves)\n", a->max_moves);
    }
    long w1 = s->wins[0] + s->double_wins[0] + s->triple_wins[0];
    if (r->info.players > 2) { /* an even side (seat or team) wins one game in N, and has its share of a draw */
        int sides = even_sides(&r->info);
        double even = 1.0 / sides, lo, hi;
        double points = (double)w1 + even * (double)(s->draws + s->unfinished);
        stats_wilson(points, n, &lo, &hi);
        fprintf(out, "first player: scores %.1f%% [%.1f%%, %.1f%%] of the points (a draw shared by all %d%s), "
                "against the %.1f%% of an even %s; ", pct(points, n), 100 * lo, 100 * hi, sides,
                sides < r->info.players ? " teams" : "", 100 * even, sides < r->info.players ? "team" : "seat");
        if (n == 0) fprintf(out, "no games\n");
        else if (lo > even) fprintf(out, "an advantage to player 1\n");
        else if (hi < even) fprintf(out, "a disadvantage to player 1\n");
        else fprintf(out, "no advantage shown at 95%%\n");
    } else {
        double points = (double)w1 + 0.5 * (double)(s->draws + s->unfinished), lo, hi;
        stats_wilson(points, n, &lo, &hi);
        fprintf(out, "first player: scores %.1f%% [%.1f%%, %.1f%%] of the points (a draw is half); ", pct(points, n),
                100 * lo, 100 * hi);
        if (n == 0) fprintf(out, "no games\n");
        else if (lo > 0.5) fprintf(out, "an advantage to player 1\n");
        else if (hi < 0.5) fprintf(out, "an advantage to player 2\n");
        else fprintf(out, "no advantage shown at 95%%\n");
    }

    fprintf(out, "\nhow games ended   games   draws  condition\n");
    for (int i = 0; i < a->nclauses; i++) {
        if (a->clause_kind[i] != CLAUSE_END) continue;
        char at[300];
        clause_at(a, i, at, sizeof at);
        fprintf(out, "  %-14s %7ld %7ld  %s\n", a->clauses[i].what, a->decided[i], a->draws_by[i], at);
    }
    if (a->undecided_draws)
        fprintf(out, "  %-14s %7ld %7ld  no condition: neither player could move\n", "-", a->undecided_draws,
                a->undecided_draws);
    if (s->unfinished) fprintf(out, "  %-14s %7ld %7s  not ended: cut off\n", "-", s->unfinished, "-");
    fprintf(out, "draw reasons: ");
    int any = 0;
    for (int i = 0; i < a->nclauses; i++)
        if (a->draws_by[i]) fprintf(out, "%s%s %ld", any++ ? ", " : "", a->clauses[i].what, a->draws_by[i]);
    if (a->undecided_draws) fprintf(out, "%sno move for either player %ld", any++ ? ", " : "", a->undecided_draws);
    fprintf(out, "%s\n", any ? "" : "none");

    double mean, sd, sum = 0, sq = 0;
    long lmin = -1, lmax = 0;
    for (long l = 0; l <= a->max_moves; l++)
        if (a->lengths[l]) {
            sum += (double)l * (double)a->lengths[l];
            sq += (double)l * (double)l * (double)a->lengths[l];
            if (lmin < 0) lmin = l;
            lmax = l;
        }
    stats_mean_sd(n, sum, sq, &mean, &sd);
    fprintf(out, "\nlength:      mean %.1f moves, sd %.1f, min %ld, median %ld, max %ld (10%%: %ld, 90%%: %ld)\n", mean,
            sd, lmin < 0 ? 0 : lmin, length_quantile(a, 0.5), lmax, length_quantile(a, 0.1), length_quantile(a, 0.9));
    if (lmin >= 0) {
        long width = (lmax - lmin) / 10 + 1, peak = 0;
        long bins[11] = { 0 };
        for (long l = lmin; l <= lmax; l++) bins[(l - lmin) / width] += a->lengths[l];
        for (int b = 0; b < 11; b++) if (bins[b] > peak) peak = bins[b];
        for (int b = 0; b < 11 && lmin + b * width <= lmax; b++) {
            fprintf(out, "  %6ld-%-6ld %8ld  ", lmin + b * width, lmin + (b + 1) * width - 1, bins[b]);
            for (long k = 0; peak && k < 40 * bins[b] / peak; k++) fputc('#', out);
            fputc('\n', out);
        }
    }
    double positions = 0, moves = 0;
    for (int p = 0; p < ANALYZE_MAX_PLY; p++) {
        positions += (double)a->branching[p][0];
        moves += (double)a->branching[p][1];
    }
    fprintf(out, "\nbranching:   %.2f legal moves per position on average; per ply (mean legal moves):\n",
            positions ? moves / positions : 0);
    for (int p = 0; p < 200 && p < ANALYZE_MAX_PLY; p += 10) {
        if ((double)a->branching[p][0] < 0.05 * n || a->branching[p][0] == 0) break;
        fprintf(out, "  %4d-%-4d", p + 1, p + 10);
        for (int q = p; q < p + 10; q++)
            if (a->branching[q][0]) fprintf(out, " %6.2f", (double)a->branching[q][1] / (double)a->branching[q][0]);
        fputc('\n', out);
    }

    fprintf(out, "\nrule coverage: how often each clause fired in %ld games\n", s->games);
    fprintf(out, "  %12s  %-14s %-22s %s\n", "fired", "clause", "kind", "where");
    for (int i = 0; i < a->nclauses; i++) {
        char at[300], count[64];
        clause_at(a, i, at, sizeof at);
        const clause_loc *c = &a->clauses[i];
        if (c->off) snprintf(count, sizeof count, "off");
        else snprintf(count, sizeof count, "%lld", a->fired[i]);
        fprintf(out, "  %12s  %-14s %-22s %s", count, c->what, clause_kind_names[a->clause_kind[i]], at);
        if (c->option[0]) fprintf(out, " (switched %s by option %s)", c->off ? "off" : "on", c->option);
        fputc('\n', out);
    }
    int unruled = 0;
    for (int k = 0; k < 4; k++)
        if (a->unruled[k]) fprintf(out, "%s%s %lld", unruled++ ? ", " : "  moves made by no move rule: ", unruled_names[k], a->unruled[k]);
    if (unruled) fputc('\n', out);
    fprintf(out, "  (a move rule fires when it makes the move played; a criterion when it takes candidates away;\n"
                 "   an end condition when it ends a game; an announcement when it is said)\n");
    output_flush(out);
    if (diags_out && s->games > 0) warn_never_fired(diags_out, a, s->games);
}

/* ---- perft ----------------------------------------------------------------- */

/* Compares notations with their numbers by value ("9-13" before "12-16"). */
static int natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            char *ea, *eb;
            unsigned long x = strtoul(a, &ea, 10), y = strtoul(b, &eb, 10);
            if (x != y) return x < y ? -1 : 1;
            a = ea;
            b = eb;
            continue;
        }
        if (*a != *b) return (unsigned char)*a - (unsigned char)*b;
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static void text_perft(FILE *out, const run_result *r)
{
    const perft_result *f = &r->perft;
    print_run_state(out, &r->info, "root moves");
    if (f->divide) {
        /* Sorted by notation (numbers by value), the order other engines'
         * divides are compared in. */
        int *order = malloc((size_t)(f->nroot > 0 ? f->nroot : 1) * sizeof *order);
        int k = 0;
        for (int i = 0; order && i < f->nroot; i++)
            if (f->root_done[i]) {
                int j = k++;
                while (j > 0 && natural_cmp(f->root_text[order[j - 1]], f->root_text[i]) > 0) {
                    order[j] = order[j - 1];
                    j--;
                }
                order[j] = i;
            }
        for (int j = 0; j < k; j++)
            fprintf(out, "%s %llu\n", f->root_text[order[j]], (unsigned long long)f->root_count[order[j]]);
        free(order);
    }
    uint64_t nodes = 0;
    for (int d = 0; d < f->depth; d++) {
        if (!f->divide || d == f->depth - 1) fprintf(out, "perft %d %llu\n", d + 1, (unsigned long long)f->counts[d]);
        nodes += f->counts[d];
    }
    double rate = r->info.seconds > 0 ? (double)nodes / r->info.seconds : 0;
    fprintf(out, "time %.3f s, %.0f nodes/s", r->info.seconds, rate);
    if (r->info.jobs > 1) fprintf(out, ", %d threads", r->info.jobs);
    fputc('\n', out);
}

void report_text(FILE *out, const run_result *r, FILE *diags_out)
{
    switch (r->info.kind) {
    case RUN_PLAYOUT: text_playout(out, r); break;
    case RUN_MATCH: text_match(out, r); break;
    case RUN_ANALYZE: text_analyze(out, r, diags_out); break;
    case RUN_PERFT: text_perft(out, r); break;
    }
    output_flush(out);
}

/* ---- JSON ------------------------------------------------------------------ */

static void json_pair(json_writer *w, const char *key, long long a, long long b)
{
    json_array_open(w, key);
    json_int(w, NULL, a);
    json_int(w, NULL, b);
    json_array_close(w);
}

static void json_interval(json_writer *w, const char *key, double k, double n)
{
    double lo, hi;
    stats_wilson(k, n, &lo, &hi);
    json_object_open(w, key);
    json_int(w, "count", (long long)k);
    json_double(w, "share", n > 0 ? k / n : 0);
    json_array_open(w, "interval");
    json_double(w, NULL, lo);
    json_double(w, NULL, hi);
    json_array_close(w);
    json_object_close(w);
}

/* A number, or null where it is infinite (JSON has no infinity). */
static void json_finite(json_writer *w, const char *key, double v)
{
    if (isfinite(v)) json_double(w, key, v);
    else json_null(w, key);
}

/* One number per player. */
static void json_players(json_writer *w, const char *key, const long *v, int n)
{
    json_array_open(w, key);
    for (int p = 0; p < n; p++) json_int(w, NULL, v[p]);
    json_array_close(w);
}

static void json_outcomes(json_writer *w, const playout_stats *s, int n)
{
    json_int(w, "games", s->games);
    json_players(w, "wins", s->wins, n);
    json_players(w, "double_wins", s->double_wins, n);
    json_players(w, "triple_wins", s->triple_wins, n);
    json_int(w, "draws", s->draws);
    json_int(w, "unfinished", s->unfinished);
    json_int(w, "moves", s->moves);
    json_double(w, "mean_length", s->games ? (double)s->moves / (double)s->games : 0);
}

static void json_match_length(json_writer *w, const match_result *m)
{
    double mean, sd;
    stats_mean_sd((double)m->games, (double)m->length_sum, (double)m->length_sq, &mean, &sd);
    json_object_open(w, "length");
    json_int(w, "sum", m->length_sum);
    json_int(w, "sum_squares", m->length_sq);
    json_int(w, "min", m->length_min);
    json_int(w, "max", m->length_max);
    json_double(w, "mean", mean);
    json_double(w, "sd", sd);
    json_object_close(w);
}

static void json_match(json_writer *w, const run_result *r)
{
    const match_result *m = &r->match;
    double n = (double)m->games;
    int np = r->info.players, sides = even_sides(&r->info);
    json_array_open(w, "agents");
    for (int s = 0; s < np; s++) json_string(w, NULL, m->agent[s]);
    json_array_close(w);
    json_int(w, "max_moves", m->max_moves);
    if (m->cube) json_bool(w, "cube", 1);
    json_int(w, "games", m->games);
    json_int(w, "draws", m->draws);
    json_int(w, "unfinished", m->unfinished);
    json_array_open(w, "sides");
    for (int s = 0; s < np; s++) {
        const match_side *d = &m->side[s];
        json_object_open(w, NULL);
        json_string(w, "agent", m->agent[s]);
        json_array_open(w, "wins_by_score");
        for (int k = 0; k < 3; k++) json_int(w, NULL, d->wins[k]);
        json_array_close(w);
        json_players(w, "wins_as", d->wins_as, r->info.players);
        json_players(w, "games_as", d->games_as, r->info.players);
        if (m->cube) {
            json_int(w, "points", d->points);
            json_int(w, "doubles", d->doubles);
            json_int(w, "drops", d->drops);
        }
        json_int(w, "decisions", d->decisions);
        json_int(w, "work", d->work);
        json_double(w, "seconds", d->seconds);
        json_interval(w, "wins", (double)side_wins(d), n);
        json_interval(w, "losses", (double)side_losses(m, s), n);
        json_interval(w, "draws", (double)(m->draws + m->unfinished), n);
        if (np > 2) { /* with two players, score_a below */
            double lo, hi, pts = match_score_n(m, s, sides);
            stats_wilson(pts, n, &lo, &hi);
            json_object_open(w, "score");
            json_double(w, "share", n > 0 ? pts / n : 1.0 / sides);
            json_array_open(w, "interval");
            json_double(w, NULL, lo);
            json_double(w, NULL, hi);
            json_array_close(w);
            json_double(w, "even", 1.0 / sides);
            json_object_close(w);
        }
        json_double(w, "seconds_per_move", d->decisions ? d->seconds / (double)d->decisions : 0);
        json_object_close(w);
    }
    json_array_close(w);
    if (np > 2) { /* each side's score instead */
        json_match_length(w, m);
        return;
    }
    double lo, hi, score = n > 0 ? match_score(m, 0) / n : 0.5;
    stats_wilson(match_score(m, 0), n, &lo, &hi);
    json_object_open(w, "score_a");
    json_double(w, "share", score);
    json_array_open(w, "interval");
    json_double(w, NULL, lo);
    json_double(w, NULL, hi);
    json_array_close(w);
    json_object_close(w);
    json_object_open(w, "elo_a_minus_b");
    json_finite(w, "difference", stats_elo(score));
    json_array_open(w, "interval");
    json_finite(w, NULL, stats_elo(lo));
    json_finite(w, NULL, stats_elo(hi));
    json_array_close(w);
    json_object_close(w);
    json_match_length(w, m);
}

static void json_analyze(json_writer *w, const run_result *r)
{
    const analyze_result *a = &r->analyze;
    const playout_stats *s = &a->s;
    double n = (double)s->games;
    json_string(w, "agent", a->agent);
    json_int(w, "max_moves", a->max_moves);
    json_outcomes(w, s, r->info.players);
    json_object_open(w, "shares");
    for (int p = 0; p < r->info.players; p++) {
        char key[32];
        snprintf(key, sizeof key, "player_%d_wins", p + 1);
        json_interval(w, key, (double)(s->wins[p] + s->double_wins[p] + s->triple_wins[p]), n);
    }
    json_interval(w, "draws", (double)s->draws, n);
    json_interval(w, "unfinished", (double)s->unfinished, n);
    json_object_close(w);
    double lo, hi, points = (double)(s->wins[0] + s->double_wins[0] + s->triple_wins[0]) +
                             0.5 * (double)(s->draws + s->unfinished);
    stats_wilson(points, n, &lo, &hi);
    json_object_open(w, "first_player_score");
    json_double(w, "share", n > 0 ? points / n : 0);
    json_array_open(w, "interval");
    json_double(w, NULL, lo);
    json_double(w, NULL, hi);
    json_array_close(w);
    json_object_close(w);
    json_int(w, "undecided_draws", a->undecided_draws);
    json_object_open(w, "unruled_moves");
    for (int k = 0; k < 4; k++) json_int(w, unruled_keys[k], a->unruled[k]);
    json_object_close(w);
    json_array_open(w, "files");
    for (int f = 0; f < a->nfiles; f++) json_string(w, NULL, a->files[f]);
    json_array_close(w);
    json_array_open(w, "file_names");
    for (int f = 0; f < a->nfiles; f++) json_string(w, NULL, a->file_names[f]);
    json_array_close(w);
    json_array_open(w, "clauses");
    for (int i = 0; i < a->nclauses; i++) {
        const clause_loc *c = &a->clauses[i];
        json_object_open(w, NULL);
        json_int(w, "file", c->file);
        json_int(w, "line", c->line);
        json_int(w, "col", c->col);
        json_string(w, "what", c->what);
        json_string(w, "kind", clause_kind_names[a->clause_kind[i]]);
        json_string(w, "option", c->option);
        json_int(w, "off", c->off);
        json_int(w, "fired", a->fired[i]);
        json_int(w, "decided", a->decided[i]);
        json_int(w, "draws", a->draws_by[i]);
        json_object_close(w);
    }
    json_array_close(w);
    json_array_open(w, "lengths");
    for (long l = 0; l <= a->max_moves; l++)
        if (a->lengths[l]) json_pair(w, NULL, l, a->lengths[l]);
    json_array_close(w);
    json_array_open(w, "branching");
    for (int p = 0; p < ANALYZE_MAX_PLY; p++)
        if (a->branching[p][0]) {
            json_array_open(w, NULL);
            json_int(w, NULL, p + 1);
            json_int(w, NULL, a->branching[p][0]);
            json_int(w, NULL, a->branching[p][1]);
            json_array_close(w);
        }
    json_array_close(w);
}

static void json_perft(json_writer *w, const run_result *r)
{
    const perft_result *f = &r->perft;
    json_int(w, "depth", f->depth);
    json_string(w, "position", f->position);
    json_int(w, "divide", f->divide);
    json_array_open(w, "counts");
    uint64_t nodes = 0;
    for (int d = 0; d < f->depth; d++) {
        json_int(w, NULL, (long long)f->counts[d]);
        nodes += f->counts[d];
    }
    json_array_close(w);
    json_array_open(w, "root");
    for (int i = 0; i < f->nroot; i++)
        if (f->root_done[i]) {
            json_object_open(w, NULL);
            json_int(w, "index", i);
            json_string(w, "move", f->root_text[i]);
            json_int(w, "count", (long long)f->root_count[i]);
            json_object_close(w);
        }
    json_array_close(w);
    json_double(w, "nodes_per_second", r->info.seconds > 0 ? (double)nodes / r->info.seconds : 0);
}

void report_json(FILE *out, const run_result *r)
{
    const run_info *ri = &r->info;
    json_writer w;
    json_begin(&w, out);
    json_object_open(&w, NULL);
    json_string(&w, "schema", "tabula-run/1");
    json_string(&w, "command", kind_names[ri->kind]);
    json_string(&w, "game", ri->game);
    if (ri->players > 2) json_int(&w, "players", ri->players); /* else two */
    json_groups(&w, "teams", ri->team, ri->players);
    json_object_open(&w, "ruleset");
    json_string(&w, "file", ri->file);
    json_string(&w, "digest", ri->digest);
    json_object_close(&w);
    json_object_open(&w, "options");
    for (int i = 0; i < ri->noptions; i++) json_string(&w, ri->option_name[i], ri->option_value[i]);
    json_object_close(&w);
    json_uint(&w, "seed", (unsigned long long)ri->seed);
    json_int(&w, "total", ri->total);
    json_object_open(&w, "shards");
    json_int(&w, "count", ri->shard_count);
    json_array_open(&w, "indices");
    for (int k = 1; k <= ri->shard_count; k++)
        if (ri->shard_has[k]) json_int(&w, NULL, k);
    json_array_close(&w);
    json_object_close(&w);
    json_int(&w, "done", ri->done);
    json_bool(&w, "complete", complete(ri));
    json_int(&w, "jobs", ri->jobs);
    json_double(&w, "seconds", ri->seconds);
    switch (ri->kind) {
    case RUN_PLAYOUT:
        json_outcomes(&w, &r->playout.s, r->info.players);
        json_double(&w, "playouts_per_second", ri->seconds > 0 ? (double)r->playout.s.games / ri->seconds : 0);
        break;
    case RUN_MATCH: json_match(&w, r); break;
    case RUN_ANALYZE: json_analyze(&w, r); break;
    case RUN_PERFT: json_perft(&w, r); break;
    }
    json_object_close(&w);
    json_end(&w);
    output_flush(out);
}
