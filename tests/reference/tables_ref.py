#!/usr/bin/env python3
"""Independent reference for four tables games: Backgammon, Plakoto, Fevga and
Long Nardy, written from their rules pages (docs/rules/backgammon.md,
plakoto.md, fevga.md, long-nardy.md; rule numbers below refer to those), not
from tabula's C code.

Plain Python 3, standard library only (yamlmini.py reads scenario files).

It enumerates whole turns the way the rules pages state them: every sequence
of single-die moves in every order of the dice, then keeps the sequences that
use the most dice (a sequence that ends the game uses them all), then, when
only one of two different dice can be used, those with the larger. The legal
sub-moves of a position are the first moves of the kept sequences; the legal
turns are their end positions, each counted once.

Usage:
  tables_ref.py turns GAME POSITION.yaml      the turns of a position (with dice)
  tables_ref.py perft GAME POSITION.yaml D    perft 1..D within the position's turn
  tables_ref.py check SCENARIO.yaml...        verify every expectation of the
                                              scenario files with this reference
  tables_ref.py compare GAME TABULA N SEED [NAME=VALUE]...
                                              N random positions of GAME: compare
                                              `TABULA moves` (sub-moves and
                                              --turns) with this reference, the
                                              game's options set as given
Options (the readings where sources differ, as the rules pages list them):
  fevga release=13|14 (rule 5), prime=piece-ahead|until-gathered (rule 7);
  long-nardy koks=off|on (rule 8).
Positions use tabula's cell names (player 1's numbering) and notation:
`13-7`, `bar-20`, `4-off/6`.
"""
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

N = 15  # checkers per player


# ---- the games, as the rules pages describe them ---------------------------

def _opposite(p, k):
    """Backgammon and Plakoto: player 1 runs 24 -> 1, player 2 runs 1 -> 24."""
    return 25 - k if p == 1 else k


def _same_way(p, k):
    """Fevga and Long Nardy: player 1 runs 24 -> 1, player 2 runs 12 -> 1, 24 -> 13."""
    if p == 1:
        return 25 - k
    return 13 - k if k <= 12 else 37 - k


GAMES = {
    "backgammon": dict(
        own=_opposite,
        start={1: 2, 12: 5, 17: 3, 19: 5},   # own point: checkers
        lone="hit",                           # rule 5
        bar=True, bar_first=True,             # rule 6
        courier=False, quarter_limit=False, prime=0, head=False,
        triple=True, mother=False),
    "plakoto": dict(
        own=_opposite,
        start={1: 15},
        lone="pin",                           # rule 5
        bar=False, bar_first=False,
        courier=False, quarter_limit=False, prime=0, head=False,
        triple=False, mother=True),           # rule 7
    "fevga": dict(
        own=_same_way,
        start={1: 15},
        lone="closed",                        # rule 4
        bar=False, bar_first=False,
        courier=True,                         # rule 5
        quarter_limit=True,                   # rule 6
        prime=6,                              # rule 7
        head=False, triple=False, mother=False),
    "long-nardy": dict(
        own=_same_way,
        start={1: 15},
        lone="closed",                        # rule 4
        bar=False, bar_first=False, courier=False, quarter_limit=False,
        prime=6,                              # rule 6
        head=True,                            # rule 5
        triple=False, mother=False),
}


OPTIONS = {
    "fevga": {"release": ("13", "14"), "prime": ("piece-ahead", "until-gathered")},
    "long-nardy": {"koks": ("off", "on")},
}


class Game:
    def __init__(self, name, options=None):
        self.name = name
        g = GAMES[name]
        self.__dict__.update(g)
        opts = {k: v[0] for k, v in OPTIONS.get(name, {}).items()}
        for k, v in (options or {}).items():
            v = str(v).lower() if not isinstance(v, bool) else ("on" if v else "off")
            if k not in opts or v not in OPTIONS[name][k]:
                raise SystemExit("%s has no option %s=%s" % (name, k, v))
            opts[k] = v
        self.options = opts
        self.release = int(opts.get("release", 13))         # Fevga rule 5: the own point that frees the others
        self.gathered = opts.get("prime") == "until-gathered"  # Fevga rule 7, bkgm.com's reading
        self.koks = opts.get("koks") == "on"                 # Long Nardy rule 8
        self.cell = {p: {k: g["own"](p, k) for k in range(1, 25)} for p in (1, 2)}
        self.rank = {p: {c: k for k, c in self.cell[p].items()} for p in (1, 2)}

    def start_position(self):
        s = Pos()
        for p in (1, 2):
            for k, n in self.start.items():
                s.pts[self.cell[p][k]] = (p, n)
        return s


class Pos:
    __slots__ = ("pts", "pinned", "bar", "off", "arrived", "left", "double", "to_move", "dice", "result")

    def __init__(self):
        self.pts = {}            # cell -> (owner of the stack, count)
        self.pinned = set()      # cells where one checker of the other player lies under the stack
        self.bar = [0, 0, 0]     # indexed by player 1, 2
        self.off = [0, 0, 0]
        self.arrived = [False, False, False]  # Fevga rule 5
        self.left = 0            # Long Nardy rule 5: checkers that left the head this turn
        self.double = 0          # the value of this turn's double, or 0
        self.to_move = 1
        self.dice = []
        self.result = None       # None, or (winner, score); winner 0: a draw

    def copy(self):
        s = Pos()
        s.pts = dict(self.pts)
        s.pinned = set(self.pinned)
        s.bar = list(self.bar)
        s.off = list(self.off)
        s.arrived = list(self.arrived)
        s.left, s.double, s.to_move, s.dice, s.result = self.left, self.double, self.to_move, list(self.dice), self.result
        return s

    def key(self):
        return (tuple(sorted(self.pts.items())), tuple(sorted(self.pinned)), tuple(self.bar), tuple(self.off))

    def set_dice(self, dice):
        self.dice = list(dice)
        self.double = dice[0] if len(dice) >= 2 and all(d == dice[0] for d in dice) else 0


def other(p):
    return 3 - p


def checkers(g, s, p):
    """(own point, cell) of p's checkers on the board that p may move, farthest first."""
    out = [(g.rank[p][c], c) for c, (o, n) in s.pts.items() if o == p]
    return sorted(out)


def pinned_of(s, p):
    """Cells where a checker of p lies pinned."""
    return [c for c in s.pinned if s.pts[c][0] != p]


def total(s, p):
    on = sum(n for (o, n) in s.pts.values() if o == p)
    return on + len(pinned_of(s, p)) + s.bar[p] + s.off[p]


def can_land(g, s, p, c):
    """Rules 3-5 (backgammon), 4-5 (plakoto), 4 (fevga, nardy): 'ok', 'hit', 'pin' or None."""
    if c not in s.pts:
        return "ok"
    o, n = s.pts[c]
    if o == p:
        return "ok"
    if g.lone == "closed":
        return None
    if n != 1 or c in s.pinned:     # two or more, or an opposing checker pinning one of p's
        return None
    return g.lone


def home(g, p, k):
    return 19 <= k <= 24


def may_bear_off(g, s, p):
    """Backgammon rule 7, Plakoto rule 6 (none pinned), Fevga rule 8, Nardy rule 7."""
    if s.bar[p] or pinned_of(s, p):
        return False
    return all(home(g, p, k) for k, c in checkers(g, s, p))


def head_quota(g, s, p):
    """Long Nardy rule 5: two in a first turn after 6-6, 4-4 or 3-3, else one."""
    start = g.cell[p][1]
    on_head = s.pts[start][1] if start in s.pts and s.pts[start][0] == p else 0
    if s.double in (3, 4, 6) and on_head + s.left == N:
        return 2
    return 1


def single_moves(g, s, p, d):
    """The moves of one die d for p, before the rules on the use of the dice."""
    out = []
    if g.bar and s.bar[p]:
        c = g.cell[p][d]
        if can_land(g, s, p, c):
            out.append(("bar", c, d))
        if g.bar_first:                 # Backgammon rule 6
            return [m for m in out if allowed_after(g, s, p, m)]
    bear = may_bear_off(g, s, p)
    mine = checkers(g, s, p)
    farthest = mine[0][0] if mine else None
    start = g.cell[p][1]
    for k, c in mine:
        if c == start:
            if g.courier and not s.arrived[p] and total(s, p) - s.off[p] - s.pts[c][1] > 0:
                continue                # Fevga rule 5: one checker runs alone first
            if g.head and s.left >= head_quota(g, s, p):
                continue                # Long Nardy rule 5
        t = k + d
        if t <= 24:
            if can_land(g, s, p, g.cell[p][t]):
                out.append((c, g.cell[p][t], d))
        elif bear and (t == 25 or k == farthest):
            out.append((c, "off", d))   # exact, or a larger die from the highest point
    return [m for m in out if allowed_after(g, s, p, m)]


def allowed_after(g, s, p, m):
    """Constraints on the position after a move: Fevga rules 6 and 7, Nardy rule 6."""
    if not (g.quarter_limit or g.prime):
        return True
    a = apply(g, s, m, check_end=False)
    if g.quarter_limit:
        held = [g.cell[p][k] for k in range(1, 7) if g.cell[p][k] in a.pts and a.pts[g.cell[p][k]][0] == p]
        if len(held) == 6:
            return False
    if g.prime and not g.gathered:
        q = other(p)
        ranks = sorted([g.rank[q][c] for c, (o, n) in a.pts.items() if o == q] +
                       [g.rank[q][c] for c in pinned_of(a, q)])
        ahead = 99 if a.off[q] else (ranks[-1] if ranks else 0)
        for lo in range(1, 25 - g.prime + 1):
            window = [g.cell[q][k] for k in range(lo, lo + g.prime)]
            if all(c in a.pts and a.pts[c][0] == p for c in window) and ahead <= lo + g.prime - 1:
                return False
    return True


def gathered_block(g, a, p):
    """Fevga rule 7, until-gathered: every checker the opponent q has left
    stands on one point, and p holds the g.prime points just after it on q's path."""
    q = other(p)
    if a.bar[q] or pinned_of(a, q):
        return False
    cells = [c for c, (o, n) in a.pts.items() if o == q]
    if len(cells) != 1:
        return False
    k = g.rank[q][cells[0]]
    if k + g.prime > 24:
        return False
    return all(g.cell[q][j] in a.pts and a.pts[g.cell[q][j]][0] == p for j in range(k + 1, k + g.prime + 1))


def open_duty(g, s, p, moves):
    """Fevga rule 7, until-gathered: while some move leaves no such block,
    the moves that leave one are not allowed."""
    free = [m for m in moves if not gathered_block(g, apply(g, s, m, check_end=False), p)]
    return free if free else moves


def apply(g, s, m, check_end=True):
    a = s.copy()
    p = a.to_move
    q = other(p)
    src, dst, d = m
    if src == "bar":
        a.bar[p] -= 1
    else:
        o, n = a.pts[src]
        if n > 1:
            a.pts[src] = (p, n - 1)
        elif src in a.pinned:           # Plakoto rule 5: the pinned checker is free again
            a.pinned.discard(src)
            a.pts[src] = (q, 1)
        else:
            del a.pts[src]
        if g.head and src == g.cell[p][1]:
            a.left += 1
    if dst == "off":
        a.off[p] += 1
    else:
        if dst in a.pts and a.pts[dst][0] == p:
            a.pts[dst] = (p, a.pts[dst][1] + 1)
        else:
            if dst in a.pts:            # a lone opposing checker
                if g.lone == "hit":
                    a.bar[q] += 1
                else:
                    a.pinned.add(dst)
            a.pts[dst] = (p, 1)
        if g.courier and g.rank[p][dst] >= g.release:   # Fevga rule 5
            a.arrived[p] = True
    a.dice.remove(d)
    if check_end:
        end_checks(g, a, p)
    return a


def end_checks(g, a, p):
    q = other(p)
    if total(a, p) == a.off[p] and a.result is None:
        score = 1
        if a.off[q] == 0:
            score = 2
            if g.triple and (a.bar[q] or any(o == q and home(g, p, g.rank[p][c]) for c, (o, n) in a.pts.items())):
                score = 3
            if g.koks and any(o == q and g.rank[q][c] <= 6 for c, (o, n) in a.pts.items()):
                score = 3               # Long Nardy rule 8, koks: a checker left in the loser's first quarter
        a.result = (p, score)
        return
    if g.mother and a.result is None:   # Plakoto rule 7
        pinned = {}
        for x in (1, 2):
            sx = g.cell[x][1]
            pinned[x] = sx in a.pinned and a.pts[sx][0] == other(x)
        if pinned[1] and pinned[2]:
            a.result = (0, 1)
            return
        for x in (1, 2):
            w = other(x)
            sw = g.cell[w][1]
            if pinned[x] and not (sw in a.pts and a.pts[sw][0] == w):
                a.result = (w, 2)
                return


def sequences(g, s):
    """Every sequence of moves of the turn: (moves, end position, dice used)."""
    out = []
    ndice = len(s.dice)

    def rec(cur, seq):
        found = False
        moves = [m for d in sorted(set(cur.dice)) for m in single_moves(g, cur, cur.to_move, d)]
        if g.gathered:
            moves = open_duty(g, cur, cur.to_move, moves)
        for m in moves:
            found = True
            a = apply(g, cur, m)
            if a.result is not None:
                out.append((seq + [m], a, ndice))   # the game is over: every die is used
            elif not a.dice:
                out.append((seq + [m], a, len(seq) + 1))
            else:
                rec(a, seq + [m])
        if not found:
            out.append((seq, cur, len(seq)))

    rec(s, [])
    return out


def legal_sequences(g, s):
    """Rules on the use of the dice (backgammon 4, plakoto 3, fevga 3, nardy 3)."""
    seqs = [x for x in sequences(g, s) if x[0]]
    if not seqs:
        return []
    most = max(n for _, _, n in seqs)
    kept = [x for x in seqs if x[2] == most]
    if most == 1 and len(s.dice) == 2 and s.dice[0] != s.dice[1]:
        big = max(s.dice)
        larger = [x for x in kept if x[0][0][2] == big]
        if larger:
            kept = larger
    return kept


def perft(g, s, depth):
    """Sequences of exactly DEPTH legal sub-moves within the turn (a sub-move
    is legal when it begins one of the turn's legal sequences); a sequence the
    turn or the game ends before DEPTH is not counted (tabula perft)."""
    if depth == 0:
        return 1
    firsts = {}
    for seq, a, n in legal_sequences(g, s):
        firsts.setdefault(seq[0], None)
    if depth == 1:
        return len(firsts)
    total = 0
    for m in firsts:
        a = apply(g, s, m)
        if a.result is None and a.dice:
            total += perft(g, a, depth - 1)
    return total


def notation(m):
    src, dst, d = m
    if src == "bar":
        return "bar-%d" % dst
    if dst == "off":
        return "%d-off/%d" % (src, d)
    return "%d-%d" % (src, dst)


def parse_move(text):
    a, b = text.split("-", 1)
    if b.startswith("off/"):
        return (int(a), "off", int(b[4:]))
    if a == "bar":
        return ("bar", int(b), None)
    return (int(a), int(b), None)


def play_text(g, s, text):
    """Applies a move written in notation (the die is found from the points)."""
    src, dst, d = parse_move(text)
    p = s.to_move
    if d is None:
        d = g.rank[p][dst] - (0 if src == "bar" else g.rank[p][src])
    return apply(g, s, (src, dst, d))


def turns(g, s):
    """{end position key: first sequence} and the set of legal sub-moves."""
    ends, firsts = {}, set()
    for seq, a, n in legal_sequences(g, s):
        firsts.add(notation(seq[0]))
        ends.setdefault(a.key(), [notation(m) for m in seq])
    return ends, firsts


# ---- positions: YAML in and out ---------------------------------------------

def position_yaml(g, s, indent="  "):
    lines = ["to-move: %d" % s.to_move, "pieces:"]
    for c in sorted(s.pts):
        o, n = s.pts[c]
        lines.append("  %d: \"%d checker%s\"" % (c, o, "" if n == 1 else " %d" % n))
    if not s.pts:
        lines[-1] = "pieces: {}"
    lines.append("dice: [%s]" % ", ".join(str(d) for d in s.dice))
    if g.bar:
        lines.append("bar: {1: %d, 2: %d}" % (s.bar[1], s.bar[2]))
    lines.append("off: {1: %d, 2: %d}" % (s.off[1], s.off[2]))
    if g.lone == "pin":
        lines.append("pinned: [%s]" % ", ".join(str(c) for c in sorted(s.pinned)))
    if g.courier:
        lines.append("arrived: {1: %s, 2: %s}" % (str(s.arrived[1]).lower(), str(s.arrived[2]).lower()))
    if g.head:
        lines.append("left-start: %d" % s.left)
    return "\n".join(indent + l for l in lines) + "\n"


def position_from_doc(g, doc):
    """A scenario's position mapping (or the start position when None)."""
    if doc is None:
        return g.start_position()
    s = Pos()
    s.to_move = int(doc.get("to-move", 1))
    for c, text in (doc.get("pieces") or {}).items():
        w = str(text).split()
        s.pts[int(c)] = (int(w[0]), int(w[2]) if len(w) > 2 else 1)
    for c in doc.get("pinned") or []:
        s.pinned.add(int(c))
    for key, arr in (("bar", s.bar), ("off", s.off)):
        for p, n in (doc.get(key) or {}).items():
            arr[int(p)] = int(n)
    for p, v in (doc.get("arrived") or {}).items():
        s.arrived[int(p)] = bool(v)
    s.left = int(doc.get("left-start", 0))
    if "dice" in doc:
        s.set_dice([int(d) for d in doc["dice"]])
    return s


def result_text(s):
    if s.result is None:
        return "ongoing"
    w, score = s.result
    if w == 0:
        return "draw"
    return {1: "win", 2: "double-win", 3: "triple-win"}[score] + " %d" % w


# ---- random positions ---------------------------------------------------------

def roll(rng):
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    return [a] * 4 if a == b else [a, b]


def random_games(g, rng, count, keep=0.25):
    """Positions met in games of random turns (at the start of a turn, with a
    fresh roll), and some in the middle of a turn (dice partly played)."""
    out = []
    while len(out) < count:
        s = g.start_position()
        for _ in range(400):
            s.set_dice(roll(rng))
            s.left = 0
            seqs = legal_sequences(g, s)
            if rng.random() < keep:
                out.append(s.copy())
                if seqs and len(seqs[0][0]) > 1 and rng.random() < 0.3:
                    seq = rng.choice(seqs)[0]
                    mid = apply(g, s, seq[0])
                    mid.set_dice(mid.dice)  # a position file's dice say a double only when two or more are left
                    if mid.result is None and mid.dice:
                        out.append(mid)
            if not seqs:
                s = s.copy()
                s.dice = []
            else:
                s = rng.choice(seqs)[1]
            if s.result is not None:
                break
            s.to_move = other(s.to_move)
            s.left = 0
    return out[:count]


def scattered(g, rng):
    """A position with checkers strewn along the paths (any rule may be near)."""
    s = Pos()
    s.to_move = rng.choice((1, 2))
    bearing = rng.random() < 0.25
    for p in (1, 2):
        left = N
        if rng.random() < 0.4:
            s.off[p] = rng.randint(0, 12)
            left -= s.off[p]
        if g.bar and not bearing and rng.random() < 0.3:
            s.bar[p] = rng.randint(1, 3)
            left -= s.bar[p]
        lo = 19 if bearing and p == s.to_move else 1
        tries = 0
        while left > 0 and tries < 200:
            tries += 1
            k = rng.randint(lo, 24)
            c = g.cell[p][k]
            if c in s.pts and s.pts[c][0] != p:
                continue
            n = min(left, rng.randint(1, 4))
            s.pts[c] = (p, s.pts.get(c, (p, 0))[1] + n)
            left -= n
        s.off[p] += left
    if g.lone == "pin":
        for c, (o, n) in list(s.pts.items()):
            if rng.random() < 0.15:     # one checker of the other player under this stack
                q = other(o)
                if s.off[q]:
                    s.pinned.add(c)
                    s.off[q] -= 1
    if g.courier:
        for p in (1, 2):
            s.arrived[p] = s.off[p] > 0 or any(o == p and g.rank[p][c] >= g.release for c, (o, n) in s.pts.items())
    if g.head and rng.random() < 0.2:
        s.left = 1
    s.set_dice(roll(rng))
    if rng.random() < 0.15 and len(s.dice) == 4:
        s.set_dice(s.dice[: rng.randint(1, 3)])
    return s


def _put(s, c, p, n):
    """Adds N checkers of P on cell C when C holds none of the other player."""
    if n <= 0 or (c in s.pts and s.pts[c][0] != p):
        return 0
    s.pts[c] = (p, s.pts.get(c, (p, 0))[1] + n)
    return n


def _fill(s, p, placed, pick, size):
    """Puts P's checkers up to N on the cells PICK() gives, SIZE() at a time;
    what does not fit after a while goes off."""
    for _ in range(300):
        if placed >= N:
            return
        placed += _put(s, pick(), p, min(N - placed, size()))
    s.off[p] += N - placed


def crafted(g, rng):
    """Positions built to bring a rule into play: a prime about to close
    (Fevga, Long Nardy), a full starting quarter (Fevga), a mover hemmed in by
    blocks so that only one die or none can be played (every game)."""
    s = Pos()
    p = s.to_move = rng.choice((1, 2))
    q = other(p)
    if g.gathered and rng.random() < 0.5:
        # Fevga rule 7, until-gathered: the opponent gathered on one point,
        # the mover's block just after it whole or one point short
        lo = rng.randint(2, 24 - g.prime)
        gap = rng.choice([None, None] + list(range(g.prime)))
        placed = 0
        for i in range(g.prime):
            if i != gap:
                placed += _put(s, g.cell[q][lo + i], p, rng.randint(1, 2))
        _fill(s, p, placed, lambda: g.cell[p][rng.randint(1, 24)], lambda: rng.randint(1, 2))
        if rng.random() < 0.8:
            _put(s, g.cell[q][lo - 1], q, N)
        else:
            _fill(s, q, 0, lambda: g.cell[q][rng.randint(max(1, lo - 3), lo - 1)], lambda: rng.randint(1, 8))
    elif g.prime and rng.random() < 0.6:
        lo = rng.randint(1, 24 - g.prime + 1)
        window = [g.cell[q][k] for k in range(lo, lo + g.prime)]
        gap = rng.randrange(g.prime)
        placed = 0
        for i, c in enumerate(window):
            if i != gap:
                placed += _put(s, c, p, rng.randint(1, 2))
        gk = g.rank[p][window[gap]]
        # the others behind the gap, most within a die's reach
        _fill(s, p, placed, lambda: g.cell[p][max(1, gk - rng.randint(1, 8))], lambda: rng.randint(1, 3))
        placed = 0
        if rng.random() < 0.3 and lo + g.prime <= 24:   # one opposing checker ahead of the prime
            placed = _put(s, g.cell[q][rng.randint(lo + g.prime, 24)], q, 1)
        _fill(s, q, placed, lambda: g.cell[q][rng.randint(1, max(1, lo - 1))], lambda: rng.randint(1, 4))
    elif g.quarter_limit and rng.random() < 0.5:
        gap = rng.randint(1, 6)
        placed = 0
        for k in range(1, 7):
            if k != gap:
                placed += _put(s, g.cell[p][k], p, 1 if k > 1 else rng.randint(1, 5))
        _fill(s, p, placed, lambda: g.cell[p][rng.randint(13, 24)], lambda: 2)
        _fill(s, q, 0, lambda: g.cell[q][rng.randint(1, 24)], lambda: rng.randint(1, 4))
    else:
        placed = 0
        for _ in range(rng.randint(5, 9)):      # blocks of the other player
            k = rng.randint(1, 24)
            placed += _put(s, g.cell[q][k], q, min(N - placed, 2 if g.lone != "closed" else 1))
        s.off[q] = N - placed
        n = rng.randint(1, 4)
        for _ in range(n):
            if g.bar and rng.random() < 0.3:
                s.bar[p] += 1
            else:
                k = rng.randint(1, 24)
                if not _put(s, g.cell[p][k], p, 1):
                    s.off[p] += 1
        s.off[p] += N - n
    if g.courier:
        for x in (1, 2):
            s.arrived[x] = s.off[x] > 0 or any(o == x and g.rank[x][c] >= g.release for c, (o, n) in s.pts.items())
    s.set_dice(roll(rng))
    return s


def sane(g, s):
    """Positions tabula must accept: each side's count, nothing ended yet."""
    for p in (1, 2):
        if total(s, p) != N or s.off[p] == N:
            return False
    return True


def random_positions(g, count, seed):
    rng = random.Random(seed)
    out = random_games(g, rng, count - 2 * (count // 3))
    while len(out) < count:
        s = scattered(g, rng) if len(out) % 2 else crafted(g, rng)
        if sane(g, s):
            out.append(s)
    return out


# ---- commands ------------------------------------------------------------------

def run_tabula(tabula, game_path, pos_path, turns_flag, options=None):
    args = [tabula, "moves", game_path, "--position", pos_path] + (["--turns"] if turns_flag else [])
    for k, v in sorted((options or {}).items()):
        args += ["--option", "%s=%s" % (k, v)]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(args), r.returncode, r.stderr.strip()))
    return [l for l in r.stdout.splitlines() if l.strip()]


def compare(game, tabula, count, seed, rules_dir, quiet=False, options=None):
    g = Game(game, options)
    game_path = os.path.join(rules_dir, game + ".game")
    positions = random_positions(g, count, seed)
    diffs = 0
    nturns = 0
    with tempfile.TemporaryDirectory() as tmp:
        pos_path = os.path.join(tmp, "pos.yaml")
        for i, s in enumerate(positions):
            with open(pos_path, "w") as fh:
                fh.write(position_yaml(g, s, indent=""))
            want_ends, want_firsts = turns(g, s)
            nturns += len(want_ends)
            got_lines = run_tabula(tabula, game_path, pos_path, True, options)
            got_ends = {}
            for line in got_lines:
                a = s
                for t in line.split():
                    a = play_text(g, a, t)
                got_ends.setdefault(a.key(), line.split())
            problems = []
            if len(got_lines) != len(got_ends):
                problems.append("tabula lists %d turns reaching %d positions" % (len(got_lines), len(got_ends)))
            missing = [want_ends[k] for k in want_ends if k not in got_ends]
            extra = [got_ends[k] for k in got_ends if k not in want_ends]
            if missing:
                problems.append("turns tabula misses: %s" % "; ".join(" ".join(x) for x in missing[:5]))
            if extra:
                problems.append("turns tabula has but should not: %s" % "; ".join(" ".join(x) for x in extra[:5]))
            if want_firsts:
                got_firsts = set(run_tabula(tabula, game_path, pos_path, False, options))
                if got_firsts != want_firsts:
                    problems.append("sub-moves: missing %s, extra %s" % (sorted(want_firsts - got_firsts),
                                                                          sorted(got_firsts - want_firsts)))
            if problems:
                diffs += 1
                if diffs <= 10:
                    print("DIFF %s position %d:\n%s  %s" % (game, i, position_yaml(g, s), "\n  ".join(problems)))
    if not quiet:
        shown = " ".join("%s=%s" % kv for kv in sorted((options or {}).items()))
        print("%s%s: %d positions compared (%d legal turns), %d with a difference"
              % (game, " (%s)" % shown if shown else "", len(positions), nturns, diffs))
    return diffs


def load(path):
    """The scenario subset through yamlmini's own parser: PyYAML reads the key
    `off` as the boolean false (YAML 1.1), libyaml and tabula as a string."""
    from yamlmini import parse
    with open(path, encoding="utf-8") as fh:
        return parse(fh.read())


def check_file(path):
    doc = load(path)
    name = os.path.basename(doc["ruleset"]).replace(".game", "")
    g = Game(name, doc.get("options"))
    failed = 0
    for case in doc["cases"]:
        s = position_from_doc(g, case.get("position"))
        if not s.dice:
            raise SystemExit("%s: case %r: the reference needs `dice` in the position" % (path, case["name"]))
        plays = case.get("play") or []
        for i, text in enumerate(plays):
            legal = {notation(q[0][0]) for q in legal_sequences(g, s)}
            if text == "pass" and not legal and s.result is None and s.dice:
                s = s.copy()             # the lost turn, as records write it: the
                s.to_move = 3 - s.to_move  # other player rolls (dice unknown here)
                s.dice = []
                continue
            if text not in legal or (i and (s.result is not None or not s.dice)):
                print("%s: case %r: `%s` is not legal here (legal: %s)" % (path, case["name"], text, sorted(legal)))
                failed += 1
                break
            s = play_text(g, s, text)
        exp = case["expect"]
        ends, firsts = turns(g, s) if s.result is None and s.dice else ({}, set())
        errs = []
        if "moves" in exp and set(exp["moves"]) != firsts:
            errs.append("moves: expected %s, reference %s" % (sorted(exp["moves"]), sorted(firsts)))
        if "count" in exp and exp["count"] != len(firsts):
            errs.append("count: expected %s, reference %d" % (exp["count"], len(firsts)))
        if "turns" in exp and exp["turns"] != len(ends):
            errs.append("turns: expected %s, reference %d" % (exp["turns"], len(ends)))
        for m in exp.get("includes") or []:
            if m not in firsts:
                errs.append("includes %s: not legal in the reference" % m)
        for m in exp.get("excludes") or []:
            if m in firsts:
                errs.append("excludes %s: legal in the reference" % m)
        if "result" in exp and exp["result"] != result_text(s):
            errs.append("result: expected %s, reference %s" % (exp["result"], result_text(s)))
        for c, text in (exp.get("pieces") or {}).items():
            w = str(text).split()
            want = (int(w[0]), int(w[2]) if len(w) > 2 else 1)
            if s.pts.get(int(c)) != want:
                errs.append("pieces %s: expected %s, reference %s" % (c, text, s.pts.get(int(c))))
        for c in exp.get("empty") or []:
            if int(c) in s.pts:
                errs.append("empty %s: reference has %s" % (c, s.pts[int(c)]))
        if "pinned" in exp and set(int(c) for c in exp["pinned"]) != s.pinned:
            errs.append("pinned: expected %s, reference %s" % (exp["pinned"], sorted(s.pinned)))
        for key, arr in (("bar", s.bar), ("off", s.off)):
            for p, n in (exp.get(key) or {}).items():
                if arr[int(p)] != int(n):
                    errs.append("%s of %s: expected %s, reference %d" % (key, p, n, arr[int(p)]))
        if "dice" in exp and sorted(exp["dice"]) != sorted(s.dice):
            errs.append("dice: expected %s, reference %s" % (exp["dice"], s.dice))
        if errs:
            failed += 1
            print("%s: case %r:\n  %s" % (path, case["name"], "\n  ".join(errs)))
    print("%s: %d cases, %d disagree with the reference" % (path, len(doc["cases"]), failed))
    return failed


def main(argv):
    if len(argv) >= 3 and argv[1] == "turns":
        doc = load(argv[3])
        g = Game(argv[2])
        s = position_from_doc(g, doc.get("position", doc))
        ends, firsts = turns(g, s)
        for seq in ends.values():
            print(" ".join(seq))
        print("%d turns, %d sub-moves" % (len(ends), len(firsts)), file=sys.stderr)
        return 0
    if len(argv) == 5 and argv[1] == "perft":
        g = Game(argv[2])
        doc = load(argv[3])
        s = position_from_doc(g, doc.get("position", doc))
        for d in range(1, int(argv[4]) + 1):
            print("%d %d" % (d, perft(g, s, d)))
        return 0
    if len(argv) >= 3 and argv[1] == "check":
        return 1 if sum(check_file(p) for p in argv[2:]) else 0
    if len(argv) >= 6 and argv[1] == "compare" and all("=" in a for a in argv[6:]):
        here = os.path.dirname(os.path.abspath(__file__))
        rules = os.path.join(here, "..", "..", "rulesets")
        options = dict(a.split("=", 1) for a in argv[6:])
        return 1 if compare(argv[2], argv[3], int(argv[4]), int(argv[5]), rules, options=options) else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
