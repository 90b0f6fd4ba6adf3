/* cli_view.c - the drawing flags shared by the commands that show boards
 * (play, replay --show, moves --show): --color=WHEN, --ascii and --width;
 * the terminal's size. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"

int cli_view_arg(cli_view *v, int argc, char **argv, int *i, const char *command)
{
    const char *a = argv[*i];
    if (strcmp(a, "--ascii") == 0) {
        v->ascii = 1;
        return 1;
    }
    const char *value;
    if (cli_flag_value(argc, argv, i, "--width", &value)) {
        if (!value || !*value) {
            cli_usage_error(command, "--width needs a value");
            return -1;
        }
        long n;
        if (!cli_whole(command, "--width", value, CLI_WIDTH_MIN, CLI_WIDTH_MAX, &n)) return -1;
        v->width = (int)n;
        return 1;
    }
    if (strcmp(a, "--color") == 0 || strcmp(a, "--colour") == 0) {
        /* A bare --color means always, as in GNU ls and grep; the value is
         * only ever taken from the same argument. */
        (void)argc;
        v->when = "always";
        return 1;
    }
    if (strncmp(a, "--color=", 8) == 0 || strncmp(a, "--colour=", 9) == 0) {
        v->when = strchr(a, '=') + 1;
        if (view_color_wanted(v->when, -1) < 0) {
            cli_usage_error(command, "--color takes auto, always or never; got `%s`", v->when);
            return -1;
        }
        return 1;
    }
    return 0;
}

/* A size from the terminal at FD (WHICH 0: columns, 1: rows), else the
 * environment variable NAME (a whole number), else FALLBACK. */
static int terminal_size(int fd, int which, const char *name, int fallback)
{
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0) {
        int n = which ? ws.ws_row : ws.ws_col;
        if (n > 0) return n;
    }
    const char *e = getenv(name);
    if (e && *e) {
        char *end;
        long n = strtol(e, &end, 10);
        if (!*end && n > 0 && n <= 100000) return (int)n;
    }
    return fallback;
}

int cli_terminal_columns(int fd)
{
    return terminal_size(fd, 0, "COLUMNS", 80);
}

int cli_terminal_rows(int fd)
{
    return terminal_size(fd, 1, "LINES", 24);
}

void cli_view_resolve(cli_view *v, int fd)
{
    int c = view_color_wanted(v->when, fd);
    v->opts.color = c > 0;
    v->opts.unicode = !v->ascii && view_locale_utf8();
    v->opts.width = v->width ? v->width : cli_terminal_columns(fd);
}
