/* main.c - the `tabula` program: dispatches to a subcommand. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "config.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    { "validate", cli_validate, "parse and check rule files" },
    { "info", cli_info, "describe a rule file (--json)" },
    { "moves", cli_moves, "list the legal moves of a position" },
    { "perft", cli_perft, "count move sequences to a depth" },
    { "playout", cli_playout, "play random games and report results and speed" },
    { "play", cli_play, "play a game between humans and agents, recorded move by move" },
    { "replay", cli_replay, "check a recorded game move by move" },
    { "test", cli_test, "run scenario files" },
    { "match", cli_match, "play agents against each other, with confidence intervals and Elo" },
    { "analyze", cli_analyze, "statistics of played games and rule coverage of a rule file" },
    { "diff", cli_diff, "the shortest move sequence after which two rule files differ" },
    { "merge", cli_merge, "add up the JSON results of sharded runs (--shard K/N)" },
    { "render", cli_render, "draw a position as an SVG picture" },
    { "expand", cli_expand, "print the game a rule file stands for: variant, changes and options applied" },
    { "fmt", cli_fmt, "print a rule file in the canonical layout (--check, --write)" },
    { "reference", cli_reference, "print the language reference generated from the catalogue" },
};

static void usage(FILE *out)
{
    fprintf(out, "usage: tabula COMMAND [ARGS...]\n\n"
                 "tabula loads board games described in .game rule files and plays them.\n\n"
                 "commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nA rule file is a path or the name of a bundled game (");
    if (!load_print_bundled(out)) fprintf(out, "none found");
    fprintf(out, ").\n`tabula COMMAND --help` describes a command.\n"
                 "Exit codes: 0 success, 1 invalid input, 2 usage or I/O error.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("tabula %s\n", PACKAGE_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "tabula: error: unknown command `%s`; see `tabula --help`\n", argv[1]);
    return EXIT_USAGE;
}
