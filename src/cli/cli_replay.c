/* cli_replay.c - `tabula replay`: checks a recorded game move by move,
 * draws it with --show, or writes it as a page with --html. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_pdn.h"
#include "cli_session.h"
#include "io/atomic.h"
#include "io/fen.h"
#include "io/written.h"

const char *const cli_replay_help =
    "usage: tabula replay FILE RECORD.yaml [--show] [--html OUT.html] [--color[=WHEN]] [--ascii]\n"
    "                     [--width N] [--full-path] [--pdn OUT.pdn] [--json] [--option NAME=VALUE]...\n"
    "       tabula replay RECORD.yaml [...]\n"
    "       tabula replay FILE GAME.pdn [...]\n\n"
    "Checks a game record (written by `tabula play --record`, see docs/records.md)\n"
    "move by move against the rules of FILE, then prints the number of moves, why the\n"
    "game ended and the result line (`result: win 1`). Without FILE, the rule file\n"
    "named in the record is used. The record's options apply; --option overrides them.\n"
    "RECORD may be - for standard input. A file whose name ends in .pdn is a PDN game\n"
    "(a board with numbered squares; FILE required; docs/records.md), replayed the same\n"
    "way; --html takes YAML records only.\n\n"
    "  --show          print every move as `N. player P: MOVE` and the board after it,\n"
    "                  the move marked, as play does (`N... player 2: MOVE` for the\n"
    "                  reply in a game without dice: numbered by pairs); on a\n"
    "                  numbered board each board's FEN under it (`FEN W:W31-50:B1-20`).\n"
    "  --html OUT      write a page (one HTML file, nothing fetched from the network)\n"
    "                  that steps through the game: buttons, the arrow keys, Home and\n"
    "                  End; each position drawn, its move marked and listed. Written\n"
    "                  to a temporary file, then renamed: never half-written; never\n"
    "                  over the record or the rule file (refused, exit 2).\n"
    "  --json          print the record, the game, the number of moves and the\n"
    "                  result as one document (docs/json.md); with --show, the\n"
    "                  moves and boards go to stderr.\n"
    "  --pdn OUT       write the game as PDN (- for standard output, then without\n"
    "                  the summary): its tags, the moves numbered by pairs, captures\n"
    "                  by their two ends where no other capture shares them, the\n"
    "                  result. Never over the record or the rule file (exit 2).\n"
    CLI_FULL_PATH_HELP
    CLI_VIEW_HELP "\n"
    "Errors are reported at their place in the record, as RECORD:LINE:COL: error:\n"
    "an illegal move (with the legal moves of that position), a move after the end\n"
    "of the game, a result that differs from the one the moves give, a record of\n"
    "another game, missing or malformed keys.\n\n"
    "Exit status: 0 when the record is consistent (also for a game still ongoing),\n"
    "1 when it is not, 2 for a usage or I/O error.\n";

typedef struct replay_ctx {
    session *s;
    int show;
    cube_game cube;           /* the cube as the entries turn it */
    view_page *page;          /* --html: the page, written position by position */
    pdn_moves *pdn;           /* --pdn: the moves as PDN writes them, or NULL */
} replay_ctx;

static void replay_visit(void *ctx, int i, const state *st, const move *m, int player, int new_turn)
{
    replay_ctx *c = ctx;
    session *s = c->s;
    const ruleset *rs = s->rs;
    const record_move *rm = &s->old.moves[i];
    char dice[64]; /* as players write a roll: 4-3, 6-6 */
    session_roll_text(rs, rm->dice, rm->ndice, dice, sizeof dice);
    view_mark_move(&s->mark, rs, m, player);
    int announced = rm->announced && rs->threat_text[0];
    if (rm->resign) { /* more than two players: the resigner is out */
        char text[sizeof ((view_step *)0)->note];
        view_resign_text(rs, st, player, text, sizeof text);
        if (c->show) printf("%s\n", text);
        if (c->page) {
            view_step step;
            memset(&step, 0, sizeof step);
            snprintf(step.move, sizeof step.move, "resign");
            step.player = player;
            snprintf(step.note, sizeof step.note, "%s", text);
            view_page_position(c->page, st, &s->mark, &step);
        }
        return;
    }
    if (rm->cube) { /* a cube action: said, no board */
        int actor = rm->cube == CUBE_DOUBLE ? player : tb_opponent(c->cube.offered);
        cube_apply(&c->cube, actor, rm->cube);
        char text[160];
        session_cube_action_text(rm->cube, actor, &c->cube, text, sizeof text);
        if (c->show) printf("%s\n", text);
        if (c->page) {
            view_step step;
            memset(&step, 0, sizeof step);
            snprintf(step.move, sizeof step.move, "%s", rm->text);
            step.player = actor;
            snprintf(step.note, sizeof step.note, "%s", text);
            view_page_position(c->page, st, &s->mark, &step);
        }
        return;
    }
    /* The move as players read it: s->legal still holds the moves of the
     * position it was played in. */
    char shown[RECORD_TEXT_MAX];
    if (m && written_shown(rs)) written_turn(rs, player, m, 1, shown, sizeof shown);
    else if (m && move_san_applies(rs)) move_san(rs, m, s->legal.m, s->legal.n, st, shown, sizeof shown);
    else if (m) move_display(rs, m, s->legal.m, s->legal.n, shown, sizeof shown);
    else snprintf(shown, sizeof shown, "%s", rm->text);
    if (c->pdn && m) pdn_moves_add(c->pdn, m, s->legal.m, s->legal.n);
    if (c->show) {
        if (!m) {
            printf("player %d rolls %s and cannot move: the turn passes\n", player, dice);
        } else {
            if (new_turn && rm->ndice) printf("player %d rolls %s\n", player, dice);
            char number[24];
            view_move_number(rs, i, player, number, sizeof number);
            printf("%s player %d: %s\n", number, player, shown);
            if (announced) printf("player %d: %s\n", player, rs->threat_text);
            session_show(s, st);
        }
    }
    if (c->page) {
        view_step step;
        memset(&step, 0, sizeof step);
        /* A track game's moves as its players write them (`8/5`, `bar/22*`),
         * so that a turn reads "4-3: 8/4 6/3" in the mover's numbering. */
        if (m && written_shown(rs)) written_turn(rs, player, m, 1, step.move, sizeof step.move);
        else snprintf(step.move, sizeof step.move, "%s", m ? shown : "pass");
        step.player = player;
        if (!m) snprintf(step.note, sizeof step.note, "player %d rolls %s and cannot move", player, dice);
        else if (rm->ndice) snprintf(step.note, sizeof step.note, "dice %s", dice);
        if (announced)
            snprintf(step.note + strlen(step.note), sizeof step.note - strlen(step.note), "%s%s",
                     step.note[0] ? "; " : "", rs->threat_text);
        view_page_position(c->page, st, &s->mark, &step); /* a failure is reported by view_page_end */
    }
}

/* The start position of the record, its first dice those recorded. */
static void record_start(const session *s, state *st)
{
    char err[4200];
    if (!record_start_position(&s->old, s->rs, st, err, sizeof err)) state_start(s->rs, st); /* the replay says why */
    engine_seed(s->rs, st, s->old.has_seed ? s->old.seed : 0);
    if (s->rs->dice_count && s->old.nmoves > 0 && s->old.moves[0].ndice) {
        st->h.ndice = s->old.moves[0].ndice;
        memcpy(st->h.dice, s->old.moves[0].dice, st->h.ndice);
    }
}

/* Starts the page of --html (at a temporary file next to PATH) with the
 * start position. Returns an exit code, or -1. */
static int page_begin(session *s, const char *path, atomic_file *file, replay_ctx *c)
{
    char err[4400];
    FILE *f = atomic_open(file, path, err, sizeof err);
    if (!f) {
        cli_error("replay", "%s", err);
        return EXIT_USAGE;
    }
    c->page = view_page_begin(f, s->rs, s->rs->title);
    state start;
    record_start(s, &start);
    view_mark mark;
    view_mark_move(&mark, s->rs, NULL, 0);
    view_step step;
    memset(&step, 0, sizeof step);
    snprintf(step.note, sizeof step.note, "the start");
    if (!c->page || !view_page_position(c->page, &start, &mark, &step)) {
        cli_error("replay", "%s: cannot write the page: %s", strcmp(path, "-") ? path : "standard output",
                  view_page_error(c->page));
        view_page_free(c->page);
        c->page = NULL;
        atomic_abort(file);
        return EXIT_USAGE;
    }
    return -1;
}

/* Ends the page with REASON and puts it in place, or throws it away when
 * the record was not consistent (CODE >= 0). Returns the exit code, or -1. */
static int page_end(replay_ctx *c, atomic_file *file, const char *path, const char *reason, int code)
{
    char err[4400];
    int written = code < 0 && view_page_end(c->page, reason);
    if (code < 0 && !written)
        cli_error("replay", "%s: cannot write the page: %s", strcmp(path, "-") ? path : "standard output",
                  view_page_error(c->page));
    view_page_free(c->page);
    c->page = NULL;
    if (code >= 0 || !written) {
        atomic_abort(file);
        return code >= 0 ? code : EXIT_USAGE;
    }
    if (!atomic_commit(file, err, sizeof err)) {
        cli_error("replay", "%s", err);
        return EXIT_USAGE;
    }
    return -1;
}

/* Why the replayed game ended (or "" while it goes on). */
static void replay_reason(const session *s, const state *st, char *reason, size_t size)
{
    if (s->old.cut_off) session_cut_off_reason(s->old.cut_off, reason, size);
    else if (s->replayed.dropped) session_cube_reason(&s->replayed, reason, size);
    else view_result_reason(s->rs, st, s->old.resigned ? s->old.resigned : record_ending_resign(&s->old), reason, size);
}

/* Replays the record, drawing every move (--show) and writing the page
 * (--html) as it goes. Returns an exit code, or -1 when the record is
 * consistent and the page (if any) was written. */
static int replay_with_views(session *s, const play_args *a, state *st, diag_sink *diags, pdn_moves *pdn)
{
    const ruleset *rs = s->rs;
    replay_ctx c = { s, a->show, { 1, 0, 0, 0, 0, 0 }, NULL, pdn };
    record_turn turn;
    atomic_file file;
    int code = -1;
    if (a->html_path && (code = page_begin(s, a->html_path, &file, &c)) >= 0) return code;
    view_mark_move(&s->mark, rs, NULL, 0);
    if (a->show) {
        state start;
        record_start(s, &start);
        session_show(s, &start);
    }
    if (record_replay_visit(&s->old, rs, st, &s->legal, diags, &turn, replay_visit, &c) < 0) code = EXIT_INVALID;
    if (code < 0 && !record_check_cube_result(&s->old, rs, st, &turn.cube, diags)) code = EXIT_INVALID;
    if (code < 0) s->replayed = turn.cube;
    if (!c.page) return code;
    char reason[512];
    replay_reason(s, st, reason, sizeof reason);
    if (!reason[0]) snprintf(reason, sizeof reason, "the game goes on");
    return page_end(&c, &file, a->html_path, reason, code);
}

/* --pdn of a YAML record: its agents as the players' names, its result
 * (a resignation, a game cut off: as the record says). */
static int export_pdn(const session *s, const char *path, const pdn_moves *pdn)
{
    const ruleset *rs = s->rs;
    const game_record *rec = &s->old;
    pdn_tag tags[4];
    memset(tags, 0, sizeof tags);
    int white = pdn_result_winner(rs, "2-0");
    snprintf(tags[0].name, sizeof tags[0].name, "Event");
    snprintf(tags[0].value, sizeof tags[0].value, "%s", rs->title);
    snprintf(tags[1].name, sizeof tags[1].name, "White");
    snprintf(tags[1].value, sizeof tags[1].value, "%s", rec->agent[white - 1][0] ? rec->agent[white - 1] : "?");
    snprintf(tags[2].name, sizeof tags[2].name, "Black");
    snprintf(tags[2].value, sizeof tags[2].value, "%s", rec->agent[2 - white][0] ? rec->agent[2 - white] : "?");
    int winner = -1;
    if (rec->resigned) winner = tb_opponent(rec->resigned);
    else if (rec->cut_off || strcmp(rec->result, "draw") == 0) winner = 0;
    else if (strcmp(rec->result, "ongoing") != 0) winner = rec->result[strlen(rec->result) - 1] - '0';
    state start;
    char err[4200];
    if (!record_start_position(rec, rs, &start, err, sizeof err)) state_start(rs, &start); /* replayed first: cannot fail */
    return pdn_export("replay", path, rs, tags, 3, &start, pdn, winner);
}

int cli_replay(int argc, char **argv)
{
    play_args a;
    memset(&a, 0, sizeof a);
    const char *args[2] = { NULL, NULL };
    const char *pdn_path = NULL;
    int nargs = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cli_replay_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "--show") == 0) {
            a.show = 1;
            continue;
        }
        if (strcmp(argv[i], "--full-path") == 0) {
            a.full_path = 1;
            continue;
        }
        const char *value = NULL;
        if (cli_flag_value(argc, argv, &i, "--pdn", &value)) {
            if (!value || !*value) return cli_usage_error("replay", "--pdn needs a file to write (- for standard output)");
            pdn_path = value;
            continue;
        }
        if (cli_flag_value(argc, argv, &i, "--html", &value)) {
            if (!value || !*value) return cli_usage_error("replay", "--html needs a file to write");
            a.html_path = value;
            continue;
        }
        int v = cli_view_arg(&a.view, argc, argv, &i, "replay");
        if (v < 0) return EXIT_USAGE;
        if (v > 0) continue;
        int r = cli_common_arg(&a.common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("replay", "unknown option `%s`", argv[i]);
        if (nargs == 2) return cli_usage_error("replay", "unexpected argument `%s`", argv[i]);
        args[nargs++] = argv[i];
    }
    if (a.common.json && a.show) cli_json_divert(); /* the moves and boards to stderr, the document to stdout */
    if (nargs == 0) return cli_usage_error("replay", "needs a rule file and a record");
    a.file = nargs == 2 ? args[0] : NULL;
    a.resume_path = args[nargs - 1];
    if (pdn_is_path(a.resume_path)) return replay_pdn(&a, pdn_path);
    diag_sink diags;
    diag_init(&diags, stderr);
    session s;
    memset(&s, 0, sizeof s);
    s.view = a.view;
    cli_view_resolve(&s.view, 1);
    s.quiet = !a.show;
    s.fen = 1;
    int io, code = -1;
    state st;
    if (!record_read(a.resume_path, &s.old, &diags, &io)) code = io ? EXIT_USAGE : EXIT_INVALID;
    if (code < 0) code = session_load_rules(&s, &a, "replay", &diags);
    if (code < 0 && a.html_path && !session_output_ok(&s, "replay", "--html", a.html_path, a.resume_path))
        code = EXIT_USAGE;
    if (code < 0 && pdn_path && !session_output_ok(&s, "replay", "--pdn", pdn_path, a.resume_path)) code = EXIT_USAGE;
    pdn_moves pdn;
    pdn_moves_init(&pdn, s.rs, a.full_path);
    if (code < 0 && (a.show || a.html_path || pdn_path)) {
        code = replay_with_views(&s, &a, &st, &diags, pdn_path ? &pdn : NULL);
    } else if (code < 0) {
        record_turn turn;
        if (record_replay(&s.old, s.rs, &st, &s.legal, &diags, &turn) < 0) code = EXIT_INVALID;
        else if (!record_check_cube_result(&s.old, s.rs, &st, &turn.cube, &diags)) code = EXIT_INVALID;
        else s.replayed = turn.cube;
    }
    if (diags.oom) code = EXIT_USAGE; /* memory ran out: exit 2, whatever failed after it */
    if (code < 0) {
        char result[32], reason[512];
        snprintf(result, sizeof result, "%s", s.old.result);
        replay_reason(&s, &st, reason, sizeof reason);
        if (a.common.json) {
            json_writer w;
            cli_json_begin(&w);
            json_object_open(&w, NULL);
            json_string(&w, "record", a.resume_path);
            json_string(&w, "game", s.rs->title);
            json_string(&w, "ruleset", s.rule_path);
            json_int(&w, "moves", s.old.nmoves);
            json_string(&w, "reason", reason);
            json_string(&w, "result", result);
            char fen[FEN_TEXT_MAX];
            if (fen_write(s.rs, &st, fen, sizeof fen)) json_string(&w, "fen", fen); /* numbered boards only */
            json_object_close(&w);
            json_end(&w);
        } else if (!pdn_path || strcmp(pdn_path, "-") != 0) {
            printf("%s: %d move%s of %s replayed\n", a.resume_path, s.old.nmoves, s.old.nmoves == 1 ? "" : "s",
                   s.rs->title);
            if (reason[0]) printf("%s\n", reason);
            printf("result: %s\n", result);
        }
        code = pdn_path ? export_pdn(&s, pdn_path, &pdn) : EXIT_OK;
    }
    pdn_moves_free(&pdn);
    session_free(&s);
    return code;
}
