/* api.c - the public interface of tabula.h over the internal modules. */
#define _POSIX_C_SOURCE 200809L
#include "tabula.h"

#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/search.h"
#include "compile/load.h"
#include "engine/rng.h"
#include "config.h"

#define API_MAX_OPTIONS 32 /* --option settings of one load */

struct tb_rules {
    ruleset *rs;
    char option_value[TB_MAX_OPTIONS][TB_NAME_LEN]; /* each option's value as text */
};

/* A move played: enough to take it back and to write it. */
typedef struct api_played {
    undo_record undo; /* the position before it, as engine_undo restores it */
    move m;
} api_played;

struct tb_game {
    const ruleset *rs;
    state st;
    rng r;                 /* random moves */
    move_list moves;       /* the legal moves of st, valid when fresh */
    int nmoves;
    int fresh;
    api_played *played;    /* the moves played, for undo and tb_game_move_at */
    int nplayed, capacity;
    char result[32];
    char text[TB_NOTATION_MAX]; /* tb_game_move_at's answer */
};

const char *tb_version(void)
{
    return PACKAGE_VERSION;
}

tb_rules *tb_rules_load(const char *path, const tb_option *options, int noptions, FILE *diagnostics, int *status)
{
    diag_sink diags;
    diag_init(&diags, diagnostics);
    option_setting settings[API_MAX_OPTIONS];
    if (noptions < 0 || noptions > API_MAX_OPTIONS || (noptions > 0 && !options)) {
        diag_plain(&diags, path, DIAG_ERROR, "between 0 and %d options, in an array", API_MAX_OPTIONS);
        if (status) *status = 1;
        return NULL;
    }
    for (int i = 0; i < noptions; i++) {
        settings[i].name = options[i].name ? options[i].name : "";
        settings[i].value = options[i].value ? options[i].value : "";
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
    for (int o = 0; o < rs->noptions && o < TB_MAX_OPTIONS; o++) {
        const option_value *ov = &rs->options[o];
        if (ov->is_int) snprintf(rules->option_value[o], TB_NAME_LEN, "%ld", ov->value);
        else snprintf(rules->option_value[o], TB_NAME_LEN, "%s", ov->word);
    }
    return rules;
}

tb_rules *tb_rules_load_messages(const char *path, const tb_option *options, int noptions, char *messages, size_t size,
                                 int *status)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = messages && size ? open_memstream(&text, &len) : NULL;
    tb_rules *rules = tb_rules_load(path, options, noptions, mem, status);
    if (mem) {
        fclose(mem);
        snprintf(messages, size, "%s", text ? text : "");
    } else if (messages && size) {
        messages[0] = '\0';
    }
    free(text);
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

int tb_rules_option_count(const tb_rules *rules)
{
    return rules->rs->noptions;
}

const char *tb_rules_option_name(const tb_rules *rules, int i)
{
    return i >= 0 && i < rules->rs->noptions ? rules->rs->options[i].name : NULL;
}

const char *tb_rules_option_value(const tb_rules *rules, int i)
{
    return i >= 0 && i < rules->rs->noptions ? rules->option_value[i] : NULL;
}

int tb_rules_cell_count(const tb_rules *rules)
{
    return rules->rs->ncells;
}

const char *tb_rules_cell_name(const tb_rules *rules, int cell)
{
    return cell >= 0 && cell < rules->rs->ncells ? rules->rs->cell_name[cell] : NULL;
}

int tb_rules_piece_count(const tb_rules *rules)
{
    return rules->rs->npiece_types;
}

const char *tb_rules_piece_name(const tb_rules *rules, int piece)
{
    return piece >= 0 && piece < rules->rs->npiece_types ? rules->rs->piece_name[piece] : NULL;
}

int tb_rules_player_count(const tb_rules *rules)
{
    return rules->rs->nplayers;
}

const char *tb_rules_player_name(const tb_rules *rules, int player)
{
    return player >= 1 && player <= rules->rs->nplayers ? rules->rs->player_label[player - 1] : NULL;
}

int tb_rules_player_team(const tb_rules *rules, int player)
{
    const ruleset *rs = rules->rs;
    return rs->nteams && player >= 1 && player <= rs->nplayers ? rs->team[player - 1] : 0;
}

/* ---- games ----------------------------------------------------------------- */

tb_game *tb_game_new(const tb_rules *rules, uint64_t seed)
{
    tb_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    if (!move_list_reserve(&g->moves, TB_MOVES_INITIAL)) {
        free(g);
        return NULL;
    }
    g->rs = rules->rs;
    state_start(g->rs, &g->st);
    engine_seed(g->rs, &g->st, seed);
    /* The moves' generator: a stream apart from the dice's. */
    rng_seed(&g->r, seed ^ 0x5851f42d4c957f2dull);
    return g;
}

tb_game *tb_game_copy(const tb_game *game)
{
    tb_game *g = malloc(sizeof *g);
    if (!g) return NULL;
    *g = *game;
    g->moves = (move_list)MOVE_LIST_INIT;
    g->played = game->capacity ? malloc((size_t)game->capacity * sizeof *g->played) : NULL;
    if (!move_list_reserve(&g->moves, game->moves.cap > 0 ? game->moves.cap : TB_MOVES_INITIAL) ||
        (game->capacity && !g->played)) {
        move_list_free(&g->moves);
        free(g->played);
        free(g);
        return NULL;
    }
    if (game->fresh && game->nmoves > 0) memcpy(g->moves.m, game->moves.m, (size_t)game->nmoves * sizeof *g->moves.m);
    if (game->nplayed) memcpy(g->played, game->played, (size_t)game->nplayed * sizeof *g->played);
    return g;
}

void tb_game_free(tb_game *game)
{
    if (!game) return;
    move_list_free(&game->moves);
    free(game->played);
    free(game);
}

/* The legal moves of the position, settling it first (a dice game's roll,
 * a turn that passes): what every query starts from. -1 moves when they
 * cannot be listed (out of memory, or more than the bound of a move list). */
static void refresh(tb_game *g)
{
    if (g->fresh) return;
    g->moves.error = MOVES_OK;
    g->nmoves = engine_moves(g->rs, &g->st, &g->moves);
    if (g->moves.error) g->nmoves = -1;
    g->fresh = 1;
}

int tb_game_legal_moves(tb_game *game, char (*out)[TB_NOTATION_MAX], int max)
{
    refresh(game);
    for (int i = 0; out && i < game->nmoves && i < max; i++)
        move_notation(game->rs, &game->moves.m[i], out[i], TB_NOTATION_MAX);
    return game->nmoves;
}

int tb_game_play_index(tb_game *game, int index)
{
    refresh(game);
    if (index < 0 || index >= game->nmoves) return -1;
    if (game->nplayed == game->capacity) {
        int cap = game->capacity ? game->capacity * 2 : 64;
        api_played *p = realloc(game->played, (size_t)cap * sizeof *p);
        if (!p) return -1;
        game->played = p;
        game->capacity = cap;
    }
    api_played *p = &game->played[game->nplayed++];
    p->m = game->moves.m[index];
    engine_apply(game->rs, &game->st, &p->m, &p->undo);
    game->fresh = 0;
    return 0;
}

int tb_game_play(tb_game *game, const char *notation)
{
    refresh(game);
    int k = engine_find_move(game->rs, game->moves.m, game->nmoves, notation);
    return k < 0 ? -1 : tb_game_play_index(game, k);
}

int tb_game_undo(tb_game *game)
{
    if (game->nplayed == 0) return -1;
    api_played *p = &game->played[--game->nplayed];
    engine_undo(game->rs, &game->st, &p->undo);
    game->fresh = 0;
    return 0;
}

int tb_game_move_count(const tb_game *game)
{
    return game->nplayed;
}

const char *tb_game_move_at(const tb_game *game, int i)
{
    if (i < 0 || i >= game->nplayed) return NULL;
    tb_game *g = (tb_game *)game; /* the answer's buffer, not the game, changes */
    move_notation(g->rs, &g->played[i].m, g->text, sizeof g->text);
    return g->text;
}

const char *tb_game_result(const tb_game *game)
{
    tb_game *g = (tb_game *)game; /* settling a blocked position is a cache fill, not a change */
    refresh(g);
    if (g->st.h.status == STATUS_ONGOING) return NULL;
    engine_result_text(&g->st, g->result, sizeof g->result);
    return g->result;
}

int tb_game_outcome(const tb_game *game, int *winner, int *points)
{
    tb_game *g = (tb_game *)game;
    refresh(g);
    int over = g->st.h.status != STATUS_ONGOING;
    if (winner) *winner = over ? g->st.h.winner : 0;
    if (points) *points = over && g->st.h.winner ? g->st.h.score : 0;
    return over;
}

int tb_game_to_move(const tb_game *game)
{
    tb_game *g = (tb_game *)game; /* a turn that passes changes the player to move */
    refresh(g);
    return g->st.h.to_move;
}

int tb_game_cell(const tb_game *game, int cell, int *piece, int *height)
{
    if (cell < 0 || cell >= game->rs->ncells) return -1;
    uint8_t code = game->st.cell[cell];
    if (piece) *piece = code ? piece_type(code) : -1;
    if (height) *height = code ? game->st.height[cell] : 0;
    return piece_owner(code);
}

int tb_game_dice(const tb_game *game, int *out, int max)
{
    tb_game *g = (tb_game *)game; /* a new turn's roll is made when it is asked for */
    refresh(g);
    int n = g->st.h.ndice;
    for (int i = 0; out && i < n && i < max; i++) out[i] = g->st.h.dice[i];
    return n;
}

/* ---- random play ----------------------------------------------------------- */

int tb_game_random_move(tb_game *game)
{
    refresh(game);
    if (game->nmoves <= 0) return -1;
    int k = (int)rng_below(&game->r, (uint32_t)game->nmoves);
    return tb_game_play_index(game, k) == 0 ? k : -1;
}

long tb_game_playout(tb_game *game, long max_moves)
{
    if (max_moves <= 0 || max_moves > PLAYOUT_MAX_PLIES) max_moves = PLAYOUT_MAX_PLIES;
    long n = 0;
    while (n < max_moves && tb_game_random_move(game) >= 0) n++;
    return n;
}

int tb_rules_playouts(const tb_rules *rules, long n, uint64_t seed, tb_playout_stats *stats)
{
    memset(stats, 0, sizeof *stats);
    move_list buffer = MOVE_LIST_INIT;
    if (!move_list_reserve(&buffer, TB_MOVES_INITIAL)) return -1;
    playout_stats s;
    memset(&s, 0, sizeof s);
    playout_many(rules->rs, seed, n, &s, &buffer);
    int error = buffer.error;
    move_list_free(&buffer);
    if (error) return -1;
    stats->games = s.games;
    stats->draws = s.draws;
    stats->unfinished = s.unfinished;
    stats->moves = s.moves;
    _Static_assert(TB_PLAYERS_MAX == TB_MAX_PLAYERS, "the public bound is the engine's");
    for (int p = 0; p < TB_PLAYERS_MAX; p++) {
        stats->wins[p] = s.wins[p] + s.double_wins[p] + s.triple_wins[p];
        stats->points[p] = s.wins[p] + 2 * s.double_wins[p] + 3 * s.triple_wins[p];
    }
    return 0;
}
