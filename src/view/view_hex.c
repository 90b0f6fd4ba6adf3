/* view_hex.c - a board of hexagonal cells as text: each row drawn half a
 * cell left of the row below (two characters for a cell four wide), so that
 * the six cells around one (n ne e s sw w on the grid) are the ones drawn
 * around it; row numbers on both ends of every row, column letters above
 * the top row and under the bottom one. The cells of a hexagon's cut-off
 * corners are left blank: they are not on the board. */
#include "view_internal.h"

#include <stdio.h>

int view_text_hex(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, const view_opts *o)
{
    int w = rs->width, h = rs->height;
    int label_w = h >= 10 ? 2 : 1;
    int x0 = label_w + 1;                       /* the top row's first cell */
    /* Cells four characters wide, or two where the screen is too narrow for
     * that (the last move is then marked by colour only). */
    int CELL_W = 4, SHIFT = 2, pad = 1;
    int board_w = x0 + SHIFT * (h - 1) + CELL_W * w + label_w;
    if (o->width > 0 && board_w > o->width) {
        CELL_W = 2;
        SHIFT = 1;
        pad = 0;
        board_w = x0 + SHIFT * (h - 1) + CELL_W * w + label_w;
    }
    canvas cv;
    if (!canvas_init(&cv, board_w, h + 2, o)) return 0;
    char text[16];
    for (int c = 0; c < w; c++) {
        snprintf(text, sizeof text, "%c", 'a' + c);
        canvas_text(&cv, x0 + CELL_W * c + pad, 0, text, VC_FRAME, -1, 0);
        canvas_text(&cv, x0 + SHIFT * (h - 1) + CELL_W * c + pad, h + 1, text, VC_FRAME, -1, 0);
    }
    for (int r = 0; r < h; r++) {
        /* Next to the row's first and last cell on the board (a hexagon's
         * rows are shorter than the rhombus's). */
        int first = 0, last = w - 1;
        while (first < last && !cellset_has(&rs->playable, r * w + first)) first++;
        while (last > first && !cellset_has(&rs->playable, r * w + last)) last--;
        int y = h - r, x = x0 + SHIFT * (h - 1 - r);
        snprintf(text, sizeof text, "%*d", label_w, r + 1);
        canvas_text(&cv, x + CELL_W * first - x0, y, text, VC_FRAME, -1, 0);
        snprintf(text, sizeof text, "%d", r + 1);
        canvas_text(&cv, x + CELL_W * (last + 1), y, text, VC_FRAME, -1, 0);
    }
    for (int i = 0; i < rs->ncells; i++) {
        if (!cellset_has(&rs->playable, i)) continue;
        int col = rs->cell_col[i], row = rs->cell_row[i];
        int y = h - row, x = x0 + SHIFT * (h - 1 - row) + CELL_W * col;
        int marked = view_mark_has(mark, i);
        int bg = o->color ? (marked ? VC_MARK : VC_LIGHT_SQUARE) : VC_NONE;
        for (int k = 0; k < 2 * pad + 1; k++) canvas_text(&cv, x + k, y, " ", VC_NONE, bg, 0);
        uint8_t code = st->cell[i];
        if (code) {
            char ascii[3];
            const char *g = view_board_glyph(rs, piece_owner(code), piece_type(code), o, ascii);
            int fg = o->color ? view_piece_color(rs, piece_owner(code)) : VC_NONE;
            canvas_text(&cv, x + pad, y, g, fg, bg, o->color ? VA_BOLD : 0);
        } else if (view_mark_captured(mark, i)) {
            canvas_text(&cv, x + pad, y, o->unicode ? "×" : "*", o->color ? VC_CAPTURE : VC_NONE, bg,
                        o->color ? VA_BOLD : 0);
        } else if (!o->color) {
            canvas_text(&cv, x + pad, y, o->unicode ? "·" : ".", VC_NONE, bg, 0);
        }
        if (marked && !o->color && pad) {
            canvas_text(&cv, x, y, "[", VC_NONE, bg, 0);
            canvas_text(&cv, x + 2, y, "]", VC_NONE, bg, 0);
        }
    }
    canvas_print(&cv, out);
    canvas_free(&cv);
    return 1;
}
