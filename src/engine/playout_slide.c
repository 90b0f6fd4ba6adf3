/* playout_slide.c - random games of sliding games played on sets and
 * tables (playout_slide.h). A move costs a table read per piece and
 * direction to count the slides, one random number, the walk of one ray,
 * the custodial test where the piece lands beside an enemy, and the end
 * conditions read on counts; no move list, journal or state copy. The
 * position is written once, at the end, by the functions every move uses.
 *
 * Where every slide shoots, a move is a slide and a shot, and the draw is
 * among all such pairs. Each cell keeps the number of slides a piece there
 * would have (reach) and its empty run each way (run): the shots from a
 * cell a piece stops on are its reach, plus, back along the way it came,
 * the cell it left and that cell's run beyond. A cell filled or emptied
 * changes the counts of the cells whose rays meet it, found by walking its
 * own rays: no count is made from scratch after the playout's start.
 * Where the build has SSE2 the counts are kept once for each axis, line
 * by line, so that a ray's sum is one load, a mask and a byte sum, and
 * the shot is found from the runs of the cell stopped on, not a walk. */
#include "playout_slide.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
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
    /* shooting games (rs->slide_shoots): the slides a piece of the rule
     * would have from each cell, empty or not (the shots from where a piece
     * stops, but for the ray back over the cell it left): reach_of */
#if defined(__SSE2__)
    /* kept line by line along each axis of the rule, the i-th axis's
     * count of cell c at lane[rs->slide_lines.lane_at[c][i]]: a ray's stops
     * are consecutive bytes */
    _Alignas(16) uint8_t lane[TB_SLIDE_LANE];
#else
    uint8_t reach[128];
#endif
    uint8_t run[128][TB_MAX_DIRS]; /* ... the empty cells from each cell in each of the rule's directions */
    uint64_t movers[2][2]; /* ... and each player's pieces that have a rule (not the shots) */
    int lines_kept; /* the lines follow the pieces (shooting games read them at the start only) */
} board;

/* Shooting games: the slides a piece of the rule would have from CELL. */
static inline int reach_of(const ruleset *rs, const board *b, int cell)
{
#if defined(__SSE2__)
    return b->lane[rs->slide_lines.lane_at[cell][0]];
#else
    (void)rs;
    return b->reach[cell];
#endif
}

#if defined(__SSE2__)
_Static_assert(TB_SLIDE_LINE <= 16, "a ray's stops must fit one 16-byte load");

/* 16 bytes from 32 - n: n bytes of ones first; from n: n bytes last. */
static const uint8_t lane_ones[48] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* The reach of the N stops from FROM in direction D, as the two halves of a
 * vector: one load, a mask, one sum of bytes; no branch. */
static inline __m128i lane_sum(const ruleset *rs, const board *b, int from, int d, int n)
{
    int m = rs->slide_lines.lane_mask[d]; /* 32: the mask from 32 - n, 0: from n */
    __m128i v = _mm_loadu_si128((const __m128i *)(b->lane + rs->slide_lines.lane_ray[d][from]));
    __m128i k = _mm_loadu_si128((const __m128i *)(lane_ones + m + n - (m >> 4) * n));
    return _mm_sad_epu8(_mm_and_si128(v, k), _mm_setzero_si128());
}
#endif

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
        b->hash ^= rs->zobrist[cell][piece_owner(old) - 1][piece_type(old)];
    }
    if (code) {
        b->own[piece_owner(code) - 1][cell >> 6] ^= 1ull << (cell & 63);
        b->count[piece_owner(code) - 1][piece_type(code)]++;
        b->pieces[piece_owner(code) - 1]++;
        b->hash ^= rs->zobrist[cell][piece_owner(code) - 1][piece_type(code)];
    }
    if (!old != !code && b->lines_kept) flip(rs, b, cell);
    b->cell[cell] = code;
}

/* Shooting games: the run of empty cells from CELL in direction D, one read. */
static inline int run_of(const ruleset *rs, const board *b, int d, int cell)
{
    const slide_read *rd = &rs->slide_lines.ray_read[d][cell];
    return rs->slide_lines.count[rd->base + (b->lines[rd->word] >> rd->shift & rd->mask)];
}

/* Shooting games: CELL was just filled (FILLED 1) or emptied. A cell
 * whose ray in a direction E of the rule meets CELL across empty cells
 * (the cells the other way from CELL, up to and with the first piece)
 * loses or gains the cells of CELL's own ray in E, and CELL itself. Kept
 * for every cell, so that a cell a piece leaves has its count already. */
static inline void shoot_reach(const ruleset *rs, board *b, int cell, int filled)
{
    const move_rule *rule = &rs->rules[rs->slide_shoot_rule];
    for (int i = 0; i < rule->ndirs[0]; i++) {
        int e = rule->dirs[0][i], back = rs->slide_lines.opposite[e];
        uint8_t delta = (uint8_t)(1 + b->run[cell][e]); /* counts mod 256: each ends exact */
        if (filled) delta = (uint8_t)-delta;
        /* the empty cells, and the piece beyond them if the ray goes on:
         * cells a fixed offset apart, so no load waits for another */
        int n = b->run[cell][back], step = rs->dir_delta[back];
        n += n < rs->slide_len[cell][back];
#if defined(__SSE2__)
        /* the axes the rule lacks: a byte of the room, never read; the
         * places read before any byte is written (a byte may alias them) */
        uint8_t *run = &b->run[cell][e], *l = b->lane;
        const uint16_t *at = rs->slide_lines.lane_at[cell];
        for (int k = 0; k < n; k++) {
            run += step * TB_MAX_DIRS;
            at += step * TB_SLIDE_AXES;
            unsigned a0 = at[0], a1 = at[1], a2 = at[2], a3 = at[3];
            *run = (uint8_t)(*run + delta);
            l[a0] = (uint8_t)(l[a0] + delta);
            l[a1] = (uint8_t)(l[a1] + delta);
            l[a2] = (uint8_t)(l[a2] + delta);
            l[a3] = (uint8_t)(l[a3] + delta);
        }
#else
        for (int k = 1, y = cell + step; k <= n; k++, y += step) {
            b->run[y][e] = (uint8_t)(b->run[y][e] + delta);
            b->reach[y] = (uint8_t)(b->reach[y] + delta);
        }
#endif
    }
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
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = b->movers[player - 1][w]; bits; bits &= bits - 1)
                for (int d = 0; d < TB_MAX_DIRS; d++)
                    if (b->run[w * 64 + __builtin_ctzll(bits)][d]) return 1;
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

/* The pairs of a slide and its shot of the piece on FROM in direction D:
 * each stop's reach, and BACK (the cell left and its run beyond) once a stop. */
static inline int direction_pairs(const ruleset *rs, const board *b, int from, int d, int *back)
{
    int n = b->run[from][d];
    *back = 1 + b->run[from][rs->slide_lines.opposite[d]];
    int count = n * *back;
#if defined(__SSE2__)
    __m128i s = lane_sum(rs, b, from, d, n);
    count += _mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(s, s));
#else
    for (int k = 1, step = rs->dir_delta[d]; k <= n; k++) count += b->reach[from + k * step];
#endif
    return count;
}

/* The pairs of the piece on FROM of player P + 1, all directions of its rule RR. */
static inline int piece_pairs(const ruleset *rs, const board *b, const move_rule *rr, int p, int from)
{
    int count = 0;
#if defined(__SSE2__)
    __m128i s = _mm_setzero_si128();
    for (int j = 0; j < rr->ndirs[p]; j++) {
        int d = rr->dirs[p][j], n = b->run[from][d];
        count += n * (1 + b->run[from][rs->slide_lines.opposite[d]]);
        s = _mm_add_epi64(s, lane_sum(rs, b, from, d, n));
    }
    count += _mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(s, s));
#else
    for (int j = 0, back; j < rr->ndirs[p]; j++) count += direction_pairs(rs, b, from, rr->dirs[p][j], &back);
#endif
    return count;
}

/* The games where every move is a slide that shoots (rs->slide_shoots), in
 * movegen_pick_slide's order: the pieces in cell order, each piece's rule's
 * directions, and along a direction the cells it may stop on, each with its
 * shots. The pairs of a piece are counted at once (direction_pairs); only
 * the piece the random number falls on is counted again direction by
 * direction. */
static void play_shoot(const ruleset *rs, board *b, int player, rng *r, long max_plies, int *calm, slide_game *g)
{
    cell_id at[128];
    int pairs[128];
    for (g->plies = 0; g->plies < max_plies;) {
        int p = player - 1, total = 0, npieces = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = b->movers[p][w]; bits; bits &= bits - 1) {
                int from = w * 64 + __builtin_ctzll(bits);
                const move_rule *rr = &rs->rules[rs->type_rules[piece_type(b->cell[from])][0]]; /* its one rule */
                int count = piece_pairs(rs, b, rr, p, from);
                at[npieces] = (cell_id)from;
                pairs[npieces++] = count;
                total += count;
            }
        if (total == 0) {
            settle_blocked(rs, player, g);
            return;
        }
        int k = (int)rng_below(r, (uint32_t)total), i = 0;
        while (k >= pairs[i]) k -= pairs[i++];
        int from = at[i], type = piece_type(b->cell[from]), d = 0, back = 0;
        const move_rule *rr = &rs->rules[rs->type_rules[type][0]];
        for (int j = 0;; j++) { /* the direction K falls in */
            d = rr->dirs[p][j];
            int count = direction_pairs(rs, b, from, d, &back);
            if (k < count) break;
            k -= count;
        }
        int to = from + rs->dir_delta[d];
        for (;; to += rs->dir_delta[d]) { /* the stop */
            int shots = reach_of(rs, b, to) + back;
            if (k < shots) break;
            k -= shots;
        }
        int shot = -1, od = rs->slide_lines.opposite[d];
        for (int j = 0;; j++) { /* its K-th shot, in the rule's directions: each way TO's run, back over FROM too */
            int e = rr->dirs[p][j], n = b->run[to][e] + (e == od ? back : 0);
            if (k < n) {
                shot = to + (k + 1) * rs->dir_delta[e];
                break;
            }
            k -= n;
        }
        b->movers[p][from >> 6] ^= 1ull << (from & 63);
        b->movers[p][to >> 6] ^= 1ull << (to & 63);
        put(rs, b, to, b->cell[from]);
        shoot_reach(rs, b, to, 1);
        put(rs, b, from, 0);
        shoot_reach(rs, b, from, 0);
        put(rs, b, shot, piece_code(player, rr->shoot_type));
        shoot_reach(rs, b, shot, 1);
        if (rs->ntype_rules[rr->shoot_type]) b->movers[p][shot >> 6] |= 1ull << (shot & 63); /* a shot that moves in turn */
        *calm = 0;
        if (shot_made(rs, b, player, type, to, g)) return;
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
    b.lines_kept = 1;
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
        const move_rule *rule = &rs->rules[rs->slide_shoot_rule];
        memset(b.movers, 0, sizeof b.movers);
        memset(b.run, 0, sizeof b.run); /* directions of no rule stay 0 (can_move reads them all) */
#if defined(__SSE2__)
        memset(b.lane, 0, sizeof b.lane);
#endif
        for (int c = 0; c < rs->ncells; c++) {
            if (b.cell[c] && rs->ntype_rules[piece_type(b.cell[c])])
                b.movers[piece_owner(b.cell[c]) - 1][c >> 6] |= 1ull << (c & 63);
            int n = 0;
            for (int i = 0; i < rule->ndirs[0]; i++) {
                int d = rule->dirs[0][i];
                b.run[c][d] = (uint8_t)run_of(rs, &b, d, c);
                n += b.run[c][d];
            }
#if defined(__SSE2__)
            for (int a = 0; a < rs->slide_lines.lane_axes; a++) b.lane[rs->slide_lines.lane_at[c][a]] = (uint8_t)n;
#else
            b.reach[c] = (uint8_t)n;
#endif
        }
        b.lines_kept = 0; /* the runs follow the pieces instead */
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
