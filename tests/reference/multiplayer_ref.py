#!/usr/bin/env python3
"""Independent reference for games of three or more players (tests only).

Written from the rule files' comments (tests/families/three-way-breakthrough.game
and three-player-gomoku.game), without looking at the C engine; it shares no
code with src/.  Plain Python 3, standard library only.

Usage:
  multiplayer_ref.py perft GAME DEPTH    `perft D COUNT` for D = 1..DEPTH
  multiplayer_ref.py moves GAME          the first position's moves, one a line
  multiplayer_ref.py positions GAME N SEED DIR
                                         N positions of random games, DIR/pos-K.yaml
                                         with DIR/pos-K.moves (the moves, sorted)
  multiplayer_ref.py games GAME N SEED   N random games: the wins of each player
                                         and the draws (a check of the rules'
                                         invariants: pieces never grow, every
                                         game ends)

GAME is `breakthrough3` (8x8; white from rows 1-2 of columns c-f going north,
black from rows 7-8 of columns c-f going south, red from columns a-b of rows
3-6 going east; a pawn steps ahead onto an empty cell, or diagonally ahead
onto an empty cell or any other side's pawn, taking it; the first pawn on its
far edge wins; a player with no move: a draw), `gomoku3` (7x7, three players
place in turn on any empty point; four or more in a line of one's own wins; a
full board is a draw), `tictactoe3` (the same on 3x3, three in a row) or
`othello4` (8x8, four players, red d4, green e4, blue e5, yellow d5; a disc
goes where it encloses lines of other players' discs ended by one of the
mover's, and those lines turn; a player who cannot place passes while another
can).  perft D counts move sequences of exactly D
moves; a finished game has no moves.
"""

import random
import sys

COLS = "abcdefgh"


def breakthrough3():
    w = h = 8
    board = {}
    for c in range(2, 6):
        for r in (0, 1):
            board[(c, r)] = 1
        for r in (6, 7):
            board[(c, r)] = 2
    for r in range(2, 6):
        for c in (0, 1):
            board[(c, r)] = 3
    ahead = {1: (0, 1), 2: (0, -1), 3: (1, 0)}

    def far(p, c, r):
        return (p == 1 and r == h - 1) or (p == 2 and r == 0) or (p == 3 and c == w - 1)

    def moves(board, p):
        dx, dy = ahead[p]
        side = [(dy, dx), (-dy, -dx)] if dx else [(1, 0), (-1, 0)]
        out = []
        for (c, r), owner in sorted(board.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            if owner != p:
                continue
            t = (c + dx, r + dy)
            if 0 <= t[0] < w and 0 <= t[1] < h and t not in board:
                out.append(((c, r), t))
            for sx, sy in side:
                t = (c + dx + sx, r + dy + sy)
                if 0 <= t[0] < w and 0 <= t[1] < h and board.get(t) != p:
                    out.append(((c, r), t))
        return out

    def play(board, p, m):
        b = dict(board)
        del b[m[0]]
        b[m[1]] = p
        return b, (p if far(p, *m[1]) else None)

    def name(m):
        return "%s%d-%s%d" % (COLS[m[0][0]], m[0][1] + 1, COLS[m[1][0]], m[1][1] + 1)

    return board, 3, moves, play, name, "pawn"


def gomoku3(n=7, k=4):

    def moves(board, p):
        if len(board) == n * n:
            return []
        return [(c, r) for r in range(n) for c in range(n) if (c, r) not in board]

    def play(board, p, m):
        b = dict(board)
        b[m] = p
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for s in (1, -1):
                c, r = m[0] + s * dx, m[1] + s * dy
                while b.get((c, r)) == p:
                    run += 1
                    c, r = c + s * dx, r + s * dy
            if run >= k:
                return b, p
        return b, None

    def name(m):
        return "%s%d" % (COLS[m[0]], m[1] + 1)

    return {}, 3, moves, play, name, "stone"


def othello4():
    n = 8
    start = {(3, 3): 1, (4, 3): 2, (4, 4): 3, (3, 4): 4}
    dirs = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]

    def flips(board, p, c, r):
        out = []
        for dx, dy in dirs:
            run, x, y = [], c + dx, r + dy
            while 0 <= x < n and 0 <= y < n and board.get((x, y)) not in (None, p):
                run.append((x, y))
                x, y = x + dx, y + dy
            if run and board.get((x, y)) == p:
                out += run
        return out

    def places(board, p):
        return [(c, r) for r in range(n) for c in range(n) if (c, r) not in board and flips(board, p, c, r)]

    def moves(board, p):
        ms = places(board, p)
        if ms:
            return ms
        if any(places(board, q) for q in range(1, 5) if q != p):
            return ["pass"]
        return []

    def play(board, p, m):
        if m == "pass":
            return board, None
        b = dict(board)
        for cell in flips(board, p, *m):
            b[cell] = p
        b[m] = p
        return b, None

    def name(m):
        return m if m == "pass" else "%s%d" % (COLS[m[0]], m[1] + 1)

    return start, 4, moves, play, name, "disc"


GAMES = {"othello4": othello4, "breakthrough3": breakthrough3, "gomoku3": gomoku3, "tictactoe3": lambda: gomoku3(3, 3)}


def perft(moves, play, nplayers, board, p, depth):
    ms = moves(board, p)
    if depth == 1:
        return len(ms)
    total = 0
    for m in ms:
        b, won = play(board, p, m)
        if won is None:
            total += perft(moves, play, nplayers, b, p % nplayers + 1, depth - 1)
    return total


def main(argv):
    if len(argv) < 3 or argv[2] not in GAMES:
        sys.stderr.write(__doc__)
        return 2
    board, nplayers, moves, play, name, piece = GAMES[argv[2]]()
    if argv[1] == "perft":
        for d in range(1, int(argv[3]) + 1):
            print("perft %d %d" % (d, perft(moves, play, nplayers, board, 1, d)))
    elif argv[1] == "moves":
        for m in moves(board, 1):
            print(name(m))
    elif argv[1] == "positions":
        # N positions met in random games (each kept with probability 1/8),
        # DIR/pos-K.yaml with DIR/pos-K.moves (the legal moves, sorted)
        count, rng, out, k = int(argv[3]), random.Random(int(argv[4])), argv[5], 0
        cellname = lambda cr: "%s%d" % (COLS[cr[0]], cr[1] + 1)
        while k < count:
            b, p = board, 1
            while k < count:
                ms = moves(b, p)
                if not ms:
                    break
                if rng.random() < 0.125:
                    pieces = ", ".join("%s: %d %s" % (cellname(c), who, piece) for c, who in sorted(b.items()))
                    with open("%s/pos-%d.yaml" % (out, k), "w") as f:
                        f.write("to-move: %d\npieces: {%s}\n" % (p, pieces))
                    with open("%s/pos-%d.moves" % (out, k), "w") as f:
                        f.write("".join(x + "\n" for x in sorted(name(m) for m in ms)))
                    k += 1
                b, won = play(b, p, rng.choice(ms))
                if won:
                    break
                p = p % nplayers + 1
    elif argv[1] == "games":
        rng = random.Random(int(argv[4]))
        wins = [0] * (nplayers + 1)
        for _ in range(int(argv[3])):
            b, p, pieces = board, 1, len(board)
            while True:
                ms = moves(b, p)
                if not ms:
                    wins[0] += 1
                    break
                b, won = play(b, p, rng.choice(ms))
                assert len(b) <= pieces or not board, "pieces grew"
                pieces = len(b)
                if won:
                    wins[won] += 1
                    break
                p = p % nplayers + 1
        print("draws %d wins %s" % (wins[0], " ".join(str(x) for x in wins[1:])))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
