/* cli_format.c - `tabula fmt` (a rule file in canonical layout) and
 * `tabula expand` (the game a file stands for, fully resolved). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lang/parse.h"
#include "lang/print.h"

static const char *fmt_help =
    "usage: tabula fmt [--check | --write] FILE...\n\n"
    "Prints each rule file in the canonical layout, its comments kept: a form on one\n"
    "line when it fits in 100 columns, except forms holding clauses (the sections of\n"
    "a game, the rules of `moves`, the conditions of `end`...), whose clauses go one\n"
    "per line, indented by two; runs of trailing comments aligned. Only the syntax is\n"
    "read: a file with meaning errors is formatted too.\n\n"
    "  --check  print nothing; for each file not in the layout, say where it first\n"
    "           differs; exit 1 when one is not\n"
    "  --write  rewrite the files that are not in the layout\n\n"
    "Exit 0 on success, 1 when a file does not parse (or with --check, is not\n"
    "formatted), 2 when a file cannot be read or written.\n";

/* The formatted text of PATH in *OUT (malloc'd, *LEN bytes), and the file
 * as read in *SRC; returns an exit code. */
static int format_file(const char *arg, src_file **srcp, char **out, size_t *len)
{
    char path[4096];
    diag_sink diags;
    diag_init(&diags, stderr);
    *srcp = NULL;
    *out = NULL;
    if (!load_resolve(arg, path, sizeof path)) {
        diag_plain(&diags, arg, DIAG_ERROR, "no such rule file (and no bundled game of that name)");
        return EXIT_USAGE;
    }
    int io = 0;
    src_file *src = source_load(path, &diags, &io);
    if (!src) return io ? EXIT_USAGE : EXIT_INVALID;
    ast_arena *arena = ast_arena_new();
    ast_node *root = arena ? parse_source(src, &diags, arena) : NULL;
    int code = EXIT_OK;
    if (!root || diags.errors) {
        code = EXIT_INVALID;
    } else {
        FILE *mem = open_memstream(out, len);
        if (!mem || !print_items(mem, root, src)) code = EXIT_USAGE;
        if (mem) fclose(mem);
    }
    ast_arena_free(arena);
    if (code != EXIT_OK) {
        free(*out);
        *out = NULL;
        source_free(src);
        return code;
    }
    *srcp = src;
    return EXIT_OK;
}

/* Writes TEXT to PATH through a temporary file and a rename. */
static int write_file(const char *path, const char *text, size_t len)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.fmt-tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) return 0;
    int ok = fwrite(text, 1, len, f) == len;
    ok &= fclose(f) == 0;
    if (ok && rename(tmp, path) == 0) return 1;
    unlink(tmp);
    return 0;
}

int cli_fmt(int argc, char **argv)
{
    int check = 0, write = 0, nfiles = 0, worst = EXIT_OK;
    const char *files[256];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(fmt_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "--check") == 0) check = 1;
        else if (strcmp(argv[i], "--write") == 0 || strcmp(argv[i], "-w") == 0) write = 1;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("fmt", "unknown option `%s`", argv[i]);
        else if (nfiles == 256) return cli_usage_error("fmt", "too many files (at most 256)");
        else files[nfiles++] = argv[i];
    }
    if (nfiles == 0) return cli_usage_error("fmt", "no rule file given");
    if (check && write) return cli_usage_error("fmt", "--check and --write do not go together");
    for (int f = 0; f < nfiles; f++) {
        src_file *src;
        char *text;
        size_t len;
        int code = format_file(files[f], &src, &text, &len);
        if (code != EXIT_OK) {
            if (code > worst) worst = code;
            continue;
        }
        int same = len == src->len && memcmp(text, src->text, len) == 0;
        if (check && !same) {
            /* the first line that differs */
            size_t at = 0;
            int line = 1;
            while (at < len && at < src->len && text[at] == src->text[at]) line += text[at++] == '\n';
            fprintf(stderr, "%s:%d: not in the canonical layout (`tabula fmt --write %s` rewrites it)\n",
                    src->path, line, src->path);
            if (worst == EXIT_OK) worst = EXIT_INVALID;
        } else if (write && !same) {
            if (!write_file(src->path, text, len)) {
                fprintf(stderr, "%s: error: cannot write the formatted file\n", src->path);
                worst = EXIT_USAGE;
            }
        } else if (!check && !write) {
            fwrite(text, 1, len, stdout);
        }
        free(text);
        source_free(src);
    }
    return worst;
}

static const char *expand_help =
    "usage: tabula expand [--option NAME=VALUE]... FILE\n\n"
    "Prints the game FILE stands for as a rule file of its own: a variant merged with\n"
    "its base (and theirs), its changes applied, every option put in place (at its\n"
    "default, or as set with --option) and the clauses an option switches off left\n"
    "out. The result declares no options; it loads to the same game, in the canonical\n"
    "layout of `tabula fmt`, preceded by a comment naming the command.\n";

/* What print_expansion needs besides the tree. */
typedef struct expansion {
    const char *file;
    const cli_common *common;
    int ok;
} expansion;

static void print_expansion(const ast_node *resolved, const src_file *src, void *ctx)
{
    expansion *e = ctx;
    (void)src;
    printf("; tabula expand %s", e->file);
    for (int i = 0; i < e->common->nsettings; i++)
        printf(" --option %s=%s", e->common->settings[i].name, e->common->settings[i].value);
    printf("\n");
    e->ok = print_form(stdout, resolved);
}

int cli_expand(int argc, char **argv)
{
    cli_common common = { 0 };
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(expand_help, stdout);
            return EXIT_OK;
        }
        int r = cli_common_arg(&common, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0 && common.json) return cli_usage_error("expand", "unknown option `--json`");
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("expand", "unknown option `%s`", argv[i]);
        if (file) return cli_usage_error("expand", "one rule file at a time");
        file = argv[i];
    }
    if (!file) return cli_usage_error("expand", "no rule file given");
    diag_sink diags;
    diag_init(&diags, stderr);
    load_status st;
    expansion e = { file, &common, 0 };
    ruleset *rs = load_ruleset_visit(file, common.settings, common.nsettings, &diags, &st, print_expansion, &e);
    if (!rs) return st == LOAD_IO ? EXIT_USAGE : EXIT_INVALID;
    free(rs);
    return e.ok ? EXIT_OK : EXIT_USAGE;
}
