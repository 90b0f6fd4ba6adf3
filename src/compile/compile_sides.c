/* compile_sides.c - the rules a game of more than two players on a board
 * of cells may use.
 *
 * Moving, placing, capturing by landing or jumping, lines, connections and
 * the counts at the end are written for any number of players: an enemy is
 * any other player. Some rules name "the opponent" in their meaning (the
 * royal piece in check, a sowing's two rows, a custodial pair, the pie
 * rule's swap) or keep a count for two sides only: with three players or
 * more each is refused at the form that brings it, with the reason. (A
 * `loses` puts the player out and the others play on: engine_decide.) */
#include <string.h>

#include "compile_internal.h"

/* The forms whose meaning is for two players, and why. */
static const struct {
    const char *head;
    const char *why;
} two_sided[] = {
    { "royal", "check and checkmate are between the royal piece and one opponent" },
    { "castle", "castling belongs with a royal piece, which is for two players" },
    { "stalemate", "stalemate belongs with a royal piece, which is for two players" },
    { "custodial", "a custodial capture encloses one opponent's piece between the mover's" },
    { "sow", "sowing runs along two rows, the mover's and the opponent's" },
    { "pits-empty", "it compares the two rows of a sowing board" },
    { "cannot-feed", "feeding is giving seeds to the one opponent" },
    { "stored", "a store is one of a sowing board's two" },
    { "swap", "the pie rule swaps the first move between two players" },
    { "streak-limit", "the streak is kept for two players" },
    { "material-draw", "a balance of material compares two sides" },
    { "material-win", "a balance of material compares two sides" },
    { "remove-on-line", "the piece removed is the opponent's" },
    { "enclosure", "an enclosure is of the opponent's pieces" },
    { "exchange", "an exchange is with the opponent" },
};

/* The parameters whose meaning is for two players (NAME:VALUE). */
static const struct {
    const char *name;
    const char *why;
} two_sided_params[] = {
    { "perpetual-check", "perpetual check is between the royal piece and one opponent" },
};

/* The first form or NAME:VALUE parameter under N that a two-player rule
 * brings, and the reason; NULL when none. */
static const ast_node *first_two_sided(const ast_node *n, const char **why)
{
    if (!n) return NULL;
    if (n->kind == AST_FORM && n->text)
        for (size_t i = 0; i < sizeof two_sided / sizeof two_sided[0]; i++)
            if (strcmp(n->text, two_sided[i].head) == 0) {
                *why = two_sided[i].why;
                return n;
            }
    if (n->kind == AST_NAMED && n->text)
        for (size_t i = 0; i < sizeof two_sided_params / sizeof two_sided_params[0]; i++)
            if (strcmp(n->text, two_sided_params[i].name) == 0) {
                *why = two_sided_params[i].why;
                return n;
            }
    for (int i = 0; i < n->nkids; i++) {
        const ast_node *found = first_two_sided(n->kids[i], why);
        if (found) return found;
    }
    return NULL;
}

void compile_check_sides(compiler *c, const ast_node *game)
{
    const ruleset *rs = c->rs;
    if (compile_sides(rs) <= 2) return;
    const char *why = NULL;
    const ast_node *two = first_two_sided(game, &why);
    if (two)
        compile_error(c, two, "`%s` is a rule for two players (%s); this game has %d", two->text, why, rs->nplayers);
    for (int i = 0; i < rs->nrules; i++) {
        const move_rule *r = &rs->rules[i];
        if (r->passable) {
            compile_error(c, compile_form(game, "play"), "`passable`: a piece taken en passant is the last mover's, "
                          "taken by the next player only: a rule for two players; this game has %d", rs->nplayers);
            return;
        }
        if (r->kind == RULE_REMOVE && r->remove_enemy) {
            compile_error(c, compile_form(game, "play"), "`remove-piece` of an opponent's piece names one opponent: "
                          "a rule for two players; this game has %d", rs->nplayers);
            return;
        }
    }
}
