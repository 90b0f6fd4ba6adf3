/* cli_complete.c - `tabula __complete WORD...`: what the shell completion
 * scripts (completion/bash/tabula, completion/zsh/_tabula) ask for.
 *
 * The words are those of the command line after `tabula`, up to and
 * including the word being completed (possibly empty). The answer is one
 * candidate per line, then `:files` when file names fit there too. It comes
 * from the table of commands and their help texts (cli_help_flags), the
 * bundled games, the agents and the options of the rule file named on the
 * line, so a command or flag added to the program is completed without
 * touching the scripts. Not listed in --help: it is for the scripts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "agent/agent.h"

/* 1 when PREFIX starts WORD. */
static int starts(const char *word, const char *prefix)
{
    return strncmp(word, prefix, strlen(prefix)) == 0;
}

/* 1 for a character of a flag's name. */
static int name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

/* The length of a value placeholder at P: "N", "POS.yaml", "NAME=VALUE",
 * "AGENT", "OUT.svg" (capitals first, or a capital alone); 0 when P is not one. */
static int placeholder(const char *p)
{
    int caps = 0;
    while (p[caps] >= 'A' && p[caps] <= 'Z') caps++;
    if (caps == 0) return 0;
    int n = caps;
    while (name_char(p[n]) || p[n] == '.' || p[n] == '=' || p[n] == '_' || p[n] == '/' || p[n] == ':') n++;
    /* "S" or "N" alone, or a word of capitals at least two long */
    if (caps == 1 && n > 1 && p[1] >= 'a' && p[1] <= 'z') return 0; /* a word like "Plays" */
    return n;
}

/* 1 when the line at P is part of a synopsis or an option list: it starts
 * (after blanks) with "usage:", "tabula ", "[" (a usage line continued) or
 * "-" (an option described). Flags named in prose are not the command's
 * own ("written by `tabula play --record`"). */
static int flag_line(const char *p)
{
    while (*p == ' ') p++;
    return starts(p, "usage:") || starts(p, "tabula ") || *p == '[' || *p == '-';
}

int cli_help_flags(const char *help, cli_flag *out, int max)
{
    int n = 0, on_flag_line = flag_line(help);
    for (const char *p = help; *p; p++) {
        if (*p == '\n') on_flag_line = flag_line(p + 1);
        if (!on_flag_line || p[0] != '-' || !(p == help || strchr(" [|(\n", p[-1]))) continue;
        const char *name = p;
        size_t len;
        if (p[1] == '-' && ((p[2] >= 'a' && p[2] <= 'z') || (p[2] >= '0' && p[2] <= '9'))) {
            len = 2;
            while (name_char(p[len])) len++;
        } else if (((p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z')) && !name_char(p[2]) &&
                   p[2] != '.') {
            len = 2;
        } else {
            continue;
        }
        if (len >= sizeof out[0].name) continue;
        char value[sizeof out[0].value] = "";
        const char *after = p + len;
        int vlen = 0;
        if (*after == '=' || (*after == ' ' && after[1] != ' ')) vlen = placeholder(after + 1);
        if (vlen > 0 && vlen < (int)sizeof value) snprintf(value, sizeof value, "%.*s", vlen, after + 1);
        int found = -1;
        for (int i = 0; i < n && found < 0; i++)
            if (strlen(out[i].name) == len && strncmp(out[i].name, name, len) == 0) found = i;
        if (found < 0 && n < max) {
            found = n++;
            snprintf(out[found].name, sizeof out[found].name, "%.*s", (int)len, name);
            out[found].value[0] = '\0';
        }
        if (found >= 0 && value[0] && !out[found].value[0]) snprintf(out[found].value, sizeof out[found].value, "%s", value);
        p += len - 1;
    }
    return n;
}

static void offer(const char *candidate, const char *current)
{
    if (starts(candidate, current)) printf("%s\n", candidate);
}

static const cli_flag *find_flag(const cli_flag *flags, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(flags[i].name, name) == 0) return &flags[i];
    return NULL;
}

/* The flags of the command whose help is HELP, and the flags every command takes. */
static int command_flags(const char *help, cli_flag *flags, int max)
{
    int n = cli_help_flags(help, flags, max);
    if (n < max && !find_flag(flags, n, "--help")) {
        snprintf(flags[n].name, sizeof flags[n].name, "--help");
        flags[n++].value[0] = '\0';
    }
    if (n < max) {
        snprintf(flags[n].name, sizeof flags[n].name, "--diagnostics-format");
        snprintf(flags[n].value, sizeof flags[n].value, "FMT");
        n++;
    }
    return n;
}

/* The options of the rule file named among WORDS (the first argument that
 * is not a flag or a flag's value and resolves to a rule file), offered as
 * NAME= or, once the name is typed, NAME=VALUE for each allowed value. */
static void offer_options(char **words, int n, const cli_flag *flags, int nflags, const char *current)
{
    for (int i = 1; i < n - 1; i++) {
        const cli_flag *f = words[i][0] == '-' ? find_flag(flags, nflags, words[i]) : NULL;
        if (f && f->value[0] && !strchr(words[i], '=')) {
            i++;
            continue;
        }
        char path[4096];
        if (words[i][0] == '-' || !load_resolve(words[i], path, sizeof path)) continue;
        diag_sink quiet;
        diag_init(&quiet, NULL);
        load_status st;
        ruleset *rs = load_ruleset(words[i], NULL, 0, &quiet, &st);
        if (!rs) continue;
        for (int o = 0; o < rs->noptions; o++) {
            const option_value *ov = &rs->options[o];
            char cand[128];
            snprintf(cand, sizeof cand, "%s=", ov->name);
            if (!strchr(current, '=')) {
                offer(cand, current);
                continue;
            }
            /* the enumerated values ("1, 3, 5", "off, on"); a range has none to list */
            for (const char *p = ov->allowed; *p && !strstr(ov->allowed, "..");) {
                size_t len = strcspn(p, ",");
                snprintf(cand, sizeof cand, "%s=%.*s", ov->name, (int)len, p);
                offer(cand, current);
                p += len;
                while (*p == ',' || *p == ' ') p++;
            }
        }
        free(rs);
        return;
    }
}

/* What the arguments (not the flags' values) of the usage lines of HELP
 * are: a rule file or game (FILE, GAME, or A and B) is a game's name or a
 * file; other placeholders with a file's look (SCENARIO.yaml, RECORD.yaml,
 * RESULT.json) are files; numbers (DEPTH) are neither. */
static void usage_arguments(const char *help, int *games, int *files)
{
    for (const char *line = help; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        const char *p = line;
        while (*p == ' ') p++;
        if (starts(p, "usage: ")) p += 7;
        if (!starts(p, "tabula ")) continue;
        int after_flag = 0;
        for (p += 7; *p && *p != '\n';) {
            for (; *p == ' ' || *p == '[' || *p == ']' || *p == '|' || *p == '.'; p++)
                if (*p == ']') after_flag = 0; /* "[--json] GAME": GAME is not --json's */
            size_t len = 0;
            while (p[len] && !strchr(" []|\n", p[len])) len++;
            if (len == 0) break;
            char word[64];
            snprintf(word, sizeof word, "%.*s", (int)(len < 63 ? len : 63), p);
            int is_flag = word[0] == '-';
            int vlen = placeholder(word);
            if (!is_flag && vlen > 0 && !after_flag) {
                if (starts(word, "FILE") || starts(word, "GAME") || strcmp(word, "A") == 0 || strcmp(word, "B") == 0)
                    *games = *files = 1;
                else if (strchr(word, '.') || strstr(word, "FILE") || strstr(word, "RECORD") || strstr(word, "SCENARIO"))
                    *files = 1;
            }
            after_flag = is_flag && !strchr(word, '=');
            p += len;
        }
    }
    /* `rules GAME` takes names only */
    if (*games && !strstr(help, " FILE") && strstr(help, " GAME")) *files = 0;
}

/* What goes where a flag's value of this placeholder goes. */
static void offer_value(const char *value, char **words, int n, const cli_flag *flags, int nflags,
                        const char *current)
{
    if (strcmp(value, "NAME=VALUE") == 0) {
        offer_options(words, n, flags, nflags, current);
    } else if (strcmp(value, "AGENT") == 0) {
        for (int i = 0; agent_kind_name(i); i++) offer(agent_kind_name(i), current);
    } else if (strcmp(value, "FMT") == 0) {
        offer("text", current);
        offer("json", current);
        offer("sarif", current);
    } else if (strchr(value, '.') || strstr(value, "FILE") || strstr(value, "OUT") || strstr(value, "RECORD") ||
               strstr(value, "DIR")) {
        printf(":files\n");
    }
}

int cli_complete(int argc, char **argv)
{
    /* argv[0] is "__complete"; the words follow, the last one being completed */
    char **words = argv + 1;
    int n = argc - 1;
    const char *current = n > 0 ? words[n - 1] : "";
    if (n <= 1) {
        for (int i = 0; i < cli_ncommands; i++) offer(cli_commands[i].name, current);
        offer("--help", current);
        offer("--version", current);
        return EXIT_OK;
    }
    const cli_command *c = cli_find_command(words[0]);
    if (!c) return EXIT_OK;
    if (strcmp(c->name, "help") == 0) {
        if (n == 2)
            for (int i = 0; i < cli_ncommands; i++) offer(cli_commands[i].name, current);
        return EXIT_OK;
    }
    cli_flag flags[64];
    int nflags = command_flags(*c->help, flags, 64);
    const char *prev = words[n - 2];
    const cli_flag *pf = prev[0] == '-' ? find_flag(flags, nflags, prev) : NULL;
    if (pf && pf->value[0]) {
        offer_value(pf->value, words, n, flags, nflags, current);
        return EXIT_OK;
    }
    if (current[0] == '-') {
        const char *eq = strchr(current, '=');
        if (eq) { /* --flag=VALUE: complete the value after the = */
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(eq - current), current);
            const cli_flag *f = find_flag(flags, nflags, name);
            if (f && f->value[0] && strcmp(f->value, "FMT") == 0)
                for (const char *v = "text\0json\0sarif\0"; *v; v += strlen(v) + 1) {
                    char cand[96];
                    snprintf(cand, sizeof cand, "%s=%s", name, v);
                    offer(cand, current);
                }
            return EXIT_OK;
        }
        for (int i = 0; i < nflags; i++) offer(flags[i].name, current);
        return EXIT_OK;
    }
    /* An argument: what the usage lines take there. */
    int games = 0, files = 0;
    usage_arguments(*c->help, &games, &files);
    if (games) {
        char names[LOAD_MAX_NAMES][64];
        int k = load_bundled_names(names, LOAD_MAX_NAMES);
        for (int i = 0; i < k; i++) offer(names[i], current);
    }
    if (files) printf(":files\n");
    return EXIT_OK;
}
