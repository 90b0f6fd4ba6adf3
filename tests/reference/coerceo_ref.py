#!/usr/bin/env python3
"""Independent reference implementation of Coerceo, written straight from
docs/rules/coerceo.md (rule numbers below refer to that file).

Plain Python 3, standard library only (PyYAML is used when present, otherwise
the small parser in yamlmini.py reads the scenario subset used here).

Usage:
  coerceo_ref.py check [SCENARIO.yaml ...]   verify every expectation of the
                                             scenario files with this reference
                                             (default: ../scenarios/coerceo*.yaml)
  coerceo_ref.py perft DEPTH                 perft 1..DEPTH from the start
  coerceo_ref.py perftcheck [DEPTH]          verify ../perft/coerceo.txt up to DEPTH (3)
  coerceo_ref.py moves [FIELD=OWNER ...]     helper: legal actions (exploration)

perft D counts the action sequences of exactly D actions; a sequence whose game
ends before D actions is not counted (the contract's definition).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------- geometry
# Directions clockwise from the top; side d of T touches side d+3 of T+Dd.
DIRS = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)]
TILES = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if abs(x + y) <= 2]
TILESET = frozenset(TILES)
COLS = "abcde"


def add(t, d):
    return (t[0] + DIRS[d % 6][0], t[1] + DIRS[d % 6][1])


def tile_name(t):
    x, y = t
    ymin = max(-2, -2 - x)
    return "%s%d" % (COLS[x + 2], y - ymin + 1)


def parse_tile(s):
    x = COLS.index(s[0]) - 2
    ymin = max(-2, -2 - x)
    t = (x, int(s[1:]) - 1 + ymin)
    if t not in TILESET:
        raise ValueError("no tile %s" % s)
    return t


def field_name(fl):
    return "%s.%d" % (tile_name(fl[0]), fl[1])


def parse_field(s):
    tn, f = s.split(".")
    f = int(f)
    assert 0 <= f < 6
    return (parse_tile(tn), f)


def field_owner_colour(fl):
    """Player whose pieces stand on this field: 1 = white = odd, 2 = black = even."""
    return 1 if fl[1] % 2 == 1 else 2


def edge_neighbours(fl, removed):
    """Edge neighbours of (T,f) on tiles still on the board (other colour)."""
    t, f = fl
    out = [(t, (f - 1) % 6), (t, (f + 1) % 6)]
    u = add(t, f)
    if u in TILESET and u not in removed:
        out.append((u, (f + 3) % 6))
    return out


def move_targets(fl, removed):
    """Corner-touching fields of the same colour, on tiles still on the board."""
    t, f = fl
    cands = [
        (t, (f + 2) % 6),
        (t, (f + 4) % 6),
        (add(t, f), (f + 2) % 6),
        (add(t, f), (f + 4) % 6),
        (add(t, f - 1), (f + 2) % 6),
        (add(t, f + 1), (f + 4) % 6),
    ]
    return [c for c in cands if c[0] in TILESET and c[0] not in removed]


def touching_sides(t, removed):
    return [d for d in range(6) if add(t, d) in TILESET and add(t, d) not in removed]


def one_run(sides):
    """True when the set of sides (subset of 0..5, size 1..5) is one cyclic run."""
    s = set(sides)
    if not s:
        # DECISION of this reference (not reachable in the tests): a tile touching
        # nothing counts as one (empty) run, so an empty isolated tile is loose.
        return True
    # number of run starts: sides d in s with d-1 not in s
    starts = [d for d in s if (d - 1) % 6 not in s]
    return len(starts) == 1


# ------------------------------------------------------------------- state
START_WHITE = "a1.3 a1.5 a2.3 b1.5 b2.3 b2.5 b4.1 c4.1 c4.5 c5.1 c5.5 d1.1 d2.1 d2.3 d4.5 e1.1 e1.3 e2.3".split()
START_BLACK = "a2.0 a3.0 a3.4 b1.2 b3.0 b3.4 b4.4 c1.2 c1.4 c2.2 c2.4 d1.4 d3.0 d3.2 d4.2 e2.0 e3.0 e3.2".split()


class State:
    __slots__ = ("pieces", "removed", "collected", "to_move", "history", "result", "cost")

    def __init__(self, pieces, removed=(), collected=(0, 0), to_move=1, cost=2):
        self.pieces = dict(pieces)          # field -> owner (1 or 2)
        self.removed = frozenset(removed)   # tiles off the board
        self.collected = list(collected)    # [tiles of player 1, tiles of player 2]
        self.to_move = to_move
        self.cost = cost                    # exchange cost (option exchange-cost)
        self.result = "ongoing"
        self.history = {}
        self.history[self.key()] = 1
        for fl, o in self.pieces.items():
            assert field_owner_colour(fl) == o, "piece of %d on %s" % (o, field_name(fl))
            assert fl[0] not in self.removed, "piece on removed tile %s" % field_name(fl)
        self._check_end()

    def copy(self):
        s = State.__new__(State)
        s.pieces = dict(self.pieces)
        s.removed = self.removed
        s.collected = list(self.collected)
        s.to_move = self.to_move
        s.cost = self.cost
        s.result = self.result
        s.history = self.history  # shared; replaced on write (copy-on-write)
        return s

    def key(self):
        return (frozenset(self.pieces.items()), self.removed, self.to_move, tuple(self.collected))

    # ---------------------------------------------------------- actions
    def legal(self):
        """Rules 1 and 2: every legal action as (notation, action)."""
        if self.result != "ongoing":
            return []
        p = self.to_move
        out = []
        for fl, o in self.pieces.items():
            if o != p:
                continue
            for tg in move_targets(fl, self.removed):
                if tg not in self.pieces:
                    out.append(("%s-%s" % (field_name(fl), field_name(tg)), ("m", fl, tg)))
        if self.collected[p - 1] >= self.cost:
            for fl, o in self.pieces.items():
                if o != p:
                    out.append(("x%s" % field_name(fl), ("x", fl)))
        out.sort()
        return out

    def _loose(self, t):
        if t in self.removed:
            return False
        if any((t, f) in self.pieces for f in range(6)):
            return False
        sides = touching_sides(t, self.removed)
        return len(sides) <= 3 and one_run(sides)

    def _remove_loose(self, start_tiles):
        """Rule 3: remove loose tiles, starting with start_tiles, cascading to the
        neighbours of every removed tile. Returns the removed tiles in order."""
        gone = []
        work = list(start_tiles)
        while work:
            t = work.pop(0)
            if t in TILESET and self._loose(t):
                self.removed = self.removed | {t}
                gone.append(t)
                for d in range(6):
                    work.append(add(t, d))
        return gone

    def _enclosed(self, fl, by):
        return all(self.pieces.get(n) == by for n in edge_neighbours(fl, self.removed))

    def _fields_next_to_removed(self, tiles):
        out = []
        for t in tiles:
            for d in range(6):
                u = add(t, d)
                if u in TILESET and u not in self.removed:
                    out.append((u, (d + 3) % 6))
        return out

    def apply(self, action):
        s = self.copy()
        p = s.to_move
        q = 3 - p
        if action[0] == "m":
            _, a, b = action
            assert s.pieces.get(a) == p and b not in s.pieces
            del s.pieces[a]
            s.pieces[b] = p
            gone = s._remove_loose([a[0]])              # rule 3, collected by mover
            s.collected[p - 1] += len(gone)
            touched = [n for n in edge_neighbours(b, s.removed)]   # rule 4
        else:
            _, a = action
            assert s.pieces.get(a) == q and s.collected[p - 1] >= s.cost
            s.collected[p - 1] -= s.cost                # rule 2
            del s.pieces[a]
            gone = s._remove_loose([a[0]])              # rule 3 (not collected)
            touched = []
        touched += s._fields_next_to_removed(gone)
        # rules 4-6: capture touched enclosed opponent pieces; tiles emptied by a
        # capture are examined (not collected); repeat until nothing changes.
        while True:
            caught = sorted({fl for fl in touched
                             if s.pieces.get(fl) == q and s._enclosed(fl, p)})
            if not caught:
                break
            for fl in caught:
                del s.pieces[fl]
            gone = s._remove_loose(sorted({fl[0] for fl in caught}))
            touched = s._fields_next_to_removed(gone)
        s.to_move = q
        # history (copy on write)
        k = s.key()
        h = dict(s.history)
        h[k] = h.get(k, 0) + 1
        s.history = h
        if not any(o == q for o in s.pieces.values()):
            s.result = "win %d" % p                     # rule 7
        elif h[k] >= 3:
            s.result = "draw"                           # rule 8 (repetition)
        else:
            s._check_end()
        return s

    def _check_end(self):
        if self.result == "ongoing":
            p = self.to_move
            if not any(o == p for o in self.pieces.values()) and any(self.pieces.values()):
                self.result = "win %d" % (3 - p)
            elif not self.legal():
                self.result = "draw"                    # rule 8 (no action)

    def play(self, notation):
        for n, a in self.legal():
            if n == notation:
                return self.apply(a)
        raise ValueError("illegal action %s; legal: %s" % (notation, [n for n, _ in self.legal()]))


def start_state(cost=2):
    pcs = {parse_field(f): 1 for f in START_WHITE}
    pcs.update({parse_field(f): 2 for f in START_BLACK})
    return State(pcs, cost=cost)


# ------------------------------------------------------------------- perft
def perft(s, depth):
    if depth == 0:
        return 1
    mv = s.legal()
    if depth == 1:
        return len(mv)
    return sum(perft(s.apply(a), depth - 1) for _, a in mv)


# --------------------------------------------------------------- scenarios
def state_from_position(pos, cost):
    if pos is None:
        return start_state(cost)
    pcs = {}
    for cell, v in (pos.get("pieces") or {}).items():
        parts = str(v).split()
        assert parts[1] == "piece" and len(parts) == 2, v
        pcs[parse_field(str(cell))] = int(parts[0])
    removed = [parse_tile(str(t)) for t in (pos.get("removed") or [])]
    col = pos.get("collected") or {}
    collected = (int(col.get(1, 0)), int(col.get(2, 0)))
    st = State(pcs, removed, collected, int(pos.get("to-move", 1)), cost)
    plausible(st)
    return st


def removable_in_some_order(removed):
    """True when the tiles can have been removed one by one, each loose (by its
    touching sides) at its time."""
    seen = set()

    def dfs(gone):
        if gone == removed:
            return True
        if gone in seen:
            return False
        seen.add(gone)
        for t in removed - gone:
            sides = touching_sides(t, gone)
            if len(sides) <= 3 and one_run(sides) and dfs(gone | {t}):
                return True
        return False
    return dfs(frozenset())


def plausible(st):
    """Positions in the scenarios must be unambiguous: at rest (no empty tile is
    loose, so 'which tiles are examined' cannot matter), at most 18 pieces a
    side, no more tiles held than removed, and a removal history that exists."""
    bad = [tile_name(t) for t in TILES if st._loose(t)]
    assert not bad, "position not at rest: loose empty tiles %s" % bad
    for p in (1, 2):
        assert sum(1 for o in st.pieces.values() if o == p) <= 18
    assert len(st.removed) >= sum(st.collected), "more tiles collected than removed"
    assert removable_in_some_order(st.removed), "removed tiles cannot have been removed"


def check_file(path, verbose=False):
    from yamlmini import load_yaml
    doc = load_yaml(path)
    opts = doc.get("options") or {}
    cost = int(opts.get("exchange-cost", 2))
    assert str(doc["ruleset"]) == "coerceo", doc["ruleset"]
    fails = 0
    names = set()
    for case in doc["cases"]:
        name = case["name"]
        assert name not in names, "duplicate case name %s" % name
        names.add(name)
        errs = []
        try:
            s = state_from_position(case.get("position"), cost)
            for mv in case.get("play") or []:
                s = s.play(str(mv))
            exp = case["expect"]
            assert exp, "case asserts nothing"
            legal = [n for n, _ in s.legal()]
            for k, v in exp.items():
                if k == "moves":
                    if sorted(map(str, v)) != sorted(legal):
                        errs.append("moves: expected %s got %s" % (sorted(map(str, v)), legal))
                    if len(set(map(str, v))) != len(v):
                        errs.append("moves list has duplicates")
                elif k == "count":
                    if v != len(legal):
                        errs.append("count: expected %s got %d" % (v, len(legal)))
                elif k == "includes":
                    miss = [m for m in v if str(m) not in legal]
                    if miss:
                        errs.append("includes: missing %s" % miss)
                elif k == "excludes":
                    bad = [m for m in v if str(m) in legal]
                    if bad:
                        errs.append("excludes: present %s" % bad)
                elif k == "result":
                    if str(v) != s.result:
                        errs.append("result: expected %s got %s" % (v, s.result))
                elif k == "to-move":
                    if v != s.to_move:
                        errs.append("to-move: expected %s got %s" % (v, s.to_move))
                elif k == "pieces":
                    for cell, want in v.items():
                        fl = parse_field(str(cell))
                        got = s.pieces.get(fl)
                        if got is None or "%d piece" % got != str(want):
                            errs.append("pieces %s: expected %s got %s" % (cell, want, got))
                elif k == "empty":
                    for cell in v:
                        fl = parse_field(str(cell))
                        if fl in s.pieces:
                            errs.append("empty %s: holds %s" % (cell, s.pieces[fl]))
                elif k == "removed":
                    want = sorted(parse_tile(str(t)) for t in v)
                    if want != sorted(s.removed):
                        errs.append("removed: expected %s got %s" % (
                            v, sorted(tile_name(t) for t in s.removed)))
                elif k == "collected":
                    for pl, n in v.items():
                        if s.collected[int(pl) - 1] != n:
                            errs.append("collected %s: expected %s got %s" % (
                                pl, n, s.collected[int(pl) - 1]))
                else:
                    errs.append("unknown expect key %s" % k)
        except Exception as e:  # noqa
            errs.append("exception: %r" % (e,))
        if errs:
            fails += 1
            print("FAIL %s: %s" % (path, name))
            for e in errs:
                print("    " + e)
        elif verbose:
            print("ok   %s" % name)
    print("%s: %d cases, %d failed" % (path, len(doc["cases"]), fails))
    return fails


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    if len(argv) < 2 or argv[1] == "check":
        files = argv[2:] or [os.path.join(here, "..", "scenarios", f)
                             for f in ("coerceo.yaml", "coerceo-exchange1.yaml")]
        fails = sum(check_file(f, verbose="-v" in os.environ.get("REFV", "")) for f in files)
        return 1 if fails else 0
    if argv[1] == "perft":
        import time
        s = start_state()
        for d in range(1, int(argv[2]) + 1):
            t0 = time.time()
            print("%d %d   (%.1fs)" % (d, perft(s, d), time.time() - t0))
            sys.stdout.flush()
        return 0
    if argv[1] == "perftcheck":
        # the "DEPTH COUNT" lines of ../perft/coerceo.txt up to DEPTH (default 3)
        maxd = int(argv[2]) if len(argv) > 2 else 3
        bad = 0
        for line in open(os.path.join(here, "..", "perft", "coerceo.txt")):
            if line.startswith("#") or not line.strip():
                continue
            d, n = map(int, line.split())
            if d <= maxd:
                got = perft(start_state(), d)
                bad += got != n
                print("%d %d: %s" % (d, n, "ok" if got == n else "WRONG, reference says %d" % got))
        return 1 if bad else 0
    if argv[1] == "moves":
        pcs = {}
        for a in argv[2:]:
            f, o = a.split("=")
            pcs[parse_field(f)] = int(o)
        s = State(pcs)
        print(" ".join(n for n, _ in s.legal()))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
