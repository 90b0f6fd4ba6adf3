/* cli_validate.c - `tabula validate`, `tabula info` and `tabula reference`. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "cli.h"
#include "lang/catalogue.h"
#include "io/json.h"

const char *const cli_validate_help =
    "usage: tabula validate [-v] [--json] [--option NAME=VALUE]... FILE...\n\n"
    "Parses and checks each rule file. Prints nothing for a valid file (with -v, a\n"
    "one-line summary); errors and warnings go to stderr as FILE:LINE:COL: error: ...\n"
    "--json prints one document for all the files: each file's status, summary and\n"
    "diagnostics (docs/json.md).\n"
    "FILE may be - for standard input; only regular files are read (a FIFO, a device\n"
    "or a directory is refused). Bounds on rule files: docs/limits.md.\n"
    "Exit 0 when every file is valid, 1 when one is not, 2 when one cannot be read.\n";

static const char *topology_name(const ruleset *rs)
{
    if (rs->topology == TOPO_SQUARE && rs->grid == GRID_HEX) return rs->hexagon ? "hex-hexagon" : "hex";
    if (rs->topology == TOPO_TRACK) return rs->track_grid ? "track-grid" : "track";
    return rs->topology == TOPO_SQUARE ? "square" : "hex-tiles";
}

/* What validate found for one file, for --json. */
typedef struct validated {
    const char *file;
    int code;                 /* its exit code */
    int diag_from, diag_to;   /* its diagnostics among those kept */
    int warnings;
    char name[64];            /* the rest only when it loaded */
    const char *topology;
    int cells, piece_types, options;
} validated;

static void validate_json(const validated *v, int n, int worst)
{
    json_writer w;
    cli_json_begin(&w);
    json_object_open(&w, NULL);
    json_bool(&w, "valid", worst == EXIT_OK);
    json_array_open(&w, "files");
    for (int f = 0; f < n; f++) {
        json_object_open(&w, NULL);
        json_string(&w, "file", v[f].file);
        json_string(&w, "status", v[f].code == EXIT_OK ? "valid" : v[f].code == EXIT_INVALID ? "invalid" : "unreadable");
        json_int(&w, "errors", cli_diag_errors(v[f].diag_from, v[f].diag_to));
        json_int(&w, "warnings", v[f].warnings);
        if (v[f].code == EXIT_OK) {
            json_string(&w, "name", v[f].name);
            json_string(&w, "topology", v[f].topology);
            json_int(&w, "cells", v[f].cells);
            json_int(&w, "piece_types", v[f].piece_types);
            json_int(&w, "options", v[f].options);
        } else {
            json_null(&w, "name");
            json_null(&w, "topology");
            json_null(&w, "cells");
            json_null(&w, "piece_types");
            json_null(&w, "options");
        }
        cli_json_diagnostics(&w, "diagnostics", v[f].diag_from, v[f].diag_to);
        json_object_close(&w);
    }
    json_array_close(&w);
    json_object_close(&w);
    json_end(&w);
}

int cli_validate(int argc, char **argv)
{
    cli_common common = { 0 };
    int verbose = 0, nfiles = 0, worst = EXIT_OK;
    const char *files[256];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(cli_validate_help, stdout);
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
    validated *v = calloc((size_t)nfiles, sizeof *v);
    if (!v) return cli_out_of_memory("validate");
    for (int f = 0; f < nfiles; f++) {
        diag_sink diags;
        diag_init(&diags, stderr);
        int code;
        v[f].file = files[f];
        v[f].diag_from = cli_diag_count();
        ruleset *rs = cli_load(files[f], &common, &diags, &code);
        v[f].diag_to = cli_diag_count();
        v[f].warnings = diags.warnings;
        if (!rs) {
            v[f].code = code;
            if (code > worst) worst = code;
            continue;
        }
        snprintf(v[f].name, sizeof v[f].name, "%s", rs->title);
        v[f].topology = topology_name(rs);
        v[f].cells = rs->ncells;
        v[f].piece_types = rs->npiece_types;
        v[f].options = rs->noptions;
        if (verbose && !common.json)
            printf("%s: ok: \"%s\", %s board of %d cells, %d piece type%s, %d option%s%s\n", files[f],
                   rs->title, topology_name(rs), rs->ncells, rs->npiece_types, rs->npiece_types == 1 ? "" : "s",
                   rs->noptions, rs->noptions == 1 ? "" : "s", diags.warnings ? ", with warnings" : "");
        free(rs);
    }
    if (common.json) validate_json(v, nfiles, worst);
    free(v);
    return worst;
}

/* How `info` names the kind of an option. */
static const char *option_kind_name(const option_value *ov)
{
    return ov->kind == OPTION_INT ? "integer" : ov->kind == OPTION_BOOL ? "boolean" : "word";
}

const char *const cli_info_help =
    "usage: tabula info [--json] [--option NAME=VALUE]... FILE\n\n"
    "Describes a rule file: its name, players, board (cell count), piece types,\n"
    "options (each with its kind, allowed values, default and current value), and the\n"
    "hooks it uses. --json prints the same as one document (docs/json.md): option\n"
    "values are strings as typed after --option NAME=, whatever their kind.\n";

/* Writes ALLOWED ("1, 3, 5", "1..37", "off, on", or "" for any) as an array of strings. */
static void json_allowed(json_writer *w, const char *allowed)
{
    json_array_open(w, "allowed");
    const char *p = allowed;
    while (*p) {
        const char *comma = strstr(p, ", ");
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char word[96];
        snprintf(word, sizeof word, "%.*s", (int)len, p);
        json_string(w, NULL, word);
        p = comma ? comma + 2 : p + len;
    }
    json_array_close(w);
}

int cli_info(int argc, char **argv)
{
    cli_common common = { 0 };
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(cli_info_help, stdout);
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
    int playable = 0;
    for (int c = 0; c < rs->ncells; c++) playable += cellset_has(&rs->playable, c);
    if (common.json) {
        json_writer w;
        cli_json_begin(&w);
        char path[4096];
        if (!load_resolve(file, path, sizeof path)) snprintf(path, sizeof path, "%s", file);
        json_object_open(&w, NULL);
        json_string(&w, "file", file);
        json_string(&w, "path", path);
        json_string(&w, "name", rs->title);
        json_array_open(&w, "players");
        for (int p = 0; p < rs->nplayers; p++) json_string(&w, NULL, rs->player_label[p]);
        json_array_close(&w);
        if (rs->nteams) json_groups(&w, "teams", rs->team, rs->nplayers);
        json_object_open(&w, "board");
        json_string(&w, "topology", topology_name(rs));
        json_int(&w, "cells", rs->ncells);
        json_int(&w, "playable", playable);
        json_object_close(&w);
        json_array_open(&w, "pieces");
        for (int t = 0; t < rs->npiece_types; t++) json_string(&w, NULL, rs->piece_name[t]);
        json_array_close(&w);
        json_array_open(&w, "options");
        for (int o = 0; o < rs->noptions; o++) {
            const option_value *ov = &rs->options[o];
            char value[32];
            if (ov->is_int) snprintf(value, sizeof value, "%ld", ov->value);
            else snprintf(value, sizeof value, "%s", ov->word);
            json_object_open(&w, NULL);
            json_string(&w, "name", ov->name);
            json_string(&w, "type", option_kind_name(ov));
            json_string(&w, "default", ov->def);
            json_string(&w, "value", value);
            json_allowed(&w, ov->allowed);
            json_string(&w, "doc", ov->doc);
            json_object_close(&w);
        }
        json_array_close(&w);
        json_array_open(&w, "hooks");
        for (int h = 0; h < nhooks; h++) json_string(&w, NULL, hooks[h]);
        json_array_close(&w);
        if (rs->cube.on) { /* (doubling-cube ...) */
            json_object_open(&w, "doubling_cube");
            json_int(&w, "max", rs->cube.max);
            json_bool(&w, "beavers", rs->cube.beavers);
            json_bool(&w, "jacoby", rs->cube.jacoby);
            json_bool(&w, "crawford", rs->cube.crawford);
            json_object_close(&w);
        }
        json_object_close(&w);
        json_end(&w);
    } else {
        printf("name:    %s\n", rs->title);
        for (int a = 0; a < rs->naliases; a++) printf("%s%s", a ? ", " : "also:    ", rs->aliases[a]);
        if (rs->naliases) putchar('\n');
        printf("players:");
        for (int p = 0; p < rs->nplayers; p++) printf("%s %d %s", p ? "," : "", p + 1, rs->player_label[p]);
        printf(" (player 1 moves first%s)\n", rs->nplayers > 2 ? ", then each in turn" : "");
        for (int p = 0, groups = 0; rs->nteams && p < rs->nplayers; p++) { /* "teams: 1 and 3, 2 and 4" */
            int first = 1;
            for (int k = 0; k < p; k++) first &= rs->team[k] != rs->team[p];
            if (!first) continue;
            printf("%s", groups++ ? "," : "teams:  ");
            for (int k = p, members = 0; k < rs->nplayers; k++)
                if (rs->team[k] == rs->team[p]) printf("%s %d", members++ ? " and" : "", k + 1);
            if (groups == rs->nteams) printf(" (partners win together)\n");
        }
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
        if (rs->cube.on)
            printf("cube:    doubling cube up to %d; beavers %s, Jacoby rule %s, Crawford rule %s\n", rs->cube.max,
                   rs->cube.beavers ? "on" : "off", rs->cube.jacoby ? "on" : "off", rs->cube.crawford ? "on" : "off");
    }
    free(rs);
    return EXIT_OK;
}

const char *const cli_reference_help =
    "usage: tabula reference [--json]\n\n"
    "Prints the language reference (Markdown) generated from the catalogue of\n"
    "ludemes; docs/language.md embeds it, and the tabula-language(5) man page is\n"
    "made from it. --json prints the catalogue itself: every ludeme with where it\n"
    "may appear, its parameters and their types (docs/json.md).\n";

/* Writes a space-separated list as an array of strings. */
static void json_words(json_writer *w, const char *key, const char *words)
{
    json_array_open(w, key);
    for (const char *p = words ? words : ""; *p;) {
        while (*p == ' ') p++;
        size_t len = strcspn(p, " ");
        if (len) {
            char word[64];
            snprintf(word, sizeof word, "%.*s", (int)len, p);
            json_string(w, NULL, word);
        }
        p += len;
    }
    json_array_close(w);
}

static void reference_json(void)
{
    json_writer w;
    cli_json_begin(&w);
    json_object_open(&w, NULL);
    json_array_open(&w, "ludemes");
    for (int i = 0; i < catalogue_count(); i++) {
        const ludeme_spec *s = catalogue_at(i);
        json_object_open(&w, NULL);
        json_string(&w, "name", s->name);
        json_string(&w, "topic", s->topics);
        /* "" is the top level; "@value" and "@region" stand for any place a value or region goes */
        json_words(&w, "parents", s->parents);
        json_string(&w, "doc", s->doc);
        json_string(&w, "example", s->example ? s->example : "");
        json_array_open(&w, "params");
        for (const param_spec *p = s->params; p->name; p++) {
            json_object_open(&w, NULL);
            json_string(&w, "name", p->name);
            json_string(&w, "style", catalogue_style_name(p->style));
            json_string(&w, "type", catalogue_type_name(p->type));
            json_int(&w, "min", p->min);
            if (p->max == 255) json_null(&w, "max");
            else json_int(&w, "max", p->max);
            json_words(&w, "words", p->words);
            if (p->dflt) json_string(&w, "default", p->dflt);
            else json_null(&w, "default");
            json_string(&w, "doc", p->doc);
            json_object_close(&w);
        }
        json_array_close(&w);
        json_object_close(&w);
    }
    json_array_close(&w);
    json_object_close(&w);
    json_end(&w);
}

int cli_reference(int argc, char **argv)
{
    int json = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(cli_reference_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("reference", "unknown option `%s`", argv[i]);
        else return cli_usage_error("reference", "unexpected argument `%s`", argv[i]);
    }
    if (json) reference_json();
    else catalogue_write_reference(stdout);
    return EXIT_OK;
}
