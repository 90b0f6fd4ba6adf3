/* run.h - long runs (random playouts, matches between agents, game
 * analysis, perft) and their results.
 *
 * A run is a numbered list of items (games; perft: root moves), played on
 * J threads (parallel.h), perhaps only one shard of it (--shard K/N: the
 * items from (K-1)*TOTAL/N to K*TOTAL/N). Every item depends on the run's
 * seed and its number alone, and results are integer sums, so a result is
 * the same whatever J is, and the shards of a run merged (merge.c) equal the
 * whole run. Derived figures (shares, intervals, Elo, means) are computed
 * from the sums when printed, never stored. docs/json.md describes the JSON
 * form of every result. */
#ifndef TABULA_RUN_H
#define TABULA_RUN_H

#include <stdint.h>
#include <stdio.h>

#include "agent/agent.h"
#include "lang/diag.h"
#include "engine/search.h"

typedef enum run_kind { RUN_PLAYOUT, RUN_MATCH, RUN_ANALYZE, RUN_PERFT } run_kind;

#define RUN_MAX_SHARDS 4096      /* N of --shard K/N */
#define RUN_MAX_GAMES 1000000000L /* -n: the games of a run */
#define RUN_FILE_MAX 4096        /* bytes of a rule file's or position's name, with the NUL (PATH_MAX) */
#define MATCH_MAX_MOVES_DEFAULT 10000
#define ANALYZE_MAX_PLY 4096     /* branching is recorded for the first plies */

/* What every result holds: which run of which rules it belongs to. */
typedef struct run_info {
    run_kind kind;
    char game[64];               /* the ruleset's title */
    int players;                 /* the players of the game, 2 .. TB_MAX_PLAYERS */
    uint8_t team[TB_MAX_PLAYERS]; /* each player's team, 1..; all 0 when each plays for itself */
    char file[RUN_FILE_MAX];     /* the rule file as given */
    char digest[17];             /* 64-bit FNV-1a of the rule files' bytes, in hex */
    int noptions;                /* every declared option, with its value */
    char option_name[TB_MAX_OPTIONS][TB_NAME_LEN];
    char option_value[TB_MAX_OPTIONS][TB_NAME_LEN];
    uint64_t seed;
    long total;                  /* items of the whole run: games, or perft's root moves */
    int shard_count;             /* N of --shard K/N; 1 when not sharded */
    uint8_t shard_has[RUN_MAX_SHARDS + 1]; /* shard_has[K]: this result holds shard K */
    long done;                   /* items finished */
    int interrupted;             /* stopped by Ctrl-C before the end (in any merged part) */
    int jobs;                    /* threads (merged: the most of any part) */
    double seconds;              /* wall-clock time (merged: summed) */
} run_info;

/* The items of shard K of N in a run of TOTAL items. */
void run_shard_range(long total, int k, int n, long *first, long *end);

/* The effective options, the digest and the title of RS; 0 with a message
 * on stderr when a rule file cannot be read back. */
int run_info_init(run_info *ri, run_kind kind, const ruleset *rs, const char *file, uint64_t seed, long total,
                  int shard_k, int shard_n);

/* ---- random playouts ------------------------------------------------------- */

typedef struct playout_result {
    playout_stats s;
} playout_result;

/* ---- matches --------------------------------------------------------------- */

/* One agent's share of a match. With N players (info.players) there are N
 * agents, --p1 to --pN, and agent a plays player ((a + g) mod N) + 1 in game
 * g: with two, A (--p1) is player 1 in the even games and B (--p2) in the odd
 * ones; every agent holds every seat equally often over N games. */
typedef struct match_side {
    long wins[3];                /* wins by score: single, double, triple */
    long wins_as[TB_MAX_PLAYERS];  /* wins as player 1, as player 2, ... */
    long games_as[TB_MAX_PLAYERS]; /* games as player 1, as player 2, ... (one seat a game) */
    long long decisions;         /* moves it chose */
    long long work;              /* MCTS iterations or alpha-beta nodes */
    double seconds;              /* time it spent choosing */
    long long points;            /* rules with a doubling cube: points won (result x cube) */
    long doubles, drops;         /* doubles it offered, doubles it dropped */
} match_side;

typedef struct match_result {
    char agent[TB_MAX_PLAYERS][AGENT_SPEC_MAX]; /* A, B, ... (canonical specs), one per player */
    long max_moves;              /* a game is cut off after this many moves */
    int cube;                    /* the rules have a doubling cube: games are played with it, money play */
    long games;
    match_side side[TB_MAX_PLAYERS]; /* agent a's: info.players of them */
    long draws;                  /* drawn games */
    long unfinished;             /* cut off at max_moves: counted as draws in scores */
    long long length_sum, length_sq; /* moves per game: sum and sum of squares */
    long length_min, length_max;
} match_result;

/* ---- analysis -------------------------------------------------------------- */

/* What a located clause is; CLAUSE_OTHER for one an option switched off
 * before it was compiled (its head says what it was). */
typedef enum clause_kind {
    CLAUSE_RULE, CLAUSE_PROMOTION, CLAUSE_CRITERION, CLAUSE_END, CLAUSE_ANNOUNCE, CLAUSE_OTHER
} clause_kind;
#define CLAUSE_KINDS 6

typedef struct analyze_result {
    char agent[AGENT_SPEC_MAX];  /* the agent playing both sides */
    long max_moves;              /* a game is cut off after this many moves */
    playout_stats s;             /* outcomes */
    int nclauses;                /* the ruleset's located clauses ... */
    clause_loc clauses[TB_MAX_CLAUSES]; /* ... where they are (copied: a merged result has no ruleset) */
    uint8_t clause_kind[TB_MAX_CLAUSES]; /* clause_kind */
    int nfiles;
    char files[TB_MAX_FILES][256];       /* the rule files' paths, as found */
    char file_names[TB_MAX_FILES][256];  /* the same as the report names them (ruleset_file_shown) */
    long long fired[TB_MAX_CLAUSES]; /* coverage: how often each clause fired */
    long decided[TB_MAX_CLAUSES];    /* games each end clause ended */
    long draws_by[TB_MAX_CLAUSES];   /* draws each end clause declared */
    long undecided_draws;        /* draws no clause declared (passes without end, blocked with no rule) */
    long long unruled[4];        /* moves made by no move rule: entries, bearing off, exchanges, others */
    long *lengths;               /* lengths[L]: games of L moves, L = 0 .. max_moves */
    long long (*branching)[2];   /* per ply < ANALYZE_MAX_PLY: positions, legal moves summed */
} analyze_result;

/* Allocates the histograms; 0 when memory runs out. */
int analyze_result_alloc(analyze_result *a, long max_moves);
void analyze_result_free(analyze_result *a);

/* ---- perft ----------------------------------------------------------------- */

typedef struct perft_result {
    int depth;
    char position[RUN_FILE_MAX]; /* --position file, or "" for the start */
    int divide;                  /* --divide: only depth `depth`, per root move */
    uint64_t counts[PERFT_MAX_DEPTH];       /* counts[d-1]: sequences of d moves (summed over the shard's root moves) */
    int nroot;                   /* root moves of the position */
    char (*root_text)[128];      /* their notation */
    uint64_t *root_count;        /* their count at `depth` (valid where root_done) */
    uint8_t *root_done;          /* the root move was counted */
} perft_result;

int perft_result_alloc(perft_result *f, int nroot);
void perft_result_free(perft_result *f);

/* ---- one result of any kind ---------------------------------------------- */

typedef struct run_result {
    run_info info;
    playout_result playout;
    match_result match;
    analyze_result analyze;
    perft_result perft;
} run_result;

void run_result_free(run_result *r);

/* How a run is carried out. */
typedef struct run_opts {
    int jobs;
    int shard_k, shard_n;        /* 1/1: the whole run */
    FILE *progress;              /* the progress line, or NULL */
    const char *records_dir;     /* match: write each game's record here, or NULL */
    const char *rule_path;       /* match records: the rule file's path */
} run_opts;

/* Each runs the shard of the run RES->info describes (run_info_init done),
 * filling RES. Return 0 with a message on stderr when memory, a thread or a
 * record file fails; an interrupted run returns 1 with info.interrupted. */
int run_playouts(const ruleset *rs, const run_opts *o, run_result *res);
int run_match(const ruleset *rs, const run_opts *o, run_result *res);
int run_analyze(const ruleset *rs, const run_opts *o, run_result *res);
/* ST: the position (settled or not); perft.depth and perft.divide set. */
int run_perft(const ruleset *rs, const state *st, const run_opts *o, run_result *res);

/* ---- output (report.c) ----------------------------------------------------- */

/* The human summary. Analysis also warns, on DIAGS_OUT (stderr), of every
 * clause that never fired, at its FILE:LINE:COL with the source line. */
void report_text(FILE *out, const run_result *r, FILE *diags_out);
/* The JSON form (docs/json.md). */
void report_json(FILE *out, const run_result *r);
/* analyze --svg: writes DIR/lengths.svg and DIR/branching.svg; 0 with a
 * message on stderr when they cannot be written. */
int report_svg(const char *dir, const run_result *r);

/* ---- merging (merge.c) ----------------------------------------------------- */

/* Reads the JSON results at PATHS and adds them up into OUT (run_result_free
 * it), refusing results of another run (another command, rule file,
 * options, seed, size, agents, depth or position) and a shard held twice.
 * Returns an exit code: 0, 1 after a located error, 2 when a file cannot be
 * read. */
int merge_files(char *const *paths, int n, run_result *out, diag_sink *diags);

#endif
