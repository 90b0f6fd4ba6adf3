/* cli_pdn.h - PDN games in `tabula replay` (cli_pdn.c). */
#ifndef TABULA_CLI_PDN_H
#define TABULA_CLI_PDN_H

#include "cli.h"
#include "io/pdn.h"

/* The moves of a game as PDN writes them, gathered as it is replayed. */
typedef struct pdn_moves {
    const ruleset *rs;
    int full_path;            /* --full-path: every capture by its path */
    char **text;
    int n, cap;
    int failed;               /* memory ran out */
} pdn_moves;

void pdn_moves_init(pdn_moves *pm, const ruleset *rs, int full_path);
void pdn_moves_free(pdn_moves *pm);
/* Adds M, chosen among LEGAL (N moves). */
void pdn_moves_add(pdn_moves *pm, const move *m, const move *legal, int n);

/* Writes the game (TAGS, from START, the moves of PM, WINNER as
 * pdn_result_text takes it) as PDN to PATH ("-": standard output), atomically.
 * Returns an exit code. */
int pdn_export(const char *command, const char *path, const ruleset *rs, const pdn_tag *tags, int ntags,
               const state *start, const pdn_moves *pm, int winner);

/* 1 when PATH names a PDN file (ends in .pdn, any case). */
int pdn_is_path(const char *path);

struct play_args;
/* `tabula replay FILE GAME.pdn`: plays the PDN game of A->resume_path on
 * A->file, prints it as replay does a record (--show, --json), and writes
 * it as PDN to PDN_PATH when not NULL. Returns the exit code. */
int replay_pdn(const struct play_args *a, const char *pdn_path);

#endif
