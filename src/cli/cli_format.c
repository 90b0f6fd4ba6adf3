/* cli_format.c - `tabula fmt` (a rule file in canonical layout) and
 * `tabula expand` (the game a file stands for, fully resolved). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/atomic.h"
#include "lang/parse.h"
#include "lang/print.h"
#include "lang/renamed.h"

const char *const cli_fmt_help =
    "usage: tabula fmt [--check | --write] [--upgrade] [--json] FILE...\n\n"
    "Prints each rule file in the canonical layout, its comments kept: a form on one\n"
    "line when it fits in 100 columns, except forms holding clauses (the sections of\n"
    "a game, the rules of `moves`, the conditions of `end`...), whose clauses go one\n"
    "per line, indented by two; runs of trailing comments aligned. Only the syntax is\n"
    "read: a file with meaning errors is formatted too.\n\n"
    "  --check    print nothing; for each file not in the layout, say where it\n"
    "             first differs; exit 1 when one is not\n"
    "  --write    rewrite the files that are not in the layout (whole or not at\n"
    "             all; through a symbolic link, the file it points to)\n"
    "  --upgrade  first write old spellings of the language as they are written\n"
    "             now (`ends-chain` as `mid-chain:ends`, a `no-progress` count\n"
    "             without its unit in `plies`...: docs/language.md, \"Old\n"
    "             spellings\"); with --check, a file that has one is not in the\n"
    "             layout\n"
    "  --json     one document: each file's status, where it first differs, and\n"
    "             (without --check or --write) its formatted text (docs/json.md)\n\n"
    "Exit 0 on success, 1 when a file does not parse (or with --check, is not\n"
    "formatted), 2 when a file cannot be read or written.\n";

/* SRC's text with the old spellings in ROOT written as they are now, as a
 * source of its own; NULL when there are none (or out of memory: *OOM). */
static src_file *upgraded(const src_file *src, const ast_node *root, int *oom)
{
    *oom = 0;
    int n = renamed_edits(root, NULL, 0);
    if (n == 0) return NULL;
    renamed_edit *edits = malloc((size_t)n * sizeof *edits);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = edits ? open_memstream(&text, &len) : NULL;
    src_file *out = NULL;
    if (mem) {
        renamed_edits(root, edits, n);
        size_t at = src->bom; /* the mark is not kept: fmt never writes one */
        for (int i = 0; i < n; i++) {
            if (edits[i].begin < at) continue; /* inside one already made */
            fwrite(src->text + at, 1, edits[i].begin - at, mem);
            fprintf(mem, "%s%s", edits[i].begin == edits[i].end ? " " : "", edits[i].text);
            at = edits[i].end;
        }
        fwrite(src->text + at, 1, src->len - at, mem);
        if (fclose(mem) == 0) out = source_from_string(src->path, text, len);
    }
    free(text);
    free(edits);
    *oom = !out;
    return out;
}

/* The formatted text of PATH in *OUT (malloc'd, *LEN bytes), and the file
 * as read in *SRC; returns an exit code. UPGRADE: old spellings rewritten
 * first. */
static int format_file(const char *arg, int upgrade, src_file **srcp, char **out, size_t *len)
{
    char path[4096];
    diag_sink diags;
    diag_init(&diags, stderr);
    *srcp = NULL;
    *out = NULL;
    if (!load_resolve(arg, path, sizeof path)) {
        load_report_unresolved(arg, &diags);
        return EXIT_USAGE;
    }
    int io = 0;
    src_file *src = source_load(path, &diags, &io);
    if (!src) return io ? EXIT_USAGE : EXIT_INVALID;
    ast_arena *arena = ast_arena_new();
    ast_node *root = arena ? parse_source(src, &diags, arena) : NULL;
    int code = arena ? EXIT_OK : cli_out_of_memory("fmt");
    src_file *now = NULL; /* the text upgraded, when it changed */
    if (root && !diags.errors && upgrade) {
        int oom;
        now = upgraded(src, root, &oom);
        if (oom) code = cli_out_of_memory("fmt");
        if (now) { /* read again: the printer keeps comments by their place in the text */
            ast_arena_free(arena);
            arena = ast_arena_new();
            root = arena ? parse_source(now, &diags, arena) : NULL;
            if (!arena) code = cli_out_of_memory("fmt");
        }
    }
    if (code != EXIT_OK) {
        ;
    } else if (!root || diags.errors) {
        code = diags.oom ? EXIT_USAGE : EXIT_INVALID;
    } else {
        FILE *mem = open_memstream(out, len);
        if (!mem || !print_items(mem, root, now ? now : src)) code = cli_out_of_memory("fmt");
        if (mem) fclose(mem);
    }
    ast_arena_free(arena);
    source_free(now);
    if (code != EXIT_OK) {
        free(*out);
        *out = NULL;
        source_free(src);
        return code;
    }
    *srcp = src;
    return EXIT_OK;
}

int cli_fmt(int argc, char **argv)
{
    int check = 0, write = 0, upgrade = 0, json = 0, nfiles = 0, worst = EXIT_OK;
    const char *files[256];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(cli_fmt_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "--check") == 0) check = 1;
        else if (strcmp(argv[i], "--write") == 0 || strcmp(argv[i], "-w") == 0) write = 1;
        else if (strcmp(argv[i], "--upgrade") == 0) upgrade = 1;
        else if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("fmt", "unknown option `%s`", argv[i]);
        else if (nfiles == 256) return cli_usage_error("fmt", "too many files (at most 256)");
        else files[nfiles++] = argv[i];
    }
    if (nfiles == 0) return cli_usage_error("fmt", "no rule file given");
    if (check && write) return cli_usage_error("fmt", "--check and --write do not go together");
    json_writer w;
    if (json) {
        cli_json_begin(&w);
        json_object_open(&w, NULL);
        json_array_open(&w, "files");
    }
    for (int f = 0; f < nfiles; f++) {
        src_file *src;
        char *text;
        size_t len;
        int from = cli_diag_count();
        int code = format_file(files[f], upgrade, &src, &text, &len);
        if (code != EXIT_OK) {
            if (code > worst) worst = code;
            if (json) {
                json_object_open(&w, NULL);
                json_string(&w, "file", files[f]);
                json_string(&w, "status", code == EXIT_INVALID ? "invalid" : "unreadable");
                json_null(&w, "first_difference");
                json_bool(&w, "written", 0);
                json_null(&w, "text");
                cli_json_diagnostics(&w, "diagnostics", from, cli_diag_count());
                json_object_close(&w);
            }
            continue;
        }
        int same = len == src->len && memcmp(text, src->text, len) == 0;
        /* the first line that differs */
        size_t at = 0;
        int line = 1;
        while (!same && at < len && at < src->len && text[at] == src->text[at]) line += text[at++] == '\n';
        int written = 0;
        if (check && !same) {
            if (cli_output_format() != CLI_DIAG_TEXT) {
                /* for programs: a located diagnostic at the first difference */
                diag_sink d;
                diag_init(&d, stderr);
                diag_at(&d, src, span_make((uint32_t)at, (uint32_t)at), DIAG_ERROR,
                        "not in the canonical layout%s (`tabula fmt%s --write %s` rewrites it)",
                        upgrade ? " or not upgraded" : "", upgrade ? " --upgrade" : "", src->path);
            } else if (!json) {
                char shown[DIAG_SHORT_SIZE]; /* the place shortened, the command to copy whole */
                fprintf(stderr, "%s:%d: not in the canonical layout%s (`tabula fmt%s --write %s` rewrites it)\n",
                        diag_short(src->path, shown), line, upgrade ? " or not upgraded" : "",
                        upgrade ? " --upgrade" : "", src->path);
            }
            if (worst == EXIT_OK) worst = EXIT_INVALID;
        } else if (write && !same) {
            char err[4400];
            if (atomic_write(src->path, text, len, err, sizeof err)) { /* through a link, to its file */
                written = 1;
            } else {
                cli_error("fmt", "%s", err);
                worst = EXIT_USAGE;
            }
        } else if (!check && !write && !json) {
            fwrite(text, 1, len, stdout);
        }
        if (json) {
            json_object_open(&w, NULL);
            json_string(&w, "file", files[f]);
            json_string(&w, "status", same ? "formatted" : "changed");
            if (same) json_null(&w, "first_difference");
            else json_int(&w, "first_difference", line);
            json_bool(&w, "written", written);
            if (!check && !write) json_string(&w, "text", text);
            else json_null(&w, "text");
            cli_json_diagnostics(&w, "diagnostics", from, cli_diag_count());
            json_object_close(&w);
        }
        free(text);
        source_free(src);
    }
    if (json) {
        json_array_close(&w);
        json_object_close(&w);
        json_end(&w);
    }
    return worst;
}

const char *const cli_expand_help =
    "usage: tabula expand [--json] [--option NAME=VALUE]... FILE\n\n"
    "Prints the game FILE stands for as a rule file of its own: a variant merged with\n"
    "its base (and theirs), its changes applied, every option put in place (at its\n"
    "default, or as set with --option) and the clauses an option switches off left\n"
    "out. The result declares no options; it loads to the same game, in the canonical\n"
    "layout of `tabula fmt`, preceded by a comment naming the command. --json prints\n"
    "the file, the options set and the text as one document (docs/json.md).\n";

/* What print_expansion needs besides the tree. */
typedef struct expansion {
    const char *file;
    const cli_common *common;
    FILE *out;  /* where the text goes */
    int ok;
} expansion;

static void print_expansion(const ast_node *resolved, const src_file *src, void *ctx)
{
    expansion *e = ctx;
    (void)src;
    fprintf(e->out, "; tabula expand %s", e->file);
    for (int i = 0; i < e->common->nsettings; i++)
        fprintf(e->out, " --option %s=%s", e->common->settings[i].name, e->common->settings[i].value);
    fprintf(e->out, "\n");
    e->ok = print_form(e->out, resolved);
}

int cli_expand(int argc, char **argv)
{
    cli_common common = { 0 };
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(cli_expand_help, stdout);
            return EXIT_OK;
        }
        int r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("expand", "unknown option `%s`", argv[i]);
        if (file) return cli_usage_error("expand", "one rule file at a time");
        file = argv[i];
    }
    if (!file) return cli_usage_error("expand", "no rule file given");
    diag_sink diags;
    diag_init(&diags, stderr);
    load_status st;
    char *text = NULL;
    size_t len = 0;
    expansion e = { file, &common, stdout, 0 };
    if (common.json && !(e.out = open_memstream(&text, &len))) return cli_out_of_memory("expand");
    ruleset *rs = load_ruleset_visit(file, common.settings, common.nsettings, &diags, &st, print_expansion, &e);
    if (common.json) fclose(e.out);
    if (rs && e.ok && common.json) {
        json_writer w;
        cli_json_begin(&w);
        json_object_open(&w, NULL);
        json_string(&w, "file", file);
        json_string(&w, "name", rs->title);
        json_object_open(&w, "options");
        for (int i = 0; i < common.nsettings; i++) json_string(&w, common.settings[i].name, common.settings[i].value);
        json_object_close(&w);
        json_string(&w, "text", text ? text : "");
        json_object_close(&w);
        json_end(&w);
    }
    free(text);
    if (!rs) return st == LOAD_IO ? EXIT_USAGE : EXIT_INVALID;
    free(rs);
    return e.ok ? EXIT_OK : EXIT_USAGE;
}
