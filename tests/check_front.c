/* check_front.c - running the front end on strings for the unit tests. */
#include "check_front.h"
#include "compile/load.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/check.h" /* the shape checker, src/check.h; <check.h> is the Check library */
#include "lang/parse.h"

const char *const front_race_game =
    "(game \"Race\"\n"
    "  (option rows 5 [5 7] \"rows of the board\")\n"
    "  (players\n"
    "    (player 1 \"white\" forward:n)\n"
    "    (player 2 \"black\" forward:s))\n"
    "  (board (square 5 (opt rows)))\n"
    "  (pieces runner)\n"
    "  (regions\n"
    "    (region home (rows 1)))\n"
    "  (start\n"
    "    (place 1 runner home)\n"
    "    (place 2 runner home))\n"
    "  (play\n"
    "    (moves runner\n"
    "      (step [forward diagonal-forward])\n"
    "      (hop [forward diagonal-forward] over:runner))\n"
    "    (capture optional))\n"
    "  (end\n"
    "    (reach far-row)\n"
    "    (blocked loses)))\n";

const char *front_race_with(const char *from, const char *to)
{
    static char buf[4096];
    const char *at = strstr(front_race_game, from);
    ck_assert_msg(at != NULL, "`%s` is not in the race game", from);
    snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - front_race_game), front_race_game, to, at + strlen(from));
    return buf;
}

front_run *front_run_text(const char *text, long len, int stage, const option_setting *settings,
                          int nsettings)
{
    front_run *r = calloc(1, sizeof *r);
    ck_assert_ptr_nonnull(r);
    size_t n = len < 0 ? strlen(text) : (size_t)len;
    r->src = source_from_string("t.game", text, n);
    r->arena = ast_arena_new();
    size_t size = 0;
    FILE *out = open_memstream(&r->out, &size);
    ck_assert_ptr_nonnull(out);
    diag_sink sink;
    diag_init(&sink, out);
    r->root = parse_source(r->src, &sink, r->arena);
    ck_assert_ptr_nonnull(r->root);
    if (stage >= FRONT_CHECK && sink.errors == 0) r->game = check_tree(r->root, r->src, &sink);
    if (stage >= FRONT_COMPILE && r->game && sink.errors == 0)
        r->rs = compile_game(r->game, r->src, settings, nsettings, &sink);
    r->errors = sink.errors;
    r->warnings = sink.warnings;
    fclose(out);
    return r;
}

void front_free(front_run *r)
{
    if (!r) return;
    free(r->rs);
    free(r->out);
    ast_arena_free(r->arena);
    source_free(r->src);
    free(r);
}

ruleset *front_load_game(const char *name, const char *option)
{
    diag_sink diags;
    diag_init(&diags, stderr);
    load_status st;
    option_setting set = { 0 };
    char oname[64] = "", value[64] = "";
    if (option) {
        sscanf(option, "%63[^=]=%63s", oname, value);
        set.name = oname;
        set.value = value;
    }
    ruleset *rs = load_ruleset(name, &set, option ? 1 : 0, &diags, &st);
    ck_assert_msg(rs != NULL, "game %s did not load", name);
    return rs;
}
