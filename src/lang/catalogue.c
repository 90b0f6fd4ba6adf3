/* catalogue.c - every ludeme of the rule language, with its arguments and a
 * one-line meaning. Adding a ludeme starts here; check.c and the generated
 * reference pick it up from this table. */
#include "catalogue.h"

#include <stdio.h>
#include <string.h>

#include "diag.h"

#define POS(n, t, mn, mx, w, d) { n, STYLE_POSITIONAL, t, mn, mx, w, d }
#define NAMED(n, t, w, d) { n, STYLE_NAMED, t, 0, 1, w, d }
#define NAMED_REQ(n, t, w, d) { n, STYLE_NAMED, t, 1, 1, w, d }
#define FLAG(n, d) { n, STYLE_FLAG, ARG_FLAG, 0, 1, NULL, d }
#define FORMS(n, mn, mx, heads, d) { n, STYLE_FORM, ARG_FORM, mn, mx, heads, d }
#define END { NULL, 0, 0, 0, 0, NULL, NULL }

/* Words shared by several ludemes. */
#define DIRECTIONS                                                                     \
    "n ne e se s sw w nw forward backward left right forward-left forward-right "      \
    "backward-left backward-right diagonal diagonal-forward diagonal-backward "        \
    "orthogonal any corner-same-colour"
#define REGION_FORMS "rows columns cells cell-at own-points"
#define PLAY_FORMS                                                                     \
    "moves promote capture hook enter courier stack-limit bear-off exchange enclosure announce " \
    "dice-use leave-start prime-limit"
#define END_FORMS "no-pieces blocked no-progress reach all-off repetition pinned-on-start"

static const ludeme_spec catalogue[] = {
    /* ---- the file ---- */
    { "game", "", "game",
      { POS("title", ARG_STRING, 1, 1, NULL, "the game's name"),
        FORMS("option", 0, 32, "option", "ruleset options a user may set with --option"),
        FORMS("players", 1, 1, "players", "the two players"),
        FORMS("board", 1, 1, "board", "the board's topology"),
        FORMS("pieces", 1, 1, "pieces", "the piece types"),
        FORMS("regions", 0, 1, "regions", "named sets of cells"),
        FORMS("start", 1, 1, "start", "the initial position"),
        FORMS("dice", 0, 1, "dice", "dice rolled at the start of every turn"),
        FORMS("play", 1, 1, "play", "what a player may do on a turn"),
        FORMS("end", 1, 1, "end", "how the game ends"), END },
      "A whole game: one per rule file." },
    { "variant", "", "game",
      { POS("title", ARG_STRING, 1, 1, NULL, "the variant's name"),
        FORMS("extends", 1, 1, "extends", "the rule file it changes"),
        FORMS("option", 0, 32, "option", "options added, or replacing the base's of the same name"),
        FORMS("players", 0, 1, "players", "replaces the base's players"),
        FORMS("board", 0, 1, "board", "replaces the base's board"),
        FORMS("pieces", 0, 1, "pieces", "replaces the base's piece types"),
        FORMS("regions", 0, 1, "regions", "replaces the base's regions"),
        FORMS("start", 0, 1, "start", "replaces the base's start"),
        FORMS("dice", 0, 1, "dice", "replaces the base's dice"),
        FORMS("play", 0, 1, "play", "replaces the base's play"),
        FORMS("end", 0, 1, "end", "replaces the base's end"), END },
      "A variant file: the base game with the sections given here in place of the base's (instead of `game`)." },
    { "extends", "variant", "game",
      { POS("base", ARG_STRING, 1, 1, NULL, "a bundled game's name, or a path relative to this file"), END },
      "The rule file (a game or another variant) a variant changes." },
    { "option", "game variant", "game",
      { POS("name", ARG_NAME, 1, 1, NULL, "the option's name"),
        POS("default", ARG_VALUE, 1, 1, NULL, "its value when not set"),
        POS("allowed", ARG_VALUES, 0, 1, NULL, "the values it may take: a list or a range"),
        POS("doc", ARG_STRING, 0, 1, NULL, "what it changes, for `tabula info`"), END },
      "A ruleset option; `(opt NAME)` stands for its value wherever an integer is expected." },
    { "opt", "@int", "game",
      { POS("name", ARG_NAME, 1, 1, NULL, "a declared option"), END },
      "The value of a declared option (integer options only)." },

    /* ---- players ---- */
    { "players", "game variant", "players",
      { FORMS("player", 2, 2, "player", "one form per player, numbered 1 and 2"), END },
      "The players; player 1 moves first." },
    { "player", "players", "players",
      { POS("number", ARG_INT, 1, 1, NULL, "1 or 2"),
        POS("label", ARG_STRING, 0, 1, NULL, "a name for messages (\"white\")"),
        NAMED("forward", ARG_WORD, "n s e w", "square boards: the compass direction of the player's forward"),
        NAMED("start", ARG_INT, NULL, "tracks: the point where the player's path starts"),
        NAMED("direction", ARG_WORD, "up down", "tracks: the path runs up the point numbers (1, 2, 3 ...: the default) or down"),
        NAMED("length", ARG_INT, NULL, "tracks: points on the path (default: every point of the track)"),
        NAMED("fields", ARG_NAME, NULL, "field boards: the colour of field the player's pieces stand on"),
        END },
      "One player and the geometry relative to them." },

    /* ---- board ---- */
    { "board", "game variant", "board",
      { FORMS("topology", 1, 1, "square track hex-tiles", "the shape of the board"),
        FORMS("playable", 0, 1, "playable", "which cells are used"),
        FORMS("off-board", 0, 1, "off-board", "places off the board (bar, off)"), END },
      "The board: a topology, optionally restricted, with off-board places." },
    { "square", "board", "board",
      { POS("columns", ARG_INT, 1, 1, NULL, "number of columns (files a, b, ...)"),
        POS("rows", ARG_INT, 1, 1, NULL, "number of rows (ranks 1, 2, ...)"), END },
      "A grid of squares named a1 (bottom left) onwards, with 8 compass neighbours." },
    { "track", "board", "board",
      { POS("points", ARG_INT, 1, 1, NULL, "number of points on the ring, named 1..N"), END },
      "A ring of points that hold stacks; each player moves along it from their start." },
    { "hex-tiles", "board", "board",
      { POS("radius", ARG_INT, 1, 1, NULL, "tiles per side of the hexagon of tiles"),
        NAMED("fields", ARG_INT, NULL, "triangular fields per tile (6)"),
        NAMED_REQ("colours", ARG_NAMES, NULL, "field colours, repeated round each tile from field 0"),
        END },
      "Hexagonal tiles (named by column and index, c3) split into triangular fields (c3.0 .. c3.5)." },
    { "playable", "board", "board",
      { POS("cells", ARG_WORD, 1, 1, "all dark light", "dark: (column + row) even, counting from 1 (a1 is dark)"),
        END },
      "Restricts play to some cells of a square board." },
    { "off-board", "board", "board",
      { POS("places", ARG_NAMES, 1, 8, NULL, "names of per-player places off the board"), END },
      "Places off the board that hold a player's pieces (`bar`, `off`)." },

    /* ---- pieces, regions, start ---- */
    { "pieces", "game variant", "pieces",
      { POS("types", ARG_NAME, 1, 8, NULL, "piece type names"), END },
      "The piece types, shared by both players." },
    { "regions", "game variant", "regions",
      { FORMS("region", 1, 64, "region", "one named region"), END },
      "Named sets of cells, relative to each player." },
    { "region", "regions", "regions",
      { POS("name", ARG_NAME, 1, 1, NULL, "the region's name"),
        POS("cells", ARG_REGION, 1, 1, NULL, "its cells, for each player"), END },
      "A named region; its cells may depend on the player (rows counted from their side)." },
    { "rows", "@region", "regions",
      { POS("rows", ARG_RANGE, 1, 1, NULL, "rows counted from the player's own side, 1 first"), END },
      "Rows of a square board, counted from the player's side." },
    { "columns", "@region", "regions",
      { POS("columns", ARG_RANGE, 1, 1, NULL, "columns counted from the left, 1 first"), END },
      "Columns of a square board." },
    { "cells", "@region", "regions",
      { POS("cells", ARG_NAMES, 1, 1, NULL, "cell names"), END },
      "The same cells for both players." },
    { "cell-at", "@region", "regions",
      { NAMED_REQ("column", ARG_VALUE, NULL, "a column number or `centre`"),
        NAMED_REQ("row", ARG_INT, NULL, "a row counted from the player's side"), END },
      "One cell per player, by column and player-relative row." },
    { "own-points", "@region", "regions",
      { POS("points", ARG_RANGE, 1, 1, NULL, "points counted along the player's path, 1 first"), END },
      "Points of a track counted along the player's own path." },
    { "start", "game variant", "start",
      { FORMS("place", 1, 64, "place", "pieces put on the board"), END },
      "The initial position." },
    { "place", "start", "start",
      { POS("player", ARG_INT, 1, 1, NULL, "whose pieces"),
        POS("piece", ARG_NAME, 1, 1, NULL, "a declared piece type"),
        POS("where", ARG_REGION, 1, 1, NULL, "the cells to fill"),
        NAMED("count", ARG_INT, NULL, "pieces stacked on each cell (default 1)"),
        NAMED("except", ARG_REGION, NULL, "cells of `where` left empty"),
        NAMED("limit", ARG_INT, NULL, "at most this many cells: the player's first row first, each row from the centre outwards (left first on a tie)"),
        END },
      "Puts pieces of one player on cells." },
    { "dice", "game variant", "dice",
      { POS("count", ARG_INT, 1, 1, NULL, "number of dice"),
        POS("faces", ARG_INT, 1, 1, NULL, "faces per die, 1..faces"),
        FLAG("doubles-repeat", "a double n gives n moves of n"),
        NAMED("doubles", ARG_INT, NULL, "a double gives this many moves of its value (4 in backgammon)"),
        NAMED("first-roll", ARG_WORD, "no-double", "the first roll of a game is thrown again until it is not a double"),
        END },
      "Dice rolled at the start of each turn; each die is one sub-move." },

    /* ---- play ---- */
    { "play", "game variant", "play",
      { FORMS("rules", 1, 64, PLAY_FORMS, "move rules, constraints and hooks"), END },
      "What a player may do on a turn: one move (a capture chain or a die's sub-move is one move)." },
    { "moves", "play", "play",
      { POS("piece", ARG_NAME, 1, 1, NULL, "the piece type these moves are for"),
        FORMS("rules", 1, 16, "step hop slide advance", "its ways of moving"), END },
      "The ways one piece type moves." },
    { "step", "moves", "play",
      { POS("directions", ARG_WORDS, 1, 1, DIRECTIONS, "where it may go"),
        NAMED("from", ARG_REGION, NULL, "only from these cells (relative to the mover)"),
        NAMED("to", ARG_WORD, "empty empty-or-enemy", "what the target may hold (default empty)"),
        END },
      "A move to a neighbouring cell; `to:empty-or-enemy` captures by landing." },
    { "hop", "moves", "play",
      { POS("directions", ARG_WORDS, 1, 1, DIRECTIONS, "where it may jump"),
        NAMED_REQ("over", ARG_NAMES, NULL, "the enemy piece types it may jump"),
        FLAG("chain", "after a jump, the same piece keeps jumping while it can"), END },
      "A jump over an adjacent enemy piece to the empty cell beyond, capturing it." },
    { "slide", "moves", "play",
      { POS("directions", ARG_WORDS, 1, 1, DIRECTIONS, "where it may go"),
        NAMED("from", ARG_REGION, NULL, "only from these cells (relative to the mover)"),
        NAMED_REQ("max", ARG_VALUE, NULL, "an integer, or `row-others`: other pieces on the mover's row"),
        NAMED("never-enter", ARG_REGION, NULL, "cells it may not stop on"), END },
      "A move of 1..max cells in a straight line over empty cells to an empty cell; never captures." },
    { "advance", "moves", "play",
      { NAMED("blocked-by", ARG_INT, NULL, "a point with this many enemy pieces cannot be landed on"),
        NAMED("hit", ARG_INT, NULL, "a point with exactly this many enemy pieces is hit: they go to the bar"),
        NAMED("pin", ARG_INT, NULL, "1: a lone enemy piece landed on stays pinned under the mover's until they leave"),
        END },
      "Moves a piece along its owner's path by the value of one die." },
    { "promote", "play", "play",
      { POS("from", ARG_NAME, 1, 1, NULL, "the piece type promoted"),
        POS("to", ARG_NAME, 1, 1, NULL, "the piece type it becomes"),
        NAMED_REQ("at", ARG_REGION, NULL, "where (`far-row`: the mover's last row)"),
        FLAG("ends-chain", "a capture chain stops where the piece is promoted"), END },
      "A piece that ends a step or jump in the region changes type." },
    { "capture", "play", "play",
      { POS("rule", ARG_WORD, 1, 1, "mandatory optional", "whether a capture must be made when one exists"),
        END },
      "Whether capturing is compulsory." },
    { "enclosure", "play", "play",
      { NAMED("mover", ARG_WORD, "safe", "the mover's own pieces are never captured by its action"),
        END },
      "Captures enemy pieces whose remaining edge neighbours all hold the mover's pieces." },
    { "exchange", "play", "play",
      { NAMED_REQ("cost", ARG_INT, NULL, "collected tiles handed back"), END },
      "An action: hand back collected tiles to remove any one enemy piece." },
    { "announce", "play", "play",
      { POS("text", ARG_STRING, 1, 1, NULL, "what the front ends say"),
        NAMED_REQ("when", ARG_WORD, "capture-threat",
                  "capture-threat: after an action from which the mover's next move could capture"),
        NAMED("if", ARG_NAME, NULL, "an option that turns it on: a word option set to `on`, or an integer option not 0"),
        END },
      "An announcement after an action (`tabula play` prints it, records mark the move); it changes no move." },
    { "enter", "play", "play",
      { NAMED_REQ("from", ARG_NAME, NULL, "the off-board place pieces re-enter from"),
        FLAG("first", "while the place holds a piece of the mover, no other piece moves"), END },
      "Pieces in that place re-enter the track as if from point 0." },
    { "courier", "play", "play",
      { NAMED_REQ("until", ARG_REGION, NULL, "the region the first piece must reach"), END },
      "Only one piece may leave the starting point until one has reached the region." },
    { "stack-limit", "play", "play",
      { POS("region", ARG_REGION, 1, 1, NULL, "where the limit holds"),
        NAMED_REQ("points", ARG_INT, NULL, "at most this many points ..."),
        NAMED_REQ("height", ARG_INT, NULL, "... may hold this many of the player's pieces or more"),
        END },
      "After every sub-move, a limit on crowded points in a region." },
    { "bear-off", "play", "play",
      { NAMED_REQ("to", ARG_NAME, NULL, "the off-board place"),
        NAMED_REQ("when-all-in", ARG_REGION, NULL, "bearing off needs every piece there or off"),
        NAMED("overshoot", ARG_WORD, "never always from-highest",
              "a die larger than needed bears off: never (the default), always, or from-highest: only with no piece farther from the end"),
        END },
      "Pieces leave the track past the last point of their path." },
    { "hook", "play", "play",
      { POS("name", ARG_WORD, 1, 1, "max-capture tile-collapse", "the hook"),
        FORMS("parameters", 0, 8, "most-captured prefer-mover max-sides collect", "its parameters, in order"),
        FLAG("one-run", "tile-collapse: the touching sides must form one unbroken run"),
        FLAG("cascade", "tile-collapse: a removal loosens the tiles next to it; repeat until none is loose"),
        FLAG("recheck-captures", "tile-collapse: enemy pieces next to removed tiles may be captured"),
        END },
      "One of the named pieces of rule logic that are parameterised here." },
    { "most-captured", "hook", "play",
      { POS("piece", ARG_NAME, 0, 1, NULL, "count only this piece type"), END },
      "max-capture: keep the chains capturing the most pieces (of that type)." },
    { "prefer-mover", "hook", "play",
      { POS("piece", ARG_NAME, 1, 1, NULL, "a piece type"), END },
      "max-capture: keep the chains made by this piece type, if any." },
    { "max-sides", "hook", "play",
      { POS("sides", ARG_INT, 1, 1, NULL, "a tile touching more tiles than this stays"), END },
      "tile-collapse: the most sides by which a loose tile may touch the board." },
    { "collect", "hook", "play",
      { POS("who", ARG_WORD, 1, 1, "mover-after-move nobody", "who keeps tiles removed after a move"), END },
      "tile-collapse: who collects removed tiles." },

    /* ---- tables family: the use of the dice, the head rule, primes, the pinned mother ---- */
    { "dice-use", "play", "play",
      { POS("rule", ARG_WORD, 1, 1, "free max",
            "free: a die must be played when one can be (the default); max: a turn uses as many of its dice as the rules allow"),
        FLAG("then-larger", "max: when only one of two different dice can be used, it is the larger when that one can be"),
        END },
      "How much of the roll a turn must use; each sub-move must keep the turn able to use that much." },
    { "leave-start", "play", "play",
      { NAMED_REQ("per-turn", ARG_INT, NULL, "pieces that may leave the starting point (own point 1) in one turn"),
        NAMED("first-turn", ARG_INT, NULL, "... in the player's first turn (all pieces on the starting point) after a double of `on-doubles`"),
        NAMED("on-doubles", ARG_VALUES, NULL, "the doubles that allow `first-turn`, like [3 4 6]"), END },
      "Limits the pieces that leave the starting stack in a turn (the head rule)." },
    { "prime-limit", "play", "play",
      { POS("length", ARG_INT, 1, 1, NULL, "consecutive points held by the mover, along the opponent's path"), END },
      "After every sub-move, a run of this many held points needs an enemy piece ahead of it (or borne off)." },
    { "pinned-on-start", "end", "end",
      { NAMED("score", ARG_INT, NULL, "what the win counts, 1 to 3 (default 1)"), END },
      "A player whose last piece on their starting point is pinned loses, unless the pinner still has pieces on "
      "their own starting point; both pinned: a draw." },

    /* ---- end ---- */
    { "end", "game variant", "end",
      { FORMS("conditions", 1, 16, END_FORMS, "checked after every move, in order"), END },
      "How the game ends." },
    { "no-pieces", "end", "end",
      { POS("outcome", ARG_WORD, 1, 1, "wins loses", "for the player left with no pieces"), END },
      "A player with no pieces left wins or loses." },
    { "blocked", "end", "end",
      { POS("outcome", ARG_WORD, 1, 1, "wins loses draw", "for the player to move"), END },
      "A player who has no legal move on their turn wins, loses or draws." },
    { "no-progress", "end", "end",
      { POS("moves", ARG_INT, 1, 1, NULL, "this many consecutive moves without progress draw"),
        NAMED_REQ("reset", ARG_NAMES, NULL, "what counts as progress: `capture` and/or piece types that moved"),
        END },
      "A draw after a number of moves without progress." },
    { "reach", "end", "end",
      { POS("region", ARG_REGION, 1, 1, NULL, "the mover wins on putting a piece here"), END },
      "A player who moves a piece into the region wins." },
    { "all-off", "end", "end",
      { POS("place", ARG_NAME, 1, 1, NULL, "the off-board place"),
        NAMED("double", ARG_WORD, "opponent-none-off", "when the win counts double"),
        NAMED("triple-in", ARG_NAMES, NULL,
              "a double win counts triple when the loser has a piece in one of these: their off-board place, or the winner's region"),
        END },
      "A player with every piece in the place wins." },
    { "repetition", "end", "end",
      { POS("times", ARG_INT, 1, 1, NULL, "the same position this many times is a draw"), END },
      "A draw by repetition (position, player to move and collected counts)." },
};

int catalogue_count(void)
{
    return (int)(sizeof catalogue / sizeof catalogue[0]);
}

const ludeme_spec *catalogue_at(int i)
{
    return &catalogue[i];
}

int catalogue_word_in(const char *word, const char *words)
{
    size_t n = strlen(word);
    const char *p = words;
    while (p && *p) {
        while (*p == ' ') p++;
        const char *e = strchr(p, ' ');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && strncmp(p, word, n) == 0) return 1;
        p = e;
    }
    return 0;
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

/* 1 when PARENTS (space-separated) names PARENT; "@region"/"@int" match any. */
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

const ludeme_spec *catalogue_find_any(const char *head)
{
    for (int i = 0; i < catalogue_count(); i++)
        if (strcmp(catalogue[i].name, head) == 0) return &catalogue[i];
    return NULL;
}

const char *catalogue_suggest_head(const char *head, const char *parent)
{
    const char *names[128];
    int n = 0;
    for (int i = 0; i < catalogue_count() && n < 128; i++)
        if (parent_allowed(&catalogue[i], parent) || catalogue[i].parents[0] == '@')
            names[n++] = catalogue[i].name;
    const char *best = diag_nearest(head, names, n);
    if (!best) { /* a ludeme that belongs elsewhere is still a better hint than none */
        n = 0;
        for (int i = 0; i < catalogue_count() && n < 128; i++) names[n++] = catalogue[i].name;
        best = diag_nearest(head, names, n);
    }
    return best;
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

/* What P takes, for the reference: "an integer or `(opt NAME)`", ... */
static void write_type(FILE *out, const param_spec *p)
{
    switch ((arg_type)p->type) {
    case ARG_INT: fprintf(out, "an integer or `(opt NAME)`"); break;
    case ARG_RANGE: fprintf(out, "an integer or a range `LO..HI`"); break;
    case ARG_STRING: fprintf(out, "a string"); break;
    case ARG_NAME: fprintf(out, "a name"); break;
    case ARG_WORD: fprintf(out, "one of "); write_words(out, p->words, 0); break;
    case ARG_WORDS: fprintf(out, "one of these words, or a list of them: "); write_words(out, p->words, 0); break;
    case ARG_NAMES: fprintf(out, "a name or a list of names"); break;
    case ARG_VALUE: fprintf(out, "an integer or a name"); break;
    case ARG_VALUES: fprintf(out, "a list of integers or names, or a range `LO..HI`"); break;
    case ARG_REGION:
        fprintf(out, "a region: a declared region, `far-row`, `all`, a cell, a list of cells, or ");
        write_words(out, "rows columns cells cell-at own-points", 1);
        break;
    case ARG_FORM: write_words(out, p->words, 1); break;
    case ARG_FLAG: fprintf(out, "the word `%s` alone", p->name); break;
    }
}

void catalogue_write_reference(FILE *out)
{
    static const char *const topics[] = { "game", "players", "board", "pieces", "regions",
                                          "start", "dice", "play", "end" };
    fprintf(out, "<!-- generated by `tabula reference` from src/catalogue.c; do not edit -->\n\n");
    for (size_t t = 0; t < sizeof topics / sizeof topics[0]; t++) {
        fprintf(out, "### %s\n\n", topics[t]);
        for (int i = 0; i < catalogue_count(); i++) {
            const ludeme_spec *s = &catalogue[i];
            if (strcmp(s->topics, topics[t]) != 0) continue;
            fprintf(out, "#### `%s`\n\n", s->name);
            write_signature(out, s);
            fprintf(out, "\n\n%s", s->doc);
            if (s->parents[0] == '@')
                fprintf(out, " Usable wherever %s is expected.", strcmp(s->parents, "@int") == 0 ? "an integer" : "a region");
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
                fprintf(out, ".\n");
            }
            fprintf(out, "\n");
        }
    }
}
