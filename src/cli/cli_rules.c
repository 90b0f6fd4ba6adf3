/* cli_rules.c - `tabula rules GAME`: the rules page of a bundled game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char *const cli_rules_help =
    "usage: tabula rules [--json] GAME\n\n"
    "Prints the rules page of GAME (Markdown): its rules numbered as tabula plays\n"
    "them, the sources followed, and tabula's choices marked DECISION. GAME is a\n"
    "bundled game's name (`tabula --help` lists them) or a game of a TABULA_PATH\n"
    "directory with its page NAME.md beside NAME.game. --json prints the game, the\n"
    "page's file and its text as one document (docs/json.md).\n"
    "Exit 0, or 2 when there is no such game or it has no rules page.\n";

/* Reads the whole file at PATH (malloc'd, NUL-terminated); NULL on failure. */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        char *bigger = cap < (64u << 20) ? realloc(buf, cap * 2 + 1) : NULL;
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

int cli_rules(int argc, char **argv)
{
    const char *game = NULL;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs(cli_rules_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("rules", "unknown option `%s`", argv[i]);
        else if (game) return cli_usage_error("rules", "one game at a time");
        else game = argv[i];
    }
    if (!game) return cli_usage_error("rules", "no game given");
    if (strchr(game, '/'))
        return cli_usage_error("rules", "give a game's name, not a path: `%s` (`tabula --help` lists them)", game);
    char rule_file[4096], page[4096], near[64], named[64];
    int is_game = load_resolve(game, rule_file, sizeof rule_file);
    /* An alias (another name a rule file gives its game) reads the page of the game it names. */
    const char *name = is_game && load_bundled_name(rule_file, named, sizeof named) ? named : game;
    if (!is_game || !load_find_page(name, page, sizeof page)) {
        const char *suggest = load_suggest_bundled(game, near, sizeof near);
        if (!is_game)
            cli_error("rules", "no game named `%s`%s%s%s", game, suggest ? "; did you mean `" : "", suggest ? suggest : "",
                      suggest ? "`?" : "");
        else
            cli_error("rules", "the game `%s` has no rules page (%s.md beside its rule file)", game, game);
        return EXIT_USAGE;
    }
    size_t len;
    char *text = read_all(page, &len);
    if (!text) {
        cli_error("rules", "%s: cannot read the rules page", page);
        return EXIT_USAGE;
    }
    if (json) {
        json_writer w;
        cli_json_begin(&w);
        json_object_open(&w, NULL);
        json_string(&w, "game", game);
        json_string(&w, "page", page);
        json_string(&w, "text", text);
        json_object_close(&w);
        json_end(&w);
    } else {
        fwrite(text, 1, len, stdout);
    }
    free(text);
    return EXIT_OK;
}
