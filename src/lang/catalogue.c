/* catalogue.c - every ludeme of the rule language, with its arguments and a
 * one-line meaning. Adding a ludeme starts here; check.c and the generated
 * reference pick it up from this table. */
#include "catalogue.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"

/* A maximum marked with a TB_MAX_ name (or a ruleset field) is that bound of
 * the compiled ruleset (engine/ruleset.h): keep the two equal, so that the
 * checker refuses what the tables cannot hold with the right figure
 * (docs/limits.md lists them). */
#define POS(n, t, mn, mx, w, d) { n, STYLE_POSITIONAL, t, mn, mx, w, d, NULL }
#define NAMED(n, t, w, d) { n, STYLE_NAMED, t, 0, 1, w, d, NULL }
#define NAMED_REQ(n, t, w, d) { n, STYLE_NAMED, t, 1, 1, w, d, NULL }
#define FLAG(n, d) { n, STYLE_FLAG, ARG_FLAG, 0, 1, NULL, d, NULL }
#define FORMS(n, mn, mx, heads, d) { n, STYLE_FORM, ARG_FORM, mn, mx, heads, d, NULL }
#define END { NULL, 0, 0, 0, 0, NULL, NULL, NULL }
/* An optional argument whose absence means the word (or number) DEF: the
 * one table of defaults, read by the compiler (compile_word) and shown in
 * the reference. */
#define NAMED_OR(n, t, w, def, d) { n, STYLE_NAMED, t, 0, 1, w, d, def }
#define POS_OR(n, t, w, def, d) { n, STYLE_POSITIONAL, t, 0, 1, w, d, def }
/* The conditions any move rule may carry (compile_rule_conditions). */
#define RULE_CONDITIONS                                                                                              \
    NAMED("hand", ARG_WORD, "empty not-empty",                                                                       \
          "only while the mover's counted supply of the type is empty (all placed), or not"),                        \
        NAMED("pieces", ARG_RANGE, NULL, "only while the mover has this many pieces on the board (3, 4..9)"),        \
        NAMED("ply", ARG_RANGE, NULL, "only on these moves of the game, the first move being 1 (1, 3..9)")

/* Words shared by several ludemes. */
#define DIRECTIONS                                                                     \
    CATALOGUE_COMPASS " forward backward left right forward-left forward-right "      \
    "backward-left backward-right diagonal diagonal-forward diagonal-backward "        \
    "orthogonal sideways any " CATALOGUE_TILE_DIRECTIONS
#define PLAY_FORMS                                                                     \
    "moves promote capture hook enter courier stack-limit bear-off exchange enclosure announce " \
    "dice-use leave-start roll-again prime-limit streak-limit pass swap remove-on-line royal castle custodial capture-to-hand"
#define END_FORMS                                                                      \
    "no-pieces blocked stalemate captured no-progress reach line connect fewer-pieces pits-empty stored cannot-feed "     \
    "all-off repetition "                                                                                    \
    "material-draw material-win pinned-on-start"

static const ludeme_spec catalogue[] = {
    /* ---- the file ---- */
    { "game", "", "game",
      { POS("title", ARG_STRING, 1, 1, NULL, "the game's name"),
        FORMS("option", 0, 16, "option", "ruleset options a user may set with --option"), /* TB_MAX_OPTIONS */
        FORMS("players", 1, 1, "players", "the two players"),
        FORMS("board", 1, 1, "board", "the board's topology"),
        FORMS("pieces", 1, 1, "pieces", "the piece types"),
        FORMS("regions", 0, 1, "regions", "named sets of cells"),
        FORMS("start", 0, 1, "start", "the initial position (default: an empty board, unlimited supplies)"),
        FORMS("dice", 0, 1, "dice", "dice rolled at the start of every turn"),
        FORMS("doubling-cube", 0, 1, "doubling-cube", "the stakes a player may double before rolling"),
        FORMS("play", 1, 1, "play", "what a player may do on a turn"),
        FORMS("end", 1, 1, "end", "how the game ends"),
        FORMS("words", 0, 1, "words", "how the game's players speak: names of results and of the game"), END },
      "A whole game: one per rule file.",
      "(game \"Tiny\"\n  (players (player 1 forward:n) (player 2 forward:s))\n  (board (square 3 3))\n  (pieces man)\n  (start (place 1 man (rows 1)) (place 2 man (rows 1)))\n  (play (moves man (step forward)))\n  (end (blocked loses)))" },
    { "variant", "", "game",
      { POS("title", ARG_STRING, 1, 1, NULL, "the variant's name"),
        FORMS("extends", 1, 1, "extends", "the rule file it changes"),
        FORMS("option", 0, 16, "option", "options added, or replacing the base's of the same name"), /* TB_MAX_OPTIONS */
        FORMS("players", 0, 1, "players", "replaces the base's players"),
        FORMS("board", 0, 1, "board", "replaces the base's board"),
        FORMS("pieces", 0, 1, "pieces", "replaces the base's piece types"),
        FORMS("regions", 0, 1, "regions", "replaces the base's regions"),
        FORMS("start", 0, 1, "start", "replaces the base's start"),
        FORMS("dice", 0, 1, "dice", "replaces the base's dice"),
        FORMS("doubling-cube", 0, 1, "doubling-cube", "replaces the base's doubling cube"),
        FORMS("play", 0, 1, "play", "replaces the base's play"),
        FORMS("end", 0, 1, "end", "replaces the base's end"),
        FORMS("words", 0, 1, "words", "replaces the base's words"),
        FORMS("changes", 0, 255, "add replace remove", "clause-level changes to the base, applied in order after the sections"),
        END },
      "A variant file: the base game with the sections given here in place of the base's, then the clauses "
      "changed by `add`, `replace` and `remove` (instead of `game`).",
      "(variant \"Longer no-progress rule\"\n  (extends \"base.game\")\n  (replace (end no-progress) (no-progress 80 plies reset:[capture man])))" },
    { "extends", "variant", "game",
      { POS("base", ARG_STRING, 1, 1, NULL, "a bundled game's name, or a path relative to this file"), END },
      "The rule file (a game or another variant) a variant changes.",
      "(extends \"base.game\")" },
    { "add", "variant", "game",
      { POS("into", ARG_PATH, 1, 1, NULL, "the base's section or clause the items go into, as `(end)` or `(play (moves man))`"),
        POS("items", ARG_ADDED, 1, 32, NULL, "the clauses (or words) added"),
        NAMED("before", ARG_SELECTOR, NULL, "put them before this item of the form, as `prefer-mover` or `(most-captured king)` (default: at its end)"),
        NAMED("after", ARG_SELECTOR, NULL, "put them after this item of the form"), END },
      "A variant adds clauses to a section or clause of its base.",
      "(add (end) (repetition 3))" },
    { "replace", "variant", "game",
      { POS("clause", ARG_PATH, 1, 1, NULL, "the base's clause, addressed from its section, as `(end no-progress)` or `(start (place 2))`"),
        POS("with", ARG_REPLACEMENT, 1, 1, NULL, "what takes its place"), END },
      "A variant replaces one clause of its base, keeping its place.",
      "(replace (play (moves king) (step diagonal)) (slide diagonal max:7))" },
    { "remove", "variant", "game",
      { POS("clause", ARG_PATH, 1, 1, NULL, "the base's clause, addressed from its section, as `(play (hook max-capture) (prefer-mover king))`"),
        END },
      "A variant removes one clause of its base.",
      "(remove (play (moves man) hop))" },
    { "option", "game variant", "game",
      { POS("name", ARG_NAME, 1, 1, NULL, "the option's name"),
        POS("default", ARG_VALUE, 1, 1, NULL, "its value when not set: an integer, a word, or `on`/`off` for a boolean option"),
        POS("allowed", ARG_VALUES, 0, 1, NULL, "the values it may take: a list or a range (a boolean option: none, or `[off on]`)"),
        POS("doc", ARG_STRING, 0, 1, NULL, "what it changes, for `tabula info`"), END },
      "A ruleset option: integer, enumerated (words) or boolean (`on`/`off`). `(opt NAME)` stands for its value "
      "wherever a value goes; `if:NAME` and `unless:NAME` switch a clause on or off with a boolean option.",
      "(option rows 5 [5 7 9] \"rows of the board\")" },
    { "opt", "@value", "game",
      { POS("name", ARG_NAME, 1, 1, NULL, "a declared option"), END },
      "The value of a declared option: an integer, a word or a name, and either bound of a range (`1..(opt rows)`).",
      "(opt rows)" },

    /* ---- players ---- */
    { "players", "game variant", "players",
      { FORMS("player", 2, 4, "player", "one form per player, numbered 1 and 2 (up to 4 on a track: each in turn)"),
        FORMS("teams", 0, 1, "teams", "tracks with more than two players: the partnerships"), END },
      "The players; player 1 moves first, then 2, and so on round. More than two play on a track only (a race: the "
      "other boards' rules are for two, and refuse more).",
      "(players (player 1 \"white\" forward:n) (player 2 \"black\" forward:s))" },
    { "player", "players", "players",
      { POS("number", ARG_INT, 1, 1, NULL, "1 or 2; on a track 1 to 4"),
        POS("label", ARG_STRING, 0, 1, NULL, "a name for messages (\"white\")"),
        NAMED("forward", ARG_WORD, "n s e w", "square and hex boards: the compass direction of the player's forward"),
        NAMED("start", ARG_INT, NULL, "tracks: the point where the player's path starts"),
        NAMED_OR("direction", ARG_WORD, "up down", "up", "tracks: the path runs up the point numbers (1, 2, 3 ...: the default) or down"),
        NAMED("length", ARG_INT, NULL, "tracks: points on the path (default: every point of the track)"),
        NAMED("path", ARG_NAMES, NULL, "tracks: the points of the path in order, instead of `start:` (paths may share points: they branch and merge)"),
        NAMED("fields", ARG_NAME, NULL, "field boards: the colour of field the player's pieces stand on"),
        END },
      "One player and the geometry relative to them.",
      "(player 1 \"white\" forward:n)" },
    { "teams", "players", "players",
      { POS("team", ARG_VALUES, 1, 4, NULL, "the players of one team, a list: every player in exactly one"), END },
      "Partnerships on a track with more than two players: partners never hit each other's pieces (a point a "
      "partner holds is closed), and a team wins when all its members' pieces are borne off; the result names "
      "the team's first-numbered player (`win 1`) and the team. A player whose pieces are all off passes.",
      "(teams [1 3] [2 4] if:partners)" },

    /* ---- board ---- */
    { "board", "game variant", "board",
      { FORMS("topology", 1, 1, "square hex hex-hexagon track track-grid hex-tiles", "the shape of the board"),
        FORMS("playable", 0, 1, "playable", "which cells are used"),
        FORMS("off-board", 0, 1, "off-board", "places off the board (bar, off)"),
        FORMS("numbered", 0, 1, "numbered", "square boards: the playable cells named 1..N"),
        FORMS("lines", 0, 1, "lines", "square boards: only these points, linked along these lines"),
        FORMS("links", 0, 1, "links", "square boards: links between two points, each named with its direction"), END },
      "The board: a topology, optionally restricted, with off-board places.",
      "(board (square 10 10) (playable dark) (numbered from:top-left))" },
    { "square", "board", "board",
      { POS("columns", ARG_INT, 1, 1, NULL, "number of columns (files a, b, ...)"),
        POS("rows", ARG_INT, 1, 1, NULL, "number of rows (ranks 1, 2, ...)"),
        NAMED_OR("diagonals", ARG_WORD, "all alternate", "all",
              "all (the default): every cell has diagonal neighbours; alternate: only the points where "
              "column + row is even, as on a board of lines whose pieces stand on the points"),
        END },
      "A grid of squares named a1 (bottom left) onwards, with 8 compass neighbours.",
      "(square 5 5 diagonals:alternate)" },
    { "hex", "board", "board",
      { POS("columns", ARG_INT, 1, 1, NULL, "number of columns (a, b, ...), at most 26"),
        POS("rows", ARG_INT, 1, 1, NULL, "number of rows (1, 2, ...)"), END },
      "A rhombus of hexagonal cells named a1 (bottom left) onwards, each row half a cell left of the one below; "
      "a cell's six neighbours are n ne e s sw w (`any` and `orthogonal` mean the six; no direction is diagonal).",
      "(hex 11 11)" },
    { "hex-hexagon", "board", "board",
      { POS("radius", ARG_INT, 1, 1, NULL, "cells per side, 1 to 11"), END },
      "A hexagon of hexagonal cells: the `hex` rhombus of side 2 * radius - 1 (cells a1 onwards) without its "
      "two acute corners, whose cells are off the board; directions as on `hex`.",
      "(hex-hexagon 5)" },
    { "track", "board", "board",
      { POS("points", ARG_INT, 1, 1, NULL, "number of points on the ring, named 1..N"), END },
      "A ring of points that hold stacks; each player moves along it from their start.",
      "(track 24)" },
    { "track-grid", "board", "board",
      { POS("columns", ARG_INT, 1, 1, NULL, "number of columns (a, b, ...)"),
        POS("rows", ARG_INT, 1, 1, NULL, "number of rows (1, 2, ...)"),
        NAMED("without", ARG_NAMES, NULL, "cells of the grid that are not on the board"),
        END },
      "A track whose points are the cells of a grid, named a1 (bottom left) onwards; each player lists its path "
      "(`path:`), and paths may share points. A point holds a stack (one piece with `single`).",
      "(track-grid 8 3 without:[e1 f1 e3 f3])" },
    { "hex-tiles", "board", "board",
      { POS("radius", ARG_INT, 1, 1, NULL, "tiles per side of the hexagon of tiles"),
        NAMED("fields", ARG_INT, NULL, "triangular fields per tile (6)"),
        NAMED_REQ("colours", ARG_NAMES, NULL, "field colours, repeated round each tile from field 0"),
        END },
      "Hexagonal tiles (named by column and index, c3) split into triangular fields (c3.0 .. c3.5).",
      "(hex-tiles 3 fields:6 colours:[black white])" },
    { "playable", "board", "board",
      { POS("cells", ARG_WORD, 1, 1, "all dark light", "dark: (column + row) even, counting from 1 (a1 is dark)"),
        END },
      "Restricts play to some cells of a square board.",
      "(playable dark)" },
    { "numbered", "board", "board",
      { NAMED_REQ("from", ARG_WORD, "top-left top-right bottom-left bottom-right",
                  "the corner numbering starts from: its row first, then the next row towards the other side"),
        END },
      "Names the playable cells of a square board 1, 2, ... in reading order from a corner (federation numbering: 1-32, 1-50); moves are written with these numbers.",
      "(numbered from:top-left)" },
    { "lines", "board", "board",
      { POS("lines", ARG_NAMES, 1, 64, NULL, "each a list of cells in order along a row, column or diagonal"), END },
      "A board of points on lines (a mill board): only the cells the lines name are played on, and two of them "
      "are neighbours only where they follow each other on a line, in the compass direction between them. Steps, "
      "slides, lines of pieces and connections follow the lines.",
      "(lines [a1 d1 g1] [a1 a4 a7] [d1 d2 d3])" },
    { "links", "board", "board",
      { POS("links", ARG_NAMES, 1, 255, NULL, "each a list of two cells and the compass direction from the first to the second"), END },
      "A board given as its links, for a board of any other shape: only the cells the links (and `lines`) name "
      "are played on, and each link makes the second cell the first one's neighbour in the direction named (n, "
      "ne, e, se, s, sw, w or nw), and the first the second's the opposite way, whatever the cells' places on the "
      "grid, which only say where they are drawn. Steps, slides, lines of pieces and connections follow the links.",
      "(links [b1 a3 nw] [b1 c3 ne] [a3 b4 ne])" },
    { "off-board", "board", "board",
      { POS("places", ARG_NAMES, 1, 4, NULL, "names of per-player places off the board"), END }, /* ruleset.offboard */
      "Places off the board that hold a player's pieces (`bar`, `off`).",
      "(off-board bar off)" },

    /* ---- pieces, regions, start ---- */
    { "pieces", "game variant", "pieces",
      { POS("types", ARG_NAME, 1, 16, NULL, "piece type names"), END }, /* TB_MAX_PIECE_TYPES */
      "The piece types, shared by both players.",
      "(pieces man king)" },
    { "regions", "game variant", "regions",
      { FORMS("region", 1, 16, "region", "one named region"), END }, /* TB_MAX_REGIONS */
      "Named sets of cells, relative to each player.",
      "(regions (region home (rows 1..2)))" },
    { "region", "regions", "regions",
      { POS("name", ARG_NAME, 1, 1, NULL, "the region's name"),
        POS("cells", ARG_REGION, 1, 1, NULL, "its cells, for each player"), END },
      "A named region; its cells may depend on the player (rows counted from their side).",
      "(region goal (cell-at column:centre row:12))" },
    { "rows", "@region", "regions",
      { POS("rows", ARG_RANGE, 1, 1, NULL, "rows counted from the player's own side, 1 first"),
        NAMED("columns", ARG_RANGE, NULL, "only the cells of these columns, counted from the left"), END },
      "Rows of a square board, counted from the player's side.",
      "(rows 1..(opt rows))" },
    { "columns", "@region", "regions",
      { POS("columns", ARG_RANGE, 1, 1, NULL, "columns counted from the left, 1 first"), END },
      "Columns of a square board.",
      "(columns 2..4)" },
    { "cells", "@region", "regions",
      { POS("cells", ARG_NAMES, 1, 1, NULL, "cell names"), END },
      "The same cells for both players.",
      "(cells [a1 c1 e1])" },
    { "each", "@region", "regions",
      { POS("first", ARG_NAMES, 1, 1, NULL, "player 1's cells"),
        POS("second", ARG_NAMES, 1, 1, NULL, "player 2's cells"), END },
      "Cells that differ by player, given for each.",
      "(each [h1] [a2])" },
    { "cell-at", "@region", "regions",
      { NAMED_REQ("column", ARG_VALUE, "centre center", "a column number or `centre`"),
        NAMED_REQ("row", ARG_INT, NULL, "a row counted from the player's side"), END },
      "One cell per player, by column and player-relative row.",
      "(cell-at column:centre row:1)" },
    { "own-points", "@region", "regions",
      { POS("points", ARG_RANGE, 1, 1, NULL, "points counted along the player's path, 1 first"), END },
      "Points of a track counted along the player's own path.",
      "(own-points 19..24)" },
    { "start", "game variant", "start",
      { NAMED("arrangement", ARG_INT, NULL,
              "which of the start's arrangements, when places `choose:` their cells: a number from 0, "
              "the first choice its lowest digit (default 0)"),
        FORMS("place", 0, 64, "place", "pieces put on the board"),
        FORMS("mirror", 0, 1, "mirror", "a player's pieces as the other's, reflected across the middle row"),
        FORMS("hand", 0, 16, "hand", "a player's counted supply of a piece type, for `place` rules"), END },
      "The initial position: pieces on the board, and the supplies `place` rules draw from. The places are "
      "made in order. Where places `choose:` their cells, the start has several arrangements, numbered "
      "like a number whose digits are the choices, the first choice the lowest digit: with choices of 4, 4 "
      "and 6 ways, arrangement 0 makes the first choice of each, 1 the second of the first, 4 the second of "
      "the second, 16 the second of the third, and there are 96 (0 to 95).",
      "(start arrangement:(opt start)\n  (place 1 bishop [b1 d1] choose:1)\n  (place 1 [rook king] (rows 1))\n  (mirror 2))" },
    { "place", "start", "start",
      { POS("player", ARG_INT, 1, 1, NULL, "whose pieces"),
        POS("piece", ARG_NAMES, 1, 1, NULL,
            "a declared piece type; or a list of them, one piece each on the cells of `where` still empty, in the "
            "order of the cells"),
        POS("where", ARG_REGION, 1, 1, NULL, "the cells to fill; on a track, or the off-board place pieces enter from: they start there, `count:` of them"),
        NAMED_OR("count", ARG_INT, NULL, "1", "pieces stacked on each cell"),
        NAMED("except", ARG_REGION, NULL, "cells of `where` left empty"),
        NAMED("limit", ARG_INT, NULL, "at most this many cells: the player's first row first, each row from the centre outwards (left first on a tie)"),
        NAMED("choose", ARG_INT, NULL,
              "this many cells, chosen among those of `where` still empty: one digit of the start's arrangement, "
              "with as many values as there are ways to choose them (the ways in order: the first cells first)"),
        END },
      "Puts pieces of one player on cells: every cell of `where`, or with `choose:` some of them, chosen by "
      "the start's `arrangement:`.",
      "(place 1 egg (rows 1..2) except:nest limit:(opt eggs))" },
    { "mirror", "start", "start",
      { POS("player", ARG_INT, 1, 1, NULL, "who receives the pieces: 1 or 2"), END },
      "Gives a player the other player's pieces placed so far, each on the cell reflected across the "
      "board's middle row (the same column): a start that chooses its cells chooses them for both.",
      "(mirror 2)" },
    { "hand", "start", "start",
      { POS("player", ARG_INT, 1, 1, NULL, "whose supply"),
        POS("piece", ARG_NAME, 1, 1, NULL, "a declared piece type"),
        POS("count", ARG_INT, 1, 1, NULL, "pieces in it at the start, 0 to 255"), END },
      "A player's supply of one piece type, counted: each placement takes one, and a player whose supply is "
      "empty places no more. A type a player places without a `hand` is unlimited.",
      "(hand 1 man 9)" },
    { "dice", "game variant", "dice",
      { POS("count", ARG_INT, 1, 1, NULL, "number of dice"),
        POS("faces", ARG_INT, 1, 1, NULL, "faces per die, 1..faces"),
        FLAG("doubles-repeat", "a double n gives n moves of n"),
        NAMED("doubles", ARG_INT, NULL, "a double gives this many moves of its value (4 where a double is played twice over)"),
        NAMED("first-roll", ARG_WORD, "no-double", "the first roll of a game is thrown again until it is not a double"),
        NAMED("faces", ARG_VALUES, NULL, "the value each face shows, one per face (default 1..faces): [0 1] for a two-sided die"),
        FLAG("sum", "the dice are thrown together as one value, their sum (a throw of 0 plays nothing)"),
        NAMED("values", ARG_VALUES, NULL, "with `sum`: what each sum 0, 1, ... counts, one value per sum: [5 1 2 3 4] for four sticks where none up counts 5"),
        END },
      "Dice rolled at the start of each turn; each die is one sub-move, or with `sum` the throw is one.",
      "(dice 2 6 doubles:4 first-roll:no-double)" },
    { "doubling-cube", "game variant", "dice",
      { NAMED_OR("max", ARG_INT, NULL, "64", "the cube's highest value, a power of 2 from 2 to 4096"),
        NAMED_OR("beavers", ARG_WORD, CATALOGUE_SWITCH_WORDS, "off",
              "on: a player doubled may beaver, taking and redoubling at once while keeping the cube (money play only)"),
        NAMED_OR("jacoby", ARG_WORD, CATALOGUE_SWITCH_WORDS, "off",
              "on: in money play, double and triple wins count as single wins until the cube is turned"),
        NAMED_OR("crawford", ARG_WORD, CATALOGUE_SWITCH_WORDS, "on",
              "on: in a match, no doubling in the game after a player first comes within one point of winning"),
        END },
      "A doubling cube: before rolling, a player may offer to double the stakes; the opponent takes (and owns the "
      "cube: only they may double next) or drops (and loses the game at the stakes before the double). A game's "
      "points are its result (1, 2 or 3) times the cube. Needs dice.",
      "(doubling-cube max:64 beavers:(opt beavers) jacoby:(opt jacoby))" },

    /* ---- words ---- */
    { "words", "game variant", "words",
      { FORMS("word", 1, 7, "win double-win triple-win aliases captures point-numbers letters", "a result's name, other names of the game, how captures are written, how points are numbered in written moves, letters of the pieces"), END },
      "How the game's players speak: what `play`, `replay` and the pages say for its results, and the other "
      "names a player may type for the game.",
      "(words (double-win \"wins twice over\") (triple-win \"wins three points\"))" },
    { "win", "words", "words",
      { POS("text", ARG_STRING, 1, 1, NULL, "follows \"player N\", as \"wins\""), END },
      "The words of a single win (default \"wins\").",
      "(win \"wins\")" },
    { "double-win", "words", "words",
      { POS("text", ARG_STRING, 1, 1, NULL, "follows \"player N\", as \"wins twice over\""), END },
      "The words of a win scoring 2 (default \"wins a double game\").",
      "(double-win \"wins twice over\")" },
    { "triple-win", "words", "words",
      { POS("text", ARG_STRING, 1, 1, NULL, "follows \"player N\", as \"wins three points\""), END },
      "The words of a win scoring 3 (default \"wins a triple game\").",
      "(triple-win \"wins three points\")" },
    { "captures", "words", "words",
      { POS("form", ARG_WORD, 1, 1, "ends path", "ends: a chain by its first and last cells; path: every landing cell (default)"), END },
      "How capture chains are written for players: `ends` gives a chain by its first and last cells (`28x19`, "
      "as PDN and the federations write it), and its whole path only where two legal captures share "
      "both ends; `path` (the default) gives every landing cell (`28x17x19`). Either form is read wherever moves "
      "are typed or recorded; `--full-path` shows the path whatever the file says.",
      "(captures ends)" },
    { "aliases", "words", "words",
      { POS("names", ARG_STRING, 1, 4, NULL, "other names a player may type for a bundled game, as a short name"), END },
      "Other names of the game: `tabula play NAME` and the other commands find a bundled game by them too.",
      "(aliases \"short-name\")" },
    { "letters", "words", "words",
      { POS("letters", ARG_STRING, 1, 1, NULL, "one lower-case letter per piece type, in the order of `pieces`"), END },
      "The letters of the piece types in position texts (`fen:`) and promotions (`e7-e8=q`): player 1's in upper "
      "case, player 2's in lower case.",
      "(letters \"pnbrqk\")" },
    { "point-numbers", "words", "words",
      { POS("numbering", ARG_WORD, 1, 1, "board mover",
            "board: the points' own names; mover: each player counts the points of their path from its length at "
            "their start down to 1"), END },
      "Track boards: how the game's players number the points when they write a move (`8/4 6/3`, `bar/22*`, "
      "`6/off`, `13/9(2)`). Given, `play`'s hint and the replay page write moves so; a move so written is read on "
      "every track board (by the board's names where this is not given), and the die-by-die notation (`13-9`) "
      "keeps the board's names.",
      "(point-numbers mover)" },

    /* ---- play ---- */
    { "play", "game variant", "play",
      { FORMS("rules", 1, 64, PLAY_FORMS, "move rules, constraints and hooks"), END },
      "What a player may do on a turn: one move (a capture chain or a die's sub-move is one move).",
      "(play (moves man (step diagonal-forward)) (capture mandatory))" },
    { "moves", "play", "play",
      { POS("piece", ARG_NAME, 1, 1, NULL, "the piece type these moves are for"),
        FORMS("rules", 1, 16, "step hop slide leap advance place fly sow remove-piece", "its ways of moving, of coming onto the board, or of leaving it"), END },
      "The ways one piece type moves.",
      "(moves king (step diagonal) (hop diagonal over:[man king] chain))" },
    { "step", "moves", "play",
      { POS("directions", ARG_WORDS, 1, 1, DIRECTIONS, "where it may go"),
        NAMED("from", ARG_REGION, NULL, "only from these cells (relative to the mover)"),
        NAMED_OR("to", ARG_WORD, "empty empty-or-enemy enemy", "empty", "what the target may hold (enemy: it only captures)"),
        NAMED("within", ARG_REGION, NULL, "only to these cells (relative to the mover)"),
        FLAG("en-passant", "with to:enemy: may also land on a cell an enemy `passable` slide passed over in the move just played, taking that piece"),
        RULE_CONDITIONS,
        FLAG("unmoved", "only a piece that has not moved yet in the game: its first move"),
        NAMED("capture", ARG_WORDS, "approach withdrawal",
              "takes the line of enemy pieces just beyond the arrival cell (approach) or just behind the departure cell (withdrawal); with both, one move each where a step could do either"),
        FLAG("chain", "with capture: after a capture, the same piece keeps stepping and capturing while it can"),
        FLAG("may-stop", "with chain: the piece may stop after any capture (each beginning of the chain is a move of its own)"),
        FLAG("no-revisit", "with chain: never onto a cell the piece stood on earlier in the move (its start included)"),
        FLAG("turn", "with chain: never two steps in a row in the same direction"),
        END },
      "A move to a neighbouring cell; `to:empty-or-enemy` captures by landing, `capture:` by approach or withdrawal.",
      "(step diagonal-forward from:diagonal-rows to:empty-or-enemy)" },
    { "hop", "moves", "play",
      { POS("directions", ARG_WORDS, 1, 1, DIRECTIONS, "where it may jump"),
        NAMED_REQ("over", ARG_NAMES, NULL, "the enemy piece types it may jump"),
        NAMED("before", ARG_DISTANCE, "any", "cells from the piece to the one it jumps, the empty ones between included (default 1: adjacent)"),
        NAMED("after", ARG_DISTANCE, "any", "cells from the jumped piece to the landing cell (default 1: just beyond; `any`: any empty cell beyond)"),
        FLAG("chain", "after a jump, the same piece keeps jumping while it can"),
        FLAG("no-reverse", "in a chain, no jump goes straight back along the line the last one came"),
        FLAG("straight", "in a chain, every jump goes the way the first one went"),
        FLAG("may-stop", "a chain may stop after any jump: each of its beginnings is a move of its own, not only the longest"),
        RULE_CONDITIONS,
        FLAG("unmoved", "only a piece that has not moved yet in the game: its first move"),
        END },
      "A jump along a line over one enemy piece to an empty cell beyond, capturing it; `before:any after:any` is a flying king's capture.",
      "(hop diagonal over:[man king] before:any after:any chain)" },
    { "slide", "moves", "play",
      { POS("directions", ARG_WORDS, 1, 1, DIRECTIONS, "where it may go"),
        NAMED("from", ARG_REGION, NULL, "only from these cells (relative to the mover)"),
        NAMED("max", ARG_VALUE, "row-others", "an integer, or `row-others`: other pieces on the mover's row (default: any distance)"),
        NAMED_OR("to", ARG_WORD, "empty empty-or-enemy enemy", "empty", "what the last cell may hold: with empty-or-enemy it may stop on the first enemy piece in its way, capturing it"),
        NAMED("within", ARG_REGION, NULL, "only to these cells (relative to the mover)"),
        FLAG("screen", "with to:enemy: captures only by passing over exactly one piece of either side, taking the first piece beyond it"),
        FLAG("passable", "the cells it passes over may be taken `en-passant` on the next move"),
        NAMED("never-enter", ARG_REGION, NULL, "cells it may not enter: it stops before them (to pass over cells it may not stop on, give the others as `within:`)"),
        RULE_CONDITIONS,
        FLAG("unmoved", "only a piece that has not moved yet in the game: its first move"),
        NAMED("shoot", ARG_NAME, NULL, "after the slide, a piece of this type lands on an empty cell that a slide in the same directions reaches from where the piece stopped (its start is empty by then)"),
        END },
      "A move of 1..max cells in a straight line over empty cells to an empty cell (a flying king's move), or with "
      "`to:empty-or-enemy` onto the first enemy piece in the way, capturing it (a rook's move).",
      "(slide forward from:fast-rows max:row-others never-enter:goal)" },
    { "advance", "moves", "play",
      { NAMED("blocked-by", ARG_INT, NULL, "a point with this many enemy pieces cannot be landed on"),
        NAMED("hit", ARG_INT, NULL, "a point with exactly this many enemy pieces is hit: they go to the bar"),
        NAMED("pin", ARG_INT, NULL, "1: a lone enemy piece landed on stays pinned under the mover's until they leave"),
        FLAG("single", "a point holds one piece: a piece never lands on one of its owner's"),
        NAMED("safe", ARG_REGION, NULL, "an enemy piece on these points is never hit: the point is closed to the mover"),
        NAMED("extra-turn", ARG_REGION, NULL, "a turn whose last sub-move ends on these points is followed by another roll of the same player"),
        FLAG("swap", "with `hit:1`: the hit piece goes to the point the mover left instead of the bar (the two swap places)"),
        NAMED("protected", ARG_INT, NULL, "a piece with this many of its owner's in a row along its path, itself counted, cannot be hit (2 to 200)"),
        NAMED("blockade", ARG_INT, NULL, "a run of this many enemy pieces in a row along the mover's path cannot be passed (2 to 200)"),
        NAMED("must-stop", ARG_REGION, NULL, "no piece passes these points: a piece lands on them exactly before it goes on"),
        NAMED("back-from", ARG_REGION, NULL, "a piece whose sub-move ends here goes back to `back-to:` (with it)"),
        NAMED("back-to", ARG_NAME, NULL, "the point `back-from:` sends a piece to, or when it is taken the nearest free point before it on the piece's path"),
        NAMED("extra-throw", ARG_VALUES, NULL, "a sub-move of a die of these values, or a lone throw of them that cannot be played, is followed by another roll of the same player"),
        END },
      "Moves a piece along its owner's path by the value of one die.",
      "(advance blocked-by:2 hit:1)" },
    { "place", "moves", "play",
      { NAMED("to", ARG_REGION, NULL, "only onto these cells (relative to the mover; default: any empty cell)"),
        NAMED("gravity", ARG_WORD, "n ne e se s sw w nw",
              "only onto a cell whose neighbour in this compass direction is occupied or off the board: the lowest "
              "empty cell of a column with `s`"),
        NAMED("outflank", ARG_WORDS, DIRECTIONS,
              "only where, in one of these directions, the piece encloses a line of enemy pieces ended by one of the "
              "mover's; every line it encloses changes side"),
        RULE_CONDITIONS,
        NAMED("file-limit", ARG_INT, NULL, "at most this many of the mover's pieces of the type on the column after it (1: never two on a column)"),
        FLAG("no-mate", "never where the piece leaves the opponent's royal piece attacked with no move to answer"),
        END },
      "A move that puts a piece of this type from the player's supply onto an empty cell; written as the cell "
      "(`e5`), or `piece@e5` where a player places pieces of several types.",
      "(place gravity:s)" },
    { "remove-piece", "moves", "play",
      { NAMED_OR("of", ARG_WORD, "own enemy", "own", "whose piece of this type is taken off: the mover's own (default) or the opponent's"),
        NAMED("from", ARG_REGION, NULL, "only from these cells (relative to the mover; default: any cell)"),
        NAMED("next-to-empty", ARG_WORDS, DIRECTIONS, "only a piece with an empty neighbour in one of these directions"),
        RULE_CONDITIONS,
        END },
      "A move that takes one piece of this type off the board, and nothing else (an opening that empties the first "
      "cells of a full board); written as the cell with an `x` before it (`xd5`), or the cell alone.",
      "(remove-piece from:[d4 e5] ply:1)" },
    { "leap", "moves", "play",
      { POS("a", ARG_INT, 1, 1, NULL, "cells one way"),
        POS("b", ARG_INT, 1, 1, NULL, "cells the other way: every turn and reflection of (a, b) is a leap"),
        NAMED("from", ARG_REGION, NULL, "only from these cells (relative to the mover)"),
        NAMED_OR("to", ARG_WORD, "empty empty-or-enemy enemy", "empty", "what the target may hold"),
        NAMED("within", ARG_REGION, NULL, "only to these cells (relative to the mover)"),
        FLAG("lame", "blocked by a piece on the first cell of its way (one step along its longer leg; the middle of a 2 2 leap)"),
        FLAG("forward", "only the leaps whose longer leg goes the player's forward way (2 forward and 1 aside, for 1 2)"),
        RULE_CONDITIONS,
        FLAG("unmoved", "only a piece that has not moved yet in the game: its first move"),
        END },
      "A jump to the cell A columns and B rows away (or B and A, either sign), whatever stands between (unless `lame`).",
      "(leap 1 2 to:empty-or-enemy)" },
    { "fly", "moves", "play",
      { RULE_CONDITIONS,
        END },
      "A move to any empty cell of the board.",
      "(fly hand:empty pieces:3)" },
    { "sow", "moves", "play",
      { NAMED_REQ("from", ARG_REGION, NULL, "each player's pits (relative to the player)"),
        NAMED_REQ("loop", ARG_NAMES, NULL, "every cell seeds are sown on, in sowing order (a cycle)"),
        NAMED("skip", ARG_REGION, NULL, "cells a player never sows into (the opponent's store)"),
        NAMED("store", ARG_REGION, NULL, "each player's store, one cell: captures go there"),
        FLAG("skip-origin", "a lap of twelve seeds or more passes over the pit it emptied"),
        NAMED_OR("capture", ARG_WORD, "none opposite counts", "none",
              "opposite: the last seed in an empty pit of the mover's takes it and the opposite pit's seeds; counts: "
              "the last seed in an enemy pit that then holds one of `counts:` takes it and the enemy pits before it that do too"),
        NAMED("counts", ARG_VALUES, NULL, "capture:counts: the counts taken, like [2 3]"),
        FLAG("opposite-empty", "capture:opposite: also when the opposite pit is empty"),
        FLAG("extra-turn", "the last seed in the mover's store: the mover moves again"),
        FLAG("feed", "when the opponent has no seeds in their pits, only the moves that give them some are legal, where there are any"),
        NAMED_OR("grand-slam", ARG_WORD, "allowed no-capture forbidden", "allowed",
              "a capture that would take every enemy seed: allowed (default), takes nothing, or the move is illegal"),
        END },
      "Sowing: empty one of the mover's pits and drop its seeds one by one on the next cells of the loop; written "
      "as the pit (`c1`). The seeds of a pit count as pieces of the player on whose side it lies.",
      "(sow from:(rows 1 columns:2..7) loop:[b1 c1 d1 e1 f1 g1 h1 g2 f2 e2 d2 c2 b2 a2] store:(each [h1] [a2]) capture:opposite extra-turn)" },
    { "promote", "play", "play",
      { POS("from", ARG_NAME, 1, 1, NULL, "the piece type promoted"),
        POS("to", ARG_NAMES, 1, 1, NULL, "the piece type it becomes, or a list the player chooses from (one move each)"),
        NAMED_REQ("at", ARG_REGION, NULL, "where (`far-row`: the mover's last row)"),
        NAMED_OR("mid-chain", ARG_WORD, "ends crowns passes", "ends",
              "reaching the region in the middle of a capture chain: `ends` the chain there, promoted (default); "
              "`crowns` it at once, and it goes on capturing as the new type; or `passes`: it goes on as it is, "
              "promoted only if the move ends in the region"),
        FLAG("optional", "the player may decline it: the move is listed both ways (promoting written with a `+`)"),
        FLAG("leaving", "a move that starts in the region promotes too (and one that moves within it)"),
        NAMED("forced", ARG_REGION, NULL, "optional: where it must be taken all the same (where the piece could not move again)"),
        END },
      "A piece that ends a step or jump in the region changes type.",
      "(promote man king at:far-row mid-chain:passes)" },
    { "capture", "play", "play",
      { POS("rule", ARG_WORD, 1, 1, "mandatory optional", "whether a capture must be made when one exists"),
        NAMED_OR("removal", ARG_WORD, "at-once at-end", "at-once",
              "when captured pieces leave: `at-once` as they are jumped (their cells can be crossed again; default), "
              "or `at-end` of the move (they stay as obstacles until then, and are never jumped twice)"),
        END },
      "Whether capturing is compulsory, and when captured pieces leave the board.",
      "(capture mandatory removal:at-end)" },
    { "enclosure", "play", "play",
      { NAMED("mover", ARG_WORD, "safe", "the mover's own pieces are never captured by its action"),
        END },
      "Captures enemy pieces whose remaining edge neighbours all hold the mover's pieces.",
      "(enclosure mover:safe)" },
    { "exchange", "play", "play",
      { NAMED_REQ("cost", ARG_INT, NULL, "collected tiles handed back"), END },
      "An action: hand back collected tiles to remove any one enemy piece.",
      "(exchange cost:(opt exchange-cost))" },
    { "announce", "play", "play",
      { POS("text", ARG_STRING, 1, 1, NULL, "what the front ends say"),
        NAMED_REQ("when", ARG_WORD, "capture-threat",
                  "capture-threat: after an action from which the mover's next move could capture"),
        END },
      "An announcement after an action (`tabula play` prints it, records mark the move); it changes no move.",
      "(announce \"Cura\" when:capture-threat if:cura)" },
    { "enter", "play", "play",
      { NAMED_REQ("from", ARG_NAME, NULL, "the off-board place pieces re-enter from"),
        FLAG("first", "while the place holds a piece of the mover, no other piece moves"),
        NAMED("with", ARG_INT, NULL, "only a die of this value brings a piece in, onto own point 1 (the die is used up)"),
        END },
      "Pieces in that place re-enter the track as if from point 0 (a die of d: onto own point d); with `with:`, only "
      "that value enters, onto own point 1.",
      "(enter from:bar first)" },
    { "courier", "play", "play",
      { NAMED_REQ("until", ARG_REGION, NULL, "the region the first piece must reach"), END },
      "Only one piece may leave the starting point until one has reached the region.",
      "(courier until:final)" },
    { "stack-limit", "play", "play",
      { POS("region", ARG_REGION, 1, 1, NULL, "where the limit holds"),
        NAMED_REQ("points", ARG_INT, NULL, "at most this many points ..."),
        NAMED_REQ("height", ARG_INT, NULL, "... may hold this many of the player's pieces or more"),
        END },
      "After every sub-move, a limit on crowded points in a region.",
      "(stack-limit entry points:2 height:2)" },
    { "bear-off", "play", "play",
      { NAMED_REQ("to", ARG_NAME, NULL, "the off-board place"),
        NAMED("when-all-in", ARG_REGION, NULL, "bearing off needs every piece there or off (default: a piece bears off from anywhere)"),
        NAMED_OR("overshoot", ARG_WORD, "never always from-highest", "never",
              "a die larger than needed bears off: never (the default), always, or from-highest: only with no piece farther from the end"),
        END },
      "Pieces leave the track past the last point of their path.",
      "(bear-off to:off when-all-in:home overshoot:from-highest)" },
    { "remove-on-line", "play", "play",
      { POS("length", ARG_INT, 1, 1, NULL, "pieces in a row"),
        FLAG("spare-lines", "never an enemy piece that stands in such a line itself, unless all of them do"),
        END },
      "A move that makes a line of this many of the mover's pieces through the piece it moved or placed also "
      "removes one enemy piece, of the mover's choice (written after an `x`: `d2xb4`, `d2-d3xb4`).",
      "(remove-on-line 3 spare-lines)" },
    { "capture-to-hand", "play", "play",
      { END },
      "A piece taken joins the taker's supply as its unpromoted type, and comes back by a `place` rule of "
      "that type (a drop, written with its letter: `P*e5`).",
      "(capture-to-hand)" },
    { "royal", "play", "play",
      { POS("piece", ARG_NAME, 1, 1, NULL, "the royal piece type"),
        NAMED("faces", ARG_WORDS, DIRECTIONS, "the two royal pieces may never stand facing each other in these directions with nothing between"),
        END },
      "A move that leaves the mover's royal piece attacked (where an enemy rule could capture it by landing on "
      "it) is not legal. With `(blocked loses)` a player without a move loses (checkmate); `(stalemate ...)` "
      "decides when the royal piece is not attacked.",
      "(royal king)" },
    { "castle", "play", "play",
      { POS("royal", ARG_NAME, 1, 1, NULL, "the royal piece type"),
        POS("with", ARG_NAME, 1, 1, NULL, "the piece type it castles with"),
        NAMED_REQ("high", ARG_NAMES, NULL, "castling towards the higher columns: [the royal's column, the other's column] after it, like [g f]"),
        NAMED_REQ("low", ARG_NAMES, NULL, "towards the lower columns, like [c d]"),
        END },
      "Castling: neither piece has moved, both on one row; every cell between them and their columns after it is "
      "empty (but for the two), and the royal piece is not attacked on its cell, on its way or where it lands. "
      "Written O-O (towards the higher columns) and O-O-O.",
      "(castle king rook high:[g f] low:[c d])" },
    { "custodial", "play", "play",
      { POS("directions", ARG_WORDS, 1, 1, DIRECTIONS, "the lines along which pieces are taken (the same for both players)"),
        NAMED("hostile", ARG_REGION, NULL, "empty cells that take part in a capture as the mover's piece would (corners, a throne)"),
        NAMED("royal", ARG_NAME, NULL, "a type taken only when surrounded (see royal-sides)"),
        NAMED("royal-sides", ARG_INT, NULL, "4: the royal type is taken only when every neighbour along the directions is the mover's or hostile; 2: as any piece"),
        NAMED("royal-surrounded", ARG_REGION, NULL, "cells where the royal type is taken only when surrounded, as with royal-sides:4 (a throne and the cells beside it)"),
        NAMED("royal-hostile", ARG_REGION, NULL, "the hostile cells that take the royal type between them and a mover's piece, where it is taken as any piece (default: every hostile cell; a surrounded one counts them all)"),
        NAMED("unarmed", ARG_NAMES, NULL, "types that never help to take"),
        END },
      "Custodial capture: after a move, an enemy piece next to the moved piece, with another of the mover's pieces "
      "(or a hostile cell) just beyond it on the same line, is taken (written after an `x`: `d1-d3xd4`).",
      "(custodial orthogonal hostile:[a1 a7 g1 g7 d4] royal:king royal-sides:2 royal-surrounded:[d4] "
      "royal-hostile:[a1 a7 g1 g7])" },
    { "pass", "play", "play",
      { NAMED_REQ("when", ARG_WORD, "blocked", "blocked: only when the player has no other move"), END },
      "A player with no move passes (the move `pass`) while the opponent has one; when neither has, the game "
      "ends as `blocked` says.",
      "(pass when:blocked)" },
    { "swap", "play", "play",
      { END },
      "The pie rule: on the second player's first turn, while the board holds the first player's one piece, the "
      "move `swap` takes it over: it becomes the second player's, mirrored across the board's long diagonal "
      "(column and row exchanged), and the first player moves next. Needs as many columns as rows.",
      "(swap if:swap)" },
    { "hook", "play", "play",
      { POS("name", ARG_WORD, 1, 1, "max-capture tile-collapse", "the hook"),
        FORMS("parameters", 0, 8, CATALOGUE_MAX_CAPTURE_CRITERIA " max-sides collect", "its parameters, in order"),
        FLAG("one-run", "tile-collapse: the touching sides must form one unbroken run"),
        FLAG("cascade", "tile-collapse: a removal loosens the tiles next to it; repeat until none is loose"),
        FLAG("recheck-captures", "tile-collapse: enemy pieces next to removed tiles may be captured"),
        END },
      "One of the named pieces of rule logic that are parameterised here.",
      "(hook max-capture (most-captured) (most-captured king) (prefer-mover king))" },
    { "most-captured", "hook", "play",
      { POS("piece", ARG_NAME, 0, 1, NULL, "count only this piece type"), END },
      "max-capture: keep the chains capturing the most pieces (of that type).",
      "(most-captured king)" },
    { "prefer-mover", "hook", "play",
      { POS("piece", ARG_NAME, 1, 1, NULL, "a piece type"), END },
      "max-capture: keep the chains made by this piece type, if any.",
      "(prefer-mover king)" },
    { "most-value", "hook", "play",
      { FORMS("worths", 1, 8, "worth", "the worth of each piece type (types not listed are worth 0)"), END },
      "max-capture: keep the chains whose captured pieces are worth the most in all.",
      "(most-value (worth man 1) (worth king 3))" },
    { "worth", "most-value", "play",
      { POS("piece", ARG_NAME, 1, 1, NULL, "a piece type"),
        POS("value", ARG_NUMBER, 1, 1, NULL, "what capturing one is worth: 0 to 1000000, whole or a fraction (`3/2` and `1.5` are the same)"), END },
      "The worth of a captured piece of one type, for `most-value`; worths are compared exactly.",
      "(worth king 3)" },
    { "earliest", "hook", "play",
      { POS("piece", ARG_NAME, 1, 1, NULL, "a piece type"), END },
      "max-capture: keep the chains that capture a piece of this type soonest (its first capture earliest in the chain).",
      "(earliest king)" },
    { "max-sides", "hook", "play",
      { POS("sides", ARG_INT, 1, 1, NULL, "a tile touching more tiles than this stays"), END },
      "tile-collapse: the most sides by which a loose tile may touch the board.",
      "(max-sides 3)" },
    { "collect", "hook", "play",
      { POS("who", ARG_WORD, 1, 1, "mover-after-move nobody", "who keeps tiles removed after a move"), END },
      "tile-collapse: who collects removed tiles.",
      "(collect mover-after-move)" },

    /* ---- tables family: the use of the dice, the head rule, primes, the pinned mother ---- */
    { "dice-use", "play", "play",
      { POS("rule", ARG_WORD, 1, 1, "free max",
            "free: a die must be played when one can be (the default); max: a turn uses as many of its dice as the rules allow"),
        FLAG("then-larger", "max: when only one of two different dice can be used, it is the larger when that one can be"),
        END },
      "How much of the roll a turn must use; each sub-move must keep the turn able to use that much.",
      "(dice-use max then-larger)" },
    { "leave-start", "play", "play",
      { NAMED_REQ("per-turn", ARG_INT, NULL, "pieces that may leave the starting point (own point 1) in one turn"),
        NAMED("first-turn", ARG_INT, NULL, "... in the player's first turn (all pieces on the starting point) after a double of `on-doubles`"),
        NAMED("on-doubles", ARG_VALUES, NULL, "the doubles that allow `first-turn`, like [3 4 6]"), END },
      "Limits the pieces that leave the starting stack in a turn (the head rule).",
      "(leave-start per-turn:1 first-turn:2 on-doubles:[3 4 6])" },
    { "roll-again", "play", "play",
      { POS("value", ARG_INT, 1, 1, NULL, "the die value that gives the mover another throw once it is played"),
        NAMED_OR("most", ARG_INT, NULL, "2", "throws again in a row at most: a throw of the value after them is "
              "forfeit, and the turn passes"),
        END },
      "Track games with one die: playing this value gives the mover another throw (a throw of it that cannot be "
      "played ends the turn all the same).",
      "(roll-again 6 most:2)" },
    { "prime-limit", "play", "play",
      { POS("length", ARG_INT, 1, 1, NULL, "consecutive points held by the mover, along the opponent's path"),
        NAMED_OR("allowed", ARG_WORD, "piece-ahead until-gathered", "piece-ahead",
              "piece-ahead (the default): after every sub-move, a run needs an enemy piece ahead of it (or borne off); "
              "until-gathered: a run is allowed, but one with every enemy piece left on the point just behind it "
              "must be opened: a sub-move after which such a run stands is refused while another sub-move leaves none"),
        END },
      "A limit on runs of this many held points (primes) in front of the opponent.",
      "(prime-limit 6 allowed:until-gathered)" },
    { "streak-limit", "play", "play",
      { POS("piece", ARG_NAME, 1, 1, NULL, "the piece type limited"),
        POS("moves", ARG_INT, 1, 1, NULL, "non-capturing moves in a row one piece of it may make, 1 to 100"), /* TB_MAX_STREAK */
        NAMED("while-has", ARG_NAME, NULL, "the limit holds only while the mover has a piece of this type (default: always)"),
        END },
      "Square boards: one piece of the type makes at most this many non-capturing moves in a row; a capture by it, "
      "or a move of another piece of its owner, starts its count again. Each piece keeps its own count (in "
      "positions: `in-a-row`).",
      "(streak-limit king 3 while-has:man)" },
    { "pinned-on-start", "end", "end",
      { NAMED_OR("score", ARG_INT, NULL, "1", "what the win counts, 1 to 3"), END },
      "A player whose last piece on their starting point is pinned loses, unless the pinner still has pieces on "
      "their own starting point; both pinned: a draw.",
      "(pinned-on-start score:2)" },

    /* ---- end ---- */
    { "end", "game variant", "end",
      { FORMS("conditions", 1, 16, END_FORMS, "checked after every move, in order"), END },
      "How the game ends.",
      "(end (no-pieces loses) (blocked loses))" },
    { "no-pieces", "end", "end",
      { POS("outcome", ARG_WORD, 1, 1, "wins loses", "for the player left with no pieces"), END },
      "A player with no pieces left wins or loses.",
      "(no-pieces wins)" },
    { "blocked", "end", "end",
      { POS("outcome", ARG_WORD, 1, 1, "wins loses draw most-pieces most-captured",
            "for the player to move; most-pieces: the player with more pieces on the board wins, most-captured: the "
            "player who has captured more, a draw when equal"), END },
      "A player who has no legal move on their turn wins, loses or draws; or the game is counted.",
      "(blocked draw)" },
    { "stalemate", "end", "end",
      { POS("outcome", ARG_WORD, 1, 1, "wins loses draw", "for the player to move"), END },
      "A player with a royal piece who has no legal move while it is not attacked wins, loses or draws; `blocked` "
      "then decides only when it is attacked (checkmate).",
      "(stalemate draw)" },
    { "pits-empty", "end", "end",
      { END },
      "Sowing games: when a move leaves a player's pits all empty, the game ends and is counted: the seeds left lie "
      "on their owners' sides, and the player with more seeds (in the store and on their side) wins; as many: a draw.",
      "(pits-empty)" },
    { "cannot-feed", "end", "end",
      { END },
      "Sowing games with the feeding rule (`feed`): when the opponent of the player to move has no seeds on their "
      "side and no move gives them some, the game ends and is counted as `pits-empty` counts it (each player's "
      "store and the seeds on their side; more wins, as many: a draw).",
      "(cannot-feed)" },
    { "stored", "end", "end",
      { POS("count", ARG_INT, 1, 1, NULL, "seeds in the player's store"),
        POS("outcome", ARG_WORD, 1, 1, "wins loses", "for that player"), END },
      "Sowing games: a player with this many seeds in their store or more wins (or loses).",
      "(stored 25 wins)" },
    { "captured", "end", "end",
      { POS("piece", ARG_NAME, 1, 1, NULL, "a piece type"),
        POS("outcome", ARG_WORD, 1, 1, "wins loses", "for the player who has none of them left"), END },
      "A player left with no piece of the type (all of them captured) wins or loses.",
      "(captured king loses)" },
    { "no-progress", "end", "end",
      { POS("count", ARG_INT, 1, 1, NULL, "this many turns or plies in a row without progress draw"),
        POS("unit", ARG_WORD, 1, 1, "turns plies", "`turns` (one move of each player) or `plies` (single moves)"),
        NAMED_REQ("reset", ARG_NAMES, "capture promotion", "what counts as progress: `capture`, `promotion` and/or piece types that moved"),
        END },
      "A draw after a number of turns or plies without progress. In dice games a ply is one player's whole turn, "
      "judged at its end, and `capture` is a hit or a pin.",
      "(no-progress 25 turns reset:[capture man])" },
    { "reach", "end", "end",
      { POS("region", ARG_REGION, 1, 1, NULL, "the mover wins on putting a piece here"),
        NAMED("piece", ARG_NAME, NULL, "only a piece of this type counts"), END },
      "A player who moves a piece (of the type) into the region wins.",
      "(reach far-row)" },
    { "line", "end", "end",
      { POS("length", ARG_INT, 1, 1, NULL, "pieces in a row"),
        POS_OR("outcome", ARG_WORD, "wins loses draw", "wins", "for the mover"),
        FLAG("exact", "only a line of exactly this many: a longer one does not count"),
        END },
      "A move that makes a line of this many of the mover's pieces, through the cell it played, along any line "
      "of the board (a row, a column, a diagonal where the board has them) ends the game.",
      "(line 5 exact)" },
    { "fewer-pieces", "end", "end",
      { POS("count", ARG_INT, 1, 1, NULL, "a player with fewer pieces than this, on the board and still to place"),
        POS("outcome", ARG_WORD, 1, 1, "wins loses", "for that player"),
        END },
      "A player left with fewer pieces than the count, counting those still in their supply, wins or loses.",
      "(fewer-pieces 3 loses)" },
    { "connect", "end", "end",
      { POS("from", ARG_REGION, 1, 1, NULL, "one region (relative to each player)"),
        POS("to", ARG_REGION, 1, 1, NULL, "the other"),
        END },
      "A player whose move links the two regions by a chain of their pieces, each a neighbour of the next, wins.",
      "(connect (rows 1) far-row)" },
    { "all-off", "end", "end",
      { POS("place", ARG_NAME, 1, 1, NULL, "the off-board place"),
        NAMED("double", ARG_WORD, "opponent-none-off", "when the win counts double"),
        NAMED("triple-in", ARG_NAMES, NULL,
              "a double win counts triple when the loser has a piece in one of these: their off-board place, or the winner's region"),
        END },
      "A player with every piece in the place wins.",
      "(all-off off double:opponent-none-off triple-in:[bar home])" },
    { "repetition", "end", "end",
      { POS("times", ARG_INT, 1, 1, NULL, "the same position this many times is a draw"),
        NAMED_OR("perpetual-check", ARG_WORD, "loses draws", "draws",
              "`loses`: a player whose every move since the position's first occurrence left the opponent's royal "
              "piece attacked loses (unless both did)"),
        END },
      "A draw by repetition (position, player to move and collected counts); in dice games, of the positions at "
      "the end of each turn.",
      "(repetition 3 perpetual-check:loses)" },
    { "material-draw", "end", "end",
      { POS("count", ARG_INT, 1, 1, NULL, "the balance lasts this many turns or plies (0: drawn as soon as it stands)"),
        POS("unit", ARG_WORD, 1, 1, "turns plies", "`turns` or `plies`, counted from the last capture or promotion"),
        FORMS("sides", 2, 2, "side", "what one player has, then what the other has (either colour)"),
        FORMS("total", 0, 1, "total", "how many pieces both players have together"), END },
      "A draw when a material balance lasts: counted from the capture or promotion that made it.",
      "(material-draw 16 turns (side 2..3 (of king 1..3)) (side 1 (of king 1)))" },
    { "material-win", "end", "end",
      { FORMS("sides", 2, 2, "side", "what the winner has, then what the other player has"),
        FORMS("total", 0, 1, "total", "how many pieces both players have together"), END },
      "A player who has what the first side says, against an opponent with what the second says, wins at once.",
      "(material-win (side 1..12 (of king 1..12)) (side 0))" },
    { "total", "material-draw material-win", "end",
      { POS("pieces", ARG_RANGE, 1, 1, NULL, "pieces of both players together"), END },
      "The pieces on the board, both players together, in a material balance.",
      "(total 3..4)" },
    { "side", "material-draw material-win", "end",
      { POS("pieces", ARG_RANGE, 1, 1, NULL, "how many pieces the player has in all"),
        FORMS("of", 0, 8, "of", "how many of them are of a type"), END },
      "One side of a material balance.",
      "(side 2..3 (of king 1..3))" },
    { "of", "side", "end",
      { POS("piece", ARG_NAME, 1, 1, NULL, "a piece type"),
        POS("number", ARG_RANGE, 1, 1, NULL, "how many of the player's pieces are of that type"),
        NAMED("in", ARG_REGION, NULL, "count only those standing in this region"), END },
      "A count of one piece type in a material balance.",
      "(of king 1..3 in:(rows 8))" },
};

int catalogue_count(void)
{
    return (int)(sizeof catalogue / sizeof catalogue[0]);
}

const ludeme_spec *catalogue_at(int i)
{
    return &catalogue[i];
}

int catalogue_index(const ludeme_spec *s)
{
    /* by address, compared as integers: S may be no spec of the table */
    uintptr_t at = (uintptr_t)s, first = (uintptr_t)catalogue;
    if (!s || at < first || (at - first) % sizeof catalogue[0] != 0) return -1;
    uintptr_t i = (at - first) / sizeof catalogue[0];
    return i < (uintptr_t)catalogue_count() ? (int)i : -1;
}

int catalogue_word_index(const char *word, const char *words)
{
    size_t n = strlen(word);
    const char *p = words;
    for (int i = 0; p && *p; i++) {
        while (*p == ' ') p++;
        if (!*p) break;
        const char *e = strchr(p, ' ');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && strncmp(p, word, n) == 0) return i;
        p = e;
    }
    return -1;
}

static int split_words(const char *words, char *buf, int size, const char **out, int max);

const char *catalogue_word_at(const char *words, int i, char *buf, int size)
{
    char tmp[512];
    const char *list[64];
    int n = split_words(words, tmp, sizeof tmp, list, 64);
    snprintf(buf, (size_t)size, "%s", i >= 0 && i < n ? list[i] : "");
    return buf;
}

int catalogue_word_in(const char *word, const char *words)
{
    return catalogue_word_index(word, words) >= 0;
}

/* Splits WORDS into an array of pointers into BUF. */
static int split_words(const char *words, char *buf, int size, const char **out, int max)
{
    snprintf(buf, (size_t)size, "%s", words);
    int n = 0;
    for (char *tok = strtok(buf, " "); tok && n < max; tok = strtok(NULL, " ")) out[n++] = tok;
    return n;
}

const char *catalogue_suggest(const char *word, const char *words, char *buf, int size)
{
    char tmp[512];
    const char *list[64];
    int n = split_words(words, tmp, sizeof tmp, list, 64);
    const char *best = diag_nearest(word, list, n);
    if (!best) return NULL;
    snprintf(buf, (size_t)size, "%s", best);
    return buf;
}

/* 1 when PARENTS (space-separated) names PARENT; "@region"/"@value" match any. */
static int parent_allowed(const ludeme_spec *s, const char *parent)
{
    if (s->parents[0] == '@') return 1;
    if (!parent || !*parent) return s->parents[0] == '\0';
    return catalogue_word_in(parent, s->parents);
}

const ludeme_spec *catalogue_find(const char *head, const char *parent)
{
    for (int i = 0; i < catalogue_count(); i++)
        if (strcmp(catalogue[i].name, head) == 0 && parent_allowed(&catalogue[i], parent))
            return &catalogue[i];
    return NULL;
}

const param_spec *catalogue_param(const char *head, const char *name)
{
    for (int i = 0; i < catalogue_count(); i++) {
        if (strcmp(catalogue[i].name, head) != 0) continue;
        for (const param_spec *p = catalogue[i].params; p->name; p++)
            if (strcmp(p->name, name) == 0) return p;
    }
    return NULL;
}

const ludeme_spec *catalogue_find_any(const char *head)
{
    for (int i = 0; i < catalogue_count(); i++)
        if (strcmp(catalogue[i].name, head) == 0) return &catalogue[i];
    return NULL;
}

/* 1 when the value form S (`(opt ...)`, a region form) can stand for an
 * argument of the form with head PARENT. */
static int value_form_fits(const ludeme_spec *s, const char *parent)
{
    const ludeme_spec *in = catalogue_find_any(parent);
    if (!in) return 0;
    int region = strcmp(s->parents, "@region") == 0;
    for (const param_spec *p = in->params; p->name; p++) {
        if (p->style != STYLE_POSITIONAL && p->style != STYLE_NAMED) continue;
        if (region ? p->type == ARG_REGION : p->type != ARG_STRING && p->type != ARG_PATH && p->type != ARG_FORM)
            return 1;
    }
    return 0;
}

/* 1 when S may stand inside a form with head PARENT; value forms count
 * only with VALUES (as arguments, not clauses). */
static int allowed_here(const ludeme_spec *s, const char *parent, int values)
{
    if (parent[0] == '@') return strcmp(s->parents, parent) == 0; /* inside a value: values of its kind */
    if (s->parents[0] == '@') return values && value_form_fits(s, parent);
    return parent_allowed(s, parent);
}

int catalogue_heads_in(const char *parent, const char **names, int max)
{
    int n = 0;
    for (int i = 0; i < catalogue_count() && n < max; i++)
        if (allowed_here(&catalogue[i], parent, 1)) names[n++] = catalogue[i].name;
    return n;
}

const char *catalogue_suggest_head(const char *head, const char *parent)
{
    const char *names[128];
    int n = catalogue_heads_in(parent, names, 128);
    return diag_nearest(head, names, n);
}

int catalogue_clauses_in(const char *parent, char *buf, int size)
{
    const char *names[128];
    int n = 0, len = 0;
    buf[0] = '\0';
    /* in the order the parent lists its clauses, then any other allowed */
    const ludeme_spec *in = parent[0] && parent[0] != '@' ? catalogue_find_any(parent) : NULL;
    for (const param_spec *p = in ? in->params : NULL; p && p->name; p++) {
        if (p->style != STYLE_FORM) continue;
        char tmp[512];
        const char *words[64];
        int k = split_words(p->words, tmp, sizeof tmp, words, 64);
        for (int w = 0; w < k && n < 128; w++) {
            const ludeme_spec *s = catalogue_find(words[w], parent);
            if (s && allowed_here(s, parent, 0)) names[n++] = s->name; /* the catalogue's string, not tmp's */
        }
    }
    for (int i = 0; i < catalogue_count() && n < 128; i++) {
        int listed = 0;
        for (int k = 0; k < n; k++) listed |= names[k] == catalogue[i].name;
        if (!listed && allowed_here(&catalogue[i], parent, 0)) names[n++] = catalogue[i].name;
    }
    for (int i = 0; i < n && len < size; i++)
        len += snprintf(buf + len, (size_t)(size - len), "%s`%s`", i == 0 ? "" : i == n - 1 ? " or " : ", ", names[i]);
    return n;
}

void catalogue_describe_param(const param_spec *p, char *buf, int size)
{
    switch ((arg_type)p->type) {
    case ARG_INT: snprintf(buf, (size_t)size, "an integer (%s)", p->name); break;
    case ARG_RANGE: snprintf(buf, (size_t)size, "an integer or a range like 1..6 (%s)", p->name); break;
    case ARG_STRING: snprintf(buf, (size_t)size, "a string (%s)", p->name); break;
    case ARG_NAME: snprintf(buf, (size_t)size, "a name (%s)", p->name); break;
    case ARG_WORD: snprintf(buf, (size_t)size, "one of `%s` (%s)", p->words, p->name); break;
    case ARG_WORDS: snprintf(buf, (size_t)size, "a %s or a list of them", p->name); break;
    case ARG_NAMES: snprintf(buf, (size_t)size, "a name or a list of names (%s)", p->name); break;
    case ARG_VALUE: snprintf(buf, (size_t)size, "an integer or a name (%s)", p->name); break;
    case ARG_VALUES: snprintf(buf, (size_t)size, "a list or a range (%s)", p->name); break;
    case ARG_REGION: snprintf(buf, (size_t)size, "a region: a region name, a list of cells or (%s ...) (%s)",
                              "rows", p->name); break;
    case ARG_FORM: snprintf(buf, (size_t)size, "a form (%s)", p->words); break;
    case ARG_FLAG: snprintf(buf, (size_t)size, "the word `%s`", p->name); break;
    case ARG_PATH: snprintf(buf, (size_t)size, "the address of a clause, like `(end no-progress)` (%s)", p->name); break;
    case ARG_ADDED:
    case ARG_REPLACEMENT: snprintf(buf, (size_t)size, "a clause or a word (%s)", p->name); break;
    case ARG_SELECTOR: snprintf(buf, (size_t)size, "a name or a form like `(moves man)` (%s)", p->name); break;
    case ARG_DISTANCE: snprintf(buf, (size_t)size, "an integer, a range like 1..3 or `%s` (%s)", p->words, p->name); break;
    case ARG_NUMBER: snprintf(buf, (size_t)size, "a whole number or a fraction like 3/2 or 1.5 (%s)", p->name); break;
    }
}

/* The upper-case word a signature uses for what P takes: INT, REGION, ... */
static const char *type_word(const param_spec *p)
{
    switch ((arg_type)p->type) {
    case ARG_INT: return "INT";
    case ARG_RANGE: return "RANGE";
    case ARG_STRING: return "STRING";
    case ARG_NAME: return "NAME";
    case ARG_WORD: return "WORD";
    case ARG_WORDS: return "WORDS";
    case ARG_NAMES: return "NAMES";
    case ARG_VALUE: return "VALUE";
    case ARG_VALUES: return "VALUES";
    case ARG_REGION: return "REGION";
    case ARG_FORM: return "FORM";
    case ARG_FLAG: return "FLAG";
    case ARG_PATH: return "ADDRESS";
    case ARG_ADDED:
    case ARG_REPLACEMENT: return "ITEM";
    case ARG_SELECTOR: return "SELECTOR";
    case ARG_DISTANCE: return "DISTANCE";
    case ARG_NUMBER: return "NUMBER";
    }
    return "?";
}

/* The signature line of a ludeme: (step directions [from:REGION] [to:WORD]) */
static void write_signature(FILE *out, const ludeme_spec *s)
{
    fprintf(out, "`(%s", s->name);
    for (const param_spec *p = s->params; p->name; p++) {
        const char *open = p->min == 0 ? "[" : "", *close = p->min == 0 ? "]" : "";
        const char *many = p->max > 1 ? "..." : "";
        switch ((arg_style)p->style) {
        case STYLE_POSITIONAL: fprintf(out, " %s%s%s%s", open, p->name, many, close); break;
        case STYLE_NAMED: fprintf(out, " %s%s:%s%s", open, p->name, type_word(p), close); break;
        case STYLE_FLAG: fprintf(out, " [%s]", p->name); break;
        case STYLE_FORM: fprintf(out, " %s(%s ...)%s%s", open, p->max == 1 && !strchr(p->words, ' ') ? p->words : p->name, many, close); break;
        }
    }
    fprintf(out, ")`");
}

/* Writes WORDS (space-separated) as "`a`, `b` or `c`", each as `(a ...)` when FORMS. */
static void write_words(FILE *out, const char *words, int forms)
{
    char buf[512];
    const char *list[64];
    int n = split_words(words, buf, sizeof buf, list, 64);
    for (int i = 0; i < n; i++)
        fprintf(out, "%s`%s%s%s`", i == 0 ? "" : i == n - 1 ? " or " : ", ", forms ? "(" : "", list[i],
                forms ? " ...)" : "");
}

/* Writes WORDS (space-separated) as "`a`, `b`, `c`": the start of a longer list. */
static void write_words_listed(FILE *out, const char *words)
{
    char buf[512];
    const char *list[64];
    int n = split_words(words, buf, sizeof buf, list, 64);
    for (int i = 0; i < n; i++) fprintf(out, "%s`%s`", i == 0 ? "" : ", ", list[i]);
}

/* The words a name-valued parameter gives a meaning of their own, if any. */
static void write_also(FILE *out, const char *words)
{
    if (!words) return;
    fprintf(out, strchr(words, ' ') ? " (or one of the words " : " (or the word ");
    write_words(out, words, 0);
    fprintf(out, ")");
}

const char *catalogue_type_name(int type)
{
    switch ((arg_type)type) {
    case ARG_INT: return "int";
    case ARG_RANGE: return "range";
    case ARG_STRING: return "string";
    case ARG_NAME: return "name";
    case ARG_WORD: return "word";
    case ARG_WORDS: return "words";
    case ARG_NAMES: return "names";
    case ARG_VALUE: return "value";
    case ARG_VALUES: return "values";
    case ARG_REGION: return "region";
    case ARG_FORM: return "form";
    case ARG_FLAG: return "flag";
    case ARG_PATH: return "address";
    case ARG_ADDED: return "added";
    case ARG_REPLACEMENT: return "replacement";
    case ARG_SELECTOR: return "selector";
    case ARG_DISTANCE: return "distance";
    case ARG_NUMBER: return "number";
    }
    return "unknown";
}

const char *catalogue_style_name(int style)
{
    switch ((arg_style)style) {
    case STYLE_POSITIONAL: return "positional";
    case STYLE_NAMED: return "named";
    case STYLE_FLAG: return "flag";
    case STYLE_FORM: return "form";
    }
    return "unknown";
}

/* What P takes, for the reference: "an integer or `(opt NAME)`", ... */
static void write_type(FILE *out, const param_spec *p)
{
    switch ((arg_type)p->type) {
    case ARG_INT: fprintf(out, "an integer or `(opt NAME)`"); break;
    case ARG_RANGE: fprintf(out, "an integer or a range `LO..HI` (each bound an integer or `(opt NAME)`)"); break;
    case ARG_STRING: fprintf(out, "a string"); break;
    case ARG_NAME: fprintf(out, "a name"); break;
    case ARG_WORD: fprintf(out, "one of "); write_words(out, p->words, 0); break;
    case ARG_WORDS: fprintf(out, "one of these words, or a list of them: "); write_words(out, p->words, 0); break;
    case ARG_NAMES: fprintf(out, "a name or a list of names"); write_also(out, p->words); break;
    case ARG_VALUE: fprintf(out, "an integer or a name"); write_also(out, p->words); break;
    case ARG_VALUES: fprintf(out, "a list of integers or names, or a range `LO..HI`"); break;
    case ARG_REGION:
        fprintf(out, "a region: a declared region, ");
        write_words_listed(out, CATALOGUE_REGION_WORDS);
        fprintf(out, ", a cell, a list of cells, or ");
        write_words(out, "rows columns cells cell-at own-points", 1);
        break;
    case ARG_FORM: write_words(out, p->words, 1); break;
    case ARG_FLAG: fprintf(out, "the word `%s` alone", p->name); break;
    case ARG_PATH:
        fprintf(out, "an address: `(SECTION STEP...)`, each step a name (a clause's head, or a word) or a form "
                     "`(head ARG...)` matching a clause by its first arguments; or `(option NAME)`");
        break;
    case ARG_ADDED: fprintf(out, "a clause of the addressed form, or a word"); break;
    case ARG_REPLACEMENT: fprintf(out, "a clause, or a word, that may stand where the addressed one was"); break;
    case ARG_SELECTOR: fprintf(out, "a step of an address: a name, or a form `(head ARG...)`"); break;
    case ARG_DISTANCE: fprintf(out, "an integer, a range `LO..HI`, or `%s`", p->words); break;
    case ARG_NUMBER: fprintf(out, "a whole number, a fraction `P/Q` or a decimal like `1.5`, or `(opt NAME)`"); break;
    }
}

/* The example of S as a Markdown code span, or a fenced block when it
 * spans several lines. */
static void write_example(FILE *out, const ludeme_spec *s)
{
    if (!s->example || !s->example[0]) return;
    if (strchr(s->example, '\n'))
        fprintf(out, "Example:\n\n```\n%s\n```\n\n", s->example);
    else
        fprintf(out, "Example: `%s`\n\n", s->example);
}

void catalogue_write_reference(FILE *out)
{
    static const char *const topics[] = { "game", "players", "board", "pieces", "regions",
                                          "start", "dice", "play", "end", "words" };
    fprintf(out, "<!-- generated by `tabula reference` from src/lang/catalogue.c; do not edit -->\n\n");
    fprintf(out, "Every clause (a form listed below as a sub-form `(x ...)` of another, such as a move rule, "
                 "an end condition or a `place`) also takes `if:OPTION` or `unless:OPTION`: it is part of the "
                 "game only when that boolean option is `on` (for `if:`) or `off` (for `unless:`).\n\n");
    for (size_t t = 0; t < sizeof topics / sizeof topics[0]; t++) {
        fprintf(out, "### %s\n\n", topics[t]);
        for (int i = 0; i < catalogue_count(); i++) {
            const ludeme_spec *s = &catalogue[i];
            if (strcmp(s->topics, topics[t]) != 0) continue;
            fprintf(out, "#### `%s`\n\n", s->name);
            write_signature(out, s);
            fprintf(out, "\n\n%s", s->doc);
            if (s->parents[0] == '@')
                fprintf(out, " Usable wherever %s is expected.", strcmp(s->parents, "@value") == 0 ? "a value" : "a region");
            else if (s->parents[0])
                fprintf(out, " Inside `%s`.", s->parents);
            fprintf(out, "\n\n");
            for (const param_spec *p = s->params; p->name; p++) {
                const char *how = p->min == 0 ? "optional" : p->max > 1 ? "one or more" : "required";
                if (p->style == STYLE_FORM && p->max > 1) how = p->min == 0 ? "any number" : "one or more";
                if (p->style == STYLE_NAMED)
                    fprintf(out, "- `%s:` (%s, named): %s; ", p->name, how, p->doc);
                else
                    fprintf(out, "- `%s` (%s): %s; ", p->name, how, p->doc);
                write_type(out, p);
                if (p->dflt) fprintf(out, " (default `%s`)", p->dflt);
                fprintf(out, ".\n");
            }
            fprintf(out, "\n");
            write_example(out, s);
        }
    }
}
