/* cli_cube.c - the doubling cube in `tabula play`: before a roll, the
 * player to move may double (a human is asked `roll` or `double`, an agent
 * decides from its estimate, agent_cube.c), and the opponent takes, drops
 * or beavers. Each action is printed and recorded as an entry of its own. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli_session.h"
#include "engine/search.h"

#define CUBE_LINE_MAX 512
#define CUBE_MAX_IDLE 1000 /* as PLAY_MAX_IDLE: lines in a row from a pipe that decide nothing */

void session_cube_action_text(int action, int player, const cube_game *g, char *buf, size_t size)
{
    switch (action) {
    case CUBE_DOUBLE: snprintf(buf, size, "player %d doubles to %d", player, g->value * 2); break;
    case CUBE_TAKE: snprintf(buf, size, "player %d takes: cube %d, player %d's", player, g->value, g->owner); break;
    case CUBE_BEAVER:
        snprintf(buf, size, "player %d beavers: cube %d, player %d's", player, g->value, g->owner);
        break;
    case CUBE_DROP:
        snprintf(buf, size, "player %d drops: player %d wins %d point%s", player, tb_opponent(player), g->value,
                 g->value == 1 ? "" : "s");
        break;
    default: buf[0] = '\0'; break;
    }
}

void session_cube_reason(const cube_game *g, char *buf, size_t size)
{
    snprintf(buf, size, "player %d wins: player %d dropped the double to %d", tb_opponent(g->dropped), g->dropped, g->value * 2);
}

void session_cube_word_refused(const session *s, int player, int action)
{
    char why[256];
    const ruleset *rs = s->rs;
    if (action == CUBE_NONE) { /* `roll` */
        fprintf(stderr, "error: the dice are rolled: type a move\n");
        return;
    }
    if (!s->cube || !cube_allowed(rs, &s->match, s->cube, player, action, why, sizeof why)) {
        fprintf(stderr, "error: cannot %s: %s\n", cube_action_name(action),
                s->cube ? why : "this game has no doubling cube (its rules declare no `doubling-cube`)");
        return;
    }
    if (action == CUBE_DOUBLE)
        fprintf(stderr, "error: cannot double now: a double comes before the roll, and this turn's dice are rolled "
                        "(double at the start of your next turn, when asked `roll` or `double`)\n");
    else
        fprintf(stderr, "error: cannot %s now: it answers a double, and none is offered\n", cube_action_name(action));
}

/* Records ACTION of PLAYER and prints it. Returns 0 after an error. */
static int cube_do(session *s, record_turn *turn, int player, int action)
{
    cube_apply(&turn->cube, player, action);
    char text[160];
    session_cube_action_text(action, player, &turn->cube, text, sizeof text);
    printf("%s\n", text);
    if (!record_push_cube(&s->rec, action)) {
        cli_error("play", "out of memory");
        return 0;
    }
    if (!s->out_path) return 1;
    char err[4400];
    if (record_log_append(&s->log, &s->rec, s->out_path, err, sizeof err)) return 1;
    cli_error("play", "%s", err);
    return 0;
}

/* `hint` at a cube question: the decision of the agent `hint` asks (the
 * opponent's when it searches, --hint's, else mcts:2000), on a copy of the
 * game's randomness, with the estimate it came from. */
static void cube_hint(session *s, const state *st, record_turn *turn, int player)
{
    if (!s->hint) {
        const char *spec = s->hint_spec;
        agent_kind other = agent_get_kind(s->agents[2 - player]);
        if (!spec && (other == AGENT_MCTS || other == AGENT_ALPHABETA)) spec = agent_spec(s->agents[2 - player]);
        char err[256];
        s->hint = agent_create(spec ? spec : "mcts:2000", err, sizeof err);
        if (!s->hint) {
            fprintf(stderr, "error: no hint: %s\n", err);
            return;
        }
    }
    rng r;
    rng_seed(&r, s->seed ^ 0xc0be41e7ull ^ ((uint64_t)s->rec.nmoves << 32));
    cube_estimate seen;
    int k = agent_cube_decide(s->hint, s->rs, &s->match, &turn->cube, st, player, &r, &s->cube_buffer, &seen);
    if (k == AGENT_FAILED) {
        fprintf(stderr, "error: no hint: %s\n", moves_error_text(s->cube_buffer.error));
        return;
    }
    const char *what = k == CUBE_NONE ? "roll" : cube_action_name(k);
    if (seen.games)
        printf("hint: %s (%s: %.0f%% wins, %.0f%% double wins, %.0f%% double losses for player %d)\n", what,
               agent_spec(s->hint), 100 * seen.win, 100 * seen.win_double, 100 * seen.lose_double, st->h.to_move);
    else
        printf("hint: %s (%s)\n", what, agent_spec(s->hint));
}

/* The question a human answers: `roll` or `double` (ANSWER 0), or `take`
 * or `drop` (and `beaver` where allowed) when a double is offered. Returns
 * a cube_action (CUBE_NONE: roll) or a HUMAN_* code. */
static int ask_human(session *s, const state *st, record_turn *turn, int player, int answer)
{
    const ruleset *rs = s->rs;
    char why[256], prompt[256], line[CUBE_LINE_MAX], cube[160];
    cube_text(&s->match, &turn->cube, cube, sizeof cube);
    int beaver = answer && cube_allowed(rs, &s->match, &turn->cube, player, CUBE_BEAVER, why, sizeof why);
    if (answer)
        snprintf(prompt, sizeof prompt, "player %d (%s), %s: take, drop%s? ", player, rs->player_label[player - 1],
                 cube, beaver ? " or beaver" : "");
    else
        snprintf(prompt, sizeof prompt, "player %d (%s) to roll, %s: roll or double? ", player,
                 rs->player_label[player - 1], cube);
    for (;;) {
        if (!s->interactive && s->idle_lines >= CUBE_MAX_IDLE) {
            fprintf(stderr, "error: %d lines of input in a row without a legal move: this input is not moves\n",
                    CUBE_MAX_IDLE);
            return HUMAN_GARBAGE;
        }
        int got = cli_input_line(s->interactive ? prompt : NULL, line, sizeof line);
        if (got == CLI_LINE_EOF) return HUMAN_EOF;
        s->idle_lines++;
        if (got == CLI_LINE_ENDLESS) {
            fprintf(stderr, "error: more than %d bytes of input without a line end: this input is not moves\n",
                    CLI_LINE_SKIP_MAX);
            return HUMAN_GARBAGE;
        }
        if (got == CLI_LINE_LONG) {
            fprintf(stderr, "error: a line of input longer than %d characters was ignored\n", CUBE_LINE_MAX - 2);
            continue;
        }
        if (got == CLI_LINE_NUL) {
            fprintf(stderr, "error: a line of input holding a NUL byte was ignored (a move is text)\n");
            continue;
        }
        char *t = line;
        while (isspace((unsigned char)*t)) t++;
        char *e = t + strlen(t);
        while (e > t && isspace((unsigned char)e[-1])) *--e = '\0';
        if (!*t || *t == '#') continue;
        if (strcasecmp(t, "quit") == 0) return HUMAN_QUIT;
        if (strcasecmp(t, "resign") == 0) {
            if (s->interactive && !session_confirmed("resign? (y/n) ")) {
                printf("not resigned\n");
                continue;
            }
            s->resigned = player;
            return HUMAN_RESIGN;
        }
        if (strcasecmp(t, "undo") == 0) return HUMAN_UNDO;
        if (strcasecmp(t, "board") == 0) {
            int quiet = s->quiet;
            s->quiet = 0;
            session_show(s, st);
            s->quiet = quiet;
            continue;
        }
        if (strcasecmp(t, "hint") == 0) {
            cube_hint(s, st, turn, player);
            continue;
        }
        if (strcasecmp(t, "help") == 0) {
            if (answer)
                printf("Player %d doubled: `take` plays on for twice the stakes (and you own the cube: only you may "
                       "double next), `drop` gives up the game at the stakes before the double%s. Also: hint, board, "
                       "undo, resign, quit.\n",
                       turn->cube.offered, beaver ? "; `beaver` takes and redoubles at once, keeping the cube" : "");
            else
                printf("Your turn, before the roll: `roll` rolls the dice; `double` offers to double the stakes, and "
                       "player %d takes or drops. Also: hint, board, undo, resign, quit.\n", tb_opponent(player));
            continue;
        }
        size_t wl = strcspn(t, " \t");
        if ((wl == 5 && strncasecmp(t, "moves", 5) == 0) || (wl == 4 && strncasecmp(t, "save", 4) == 0)) {
            fprintf(stderr, "error: `%.*s` works at the move prompt, after the roll; answer the cube's question first "
                            "(`help` says how)\n", (int)wl, t);
            continue;
        }
        int action = strcasecmp(t, "roll") == 0 ? CUBE_NONE : cube_action_of(t);
        if (strcasecmp(t, "roll") != 0 && action == CUBE_NONE) {
            if (answer)
                fprintf(stderr, "error: `%s`: player %d doubled: answer `take` or `drop` first\n", t, turn->cube.offered);
            else
                fprintf(stderr, "error: `%s`: the dice are not rolled yet: type `roll`, or `double` to offer a double "
                                "first\n", t);
            continue;
        }
        if (answer && action == CUBE_NONE) {
            fprintf(stderr, "error: `roll`: player %d doubled; answer `take` or `drop` first\n", turn->cube.offered);
            continue;
        }
        if (!answer && action != CUBE_NONE && action != CUBE_DOUBLE) {
            fprintf(stderr, "error: cannot %s: it answers a double, and none is offered\n", cube_action_name(action));
            continue;
        }
        if (action != CUBE_NONE && !cube_allowed(rs, &s->match, &turn->cube, player, action, why, sizeof why)) {
            fprintf(stderr, "error: cannot %s: %s\n", cube_action_name(action), why);
            continue;
        }
        s->idle_lines = 0;
        return action;
    }
}

/* Whose decision: an agent's (from its estimate) or a human's. */
static int decide(session *s, state *st, record_turn *turn, int player, int answer)
{
    agent *a = s->agents[player - 1];
    if (agent_get_kind(a) == AGENT_HUMAN) return ask_human(s, st, turn, player, answer);
    rng r;
    agent_ply_rng(&r, s->seed ^ 0xc0be5eedull, (uint32_t)s->rec.nmoves);
    cube_estimate seen;
    int k = agent_cube_decide(a, s->rs, &s->match, &turn->cube, st, player, &r, &s->cube_buffer, &seen);
    if (k == AGENT_FAILED) return CUBE_TURN_FAILED; /* not to be taken for a human's HUMAN_* code */
    if (k >= 0 && seen.games && !s->quiet)
        printf("player %d (%s) weighs the cube: %.0f%% wins, %.0f%% double wins, %.0f%% double losses (%ld playouts of player %d's turn)\n",
               player, agent_spec(a), 100 * seen.win, 100 * seen.win_double, 100 * seen.lose_double, seen.games,
               st->h.to_move);
    return k;
}

int session_cube_turn(session *s, state *st, record_turn *turn)
{
    const ruleset *rs = s->rs;
    int p = st->h.to_move;
    char why[256];
    if (!turn->cube.offered) {
        long asked = turn->cube_roll;
        turn->cube_roll = turn->rolls; /* asked once a turn */
        if (!cube_allowed(rs, &s->match, &turn->cube, p, CUBE_DOUBLE, why, sizeof why)) return 0;
        int k = decide(s, st, turn, p, 0);
        if (k == CUBE_TURN_FAILED) return CUBE_TURN_FAILED;
        if (k < 0) turn->cube_roll = asked; /* not decided (undo, quit, ...): asked again */
        if (k < 0 || k == CUBE_NONE) return k < 0 ? k : 0;
        if (!cube_do(s, turn, p, CUBE_DOUBLE)) return HUMAN_EOF;
    }
    int q = tb_opponent(turn->cube.offered);
    int k = decide(s, st, turn, q, 1);
    if (k == CUBE_TURN_FAILED) return CUBE_TURN_FAILED;
    if (k < 0) return k;
    if (!cube_do(s, turn, q, k)) return HUMAN_EOF;
    turn->cube_roll = turn->rolls;
    return k == CUBE_DROP;
}

/* ---- match play ------------------------------------------------------------ */

void session_match_record(session *s, const cube_game *g)
{
    s->rec.match_to = s->match.to;
    if (!s->match.to) return;
    s->rec.match_game = s->match.games + 1;
    s->rec.match_score[0] = s->match.score[0];
    s->rec.match_score[1] = s->match.score[1];
    s->rec.match_crawford = g->crawford;
    s->rec.match_seed = s->match_seed;
}

int session_match_add(session *s)
{
    const char *r = s->rec.result;
    int winner = strncmp(r, "win ", 4) == 0 || strstr(r, "-win ") ? r[strlen(r) - 1] - '0' : 0;
    cube_match_add(&s->match, winner, winner ? s->rec.points : 0);
    int won = cube_match_winner(&s->match);
    printf("match to %d after game %d: player 1 %d, player 2 %d\n", s->match.to, s->match.games, s->match.score[0],
           s->match.score[1]);
    if (won) printf("player %d wins the match %d-%d\n", won, s->match.score[won - 1], s->match.score[2 - won]);
    return won != 0;
}

/* BASE-K.yaml (or BASE-K without the extension): game K's record. */
static void game_path(const char *base, int k, char *buf, size_t size)
{
    size_t n = strlen(base);
    const char *ext = n > 5 && strcmp(base + n - 5, ".yaml") == 0 ? ".yaml" : "";
    size_t stem = n - strlen(ext);
    snprintf(buf, size, "%.*s-%d%s", (int)stem, base, k, ext);
}

int session_next_game(session *s, state *st, record_turn *turn)
{
    const ruleset *rs = s->rs;
    int game = s->match.games + 1;
    uint64_t seed = playout_game_seed(s->match_seed, game - 1);
    if (s->out_path) {
        record_log_close(&s->log);
        game_path(s->match_base, game, s->match_out, sizeof s->match_out);
        s->out_path = s->match_out;
        char target[4096], err[4400] = ""; /* session_output_ok reports its own refusal */
        if (!record_target(s->out_path, target, sizeof target, err, sizeof err) ||
            !session_output_ok(s, "play", "--record", s->out_path, NULL)) {
            if (err[0]) cli_error("play", "%s", err);
            return EXIT_USAGE;
        }
    }
    record_free(&s->rec);
    record_init(&s->rec);
    record_set_game(&s->rec, rs, s->rule_path, s->out_path);
    s->rec.has_seed = 1;
    s->rec.seed = s->seed = seed;
    for (int p = 0; p < 2; p++) snprintf(s->rec.agent[p], RECORD_AGENT_MAX, "%s", agent_spec(s->agents[p]));
    state_start(rs, st);
    engine_seed(rs, st, seed);
    record_turn_start(rs, turn);
    cube_game_start(rs, &s->match, &turn->cube);
    session_match_record(s, &turn->cube);
    s->played = 0;
    s->resigned = 0;
    s->nundo = 0;
    view_mark_move(&s->mark, rs, NULL, 0);
    if (!session_save(s)) return EXIT_USAGE;
    printf("game %d of the match to %d, score %d-%d%s; seed %llu%s%s\n", game, s->match.to, s->match.score[0],
           s->match.score[1], turn->cube.crawford ? ", the Crawford game (no doubling)" : "",
           (unsigned long long)seed, s->out_path ? "; record " : "", s->out_path ? s->out_path : "");
    session_show(s, st);
    return EXIT_OK;
}
