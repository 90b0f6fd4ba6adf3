/* cli_common.c - argument handling shared by the subcommands. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "engine/engine.h"
#include "io/atomic.h"
#include "io/number.h"

/* Prints "tabula COMMAND: error: MESSAGE" as a diagnostic. */
static void error_v(const char *command, const char *fmt, va_list ap)
{
    char msg[10000], what[64];
    vsnprintf(msg, sizeof msg, fmt, ap);
    snprintf(what, sizeof what, "tabula %s", command);
    diag_sink d;
    diag_init(&d, stderr);
    diag_plain(&d, what, DIAG_ERROR, "%s", msg);
}

int cli_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_v(command, fmt, ap);
    va_end(ap);
    if (cli_output_format() == CLI_DIAG_TEXT) fprintf(stderr, "(see `tabula %s --help`)\n", command);
    return EXIT_USAGE;
}

void cli_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_v(command, fmt, ap);
    va_end(ap);
}

int cli_out_of_memory(const char *command)
{
    cli_error(command, "out of memory");
    return EXIT_USAGE;
}

int cli_moves_error(const char *command, int error)
{
    cli_error(command, "%s", moves_error_text(error));
    return EXIT_USAGE;
}

int cli_common_arg(cli_common *common, int argc, char **argv, int *i)
{
    if (strcmp(argv[*i], "--json") == 0) {
        common->json = 1;
        return 1;
    }
    return cli_option_arg(common, "--option", argc, argv, i);
}

int cli_option_arg(cli_common *common, const char *flag, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    size_t len = strlen(flag);
    const char *value = NULL;
    if (strcmp(a, flag) == 0) {
        if (*i + 1 >= argc) {
            cli_usage_error(argv[0], "%s needs NAME=VALUE", flag);
            return -1;
        }
        value = argv[++*i];
    } else if (strncmp(a, flag, len) == 0 && a[len] == '=') {
        value = a + len + 1;
    } else {
        return 0;
    }
    char *eq = strchr(value, '=');
    if (!eq || eq == value) {
        cli_usage_error(argv[0], "%s takes NAME=VALUE; got `%s`", flag, value);
        return -1;
    }
    if (common->nsettings == CLI_MAX_SETTINGS) {
        cli_usage_error(argv[0], "too many %s arguments (at most %d)", flag, CLI_MAX_SETTINGS);
        return -1;
    }
    /* argv strings live as long as the program: split in place. */
    *eq = '\0';
    option_setting *s = &common->settings[common->nsettings++];
    s->name = value;
    s->value = eq + 1;
    s->src = NULL;
    return 1;
}

int cli_set_dice(const char *command, const ruleset *rs, state *st, const cli_dice *d)
{
    if (!d || !d->n) return 1;
    if (!rs->dice_count) {
        cli_error(command, "--dice: \"%s\" is played without dice", rs->title);
        return 0;
    }
    if (rs->dice_sum && d->n != 1) {
        cli_error(command, "--dice: \"%s\" throws its %d dice as one value (their sum); got %d values", rs->title,
                rs->dice_count, d->n);
        return 0;
    }
    if (d->n != rs->dice_values) {
        cli_error(command, "--dice: \"%s\" rolls %d dice; got %d value%s", rs->title,
                rs->dice_count, d->n, d->n == 1 ? "" : "s");
        return 0;
    }
    for (int i = 0; i < d->n; i++)
        if (d->v[i] < rs->dice_lo || d->v[i] > rs->dice_hi) {
            cli_error(command, "--dice: %s of \"%s\" shows %d to %d; got %d", rs->dice_sum ? "a throw" : "a die",
                    rs->title, rs->dice_lo, rs->dice_hi, d->v[i]);
            return 0;
        }
    if (st->h.status != STATUS_ONGOING) {
        cli_error(command, "--dice: the game is over");
        return 0;
    }
    engine_set_roll(rs, st, d->v, d->n);
    return 1;
}

ruleset *cli_load(const char *arg, const cli_common *common, diag_sink *diags, int *code)
{
    load_status st;
    ruleset *rs = load_ruleset(arg, common->settings, common->nsettings, diags, &st);
    *code = st == LOAD_IO ? EXIT_USAGE : EXIT_INVALID;
    return rs;
}

int cli_inputs_of_rules(const ruleset *rs, const char *arg, cli_input *inputs, int n, int max)
{
    struct stat main_file, as_given;
    int have_main = 0;
    /* ARG names the file itself (a path), or a bundled game's name, which
     * names no file here: then the file it was found at stands for it. */
    int arg_is_file = strcmp(arg, "-") == 0 || stat(arg, &as_given) == 0;
    if (n < max) {
        char path[4096];
        if (arg_is_file) inputs[n++] = (cli_input){ "the rule file", arg };
        have_main = strcmp(arg, "-") != 0 && load_resolve(arg, path, sizeof path) && stat(path, &main_file) == 0;
    }
    /* The bases a variant extends: the other files its clauses come from. */
    for (int i = 0; i < rs->nfiles && n < max; i++) {
        struct stat st;
        if (strcmp(rs->files[i], SOURCE_STDIN_NAME) == 0 || stat(rs->files[i], &st) != 0) continue;
        int main = have_main && st.st_dev == main_file.st_dev && st.st_ino == main_file.st_ino;
        if (main && arg_is_file) continue;
        inputs[n++] = (cli_input){ main ? "the rule file" : "the base rule file", rs->files[i] };
    }
    return n;
}

int cli_output_not_input(const char *command, const char *flag, const char *output, const cli_input *inputs, int n)
{
    struct stat out;
    /* stat follows links, as the writers do: a link to an input is that input. */
    if (strcmp(output, "-") == 0 || stat(output, &out) != 0) return 1; /* standard output, or a new file */
    for (int i = 0; i < n; i++) {
        struct stat in;
        int from_stdin = strcmp(inputs[i].path, "-") == 0; /* `tabula render - -o x.game < x.game` */
        if ((from_stdin ? fstat(STDIN_FILENO, &in) : stat(inputs[i].path, &in)) != 0) continue;
        if (in.st_dev != out.st_dev || in.st_ino != out.st_ino) continue;
        if (from_stdin)
            cli_error(command, "%s %s is %s, read from standard input; refusing to overwrite an input", flag, output,
                      inputs[i].role);
        else
            cli_error(command, "%s %s is %s %s; refusing to overwrite an input", flag, output, inputs[i].role,
                      inputs[i].path);
        return 0;
    }
    return 1;
}

int cli_write_output(const char *command, const char *path, const char *data, size_t len)
{
    if (strcmp(path, "-") == 0) {
        fwrite(data, 1, len, stdout); /* a failed write is reported at exit, as every command's */
        return 1;
    }
    char err[4400];
    if (atomic_write(path, data, len, err, sizeof err)) return 1;
    cli_error(command, "%s", err);
    return 0;
}
