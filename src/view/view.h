/* view.h - pictures of positions: boards as text for the terminal, SVG
 * pictures, a self-contained HTML page that steps through a game, and the
 * words of a result.
 *
 * Everything here is game-agnostic: a board is drawn from the ruleset's
 * topology tables (square cells by column and row, a track's paths and
 * off-board places, tiles and the sides they share), never from a game's
 * name. Output goes into a growable buffer (vbuf) so that one drawing can be
 * printed, written to a file or embedded in a page. */
#ifndef TABULA_VIEW_H
#define TABULA_VIEW_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/engine.h"

/* ---- a growable byte buffer ---------------------------------------------- */

typedef struct vbuf {
    char *s;          /* NUL-terminated text (NULL while empty) */
    size_t len, cap;
    int oom;          /* an allocation failed: the text is incomplete */
} vbuf;

void vbuf_init(vbuf *b);
void vbuf_free(vbuf *b);
void vbuf_put(vbuf *b, const char *text, size_t n);
void vbuf_puts(vbuf *b, const char *text);
void vbuf_printf(vbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* TEXT with & < > " escaped for XML and HTML. */
void vbuf_xml(vbuf *b, const char *text);
/* The text, "" while empty. */
const char *vbuf_text(const vbuf *b);

/* ---- how to draw --------------------------------------------------------- */

typedef struct view_opts {
    int color;        /* ANSI colours (text boards) */
    int unicode;      /* Unicode glyphs; 0: ASCII only */
    int width;        /* columns a text board may take; 0: no limit */
} view_opts;

/* Decides colour from --color=auto|always|never (WHEN, NULL for auto), the
 * NO_COLOR convention and whether FD is a terminal; returns -1 for a WHEN
 * that is none of the three. */
int view_color_wanted(const char *when, int fd);
/* 1 when the user's locale (LC_ALL, LC_CTYPE, LANG) uses UTF-8. */
int view_locale_utf8(void);

/* What to highlight: the move just played. */
typedef struct view_mark {
    int any;                   /* 0: nothing to highlight */
    int kind;                  /* move_kind */
    int mover;                 /* the player who made it */
    int from, to;              /* cells, or -1 (a track's bar or off) */
    int npath;                 /* chain: landing cells */
    cell_id path[TB_MAX_PATH];
    int ncaps;                 /* captured cells (pieces gone or hit) */
    cell_id caps[TB_MAX_PATH];
} view_mark;

/* The mark of move M played by MOVER (M NULL: no mark). */
void view_mark_move(view_mark *mark, const ruleset *rs, const move *m, int mover);
/* 1 when CELL is one the mark highlights (start, landing or end). */
int view_mark_has(const view_mark *mark, int cell);
/* 1 when CELL held a piece the marked move captured. */
int view_mark_captured(const view_mark *mark, int cell);

/* ---- text boards --------------------------------------------------------- */

/* Appends the board of ST as text: the board of its topology, then one line
 * per player (pieces, and what the game keeps beyond the board). MARK may
 * be NULL. Returns 0 when the board cannot be drawn (memory). */
int view_text(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, const view_opts *o);

/* What a player has, in words: "12 pieces", "15 on the board, 0 on the
 * bar, 0 off, 167 pips", "18 pieces, 2 tiles collected", and with DICE the
 * dice to play of the player to move. */
void view_player_facts(const ruleset *rs, const state *st, int player, int dice, vbuf *out);

/* ---- pictures ------------------------------------------------------------ */

/* Appends an SVG picture of ST (a whole document, or with FRAGMENT an <svg>
 * element to embed in HTML). */
int view_svg(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, int fragment);
/* For a page of many pictures of one game: the board and the pieces once, as
 * a hidden <svg> of definitions ... */
int view_svg_defs(vbuf *out, const ruleset *rs);
/* ... and a picture that refers to them (an <svg> element). */
int view_svg_use(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark);

/* One position of a game for the replay page. */
typedef struct view_step {
    char move[160];            /* the move that led here in notation ("" for the start) */
    int player;                /* who played it */
    char note[160];            /* a line under the picture (dice, passes, the result) */
} view_step;

/* A self-contained HTML page stepping through the positions of a game,
 * written to a stream as they come (view_html.c): view_page_begin writes
 * the head (TITLE is the page's heading), view_page_position each position
 * in turn, the start first (ST, MARK the move to highlight, STEP the move
 * that led there), view_page_end the closing line RESULT and the script.
 * Each returns 0 (NULL) when memory ran out or the stream failed;
 * view_page_free frees the writer either way. */
typedef struct view_page view_page;
view_page *view_page_begin(FILE *f, const ruleset *rs, const char *title);
int view_page_position(view_page *pg, const state *st, const view_mark *mark, const view_step *step);
int view_page_end(view_page *pg, const char *result);
/* Why a page failed: "out of memory", or the stream's error. */
const char *view_page_error(const view_page *pg);
void view_page_free(view_page *pg);

/* ---- move numbers ----------------------------------------------------------- */

/* 1 when the moves of RS are numbered by pairs, player 1's move and player
 * 2's reply under one number (`1. 31-27 17-22`), as players of two-player games
 * players write them: a game without dice, whose players alternate one move
 * a turn. A dice game's turn holds as many moves as its dice: its moves are
 * numbered one by one (`12.`), with the rolls between them. */
int view_numbers_pairs(const ruleset *rs);

/* The number of the move at PLY (0 for the first move listed), by PLAYER, as
 * a line of moves begins it: "12." one by one; by pairs "12." for player
 * 1's move and "12..." for player 2's (a list that starts with player 2's
 * move, from a position, starts at "1..."). */
void view_move_number(const ruleset *rs, int ply, int player, char *buf, size_t size);

/* ---- results ------------------------------------------------------------- */

/* Why the game in ST is over, in words, with the place of the deciding end
 * condition: "player 2 wins: player 1 has no legal move (`blocked` at
 * NAME:27:5)", the file named by ruleset_file_shown. "" while the game goes on. RESIGNED: the player
 * who resigned, or 0: with two players the state is then ongoing (the other
 * wins); with more, the resignation put the last other side out, and ST is
 * that side's win ("player 3 wins: player 2 resigned; players 1 and 2 are out"). */
void view_result_reason(const ruleset *rs, const state *st, int resigned, char *buf, size_t size);
/* What play and replay say of PLAYER's resignation, ST the position after
 * it: "player 2 resigns", and where more than two play on, who is out and
 * who moves ("player 2 resigns: players 1 and 2 are out; player 3 to move"). */
void view_resign_text(const ruleset *rs, const state *st, int player, char *buf, size_t size);

/* ---- shared geometry ----------------------------------------------------- */

/* Where each point of a track is drawn: two rows, as on a tables board.
 * Player 1's path runs along the top row from the right to the left, then
 * along the bottom row from the left to the right, so that its last point is
 * at the bottom right; each row is split in two halves by the bar. */
typedef struct view_track_layout {
    int ncols;                 /* columns of points in a row (the longer row) */
    int split;                 /* the bar comes after this many columns */
    int row[TB_MAX_CELLS];     /* per cell: 0 top, 1 bottom */
    int col[TB_MAX_CELLS];     /* per cell: 0 leftmost */
    int home_row[2];           /* per player: the row of the end of their path (off pieces) */
    int entry_row[2];          /* per player: the row of the start of their path (bar pieces) */
} view_track_layout;

void view_track_layout_of(const ruleset *rs, view_track_layout *l);
/* Points a player's pieces still have to travel: to bear them all off. */
int view_track_pips(const ruleset *rs, const state *st, int player);
/* Points on a player's path. */
int view_track_len(const ruleset *rs, int player);
/* 1 when a piece of the player not owning CELL's stack lies pinned under it. */
int view_track_pinned(const state *st, int cell);

/* Axial coordinates of the tiles (x up-right, y up), found from the sides
 * the tiles share; returns 0 when the tiles are not one connected board. */
int view_tile_coords(const ruleset *rs, int *x, int *y);

/* Piece glyphs (ASCII: up to 2 characters, +P, in ASCII[3]): the Unicode glyph of a piece of OWNER and TYPE (hollow for a
 * light player, filled for a dark one), or its ASCII letter: o and O for the
 * light player's first two types (a man and a king), x and X for the dark
 * one's, then the type's letter (upper case for player 1). */
const char *view_piece_glyph(const ruleset *rs, int owner, int type, int unicode, char ascii[3]);
/* The Unicode glyph of piece type TYPE: hollow (LIGHT) or filled. */
const char *view_glyph_of(int light, int type);
/* 1 when WORD names a light colour (white, ivory, ...), 0 a dark one (black,
 * brown, ...), -1 when it names none. */
int view_shade(const char *word);
/* 1 when the player's pieces are light (drawn hollow or white). */
int view_player_light(const ruleset *rs, int player);

#endif
