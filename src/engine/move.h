/* move.h - a move as one whole decision (a capture chain is one move), its
 * compact encoding, and its canonical notation. */
#ifndef TABULA_MOVE_H
#define TABULA_MOVE_H

#include <stdint.h>
#include <string.h>

#include "ruleset.h"

/* Landing cells of one capture chain. Every jump captures a piece that is
 * never jumped again, so a chain is at most as long as the opponent's pieces
 * are many: the compiler refuses a game with chains whose players start with
 * more pieces than this (compile_play.c), and positions never hold more
 * pieces than the start. */
#define TB_MAX_PATH 32
#define TB_MAX_PATH_TEXT "32"
/* Legal moves of one position: the lists grow as a position needs, up to
 * this bound, past which the generator says so (MOVES_TOO_MANY) instead of
 * listing part of the moves. 2^20 moves are about 160 MB. */
#define TB_MAX_MOVES 1048576
#define TB_MAX_MOVES_TEXT "1,048,576"
/* What a move list holds at first: every bundled game's positions fit. */
#define TB_MOVES_INITIAL 256

typedef enum move_kind {
    MOVE_STEP,   /* one cell, perhaps capturing by landing: c2-c3 */
    MOVE_SLIDE,  /* several cells in a line: d6-d9 */
    MOVE_CHAIN,  /* one or more jumps: c3xe5xg7 */
    MOVE_ADVANCE,  /* track: a piece moves by one die: 1-5 */
    MOVE_ENTER,    /* track: a piece re-enters from the bar: bar-3 */
    MOVE_BEAR_OFF, /* track: a piece leaves the track: 20-off/6 */
    MOVE_EXCHANGE, /* tiles: collected tiles buy the removal of an enemy piece: xd2.4 */
    MOVE_PLACE,    /* a piece from the supply onto an empty cell: e5 (stone@e5 where two types are placed) */
    MOVE_PASS,     /* a player with no move lets the other play: pass */
    MOVE_SWAP,     /* the second player's first move takes over the first piece, mirrored: swap */
    MOVE_CASTLE,   /* the royal piece from -> to and the other piece path[0] -> path[1]: O-O, O-O-O */
    MOVE_SOW,      /* the seeds of the pit `from` sown along the loop, the last on `to`: c1 */
    MOVE_REMOVE,   /* a piece taken off the board by a `remove` rule, from = to its cell: xd5 */
} move_kind;

typedef struct move {
    uint8_t kind;           /* move_kind */
    cell_id from, to;       /* first and last cell */
    uint8_t mover;          /* the moving piece's type before any promotion */
    uint8_t promote;        /* the type it becomes, or 255 */
    uint8_t die;            /* track: the die value used */
    uint8_t rule;           /* the move rule that made it (index into rules[]), 255 for none */
    uint8_t npath;          /* chain: landing cells in path[] (to is the last) */
    uint8_t shot_type;      /* the type of the piece shot, when shot is a cell */
    cell_id shot;           /* a slide that shoots: the cell the shot piece lands on; TB_NO_CELL: none */
    uint8_t ncaps;          /* cells whose pieces are captured */
    uint8_t caps_by_type[TB_MAX_PIECE_TYPES]; /* captured pieces per type */
    uint8_t first_cap[TB_MAX_PIECE_TYPES];    /* chain: 1 + the index in caps of the first piece of each type taken; 0: none */
    cell_id path[TB_MAX_PATH]; /* chain: landing cells in order */
    cell_id caps[TB_MAX_PATH]; /* captured cells in the order taken */
} move;

/* The one initialisation of a move, by every generator: KIND, from FROM (and,
 * until the caller says otherwise, to FROM), a piece of TYPE, made by RULE
 * (255: none); no promotion, no die, no path, nothing captured. */
static inline void move_start(move *m, int kind, int from, int type, int rule)
{
    m->kind = (uint8_t)kind;
    m->rule = (uint8_t)rule;
    m->from = m->to = (cell_id)from;
    m->mover = (uint8_t)type;
    m->promote = 255;
    m->die = 0;
    m->npath = 0;
    m->ncaps = 0;
    m->shot = TB_NO_CELL;
    memset(m->caps_by_type, 0, sizeof m->caps_by_type);
    memset(m->first_cap, 0, sizeof m->first_cap);
}

/* Why a move list is not complete: the generator stops and says so, and
 * the list then holds no moves (never part of them). */
typedef enum moves_error {
    MOVES_OK,
    MOVES_NO_MEMORY,   /* the list could not grow */
    MOVES_TOO_MANY,    /* more than TB_MAX_MOVES legal moves */
    MOVES_CHAIN_TOO_LONG, /* a capture chain of more than TB_MAX_PATH jumps */
} moves_error;

/* The moves of one position, in a buffer that grows as positions need and is
 * kept from one position to the next: a loop that reuses one list allocates
 * only when a position has more moves than every one before it. ERROR is
 * sticky: once set, generating into the list gives no moves until the
 * caller sets it back to MOVES_OK, so a loop ends and its caller reports it. */
typedef struct move_list {
    move *m;    /* m[0 .. n) */
    int n;      /* the moves of the last generation */
    int cap;    /* room in m */
    int error;  /* moves_error */
    int *table; /* scratch of the one-move-per-capture filter on long lists */
    int table_cap;
    int fixed;  /* M is the caller's array of CAP moves: the list never allocates */
    int defer;  /* a playout's list: what a move takes may be left to movegen_complete, for the one picked */
} move_list;

#define MOVE_LIST_INIT { NULL, 0, 0, MOVES_OK, NULL, 0, 0, 0 }
/* A list over the caller's array A, which never grows: more moves than A
 * holds set MOVES_TOO_MANY. For questions such as "has the player a move?". */
#define MOVE_LIST_FIXED(a) { (a), 0, (int)(sizeof(a) / sizeof((a)[0])), MOVES_OK, NULL, 0, 1, 0 }

/* Makes room for at least NEED moves; 1 on success, 0 with L->error set
 * (MOVES_NO_MEMORY, or MOVES_TOO_MANY past TB_MAX_MOVES). */
int move_list_reserve(move_list *l, long need);
/* Frees the buffer; L is empty and can be used again. */
void move_list_free(move_list *l);
/* The message of a moves_error, for `error: ...` (no trailing period). */
const char *moves_error_text(int error);

/* Bytes of the longest notation of a move, with the NUL: a chain of
 * TB_MAX_PATH jumps between cell names of at most 3 characters (square
 * boards: `z26`, `512`). The public TB_NOTATION_MAX is this. */
#define TB_MOVE_TEXT_MAX 160
_Static_assert(3 + TB_MAX_PATH * 4 + 1 <= TB_MOVE_TEXT_MAX, "the longest chain's notation fits");

/* Writes the notation of M into BUF (at least TB_MOVE_TEXT_MAX bytes). */
void move_notation(const ruleset *rs, const move *m, char *buf, int size);

/* The notation of moves between cells (steps, slides, chains), shared by
 * the topologies that write moves as cell names. */
void move_notation_cells(const ruleset *rs, const move *m, char *buf, int size);

/* The notation players read (`moves`, `play`, `replay`, `why`): a capture
 * chain of more than one jump by its two ends (`28x19`) when RS says so
 * (`(words (captures ends))`, rs->capture_ends) and no other move of LEGAL
 * (N moves, M among them or not) is a chain with the same ends; otherwise,
 * and for every other move, move_notation. move_notation stays the move's
 * key (records written, the one-move-per-capture filter, the library). */
void move_display(const ruleset *rs, const move *m, const move *legal, int n, char *buf, int size);
/* The same with ENDS in place of rs->capture_ends (PDN writes two ends). */
void move_display_as(const ruleset *rs, const move *m, const move *legal, int n, int ends, char *buf, int size);

/* The index in LEGAL (N moves) of the chain whose two-ends form is TEXT
 * (`28x19`: no other chain of LEGAL has those ends), or -1. Read whatever
 * rs->capture_ends says, so that both forms are accepted everywhere. */
int move_find_by_ends(const ruleset *rs, const move *legal, int n, const char *text);
/* The castling move of LEGAL written by cells (TEXT in lower case, with or
 * without `-`): the royal piece's cell and its partner's (the royal piece
 * takes its own partner, as UCI writes castling where the royal piece may not
 * move far), or the royal piece's two cells when no other move joins them;
 * -1 when none fits. */
int move_find_castle_cells(const ruleset *rs, const move *legal, int n, const char *text);

/* 1 when RS's moves are written in standard algebraic notation: its pieces
 * have one letter each, none with a `+` (a promoted piece's). */
static inline int move_san_applies(const ruleset *rs)
{
    return rs->letters[0] && !rs->letter_plus;
}

/* Standard algebraic notation (move_san.c), for games whose pieces have
 * letters: M among the N legal moves LEGAL of its position, with `+` or `#`
 * when AFTER (the position after it; NULL: none) says so. */
struct state;
void move_san(const ruleset *rs, const move *m, const move *legal, int n, const struct state *after, char *buf, int size);
/* The index in LEGAL of the move TEXT names in algebraic notation, or -1
 * (none, several, or RS has no letters). */
int move_find_san(const ruleset *rs, const move *legal, int n, const char *text);

/* A move read in algebraic notation: castle 1 (O-O, towards the higher
 * columns) or 2 (O-O-O), or the mover's TYPE going TO, from column COL and
 * row ROW when given (-1: any), CAPTURE when an x is written, PROMOTE the
 * type chosen (-1: none). */
typedef struct san_move {
    int castle, type, to, col, row, capture, promote;
} san_move;
/* TEXT read as algebraic notation into S: 1 when it reads so. */
int move_san_read(const ruleset *rs, const char *text, san_move *s);
/* 1 when M (any move of the position, legal or not) is what S says. */
int move_san_fits(const ruleset *rs, const san_move *s, const move *m);

/* 1 when A and B are the same decision. */
int move_equal(const move *a, const move *b);

#endif
