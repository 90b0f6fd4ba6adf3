/* cli_validate.c - `tabula validate`, `tabula info` and `tabula reference`. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "cli.h"
#include "lang/catalogue.h"
#include "io/json.h"

static const char *validate_help =
    "usage: tabula validate [-v] [--option NAME=VALUE]... FILE...\n\n"
    "Parses and checks each rule file. Prints nothing for a valid file (with -v, a\n"
    "one-line summary); errors and warnings go to stderr as FILE:LINE:COL: error: ...\n"
    "Exit 0 when every file is valid, 1 when one is not, 2 when one cannot be read.\n";

static const char *topology_name(const ruleset *rs)
{
    return rs->topology == TOPO_SQUARE ? "square" : rs->topology == TOPO_TRACK ? "track" : "hex-tiles";
}

int cli_validate(int argc, char **argv)
{
    cli_common common = { 0 };
    int verbose = 0, nfiles = 0, worst = EXIT_OK;
    const char *files[256];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(validate_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "-v") == 0 || strcmp(argv[i], "--verbose") == 0) {
            verbose = 1;
            continue;
        }
        int r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("validate", "unknown option `%s`", argv[i]);
        if (nfiles == 256) return cli_usage_error("validate", "too many files (at most 256)");
        files[nfiles++] = argv[i];
    }
    if (nfiles == 0) return cli_usage_error("validate", "no rule file given");
    for (int f = 0; f < nfiles; f++) {
        diag_sink diags;
        diag_init(&diags, stderr);
        int code;
        ruleset *rs = cli_load(files[f], &common, &diags, &code);
        if (!rs) {
            if (code > worst || worst == EXIT_OK) worst = code > worst ? code : worst;
            continue;
        }
        if (verbose)
            printf("%s: ok: \"%s\", %s board of %d cells, %d piece type%s, %d option%s%s\n", files[f],
                   rs->title, topology_name(rs), rs->ncells, rs->npiece_types, rs->npiece_types == 1 ? "" : "s",
                   rs->noptions, rs->noptions == 1 ? "" : "s", diags.warnings ? ", with warnings" : "");
        free(rs);
    }
    return worst;
}

/* How `info` names the kind of an option. */
static const char *option_kind_name(const option_value *ov)
{
    return ov->kind == OPTION_INT ? "integer" : ov->kind == OPTION_BOOL ? "boolean" : "word";
}

static const char *info_help =
    "usage: tabula info [--json] [--option NAME=VALUE]... FILE\n\n"
    "Describes a rule file: its name, players, board (cell count), piece types,\n"
    "options (each with its kind, allowed values, default and current value), and the\n"
    "hooks it uses.\n";

int cli_info(int argc, char **argv)
{
    cli_common common = { 0 };
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(info_help, stdout);
            return EXIT_OK;
        }
        int r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("info", "unknown option `%s`", argv[i]);
        if (file) return cli_usage_error("info", "one rule file at a time");
        file = argv[i];
    }
    if (!file) return cli_usage_error("info", "no rule file given");
    diag_sink diags;
    diag_init(&diags, stderr);
    int code;
    ruleset *rs = cli_load(file, &common, &diags, &code);
    if (!rs) return code;
    const char *hooks[2];
    int nhooks = 0;
    if (rs->uses_max_capture) hooks[nhooks++] = "max-capture";
    if (rs->uses_tile_collapse) hooks[nhooks++] = "tile-collapse";
    if (common.json) {
        json_writer w;
        json_begin(&w, stdout);
        json_object_open(&w, NULL);
        json_string(&w, "name", rs->title);
        json_array_open(&w, "players");
        for (int p = 0; p < 2; p++) json_string(&w, NULL, rs->player_label[p]);
        json_array_close(&w);
        json_object_open(&w, "board");
        json_string(&w, "topology", topology_name(rs));
        json_int(&w, "cells", rs->ncells);
        int playable = 0;
        for (int c = 0; c < rs->ncells; c++) playable += cellset_has(&rs->playable, c);
        json_int(&w, "playable", playable);
        json_object_close(&w);
        json_array_open(&w, "pieces");
        for (int t = 0; t < rs->npiece_types; t++) json_string(&w, NULL, rs->piece_name[t]);
        json_array_close(&w);
        json_array_open(&w, "options");
        for (int o = 0; o < rs->noptions; o++) {
            const option_value *ov = &rs->options[o];
            json_object_open(&w, NULL);
            json_string(&w, "name", ov->name);
            json_string(&w, "type", option_kind_name(ov));
            json_string(&w, "default", ov->def);
            if (ov->is_int) json_int(&w, "value", ov->value);
            else json_string(&w, "value", ov->word);
            json_string(&w, "allowed", ov->allowed);
            json_string(&w, "doc", ov->doc);
            json_object_close(&w);
        }
        json_array_close(&w);
        json_array_open(&w, "hooks");
        for (int h = 0; h < nhooks; h++) json_string(&w, NULL, hooks[h]);
        json_array_close(&w);
        json_object_close(&w);
        json_end(&w);
    } else {
        int playable = 0;
        for (int c = 0; c < rs->ncells; c++) playable += cellset_has(&rs->playable, c);
        printf("name:    %s\n", rs->title);
        printf("players: 1 %s, 2 %s (player 1 moves first)\n", rs->player_label[0], rs->player_label[1]);
        printf("board:   %s, %d cells", topology_name(rs), rs->ncells);
        if (playable != rs->ncells) printf(" (%d playable)", playable);
        printf("\npieces: ");
        for (int t = 0; t < rs->npiece_types; t++) printf(" %s", rs->piece_name[t]);
        printf("\noptions:%s\n", rs->noptions ? "" : " none");
        for (int o = 0; o < rs->noptions; o++) {
            const option_value *ov = &rs->options[o];
            char now[32], values[128];
            snprintf(now, sizeof now, "%ld", ov->value);
            /* "1, 2, 3" -> "1, 2 or 3" */
            snprintf(values, sizeof values, "%s", ov->allowed[0] ? ov->allowed : "any");
            char *last = strrchr(values, ',');
            if (last && strlen(values) + 3 < sizeof values) {
                memmove(last + 3, last + 1, strlen(last + 1) + 1);
                memcpy(last, " or", 3);
            }
            printf("  %s = %s (%s: %s; default %s)%s%s\n", ov->name, ov->is_int ? now : ov->word, option_kind_name(ov),
                   values, ov->def, ov->doc[0] ? ": " : "", ov->doc);
        }
        printf("hooks:  ");
        for (int h = 0; h < nhooks; h++) printf(" %s", hooks[h]);
        printf("%s\n", nhooks ? "" : " none");
    }
    free(rs);
    return EXIT_OK;
}

int cli_reference(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--help") == 0) {
        printf("usage: tabula reference\n\nPrints the language reference (Markdown) generated from the\n"
               "catalogue of ludemes; docs/language.md embeds it.\n");
        return EXIT_OK;
    }
    if (argc > 1) return cli_usage_error("reference", "unexpected argument `%s`", argv[1]);
    catalogue_write_reference(stdout);
    return EXIT_OK;
}
