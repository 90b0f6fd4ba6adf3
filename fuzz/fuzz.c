/* fuzz.c - helpers of the fuzz targets (see fuzz.h). */
#include "fuzz.h"

#include "../tests/reference/moves_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *devnull(void)
{
    static FILE *f;
    if (!f) f = fopen("/dev/null", "w");
    if (!f) fuzz_fail("cannot open /dev/null");
    return f;
}

void fuzz_fail(const char *what)
{
    fprintf(stderr, "fuzz: %s\n", what);
    abort();
}

void fuzz_sink(diag_sink *diags)
{
    diag_init(diags, devnull());
    diags->max_errors = 0;
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) fuzz_fail("out of memory");
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* The bundled games, in name order, then two with options set. */
static ruleset *games[FUZZ_MAX_GAMES];
static int ngames;

static void load_games(void)
{
    static const struct {
        const char *file, *option, *value;
    } extra[] = {
        { "coucou-picard", "width", "9" },
        { "coerceo", "exchange-cost", "1" },
    };
    char names[FUZZ_MAX_GAMES][64];
    int n = load_bundled_names(names, FUZZ_MAX_GAMES - 2);
    diag_sink diags;
    diag_init(&diags, stderr);
    for (int i = 0; i < n + 2; i++) {
        const char *file = i < n ? names[i] : extra[i - n].file;
        option_setting set = { i < n ? NULL : extra[i - n].option, i < n ? NULL : extra[i - n].value, NULL, { 0, 0 } };
        load_status st;
        games[ngames] = load_ruleset(file, &set, i < n ? 0 : 1, &diags, &st);
        if (!games[ngames]) fuzz_fail("a bundled game does not load (is TABULA_RULESETS right?)");
        ngames++;
    }
}

int fuzz_ngames(void)
{
    if (!ngames) load_games();
    return ngames;
}

const ruleset *fuzz_game(uint8_t selector)
{
    return games[selector % fuzz_ngames()];
}

void fuzz_check_state(const ruleset *rs, const state *st)
{
    state copy = *st;
    state_refresh(rs, &copy);
    if (copy.h.hash != st->h.hash) fuzz_fail("the incremental hash differs from the recomputed one");
    if (copy.h.pieces[0] != st->h.pieces[0] || copy.h.pieces[1] != st->h.pieces[1])
        fuzz_fail("the piece counts differ from the cells");
    if (memcmp(copy.occupant, st->occupant, sizeof copy.occupant) != 0)
        fuzz_fail("the occupied-cell sets differ from the cells");
    for (int c = 0; c < rs->ncells; c++)
        if ((st->cell[c] == 0) != (st->height[c] == 0)) fuzz_fail("a cell's piece and height disagree");
}

void fuzz_check_same(const ruleset *rs, const state *a, const state *b)
{
    const state_header *x = &a->h, *y = &b->h;
    if (x->to_move != y->to_move || x->status != y->status || x->winner != y->winner || x->score != y->score ||
        x->pieces[0] != y->pieces[0] || x->pieces[1] != y->pieces[1] || x->quiet != y->quiet || x->ply != y->ply ||
        x->hash != y->hash || x->ndice != y->ndice || memcmp(x->dice, y->dice, sizeof x->dice) != 0 ||
        memcmp(x->bar, y->bar, 2) != 0 || memcmp(x->off, y->off, 2) != 0 || memcmp(x->counter, y->counter, sizeof x->counter) != 0 ||
        x->turn_count != y->turn_count || x->flagged != y->flagged || x->removed_groups != y->removed_groups ||
        x->out != y->out || x->hist_top != y->hist_top ||
        x->hist_len != y->hist_len || memcmp(&x->dice_rng, &y->dice_rng, sizeof x->dice_rng) != 0)
        fuzz_fail("undo did not restore the header");
    if (memcmp(a->cell, b->cell, (size_t)rs->ncells) != 0 || memcmp(a->height, b->height, (size_t)rs->ncells) != 0)
        fuzz_fail("undo did not restore the cells");
    if (memcmp(a->occupant, b->occupant, sizeof a->occupant) != 0)
        fuzz_fail("undo did not restore the occupied-cell sets");
    if (memcmp(a->history, b->history, sizeof a->history) != 0) fuzz_fail("undo did not restore the history");
}

void fuzz_check_counts(ruleset *rs, const state *st, move_list *list)
{
    if (!moves_ref_covers(rs) || st->h.status != STATUS_ONGOING) return;
    int keep = rs->keep_all_paths;
    for (int paths = 0; paths < 2; paths++) {
        rs->keep_all_paths = paths;
        list->error = MOVES_OK;
        int pseudo = movegen_pseudo(rs, st, list);
        long want = moves_ref_pseudo(rs, st);
        if (list->error == MOVES_OK && want >= 0 && pseudo != want) fuzz_fail("moves before the filters: not the reference's count");
        if (rs->uses_max_capture) continue;
        int legal = engine_legal(rs, st, list);
        want = moves_ref_legal(rs, st);
        if (list->error == MOVES_OK && want >= 0 && legal != want) fuzz_fail("legal moves: not the reference's count");
    }
    list->error = MOVES_OK;
    rs->keep_all_paths = keep;
}
