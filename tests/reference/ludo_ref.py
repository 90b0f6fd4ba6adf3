#!/usr/bin/env python3
"""Independent reference implementation of Ludo (tests only).

Written from the rules page docs/rules/ludo.md, without the C engine's code.
Plain Python 3, standard library only.

Usage:
  ludo_ref.py moves POSITION.yaml ROLL [PLAYERS]
                 the legal moves of a position (as ludo_ref.py writes them)
                 for the throw ROLL, one a line, sorted
  ludo_ref.py positions N SEED DIR [PLAYERS]
                 plays random games (random throws, random moves) and writes
                 N positions met in them: DIR/K.yaml (no dice) and
                 DIR/K.expect, one line per throw 1..6:
                 `ROLL: MOVE MOVE ...` (sorted; nothing after the colon when
                 no move is possible)
  ludo_ref.py games N SEED [PLAYERS]
                 plays N random games to their end and prints, per game, the
                 number of moves and the winner; exits 1 if a game does not
                 end within 100000 moves or breaks an invariant

PLAYERS is 2, 3 or 4 (default 4). With --partners (anywhere; four players),
the partnership game of rule 12: 1 and 3 against 2 and 4, no hits on a
partner, the team wins with all eight pieces home (named by its first
player), a player with all four home has no more turns. A move is written `yard-CELL` (entering),
`CELL-CELL`, or `CELL-home/ROLL` (going home with the throw ROLL).
"""

import os
import random
import sys

FILES = "abcdefghijklmno"


def name(x, y):
    return FILES[x] + str(y + 1)


def build_loop():
    """The 52 cells of the loop, clockwise, by the arms' columns."""
    loop = []
    loop += [(x, 8) for x in range(0, 6)]          # left arm, upper column, inwards
    loop += [(6, y) for y in range(9, 15)]         # top arm, left column, outwards
    loop += [(7, 14)]                              # top arm's end
    loop += [(8, y) for y in range(14, 8, -1)]     # top arm, right column, inwards
    loop += [(x, 8) for x in range(9, 15)]         # right arm, upper column, outwards
    loop += [(14, 7)]                              # right arm's end
    loop += [(x, 6) for x in range(14, 8, -1)]     # right arm, lower column, inwards
    loop += [(8, y) for y in range(5, -1, -1)]     # bottom arm, right column, outwards
    loop += [(7, 0)]                               # bottom arm's end
    loop += [(6, y) for y in range(0, 6)]          # bottom arm, left column, inwards
    loop += [(x, 6) for x in range(5, -1, -1)]     # left arm, lower column, outwards
    loop += [(0, 7)]                               # left arm's end
    assert len(loop) == 52 and len(set(loop)) == 52
    return [name(x, y) for x, y in loop]


LOOP = build_loop()
# Rule 2: the arms' ends (red's left, green's top, yellow's right, blue's
# bottom) and each home column, from the arm's end inwards.
ENDS = {1: name(0, 7), 2: name(7, 14), 3: name(14, 7), 4: name(7, 0)}
COLUMNS = {
    1: [name(x, 7) for x in range(1, 6)],
    2: [name(7, y) for y in range(13, 8, -1)],
    3: [name(x, 7) for x in range(13, 8, -1)],
    4: [name(7, y) for y in range(1, 6)],
}


def path_of(p):
    # the start cell: the second cell clockwise after the arm's end
    s = (LOOP.index(ENDS[p]) + 2) % 52
    loop = [LOOP[(s + k) % 52] for k in range(51)]  # start and 50 more: ends on the arm's end
    assert loop[-1] == ENDS[p]
    return loop + COLUMNS[p]


PATHS = {p: path_of(p) for p in (1, 2, 3, 4)}
PIECES = 4  # rule 3
PARTNERS = False  # rule 12: --partners


def partner(p):
    """Rule 12.1: 1 and 3 against 2 and 4."""
    return {1: 3, 3: 1, 2: 4, 4: 2}[p]


class Position:
    def __init__(self, players):
        self.players = players
        self.board = {}  # cell -> player (one piece a cell: rule 7)
        self.yard = {p: PIECES for p in range(1, players + 1)}
        self.home = {p: 0 for p in range(1, players + 1)}
        self.to_move = 1
        self.again = 0
        self.winner = None


def moves(pos, roll):
    """Rules 5-10: (text, from, to) with from None for entering, to None for home."""
    p = pos.to_move
    if roll == 6 and pos.again >= 2:  # rule 9: the third six in a row is forfeit
        return []
    path = PATHS[p]
    out = []
    start_closed = pos.board.get(path[0]) == p or (PARTNERS and pos.board.get(path[0]) == partner(p))  # 7, 12.2
    if roll == 6 and pos.yard[p] > 0 and not start_closed:  # rule 5
        out.append(("yard-" + path[0], None, path[0]))
    for k, cell in enumerate(path):
        if pos.board.get(cell) != p:
            continue
        t = k + roll
        if t < len(path):
            if pos.board.get(path[t]) == p:  # rule 7: never on one's own piece
                continue
            if PARTNERS and pos.board.get(path[t]) == partner(p):  # rule 12.2: nor on a partner's
                continue
            out.append((cell + "-" + path[t], cell, path[t]))
        elif t == len(path):  # rule 10: exactly one past the column's end
            out.append(("%s-home/%d" % (cell, roll), cell, None))
    return out


def play(pos, mv, roll):
    text, frm, to = mv
    p = pos.to_move
    if frm is None:
        pos.yard[p] -= 1
    else:
        del pos.board[frm]
    if to is None:
        pos.home[p] += 1
        if PARTNERS:  # rule 12.3: the team's eight pieces home
            if pos.home[p] == PIECES and pos.home[partner(p)] == PIECES:
                pos.winner = min(p, partner(p))
                return
        elif pos.home[p] == PIECES:  # rule 11
            pos.winner = p
            return
    else:
        q = pos.board.get(to)
        if q is not None:  # rule 7: a hit goes back to the yard
            pos.yard[q] += 1
        pos.board[to] = p
    if roll == 6:  # rule 9
        pos.again += 1
    else:
        pass_turn(pos)


def pass_turn(pos):
    pos.to_move = pos.to_move % pos.players + 1  # rule 1: in turn
    while PARTNERS and pos.home[pos.to_move] == PIECES:  # rule 12.4: done players have no turns
        pos.to_move = pos.to_move % pos.players + 1
    pos.again = 0


def check(pos):
    for p in range(1, pos.players + 1):
        n = sum(1 for q in pos.board.values() if q == p) + pos.yard[p] + pos.home[p]
        if n != PIECES:
            raise SystemExit("player %d has %d pieces" % (p, n))


def write_position(pos, path):
    with open(path, "w") as f:
        f.write("to-move: %d\n" % pos.to_move)
        items = ", ".join('%s: "%d piece"' % (c, q) for c, q in sorted(pos.board.items()))
        f.write("pieces: {%s}\n" % items)
        f.write("bar: {%s}\n" % ", ".join("%d: %d" % (p, pos.yard[p]) for p in sorted(pos.yard)))
        f.write("off: {%s}\n" % ", ".join("%d: %d" % (p, pos.home[p]) for p in sorted(pos.home)))
        if pos.again:
            f.write("again: %d\n" % pos.again)


def read_position(path, players):
    pos = Position(players)
    pos.yard = {}
    pos.home = {}
    for line in open(path):
        key, _, rest = line.partition(":")
        rest = rest.strip()
        if key == "to-move":
            pos.to_move = int(rest)
        elif key == "again":
            pos.again = int(rest)
        elif key in ("pieces", "bar", "off"):
            body = rest.strip("{}").strip()
            for item in filter(None, (s.strip() for s in body.split(","))):
                k, _, v = item.partition(":")
                v = v.strip().strip('"')
                if key == "pieces":
                    pos.board[k.strip()] = int(v.split()[0])
                elif key == "bar":
                    pos.yard[int(k)] = int(v)
                else:
                    pos.home[int(k)] = int(v)
    for p in range(1, players + 1):
        pos.yard.setdefault(p, 0)
        pos.home.setdefault(p, 0)
    return pos


def random_game(rng, players, visit=None):
    pos = Position(players)
    n = 0
    while pos.winner is None:
        if visit:
            visit(pos)
        roll = rng.randint(1, 6)
        ms = moves(pos, roll)
        if not ms:
            pass_turn(pos)
        else:
            play(pos, rng.choice(ms), roll)
            n += 1
        check(pos)
        if n > 100000:
            raise SystemExit("a game does not end")
    return n, pos.winner


def main():
    global PARTNERS
    args = sys.argv[1:]
    if "--partners" in args:
        args.remove("--partners")
        PARTNERS = True
    if not args:
        raise SystemExit(__doc__)
    cmd = args[0]
    if cmd == "moves":
        players = int(args[3]) if len(args) > 3 else 4
        pos = read_position(args[1], players)
        for m in sorted(m[0] for m in moves(pos, int(args[2]))):
            print(m)
    elif cmd == "positions":
        n, seed, out = int(args[1]), int(args[2]), args[3]
        players = int(args[4]) if len(args) > 4 else 4
        os.makedirs(out, exist_ok=True)
        rng = random.Random(seed)
        seen = []

        def visit(pos):
            if len(seen) < n and rng.random() < 0.05:
                c = Position(players)
                c.board, c.yard, c.home = dict(pos.board), dict(pos.yard), dict(pos.home)
                c.to_move, c.again = pos.to_move, pos.again
                seen.append(c)

        while len(seen) < n:
            random_game(rng, players, visit)
        for k, pos in enumerate(seen, 1):
            write_position(pos, os.path.join(out, "%d.yaml" % k))
            with open(os.path.join(out, "%d.expect" % k), "w") as f:
                for roll in range(1, 7):
                    ms = sorted(m[0] for m in moves(pos, roll))
                    f.write(("%d: %s" % (roll, " ".join(ms))).rstrip() + "\n")
    elif cmd == "games":
        n, seed = int(args[1]), int(args[2])
        players = int(args[3]) if len(args) > 3 else 4
        rng = random.Random(seed)
        for _ in range(n):
            print(*random_game(rng, players))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
