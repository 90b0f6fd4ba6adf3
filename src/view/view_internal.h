/* view_internal.h - the text canvas the terminal boards are drawn on, and
 * the palette they share. Not part of the library's interface. */
#ifndef TABULA_VIEW_INTERNAL_H
#define TABULA_VIEW_INTERNAL_H

#include <stdint.h>

#include "view.h"

/* Colours are xterm-256 indices + 1 (0: the terminal's default). */
enum {
    VC_NONE = 0,
    VC_LIGHT_PIECE = 231 + 1,   /* white */
    VC_DARK_PIECE = 16 + 1,     /* black */
    VC_LIGHT_SQUARE = 180 + 1,  /* tan */
    VC_DARK_SQUARE = 95 + 1,    /* brown */
    VC_MARK = 179 + 1,          /* the last move: amber */
    VC_CAPTURE = 160 + 1,       /* a piece just captured: red */
    VC_FRAME = 244 + 1,         /* lines and labels: grey */
    VC_POINT_A = 180 + 1,       /* track points, alternating */
    VC_POINT_B = 138 + 1,
    VC_BAR = 95 + 1,
    VC_DICE = 230 + 1,          /* the dice to play: ivory */
    VC_TILE = 144 + 1,          /* the inside of a tile */
    VC_TILE_NAME = 88 + 1,      /* its name */
};

enum { VA_BOLD = 1, VA_DIM = 2, VA_REVERSE = 4 };

typedef struct vcell {
    char glyph[5];              /* one character, UTF-8; "" is a space */
    uint8_t fg, bg, attr;
} vcell;

/* A grid of character cells, printed row by row (trailing blanks dropped). */
typedef struct canvas {
    int w, h;
    vcell *c;
    const view_opts *o;
} canvas;

int canvas_init(canvas *cv, int w, int h, const view_opts *o);
void canvas_free(canvas *cv);
/* Writes TEXT (UTF-8, one cell per character) from column X of row Y. */
void canvas_text(canvas *cv, int x, int y, const char *text, int fg, int bg, int attr);
/* Sets the colours of a cell without changing its glyph (bg < 0: keep). */
void canvas_paint(canvas *cv, int x, int y, int fg, int bg, int attr);
/* Appends the canvas to OUT, with ANSI colours when the options ask. */
void canvas_print(const canvas *cv, vbuf *out);

/* The foreground colour of a player's pieces. */
int view_piece_color(const ruleset *rs, int player);
/* The glyph of a piece on a coloured board: filled for both players (the
 * colour tells them apart), else view_piece_glyph's. */
const char *view_board_glyph(const ruleset *rs, int owner, int type, const view_opts *o, char ascii[3]);
/* Appends one line per player: glyphs, counts and the state beyond the
 * board; a `>` (or ▶) before the player to move. */
void view_players(vbuf *out, const ruleset *rs, const state *st, const view_opts *o);

int view_text_square(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, const view_opts *o);
int view_text_hex(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, const view_opts *o);
int view_text_track(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, const view_opts *o);
int view_text_tiles(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, const view_opts *o);

#endif
