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
    "#moves li{cursor:pointer;padding:1px 4px;font-family:'DejaVu Sans Mono',monospace}\n"
    "#moves li.current{background:#ffd84a}\n"
    "#moves li.p1::before{content:'\\25CB  '}#moves li.p2::before{content:'\\25CF  '}\n"
    "#note{min-height:1.2em;color:#555;margin:.4em 0}\n"
    "#result{font-weight:bold}\n";

static const char *script =
    "(function(){\n"
    "var boards=document.querySelectorAll('.pos'),items=document.querySelectorAll('#moves li');\n"
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
    vbuf_puts(out, "</div>\n<ol id=\"moves\">\n");
    for (int i = 1; i <= n; i++) {
        vbuf_printf(out, "<li class=\"p%d\" title=\"player %d\">", view_player_light(rs, steps[i].player) ? 1 : 2,
                    steps[i].player);
        vbuf_xml(out, steps[i].move);
        vbuf_puts(out, "</li>\n");
    }
    vbuf_puts(out, "</ol>\n</div>\n<p id=\"note\"></p>\n<p id=\"result\">");
    vbuf_xml(out, result);
    vbuf_puts(out, "</p>\n<script>\n");
    vbuf_puts(out, script);
    vbuf_puts(out, "</script>\n</body>\n</html>\n");
    return !out->oom;
}
