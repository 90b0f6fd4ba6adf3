/* view_track.c - a track as text, drawn as a tables board: the points
 * in two rows (view_track_layout_of), each row halved by the bar, stacks
 * growing from the edges with their height written when they are taller
 * than the board shows, the bar and the borne-off pieces beside them. */
#include "view_internal.h"

#include <stdio.h>
#include <string.h>

#define HALF 5   /* rows of pieces in each half of the board */

/* Columns of the drawing. */
typedef struct track_geo {
    int ncols, split;
    int cw;         /* characters per point: the longest name and a space */
    int bar_x;      /* the bar's left frame */
    int right_x;    /* the right frame */
    int off_x;      /* the off column's right frame, or 0 */
} track_geo;

static int point_x(const track_geo *g, int col)
{
    return col < g->split ? 2 + g->cw * col : g->bar_x + 5 + g->cw * (col - g->split);
}

/* The row of the K-th piece (0 nearest the edge) of the half ROW. */
static int piece_y(int row, int k)
{
    return row == 0 ? 2 + k : 2 * HALF + 2 - k;
}

/* Draws a stack of N pieces (glyph G) in the column whose pieces are at X
 * of the half ROW, from slot FIRST (0 at the edge); a stack taller than the
 * slots left shows what fits and then its height, ending under the pieces. */
static void stack(canvas *cv, int x, int row, int first, int n, const char *g, int fg, int bg, int bold)
{
    int room = HALF - first;
    for (int k = 0; k < n && k < room; k++) {
        if (k == room - 1 && n > room) {
            char count[8];
            int len = snprintf(count, sizeof count, "%d", n);
            canvas_text(cv, x - len + 1, piece_y(row, first + k), count, fg, bg, VA_BOLD);
        } else {
            canvas_text(cv, x, piece_y(row, first + k), g, fg, bg, bold);
        }
    }
}

/* A frame line: `+--...--+` with the bar's and the off column's joints. */
static void frame(canvas *cv, const track_geo *g, int y, int top, const view_opts *o)
{
    const char *h = o->unicode ? "─" : "-";
    const char *l = o->unicode ? (top ? "┌" : "└") : "+", *r = o->unicode ? (top ? "┐" : "┘") : "+";
    const char *j = o->unicode ? (top ? "┬" : "┴") : "+";
    int end = g->off_x ? g->off_x : g->right_x;
    for (int x = 1; x <= end; x++) canvas_text(cv, x, y, h, VC_FRAME, -1, 0);
    canvas_text(cv, 1, y, l, VC_FRAME, -1, 0);
    canvas_text(cv, g->bar_x, y, j, VC_FRAME, -1, 0);
    canvas_text(cv, g->bar_x + 4, y, j, VC_FRAME, -1, 0);
    canvas_text(cv, end, y, r, VC_FRAME, -1, 0);
    if (g->off_x) canvas_text(cv, g->right_x, y, j, VC_FRAME, -1, 0);
}

/* Marks W columns from X on the frame line of ROW (the last move). */
static void mark_frame(canvas *cv, int x, int w, int row, const view_opts *o)
{
    int y = row == 0 ? 1 : 2 * HALF + 3;
    for (int k = 0; k < w; k++) canvas_text(cv, x + k, y, o->unicode ? "━" : "=", o->color ? VC_MARK : VC_NONE, -1, VA_BOLD);
}

/* The label of point C: its name on the board, or, where the players number
 * the points each from their own side (`(point-numbers mover)`), its number
 * for the player to move, as the programs of these games show the board to
 * the player on roll (their start is the path's length, their last point 1). */
static const char *point_label(const ruleset *rs, const state *st, int c, char *buf, size_t size)
{
    int p = st->h.to_move - 1;
    if (!rs->mover_numbers || rs->track.rank[p][c] == TB_NO_RANK) return rs->cell_name[c];
    snprintf(buf, size, "%d", rs->track.len[p] - rs->track.rank[p][c]);
    return buf;
}

int view_text_track(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, const view_opts *o)
{
    view_track_layout l;
    view_track_layout_of(rs, &l);
    track_geo g;
    g.ncols = l.ncols;
    g.split = l.split;
    g.cw = 3;
    for (int c = 0; c < rs->ncells; c++)
        if ((int)strlen(rs->cell_name[c]) + 1 > g.cw) g.cw = (int)strlen(rs->cell_name[c]) + 1;
    g.bar_x = 2 + g.cw * g.split;
    g.right_x = g.bar_x + 5 + g.cw * (g.ncols - g.split);
    g.off_x = rs->track.off >= 0 ? g.right_x + 4 : 0;
    int width = (g.off_x ? g.off_x : g.right_x) + 1, height = 2 * HALF + 5;
    canvas cv;
    if (!canvas_init(&cv, width, height, o)) return 0;
    frame(&cv, &g, 1, 1, o);
    frame(&cv, &g, 2 * HALF + 3, 0, o);
    const char *v = o->unicode ? "│" : "|";
    for (int y = 2; y <= 2 * HALF + 2; y++) {
        canvas_text(&cv, 1, y, v, VC_FRAME, -1, 0);
        canvas_text(&cv, g.bar_x, y, v, VC_FRAME, -1, 0);
        canvas_text(&cv, g.bar_x + 4, y, v, VC_FRAME, -1, 0);
        canvas_text(&cv, g.right_x, y, v, VC_FRAME, -1, 0);
        if (g.off_x) canvas_text(&cv, g.off_x, y, v, VC_FRAME, -1, 0);
        if (o->color) {
            for (int k = 1; k <= 3; k++) canvas_paint(&cv, g.bar_x + k, y, -1, VC_BAR, -1);
            for (int k = 1; g.off_x && k <= 3; k++) canvas_paint(&cv, g.right_x + k, y, -1, VC_BAR, -1);
        }
    }
    char name[8];
    if (rs->track.bar >= 0) {
        snprintf(name, sizeof name, "%.3s", rs->offboard[rs->track.bar]);
        canvas_text(&cv, g.bar_x + 1 + (3 - (int)strlen(name)) / 2, HALF + 2, name, VC_FRAME, -1, 0);
    }
    if (g.off_x) {
        snprintf(name, sizeof name, "%.3s", rs->offboard[rs->track.off]);
        canvas_text(&cv, g.right_x + 1 + (3 - (int)strlen(name)) / 2, HALF + 2, name, VC_FRAME, -1, 0);
    }
    for (int c = 0; c < rs->ncells; c++) {
        int row = l.row[c], x = point_x(&g, l.col[c]), px = x + g.cw - 2; /* the pieces' column */
        int marked = view_mark_has(mark, c);
        int bg = !o->color ? -1 : marked ? VC_MARK : (l.col[c] % 2 == 0) ? VC_POINT_A : VC_POINT_B;
        for (int k = 0; k < HALF; k++)
            for (int d = 0; d < g.cw; d++) canvas_paint(&cv, x + d, piece_y(row, k), -1, bg, -1);
        char own[8];
        const char *label = point_label(rs, st, c, own, sizeof own);
        canvas_text(&cv, px - (int)strlen(label) + 1, row == 0 ? 0 : 2 * HALF + 4, label, VC_FRAME, -1, 0);
        if (marked) mark_frame(&cv, x, g.cw, row, o);
        if (!st->cell[c]) continue;
        int owner = piece_owner(st->cell[c]), under = view_track_pinned(st, c);
        char ascii[3], ascii_under[3];
        if (under) /* the pinned piece at the edge, under the stack that pins it */
            stack(&cv, px, row, 0, 1, view_board_glyph(rs, tb_opponent(owner), rs->track.piece, o, ascii_under),
                  o->color ? view_piece_color(rs, tb_opponent(owner)) : VC_NONE, bg, o->color ? VA_BOLD | VA_DIM : 0);
        const char *glyph = view_board_glyph(rs, owner, piece_type(st->cell[c]), o, ascii);
        stack(&cv, px, row, under, st->height[c], glyph, o->color ? view_piece_color(rs, owner) : VC_NONE, bg,
              o->color ? VA_BOLD : 0);
    }
    for (int p = 1; p <= 2; p++) {
        char ascii[3];
        const char *glyph = view_board_glyph(rs, p, rs->track.piece, o, ascii);
        int fg = o->color ? view_piece_color(rs, p) : VC_NONE;
        int bar_bg = o->color ? VC_BAR : -1;
        if (rs->track.bar >= 0 && st->h.bar[p - 1])
            stack(&cv, g.bar_x + 2, l.entry_row[p - 1], 0, st->h.bar[p - 1], glyph, fg, bar_bg, VA_BOLD);
        if (g.off_x && st->h.off[p - 1]) {
            int row = l.home_row[p - 1];
            char count[8];
            snprintf(count, sizeof count, "%d", st->h.off[p - 1]);
            canvas_text(&cv, g.right_x + 2, piece_y(row, 0), glyph, fg, bar_bg, VA_BOLD);
            canvas_text(&cv, g.right_x + 1 + (st->h.off[p - 1] < 10), piece_y(row, 1), count, fg, bar_bg, VA_BOLD);
        }
    }
    /* The dice still to play, in the middle of the right half: [6] [4]. */
    if (st->h.status == STATUS_ONGOING && rs->dice_count && st->h.ndice) {
        char dice[64] = "";
        size_t k = 0;
        int span = g.right_x - (g.bar_x + 5);
        for (int gap = 1; gap >= 0; gap--) { /* closer together when they do not fit */
            k = 0;
            for (int d = 0; d < st->h.ndice && k + 6 < sizeof dice; d++)
                k += (size_t)snprintf(dice + k, sizeof dice - k, "%s[%d]", d && gap ? " " : "", st->h.dice[d]);
            if ((int)k <= span) break;
        }
        int x = g.bar_x + 5 + (span - (int)k) / 2;
        canvas_text(&cv, x < g.bar_x + 5 ? g.bar_x + 5 : x, HALF + 2, dice, o->color ? VC_DICE : VC_NONE, -1,
                    o->color ? VA_BOLD : 0);
    }
    if (mark && mark->any && mark->from < 0 && rs->track.bar >= 0 && mark->kind == MOVE_ENTER)
        mark_frame(&cv, g.bar_x + 1, 3, l.entry_row[mark->mover - 1], o);
    if (mark && mark->any && mark->to < 0 && g.off_x && mark->kind == MOVE_BEAR_OFF)
        mark_frame(&cv, g.right_x + 1, 3, l.home_row[mark->mover - 1], o);
    canvas_print(&cv, out);
    canvas_free(&cv);
    return 1;
}
