/* cli_render.c - `tabula render`: a picture (SVG) of a position of any game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/position.h"

const char *const cli_render_help =
    "usage: tabula render FILE [--position POS.yaml | --fen TEXT] [-o OUT.svg] [--json]\n"
    "                     [--option NAME=VALUE]...\n\n"
    "Draws a position of FILE (a rule file, or a bundled game's name) as an SVG picture:\n"
    "the start position, or POS.yaml (a scenario's `position` mapping: to-move, pieces,\n"
    "and dice, removed, collected, bar, off where the game has them). Square boards\n"
    "are drawn with their coordinates (and the numbers of numbered cells), tracks as\n"
    "a tables board (two rows of points, stacks, bar, borne-off pieces, dice),\n"
    "tiles as hexagons of triangular fields (removed tiles dashed). Under the\n"
    "picture, a line per player: pieces, pips, tiles collected, the dice to play.\n\n"
    CLI_POSITION_HELP_FEN
    "  -o OUT.svg   where to write (default: standard output). The file is written\n"
    "               to a temporary file first, then renamed: never half-written.\n"
    "               Never over FILE or POS.yaml: that is refused (exit 2).\n"
    "  --json       one document (docs/json.md): the game, where the picture went,\n"
    "               and the picture itself when it was not written to a file.\n\n"
    "An invalid position is reported at its place (POS.yaml:LINE:COL: error: ...),\n"
    "with exit 1; nothing is written then.\n";

int cli_render(int argc, char **argv)
{
    cli_common common = { 0 };
    const char *file = NULL, *out = "-", *out_flag = "-o";
    cli_position position = { 0 };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cli_render_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0) {
            if (i + 1 >= argc) return cli_usage_error("render", "%s needs a file", argv[i]);
            out_flag = argv[i];
            out = argv[++i];
            continue;
        }
        int pos = cli_position_arg(&position, "render", argc, argv, &i);
        if (pos < 0) return EXIT_USAGE;
        if (pos > 0) continue;
        int r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("render", "unknown option `%s`", argv[i]);
        if (file) return cli_usage_error("render", "unexpected argument `%s`", argv[i]);
        file = argv[i];
    }
    if (!file) return cli_usage_error("render", "no rule file given");
    diag_sink diags;
    diag_init(&diags, stderr);
    int code;
    ruleset *rs = cli_load(file, &common, &diags, &code);
    if (!rs) return code;
    state st;
    if ((code = cli_position_load("render", rs, &position, &diags, &st)) != EXIT_OK) {
        free(rs);
        return code;
    }
    if (!position.path && !position.fen) engine_seed(rs, &st, 1);
    cli_input inputs[CLI_MAX_INPUTS];
    int ninputs = cli_inputs_of_rules(rs, file, inputs, 0, CLI_MAX_INPUTS - 1);
    if (position.path) inputs[ninputs++] = (cli_input){ "the position", position.path };
    if (!cli_output_not_input("render", out_flag, out, inputs, ninputs)) {
        free(rs);
        return EXIT_USAGE;
    }
    vbuf svg;
    vbuf_init(&svg);
    code = EXIT_OK;
    int to_stdout = strcmp(out, "-") == 0;
    if (!view_svg(&svg, rs, &st, NULL, 0)) {
        cli_error("render", "cannot draw this board (out of memory)");
        code = EXIT_USAGE;
    } else if (!(common.json && to_stdout) && !cli_write_output("render", out, svg.s, svg.len)) {
        code = EXIT_USAGE;
    } else if (common.json) {
        json_writer w;
        cli_json_begin(&w);
        json_object_open(&w, NULL);
        json_string(&w, "file", file);
        json_string(&w, "game", rs->title);
        json_string(&w, "output", to_stdout ? NULL : out);
        json_int(&w, "bytes", (long long)svg.len);
        json_string(&w, "svg", to_stdout ? vbuf_text(&svg) : NULL);
        json_object_close(&w);
        json_end(&w);
    }
    vbuf_free(&svg);
    free(rs);
    return code;
}
