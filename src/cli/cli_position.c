/* cli_position.c - the one reader of a command's position: --position
 * POS.yaml (a position mapping) or --fen TEXT (io/fen.h), else the start. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/fen.h"
#include "io/position.h"

int cli_position_arg(cli_position *p, const char *command, int argc, char **argv, int *i)
{
    const char *value;
    if (cli_flag_value(argc, argv, i, "--position", &value)) {
        if (!value) return cli_usage_error(command, "--position needs a file"), -1;
        p->path = value;
    } else if (cli_flag_value(argc, argv, i, "--fen", &value)) {
        if (!value) return cli_usage_error(command, "--fen needs a position, like W:W31-50:B1-20"), -1;
        p->fen = value;
    } else {
        return 0;
    }
    if (p->path && p->fen) return cli_usage_error(command, "--position and --fen both give the position; give one"), -1;
    return 1;
}

int cli_position_load(const char *command, const ruleset *rs, const cli_position *p, diag_sink *diags, state *st)
{
    if (p && p->fen) {
        char err[512];
        if (fen_read(rs, p->fen, st, err, sizeof err)) return EXIT_OK;
        return cli_usage_error(command, "--fen: %s", err);
    }
    if (!p || !p->path) {
        state_start(rs, st);
        return EXIT_OK;
    }
    int io = 0;
    if (position_load_file(rs, p->path, diags, st, &io)) return EXIT_OK;
    return io ? EXIT_USAGE : EXIT_INVALID;
}
