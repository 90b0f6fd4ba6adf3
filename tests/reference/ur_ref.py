#!/usr/bin/env python3
"""Independent reference implementation of the Royal Game of Ur (tests only).

Written from the rules page docs/rules/ur.md, without the C engine's code.
Plain Python 3, standard library only.

Usage:
  ur_ref.py moves POSITION.yaml ROLL
                 the legal moves of a position (as ur_ref.py writes them)
                 for the throw ROLL, one a line, sorted
  ur_ref.py positions N SEED DIR
                 plays random games (random throws, random moves) and writes
                 N positions met in them: DIR/K.yaml (no dice) and
                 DIR/K.expect, one line per throw 0..4:
                 `ROLL: MOVE MOVE ...` (sorted; nothing after the colon when
                 no move is possible)
  ur_ref.py perft POSITION.yaml DEPTH
                 `perft D N` for D = 1..DEPTH: the sequences of D moves within
                 the turn of the position, with its throw (`dice: [R]`); a
                 throw is one move, so every depth beyond 1 counts 0 (the
                 next throw is chance, which perft does not enumerate)
  ur_ref.py games N SEED
                 plays N random games to their end and prints, per game, the
                 number of moves and the winner; exits 1 if a game does not
                 end within 10000 turns or breaks an invariant

A move is written `hand-CELL` (entering), `CELL-CELL`, or `CELL-off/ROLL`
(bearing off with the throw ROLL).
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refkit  # noqa: E402

# Rule 1: the board, three rows of eight cells less e1 f1 e3 f3.
CELLS = [c + r for r in "123" for c in "abcdefgh" if not (r in "13" and c in "ef")]
# Rule 1: the five rosettes.
ROSETTES = {"a1", "a3", "d2", "g1", "g3"}
# Rule 2: each player's route: own lane of four towards the a-file, the
# shared middle row from a2 to h2, then the own two cells h, g.
PATHS = {
    1: ["d1", "c1", "b1", "a1"] + [c + "2" for c in "abcdefgh"] + ["h1", "g1"],
    2: ["d3", "c3", "b3", "a3"] + [c + "2" for c in "abcdefgh"] + ["h3", "g3"],
}
PIECES = 7  # rule 3


class Position:
    def __init__(self):
        self.board = {}  # cell -> player
        self.hand = {1: PIECES, 2: PIECES}
        self.off = {1: 0, 2: 0}
        self.to_move = 1
        self.winner = None

    def copy(self):
        p = Position()
        p.board = dict(self.board)
        p.hand = dict(self.hand)
        p.off = dict(self.off)
        p.to_move = self.to_move
        p.winner = self.winner
        return p


def legal(pos, roll):
    """Rules 5-10: (text, from_index, to_index) for each legal move; index -1
    is the hand, len(path) is off the board."""
    if pos.winner is not None or roll == 0:  # rule 11: a throw of 0 moves nothing
        return []
    me = pos.to_move
    path = PATHS[me]
    out = []
    starts = []
    if pos.hand[me] > 0:
        starts.append(-1)
    for i, cell in enumerate(path):
        if pos.board.get(cell) == me:
            starts.append(i)
    for i in starts:
        j = i + roll
        if j > len(path):
            continue  # rule 10: bearing off needs the exact throw
        if j == len(path):
            out.append(("%s-off/%d" % (path[i], roll), i, j))
            continue
        target = path[j]
        owner = pos.board.get(target)
        if owner == me:
            continue  # rule 6
        if owner is not None and target in ROSETTES:
            continue  # rule 8: a piece on a rosette is safe
        src = "hand" if i < 0 else path[i]
        out.append(("%s-%s" % (src, target), i, j))
    return out


def play(pos, move):
    """Plays MOVE (from legal) and returns whether the mover throws again."""
    _, i, j = move
    me = pos.to_move
    path = PATHS[me]
    if i < 0:
        pos.hand[me] -= 1
    else:
        del pos.board[path[i]]
    if j == len(path):
        pos.off[me] += 1
        if pos.off[me] == PIECES:  # rule 12
            pos.winner = me
        return False
    target = path[j]
    other = pos.board.get(target)
    if other is not None:  # rule 7: captured, back to its owner's hand
        pos.hand[other] += 1
    pos.board[target] = me
    return target in ROSETTES  # rule 9


def throw(rng):
    # Rule 4: four binary dice, the throw is the number of marked tips up.
    return sum(rng.randrange(2) for _ in range(4))


def check(pos):
    for p in (1, 2):
        on = sum(1 for v in pos.board.values() if v == p)
        assert on + pos.hand[p] + pos.off[p] == PIECES, "pieces of player %d: %d" % (p, on)


def write_position(pos, path):
    with open(path, "w") as f:
        f.write("to-move: %d\n" % pos.to_move)
        if pos.board:
            f.write("pieces:\n")
            for cell in CELLS:
                if cell in pos.board:
                    f.write('  %s: "%d piece"\n' % (cell, pos.board[cell]))
        else:
            f.write("pieces: {}\n")
        f.write("bar: {1: %d, 2: %d}\n" % (pos.hand[1], pos.hand[2]))
        f.write("off: {1: %d, 2: %d}\n" % (pos.off[1], pos.off[2]))


def read_position(path):
    pos = Position()
    pos.hand = {1: 0, 2: 0}
    section = None
    for line in open(path):
        line = line.split("#")[0].rstrip()
        if not line:
            continue
        if line.startswith("  ") and section == "pieces":
            cell, value = line.strip().split(":", 1)
            words = value.strip().strip('"').split()
            pos.board[cell.strip()] = int(words[0])
            continue
        key, value = line.split(":", 1)
        section = key.strip()
        value = value.strip()
        if section == "to-move":
            pos.to_move = int(value)
        elif section == "dice":
            pos.dice = int(value.strip("[]"))
        elif section in ("bar", "off"):
            pairs = value.strip("{}").split(",")
            d = {int(a.split(":")[0]): int(a.split(":")[1]) for a in pairs}
            if section == "bar":
                pos.hand = d
            else:
                pos.off = d
    return pos


def random_game(rng, visit=None, limit=10000):
    pos = Position()
    moves = 0
    for _ in range(limit):
        if pos.winner is not None:
            return moves, pos.winner
        if visit:
            visit(pos)
        roll = throw(rng)
        options = legal(pos, roll)
        if not options:
            pos.to_move = 3 - pos.to_move  # rule 11: the turn passes
            continue
        again = play(pos, rng.choice(options))
        moves += 1
        check(pos)
        if not again and pos.winner is None:
            pos.to_move = 3 - pos.to_move
    return moves, None


def main(argv):
    return refkit.race_main(argv, __doc__, legal, read_position, write_position, random_game,
                            range(5))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
