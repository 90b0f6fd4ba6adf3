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
#include <pthread.h>
#include <string.h>

#include "compiler.h"
#include "lang/catalogue.h"

/* The forms whose meaning is for two players, where they appear, and why. */
static const struct {
    const char *head, *parent;
    const char *why;
} two_sided[] = {
    { "royal", "play", "check and checkmate are between the royal piece and one opponent" },
    { "castle", "play", "castling belongs with a royal piece, which is for two players" },
    { "stalemate", "end", "stalemate belongs with a royal piece, which is for two players" },
    { "custodial", "play", "a custodial capture encloses one opponent's piece between the mover's" },
    { "sow", "moves", "sowing runs along two rows, the mover's and the opponent's" },
    { "pits-empty", "end", "it compares the two rows of a sowing board" },
    { "cannot-feed", "end", "feeding is giving seeds to the one opponent" },
    { "stored", "end", "a store is one of a sowing board's two" },
    { "swap", "play", "the pie rule swaps the first move between two players" },
    { "streak-limit", "play", "the streak is kept for two players" },
    { "material-draw", "end", "a balance of material compares two sides" },
    { "material-win", "end", "a balance of material compares two sides" },
    { "remove-on-line", "play", "the piece removed is the opponent's" },
    { "enclosure", "play", "an enclosure is of the opponent's pieces" },
    { "exchange", "play", "an exchange is with the opponent" },
};
#define NTWO ((int)(sizeof two_sided / sizeof two_sided[0]))

/* The catalogue's spec of each row (found once: the forms are told apart by
 * the spec their head stands for in its parent, not by their text). */
static const ludeme_spec *two_sided_spec[NTWO];
static pthread_once_t found = PTHREAD_ONCE_INIT;

static void find_specs(void)
{
    for (int i = 0; i < NTWO; i++) two_sided_spec[i] = catalogue_find(two_sided[i].head, two_sided[i].parent);
}

/* The first form under N (a form whose head is PARENT) that a two-player
 * rule brings, with the reason; NULL when none. */
static const ast_node *first_two_sided(const ast_node *n, const char *parent, const char **why)
{
    if (!n) return NULL;
    if (n->kind == AST_FORM && n->text && parent) {
        const ludeme_spec *spec = catalogue_find(n->text, parent);
        for (int i = 0; spec && i < NTWO; i++)
            if (spec == two_sided_spec[i]) {
                *why = two_sided[i].why;
                return n;
            }
    }
    const char *inner = n->kind == AST_FORM ? n->text : parent; /* a list's items belong to the list's form */
    for (int i = 0; i < n->nkids; i++) {
        const ast_node *found_here = first_two_sided(n->kids[i], inner, why);
        if (found_here) return found_here;
    }
    return NULL;
}

/* The first flag NAME (WORD -1), or named argument NAME whose value is the
 * word of index WORD in its catalogue list, under N: where a rule that names
 * one opponent was written. */
static const ast_node *first_written(const ast_node *n, const char *name, int word)
{
    if (!n) return NULL;
    if (n->kind == AST_FORM) {
        const ast_node *arg = word >= 0 ? ast_named(n, name) : compile_flag_at(n, name);
        if (arg && (word < 0 || compile_word(n, name) == word)) return arg;
    }
    for (int i = 0; i < n->nkids; i++) {
        const ast_node *found_here = first_written(n->kids[i], name, word);
        if (found_here) return found_here;
    }
    return NULL;
}

/* ... or the play section when not found. */
static const ast_node *written_at(const ast_node *game, const char *name, int word)
{
    const ast_node *at = first_written(game, name, word);
    return at ? at : compile_form(game, "play");
}

void compile_check_sides(compiler *c, const ast_node *game)
{
    const ruleset *rs = c->rs;
    if (compile_sides(rs) <= 2) return;
    pthread_once(&found, find_specs);
    const char *why = NULL;
    const ast_node *two = first_two_sided(game, NULL, &why);
    if (two)
        compile_error(c, two, "`%s` is a rule for two players (%s); this game has %d", two->text, why, rs->nplayers);
    for (int i = 0; i < rs->nrules; i++) {
        const move_rule *r = &rs->rules[i];
        if (r->passable) {
            compile_error(c, written_at(game, "passable", -1), "`passable`: a piece taken en passant is the last mover's, "
                          "taken by the next player only: a rule for two players; this game has %d", rs->nplayers);
            return;
        }
        if (r->kind == RULE_REMOVE && r->remove_enemy) {
            compile_error(c, written_at(game, "of", W_OF_ENEMY), "`remove-piece` of an opponent's piece names one opponent: "
                          "a rule for two players; this game has %d", rs->nplayers);
            return;
        }
    }
}
