/* view_result.c - a finished game's result in words: who won, how much, and
 * why, with the place in the rule file of the end condition that decided. */
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends printf-style text at *N of BUF (size SIZE), never overflowing. */
static void add(char *buf, size_t size, size_t *n, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void add(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
    if (*n >= size) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *n, size - *n, fmt, ap);
    va_end(ap);
    if (k > 0) *n += (size_t)k < size - *n ? (size_t)k : size - *n - 1;
}

/* What resets a no-progress count, as "a capture or a man's move". */
static void progress_words(const ruleset *rs, const end_rule *e, char *buf, size_t size)
{
    const char *part[2 + TB_MAX_PIECE_TYPES];
    char type_words[TB_MAX_PIECE_TYPES][TB_NAME_LEN + 16];
    int n = 0;
    if (e->reset_capture) part[n++] = "a capture";
    if (e->reset_promotion) part[n++] = "a promotion";
    for (int t = 0; t < rs->npiece_types; t++)
        if (e->reset_types >> t & 1) {
            snprintf(type_words[t], sizeof type_words[t], "a move of a %s", rs->piece_name[t]);
            part[n++] = type_words[t];
        }
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) add(buf, size, &k, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ", part[i]);
    if (n == 0) add(buf, size, &k, "anything counted as progress");
}

/* A cell of PLAYER's in REGION, for `reach`: the piece that got there. */
static int reached_cell(const ruleset *rs, const state *st, const cellset *region, int player)
{
    for (int c = 0; c < rs->ncells; c++)
        if (cellset_has(region, c) && st->cell[c] && piece_owner(st->cell[c]) == player) return c;
    return -1;
}

/* The counts of every player, as "5, 3 and 4" (COUNTS: pieces or taken). */
static void counts_words(const ruleset *rs, const uint16_t *counts, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int p = 0; p < rs->nplayers; p++)
        add(buf, size, &k, "%s%d", p == 0 ? "" : p == rs->nplayers - 1 ? " and " : ", ", counts[p]);
}

/* More than two players, the game won by the last one in: "player 2 is the
 * last player in (players 1 and 3 are out)". */
static int out_count(const ruleset *rs, const state *st)
{
    int out = 0;
    for (int p = 0; p < rs->nplayers; p++) out += st->h.out >> p & 1;
    return out;
}

/* The players out: "players 1 and 3 are out", "player 2 is out". */
static void out_words(const ruleset *rs, const state *st, char *buf, size_t size, size_t *n)
{
    int out = out_count(rs, st), k = 0;
    add(buf, size, n, "player%s", out == 1 ? "" : "s");
    for (int p = 0; p < rs->nplayers; p++)
        if (st->h.out >> p & 1) add(buf, size, n, "%s %d", k++ == 0 ? "" : k == out ? " and" : ",", p + 1);
    add(buf, size, n, " %s out", out == 1 ? "is" : "are");
}

static int last_in_words(const ruleset *rs, const state *st, char *buf, size_t size, size_t *n)
{
    if (rs->nplayers <= 2 || !st->h.winner || !st->h.out) return 0;
    if (out_count(rs, st) != rs->nplayers - 1) return 0; /* won by a condition of its own (a line, a reach) */
    add(buf, size, n, ": player %d is the last player in (", st->h.winner);
    out_words(rs, st, buf, size, n);
    add(buf, size, n, ")");
    return 1;
}

void view_resign_text(const ruleset *rs, const state *st, int player, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    add(buf, size, &n, "player %d resigns", player);
    if (rs->nplayers <= 2 || st->h.status != STATUS_ONGOING) return; /* the result says the rest */
    add(buf, size, &n, ": ");
    out_words(rs, st, buf, size, &n);
    add(buf, size, &n, "; player %d to move", st->h.to_move);
}

/* The end rule made from clause index CLAUSE, or NULL. */
static const end_rule *end_of_clause(const ruleset *rs, int clause)
{
    for (int i = 0; i < rs->nends; i++)
        if (rs->ends[i].clause == clause) return &rs->ends[i];
    return NULL;
}

void view_result_reason(const ruleset *rs, const state *st, int resigned, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    if (resigned && rs->nplayers > 2 && st->h.status == STATUS_OVER) { /* the last side in won */
        add(buf, size, &n, "player %d wins: player %d resigned; ", st->h.winner, resigned);
        out_words(rs, st, buf, size, &n);
        return;
    }
    if (resigned && rs->nplayers <= 2) {
        add(buf, size, &n, "player %d wins: player %d resigned", tb_opponent(resigned), resigned);
        return;
    }
    if (st->h.status == STATUS_ONGOING) return;
    int w = st->h.winner, l = rs->nplayers == 2 ? tb_opponent(w) : 0; /* the loser, where there is one */
    if (w == 0) add(buf, size, &n, "a draw");
    else add(buf, size, &n, "player %d %s", w, rs->result_words[st->h.score >= 3 ? 2 : st->h.score == 2 ? 1 : 0]);
    int clause = st->h.decided_by - 1;
    const end_rule *e = clause >= 0 ? end_of_clause(rs, clause) : NULL;
    if (last_in_words(rs, st, buf, size, &n)) return;
    if (!e) {
        /* No end condition decided: a player who cannot move where the rules
         * say nothing about it, or turns passing without end. */
        move room[16];
        int stuck = !engine_has_move(rs, st, rs->ops->legal, room, 16) && rs->topology != TOPO_TRACK;
        if (stuck) add(buf, size, &n, ": player %d has no legal move, and no end condition covers it", st->h.to_move);
        else add(buf, size, &n, ": no player could move for many turns in a row");
        return;
    }
    char words[160];
    add(buf, size, &n, ": ");
    switch ((end_kind)e->kind) {
    case END_NO_PIECES: {
        int p = w ? (e->outcome == OUT_WINS ? w : l) : 1;
        for (int x = rs->nplayers; x >= 1; x--) /* the first player without pieces */
            if (st->h.pieces[x - 1] == 0) p = x;
        add(buf, size, &n, "player %d has no pieces left", p);
        break;
    }
    case END_BLOCKED:
        if (e->outcome == OUT_MOST_PIECES && rs->nplayers > 2) {
            counts_words(rs, st->h.pieces, words, sizeof words);
            add(buf, size, &n, "no player can move%s, and the count is %s pieces", rs->pass_when_blocked ? "" : " on their turn",
                words);
        } else if (e->outcome == OUT_MOST_CAPTURED && rs->nplayers > 2) {
            counts_words(rs, st->h.taken, words, sizeof words);
            add(buf, size, &n, "player %d has no legal move, and the players have captured %s pieces", st->h.to_move,
                words);
        } else if (e->outcome == OUT_MOST_PIECES)
            add(buf, size, &n, "neither player can move%s, and the count is %d pieces to %d",
                rs->pass_when_blocked ? "" : " on their turn", st->h.pieces[0], st->h.pieces[1]);
        else if (e->outcome == OUT_MOST_CAPTURED && rs->pass_when_blocked)
            add(buf, size, &n, "neither player can move, and they have captured %d pieces to %d", st->h.taken[0],
                st->h.taken[1]);
        else if (e->outcome == OUT_MOST_CAPTURED)
            add(buf, size, &n, "player %d has no legal move, and the players have captured %d pieces to %d",
                st->h.to_move, st->h.taken[0], st->h.taken[1]);
        else
            add(buf, size, &n, "player %d has no legal move", st->h.to_move);
        break;
    case END_LINE:
        add(buf, size, &n, "player %d made a line of %s%d", w ? w : engine_last_mover(rs, st), e->exact ? "exactly " : "",
            e->moves);
        break;
    case END_FEWER_PIECES: {
        int p = w ? (e->outcome == OUT_WINS ? w : l) : 1;
        add(buf, size, &n, "player %d has fewer than %d pieces", p, e->moves);
        break;
    }
    case END_CONNECT:
        add(buf, size, &n, "player %d connected the two sides", w ? w : engine_last_mover(rs, st));
        break;
    case END_NO_PROGRESS:
        progress_words(rs, e, words, sizeof words);
        add(buf, size, &n, "%d move%s in a row without %s", e->moves, e->moves == 1 ? "" : "s", words);
        break;
    case END_REACH: {
        int c = reached_cell(rs, st, &e->region[w ? w - 1 : 0], w ? w : 1);
        if (c >= 0) add(buf, size, &n, "player %d reached %s", w, rs->cell_name[c]);
        else add(buf, size, &n, "player %d reached the goal", w);
        break;
    }
    case END_ALL_OFF:
        if (rs->nteams && w) { /* a team's win: its players, in order */
            add(buf, size, &n, "players");
            for (int x = 0, k = 0; x < rs->nplayers; x++)
                if (rs->team[x] == rs->team[w - 1]) add(buf, size, &n, "%s %d", k++ ? " and" : "", x + 1);
            add(buf, size, &n, " (a team) bore off every piece");
        } else
            add(buf, size, &n, "player %d bore off every piece", w);
        if (st->h.score >= 2 && w) add(buf, size, &n, ", and player %d none", l);
        if (st->h.score >= 3 && w) {
            int bar = rs->track.bar >= 0 && (e->triple_places >> rs->track.bar & 1) && st->h.bar[l - 1];
            if (bar) add(buf, size, &n, " and still has a piece on the %s", rs->offboard[rs->track.bar]);
            else add(buf, size, &n, " and still has a piece in player %d's home", w);
        }
        break;
    case END_PINNED_ON_START:
        if (w) add(buf, size, &n, "player %d's last piece on their starting point is pinned", l);
        else add(buf, size, &n, "the last piece on each player's starting point is pinned");
        break;
    case END_REPETITION:
        add(buf, size, &n, "the same position came %d times", e->moves);
        if (w) add(buf, size, &n, ", player %d checking with every move since it first stood", l);
        break;
    case END_MATERIAL:
        add(buf, size, &n, "%d piece%s against %d, for %d move%s", st->h.pieces[0], st->h.pieces[0] == 1 ? "" : "s",
            st->h.pieces[1], e->moves, e->moves == 1 ? "" : "s");
        break;
    case END_MATERIAL_WIN:
        add(buf, size, &n, "player %d has %d pieces against %d", w, st->h.pieces[w ? w - 1 : 0],
            st->h.pieces[w ? 2 - w : 1]);
        break;
    default:
        add(buf, size, &n, "the end condition `%s`", rs->clauses[clause].what);
        break;
    }
    const clause_loc *cl = &rs->clauses[clause];
    add(buf, size, &n, " (`%s` at %s:%d:%d)", cl->what, ruleset_file_shown(rs, cl->file), cl->line, cl->col);
}
