/* playout_slide_prepare.c - which games the sliding playouts play
 * (playout_slide.h), and their tables: the board's lines along each axis
 * as consecutive bits of a word, and for each ray the number of cells a
 * slide may stop on for each pattern of pieces along it. */
#include "playout_slide.h"

#include <string.h>
#include "engine.h"

/* The end conditions the fast path judges itself. */
static int ends_fit(const ruleset *rs)
{
    for (int i = 0; i < rs->nends; i++) {
        const end_rule *e = &rs->ends[i];
        int plain = e->outcome == OUT_WINS || e->outcome == OUT_LOSES || e->outcome == OUT_DRAW;
        if (e->kind == END_REACH || e->kind == END_REPETITION) continue;
        if ((e->kind == END_NO_TYPE || e->kind == END_NO_PIECES || e->kind == END_BLOCKED) && plain) continue;
        return 0;
    }
    return 1;
}

/* The axes: each direction with a positive offset and its opposite. The
 * cells of a line are those a ray crosses, in order: each cell's ray one
 * way is the rest of its line, the other way the part before it. Lines
 * are laid out whole in words of 64 bits, so that a read is one shift. */
static int lines_fit(ruleset *rs)
{
    struct {
        uint8_t naxes;
        uint8_t up[TB_SLIDE_AXES];
    } ax = { 0 };
    memset(rs->slide_lines.axis_of, 255, sizeof rs->slide_lines.axis_of);
    for (int d = 0; d < rs->ndirs; d++) {
        if (rs->dir_delta[d] <= 0) continue;
        for (int o = 0; o < rs->ndirs; o++)
            if (rs->dir_delta[o] == -rs->dir_delta[d]) {
                if (ax.naxes == TB_SLIDE_AXES) return 0;
                rs->slide_lines.axis_of[d] = rs->slide_lines.axis_of[o] = ax.naxes;
                rs->slide_lines.opposite[d] = (uint8_t)o;
                rs->slide_lines.opposite[o] = (uint8_t)d;
                ax.up[ax.naxes++] = (uint8_t)d;
                break;
            }
    }
    rs->slide_lines.naxes = ax.naxes;
    int word = -1;
    for (int a = 0; a < ax.naxes; a++) {
        int up = ax.up[a], down = -1, bit = 64, cells = 0;
        for (int o = 0; o < rs->ndirs; o++)
            if (rs->dir_delta[o] == -rs->dir_delta[up]) down = o;
        for (int start = 0; start < rs->ncells; start++) {
            if (rs->ray[start][down] != TB_NO_CELL) continue; /* not the first cell of its line */
            int len = 0, prev = TB_NO_CELL;
            for (int c = start; c != TB_NO_CELL; prev = c, c = rs->ray[c][up])
                if (rs->ray[c][down] != prev || ++len > TB_SLIDE_LINE || ++cells > rs->ncells) return 0;
            if (bit + len > 64) { /* a line never straddles two words */
                if (++word == TB_SLIDE_WORDS) return 0;
                bit = 0;
            }
            for (int c = start; c != TB_NO_CELL; c = rs->ray[c][up]) {
                rs->slide_lines.word[a][c] = (uint8_t)word;
                rs->slide_lines.pos[a][c] = (uint8_t)bit++;
            }
        }
        if (cells != rs->ncells) return 0; /* a cell on no line from an edge: a ray that loops */
    }
    rs->slide_lines.nwords = (uint8_t)(word + 1);
    return 1;
}

/* A table of the stops along a ray of N cells: PASS and STOP, bit j the
 * ray's cell j, the cells a slide may cross and stop on; bit j of a
 * pattern is the ray's cell j (UP 1) or cell N - 1 - j (UP 0). With UP 2 +
 * i, the stops both ways from cell i of a line of N cells, bit j its cell j. */
typedef struct table_key {
    uint8_t n, up;
    uint16_t pass, stop, base;
} table_key;

#define MAX_TABLES 2048

/* The start in rs->slide_lines.count of the table of KEY, made if new;
 * -1 when the tables are full. */
static int table_for(ruleset *rs, table_key *keys, int *nkeys, int *used, table_key key)
{
    for (int i = 0; i < *nkeys; i++)
        if (keys[i].n == key.n && keys[i].up == key.up && keys[i].pass == key.pass && keys[i].stop == key.stop)
            return keys[i].base;
    int size = 1 << key.n;
    if (*nkeys == MAX_TABLES || *used + size > TB_SLIDE_COUNTS) return -1;
    for (int x = 0; x < size; x++) {
        int count = 0;
        if (key.up >= 2) { /* a whole line, the piece on cell up - 2: both ways from it */
            int at = key.up - 2;
            for (int j = at + 1; j < key.n && !(x >> j & 1) && key.pass >> j & 1; j++) count += key.stop >> j & 1;
            for (int j = at - 1; j >= 0 && !(x >> j & 1) && key.pass >> j & 1; j--) count += key.stop >> j & 1;
        } else {
            for (int j = 0; j < key.n; j++) {
                int piece = key.up ? x >> j & 1 : x >> (key.n - 1 - j) & 1;
                if (piece || !(key.pass >> j & 1)) break;
                count += key.stop >> j & 1;
            }
        }
        rs->slide_lines.count[*used + x] = (uint8_t)count;
    }
    key.base = (uint16_t)*used;
    keys[(*nkeys)++] = key;
    *used += size;
    return key.base;
}

/* The classes: rules and players with the same cells to cross and stop on
 * share their tables. */
static int same_cells(const move_rule *a, int pa, const move_rule *b, int pb)
{
    return a->has_within == b->has_within && a->has_never_enter == b->has_never_enter &&
           (!a->has_within || !memcmp(&a->within[pa], &b->within[pb], sizeof(cellset))) &&
           (!a->has_never_enter || !memcmp(&a->never_enter[pa], &b->never_enter[pb], sizeof(cellset)));
}

/* The whole line of axis A through CELL as a table of rule R for
 * player P + 1: the stops both ways; its start in count (or -1), its
 * first bit in the axis's word and its length. */
static int line_table(ruleset *rs, table_key *keys, int *nkeys, int *used, const move_rule *r, int p, int a,
                      int cell, int *first, int *len)
{
    int up = -1, down = -1;
    for (int d = 0; d < rs->ndirs; d++)
        if (rs->slide_lines.axis_of[d] == a) *(rs->dir_delta[d] > 0 ? &up : &down) = d;
    int start = cell, at = 0;
    while (rs->ray[start][down] != TB_NO_CELL) start = rs->ray[start][down], at++;
    table_key key = { .n = 0, .up = (uint8_t)(2 + at) };
    for (int x = start; x != TB_NO_CELL; x = rs->ray[x][up], key.n++) {
        key.pass |= (uint16_t)(!(r->has_never_enter && cellset_has(&r->never_enter[p], x)) << key.n);
        key.stop |= (uint16_t)((!r->has_within || cellset_has(&r->within[p], x)) << key.n);
    }
    *first = rs->slide_lines.pos[a][start];
    *len = key.n;
    return table_for(rs, keys, nkeys, used, key);
}

/* How the slides of each type and player are counted: by each of the
 * type's rules, a line where the rule goes both ways along an axis (one
 * read instead of two), else each ray. */
static int reads_fit(ruleset *rs, table_key *keys, int *nkeys, int *used)
{
    int nslots = 0;
    for (int t = 0; t < rs->npiece_types; t++)
        for (int p = 0; p < 2; p++) {
            int n = 0, slot = nslots;
            rs->slide_lines.nreads[t][p] = 0;
            for (int i = 0; i < rs->ntype_rules[t]; i++) {
                int ri = rs->type_rules[t][i], s = rs->slide_lines.class_of[ri][p], ways[TB_SLIDE_AXES] = { 0 };
                const move_rule *r = &rs->rules[ri];
                if (!r->ndirs[p]) continue;
                if (slot == TB_SLIDE_CLASSES) return 0;
                nslots = slot + 1;
                for (int k = 0; k < r->ndirs[p]; k++) {
                    int d = r->dirs[p][k];
                    ways[rs->slide_lines.axis_of[d]] |= rs->dir_delta[d] > 0 ? 1 : 2;
                }
                for (int a = 0; a < rs->slide_lines.naxes; a++) {
                    int whole = ways[a] == 3;
                    for (int c = 0; c < rs->ncells && whole; c++) {
                        int first, len, base = line_table(rs, keys, nkeys, used, r, p, a, c, &first, &len);
                        if (base < 0 || n == TB_MAX_DIRS) whole = 0; /* no room: ray by ray */
                        else
                            rs->slide_lines.read[slot][n][c] =
                                (slide_read){ .base = (uint16_t)base, .shift = (uint8_t)first,
                                              .word = rs->slide_lines.word[a][c],
                                              .mask = (uint16_t)((1u << len) - 1) };
                    }
                    if (whole) {
                        n++;
                        continue;
                    }
                    for (int k = 0; k < r->ndirs[p]; k++) {
                        int d = r->dirs[p][k];
                        if (rs->slide_lines.axis_of[d] != a) continue;
                        if (n == TB_MAX_DIRS) return 0;
                        for (int c = 0; c < rs->ncells; c++)
                            rs->slide_lines.read[slot][n][c] =
                                (slide_read){ .base = rs->slide_lines.base[s][d][c], .shift = rs->slide_lines.shift[d][c],
                                              .word = rs->slide_lines.word[a][c], .mask = rs->slide_lines.mask[d][c] };
                        n++;
                    }
                }
            }
            rs->slide_lines.reads_of[t][p] = (uint8_t)slot;
            rs->slide_lines.nreads[t][p] = (uint8_t)n;
        }
    return 1;
}

static int tables_fit(ruleset *rs)
{
    table_key keys[MAX_TABLES]; /* 16 KB of stack, at compile time only */
    int nkeys = 0, used = 0, nclasses = 0;
    struct {
        uint8_t rule, player;
    } first[TB_SLIDE_CLASSES];
    for (int ri = 0; ri < rs->nrules; ri++)
        for (int p = 0; p < 2; p++) {
            const move_rule *r = &rs->rules[ri];
            int s = 0;
            while (s < nclasses && !same_cells(r, p, &rs->rules[first[s].rule], first[s].player)) s++;
            if (s == nclasses) {
                if (nclasses == TB_SLIDE_CLASSES) return 0;
                first[nclasses].rule = (uint8_t)ri;
                first[nclasses++].player = (uint8_t)p;
                for (int d = 0; d < rs->ndirs; d++) {
                    if (rs->slide_lines.axis_of[d] == 255) continue;
                    for (int c = 0; c < rs->ncells; c++) {
                        table_key key = { .n = 0, .up = rs->dir_delta[d] > 0 };
                        for (int x = rs->ray[c][d]; x != TB_NO_CELL; x = rs->ray[x][d], key.n++) {
                            key.pass |= (uint16_t)(!(r->has_never_enter && cellset_has(&r->never_enter[p], x)) << key.n);
                            key.stop |= (uint16_t)((!r->has_within || cellset_has(&r->within[p], x)) << key.n);
                        }
                        int base = table_for(rs, keys, &nkeys, &used, key);
                        if (base < 0) return 0;
                        rs->slide_lines.base[s][d][c] = (uint16_t)base;
                    }
                }
            }
            rs->slide_lines.class_of[ri][p] = (uint8_t)s;
            for (int k = 0; k < r->ndirs[p]; k++)
                if (rs->slide_lines.axis_of[r->dirs[p][k]] == 255) return 0; /* a direction without its opposite */
        }
    return reads_fit(rs, keys, &nkeys, &used);
}

/* Where each ray's pattern sits in its axis's word. */
static void readers(ruleset *rs)
{
    for (int d = 0; d < rs->ndirs; d++) {
        int a = rs->slide_lines.axis_of[d];
        if (a == 255) continue;
        for (int c = 0; c < rs->ncells; c++) {
            int n = 0, pos = rs->slide_lines.pos[a][c];
            for (int x = rs->ray[c][d]; x != TB_NO_CELL; x = rs->ray[x][d]) n++;
            /* no cell that way: nothing to read (and no shift by the word's width) */
            rs->slide_lines.shift[d][c] = (uint8_t)(n == 0 ? 0 : rs->dir_delta[d] > 0 ? pos + 1 : pos - n);
            rs->slide_lines.mask[d][c] = (uint16_t)((1u << n) - 1);
        }
    }
}

/* Every rule a slide that shoots (rs->slide_shoots), such that a cell's
 * count of slides gives the shots from it: as far as the ray goes, within
 * no region and out of no cell, each rule's directions the same for both
 * players and for every rule, each with its opposite (a shot may go back
 * over the cell the piece left), one rule a type, and no custodial capture
 * beside. */
static int shoots_fit(const ruleset *rs)
{
    int longest = 0;
    for (int cell = 0; cell < rs->ncells; cell++)
        for (int d = 0; d < rs->ndirs; d++)
            if (rs->slide_len[cell][d] > longest) longest = rs->slide_len[cell][d];
    if (!rs->slide_rays_ok || rs->custodial.on) return 0;
    for (int t = 0; t < rs->npiece_types; t++)
        if (rs->ntype_rules[t] > 1) return 0; /* a piece's slides: one per direction (playout_slide.c's runs) */
    uint8_t first = 0, mask = 0;
    for (int ri = 0; ri < rs->nrules; ri++) {
        const move_rule *r = &rs->rules[ri];
        if (r->kind != RULE_SLIDE || !r->shoot || r->has_within || r->has_never_enter || r->max_value < longest)
            return 0;
        for (int p = 0; p < 2; p++) {
            uint8_t dirs = 0;
            for (int k = 0; k < r->ndirs[p]; k++) dirs |= (uint8_t)(1u << r->dirs[p][k]);
            if (ri == 0 && p == 0) first = dirs;
            if (dirs != first) return 0;
        }
    }
    for (int d = 0; d < rs->ndirs; d++) {
        if (!(first >> d & 1)) continue;
        for (int o = 0; o < rs->ndirs; o++)
            if (rs->dir_delta[o] == -rs->dir_delta[d]) mask |= (uint8_t)(1u << o);
    }
    return rs->nrules > 0 && (mask & first) == mask;
}

void playout_slide_prepare(ruleset *rs)
{
    rs->slide_playouts = 0;
    rs->slide_shoots = 0;
    if (!rs->pick_slides || rs->nplayers != 2 || rs->ncells > 128 || rs->pass_when_blocked || rs->any_passable ||
        rs->captures_to_hand || rs->counts_checks || rs->no_progress >= 0 ||
        (rs->custodial.on && !rs->custodial_deferred) || !ends_fit(rs))
        return;
    int shoots = rs->nrules > 0 && rs->rules[0].shoot;
    if (shoots ? !shoots_fit(rs) : !rs->slide_fill_ok) return;
    for (int ri = 0; ri < rs->nrules; ri++)
        if (rs->rules[ri].kind != RULE_SLIDE || rs->rules[ri].shoot != shoots) return;
    if (!lines_fit(rs)) return;
    readers(rs);
    if (!tables_fit(rs)) return;
    rs->slide_playouts = 1;
    rs->slide_shoots = (uint8_t)shoots;
    rs->slide_shoot_rule = 0;
    const move_rule *rule = &rs->rules[0]; /* every rule has its directions (shoots_fit) */
    for (int x = 0; shoots && x < rule->ndirs[0]; x++)
        for (int y = 0; y < rule->ndirs[0]; y++)
            if (rule->dirs[0][y] == rs->slide_lines.opposite[rule->dirs[0][x]]) rs->slide_lines.back_index[rule->dirs[0][x]] = (uint8_t)y;
    int s = rs->slide_lines.class_of[0][0];
    for (int d = 0; shoots && d < rs->ndirs; d++) {
        int a = rs->slide_lines.axis_of[d];
        for (int c = 0; a != 255 && c < rs->ncells; c++)
            rs->slide_lines.ray_read[d][c] = (slide_read){ .base = rs->slide_lines.base[s][d][c],
                                                           .shift = rs->slide_lines.shift[d][c],
                                                           .word = rs->slide_lines.word[a][c],
                                                           .mask = rs->slide_lines.mask[d][c] };
    }
}
