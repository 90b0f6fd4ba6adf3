/* pdn.h - games in PDN 3.0, read and
 * written beside tabula's YAML records, on numbered boards (fen.h):
 *
 *   [Event "Club match"]
 *   [FEN "W:W31-50:B1-20"]             (optional: the start position)
 *   1. 32-28 19-23 2. 28x19 14x23 {a comment} 3. 37-32 2-0
 *
 * Tags are kept as written. Moves are squares by number: steps `32-28`,
 * captures by their two ends `28x19` or their whole path `28x19x10`;
 * move numbers (`1.`, `1...`), comments (`{...}`, `;` to the line's end),
 * variations `( ... )`, `$N` and `!?` marks are skipped. The result is
 * `2-0` (white wins), `0-2`, `1-1` (a draw) or `*` (unfinished); the
 * `1-0`, `0-1`, `1/2-1/2` of other notations are read too. One game per file. */
#ifndef TABULA_PDN_H
#define TABULA_PDN_H

#include <stdio.h>

#include "lang/diag.h"
#include "lang/source.h"
#include "engine/engine.h"

#define PDN_MAX_TAGS 64
#define PDN_TAG_NAME 32
#define PDN_TAG_VALUE 256
#define PDN_MOVE_TEXT 160 /* TB_NOTATION_MAX */

typedef struct pdn_tag {
    char name[PDN_TAG_NAME];
    char value[PDN_TAG_VALUE];
    span at;                      /* the value, for messages */
} pdn_tag;

typedef struct pdn_move {
    char text[PDN_MOVE_TEXT];     /* as written, marks (`!?`) left out */
    span at;
} pdn_move;

typedef struct pdn_game {
    src_file *src;                /* the text read (owned) */
    int ntags;
    pdn_tag tags[PDN_MAX_TAGS];
    int nmoves, cap;
    pdn_move *moves;              /* owned */
    char result[8];               /* "2-0", "0-2", "1-1", "*", or "" when none is written */
    span result_at;
} pdn_game;

void pdn_init(pdn_game *g);
void pdn_free(pdn_game *g);

/* Reads the PDN game at PATH ("-": standard input) into G, its shape only
 * (tags, moves, result), with located errors. Returns 0 after reporting;
 * *IO_ERROR is set when the file could not be read. G must be freed either way. */
int pdn_read(const char *path, pdn_game *g, diag_sink *diags, int *io_error);
/* The same for a text in memory (tests, fuzzing); takes SRC. */
int pdn_parse(src_file *src, pdn_game *g, diag_sink *diags);

/* The value of tag NAME (any case), or NULL. */
const char *pdn_tag_value(const pdn_game *g, const char *name);

/* Called after each move of pdn_play: I its index, M the move (the legal
 * list it was chosen from: LEGAL, N), ST the position after it. */
typedef void (*pdn_visit_fn)(void *ctx, int i, const state *st, const move *m, const move *legal, int n);

/* Plays G on RS from its FEN tag (or the start position) into ST, each move
 * matched against the legal moves (a capture by its two ends or by any of
 * its paths), with located errors: a move that is not legal (with the legal
 * moves), one that fits several (two captures sharing their ends: listed),
 * a move after the end of the game, a result the board contradicts (a
 * finished game's), a bad FEN. A decisive result or a draw on a board where
 * the game goes on is a resignation or an agreement, and is accepted.
 * Returns the number of moves played, or -1. */
int pdn_play(ruleset *rs, const pdn_game *g, state *st, move_list *legal, diag_sink *diags, pdn_visit_fn visit,
             void *ctx);

/* The player who won by PDN result RESULT on RS (1 or 2), 0 for a draw, -1
 * unfinished or unknown. White is the player whose name starts with W, else
 * player 1. */
int pdn_result_winner(const ruleset *rs, const char *result);
/* The PDN result of WINNER (1, 2, 0: a draw, -1: unfinished). */
const char *pdn_result_text(const ruleset *rs, int winner);

/* What pdn_write writes. */
typedef struct pdn_out {
    const pdn_tag *tags;          /* written first, in order; Result and FEN there take the values below
                                   * (FEN left out when the game starts from the start position), and are
                                   * added after them when missing */
    int ntags;
    const char *fen;              /* the start position, or NULL for the game's start */
    int first_player;             /* who moves first (1 or 2) */
    const char *const *moves;     /* the moves as PDN writes them (two ends where unambiguous) */
    int nmoves;
    const char *result;           /* "2-0", "0-2", "1-1", "*" */
} pdn_out;

/* Writes O to OUT: tags, a blank line, the moves numbered by pairs in lines
 * of at most 80 columns, the result. Returns 0 on a write error. */
int pdn_write(FILE *out, const pdn_out *o);

#endif
