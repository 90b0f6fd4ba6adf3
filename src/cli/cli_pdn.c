/* cli_pdn.c - `tabula replay` of PDN games (io/pdn.h), and the PDN that
 * `replay --pdn OUT` writes of any game it replays. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli_pdn.h"
#include "cli_session.h"
#include "io/fen.h"

void pdn_moves_init(pdn_moves *pm, const ruleset *rs, int full_path)
{
    memset(pm, 0, sizeof *pm);
    pm->rs = rs;
    pm->full_path = full_path;
}

void pdn_moves_free(pdn_moves *pm)
{
    for (int i = 0; i < pm->n; i++) free(pm->text[i]);
    free(pm->text);
    memset(pm, 0, sizeof *pm);
}

void pdn_moves_add(pdn_moves *pm, const move *m, const move *legal, int n)
{
    if (pm->failed) return;
    if (pm->n == pm->cap) {
        int cap = pm->cap ? pm->cap * 2 : 128;
        char **t = realloc(pm->text, (size_t)cap * sizeof *t);
        if (!t) {
            pm->failed = 1;
            return;
        }
        pm->text = t;
        pm->cap = cap;
    }
    char buf[TB_MOVE_TEXT_MAX];
    /* PDN writes a capture by its two ends where no other capture shares
     * them, whatever the rule file shows; --full-path writes the path. */
    move_display_as(pm->rs, m, legal, n, !pm->full_path, buf, sizeof buf);
    if (!(pm->text[pm->n] = strdup(buf))) pm->failed = 1;
    else pm->n++;
}

int pdn_export(const char *command, const char *path, const ruleset *rs, const pdn_tag *tags, int ntags,
               const state *start, const pdn_moves *pm, int winner)
{
    if (pm->failed) return cli_out_of_memory(command);
    char fen[FEN_TEXT_MAX];
    state initial;
    state_start(rs, &initial);
    char initial_fen[FEN_TEXT_MAX];
    fen_write(rs, &initial, initial_fen, sizeof initial_fen);
    if (!fen_write(rs, start, fen, sizeof fen)) {
        char why[256];
        fen_supported(rs, why, sizeof why);
        cli_error(command, "--pdn: %s", why);
        return EXIT_USAGE;
    }
    pdn_out o = { tags, ntags, strcmp(fen, initial_fen) ? fen : NULL, start->h.to_move,
                  (const char *const *)pm->text, pm->n, pdn_result_text(rs, winner) };
    char *data = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&data, &len);
    if (!f) return cli_out_of_memory(command);
    int ok = pdn_write(f, &o);
    if (fclose(f) != 0 || !ok) {
        free(data);
        return cli_out_of_memory(command);
    }
    ok = cli_write_output(command, path, data, len);
    free(data);
    return ok ? EXIT_OK : EXIT_USAGE;
}

int pdn_is_path(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && strcasecmp(path + n - 4, ".pdn") == 0;
}

/* ---- replaying a PDN game ---------------------------------------------------- */

typedef struct pdn_replay {
    session *s;
    int show;
    pdn_moves *out;           /* --pdn: the moves as PDN writes them, or NULL */
    int first;                /* the player to move at the start */
} pdn_replay;

static void pdn_visit(void *ctx, int i, const state *st, const move *m, const move *legal, int n)
{
    pdn_replay *r = ctx;
    session *s = r->s;
    int player = r->first == 1 ? i % 2 + 1 : 2 - i % 2; /* no dice: the players alternate */
    if (r->out) pdn_moves_add(r->out, m, legal, n);
    if (!r->show) return;
    char shown[TB_MOVE_TEXT_MAX], number[24];
    move_display(s->rs, m, legal, n, shown, sizeof shown);
    view_mark_move(&s->mark, s->rs, m, player);
    view_move_number(s->rs, i, player, number, sizeof number);
    printf("%s player %d: %s\n", number, player, shown);
    session_show(s, st);
}

int replay_pdn(const play_args *a, const char *pdn_path)
{
    if (!a->file)
        return cli_usage_error("replay", "a PDN game names no rule file: give it first, as in tabula replay FILE %s",
                               a->resume_path);
    if (a->html_path) return cli_usage_error("replay", "--html draws YAML records; convert the PDN game first");
    diag_sink diags;
    diag_init(&diags, stderr);
    session s;
    memset(&s, 0, sizeof s);
    int code;
    s.rs = cli_load(a->file, &a->common, &diags, &code);
    if (!s.rs) return code;
    if (a->full_path) s.rs->capture_ends = 0;
    s.view = a->view;
    cli_view_resolve(&s.view, 1);
    s.quiet = !a->show;
    s.fen = 1;
    pdn_game g;
    int io = 0;
    code = -1;
    if (!pdn_read(a->resume_path, &g, &diags, &io)) code = io ? EXIT_USAGE : EXIT_INVALID;
    if (code < 0 && pdn_path) {
        cli_input inputs[CLI_MAX_INPUTS];
        int ninputs = cli_inputs_of_rules(s.rs, a->file, inputs, 0, CLI_MAX_INPUTS - 1);
        inputs[ninputs++] = (cli_input){ "the game", a->resume_path };
        if (!cli_output_not_input("replay", "--pdn", pdn_path, inputs, ninputs)) code = EXIT_USAGE;
    }
    pdn_moves out;
    pdn_moves_init(&out, s.rs, a->full_path);
    state st, start;
    if (code < 0) {
        view_mark_move(&s.mark, s.rs, NULL, 0);
        /* The start, drawn first: the FEN tag's position, or the game's. */
        int nmoves = g.nmoves;
        char result[8];
        memcpy(result, g.result, sizeof result);
        g.nmoves = 0;
        g.result[0] = '\0';
        if (pdn_play(s.rs, &g, &start, &s.legal, &diags, NULL, NULL) < 0) code = EXIT_INVALID;
        else if (a->show) session_show(&s, &start);
        g.nmoves = nmoves;
        memcpy(g.result, result, sizeof result);
        pdn_replay r = { &s, a->show, pdn_path ? &out : NULL, start.h.to_move };
        if (code < 0 && pdn_play(s.rs, &g, &st, &s.legal, &diags, pdn_visit, &r) < 0) code = EXIT_INVALID;
    }
    if (diags.oom) code = EXIT_USAGE;
    if (code < 0) {
        /* The board decides a finished game; otherwise the PDN result stands
         * (a resignation, an agreed draw, a game given up unfinished). */
        int over = st.h.status != STATUS_ONGOING;
        int winner = over ? st.h.winner : pdn_result_winner(s.rs, g.result);
        char result[32], reason[512] = "";
        if (over) engine_result_text(&st, result, sizeof result);
        else if (winner > 0) snprintf(result, sizeof result, "win %d", winner);
        else snprintf(result, sizeof result, "%s", winner == 0 ? "draw" : "ongoing");
        if (over) view_result_reason(s.rs, &st, 0, reason, sizeof reason);
        else if (winner >= 0)
            snprintf(reason, sizeof reason, "the game ends %s by the PDN result, the board still in play", g.result);
        char fen[FEN_TEXT_MAX];
        fen_write(s.rs, &st, fen, sizeof fen);
        if (a->common.json) {
            json_writer w;
            cli_json_begin(&w);
            json_object_open(&w, NULL);
            json_string(&w, "record", a->resume_path);
            json_string(&w, "game", s.rs->title);
            json_string(&w, "ruleset", a->file);
            json_int(&w, "moves", g.nmoves);
            json_string(&w, "reason", reason);
            json_string(&w, "result", result);
            json_string(&w, "fen", fen);
            json_object_close(&w);
            json_end(&w);
        } else if (!pdn_path || strcmp(pdn_path, "-") != 0) {
            printf("%s: %d move%s of %s replayed\n", a->resume_path, g.nmoves, g.nmoves == 1 ? "" : "s", s.rs->title);
            if (reason[0]) printf("%s\n", reason);
            printf("result: %s\n", result);
        }
        code = pdn_path ? pdn_export("replay", pdn_path, s.rs, g.tags, g.ntags, &start, &out,
                                     over ? st.h.winner : winner)
                        : EXIT_OK;
    }
    pdn_moves_free(&out);
    pdn_free(&g);
    session_free(&s);
    return code;
}
