/* ruleset.h - a compiled rule file: flat tables the engine runs from.
 *
 * Nothing here points back into the ludeme tree: once compiled, a ruleset is
 * a plain block of arrays (cells, neighbours per direction, regions as
 * bitsets per player, move rules, end conditions) that the move generator
 * reads without parsing or hashing strings. */
#ifndef TABULA_RULESET_H
#define TABULA_RULESET_H

#include <stddef.h>
#include <stdint.h>

#define TB_MAX_STREAK 100   /* streak-limit: non-capturing moves in a row (a piece's mark counts to 127) */
#define TB_MAX_CELLS 512     /* cells per board (a 20x20 board has 400); indices are cell_id */
#define TB_MAX_CELLS_TEXT "512"
#define TB_NO_CELL 0xFFFF    /* "no such cell" in neighbour tables */
#define TB_NO_TILE 255       /* "no such tile" in tile tables */
#define TB_MAX_PIECE_TYPES 16 /* a cell's byte holds the owner and the type (state.h) */
#define TB_MAX_DIRS 8        /* absolute directions of a topology */
#define TB_MAX_RULES 64      /* move rules over all piece types */
#define TB_LINE_STEP_RULES 4 /* step rules the line playouts keep tables for */
#define TB_SLIDE_AXES 4      /* axes (a direction and its opposite) of the sliding playouts' lines */
#define TB_SLIDE_CLASSES 8   /* (rule, player) pairs whose slides the sliding playouts count */
#define TB_SLIDE_COUNTS 65536 /* bytes of their stop tables (a table starts at a 16-bit offset) */
#define TB_SLIDE_LINE 12     /* the longest line they read at once */
#define TB_SLIDE_WORDS 16    /* words of 64 bits holding the lines of every axis */
#define TB_START_IMAGE 5376 /* bytes of the start position kept (a state; state.c checks) */
#define TB_MAX_LEAP_TABLES 8 /* leap rules whose landing cells come from a table (the others compute them) */
#define TB_MAX_ENDS 16       /* end conditions */
#define TB_MAX_OPTIONS 16
#define TB_MAX_REGIONS 16
#define TB_MAX_CRITERIA 8    /* max-capture criteria */
#define TB_MAX_PROMOTIONS 8
#define TB_MAX_CLAUSES 160   /* located clauses (rules, promotions, criteria, ends) */
#define TB_MAX_FILES 10      /* rule files of one game (a variant and its bases: VARIANT_MAX_DEPTH + 1) */
#define TB_FILE_NAME_MAX 4096 /* bytes of a rule file's path, with the NUL: any path open() takes (PATH_MAX) */
#define TB_ANY_DISTANCE 255  /* hop distances: no upper bound */
#define TB_MAX_START TB_MAX_CELLS /* placements in the start position */
#define TB_GAME_NAME_MAX 64  /* bytes of a bundled game's name, with the NUL (load_bundled_name) */
#define TB_NAME_LEN 24
#define TB_MAX_PLAYERS 4     /* players a game may declare; arrays kept per player have this many */
#define TB_COUNTERS 2        /* per-player counter slots in a position (state_header.counter):
                              * the courier and tile rules may both keep one */
#define TB_NO_COUNTER 255    /* a rule's counter slot when the game does not keep that counter */
#define TB_COUNTER_KEYS 64   /* hashing keys per counter: a counter's value modulo this picks its key */
#define TB_FLAGGED_CELLS 64  /* cells that can carry a flag (state_header.flagged) */
#define TB_WORDS_LEN 48     /* the words of a result, as "wins three points" */
#define TB_MAX_ALIASES 4    /* other names of a game, `(aliases ...)` */

/* A cell's index. */
typedef uint16_t cell_id;

/* A set of piece types: bit t is type t (TB_MAX_PIECE_TYPES bits). */
typedef uint16_t typeset;

#define TB_CELL_WORDS (TB_MAX_CELLS / 64)
#define TB_PLACE_MAX_LINES 512 /* lines of cells a placing game's playouts keep as words (playout_place.c) */
#define TB_MAX_LINE_RUNS 256  /* runs of N cells on a 64-cell board: 64 cells x 4 axes */
#define TB_MAX_RUNS_THROUGH 32
#define TB_MAX_RUN_TABLES 2    /* lengths of lines read as bit sets; more are walked */

/* A set of cells: bit i is cell i. */
typedef struct cellset {
    uint64_t w[TB_CELL_WORDS];
} cellset;

/* Where the sliding playouts read a count of stops: the bits from shift on
 * of a word of lines, under mask, index the table at base. */
typedef struct slide_read {
    uint16_t base, mask;
    uint8_t shift, word;
} slide_read;

/* The bits set in X: the processor's instruction where the build may use
 * it, else a few shifts and masks (inline, where the compiler's fallback
 * is a call). */
static inline int bits_count(uint64_t x)
{
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)(x * 0x0101010101010101ull >> 56);
#endif
}

/* Put before a function that counts bits in its loop: on x86-64 with GCC,
 * a second copy for processors with the popcount instruction, chosen once
 * when the program loads (bits_count is a dozen instructions without it). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__POPCNT__)
#define TB_POPCOUNT_CLONES __attribute__((target_clones("default", "popcnt")))
#else
#define TB_POPCOUNT_CLONES
#endif

static inline int cellset_has(const cellset *s, int cell)
{
    return (int)((s->w[cell >> 6] >> (cell & 63)) & 1u);
}
static inline void cellset_add(cellset *s, int cell)
{
    s->w[cell >> 6] |= (uint64_t)1 << (cell & 63);
}
static inline int cellset_empty(const cellset *s)
{
    uint64_t any = 0;
    for (int w = 0; w < TB_CELL_WORDS; w++) any |= s->w[w];
    return any == 0;
}
/* OUT = S with every cell c moved to c + K (cells past either end dropped),
 * over the first NW words (the others are left alone). */
static inline void cellset_shift(const cellset *s, int k, cellset *out, int nw)
{
    if (nw == 1) { /* boards of 64 cells or fewer: no offset reaches 64 */
        out->w[0] = k >= 0 ? s->w[0] << k : s->w[0] >> -k;
        return;
    }
    int words = k / 64, bits = k % 64;
    for (int w = 0; w < nw; w++) {
        int from = w - words; /* the word that lands on w, and the ones beside it for the carried bits */
        uint64_t v = from >= 0 && from < nw ? s->w[from] : 0;
        uint64_t low = from - 1 >= 0 && from - 1 < nw ? s->w[from - 1] : 0;
        uint64_t high = from + 1 >= 0 && from + 1 < nw ? s->w[from + 1] : 0;
        if (bits > 0) out->w[w] = v << bits | low >> (64 - bits);
        else if (bits < 0) out->w[w] = v >> -bits | high << (64 + bits);
        else out->w[w] = v;
    }
}

static inline void cellset_remove(cellset *s, int cell)
{
    s->w[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
}

typedef enum topology_kind { TOPO_SQUARE, TOPO_TRACK, TOPO_TILES } topology_kind;

/* The eight compass directions of a square board, clockwise from north. */
enum { DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW };

/* Which links join the cells of a square grid: a board of another shape is
 * the same grid with some links absent (and some cells unplayable). */
typedef enum grid_kind {
    GRID_SQUARES,             /* eight compass neighbours */
    GRID_HEX,                 /* hexagonal cells: n ne e s sw w; never se or nw */
    GRID_ALTERNATE,           /* points on lines: diagonals only where column + row is even */
    GRID_LINES,               /* points on the lines a rule file names (`lines`) */
} grid_kind;

typedef enum rule_kind {
    RULE_STEP,    /* to a neighbouring cell */
    RULE_HOP,     /* over an enemy piece along a line, perhaps chained */
    RULE_SLIDE,   /* along a line over empty cells */
    RULE_ADVANCE, /* along the player's path by a die */
    RULE_PLACE,   /* a piece from the player's supply onto an empty cell */
    RULE_FLY,     /* to any empty cell */
    RULE_LEAP,    /* to the cell a fixed offset away, whatever stands between */
    RULE_SOW,     /* empty a pit and sow its seeds one by one along the loop (ruleset.sow) */
    RULE_REMOVE,  /* a piece of the type (the mover's, or with remove_enemy the opponent's) taken off the board */
} rule_kind;

/* move_rule.hand_cond: the rule applies only while the mover's supply of the
 * piece's type is ... */
enum { HAND_ANY, HAND_EMPTY, HAND_NOT_EMPTY };

/* move_rule.line_capture: what a capturing step takes. */
enum { LINE_APPROACH = 1, LINE_WITHDRAWAL = 2 };

typedef enum slide_limit {
    SLIDE_MAX_FIXED,      /* at most max_value cells */
    SLIDE_MAX_ROW_OTHERS, /* at most the number of other pieces on the mover's row */
} slide_limit;

/* Where a clause of the rule file is: every move rule, promotion, capture
 * criterion, end condition and announcement keeps one, so that messages,
 * analysis and results can point at the line that decided something. A
 * clause an option switched off (`if:`/`unless:`) is kept too, marked off. */
typedef struct clause_loc {
    uint8_t file;             /* index into ruleset.files */
    uint16_t line, col;       /* 1-based */
    char what[TB_NAME_LEN];   /* the clause's head (`hop`, `no-progress`, ...) */
    char option[TB_NAME_LEN]; /* the option that switches it on or off, or "" */
    uint8_t off;              /* switched off by that option: it can never fire */
} clause_loc;

/* One way a piece type moves. Directions and regions are resolved per player
 * at compile time, so the generator never asks what "forward" means. */
typedef struct move_rule {
    uint8_t kind;             /* rule_kind */
    uint8_t piece;            /* piece type index */
    uint8_t ndirs[TB_MAX_PLAYERS]; /* directions per player (index player-1) */
    uint8_t dirs[TB_MAX_PLAYERS][TB_MAX_DIRS];
    uint8_t from_any;         /* 1: applies from every cell (from[] unused); place: onto every cell */
    uint8_t land_on_enemy;    /* step, slide, leap: may end on an enemy piece, capturing it */
    uint8_t only_enemy;       /* ... and only there (`to:enemy`): it never moves to an empty cell */
    uint8_t passable;         /* slide: the cells it passes over may be taken `en-passant` on the next turn */
    uint8_t screen;           /* slide: captures only over exactly one piece (of either side), the first beyond */
    uint16_t en_passant_clause; /* its `en-passant` word's clause + 1 (coverage counts those captures), or 0 */
    uint8_t en_passant;       /* step to:enemy: may also land on a cell an enemy slide just passed over,
                               * capturing the piece that passed */
    uint8_t lame;             /* leap: blocked by a piece on its first cell (one step along the longer leg) */
    uint8_t nleaps[TB_MAX_PLAYERS]; /* leap: its offsets per player, columns and rows (every turn and reflection of one;
                               * with `forward`, those going the player's way along their longer leg) */
    int8_t leaps[TB_MAX_PLAYERS][8][2];
    int8_t leap_table;        /* leap: its row of rs->leap_ok, or -1 (bounds checked cell by cell) */
    uint8_t has_within;       /* the move must end in within[] */
    cellset within[TB_MAX_PLAYERS]; /* ... per player */
    typeset over_types;       /* hop: bit t set when enemy type t may be jumped */
    uint8_t chain;            /* hop: the piece keeps jumping while it can */
    uint8_t before_min, before_max; /* hop: cells from the mover to the jumped piece (max TB_ANY_DISTANCE: any) */
    uint8_t after_min, after_max;   /* hop: cells from the jumped piece to the landing cell */
    uint8_t no_reverse;       /* hop: no jump of a chain goes straight back the way the last one came */
    uint8_t straight;         /* hop: every jump of a chain goes the way its first one went */
    uint8_t may_stop;         /* hop, step with line_capture: a chain may stop after any capture (each of its
                               * prefixes is a move) */
    uint8_t line_capture;     /* step: LINE_APPROACH and/or LINE_WITHDRAWAL: the step takes the line of enemy
                               * pieces in front of its arrival cell or behind its departure cell */
    uint8_t no_revisit;       /* step with line_capture and chain: never back on a cell the piece stood on this move */
    uint8_t turn;             /* step with line_capture and chain: never two steps in a row in one direction */
    uint8_t dir_bits[TB_MAX_PLAYERS]; /* step with line_capture: dirs[] as bits 1 << DIR_*, per player */
    uint8_t remove_enemy;     /* remove: the piece taken off is the opponent's (else the mover's own) */
    uint8_t next_to_empty;    /* remove: only a piece with an empty neighbour in one of dirs[] */
    uint8_t slide_limit;      /* slide: slide_limit */
    int16_t max_value;        /* slide: the fixed maximum */
    uint8_t file_limit;       /* place: at most this many of the player's pieces of the type on a column after it (0: any) */
    uint8_t no_mate;          /* place: never where it leaves the opponent's royal piece attacked with no move */
    uint8_t gravity;          /* place: a direction (DIR_*): only onto a cell whose neighbour that way is
                               * off the board or occupied (the lowest empty cell of a column); 255: none */
    uint8_t outflank_sets;    /* place with outflank: every direction has a fixed offset (rs->dir_delta): found on sets */
    uint8_t outflank;         /* place: only where it encloses, in one of dirs[], a line of enemy pieces
                               * ended by one of the mover's; every line it encloses changes side */
    uint8_t hand_cond;        /* HAND_*: only while the mover's supply of the type is empty, or not */
    uint8_t conditional;      /* hand_cond, a pieces range or a ply range is set: checked before the rule generates */
    uint16_t pieces_min, pieces_max; /* only while the mover has this many pieces on the board */
    uint32_t ply_min, ply_max; /* only on these moves of the game, the first move being 1 */
    uint8_t unmoved;          /* only for a piece that has not moved yet (its MARK_MOVED unset) */
    uint8_t shoot;            /* slide: after it, a piece of type shoot_type lands on an empty cell a slide
                               * in the same directions reaches from where the piece stopped */
    uint8_t shoot_type;
    uint16_t clause;          /* its place in the rule file (ruleset.clauses) */
    cellset from[TB_MAX_PLAYERS]; /* cells the rule applies from, per player; place: the cells it places on */
    cellset never_enter[TB_MAX_PLAYERS]; /* cells a slide may not end on, per player */
    uint8_t has_never_enter;  /* never_enter holds a cell for either player */
} move_rule;

/* What a man does on reaching its promotion region in the middle of a
 * capture chain. */
typedef enum mid_chain {
    MID_CHAIN_ENDS,           /* promoted there, and the chain stops */
    MID_CHAIN_CROWNS,         /* promoted there, and goes on capturing as the new type */
    MID_CHAIN_PASSES,         /* goes on as it is; promoted only if the move ends in the region */
} mid_chain;

typedef struct promotion {
    uint8_t from, to;         /* piece types (to: the first of the choices) */
    typeset choices;          /* bit t: the player may choose type t (more than one bit: one move each) */
    uint8_t mid_chain;        /* mid_chain */
    uint8_t optional;         /* the player may decline it (one move each way), but where forced[] */
    uint8_t leaving;          /* also a move that starts in where[] */
    uint16_t clause;
    cellset where[TB_MAX_PLAYERS]; /* per player */
    cellset forced[TB_MAX_PLAYERS]; /* optional: where it must be taken all the same */
} promotion;

typedef enum criterion_kind {
    CRIT_MOST_CAPTURED,       /* most pieces captured (of `piece`, or of any type when 255) */
    CRIT_PREFER_MOVER,        /* moves made by `piece` first */
    CRIT_MOST_VALUE,          /* the greatest sum of `value` over the captured pieces */
    CRIT_EARLIEST,            /* a piece of type `piece` captured as early in the chain as possible */
} criterion_kind;

typedef struct criterion {
    uint8_t kind;             /* criterion_kind */
    uint8_t piece;            /* a piece type, or 255 for any */
    uint16_t clause;
    int32_t value[TB_MAX_PIECE_TYPES]; /* most-value: the worth of each type */
} criterion;

typedef enum end_kind {
    END_NO_PIECES,            /* a player with no pieces: outcome for them */
    END_BLOCKED,              /* the player to move has no move: outcome for them */
    END_NO_PROGRESS,          /* `moves` consecutive quiet moves: draw */
    END_REACH,                /* the mover put a piece in region: mover wins */
    END_ALL_OFF,              /* every piece in the off place: win (double when ...) */
    END_REPETITION,           /* `moves` occurrences of a position: draw */
    END_MATERIAL,             /* a material balance held for `moves` plies: draw */
    END_MATERIAL_WIN,         /* a material balance: the player with the first side wins */
    END_LINE,                 /* the mover made a line of `moves` pieces (exactly, with `exact`): mover wins */
    END_CONNECT,              /* the mover's pieces link region[p] to other[p]: mover wins */
    END_STALEMATE,            /* the player to move has no move and their royal piece is not attacked */
    END_NO_TYPE,              /* a player left with no piece of type `piece`: outcome for them */
    END_PITS_EMPTY,           /* after a move, a player's pits are all empty: the game is counted */
    END_STORED,               /* a player with `moves` seeds or more in their store: outcome for them */
    END_CANNOT_FEED,          /* the player to move cannot give the opponent, who has no seeds, any: counted */
    END_FEWER_PIECES,         /* a player with fewer than `moves` pieces, on the board and to place: outcome for them */
    /* track games (compile_track.c) */
    END_PINNED_ON_START,      /* a player's last piece on their starting point is pinned: they lose */
} end_kind;

/* One side of a material balance: how many pieces a player has, in all and
 * of some types. */
typedef struct material_side {
    uint16_t total_min, total_max;
    uint8_t ntypes;
    uint8_t type[TB_MAX_PIECE_TYPES];
    uint16_t type_min[TB_MAX_PIECE_TYPES], type_max[TB_MAX_PIECE_TYPES];
    uint8_t in_region[TB_MAX_PIECE_TYPES];  /* count only the pieces in region[] of the end rule ... */
    uint8_t region_index[TB_MAX_PIECE_TYPES]; /* ... this one (index into ruleset.regions) */
} material_side;

typedef enum outcome_kind {
    OUT_WINS, OUT_LOSES, OUT_DRAW,
    OUT_MOST_PIECES,          /* the player with more pieces on the board wins; as many: a draw */
    OUT_MOST_CAPTURED,        /* the player who has captured more pieces wins; as many: a draw */
} outcome_kind;

/* The runs of N linked cells of a board of at most 64 cells whose links
 * go both ways, as bit sets: a piece stands in a line of N or more exactly
 * when one of the runs through its cell is all its owner's, and in a line
 * of exactly N when, besides, neither cell just beyond that run is
 * (movegen_runs_prepare). */
typedef struct line_runs {
    uint8_t n;
    uint16_t nruns;
    uint64_t run[TB_MAX_LINE_RUNS];
    uint64_t beyond[TB_MAX_LINE_RUNS]; /* the cells just beyond each end of the run */
    uint8_t nthrough[64];
    uint8_t through[64][TB_MAX_RUNS_THROUGH];
} line_runs;

typedef struct end_rule {
    uint8_t kind;             /* end_kind */
    uint8_t outcome;          /* outcome_kind, for the player the condition is about */
    uint16_t moves;           /* no-progress, material: plies; repetition: occurrences */
    uint8_t reset_capture;    /* no-progress: a capture is progress */
    uint8_t reset_promotion;  /* no-progress: a promotion is progress */
    typeset reset_types;      /* no-progress: a move of these piece types is progress */
    uint16_t clause;
    material_side side[2];    /* material: the two sides, in either colour */
    uint16_t total_min, total_max; /* material: pieces of both players together */
    uint8_t double_if_none_off; /* all-off: double win when the opponent has none off */
    int8_t place;             /* all-off: the off-board place */
    uint8_t triple;           /* all-off: a double win is triple when the loser has a piece ... */
    uint8_t triple_places;    /* ... in one of these places (bit per off-board place) or ... */
    uint8_t score;            /* pinned-on-start: the winner's score */
    uint8_t exact;            /* line: a longer line does not count */
    int8_t runs;              /* line: its runs as bit sets (rs->runs), or -1: the cells are walked */
    uint8_t perpetual_loses;  /* repetition: a player who checked with every move of the cycle loses */
    int8_t piece;             /* reach: only a piece of this type counts (-1: any); no-type: the type */
    cellset region[TB_MAX_PLAYERS]; /* reach; all-off: ... in this region of the winner (index winner-1); connect: one end */
    cellset other[TB_MAX_PLAYERS]; /* connect: the other end */
} end_rule;

typedef enum option_kind {
    OPTION_INT,               /* an integer, from a list or a range */
    OPTION_WORDS,             /* one of a list of words */
    OPTION_BOOL,              /* `on` or `off` */
} option_kind;

typedef struct option_value {
    char name[TB_NAME_LEN];   /* as declared */
    uint8_t kind;             /* option_kind */
    int is_int;               /* integer option (kind OPTION_INT) */
    long value;               /* the integer value */
    char word[TB_NAME_LEN];   /* the value of a word option */
    char doc[96];             /* its description */
    char def[TB_NAME_LEN];    /* the default, as text */
    char allowed[96];         /* the allowed values, as text */
} option_value;

typedef struct named_region {
    char name[TB_NAME_LEN];
    cellset cells[TB_MAX_PLAYERS];
} named_region;

typedef struct placement {
    cell_id cell;
    uint8_t owner, type, count;
} placement;

/* Bearing off with a die larger than the distance to the end of the path. */
/* Sowing: a loop of at most this many cells (bits of a word). */
#define TB_MAX_LOOP 64
/* Captures after sowing. */
enum {
    SOW_CAPTURE_NONE,
    SOW_CAPTURE_OPPOSITE,  /* the last seed in an empty pit of the mover's: it and the opposite pit's seeds */
    SOW_CAPTURE_COUNTS,    /* the last seed in an enemy pit that then holds one of `counts`, and the pits
                            * before it that do too */
};
enum { SLAM_ALLOWED, SLAM_NO_CAPTURE, SLAM_FORBIDDEN };

typedef enum overshoot_kind {
    OVERSHOOT_NEVER,              /* exact count only */
    OVERSHOOT_ALWAYS,             /* any larger die */
    OVERSHOOT_FROM_HIGHEST,       /* only with no piece farther from the end */
} overshoot_kind;

/* The rules that constrain or extend the `advance` primitive, one bit each
 * in track_rules.in_force, set by the form's compile function. What each
 * asks of the generator is a row of advance_props (movegen_advance.c): the
 * generator derives from the rules in force whether one sub-move can take
 * another's legality away (`monotone`), which copy of it runs, and whether
 * the race playouts can play the game; nothing is listed twice. */
typedef enum advance_rule {
    ADV_SINGLE,        /* advance single: a point holds one piece */
    ADV_SAFE,          /* advance safe: points whose piece is not hit */
    ADV_BEAR_ANYWHERE, /* bear-off without when-all-in: pieces still to enter do not stop it */
    ADV_ENTER_WITH,    /* enter with: only one die value enters */
    ADV_ROLL_AGAIN,    /* roll-again: playing a value throws again */
    ADV_LEAVE_START,   /* leave-start: a quota of pieces leaving the start each turn */
    ADV_COURIER,       /* courier: the start is left only when every other piece is on it, until one arrives */
    ADV_STACK_LIMIT,   /* stack-limit: few points of a region with tall stacks */
    ADV_PRIME,         /* prime-limit: a run of held points needs an enemy piece ahead */
    ADV_PROTECT,       /* protected: a run of pieces along their path is not hit */
    ADV_BLOCKADE,      /* blockade: a run of enemy pieces is not passed */
    ADV_MUST_STOP,     /* must-stop: points a piece cannot pass over */
    ADV_SWAP,          /* advance swap: a hit piece takes the point the mover left */
    ADV_BACK,          /* back-from: a lone piece landing there goes back */
    ADV_RULES          /* how many */
} advance_rule;

/* Track games (a ring of points, dice, stacks): filled by compile_track.c. */
#define TB_MAX_PIN_POINTS 64      /* pinning needs a track of at most this many points */
typedef struct track_rules {
    uint8_t on;                   /* the board has paths and off-board places (topology_track.c): the
                                   * `advance` primitive's generator and effects run (movegen_advance.c,
                                   * effect_advance.c) */
    uint8_t blocked_by;           /* advance: this many enemy pieces block a point (0: never) */
    uint8_t hit;                  /* advance: exactly this many enemy pieces are hit (0: never) */
    uint8_t pin;                  /* advance: a lone enemy piece landed on is pinned under the mover */
    int8_t bar;                   /* off-board place pieces re-enter from, or -1 */
    int8_t off;                   /* off-board place pieces are borne off to, or -1 */
    uint8_t enter_first;          /* pieces in the bar enter before any other piece moves */
    uint8_t enter_with;           /* enter with: only a die of this value enters, onto own point 1 (0: any die) */
    uint8_t again_value;          /* roll-again: playing a die of this value throws again (0: never) ... */
    uint8_t again_most;           /* ... at most this many times in a row; the next throw of it is forfeit */
    uint8_t dice_max;             /* a turn uses as many dice as it can */
    uint8_t then_larger;          /* ... and when one of two dice only, the larger one */
    uint8_t dice_use_given;       /* compile: `(dice-use ...)` was seen */
    uint8_t courier;              /* the courier rule is in force */
    uint8_t arrival_counter;      /* courier: the counter slot of each player's "has arrived" flag,
                                   * or TB_NO_COUNTER */
    uint8_t stack_limit;          /* the stacking limit is in force */
    uint8_t stack_points, stack_height;
    uint8_t overshoot;            /* overshoot_kind */
    uint8_t prime;                /* 0, or a run of this many held points needs an enemy piece ahead */
    uint8_t prime_until_gathered; /* ... or rather, the run is allowed but must be opened once every
                                   * enemy piece left stands on the point just behind it */
    uint8_t start_per_turn;       /* 0, or pieces that may leave the starting point in a turn ... */
    uint8_t start_first_turn;     /* ... in the player's first turn after one of these doubles: */
    uint32_t start_doubles;       /* bit v: a double of v */
    uint32_t in_force;            /* bit k: rule k of advance_rule is in force (the compile functions) */
    uint8_t monotone;             /* no rule in force lets one sub-move take away another's legality:
                                   * the dice-use check may count instead of search (derived from in_force) */
    uint8_t single;               /* advance single: a point holds one piece (never lands on its own) */
    uint8_t any_safe;             /* advance safe: some point's enemy piece cannot be landed on */
    uint8_t any_extra;            /* advance extra-turn: ending a turn on some point rolls again */
    uint8_t start_bar[TB_MAX_PLAYERS];         /* pieces of each player in the bar at the start (start off the board) */
    int8_t start_place;           /* compile: the off-board place the start puts them in, or -1 */
    uint8_t bear_anywhere;        /* bear-off without when-all-in: pieces on the bar do not stop it */
    uint8_t extras;               /* a rule in force that the plain generator does not test (derived) */
    /* The race rules (movegen_advance.c's third copy of its generator; compile_track_race.c). */
    uint8_t race;                 /* a rule in force that only the race generator tests (derived) */
    uint8_t race_playable;        /* every rule in force is one the race playouts play (derived) */
    uint8_t swap;                 /* advance swap: a hit piece goes to the point the mover left */
    uint8_t protect;              /* 0, or a run of this many pieces along their path cannot be hit */
    uint8_t blockade;             /* 0, or a run of this many enemy pieces cannot be passed */
    uint8_t any_must_stop;        /* advance must-stop: some point cannot be passed over */
    uint8_t any_back;             /* advance back-from: a move ending there sends the piece back */
    uint32_t extra_throw;         /* advance extra-throw: bit v: a sub-move of a die of v rolls again */
    cellset must_stop[TB_MAX_PLAYERS];       /* advance must-stop: a piece lands on these points, never passes them */
    cellset back_from[TB_MAX_PLAYERS];       /* advance back-from: a piece that ends here goes back to ... */
    cell_id back_to;              /* ... this point, or the nearest free point before it on its path */
    cellset safe[TB_MAX_PLAYERS];            /* advance safe: the pieces on these points (as the mover sees them) are never landed on */
    cellset extra_turn[TB_MAX_PLAYERS];      /* advance extra-turn: a sub-move ending here gives the mover another roll */
    clause_loc dice_use_loc;      /* where `(dice-use ...)` is (line 0: none), for `tabula why` */
    clause_loc leave_start_loc;   /* where `(leave-start ...)` is (line 0: none) */
    clause_loc enter_loc;         /* where `(enter ...)` is (line 0: none) */
    clause_loc courier_loc;       /* where `(courier ...)` is (line 0: none) */
    clause_loc stack_loc;         /* where `(stack-limit ...)` is (line 0: none) */
    clause_loc prime_loc;         /* where `(prime-limit ...)` is (line 0: none) */
    clause_loc bear_off_loc;      /* where `(bear-off ...)` is (line 0: none) */
    cellset courier_region[TB_MAX_PLAYERS];    /* reaching it lifts the courier rule */
    cellset stack_region[TB_MAX_PLAYERS];      /* where the stacking limit holds */
    cellset bear_region[TB_MAX_PLAYERS];       /* every piece must be here (or off) to bear off */
    uint8_t piece;                /* the piece type that advances (stacks and places hold it) */
    uint16_t len[TB_MAX_PLAYERS];              /* points on each player's path */
    uint8_t advance_rule;         /* the index of its `advance` rule */
    cell_id path[TB_MAX_PLAYERS][TB_MAX_CELLS]; /* path[p][k]: the cell of player p+1's own point k+1 */
    uint16_t rank[TB_MAX_PLAYERS][TB_MAX_CELLS]; /* rank[p][cell]: k where path[p][k] is cell, or TB_NO_RANK */
} track_rules;

/* Marks RULE of the `advance` primitive in force in T when ON. */
static inline void advance_in_force(track_rules *t, advance_rule rule, int on)
{
    if (on) t->in_force |= 1u << rule;
}

#define TB_NO_RANK 0xFFFF

/* Tile games (fields on removable tiles): filled by topology_tiles.c (on)
 * and compile_tiles.c, run by the one engine of cell boards
 * (effect_tiles.c, hook_tile_collapse.c). */
typedef struct tiles_rules {
    uint8_t on;                   /* the board is of removable tiles: the fields of the tiles gone
                                   * (state.h.removed_groups) are off the board */
    uint8_t held_counter;         /* the counter slot of the tiles each player holds (collected),
                                   * or TB_NO_COUNTER */
    uint8_t exchange_cost;        /* collected tiles per exchange; 0: no exchange */
    uint8_t enclosure;            /* capture by enclosure */
    uint8_t collapse;             /* the tile-collapse hook is in force */
    uint8_t max_sides;            /* tile-collapse: most sides a loose tile touches */
    uint8_t one_run;              /* tile-collapse: the sides must form one run */
    uint8_t cascade;              /* tile-collapse: a removal examines the tiles next to it */
    uint8_t collect_after_move;   /* tile-collapse: the mover collects after a move */
    uint8_t recheck_captures;     /* tile-collapse: captures next to removed tiles */
    uint64_t loose_sides;         /* tile-collapse: bit m set when an empty tile touching the
                                   * board by the sides of mask m (bit d: side d) is loose */
} tiles_rules;

/* A set of at most 128 cells, for whole-board operations (a GCC and Clang
 * extension, as in most game engines). A cell's place in the set is its bit
 * (square_bitboards.bit_of), not always its index: see movegen_bitboard.c. */
typedef unsigned __int128 bitboard;

#define BB_NO_BIT 255 /* square_bitboards.bit_of: the cell has no bit in the sets */

/* One direction of one step or short-hop rule, for the bitboard generator:
 * every piece of the type in MASK moves by SHIFT cells (a jump: the piece
 * jumped is SHIFT away, the landing cell twice as far). */
typedef struct bb_op {
    bitboard mask;     /* the rule's cells from which every cell the move needs is on the board */
    int16_t shift;     /* the bit of a cell's neighbour in the direction, minus the cell's */
    uint8_t rule;      /* index into rules[] */
    uint8_t dir;       /* the direction */
    typeset over;      /* jumps: bit t set when enemy type t may be jumped */
    uint8_t over_all;  /* jumps: every type may be jumped */
    uint8_t takes;     /* steps: may land on an enemy piece; jumps: the rule chains */
} bb_op;

#define TB_MAX_BB_OPS (TB_MAX_RULES * 4)

/* The bitboard generator's tables (movegen_bitboard.c), for square boards
 * whose playable cells fit 128 bits: each type's steps and short jumps, per
 * player, as flat lists of operations on sets. */
typedef struct square_bitboards {
    int ok;                        /* the board is small enough: the generator is used */
    int words;                     /* 64-bit words a set needs: 1 or 2 */
    int sets_kept;                 /* every cell a piece may stand on has a bit: state.typed is whole */
    uint8_t bit_of[TB_MAX_CELLS];  /* each cell's bit in the sets, or BB_NO_BIT */
    cell_id cell_of[128];          /* the cell of each bit (ghost bits: TB_NO_CELL) */
    int short_chains;              /* every hop of the game is a short jump: chains are followed on sets too */
    int straight_sets;             /* every moving type has one rule, a `straight` chain of short jumps from any
                                    * cell, and none promotes: the chains of all pieces are found a direction at
                                    * a time, on sets */
    bitboard playable;
    uint8_t quiet_fast[TB_MAX_PIECE_TYPES]; /* the type's quiet moves are steps only, none repeated */
    uint8_t has_hop[TB_MAX_PIECE_TYPES];    /* the type has a hop rule */
    uint8_t has_long_hop[TB_MAX_PIECE_TYPES]; /* ... that is not a short jump */
    uint8_t has_takes[TB_MAX_PIECE_TYPES];  /* the type has a step that lands on enemy pieces */
    bitboard promotes[2][TB_MAX_PIECE_TYPES]; /* cells where a piece of the type is promoted, per player */
    uint16_t step_first[2][TB_MAX_PIECE_TYPES + 1]; /* steps of type t: step[p][step_first[p][t] ..] */
    uint16_t jump_first[2][TB_MAX_PIECE_TYPES + 1];
    bb_op step[2][TB_MAX_BB_OPS];
    bb_op jump[2][TB_MAX_BB_OPS];
} square_bitboards;

struct ruleset;
struct state;
struct move;
struct move_list;
struct undo_record;

/* The engine's four entry points. There is one engine (engine_square.c's
 * table, for every board); the other tables are the same functions without
 * some of its dispatch, which engine_ops_for() in engine.c picks from the
 * rules at compile time (docs/engine.md, "One engine"). */
typedef struct engine_ops {
    /* The legal moves of the player to move, into OUT (grown as needed; its
     * error set, and 0 returned, when it cannot hold them); 0 when the game
     * is over. Returns the count, also in OUT->n. */
    int (*legal)(const struct ruleset *rs, const struct state *st, struct move_list *out);
    /* Plays a move (journal J may be NULL) and decides what can be decided at once. */
    void (*apply)(const struct ruleset *rs, struct state *st, const struct move *m, struct undo_record *j);
    /* With NLEGAL legal moves: 1 when the game is over (ending it if NLEGAL is 0),
     * 0 when the player has moves, -1 when the turn passed and moves must be
     * generated again (dice games: no die can be played). */
    int (*settle)(const struct ruleset *rs, struct state *st, int nlegal);
    /* The notation of a move. */
    void (*notation)(const struct ruleset *rs, const struct move *m, char *buf, int size);
} engine_ops;

typedef struct ruleset {
    char title[64];               /* the game's name */
    uint8_t nplayers;             /* players declared, 2 .. TB_MAX_PLAYERS (engines other than the track refuse more than 2) */
    uint8_t ncounters;            /* per-player counter slots the rules use (compile.c: allocate_counters) */
    char player_label[TB_MAX_PLAYERS][TB_NAME_LEN];
    /* `(teams [1 3] [2 4])`: the team of each player (1 ..), 0 without teams;
     * partners never hit each other and win together (track boards only). */
    uint8_t nteams;
    uint8_t team[TB_MAX_PLAYERS];
    /* `(words ...)`: what follows "player N" for a win scoring 1, 2 and 3
     * ("wins", "wins twice over", ...), and other names of the game. */
    char result_words[3][TB_WORDS_LEN];
    char aliases[TB_MAX_ALIASES][TB_NAME_LEN];
    int naliases;
    /* `(words (captures ends))`: capture chains are shown by their two ends
     * where no other legal capture shares them (move_display). */
    uint8_t capture_ends;
    uint8_t written_shown;        /* `(point-numbers ...)` given: hints and pages write moves as players do */
    uint8_t mover_numbers;        /* `(point-numbers mover)`: written moves count each player's own points */

    /* topology */
    uint8_t topology;             /* topology_kind */
    int ncells;
    int width, height;            /* square: columns and rows; tiles: tiles and fields per tile */
    char cell_name[TB_MAX_CELLS][16];
    uint8_t cell_col[TB_MAX_CELLS], cell_row[TB_MAX_CELLS]; /* square: 0-based */
    uint8_t nbr_bits[TB_MAX_CELLS]; /* square boards with line captures: bit d set when nbr[cell][d] is a cell */
    uint8_t ndirs;                /* absolute directions in nbr */
    cell_id nbr[TB_MAX_CELLS][TB_MAX_DIRS]; /* the playable neighbour in each direction, or TB_NO_CELL */
    cell_id ray[TB_MAX_CELLS][TB_MAX_DIRS]; /* square: the next cell in each direction, playable or not */
    uint8_t forward[TB_MAX_PLAYERS];         /* square: each player's forward direction */
    uint8_t grid;                 /* square: grid_kind, the links of the grid */
    uint8_t hexagon;              /* square, GRID_HEX: a hexagon; the unplayable cells are off the board */
    cellset playable;             /* cells in play */
    int ntiles;                   /* tiles: number of tiles */
    char tile_name[64][16];
    uint8_t cell_tile[TB_MAX_CELLS];   /* tiles: the tile a field lies on */
    uint8_t cell_colour[TB_MAX_CELLS]; /* tiles: index into the colours list */
    cell_id edge[TB_MAX_CELLS][3];     /* tiles: edge neighbours, or TB_NO_CELL */
    uint8_t tile_side[64][6];          /* tiles: the tile across each side, or TB_NO_TILE */
    char colour_name[4][TB_NAME_LEN];
    int ncolours;
    uint8_t player_colour[TB_MAX_PLAYERS]; /* tiles: the colour each player's pieces use */
    int track_start[TB_MAX_PLAYERS];           /* track: cell index of each player's own point 1 */
    int track_step[TB_MAX_PLAYERS];            /* track: +1 when the path runs up the point numbers, -1 down */
    int track_len[TB_MAX_PLAYERS];             /* track: points on the player's path */
    uint8_t track_listed[TB_MAX_PLAYERS];      /* track: the player's path is a list of points (`path:`) */
    uint8_t track_grid;           /* track: its points are the cells of a grid (`track-grid`), drawn as one */
    char offboard[4][TB_NAME_LEN];
    int noffboard;

    int npiece_types;
    char piece_name[TB_MAX_PIECE_TYPES][TB_NAME_LEN];

    int nregions;
    named_region regions[TB_MAX_REGIONS];

    int nstart;
    placement start[TB_MAX_START];

    int dice_count, dice_faces, dice_doubles_repeat;
    int dice_doubles;             /* 0, or the moves a double gives (of its value) */
    int dice_first_no_double;     /* the first roll of a game is never a double */
    int dice_sum;                 /* `sum`: a roll is one value, the sum of the dice */
    uint8_t dice_face[20];        /* the value each face shows (1..faces unless `faces:`) */
    int dice_faces_given;         /* `faces:` was given (else a face shows its number) */
    int dice_special;             /* dice_sum or dice_faces_given: engine_roll_faces rolls them */
    int dice_values;              /* values a roll gives: 1 when summed, else dice_count */
    int dice_lo, dice_hi;         /* the least and greatest value a roll can give */
    int dice_values_given;        /* `values:`: a summed throw of s counts dice_value[s] */
    uint8_t dice_value[31];
    /* (doubling-cube ...): the stakes a player may double before a roll; read
     * by the front ends (play, match, replay), never by the engine's turns. */
    struct {
        uint8_t on;               /* the rules declare a cube */
        uint8_t beavers;          /* a player doubled may redouble at once, keeping the cube (money play) */
        uint8_t jacoby;           /* money play: double and triple wins count single while the cube is centred */
        uint8_t crawford;         /* match play: no doubling in the game after a player first needs one point */
        uint16_t max;             /* the cube's highest value */
        uint16_t clause;          /* its clause + 1 */
    } cube;

    int nrules;
    move_rule rules[TB_MAX_RULES];
    uint8_t type_may_repeat[TB_MAX_PIECE_TYPES]; /* a slide, or two quiet rules that can make the same move */
    uint8_t type_quiet_overlap[TB_MAX_PIECE_TYPES]; /* two quiet rules of the type can make the same move */
    uint8_t any_chain;            /* some hop rule chains: two paths may take the same pieces */
    uint8_t lines_only;           /* every move rule a step capturing by approach or withdrawal, capture
                                   * mandatory, nothing else to generate: movegen_lines_legal lists the moves */
    uint8_t line_scan;            /* lines_only on at most 64 cells, each neighbour a fixed offset away:
                                   * the pieces that may capture are found on 64-bit sets first */
    int8_t line_off[TB_MAX_DIRS]; /* line_scan: the neighbour in direction d is cell + line_off[d] ... */
    uint64_t line_nbr[TB_MAX_DIRS]; /* ... for the cells of line_nbr[d] (those that have one) */
    struct {                        /* ... and for each cell and direction d, as 64-bit sets (empty: no such cell): */
        uint64_t step[TB_MAX_DIRS]; /* the neighbour in direction d, */
        uint64_t far[TB_MAX_DIRS];  /* the cell beyond it, */
        uint64_t back[TB_MAX_DIRS]; /* and the neighbour in the opposite direction; */
        uint64_t near, reach;       /* the neighbours, and every such cell: the union over d */
    } line_geo[64];
    uint8_t advance_only;         /* every rule `advance`: movegen_advance_legal lists the moves */
    uint8_t steps_fast;           /* every rule a plain step, no bitboards: movegen_steps_legal lists the moves */
    uint16_t steps_per_piece;     /* steps_fast: the most moves one piece can have */
    /* steps_fast: the steps of a piece of player p and type t, each rule's
     * directions in the rules' order, are step_pool[step_first[p][t] ..
     * step_first[p][t + 1]) */
    uint16_t step_first[TB_MAX_PLAYERS][TB_MAX_PIECE_TYPES + 1];
    struct step_entry {
        uint8_t dir, rule;        /* the direction, and the rule that steps that way */
        uint8_t takes;            /* the rule lands on enemy pieces */
        uint8_t from_region;      /* the rule steps from its region only (move_rule.from) */
    } step_pool[TB_MAX_PLAYERS * TB_MAX_RULES * TB_MAX_DIRS];
    typeset moving_types;         /* bit t: type t has a rule that moves a piece on the board */
    uint64_t conditional_rules;   /* bit ri: rules[ri] has conditions on the mover (move_rule.conditional) */
    uint8_t ntype_rules[TB_MAX_PIECE_TYPES];    /* the rules that move each piece type on the board (not `place`) ... */
    uint8_t type_rules[TB_MAX_PIECE_TYPES][TB_MAX_RULES]; /* ... as indices into rules[] */
    int nplayable;                                /* the playable cells ... */
    cell_id playable_cells[TB_MAX_CELLS];         /* ... in order, for generators that scan the board */
    int npromotions;
    promotion promotions[TB_MAX_PROMOTIONS];
    uint8_t promote_at[TB_MAX_PLAYERS][TB_MAX_PIECE_TYPES][TB_MAX_CELLS]; /* promotion index + 1 by player, type and cell; 0: none */
    /* Placing (`place` rules), per-player supplies and turns without a move. */
    uint8_t nplace_rules;         /* the `place` rules ... */
    uint8_t place_rules[TB_MAX_RULES]; /* ... as indices into rules[] */
    typeset place_types;          /* bit t: pieces of type t are placed (the notation names the type when two are) */
    uint8_t nremove_rules;        /* the `remove` rules ... */
    uint8_t remove_rules[TB_MAX_RULES]; /* ... as indices into rules[] */
    cellset edge_of[TB_MAX_DIRS]; /* the playable cells without a neighbour in each direction (gravity's floor) */
    /* Leaps read from tables: for the leap rule with leap_table L, bit k of
     * leap_ok[L][0][p][c] says that player p+1's offset k from cell c lands on a
     * playable cell, of leap_ok[L][1][p][c] that the cell offset k before c exists. */
    uint8_t leap_ok[TB_MAX_LEAP_TABLES][2][TB_MAX_PLAYERS][TB_MAX_CELLS];
    cellset nbr_set[TB_MAX_CELLS];
    /* The start position as state_start makes it, kept once the rules are
     * compiled (start_kept): a playout begins with one copy. */
    uint8_t start_kept;
    _Alignas(16) unsigned char start_image[TB_START_IMAGE]; /* each cell's neighbours, every direction (groups grow by sets) */
    int16_t dir_delta[TB_MAX_DIRS]; /* the neighbour in each direction is cell + delta wherever it exists (0: not so) */
    uint8_t pick_places;          /* every move places a piece, found on sets: playouts pick one (movegen_pick) */
    uint8_t place_playouts;       /* ... and ends by lines, connections or a full board: playouts run on sets
                                   * (playout_place.c) */
    uint8_t place_ends[TB_MAX_PLAYERS][TB_MAX_CELLS]; /* ... a piece of player p + 1 on each cell: bits 2i and
                                   * 2i + 1 when it lies on the one end or the other of the i-th `connect` */
    uint8_t place_connects_only;  /* ... every condition a move may meet is a `connect` */
    uint8_t bits_deposit;         /* the processor finds a word's k-th set bit in one instruction (bits_select.h) */
    uint16_t place_nlines;        /* ... the lines of cells along the four axes (directions d and d + 4), read
                                   * as one word each (0: lines are walked cell by cell): */
    uint16_t place_line[TB_MAX_CELLS][4];    /* ... each playable cell's line along axis d ... */
    uint8_t place_line_pos[TB_MAX_CELLS][4]; /* ... and its bit in that line's word, counted along direction d */
    uint8_t custodial_deferred;   /* a playout finds custodial captures for the move it picks only (movegen_complete) */
    uint8_t sow_deferred;         /* ... and where a sowing ends and what it takes */
    uint8_t complete_later;       /* either: a playout's list leaves moves to complete (move_list.defer) */
    uint8_t pick_slides;           /* every move is a slide that shoots: playouts pick one (movegen_pick_slide) */
    /* Games where some slide shoots: a random move is drawn by rejection
     * (movegen_pick_slide.c, playout_slide.c): a slide uniformly, then a
     * number below shot_bound, kept when it names one of the slide's
     * shots; shot_trials draws at most, then every move counted. */
    uint16_t shot_bound;           /* the most shots one slide can have on this board (0: no rule shoots) */
    uint16_t shot_trials;          /* draws before the count (0: always counted, as the tests ask) */
    uint16_t shot_exact;           /* no draws while the slides are this few or fewer: counted at once */
    uint8_t pick_sowing;           /* every move sows, listed by its pit (sow_deferred): playouts pick one (movegen_pick_sow) */
    uint8_t pick_approach;         /* line_scan and nothing else in the list: playouts pick a step of approach or
                                    * withdrawal, or its chain, without the list (movegen_pick_approach) */
    uint8_t pick_lines;            /* every move steps, flies or places, a line removing a piece (runs as sets):
                                    * playouts pick one (movegen_pick_line) */
    uint64_t pick_line_links[TB_MAX_PLAYERS]; /* ... bit ri: step rule ri goes every way a link goes (rs->nbr_set) */
    uint8_t line_playouts;         /* ... and whole playouts are played on sets, the same games (playout_line.c): */
    uint8_t line_step_slot[TB_MAX_RULES]; /* ... step rule ri's table in line_steps */
    uint64_t line_steps[TB_LINE_STEP_RULES][2][64]; /* ... the cells a step reaches from each cell, within applied */
    uint8_t slide_rays_ok;         /* ... on a board of at most 128 cells, all playable, each direction one fixed offset: */
    uint64_t slide_ray[128][TB_MAX_DIRS][2]; /* the cells of each ray as 128 bits (low word, high word) */
    uint8_t slide_len[128][TB_MAX_DIRS]; /* the cells of each ray (every cell playable: a distance is a count) */
    uint8_t slide_fill_ok;         /* ... no slide shoots or stops short of the board's edge: all a type's slides one way
                                    * are counted at once, by a fill of the type's pieces */
    uint64_t slide_into[TB_MAX_DIRS][2]; /* the cells that are a cell's neighbour in each direction, as 128 bits
                                          * (a fill's shifts land on no other) */
    uint8_t slide_doublings;       /* ... shifts of 1, 2, 4 ... cells a fill takes to cover the longest ray */
    /* Whole random games of sliding games on sets (playout_slide.c), where
     * every move is such a slide and the game ends by reaching, losing a
     * type, being blocked or repetition. The board's lines along each axis
     * (a direction and its opposite) are kept in words of 64 bits, a line's
     * cells consecutive bits of one word; a slide's stops are read from a
     * table by the pattern of pieces on its ray or line. */
    uint8_t slide_playouts;
    /* ... where every move is a slide that shoots: each cell's
     * count of the slides a piece there would have, the pairs of a slide and
     * its shot summed from them (playout_slide.c's shoot_reach) */
    uint8_t slide_shoots;
    uint8_t slide_shoot_rule;      /* ... the rule whose directions those runs follow (all rules share them) */
    struct {
        uint8_t naxes;
        uint8_t axis_of[TB_MAX_DIRS];     /* the axis of each direction a slide goes */
        uint8_t opposite[TB_MAX_DIRS];    /* the other direction of that axis */
        uint8_t back_index[TB_MAX_DIRS];  /* shooting games: the place of that direction among the rule's */
        uint8_t nwords;                   /* the words of lines, whole lines in each */
        uint8_t word[TB_SLIDE_AXES][128]; /* each cell's word on each axis ... */
        uint8_t pos[TB_SLIDE_AXES][128];  /* ... and its bit there */
        uint8_t shift[TB_MAX_DIRS][128];  /* a ray's cells: the bits from shift on (in the cell's word) ... */
        uint16_t mask[TB_MAX_DIRS][128];  /* ... under mask, as a number: the table's index */
        uint8_t class_of[TB_MAX_RULES][2]; /* the tables of rule r for player p + 1 */
        uint16_t base[TB_SLIDE_CLASSES][TB_MAX_DIRS][128]; /* where each ray's table starts in count */
        /* The slides of a piece of type t of player p + 1 are counted by
         * nreads[t][p] reads of read[reads_of[t][p]]: for each of the type's
         * rules, a whole line where the rule goes both ways along it, else a ray. */
        uint8_t nreads[TB_MAX_PIECE_TYPES][2], reads_of[TB_MAX_PIECE_TYPES][2];
        slide_read read[TB_SLIDE_CLASSES][TB_MAX_DIRS][128];
        uint8_t count[TB_SLIDE_COUNTS];   /* the stops of a ray or line, for each pattern of pieces on it */
        slide_read ray_read[TB_MAX_DIRS][128]; /* shooting games: each ray's read of slide_shoot_rule's class, whole */
    } slide_lines;
    /* Whole random games of sowing games on the loop's seed counts
     * (playout_sow.c), where every move is a sowing picked by its pit, the
     * captures take the opposite pit or pits of some counts, and the game
     * ends by empty pits, a store's count or repetition. */
    uint8_t sow_playouts;
    uint8_t sow_opposite[TB_MAX_LOOP]; /* the loop index of the pit opposite each loop cell, or 255 */
    uint8_t hand_counted[TB_MAX_PLAYERS][TB_MAX_PIECE_TYPES]; /* the player's supply of the type is counted (else: unlimited) */
    uint8_t hand_start[TB_MAX_PLAYERS][TB_MAX_PIECE_TYPES];   /* ... and starts with this many */
    uint8_t pass_when_blocked;    /* `(pass when:blocked)`: a player with no move passes while the opponent has one */
    uint8_t swap_rule;            /* `(swap)`: the second player's first move may mirror the first piece as their own */
    uint8_t line_removes;         /* `(remove-on-line N ...)`: a move making a line of N through the moved
                                   * piece removes an enemy piece (0: no such rule) */
    uint8_t line_spares;          /* ... never one standing in such a line while others do not */
    int8_t line_removes_runs;     /* ... its runs as bit sets (rs->runs), or -1: the cells are walked */
    line_runs runs[TB_MAX_RUN_TABLES]; /* the runs of each length lines are read at (line_runs.h) */
    uint8_t nrun_tables;
    /* Royal pieces: a move that leaves the mover's royal piece attacked (by a
     * capture some enemy rule could make) is not legal. */
    int8_t royal_type;            /* -1: none */
    uint8_t counts_checks;        /* the state counts each player's checking moves in a row (perpetual check) */
    /* When every end condition checked after a move is a count (no progress,
     * repetition, a material draw), a move whose counts reach none of them
     * skips the checks: quiet below quiet_min, fewer positions kept than
     * rep_min, and calm past calm_max. */
    uint8_t ends_counted_only;
    uint16_t quiet_min, rep_min, calm_max;
    uint8_t royal_faces;          /* bit d: two royal pieces never face each other in direction d with nothing between */
    clause_loc royal_loc;         /* where `(royal ...)` is, for `tabula why` (line 0: none) */
    uint8_t any_passable;         /* some slide is passable: the state keeps the cells a move passed */
    typeset moved_types;          /* bit t: a piece of type t keeps a has-moved mark (MARK_MOVED) */
    /* Castling: the unmoved royal piece and an unmoved piece of castle_with on its row move together. */
    struct {
        uint8_t on;
        uint8_t with;             /* the type of the other piece */
        uint8_t king_col[2];      /* [0] towards the higher columns, [1] towards the lower: the royal's column */
        uint8_t rook_col[2];      /* ... and the other piece's column after castling */
        uint16_t clause;
    } castle;
    /* Where pieces attack from, for the royal piece's safety (movegen_royal_prepare):
     * with `plain`, every capturing step, slide and leap has no region, condition or
     * limit, and a cell is attacked when the first piece along a line is an enemy
     * whose type slides (or steps, next to it) back along that line, or a leap lands. */
    struct {
        uint8_t plain;
        uint8_t slide_dirs[2][TB_MAX_PIECE_TYPES]; /* bit d: the type captures sliding in direction d */
        uint8_t step_dirs[2][TB_MAX_PIECE_TYPES];  /* bit d: ... stepping in direction d */
        uint8_t no_shortcut;      /* lame leaps: a move off every line through the royal piece may expose it */
        uint8_t map;              /* plain, and the other capturing rules are plain leaps: the cells a
                                   * side attacks can be found at once (the royal piece's own moves) */
        typeset simple_types;     /* bit t: every move of type t takes at most the piece where it lands */
        uint8_t nrules;           /* the capturing rules the lines do not cover, read one by one ... */
        uint8_t rules[TB_MAX_RULES]; /* ... as indices into rules[] */
    } attack;
    /* Custodial capture (`(custodial ...)`): after a move, an enemy piece next to
     * the moved piece in one of dirs, with one of the mover's pieces or a
     * hostile cell just beyond, is taken; a royal piece only when every
     * neighbour in dirs is the mover's or hostile (royal_sides 4), or as any
     * other piece (2). */
    struct {
        uint8_t on;
        uint8_t ndirs;
        uint8_t dirs[TB_MAX_DIRS];
        uint8_t royal_sides;      /* 2 or 4 */
        int8_t royal;             /* the type taken so, or -1 */
        typeset unarmed;          /* bit t: a piece of type t never helps take */
        cellset hostile;          /* cells that take part as the mover's piece would, when empty */
        cellset surround_on;      /* the royal piece on these cells is taken only when surrounded, whatever royal_sides */
        cellset royal_hostile;    /* the hostile cells that take a royal piece between them and a mover's piece */
    } custodial;
    /* Sowing (`(sow ...)`): the pieces of a pit are its seeds (a stack, of the
     * player on whose side it lies); a move empties one of the mover's pits and
     * drops them one by one on the next cells of the loop. */
    struct {
        uint8_t on;
        uint8_t rule;             /* the `sow` rule's index in rules[] */
        uint8_t nloop;
        cell_id loop[TB_MAX_LOOP]; /* the cells in sowing order, a cycle */
        uint8_t at[TB_MAX_CELLS];  /* the index in loop of each cell, or 255 */
        cellset pits[TB_MAX_PLAYERS];          /* each player's pits (the rule's from:) */
        cellset skip[TB_MAX_PLAYERS];          /* cells a player never sows into */
        cell_id store[2];         /* each player's store, or TB_NO_CELL */
        uint8_t skip_origin;      /* a lap passes over the pit it emptied */
        uint8_t capture;          /* SOW_CAPTURE_* */
        uint16_t counts;          /* SOW_CAPTURE_COUNTS: bit n: a pit of n seeds after the last seed is taken */
        uint8_t opposite_empty;   /* SOW_CAPTURE_OPPOSITE: also when the opposite pit is empty */
        uint8_t extra_turn;       /* the last seed in the mover's store: the mover moves again */
        uint8_t feed;             /* a move must leave the opponent seeds where one can */
        uint8_t grand_slam;       /* SLAM_*: a capture of every enemy seed */
        uint64_t pit_bits[2];     /* pits[] and skip[] as bits of loop indices (the loop has at most 64 cells) */
        uint64_t skip_bits[2];
        uint8_t side_at[TB_MAX_LOOP]; /* the player on whose side each loop cell lies (sow_side_of) */
    } sow;
    uint8_t promotion_options;    /* some promotion is optional or takes moves leaving its region */
    typeset promoting_types;      /* bit t: a promotion of type t is listed */
    uint8_t captures_to_hand;     /* `(capture-to-hand)`: a piece taken joins the taker's supply, as demote[] says */
    uint8_t demote[TB_MAX_PIECE_TYPES]; /* the type a piece of each type is taken as (its unpromoted type) */
    typeset letter_plus;          /* the types written `+` and their letter (a promoted piece: +p) */
    char letters[TB_MAX_PIECE_TYPES + 1]; /* `(letters ...)`: one letter per type for position texts; "" none */
    clause_loc pass_loc, swap_loc; /* where they are (line 0: none) */
    int capture_mandatory;
    clause_loc capture_loc;       /* where `(capture ...)` is (line 0: none), for `tabula why` */
    int capture_at_end;           /* captured pieces stay on the board, as obstacles, until the move ends */
    int keep_all_paths;           /* list capture chains that differ only in their path (perft --all-paths) */
    uint8_t irreversible_type[TB_MAX_PIECE_TYPES]; /* a move of this type can never be undone (forward-only) */
    int uses_repetition;          /* positions are recorded for a repetition draw */
    int ncriteria;                /* the max-capture hook's criteria; 0 when unused */
    criterion criteria[TB_MAX_CRITERIA];
    int uses_max_capture, uses_tile_collapse;
    char threat_text[TB_NAME_LEN]; /* announced after an action that threatens a capture; "" for none */
    uint16_t threat_clause;       /* the announcement's clause + 1; 0: none (or switched off by an option) */

    const engine_ops *ops;        /* the engine's entry points for these rules (engine_ops_for) */
    track_rules track;            /* TOPO_TRACK only */
    square_bitboards bb;          /* the cells' bits; the generator's tables (TOPO_SQUARE) */
    tiles_rules tiles;            /* TOPO_TILES only */

    int nclauses;
    clause_loc clauses[TB_MAX_CLAUSES];
    int nfiles;
    char files[TB_MAX_FILES][TB_FILE_NAME_MAX]; /* the rule files the clauses point into */
    char file_games[TB_MAX_FILES][TB_GAME_NAME_MAX]; /* each file's bundled game name, "" for a file of the user's */

    int nends;
    end_rule ends[TB_MAX_ENDS];
    int nchecks;                  /* the end conditions a move can decide at once ... */
    uint8_t checks[TB_MAX_ENDS];  /* ... as indices into ends[], in file order */
    int no_progress;              /* the index of the no-progress condition, or -1 */

    int noptions;
    option_value options[TB_MAX_OPTIONS];

    uint64_t zobrist[TB_MAX_CELLS][TB_MAX_PLAYERS][TB_MAX_PIECE_TYPES]; /* hashing keys */
    uint64_t zobrist_side;
    uint64_t zobrist_turn[TB_MAX_PLAYERS + 1]; /* the player to move: [1] 0, [2] zobrist_side, then keys of their own */
    uint64_t zobrist_tile[64];         /* tiles: a tile is off the board */
    /* a player's counter slot holds this value (modulo TB_COUNTER_KEYS; 0 for none) */
    uint64_t zobrist_counter[TB_MAX_PLAYERS][TB_COUNTERS][TB_COUNTER_KEYS];
    uint64_t zobrist_flag[TB_FLAGGED_CELLS]; /* a cell carries a rule's flag (state_header.flagged) */
    uint64_t zobrist_mark[TB_MAX_CELLS]; /* a piece's own state on the cell, times its mark */
    uint64_t zobrist_hand[TB_MAX_PLAYERS][TB_MAX_PIECE_TYPES]; /* a counted supply, times its count */
    uint64_t zobrist_passage[TB_MAX_CELLS]; /* a cell that may be taken en passant */
    uint64_t zobrist_out[TB_MAX_PLAYERS];   /* a player out of the game (more than two players) */

    /* Pieces' own state (state.mark): kept only when a rule reads it.
     * `(streak-limit TYPE N while-has:OTHER)`: a piece of streak_type makes at
     * most streak_max non-capturing moves in a row while its owner has a piece
     * of streak_while (-1: always). */
    int uses_marks;
    int8_t streak_type, streak_while; /* -1 when there is no streak limit */
    uint8_t streak_max;
    clause_loc streak_loc;        /* where `(streak-limit ...)` is (line 0: none), for `tabula why` */
    /* Whole random games of simple race games (playout_race.c): one value a
     * throw, pieces entering, advancing one to a point along their own path,
     * hitting and bearing off, the game ending when a player has all off. */
    uint8_t race_playouts;
    uint8_t race_end;             /* ... the index in ends of the `all-off` that decides it */
    cell_id race_enter[TB_MAX_PLAYERS][32]; /* ... the point a piece enters on with a throw of v, or TB_NO_CELL */
} ruleset;

/* The cell named NAME, or -1. */
int ruleset_cell(const ruleset *rs, const char *name);
/* 1 when the playable cells of a square board are numbered 1..N
 * (`(numbered ...)`); its other cells keep their letter-and-number names. */
int ruleset_numbered(const ruleset *rs);
/* The square of a square board at the column-and-row name NAME of LEN
 * characters (lower case, like `c3`), playable or not; -1 when none. */
int ruleset_square_at(const ruleset *rs, const char *name, size_t len);
/* The cell a person named: its own name, or on a numbered board also the
 * column-and-row name of its square (`c3` for the number the numbering gave
 * it). -1 when none. */
int ruleset_cell_named(const ruleset *rs, const char *name);
/* The message for a NAME that names no cell: the names the board has, in
 * its own form and order (`cells are 1..50, or by column and row a1..j10`,
 * `points are 1..24`, the tiles of a board of tiles). */
void ruleset_no_cell_text(const ruleset *rs, const char *name, char *buf, size_t size);
/* The message for an unplayable CELL: which colour it is and which squares
 * the board plays on (`a2 is a light square: this board plays on the dark
 * squares, numbered 1..50`). */
void ruleset_unplayable_text(const ruleset *rs, int cell, char *buf, size_t size);
/* The tiles of a board of tiles by column: `a1..a3, b1..b4, c1..c5`. */
void ruleset_tiles_text(const ruleset *rs, char *buf, size_t size);
/* The piece type named NAME, or -1. */
int ruleset_piece(const ruleset *rs, const char *name);
/* Rule file FILE as a result names it, to be shared: a bundled game by its
 * name (`NAME`), a file of the user's by its path as given; "?"
 * past the files. */
const char *ruleset_file_shown(const ruleset *rs, int file);

/* The promotion of TYPE on CELL for PLAYER, or NULL: the one lookup of
 * every engine (a table, filled by the compiler; the first promotion listed
 * wins where two apply). */
static inline const promotion *promotion_at(const ruleset *rs, int type, int player, int cell)
{
    int k = rs->promote_at[player - 1][type][cell];
    return k ? &rs->promotions[k - 1] : NULL;
}

/* The players in turn: the one after P (1 .. rs->nplayers, round again). */
static inline int tb_next_player(const ruleset *rs, int p) { return p < rs->nplayers ? p + 1 : 1; }
/* ... and the one before P (the mover just before P). */
static inline int tb_prev_player(const ruleset *rs, int p) { return p > 1 ? p - 1 : rs->nplayers; }
/* The opponent of P where the rules are two-player only (rs->nplayers is 2 there:
 * compile refuses more players for them). */
static inline int tb_opponent(int p) { return 3 - p; }

#endif
