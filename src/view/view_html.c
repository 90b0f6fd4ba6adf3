/* view_html.c - a game as one self-contained HTML page: every position drawn
 * as an inline SVG picture (view_svg), the moves listed beside them, and a
 * few lines of script to step through them with buttons, the arrow keys,
 * Home and End, or a click on a move. Nothing is fetched from anywhere. */
#include "view.h"

#include <stdio.h>
#include <string.h>

static const char *style =
    "body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:1.5em;background:#fbf8f1;color:#222}\n"
    "h1{font-size:1.3em;margin:0 0 .6em}\n"
    "#controls{display:flex;gap:.4em;align-items:center;margin-bottom:.8em}\n"
    "#controls button{font-size:1.05em;padding:.25em .8em;cursor:pointer}\n"
    "#where{margin-left:.8em;font-weight:bold;min-width:16em}\n"
    "#main{display:flex;gap:1.5em;align-items:flex-start}\n"
    ".pos{display:none}.pos.shown{display:block}\n"
    "#moves{max-height:34em;overflow-y:auto;margin:0;padding:0 .8em 0 3.8em;border-left:1px solid #ddd;min-width:12em}\n"
    "#moves li{padding:1px 4px;font-family:'DejaVu Sans Mono',monospace}\n"
    "#moves .mv{cursor:pointer}#moves .mv.current{background:#ffd84a}\n"
    "#moves li.mv.p1::before{content:'\\25CB  '}#moves li.mv.p2::before{content:'\\25CF  '}\n"
    "#moves .pair .mv,#moves .pair .skip{display:inline-block;min-width:6em;padding:0 4px}\n"
    "#note{min-height:1.2em;color:#555;margin:.4em 0}\n"
    "#result{font-weight:bold}\n";

static const char *script =
    "(function(){\n"
    "var boards=document.querySelectorAll('.pos'),items=document.querySelectorAll('#moves .mv');\n"
    "var where=document.getElementById('where'),note=document.getElementById('note'),i=0;\n"
    "function show(k){\n"
    "  if(k<0)k=0;if(k>boards.length-1)k=boards.length-1;\n"
    "  boards[i].classList.remove('shown');if(i>0)items[i-1].classList.remove('current');\n"
    "  i=k;boards[i].classList.add('shown');\n"
    "  if(i>0){items[i-1].classList.add('current');items[i-1].scrollIntoView({block:'nearest'});}\n"
    "  where.textContent=i===0?'start ('+(boards.length-1)+' moves)':'move '+i+' of '+(boards.length-1)+': '+boards[i].dataset.move;\n"
    "  note.textContent=boards[i].dataset.note||'';\n"
    "  document.body.dataset.position=i;\n"
    "}\n"
    "document.getElementById('first').onclick=function(){show(0)};\n"
    "document.getElementById('prev').onclick=function(){show(i-1)};\n"
    "document.getElementById('next').onclick=function(){show(i+1)};\n"
    "document.getElementById('last').onclick=function(){show(boards.length-1)};\n"
    "items.forEach(function(li,k){li.onclick=function(){show(k+1)}});\n"
    "document.addEventListener('keydown',function(e){\n"
    "  if(e.key==='ArrowRight'||e.key==='ArrowDown'){show(i+1);e.preventDefault();}\n"
    "  else if(e.key==='ArrowLeft'||e.key==='ArrowUp'){show(i-1);e.preventDefault();}\n"
    "  else if(e.key==='Home'){show(0);e.preventDefault();}\n"
    "  else if(e.key==='End'){show(boards.length-1);e.preventDefault();}\n"
    "});\n"
    "show(0);\n"
    "})();\n";

/* One move of the list, an element of class `mv` the script steps through. */
static void move_item(vbuf *out, const ruleset *rs, const view_step *step, const char *tag)
{
    vbuf_printf(out, "<%s class=\"mv p%d\" title=\"player %d\">", tag, view_player_light(rs, step->player) ? 1 : 2,
                step->player);
    vbuf_xml(out, step->move);
    vbuf_printf(out, "</%s>", tag);
}

/* The moves STEPS[1..N] as the game's players number them (view_numbers_pairs):
 * one item a move, numbered by the list; or one item a pair, player 1's move
 * and player 2's reply, with `...` before a reply that begins the list. */
static void write_move_list(vbuf *out, const ruleset *rs, const view_step *steps, int n)
{
    if (!view_numbers_pairs(rs)) {
        vbuf_puts(out, "<ol id=\"moves\">\n");
        for (int i = 1; i <= n; i++) {
            move_item(out, rs, &steps[i], "li");
            vbuf_puts(out, "\n");
        }
        vbuf_puts(out, "</ol>\n");
        return;
    }
    vbuf_puts(out, "<ol id=\"moves\" class=\"pairs\">\n");
    for (int i = 1; i <= n; i++) {
        vbuf_puts(out, "<li class=\"pair\">");
        if (steps[i].player == 2) vbuf_puts(out, "<span class=\"skip\">...</span> ");
        move_item(out, rs, &steps[i], "span");
        if (steps[i].player == 1 && i < n && steps[i + 1].player == 2) {
            vbuf_puts(out, " ");
            move_item(out, rs, &steps[++i], "span");
        }
        vbuf_puts(out, "</li>\n");
    }
    vbuf_puts(out, "</ol>\n");
}

int view_html(vbuf *out, const ruleset *rs, const char *title, const state *states, const view_mark *marks,
              const view_step *steps, int n, const char *result)
{
    vbuf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                   "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    vbuf_xml(out, title);
    vbuf_puts(out, "</title>\n<style>\n");
    vbuf_puts(out, style);
    vbuf_puts(out, "</style>\n</head>\n<body data-position=\"0\">\n<h1>");
    vbuf_xml(out, title);
    vbuf_puts(out, "</h1>\n<div id=\"controls\">\n"
                   "<button id=\"first\" title=\"the start (Home)\" aria-label=\"first\">&#xAB;</button>\n"
                   "<button id=\"prev\" title=\"the move before (left arrow)\" aria-label=\"previous\">&#x2039;</button>\n"
                   "<button id=\"next\" title=\"the next move (right arrow)\" aria-label=\"next\">&#x203A;</button>\n"
                   "<button id=\"last\" title=\"the end (End)\" aria-label=\"last\">&#xBB;</button>\n"
                   "<span id=\"where\">start</span>\n</div>\n");
    if (!view_svg_defs(out, rs)) return 0;
    vbuf_puts(out, "<div id=\"main\">\n<div id=\"boards\">\n");
    for (int i = 0; i <= n; i++) {
        vbuf_printf(out, "<div class=\"pos%s\" id=\"pos%d\" data-move=\"", i == 0 ? " shown" : "", i);
        if (i > 0) {
            vbuf_printf(out, "player %d: ", steps[i].player);
            vbuf_xml(out, steps[i].move);
        }
        vbuf_puts(out, "\" data-note=\"");
        vbuf_xml(out, steps[i].note);
        vbuf_puts(out, "\">\n");
        if (!view_svg_use(out, rs, &states[i], &marks[i])) return 0;
        vbuf_puts(out, "</div>\n");
    }
    vbuf_puts(out, "</div>\n");
    write_move_list(out, rs, steps, n);
    vbuf_puts(out, "</div>\n<p id=\"note\"></p>\n<p id=\"result\">");
    vbuf_xml(out, result);
    vbuf_puts(out, "</p>\n<script>\n");
    vbuf_puts(out, script);
    vbuf_puts(out, "</script>\n</body>\n</html>\n");
    return !out->oom;
}
