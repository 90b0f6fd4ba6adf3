#!/usr/bin/env python3
"""Independent reference implementation of Senet (tests only).

Written from the rules page docs/rules/senet.md (Kendall's reconstruction),
without the C engine's code. Plain Python 3, standard library only.

Usage:
  senet_ref.py moves POSITION.yaml ROLL
                 the legal moves of a position for the throw ROLL, one a
                 line, sorted
  senet_ref.py positions N SEED DIR
                 plays random games (random throws, random moves) and writes
                 N positions met in them: DIR/K.yaml (no dice) and
                 DIR/K.expect, one line per throw 1..5:
                 `ROLL: MOVE MOVE ...` (sorted; nothing after the colon when
                 no move is possible)
  senet_ref.py perft POSITION.yaml DEPTH
                 `perft D N` for D = 1..DEPTH within the turn of the
                 position's throw (`dice: [R]`): one throw is one move, so
                 every depth beyond 1 counts 0 (the next throw is chance)
  senet_ref.py games N SEED
                 plays N random games to their end and prints, per game, the
                 number of moves and the winner; exits 1 if a game does not
                 end within 100000 throws or breaks an invariant

Squares are numbered 1..30 along the S (rule 2); a move is written with the
board's cell names: `CELL-CELL`, or `CELL-off/ROLL` (bearing off).
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refkit  # noqa: E402

# Rule 1-2: square n (1..30) and its cell: row 3 left to right (1-10),
# row 2 right to left (11-20), row 1 left to right (21-30).
FILES = "abcdefghij"
SQUARE = [None] + [f + "3" for f in FILES] + [f + "2" for f in reversed(FILES)] + [f + "1" for f in FILES]
NUMBER = {cell: n for n, cell in enumerate(SQUARE) if cell}
PIECES = 5            # rule 3
REBIRTH = 15          # rule 12: where the House of Water sends a piece
HAPPINESS = 26        # rule 11: every piece stops here exactly
WATER = 27            # rule 12
AGAIN = {1, 4, 5}     # rule 5


class Position:
    def __init__(self):
        # Rule 3: player 1 on the odd squares 1-9, player 2 on the even 2-10.
        self.board = {n: (1 if n % 2 else 2) for n in range(1, 11)}  # square -> player
        self.off = {1: 0, 2: 0}
        self.to_move = 1
        self.winner = None
        self.dice = None

    def copy(self):
        p = Position()
        p.board = dict(self.board)
        p.off = dict(self.off)
        p.to_move = self.to_move
        p.winner = self.winner
        return p


def guarded(pos, n):
    """Rule 8: the piece on square n has a piece of its own player next to it."""
    who = pos.board[n]
    return pos.board.get(n - 1) == who or pos.board.get(n + 1) == who


def legal(pos, roll):
    """Rules 5-13: (text, from, to) for each legal move; to 31 is off."""
    if pos.winner is not None:
        return []
    me = pos.to_move
    out = []
    for n in sorted(s for s, who in pos.board.items() if who == me):
        m = n + roll
        if m > 31:
            continue  # rule 13: bearing off needs the exact throw
        if any(s == HAPPINESS for s in range(n + 1, m)):
            continue  # rule 11: no piece passes square 26
        run, blocked = 0, False
        for s in range(n + 1, m):  # rule 9: three enemy pieces in a row are not passed
            run = run + 1 if pos.board.get(s) == 3 - me else 0
            blocked |= run >= 3
        if blocked:
            continue
        if m == 31:
            out.append(("%s-off/%d" % (SQUARE[n], roll), n, m))
            continue
        who = pos.board.get(m)
        if who == me:
            continue  # rule 6: one piece a square
        if who is not None and guarded(pos, m):
            continue  # rule 8: protected
        out.append(("%s-%s" % (SQUARE[n], SQUARE[m]), n, m))
    return out


def play(pos, move):
    _, n, m = move
    me = pos.to_move
    del pos.board[n]
    if m == 31:
        pos.off[me] += 1
        if pos.off[me] == PIECES:  # rule 14
            pos.winner = me
        return
    if m in pos.board:  # rule 7: the two pieces change places
        pos.board[n] = pos.board[m]
    pos.board[m] = me
    if m == WATER:  # rule 12: back to 15, or the first free square before it
        s = REBIRTH
        while s >= 1 and s in pos.board:
            s -= 1
        if s >= 1:
            del pos.board[m]
            pos.board[s] = me


def throw(rng):
    # Rule 4: four sticks, the number of marked sides up; none up counts 5.
    up = sum(rng.randrange(2) for _ in range(4))
    return up if up else 5


def check(pos):
    for p in (1, 2):
        on = sum(1 for v in pos.board.values() if v == p)
        assert on + pos.off[p] == PIECES, "pieces of player %d: %d" % (p, on)


def write_position(pos, path):
    with open(path, "w") as f:
        f.write("to-move: %d\n" % pos.to_move)
        f.write("pieces:\n")
        for n in sorted(pos.board):
            f.write('  %s: "%d piece"\n' % (SQUARE[n], pos.board[n]))
        f.write("off: {1: %d, 2: %d}\n" % (pos.off[1], pos.off[2]))


def read_position(path):
    pos = Position()
    pos.board = {}
    section = None
    for line in open(path):
        line = line.split("#")[0].rstrip()
        if not line:
            continue
        if line.startswith("  ") and section == "pieces":
            cell, value = line.strip().split(":", 1)
            words = value.strip().strip('"').split()
            pos.board[NUMBER[cell.strip()]] = int(words[0])
            continue
        key, value = line.split(":", 1)
        section = key.strip()
        value = value.strip()
        if section == "to-move":
            pos.to_move = int(value)
        elif section == "dice":
            pos.dice = int(value.strip("[]"))
        elif section == "off":
            pairs = value.strip("{}").split(",")
            pos.off = {int(a.split(":")[0]): int(a.split(":")[1]) for a in pairs}
    return pos


def random_game(rng, visit=None, limit=100000):
    pos = Position()
    moves = 0
    for _ in range(limit):
        if pos.winner is not None:
            return moves, pos.winner
        if visit:
            visit(pos)
        roll = throw(rng)
        options = legal(pos, roll)
        if options:
            play(pos, rng.choice(options))
            moves += 1
            check(pos)
        if roll not in AGAIN and pos.winner is None:  # rule 5: 2 and 3 end the turn
            pos.to_move = 3 - pos.to_move
    return moves, None


def main(argv):
    return refkit.race_main(argv, __doc__, legal, read_position, write_position, random_game,
                            range(1, 6))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
