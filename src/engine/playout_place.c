/* playout_place.c - random games of placing games played on bit sets
 * (playout_place.h). A move costs a count of the cells its rule may fill,
 * one random number, one bit set and the end conditions read on sets: no
 * move list, no journal, no hash; the position is written once, at the end,
 * by the functions every move uses. */
#include "playout_place.h"

#include <string.h>
#include "engine.h"
#include "bits_select.h"
#include "line_runs.h"

/* At most this many `connect` conditions: two bits each in a group's flags. */
#define PLACE_MAX_CONNECTS 4

/* 1 when every link of the board has its link back: a group is then the
 * same whether its cells are joined one way or both (union-find joins both). */
static int links_symmetric(const ruleset *rs)
{
    for (int cell = 0; cell < rs->ncells; cell++)
        for (int d = 0; d < rs->ndirs; d++) {
            int n = rs->nbr[cell][d];
            if (n != TB_NO_CELL && !cellset_has(&rs->nbr_set[n], cell)) return 0;
        }
    return 1;
}

/* 1 when an outcome of a condition about PLAYER ends the game at once for
 * every player count (a loss among more than two puts one player out). */
static int ends_the_game(const ruleset *rs, int outcome)
{
    return outcome == OUT_WINS || outcome == OUT_DRAW || (outcome == OUT_LOSES && rs->nplayers == 2);
}

/* Numbers the lines of playable cells along each axis (directions d and
 * d + 4, d < 4), and each cell's bit in its line's word, so that a run
 * through a cell is read in one word a line (line_made). 0 when they do not
 * fit: a link without its link back, a ring of cells, a line of more than
 * 63 cells, or more than TB_PLACE_MAX_LINES lines. */
static int number_lines(ruleset *rs) /* sets rs->place_nlines when they fit */
{
    int nlines = 0;
    for (int d = 0; d < 4; d++) {
        for (int cell = 0; cell < rs->ncells; cell++) {
            if (!cellset_has(&rs->playable, cell)) continue;
            int next = rs->nbr[cell][d], prev = rs->nbr[cell][d + 4];
            if ((next != TB_NO_CELL && rs->nbr[next][d + 4] != cell) || (prev != TB_NO_CELL && rs->nbr[prev][d] != cell))
                return 0;
            rs->place_line[cell][d] = TB_PLACE_MAX_LINES; /* none yet */
        }
        for (int cell = 0; cell < rs->ncells; cell++) {
            if (!cellset_has(&rs->playable, cell) || rs->nbr[cell][d + 4] != TB_NO_CELL) continue; /* not a first cell */
            if (nlines == TB_PLACE_MAX_LINES) return 0;
            int pos = 0;
            for (int c = cell; c != TB_NO_CELL; c = rs->nbr[c][d], pos++) {
                if (pos == 63) return 0; /* the run's two shifts need one bit to spare */
                rs->place_line[c][d] = (uint16_t)nlines;
                rs->place_line_pos[c][d] = (uint8_t)pos;
            }
            nlines++;
        }
        for (int cell = 0; cell < rs->ncells; cell++) /* a cell on a ring has no first cell before it */
            if (cellset_has(&rs->playable, cell) && rs->place_line[cell][d] == TB_PLACE_MAX_LINES) return 0;
    }
    rs->place_nlines = (uint16_t)nlines;
    return 1;
}

void playout_place_prepare(ruleset *rs)
{
    rs->place_playouts = 0;
    rs->place_nlines = 0;
    if (!rs->pick_places || rs->nplace_rules != 1 || rs->swap_rule || rs->pass_when_blocked || rs->nremove_rules ||
        rs->uses_repetition || rs->counts_checks || rs->no_progress >= 0 || rs->captures_to_hand)
        return;
    const move_rule *r = &rs->rules[rs->place_rules[0]];
    if (r->conditional || r->outflank || rs->nrules != 1) return;
    for (int p = 0; p < rs->nplayers; p++)
        if (rs->hand_counted[p][r->piece]) return;
    int connects = 0, blocked = 0;
    for (int i = 0; i < rs->nends; i++) {
        const end_rule *e = &rs->ends[i];
        if (e->kind == END_BLOCKED) { /* the first one decides (engine_blocked) */
            if (!blocked && !ends_the_game(rs, e->outcome)) return;
            blocked = 1;
        } else if (e->kind == END_LINE) {
            if (!ends_the_game(rs, e->outcome)) return;
        } else if (e->kind == END_CONNECT) {
            if (!ends_the_game(rs, e->outcome) || ++connects > PLACE_MAX_CONNECTS) return;
        } else {
            return;
        }
    }
    if (connects && !links_symmetric(rs)) return;
    rs->place_playouts = 1;
    memset(rs->place_ends, 0, sizeof rs->place_ends);
    rs->place_connects_only = 1;
    for (int i = 0, c = 0; i < rs->nends; i++) {
        const end_rule *e = &rs->ends[i];
        if (e->kind == END_LINE) rs->place_connects_only = 0;
        /* a line line_runs cannot read (a board of more than one word, or
         * not of eight directions): words a line instead of walks; on a
         * small board the runs are quicker, with nothing to set up */
        if (e->kind == END_LINE && e->runs < 0 && !rs->place_nlines) number_lines(rs);
        if (e->kind != END_CONNECT) continue;
        for (int p = 0; p < rs->nplayers; p++)
            for (int cell = 0; cell < rs->ncells; cell++)
                rs->place_ends[p][cell] |= (uint8_t)(cellset_has(&e->region[p], cell) << 2 * c |
                                                     cellset_has(&e->other[p], cell) << (2 * c + 1));
        c++;
    }
}

/* The K-th cell (from 0) of the NW words of S, in cell order. Every word
 * is counted, and the word holding it found by comparisons, not by a branch
 * per word: which word it is is random. DEPOSIT: rs->bits_deposit. */
static inline __attribute__((always_inline)) int nth_cell(const uint64_t *s, int nw, int k, int deposit)
{
    int w = 0, before = 0, sum = 0;
    for (int i = 0; i + 1 < nw; i++) {
        sum += bits_count(s[i]);
        int past = k >= sum; /* the cell is beyond word i */
        w += past;
        before = past ? sum : before;
    }
    return w * 64 + bits_select(s[w], k - before, deposit);
}

static inline int has(const uint64_t *s, int cell) { return (int)(s[cell >> 6] >> (cell & 63) & 1); }

/* Pieces of OWN in a row from CELL in direction D, CELL left out. */
static inline int run_from(const ruleset *rs, const uint64_t *own, int cell, int d)
{
    int n = 0;
    for (int c = rs->nbr[cell][d]; c != TB_NO_CELL && has(own, c); c = rs->nbr[c][d]) n++;
    return n;
}

/* The line condition E met by the piece just placed on CELL (engine_end.c's
 * line_through, on the mover's set OWN, or on the words of its LINES, those
 * of rs->place_line, where the board has them). */
static inline __attribute__((always_inline)) int line_made(const ruleset *rs, const end_rule *e, const uint64_t *own, const uint64_t *lines, int cell)
{
    if (e->runs < 0 && rs->place_nlines) { /* the run through the cell's bit: the ones above it and below it, no loop */
        int met = 0;
#pragma GCC unroll 4
        for (int d = 0; d < 4; d++) {
            uint64_t m = lines[rs->place_line[cell][d]];
            int pos = rs->place_line_pos[cell][d];
            int n = __builtin_ctzll(~(m >> pos)) + __builtin_clzll(~(m << (63 - pos))) - 1;
            met |= e->exact ? n == e->moves : n >= e->moves;
        }
        return met;
    }
    if (e->runs >= 0) return line_runs_through(&rs->runs[e->runs], own[0], cell, e->exact);
    for (int d = 0; d < 4; d++) {
        int n = 1 + run_from(rs, own, cell, d) + run_from(rs, own, cell, d + 4);
        if (e->exact ? n == e->moves : n >= e->moves) return 1;
    }
    return 0;
}

/* Groups of pieces, each named by one of its cells: a piece reads its
 * group's name in one load (no chain of parents to climb, whose length the
 * position decides); when two groups meet, the smaller one's pieces, kept
 * in a ring, take the larger one's name, so a piece is renamed at most
 * log2 of the board's cells times in a game. A group's name carries its
 * size and two bits per `connect` condition: it touches the one end, the
 * other. */
typedef struct groups {
    uint16_t name[TB_MAX_CELLS]; /* each piece's group */
    uint16_t next[TB_MAX_CELLS]; /* the next piece of its group's ring */
    uint16_t size[TB_MAX_CELLS]; /* by a group's name: its pieces ... */
    uint8_t flags[TB_MAX_CELLS]; /* ... and the ends it touches */
    int nconnect;                /* the `connect` conditions (their ends: rs->place_ends) */
} groups;

/* Puts PLAYER's piece on CELL into the groups of the pieces OWN beside it;
 * returns the flags of the group it joins. */
static inline __attribute__((always_inline)) int join(const ruleset *rs, groups *gr, const uint64_t *own, int nw,
                                                      int player, int cell)
{
    int name = cell;
    gr->name[cell] = gr->next[cell] = (uint16_t)cell;
    gr->size[cell] = 1;
    gr->flags[cell] = rs->place_ends[player - 1][cell];
    for (int w = 0; w < nw; w++)
        for (uint64_t bits = rs->nbr_set[cell].w[w] & own[w]; bits; bits &= bits - 1) {
            int other = gr->name[w * 64 + __builtin_ctzll(bits)];
            if (other == name) continue;
            if (gr->size[other] > gr->size[name]) { /* the larger group keeps its name */
                int t = other;
                other = name;
                name = t;
            }
            int c = other;
            do {
                gr->name[c] = (uint16_t)name;
                c = gr->next[c];
            } while (c != other);
            uint16_t t = gr->next[name]; /* the two rings made one */
            gr->next[name] = gr->next[other];
            gr->next[other] = t;
            gr->size[name] = (uint16_t)(gr->size[name] + gr->size[other]);
            gr->flags[name] |= gr->flags[other];
        }
    return gr->flags[name];
}

/* The game from FROM, NW words of cells at a time (a constant where the
 * caller is inlined for one word). */
static inline __attribute__((always_inline)) void play(const ruleset *rs, const state *from, rng *r, place_game *g,
                                                        int nw)
{
    const move_rule *rule = &rs->rules[rs->place_rules[0]];
    uint64_t own[TB_MAX_PLAYERS][TB_CELL_WORDS], occupied[TB_CELL_WORDS], mask[TB_MAX_PLAYERS][TB_CELL_WORDS];
    for (int w = 0; w < nw; w++) {
        occupied[w] = 0;
        for (int p = 0; p < rs->nplayers; p++) {
            own[p][w] = from->occupant[p].w[w];
            occupied[w] |= own[p][w];
            mask[p][w] = rs->playable.w[w] & (rule->from_any ? ~0ull : rule->from[p].w[w]);
        }
    }
    int gravity = rule->gravity != 255, delta = gravity ? rs->dir_delta[rule->gravity] : 0;
    const uint64_t *floor = gravity ? rs->edge_of[rule->gravity].w : NULL;
    groups gr;
    gr.nconnect = 0;
    for (int i = 0; i < rs->nends; i++)
        gr.nconnect += rs->ends[i].kind == END_CONNECT;
    if (gr.nconnect) /* the pieces already on the board, in groups: each joins those joined before it */
        for (int p = 0; p < rs->nplayers; p++) {
            uint64_t joined[TB_CELL_WORDS] = { 0 };
            for (int w = 0; w < nw; w++)
                for (uint64_t bits = own[p][w]; bits; bits &= bits - 1) {
                    int cell = w * 64 + __builtin_ctzll(bits);
                    join(rs, &gr, joined, nw, p + 1, cell);
                    joined[w] |= bits & -bits;
                }
        }
    /* the lines of each player's pieces, a word a line (rs->place_line) */
    uint64_t lines[TB_MAX_PLAYERS][TB_PLACE_MAX_LINES];
    int nlines = rs->place_nlines;
    if (nlines)
        for (int p = 0; p < rs->nplayers; p++) {
            memset(lines[p], 0, (size_t)nlines * sizeof lines[p][0]);
            for (int w = 0; w < nw; w++)
                for (uint64_t bits = own[p][w] & rs->playable.w[w]; bits; bits &= bits - 1) {
                    int cell = w * 64 + __builtin_ctzll(bits);
                    for (int d = 0; d < 4; d++) lines[p][rs->place_line[cell][d]] |= 1ull << rs->place_line_pos[cell][d];
                }
        }
    int player = from->h.to_move;
    g->plies = 0;
    g->decided_by = -1;
    g->blocked = 0;
    /* Where every player may fill the same cells, they are kept from one
     * move to the next (the cell filled leaves them); else found again. */
    int shared = rule->from_any, n = 0, started = 0, connects_only = gr.nconnect && rs->place_connects_only;
    uint64_t where[TB_CELL_WORDS];
    for (;;) {
        if (!shared || !started) {
            started = 1;
            uint64_t rest[TB_CELL_WORDS];
            if (gravity) { /* a cell resting on a piece or on the edge */
                cellset occ, above;
                memcpy(occ.w, occupied, (size_t)nw * sizeof occupied[0]);
                cellset_shift(&occ, -delta, &above, nw);
                for (int w = 0; w < nw; w++) rest[w] = above.w[w] | floor[w];
            } else {
                for (int w = 0; w < nw; w++) rest[w] = ~0ull;
            }
            n = 0;
            for (int w = 0; w < nw; w++) n += bits_count(where[w] = mask[player - 1][w] & ~occupied[w] & rest[w]);
        }
        if (n == 0) { /* a full board: the first `blocked` condition decides, else a draw */
            g->blocked = g->over = 1;
            g->winner = 0;
            for (int i = 0; i < rs->nends; i++)
                if (rs->ends[i].kind == END_BLOCKED) {
                    int out = rs->ends[i].outcome;
                    g->winner = (uint8_t)(out == OUT_WINS ? player : out == OUT_LOSES ? tb_opponent(player) : 0);
                    break;
                }
            return;
        }
        int cell = nth_cell(where, nw, (int)rng_below(r, (uint32_t)n), rs->bits_deposit);
        uint64_t bit = 1ull << (cell & 63);
        own[player - 1][cell >> 6] |= bit;
        occupied[cell >> 6] |= bit;
        where[cell >> 6] &= ~bit;
        n--;
        if (gravity && shared) { /* the cell that rests on this one opens */
            int above = cell - delta;
            if (above >= 0 && above < rs->ncells && rs->nbr[above][rule->gravity] == cell && has(mask[0], above) &&
                !has(occupied, above)) {
                where[above >> 6] |= 1ull << (above & 63);
                n++;
            }
        }
        g->cell[g->plies++] = (cell_id)cell;
        if (nlines)
#pragma GCC unroll 4
            for (int d = 0; d < 4; d++)
                lines[player - 1][rs->place_line[cell][d]] |= 1ull << rs->place_line_pos[cell][d];
        int flags = gr.nconnect ? join(rs, &gr, own[player - 1], nw, player, cell) : 0;
        /* only connections to look for, and no group joins both ends of one: none is met */
        if (connects_only && !(flags & flags >> 1 & 0x55)) {
            player = tb_next_player(rs, player);
            continue;
        }
        for (int i = 0, c = 0; i < rs->nchecks; i++) { /* in the file's order, as engine_check_end */
            const end_rule *e = &rs->ends[rs->checks[i]];
            int met = e->kind == END_LINE ? line_made(rs, e, own[player - 1], lines[player - 1], cell) : (flags >> 2 * c++ & 3) == 3;
            if (met) {
                g->decided_by = (int8_t)rs->checks[i];
                g->over = 1;
                g->winner = (uint8_t)(e->outcome == OUT_DRAW ? 0 : e->outcome == OUT_WINS ? player : tb_opponent(player));
                return;
            }
        }
        player = tb_next_player(rs, player);
    }
}

TB_POPCOUNT_CLONES /* a move counts every word of cells */
void playout_place_play(const ruleset *rs, const state *from, rng *r, place_game *g)
{
    int nw = (rs->ncells + 63) >> 6;
    if (nw == 1) play(rs, from, r, g, 1);
    else if (nw == 2) play(rs, from, r, g, 2); /* boards to 128 cells: the words' loops unrolled */
    else play(rs, from, r, g, nw);
}

void playout_place_write(const ruleset *rs, state *st, const place_game *g)
{
    int type = rs->rules[rs->place_rules[0]].piece;
    for (int i = 0; i < g->plies; i++) { /* as square_apply_other and square_after make each move */
        state_set(rs, st, g->cell[i], piece_code(st->h.to_move, type), 1, NULL);
        st->h.quiet = 0; /* no no-progress rule: every move is progress */
        st->h.calm = 0;  /* a piece more on the board */
        st->h.ply++;
        engine_next_player(rs, st);
    }
    if (g->decided_by >= 0) {
        const end_rule *e = &rs->ends[g->decided_by];
        engine_decide(rs, st, e->outcome, engine_last_mover(rs, st), e);
    } else if (g->blocked) {
        engine_blocked(rs, st);
    }
}
