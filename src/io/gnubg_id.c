/* gnubg_id.c - gnubg's position and match IDs (gnubg_id.h).
 *
 * Both are little-endian bit strings in base64 without padding. The
 * position key: for each side (the player not on roll first), for its
 * points 1..24 and then the bar, as many 1 bits as pieces and a 0. The
 * match key, from its lowest bit: the cube's log2 (4 bits), its owner (2: 3
 * centred), the player on roll (1), Crawford (1), the game state (3: 1
 * playing, 2 over), the player to decide (1), a double offered (1), a
 * resignation offered (2), the dice (3 + 3: 0 not rolled), the match length
 * (15: 0 money) and each player's score (15 + 15). */
#include "gnubg_id.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"

#define POINTS 24
#define PIECES_A_SIDE 15
#define POSITION_CHARS 14 /* 80 bits */
#define MATCH_CHARS 12    /* 72 bits, 66 used */

static const char base64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

const char *gnubg_id_unfit(const ruleset *rs)
{
    const track_rules *t = &rs->track;
    if (rs->topology != TOPO_TRACK || rs->ncells != POINTS || t->len[0] != POINTS || t->len[1] != POINTS)
        return "a track of 24 points, each player's path over all of them";
    for (int k = 0; k < POINTS; k++)
        if (t->path[1][k] != t->path[0][POINTS - 1 - k]) return "two paths running opposite ways round the points";
    if (t->bar < 0 || t->off < 0 || !t->hit || t->pin) return "a bar, hits and bearing off, and no pins";
    if (rs->dice_count != 2 || rs->dice_faces != 6) return "two six-sided dice";
    int pieces[2] = { 0, 0 };
    for (int i = 0; i < rs->nstart; i++) pieces[rs->start[i].owner - 1] += rs->start[i].count;
    if (pieces[0] != PIECES_A_SIDE || pieces[1] != PIECES_A_SIDE) return "two sides of 15 pieces";
    return NULL;
}

/* gnubg's side (0 or 1) of tabula's player P, and back. */
static int side_of(int p) { return p == 1 ? 1 : 0; }
static int player_of(int side) { return side == 1 ? 1 : 2; }

/* The cell of player P's own point K (1..24, 24 the farthest from home). */
static int cell_of(const ruleset *rs, int p, int k)
{
    return rs->track.path[p - 1][POINTS - k];
}

static void put_bits(uint8_t *key, int *at, unsigned long value, int bits)
{
    for (int i = 0; i < bits; i++, (*at)++)
        if (value >> i & 1) key[*at / 8] |= (uint8_t)(1u << (*at % 8));
}

static unsigned long get_bits(const uint8_t *key, int *at, int bits)
{
    unsigned long v = 0;
    for (int i = 0; i < bits; i++, (*at)++)
        if (key[*at / 8] >> (*at % 8) & 1) v |= 1ul << i;
    return v;
}

static void encode(const uint8_t *key, int chars, char *out)
{
    for (int c = 0; c < chars; c++) {
        int v = 0;
        for (int b = 0; b < 6; b++) {
            int bit = c * 6 + b; /* big-endian within each 6-bit group, bytes in order */
            int byte = bit / 8, shift = 7 - bit % 8;
            v = v << 1 | (key[byte] >> shift & 1);
        }
        out[c] = base64[v];
    }
    out[chars] = '\0';
}

/* Decodes CHARS characters of TEXT (starting at column FIRST of the whole
 * text) into KEY; 0 with ERR set on a character that is not base64. */
static int decode(const char *text, int first, int chars, uint8_t *key, size_t keysize, char *err, size_t errsize)
{
    memset(key, 0, keysize);
    for (int c = 0; c < chars; c++) {
        const char *hit = text[c] ? strchr(base64, text[c]) : NULL;
        if (!hit) {
            snprintf(err, errsize, "character %d `%c` is not base64 (A-Z, a-z, 0-9, + and /)", first + c + 1,
                     text[c]);
            return 0;
        }
        int v = (int)(hit - base64);
        for (int b = 0; b < 6; b++) {
            int bit = c * 6 + b, byte = bit / 8, shift = 7 - bit % 8;
            if ((size_t)byte < keysize && (v >> (5 - b) & 1)) key[byte] |= (uint8_t)(1u << shift);
        }
    }
    return 1;
}

void gnubg_id_write(const ruleset *rs, const state *st, char *buf, size_t size)
{
    uint8_t key[12];
    memset(key, 0, sizeof key);
    int at = 0, mover = st->h.to_move;
    for (int s = 0; s < 2; s++) {
        int p = s == 0 ? tb_opponent(mover) : mover;
        for (int k = 1; k <= POINTS + 1; k++) {
            int c = k <= POINTS ? cell_of(rs, p, k) : -1;
            int n = k > POINTS ? st->h.bar[p - 1] : piece_owner(st->cell[c]) == p ? st->height[c] : 0;
            put_bits(key, &at, (1ul << n) - 1, n + 1);
        }
    }
    char position[POSITION_CHARS + 1], match[MATCH_CHARS + 1];
    encode(key, POSITION_CHARS, position);
    /* The dice of a fresh roll only: gnubg knows no half-played turn. */
    int d1 = 0, d2 = 0;
    if (st->h.status == STATUS_ONGOING) {
        if (st->h.ndice == 2 && st->h.dice[0] != st->h.dice[1] && !st->h.turn_double) {
            d1 = st->h.dice[0] > st->h.dice[1] ? st->h.dice[0] : st->h.dice[1]; /* the larger first, as gnubg */
            d2 = st->h.dice[0] + st->h.dice[1] - d1;
        } else if (st->h.turn_double && st->h.ndice == rs->dice_doubles) {
            d1 = d2 = st->h.turn_double;
        }
    }
    memset(key, 0, sizeof key);
    at = 0;
    put_bits(key, &at, 0, 4);                       /* the cube at 1 */
    put_bits(key, &at, 3, 2);                       /* centred */
    put_bits(key, &at, (unsigned long)side_of(mover), 1);
    put_bits(key, &at, 0, 1);                       /* not the Crawford game */
    put_bits(key, &at, st->h.status == STATUS_ONGOING ? 1 : 2, 3);
    put_bits(key, &at, (unsigned long)side_of(mover), 1);
    put_bits(key, &at, 0, 1 + 2);                   /* no double, no resignation offered */
    put_bits(key, &at, (unsigned long)d1, 3);
    put_bits(key, &at, (unsigned long)d2, 3);
    put_bits(key, &at, 0, 15 + 15 + 15);            /* a money game, no score */
    encode(key, MATCH_CHARS, match);
    snprintf(buf, size, "%s:%s", position, match);
}

/* The match ID at TEXT (column FIRST of the whole): the player on roll and
 * the dice (0, 0 when not rolled). */
static int read_match(const char *text, int first, int *mover, int *d1, int *d2, char *err, size_t errsize)
{
    size_t len = strlen(text);
    if (len != MATCH_CHARS) {
        snprintf(err, errsize, "the match ID (after `:`) has %d characters, not %zu", MATCH_CHARS, len);
        return 0;
    }
    uint8_t key[9];
    if (!decode(text, first, MATCH_CHARS, key, sizeof key, err, errsize)) return 0;
    int at = 0;
    unsigned long cube = get_bits(key, &at, 4), owner = get_bits(key, &at, 2), on_roll = get_bits(key, &at, 1);
    get_bits(key, &at, 1);
    unsigned long game = get_bits(key, &at, 3);
    get_bits(key, &at, 1 + 1 + 2);
    *d1 = (int)get_bits(key, &at, 3);
    *d2 = (int)get_bits(key, &at, 3);
    unsigned long length = get_bits(key, &at, 15), score[2];
    score[0] = get_bits(key, &at, 15); /* one statement each: in order */
    score[1] = get_bits(key, &at, 15);
    const char *bad = NULL;
    if (cube > 15) bad = "the cube's value";
    else if (owner == 2) bad = "the cube's owner (0, 1 or 3 for centred)";
    else if (game > 4) bad = "the game state (0 to 4)";
    else if (*d1 > 6 || *d2 > 6 || (*d1 == 0) != (*d2 == 0)) bad = "the dice (both 1 to 6, or both 0: not rolled)";
    else if (length && (score[0] >= length || score[1] >= length)) bad = "the score (below the match length)";
    if (bad) {
        snprintf(err, errsize, "the match ID `%s` has an impossible value of %s", text, bad);
        return 0;
    }
    *mover = player_of((int)on_roll);
    return 1;
}

int gnubg_id_read(const ruleset *rs, const char *text, state *st, char *err, size_t errsize)
{
    const char *why = gnubg_id_unfit(rs);
    if (why) {
        snprintf(err, errsize, "%s does not fit gnubg's IDs, which describe %s", rs->title, why);
        return 0;
    }
    const char *colon = strchr(text, ':');
    size_t plen = colon ? (size_t)(colon - text) : strlen(text);
    if (plen != POSITION_CHARS) {
        snprintf(err, errsize, "a position ID has %d characters, not %zu (as gnubg shows it: `4HPwATDgc/ABMA`, "
                 "or with the match ID after a colon)", POSITION_CHARS, plen);
        return 0;
    }
    int mover = 1, d1 = 0, d2 = 0;
    if (colon && !read_match(colon + 1, (int)plen + 1, &mover, &d1, &d2, err, errsize)) return 0;
    uint8_t key[11];
    if (!decode(text, 0, POSITION_CHARS, key, sizeof key, err, errsize)) return 0;
    state_clear(rs, st);
    st->h.to_move = (uint8_t)mover;
    int at = 0;
    for (int s = 0; s < 2; s++) {
        int p = s == 0 ? tb_opponent(mover) : mover, total = 0;
        for (int k = 1; k <= POINTS + 1; k++) {
            int n = 0;
            while (at < 80 && (key[at / 8] >> (at % 8) & 1)) {
                n++;
                at++;
            }
            total += n;
            if (total > PIECES_A_SIDE) {
                snprintf(err, errsize, "the position ID gives player %d more than 15 pieces", p);
                return 0;
            }
            if (at >= 80) {
                snprintf(err, errsize, "the position ID's key ends before the points and bars of both sides are "
                         "counted (a 1 for each piece and a 0 after each point)");
                return 0;
            }
            at++; /* the 0 after the count */
            if (k > POINTS) {
                st->h.bar[p - 1] = (uint8_t)n;
            } else if (n) {
                int c = cell_of(rs, p, k);
                if (st->cell[c]) {
                    snprintf(err, errsize, "the position ID puts pieces of both players on player %d's point %d",
                             p, k);
                    return 0;
                }
                st->cell[c] = piece_code(p, rs->track.piece);
                st->height[c] = (uint8_t)n;
            }
        }
        st->h.off[p - 1] = (uint8_t)(PIECES_A_SIDE - total);
    }
    if (st->h.off[0] == PIECES_A_SIDE && st->h.off[1] == PIECES_A_SIDE) {
        snprintf(err, errsize, "the position ID has no piece of either player on the board: a game ends when "
                 "one of them has borne off all 15");
        return 0;
    }
    state_refresh(rs, st);
    engine_judge(rs, st);
    if (d1 && st->h.status == STATUS_ONGOING) {
        uint8_t roll[2] = { (uint8_t)d1, (uint8_t)d2 };
        engine_set_roll(rs, st, roll, 2);
    }
    return 1;
}
