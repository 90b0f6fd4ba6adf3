/* position.h - positions written in YAML (a scenario's `position` mapping,
 * or a file given to --position), read into a state. */
#ifndef TABULA_POSITION_H
#define TABULA_POSITION_H

#include "lang/diag.h"
#include "engine/state.h"
#include "yaml_doc.h"

/* Reads a position mapping into ST. Reports located errors (unknown cells,
 * pieces, players, malformed values, positions no game can reach) and
 * returns 0 when there was one. A position cannot hold more pieces of a
 * player, on one cell or on the board, bar and off together, than that
 * player has in the start position: no rule of the language makes pieces. */
int position_from_yaml(const ruleset *rs, const yaml_doc *doc, const yaml_item *map, diag_sink *diags,
                       state *st);

/* The same for some fields of a position (a scenario's `expect`): each is
 * checked alone, not against the others. */
int position_fields_from_yaml(const ruleset *rs, const yaml_doc *doc, const yaml_item *map, diag_sink *diags,
                              state *st);

/* Reads a YAML file whose top level is a position mapping. */
int position_load_file(const ruleset *rs, const char *path, diag_sink *diags, state *st, int *io_error);

#endif
