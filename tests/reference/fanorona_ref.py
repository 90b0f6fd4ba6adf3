#!/usr/bin/env python3
"""Independent reference implementation of Fanorona (tests only).

Written from the rules page docs/rules/fanorona.md, sharing no code with the C
engine.  It checks the expectations of tests/scenarios/fanorona*.yaml and the
counts of tests/perft/fanorona*.txt, and writes positions of random games with
the moves and result it computes, for `tabula test`.  Plain Python 3, standard
library only (yamlmini.py reads the YAML).

Usage:
  fanorona_ref.py perft DEPTH [POSITION.yaml]   `perft D COUNT` for D = 1..DEPTH
  fanorona_ref.py moves [POSITION.yaml]         the legal moves, one per line
  fanorona_ref.py check [SCENARIO.yaml...]      check every case
  fanorona_ref.py perftcheck [MAXDEPTH]         check tests/perft/fanorona*.txt
  fanorona_ref.py cases N SEED                  N positions of random games, as
                                                a scenario file with the
                                                reference's moves and result
  fanorona_ref.py games N SEED                  N random games cut at a random
                                                move, as a scenario file
  fanorona_ref.py positions N SEED DIR          DIR/pK.yaml and DIR/pK.moves

A move is a whole turn.  A paika move is written `e2-e3`; a capturing turn is
its first point, then each arrival point followed by A (the stone captured by
approach) or W (by withdrawal): `d3-e3A`, `d3-e3W-e4A`.  Every beginning of a
capturing sequence is a move of its own (continuing is optional).  Sequences
with the same first and last point and the same captured stones are one move,
written with the smallest of their notations (byte order).  perft D counts the
sequences of exactly D moves.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refkit  # noqa: E402
from yamlmini import load_yaml  # noqa: E402

WIDTH, HEIGHT = 9, 5
FILES = "abcdefghi"
QUIET_DRAW = 100         # rule 11: 50 turns of each player, in plies, without a capture
NCELLS = WIDTH * HEIGHT


def name(c):
    return FILES[c % WIDTH] + str(c // WIDTH + 1)


def cell(text):
    text = str(text)
    if len(text) != 2 or text[0] not in FILES or not "1" <= text[1] <= "5":
        raise ValueError("no point %r on the board" % text)
    return (int(text[1]) - 1) * WIDTH + FILES.index(text[0])


def neighbours():
    """NEXT[c][(df, dr)]: the next point along a line from c, where a line
    runs: every rank and file, and the diagonals through the points whose
    file index + rank index is even (a1, c1, b2, ...)."""
    table = []
    for c in range(NCELLS):
        f, r = c % WIDTH, c // WIDTH
        out = {}
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                if df == dr == 0 or (df and dr and (f + r) % 2):
                    continue
                if 0 <= f + df < WIDTH and 0 <= r + dr < HEIGHT:
                    out[(df, dr)] = (r + dr) * WIDTH + f + df
        table.append(out)
    return table


NEXT = neighbours()
START = {1: ["b3", "d3", "g3", "i3"] + [f + r for f in FILES for r in "12"],
         2: ["a3", "c3", "f3", "h3"] + [f + r for f in FILES for r in "45"]}


class State:
    __slots__ = ("board", "to_move", "quiet", "result", "_moves")

    def __init__(self, board, to_move, quiet):
        self.board, self.to_move, self.quiet = board, to_move, quiet
        self.result = "ongoing"
        self._moves = None


def line_from(board, start, d, enemy):
    """The enemy stones from START on along direction D, up to the first
    point that holds no enemy stone (rule 6)."""
    out = []
    c = start
    while c is not None and board[c] == enemy:
        out.append(c)
        c = NEXT[c].get(d)
    return out


def capture_options(board, at, d, enemy):
    """For a step from AT in direction D onto an empty point: the lines it
    may take, as (letter, cells) pairs (rules 4, 5)."""
    to = NEXT[at][d]
    opts = []
    ahead = NEXT[to].get(d)
    if ahead is not None and board[ahead] == enemy:
        opts.append(("A", line_from(board, ahead, d, enemy)))
    back = (-d[0], -d[1])
    behind = NEXT[at].get(back)
    if behind is not None and board[behind] == enemy:
        opts.append(("W", line_from(board, behind, back, enemy)))
    return opts


def capturing_turns(s):
    """Rules 7, 8: every capturing sequence of every stone, each beginning
    included."""
    p, enemy = s.to_move, 3 - s.to_move
    found = []
    for start in range(NCELLS):
        if s.board[start] != p:
            continue
        board = list(s.board)

        def go(at, visited, last, note, taken):
            for d, to in NEXT[at].items():
                if board[to] != 0 or to in visited or d == last:
                    continue
                for letter, cells in capture_options(board, at, d, enemy):
                    for c in cells:
                        board[c] = 0
                    board[at], board[to] = 0, p
                    n2 = note + "-" + name(to) + letter
                    t2 = taken + cells
                    found.append((n2, start, to, t2))
                    go(to, visited | {to}, d, n2, t2)
                    board[at], board[to] = p, 0
                    for c in cells:
                        board[c] = enemy

        go(start, {start}, None, name(start), [])
    out, best = {}, {}
    for note, a, b, taken in found:
        key = (a, b, frozenset(taken))
        if key in best:
            if note >= best[key]:
                continue
            del out[best[key]]
        best[key] = note
        out[note] = (note, a, b, tuple(taken))
    return out


def paika(s):
    out = {}
    for c in range(NCELLS):
        if s.board[c] != s.to_move:
            continue
        for to in NEXT[c].values():
            if s.board[to] == 0:
                note = name(c) + "-" + name(to)
                out[note] = (note, c, to, ())
    return out


def generate(s):
    return capturing_turns(s) or paika(s)     # rule 9


def legal_moves(s):
    if s._moves is None:
        s._moves = {} if s.result != "ongoing" else generate(s)
    return s._moves


def judge(s, mover):
    """Rules 10, 11 for the position just reached."""
    p = s.to_move
    for q in (p, 3 - p):
        if q not in s.board:
            return "win %d" % (3 - q)
    s._moves = generate(s)
    if not s._moves:
        return "win %d" % mover
    if s.quiet >= QUIET_DRAW:
        s._moves = {}
        return "draw"
    return "ongoing"


def apply(s, mv):
    note, start, end, taken = mv
    board = list(s.board)
    p = board[start]
    board[start] = 0
    for c in taken:
        board[c] = 0
    board[end] = p
    t = State(tuple(board), 3 - p, 0 if taken else s.quiet + 1)
    t.result = judge(t, p)
    return t


def initial():
    board = [0] * NCELLS
    for p in (1, 2):
        for n in START[p]:
            board[cell(n)] = p
    s = State(tuple(board), 1, 0)
    s.result = judge(s, 2)
    return s


def from_position(pos):
    if pos is None:
        return initial()
    for k in pos:
        if k not in ("to-move", "pieces", "quiet"):
            raise ValueError("position field %r not modelled" % k)
    board = [0] * NCELLS
    for where, text in (pos.get("pieces") or {}).items():
        parts = str(text).split()
        if len(parts) != 2 or parts[0] not in ("1", "2") or parts[1] != "stone":
            raise ValueError("bad piece %r" % text)
        board[cell(where)] = int(parts[0])
    p = int(pos.get("to-move", 1))
    s = State(tuple(board), p, int(pos.get("quiet", 0) or 0))
    s.result = judge(s, 3 - p)
    return s


def perft(s, depth):
    return refkit.perft(s, depth, legal_moves, apply)


# --- files ---------------------------------------------------------------------

def load(path):
    return load_yaml(path)


def check_case(case):
    s, errors = refkit.replay(from_position(case.get("position")), case.get("play"), legal_moves, apply)
    if errors:
        return errors
    return refkit.expect_errors(case.get("expect") or {}, legal_moves(s), s.result, s.to_move,
                                lambda where: s.board[cell(where)] or None,
                                lambda got, text: "%d stone" % got == str(text))


def check_file(path):
    doc = load(path)
    if str(doc.get("ruleset")) != "fanorona":
        print("%s: not a fanorona scenario file" % path)
        return 1
    return refkit.run_cases(path, doc["cases"], check_case)


def perftcheck(maxdepth):
    here = os.path.dirname(os.path.abspath(__file__))
    d = os.path.join(here, "..", "perft")
    bad = 0
    for f in sorted(os.listdir(d)):
        if not (f.startswith("fanorona") and f.endswith(".txt")):
            continue
        s = initial()
        for line in open(os.path.join(d, f)):
            w = line.split("#")[0].split()
            if len(w) != 2 or int(w[0]) > maxdepth:
                continue
            got = perft(s, int(w[0]))
            ok = got == int(w[1])
            bad += not ok
            print("%s perft %s %s: %s" % (f, w[0], w[1], "ok" if ok else "WRONG, reference says %d" % got))
    return bad


def position_yaml(s, indent):
    pieces = ", ".join("%s: %d stone" % (name(c), s.board[c]) for c in range(NCELLS) if s.board[c])
    pad = " " * indent
    return [pad + "to-move: %d" % s.to_move, pad + "pieces: {%s}" % pieces]


def random_positions(n, seed):
    """N positions met in random games, each given afresh (no history)."""
    rnd = random.Random(seed)
    s = initial()
    out = []
    while len(out) < n:
        fresh = State(s.board, s.to_move, 0)
        fresh.result = judge(fresh, 3 - s.to_move)
        out.append(fresh)
        live = legal_moves(s)
        if not live or rnd.random() < 0.01:
            s = initial()
            continue
        s = apply(s, live[rnd.choice(sorted(live))])
    return out


def main(argv):
    args = argv[1:]
    if not args:
        print(__doc__)
        return 2
    cmd, rest = args[0], args[1:]
    if cmd == "check":
        here = os.path.dirname(os.path.abspath(__file__))
        d = os.path.join(here, "..", "scenarios")
        files = rest or sorted(os.path.join(d, f) for f in os.listdir(d)
                               if f.startswith("fanorona") and f.endswith(".yaml"))
        return 1 if sum(check_file(f) for f in files) else 0
    if cmd == "perft" and rest:
        doc = load(rest[1]) if len(rest) > 1 else None
        s = from_position(doc.get("position", doc)) if doc else initial()
        for d in range(1, int(rest[0]) + 1):
            print("perft %d %d" % (d, perft(s, d)))
        return 0
    if cmd == "moves":
        doc = load(rest[0]) if rest else None
        s = from_position(doc.get("position", doc)) if doc else initial()
        for m in sorted(legal_moves(s)):
            print(m)
        print("result: %s" % s.result, file=sys.stderr)
        return 0
    if cmd == "perftcheck":
        return 1 if perftcheck(int(rest[0]) if rest else 4) else 0
    if cmd == "cases" and len(rest) == 2:
        lines = ["# Positions met in random games (fanorona_ref.py cases %s %s): the moves" % (rest[0], rest[1]),
                 "# and result of each are the reference's.", "ruleset: fanorona", "cases:"]
        for i, s in enumerate(random_positions(int(rest[0]), int(rest[1]))):
            lines.append("  - name: \"position %d\"" % (i + 1))
            lines.append("    position:")
            lines.extend(position_yaml(s, 6))
            lines.append("    expect:")
            lines.append("      result: \"%s\"" % s.result)
            lines.append("      moves: [%s]" % ", ".join(sorted(legal_moves(s))))
        print("\n".join(lines))
        return 0
    if cmd == "games" and len(rest) == 2:
        rnd = random.Random(int(rest[1]))
        lines = ["# Random games (fanorona_ref.py games %s %s): the moves and result" % (rest[0], rest[1]),
                 "# after each game's moves are the reference's.", "ruleset: fanorona", "cases:"]
        for i in range(int(rest[0])):
            s, played = initial(), []
            cut = rnd.randrange(1, 300)
            while legal_moves(s) and len(played) < cut:
                moves = sorted(legal_moves(s))
                # mostly the shortest captures, so that games last and reach the draw
                short = [m for m in moves if m.count("-") <= 1]
                note = rnd.choice(short if short and rnd.random() < 0.8 else moves)
                played.append(note)
                s = apply(s, legal_moves(s)[note])
            lines.append("  - name: \"game %d\"" % (i + 1))
            lines.append("    play: [%s]" % ", ".join(played))
            lines.append("    expect:")
            lines.append("      result: \"%s\"" % s.result)
            lines.append("      moves: [%s]" % ", ".join(sorted(legal_moves(s))))
        print("\n".join(lines))
        return 0
    if cmd == "positions" and len(rest) == 3:
        for i, s in enumerate(random_positions(10 * int(rest[0]), int(rest[1]))[9::10]):
            base = os.path.join(rest[2], "p%d" % (i + 1))
            with open(base + ".yaml", "w") as fh:
                fh.write("\n".join(["position:"] + position_yaml(s, 2)) + "\n")
            with open(base + ".moves", "w") as fh:
                fh.write("".join(m + "\n" for m in sorted(legal_moves(s))))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
