/* main.c - the `tabula` program: dispatch and version (the table of
 * commands and the help are cli_commands.c, which completion reads too). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "config.h"

static void version(void)
{
    printf("tabula %s\n"
           "Copyright (c) 2026 the tabula authors.\n"
           "License MIT: see the LICENSE file or <https://opensource.org/licenses/MIT>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n",
           PACKAGE_VERSION);
}

static int run(int argc, char **argv)
{
    diag_sink d;
    diag_init(&d, stderr);
    if (argc < 2) {
        diag_plain(&d, "tabula", DIAG_ERROR, "no command given; `tabula --help` lists them");
        return EXIT_USAGE;
    }
    const char *a = argv[1];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
        if (argc > 2) return cli_usage_error("--help", "unexpected argument `%s`", argv[2]);
        cli_print_usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(a, "--version") == 0) {
        if (argc > 2) return cli_usage_error("--version", "unexpected argument `%s`", argv[2]);
        version();
        return EXIT_OK;
    }
    if (strcmp(a, "__complete") == 0) return cli_complete(argc - 1, argv + 1);
    const cli_command *c = cli_find_command(a);
    if (c) return c->run(argc - 1, argv + 1);
    diag_plain(&d, "tabula", DIAG_ERROR, "unknown %s `%s`; see `tabula --help`", a[0] == '-' ? "option" : "command", a);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    int code = cli_output_setup(&argc, argv);
    if (code < 0) code = run(argc, argv);
    return cli_output_finish(code);
}
