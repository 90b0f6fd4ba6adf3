/* view_text.c - boards as text: the lines about each player, and the
 * choice of drawing by topology (view_square.c, view_hex.c, view_track.c,
 * view_tiles.c, which draw on view_canvas.c's canvas). */
#include "view_internal.h"

#include <stdlib.h>
#include <string.h>

void view_player_facts(const ruleset *rs, const state *st, int p, int dice, vbuf *out)
{
    if (rs->topology == TOPO_TRACK) {
        int on = 0, pinned = 0;
        for (int c = 0; c < rs->ncells; c++) {
            if (st->cell[c] && piece_owner(st->cell[c]) == p) on += st->height[c];
            else if (view_track_pinned(st, c)) pinned++;
        }
        vbuf_printf(out, "%d on the board", on + pinned);
        if (pinned) vbuf_printf(out, " (%d pinned)", pinned);
        if (rs->track.bar >= 0) vbuf_printf(out, ", %d on the %s", st->h.bar[p - 1], rs->offboard[rs->track.bar]);
        if (rs->track.off >= 0) vbuf_printf(out, ", %d %s", st->h.off[p - 1], rs->offboard[rs->track.off]);
        vbuf_printf(out, ", %d pips", view_track_pips(rs, st, p));
    } else {
        vbuf_printf(out, "%d piece%s", st->h.pieces[p - 1], st->h.pieces[p - 1] == 1 ? "" : "s");
        int counted = 0, held = 0;
        for (int t = 0; t < rs->npiece_types; t++) {
            counted += rs->hand_counted[p - 1][t];
            held += rs->hand_counted[p - 1][t] && st->h.hand[p - 1][t];
        }
        if (counted == 1) { /* one supply: its count */
            for (int t = 0; t < rs->npiece_types; t++)
                if (rs->hand_counted[p - 1][t]) vbuf_printf(out, ", %d to place", st->h.hand[p - 1][t]);
        } else if (counted > 1) { /* a hand of several types: those held, by letter or name (2P S) */
            vbuf_puts(out, held ? ", in hand:" : ", nothing in hand");
            for (int t = 0; t < rs->npiece_types; t++) {
                int h = rs->hand_counted[p - 1][t] ? st->h.hand[p - 1][t] : 0;
                if (!h) continue;
                vbuf_puts(out, " ");
                if (h > 1) vbuf_printf(out, "%d", h);
                if (rs->letters[0]) vbuf_printf(out, "%c", p == 1 ? rs->letters[t] - 'a' + 'A' : rs->letters[t]);
                else vbuf_printf(out, "%s%s", h > 1 ? " " : "", rs->piece_name[t]);
            }
        }
    }
    if (rs->topology == TOPO_TILES) {
        int held = state_counter(&st->h, rs->tiles.held_counter, p);
        vbuf_printf(out, ", %d tile%s collected", held, held == 1 ? "" : "s");
    }
    if (dice && st->h.status == STATUS_ONGOING && st->h.to_move == p && rs->dice_count && st->h.ndice) {
        vbuf_puts(out, "; dice to play:");
        for (int d = 0; d < st->h.ndice; d++) vbuf_printf(out, " %d", st->h.dice[d]);
    }
}

/* Characters TEXT takes on the screen: UTF-8 characters, colour codes not counted. */
static int screen_width(const char *text)
{
    int n = 0;
    for (const char *c = text; *c; c++) {
        if (*c == '\033') {
            while (*c && *c != 'm') c++;
            if (!*c) break;
        } else if (((unsigned char)*c & 0xc0) != 0x80) {
            n++;
        }
    }
    return n;
}

void view_players(vbuf *out, const ruleset *rs, const state *st, const view_opts *o)
{
    int over = st->h.status != STATUS_ONGOING;
    for (int p = 1; p <= rs->nplayers; p++) {
        vbuf facts;
        vbuf_init(&facts);
        /* a track draws the dice to play on the board: the line stays short */
        view_player_facts(rs, st, p, rs->topology != TOPO_TRACK || rs->track_grid, &facts);
        if (facts.oom) out->oom = 1;
        int to_move = !over && st->h.to_move == p;
        size_t start = out->len;
        if (o->color && to_move) vbuf_puts(out, "\033[1m");
        vbuf_puts(out, to_move ? (o->unicode ? "▶ " : "> ") : "  ");
        vbuf_printf(out, "player %d (%s)", p, rs->player_label[p - 1]);
        for (int t = 0; t < rs->npiece_types; t++) {
            char ascii[3];
            /* the glyph as the board draws it, in the same colour */
            const char *g = view_board_glyph(rs, p, t, o, ascii);
            int bare = rs->letters[0] && rs->npiece_types > 4; /* letters alone: K Q R B N P */
            vbuf_puts(out, !t ? " " : bare ? " " : ", ");
            if (o->color) vbuf_printf(out, "\033[1;38;5;%dm%s\033[0m%s", view_piece_color(rs, p) - 1, g,
                                      to_move ? "\033[1m" : "");
            else vbuf_puts(out, g);
            /* names beside the glyphs, but for a game with many types written by their letters */
            if (rs->npiece_types > 1 && !bare) vbuf_printf(out, " %s", rs->piece_name[t]);
        }
        vbuf_puts(out, ":");
        /* When the line would be wider than the screen, the facts go on a
         * line of their own rather than wrap where the terminal cuts them. */
        const char *line = vbuf_text(out) + start;
        int wide = o->width > 0 && screen_width(line) + 1 + screen_width(vbuf_text(&facts)) > o->width;
        vbuf_puts(out, wide ? "\n    " : " ");
        vbuf_puts(out, vbuf_text(&facts));
        vbuf_free(&facts);
        if (o->color && to_move) vbuf_puts(out, "\033[0m");
        vbuf_puts(out, "\n");
    }
}

int view_text(vbuf *out, const ruleset *rs, const state *st, const view_mark *mark, const view_opts *o)
{
    int ok;
    switch (rs->topology) {
    case TOPO_SQUARE:
        ok = rs->grid == GRID_HEX ? view_text_hex(out, rs, st, mark, o) : view_text_square(out, rs, st, mark, o);
        break;
    case TOPO_TRACK:
        ok = rs->track_grid ? view_text_square(out, rs, st, mark, o) : view_text_track(out, rs, st, mark, o);
        break;
    case TOPO_TILES: ok = view_text_tiles(out, rs, st, mark, o); break;
    default: ok = 0; break;
    }
    if (ok) view_players(out, rs, st, o);
    return ok && !out->oom;
}
