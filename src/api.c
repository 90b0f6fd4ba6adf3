/* api.c - the public interface of tabula.h over the internal modules. */
#include "tabula.h"

#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "compile/load.h"
#include "engine/rng.h"
#include "config.h"

struct tb_rules {
    ruleset *rs;
};

struct tb_game {
    const ruleset *rs;
    state st;
    rng r;
    move moves[TB_MAX_MOVES];
    int nmoves;            /* legal moves of st, valid when fresh */
    int fresh;
    char result[32];
};

const char *tb_version(void)
{
    return PACKAGE_VERSION;
}

tb_rules *tb_rules_load(const char *path, const tb_option *options, int noptions, FILE *diagnostics, int *status)
{
    diag_sink diags;
    diag_init(&diags, diagnostics);
    option_setting settings[32];
    if (noptions < 0 || noptions > 32) {
        diag_plain(&diags, path, DIAG_ERROR, "too many options (at most 32)");
        if (status) *status = 2;
        return NULL;
    }
    for (int i = 0; i < noptions; i++) {
        settings[i].name = options[i].name;
        settings[i].value = options[i].value;
        settings[i].src = NULL;
        settings[i].loc = span_make(0, 0);
    }
    load_status st;
    ruleset *rs = load_ruleset(path, settings, noptions, &diags, &st);
    if (status) *status = (int)st;
    if (!rs) return NULL;
    tb_rules *rules = malloc(sizeof *rules);
    if (!rules) {
        free(rs);
        if (status) *status = 2;
        return NULL;
    }
    rules->rs = rs;
    return rules;
}

void tb_rules_free(tb_rules *rules)
{
    if (!rules) return;
    free(rules->rs);
    free(rules);
}

const char *tb_rules_title(const tb_rules *rules)
{
    return rules->rs->title;
}

tb_game *tb_game_new(const tb_rules *rules, uint64_t seed)
{
    tb_game *g = malloc(sizeof *g);
    if (!g) return NULL;
    g->rs = rules->rs;
    state_start(g->rs, &g->st);
    engine_seed(g->rs, &g->st, seed);
    rng_seed(&g->r, seed);
    g->fresh = 0;
    return g;
}

void tb_game_free(tb_game *game)
{
    free(game);
}

static void refresh(tb_game *g)
{
    if (g->fresh) return;
    g->nmoves = engine_moves(g->rs, &g->st, g->moves);
    g->fresh = 1;
}

int tb_game_legal_moves(tb_game *game, char (*out)[TB_NOTATION_MAX], int max)
{
    refresh(game);
    for (int i = 0; i < game->nmoves && i < max; i++) move_notation(game->rs, &game->moves[i], out[i], TB_NOTATION_MAX);
    return game->nmoves;
}

int tb_game_play(tb_game *game, const char *notation)
{
    refresh(game);
    int k = engine_find_move(game->rs, game->moves, game->nmoves, notation);
    if (k < 0) return -1;
    engine_apply(game->rs, &game->st, &game->moves[k], NULL);
    game->fresh = 0;
    return 0;
}

const char *tb_game_result(const tb_game *game)
{
    tb_game *g = (tb_game *)game; /* settling a blocked position is a cache fill, not a change */
    refresh(g);
    if (g->st.h.status == STATUS_ONGOING) return NULL;
    engine_result_text(&g->st, g->result, sizeof g->result);
    return g->result;
}

int tb_game_to_move(const tb_game *game)
{
    return game->st.h.to_move;
}
