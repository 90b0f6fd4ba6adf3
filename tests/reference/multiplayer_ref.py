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
far edge wins; a side left without a pawn, or without a move on its turn,
is out and the others play on; the last side in wins), `gomoku3` (7x7, three players
place in turn on any empty point; four or more in a line of one's own wins; a
full board is a draw), `tictactoe3` (the same on 3x3, three in a row) or
`othello4` (8x8, four players, red d4, green e4, blue e5, yellow d5; a disc
goes where it encloses lines of other players' discs ended by one of the
mover's, and those lines turn; a player who cannot place passes while another
can) or `melee3` (5x5, three sides of two men stepping to any neighbour,
taking any other side's man; a side without a man or a move is out; the last
in wins).  perft D counts move sequences of exactly D
moves; a finished game has no moves.
"""

import random
import sys

COLS = "abcdefgh"


def own_men(board, p):
    """Player p's men, by rank then file (the order of the moves printed)."""
    return [cell for cell, owner in sorted(board.items(), key=lambda kv: (kv[0][1], kv[0][0])) if owner == p]


def moved(board, p, m):
    """The board after p's man moves from m[0] to m[1] (taking what is there)."""
    b = dict(board)
    del b[m[0]]
    b[m[1]] = p
    return b


def move_name(m):
    return "%s%d-%s%d" % (COLS[m[0][0]], m[0][1] + 1, COLS[m[1][0]], m[1][1] + 1)


def breakthrough3():
    """A state is (board, out): out the players put out (no pawn, or no move)."""
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

    def moves(state, p):
        board = state[0]
        dx, dy = ahead[p]
        side = [(dy, dx), (-dy, -dx)] if dx else [(1, 0), (-1, 0)]
        out = []
        for c, r in own_men(board, p):
            t = (c + dx, r + dy)
            if 0 <= t[0] < w and 0 <= t[1] < h and t not in board:
                out.append(((c, r), t))
            for sx, sy in side:
                t = (c + dx + sx, r + dy + sy)
                if 0 <= t[0] < w and 0 <= t[1] < h and board.get(t) != p:
                    out.append(((c, r), t))
        return out

    def step(board, p, m):
        return moved(board, p, m), (p if far(p, *m[1]) else None)

    return put_out_game(board, 3, moves, step, move_name, "pawn")


class Game:
    """A game for the drivers below: START, NPLAYERS, MOVES(state, p),
    PLAY(state, p, m) -> (state, winner or None), NAME(m), the piece's type;
    FOLLOWING(state, p): who plays after p; SETTLE(state, p) -> (state, p,
    result): the player who moves (a player without a move may be put out),
    result None while the game goes on (else the winner, 0 for a draw);
    BOARD(state): the cells' owners."""

    def __init__(self, start, nplayers, moves, play, name, piece, following=None, settle=None, board=None):
        self.start, self.nplayers, self.moves, self.play, self.name, self.piece = start, nplayers, moves, play, name, piece
        self.following = following or (lambda st, p: p % nplayers + 1)
        self.settle = settle or (lambda st, p: (st, p, None if moves(st, p) else 0))
        self.board = board or (lambda st: st)


def put_out_game(board, nplayers, moves, step, name, piece):
    """A game whose players are put out: a state is (board, out), out the
    players out of it. STEP(board, p, m) -> (board, winner or None) plays a
    move; then every player left without a piece is out (the others first,
    in turn from the mover), a player without a move on their turn is out,
    and the last player in wins."""
    players = range(1, nplayers + 1)

    def following(state, p):
        q = p % nplayers + 1
        while q in state[1]:
            q = q % nplayers + 1
        return q

    def last_in(out):
        left = [q for q in players if q not in out]
        return left[0] if len(left) == 1 else None

    def play(state, p, m):
        b, won = step(state[0], p, m)
        out = state[1]
        if won:
            return (b, out), won
        for k in players:
            q = (p - 1 + k) % nplayers + 1
            if q not in out and q not in b.values():
                out = out | {q}
                if last_in(out):
                    return (b, out), last_in(out)
        return (b, out), None

    def settle(state, p):
        while not moves(state, p):  # no move: out, and the next plays
            state = (state[0], state[1] | {p})
            if last_in(state[1]):
                return state, p, last_in(state[1])
            p = following(state, p)
        return state, p, None

    return Game((board, frozenset()), nplayers, moves, play, name, piece, following, settle, lambda st: st[0])


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

    return Game({}, 3, moves, play, name, "stone")


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

    return Game(start, 4, moves, play, name, "disc")


def melee3():
    """5x5; two men each (white a1 b1, black d5 e5, red e1 e2) stepping to any
    of the eight neighbours, empty or another side's (taking it); a side
    without a man, or without a move on its turn, is out; the last one in
    wins. (The rule file's 50-move draw is beyond the depths compared.)"""
    n = 5
    start = {(0, 0): 1, (1, 0): 1, (3, 4): 2, (4, 4): 2, (4, 0): 3, (4, 1): 3}
    steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]

    def moves(state, p):
        board = state[0]
        out = []
        for c, r in own_men(board, p):
            for dx, dy in steps:
                t = (c + dx, r + dy)
                if 0 <= t[0] < n and 0 <= t[1] < n and board.get(t) != p:
                    out.append(((c, r), t))
        return out

    def step(board, p, m):
        return moved(board, p, m), None

    return put_out_game(start, 3, moves, step, move_name, "man")


GAMES = {"melee3": melee3, "othello4": othello4, "breakthrough3": breakthrough3, "gomoku3": gomoku3, "tictactoe3": lambda: gomoku3(3, 3)}


def perft(g, state, p, depth):
    state, p, result = g.settle(state, p)
    if result is not None:
        return 0
    ms = g.moves(state, p)
    if depth == 1:
        return len(ms)
    total = 0
    for m in ms:
        after, won = g.play(state, p, m)
        if won is None:
            total += perft(g, after, g.following(after, p), depth - 1)
    return total


def main(argv):
    if len(argv) < 3 or argv[2] not in GAMES:
        sys.stderr.write(__doc__)
        return 2
    g = GAMES[argv[2]]()
    if argv[1] == "perft":
        for d in range(1, int(argv[3]) + 1):
            print("perft %d %d" % (d, perft(g, g.start, 1, d)))
    elif argv[1] == "moves":
        for m in g.moves(g.start, 1):
            print(g.name(m))
    elif argv[1] == "positions":
        # N positions met in random games while every player is in (each kept
        # with probability 1/8), DIR/pos-K.yaml with DIR/pos-K.moves (the legal
        # moves, sorted)
        count, rng, out, k = int(argv[3]), random.Random(int(argv[4])), argv[5], 0
        cellname = lambda cr: "%s%d" % (COLS[cr[0]], cr[1] + 1)
        while k < count:
            st, p = g.start, 1
            while k < count:
                st, p, result = g.settle(st, p)
                if result is not None:
                    break
                ms = g.moves(st, p)
                everyone = not isinstance(st, tuple) or not st[1]
                if everyone and rng.random() < 0.125:
                    pieces = ", ".join("%s: %d %s" % (cellname(c), who, g.piece) for c, who in sorted(g.board(st).items()))
                    with open("%s/pos-%d.yaml" % (out, k), "w") as f:
                        f.write("to-move: %d\npieces: {%s}\n" % (p, pieces))
                    with open("%s/pos-%d.moves" % (out, k), "w") as f:
                        f.write("".join(x + "\n" for x in sorted(g.name(m) for m in ms)))
                    k += 1
                st, won = g.play(st, p, rng.choice(ms))
                if won:
                    break
                p = g.following(st, p)
    elif argv[1] == "games":
        rng = random.Random(int(argv[4]))
        wins = [0] * (g.nplayers + 1)
        for _ in range(int(argv[3])):
            st, p, pieces = g.start, 1, len(g.board(g.start))
            while True:
                st, p, result = g.settle(st, p)
                if result is not None:
                    wins[result] += 1
                    break
                st, won = g.play(st, p, rng.choice(g.moves(st, p)))
                assert len(g.board(st)) <= pieces or not g.board(g.start), "pieces grew"
                pieces = len(g.board(st))
                if won:
                    wins[won] += 1
                    break
                p = g.following(st, p)
        print("draws %d wins %s" % (wins[0], " ".join(str(x) for x in wins[1:])))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
