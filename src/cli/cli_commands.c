/* cli_commands.c - the table of commands (what main.c dispatches to and
 * what completion, cli_complete.c, offers), the program's usage and
 * `tabula help`. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

#ifndef TABULA_DATADIR
#define TABULA_DATADIR "PKGDATADIR"
#endif

const char *const cli_help_help =
    "usage: tabula help [COMMAND]\n\n"
    "Describes COMMAND: prints exactly what `tabula COMMAND --help` prints. Without\n"
    "COMMAND, describes the program, as `tabula --help` does.\n";

const cli_command cli_commands[] = {
    { "validate", cli_validate, "parse and check rule files", &cli_validate_help },
    { "info", cli_info, "describe a rule file: players, board, pieces, options, hooks", &cli_info_help },
    { "moves", cli_moves, "list the legal moves of a position", &cli_moves_help },
    { "perft", cli_perft, "count move sequences to a depth", &cli_perft_help },
    { "playout", cli_playout, "play random games and report results and speed", &cli_playout_help },
    { "play", cli_play, "play a game between humans and agents, recorded move by move", &cli_play_help },
    { "replay", cli_replay, "check a recorded game move by move", &cli_replay_help },
    { "test", cli_test, "run scenario files", &cli_test_help },
    { "match", cli_match, "play agents against each other, with confidence intervals and Elo", &cli_match_help },
    { "analyze", cli_analyze, "statistics of played games and rule coverage of a rule file", &cli_analyze_help },
    { "diff", cli_diff, "the shortest move sequence after which two rule files differ", &cli_diff_help },
    { "merge", cli_merge, "add up the JSON results of sharded runs (--shard K/N)", &cli_merge_help },
    { "why", cli_why, "say which rule makes a move legal, or which refuses it", &cli_why_help },
    { "render", cli_render, "draw a position as an SVG picture", &cli_render_help },
    { "expand", cli_expand, "print the game a rule file stands for: variant, changes and options applied",
      &cli_expand_help },
    { "fmt", cli_fmt, "print a rule file in the canonical layout (--check, --write)", &cli_fmt_help },
    { "rules", cli_rules, "print a bundled game's rules page", &cli_rules_help },
    { "reference", cli_reference, "print the language reference generated from the catalogue", &cli_reference_help },
    { "help", cli_help, "describe the program or a command", &cli_help_help },
};
const int cli_ncommands = (int)(sizeof cli_commands / sizeof cli_commands[0]);

const cli_command *cli_find_command(const char *name)
{
    for (int i = 0; i < cli_ncommands; i++)
        if (strcmp(name, cli_commands[i].name) == 0) return &cli_commands[i];
    return NULL;
}

void cli_print_usage(FILE *out)
{
    fprintf(out, "usage: tabula COMMAND [ARGS...]\n"
                 "       tabula help [COMMAND]\n"
                 "       tabula --version\n\n"
                 "tabula loads board games described in .game rule files, checks them, and plays\n"
                 "them: in the terminal, by AI agents, and by random playouts.\n\n"
                 "Commands:\n");
    for (int i = 0; i < cli_ncommands; i++) fprintf(out, "  %-10s %s\n", cli_commands[i].name, cli_commands[i].summary);
    fprintf(out, "\nA rule file is a path, or a bare name: a bundled game (");
    if (!load_print_bundled(out)) fprintf(out, "none found");
    fprintf(out, "),\nanother name a bundled game gives itself (`tabula play` lists them),\n"
                 "or NAME.game in a directory of TABULA_PATH.\n\n"
                 "Options of every command:\n"
                 "  --help                    describe the command\n"
                 "  --diagnostics-format=FMT  errors and warnings on stderr as text (the default),\n"
                 "                            json (one array) or sarif (a SARIF 2.1.0 log)\n"
                 "  --json                    machine-readable output on stdout, where the command's\n"
                 "                            usage shows it (docs/json.md); a failing command prints\n"
                 "                            {\"error\": ...}, so stdout is valid JSON either way\n"
                 "  --option NAME=VALUE       set a ruleset option (repeatable), where a rule file is\n"
                 "                            loaded; `tabula info FILE` lists them\n\n"
                 "Environment:\n"
                 "  TABULA_PATH       colon-separated directories of your own rule files (NAME.game)\n"
                 "                    and rules pages (NAME.md), searched after the bundled games\n"
                 "  TABULA_RULESETS   colon-separated directories searched before anything else,\n"
                 "                    to try a set of rule files whatever is installed\n"
                 "  COLUMNS, LINES    the width and height boards fit in (play, replay --show,\n"
                 "                    moves --show) when the output is not a terminal; 80x24\n"
                 "                    when unset. NO_COLOR turns colour off (--color=auto)\n\n"
                 "Files:\n"
                 "  %s/rulesets/*.game  the bundled games\n"
                 "  %s/rules/*.md       their rules pages (`tabula rules GAME`)\n\n"
                 "Exit codes: 0 success, 1 invalid input, 2 usage or I/O error. An output file\n"
                 "that is a file read (the rule file, a base it extends, a record, a position),\n"
                 "by any path or link, is refused (exit 2) before anything is written; a write\n"
                 "to standard output that fails (a full disk) is an I/O error too.\n"
                 "`tabula help COMMAND` or `tabula COMMAND --help` describes a command.\n",
            TABULA_DATADIR, TABULA_DATADIR);
}

int cli_help(int argc, char **argv)
{
    if (argc < 2) {
        cli_print_usage(stdout);
        return EXIT_OK;
    }
    if (argc > 2) return cli_usage_error("help", "unexpected argument `%s`", argv[2]);
    if (strcmp(argv[1], "--help") == 0) {
        fputs(cli_help_help, stdout);
        return EXIT_OK;
    }
    if (argv[1][0] == '-' && argv[1][1]) return cli_usage_error("help", "unknown option `%s`", argv[1]);
    const cli_command *c = cli_find_command(argv[1]);
    if (!c) return cli_usage_error("help", "no command `%s`; `tabula --help` lists them", argv[1]);
    fputs(*c->help, stdout);
    return EXIT_OK;
}
