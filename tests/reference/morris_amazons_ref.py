#!/usr/bin/env python3
"""Independent reference implementation of Nine Men's Morris and Amazons (tests only).

Written from the rules pages docs/rules/nine-mens-morris.md and
docs/rules/amazons.md, without looking at the C engine.  It computes and
checks the expectations of tests/scenarios/GAME.yaml, the counts of
tests/perft/GAME.txt and the legal moves of random positions
(tests/morris_amazons_ref.sh).  Plain Python 3, standard library only
(yamlmini.py reads the YAML; PyYAML is used by it when installed).

Usage:
  morris_amazons_ref.py perft GAME DEPTH [--position FILE.yaml]
                                    `perft D N` for D = 1..DEPTH
  morris_amazons_ref.py moves GAME [--position FILE.yaml]
                                    the legal moves, one a line, sorted
  morris_amazons_ref.py check SCENARIO.yaml...
                                    PASS/FAIL per case; exit 1 on a failure
  morris_amazons_ref.py positions GAME N SEED DIR
                                    N positions met in random games from the
                                    start: DIR/K.yaml (a position file) and
                                    DIR/K.moves (its legal moves, sorted)

GAME is nine-mens-morris or amazons.  perft D counts the move sequences of
exactly D moves; a finished game has no children.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from yamlmini import load_yaml  # noqa: E402

COLUMNS = "abcdefghij"


def cell_name(x, y):
    return "%s%d" % (COLUMNS[x], y + 1)


# --------------------------------------------------------------------------
# Nine Men's Morris (docs/rules/nine-mens-morris.md)
# --------------------------------------------------------------------------

MORRIS_LINES_TEXT = [
    "a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "c5 d5 e5",
    "b6 d6 f6", "a7 d7 g7",
    "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5",
    "f2 f4 f6", "g1 g4 g7",
]


class Morris:
    """Rules 1-13 of docs/rules/nine-mens-morris.md."""

    name = "nine-mens-morris"
    MEN = 9
    NO_PROGRESS = 100       # rule 13: plies without a removal
    REPETITION = 3          # rule 12

    def __init__(self):
        names = sorted({p for line in MORRIS_LINES_TEXT for p in line.split()},
                       key=lambda s: (int(s[1:]), s[0]))
        self.points = names                      # index -> name
        self.index = {n: i for i, n in enumerate(names)}
        self.lines = [tuple(self.index[p] for p in line.split()) for line in MORRIS_LINES_TEXT]
        self.lines_of = [[ln for ln in self.lines if i in ln] for i in range(len(names))]
        nb = [set() for _ in names]
        for ln in self.lines:
            for a, b in zip(ln, ln[1:]):
                nb[a].add(b)
                nb[b].add(a)
        self.neighbours = [sorted(s) for s in nb]

    # ---- state: (board tuple of 0/1/2 per point, (hand1, hand2), to_move, quiet)
    def start(self):
        return {"board": (0,) * 24, "hand": (self.MEN, self.MEN), "to_move": 1,
                "quiet": 0, "history": {}}

    def key(self, s):
        return (s["board"], s["hand"], s["to_move"])

    def in_mill(self, board, i):
        p = board[i]
        return any(all(board[j] == p for j in ln) for ln in self.lines_of[i])

    def makes_mill(self, board, to, p):
        return any(all(j == to or board[j] == p for j in ln) for ln in self.lines_of[to])

    def removable(self, board, enemy):
        """Rule 7: the enemy men out of mills, or all of them when every one is in a mill."""
        men = [i for i in range(24) if board[i] == enemy]
        free = [i for i in men if not self.in_mill(board, i)]
        return free if free else men

    def moves(self, s):
        """The legal moves: (notation, from or None, to, removed or None)."""
        raw = self.raw_moves(s)
        return raw if self.result(s, raw) == "ongoing" else []

    def raw_moves(self, s):
        board, p = s["board"], s["to_move"]
        e = 3 - p
        out = []
        if s["hand"][p - 1] > 0:                       # rule 3: placing
            pairs = [(None, t) for t in range(24) if board[t] == 0]
        else:
            mine = [i for i in range(24) if board[i] == p]
            empty = [t for t in range(24) if board[t] == 0]
            if len(mine) == 3:                         # rule 5: flying
                pairs = [(f, t) for f in mine for t in empty]
            else:                                      # rule 4: a step
                pairs = [(f, t) for f in mine for t in self.neighbours[f] if board[t] == 0]
        for f, t in pairs:
            text = self.points[t] if f is None else "%s-%s" % (self.points[f], self.points[t])
            if f is not None:
                b = list(board)
                b[f] = 0
            else:
                b = board
            if self.makes_mill(b, t, p):               # rule 6
                after = list(b)
                after[t] = p
                victims = self.removable(after, e)
                if victims:
                    for r in victims:
                        out.append((text + "x" + self.points[r], f, t, r))
                    continue
            out.append((text, f, t, None))
        return out

    def apply(self, s, mv):
        _, f, t, r = mv
        p = s["to_move"]
        b = list(s["board"])
        hand = list(s["hand"])
        if f is None:
            hand[p - 1] -= 1
        else:
            b[f] = 0
        b[t] = p
        if r is not None:
            b[r] = 0
        n = {"board": tuple(b), "hand": tuple(hand), "to_move": 3 - p,
             "quiet": 0 if r is not None else s["quiet"] + 1}
        hist = dict(s["history"])
        k = self.key(n)
        hist[k] = hist.get(k, 0) + 1
        n["history"] = hist
        return n

    def men(self, s, p):
        return s["board"].count(p) + s["hand"][p - 1]

    def result(self, s, raw=None):
        p = s["to_move"]
        if self.men(s, p) < 3:                         # rule 9
            return "win %d" % (3 - p)
        if self.men(s, 3 - p) < 3:
            return "win %d" % p
        if not (self.raw_moves(s) if raw is None else raw):   # rule 10
            return "win %d" % (3 - p)
        if s["history"].get(self.key(s), 0) >= self.REPETITION:   # rule 12
            return "draw"
        if s["quiet"] >= self.NO_PROGRESS:             # rule 13
            return "draw"
        return "ongoing"

    def perft_leaf_count(self, s):
        return len(self.moves(s))

    # ---- positions
    def piece_text(self, s, i):
        return "%d man" % s["board"][i] if s["board"][i] else None

    def cell(self, name):
        if name not in self.index:
            raise ValueError("no point %s on this board" % name)
        return self.index[name]

    def from_position(self, pos):
        board = [0] * 24
        for c, txt in (pos.get("pieces") or {}).items():
            words = str(txt).split()
            if len(words) != 2 or words[1] != "man" or words[0] not in ("1", "2"):
                raise ValueError("bad piece %r on %s" % (txt, c))
            board[self.cell(str(c))] = int(words[0])
        hand = [self.MEN, self.MEN]          # absent: the supply of the start
        for pl, sup in (pos.get("hand") or {}).items():
            hand[int(pl) - 1] = int((sup or {}).get("man", 0))
        s = {"board": tuple(board), "hand": tuple(hand), "to_move": int(pos.get("to-move", 1)),
             "quiet": int(pos.get("quiet", 0))}
        s["history"] = {self.key(s): 1}
        return s

    def position_yaml(self, s):
        pcs = ", ".join("%s: %d man" % (self.points[i], s["board"][i])
                        for i in range(24) if s["board"][i])
        return ("to-move: %d\npieces: {%s}\nhand: {1: {man: %d}, 2: {man: %d}}\n"
                % (s["to_move"], pcs, s["hand"][0], s["hand"][1]))

    def hand_of(self, s, p):
        return {"man": s["hand"][p - 1]}

    def all_cells(self):
        return list(self.points)


# --------------------------------------------------------------------------
# Amazons (docs/rules/amazons.md)
# --------------------------------------------------------------------------

DIRS8 = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


class Amazons:
    """Rules 1-6 of docs/rules/amazons.md.  Board: dict cell index -> (owner, kind)."""

    name = "amazons"
    N = 10

    def __init__(self):
        n = self.N
        self.rays = []          # per cell: per direction, the cells along it
        for i in range(n * n):
            x, y = i % n, i // n
            rs = []
            for dx, dy in DIRS8:
                ray = []
                cx, cy = x + dx, y + dy
                while 0 <= cx < n and 0 <= cy < n:
                    ray.append(cy * n + cx)
                    cx += dx
                    cy += dy
                if ray:
                    rs.append(ray)
            self.rays.append(rs)
        self.names = [cell_name(i % n, i // n) for i in range(n * n)]
        self.index = {nm: i for i, nm in enumerate(self.names)}

    def start(self):
        b = {}
        for c in ("a4", "d1", "g1", "j4"):
            b[self.index[c]] = (1, "queen")
        for c in ("a7", "d10", "g10", "j7"):
            b[self.index[c]] = (2, "queen")
        return {"board": b, "to_move": 1}

    def reach(self, b, frm, vacated=None):
        for ray in self.rays[frm]:
            for c in ray:
                if c in b and c != vacated:
                    break
                yield c

    def raw_moves(self, s):
        b, p = s["board"], s["to_move"]
        out = []
        for q in sorted(c for c, (o, k) in b.items() if o == p and k == "queen"):
            for t in self.reach(b, q):
                for a in self.reach(b, t, vacated=q):
                    if a == t:
                        continue
                    out.append(("%s-%s/%s" % (self.names[q], self.names[t], self.names[a]), q, t, a))
        return out

    def has_move(self, s):
        b, p = s["board"], s["to_move"]
        for q, (o, k) in b.items():
            if o == p and k == "queen":
                for _ in self.reach(b, q):
                    return True        # a queen that can move can always shoot back
        return False

    def moves(self, s):
        return self.raw_moves(s) if self.has_move(s) else []

    def perft_leaf_count(self, s):
        """The number of moves, counted without listing them."""
        if not self.has_move(s):
            return 0
        b, p = s["board"], s["to_move"]
        n = 0
        for q, (o, k) in b.items():
            if o != p or k != "queen":
                continue
            for t in self.reach(b, q):
                for ray in self.rays[t]:
                    for c in ray:
                        if c in b and c != q:
                            break
                        n += 1
        return n

    def apply(self, s, mv):
        _, q, t, a = mv
        p = s["to_move"]
        b = dict(s["board"])
        del b[q]
        b[t] = (p, "queen")
        b[a] = (p, "arrow")
        return {"board": b, "to_move": 3 - p}

    def result(self, s):
        return "ongoing" if self.has_move(s) else "win %d" % (3 - s["to_move"])

    def piece_text(self, s, i):
        v = s["board"].get(i)
        return "%d %s" % v if v else None

    def cell(self, name):
        if name not in self.index:
            raise ValueError("no cell %s on this board" % name)
        return self.index[name]

    def from_position(self, pos):
        b = {}
        for c, txt in (pos.get("pieces") or {}).items():
            words = str(txt).split()
            if len(words) != 2 or words[1] not in ("queen", "arrow") or words[0] not in ("1", "2"):
                raise ValueError("bad piece %r on %s" % (txt, c))
            b[self.cell(str(c))] = (int(words[0]), words[1])
        return {"board": b, "to_move": int(pos.get("to-move", 1))}

    def position_yaml(self, s):
        pcs = ", ".join("%s: %d %s" % (self.names[i], o, k)
                        for i, (o, k) in sorted(s["board"].items()))
        return "to-move: %d\npieces: {%s}\n" % (s["to_move"], pcs)

    def hand_of(self, s, p):
        return {}

    def all_cells(self):
        return list(self.names)


GAMES = {"nine-mens-morris": Morris, "amazons": Amazons}


def game(name):
    if name not in GAMES:
        raise SystemExit("unknown game %s (games: %s)" % (name, ", ".join(sorted(GAMES))))
    return GAMES[name]()


# --------------------------------------------------------------------------
# perft, moves, check, random positions
# --------------------------------------------------------------------------

def perft(g, s, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return g.perft_leaf_count(s)
    return sum(perft(g, g.apply(s, mv), depth - 1) for mv in g.moves(s))


def load_position(g, path):
    if path is None:
        s = g.start()
        if "history" in s:
            s["history"] = {g.key(s): 1}
        return s
    return g.from_position(load_yaml(path))


def move_texts(g, s):
    return sorted(m[0] for m in g.moves(s))


def check_case(g, case):
    """Returns a list of failure messages (empty: the case passes)."""
    s = g.from_position(case["position"]) if case.get("position") else load_position(g, None)
    for text in case.get("play") or []:
        text = str(text)
        ms = {m[0]: m for m in g.moves(s)}
        if text not in ms:
            return ["move %s is not legal (legal: %s)" % (text, " ".join(sorted(ms)))]
        s = g.apply(s, ms[text])
    exp = case.get("expect") or {}
    fails = []
    legal = move_texts(g, s)
    for k, v in exp.items():
        if k == "moves":
            want = sorted(str(x) for x in v)
            if want != legal:
                fails.append("moves differ: expected but not legal %s; legal but not expected %s"
                             % (sorted(set(want) - set(legal)), sorted(set(legal) - set(want))))
        elif k == "count":
            if int(v) != len(legal):
                fails.append("count: expected %s, got %d" % (v, len(legal)))
        elif k == "includes":
            miss = [str(x) for x in v if str(x) not in legal]
            if miss:
                fails.append("includes: not legal %s" % miss)
        elif k == "excludes":
            bad = [str(x) for x in v if str(x) in legal]
            if bad:
                fails.append("excludes: legal %s" % bad)
        elif k == "result":
            r = g.result(s)
            if str(v) != r:
                fails.append("result: expected %s, got %s" % (v, r))
        elif k == "to-move":
            if int(v) != s["to_move"]:
                fails.append("to-move: expected %s, got %d" % (v, s["to_move"]))
        elif k == "pieces":
            for c, txt in v.items():
                got = g.piece_text(s, g.cell(str(c)))
                if got != str(txt):
                    fails.append("pieces: %s: expected %s, got %s" % (c, txt, got or "empty"))
        elif k == "empty":
            for c in v:
                got = g.piece_text(s, g.cell(str(c)))
                if got is not None:
                    fails.append("empty: %s holds %s" % (c, got))
        elif k == "hand":
            for pl, sup in v.items():
                have = g.hand_of(s, int(pl))
                for piece, n in sup.items():
                    if have.get(piece) != int(n):
                        fails.append("hand: player %s %s: expected %s, got %s"
                                     % (pl, piece, n, have.get(piece)))
        else:
            fails.append("unknown expect key %s" % k)
    return fails


def check_file(path):
    doc = load_yaml(path)
    ruleset = str(doc.get("ruleset"))
    g = game(os.path.splitext(os.path.basename(ruleset))[0])
    failed = 0
    cases = doc.get("cases") or []
    for case in cases:
        try:
            fails = check_case(g, case)
        except (ValueError, KeyError, TypeError) as e:
            fails = ["error: %s" % e]
        if fails:
            failed += 1
            print("FAIL: %s: %s" % (path, case.get("name")))
            for f in fails:
                print("    " + f)
        else:
            print("PASS: %s: %s" % (path, case.get("name")))
    print("%s: %d cases, %d failed" % (path, len(cases), failed))
    return failed


def random_walk(g, n, seed):
    """n positions met in random games, several per game, from its start on:
    (state, the moves played from the start)."""
    rng = random.Random(seed)
    k = 0
    while k < n:
        s = load_position(g, None)
        played = []
        every = rng.randint(3, 9)
        while k < n:
            ms = g.moves(s)
            if len(played) % every == every - 1 or not ms:
                yield s, list(played)
                k += 1
            if not ms:
                break
            mv = rng.choice(ms)
            played.append(mv[0])
            s = g.apply(s, mv)


def random_positions(name, n, seed, outdir):
    """The positions of random_walk as position files, each with its moves."""
    g = game(name)
    os.makedirs(outdir, exist_ok=True)
    for k, (s, played) in enumerate(random_walk(g, n, seed)):
        path = os.path.join(outdir, "%03d.yaml" % k)
        with open(path, "w") as fh:
            fh.write("# %s: a position met after %d random moves (seed %d)\n" % (name, len(played), seed))
            fh.write(g.position_yaml(s))
        # The position file has no history: its moves are the position's own.
        alone = g.from_position(load_yaml(path))
        with open(os.path.join(outdir, "%03d.moves" % k), "w") as fh:
            for t in move_texts(g, alone):
                fh.write(t + "\n")
    return 0


def random_cases(name, n, seed):
    """The positions of random_walk as a scenario file: each case plays its
    game from the start and expects the reference's moves and result."""
    g = game(name)
    print("# %d positions met in random games of %s (seed %d), with the moves and" % (n, name, seed))
    print("# the result of tests/reference/morris_amazons_ref.py")
    print("ruleset: %s" % name)
    print("cases:")
    for k, (s, played) in enumerate(random_walk(g, n, seed)):
        print('  - name: "random position %d, after %d moves"' % (k, len(played)))
        print("    play: [%s]" % ", ".join(played))
        print("    expect:")
        # count and includes: the same set as `moves`, and cheaper for tabula
        # to check on a list of a thousand moves
        ms = move_texts(g, s)
        print("      count: %d" % len(ms))
        if ms:
            print("      includes: [%s]" % ", ".join(ms))
        print("      result: \"%s\"" % g.result(s))
    return 0


def take_position(args):
    if "--position" in args:
        i = args.index("--position")
        path = args[i + 1]
        del args[i:i + 2]
        return path
    return None


def main(argv):
    args = argv[1:]
    if not args:
        print(__doc__)
        return 2
    cmd = args.pop(0)
    if cmd == "perft" and len(args) >= 2:
        pos = take_position(args)
        g = game(args[0])
        s = load_position(g, pos)
        for d in range(1, int(args[1]) + 1):
            print("perft %d %d" % (d, perft(g, s, d)))
            sys.stdout.flush()
        return 0
    if cmd == "moves" and args:
        pos = take_position(args)
        g = game(args[0])
        for t in move_texts(g, load_position(g, pos)):
            print(t)
        return 0
    if cmd == "check" and args:
        failed = sum(check_file(p) for p in args)
        return 1 if failed else 0
    if cmd == "positions" and len(args) == 4:
        return random_positions(args[0], int(args[1]), int(args[2]), args[3])
    if cmd == "cases" and len(args) == 3:
        return random_cases(args[0], int(args[1]), int(args[2]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
