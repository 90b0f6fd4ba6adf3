/* compile_cube.c - (doubling-cube ...): the stakes of a game with dice that
 * a player may double before rolling. The engine never reads it: play,
 * match and replay keep the cube (engine/cube.c) beside the position. */
#include <string.h>

#include "compiler.h"

#define CUBE_MAX_LIMIT 4096

/* A switch `NAME:on|off`, or the catalogue's default when it is not given. */
static int cube_switch(const ast_node *f, const char *name)
{
    return compile_word(f, name) == W_SWITCH_ON;
}

void compile_cube(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    rs->cube.on = 1;
    rs->cube.clause = (uint16_t)(compile_clause(c, f) + 1);
    rs->cube.max = (uint16_t)compile_default_int(f, "max");
    const ast_node *max = ast_named(f, "max");
    long m = 0;
    if (max && compile_int(c, max, &m)) {
        if (m < 2 || m > CUBE_MAX_LIMIT || (m & (m - 1)) != 0)
            compile_limit_error(c, max, "`max:` is the cube's highest value, a power of 2 from 2 to %d; got %ld",
                                CUBE_MAX_LIMIT, m);
        else
            rs->cube.max = (uint16_t)m;
    }
    rs->cube.beavers = (uint8_t)cube_switch(f, "beavers");
    rs->cube.jacoby = (uint8_t)cube_switch(f, "jacoby");
    rs->cube.crawford = (uint8_t)cube_switch(f, "crawford");
    if (rs->dice_count == 0)
        compile_error(c, f, "a doubling cube needs dice: it is offered before a roll (declare `(dice ...)`)");
}
