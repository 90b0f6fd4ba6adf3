/* cli_input.c - reading what a person types during `tabula play`: with
 * libedit (line editing, history, tab completion of the legal moves and the
 * commands) when standard input is a terminal and the program was built
 * with it, and line by line otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "cli.h"

#ifdef HAVE_LIBEDIT
#include <editline/readline.h>
#endif

static int editing;                 /* libedit reads the lines */
static const char *const *words;    /* what tab completes, set per turn */
static int nwords;

void cli_input_set_words(const char *const *list, int n)
{
    words = list;
    nwords = n;
}

#ifdef HAVE_LIBEDIT
/* readline's generator: the words starting with TEXT, any case, one per
 * call (its second argument is 0 on the first call of a completion). */
static char *next_word(const char *text, int first_call)
{
    static int i;
    static size_t len;
    if (!first_call) {
        i = 0;
        len = strlen(text);
    }
    while (i < nwords) {
        const char *w = words[i++];
        if (strncasecmp(w, text, len) == 0) return strdup(w);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1; /* never file names */
    return rl_completion_matches(text, next_word);
}
#endif

int cli_input_begin(int terminal)
{
#ifdef HAVE_LIBEDIT
    if (terminal) {
        rl_readline_name = "tabula";
        rl_basic_word_break_characters = " \t";
        rl_attempted_completion_function = complete;
        editing = 1;
    }
#else
    (void)terminal;
#endif
    return editing;
}

/* Reads one line of standard input into BUF without its line end (\n or
 * \r\n), a byte at a time: a NUL byte in a line refuses that line only
 * (fgets would stop there and take the rest for the next line), and input
 * that is not lines (CLI_LINE_SKIP_MAX bytes without a line end, like
 * /dev/zero) ends instead of being skipped forever. */
static int read_plain(char *buf, size_t size)
{
    size_t n = 0, seen = 0;
    int c, nul = 0;
    while ((c = getchar()) != EOF && c != '\n') {
        if (++seen > CLI_LINE_SKIP_MAX) return CLI_LINE_ENDLESS;
        if (c == '\0') nul = 1;
        if (n + 1 < size) buf[n] = (char)c;
        n++;
    }
    if (c == EOF && seen == 0) return CLI_LINE_EOF;
    if (n >= size) return CLI_LINE_LONG;
    if (n && buf[n - 1] == '\r') n--;
    buf[n] = '\0';
    return nul ? CLI_LINE_NUL : CLI_LINE_OK; /* a last line without a line end is a line */
}

int cli_input_line(const char *prompt, char *buf, size_t size)
{
#ifdef HAVE_LIBEDIT
    if (editing) {
        char *line = readline(prompt);
        if (!line) return CLI_LINE_EOF;
        size_t len = strlen(line);
        int r = CLI_LINE_OK;
        if (len >= size) {
            r = CLI_LINE_LONG;
        } else {
            memcpy(buf, line, len + 1);
            if (strspn(line, " \t") < len) add_history(line);
        }
        free(line);
        return r;
    }
#endif
    if (prompt) {
        fputs(prompt, stdout);
        output_flush(stdout);
    }
    return read_plain(buf, size);
}
