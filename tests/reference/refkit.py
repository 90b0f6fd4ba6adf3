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
