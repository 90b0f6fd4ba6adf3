/* playout_line.c - random games of placing, stepping and flying games
 * whose lines remove a piece, played on bit sets (playout_line.h). A move
 * costs the pick's counts (movegen_pick_line: the moves that make no line,
 * then each line-making move once per victim), one random number, and the
 * move made on words with the hash, history and counters kept as
 * engine_apply keeps them; no move list, journal or state copy. The
 * position is written once, at the end, by the functions every move uses. */
#include "playout_line.h"

#include <string.h>
#include "engine.h"
#include "playout_history.h"
#include "line_runs.h"
#include "movegen_internal.h"

#define LINE_SOURCES 128 /* movegen_pick_line's room: the prepare keeps every position within it */
/* inlined into playout_line_play, so that its clone with popcnt has them too */
#define LINE_INLINE static inline __attribute__((always_inline))

/* The game as it stands: cells, each player's pieces and supply, the
 * header's counters, the history. */
typedef struct board {
    uint8_t cell[64];
    uint64_t own[2];
    int pieces[2], taken[2];
    uint8_t hand[2][TB_MAX_PIECE_TYPES];
    int in_hand[2]; /* the sum of each player's hand (fewer-pieces counts it) */
    uint64_t hash;
    uint32_t ply;
    uint16_t quiet, calm;
    uint64_t history[TB_HISTORY];
    uint8_t top;
    int len;
    /* bit h >> 54 of the hashes h in the history since it last started again
     * (and perhaps some older): a hash whose bit is clear is not there */
    uint64_t seen[16];
    int fresh; /* the newest position was not in seen */
} board;

/* The moves of one piece by one rule, or of one place rule (from: -1). */
typedef struct source {
    uint64_t to, closes;
    int from, rule;
} source;

/* A position's moves for the player to move, as the pick counts them. */
typedef struct counted {
    source src[LINE_SOURCES];
    int n;
    long plain, lines;
    uint64_t victims;
} counted;

/* Puts CODE (0: none) on CELL, keeping the sets, counts and hash. */
static inline void put(const ruleset *rs, board *b, int cell, uint8_t code)
{
    uint8_t old = b->cell[cell];
    if (old) {
        b->own[piece_owner(old) - 1] ^= 1ull << cell;
        b->pieces[piece_owner(old) - 1]--;
        b->hash ^= rs->zobrist[cell][piece_owner(old) - 1][piece_type(old)];
    }
    if (code) {
        b->own[piece_owner(code) - 1] ^= 1ull << cell;
        b->pieces[piece_owner(code) - 1]++;
        b->hash ^= rs->zobrist[cell][piece_owner(code) - 1][piece_type(code)];
    }
    b->cell[cell] = code;
}

/* rule_conditions_hold on the board. */
static inline int holds(const board *b, const move_rule *r, int p)
{
    if (!r->conditional) return 1;
    if (b->ply + 1 < r->ply_min || b->ply + 1 > r->ply_max) return 0;
    if (r->hand_cond && (b->hand[p][r->piece] == 0) != (r->hand_cond == HAND_EMPTY)) return 0;
    return b->pieces[p] >= r->pieces_min && b->pieces[p] <= r->pieces_max;
}

/* The cells where a piece from FROM (-1: placed) closes a line: the gaps
 * of the runs one piece short that it does not leave. */
LINE_INLINE uint64_t closing(const uint64_t *run, const uint64_t *gap, int ngaps, int from)
{
    uint64_t c = 0;
    for (int i = 0; i < ngaps; i++)
        if (from < 0 || !(run[i] >> from & 1)) c |= gap[i];
    return c;
}

/* Counts PLAYER's moves into C in movegen_pick_line's order: each piece's
 * live rules, then the place rules. */
LINE_INLINE void count_moves(const ruleset *rs, const board *b, int player, counted *c)
{
    int p = player - 1;
    uint64_t own = b->own[p], empty = rs->playable.w[0] & ~(own | b->own[1 - p]);
    const line_runs *t = &rs->runs[rs->line_removes_runs];
    uint64_t run[TB_MAX_LINE_RUNS], gap[TB_MAX_LINE_RUNS];
    int ngaps = 0;
    for (int k = 0; k < t->nruns; k++) { /* the runs one empty cell short of the mover's line */
        uint64_t g = t->run[k] & ~own;
        if ((g & (g - 1)) || !(g & empty)) continue;
        run[ngaps] = t->run[k];
        gap[ngaps++] = g;
    }
    uint8_t live[TB_MAX_PIECE_TYPES][TB_MAX_RULES], nlive[TB_MAX_PIECE_TYPES];
    for (int ty = 0; ty < rs->npiece_types; ty++) {
        nlive[ty] = 0;
        for (int i = 0; i < rs->ntype_rules[ty] && (rs->moving_types >> ty & 1); i++) {
            int ri = rs->type_rules[ty][i];
            if (holds(b, &rs->rules[ri], p)) live[ty][nlive[ty]++] = (uint8_t)ri;
        }
    }
    uint64_t gapped = 0, gaps = 0; /* the cells of the runs with a gap, and the gaps */
    for (int i = 0; i < ngaps; i++) gapped |= run[i], gaps |= gap[i];
    int n = 0;
    long plain = 0, lines = 0;
    for (uint64_t bits = own; bits; bits &= bits - 1) {
        int from = __builtin_ctzll(bits), ty = piece_type(b->cell[from]);
        if (!nlive[ty]) continue;
        uint64_t closes = gapped >> from & 1 ? closing(run, gap, ngaps, from) : gaps; /* a piece in none leaves none */
        for (int i = 0; i < nlive[ty]; i++) {
            int ri = live[ty][i];
            const move_rule *r = &rs->rules[ri];
            if (!r->from_any && !cellset_has(&r->from[p], from)) continue;
            uint64_t to = r->kind == RULE_FLY ? empty : rs->line_steps[rs->line_step_slot[ri]][p][from] & empty;
            plain += __builtin_popcountll(to);
            lines += __builtin_popcountll(to & closes);
            c->src[n].to = to;
            c->src[n].closes = closes;
            c->src[n].from = from;
            c->src[n++].rule = ri;
        }
    }
    uint64_t closes = gaps;
    for (int i = 0; i < rs->nplace_rules; i++) { /* place_targets, neither gravity nor outflanking */
        const move_rule *r = &rs->rules[rs->place_rules[i]];
        if (rs->hand_counted[p][r->piece] && b->hand[p][r->piece] == 0) continue;
        if (!holds(b, r, p)) continue;
        uint64_t to = r->from_any ? empty : empty & r->from[p].w[0];
        plain += __builtin_popcountll(to);
        lines += __builtin_popcountll(to & closes);
        c->src[n].to = to;
        c->src[n].closes = closes;
        c->src[n].from = -1;
        c->src[n++].rule = rs->place_rules[i];
    }
    c->n = n;
    c->victims = 0;
    if (lines) { /* line_victim_bits: the enemy pieces outside lines, or all */
        uint64_t theirs = b->own[1 - p], lined = 0;
        for (int k = 0; k < t->nruns && rs->line_spares; k++)
            if ((t->run[k] & theirs) == t->run[k]) lined |= t->run[k];
        c->victims = theirs & ~lined ? theirs & ~lined : theirs;
    }
    if (!c->victims) { /* nothing to remove: a line is a move like any other */
        for (int i = 0; i < n; i++) c->src[i].closes = 0;
        lines = 0;
    }
    c->plain = plain - lines;
    c->lines = lines;
}

LINE_INLINE long total_of(const counted *c)
{
    return c->plain + c->lines * __builtin_popcountll(c->victims);
}

LINE_INLINE int nth_bit(uint64_t bits, int k)
{
    while (k--) bits &= bits - 1;
    return __builtin_ctzll(bits);
}

/* The K-th move among the sources' moves that close a line (LINES) or do
 * not: its source, and its cell (placed and flown in cell order, stepped
 * in the rule's directions' order). */
LINE_INLINE const source *kth_move(const ruleset *rs, const counted *c, int p, int lines, long k, int *to)
{
    for (int i = 0; i < c->n; i++) {
        const source *s = &c->src[i];
        uint64_t set = s->to & (lines ? s->closes : ~s->closes);
        int n = __builtin_popcountll(set);
        if (k >= n) {
            k -= n;
            continue;
        }
        const move_rule *r = &rs->rules[s->rule];
        if (s->from < 0 || r->kind == RULE_FLY) {
            *to = nth_bit(set, (int)k);
            return s;
        }
        for (int d = 0; d < r->ndirs[p]; d++) {
            int cell = rs->nbr[s->from][r->dirs[p][d]];
            if (cell != TB_NO_CELL && (set >> cell & 1) && k-- == 0) {
                *to = cell;
                return s;
            }
        }
    }
    return NULL; /* not reached: K is below the count */
}

/* 1 when PLAYER has a move. */
LINE_INLINE int can_move(const ruleset *rs, const board *b, int player)
{
    counted c;
    count_moves(rs, b, player, &c);
    return total_of(&c) > 0;
}

/* The end conditions after MOVER's move, PLAYER to move next, in the order
 * engine_check_end reads them; 1 when one ends the game. */
LINE_INLINE int ended(const ruleset *rs, const board *b, int mover, int player, line_game *g)
{
    for (int i = 0; i < rs->nchecks; i++) {
        const end_rule *e = &rs->ends[rs->checks[i]];
        if (e->kind == END_NO_PIECES || e->kind == END_FEWER_PIECES) {
            for (int q = 3 - mover, k = 0; k < 2; k++, q = 3 - q) { /* the opponent first */
                int have = b->pieces[q - 1] + (e->kind == END_FEWER_PIECES ? b->in_hand[q - 1] : 0);
                if (e->kind == END_NO_PIECES ? have == 0 : have < e->moves) {
                    g->winner = (uint8_t)engine_winner_of(e->outcome, q);
                    return 1;
                }
            }
        } else if (e->kind == END_NO_PROGRESS) {
            if (b->quiet >= e->moves && !(history_blocked_before(rs, e) && !can_move(rs, b, player))) {
                g->winner = 0;
                return 1;
            }
        } else if (e->kind == END_REPETITION) {
            int seen = history_count(b->history, b->top, b->len, b->fresh, b->hash, e->moves);
            if (seen >= e->moves && !(history_blocked_before(rs, e) && !can_move(rs, b, player))) {
                g->winner = 0;
                return 1;
            }
        }
    }
    return 0;
}

/* Makes PLAYER's move of source S to TO, removing VICTIM (-1: none), with
 * the counters and history as square_apply and square_apply_other keep them. */
LINE_INLINE void make(const ruleset *rs, board *b, int player, const source *s, int to, int victim)
{
    int p = player - 1, caps = victim >= 0, type, material, irreversible;
    if (caps) {
        put(rs, b, victim, 0);
        b->taken[p]++;
    }
    if (s->from < 0) { /* from the supply: material, and irreversible where the supply is counted */
        type = rs->rules[s->rule].piece;
        put(rs, b, to, piece_code(player, type));
        if (rs->hand_counted[p][type]) {
            b->hash ^= rs->zobrist_hand[p][type] * b->hand[p][type];
            b->hand[p][type]--;
            b->in_hand[p]--;
            b->hash ^= rs->zobrist_hand[p][type] * b->hand[p][type];
        }
        material = 1;
        irreversible = rs->hand_counted[p][type];
    } else {
        uint8_t code = b->cell[s->from];
        type = piece_type(code);
        put(rs, b, s->from, 0);
        put(rs, b, to, code);
        material = caps;
        irreversible = caps || rs->irreversible_type[type];
    }
    b->quiet = engine_progress(rs, caps, 0, type) ? 0 : (uint16_t)(b->quiet + 1);
    b->calm = material ? 0 : (uint16_t)(b->calm + (b->calm < 65535));
    b->ply++;
    b->hash ^= rs->zobrist_turn[player] ^ rs->zobrist_turn[3 - player];
    if (rs->uses_repetition) { /* engine_history_push */
        b->history[b->top++] = b->hash;
        if (irreversible) {
            b->len = 1;
            memset(b->seen, 0, sizeof b->seen);
        } else if (b->len < TB_HISTORY) {
            b->len++;
        }
        b->fresh = history_note(b->seen, b->hash);
    }
}

LINE_INLINE void play(const ruleset *rs, board *b, int player, rng *r, long max_plies, line_game *g)
{
    counted c;
    for (g->plies = 0; g->plies < max_plies;) {
        count_moves(rs, b, player, &c);
        long total = total_of(&c);
        if (total == 0) { /* engine_settle: the first `blocked` condition decides, else a draw */
            g->blocked = g->over = 1;
            g->winner = 0;
            for (int i = 0; i < rs->nends; i++)
                if (rs->ends[i].kind == END_BLOCKED) {
                    g->winner = (uint8_t)engine_winner_of(rs->ends[i].outcome, player);
                    break;
                }
            return;
        }
        long k = (long)rng_below(r, (uint32_t)total);
        int to = -1, victim = -1;
        const source *s;
        if (k < c.plain) {
            s = kth_move(rs, &c, player - 1, 0, k, &to);
        } else { /* the line moves, each once per victim in cell order */
            long nv = __builtin_popcountll(c.victims);
            k -= c.plain;
            s = kth_move(rs, &c, player - 1, 1, k / nv, &to);
            victim = nth_bit(c.victims, (int)(k % nv));
        }
        make(rs, b, player, s, to, victim);
        g->plies++;
        g->last_to = to;
        player = 3 - player;
        if (ended(rs, b, 3 - player, player, g)) {
            g->decided = g->over = 1;
            return;
        }
    }
}

int playout_line_fits(const ruleset *rs, const state *st)
{
    if (!rs->line_playouts || st->h.status != STATUS_ONGOING || st->h.out) return 0;
    for (int c = 0; c < rs->ncells; c++)
        if (st->height[c] > 1) return 0;
    return 1;
}

/* The board of position ST. */
static void board_of(const ruleset *rs, const state *st, board *b)
{
    memset(b, 0, offsetof(board, history));
    for (int c = 0; c < rs->ncells; c++) put(rs, b, c, st->cell[c]);
    memcpy(b->hand, st->h.hand, sizeof b->hand);
    for (int p = 0; p < 2; p++)
        for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) b->in_hand[p] += b->hand[p][t];
    b->hash = st->h.hash;
    b->ply = st->h.ply;
    b->quiet = st->h.quiet;
    b->calm = st->h.calm;
    if (!rs->uses_repetition) return;
    memcpy(b->history, st->history, sizeof b->history);
    b->top = st->h.hist_top;
    b->len = st->h.hist_len;
    memset(b->seen, 0, sizeof b->seen);
    for (int k = 0; k < b->len; k++) { /* every position a later one is compared with */
        b->hash = b->history[(uint8_t)(b->top - 1 - k)];
        b->fresh = history_note(b->seen, b->hash);
    }
    b->hash = st->h.hash;
}

TB_POPCOUNT_CLONES /* the moves are counted at every position */
void playout_line_play(const ruleset *rs, const state *from, rng *r, long max_plies, state *st, line_game *g)
{
    board b;
    board_of(rs, from, &b);
    g->decided = g->blocked = g->over = g->winner = 0;
    g->last_to = -1;
    play(rs, &b, from->h.to_move, r, max_plies, g);
    if (!st) return;
    for (int c = 0; c < rs->ncells; c++) /* as square_apply, square_take and placing leave them */
        if (b.cell[c] != st->cell[c]) state_set(rs, st, c, b.cell[c], b.cell[c] ? 1 : 0, NULL);
    memcpy(st->h.hand, b.hand, sizeof b.hand);
    for (int p = 0; p < 2; p++) {
        int t = st->h.taken[p] + b.taken[p];
        st->h.taken[p] = (uint16_t)(t < 65535 ? t : 65535);
    }
    st->h.quiet = b.quiet;
    st->h.calm = b.calm;
    st->h.ply = b.ply;
    if (g->plies & 1) engine_next_player(rs, st);
    st->h.hash = b.hash; /* the supply's part too */
    if (rs->uses_repetition) {
        memcpy(st->history, b.history, sizeof b.history);
        st->h.hist_top = b.top;
        st->h.hist_len = (uint16_t)b.len;
    }
    if (g->decided) engine_check_end(rs, st, g->last_to, engine_last_mover(rs, st));
    else if (g->blocked) engine_settle(rs, st, 0);
}

/* 1 when every end condition of RS is one ended() reads, or `blocked` with
 * a plain outcome. */
static int ends_fit(const ruleset *rs)
{
    for (int i = 0; i < rs->nends; i++) {
        const end_rule *e = &rs->ends[i];
        int plain = e->outcome == OUT_WINS || e->outcome == OUT_LOSES || e->outcome == OUT_DRAW;
        switch ((end_kind)e->kind) {
        case END_NO_PIECES:
        case END_FEWER_PIECES:
        case END_BLOCKED:
            if (!plain) return 0;
            break;
        case END_REPETITION:
            if (e->perpetual_loses) return 0;
            break;
        case END_NO_PROGRESS:
            break;
        default:
            return 0;
        }
    }
    return 1;
}

/* 1 when the pick's sources always fit its room: a source per piece and
 * live rule (every playable cell a piece at most), and one per place rule. */
static int sources_fit(const ruleset *rs)
{
    int most = 0;
    for (int t = 0; t < rs->npiece_types; t++)
        if (rs->ntype_rules[t] > most) most = rs->ntype_rules[t];
    return rs->nplayable * most + rs->nplace_rules <= LINE_SOURCES;
}

/* line_steps: the cells each step rule reaches from each cell (as
 * movegen_pick_line's step_targets, less the test for empty); 0 when
 * there are more step rules than tables. */
static int step_tables(ruleset *rs)
{
    int slots = 0;
    for (int ri = 0; ri < rs->nrules; ri++) {
        const move_rule *r = &rs->rules[ri];
        rs->line_step_slot[ri] = 0;
        if (r->kind != RULE_STEP) continue;
        if (slots == TB_LINE_STEP_RULES) return 0;
        rs->line_step_slot[ri] = (uint8_t)slots;
        for (int p = 0; p < 2; p++)
            for (int from = 0; from < rs->ncells; from++) {
                uint64_t to = 0;
                for (int k = 0; k < r->ndirs[p]; k++) {
                    int c = rs->nbr[from][r->dirs[p][k]];
                    if (c != TB_NO_CELL) to |= 1ull << c;
                }
                rs->line_steps[slots][p][from] = r->has_within ? to & r->within[p].w[0] : to;
            }
        slots++;
    }
    return 1;
}

void playout_line_prepare(ruleset *rs)
{
    int ok = rs->pick_lines && rs->nplayers == 2 && rs->ncells <= 64 && rs->ops == &engine_square_ops &&
             step_tables(rs) &&
             !rs->pass_when_blocked && !rs->any_passable && !rs->captures_to_hand && !rs->counts_checks &&
             !rs->ncriteria && ends_fit(rs) && sources_fit(rs);
    for (int i = 0; i < rs->nplace_rules && ok; i++) {
        const move_rule *r = &rs->rules[rs->place_rules[i]];
        ok = !r->outflank && r->gravity == 255;
    }
    rs->line_playouts = (uint8_t)ok;
}
