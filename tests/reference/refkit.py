"""refkit - the scaffolding the independent references share (tests only).

Each tests/reference/*_ref.py keeps its game's RULES to itself: legal moves,
playing a move, the throw of its dice, reading and writing its positions.
What is the same in several of them lives here: the command line of the race
games' references (moves, perft, positions, games) and the checks of a
scenario case's `expect:` block.  Nothing here knows a game; nothing here
shares code with the C engine (src/).  Plain Python 3, standard library only.

A reference imports it from its own directory, whatever the current one:

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refkit
"""

import os
import random
import sys


# ---- the race games: one throw, one move, the turn by the throw ----------

def sample_positions(rng, n, random_game, rate=0.1):
    """Positions met in random games: each visited position is kept with
    probability RATE (drawn from RNG, the games' own generator, so the sample
    is the one a seed always gives) until N are kept.  RANDOM_GAME(rng, visit)
    plays one game calling VISIT(pos) before each throw; a kept position is
    pos.copy()."""
    seen = []

    def visit(pos):
        if len(seen) < n and rng.random() < rate:
            seen.append(pos.copy())

    while len(seen) < n:
        random_game(rng, visit)
    return seen


def sorted_moves(legal, pos, roll):
    """The texts of LEGAL(pos, roll)'s moves (each move a tuple whose first
    item is its text), sorted."""
    return sorted(m[0] for m in legal(pos, roll))


def race_main(argv, usage, legal, read_position, write_position, random_game, rolls):
    """The command line of a race game's reference (see its module docstring):

      moves POSITION.yaml ROLL   the sorted legal moves for the throw ROLL
      perft POSITION.yaml DEPTH  `perft D N`: D = 1 counts the moves of the
                                 position's throw (pos.dice); deeper counts 0
                                 (the next throw is chance)
      positions N SEED DIR       DIR/K.yaml and DIR/K.expect (`ROLL: MOVES`
                                 for each of ROLLS) for N positions met in
                                 random games
      games N SEED               N random games; exit 1 if one does not end

    LEGAL(pos, roll) lists moves (tuples, text first); RANDOM_GAME(rng,
    visit=None) returns (moves played, winner or None).  Returns the exit
    status; a bad command line prints USAGE and returns 2."""
    if len(argv) >= 3 and argv[0] == "moves":
        pos = read_position(argv[1])
        for text in sorted_moves(legal, pos, int(argv[2])):
            print(text)
        return 0
    if len(argv) == 3 and argv[0] == "perft":
        pos = read_position(argv[1])
        for d in range(1, int(argv[2]) + 1):
            print("perft %d %d" % (d, len(legal(pos, pos.dice)) if d == 1 else 0))
        return 0
    if len(argv) == 4 and argv[0] == "positions":
        n, seed, out = int(argv[1]), int(argv[2]), argv[3]
        os.makedirs(out, exist_ok=True)
        rng = random.Random(seed)
        for k, pos in enumerate(sample_positions(rng, n, random_game), 1):
            write_position(pos, os.path.join(out, "%d.yaml" % k))
            with open(os.path.join(out, "%d.expect" % k), "w") as f:
                for roll in rolls:
                    f.write("%d: %s\n" % (roll, " ".join(sorted_moves(legal, pos, roll))))
        return 0
    if len(argv) == 3 and argv[0] == "games":
        rng = random.Random(int(argv[2]))
        bad = 0
        for g in range(int(argv[1])):
            moves, winner = random_game(rng)
            print("game %d: %d moves, winner %s" % (g + 1, moves, winner))
            bad += winner is None
        return 1 if bad else 0
    sys.stderr.write(usage)
    return 2


# ---- scenario files: a case's `play:` and `expect:` ----------------------

def replay(s, plays, legal_moves, apply):
    """Plays a case's `play:` moves from the state S: LEGAL_MOVES(s) maps move
    texts to moves, APPLY(s, move) returns the next state.  Returns (state,
    None), or (None, [error]) at the first move that is not legal."""
    for mv in plays or []:
        moves = legal_moves(s)
        if str(mv) not in moves:
            return None, ["play %s: not legal (legal: %s)" % (mv, sorted(moves))]
        s = apply(s, moves[str(mv)])
    return s, None


EXPECT_KEYS = ("moves", "count", "includes", "excludes", "result", "pieces", "empty", "to-move")


def expect_errors(exp, moves, result, to_move, piece_at, piece_is, keys=EXPECT_KEYS):
    """The errors of a case's `expect:` block EXP against the reference's
    state (an empty list when it holds):

      MOVES     the legal move texts (`moves:` the same set, no text twice;
                `includes:`, `excludes:`, `count:`)
      RESULT    the state's result (`result:`); TO_MOVE its player (`to-move:`)
      PIECE_AT(cell name) the cell's content, None when empty (`empty:`)
      PIECE_IS(content, text) whether a content is the `pieces:` text

    KEYS are the expectations the reference models (the game's own extras,
    such as `hand:`, it checks itself); any other key is an error, and so is
    an empty block."""
    errors = []
    if not exp:
        errors.append("case asserts nothing")
    for k in exp:
        if k not in keys:
            errors.append("unknown expectation %r" % k)
    if "moves" in exp:
        want = [str(m) for m in (exp["moves"] or [])]
        if set(want) != set(moves):
            errors.append("moves: expected %s, reference %s" % (sorted(want), sorted(moves)))
        if len(set(want)) != len(want):
            errors.append("moves: duplicates in expectation")
    for mv in exp.get("includes") or []:
        if str(mv) not in moves:
            errors.append("includes %s: not legal" % mv)
    for mv in exp.get("excludes") or []:
        if str(mv) in moves:
            errors.append("excludes %s: legal" % mv)
    if "count" in exp and exp["count"] != len(moves):
        errors.append("count: expected %s, reference %d" % (exp["count"], len(moves)))
    if "result" in exp and exp["result"] != result:
        errors.append("result: expected %s, reference %s" % (exp["result"], result))
    for where, text in (exp.get("pieces") or {}).items():
        got = piece_at(where)
        if got is None or not piece_is(got, text):
            errors.append("pieces %s: expected %s, reference %s" % (where, text, got))
    for where in exp.get("empty") or []:
        got = piece_at(where)
        if got is not None:
            errors.append("empty %s: holds %s" % (where, got))
    if "to-move" in exp and exp["to-move"] != to_move:
        errors.append("to-move: expected %s, reference %s" % (exp["to-move"], to_move))
    return errors


def run_cases(path, cases, check, verbose=False):
    """Checks each case of the scenario file PATH with CHECK(case) (a list of
    errors; a ValueError or KeyError is one); a name used twice fails too.
    Prints `FAIL PATH: NAME` and its errors per failed case (`ok   NAME` per
    passed one when VERBOSE), then `PATH: N cases, F failed`; returns F."""
    fails, names = 0, set()
    for case in cases:
        cname = case.get("name")
        if cname in names:
            print("DUPLICATE NAME: %s" % cname)
            fails += 1
        names.add(cname)
        try:
            errs = check(case)
        except (ValueError, KeyError) as e:
            errs = ["error: %s" % e]
        if errs:
            fails += 1
            print("FAIL %s: %s" % (path, cname))
            for e in errs:
                print("    " + e)
        elif verbose:
            print("ok   %s" % cname)
    print("%s: %d cases, %d failed" % (path, len(cases), fails))
    return fails


# ---- perft ---------------------------------------------------------------

def perft(s, depth, legal_moves, apply):
    """The number of move sequences of DEPTH moves from the state S (1 at
    depth 0): LEGAL_MOVES(s) maps move texts to moves, APPLY(s, move) returns
    the next state."""
    if depth <= 0:
        return 1
    moves = legal_moves(s)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(s, mv), depth - 1, legal_moves, apply) for mv in moves.values())
