#!/usr/bin/env python3
"""Independent reference implementation of Konane (tests only).

Written from the rules page docs/rules/konane.md, without looking at the C
engine: a board as a dict of cells, the moves listed by walking the rules
one by one.  Plain Python 3, standard library only.

Usage:
  konane_ref.py perft DEPTH [--size N]
        `perft D COUNT` for D = 1..DEPTH from the start
  konane_ref.py playouts N SEED [--size N]
        N random games from the start; checks that every game ends (a player
        without a move loses) and that the stones only ever become fewer
  konane_ref.py positions N SEED DIR [--size N]
        N positions met in random games, DIR/pos-K.yaml (with `played`, the
        moves made before it) and DIR/pos-K.moves (its legal moves, sorted)

Moves are written as tabula writes them: a removal as `x` and the cell
(`xd4`), a jump as the cells the stone stands on, joined by `x` (`d4xd6xd8`).
"""

import os
import random
import sys

LETTERS = "abcdefghijklmnopqrstuvwxyz"
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))


def name(c, r):
    return LETTERS[c] + str(r + 1)


class Position:
    """Rules 1-2: an N x N board full of stones, black (1) where column +
    row is even (a1), white (2) elsewhere; black to move, no move played."""

    def __init__(self, n):
        self.n = n
        self.board = {(c, r): 1 if (c + r) % 2 == 0 else 2 for c in range(n) for r in range(n)}
        self.to_move = 1
        self.played = 0

    def on(self, c, r):
        return 0 <= c < self.n and 0 <= r < self.n

    def centre(self):
        mid = {(self.n - 1) // 2, self.n // 2}
        return {(c, r) for c in mid for r in mid}

    def corners(self):
        e = self.n - 1
        return {(0, 0), (0, e), (e, 0), (e, e)}

    def moves(self):
        """The legal moves: (text, removed cells, from, to)."""
        me = self.to_move
        out = []
        if self.played == 0:  # rule 3: a stone of the first player from the centre or a corner
            for cell in sorted(self.centre() | self.corners()):
                if self.board.get(cell) == me:
                    out.append(("x" + name(*cell), [cell], None, None))
            return out
        if self.played == 1:  # rule 4: a stone of the second player beside the empty cell
            for (c, r), who in sorted(self.board.items()):
                if who != me:
                    continue
                if any(self.on(c + dc, r + dr) and self.board[(c + dc, r + dr)] == 0 for dc, dr in ORTHOGONAL):
                    out.append(("x" + name(c, r), [(c, r)], None, None))
            return out
        for (c, r), who in sorted(self.board.items()):  # rules 5-7: jumps
            if who != me:
                continue
            for dc, dr in ORTHOGONAL:
                text, taken, x, y = name(c, r), [], c, r
                while True:
                    over, land = (x + dc, y + dr), (x + 2 * dc, y + 2 * dr)
                    if not self.on(*land) or self.board[over] != 3 - me or self.board[land] != 0:
                        break
                    taken = taken + [over]
                    x, y = land
                    text += "x" + name(x, y)
                    out.append((text, taken, (c, r), (x, y)))  # rule 7: it may stop after any jump
        return out

    def play(self, move):
        _, taken, frm, to = move
        for cell in taken:
            self.board[cell] = 0
        if frm is not None:
            self.board[to] = self.board[frm]
            self.board[frm] = 0
        self.to_move = 3 - self.to_move
        self.played += 1

    def copy(self):
        p = Position(self.n)
        p.board = dict(self.board)
        p.to_move, p.played = self.to_move, self.played
        return p

    def yaml(self):
        pieces = ", ".join("%s: %d stone" % (name(c, r), who) for (c, r), who in sorted(self.board.items()) if who)
        return "to-move: %d\nplayed: %d\npieces: {%s}\n" % (self.to_move, self.played, pieces)


def perft(pos, depth):
    if depth == 0:
        return 1
    total = 0
    for m in pos.moves():
        if depth == 1:
            total += 1
            continue
        p = pos.copy()
        p.play(m)
        total += perft(p, depth - 1)
    return total


def size_of(args):
    if "--size" in args:
        i = args.index("--size")
        n = int(args[i + 1])
        del args[i:i + 2]
        return n
    return 8


def main(argv):
    args = list(argv[1:])
    if not args:
        sys.exit(__doc__)
    n = size_of(args)
    cmd = args[0]
    if cmd == "perft":
        for d in range(1, int(args[1]) + 1):
            print("perft %d %d" % (d, perft(Position(n), d)))
    elif cmd == "playouts":
        rng = random.Random(int(args[2]))
        games, total, wins = int(args[1]), 0, [0, 0]
        for _ in range(games):
            pos, stones = Position(n), n * n
            while True:
                ms = pos.moves()
                if not ms:  # rule 8: the player to move loses
                    wins[2 - pos.to_move] += 1
                    break
                pos.play(rng.choice(ms))
                now = sum(1 for v in pos.board.values() if v)
                if now >= stones:
                    sys.exit("a move did not lower the stones (%d, then %d)" % (stones, now))
                stones = now
                if pos.played > n * n:
                    sys.exit("a game of more moves than cells")
            total += pos.played
        print("games %d wins %d %d mean-length %.2f" % (games, wins[0], wins[1], total / games))
    elif cmd == "positions":
        count, rng, out = int(args[1]), random.Random(int(args[2])), args[3]
        os.makedirs(out, exist_ok=True)
        k = 0
        while k < count:
            pos = Position(n)
            stop = rng.randrange(0, n * n // 2)
            while pos.played < stop and pos.moves():
                pos.play(rng.choice(pos.moves()))
            with open(os.path.join(out, "pos-%d.yaml" % k), "w") as f:
                f.write(pos.yaml())
            with open(os.path.join(out, "pos-%d.moves" % k), "w") as f:
                f.write("".join(t + "\n" for t in sorted(m[0] for m in pos.moves())))
            k += 1
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
