/* compile_track_args.c - the checks of arguments that the track rules and
 * the race rules share: a bounded count of pieces, and points that no path
 * visits. */
#include "compiler.h"

void compile_track_unvisited(compiler *c, const ast_node *advance, const char *name, const cellset *set)
{
    const ruleset *rs = c->rs;
    const ast_node *v = advance ? ast_named(advance, name) : NULL;
    int any = 0, none = 1;
    for (int p = 0; v && p < 2; p++) /* players 3 and up take player 1's points (as the track's last pass gives them) */
        for (int cell = 0; cell < rs->ncells; cell++) {
            if (!cellset_has(&set[p], cell)) continue;
            any = 1;
            for (int q = 0; q < rs->nplayers; q++) none &= rs->track.rank[q][cell] == TB_NO_RANK;
        }
    if (v && any && none) compile_warning(c, v, "no path visits the points of `%s:`: it can never apply", name);
}

int compile_track_count(compiler *c, const ast_node *f, const char *name, int lo, const char *what, uint8_t *out)
{
    const ast_node *v = ast_named(f, name);
    long n;
    if (!v) return 1;
    if (!compile_int(c, v, &n)) return 0;
    if (n < lo || n > 200) {
        compile_error(c, v, "`%s:` is %s, %d to 200; got %ld", name, what, lo, n);
        return 0;
    }
    *out = (uint8_t)n;
    return 1;
}
