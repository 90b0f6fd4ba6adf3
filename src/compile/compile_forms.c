/* compile_forms.c - the table that says which function compiles a form.
 *
 * The catalogue (src/lang/catalogue.c) stays data: it knows nothing of the
 * compiler. This table names, for each form the compiler dispatches on, its
 * head, the parent it appears in and its compile function: one column per
 * parent dispatched (`end`, `moves`, `play`, the topologies of `board`, the
 * region forms of `@region`), as each has its own signature.
 * It is resolved once (the first time a form is compiled) to an array indexed
 * by the catalogue index of each row's spec; compiling a form is then one
 * catalogue lookup of the form (the spec its head stands for inside that
 * parent) and one array read. The Check suite asserts that every row names a catalogue
 * spec under its parent and that every spec of a dispatched parent has a
 * function, so a new ludeme without a compiler fails the tests. */
#include <pthread.h>
#include <stddef.h>

#include "compile_forms.h"
#include "compile_internal.h"
#include "lang/catalogue.h"

typedef struct form_row {
    const char *head;
    const char *parent;
    compile_end_fn end;   /* a condition of (end ...) */
    compile_move_fn move; /* a move kind of (moves TYPE ...) */
    compile_play_fn play; /* a form of (play ...) */
    compile_topology_fn topology; /* the shape of (board ...) */
    compile_region_fn region;     /* a region form, `(rows 1..3)` */
} form_row;

static const form_row rows[] = {
#define END(h, fn) { h, "end", .end = fn }
#define MOVE(h, fn) { h, "moves", .move = fn }
#define PLAY(h, fn) { h, "play", .play = fn }
#define TOPOLOGY(h, fn) { h, "board", .topology = fn }
#define REGION(h, fn) { h, "@region", .region = fn }
    END("no-pieces", compile_end_no_pieces),
    END("blocked", compile_end_blocked),
    END("no-progress", compile_end_no_progress),
    END("repetition", compile_end_repetition),
    END("material-draw", compile_end_material_draw),
    END("material-win", compile_end_material_win),
    END("reach", compile_end_reach),
    END("pits-empty", compile_end_pits_empty),
    END("cannot-feed", compile_end_cannot_feed),
    END("stored", compile_end_stored),
    END("captured", compile_end_captured),
    END("stalemate", compile_end_stalemate),
    END("line", compile_end_line),
    END("fewer-pieces", compile_end_fewer_pieces),
    END("connect", compile_end_connect),
    END("all-off", compile_end_all_off),
    END("pinned-on-start", compile_end_pinned_on_start),
    MOVE("step", compile_move_step),
    MOVE("hop", compile_move_hop),
    MOVE("slide", compile_move_slide),
    MOVE("advance", compile_move_advance),
    MOVE("place", compile_move_place),
    MOVE("remove-piece", compile_move_remove_piece),
    MOVE("leap", compile_move_leap),
    MOVE("fly", compile_move_fly),
    MOVE("sow", compile_move_sow),
    PLAY("moves", compile_play_moves),
    PLAY("promote", compile_play_promote),
    PLAY("capture", compile_play_capture),
    PLAY("hook", compile_play_hook),
    PLAY("announce", compile_play_announce),
    PLAY("streak-limit", compile_play_streak_limit),
    PLAY("enter", compile_play_enter),
    PLAY("bear-off", compile_play_bear_off),
    PLAY("courier", compile_play_courier),
    PLAY("stack-limit", compile_play_stack_limit),
    PLAY("dice-use", compile_play_dice_use),
    PLAY("leave-start", compile_play_leave_start),
    PLAY("roll-again", compile_play_roll_again),
    PLAY("prime-limit", compile_play_prime_limit),
    PLAY("enclosure", compile_play_enclosure),
    PLAY("exchange", compile_play_exchange),
    PLAY("capture-to-hand", compile_play_capture_to_hand),
    PLAY("remove-on-line", compile_play_remove_on_line),
    PLAY("pass", compile_play_pass),
    PLAY("swap", compile_play_swap),
    PLAY("royal", compile_play_royal),
    PLAY("castle", compile_play_castle),
    PLAY("custodial", compile_play_custodial),
    TOPOLOGY("square", compile_topology_square),
    TOPOLOGY("hex", compile_topology_hex),
    TOPOLOGY("hex-hexagon", compile_topology_hexagon),
    TOPOLOGY("track", compile_topology_track),
    TOPOLOGY("track-grid", compile_topology_track_grid),
    TOPOLOGY("hex-tiles", compile_topology_tiles),
    REGION("rows", compile_region_rows),
    REGION("columns", compile_region_columns),
    REGION("cells", compile_region_cells),
    REGION("each", compile_region_each),
    REGION("cell-at", compile_region_cell_at),
    REGION("own-points", compile_region_own_points),
#undef END
#undef MOVE
#undef PLAY
#undef TOPOLOGY
#undef REGION
};

#define NROWS ((int)(sizeof rows / sizeof rows[0]))
#define MAX_SPECS 1024

/* by_spec[catalogue index] is the row compiling that spec, or -1. */
static short by_spec[MAX_SPECS];
static pthread_once_t resolved = PTHREAD_ONCE_INIT;

static void resolve(void)
{
    for (int i = 0; i < MAX_SPECS; i++) by_spec[i] = -1;
    for (int r = 0; r < NROWS; r++) {
        const ludeme_spec *s = catalogue_find(rows[r].head, rows[r].parent);
        int k = s ? catalogue_index(s) : -1;
        if (k >= 0 && k < MAX_SPECS) by_spec[k] = (short)r;
    }
}

/* The row of the spec that HEAD stands for inside PARENT, or NULL. */
static const form_row *row_of(const char *head, const char *parent)
{
    pthread_once(&resolved, resolve);
    const ludeme_spec *s = catalogue_find(head, parent);
    int k = s ? catalogue_index(s) : -1;
    if (k < 0 || k >= MAX_SPECS || by_spec[k] < 0) return NULL;
    return &rows[by_spec[k]];
}

compile_end_fn compile_end_form(const ast_node *f)
{
    const form_row *r = row_of(f->text, "end");
    return r ? r->end : NULL;
}

compile_move_fn compile_move_form(const ast_node *f)
{
    const form_row *r = row_of(f->text, "moves");
    return r ? r->move : NULL;
}

compile_play_fn compile_play_form(const ast_node *f)
{
    const form_row *r = row_of(f->text, "play");
    return r ? r->play : NULL;
}

compile_topology_fn compile_topology_form(const ast_node *f)
{
    const form_row *r = row_of(f->text, "board");
    return r ? r->topology : NULL;
}

compile_region_fn compile_region_form(const ast_node *f)
{
    const form_row *r = row_of(f->text, "@region");
    return r ? r->region : NULL;
}

/* Through the catalogue rather than by comparing heads: the spec F stands
 * for inside PARENT is the one HEAD names there (the same spec, so a head
 * allowed under several parents is told apart by where it stands). */
int compile_form_is(const ast_node *f, const char *head, const char *parent)
{
    if (!f || f->kind != AST_FORM || !f->text) return 0;
    const ludeme_spec *s = catalogue_find(f->text, parent);
    return s != NULL && s == catalogue_find(head, parent);
}

int compile_forms_count(void)
{
    return NROWS;
}

const char *compile_forms_head(int i)
{
    return rows[i].head;
}

const char *compile_forms_parent(int i)
{
    return rows[i].parent;
}

int compile_forms_has(const char *head, const char *parent)
{
    const form_row *r = row_of(head, parent);
    return r && (r->end != NULL || r->move != NULL || r->play != NULL || r->topology != NULL || r->region != NULL);
}
