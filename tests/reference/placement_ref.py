#!/usr/bin/env python3
"""Independent reference implementation of the placement games (tests only).

Written from the rules pages docs/rules/{tic-tac-toe,connect-four,gomoku,
othello,hex}.md, without looking at the C engine.  It computes and checks the
expectations of tests/scenarios/GAME.yaml and the counts of tests/perft/GAME.txt.
Plain Python 3, standard library only (yamlmini.py reads the YAML; PyYAML is
used by it when installed).

Usage:
  placement_ref.py perft GAME DEPTH [--position POS.yaml] [--option NAME=VALUE]...
                                      `perft D COUNT` for D = 1..DEPTH
  placement_ref.py moves GAME [--position POS.yaml] [--option NAME=VALUE]...
                                      the legal moves, one per line (the result
                                      on stderr)
  placement_ref.py check SCENARIO.yaml...
                                      check every case: PASS/FAIL per case; exit 1
                                      on a failure (the files of SCENARIOS when
                                      none is given)
  placement_ref.py positions GAME N SEED DIR [--option NAME=VALUE]...
                                      N positions met in random games from the
                                      start, DIR/pos-K.yaml each, with
                                      DIR/pos-K.moves (the legal moves) and
                                      DIR/cases.yaml (a scenario of them all, with
                                      the number of moves and the result of each)

perft D counts the move sequences of exactly D moves from the position; a
finished game has no moves, so a sequence that ends the game before D moves is
not counted.  A pass (Othello) is a move; so is the swap (Hex with swap).
"""

import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refkit  # noqa: E402

LETTERS = "abcdefghijklmnopqrstuvwxyz"
# the four line directions of a square board (each line is read both ways)
LINE_DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))
EIGHT_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
# the six neighbours of a hex cell in (column, row) steps: the rhombus leans so
# that (c+1, r+1) and (c-1, r-1) touch and (c+1, r-1), (c-1, r+1) do not
HEX_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))


class Game:
    """One game's rules: the kind ('line', 'othello', 'hex') and its numbers."""

    def __init__(self, name, kind, w, h, piece, line=0, gravity=False, exact=False, swap=False):
        self.name, self.kind, self.w, self.h, self.piece = name, kind, w, h, piece
        self.line, self.gravity, self.exact, self.swap = line, gravity, exact, swap
        self.names = [LETTERS[i % w] + str(i // w + 1) for i in range(w * h)]
        self.index = {n: i for i, n in enumerate(self.names)}

    def cell(self, name):
        name = str(name)
        if name not in self.index:
            raise ValueError("%s: no cell %r (cells are %s..%s)" % (self.name, name, self.names[0], self.names[-1]))
        return self.index[name]

    def at(self, c, r):
        """The cell index of column C, row R (0-based), or None off the board."""
        if 0 <= c < self.w and 0 <= r < self.h:
            return r * self.w + c
        return None


def parse_bool(v):
    if isinstance(v, bool):
        return v
    s = str(v).lower()
    if s in ("true", "yes", "on", "1"):
        return True
    if s in ("false", "no", "off", "0"):
        return False
    raise ValueError("not a yes/no value: %r" % v)


# the scenario files `check` reads when none is named (tests/scenarios/NAME.yaml)
SCENARIOS = ("tic-tac-toe", "connect-four", "gomoku", "gomoku-exactly-five", "othello",
             "hex", "hex-swap", "hex-small")

# the options of each game and their defaults
OPTIONS = {
    "tic-tac-toe": {},
    "connect-four": {},
    "gomoku": {"exactly-five": False},
    "othello": {},
    "hex": {"size": 11, "swap": False},
}


def make_game(name, options=None):
    opts = dict(OPTIONS.get(name, {}))
    if name not in OPTIONS:
        raise ValueError("unknown game %r (games: %s)" % (name, ", ".join(sorted(OPTIONS))))
    for k, v in (options or {}).items():
        if k not in opts:
            raise ValueError("%s: no option %r" % (name, k))
        opts[k] = parse_bool(v) if isinstance(opts[k], bool) else int(v)
    if name == "tic-tac-toe":
        return Game(name, "line", 3, 3, "mark", line=3)
    if name == "connect-four":
        return Game(name, "line", 7, 6, "disc", line=4, gravity=True)
    if name == "gomoku":
        return Game(name, "line", 15, 15, "stone", line=5, exact=opts["exactly-five"])
    if name == "othello":
        return Game(name, "othello", 8, 8, "disc")
    n = opts["size"]
    if not 1 <= n <= 26:
        raise ValueError("hex: size %d out of range" % n)
    return Game(name, "hex", n, n, "stone", swap=opts["swap"])


class State:
    """A position: the board (a list, None or the owner 1/2 per cell), the
    player to move, and the hands (None: every supply unlimited; otherwise
    {player: count} of the one piece type)."""

    def __init__(self, g, board, to_move, hand=None):
        self.g, self.board, self.to_move, self.hand = g, board, to_move, hand
        self._moves = None
        self.result = "ongoing"

    def moves(self):
        if self._moves is None:
            self._moves = {} if self.result != "ongoing" else generate(self)
        return self._moves


def start(g):
    board = [None] * (g.w * g.h)
    if g.kind == "othello":
        for name, p in (("d5", 1), ("e4", 1), ("d4", 2), ("e5", 2)):
            board[g.cell(name)] = p
    s = State(g, board, 1)
    s.result = judge(s, None)
    return s


# --- move generation ---------------------------------------------------------

def can_place(s, p):
    return s.hand is None or s.hand.get(p, 0) > 0


def placements(s, p):
    """The cells where player P may place now: {notation: cell}."""
    g, b = s.g, s.board
    out = {}
    if not can_place(s, p):
        return out
    if g.kind == "line" and g.gravity:
        for c in range(g.w):
            for r in range(g.h):          # the lowest empty cell of the column
                i = g.at(c, r)
                if b[i] is None:
                    out[g.names[i]] = i
                    break
        return out
    for i, v in enumerate(b):
        if v is None and (g.kind != "othello" or flips(g, b, i, p)):
            out[g.names[i]] = i
    return out


def flips(g, b, i, p):
    """The opposing discs that a disc of P on I outflanks, in all 8 directions."""
    c0, r0 = i % g.w, i // g.w
    out = []
    for dc, dr in EIGHT_DIRS:
        run = []
        c, r = c0 + dc, r0 + dr
        while True:
            j = g.at(c, r)
            if j is None or b[j] is None:
                run = []
                break
            if b[j] == p:
                break
            run.append(j)
            c, r = c + dc, r + dr
        out.extend(run)
    return out


def swap_allowed(s):
    """Hex, swap on: player 2's first turn, the board holding one stone of player 1."""
    if not (s.g.kind == "hex" and s.g.swap and s.to_move == 2):
        return False
    stones = [v for v in s.board if v is not None]
    return stones == [1]


def generate(s):
    """{notation: ('place', cell) | ('pass',) | ('swap', from, to)}."""
    g, p = s.g, s.to_move
    moves = {n: ("place", i) for n, i in placements(s, p).items()}
    if g.kind == "othello" and not moves and placements(s, 3 - p):
        moves["pass"] = ("pass",)
    if swap_allowed(s):
        i = s.board.index(1)
        c, r = i % g.w, i // g.w
        moves["swap"] = ("swap", i, g.at(r, c))
    return moves


def apply(s, mv):
    g, p = s.g, s.to_move
    b = list(s.board)
    hand = dict(s.hand) if s.hand is not None else None
    placed = None
    if mv[0] == "place":
        placed = mv[1]
        if g.kind == "othello":
            for j in flips(g, b, placed, p):
                b[j] = p
        b[placed] = p
        if hand is not None:
            hand[p] -= 1
    elif mv[0] == "swap":
        b[mv[1]] = None
        b[mv[2]] = 2
    t = State(g, b, 3 - p, hand)
    t.result = judge(t, (p, placed))
    return t


# --- the end of the game -----------------------------------------------------

def run_length(g, b, i, dc, dr):
    """The length of the run of B[i]'s owner through I along (dc, dr)."""
    p = b[i]
    n = 1
    for sgn in (1, -1):
        c, r = i % g.w + sgn * dc, i // g.w + sgn * dr
        while True:
            j = g.at(c, r)
            if j is None or b[j] != p:
                break
            n += 1
            c, r = c + sgn * dc, r + sgn * dr
    return n


def line_through(g, b, i):
    """Does the stone on I make a winning line (N in a row; exactly N with exact)?"""
    for dc, dr in LINE_DIRS:
        n = run_length(g, b, i, dc, dr)
        if n == g.line or (n > g.line and not g.exact):
            return True
    return False


def has_line(g, b, p):
    return any(v == p and line_through(g, b, i) for i, v in enumerate(b))


def hex_connected(g, b, p):
    """Player 1 joins row 1 to the last row; player 2 column a to the last column."""
    n = g.w
    if p == 1:
        frontier = [g.at(c, 0) for c in range(n) if b[g.at(c, 0)] == 1]
        goal = lambda i: i // n == n - 1
    else:
        frontier = [g.at(0, r) for r in range(n) if b[g.at(0, r)] == 2]
        goal = lambda i: i % n == n - 1
    seen = set(frontier)
    while frontier:
        i = frontier.pop()
        if goal(i):
            return True
        for dc, dr in HEX_DIRS:
            j = g.at(i % n + dc, i // n + dr)
            if j is not None and j not in seen and b[j] == p:
                seen.add(j)
                frontier.append(j)
    return False


def judge(s, last):
    """The result of position S. LAST is (mover, cell placed or None) after a
    move, None for a position given as it is: then the player who moved last
    (the one not to move) is judged first."""
    g, b = s.g, s.board
    if g.kind == "line":
        if last is not None:
            mover, cell = last
            if cell is not None and line_through(g, b, cell):
                return "win %d" % mover
        else:
            for p in (3 - s.to_move, s.to_move):
                if has_line(g, b, p):
                    return "win %d" % p
        if not placements(s, s.to_move):
            return "draw"
        return "ongoing"
    if g.kind == "hex":
        order = (last[0],) if last is not None else (3 - s.to_move, s.to_move)
        for p in order:
            if hex_connected(g, b, p):
                return "win %d" % p
        if not placements(s, s.to_move):
            return "draw"          # only with a limited supply: a full board is won
        return "ongoing"
    # othello: over when neither player can place; the one with more discs wins
    if placements(s, s.to_move) or placements(s, 3 - s.to_move):
        return "ongoing"
    n1, n2 = b.count(1), b.count(2)
    if n1 == n2:
        return "draw"
    return "win %d" % (1 if n1 > n2 else 2)


# --- perft ---------------------------------------------------------------------

def perft(s, depth):
    return refkit.perft(s, depth, lambda s: s.moves(), apply)


# --- positions and scenarios ------------------------------------------------------

def state_from_position(g, pos):
    if pos is None:
        return start(g)
    for k in pos:
        if k not in ("to-move", "pieces", "hand"):
            raise ValueError("position field %r not modelled" % k)
    board = [None] * (g.w * g.h)
    for cell, text in (pos.get("pieces") or {}).items():
        parts = str(text).split()
        if len(parts) != 2 or parts[0] not in ("1", "2") or parts[1] != g.piece:
            raise ValueError("bad piece %r on %s (a %s: \"1 %s\" or \"2 %s\")" % (text, cell, g.name, g.piece, g.piece))
        board[g.cell(cell)] = int(parts[0])
    hand = None
    if pos.get("hand") is not None:
        hand = {}
        for p, kinds in pos["hand"].items():
            if int(p) not in (1, 2) or set(kinds) != {g.piece}:
                raise ValueError("bad hand %r: %r" % (p, kinds))
            hand[int(p)] = int(kinds[g.piece])
        for p in (1, 2):
            hand.setdefault(p, 0)
    to_move = int(pos.get("to-move", 1))
    if to_move not in (1, 2):
        raise ValueError("to-move %r" % to_move)
    s = State(g, board, to_move, hand)
    s.result = judge(s, None)
    return s


def load_position(g, path):
    if not path:
        return start(g)
    from yamlmini import load_yaml
    doc = load_yaml(path)
    return state_from_position(g, doc.get("position", doc))


EXPECT_KEYS = ("moves", "count", "includes", "excludes", "result", "to-move", "pieces", "empty", "hand")


def check_case(g, case):
    s, errors = refkit.replay(state_from_position(g, case.get("position")), case.get("play"),
                              lambda s: s.moves(), apply)
    if errors:
        return errors
    exp = case.get("expect") or {}
    errors = refkit.expect_errors(exp, s.moves(), s.result, s.to_move,
                                  lambda where: s.board[g.cell(where)],
                                  lambda got, text: "%d %s" % (got, g.piece) == str(text),
                                  EXPECT_KEYS)
    if "hand" in exp:
        if s.hand is None:
            errors.append("hand: expected, but the position's supply is unlimited")
        else:
            for p, kinds in exp["hand"].items():
                got = s.hand.get(int(p), 0)
                if int(kinds.get(g.piece, 0)) != got:
                    errors.append("hand %s: expected %s, reference %d" % (p, kinds, got))
    return errors


def check_file(path):
    from yamlmini import load_yaml
    doc = load_yaml(path)
    g = make_game(str(doc.get("ruleset")), doc.get("options") or {})
    fails, names = 0, set()
    for case in doc["cases"]:
        cname = case.get("name")
        errs = []
        if cname in names:
            errs.append("duplicate case name")
        names.add(cname)
        try:
            errs += check_case(g, case)
        except (ValueError, KeyError) as e:
            errs.append("error: %s" % e)
        print("%s %s: %s" % ("FAIL" if errs else "PASS", os.path.basename(path), cname))
        for e in errs:
            print("    " + e)
        fails += bool(errs)
    print("%s: %d cases, %d failed" % (path, len(doc["cases"]), fails))
    return fails


def position_lines(s, indent):
    g = s.g
    pieces = ", ".join("%s: \"%d %s\"" % (g.names[i], v, g.piece) for i, v in enumerate(s.board) if v is not None)
    out = ["%sto-move: %d" % (indent, s.to_move), "%spieces: {%s}" % (indent, pieces)]
    if s.hand is not None:
        out.append("%shand: {1: {%s: %d}, 2: {%s: %d}}" % (indent, g.piece, s.hand[1], g.piece, s.hand[2]))
    return out


def random_positions(name, options, n, seed, outdir):
    """N positions of random games of NAME from the start (the last position of
    each game included), each written as DIR/pos-K.yaml with the reference's
    moves in DIR/pos-K.moves; DIR/cases.yaml holds them all as one scenario."""
    rnd = random.Random(seed)
    g = make_game(name, options)
    os.makedirs(outdir, exist_ok=True)
    cases = ["# %d positions of random games of %s (placement_ref.py positions, seed %d):" % (n, name, seed),
             "# the result and number of moves of each are the reference's.", "ruleset: %s" % name]
    if options:
        cases.append("options: {%s}" % ", ".join("%s: \"%s\"" % kv for kv in sorted(options.items())))
    cases.append("cases:")
    s = start(g)
    for k in range(1, n + 1):
        fresh = state_from_position(g, {"to-move": s.to_move,
                                        "pieces": {g.names[i]: "%d %s" % (v, g.piece)
                                                   for i, v in enumerate(s.board) if v is not None}})
        moves = sorted(fresh.moves())
        with open(os.path.join(outdir, "pos-%d.yaml" % k), "w") as fh:
            fh.write("\n".join(position_lines(fresh, "")) + "\n")
        with open(os.path.join(outdir, "pos-%d.moves" % k), "w") as fh:
            fh.write("".join(m + "\n" for m in moves))
        cases.append("  - name: \"position %d\"" % k)
        cases.append("    position:")
        cases.extend(position_lines(fresh, "      "))
        cases.append("    expect:")
        cases.append("      result: \"%s\"" % fresh.result)
        # the count, not the list: the list is compared through `tabula moves`
        cases.append("      count: %d" % len(moves))
        live = s.moves()
        if not live:
            s = start(g)
            continue
        s = apply(s, live[rnd.choice(sorted(live))])
    with open(os.path.join(outdir, "cases.yaml"), "w") as fh:
        fh.write("\n".join(cases) + "\n")


def take_options(args):
    """Remove `--option NAME=VALUE` and `--position FILE` from ARGS."""
    opts, pos, rest = {}, None, []
    i = 0
    while i < len(args):
        if args[i] == "--option" and i + 1 < len(args):
            k, _, v = args[i + 1].partition("=")
            opts[k] = v
            i += 2
        elif args[i] == "--position" and i + 1 < len(args):
            pos = args[i + 1]
            i += 2
        else:
            rest.append(args[i])
            i += 1
    return opts, pos, rest


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    opts, pos, args = take_options(argv[1:])
    if args and args[0] == "check":
        files = args[1:] or [os.path.join(here, "..", "scenarios", n + ".yaml") for n in SCENARIOS]
        fails = sum(check_file(f) for f in files)
        return 1 if fails else 0
    if len(args) == 3 and args[0] == "perft":
        g = make_game(args[1], opts)
        s = load_position(g, pos)
        for d in range(1, int(args[2]) + 1):
            t0 = time.time()
            print("perft %d %d" % (d, perft(s, d)))
            print("  (%.1f s)" % (time.time() - t0), file=sys.stderr)
            sys.stdout.flush()
        return 0
    if len(args) == 2 and args[0] == "moves":
        s = load_position(make_game(args[1], opts), pos)
        sys.stdout.write("".join(m + "\n" for m in sorted(s.moves())))
        print("result: %s" % s.result, file=sys.stderr)
        return 0
    if len(args) == 5 and args[0] == "positions":
        random_positions(args[1], opts, int(args[2]), int(args[3]), args[4])
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
