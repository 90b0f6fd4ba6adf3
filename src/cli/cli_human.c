/* cli_human.c - a human's turn in `tabula play`: reading a line, the
 * commands (moves, board, hint, undo, resign, save, help, quit), and moves
 * typed in full or in any short form that fits one legal move. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli_session.h"
#include "analysis/why.h"
#include "engine/turns.h"
#include "io/notation.h"
#include "io/written.h"

#define PLAY_MAX_IDLE 1000  /* lines in a row without a move, from a pipe or file, before giving up */
#define HINT_DEFAULT "mcts:2000"

static const char *const commands[] = { "moves", "board", "hint", "undo", "resign", "save", "help", "quit" };
#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

/* `help`: how to type a move, with examples taken from the legal moves here
 * (NAMES, N of them) so that they are written as this game writes moves. */
static void print_help(const ruleset *rs, char (*names)[RECORD_TEXT_MAX], int n)
{
    /* The example: the first move written as a start, separators and an
     * end (an exchange `xd2.4` names one place only). */
    const char *first = NULL, *capture = NULL, *end = "";
    size_t start = 0, end_len = 0;
    for (int i = 0; i < n && !first; i++) {
        start = strcspn(names[i], "-x:/");
        end = names[i] + start;
        while (*end && strchr("-x:", *end)) end++;
        end_len = strcspn(end, "-x:/");
        if (start && end_len) first = names[i];
    }
    for (int i = 0; i < n && !capture; i++)
        if (names[i] != first && strchr(names[i], 'x')) capture = names[i];
    if (first)
        printf("Type a move in the game's notation (like %s%s%s; any letter case), or any\n"
               "shorter form that fits one legal move only: its start or destination alone\n"
               "(%.*s, %.*s), a prefix, the cells without separators (%.*s%.*s), the two ends of a\n",
               first, capture ? " or " : "", capture ? capture : "", (int)start, first, (int)end_len, end,
               (int)start, first, (int)end_len, end);
    else
        printf("Type a move in the game's notation (`moves` lists them; any letter case), or any\n"
               "shorter form that fits one legal move only: its start or destination alone,\n"
               "a prefix, the cells without separators, the two ends of a\n");
    printf("capture chain, or a capture written by another path of the same move; a\n"
           "trailing * (a hit) is ignored.\n%s%sCommands:\n",
           ruleset_numbered(rs) ? "On a numbered board a square may be typed by its column and row too.\n" : "",
           written_applies(rs) ? "Or a whole turn, or its beginning, as players write it: 24/18 13/8, bar/22*,\n"
                                 "6/off, 13/9(2), 24/16 for one piece moving on (the points between\n"
                                 "only where two ways reach different positions).\n"
                               : "");
    fputs("  moves    list the legal moves         board   show the board again\n"
          "  hint     the AI's choice here         undo    take back your last move\n"
          "  resign   give up: the other player wins (more than two: the rest play on)\n"
          "  save F   write the game record to F   help    this text\n"
          "  quit     stop the game (the record, if any, keeps it for --resume)\n",
          stdout);
}

/* "[a, b, c]" of the moves at INDEX (N of them), into BUF. */
static void list_some(const ruleset *rs, const move *legal, int nlegal, const int *index, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char m[256];
        move_display(rs, &legal[index[i]], legal, nlegal, m, sizeof m);
        if (len + strlen(m) + 8 >= size) {
            snprintf(buf + len, size - len, "%s...", i ? ", " : "");
            return;
        }
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", m);
    }
}

/* A dice game's hint is a whole turn: after the first sub-move FIRST, the
 * same agent's choice for each die left, on a copy of ST, written into TEXT
 * as the game's players write a turn (`8/5 6/5`) where the rule file says
 * how they number the points, else in the engine's notation ("8-5 6-5"). The turn ends when the
 * other player is to move, the game is over, or no die can be played. */
static void rest_of_turn(session *s, const state *st, const move *first, rng *r, char *text, size_t size)
{
    const ruleset *rs = s->rs;
    state t = *st;
    int mover = t.h.to_move, nseq = 1;
    move seq[TURNS_MAX_MOVES];
    seq[0] = *first;
    move_list more = MOVE_LIST_INIT;
    engine_apply(rs, &t, first, NULL);
    for (; nseq < TURNS_MAX_MOVES && t.h.status == STATUS_ONGOING && t.h.to_move == mover; nseq++) {
        int n = engine_legal(rs, &t, &more);
        if (n <= 0) break;
        int k = agent_choose(s->hint, rs, &t, more.m, n, r);
        if (k < 0 || k >= n) break;
        seq[nseq] = more.m[k];
        engine_apply(rs, &t, &more.m[k], NULL);
    }
    move_list_free(&more);
    if (written_shown(rs)) {
        written_turn(rs, st->h.to_move, seq, nseq, text, size);
        return;
    }
    for (int i = 1; i < nseq; i++) {
        char m[RECORD_TEXT_MAX];
        move_notation(rs, &seq[i], m, sizeof m);
        size_t len = strlen(text);
        snprintf(text + len, size - len, " %s", m);
    }
}

/* `hint`: what an agent would play here (the opponent's agent when it
 * searches, --hint's, or the default), searched on a copy of the game's
 * randomness so that asking changes nothing. */
static void hint(session *s, state *st, int n)
{
    int p = st->h.to_move;
    if (!s->hint) {
        const char *spec = s->hint_spec;
        if (!spec && s->rs->nplayers == 2) { /* the opponent's agent, where it searches */
            agent_kind other = agent_get_kind(s->agents[tb_opponent(p) - 1]);
            if (other == AGENT_MCTS || other == AGENT_ALPHABETA) spec = agent_spec(s->agents[tb_opponent(p) - 1]);
        }
        if (!spec) spec = HINT_DEFAULT;
        char err[256];
        s->hint = agent_create(spec, err, sizeof err);
        if (!s->hint) {
            fprintf(stderr, "error: no hint: %s\n", err);
            return;
        }
    }
    rng r;
    rng_seed(&r, s->seed ^ 0x4a1e7ull ^ ((uint64_t)s->rec.nmoves << 32));
    char who[64];
    snprintf(who, sizeof who, "hint (%s)", agent_spec(s->hint));
    int k = session_think(s, s->hint, st, n, &r, who);
    const agent_stats *as = agent_last_stats(s->hint);
    if (k == AGENT_FAILED) {
        fprintf(stderr, "error: no hint: %s\n", moves_error_text(as->error));
        return;
    }
    char m[256], value[48];
    move_display(s->rs, &s->legal.m[k], s->legal.m, n, m, sizeof m);
    session_value_text(as->value_kind, as->value, value, sizeof value);
    int valued = as->value_kind != AGENT_VALUE_NONE; /* the first choice's: the rest of the turn asks again */
    if (s->rs->dice_count) rest_of_turn(s, st, &s->legal.m[k], &r, m, sizeof m);
    if (n == 1) printf("hint: %s (the only move)\n", m);
    else if (!valued) printf("hint: %s (%s)\n", m, agent_spec(s->hint));
    else printf("hint: %s (%s: %s)\n", m, agent_spec(s->hint), value);
}

/* `save FILE`: the record so far, written atomically. */
static void save_to(session *s, const char *path)
{
    if (!*path) {
        fprintf(stderr, "error: `save` needs a file name: save FILE\n");
        return;
    }
    if (!session_output_ok(s, "play", "save", path, NULL)) return;
    char err[4400];
    /* The record names its rule file from where this copy goes. */
    game_record copy = s->rec;
    record_set_game(&copy, s->rs, s->rule_path, path);
    if (record_write(&copy, path, err, sizeof err))
        printf("saved the game (%d move%s) to %s\n", s->rec.nmoves, s->rec.nmoves == 1 ? "" : "s", path);
    else
        fprintf(stderr, "error: %s\n", err);
}

/* The next move of a turn the human typed whole, as an index into s->legal
 * (N moves), or -1 when there is none left. */
static int queued_move(session *s, const state *st, int n)
{
    if (s->nqueued && s->queued_for == st->h.to_move) {
        move next = s->queued[0];
        memmove(s->queued, s->queued + 1, (size_t)--s->nqueued * sizeof *s->queued);
        for (int i = 0; i < n; i++)
            if (move_equal(&s->legal.m[i], &next)) return i;
    }
    s->nqueued = 0;
    return -1;
}

/* TEXT in the players' written form (`8/5 6/5`): the first move of the
 * turn or part of a turn it means, the rest queued; -1 after a message;
 * -2 when TEXT is no play but one of notation_match's short forms (`6/6`,
 * the die 6 from point 6), for the caller to read so. */
static int written_move(session *s, const state *st, int n, const char *text, int *index)
{
    written_found f;
    char err[1024];
    int r = written_find(s->rs, st, text, &f, err, sizeof err);
    if (r == WRITTEN_NOT_A_PLAY && notation_match(s->rs, st, s->legal.m, n, text, index) > 0) return -2;
    if (r != 1) {
        const char *more = strstr(err, ": no legal play") ? " (`moves` lists each die's moves)" : "";
        fprintf(stderr, "error: %s%s\n", err, more);
        return -1;
    }
    memcpy(s->queued, f.seq + 1, (size_t)(f.n - 1) * sizeof *s->queued);
    s->nqueued = f.n - 1;
    s->queued_for = st->h.to_move;
    for (int i = 0; i < n; i++)
        if (move_equal(&s->legal.m[i], &f.seq[0])) return i;
    s->nqueued = 0;
    return -1;
}

int human_turn(session *s, state *st, int n)
{
    const ruleset *rs = s->rs;
    int player = st->h.to_move;
    int next = queued_move(s, st, n);
    if (next >= 0) return next;
    char (*names)[RECORD_TEXT_MAX] = malloc((size_t)n * sizeof *names);
    const char **words = malloc((size_t)(n + NCOMMANDS) * sizeof *words);
    int *index = malloc((size_t)n * sizeof *index);
    if (!names || !words || !index) {
        free(names);
        free(words);
        free(index);
        fprintf(stderr, "tabula play: error: out of memory\n");
        return HUMAN_EOF;
    }
    for (int i = 0; i < n; i++) {
        move_display(rs, &s->legal.m[i], s->legal.m, n, names[i], RECORD_TEXT_MAX);
        words[i] = names[i];
    }
    for (int i = 0; i < NCOMMANDS; i++) words[n + i] = commands[i];
    cli_input_set_words(words, n + NCOMMANDS);
    char prompt[128];
    int len = snprintf(prompt, sizeof prompt, "player %d (%s) to move", player, rs->player_label[player - 1]);
    if (rs->dice_count && st->h.ndice) {
        len += snprintf(prompt + len, sizeof prompt - (size_t)len, ", dice");
        for (int d = 0; d < st->h.ndice && len < (int)sizeof prompt - 8; d++)
            len += snprintf(prompt + len, sizeof prompt - (size_t)len, " %d", st->h.dice[d]);
    }
    snprintf(prompt + len, sizeof prompt - (size_t)len, ": ");
    char line[PLAY_LINE_MAX], list[8192];
    int result = HUMAN_EOF;
    for (;;) {
        if (!s->interactive && s->idle_lines >= PLAY_MAX_IDLE) {
            fprintf(stderr, "error: %d lines of input in a row without a legal move: this input is not moves\n",
                    PLAY_MAX_IDLE);
            result = HUMAN_GARBAGE;
            break;
        }
        int got = cli_input_line(s->interactive ? prompt : NULL, line, sizeof line);
        if (got == CLI_LINE_EOF) break;
        s->idle_lines++; /* until it turns out to be a move: undo, hint, save, help and blank lines count */
        if (got == CLI_LINE_ENDLESS) {
            fprintf(stderr, "error: more than %d bytes of input without a line end: this input is not moves\n",
                    CLI_LINE_SKIP_MAX);
            result = HUMAN_GARBAGE;
            break;
        }
        if (got == CLI_LINE_LONG) {
            fprintf(stderr, "error: a line of input longer than %d characters was ignored\n", PLAY_LINE_MAX - 2);
            continue;
        }
        if (got == CLI_LINE_NUL) {
            fprintf(stderr, "error: a line of input holding a NUL byte was ignored (a move is text)\n");
            continue;
        }
        char *t = line;
        while (*t == ' ' || *t == '\t') t++;
        char *e = t + strlen(t);
        while (e > t && (e[-1] == ' ' || e[-1] == '\t')) *--e = '\0';
        if (!*t || *t == '#') continue;
        /* The first word, in lower case, may be a command; the rest is its argument. */
        char word[16];
        size_t wl = strcspn(t, " \t");
        const char *arg = t + wl;
        while (*arg == ' ' || *arg == '\t') arg++;
        snprintf(word, sizeof word, "%.*s", (int)(wl < sizeof word ? wl : sizeof word - 1), t);
        for (char *c = word; *c; c++) *c = (char)tolower((unsigned char)*c);
        int simple = !*arg;
        if (simple && strcmp(word, "quit") == 0) { result = HUMAN_QUIT; break; }
        if (simple && strcmp(word, "undo") == 0) { result = HUMAN_UNDO; break; }
        if (simple && strcmp(word, "resign") == 0) {
            if (!s->interactive || session_confirmed("resign? (y/n) ")) { result = HUMAN_RESIGN; break; }
            printf("not resigned: player %d to move\n", player);
            continue;
        }
        if (simple && strcmp(word, "moves") == 0) {
            list[0] = '\0';
            record_list_moves(rs, s->legal.m, n, list, sizeof list);
            printf("legal moves: %s\n", list);
            if (written_shown(rs)) { /* the same, in the mover's words: what is typed as 24/18 13/8 */
                size_t used = 0;
                for (int i = 0; i < n; i++) {
                    char m[WRITTEN_TEXT_MAX];
                    written_turn(rs, player, &s->legal.m[i], 1, m, sizeof m);
                    if (used + strlen(m) + 8 >= sizeof list) {
                        snprintf(list + used, sizeof list - used, ", ...");
                        break;
                    }
                    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", m);
                }
                printf("as players write them: %s\n", list);
            }
            continue;
        }
        if (simple && strcmp(word, "board") == 0) {
            int quiet = s->quiet;
            s->quiet = 0;
            session_show(s, st);
            s->quiet = quiet;
            continue;
        }
        if (simple && strcmp(word, "help") == 0) {
            print_help(rs, names, n);
            continue;
        }
        if (simple && strcmp(word, "hint") == 0) {
            hint(s, st, n);
            continue;
        }
        if (strcmp(word, "save") == 0) {
            save_to(s, arg);
            continue;
        }
        int w = written_applies(rs) && written_form(t) ? written_move(s, st, n, t, index) : -2;
        if (w >= 0) {
            s->idle_lines = 0;
            result = w;
            break;
        }
        if (w == -1) continue;
        int k = notation_match(s->rs, st, s->legal.m, n, t, index);
        if (k == 1) {
            s->idle_lines = 0;
            result = index[0];
            break;
        }
        if (k > 1) {
            why_answer why; /* a promotion whose type is not typed: said as such */
            if (why_explain(s->rs, st, s->legal.m, n, t, &why) && strcmp(why.by, "promotion") == 0) {
                why_line(rs, &why, list, sizeof list);
                fprintf(stderr, "error: %s\n", list);
                continue;
            }
            list_some(rs, s->legal.m, n, index, k, list, sizeof list);
            fprintf(stderr, "error: `%s` fits %d moves: %s; type more of the one you mean\n", t, k, list);
            continue;
        }
        if (simple && (cube_action_of(word) || strcmp(word, "roll") == 0)) { /* a cube word, after the roll */
            session_cube_word_refused(s, player, cube_action_of(word));
            continue;
        }
        why_answer why; /* which rule refused it, and the nearest legal moves */
        why_explain(s->rs, st, s->legal.m, n, t, &why);
        why_line(rs, &why, list, sizeof list);
        fprintf(stderr, "error: %s\n", list);
    }
    cli_input_set_words(NULL, 0);
    free(names);
    free(words);
    free(index);
    return result;
}
