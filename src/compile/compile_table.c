/* compile_table.c - the table of compile functions: for each form the
 * compiler dispatches on, its head, its parent and the function compiling
 * it (compile_forms.c looks them up). It names every compile function, so
 * it stands above them all; the compiler installs it before the first form
 * is compiled. A new ludeme the compiler dispatches on gets its row here. */
#include <pthread.h>

#include "compile_forms.h"
#include "compiler.h"

static const compile_form_row rows[] = {
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

static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void install(void)
{
    compile_forms_install(rows, NROWS);
}

void compile_table_install(void)
{
    pthread_once(&installed, install);
}
