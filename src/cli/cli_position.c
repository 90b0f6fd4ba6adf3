/* cli_position.c - the one reader of a command's position: --position
 * POS.yaml (a position mapping), --fen TEXT (io/fen.h) or --gnubg-id ID
 * (io/gnubg_id.h), else the start. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/fen.h"
#include "io/gnubg_id.h"
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
    } else if (cli_flag_value(argc, argv, i, "--gnubg-id", &value)) {
        if (!value) return cli_usage_error(command, "--gnubg-id needs gnubg's POSITIONID or POSITIONID:MATCHID"), -1;
        p->gnubg_id = value;
    } else {
        return 0;
    }
    const char *given[3], *names[3] = { "--position", "--fen", "--gnubg-id" };
    int n = 0;
    if (p->path) given[n++] = names[0];
    if (p->fen) given[n++] = names[1];
    if (p->gnubg_id) given[n++] = names[2];
    if (n > 1) return cli_usage_error(command, "%s and %s both give the position; give one", given[0], given[1]), -1;
    return 1;
}

int cli_position_load(const char *command, const ruleset *rs, const cli_position *p, diag_sink *diags, state *st)
{
    if (p && p->fen) {
        char err[512];
        if (fen_read(rs, p->fen, st, err, sizeof err)) return EXIT_OK;
        return cli_usage_error(command, "--fen: %s", err);
    }
    if (p && p->gnubg_id) {
        char err[512];
        if (gnubg_id_read(rs, p->gnubg_id, st, err, sizeof err)) return EXIT_OK;
        cli_error(command, "--gnubg-id: %s", err);
        return EXIT_USAGE;
    }
    if (!p || !p->path) {
        state_start(rs, st);
        return EXIT_OK;
    }
    int io = 0;
    if (position_load_file(rs, p->path, diags, st, &io)) return EXIT_OK;
    return io ? EXIT_USAGE : EXIT_INVALID;
}
