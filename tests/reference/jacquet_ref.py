#!/usr/bin/env python3
"""Independent reference implementation of Jacquet de Versailles, written
straight from docs/rules/jacquet-de-versailles.md (rule numbers below refer
to that file).

Plain Python 3, standard library only (PyYAML is used when present, otherwise
the small parser in yamlmini.py reads the scenario subset used here).

Usage:
  jacquet_ref.py check [SCENARIO.yaml ...]   verify every expectation of the
                                             scenario files with this reference
                                             (default: ../scenarios/jacquet-de-versailles.yaml)
  jacquet_ref.py perft POSITION.yaml DEPTH   perft 1..DEPTH from a position with dice
  jacquet_ref.py perftcheck                  verify the counts in ../perft/jacquet-de-versailles.txt

Moves are sub-moves, one die each (rule 3): `1-5`, `bar-3`, `20-off/6`; cells
are named along player 1's path for both players, so player 2 re-entering with
a 3 plays `bar-15` and bears off from its last point with `12-off/1`.

perft with fixed dice: perft D counts the sequences of exactly D sub-moves
played within the current turn (the dice of the position). A sequence in which
the turn ends (dice used up, or no sub-move legal for the dice left) or the
game ends before D sub-moves is not counted: the next turn needs new dice.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

N = 15  # discs per player


def cell_of(p, k):
    """Cell name of player p's own k-th point (k = 1..24)."""
    return k if p == 1 else ((k + 11) % 24) + 1


def own_index(p, cell):
    """Player p's own index (1..24) of a cell; the map is its own inverse for p2."""
    return cell if p == 1 else ((cell + 11) % 24) + 1


def rolls():
    """The 21 distinct rolls of two dice, as dice lists (rule 2)."""
    out = []
    for a in range(1, 7):
        for b in range(a, 7):
            out.append([a] * a if a == b else [a, b])
    return out


class State:
    __slots__ = ("pts", "bar", "off", "arrived", "to_move", "dice", "result")

    def __init__(self):
        self.pts = {}              # cell -> (owner, count), count > 0
        self.bar = [0, 0]
        self.off = [0, 0]
        self.arrived = [False, False]
        self.to_move = 1
        self.dice = []             # dice still to play; None = to be rolled
        self.result = "ongoing"

    def copy(self):
        s = State()
        s.pts = dict(self.pts)
        s.bar = list(self.bar)
        s.off = list(self.off)
        s.arrived = list(self.arrived)
        s.to_move = self.to_move
        s.dice = None if self.dice is None else list(self.dice)
        s.result = self.result
        return s

    def count(self, p, cell):
        o = self.pts.get(cell)
        return o[1] if o and o[0] == p else 0

    def total(self, p):
        return sum(c for o, c in self.pts.values() if o == p) + self.bar[p - 1] + self.off[p - 1]

    def stacks_ok(self, p):
        """Rule 9: at most two entry-quadrant points with two or more own discs."""
        n = sum(1 for k in range(1, 7) if self.count(p, cell_of(p, k)) >= 2)
        return n <= 2

    def all_home(self, p):
        """Rule 10: every disc in the final quadrant or off, none on the bar."""
        if self.bar[p - 1]:
            return False
        for cell, (o, c) in self.pts.items():
            if o == p and own_index(p, cell) < 19:
                return False
        return True

    # ------------------------------------------------------------- moves
    def _place(self, p, cell):
        """Put a disc of p on cell, hitting a lone opposing disc (rule 6)."""
        o = self.pts.get(cell)
        if o and o[0] != p:
            assert o[1] == 1
            self.bar[o[0] - 1] += 1
            del self.pts[cell]
            o = None
        self.pts[cell] = (p, (o[1] if o else 0) + 1)
        if own_index(p, cell) >= 19:
            self.arrived[p - 1] = True          # rule 8: the flag, for good

    def _lift(self, p, cell):
        o, c = self.pts[cell]
        assert o == p
        if c == 1:
            del self.pts[cell]
        else:
            self.pts[cell] = (p, c - 1)

    def _blocked(self, p, cell):
        o = self.pts.get(cell)
        return bool(o and o[0] != p and o[1] >= 2)   # rule 5

    def _raw(self):
        """Every legal sub-move as notation -> (successor, die), before the
        die is used and before the end-of-turn logic."""
        if self.result != "ongoing" or not self.dice:
            return {}
        p = self.to_move
        out = {}
        for d in sorted(set(self.dice)):
            # rule 7: re-entry from the bar as if from point 0, never restricted by rule 8
            if self.bar[p - 1]:
                dest = cell_of(p, d)
                if not self._blocked(p, dest):
                    s = self.copy()
                    s.bar[p - 1] -= 1
                    s._place(p, dest)
                    if s.stacks_ok(p):
                        out["bar-%d" % dest] = (s, d)
            for cell in sorted(c for c, (o, n) in self.pts.items() if o == p):
                k = own_index(p, cell)
                if k == 1 and not self.arrived[p - 1]:
                    # rule 8: the courier rule
                    outside = self.bar[p - 1] + sum(
                        n for c, (o, n) in self.pts.items() if o == p and c != cell)
                    if outside:
                        continue
                if k + d <= 24:
                    dest = cell_of(p, k + d)
                    if self._blocked(p, dest):
                        continue
                    s = self.copy()
                    s._lift(p, cell)
                    s._place(p, dest)
                    if s.stacks_ok(p):
                        out["%d-%d" % (cell, dest)] = (s, d)
                elif self.all_home(p):                 # rule 10, any overshoot
                    s = self.copy()
                    s._lift(p, cell)
                    s.off[p - 1] += 1
                    out["%d-off/%d" % (cell, d)] = (s, d)
        return out

    def submoves(self):
        """Every legal sub-move as (notation, successor state)."""
        p = self.to_move
        res = []
        for name, (s, d) in sorted(self._raw().items()):
            s.dice.remove(d)
            if s.off[p - 1] == N:                      # rule 11
                s.result = ("double-win %d" if s.off[2 - p] == 0 else "win %d") % p
            elif not s.dice or not s._raw():           # rule 4: rest of the turn lost
                s.to_move = 3 - p
                s.dice = None
            res.append((name, s))
        return res

    def legal(self):
        return [n for n, _ in self.submoves()]

    def play(self, notation):
        for n, s in self.submoves():
            if n == notation:
                return s
        raise ValueError("illegal sub-move %s; legal: %s (dice %s, to move %d)" % (
            notation, self.legal(), self.dice, self.to_move))

    def next_turn_player(self):
        """After a turn ended (dice None): who is to move once the engine has
        rolled, whatever the roll, or None when that depends on the roll. A
        player with no sub-move for the roll loses the turn at once (rule 4)."""
        p = self.to_move
        for _ in range(2):
            ok = []
            for r in rolls():
                s = self.copy()
                s.to_move, s.dice = p, r
                ok.append(bool(s.submoves()))
            if all(ok):
                return p
            if any(ok):
                return None
            p = 3 - p
        raise AssertionError("neither player can ever move")


def start_state(dice):
    s = State()
    s.pts = {1: (1, N), 13: (2, N)}
    s.dice = list(dice)
    return s


# ------------------------------------------------------------------- perft
def perft(s, depth):
    if depth == 0:
        return 1
    if s.dice is None or s.result != "ongoing":
        return 0
    subs = s.submoves()
    if depth == 1:
        return len(subs)
    return sum(perft(t, depth - 1) for _, t in subs)


# --------------------------------------------------------------- scenarios
def parse_pieces(v):
    parts = str(v).split()
    assert parts[1] == "disc" and len(parts) in (2, 3), v
    return int(parts[0]), int(parts[2]) if len(parts) == 3 else 1


def state_from_position(pos):
    s = State()
    for cell, v in (pos.get("pieces") or {}).items():
        cell = int(cell)
        assert 1 <= cell <= 24
        o, n = parse_pieces(v)
        assert n > 0
        s.pts[cell] = (o, n)
    for key, attr in (("bar", "bar"), ("off", "off")):
        for pl, n in (pos.get(key) or {}).items():
            getattr(s, attr)[int(pl) - 1] = int(n)
    for pl, v in (pos.get("arrived") or {}).items():
        assert isinstance(v, bool)
        s.arrived[int(pl) - 1] = v
    s.to_move = int(pos.get("to-move", 1))
    s.dice = [int(d) for d in pos["dice"]]
    plausible(s)
    return s


def plausible(s):
    """Scenario positions: 15 discs a side, dice a roll or the rest of one, the
    stacking limit kept, the courier flag consistent with the discs."""
    for p in (1, 2):
        assert s.total(p) == N, "player %d has %d discs" % (p, s.total(p))
        assert s.stacks_ok(p), "player %d breaks the stacking limit" % p
        far = any(o == p and own_index(p, c) >= 19 for c, (o, n) in s.pts.items())
        if far or s.off[p - 1]:
            assert s.arrived[p - 1], "player %d has a disc home but no arrived flag" % p
        if not s.arrived[p - 1]:
            outside = s.bar[p - 1] + sum(n for c, (o, n) in s.pts.items()
                                         if o == p and own_index(p, c) != 1)
            assert outside <= 1, "player %d: courier rule broken" % p
    d = s.dice
    assert d and all(1 <= x <= 6 for x in d)
    if len(set(d)) == 1:
        assert len(d) <= d[0], "a double n gives n moves"
    else:
        assert len(d) == 2


def check_file(path, verbose=False):
    from yamlmini import load_yaml
    doc = load_yaml(path)
    assert str(doc["ruleset"]) == "jacquet-de-versailles", doc["ruleset"]
    assert not doc.get("options")
    fails = 0
    names = set()
    for case in doc["cases"]:
        name = case["name"]
        assert name not in names, "duplicate case name %s" % name
        names.add(name)
        errs = []
        try:
            pos = case.get("position")
            if pos is None:
                s = start_state([])
                s.dice = None
            else:
                s = state_from_position(pos)
            for mv in case.get("play") or []:
                assert s.dice is not None, "a play after the end of the turn needs random dice"
                s = s.play(str(mv))
            exp = case["expect"]
            assert exp, "case asserts nothing"
            random_dice = s.dice is None
            legal = None if random_dice else s.legal()
            for k, v in exp.items():
                if k in ("moves", "count", "includes", "excludes", "dice") and random_dice:
                    errs.append("%s asserted where the dice are random" % k)
                    continue
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
                elif k == "dice":
                    if len(set(v)) > 1:
                        errs.append("dice: only assert dice whose order cannot matter")
                    if sorted(v) != sorted(s.dice):
                        errs.append("dice: expected %s got %s" % (v, s.dice))
                elif k == "result":
                    if str(v) != s.result:
                        errs.append("result: expected %s got %s" % (v, s.result))
                elif k == "to-move":
                    tm = s.to_move
                    if random_dice and s.result == "ongoing":
                        tm = s.next_turn_player()
                    if s.result != "ongoing":
                        errs.append("to-move asserted after the game ended")
                    elif v != tm:
                        errs.append("to-move: expected %s got %s" % (v, tm))
                elif k == "pieces":
                    for cell, want in v.items():
                        o = s.pts.get(int(cell))
                        if o is None or parse_pieces(want) != o:
                            errs.append("pieces %s: expected %s got %s" % (cell, want, o))
                elif k == "empty":
                    for cell in v:
                        if int(cell) in s.pts:
                            errs.append("empty %s: holds %s" % (cell, s.pts[int(cell)]))
                elif k in ("bar", "off"):
                    for pl, n in v.items():
                        got = getattr(s, k)[int(pl) - 1]
                        if got != n:
                            errs.append("%s %s: expected %s got %s" % (k, pl, n, got))
                elif k == "arrived":
                    for pl, b in v.items():
                        if s.arrived[int(pl) - 1] != b:
                            errs.append("arrived %s: expected %s" % (pl, b))
                else:
                    errs.append("unknown expect key %s" % k)
            for p in (1, 2):
                assert s.total(p) == N
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
        files = argv[2:] or [os.path.join(here, "..", "scenarios", "jacquet-de-versailles.yaml")]
        fails = sum(check_file(f, verbose=bool(os.environ.get("REFV"))) for f in files)
        return 1 if fails else 0
    if argv[1] == "perft":
        from yamlmini import load_yaml
        s = state_from_position(load_yaml(argv[2]))
        for d in range(1, int(argv[3]) + 1):
            print("%d %d" % (d, perft(s, d)))
        return 0
    if argv[1] == "perftcheck":
        # every "DEPTH COUNT" line (position: jacquet-de-versailles.yaml, as
        # tests/perft.sh reads it, or a "position: FILE" header line) and every
        # "# POSITION DEPTH COUNT" comment line of ../perft/jacquet-de-versailles.txt
        from yamlmini import load_yaml
        pdir = os.path.join(here, "..", "perft")
        bad = 0
        pos = "jacquet-de-versailles.yaml"
        for line in open(os.path.join(pdir, "jacquet-de-versailles.txt")):
            f = line.replace("#", " ").split()
            if len(f) == 2 and f[0] == "position:":
                pos = f[1]
                continue
            if line.startswith("#") and not (len(f) == 3 and f[0].endswith(".yaml")):
                continue
            if not line.startswith("#"):
                f = [pos] + f
            s = state_from_position(load_yaml(os.path.join(pdir, f[0])))
            got = perft(s, int(f[1]))
            ok = got == int(f[2])
            bad += not ok
            print("%s %s %s: %s" % (f[0], f[1], f[2], "ok" if ok else "WRONG, reference says %d" % got))
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
