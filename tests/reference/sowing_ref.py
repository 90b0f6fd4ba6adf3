#!/usr/bin/env python3
"""Independent reference implementation of Kalah and Oware (tests only).

Written from the rules pages docs/rules/kalah.md and docs/rules/oware.md,
without the C engine's code.  It checks the expectations of
tests/scenarios/GAME.yaml, the counts of tests/perft/GAME.txt and the legal
moves of positions met in random games (tests/sowing_ref.sh).  Plain
Python 3, standard library only (yamlmini.py reads the YAML).

Usage:
  sowing_ref.py perft GAME DEPTH [--option NAME=VALUE]... [--position F.yaml]
                        `perft D N` for D = 1..DEPTH
  sowing_ref.py moves GAME [--option NAME=VALUE]... [--position F.yaml]
                        the legal moves, one a line, sorted
  sowing_ref.py check SCENARIO.yaml...
                        PASS/FAIL per case; exit 1 on a failure
  sowing_ref.py cases GAME N SEED [--option NAME=VALUE]...
                        a scenario file of N cases: positions met in random
                        games, each reached by `play` from the start, with
                        the legal moves and the result the reference finds
  sowing_ref.py positions GAME N SEED DIR [--option NAME=VALUE]...
                        the same positions as position files: DIR/K.yaml and
                        DIR/K.moves (the legal moves, sorted)

A move is written PIT-LAST: the pit emptied and the cell of the last seed.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from yamlmini import load_yaml  # noqa: E402

# Both games: player 1 (south) has the pits b1..g1 sown left to right, then
# the store h1 (Kalah only), player 2 (north) the pits g2..b2 right to left,
# then the store a2 (Kalah only).  Index k of a ring below is a cell of this list.
SOUTH_PITS = ["b1", "c1", "d1", "e1", "f1", "g1"]
NORTH_PITS = ["g2", "f2", "e2", "d2", "c2", "b2"]
STORES = ["h1", "a2"]
REPETITION = 3


class State:
    """pits: a list of seeds, in sowing order (the stores in it for Kalah);
    stores: the seeds of the two stores; mover 1 or 2; seen: position counts;
    over: None, 0 (a draw), 1 or 2 (the winner)."""

    __slots__ = ("pits", "stores", "mover", "seen", "over")

    def __init__(self, pits, stores, mover, seen, over):
        self.pits, self.stores, self.mover, self.seen, self.over = pits, stores, mover, seen, over

    def key(self):
        return (tuple(self.pits), tuple(self.stores), self.mover)


class Sowing:
    """What the two games share: positions, sides, the end by repetition."""

    def side(self, p):
        """Indices in the ring of player p's pits."""
        return self.SIDE[p - 1]

    def side_seeds(self, s, p):
        return sum(s.pits[i] for i in self.side(p))

    def score(self, s, p):
        return self.stored(s, p) + self.side_seeds(s, p)

    def counted(self, s):
        a, b = self.score(s, 1), self.score(s, 2)
        return 1 if a > b else 2 if b > a else 0

    def start(self):
        s = self.empty_state(1)
        for p in (1, 2):
            for i in self.side(p):
                s.pits[i] = self.seeds
        return self.begin(s)

    def begin(self, s):
        s.seen = {s.key(): 1}
        self.judge_start(s)
        return s

    def after(self, s):
        """The repetition count of the position reached, then the game's own ends."""
        k = s.key()
        s.seen = dict(s.seen)
        s.seen[k] = s.seen.get(k, 0) + 1
        self.judge(s)
        if s.over is None and s.seen[k] >= REPETITION:
            s.over = 0

    def move_texts(self, s):
        return sorted(self.text(m) for m in self.moves(s))

    def text(self, m):
        return "%s-%s" % (self.CELLS[m[0]], self.CELLS[m[1]])

    def result_text(self, s):
        if s.over is None:
            return "ongoing"
        return "draw" if s.over == 0 else "win %d" % s.over

    def owner_of(self, name):
        return 1 if name in SOUTH_PITS or name == "h1" else 2

    def read_position(self, pos):
        s = self.empty_state(int(pos.get("to-move", 1)))
        for cell, what in (pos.get("pieces") or {}).items():
            words = str(what).split()
            owner, n = int(words[0]), int(words[2]) if len(words) > 2 else 1
            if words[1] != "seed" or owner != self.owner_of(cell):
                raise ValueError("bad piece %s: %s" % (cell, what))
            self.set_cell(s, cell, n)
        return self.begin(s)

    def position_yaml(self, s):
        items = ['%s: "%d seed %d"' % (c, self.owner_of(c), n) for c, n in self.cell_counts(s) if n]
        return "to-move: %d\npieces: {%s}\n" % (s.mover, ", ".join(items))


class Kalah(Sowing):
    """docs/rules/kalah.md.  Ring: b1..g1 h1 g2..b2 a2 (14 cells)."""

    name = "kalah"
    CELLS = SOUTH_PITS + ["h1"] + NORTH_PITS + ["a2"]
    SIDE = ([0, 1, 2, 3, 4, 5], [7, 8, 9, 10, 11, 12])
    STORE = (6, 13)

    def __init__(self, options):
        self.seeds = int(options.pop("seeds", 4))    # rule 2
        if options:
            raise ValueError("unknown options %s" % options)

    def empty_state(self, mover):
        return State([0] * 14, [0, 0], mover, {}, None)

    def stored(self, s, p):
        return s.pits[self.STORE[p - 1]]

    def set_cell(self, s, cell, n):
        s.pits[self.CELLS.index(cell)] = n

    def cell_counts(self, s):
        return [(self.CELLS[i], s.pits[i]) for i in range(14)]

    def moves(self, s):
        if s.over is not None:
            return []
        return [(i, self.sow(s, i)[1]) for i in self.side(s.mover) if s.pits[i]]

    def sow(self, s, i):
        """Rules 3-4: the seeds one by one counter-clockwise, the opponent's store skipped."""
        pits = list(s.pits)
        hand, pits[i], k = pits[i], 0, i
        enemy_store = self.STORE[2 - s.mover]
        while hand:
            k = (k + 1) % 14
            if k == enemy_store:
                continue
            pits[k] += 1
            hand -= 1
        return pits, k

    def apply(self, s, m):
        p = s.mover
        pits, last = self.sow(s, m[0])
        opposite = 12 - last
        # rule 6: the last seed alone in an own pit, seeds across: both to the store
        if last in self.side(p) and pits[last] == 1 and pits[opposite] > 0:
            pits[self.STORE[p - 1]] += pits[opposite] + 1
            pits[last] = pits[opposite] = 0
        t = State(pits, [0, 0], p, s.seen, None)
        if last != self.STORE[p - 1]:       # rule 5: the last seed in the own store: again
            t.mover = 3 - p
        self.after(t)
        return t

    def judge(self, s):
        # rule 7: a side empty after a move: each side's seeds to its owner, counted
        if self.side_seeds(s, 1) == 0 or self.side_seeds(s, 2) == 0:
            s.over = self.counted(s)

    judge_start = judge


class Oware(Sowing):
    """docs/rules/oware.md.  Ring: b1..g1 g2..b2 (12 houses); the stores apart."""

    name = "oware"
    CELLS = SOUTH_PITS + NORTH_PITS
    SIDE = ([0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11])
    seeds = 4

    def __init__(self, options):
        self.slam = options.pop("grand-slam", "no-capture")   # rule 8
        if self.slam not in ("no-capture", "forbidden", "allowed") or options:
            raise ValueError("bad options")

    def empty_state(self, mover):
        return State([0] * 12, [0, 0], mover, {}, None)

    def stored(self, s, p):
        return s.stores[p - 1]

    def set_cell(self, s, cell, n):
        if cell in STORES:
            s.stores[STORES.index(cell)] = n
        else:
            s.pits[self.CELLS.index(cell)] = n

    def cell_counts(self, s):
        return [(self.CELLS[i], s.pits[i]) for i in range(12)] + list(zip(STORES, s.stores))

    def play(self, s, i):
        """Rules 4-8 for the house i: (the houses after, the last index, seeds taken, grand slam)."""
        p, enemy = s.mover, 3 - s.mover
        pits = list(s.pits)
        hand, pits[i], k = pits[i], 0, i
        while hand:
            k = (k + 1) % 12
            if k == i:              # rule 5: a lap passes over the emptied house
                continue
            pits[k] += 1
            hand -= 1
        taken, j = [], k
        while j in self.side(enemy) and pits[j] in (2, 3):     # rules 6-7
            taken.append(j)
            j -= 1
        slam = bool(taken) and sum(pits[x] for x in self.side(enemy)) == sum(pits[x] for x in taken)
        if slam and self.slam == "no-capture":
            taken = []
        got = 0
        for x in taken:
            got += pits[x]
            pits[x] = 0
        return pits, k, got, slam

    def candidates(self, s):
        """The mover's sowings: (pit, last pit, whether the opponent has seeds after)."""
        enemy = 3 - s.mover
        out = []
        for i in self.side(s.mover):
            if not s.pits[i]:
                continue
            pits, last, _, slam = self.play(s, i)
            if slam and self.slam == "forbidden":
                continue
            out.append((i, last, sum(pits[x] for x in self.side(enemy)) > 0))
        return out

    def moves(self, s):
        if s.over is not None:
            return []
        enemy = 3 - s.mover
        out = self.candidates(s)
        # rule 9: an opponent without seeds must be given some where a move can
        if self.side_seeds(s, enemy) == 0 and any(m[2] for m in out):
            out = [m for m in out if m[2]]
        return [(m[0], m[1]) for m in out]

    def apply(self, s, m):
        p = s.mover
        pits, _, got, _ = self.play(s, m[0])
        stores = list(s.stores)
        stores[p - 1] += got
        t = State(pits, stores, 3 - p, s.seen, None)
        self.after(t)
        return t

    def judge(self, s):
        for p in (s.mover, 3 - s.mover):
            if s.stores[p - 1] >= 25:           # rule 10
                s.over = p
                return
        if self.side_seeds(s, 3 - s.mover) == 0:  # rule 11: the opponent cannot be fed: counted
            out = self.candidates(s)
            if out and not any(m[2] for m in out):
                s.over = self.counted(s)
                return
        if not self.moves(s):                   # rule 11: no move: counted
            s.over = self.counted(s)

    judge_start = judge


GAMES = {"kalah": Kalah, "oware": Oware}


def game(name, options=None):
    return GAMES[name](dict(options or {}))


def perft(g, s, depth):
    if depth == 0:
        return 1
    ms = g.moves(s)
    if depth == 1:
        return len(ms)
    return sum(perft(g, g.apply(s, m), depth - 1) for m in ms)


def find_move(g, s, text):
    for m in g.moves(s):
        if g.text(m) == text or g.CELLS[m[0]] == text:
            return m
    return None


def check_case(g, case, s0):
    s = g.read_position(case["position"]) if case.get("position") else s0
    for text in case.get("play") or []:
        m = find_move(g, s, str(text))
        if m is None:
            return "move %s is not legal (legal: %s)" % (text, g.move_texts(s))
        s = g.apply(s, m)
    e = case["expect"]
    got = g.move_texts(s)
    if "moves" in e and sorted(str(x) for x in e["moves"]) != got:
        return "moves: expected %s, got %s" % (sorted(e["moves"]), got)
    if "count" in e and int(e["count"]) != len(got):
        return "count: expected %s, got %d" % (e["count"], len(got))
    for x in e.get("includes") or []:
        if str(x) not in got:
            return "%s is not legal" % x
    for x in e.get("excludes") or []:
        if str(x) in got:
            return "%s is legal" % x
    if "result" in e and str(e["result"]) != g.result_text(s):
        return "result: expected %s, got %s" % (e["result"], g.result_text(s))
    if "to-move" in e and int(e["to-move"]) != s.mover:
        return "to-move: expected %s, got %d" % (e["to-move"], s.mover)
    counts = dict(g.cell_counts(s))
    for cell, what in (e.get("pieces") or {}).items():
        words = str(what).split()
        n = int(words[2]) if len(words) > 2 else 1
        if counts.get(cell) != n or int(words[0]) != g.owner_of(cell):
            return "%s: expected %s, got %s seeds" % (cell, what, counts.get(cell))
    for cell in e.get("empty") or []:
        if counts.get(cell):
            return "%s: expected empty, got %d seeds" % (cell, counts[cell])
    return None


def check_file(path):
    doc = load_yaml(path)
    name = os.path.basename(str(doc["ruleset"]))
    name = name[:-5] if name.endswith(".game") else name
    g = game(name, {k: str(v) for k, v in (doc.get("options") or {}).items()})
    s0 = g.start()
    failed = 0
    for case in doc["cases"]:
        why = check_case(g, case, s0)
        print("%s: %s%s" % ("FAIL" if why else "ok", case["name"], ": " + why if why else ""))
        failed += bool(why)
    print("%s: %d cases, %d failed" % (path, len(doc["cases"]), failed))
    return failed


def random_walk(g, n, seed):
    """N (moves played, state) met in random games from the start; a game over is met once."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s, played = g.start(), []
        while len(out) < n:
            out.append((list(played), s))
            ms = g.moves(s)
            if not ms:
                break
            m = rng.choice(ms)
            played.append(g.text(m))
            s = g.apply(s, m)
    return out


def yaml_list(xs):
    return "[" + ", ".join(xs) + "]"


def random_cases(g, name, n, seed, options):
    lines = ["# Written by tests/reference/sowing_ref.py cases %s %d %d" % (name, n, seed),
             "ruleset: %s" % name,
             "options: {%s}" % ", ".join("%s: %s" % kv for kv in sorted(options.items())),
             "cases:"]
    for k, (played, s) in enumerate(random_walk(g, n, seed)):
        lines += ["  - name: \"random %d\"" % (k + 1),
                  "    play: %s" % yaml_list(played),
                  "    expect:",
                  "      moves: %s" % yaml_list(g.move_texts(s)),
                  "      result: \"%s\"" % g.result_text(s)]
    return "\n".join(lines) + "\n"


def random_positions(g, n, seed, outdir):
    os.makedirs(outdir, exist_ok=True)
    for k, (_, s) in enumerate(random_walk(g, n, seed)):
        # a position file starts a game: no history, judged afresh
        t = g.read_position(load_text_yaml(g.position_yaml(s)))
        with open(os.path.join(outdir, "%d.yaml" % (k + 1)), "w") as fh:
            fh.write(g.position_yaml(s))
        with open(os.path.join(outdir, "%d.moves" % (k + 1)), "w") as fh:
            fh.write("".join(x + "\n" for x in sorted(g.move_texts(t))))


def load_text_yaml(text):
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as fh:
        fh.write(text)
    try:
        return load_yaml(fh.name)
    finally:
        os.unlink(fh.name)


def take_options(args):
    options, position, rest = {}, None, []
    while args:
        a = args.pop(0)
        if a == "--option":
            k, _, v = args.pop(0).partition("=")
            options[k] = v
        elif a == "--position":
            position = args.pop(0)
        else:
            rest.append(a)
    return options, position, rest


def main(argv):
    options, position, args = take_options(argv[1:])
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    cmd = args[0]
    if cmd == "check":
        return 1 if sum(check_file(p) for p in args[1:]) else 0
    g = game(args[1], options)
    s = g.read_position(load_yaml(position)) if position else g.start()
    if cmd == "perft":
        for d in range(1, int(args[2]) + 1):
            print("perft %d %d" % (d, perft(g, s, d)))
    elif cmd == "moves":
        print("\n".join(g.move_texts(s)))
    elif cmd == "cases":
        sys.stdout.write(random_cases(g, args[1], int(args[2]), int(args[3]), options))
    elif cmd == "positions":
        random_positions(g, int(args[2]), int(args[3]), args[4])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
