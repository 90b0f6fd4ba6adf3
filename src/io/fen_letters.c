/* fen_letters.c - positions as piece-letter FEN (Forsyth-Edwards notation):
 * the rows from the top, each cell a letter (player 1's in upper case) or a
 * count of empty cells, rows split by `/`; then the side to move (w or b),
 * the castling rights (KQkq, file letters, or -), the cell that may be taken
 * en passant (or -), and the two move counts. The letters are the rule
 * file's `(letters ...)`. */
#include "fen_letters.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"

static int fail(char *err, size_t size, size_t at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int fail(char *err, size_t size, size_t at, const char *fmt, ...)
{
    int n = snprintf(err, size, "at column %zu: ", at + 1);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < size) vsnprintf(err + n, size - (size_t)n, fmt, ap);
    va_end(ap);
    return 0;
}

/* The type written LETTER (any case), with a `+` before it or not; -1 when none. */
static int type_of_letter(const ruleset *rs, char letter, int plus)
{
    char ch = (char)tolower((unsigned char)letter);
    for (int t = 0; t < rs->npiece_types; t++)
        if (rs->letters[t] == ch && (int)(rs->letter_plus >> t & 1) == plus) return t;
    return -1;
}

/* The rows and cells: `rnbqkbnr/pppppppp/8/...`. Returns the index after
 * them, or 0 with ERR set. */
static size_t read_board(const ruleset *rs, const char *t, state *st, char *err, size_t size)
{
    size_t i = 0;
    for (int row = rs->height - 1; row >= 0; row--) {
        int col = 0;
        while (t[i] && t[i] != '/' && !isspace((unsigned char)t[i])) {
            if (isdigit((unsigned char)t[i])) {
                char *end;
                long n = strtol(t + i, &end, 10);
                if (n < 1 || n > rs->width - col) /* not col + n: N may be near LONG_MAX */
                    return fail(err, size, i, "%ld empty cells do not fit row %d (%d cells)", n, row + 1, rs->width);
                col += (int)n;
                i = (size_t)(end - t);
                continue;
            }
            int plus = t[i] == '+' && rs->letter_plus;
            if (plus) i++;
            int type = isalpha((unsigned char)t[i]) ? type_of_letter(rs, t[i], plus) : -1;
            if (type < 0)
                return fail(err, size, i, "`%s%c` is no piece of this game (its letters are %s, upper case for "
                            "player 1)", plus ? "+" : "", t[i] ? t[i] : ' ', rs->letters);
            if (col >= rs->width) return fail(err, size, i, "row %d has more than %d cells", row + 1, rs->width);
            int cell = row * rs->width + col;
            if (!cellset_has(&rs->playable, cell))
                return fail(err, size, i, "%s is not a cell the game plays on", rs->cell_name[cell]);
            st->cell[cell] = piece_code(isupper((unsigned char)t[i]) ? 1 : 2, type);
            st->height[cell] = 1;
            col++;
            i++;
        }
        if (col != rs->width)
            return fail(err, size, i, "row %d has %d cells, the board %d", row + 1, col, rs->width);
        if (row > 0) {
            if (t[i] != '/') return fail(err, size, i, "expected `/` and the next row (the board has %d rows)", rs->height);
            i++;
        }
    }
    return i;
}

/* Marks every piece that castling reads as moved, but the royal pieces
 * and the castling partners the rights in T name (K, Q, k, q: the
 * outermost partner on that side; a file letter: the partner on that file). */
static int read_castling(const ruleset *rs, const char *t, size_t at, size_t len, state *st, char *err, size_t size)
{
    for (int c = 0; c < rs->ncells; c++)
        if (st->cell[c] && (rs->moved_types >> piece_type(st->cell[c]) & 1)) st->mark[c] = MARK_MOVED;
    if (len == 1 && t[at] == '-') return 1;
    for (size_t i = at; i < at + len; i++) {
        int player = isupper((unsigned char)t[i]) ? 1 : 2;
        char ch = (char)tolower((unsigned char)t[i]);
        int king = -1;
        for (int c = 0; c < rs->ncells && rs->castle.on; c++) /* the sets are not made yet: the cells */
            if (st->cell[c] == piece_code(player, rs->royal_type)) king = c;
        if (king < 0) return fail(err, size, i, "castling right `%c`, but player %d has no piece to castle", t[i], player);
        int row = rs->cell_row[king], partner = -1;
        uint8_t with = piece_code(player, rs->castle.with);
        if (ch == 'k' || ch == 'q') { /* the outermost partner towards the higher columns (k) or the lower */
            for (int col = 0; col < rs->width; col++) {
                int c = row * rs->width + (ch == 'k' ? rs->width - 1 - col : col);
                if (st->cell[c] == with && (ch == 'k' ? c > king : c < king)) {
                    partner = c;
                    break;
                }
            }
        } else if (ch >= 'a' && ch < 'a' + rs->width) {
            int c = row * rs->width + (ch - 'a');
            if (st->cell[c] == with) partner = c;
        } else {
            return fail(err, size, i, "castling rights are K, Q, k, q, file letters, or -; got `%c`", t[i]);
        }
        if (partner < 0)
            return fail(err, size, i, "castling right `%c`, but no %s of player %d stands there", t[i],
                        rs->piece_name[rs->castle.with], player);
        st->mark[king] = 0;
        st->mark[partner] = 0;
    }
    return 1;
}

/* The fields after the board of a game whose taken pieces go to a hand
 * (the SFEN form): the side to move, b for player 1 (who moves first) or w;
 * the pieces in hand (`-`, or `2P3p`: counts and letters, player 1's in upper
 * case); the move number. */
static int read_hands_form(const ruleset *rs, const char *text, int nf, const size_t *at, const size_t *len, state *st,
                           char *err, size_t size)
{
    if (nf > 0) {
        if (len[0] != 1 || (text[at[0]] != 'b' && text[at[0]] != 'w'))
            return fail(err, size, at[0], "the side to move is b (player 1, who moves first) or w (player 2)");
        st->h.to_move = text[at[0]] == 'b' ? 1 : 2;
    }
    if (nf > 1 && !(len[1] == 1 && text[at[1]] == '-')) {
        long count = 0;
        for (size_t i = at[1]; i < at[1] + len[1]; i++) {
            char ch = text[i];
            if (isdigit((unsigned char)ch)) {
                count = count * 10 + (ch - '0');
                if (count > 255) return fail(err, size, i, "a hand holds at most 255 pieces of a type");
                continue;
            }
            int t = isalpha((unsigned char)ch) ? type_of_letter(rs, ch, 0) : -1;
            int p = isupper((unsigned char)ch) ? 0 : 1;
            if (t < 0 || !rs->hand_counted[p][t])
                return fail(err, size, i, "`%c` is no piece a hand holds in this game", ch);
            st->h.hand[p][t] = (uint8_t)(count ? count : 1);
            count = 0;
        }
    }
    if (nf > 2) {
        long full = strtol(text + at[2], NULL, 10);
        if (full < 1 || full > 1000000) return fail(err, size, at[2], "the move number is 1 to 1000000");
        st->h.ply = (uint32_t)(full - 1);
    }
    if (nf > 3) return fail(err, size, at[3], "unexpected field after the move number");
    state_refresh(rs, st);
    engine_judge(rs, st);
    return 1;
}

int fen_letters_read(const ruleset *rs, const char *text, state *st, char *err, size_t size)
{
    state_clear(rs, st);
    size_t i = 0;
    while (isspace((unsigned char)text[i])) i++;
    size_t used = read_board(rs, text + i, st, err, size);
    if (!used) return 0;
    i += used;
    /* the fields after the board, each optional */
    const char *field[5] = { 0 };
    size_t at[5] = { 0 }, len[5] = { 0 };
    int nf = 0;
    while (nf < 5) {
        while (isspace((unsigned char)text[i])) i++;
        if (!text[i]) break;
        at[nf] = i;
        field[nf] = text + i;
        while (text[i] && !isspace((unsigned char)text[i])) i++;
        len[nf] = i - at[nf];
        nf++;
    }
    while (isspace((unsigned char)text[i])) i++;
    if (text[i]) return fail(err, size, i, "unexpected `%s` after the move counts", text + i);
    st->h.to_move = 1;
    if (rs->captures_to_hand) return read_hands_form(rs, text, nf, at, len, st, err, size);
    if (nf > 0) {
        if (len[0] != 1 || (field[0][0] != 'w' && field[0][0] != 'b'))
            return fail(err, size, at[0], "the side to move is w (player 1) or b (player 2)");
        st->h.to_move = field[0][0] == 'w' ? 1 : 2;
    }
    if (rs->uses_marks && !read_castling(rs, text, nf > 1 ? at[1] : 0, nf > 1 ? len[1] : 0, st, err, size)) return 0;
    if (nf > 2 && !(len[2] == 1 && field[2][0] == '-')) {
        char name[16];
        snprintf(name, sizeof name, "%.*s", (int)(len[2] < 15 ? len[2] : 15), field[2]);
        int e = ruleset_cell(rs, name), mover = tb_opponent(st->h.to_move);
        int fw = rs->forward[mover - 1], back = (fw + 4) & 7;
        if (e < 0 || rs->nbr[e][fw] == TB_NO_CELL || rs->nbr[e][back] == TB_NO_CELL || !rs->any_passable)
            return fail(err, size, at[2], "`%s` is no cell that can be taken en passant here", name);
        st->h.passage_to = rs->nbr[e][fw];
        st->h.passage_from = rs->nbr[e][back];
    }
    if (nf > 3) {
        long q = strtol(field[3], NULL, 10);
        if (q < 0 || q > 60000) return fail(err, size, at[3], "the half-move count is 0 to 60000");
        st->h.quiet = st->h.calm = (uint16_t)q;
    }
    if (nf > 4) {
        long full = strtol(field[4], NULL, 10);
        if (full < 1 || full > 1000000) return fail(err, size, at[4], "the move number is 1 to 1000000");
        st->h.ply = (uint32_t)(2 * (full - 1) + (st->h.to_move == 2));
    }
    state_refresh(rs, st);
    engine_judge(rs, st); /* a position given as it stands is judged as after a move */
    return 1;
}

int fen_letters_write(const ruleset *rs, const state *st, char *buf, size_t size)
{
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, __VA_ARGS__))
    for (int row = rs->height - 1; row >= 0; row--) {
        int empty = 0;
        for (int col = 0; col < rs->width; col++) {
            uint8_t code = st->cell[row * rs->width + col];
            if (!code) {
                empty++;
                continue;
            }
            if (empty) PUT("%d", empty);
            empty = 0;
            char ch = rs->letters[piece_type(code)];
            if (rs->letter_plus >> piece_type(code) & 1) PUT("+");
            PUT("%c", piece_owner(code) == 1 ? toupper((unsigned char)ch) : ch);
        }
        if (empty) PUT("%d", empty);
        if (row) PUT("/");
    }
    if (rs->captures_to_hand) { /* the side (b moves first), the hands, the move number */
        PUT(" %c ", st->h.to_move == 1 ? 'b' : 'w');
        int any = 0;
        for (int p = 0; p < 2; p++)
            for (int t = 0; t < rs->npiece_types; t++) {
                int h = st->h.hand[p][t];
                if (!h) continue;
                if (h > 1) PUT("%d", h);
                PUT("%c", p == 0 ? toupper((unsigned char)rs->letters[t]) : rs->letters[t]);
                any = 1;
            }
        if (!any) PUT("-");
        PUT(" %u", st->h.ply + 1);
        return n < size;
    }
    PUT(" %c ", st->h.to_move == 1 ? 'w' : 'b');
    int rights = 0;
    for (int p = 1; p <= 2 && rs->castle.on; p++) { /* an unmoved partner each side of an unmoved royal */
        int king = movegen_royal_cell(rs, st, p);
        if (king < 0 || (st->mark[king] & MARK_MOVED)) continue;
        uint8_t with = piece_code(p, rs->castle.with);
        for (int side = 0; side < 2; side++) {
            /* from the edge towards the royal piece: K or Q for the outermost partner, as X-FEN writes it;
             * the file letter for one inside another, which K or Q would not name */
            int row = rs->cell_row[king], outer = 1;
            for (int k = 0; k < rs->width; k++) {
                int col = side == 0 ? rs->width - 1 - k : k, c = row * rs->width + col;
                if (side == 0 ? c <= king : c >= king) break;
                if (st->cell[c] != with) continue;
                if (!(st->mark[c] & MARK_MOVED)) {
                    if (outer) PUT("%c", p == 1 ? "KQ"[side] : "kq"[side]);
                    else PUT("%c", p == 1 ? 'A' + col : 'a' + col);
                    rights++;
                }
                outer = 0;
            }
        }
    }
    if (!rights) PUT("-");
    int ep = -1;
    if (st->h.passage_to != TB_NO_CELL) /* the cell just behind the piece that passed */
        ep = rs->nbr[st->h.passage_to][(rs->forward[2 - st->h.to_move] + 4) & 7];
    PUT(" %s %d %u", ep >= 0 ? rs->cell_name[ep] : "-", st->h.quiet, st->h.ply / 2 + 1);
#undef PUT
    return n < size;
}
