/* cli_session.c - what a game session of `tabula play` offers the game loop
 * (cli_play.c), the human's turn (cli_human.c), the doubling cube's
 * questions (cli_cube.c) and `tabula replay`: the rules and agents it
 * loads, the board it shows, an agent's thinking with its status line, the
 * record it saves, and the words it prints. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli_session.h"
#include "io/fen.h"

#define PLAY_MAX_SETTINGS (CLI_MAX_SETTINGS + TB_MAX_OPTIONS)

typedef struct think_ctx {
    session *s;
    const char *who;
    int shown;                /* a status line is on the screen */
} think_ctx;

void session_cut_off_reason(int moves, char *buf, size_t size)
{
    snprintf(buf, size, "a draw: the game was cut off after %d move%s (--max-moves)", moves, moves == 1 ? "" : "s");
}

void session_show(session *s, const state *st)
{
    if (s->quiet) return;
    if (s->cube && (s->cube->value > 1 || s->cube->offered || s->match.to)) { /* a cube still at 1 goes unsaid */
        char cube[200];
        cube_text(&s->match, s->cube, cube, sizeof cube);
        printf("%s\n", cube);
    }
    vbuf b;
    vbuf_init(&b);
    if (!view_text(&b, s->rs, st, &s->mark, &s->view.opts)) cli_error("play", "cannot draw the board");
    const char *text = vbuf_text(&b);
    int lines = 0;
    for (const char *c = text; *c; c++) lines += *c == '\n';
    fputs(text, stdout);
    char fen[FEN_TEXT_MAX];
    if (s->fen && fen_write(s->rs, st, fen, sizeof fen)) {
        printf("FEN %s\n", fen);
        lines++;
    }
    /* A blank line between moves, unless the move's line, the board and the
     * blank would not fit the screen's height together. */
    if (lines + 2 <= cli_terminal_rows(1)) putchar('\n');
    vbuf_free(&b);
}

void session_value_text(int kind, double value, char *buf, size_t size)
{
    if (kind == AGENT_VALUE_CHANCE) {
        snprintf(buf, size, "win chance %.0f%%", value * 100);
    } else if (kind == AGENT_VALUE_SCORE) {
        double a = value < 0 ? -value : value;
        if (a > AGENT_SCORE_WIN / 2) {
            long score = (long)((a + AGENT_SCORE_WIN / 2) / AGENT_SCORE_WIN);
            long plies = score * AGENT_SCORE_WIN - (long)a;
            snprintf(buf, size, "%s in %ld", value > 0 ? "wins" : "loses", plies);
        } else {
            snprintf(buf, size, "score %+.2f", value / AGENT_SCORE_PIECE);
        }
    } else {
        snprintf(buf, size, "-");
    }
}

static void status_line(void *ctx, const agent_progress *p)
{
    think_ctx *t = ctx;
    session *s = t->s;
    char best[RECORD_TEXT_MAX + 64] = "", value[48];
    if (p->best >= 0) {
        char m[RECORD_TEXT_MAX];
        move_display(s->rs, &s->legal.m[p->best], s->legal.m, s->legal.n, m, sizeof m);
        session_value_text(p->value_kind, p->value, value, sizeof value);
        snprintf(best, sizeof best, ", best %s (%s)", m, value);
    }
    char line[320];
    if (p->kind == AGENT_MCTS)
        snprintf(line, sizeof line, "%s thinking: %lld/%lld iterations%s, %.1f s", t->who, p->done, p->total, best,
                 p->seconds);
    else
        snprintf(line, sizeof line, "%s thinking: depth %d/%d, %lld nodes%s, %.1f s", t->who, p->depth, p->max_depth,
                 p->done, best, p->seconds);
    /* One line, cut to the terminal's width (by characters, not bytes):
     * a longer one would wrap, and each update would scroll the board away. */
    int room = cli_terminal_columns(2) - 1, chars = 0;
    size_t end = 0;
    for (; line[end]; end++) {
        if (((unsigned char)line[end] & 0xc0) == 0x80) continue; /* inside a character */
        if (chars++ == room) break;
    }
    fprintf(stderr, "\r\033[K%.*s", (int)end, line);
    fflush(stderr);
    t->shown = 1;
}

int session_think(session *s, agent *a, state *st, int n, rng *r, const char *who)
{
    think_ctx t = { s, who, 0 };
    agent_set_progress(a, s->status_line ? status_line : NULL, &t, 0.1);
    if (s->time_limit > 0) agent_set_time_limit(a, s->time_limit); /* else the spec's own, if any */
    int k = agent_choose(a, s->rs, st, s->legal.m, n, r);
    if (t.shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    agent_set_progress(a, NULL, NULL, 0);
    return k;
}

void session_free(session *s)
{
    for (int p = 0; p < TB_MAX_PLAYERS; p++) agent_free(s->agents[p]);
    agent_free(s->hint);
    record_log_close(&s->log);
    record_free(&s->old);
    record_free(&s->rec);
    move_list_free(&s->legal);
    move_list_free(&s->cube_buffer);
    free(s->undo);
    free(s->rs);
}

int session_make_agents(session *s, const play_args *a, diag_sink *diags)
{
    static const char *const defaults[2] = { "human", "random" };
    for (int p = 0; p < 2; p++) {
        char err[256];
        if (a->spec[p]) {
            s->agents[p] = agent_create(a->spec[p], err, sizeof err);
            if (!s->agents[p]) return cli_usage_error("play", "--p%d: %s", p + 1, err);
        } else if (a->resume_path && s->old.agent[p][0]) {
            s->agents[p] = agent_create(s->old.agent[p], err, sizeof err);
            if (!s->agents[p] && strcmp(err, AGENT_NO_MEMORY) == 0) {
                diag_oom(diags, NULL);
                return EXIT_USAGE;
            }
            if (!s->agents[p]) {
                yaml_error(diags, s->old.doc, s->old.agent_item[p], "player %d: %s", p + 1, err);
                return EXIT_INVALID;
            }
        } else {
            s->agents[p] = agent_create(defaults[p], err, sizeof err);
            if (!s->agents[p]) return cli_usage_error("play", "%s", err);
        }
    }
    return -1;
}

int session_more_agents(session *s, const play_args *a, diag_sink *diags)
{
    int n = s->rs->nplayers;
    for (int p = 2; p < TB_MAX_PLAYERS; p++) {
        if (p >= n) {
            if (a->spec[p])
                return cli_usage_error("play", "--p%d: \"%s\" has %d players", p + 1, s->rs->title, n);
            continue;
        }
        char err[256];
        const char *spec = a->spec[p] ? a->spec[p] : a->resume_path && s->old.agent[p][0] ? s->old.agent[p] : "random";
        s->agents[p] = agent_create(spec, err, sizeof err);
        if (!s->agents[p] && strcmp(err, AGENT_NO_MEMORY) == 0) {
            diag_oom(diags, NULL);
            return EXIT_USAGE;
        }
        if (!s->agents[p] && !a->spec[p] && a->resume_path && s->old.agent[p][0]) {
            yaml_error(diags, s->old.doc, s->old.agent_item[p], "player %d: %s", p + 1, err);
            return EXIT_INVALID;
        }
        if (!s->agents[p]) return cli_usage_error("play", "--p%d: %s", p + 1, err);
    }
    return -1;
}

int session_load_rules(session *s, const play_args *a, const char *command, diag_sink *diags)
{
    option_setting settings[PLAY_MAX_SETTINGS];
    int n = 0;
    if (s->old.doc) n = record_settings(&s->old, settings, TB_MAX_OPTIONS);
    for (int i = 0; i < a->common.nsettings; i++) settings[n++] = a->common.settings[i];
    if (a->file) {
        if (!load_resolve(a->file, s->rule_path, sizeof s->rule_path))
            snprintf(s->rule_path, sizeof s->rule_path, "%s", a->file);
    } else if (!record_rule_path(&s->old, a->resume_path, diags, s->rule_path, sizeof s->rule_path)) {
        return EXIT_INVALID;
    }
    load_status st;
    s->rs = load_ruleset(a->file ? a->file : s->rule_path, settings, n, diags, &st);
    if (!s->rs) return st == LOAD_IO ? EXIT_USAGE : EXIT_INVALID;
    if (a->full_path) s->rs->capture_ends = 0;
    /* The record's game against the rules: given on the command line, or
     * named by the record itself (whose file may since describe another game). */
    if (s->old.doc && !record_check_game(&s->old, s->rs, a->file ? a->file : s->rule_path, diags))
        return EXIT_INVALID;
    if (!move_list_reserve(&s->legal, TB_MOVES_INITIAL)) {
        cli_error(command, "out of memory");
        return EXIT_USAGE;
    }
    return -1;
}

int session_output_ok(const session *s, const char *command, const char *flag, const char *output,
                      const char *record)
{
    cli_input inputs[CLI_MAX_INPUTS];
    int n = cli_inputs_of_rules(s->rs, s->rule_path, inputs, 0, CLI_MAX_INPUTS - 1);
    if (record) inputs[n++] = (cli_input){ "the record", record };
    return cli_output_not_input(command, flag, output, inputs, n);
}

int session_save(session *s)
{
    if (!s->out_path) return 1;
    char err[4400];
    if (record_log_write(&s->log, &s->rec, s->out_path, err, sizeof err)) return 1;
    cli_error("play", "%s", err);
    return 0;
}

/* A roll as players write it: " 4-3", and a double " 6-6" (not the four
 * moves it gives). */
void session_roll_text(const ruleset *rs, const uint8_t *dice, int n, char *buf, size_t size)
{
    /* A double gives as many moves as the rules say: more than the dice
     * (6-6: four moves), or fewer where a double n repeats n times (1-1:
     * one move); it is written as the dice show it all the same. */
    int same = 1;
    for (int d = 1; d < n; d++) same &= dice[d] == dice[0];
    if (same && rs->dice_count > 0 && n > 0) n = rs->dice_values;
    size_t k = 0;
    buf[0] = '\0';
    for (int d = 0; d < n && k < size; d++)
        k += (size_t)snprintf(buf + k, size - k, "%s%d", d ? "-" : "", dice[same ? 0 : d]);
}

int session_confirmed(const char *question)
{
    char line[PLAY_LINE_MAX];
    if (cli_input_line(question, line, sizeof line) != CLI_LINE_OK) return 0;
    char *t = line;
    while (*t == ' ' || *t == '\t') t++;
    size_t n = strcspn(t, " \t");
    return (n == 1 && tolower((unsigned char)t[0]) == 'y') || (n == 3 && strncasecmp(t, "yes", 3) == 0);
}
