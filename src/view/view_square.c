/* view_square.c - a square board as text: ranks top down with their numbers
 * on both sides, files underneath and above; on a board whose playable
 * cells are numbered, the numbers as a key to the right when the width
 * (view_opts.width) leaves room for it: the key is left out rather than
 * wrapped, which would break every row. */
#include "view_internal.h"

#include <stdio.h>
#include <string.h>

/* 1 when the playable cells are named by numbers (numbered from a corner). */
static int numbered(const ruleset *rs)
{
    for (int i = 0; i < rs->ncells; i++)
        if (cellset_has(&rs->playable, i)) return rs->cell_name[i][0] >= '0' && rs->cell_name[i][0] <= '9';
    return 0;
}

int view_text_square(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, const view_opts *o)
{
    int w = rs->width, h = rs->height;
    int label_w = h >= 10 ? 2 : 1;
    int x0 = label_w + 1;                 /* the first cell's column */
    int board_w = x0 + 3 * w + 1 + label_w;
    int keyed = numbered(rs), key_w = 0, key_x = 0;
    if (keyed) {
        for (int i = 0; i < rs->ncells; i++)
            if (cellset_has(&rs->playable, i) && (int)strlen(rs->cell_name[i]) > key_w)
                key_w = (int)strlen(rs->cell_name[i]);
        key_w++;
        key_x = board_w + 4;
        if (o->width > 0 && key_x + key_w * w > o->width) key_x = board_w + 2; /* closer, to fit */
        if (o->width > 0 && key_x + key_w * w > o->width) keyed = 0;          /* no room: the board alone */
    }
    canvas cv;
    if (!canvas_init(&cv, keyed ? key_x + key_w * w : board_w, h + 2, o)) return 0;
    char text[16];
    for (int c = 0; c < w; c++) {
        snprintf(text, sizeof text, "%c", 'a' + c);
        canvas_text(&cv, x0 + 3 * c + 1, 0, text, VC_FRAME, -1, 0);
        canvas_text(&cv, x0 + 3 * c + 1, h + 1, text, VC_FRAME, -1, 0);
    }
    for (int i = 0; i < rs->ncells; i++) {
        int col = rs->cell_col[i], row = rs->cell_row[i];
        int y = h - row, x = x0 + 3 * col;
        int playable = cellset_has(&rs->playable, i);
        if (!playable && rs->topology == TOPO_TRACK) continue; /* a grid of points: not on the board */
        int again = rs->topology == TOPO_TRACK && rs->track.any_extra && cellset_has(&rs->track.extra_turn[0], i);
        int dark = (col + row) % 2 == 0; /* a1 is dark */
        int bg = o->color ? (dark ? VC_DARK_SQUARE : VC_LIGHT_SQUARE) : VC_NONE;
        int marked = view_mark_has(mark, i);
        if (marked && o->color) bg = VC_MARK;
        for (int k = 0; k < 3; k++) canvas_text(&cv, x + k, y, " ", VC_NONE, bg, 0);
        uint8_t code = st->cell[i];
        if (code) {
            char ascii[3];
            const char *g = view_board_glyph(rs, piece_owner(code), piece_type(code), o, ascii);
            int fg = o->color ? view_piece_color(rs, piece_owner(code)) : VC_NONE;
            int wide = g == ascii && ascii[1]; /* +P: from the cell's first column */
            canvas_text(&cv, x + 1 - wide, y, g, fg, bg, o->color ? VA_BOLD : 0);
        } else if (view_mark_captured(mark, i)) {
            canvas_text(&cv, x + 1, y, o->unicode ? "×" : "*", o->color ? VC_CAPTURE : VC_NONE, bg,
                        o->color ? VA_BOLD : 0);
        } else if (again) { /* a point where a turn ending gives another roll */
            canvas_text(&cv, x + 1, y, "*", o->color ? VC_FRAME : VC_NONE, bg, 0);
        } else if (rs->topology == TOPO_TRACK && rs->track.any_must_stop && cellset_has(&rs->track.must_stop[0], i)) {
            canvas_text(&cv, x + 1, y, "!", o->color ? VC_FRAME : VC_NONE, bg, 0); /* a point no piece passes */
        } else if (rs->topology == TOPO_TRACK && rs->track.any_back && cellset_has(&rs->track.back_from[0], i)) {
            canvas_text(&cv, x + 1, y, "~", o->color ? VC_FRAME : VC_NONE, bg, 0); /* a point that sends back */
        } else if (playable && !o->color) {
            canvas_text(&cv, x + 1, y, o->unicode ? "·" : ".", VC_NONE, bg, 0);
        }
        if (marked && !o->color) {
            if (!code || !st->cell[i] || !(rs->letter_plus >> piece_type(code) & 1)) /* +P keeps its sign */
                canvas_text(&cv, x, y, "[", VC_NONE, bg, 0);
            canvas_text(&cv, x + 2, y, "]", VC_NONE, bg, 0);
        }
        if (keyed && playable) {
            snprintf(text, sizeof text, "%*s", key_w - 1, rs->cell_name[i]);
            canvas_text(&cv, key_x + key_w * col, y, text, VC_FRAME, -1, 0);
        }
    }
    for (int r = 0; r < h; r++) {
        snprintf(text, sizeof text, "%*d", label_w, r + 1);
        canvas_text(&cv, 0, h - r, text, VC_FRAME, -1, 0);
        snprintf(text, sizeof text, "%d", r + 1);
        canvas_text(&cv, x0 + 3 * w + 1, h - r, text, VC_FRAME, -1, 0);
    }
    canvas_print(&cv, out);
    canvas_free(&cv);
    return 1;
}
