/* cli_view.c - the drawing flags shared by the commands that show boards
 * (play, replay --show, moves --show): --color=WHEN and --ascii. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int cli_view_arg(cli_view *v, int argc, char **argv, int *i, const char *command)
{
    const char *a = argv[*i];
    if (strcmp(a, "--ascii") == 0) {
        v->ascii = 1;
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

void cli_view_resolve(cli_view *v, int fd)
{
    int c = view_color_wanted(v->when, fd);
    v->opts.color = c > 0;
    v->opts.unicode = !v->ascii && view_locale_utf8();
}
