/* example.c - a program using libtabula through tabula.h alone.
 *
 * Loads a game (a bundled name or a .game file) with NAME=VALUE options,
 * plays it with random moves to the end, takes the last move back and plays
 * it again, and prints the moves and the result. Build it against an
 * installed library with
 *
 *     cc example.c $(pkg-config --cflags --libs libtabula) -o example
 *     ./example coucou-picard width=9
 *
 * `make installcheck` (and so `make distcheck`) builds and runs it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tabula.h>

int main(int argc, char **argv)
{
    const char *file = argc > 1 ? argv[1] : "coc-inbert";
    tb_option options[16];
    int noptions = 0;
    for (int i = 2; i < argc && noptions < 16; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq) {
            fprintf(stderr, "usage: example [FILE [NAME=VALUE]...]\n");
            return 2;
        }
        *eq = '\0';
        options[noptions].name = argv[i];
        options[noptions++].value = eq + 1;
    }

    int status;
    tb_rules *rules = tb_rules_load(file, options, noptions, stderr, &status);
    if (!rules) return status;
    printf("%s (libtabula %s)\n", tb_rules_title(rules), tb_version());
    for (int i = 0; i < tb_rules_option_count(rules); i++)
        printf("option %s = %s\n", tb_rules_option_name(rules, i), tb_rules_option_value(rules, i));

    tb_game *game = tb_game_new(rules, 2026);
    if (!game) return 2;
    char moves[8][TB_NOTATION_MAX];
    int n = tb_game_legal_moves(game, moves, 8);
    printf("%d legal moves at the start, the first: %s\n", n, n ? moves[0] : "none");

    long played = tb_game_playout(game, 0);
    /* Take the last move back and play it again by its notation. */
    char last[TB_NOTATION_MAX] = "";
    if (played > 0) {
        snprintf(last, sizeof last, "%s", tb_game_move_at(game, (int)played - 1));
        if (tb_game_undo(game) != 0 || tb_game_play(game, last) != 0) {
            fprintf(stderr, "example: undo and replay of %s failed\n", last);
            return 1;
        }
    }
    for (int i = 0; i < tb_game_move_count(game); i++) printf("%s%s", i ? " " : "", tb_game_move_at(game, i));
    int winner, points;
    const char *result = tb_game_result(game);
    printf("\n%ld moves; result: %s", played, result ? result : "ongoing");
    if (tb_game_outcome(game, &winner, &points) && winner) printf(" (player %d, %d point%s)", winner, points,
                                                                  points == 1 ? "" : "s");
    printf("\n");

    tb_game_free(game);
    tb_rules_free(rules);
    return 0;
}
