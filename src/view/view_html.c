/* view_html.c - a game as one self-contained HTML page, written as the game
 * is replayed: the board and the pieces once (view_svg_defs), then every
 * position as the difference of its picture from the one before, and a
 * script that puts the pictures back together to step through them with
 * buttons, the arrow keys, Home and End, or a click on a move. Nothing is
 * fetched from anywhere.
 *
 * A picture (view_svg_use) is lines of SVG, most of them the same from one
 * position to the next. Each distinct line is written once, in the table L
 * of the page; a position is the list of its lines' numbers, written whole
 * every PAGE_KEYFRAME positions (a keyframe) and otherwise as the edits that
 * make it from the position before. So the page, and the memory it takes to
 * write it, grow with the moves, not with the moves times the board. */
#include "view.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_KEYFRAME 64      /* a position written whole every this many */
#define PAGE_DIFF_MAX 64      /* a position more edits away than this from the one before is written whole */
#define PAGE_CHUNK 4096       /* positions per <script> element */
#define PAGE_FLUSH 65536      /* bytes of the page kept before they are written */

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
    "#moves li.mv.p1::before,#moves li.turn.p1::before{content:'\\25CB  '}\n"
    "#moves li.mv.p2::before,#moves li.turn.p2::before{content:'\\25CF  '}\n"
    "#moves .turn .roll{color:#666}\n"
    "#moves .pair .mv,#moves .pair .skip{display:inline-block;min-width:6em;padding:0 4px}\n"
    "#note{min-height:1.2em;color:#555;margin:.4em 0}\n"
    "#result{font-weight:bold;display:none}#result.shown{display:block}\n";

/* The data's tables and the functions its lines call: k() a keyframe, p() a
 * position as edits, each with its move, player, list class and note. */
static const char *data_script =
    "var L=[],F=[],D=[],M=[],P=[],C=[],N=[];\n"
    "function step(m,pl,c,t){M.push(m);P.push(pl);C.push(c);N.push(t)}\n"
    "function k(l,m,pl,c,t){F[M.length]=l;step(m,pl,c,t)}\n"
    "function p(o,m,pl,c,t){D[M.length]=o;step(m,pl,c,t)}\n";

/* Puts the pictures back together: EDITS are (kept, removed, added, the
 * added lines' numbers...) from the picture before. */
static const char *script =
    "(function(){\n"
    "var n=M.length-1,board=document.querySelector('.pos'),list=document.getElementById('moves');\n"
    "var where=document.getElementById('where'),note=document.getElementById('note'),i=-1,cur=null;\n"
    "var result=document.getElementById('result');\n"
    /* One item a move; or, where the game's players number pairs (the list
     * of class `pairs`), one item a pair: player 1's move and player 2's
     * reply, `...` before a reply that has no move before it; or, in a dice
     * game (its positions' notes say the roll), one item a turn: the roll as
     * players write it, then the moves played with it. */
    "function roll(t){var m=/^dice ([^;]+)/.exec(t||'')||/rolls (\\S+) and cannot move/.exec(t||'');\n"
    "  return m?m[1]:null}\n"
    "var pairs=list.classList.contains('pairs'),turns=!pairs&&roll(N[1])!==null,row=null;\n"
    "var frag=document.createDocumentFragment();\n"
    "for(var k=1;k<=n;k++){var mv=document.createElement(pairs||turns?'span':'li');mv.className='mv p'+C[k];\n"
    "  mv.title='player '+P[k];mv.textContent=M[k];mv.dataset.k=k;\n"
    "  if(turns){var d=roll(N[k]),key=P[k]+' '+d;\n"
    "    if(!row||row.dataset.key!==key||d===null){row=document.createElement('li');\n"
    "      row.className='turn p'+C[k];row.dataset.key=key;frag.appendChild(row);\n"
    "      if(d!==null){var r=document.createElement('span');r.className='roll';\n"
    "        r.textContent=d+':';row.appendChild(r);}}\n"
    "    row.appendChild(document.createTextNode(' '));row.appendChild(mv);continue;}\n"
    "  if(!pairs){frag.appendChild(mv);continue;}\n"
    "  if(P[k]===2&&row&&row.dataset.open){row.appendChild(document.createTextNode(' '));delete row.dataset.open;}\n"
    "  else{row=document.createElement('li');row.className='pair';frag.appendChild(row);\n"
    "    if(P[k]===2){var s=document.createElement('span');s.className='skip';s.textContent='...';\n"
    "      row.appendChild(s);row.appendChild(document.createTextNode(' '));}else row.dataset.open='1';}\n"
    "  row.appendChild(mv);}\n"
    "list.appendChild(frag);\n"
    "var items=list.querySelectorAll('.mv');\n"
    "function patch(prev,o){var out=[],at=0,j=0,t;\n"
    "  while(j<o.length){var keep=o[j++],gone=o[j++],added=o[j++];\n"
    "    for(t=0;t<keep;t++)out.push(prev[at++]);at+=gone;for(t=0;t<added;t++)out.push(o[j++]);}\n"
    "  while(at<prev.length)out.push(prev[at++]);return out;}\n"
    "function lines(k){if(F[k])return F[k];if(k===i+1&&cur)return patch(cur,D[k]);\n"
    "  var j=k;while(!F[j])j--;var l=F[j];while(j<k){j++;l=F[j]||patch(l,D[j]);}return l;}\n"
    "function show(k){\n"
    "  if(k<0)k=0;if(k>n)k=n;if(k===i)return;\n"
    "  cur=lines(k);board.innerHTML=cur.map(function(x){return L[x]}).join('\\n');board.id='pos'+k;\n"
    "  if(i>0)items[i-1].classList.remove('current');\n"
    "  i=k;\n"
    "  if(i>0){items[i-1].classList.add('current');items[i-1].scrollIntoView({block:'nearest'});}\n"
    "  where.textContent=i===0?'start ('+n+' moves)':'move '+i+' of '+n+': player '+P[i]+': '+M[i];\n"
    "  note.textContent=N[i]||'';\n"
    /* The result belongs to the last position (hidden until then, even
     * while a long page loads): before it, the game goes on. */
    "  result.classList.toggle('shown',i===n);\n"
    "  document.body.dataset.position=i;\n"
    "}\n"
    "document.getElementById('first').onclick=function(){show(0)};\n"
    "document.getElementById('prev').onclick=function(){show(i-1)};\n"
    "document.getElementById('next').onclick=function(){show(i+1)};\n"
    "document.getElementById('last').onclick=function(){show(n)};\n"
    "list.onclick=function(e){var mv=e.target.closest('.mv');if(mv)show(Number(mv.dataset.k))};\n"
    "document.addEventListener('keydown',function(e){\n"
    "  if(e.key==='ArrowRight'||e.key==='ArrowDown'){show(i+1);e.preventDefault();}\n"
    "  else if(e.key==='ArrowLeft'||e.key==='ArrowUp'){show(i-1);e.preventDefault();}\n"
    "  else if(e.key==='Home'){show(0);e.preventDefault();}\n"
    "  else if(e.key==='End'){show(n);e.preventDefault();}\n"
    "});\n"
    "show(0);\n"
    "})();\n";

/* ---- the distinct lines ------------------------------------------------- */

typedef struct line_table {
    char **text;              /* line I, NUL-terminated */
    int n, cap;
    int *slot;                /* open addressing: a line's number + 1, 0 when free */
    size_t nslots;            /* a power of two, at least twice n */
} line_table;

static uint64_t hash_of(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static int grow_slots(line_table *t)
{
    size_t nslots = t->nslots ? t->nslots * 2 : 1024;
    int *slot = calloc(nslots, sizeof *slot);
    if (!slot) return 0;
    for (int i = 0; i < t->n; i++) {
        size_t at = hash_of(t->text[i], strlen(t->text[i])) & (nslots - 1);
        while (slot[at]) at = (at + 1) & (nslots - 1);
        slot[at] = i + 1;
    }
    free(t->slot);
    t->slot = slot;
    t->nslots = nslots;
    return 1;
}

/* The number of the line S (LEN bytes), added when new; -1 when out of memory. */
static int line_number(line_table *t, const char *s, size_t len)
{
    if ((size_t)(t->n + 1) * 2 > t->nslots && !grow_slots(t)) return -1;
    size_t at = hash_of(s, len) & (t->nslots - 1);
    for (; t->slot[at]; at = (at + 1) & (t->nslots - 1)) {
        const char *old = t->text[t->slot[at] - 1];
        if (strncmp(old, s, len) == 0 && old[len] == '\0') return t->slot[at] - 1;
    }
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 256;
        char **text = realloc(t->text, (size_t)cap * sizeof *text);
        if (!text) return -1;
        t->text = text;
        t->cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy) return -1;
    memcpy(copy, s, len);
    copy[len] = '\0';
    t->text[t->n] = copy;
    t->slot[at] = t->n + 1;
    return t->n++;
}

static void line_table_free(line_table *t)
{
    for (int i = 0; i < t->n; i++) free(t->text[i]);
    free(t->text);
    free(t->slot);
    memset(t, 0, sizeof *t);
}

/* ---- a growable list of numbers ----------------------------------------- */

typedef struct ints {
    int *v;
    int n, cap;
} ints;

static int ints_push(ints *a, int x)
{
    if (a->n == a->cap) {
        int cap = a->cap ? 2 * a->cap : 256;
        int *v = realloc(a->v, (size_t)cap * sizeof *v);
        if (!v) return 0;
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = x;
    return 1;
}

/* ---- the page ------------------------------------------------------------- */

struct view_page {
    FILE *f;
    const ruleset *rs;
    vbuf out;                 /* the page's next bytes */
    vbuf svg;                 /* the picture being cut into lines */
    line_table lines;
    ints prev, cur;           /* the line numbers of the position before and of this one */
    ints edits;               /* this position from the one before: (kept, removed, added, numbers...)... */
    ints trace;               /* the diff's frontiers, one per number of edits */
    ints walk;                /* the diff's path back, (kind, number) pairs */
    int npos;                 /* positions written */
    int failed;               /* memory ran out or the stream failed */
    int write_errno;          /* the stream failed: why (0: memory ran out) */
};

static void flush_out(view_page *pg, int force)
{
    if (pg->out.oom) pg->failed = 1;
    if (pg->failed || (!force && pg->out.len < PAGE_FLUSH)) return;
    if (pg->out.len && fwrite(pg->out.s, 1, pg->out.len, pg->f) != pg->out.len) {
        pg->failed = 1;
        pg->write_errno = errno ? errno : EIO;
    }
    pg->out.len = 0;
    if (pg->out.s) pg->out.s[0] = '\0';
}

/* TEXT as a JavaScript string literal that is safe inside <script> (no
 * `</` or `<!` that would end it or open a comment). */
static void put_js_string(vbuf *b, const char *text)
{
    vbuf_put(b, "\"", 1);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') vbuf_printf(b, "\\%c", *c);
        else if (*c < 0x20 || (*c == '<' && (c[1] == '/' || c[1] == '!'))) vbuf_printf(b, "\\x%02x", *c);
        else vbuf_put(b, (const char *)c, 1);
    }
    vbuf_put(b, "\"", 1);
}

/* Room for N numbers in A; 0 when out of memory. */
static int ints_reserve(ints *a, int n)
{
    if (n <= a->cap) return 1;
    int *v = realloc(a->v, (size_t)n * sizeof *v);
    if (!v) return 0;
    a->v = v;
    a->cap = n;
    return 1;
}

#define DIFF_WIDTH (2 * PAGE_DIFF_MAX + 3) /* diagonals -D-1 .. D+1 of a frontier */
#define DIFF_OFF (PAGE_DIFF_MAX + 1)       /* where diagonal 0 is */

/* Myers' diff, forward: row D of pg->trace is the frontier after D edits
 * (the furthest x reached on every diagonal k = x - y). Returns the number
 * of edits that make B from A, or -1 when it is more than PAGE_DIFF_MAX. */
static int diff_frontiers(view_page *pg, const int *a, int na, const int *b, int nb)
{
    for (int d = 0; d <= PAGE_DIFF_MAX; d++) {
        int *v = pg->trace.v + (size_t)d * DIFF_WIDTH;
        if (d) memcpy(v, v - DIFF_WIDTH, DIFF_WIDTH * sizeof *v);
        else memset(v, 0, DIFF_WIDTH * sizeof *v);
        for (int k = -d; k <= d; k += 2) {
            int down = k == -d || (k != d && v[DIFF_OFF + k - 1] < v[DIFF_OFF + k + 1]);
            int x = down ? v[DIFF_OFF + k + 1] : v[DIFF_OFF + k - 1] + 1, y = x - k;
            while (x < na && y < nb && a[x] == b[y]) x++, y++;
            v[DIFF_OFF + k] = x;
            if (x >= na && y >= nb) return d;
        }
    }
    return -1;
}

enum { KEEP, GONE, ADDED };

/* Records in pg->edits the edits (kept, removed, added, numbers...) that
 * make B (NB numbers) from A (NA): the shortest, by Myers' diff. Returns 1,
 * 0 when more than PAGE_DIFF_MAX are needed, -1 when memory ran out. */
static int diff(view_page *pg, const int *a, int na, const int *b, int nb)
{
    int found = diff_frontiers(pg, a, na, b, nb);
    if (found < 0) return 0;
    if (!ints_reserve(&pg->walk, 2 * (na + nb + 1))) return -1;
    /* Back from the end: each edit came after a run of equal lines. The walk
     * holds (kind, number) pairs, last first. */
    int *walk = pg->walk.v, n = 0, x = na, y = nb;
    for (int d = found; d > 0; d--) {
        const int *w = pg->trace.v + (size_t)(d - 1) * DIFF_WIDTH; /* the frontier before edit d */
        int k = x - y;
        int pk = k == -d || (k != d && w[DIFF_OFF + k - 1] < w[DIFF_OFF + k + 1]) ? k + 1 : k - 1;
        int px = w[DIFF_OFF + pk], py = px - pk;
        for (; x > px && y > py; n++) walk[2 * n] = KEEP, walk[2 * n + 1] = b[--y], x--;
        if (x == px) walk[2 * n] = ADDED, walk[2 * n + 1] = b[--y];
        else walk[2 * n] = GONE, walk[2 * n + 1] = a[--x];
        n++;
    }
    for (; x > 0 && y > 0; n++) walk[2 * n] = KEEP, walk[2 * n + 1] = b[--y], x--;
    /* Forward, in runs; the lines kept after the last edit are implied. */
    pg->edits.n = 0;
    for (int i = n - 1; i >= 0;) {
        int keep = 0, gone = 0, start;
        for (; i >= 0 && walk[2 * i] == KEEP; i--) keep++;
        for (; i >= 0 && walk[2 * i] == GONE; i--) gone++;
        for (start = i; i >= 0 && walk[2 * i] == ADDED; i--) {}
        if (i < 0 && !gone && start == i) break;
        if (!ints_push(&pg->edits, keep) || !ints_push(&pg->edits, gone) || !ints_push(&pg->edits, start - i))
            return -1;
        for (int j = start; j > i; j--)
            if (!ints_push(&pg->edits, walk[2 * j + 1])) return -1;
    }
    return 1;
}

/* Cuts the picture in pg->svg into lines, their numbers into pg->cur;
 * writes the lines not seen before into the page's table. */
static int picture_lines(view_page *pg)
{
    int known = pg->lines.n;
    pg->cur.n = 0;
    const char *s = vbuf_text(&pg->svg);
    while (*s) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        int k = line_number(&pg->lines, s, len);
        if (k < 0 || !ints_push(&pg->cur, k)) return 0;
        s += len + (end != NULL);
    }
    if (pg->lines.n > known) {
        vbuf_puts(&pg->out, "L.push(");
        for (int i = known; i < pg->lines.n; i++) {
            if (i > known) vbuf_puts(&pg->out, ",\n");
            put_js_string(&pg->out, pg->lines.text[i]);
        }
        vbuf_puts(&pg->out, ");\n");
    }
    return 1;
}

static void put_numbers(vbuf *b, const int *v, int n)
{
    vbuf_put(b, "[", 1);
    for (int i = 0; i < n; i++) vbuf_printf(b, i ? ",%d" : "%d", v[i]);
    vbuf_put(b, "]", 1);
}

view_page *view_page_begin(FILE *f, const ruleset *rs, const char *title)
{
    view_page *pg = calloc(1, sizeof *pg);
    if (!pg) return NULL;
    pg->f = f;
    pg->rs = rs;
    if (!ints_reserve(&pg->trace, (PAGE_DIFF_MAX + 1) * DIFF_WIDTH)) {
        free(pg);
        return NULL;
    }
    vbuf *out = &pg->out;
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
    if (!view_svg_defs(out, rs)) pg->failed = 1;
    vbuf_puts(out, "<div id=\"main\">\n<div id=\"boards\">\n<div class=\"pos shown\" id=\"pos0\"></div>\n</div>\n");
    vbuf_puts(out, view_numbers_pairs(rs) ? "<ol id=\"moves\" class=\"pairs\"></ol>\n" : "<ol id=\"moves\"></ol>\n");
    vbuf_puts(out, "</div>\n<p id=\"note\"></p>\n<script>\n");
    vbuf_puts(out, data_script);
    vbuf_puts(out, "</script>\n<script>\n");
    flush_out(pg, 0);
    return pg;
}

int view_page_position(view_page *pg, const state *st, const view_mark *mark, const view_step *step)
{
    if (pg->failed) return 0;
    pg->svg.len = 0;
    if (!view_svg_use(&pg->svg, pg->rs, st, mark) || pg->svg.oom || !picture_lines(pg)) {
        pg->failed = 1;
        return 0;
    }
    vbuf *out = &pg->out;
    int edits = pg->npos % PAGE_KEYFRAME ? diff(pg, pg->prev.v, pg->prev.n, pg->cur.v, pg->cur.n) : 0;
    if (edits < 0) {
        pg->failed = 1;
        return 0;
    }
    if (edits) {
        vbuf_puts(out, "p(");
        put_numbers(out, pg->edits.v, pg->edits.n);
    } else {
        vbuf_puts(out, "k(");
        put_numbers(out, pg->cur.v, pg->cur.n);
    }
    vbuf_puts(out, ",");
    put_js_string(out, step->move);
    vbuf_printf(out, ",%d,%d,", step->player, step->player && !view_player_light(pg->rs, step->player) ? 2 : 1);
    put_js_string(out, step->note);
    vbuf_puts(out, ");\n");
    ints swap = pg->prev;
    pg->prev = pg->cur;
    pg->cur = swap;
    if (++pg->npos % PAGE_CHUNK == 0) vbuf_puts(out, "</script>\n<script>\n");
    flush_out(pg, 0);
    return !pg->failed;
}

int view_page_end(view_page *pg, const char *result)
{
    vbuf *out = &pg->out;
    vbuf_puts(out, "</script>\n<p id=\"result\">");
    vbuf_xml(out, result);
    vbuf_puts(out, "</p>\n<script>\n");
    vbuf_puts(out, script);
    vbuf_puts(out, "</script>\n</body>\n</html>\n");
    flush_out(pg, 1);
    return !pg->failed;
}

const char *view_page_error(const view_page *pg)
{
    return !pg || !pg->write_errno ? "out of memory" : strerror(pg->write_errno);
}

void view_page_free(view_page *pg)
{
    if (!pg) return;
    vbuf_free(&pg->out);
    vbuf_free(&pg->svg);
    line_table_free(&pg->lines);
    free(pg->prev.v);
    free(pg->cur.v);
    free(pg->edits.v);
    free(pg->trace.v);
    free(pg->walk.v);
    free(pg);
}
