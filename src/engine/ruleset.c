/* ruleset.c - looking up cells and piece types of a compiled ruleset by name,
 * and saying in the board's own terms why a name names no cell. */
#include "ruleset.h"

#include "lang/diag.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

int ruleset_cell(const ruleset *rs, const char *name)
{
    for (int i = 0; i < rs->ncells; i++)
        if (strcmp(rs->cell_name[i], name) == 0) return i;
    return -1;
}

int ruleset_numbered(const ruleset *rs)
{
    if (rs->topology != TOPO_SQUARE) return 0;
    for (int i = 0; i < rs->ncells; i++)
        if (cellset_has(&rs->playable, i)) return isdigit((unsigned char)rs->cell_name[i][0]) != 0;
    return 0;
}

int ruleset_square_at(const ruleset *rs, const char *name, size_t len)
{
    if (rs->topology != TOPO_SQUARE || len < 2 || len > 3) return -1;
    int col = name[0] - 'a', row = 0;
    if (col < 0 || col >= rs->width || name[1] == '0') return -1;
    for (size_t i = 1; i < len; i++) {
        if (!isdigit((unsigned char)name[i])) return -1;
        row = row * 10 + (name[i] - '0');
    }
    if (row < 1 || row > rs->height) return -1;
    return (row - 1) * rs->width + col;
}

int ruleset_cell_named(const ruleset *rs, const char *name)
{
    int cell = ruleset_cell(rs, name);
    if (cell < 0 && ruleset_numbered(rs)) cell = ruleset_square_at(rs, name, strlen(name));
    return cell;
}

static int playable_count(const ruleset *rs)
{
    int n = 0;
    for (int i = 0; i < rs->ncells; i++) n += cellset_has(&rs->playable, i);
    return n;
}

/* The tiles by column, each column a run: "a1..a3, b1..b4, c1..c5". */
void ruleset_tiles_text(const ruleset *rs, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int t = 0; t < rs->ntiles && used < size; t++) {
        if (t && rs->tile_name[t][0] == rs->tile_name[t - 1][0]) continue;
        int last = t;
        while (last + 1 < rs->ntiles && rs->tile_name[last + 1][0] == rs->tile_name[t][0]) last++;
        int n = snprintf(buf + used, size - used, "%s%s..%s", t ? ", " : "", rs->tile_name[t], rs->tile_name[last]);
        if (n < 0) return;
        used += (size_t)n;
    }
}

void ruleset_no_cell_text(const ruleset *rs, const char *typed, char *buf, size_t size)
{
    char shown[DIAG_SHORT_SIZE]; /* a long name shortened, as messages echo values */
    const char *name = diag_short(typed, shown);
    char tiles[512];
    switch (rs->topology) {
    case TOPO_TRACK:
        snprintf(buf, size, "no point `%s` on this board (points are %s..%s)", name, rs->cell_name[0],
                 rs->cell_name[rs->ncells - 1]);
        return;
    case TOPO_TILES:
        ruleset_tiles_text(rs, tiles, sizeof tiles);
        snprintf(buf, size, "no field `%s` on this board (fields are TILE.0..TILE.5 of the tiles %s)", name, tiles);
        return;
    default:
        if (ruleset_numbered(rs))
            snprintf(buf, size, "no cell `%s` on this board (cells are 1..%d, or by column and row a1..%c%d)", name,
                     playable_count(rs), 'a' + rs->width - 1, rs->height);
        else
            snprintf(buf, size, "no cell `%s` on this board (cells are %s..%s)", name, rs->cell_name[0],
                     rs->cell_name[rs->ncells - 1]);
    }
}

/* Square boards play on all their squares, or on the dark ones ((column +
 * row) even, a1 dark) or the light ones: `(playable ...)` in compile_board. */
void ruleset_unplayable_text(const ruleset *rs, int cell, char *buf, size_t size)
{
    if (rs->topology != TOPO_SQUARE) {
        snprintf(buf, size, "cell %s is not playable on this board", rs->cell_name[cell]);
        return;
    }
    if (rs->grid == GRID_HEX) {
        snprintf(buf, size, "%c%d is not on this hexagon: it is a corner of the rhombus the board's cells are named on",
                 'a' + rs->cell_col[cell], rs->cell_row[cell] + 1);
        return;
    }
    int dark = (rs->cell_col[cell] + rs->cell_row[cell]) % 2 == 0;
    char numbers[32] = "";
    if (ruleset_numbered(rs)) snprintf(numbers, sizeof numbers, ", numbered 1..%d", playable_count(rs));
    snprintf(buf, size, "%c%d is a %s square: this board plays on the %s squares%s", 'a' + rs->cell_col[cell],
             rs->cell_row[cell] + 1, dark ? "dark" : "light", dark ? "light" : "dark", numbers);
}

int ruleset_piece(const ruleset *rs, const char *name)
{
    for (int i = 0; i < rs->npiece_types; i++)
        if (strcmp(rs->piece_name[i], name) == 0) return i;
    return -1;
}

const char *ruleset_file_shown(const ruleset *rs, int file)
{
    if (file < 0 || file >= rs->nfiles) return "?";
    return rs->file_games[file][0] ? rs->file_games[file] : rs->files[file];
}
