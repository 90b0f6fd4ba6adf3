/* view_tiles.c - a board of hexagonal tiles as text. Each tile is a
 * flat-topped hexagon eleven characters wide and four rows high; its six
 * triangular fields hold one character each (field 0 at the top, then
 * clockwise), its name is written in the middle, and a tile that has left
 * the board is left blank. Tiles side by side share their edges:
 *
 *       _______
 *      /   0   \
 *     / 5 c3  1 \
 *     \ 4     2 /
 *      \___3___/
 */
#include "view_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Where field f's character sits, from the tile's top-left corner. */
static const int field_dx[6] = { 5, 8, 8, 5, 2, 2 };
static const int field_dy[6] = { 1, 2, 3, 4, 3, 2 };

/* The field whose triangle holds the character at (DX, DY) of a tile. */
static int field_at(int dx, int dy)
{
    double vx = dx + 0.5 - 5.5, vy = (3.0 - (dy + 0.5)) * 2.165; /* a row is ~2.17 columns high */
    double a = atan2(vy, vx) * 180.0 / 3.14159265358979;
    if (a >= 60 && a < 120) return 0;
    if (a >= 0 && a < 60) return 1;
    if (a >= -60 && a < 0) return 2;
    if (a >= -120 && a < -60) return 3;
    if (a < -120) return 4;
    return 5;
}

/* The first and last interior column of row DY of a tile. */
static void interior(int dy, int *first, int *last)
{
    *first = dy == 1 || dy == 4 ? 2 : 1;
    *last = dy == 1 || dy == 4 ? 8 : 9;
}

/* 1 when the field's colour is a light one. */
static int field_light(const ruleset *rs, int cell)
{
    int k = rs->cell_colour[cell];
    int shade = view_shade(rs->colour_name[k]);
    return shade < 0 ? k % 2 : shade;
}

#define KEY_WIDTH 22 /* beside the board: a tile with its fields numbered, and how moves name them */

/* Beside the board's top (at column X), a tile with its fields numbered as
 * moves name them (`a2.3`: tile a2, field 3), so a move can be typed without
 * the rules; left out where the screen is too narrow for it. */
static void draw_key(canvas *cv, const ruleset *rs, int x)
{
    static const char *const tile[5] = { "  _______", " /   0   \\", "/ 5     1 \\", "\\ 4     2 /", " \\___3___/" };
    for (int r = 0; r < 5; r++) canvas_text(cv, x, r, tile[r], VC_NONE, -1, 0);
    char line[64];
    snprintf(line, sizeof line, "%s.3 is", rs->tile_name[0]);
    canvas_text(cv, x + 12, 1, line, VC_NONE, -1, 0);
    canvas_text(cv, x + 12, 2, "field 3", VC_NONE, -1, 0);
    snprintf(line, sizeof line, "of tile %s", rs->tile_name[0]);
    canvas_text(cv, x + 12, 3, line, VC_NONE, -1, 0);
}

int view_text_tiles(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, const view_opts *o)
{
    int tx[64], ty[64];
    if (!view_tile_coords(rs, tx, ty)) return 0;
    int minx = tx[0], maxx = tx[0], minv = 4 * ty[0] + 2 * tx[0], maxv = minv;
    for (int t = 1; t < rs->ntiles; t++) {
        int v = 4 * ty[t] + 2 * tx[t];
        if (tx[t] < minx) minx = tx[t];
        if (tx[t] > maxx) maxx = tx[t];
        if (v < minv) minv = v;
        if (v > maxv) maxv = v;
    }
    canvas cv;
    int board_h = maxv - minv + 5, board_w = 9 * (maxx - minx) + 12 > 50 ? 9 * (maxx - minx) + 12 : 50;
    int key = !o->width || board_w + 2 + KEY_WIDTH <= o->width;
    if (!canvas_init(&cv, board_w + (key ? 2 + KEY_WIDTH : 0), board_h, o)) return 0;
    int X[64], Y[64];
    for (int t = 0; t < rs->ntiles; t++) {
        X[t] = 1 + 9 * (tx[t] - minx);
        Y[t] = maxv - (4 * ty[t] + 2 * tx[t]);
    }
    /* Outlines first: a tile's top edge is the bottom edge of the tile above,
     * where that one's field 3 is written afterwards. */
    for (int t = 0; t < rs->ntiles; t++) {
        if (st->h.removed_groups >> t & 1) continue;
        int x = X[t], y = Y[t];
        for (int k = 2; k <= 8; k++) {
            canvas_text(&cv, x + k, y, "_", VC_FRAME, -1, 0);
            canvas_text(&cv, x + k, y + 4, "_", VC_FRAME, -1, 0);
        }
        canvas_text(&cv, x + 1, y + 1, "/", VC_FRAME, -1, 0);
        canvas_text(&cv, x + 9, y + 1, "\\", VC_FRAME, -1, 0);
        canvas_text(&cv, x, y + 2, "/", VC_FRAME, -1, 0);
        canvas_text(&cv, x + 10, y + 2, "\\", VC_FRAME, -1, 0);
        canvas_text(&cv, x, y + 3, "\\", VC_FRAME, -1, 0);
        canvas_text(&cv, x + 10, y + 3, "/", VC_FRAME, -1, 0);
        canvas_text(&cv, x + 1, y + 4, "\\", VC_FRAME, -1, 0);
        canvas_text(&cv, x + 9, y + 4, "/", VC_FRAME, -1, 0);
    }
    for (int t = 0; t < rs->ntiles; t++) {
        if (st->h.removed_groups >> t & 1) continue;
        int x = X[t], y = Y[t];
        if (o->color)
            for (int dy = 1; dy <= 4; dy++) {
                int first, last;
                interior(dy, &first, &last);
                for (int dx = first; dx <= last; dx++) {
                    int cell = t * 6 + field_at(dx, dy);
                    canvas_paint(&cv, x + dx, y + dy, -1, view_mark_has(mark, cell) ? VC_MARK : VC_TILE, -1);
                }
            }
        canvas_text(&cv, x + 4, y + 2, rs->tile_name[t], o->color ? VC_TILE_NAME : VC_NONE, -1, 0);
        for (int f = 0; f < 6; f++) {
            int cell = t * 6 + f, fx = x + field_dx[f], fy = y + field_dy[f];
            uint8_t code = st->cell[cell];
            if (code) {
                char ascii[3];
                const char *g = view_board_glyph(rs, piece_owner(code), piece_type(code), o, ascii);
                canvas_text(&cv, fx, fy, g, o->color ? view_piece_color(rs, piece_owner(code)) : VC_NONE, -1,
                            o->color ? VA_BOLD : 0);
            } else if (view_mark_captured(mark, cell)) {
                canvas_text(&cv, fx, fy, o->unicode ? "×" : "*", o->color ? VC_CAPTURE : VC_NONE, -1,
                            o->color ? VA_BOLD : 0);
            } else if (!o->color) {
                canvas_text(&cv, fx, fy, o->unicode ? "·" : ".", VC_NONE, -1, 0);
            } else {
                /* an empty field in its colour */
                canvas_text(&cv, fx, fy, o->unicode ? "·" : ".", field_light(rs, cell) ? VC_LIGHT_PIECE : VC_DARK_PIECE,
                            -1, VA_BOLD);
            }
            if (!o->color && view_mark_has(mark, cell)) {
                canvas_text(&cv, fx - 1, fy, "[", VC_NONE, -1, 0);
                canvas_text(&cv, fx + 1, fy, "]", VC_NONE, -1, 0);
            }
        }
    }
    if (key) draw_key(&cv, rs, board_w + 2);
    canvas_print(&cv, out);
    canvas_free(&cv);
    return 1;
}
