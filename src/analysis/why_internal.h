/* why_internal.h - what the parts of `tabula why` share (why.c reads the
 * text and runs the stages; why_royal.c explains the royal rule and
 * castling; why_place.c drops and promotions). Nothing here names a game. */
#ifndef TABULA_WHY_INTERNAL_H
#define TABULA_WHY_INTERNAL_H

#include <stddef.h>

#include "why.h"

#define WHY_MAX_PLACES 40
#define PLACE_BAR (-2)
#define PLACE_OFF (-3)
#define PLACE_NONE (-1)
#define PROMOTE_NONE (-1) /* typed.promote: no type written after the places */
#define PROMOTE_ANY (-3)  /* ... `+`: promoted, to whatever type the rules give */

/* The places typed, in order; the word that names none, if any. */
typedef struct typed {
    int n;
    int p[WHY_MAX_PLACES];
    char word[WHY_MAX_PLACES][16]; /* each place as typed (lower case) */
    int die;                   /* `/6` after a track move; 0: none */
    int too_many;              /* more places than WHY_MAX_PLACES */
    int promote;               /* the type written after the places (`e7e8q`), or PROMOTE_* */
    char bad[WHY_TEXT_MAX];   /* the first word that names no place */
} typed;

/* printf onto BUF (SIZE bytes) at *LEN, which moves on; never past the end. */
void why_add(char *buf, size_t size, size_t *len, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A refused: BY the word, the reason from FMT. */
void why_refuse(why_answer *a, const char *by, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* `player 1 (white)` into BUF. */
const char *why_player(const ruleset *rs, int player, char *buf, size_t size);
/* A's clause: clause CLAUSE of RS (when it is one). */
void why_set_clause(why_answer *a, const ruleset *rs, int clause);

/* why_royal.c. 1 with A filled when CAND, a move the rules make, is taken
 * away because it leaves the mover's royal piece attacked (pinned, a check
 * not answered, an attacked cell, royal pieces facing). */
int why_royal_removes(const ruleset *rs, const state *st, const move *cand, why_answer *a);
/* Castling towards the higher columns (SIDE 0) or the lower (1) is not
 * legal: which of its conditions fails, into A. */
void why_castle(const ruleset *rs, const state *st, int side, why_answer *a);
/* The side TEXT names as castling (O-O 0, O-O-O 1, zeros too), or -1. */
int why_castle_text(const ruleset *rs, const char *text);
/* The side a typed move of the royal piece (FROM to TO, two columns or
 * more along its row onto a column castling puts it on) means, or -1. */
int why_castle_cells(const ruleset *rs, const state *st, int from, int to);

/* why_place.c. TEXT read as a drop (`P*e5` by the type's letter, `NAME@e5`
 * by its name): 1 with A filled and T holding the cell, 0 when it is none. */
int why_drop(const ruleset *rs, const state *st, const char *text, typed *t, why_answer *a);
/* The K candidates CANDS (the rules' moves from and to the typed cells)
 * have none with the promotion T->promote: why, into A. */
void why_promotion(const ruleset *rs, const state *st, const move *cands, int k, const typed *t, why_answer *a);
/* The K legal moves at INDEX differ only in the type chosen: 1 with A's
 * reason and BY set. */
int why_promotion_choice(const ruleset *rs, const move *legal, const int *index, int k, why_answer *a);

#endif
