/* why.h - why a typed move is legal or not, from the compiled rules: which
 * clause generated it, or which stage took it away (the mandatory capture,
 * the max-capture criteria, the streak limit, the dice and the head rule of
 * track games, the royal rule, castling's conditions, a promotion's types,
 * a drop's limits), or, when no rule makes it at all, what the board says (no
 * such cell, no piece of the player there, the point is held, the piece has
 * no rule that goes there). A text is read as the move it means: cells run
 * together (`e2e5`, `e7e8q`), algebraic notation, castling, a drop. Used by
 * play's refusal, `tabula why` and scenarios' `refused-by:`. Nothing here
 * names a game. */
#ifndef TABULA_WHY_H
#define TABULA_WHY_H

#include <stddef.h>

#include "engine/engine.h"

#define WHY_NEAR_MAX 5 /* legal moves shown when the typed text fits none */
#define WHY_TEXT_MAX 512 /* bytes of a typed move kept, as play reads a line */

typedef enum why_verdict {
    WHY_LEGAL,     /* one legal move: BY is "legal", CLAUSE the rule that made it */
    WHY_AMBIGUOUS, /* several legal moves fit: BY is "ambiguous" */
    WHY_REFUSED,   /* no legal move fits: BY says what refused it */
} why_verdict;

typedef struct why_answer {
    int verdict;                    /* why_verdict */
    char text[WHY_TEXT_MAX];        /* the move as typed (trimmed) */
    char meant[TB_MOVE_TEXT_MAX];   /* the legal move, or the candidate a stage removed; "" */
    /* One word for what decided, as scenarios' `refused-by:` names it:
     * legal, ambiguous, capture, max-capture, chain, streak-limit, leave-start,
     * dice-use, courier, limit (a stack or prime limit), dice, enter-first, blocked, occupied, no-piece, no-cell,
     * no-rule, royal (the royal rule), castling, promotion, place (a drop's limit), game-over. */
    char by[16];
    clause_loc clause;              /* the clause that decided (line 0: none) */
    char reason[512];               /* a short sentence, no trailing period */
    int nlegal;                     /* the legal moves of the position */
    int nnear;                      /* legal moves nearest the text (all, when few) */
    char near[WHY_NEAR_MAX][TB_MOVE_TEXT_MAX];
} why_answer;

/* Explains TEXT in the position ST, whose legal moves are LEGAL (N of them,
 * as engine_moves gave them). RS is not changed (see notation_match).
 * Returns 0 only when memory ran out (A then says so, verdict refused). */
int why_explain(ruleset *rs, const state *st, const move *legal, int n, const char *text, why_answer *a);

/* `(GAME rule at line 14)` for the clause of A, or "". */
void why_clause_text(const ruleset *rs, const why_answer *a, char *buf, size_t size);

/* One line, no newline: `` `e5-d4` is not legal: a capture is compulsory
 * (GAME rule at line 14); legal: 12x19`, or for a legal move
 * `12x19 is legal: made by the rule `hop` (GAME rule at line 15)`. */
void why_line(const ruleset *rs, const why_answer *a, char *buf, size_t size);

#endif
