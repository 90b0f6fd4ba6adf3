/* ruleset.c - looking up cells and piece types of a compiled ruleset by name. */
#include "ruleset.h"

#include <string.h>

int ruleset_cell(const ruleset *rs, const char *name)
{
    for (int i = 0; i < rs->ncells; i++)
        if (strcmp(rs->cell_name[i], name) == 0) return i;
    return -1;
}

int ruleset_piece(const ruleset *rs, const char *name)
{
    for (int i = 0; i < rs->npiece_types; i++)
        if (strcmp(rs->piece_name[i], name) == 0) return i;
    return -1;
}

const char *ruleset_file_shown(const ruleset *rs, int file)
{
    if (file < 0 || file >= rs->nfiles) return "?";
    return rs->file_games[file][0] ? rs->file_games[file] : rs->files[file];
}
