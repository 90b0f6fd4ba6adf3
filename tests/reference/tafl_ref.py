#!/usr/bin/env python3
"""An independent reference for the two bundled tafl games, written from
docs/rules/brandubh.md and docs/rules/tablut.md (not from tabula's C code).

usage: tafl_ref.py perft GAME DEPTH [--position FILE] [--option NAME=VALUE]...
       tafl_ref.py moves GAME [--position FILE] [--option NAME=VALUE]...
       tafl_ref.py check SCENARIO.yaml...
       tafl_ref.py positions GAME N SEED DIR [--option NAME=VALUE]...
       tafl_ref.py cases GAME N SEED [--option NAME=VALUE]...

GAME is brandubh or tablut. The options are the rule files' own: king-sides
(2 or 4), pass-throne (on/off), armed-king (on/off). Moves are written
FROM-TO, followed by xCELL for each piece taken (north, east, south, west).
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from yamlmini import load_yaml  # noqa: E402

ATTACKERS, DEFENDERS = 1, 2
SOLDIER, KING = "soldier", "king"
# the order in which a move's captures are written: north, east, south, west
DIRECTIONS = [(0, 1), (1, 0), (0, -1), (-1, 0)]


class Tafl:
    """One tafl game: its board, start, special cells and options."""

    def __init__(self, name, options):
        self.name = name
        if name == "brandubh":
            self.size = 7
            self.throne = (3, 3)
            corners = [(0, 0), (0, 6), (6, 0), (6, 6)]
            self.hostile = set(corners) | {self.throne}        # rules 9
            self.restricted = set(corners) | {self.throne}     # rule 5
            self.goal = set(corners)                           # rule 11
            self.surround_on = {self.throne}                   # rule 10: safe on his throne,
            self.royal_hostile = set(corners)                  # which is not hostile to him
            attackers = "d1 d2 d6 d7 a4 b4 f4 g4"
            defenders = "d3 d5 c4 e4"
            king = "d4"
            defaults = {"king-sides": 2, "pass-throne": True, "armed-king": True}
        elif name == "tablut":
            self.size = 9
            self.throne = (4, 4)
            self.hostile = {self.throne}
            self.restricted = {self.throne}
            tx, ty = self.throne                               # rule 10: on and beside the throne
            self.surround_on = {(tx, ty), (tx - 1, ty), (tx + 1, ty), (tx, ty - 1), (tx, ty + 1)}
            self.royal_hostile = self.hostile
            n = self.size
            self.goal = {(x, y) for x in range(n) for y in range(n)
                         if x in (0, n - 1) or y in (0, n - 1)}
            attackers = "d1 e1 f1 e2 a4 a5 a6 b5 i4 i5 i6 h5 d9 e9 f9 e8"
            defenders = "e3 e4 e6 e7 c5 d5 f5 g5"
            king = "e5"
            defaults = {"king-sides": 4, "pass-throne": True, "armed-king": True}
        else:
            raise SystemExit("unknown game %s (games: brandubh, tablut)" % name)
        self.opts = dict(defaults)
        for k, v in options.items():
            if k not in defaults:
                raise SystemExit("unknown option %s" % k)
            if k == "king-sides":
                if str(v) not in ("2", "4"):
                    raise SystemExit("king-sides is 2 or 4")
                self.opts[k] = int(v)
            else:
                if str(v).lower() not in ("on", "off", "true", "false"):
                    raise SystemExit("%s is on or off" % k)
                self.opts[k] = str(v).lower() in ("on", "true")
        self.start_board = {}
        for c in attackers.split():
            self.start_board[self.cell(c)] = (ATTACKERS, SOLDIER)
        for c in defenders.split():
            self.start_board[self.cell(c)] = (DEFENDERS, SOLDIER)
        self.start_board[self.cell(king)] = (DEFENDERS, KING)

    # ---- cells ----
    def cell(self, name):
        name = str(name)
        x, y = ord(name[0]) - ord("a"), int(name[1:]) - 1
        if not (0 <= x < self.size and 0 <= y < self.size):
            raise ValueError("no cell %s" % name)
        return (x, y)

    @staticmethod
    def name_of(c):
        return "%s%d" % (chr(ord("a") + c[0]), c[1] + 1)

    def on_board(self, c):
        return 0 <= c[0] < self.size and 0 <= c[1] < self.size

    # ---- states: board (cell -> (owner, type)), to_move, history ----
    def start(self):
        s = {"board": dict(self.start_board), "to_move": ATTACKERS, "history": {}, "last": None}
        s["history"][self.key(s)] = 1
        return s

    @staticmethod
    def key(s):
        return (s["to_move"], tuple(sorted(s["board"].items())))

    def from_position(self, pos):
        board = {}
        for c, txt in (pos.get("pieces") or {}).items():
            words = str(txt).split()
            owner, kind = int(words[0]), words[1]
            if kind not in (SOLDIER, KING) or owner not in (1, 2):
                raise ValueError("bad piece %s" % txt)
            board[self.cell(c)] = (owner, kind)
        s = {"board": board, "to_move": int(pos.get("to-move", 1)), "history": {}, "last": None}
        s["history"][self.key(s)] = 1
        return s

    def position_yaml(self, s):
        items = sorted(s["board"].items(), key=lambda kv: (kv[0][1], kv[0][0]))
        pieces = ", ".join("%s: %d %s" % (self.name_of(c), o, t) for c, (o, t) in items)
        return "to-move: %d\npieces: {%s}\n" % (s["to_move"], pieces)

    # ---- moves (rules 4-6) ----
    def destinations(self, board, frm, kind):
        """Cells a piece on frm reaches: a straight line over empty cells;
        a soldier never stops on a restricted cell, and passes over the
        empty throne only with pass-throne."""
        out = []
        for dx, dy in DIRECTIONS:
            c = (frm[0] + dx, frm[1] + dy)
            while self.on_board(c) and c not in board:
                if kind == SOLDIER and c in self.restricted:
                    if c != self.throne or not self.opts["pass-throne"]:
                        break
                else:
                    out.append(c)
                c = (c[0] + dx, c[1] + dy)
        return out

    def helps(self, board, c, player, hostile=None):
        """Rule 9: C helps PLAYER take: PLAYER's armed piece, or an empty cell of HOSTILE
        (the hostile cells unless said)."""
        if not self.on_board(c):
            return False
        if c in board:
            owner, kind = board[c]
            return owner == player and (kind == SOLDIER or self.opts["armed-king"])
        return c in (self.hostile if hostile is None else hostile)

    def captures(self, board, to, player):
        """Rules 7-10, on BOARD after the move to TO."""
        if board[to][1] == KING and not self.opts["armed-king"]:
            return []
        taken = []
        for dx, dy in DIRECTIONS:
            n = (to[0] + dx, to[1] + dy)
            if n not in board or board[n][0] == player:
                continue
            if board[n][1] == KING and (self.opts["king-sides"] == 4 or n in self.surround_on):
                ok = all(self.helps(board, (n[0] + ex, n[1] + ey), player) for ex, ey in DIRECTIONS)
            else:
                hostile = self.royal_hostile if board[n][1] == KING else self.hostile
                ok = self.helps(board, (n[0] + dx, n[1] + dy), player, hostile)
            if ok:
                taken.append(n)
        return taken

    def raw_moves(self, s):
        board, p = s["board"], s["to_move"]
        out = []
        for frm, (owner, kind) in sorted(board.items()):
            if owner != p:
                continue
            for to in self.destinations(board, frm, kind):
                after = dict(board)
                del after[frm]
                after[to] = (owner, kind)
                taken = self.captures(after, to, p)
                text = self.name_of(frm) + "-" + self.name_of(to) + "".join("x" + self.name_of(t) for t in taken)
                out.append((text, frm, to, taken))
        return out

    def has_move(self, s):
        board, p = s["board"], s["to_move"]
        return any(self.destinations(board, c, k) for c, (o, k) in board.items() if o == p)

    def moves(self, s):
        if self.result(s) != "ongoing":
            return []
        return self.raw_moves(s)

    def apply(self, s, mv):
        _, frm, to, taken = mv
        board = dict(s["board"])
        piece = board.pop(frm)
        board[to] = piece
        for t in taken:
            del board[t]
        n = {"board": board, "to_move": 3 - s["to_move"], "history": dict(s["history"]),
             "last": (s["to_move"], piece[1], to)}
        k = self.key(n)
        n["history"][k] = n["history"].get(k, 0) + 1
        return n

    # ---- the end (rules 11-14), judged after every move ----
    def result(self, s):
        last = s.get("last")
        if last and last[0] == DEFENDERS and last[1] == KING and last[2] in self.goal:
            return "win 2"                                      # 11
        if not any(k == KING for _, k in s["board"].values()):
            return "win 1"                                      # 12
        if not self.has_move(s):
            return "win %d" % (3 - s["to_move"])                # 13
        if s["history"].get(self.key(s), 0) >= 3:
            return "draw"                                       # 14
        return "ongoing"

    def perft(self, s, depth):
        ms = self.moves(s)
        if depth == 1:
            return len(ms)
        return sum(self.perft(self.apply(s, m), depth - 1) for m in ms)

    def piece_text(self, s, c):
        p = s["board"].get(c)
        return None if p is None else "%d %s" % p


# --------------------------------------------------------------------------
# scenario files, random positions
# --------------------------------------------------------------------------

def move_texts(g, s):
    return sorted(m[0] for m in g.moves(s))


def find_move(g, s, text):
    """A move as typed: exactly as written, or FROM-TO alone where one move fits."""
    ms = g.moves(s)
    for m in ms:
        if m[0] == text:
            return m
    fits = [m for m in ms if m[0].split("x")[0] == text]
    return fits[0] if len(fits) == 1 else None


def check_case(g, case):
    s = g.from_position(case["position"]) if case.get("position") else g.start()
    for text in case.get("play") or []:
        m = find_move(g, s, str(text))
        if m is None:
            return ["move %s is not legal (legal: %s)" % (text, " ".join(move_texts(g, s)))]
        s = g.apply(s, m)
    fails = []
    legal = move_texts(g, s)
    for k, v in (case.get("expect") or {}).items():
        if k == "moves":
            want = sorted(str(x) for x in v)
            if want != legal:
                fails.append("moves: expected but not legal %s; legal but not expected %s"
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
            if str(v) != g.result(s):
                fails.append("result: expected %s, got %s" % (v, g.result(s)))
        elif k == "to-move":
            if int(v) != s["to_move"]:
                fails.append("to-move: expected %s, got %d" % (v, s["to_move"]))
        elif k == "pieces":
            for c, txt in v.items():
                got = g.piece_text(s, g.cell(c))
                if got != str(txt):
                    fails.append("pieces: %s: expected %s, got %s" % (c, txt, got or "empty"))
        elif k == "empty":
            for c in v:
                got = g.piece_text(s, g.cell(c))
                if got is not None:
                    fails.append("empty: %s holds %s" % (c, got))
        else:
            fails.append("unknown expect key %s" % k)
    return fails


def check_file(path):
    doc = load_yaml(path)
    name = os.path.splitext(os.path.basename(str(doc.get("ruleset"))))[0]
    g = Tafl(name, doc.get("options") or {})
    failed = 0
    cases = doc.get("cases") or []
    for case in cases:
        try:
            fails = check_case(g, case)
        except (ValueError, KeyError, TypeError, IndexError) as e:
            fails = ["error: %s" % e]
        if fails:
            failed += 1
            print("FAIL: %s: %s" % (path, case.get("name")))
            for f in fails:
                print("    " + f)
    print("%s: %d cases, %d failed" % (path, len(cases), failed))
    return failed


def random_walk(g, n, seed, ends=False):
    """N positions met in random games: (state, moves played); with ENDS, the
    last position of each game too (won, lost or drawn)."""
    rng = random.Random(seed)
    k = 0
    while k < n:
        s, played = g.start(), []
        every = rng.randint(2, 7)
        while k < n:
            ms = g.moves(s)
            if not ms:
                if ends:
                    yield s, list(played)
                    k += 1
                break
            if len(played) % every == every - 1:
                yield s, list(played)
                k += 1
            m = rng.choice(ms)
            played.append(m[0])
            s = g.apply(s, m)


def random_positions(g, n, seed, outdir):
    """Position files DIR/pNNN.yaml (no history) and their moves, DIR/pNNN.moves."""
    os.makedirs(outdir, exist_ok=True)
    for k, (s, played) in enumerate(random_walk(g, n, seed)):
        path = os.path.join(outdir, "p%03d.yaml" % k)
        with open(path, "w") as fh:
            fh.write("# %s: after %d random moves (seed %d)\n" % (g.name, len(played), seed))
            fh.write(g.position_yaml(s))
        alone = g.from_position(load_yaml(path))
        with open(os.path.join(outdir, "p%03d.moves" % k), "w") as fh:
            for t in move_texts(g, alone):
                fh.write(t + "\n")
    return 0


def random_cases(g, n, seed):
    """A scenario file: random games played from the start, with the moves and
    result the reference finds after them (repetitions count here)."""
    print("# %d positions of random %s games (seed %d): moves and result of tafl_ref.py" % (n, g.name, seed))
    print("ruleset: %s" % g.name)
    opts = {k: v for k, v in g.opts.items() if v != Tafl(g.name, {}).opts[k]}
    if opts:
        print("options: {%s}" % ", ".join("%s: %s" % (k, v if not isinstance(v, bool) else ("on" if v else "off"))
                                          for k, v in opts.items()))
    print("cases:")
    for k, (s, played) in enumerate(random_walk(g, n, seed, ends=True)):
        print('  - name: "random position %d, after %d moves"' % (k, len(played)))
        print("    play: [%s]" % ", ".join(played))
        print("    expect:")
        ms = move_texts(g, s)
        print("      count: %d" % len(ms))
        if ms:
            print("      includes: [%s]" % ", ".join(ms))
        print('      result: "%s"' % g.result(s))
    return 0


def take(args, flag):
    out = []
    while flag in args:
        i = args.index(flag)
        out.append(args[i + 1])
        del args[i:i + 2]
    return out


def main(argv):
    args = argv[1:]
    if not args:
        print(__doc__)
        return 2
    cmd = args.pop(0)
    pos = take(args, "--position")
    opts = dict(o.split("=", 1) for o in take(args, "--option"))
    if cmd == "check" and args:
        return 1 if sum(check_file(p) for p in args) else 0
    if not args:
        print(__doc__)
        return 2
    g = Tafl(args[0], opts)
    s = g.from_position(load_yaml(pos[0])) if pos else g.start()
    if cmd == "perft" and len(args) == 2:
        for d in range(1, int(args[1]) + 1):
            print("perft %d %d" % (d, g.perft(s, d)))
            sys.stdout.flush()
        return 0
    if cmd == "moves" and len(args) == 1:
        for t in move_texts(g, s):
            print(t)
        return 0
    if cmd == "positions" and len(args) == 4:
        return random_positions(g, int(args[1]), int(args[2]), args[3])
    if cmd == "cases" and len(args) == 3:
        return random_cases(g, int(args[1]), int(args[2]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
