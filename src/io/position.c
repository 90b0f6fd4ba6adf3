/* position.c - reading a position mapping (CONTRACT.md, "Scenario files"). */
#include "position.h"

#include "engine/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const known_keys[] = { "to-move", "pieces", "dice", "removed", "collected",
                                          "bar", "off", "arrived", "quiet" };

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
                       "unknown key `%s` in a position (expected to-move, pieces, dice, removed, collected, bar, off, arrived, quiet)",
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
            for (int i = 0; i < v->n; i++)
                if (yaml_int(d, doc, v->items[i], 1, rs->dice_faces, &n)) st->h.dice[st->h.ndice++] = (uint8_t)n;
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
