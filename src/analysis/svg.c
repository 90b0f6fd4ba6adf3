/* svg.c - analyze --svg: the game-length histogram and the branching curve
 * as small standalone SVG files, written by hand (no library). */
#include "run.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

enum { W = 720, H = 420, LEFT = 70, RIGHT = 20, TOP = 50, BOTTOM = 60 };

/* Writes TEXT escaped for XML. */
static void put_text(FILE *f, const char *text)
{
    for (; *text; text++) {
        if (*text == '<') fputs("&lt;", f);
        else if (*text == '>') fputs("&gt;", f);
        else if (*text == '&') fputs("&amp;", f);
        else if (*text == '"') fputs("&quot;", f);
        else fputc(*text, f);
    }
}

/* A "nice" step for about TICKS ticks over RANGE: 1, 2 or 5 times a power of 10. */
static double nice_step(double range, int ticks)
{
    if (range <= 0) return 1;
    double raw = range / ticks, p = pow(10, floor(log10(raw)));
    double m = raw / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

static void header(FILE *f, const char *title, const char *subtitle)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
               "font-family=\"sans-serif\" font-size=\"12\">\n"
               "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
            W, H, W, H, W, H);
    fprintf(f, "<text x=\"%d\" y=\"22\" font-size=\"16\" font-weight=\"bold\">", LEFT);
    put_text(f, title);
    fprintf(f, "</text>\n<text x=\"%d\" y=\"40\" fill=\"#555\">", LEFT);
    put_text(f, subtitle);
    fprintf(f, "</text>\n");
}

/* Axes with ticks for X in [X0, X1] and Y in [0, Y1], labelled. */
static void axes(FILE *f, double x0, double x1, double y1, const char *xlabel, const char *ylabel, int y_decimals)
{
    int pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
    fprintf(f, "<g stroke=\"#333\" stroke-width=\"1\">\n<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n"
               "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n</g>\n",
            LEFT, TOP + ph, LEFT + pw, TOP + ph, LEFT, TOP, LEFT, TOP + ph);
    double step = nice_step(x1 - x0, 8);
    for (double v = ceil(x0 / step) * step; v <= x1 + 1e-9; v += step) {
        double x = LEFT + (x1 > x0 ? (v - x0) / (x1 - x0) : 0) * pw;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>"
                   "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n",
                x, TOP + ph, x, TOP + ph + 5, x, TOP + ph + 18, v);
    }
    step = nice_step(y1, 6);
    for (double v = 0; v <= y1 + 1e-9; v += step) {
        double y = TOP + ph - (y1 > 0 ? v / y1 : 0) * ph;
        fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                   "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.*f</text>\n",
                LEFT, y, LEFT + pw, y, LEFT - 6, y + 4, y_decimals, v);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", LEFT + pw / 2, H - 15);
    put_text(f, xlabel);
    fprintf(f, "</text>\n<text transform=\"translate(18 %d) rotate(-90)\" text-anchor=\"middle\">", TOP + ph / 2);
    put_text(f, ylabel);
    fprintf(f, "</text>\n");
}

static FILE *open_in(const char *dir, const char *name, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) fprintf(stderr, "tabula analyze: error: cannot write %s: %s\n", path, strerror(errno));
    return f;
}

static int finish(FILE *f, const char *path)
{
    fprintf(f, "</svg>\n");
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "tabula analyze: error: cannot write %s\n", path);
        return 0;
    }
    return 1;
}

static int lengths_svg(const char *dir, const run_result *r)
{
    const analyze_result *a = &r->analyze;
    long lmin = -1, lmax = 0;
    for (long l = 0; l <= a->max_moves; l++)
        if (a->lengths[l]) {
            if (lmin < 0) lmin = l;
            lmax = l;
        }
    if (lmin < 0) lmin = 0;
    /* At most 60 bars, each a whole number of lengths wide. */
    long width = (lmax - lmin) / 60 + 1, nbins = (lmax - lmin) / width + 1;
    long bins[61] = { 0 }, peak = 0;
    for (long l = lmin; l <= lmax; l++) bins[(l - lmin) / width] += a->lengths[l];
    for (long b = 0; b < nbins; b++)
        if (bins[b] > peak) peak = bins[b];
    char path[4200], title[160], sub[200];
    FILE *f = open_in(dir, "lengths.svg", path, sizeof path);
    if (!f) return 0;
    snprintf(title, sizeof title, "%s: game length", r->info.game);
    snprintf(sub, sizeof sub, "%ld games, %s for both players, seed %llu; bars of %ld length%s", a->s.games, a->agent,
             (unsigned long long)r->info.seed, width, width == 1 ? "" : "s");
    header(f, title, sub);
    double x0 = (double)lmin, x1 = (double)(lmin + nbins * width);
    axes(f, x0, x1, (double)(peak ? peak : 1), "moves in the game", "games", 0);
    int pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
    for (long b = 0; b < nbins; b++) {
        if (!bins[b]) continue;
        double x = LEFT + (double)(b * width) / (x1 - x0) * pw, bw = (double)width / (x1 - x0) * pw;
        double h = (double)bins[b] / (double)(peak ? peak : 1) * ph;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#4a7ab5\" stroke=\"white\" "
                   "stroke-width=\"0.5\"><title>%ld-%ld moves: %ld games</title></rect>\n",
                x, TOP + ph - h, bw, h, lmin + b * width, lmin + (b + 1) * width - 1, bins[b]);
    }
    return finish(f, path);
}

static int branching_svg(const char *dir, const run_result *r)
{
    const analyze_result *a = &r->analyze;
    /* The curve while at least 5% of the games (and one) are still going:
     * beyond, a few long games make it noise. */
    double need = 0.05 * (double)a->s.games;
    int last = 0;
    double peak = 0;
    for (int p = 0; p < ANALYZE_MAX_PLY; p++) {
        if (a->branching[p][0] == 0 || (double)a->branching[p][0] < need) break;
        last = p + 1;
        double v = (double)a->branching[p][1] / (double)a->branching[p][0];
        if (v > peak) peak = v;
    }
    char path[4200], title[160], sub[200];
    FILE *f = open_in(dir, "branching.svg", path, sizeof path);
    if (!f) return 0;
    snprintf(title, sizeof title, "%s: branching factor", r->info.game);
    snprintf(sub, sizeof sub, "mean legal moves per ply over %ld games (%s), while 5%% of games are still going",
             a->s.games, a->agent);
    header(f, title, sub);
    axes(f, 1, last > 1 ? last : 2, peak > 0 ? peak * 1.05 : 1, "ply", "mean legal moves", peak < 10 ? 1 : 0);
    int pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
    double x1 = last > 1 ? last : 2, y1 = peak > 0 ? peak * 1.05 : 1;
    fprintf(f, "<polyline fill=\"none\" stroke=\"#c0392b\" stroke-width=\"1.5\" points=\"");
    for (int p = 0; p < last; p++) {
        double v = (double)a->branching[p][1] / (double)a->branching[p][0];
        fprintf(f, "%s%.1f,%.1f", p ? " " : "", LEFT + (p + 1 - 1) / (x1 - 1) * pw, TOP + ph - v / y1 * ph);
    }
    fprintf(f, "\"/>\n");
    return finish(f, path);
}

int report_svg(const char *dir, const run_result *r)
{
    struct stat sb;
    if (mkdir(dir, 0777) != 0 && !(errno == EEXIST && stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode))) {
        fprintf(stderr, "tabula analyze: error: cannot make the directory %s: %s\n", dir,
                strerror(errno == EEXIST ? ENOTDIR : errno));
        return 0;
    }
    return lengths_svg(dir, r) && branching_svg(dir, r);
}
