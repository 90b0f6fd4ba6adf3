/* position.c - reading a position mapping (CONTRACT.md, "Scenario files"). */
#include "position.h"

#include "engine/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const known_keys[] = { "to-move", "pieces", "dice", "removed", "collected",
                                          "bar", "off", "arrived", "quiet", "pinned", "left-start" };

/* "1 man", "2 disc 13": owner, piece type and count. */
static int parse_piece(const ruleset *rs, diag_sink *d, const yaml_doc *doc, const yaml_item *v, int *owner,
                       int *type, int *count)
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
    if (strcmp(word[0], "1") != 0 && strcmp(word[0], "2") != 0) {
        yaml_error(d, doc, v, "the owner of a piece is player 1 or 2; got `%s`", word[0]);
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
        long c = strtol(word[2], &end, 10);
        if (*end || c < 1 || c > 200 || (c > 1 && rs->topology != TOPO_TRACK)) {
            yaml_error(d, doc, v, rs->topology == TOPO_TRACK ? "a point holds 1 to 200 pieces; got `%s`"
                                                             : "a cell of this board holds one piece; got `%s`",
                       word[2]);
            return 0;
        }
        *count = (int)c;
    }
    return 1;
}

static int cell_of(const ruleset *rs, diag_sink *d, const yaml_doc *doc, const yaml_item *key)
{
    int cell = ruleset_cell(rs, key->text);
    if (cell < 0) {
        yaml_error(d, doc, key, "no cell `%s` on this board (cells are %s..%s)", key->text, rs->cell_name[0],
                   rs->cell_name[rs->ncells - 1]);
        return -1;
    }
    if (!cellset_has(&rs->playable, cell)) {
        yaml_error(d, doc, key, "cell %s is not playable on this board", key->text);
        return -1;
    }
    return cell;
}

/* A mapping {1: N, 2: M} of per-player counts into OUT. */
static int per_player(diag_sink *d, const yaml_doc *doc, const yaml_item *v, long max, uint8_t out[2])
{
    if (v->kind != YAML_MAP) {
        yaml_error(d, doc, v, "expected a mapping of players to numbers, like {1: 2, 2: 0}");
        return 0;
    }
    int ok = 1;
    for (int i = 0; i < v->n; i++) {
        long p, n;
        if (!yaml_int(d, doc, v->keys[i], 1, 2, &p) || !yaml_int(d, doc, v->items[i], 0, max, &n)) {
            ok = 0;
            continue;
        }
        out[p - 1] = (uint8_t)n;
    }
    return ok;
}

static int tile_of(const ruleset *rs, const char *name)
{
    for (int t = 0; t < rs->ntiles; t++)
        if (strcmp(rs->tile_name[t], name) == 0) return t;
    return -1;
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
                    yaml_error(d, doc, c, "no point `%s` on this board", c->kind == YAML_SCALAR ? c->text : "?");
                } else if (!st->cell[cell] && yaml_get(map, "pieces")) {
                    yaml_error(d, doc, c, "point %s is empty: a pinned piece lies under a stack (give it in `pieces`)",
                               c->text);
                } else {
                    int under = 3 - piece_owner(st->cell[cell]);
                    if (st->cell[cell] && t->rank[under - 1][cell] == TB_NO_RANK)
                        yaml_error(d, doc, c, "point %s is not on player %d's path: no piece of theirs can be pinned there",
                                   c->text, under);
                    st->h.pinned |= (uint64_t)1 << cell;
                }
            }
        }
    }
    if ((v = yaml_get(map, "left-start"))) {
        if (!t->start_per_turn) yaml_error(d, doc, v, "this game has no limit on the pieces leaving the start (`leave-start`)");
        else if (yaml_int(d, doc, v, 0, 6, &n)) st->h.left_start = (uint8_t)n;
    }
    const yaml_item *pieces = yaml_get(map, "pieces");
    int have[2] = { st->h.bar[0] + st->h.off[0], st->h.bar[1] + st->h.off[1] }, game[2] = { 0, 0 };
    for (int i = 0; i < rs->nstart; i++) game[rs->start[i].owner - 1] += rs->start[i].count;
    for (int c = 0; c < rs->ncells; c++) {
        if (!st->cell[c]) continue;
        int owner = piece_owner(st->cell[c]);
        have[owner - 1] += st->height[c];
        if (c < 64 && (st->h.pinned >> c & 1)) have[2 - owner]++;
        if (t->rank[owner - 1][c] == TB_NO_RANK) {
            const yaml_item *at = pieces;
            for (int k = 0; pieces && pieces->kind == YAML_MAP && k < pieces->n; k++)
                if (ruleset_cell(rs, pieces->keys[k]->text) == c) at = pieces->keys[k];
            yaml_error(d, doc, at, "point %s is not on player %d's path, which runs over %d points from point %s to "
                       "point %s", rs->cell_name[c], owner, t->len[owner - 1], rs->cell_name[t->path[owner - 1][0]],
                       rs->cell_name[t->path[owner - 1][t->len[owner - 1] - 1]]);
        }
    }
    for (int p = 0; p < 2; p++)
        if (have[p] > game[p])
            yaml_error(d, doc, pieces ? pieces : map, "player %d has %d pieces here (on the board, pinned, on the bar "
                       "and off); the game has %d", p + 1, have[p], game[p]);
}

int position_from_yaml(const ruleset *rs, const yaml_doc *doc, const yaml_item *map, diag_sink *d, state *st)
{
    int errors = d->errors;
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
                       "arrived, quiet, pinned, left-start)",
                       key);
    }
    const yaml_item *v;
    long n;
    if ((v = yaml_get(map, "to-move")) && yaml_int(d, doc, v, 1, 2, &n)) st->h.to_move = (uint8_t)n;
    /* Plies already played without progress: the no-progress and material
     * counts start there (0 when absent). */
    if ((v = yaml_get(map, "quiet")) && yaml_int(d, doc, v, 0, 60000, &n)) st->h.quiet = st->h.calm = (uint16_t)n;
    if ((v = yaml_get(map, "pieces"))) {
        if (v->kind != YAML_MAP && !(v->kind == YAML_SCALAR && v->text[0] == '\0')) {
            yaml_error(d, doc, v, "`pieces` maps cells to pieces, like {c3: 1 man}");
        } else {
            for (int i = 0; i < v->n; i++) {
                int cell = cell_of(rs, d, doc, v->keys[i]);
                int owner, type, count;
                if (!parse_piece(rs, d, doc, v->items[i], &owner, &type, &count) || cell < 0) continue;
                if (rs->topology == TOPO_TILES && rs->cell_colour[cell] != rs->player_colour[owner - 1]) {
                    yaml_error(d, doc, v->keys[i], "player %d's pieces stand on %s fields; %s is %s", owner,
                               rs->colour_name[rs->player_colour[owner - 1]], rs->cell_name[cell],
                               rs->colour_name[rs->cell_colour[cell]]);
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
                if (yaml_int(d, doc, v->items[i], 1, rs->dice_faces, &n)) values[nv++] = (uint8_t)n;
            engine_take_dice(st, values, nv);
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
                    yaml_error(d, doc, t, "no tile `%s` on this board", t->kind == YAML_SCALAR ? t->text : "?");
                    continue;
                }
                st->h.removed |= (uint64_t)1 << tile;
                for (int f = 0; f < 6; f++)
                    if (st->cell[tile * 6 + f])
                        yaml_error(d, doc, t, "tile %s is removed but %s holds a piece", t->text,
                                   rs->cell_name[tile * 6 + f]);
            }
        }
    }
    if ((v = yaml_get(map, "collected"))) {
        if (rs->topology != TOPO_TILES) yaml_error(d, doc, v, "this game collects no tiles");
        else per_player(d, doc, v, rs->ntiles, st->h.collected);
    }
    const char *places[2] = { "bar", "off" };
    for (int k = 0; k < 2; k++) {
        if (!(v = yaml_get(map, places[k]))) continue;
        if (rs->topology != TOPO_TRACK) yaml_error(d, doc, v, "this board has no `%s`", places[k]);
        else if ((k == 0 ? rs->track.bar : rs->track.off) < 0)
            yaml_error(d, doc, v, k == 0 ? "this game has no bar: nothing re-enters (no `(enter from:...)`)"
                                         : "this game bears nothing off (no `(bear-off to:...)`)");
        else per_player(d, doc, v, 200, k == 0 ? st->h.bar : st->h.off);
    }
    if ((v = yaml_get(map, "arrived"))) {
        if (rs->topology != TOPO_TRACK || v->kind != YAML_MAP) {
            yaml_error(d, doc, v, rs->topology != TOPO_TRACK ? "this game has no courier flag"
                                                              : "`arrived` maps players to true or false");
        } else {
            for (int i = 0; i < v->n; i++) {
                long p;
                int b;
                if (yaml_int(d, doc, v->keys[i], 1, 2, &p) && yaml_bool(d, doc, v->items[i], &b))
                    st->h.arrived[p - 1] = (uint8_t)b;
            }
        }
    }
    if (rs->topology == TOPO_TRACK) track_position(rs, doc, map, d, st);
    state_refresh(rs, st);
    engine_judge(rs, st); /* a position given as it stands is judged as after a move */
    return d->errors == errors;
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
