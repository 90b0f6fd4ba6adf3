/* compiler.h - what the parts of the compiler share. */
#ifndef TABULA_COMPILER_H
#define TABULA_COMPILER_H

#include "compile_options.h"
#include "engine/ruleset.h"
#include "lang/ast.h"
#include "lang/diag.h"
#include "compile_forms.h"
#include "compile_words.h"

typedef struct compiler {
    ruleset *rs;            /* what is being built */
    const src_file *src;    /* the rule file, for messages */
    diag_sink *diags;       /* where messages go */
    int errors_at_start;    /* errors reported before compiling began */
    const char *failed[64]; /* names declared with an error: their uses stay quiet */
    int nfailed;
    /* Clauses an `if:`/`unless:` switch kept (the resolved tree no longer
     * has the switch): where each begins and the option, for clause_loc. */
    struct {
        const src_file *src;
        uint32_t begin;
        const char *option;
    } switched[TB_MAX_CLAUSES];
    int nswitched;
    int clauses_overflowed; /* the clause table is full, and that was said */
} compiler;

/* 1 when errors were reported since compiling began. */
int compile_failed(const compiler *c);
/* Remembers NAME as declared in error, so that its uses are not reported
 * again as unknown; compile_declared_in_error() asks. */
void compile_declare_failed(compiler *c, const char *name);
int compile_declared_in_error(const compiler *c, const char *name);

/* A declared name (piece, region, option, place, colour) must fit the tables:
 * returns 1, or 0 after reporting that it is too long. WHAT: "piece type". */
int compile_name_fits(compiler *c, const ast_node *name, const char *what);
/* Copies the string node V into BUF (SIZE bytes); a longer text is cut at a
 * character boundary with a warning. */
void compile_text(compiler *c, const ast_node *v, char *buf, size_t size, const char *what);

void compile_error(compiler *c, const ast_node *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void compile_warning(compiler *c, const ast_node *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An error for a file that goes beyond one of tabula's fixed bounds: the
 * message names the bound and points at docs/limits.md, which lists them. */
void compile_limit_error(compiler *c, const ast_node *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The sub-forms of FORM with head HEAD, one by one: start with *i = 0. A
 * sub-form is matched by the catalogue spec it stands for inside FORM
 * (compile_form_is), so HEAD must be a spec allowed there. */
const ast_node *compile_next_form(const ast_node *form, const char *head, int *i);
/* The first sub-form with that head, or NULL. */
const ast_node *compile_form(const ast_node *form, const char *head);
/* The K-th positional (not named, not a sub-form handled elsewhere) argument. */
const ast_node *compile_positional(const ast_node *form, int k);
/* 1 when the bare word FLAG appears in FORM. */
int compile_flag(const ast_node *form, const char *flag);
/* 1 when the bare word W is one of the flags of FORM's ludeme. */
int compile_is_flag(const ast_node *form, const ast_node *w);
/* The flag FLAG written in FORM (for locating a message), or NULL. FLAG
 * must be a flag of FORM's ludeme in the catalogue. */
const ast_node *compile_flag_at(const ast_node *form, const char *flag);

/* An integer or (opt NAME); returns 0 (and reports) when it is neither. */
int compile_int(compiler *c, const ast_node *v, long *out);
/* The players whose per-player tables (directions, regions, promotions) the
 * compiler fills: every player on a board of cells; two on a track, whose
 * players 3 and up take player 1's (compile_track_finish). */
static inline int compile_sides(const ruleset *rs)
{
    return rs->nplayers > 2 && rs->topology != TOPO_TRACK ? rs->nplayers : 2;
}
/* Refuses, at the form that brings it, each rule meant for two players in a
 * game of more on a board of cells (compile_sides.c). */
void compile_check_sides(compiler *c, const ast_node *game);
/* A region for every player (compile_sides); returns 0 after reporting an error. */
int compile_region(compiler *c, const ast_node *v, cellset out[TB_MAX_PLAYERS]);
/* A cell named by a name or integer node; -1 after reporting an error. */
int compile_cell(compiler *c, const ast_node *v);
/* A declared piece type; -1 after reporting an error. */
int compile_piece(compiler *c, const ast_node *v);
/* Directions (a word or a list) of a move rule, for both players; 0 after
 * reporting an error (compiler.c). */
int compile_rule_directions(compiler *c, const ast_node *v, move_rule *r);

/* The declared off-board place named by V; -1 after reporting an error. */
int compile_offboard_place(compiler *c, const ast_node *v);
/* 1 when NAME is one of the board's places off it (`bar`, `off`). */
int compile_is_offboard(const ruleset *rs, const char *name);

/* Records where clause F is in its file; returns its index (0 after an error). */
/* Where F is, into CL, without keeping it as a clause (coverage does not
 * count it): for the filters a refused move is explained by. */
void compile_locate(compiler *c, const ast_node *f, clause_loc *cl);
int compile_clause(compiler *c, const ast_node *f);
/* Records F, a clause the option OPTION switched off, as a located clause
 * that can never fire (so coverage analysis can list it). */
void compile_clause_off(compiler *c, const ast_node *f, const char *option);
/* Remembers that the option OPTION switched F on (see compiler.switched). */
void compile_clause_switched(compiler *c, const ast_node *f, const char *option);

/* The sections, one file each (compile_board.c, compile_start.c, ...). */
void compile_players(compiler *c, const ast_node *players);
void compile_teams(compiler *c, const ast_node *players);
void compile_board(compiler *c, const ast_node *board, const ast_node *players);
/* compile_lines.c: `(lines ...)`, the points and links of a board of points on lines. */
void compile_lines(compiler *c, const ast_node *lines);
/* `(links ...)`: links named one by one with their directions (after `lines`, if any). */
void compile_links(compiler *c, const ast_node *links);
void compile_start(compiler *c, const ast_node *start);

/* What the places of a start have put so far (compile_start.c), and the
 * arrangement the choices of `choose:` read their digits from. */
typedef struct start_fill {
    uint8_t owner_at[TB_MAX_CELLS]; /* 0: empty */
    long pieces[TB_MAX_PLAYERS];
    int too_many[TB_MAX_PLAYERS];               /* said for the player */
    unsigned long long number;       /* what is left of the arrangement's number */
    unsigned long long ways;         /* arrangements of the choices so far (capped) */
    int choices;                     /* places with `choose:` so far */
    int full;                        /* the start table is full, and that was said */
} start_fill;
/* Puts COUNT pieces of TYPE of PLAYER on CELL (empty and playable) for the
 * place AT; 0 when the start table is full (said once). */
int compile_start_put(compiler *c, const ast_node *at, start_fill *f, int player, int cell, int type, int count);
/* compile_arrange.c: a place with `choose:` or a list of piece types, and
 * `(mirror PLAYER)`. */
void compile_arranged_place(compiler *c, const ast_node *pl, start_fill *f, int player, const cellset *where,
                            long count);
void compile_mirror(compiler *c, const ast_node *m, start_fill *f);
void compile_options(compiler *c, const ast_node *game, const option_setting *settings, int n);
void compile_play(compiler *c, const ast_node *play);
/* (doubling-cube ...), after the dice (compile_cube.c). */
void compile_cube(compiler *c, const ast_node *f);
void compile_end(compiler *c, const ast_node *end);

/* End conditions: one function per form of (end ...), each filling E from
 * F; 0 after reporting an error (the condition is then left out). The
 * function of a form is found by compile_end_form() through the table of
 * compile_forms.c; the files named hold the conditions of their family. */
typedef int (*compile_end_fn)(compiler *c, const ast_node *f, end_rule *e);
compile_end_fn compile_end_form(const ast_node *f);
/* The outcome word of the condition F (`wins`, `loses`, `draw`,
 * `most-pieces`, `most-captured`, or its default) as an OUT_ value; ABSENT
 * when it has none. */
int compile_outcome(const ast_node *f, int absent);
/* compile_end.c */
int compile_end_no_pieces(compiler *c, const ast_node *f, end_rule *e);
int compile_end_blocked(compiler *c, const ast_node *f, end_rule *e);
int compile_end_no_progress(compiler *c, const ast_node *f, end_rule *e);
int compile_end_repetition(compiler *c, const ast_node *f, end_rule *e);
int compile_end_material_draw(compiler *c, const ast_node *f, end_rule *e);
int compile_end_material_win(compiler *c, const ast_node *f, end_rule *e);
int compile_end_reach(compiler *c, const ast_node *f, end_rule *e);
/* compile_sow.c */
int compile_end_pits_empty(compiler *c, const ast_node *f, end_rule *e);
int compile_end_cannot_feed(compiler *c, const ast_node *f, end_rule *e);
int compile_end_stored(compiler *c, const ast_node *f, end_rule *e);
/* compile_royal.c */
int compile_end_captured(compiler *c, const ast_node *f, end_rule *e);
int compile_end_stalemate(compiler *c, const ast_node *f, end_rule *e);
/* compile_place.c */
int compile_end_line(compiler *c, const ast_node *f, end_rule *e);
int compile_end_fewer_pieces(compiler *c, const ast_node *f, end_rule *e);
int compile_end_connect(compiler *c, const ast_node *f, end_rule *e);
/* compile_track.c */
int compile_end_all_off(compiler *c, const ast_node *f, end_rule *e);
int compile_end_pinned_on_start(compiler *c, const ast_node *f, end_rule *e);

/* Move kinds: one function per form of (moves TYPE ...), each filling R
 * (R->piece is PIECE) from F; 0 after reporting an error (the rule is then
 * left out). Found by compile_move_form() through the table of
 * compile_forms.c; compile_rule() (compile_play.c) numbers and keeps it. */
typedef int (*compile_move_fn)(compiler *c, const ast_node *f, move_rule *r, int piece);
compile_move_fn compile_move_form(const ast_node *f);
/* compile_play.c */
int compile_move_advance(compiler *c, const ast_node *f, move_rule *r, int piece);
int compile_move_place(compiler *c, const ast_node *f, move_rule *r, int piece);
int compile_move_fly(compiler *c, const ast_node *f, move_rule *r, int piece);
int compile_move_sow(compiler *c, const ast_node *f, move_rule *r, int piece);
int compile_move_remove_piece(compiler *c, const ast_node *f, move_rule *r, int piece);
int compile_move_leap(compiler *c, const ast_node *f, move_rule *r, int piece);
int compile_move_step(compiler *c, const ast_node *f, move_rule *r, int piece);
int compile_move_hop(compiler *c, const ast_node *f, move_rule *r, int piece);
int compile_move_slide(compiler *c, const ast_node *f, move_rule *r, int piece);

/* Topologies: one function per shape of (board ...), each building the
 * board of c->rs from F; 0 when compile_board() must stop (an error
 * reported), else 1 with *WHY the limit the board breaks, or NULL. Found by
 * compile_topology_form() through the table of compile_table.c. */
typedef int (*compile_topology_fn)(compiler *c, const ast_node *f, const char **why);
compile_topology_fn compile_topology_form(const ast_node *f);
/* compile_board.c */
int compile_topology_square(compiler *c, const ast_node *f, const char **why);
int compile_topology_hex(compiler *c, const ast_node *f, const char **why);
int compile_topology_hexagon(compiler *c, const ast_node *f, const char **why);
int compile_topology_track(compiler *c, const ast_node *f, const char **why);
int compile_topology_track_grid(compiler *c, const ast_node *f, const char **why);
int compile_topology_tiles(compiler *c, const ast_node *f, const char **why);

/* Region forms: one function per form a region can be, `(rows 1..3)`, each
 * filling OUT (one cellset a player) from F; 0 after reporting an error.
 * Found by compile_region_form() through the table of compile_table.c. */
typedef int (*compile_region_fn)(compiler *c, const ast_node *f, cellset out[TB_MAX_PLAYERS]);
compile_region_fn compile_region_form(const ast_node *f);
/* compile_region.c */
int compile_region_rows(compiler *c, const ast_node *f, cellset out[TB_MAX_PLAYERS]);
int compile_region_columns(compiler *c, const ast_node *f, cellset out[TB_MAX_PLAYERS]);
int compile_region_cells(compiler *c, const ast_node *f, cellset out[TB_MAX_PLAYERS]);
int compile_region_each(compiler *c, const ast_node *f, cellset out[TB_MAX_PLAYERS]);
int compile_region_cell_at(compiler *c, const ast_node *f, cellset out[TB_MAX_PLAYERS]);
int compile_region_own_points(compiler *c, const ast_node *f, cellset out[TB_MAX_PLAYERS]);

/* Play forms: one function per form of (play ...), each compiling F into
 * c->rs and reporting what is wrong with it. Found by compile_play_form()
 * through the table of compile_table.c. */
typedef void (*compile_play_fn)(compiler *c, const ast_node *f);

/* A row of the table of compile functions (compile_table.c): a head, the
 * parent it is dispatched in, and the one function of that parent's kind. */
typedef struct compile_form_row {
    const char *head;
    const char *parent;
    compile_end_fn end;   /* a condition of (end ...) */
    compile_move_fn move; /* a move kind of (moves TYPE ...) */
    compile_play_fn play; /* a form of (play ...) */
    compile_topology_fn topology; /* the shape of (board ...) */
    compile_region_fn region;     /* a region form, `(rows 1..3)` */
} compile_form_row;

/* Installs the table (compile_table_install does): TABLE's N rows are
 * resolved to the catalogue's specs. */
void compile_forms_install(const compile_form_row *table, int n);

compile_play_fn compile_play_form(const ast_node *f);
/* compile_play.c */
void compile_play_moves(compiler *c, const ast_node *f);
void compile_play_promote(compiler *c, const ast_node *f);
void compile_play_capture(compiler *c, const ast_node *f);
void compile_play_hook(compiler *c, const ast_node *f);
void compile_play_announce(compiler *c, const ast_node *f);
void compile_play_streak_limit(compiler *c, const ast_node *f);
/* compile_track.c */
void compile_play_enter(compiler *c, const ast_node *f);
void compile_play_bear_off(compiler *c, const ast_node *f);
void compile_play_courier(compiler *c, const ast_node *f);
void compile_play_stack_limit(compiler *c, const ast_node *f);
void compile_play_dice_use(compiler *c, const ast_node *f);
void compile_play_leave_start(compiler *c, const ast_node *f);
void compile_play_roll_again(compiler *c, const ast_node *f);
void compile_play_prime_limit(compiler *c, const ast_node *f);
/* compile_tiles.c */
void compile_play_enclosure(compiler *c, const ast_node *f);
void compile_play_exchange(compiler *c, const ast_node *f);
/* compile_place.c */
void compile_play_capture_to_hand(compiler *c, const ast_node *f);
void compile_play_remove_on_line(compiler *c, const ast_node *f);
void compile_play_pass(compiler *c, const ast_node *f);
void compile_play_swap(compiler *c, const ast_node *f);
/* compile_royal.c */
void compile_play_royal(compiler *c, const ast_node *f);
void compile_play_castle(compiler *c, const ast_node *f);
void compile_play_custodial(compiler *c, const ast_node *f);

/* GAME with the options' values (c->rs->options) put in place, built in
 * ARENA (compile_resolve.c): `(opt NAME)` replaced, ranges with option
 * bounds made plain, clauses switched off by `if:`/`unless:` left out,
 * option declarations gone. NULL after reporting an error. */
const ast_node *compile_resolve(compiler *c, const ast_node *game, ast_arena *arena);
/* After an error in the game as resolved: notes at the clauses of GAME (as
 * written) that options switched off, which may be why. */
void compile_note_switched_off(compiler *c, const ast_node *game);
/* Warns about the options of GAME (as written) that nothing uses. */
void compile_warn_unused_options(compiler *c, const ast_node *game);

/* 1 when the compiled rule R can take a piece from CELL in direction D to
 * a playable cell on an empty board (compile_play.c). */
int compile_rule_reaches(const ruleset *rs, const move_rule *r, int cell, int d);

/* Warnings for what GAME (compiled without errors) says but can never
 * happen: directions and regions that lead nowhere, parameters ignored
 * (compile_lint.c). */
void compile_lint(compiler *c, const ast_node *game);

/* Track games (compile_track.c): the `advance` rule of PIECE (0 after an
 * error); (the play forms enter, bear-off, courier, stack-limit, dice-use,
 * leave-start, roll-again and prime-limit are compile_play_* above); and,
 * after the end conditions, the per-player paths and the checks that need
 * the whole file. */
int compile_track_advance(compiler *c, const ast_node *f, int piece);
/* An optional count NAME: of F, LO..200 (WHAT it counts, for the message),
 * into *OUT (left alone when absent); 0 after reporting an error. */
int compile_track_count(compiler *c, const ast_node *f, const char *name, int lo, const char *what, uint8_t *out);
/* Warns where the points SET[] of `NAME:` of ADVANCE lie on no player's path. */
void compile_track_unvisited(compiler *c, const ast_node *advance, const char *name, const cellset *set);
/* The race rules of `advance` F (compile_track_race.c): 0 after an error;
 * then, once the paths are known, their checks against the whole game. */
int compile_track_race(compiler *c, const ast_node *f);
void compile_track_race_finish(compiler *c, const ast_node *advance);
void compile_track_finish(compiler *c, const ast_node *game);
/* The `direction:` and `length:` of track player form P (player N). */
void compile_track_path(compiler *c, const ast_node *p, int n);

/* compile_sow.c: sowing and its ends. */
int compile_sow_rule(compiler *c, const ast_node *f, move_rule *r);

/* compile_royal.c: leaps, capture modes, the royal piece, castling, letters. */
int compile_leap_rule(compiler *c, const ast_node *f, move_rule *r);
int compile_capture_modes(compiler *c, const ast_node *f, move_rule *r);
void compile_letters(compiler *c, const ast_node *f);

/* compile_place.c: placing, supplies, swap and pass, lines and connections. */
int compile_place_rule(compiler *c, const ast_node *f, move_rule *r);
int compile_fly_rule(compiler *c, const ast_node *f, move_rule *r);
/* `hand:` and `pieces:` of any move rule: when it applies. */
int compile_rule_conditions(compiler *c, const ast_node *f, move_rule *r);
/* `(remove-piece ...)`: a move taking a piece off the board (compile_remove.c). */
int compile_remove_rule(compiler *c, const ast_node *f, move_rule *r);
void compile_hands(compiler *c, const ast_node *start);
/* The parameters of the tile-collapse HOOK form (compile_tiles.c). */
void compile_tiles_collapse(compiler *c, const ast_node *hook);

#endif
