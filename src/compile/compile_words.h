/* compile_words.h - the fixed words of the language the compiler acts on, as
 * indices into the catalogue's word lists (src/lang/catalogue.c).
 *
 * compile_word() answers with the index of the word an argument gives (or of
 * its default, from the catalogue's one table of defaults); the compiler
 * switches on these enums instead of comparing strings. Each enum lists the
 * words in the catalogue's order, and tests/check_words.c asserts that it
 * does, so the two cannot drift. */
#ifndef TABULA_COMPILE_WORDS_H
#define TABULA_COMPILE_WORDS_H

#include "lang/ast.h"
#include "lang/catalogue.h"

/* The index, in the catalogue's word list of the parameter PARAM of F's
 * ludeme, of the word F gives it; when F leaves it out, the index of the
 * parameter's default word; -1 when it is absent with no default, or when
 * its value is not one word of the list (a list, an integer). */
int compile_word(const ast_node *f, const char *param);
/* The index of the word node W in that same list, or -1 (a name that is not
 * one of the words, as a piece type among `reset:`'s). */
int compile_word_of(const ast_node *f, const char *param, const ast_node *w);

/* The switch a named argument K is, `if:` or `unless:` (an index into
 * CATALOGUE_CLAUSE_SWITCHES), or -1 when K is none. */
int compile_clause_switch(const ast_node *k);
/* The boolean word WORD, `on` or `off` (an index into
 * CATALOGUE_SWITCH_WORDS), or -1. */
int compile_switch_value(const char *word);

/* The catalogue's default of the integer parameter PARAM of F's ludeme
 * (its value when left out), or 0 when it has none. */
long compile_default_int(const ast_node *f, const char *param);

/* (player N forward:WORD) */
enum forward_word { W_FORWARD_N, W_FORWARD_S, W_FORWARD_E, W_FORWARD_W, W_FORWARD_COUNT };
/* (player N direction:WORD), on a track */
enum track_direction_word { W_TRACK_UP, W_TRACK_DOWN, W_TRACK_DIRECTION_COUNT };
/* (square W H diagonals:WORD) */
enum diagonals_word { W_DIAGONALS_ALL, W_DIAGONALS_ALTERNATE, W_DIAGONALS_COUNT };
/* (playable WORD) */
enum playable_word { W_PLAYABLE_ALL, W_PLAYABLE_DARK, W_PLAYABLE_LIGHT, W_PLAYABLE_COUNT };
/* CATALOGUE_CLAUSE_SWITCHES */
enum clause_switch_word { W_CLAUSE_IF, W_CLAUSE_UNLESS, W_CLAUSE_SWITCH_COUNT };
/* CATALOGUE_SWITCH_WORDS: a boolean option's values, and the switches of
 * (doubling-cube ...): beavers:, jacoby:, crawford: */
enum switch_word { W_SWITCH_ON, W_SWITCH_OFF, W_SWITCH_COUNT };
/* (captures WORD), in (words ...) */
enum captures_word { W_CAPTURES_ENDS, W_CAPTURES_PATH, W_CAPTURES_COUNT };
/* (numbered from:WORD) */
enum corner_word { W_CORNER_TOP_LEFT, W_CORNER_TOP_RIGHT, W_CORNER_BOTTOM_LEFT, W_CORNER_BOTTOM_RIGHT, W_CORNER_COUNT };
/* (point-numbers WORD), in (words ...) */
enum numbering_word { W_NUMBERING_BOARD, W_NUMBERING_MOVER, W_NUMBERING_COUNT };
/* to: of step, slide and leap */
enum to_word { W_TO_EMPTY, W_TO_EMPTY_OR_ENEMY, W_TO_ENEMY, W_TO_COUNT };
/* capture: of a step */
enum line_capture_word { W_LINE_APPROACH, W_LINE_WITHDRAWAL, W_LINE_CAPTURE_COUNT };
/* of: of (remove-piece ...) */
enum remove_of_word { W_OF_OWN, W_OF_ENEMY, W_OF_COUNT };
/* hand: of any move rule */
enum hand_word { W_HAND_EMPTY, W_HAND_NOT_EMPTY, W_HAND_COUNT };
/* capture: of (sow ...) */
enum sow_capture_word { W_SOW_NONE, W_SOW_OPPOSITE, W_SOW_COUNTS, W_SOW_CAPTURE_COUNT };
/* grand-slam: of (sow ...) */
enum grand_slam_word { W_SLAM_ALLOWED, W_SLAM_NO_CAPTURE, W_SLAM_FORBIDDEN, W_SLAM_COUNT };
/* mid-chain: of (promote ...) */
enum mid_chain_word { W_MID_ENDS, W_MID_CROWNS, W_MID_PASSES, W_MID_COUNT };
/* (capture WORD ...) of (play ...) */
enum capture_rule_word { W_CAPTURE_MANDATORY, W_CAPTURE_OPTIONAL, W_CAPTURE_RULE_COUNT };
/* removal: of (capture ...) */
enum removal_word { W_REMOVAL_AT_ONCE, W_REMOVAL_AT_END, W_REMOVAL_COUNT };
/* overshoot: of (bear-off ...) */
enum overshoot_word { W_OVERSHOOT_NEVER, W_OVERSHOOT_ALWAYS, W_OVERSHOOT_FROM_HIGHEST, W_OVERSHOOT_COUNT };
/* (dice-use WORD) */
enum dice_use_word { W_DICE_USE_FREE, W_DICE_USE_MAX, W_DICE_USE_COUNT };
/* allowed: of (prime-limit ...) */
enum prime_allowed_word { W_PRIME_PIECE_AHEAD, W_PRIME_UNTIL_GATHERED, W_PRIME_ALLOWED_COUNT };
/* (collect WORD), in the tile-collapse hook */
enum collect_word { W_COLLECT_MOVER_AFTER_MOVE, W_COLLECT_NOBODY, W_COLLECT_COUNT };
/* (hook WORD ...) */
enum hook_word { W_HOOK_MAX_CAPTURE, W_HOOK_TILE_COLLAPSE, W_HOOK_COUNT };
/* the unit of (no-progress N WORD) and (material-draw N WORD) */
enum unit_word { W_UNIT_TURNS, W_UNIT_PLIES, W_UNIT_COUNT };
/* the outcome of an end condition: each condition's list is a prefix of this */
enum outcome_word { W_OUTCOME_WINS, W_OUTCOME_LOSES, W_OUTCOME_DRAW, W_OUTCOME_MOST_PIECES, W_OUTCOME_MOST_CAPTURED,
                    W_OUTCOME_COUNT };
/* reset: of (no-progress ...): the words among its piece types */
enum reset_word { W_RESET_CAPTURE, W_RESET_PROMOTION, W_RESET_COUNT };
/* max: of a slide: the word besides integers */
enum slide_max_word { W_SLIDE_MAX_ROW_OTHERS, W_SLIDE_MAX_COUNT };
/* column: of (cell-at ...): the words besides integers, both the centre */
enum column_word { W_COLUMN_CENTRE, W_COLUMN_CENTER, W_COLUMN_COUNT };
/* perpetual-check: of (repetition ...) */
enum perpetual_word { W_PERPETUAL_LOSES, W_PERPETUAL_DRAWS, W_PERPETUAL_COUNT };
/* the built-in regions (CATALOGUE_REGION_WORDS) */
enum region_word { W_REGION_FAR_ROW, W_REGION_ALL, W_REGION_DARK, W_REGION_LIGHT, W_REGION_CORNERS, W_REGION_CENTRE,
                   W_REGION_COUNT };

#endif
