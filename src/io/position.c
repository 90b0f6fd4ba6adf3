/* position.c - reading a position mapping (position.h; its form is
 * docs/scenarios.md's `position`). */
#include "position.h"

#include "engine/engine.h"
#include "fen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const known_keys[] = { "to-move", "pieces", "dice", "removed", "collected",
                                          "bar", "off", "arrived", "quiet", "pinned", "left-start",
                                          "in-a-row", "fen", "hand", "played", "again", "out" };

/* Each player's pieces in the start position: no rule of the language makes
 * pieces during play (captures remove them, promotions change their type,
 * bars and off-board places hold them), so no position reached in play has
 * more, on a cell or in all. Capped at what a stack's byte holds. */
static void start_totals(const ruleset *rs, int total[TB_MAX_PLAYERS])
{
    memset(total, 0, TB_MAX_PLAYERS * sizeof *total);
    for (int i = 0; i < rs->nstart; i++) total[rs->start[i].owner - 1] += rs->start[i].count;
    for (int p = 0; p < TB_MAX_PLAYERS; p++)
        for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) total[p] += rs->hand_start[p][t];
    if (rs->topology == TOPO_TRACK) /* pieces that start off the board */
        for (int p = 0; p < rs->nplayers; p++) total[p] += rs->track.start_bar[p];
    if (rs->sow.on || rs->captures_to_hand) { /* seeds belong to the side they lie on; taken pieces change sides */
        int all = 0;
        for (int p = 0; p < rs->nplayers; p++) all += total[p];
        for (int p = 0; p < rs->nplayers; p++) total[p] = all;
    }
    for (int p = 0; p < rs->nplayers; p++)
        if (total[p] > 255) total[p] = 255;
}

/* The most pieces PLAYER can have on the board: the start's and supplies',
 * or every cell where a type of theirs is placed without a count or shot. */
static int board_most(const ruleset *rs, const int total[TB_MAX_PLAYERS], int player)
{
    for (int i = 0; i < rs->nplace_rules; i++)
        if (!rs->hand_counted[player - 1][rs->rules[rs->place_rules[i]].piece]) return rs->nplayable;
    for (int i = 0; i < rs->nrules; i++) /* shots make pieces too */
        if (rs->rules[i].shoot) return rs->nplayable;
    return total[player - 1];
}

/* `hand: {1: {stone: 12}}`: the pieces still to place of counted supplies. */
static void read_hands(const ruleset *rs, const yaml_doc *doc, const yaml_item *v, diag_sink *d, state *st)
{
    if (v->kind != YAML_MAP) {
        yaml_error(d, doc, v, "`hand` maps players to their supplies, like {1: {%s: 9}}",
                   rs->npiece_types ? rs->piece_name[0] : "man");
        return;
    }
    for (int i = 0; i < v->n; i++) {
        long p, n;
        const yaml_item *m = v->items[i];
        if (!yaml_int(d, doc, v->keys[i], 1, rs->nplayers, &p)) continue;
        if (m->kind != YAML_MAP) {
            yaml_error(d, doc, m, "a player's supply maps piece types to counts, like {%s: 9}",
                       rs->npiece_types ? rs->piece_name[0] : "man");
            continue;
        }
        for (int k = 0; k < m->n; k++) {
            int t = ruleset_piece(rs, m->keys[k]->text);
            if (t < 0) {
                yaml_error(d, doc, m->keys[k], "unknown piece type `%s`", m->keys[k]->text);
                continue;
            }
            if (!rs->hand_counted[p - 1][t]) {
                yaml_error(d, doc, m->keys[k], "player %ld's supply of `%s` is not counted in this game (no "
                           "`(hand %ld %s N)` in its start)", p, rs->piece_name[t], p, rs->piece_name[t]);
                continue;
            }
            int most = rs->captures_to_hand ? 255 : rs->hand_start[p - 1][t]; /* taken pieces join hands */
            if (yaml_int(d, doc, m->items[k], 0, most, &n)) st->h.hand[p - 1][t] = (uint8_t)n;
        }
    }
}

/* "1 man", "2 disc 13": owner, piece type and count. */
static int parse_piece(const ruleset *rs, diag_sink *d, const yaml_doc *doc, const yaml_item *v, const int total[TB_MAX_PLAYERS],
                       int *owner, int *type, int *count)
{
    char word[3][64];
    int n = 0;
    if (v->kind == YAML_SCALAR) {
        char extra[2];
        n = sscanf(v->text, "%63s %63s %63s %1s", word[0], word[1], word[2], extra);
    }
    if (n < 2 || n > 3) {
        yaml_error(d, doc, v, "a piece is written \"OWNER PIECE\" or \"OWNER PIECE COUNT\", like \"1 %s\"",
                   rs->npiece_types ? rs->piece_name[0] : "man");
        return 0;
    }
    if (word[0][0] < '1' || word[0][0] > '0' + rs->nplayers || word[0][1]) {
        if (rs->nplayers == 2) yaml_error(d, doc, v, "the owner of a piece is player 1 or 2; got `%s`", word[0]);
        else yaml_error(d, doc, v, "the owner of a piece is player 1 to %d; got `%s`", rs->nplayers, word[0]);
        return 0;
    }
    *owner = word[0][0] - '0';
    *type = ruleset_piece(rs, word[1]);
    if (*type < 0) {
        char list[200] = "";
        for (int t = 0; t < rs->npiece_types; t++) {
            if (t) strncat(list, ", ", sizeof list - strlen(list) - 1);
            strncat(list, rs->piece_name[t], sizeof list - strlen(list) - 1);
        }
        yaml_error(d, doc, v, "unknown piece type `%s` (this game has: %s)", word[1], list);
        return 0;
    }
    *count = 1;
    if (n == 3) {
        char *end;
        errno = 0;
        long c = strtol(word[2], &end, 10);
        if (rs->topology != TOPO_TRACK && !rs->sow.on && (*end || c != 1)) {
            yaml_error(d, doc, v, "a cell of this board holds one piece; got `%s`", word[2]);
            return 0;
        }
        if (*end || errno || c < 1) {
            yaml_error(d, doc, v, "a point holds a whole number of pieces from 1; got `%s`", word[2]);
            return 0;
        }
        if (c > total[*owner - 1]) {
            yaml_error(d, doc, v, "a stack of %s is more than the %d pieces player %d has in this game", word[2],
                       total[*owner - 1], *owner);
            return 0;
        }
        *count = (int)c;
    }
    return 1;
}

static int cell_of(const ruleset *rs, diag_sink *d, const yaml_doc *doc, const yaml_item *key)
{
    char why[640];
    int cell = ruleset_cell_named(rs, key->text);
    if (cell < 0) {
        ruleset_no_cell_text(rs, key->text, why, sizeof why);
        yaml_error(d, doc, key, "%s", why);
        return -1;
    }
    if (!cellset_has(&rs->playable, cell)) {
        ruleset_unplayable_text(rs, cell, why, sizeof why);
        yaml_error(d, doc, key, "%s", why);
        return -1;
    }
    return cell;
}

/* A mapping {1: N, 2: M} of per-player counts into OUT, each at most
 * MAX[player - 1]. */
static int per_player(const ruleset *rs, diag_sink *d, const yaml_doc *doc, const yaml_item *v, const int *max,
                      uint8_t *out, int stride)
{
    if (v->kind != YAML_MAP) {
        yaml_error(d, doc, v, "expected a mapping of players to numbers, like {1: 2, 2: 0}");
        return 0;
    }
    int ok = 1;
    for (int i = 0; i < v->n; i++) {
        long p, n;
        if (!yaml_int(d, doc, v->keys[i], 1, rs->nplayers, &p) || !yaml_int(d, doc, v->items[i], 0, max[p - 1], &n)) {
            ok = 0;
            continue;
        }
        out[(p - 1) * stride] = (uint8_t)n;
    }
    return ok;
}

/* The dice left to play in one turn: at most the game's number of dice,
 * or, after a double, up to as many equal values as a double gives (n moves
 * of n with doubles-repeat, the game's count with doubles:N). */
static int dice_possible(const ruleset *rs, const state *st)
{
    if (st->h.ndice <= rs->dice_values) return 1;
    if (!rs->dice_doubles_repeat && !rs->dice_doubles) return 0;
    for (int i = 1; i < st->h.ndice; i++)
        if (st->h.dice[i] != st->h.dice[0]) return 0;
    return st->h.ndice <= (rs->dice_doubles_repeat ? st->h.dice[0] : rs->dice_doubles);
}

static int tile_of(const ruleset *rs, const char *name)
{
    for (int t = 0; t < rs->ntiles; t++)
        if (strcmp(rs->tile_name[t], name) == 0) return t;
    return -1;
}

/* `in-a-row: {cell: n}` (games with a `streak-limit`): the non-capturing
 * moves in a row the piece on the cell made; one piece per player can have a
 * count, the one its owner moved last. */
static void mark_position(const ruleset *rs, const yaml_doc *doc, const yaml_item *map, diag_sink *d, state *st)
{
    const yaml_item *row = yaml_get(map, "in-a-row");
    if (!row) return;
    if (!rs->uses_marks) {
        yaml_error(d, doc, row, "no piece counts its moves in a row in this game (no `streak-limit`)");
        return;
    }
    if (row->kind != YAML_MAP && !(row->kind == YAML_SCALAR && row->text[0] == '\0')) {
        yaml_error(d, doc, row, "`in-a-row` maps cells to the non-capturing moves in a row of their piece, like {28: 2}");
        return;
    }
    int holder[2] = { -1, -1 };
    for (int i = 0; i < row->n; i++) {
        long n;
        int cell = cell_of(rs, d, doc, row->keys[i]);
        if (cell >= 0 && !st->cell[cell]) {
            yaml_error(d, doc, row->keys[i], "cell %s is empty: only a piece counts its moves", row->keys[i]->text);
            continue;
        }
        if (cell < 0 || !yaml_int(d, doc, row->items[i], 0, rs->streak_max, &n) || n == 0) continue;
        int p = piece_owner(st->cell[cell]);
        if (holder[p - 1] >= 0) {
            yaml_error(d, doc, row->keys[i], "player %d's pieces on %s and %s both count moves in a row: only the "
                       "piece a player moved last can", p, row->keys[holder[p - 1]]->text, row->keys[i]->text);
            continue;
        }
        holder[p - 1] = i;
        st->mark[cell] = (uint8_t)n;
    }
}

/* Track games: pinned pieces, the head count, and the limits a position must
 * keep (no more pieces than the game has, each on its owner's path). */
static void track_position(const ruleset *rs, const yaml_doc *doc, const yaml_item *map, diag_sink *d, state *st)
{
    const track_rules *t = &rs->track;
    const yaml_item *v;
    long n;
    if ((v = yaml_get(map, "pinned"))) {
        if (!t->pin) {
            yaml_error(d, doc, v, "nothing is pinned in this game (no `pin:` in `advance`)");
        } else if (v->kind != YAML_SEQ) {
            yaml_error(d, doc, v, "`pinned` is a list of points, like [5, 9]: each holds one piece of the other player "
                       "under the stack written in `pieces`");
        } else {
            for (int i = 0; i < v->n; i++) {
                const yaml_item *c = v->items[i];
                int cell = c->kind == YAML_SCALAR ? ruleset_cell(rs, c->text) : -1;
                if (cell < 0) {
                    char why[640];
                    ruleset_no_cell_text(rs, c->kind == YAML_SCALAR ? c->text : "?", why, sizeof why);
                    yaml_error(d, doc, c, "%s", why);
                } else if (!st->cell[cell] && yaml_get(map, "pieces")) {
                    yaml_error(d, doc, c, "point %s is empty: a pinned piece lies under a stack (give it in `pieces`)",
                               c->text);
                } else {
                    int under = tb_opponent(piece_owner(st->cell[cell]));
                    if (st->cell[cell] && t->rank[under - 1][cell] == TB_NO_RANK)
                        yaml_error(d, doc, c, "point %s is not on player %d's path: no piece of theirs can be pinned there",
                                   c->text, under);
                    st->h.flagged |= (uint64_t)1 << cell;
                }
            }
        }
    }
    if ((v = yaml_get(map, "again"))) { /* roll-again: the throws again in a row so far this turn */
        if (!t->again_value) yaml_error(d, doc, v, "this game gives no throw again (`roll-again`)");
        else if (yaml_int(d, doc, v, 0, t->again_most, &n)) st->h.again = (uint8_t)n;
    }
    if ((v = yaml_get(map, "left-start"))) {
        if (!t->start_per_turn) yaml_error(d, doc, v, "this game has no limit on the pieces leaving the start (`leave-start`)");
        else if (yaml_int(d, doc, v, 0, 6, &n)) st->h.turn_count = (uint8_t)n;
    }
    const yaml_item *pieces = yaml_get(map, "pieces");
    int have[TB_MAX_PLAYERS], game[TB_MAX_PLAYERS] = { 0 };
    for (int p = 0; p < TB_MAX_PLAYERS; p++) have[p] = st->h.bar[p] + st->h.off[p];
    for (int i = 0; i < rs->nstart; i++) game[rs->start[i].owner - 1] += rs->start[i].count;
    for (int p = 0; p < rs->nplayers; p++) game[p] += rs->track.start_bar[p];
    for (int c = 0; c < rs->ncells; c++) {
        if (!st->cell[c]) continue;
        int owner = piece_owner(st->cell[c]);
        have[owner - 1] += st->height[c];
        if (c < 64 && (st->h.flagged >> c & 1)) have[tb_opponent(owner) - 1]++; /* pinning: two players only */
        if (t->rank[owner - 1][c] == TB_NO_RANK) {
            const yaml_item *at = pieces;
            for (int k = 0; pieces && pieces->kind == YAML_MAP && k < pieces->n; k++)
                if (ruleset_cell(rs, pieces->keys[k]->text) == c) at = pieces->keys[k];
            yaml_error(d, doc, at, "point %s is not on player %d's path, which runs over %d points from point %s to "
                       "point %s", rs->cell_name[c], owner, t->len[owner - 1], rs->cell_name[t->path[owner - 1][0]],
                       rs->cell_name[t->path[owner - 1][t->len[owner - 1] - 1]]);
        }
    }
    for (int p = 0; p < rs->nplayers; p++)
        if (have[p] > game[p])
            yaml_error(d, doc, pieces ? pieces : map, "player %d has %d pieces here (on the board, pinned, on the bar "
                       "and off); the game has %d", p + 1, have[p], game[p]);
}

/* `out: [3]`: the players put out of a game of more than two (a `loses`
 * among them); the others play on. */
static void read_out(const ruleset *rs, diag_sink *d, const yaml_doc *doc, const yaml_item *v, state *st)
{
    long n;
    if (rs->nplayers <= 2 || rs->topology == TOPO_TRACK) {
        yaml_error(d, doc, v, "`out` lists players put out of a game of more than two on a board of cells; "
                   "this game has %d players%s", rs->nplayers, rs->nplayers > 2 ? " on a track" : "");
        return;
    }
    if (v->kind != YAML_SEQ) {
        yaml_error(d, doc, v, "`out` is a list of players, like [3]");
        return;
    }
    for (int i = 0; i < v->n; i++)
        if (yaml_int(d, doc, v->items[i], 1, rs->nplayers, &n)) {
            if (n == st->h.to_move)
                yaml_error(d, doc, v->items[i], "player %ld is to move: a player who is out never is", n);
            else
                st->h.out |= (uint8_t)(1u << (n - 1));
        }
    int in = 0;
    for (int p = 0; p < rs->nplayers; p++) in += !(st->h.out >> p & 1);
    if (in < 2) yaml_error(d, doc, v, "one player at most is in: the game would be over");
}

/* WHOLE: MAP is a whole position, whose fields must agree with each other
 * (not a few fields of one, as in a scenario's `expect`). */
static int read_position(const ruleset *rs, const yaml_doc *doc, const yaml_item *map, diag_sink *d, state *st,
                         int whole)
{
    int errors = d->errors;
    int total[TB_MAX_PLAYERS], on_board[TB_MAX_PLAYERS] = { 0 }, over[TB_MAX_PLAYERS] = { 0 };
    start_totals(rs, total);
    state_clear(rs, st);
    if (!map || map->kind != YAML_MAP) {
        yaml_error(d, doc, map, "a position is a mapping with `to-move` and `pieces`");
        return 0;
    }
    for (int i = 0; i < map->n; i++) {
        const char *key = map->keys[i]->text;
        int known = 0;
        for (size_t k = 0; k < sizeof known_keys / sizeof known_keys[0]; k++) known |= strcmp(key, known_keys[k]) == 0;
        if (!known)
            yaml_error(d, doc, map->keys[i],
                       "unknown key `%s` in a position (expected to-move, pieces, dice, removed, collected, bar, off, "
                       "arrived, quiet, pinned, left-start, in-a-row, fen, hand, played, again, out)",
                       key);
    }
    const yaml_item *v;
    long n;
    /* `fen: "W:W31-50:B1-20"` on a numbered board: the side to move and the
     * pieces in one text (io/fen.h), instead of `to-move` and `pieces`. */
    if ((v = yaml_get(map, "fen"))) {
        char err[512];
        if (!whole)
            yaml_error(d, doc, v, "`fen` gives a whole position: it belongs in `position`");
        else if (yaml_get(map, "to-move") || yaml_get(map, "pieces"))
            yaml_error(d, doc, v, "`fen` gives the side to move and the pieces: leave out `to-move` and `pieces`");
        else if (v->kind != YAML_SCALAR)
            yaml_error(d, doc, v, "`fen` is a text, like \"W:W31-50:B1-20\"");
        else if (!fen_read(rs, v->text, st, err, sizeof err))
            yaml_error(d, doc, v, "FEN: %s", err);
    }
    if ((v = yaml_get(map, "to-move")) && yaml_int(d, doc, v, 1, rs->nplayers, &n)) st->h.to_move = (uint8_t)n;
    /* Plies already played without progress: the no-progress and material
     * counts start there (0 when absent). */
    if ((v = yaml_get(map, "quiet")) && yaml_int(d, doc, v, 0, 60000, &n)) st->h.quiet = st->h.calm = (uint16_t)n;
    /* Moves played before the position (0 when absent): a rule's `ply:` counts from there. */
    if ((v = yaml_get(map, "played")) && yaml_int(d, doc, v, 0, 1000000, &n)) st->h.ply = (uint32_t)n;
    if ((v = yaml_get(map, "out"))) read_out(rs, d, doc, v, st);
    if ((v = yaml_get(map, "pieces"))) {
        if (v->kind != YAML_MAP && !(v->kind == YAML_SCALAR && v->text[0] == '\0')) {
            yaml_error(d, doc, v, "`pieces` maps cells to pieces, like {c3: 1 man}");
        } else {
            for (int i = 0; i < v->n; i++) {
                int cell = cell_of(rs, d, doc, v->keys[i]);
                int owner, type, count;
                if (!parse_piece(rs, d, doc, v->items[i], total, &owner, &type, &count) || cell < 0) continue;
                if (rs->topology == TOPO_TILES && rs->cell_colour[cell] != rs->player_colour[owner - 1]) {
                    yaml_error(d, doc, v->keys[i], "player %d's pieces stand on %s fields; %s is %s", owner,
                               rs->colour_name[rs->player_colour[owner - 1]], rs->cell_name[cell],
                               rs->colour_name[rs->cell_colour[cell]]);
                    continue;
                }
                on_board[owner - 1] += count;
                if (on_board[owner - 1] > board_most(rs, total, owner) && !over[owner - 1]++) {
                    yaml_error(d, doc, v->items[i],
                               "this makes %d pieces of player %d on the board, more than the %d they have in "
                               "this game (no rule makes pieces)", on_board[owner - 1], owner,
                               board_most(rs, total, owner));
                    continue;
                }
                st->cell[cell] = piece_code(owner, type);
                st->height[cell] = (uint8_t)count;
            }
        }
    }
    if ((v = yaml_get(map, "dice"))) {
        if (!rs->dice_count) {
            yaml_error(d, doc, v, "this game has no dice");
        } else if (v->kind != YAML_SEQ || v->n > 6) {
            yaml_error(d, doc, v, "`dice` is a list of at most 6 values, like [3, 5]");
        } else {
            uint8_t values[6];
            int nv = 0;
            for (int i = 0; i < v->n; i++)
                if (yaml_int(d, doc, v->items[i], rs->dice_lo, rs->dice_hi, &n)) values[nv++] = (uint8_t)n;
            engine_take_dice(st, values, nv);
            if (nv == v->n && !dice_possible(rs, st))
                yaml_error(d, doc, v, "no turn of this game has these dice to play: a roll gives %d value%s%s",
                           rs->dice_values, rs->dice_values == 1 ? "" : "s",
                           rs->dice_doubles_repeat ? ", or n values n after a double n"
                           : rs->dice_doubles ? ", or more after a double" : "");
        }
    }
    if ((v = yaml_get(map, "removed"))) {
        if (rs->topology != TOPO_TILES) {
            yaml_error(d, doc, v, "this board has no removable tiles");
        } else if (v->kind != YAML_SEQ) {
            yaml_error(d, doc, v, "`removed` is a list of tiles, like [a1, e3]");
        } else {
            for (int i = 0; i < v->n; i++) {
                const yaml_item *t = v->items[i];
                int tile = t->kind == YAML_SCALAR ? tile_of(rs, t->text) : -1;
                if (tile < 0) {
                    char tiles[512];
                    ruleset_tiles_text(rs, tiles, sizeof tiles);
                    yaml_error(d, doc, t, "no tile `%s` on this board (tiles are %s)",
                               t->kind == YAML_SCALAR ? t->text : "?", tiles);
                    continue;
                }
                st->h.removed_groups |= (uint64_t)1 << tile;
                for (int f = 0; f < 6; f++)
                    if (st->cell[tile * 6 + f])
                        yaml_error(d, doc, t, "tile %s is removed but %s holds a piece", t->text,
                                   rs->cell_name[tile * 6 + f]);
            }
        }
    }
    if ((v = yaml_get(map, "collected"))) {
        if (rs->topology != TOPO_TILES) yaml_error(d, doc, v, "this game collects no tiles");
        else {
            const int max[2] = { rs->ntiles, rs->ntiles };
            int slot = rs->tiles.held_counter;
            if (per_player(rs, d, doc, v, max, &st->h.counter[0][slot], TB_COUNTERS)) {
                /* A collected tile is one that left the board. */
                int held = st->h.counter[0][slot] + st->h.counter[1][slot], gone = 0;
                for (int t = 0; t < rs->ntiles; t++) gone += (int)(st->h.removed_groups >> t & 1);
                if (whole && held > gone)
                    yaml_error(d, doc, v, "the players hold %d tiles, but only %d tile%s left the board (`removed`)",
                               held, gone, gone == 1 ? "" : "s");
            }
        }
    }
    const char *places[2] = { "bar", "off" };
    for (int k = 0; k < 2; k++) {
        if (!(v = yaml_get(map, places[k]))) continue;
        if (rs->topology != TOPO_TRACK) yaml_error(d, doc, v, "this board has no `%s`", places[k]);
        else if ((k == 0 ? rs->track.bar : rs->track.off) < 0)
            yaml_error(d, doc, v, k == 0 ? "this game has no bar: nothing re-enters (no `(enter from:...)`)"
                                         : "this game bears nothing off (no `(bear-off to:...)`)");
        else per_player(rs, d, doc, v, total, k == 0 ? st->h.bar : st->h.off, 1);
    }
    if ((v = yaml_get(map, "arrived"))) {
        if (rs->topology != TOPO_TRACK || v->kind != YAML_MAP) {
            yaml_error(d, doc, v, rs->topology != TOPO_TRACK ? "this game has no courier flag"
                                                              : "`arrived` maps players to true or false");
        } else {
            for (int i = 0; i < v->n; i++) {
                long p;
                int b;
                /* without the courier rule nobody needs to arrive: the flag is read and dropped */
                if (yaml_int(d, doc, v->keys[i], 1, rs->nplayers, &p) && yaml_bool(d, doc, v->items[i], &b) &&
                    rs->track.arrival_counter != TB_NO_COUNTER)
                    st->h.counter[p - 1][rs->track.arrival_counter] = (uint8_t)b;
            }
        }
    }
    /* Every piece is on the board, pinned, on the bar or off, never in two
     * places: track_position counts them all against the start's. */
    if (rs->topology == TOPO_TRACK) track_position(rs, doc, map, d, st);
    mark_position(rs, doc, map, d, st);
    /* Counted supplies: as at the start unless given; with the board's pieces, never more than the start's. */
    if (!yaml_get(map, "fen")) memcpy(st->h.hand, rs->hand_start, sizeof st->h.hand); /* a FEN gives its own */
    if ((v = yaml_get(map, "hand"))) read_hands(rs, doc, v, d, st);
    for (int p = 0; whole && p < 2; p++) {
        int held = 0, start = 0;
        for (int t = 0; t < TB_MAX_PIECE_TYPES; t++) {
            held += st->h.hand[p][t];
            start += rs->hand_start[p][t];
        }
        if (start && board_most(rs, total, p + 1) == total[p] && held + on_board[p] > total[p])
            yaml_error(d, doc, map, "player %d has %d pieces on the board and %d still to place: more than the %d "
                       "they have in this game", p + 1, on_board[p], held, total[p]);
    }
    state_refresh(rs, st);
    engine_judge(rs, st); /* a position given as it stands is judged as after a move */
    return d->errors == errors;
}

int position_from_yaml(const ruleset *rs, const yaml_doc *doc, const yaml_item *map, diag_sink *d, state *st)
{
    return read_position(rs, doc, map, d, st, 1);
}

int position_fields_from_yaml(const ruleset *rs, const yaml_doc *doc, const yaml_item *map, diag_sink *d,
                              state *st)
{
    return read_position(rs, doc, map, d, st, 0);
}

int position_load_file(const ruleset *rs, const char *path, diag_sink *diags, state *st, int *io_error)
{
    yaml_doc *doc = yaml_doc_load(path, diags, io_error);
    if (!doc) return 0;
    const yaml_item *map = doc->root;
    /* A scenario-style file with a `position:` key works too. */
    if (map && map->kind == YAML_MAP && yaml_get(map, "position")) map = yaml_get(map, "position");
    int ok = position_from_yaml(rs, doc, map, diags, st);
    yaml_doc_free(doc);
    return ok;
}
