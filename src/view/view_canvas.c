/* view_canvas.c - the character canvas every topology draws its board on,
 * its printing with or without ANSI colours, and the colours and glyphs of
 * pieces on it (view_internal.h). */
#include "view_internal.h"

#include <stdlib.h>
#include <string.h>

int canvas_init(canvas *cv, int w, int h, const view_opts *o)
{
    cv->w = w;
    cv->h = h;
    cv->o = o;
    cv->c = calloc((size_t)w * (size_t)h, sizeof *cv->c);
    return cv->c != NULL;
}

void canvas_free(canvas *cv)
{
    free(cv->c);
    cv->c = NULL;
}

/* Bytes of the UTF-8 character starting with byte C. */
static int utf8_len(unsigned char c)
{
    return c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

void canvas_text(canvas *cv, int x, int y, const char *text, int fg, int bg, int attr)
{
    for (const char *p = text; *p; x++) {
        int n = utf8_len((unsigned char)*p);
        if (x >= 0 && x < cv->w && y >= 0 && y < cv->h) {
            vcell *c = &cv->c[y * cv->w + x];
            memset(c->glyph, 0, sizeof c->glyph);
            for (int i = 0; i < n && p[i]; i++) c->glyph[i] = p[i];
            if (c->glyph[0] == ' ') c->glyph[0] = '\0';
            c->fg = (uint8_t)fg;
            if (bg >= 0) c->bg = (uint8_t)bg;
            c->attr = (uint8_t)attr;
        }
        for (int i = 0; i < n && *p; i++) p++;
    }
}

void canvas_paint(canvas *cv, int x, int y, int fg, int bg, int attr)
{
    if (x < 0 || x >= cv->w || y < 0 || y >= cv->h) return;
    vcell *c = &cv->c[y * cv->w + x];
    if (fg >= 0) c->fg = (uint8_t)fg;
    if (bg >= 0) c->bg = (uint8_t)bg;
    if (attr >= 0) c->attr = (uint8_t)attr;
}

static void sgr(vbuf *out, const vcell *c)
{
    vbuf_puts(out, "\033[0");
    if (c->attr & VA_BOLD) vbuf_puts(out, ";1");
    if (c->attr & VA_DIM) vbuf_puts(out, ";2");
    if (c->attr & VA_REVERSE) vbuf_puts(out, ";7");
    if (c->fg) vbuf_printf(out, ";38;5;%d", c->fg - 1);
    if (c->bg) vbuf_printf(out, ";48;5;%d", c->bg - 1);
    vbuf_puts(out, "m");
}

/* 1 when row Y shows nothing (no glyph, no background). */
static int blank_row(const canvas *cv, int y)
{
    for (int x = 0; x < cv->w; x++) {
        const vcell *c = &cv->c[y * cv->w + x];
        if (c->glyph[0] || (cv->o->color && c->bg)) return 0;
    }
    return 1;
}

void canvas_print(const canvas *cv, vbuf *out)
{
    int color = cv->o->color, first = 0, last = cv->h - 1;
    while (first < cv->h && blank_row(cv, first)) first++;
    while (last >= first && blank_row(cv, last)) last--;
    for (int y = first; y <= last; y++) {
        const vcell *row = &cv->c[y * cv->w];
        int end = cv->w;
        while (end > 0 && !row[end - 1].glyph[0] && (!color || !row[end - 1].bg)) end--;
        const vcell *style = NULL;
        for (int x = 0; x < end; x++) {
            const vcell *c = &row[x];
            if (color) {
                int plain = !c->fg && !c->bg && !c->attr;
                if (!style ? !plain : (c->fg != style->fg || c->bg != style->bg || c->attr != style->attr)) {
                    if (plain) vbuf_puts(out, "\033[0m");
                    else sgr(out, c);
                    style = plain ? NULL : c;
                }
            }
            vbuf_puts(out, c->glyph[0] ? c->glyph : " ");
        }
        if (color && style) vbuf_puts(out, "\033[0m");
        vbuf_puts(out, "\n");
    }
}

int view_piece_color(const ruleset *rs, int player)
{
    return view_player_light(rs, player) ? VC_LIGHT_PIECE : VC_DARK_PIECE;
}

const char *view_board_glyph(const ruleset *rs, int owner, int type, const view_opts *o, char ascii[3])
{
    if (o->color && o->unicode && !rs->letters[0] && owner <= 2) return view_glyph_of(0, type);
    return view_piece_glyph(rs, owner, type, o->unicode, ascii);
}
