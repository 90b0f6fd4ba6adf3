/* cli_why.c - `tabula why`: which clause of the rules made a move, or which
 * one refused it (src/analysis/why.c decides). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "analysis/why.h"
#include "io/position.h"

/* The seed of the dice rolled where the position has none (as `moves`). */
#define WHY_DICE_SEED 1

const char *const cli_why_help =
    "usage: tabula why FILE [--position POS.yaml | --fen TEXT | --gnubg-id ID] [--dice A,B] [--json]\n"
    "                  [--full-path] [--option NAME=VALUE]... MOVE\n\n"
    "Says why MOVE is legal or not in the start position (or in POS.yaml, a\n"
    "scenario's `position` mapping), from the compiled rules: for a legal move, the\n"
    "rule that made it; for a refused one, what took it away (a compulsory capture,\n"
    "the maximum-capture rule and the count it would need, a streak limit, the dice,\n"
    "the head rule, a closed point, using the dice to the full; the royal rule: the\n"
    "piece pinned, the check not answered or the attacked cell, with the attacker;\n"
    "the condition of castling that fails; a promotion's types; a drop's limits),\n"
    "or, when no rule makes it, what the board says (no such cell, no piece of the\n"
    "player there, the destination taken, the piece's rules), with the clause's\n"
    "place in the rule file, then at most 5 legal moves nearest MOVE and their\n"
    "count. MOVE is read as `tabula play` reads a typed move (short forms\n"
    "included); one that is no legal move is read as the move it means: cells run\n"
    "together (e2e5, e7e8q), algebraic notation (Nf3, O-O), a drop (P*e5). Prints\n"
    "one line:\n"
    "  e5-d4 is not legal: a capture is compulsory (GAME rule at line 14); legal: 12x19\n"
    "On a track board MOVE may be a play as players write it (`24/18 13/8`,\n"
    "`bar/22*`, `13/9(2)`; docs/playing.md): legal when it is a whole turn or the\n"
    "beginning of one, given back die by die:\n"
    "  24-18 13-8 is legal: the whole turn 24/18 13/8, die by die\n"
    "Exit 0 when MOVE is one legal move, 1 when it is not (or fits several).\n\n"
    CLI_POSITION_HELP_FEN
    CLI_FULL_PATH_HELP
    "  --gnubg-id ID  the position of gnubg's POSITIONID[:MATCHID], as\n"
    "               `tabula moves --gnubg-id` reads it\n"
    "  --dice A,B   the roll of the turn under way, instead of the position's dice\n"
    "  --json       the verdict, the word a scenario's `refused-by:` names, the\n"
    "               reason, the clause and the nearest moves (docs/json.md)\n";

static void print_json(const ruleset *rs, const state *st, const why_answer *a)
{
    json_writer w;
    cli_json_begin(&w);
    json_object_open(&w, NULL);
    json_string(&w, "game", rs->title);
    json_int(&w, "to_move", st->h.to_move);
    json_string(&w, "move", a->text);
    json_bool(&w, "legal", a->verdict == WHY_LEGAL);
    json_string(&w, "by", a->by);
    if (a->meant[0]) json_string(&w, "meant", a->meant);
    else json_null(&w, "meant");
    json_string(&w, "reason", a->reason);
    if (a->clause.line) {
        json_object_open(&w, "clause");
        json_string(&w, "file", ruleset_file_shown(rs, a->clause.file));
        json_int(&w, "line", a->clause.line);
        json_int(&w, "col", a->clause.col);
        json_string(&w, "what", a->clause.what);
        json_object_close(&w);
    } else {
        json_null(&w, "clause");
    }
    json_int(&w, "legal_moves", a->nlegal);
    json_array_open(&w, "nearest");
    for (int i = 0; i < a->nnear; i++) json_string(&w, NULL, a->near[i]);
    json_array_close(&w);
    char line[8192];
    why_line(rs, a, line, sizeof line);
    json_string(&w, "text", line);
    json_object_close(&w);
    json_end(&w);
}

int cli_why(int argc, char **argv)
{
    cli_common common = { 0 };
    cli_dice dice = { 0 };
    const char *file = NULL, *text = NULL;
    cli_position position = { 0 };
    int full_path = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) { fputs(cli_why_help, stdout); return EXIT_OK; }
        if (strcmp(argv[i], "--full-path") == 0) {
            full_path = 1;
            continue;
        }
        int pos = cli_position_arg(&position, "why", argc, argv, &i);
        if (pos < 0) return EXIT_USAGE;
        if (pos > 0) continue;
        if (strcmp(argv[i], "--dice") == 0) {
            const char *value = ++i < argc ? argv[i] : NULL;
            if (!cli_parse_dice("why", value, &dice)) return EXIT_USAGE;
            continue;
        }
        int r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("why", "unknown option `%s`", argv[i]);
        if (!file) file = argv[i];
        else if (!text) text = argv[i];
        else return cli_usage_error("why", "unexpected argument `%s`", argv[i]);
    }
    if (!file) return cli_usage_error("why", "no rule file given");
    if (!text) return cli_usage_error("why", "no move given: tabula why FILE MOVE");
    if (!text[strspn(text, " \t")]) return cli_usage_error("why", "the move is empty: tabula why FILE MOVE");
    diag_sink diags;
    diag_init(&diags, stderr);
    int code;
    ruleset *rs = cli_load(file, &common, &diags, &code);
    if (!rs) return code;
    if (full_path) rs->capture_ends = 0;
    state st;
    if ((code = cli_position_load("why", rs, &position, &diags, &st)) != EXIT_OK) {
        free(rs);
        return code;
    }
    engine_seed(rs, &st, WHY_DICE_SEED);
    if (!cli_set_dice("why", rs, &st, &dice)) {
        free(rs);
        return EXIT_USAGE;
    }
    move_list list = MOVE_LIST_INIT;
    int pass = 0;
    int n = engine_moves_here(rs, &st, &list, &pass);
    if (list.error) {
        int error = list.error;
        move_list_free(&list);
        free(rs);
        return cli_moves_error("why", error);
    }
    why_answer a;
    int ok = why_explain(rs, &st, list.m, n, text, &a);
    move_list_free(&list);
    if (!ok) {
        free(rs);
        return cli_out_of_memory("why");
    }
    if (common.json) {
        print_json(rs, &st, &a);
    } else {
        char line[8192];
        why_line(rs, &a, line, sizeof line);
        puts(line);
    }
    free(rs);
    return a.verdict == WHY_LEGAL ? EXIT_OK : EXIT_INVALID;
}
