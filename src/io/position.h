/* position.h - positions written in YAML (a scenario's `position` mapping,
 * or a file given to --position), read into a state. */
#ifndef TABULA_POSITION_H
#define TABULA_POSITION_H

#include "lang/diag.h"
#include "engine/state.h"
#include "yaml_doc.h"

/* Reads a position mapping into ST. Reports located errors (unknown cells,
 * pieces, players, malformed values) and returns 0 when there was one. */
int position_from_yaml(const ruleset *rs, const yaml_doc *doc, const yaml_item *map, diag_sink *diags,
                       state *st);

/* Reads a YAML file whose top level is a position mapping. */
int position_load_file(const ruleset *rs, const char *path, diag_sink *diags, state *st, int *io_error);

#endif
