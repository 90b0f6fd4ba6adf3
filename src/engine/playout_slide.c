/* playout_slide.c - random games of sliding games played on sets and
 * tables (playout_slide.h). A move costs a table read per piece and
 * direction to count the slides, one random number, the walk of one ray,
 * the custodial test where the piece lands beside an enemy, and the end
 * conditions read on counts; no move list, journal or state copy. The
 * position is written once, at the end, by the functions every move uses.
 *
 * Where every slide shoots, a move is a slide and a shot, drawn as
 * movegen_pick_slide draws it: a slide among all the slides (a table read
 * a piece and direction), then a number below the board's bound on shots,
 * kept when it names one of that slide's shots (the runs of the cell it
 * stops on, read from the lines, and back over the cell it left), else
 * both drawn again; after rs->shot_trials draws every move is counted. No
 * count of shots is kept from move to move. */
#include "playout_slide.h"

#include <string.h>
#include "engine.h"
#include "playout_history.h"
#include "movegen_internal.h"

/* The game as it stands: the cells, each player's pieces, the lines of
 * every axis, the counts the end conditions read, the history. */
typedef struct board {
    uint8_t cell[128];
    uint64_t own[2][2];
    uint64_t lines[TB_SLIDE_WORDS];
    int count[2][TB_MAX_PIECE_TYPES], pieces[2];
    uint64_t hash;
    uint64_t history[TB_HISTORY];
    uint8_t top;
    int len;
    /* bit h >> 54 of the hashes h in the history since it last started again
     * (and perhaps some older): a hash whose bit is clear is not there */
    uint64_t seen[16];
    int fresh; /* the newest position was not in seen */
    uint64_t movers[2][2]; /* shooting games: each player's pieces that have a rule (not the shots) */
} board;

/* The stops of class S in direction D from CELL. */
static inline int stops(const ruleset *rs, const board *b, int s, int d, int cell)
{
    uint64_t line = b->lines[rs->slide_lines.word[rs->slide_lines.axis_of[d]][cell]] >> rs->slide_lines.shift[d][cell];
    return rs->slide_lines.count[rs->slide_lines.base[s][d][cell] + (line & rs->slide_lines.mask[d][cell])];
}

static inline void flip(const ruleset *rs, board *b, int cell)
{
    for (int a = 0; a < rs->slide_lines.naxes; a++)
        b->lines[rs->slide_lines.word[a][cell]] ^= 1ull << rs->slide_lines.pos[a][cell];
}

/* Puts CODE (0: none) on CELL, keeping the sets, lines, counts and hash. */
static inline void put(const ruleset *rs, board *b, int cell, uint8_t code)
{
    uint8_t old = b->cell[cell];
    if (old) {
        b->own[piece_owner(old) - 1][cell >> 6] ^= 1ull << (cell & 63);
        b->count[piece_owner(old) - 1][piece_type(old)]--;
        b->pieces[piece_owner(old) - 1]--;
        if (rs->uses_repetition) b->hash ^= rs->zobrist[cell][piece_owner(old) - 1][piece_type(old)]; /* read only there */
    }
    if (code) {
        b->own[piece_owner(code) - 1][cell >> 6] ^= 1ull << (cell & 63);
        b->count[piece_owner(code) - 1][piece_type(code)]++;
        b->pieces[piece_owner(code) - 1]++;
        if (rs->uses_repetition) b->hash ^= rs->zobrist[cell][piece_owner(code) - 1][piece_type(code)];
    }
    if (!old != !code) flip(rs, b, cell);
    b->cell[cell] = code;
}

/* Shooting games: the run of empty cells from CELL in direction D, one read. */
static inline int run_of(const ruleset *rs, const board *b, int d, int cell)
{
    const slide_read *rd = &rs->slide_lines.ray_read[d][cell];
    return rs->slide_lines.count[rd->base + (b->lines[rd->word] >> rd->shift & rd->mask)];
}

/* The slides a piece of TYPE of player P + 1 would have from CELL: a table
 * read per line or ray (CELL's own bit is never read). */
static inline int slides_from(const ruleset *rs, const board *b, int type, int p, int cell)
{
    int reads = rs->slide_lines.nreads[type][p], n = 0;
    const slide_read *rd = &rs->slide_lines.read[rs->slide_lines.reads_of[type][p]][0][cell];
    for (int k = 0; k < reads; k++, rd += 128)
        n += rs->slide_lines.count[rd->base + (b->lines[rd->word] >> rd->shift & rd->mask)];
    return n;
}

/* The moves of player P + 1's piece on CELL: a table read per line or ray. */
static inline int piece_moves(const ruleset *rs, const board *b, int p, int cell)
{
    int type = piece_type(b->cell[cell]), reads = rs->slide_lines.nreads[type][p], n = 0;
    const slide_read *rd = &rs->slide_lines.read[rs->slide_lines.reads_of[type][p]][0][cell];
    for (int k = 0; k < reads; k++, rd += 128)
        n += rs->slide_lines.count[rd->base + (b->lines[rd->word] >> rd->shift & rd->mask)];
    return n;
}

/* The K-th stop (from 0) of rule R for player P + 1 from FROM in direction D. */
static int kth_stop(const ruleset *rs, const move_rule *r, int p, int from, int d, int k)
{
    for (int c = rs->ray[from][d];; c = rs->ray[c][d]) {
        if (r->has_within && !cellset_has(&r->within[p], c)) continue; /* crossed, not stopped on */
        if (k-- == 0) return c;
    }
}

/* 1 when PLAYER (1 or 2) has a move. */
static int can_move(const ruleset *rs, const board *b, int player)
{
    if (rs->slide_shoots) { /* a slide that way; it may always shoot back */
        const move_rule *rule = &rs->rules[rs->slide_shoot_rule];
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = b->movers[player - 1][w]; bits; bits &= bits - 1)
                for (int i = 0; i < rule->ndirs[0]; i++)
                    if (run_of(rs, b, rule->dirs[0][i], w * 64 + __builtin_ctzll(bits))) return 1;
        return 0;
    }
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = b->own[player - 1][w]; bits; bits &= bits - 1)
            if (piece_moves(rs, b, player - 1, w * 64 + __builtin_ctzll(bits))) return 1;
    return 0;
}

/* The end conditions after MOVER's move of a TYPE to TO, PLAYER to move
 * next, in the order engine_check_end reads them; 1 when one ends the game. */
static int ended(const ruleset *rs, const board *b, int mover, int player, int type, int to, slide_game *g)
{
    for (int i = 0; i < rs->nchecks; i++) {
        const end_rule *e = &rs->ends[rs->checks[i]];
        if (e->kind == END_REACH) {
            if (cellset_has(&e->region[mover - 1], to) && (e->piece < 0 || type == e->piece)) {
                g->winner = (uint8_t)mover;
                return 1;
            }
        } else if (e->kind == END_NO_PIECES) {
            for (int k = 1; k <= 2; k++) { /* the opponent first, as engine_check_end */
                int q = mover + k > 2 ? mover + k - 2 : mover + k;
                if (!b->pieces[q - 1]) {
                    g->winner = (uint8_t)engine_winner_of(e->outcome, q);
                    return 1;
                }
            }
        } else if (e->kind == END_NO_TYPE) {
            for (int k = 1; k <= 2; k++) { /* the opponent first, as engine_check_end */
                int q = mover + k > 2 ? mover + k - 2 : mover + k;
                if (e->moves >> q & 1 && !b->count[q - 1][e->piece]) {
                    g->winner = (uint8_t)engine_winner_of(e->outcome, q);
                    return 1;
                }
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

/* PLAYER, to move, has no move: as engine_settle, the first `blocked`
 * condition decides, else a draw. */
static void settle_blocked(const ruleset *rs, int player, slide_game *g)
{
    g->blocked = g->over = 1;
    g->winner = 0;
    for (int i = 0; i < rs->nends; i++)
        if (rs->ends[i].kind == END_BLOCKED) {
            g->winner = (uint8_t)engine_winner_of(rs->ends[i].outcome, player);
            break;
        }
}

static void play(const ruleset *rs, board *b, int player, rng *r, long max_plies, int *calm, int *taken, slide_game *g)
{
    cell_id at[128];
    uint8_t moves_of[128];
    for (g->plies = 0; g->plies < max_plies;) {
        int p = player - 1, total = 0, npieces = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = b->own[p][w]; bits; bits &= bits - 1) {
                int cell = w * 64 + __builtin_ctzll(bits), n = piece_moves(rs, b, p, cell);
                at[npieces] = (cell_id)cell;
                moves_of[npieces++] = (uint8_t)n;
                total += n;
            }
        if (total == 0) {
            settle_blocked(rs, player, g);
            return;
        }
        int k = (int)rng_below(r, (uint32_t)total), i = 0;
        while (k >= moves_of[i]) k -= moves_of[i++];
        /* the piece's rules and directions in the list's order, to the one K falls in */
        int from = at[i], type = piece_type(b->cell[from]), to = -1;
        for (int ri = 0; to < 0 && ri < rs->ntype_rules[type]; ri++) {
            int rule = rs->type_rules[type][ri], s = rs->slide_lines.class_of[rule][p];
            const move_rule *rr = &rs->rules[rule];
            for (int j = 0; j < rr->ndirs[p]; j++) {
                int d = rr->dirs[p][j], n = stops(rs, b, s, d, from);
                if (k < n) {
                    to = kth_stop(rs, rr, p, from, d, k);
                    break;
                }
                k -= n;
            }
        }
        cell_id caps[TB_MAX_DIRS];
        int ncaps = 0, enemy = 2 - p - 1;
        if (rs->custodial.on && ((rs->nbr_set[to].w[0] & b->own[enemy][0]) | (rs->nbr_set[to].w[1] & b->own[enemy][1])))
            ncaps = custodial_taken(rs, b->cell, player, from, to, type, caps); /* on the board before the move */
        put(rs, b, to, b->cell[from]);
        put(rs, b, from, 0);
        for (int c = 0; c < ncaps; c++) put(rs, b, caps[c], 0);
        taken[p] += ncaps;
        *calm = ncaps ? 0 : *calm + (*calm < 65535);
        g->plies++;
        g->last_to = to;
        int mover = player;
        player = 3 - player;
        b->hash ^= rs->zobrist_turn[mover] ^ rs->zobrist_turn[player];
        if (rs->uses_repetition) { /* engine_history_push */
            b->history[b->top++] = b->hash;
            if (ncaps || rs->irreversible_type[type]) {
                b->len = 1;
                memset(b->seen, 0, sizeof b->seen);
            } else if (b->len < TB_HISTORY) {
                b->len++;
            }
            b->fresh = history_note(b->seen, b->hash);
        }
        if (ended(rs, b, mover, player, type, to, g)) {
            g->decided = g->over = 1;
            return;
        }
    }
}

/* After MOVER's move from FROM to TO and the shot to SHOT: the history
 * and the end conditions, as engine_apply and engine_check_end (a shot is
 * material: the history starts again); 1 when the game ended. */
static int shot_made(const ruleset *rs, board *b, int mover, int type, int to, slide_game *g)
{
    int player = 3 - mover;
    g->plies++;
    g->last_to = to;
    b->hash ^= rs->zobrist_turn[mover] ^ rs->zobrist_turn[player];
    if (rs->uses_repetition) {
        b->history[b->top++] = b->hash;
        b->len = 1;
        memset(b->seen, 0, sizeof b->seen);
        b->fresh = history_note(b->seen, b->hash);
    }
    if (ended(rs, b, mover, player, type, to, g)) {
        g->decided = g->over = 1;
        return 1;
    }
    return 0;
}

/* The J-th shot (from 0) of a piece of rule RR for player P + 1 sliding
 * to TO along D, or -1 when it has J or fewer: the rule's directions in
 * order, each way TO's run, and back along D BACK cells (over the cell
 * left, empty by then, and its run beyond). */
static inline int jth_shot(const ruleset *rs, const board *b, const move_rule *rr, int p, int to, int d, int back, int j)
{
    int od = rs->slide_lines.opposite[d];
    for (int i = 0; i < rr->ndirs[p]; i++) {
        int e = rr->dirs[p][i], n = run_of(rs, b, e, to) + (e == od ? back : 0);
        if (j < n) return to + (j + 1) * rs->dir_delta[e];
        j -= n;
    }
    return -1;
}

/* The shots of that slide of a piece of TYPE, all directions: the slides
 * from TO (the rule's reads), and BACK (the cell left and its run beyond). */
static inline int shots_of(const ruleset *rs, const board *b, int type, int p, int to, int back)
{
    return slides_from(rs, b, type, p, to) + back;
}

#define SHOT_MEMO 256 /* the first slides of a move whose shots are kept once counted */

/* The mover's pieces of a shooting game and their slides, in
 * movegen_pick_slide's order: each piece's total (a table read per line),
 * and its slides each way, read only once a draw falls on the piece. */
typedef struct shooters {
    int n, total;
    cell_id at[128];
    uint8_t type[128];
    int ends[128];                 /* the slides of the pieces up to this one, with it */
    uint8_t known[128];
    uint8_t ways_end[128][TB_MAX_DIRS]; /* the stops each way up to this one, in the rule's directions' order */
} shooters;

/* The slide K-th (from 0) among all of them, as FROM, D (a direction), TO
 * and BACK (the cell left and the run beyond it); the piece's index. The
 * piece and the direction are found by counting the ends at or below K,
 * without a branch on K (a random number: no branch on it is predicted). */
static inline int kth_slide(const ruleset *rs, const board *b, shooters *s, int p, int k, int *from, int *d, int *to,
                            int *back)
{
    int i = 0;
    while (k >= s->ends[i]) i++;
    if (i) k -= s->ends[i - 1];
    const move_rule *rr = &rs->rules[rs->type_rules[s->type[i]][0]];
    int nd = rr->ndirs[p];
    if (!s->known[i]) {
        int end = 0;
        for (int x = 0; x < nd; x++) s->ways_end[i][x] = (uint8_t)(end += run_of(rs, b, rr->dirs[p][x], s->at[i]));
        s->known[i] = 1;
    }
    const uint8_t *e = s->ways_end[i];
    int x = 0;
    while (k >= e[x]) x++;
    if (x) k -= e[x - 1];
    *from = s->at[i];
    *d = rr->dirs[p][x];
    *to = *from + (k + 1) * rs->dir_delta[*d];
    int bx = rs->slide_lines.back_index[*d]; /* the cell left, and the run beyond it */
    *back = 1 + e[bx] - (bx ? e[bx - 1] : 0);
    return i;
}

/* Each slide's shots once counted in a move (a draw often falls on a
 * slide drawn before): the move's number marks the counts of this one. */
typedef struct shot_memo {
    uint32_t at[SHOT_MEMO], move;
    uint8_t shots[SHOT_MEMO];
} shot_memo;

/* Where a slide goes (kth_slide's answers), when found. */
typedef struct slide_at {
    int found, i, from, d, to, back;
} slide_at;

/* The shots of the K-th slide (from 0), counted once a move; where the
 * count is made, the slide is found and written to AT. */
static inline int slide_shots(const ruleset *rs, const board *b, shooters *s, int p, int k, shot_memo *m, slide_at *at)
{
    at->found = 0;
    if (k < SHOT_MEMO && m->at[k] == m->move) return m->shots[k];
    at->found = 1;
    at->i = kth_slide(rs, b, s, p, k, &at->from, &at->d, &at->to, &at->back);
    int n = shots_of(rs, b, s->type[at->i], p, at->to, at->back);
    if (k < SHOT_MEMO) {
        m->at[k] = m->move;
        m->shots[k] = (uint8_t)n;
    }
    return n;
}

/* The games where every move is a slide that shoots (rs->slide_shoots):
 * each move drawn as movegen_pick_slide's pick_by_rejection draws it, with
 * the same random numbers: the slides in its order (the pieces in cell
 * order, each piece's rule's directions, the stops along them), a slide, a
 * number below rs->shot_bound, again until that number names one of the
 * slide's shots; with rs->shot_exact slides or fewer, or after
 * rs->shot_trials draws, the pick among every move counted, in the same
 * order. */
static void play_shoot(const ruleset *rs, board *b, int player, rng *r, long max_plies, int *calm, slide_game *g)
{
    shooters s;
    shot_memo memo;
    memset(memo.at, 0, sizeof memo.at);
    memo.move = 0;
    for (g->plies = 0; g->plies < max_plies;) {
        int p = player - 1;
        s.n = s.total = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = b->movers[p][w]; bits; bits &= bits - 1) {
                int from = w * 64 + __builtin_ctzll(bits), type = piece_type(b->cell[from]);
                s.total += slides_from(rs, b, type, p, from);
                s.at[s.n] = (cell_id)from;
                s.type[s.n] = (uint8_t)type;
                s.known[s.n] = 0;
                s.ends[s.n++] = s.total;
            }
        if (s.total == 0) {
            settle_blocked(rs, player, g);
            return;
        }
        int shot = -1, trials = s.total > rs->shot_exact ? rs->shot_trials : 0; /* few slides: counted at once */
        slide_at w = { 0, 0, 0, 0, 0, 0 };
        memo.move++;
        for (int t = 0; t < trials && shot < 0; t++) {
            uint32_t k, j;
            rng_below_two(r, (uint32_t)s.total, rs->shot_bound, &k, &j);
            if ((int)j >= slide_shots(rs, b, &s, p, (int)k, &memo, &w)) continue;
            if (!w.found) w.i = kth_slide(rs, b, &s, p, (int)k, &w.from, &w.d, &w.to, &w.back);
            shot = jth_shot(rs, b, &rs->rules[rs->type_rules[s.type[w.i]][0]], p, w.to, w.d, w.back, (int)j);
        }
        if (shot < 0) { /* every move counted, in the same order (the counts kept for the walk) */
            int pairs = 0;
            for (int k = 0; k < s.total; k++) pairs += slide_shots(rs, b, &s, p, k, &memo, &w);
            int k = (int)rng_below(r, (uint32_t)pairs);
            for (int x = 0; shot < 0; x++) {
                int n = slide_shots(rs, b, &s, p, x, &memo, &w);
                if (k >= n) {
                    k -= n;
                    continue;
                }
                if (!w.found) w.i = kth_slide(rs, b, &s, p, x, &w.from, &w.d, &w.to, &w.back);
                shot = jth_shot(rs, b, &rs->rules[rs->type_rules[s.type[w.i]][0]], p, w.to, w.d, w.back, k);
            }
        }
        int i = w.i, from = w.from, to = w.to;
        const move_rule *rr = &rs->rules[rs->type_rules[s.type[i]][0]];
        b->movers[p][from >> 6] ^= 1ull << (from & 63);
        b->movers[p][to >> 6] ^= 1ull << (to & 63);
        put(rs, b, to, b->cell[from]);
        put(rs, b, from, 0);
        put(rs, b, shot, piece_code(player, rr->shoot_type));
        if (rs->ntype_rules[rr->shoot_type]) b->movers[p][shot >> 6] |= 1ull << (shot & 63); /* a shot that moves in turn */
        *calm = 0;
        if (shot_made(rs, b, player, s.type[i], to, g)) return;
        player = 3 - player;
    }
}

int playout_slide_fits(const ruleset *rs, const state *st)
{
    if (!rs->slide_playouts || st->h.status != STATUS_ONGOING || st->h.out) return 0;
    for (int c = 0; c < rs->ncells; c++)
        if (st->height[c] > 1) return 0;
    return 1;
}

void playout_slide_play(const ruleset *rs, const state *from, rng *r, long max_plies, state *st, slide_game *g)
{
    board b;
    memset(&b.own, 0, sizeof b.own);
    memset(&b.lines, 0, sizeof b.lines);
    memset(&b.count, 0, sizeof b.count);
    memset(&b.pieces, 0, sizeof b.pieces);
    for (int c = 0; c < rs->ncells; c++) {
        b.cell[c] = 0;
        put(rs, &b, c, from->cell[c]);
    }
    b.hash = from->h.hash;
    if (rs->uses_repetition) {
        memcpy(b.history, from->history, sizeof b.history);
        b.top = from->h.hist_top;
        b.len = from->h.hist_len;
        memset(b.seen, 0, sizeof b.seen);
        for (int k = 0; k < b.len; k++) { /* every position a later one is compared with */
            b.hash = b.history[(uint8_t)(b.top - 1 - k)];
            b.fresh = history_note(b.seen, b.hash);
        }
        b.hash = from->h.hash;
    }
    int calm = from->h.calm, taken[2] = { 0, 0 };
    g->decided = g->blocked = g->over = g->winner = 0;
    g->last_to = -1;
    if (rs->slide_shoots) {
        memset(b.movers, 0, sizeof b.movers);
        for (int c = 0; c < rs->ncells; c++)
            if (b.cell[c] && rs->ntype_rules[piece_type(b.cell[c])])
                b.movers[piece_owner(b.cell[c]) - 1][c >> 6] |= 1ull << (c & 63);
        play_shoot(rs, &b, from->h.to_move, r, max_plies, &calm, g);
    } else {
        play(rs, &b, from->h.to_move, r, max_plies, &calm, taken, g);
    }
    if (!st) return;
    for (int c = 0; c < rs->ncells; c++) /* as square_apply and square_take leave them */
        if (b.cell[c] != st->cell[c]) state_set(rs, st, c, b.cell[c], b.cell[c] ? 1 : 0, NULL);
    for (int p = 0; p < 2; p++) {
        int t = st->h.taken[p] + taken[p];
        st->h.taken[p] = (uint16_t)(t < 65535 ? t : 65535);
    }
    if (g->plies) st->h.quiet = 0; /* no no-progress rule: every move is progress */
    st->h.calm = (uint16_t)calm;
    st->h.ply += (uint32_t)g->plies;
    if (g->plies & 1) engine_next_player(rs, st);
    if (rs->uses_repetition) {
        memcpy(st->history, b.history, sizeof b.history);
        st->h.hist_top = b.top;
        st->h.hist_len = (uint16_t)b.len;
    }
    if (g->decided) engine_check_end(rs, st, g->last_to, engine_last_mover(rs, st));
    else if (g->blocked) engine_settle(rs, st, 0);
}
