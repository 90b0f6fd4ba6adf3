#!/usr/bin/env python3
"""Independent reference implementation of Alquerque (tests only).

Written from the rules page docs/rules/alquerque.md, without looking at the C
engine.  It checks the expectations of tests/scenarios/alquerque*.yaml and the
counts of tests/perft/alquerque*.txt, and writes positions of random games with
the moves and result it computes, for `tabula test`.  Plain Python 3, standard
library only (yamlmini.py reads the YAML).

Usage:
  alquerque_ref.py perft DEPTH [POSITION.yaml] [--any-direction]
                                   `perft D COUNT` for D = 1..DEPTH
  alquerque_ref.py moves [POSITION.yaml] [--any-direction]
                                   the legal moves, one per line (result on stderr)
  alquerque_ref.py check [SCENARIO.yaml...]
                                   check every case (tests/scenarios/alquerque*.yaml
                                   when none is given)
  alquerque_ref.py perftcheck [MAXDEPTH]
                                   check tests/perft/alquerque*.txt up to MAXDEPTH
  alquerque_ref.py cases N SEED [--any-direction]
                                   a scenario file of N positions met in random
                                   games, each with the reference's moves and result
  alquerque_ref.py games N SEED [--any-direction]
                                   a scenario file of N random games played from the
                                   start, each cut at a random move, expecting the
                                   reference's moves and result there (the draws by
                                   repetition and without captures count the moves)
  alquerque_ref.py positions N SEED DIR [--any-direction]
                                   N positions of random games as DIR/pK.yaml, with
                                   DIR/pK.moves: the reference's moves, one a line

perft D counts the sequences of exactly D moves; a game that ends sooner adds
nothing.  A capture chain is one move; chains with the same start, the same end
and the same set of captured men are one move, written with the smallest of
their notations (byte order).
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refkit  # noqa: E402
from yamlmini import load_yaml  # noqa: E402

SIZE = 5
FILES = "abcde"
QUIET_DRAW = 80          # rule 8: 40 turns of each player, in plies, without a capture
REPETITIONS = 3          # rule 7


def name(c):
    return FILES[c % SIZE] + str(c // SIZE + 1)


def cell(text):
    text = str(text)
    if len(text) != 2 or text[0] not in FILES or not "1" <= text[1] <= "5":
        raise ValueError("no point %r on the board" % text)
    return (int(text[1]) - 1) * SIZE + FILES.index(text[0])


def _lines():
    """For every point, {(df, dr): next point} along the lines of the board:
    ranks, files, and the diagonals through the points whose file + rank is
    even (a = 1), which is the same as file index + rank index even."""
    out = []
    for c in range(SIZE * SIZE):
        f, r = c % SIZE, c // SIZE
        links = {}
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                if (df, dr) == (0, 0):
                    continue
                if df and dr and (f + r) % 2:
                    continue             # no diagonal passes through this point
                nf, nr = f + df, r + dr
                if 0 <= nf < SIZE and 0 <= nr < SIZE:
                    links[(df, dr)] = nr * SIZE + nf
        out.append(links)
    return out


LINKS = _lines()
FORWARD = {1: 1, 2: -1}              # White (1) moves up the ranks, Black (2) down
FAR_RANK = {1: SIZE - 1, 2: 0}
START = {1: ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "d3", "e3"],
         2: ["a5", "b5", "c5", "d5", "e5", "a4", "b4", "c4", "d4", "e4", "a3", "b3"]}


class State:
    """board: tuple of 25 entries, 0 (empty) or the owner (1 or 2).  quiet:
    plies since the last capture.  seen: the positions (board, to_move) since
    the last capture, this one included, oldest first."""
    __slots__ = ("board", "to_move", "quiet", "seen", "free", "result", "_moves")

    def __init__(self, board, to_move, quiet, seen, free):
        self.board, self.to_move, self.quiet, self.free = board, to_move, quiet, free
        self.seen = seen
        self.result = "ongoing"
        self._moves = None


def step_directions(p, free):
    """Rule 1: Bell's forward, diagonally forward and sideways; with the option
    any-direction (the Libro), every direction."""
    dirs = []
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (df, dr) == (0, 0):
                continue
            if free or dr == FORWARD[p] or dr == 0:
                dirs.append((df, dr))
    return dirs


def steps(s):
    out = {}
    p = s.to_move
    for c in range(SIZE * SIZE):
        if s.board[c] != p:
            continue
        if not s.free and c // SIZE == FAR_RANK[p]:
            continue                     # rule 3: on the far row, captures only
        for d in step_directions(p, s.free):
            t = LINKS[c].get(d)
            if t is not None and s.board[t] == 0:
                note = name(c) + "-" + name(t)
                out[note] = (note, c, t, ())
    return out


def captures(s):
    """Rules 2, 4, 5: every complete chain of every man of the player to move."""
    p = s.to_move
    chains = []
    for start in range(SIZE * SIZE):
        if s.board[start] != p:
            continue
        board = list(s.board)
        board[start] = 0                 # the jumping man has left its point
        path, taken = [start], []

        def extend(pos):
            went = False
            for d, over in LINKS[pos].items():
                land = LINKS[over].get(d)
                if land is None or board[over] != 3 - p or board[land] != 0:
                    continue
                went = True
                board[over] = 0          # removed at once (rule 2)
                taken.append(over)
                path.append(land)
                extend(land)
                path.pop()
                taken.pop()
                board[over] = 3 - p
            if not went and taken:
                chains.append((tuple(path), frozenset(taken)))

        extend(start)
    out, best = {}, {}
    for path, taken in chains:
        note = "x".join(name(c) for c in path)
        key = (path[0], path[-1], taken)
        if key in best:
            if note >= best[key]:
                continue
            del out[best[key]]
        best[key] = note
        out[note] = (note, path[0], path[-1], tuple(sorted(taken)))
    return out


def legal_moves(s):
    if s._moves is None:
        if s.result != "ongoing":
            s._moves = {}
        else:
            s._moves = captures(s) or steps(s)
    return s._moves


def judge(s, mover):
    """Rules 6-8, for the position just reached (mover: who made the last
    move; for a position given afresh, the player not to move)."""
    p = s.to_move
    for q in (p, 3 - p):
        if q not in s.board:
            return "win %d" % (3 - q)
    s._moves = captures(s) or steps(s)
    if not s._moves:
        return "win %d" % mover
    if s.seen.count((s.board, p)) >= REPETITIONS or s.quiet >= QUIET_DRAW:
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
    board = tuple(board)
    key = (board, 3 - p)
    if taken:
        t = State(board, 3 - p, 0, [key], s.free)
    else:
        t = State(board, 3 - p, s.quiet + 1, s.seen + [key], s.free)
    t.result = judge(t, p)
    return t


def initial(free):
    board = [0] * (SIZE * SIZE)
    for p in (1, 2):
        for n in START[p]:
            board[cell(n)] = p
    board = tuple(board)
    s = State(board, 1, 0, [(board, 1)], free)
    s.result = judge(s, 2)
    return s


def from_position(pos, free):
    if pos is None:
        return initial(free)
    for k in pos:
        if k not in ("to-move", "pieces", "quiet"):
            raise ValueError("position field %r not modelled" % k)
    board = [0] * (SIZE * SIZE)
    for where, text in (pos.get("pieces") or {}).items():
        parts = str(text).split()
        if len(parts) != 2 or parts[0] not in ("1", "2") or parts[1] != "man":
            raise ValueError("bad piece %r" % text)
        board[cell(where)] = int(parts[0])
    board = tuple(board)
    p = int(pos.get("to-move", 1))
    s = State(board, p, int(pos.get("quiet", 0) or 0), [(board, p)], free)
    s.result = judge(s, 3 - p)
    return s


def perft(s, depth):
    return refkit.perft(s, depth, legal_moves, apply)


# --- files ---------------------------------------------------------------------

def load(path):
    return load_yaml(path)


def options_free(opts, where):
    opts = opts or {}
    for k, v in opts.items():
        if k != "any-direction" or str(v) not in ("on", "off", "True", "False"):
            raise SystemExit("%s: option %s=%s is not modelled" % (where, k, v))
    return str(opts.get("any-direction", "off")) in ("on", "True")


def check_case(case, free):
    s, errors = refkit.replay(from_position(case.get("position"), free), case.get("play"), legal_moves, apply)
    if errors:
        return errors
    exp = case.get("expect") or {}
    errors = refkit.expect_errors(exp, legal_moves(s), s.result, s.to_move,
                                  lambda where: s.board[cell(where)] or None,
                                  lambda got, text: "%d man" % got == str(text),
                                  refkit.EXPECT_KEYS + ("refused-by",))
    for mv, word in (exp.get("refused-by") or {}).items():
        got = refusal(s, str(mv))
        if got != word:
            errors.append("refused-by %s: expected %s, reference %s" % (mv, word, got))
    return errors


def refusal(s, text):
    """What refuses the move TEXT, in the words of `tabula why` that the rules
    give: legal; capture (a step while a capture is compulsory); chain (a
    capture that stops where the man can jump on); otherwise unknown."""
    moves = legal_moves(s)
    if text in moves:
        return "legal"
    if "-" in text and text in steps(s):
        return "capture"
    if "x" in text and any(m.startswith(text + "x") for m in moves):
        return "chain"
    return "unknown"


def check_file(path):
    doc = load(path)
    if str(doc.get("ruleset")) != "alquerque":
        print("%s: not an alquerque scenario file" % path)
        return 1
    free = options_free(doc.get("options"), path)
    return refkit.run_cases(path, doc["cases"], lambda case: check_case(case, free))


def perftcheck(maxdepth):
    """tests/perft/alquerque*.txt: lines `DEPTH COUNT`; beside one, NAME.options
    (NAME=VALUE lines) sets the options."""
    here = os.path.dirname(os.path.abspath(__file__))
    d = os.path.join(here, "..", "perft")
    bad = 0
    for f in sorted(os.listdir(d)):
        if not (f.startswith("alquerque") and f.endswith(".txt")):
            continue
        opts = {}
        optf = os.path.join(d, f[:-4] + ".options")
        if os.path.exists(optf):
            opts = dict(line.strip().split("=", 1) for line in open(optf) if "=" in line)
        s = initial(options_free(opts, optf))
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
    pieces = ", ".join("%s: %d man" % (name(c), s.board[c]) for c in range(SIZE * SIZE) if s.board[c])
    pad = " " * indent
    return [pad + "to-move: %d" % s.to_move, pad + "pieces: {%s}" % pieces]


def random_positions(n, seed, free):
    """N positions met in random games, each given afresh (no history)."""
    rnd = random.Random(seed)
    s = initial(free)
    out = []
    while len(out) < n:
        fresh = State(s.board, s.to_move, 0, [(s.board, s.to_move)], free)
        fresh.result = judge(fresh, 3 - s.to_move)
        out.append(fresh)
        live = legal_moves(s)
        if not live or rnd.random() < 0.01:
            s = initial(free)
            continue
        s = apply(s, live[rnd.choice(sorted(live))])
    return out


def main(argv):
    args = argv[1:]
    free = "--any-direction" in args
    args = [a for a in args if a != "--any-direction"]
    if not args:
        print(__doc__)
        return 2
    cmd, rest = args[0], args[1:]
    if cmd == "check":
        here = os.path.dirname(os.path.abspath(__file__))
        d = os.path.join(here, "..", "scenarios")
        files = rest or sorted(os.path.join(d, f) for f in os.listdir(d)
                               if f.startswith("alquerque") and f.endswith(".yaml"))
        return 1 if sum(check_file(f) for f in files) else 0
    if cmd == "perft" and rest:
        doc = load(rest[1]) if len(rest) > 1 else None
        s = from_position(doc.get("position", doc), free) if doc else initial(free)
        for d in range(1, int(rest[0]) + 1):
            print("perft %d %d" % (d, perft(s, d)))
        return 0
    if cmd == "moves":
        doc = load(rest[0]) if rest else None
        s = from_position(doc.get("position", doc), free) if doc else initial(free)
        for m in sorted(legal_moves(s)):
            print(m)
        print("result: %s" % s.result, file=sys.stderr)
        return 0
    if cmd == "perftcheck":
        return 1 if perftcheck(int(rest[0]) if rest else 6) else 0
    if cmd == "cases" and len(rest) == 2:
        lines = ["# Positions met in random games (alquerque_ref.py cases %s %s%s): the moves"
                 % (rest[0], rest[1], " --any-direction" if free else ""),
                 "# and result of each are the reference's.", "ruleset: alquerque"]
        if free:
            lines.append("options: {any-direction: \"on\"}")
        lines.append("cases:")
        for i, s in enumerate(random_positions(int(rest[0]), int(rest[1]), free)):
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
        lines = ["# Random games (alquerque_ref.py games %s %s%s): the moves and result"
                 % (rest[0], rest[1], " --any-direction" if free else ""),
                 "# after each game's moves are the reference's.", "ruleset: alquerque"]
        if free:
            lines.append("options: {any-direction: \"on\"}")
        lines.append("cases:")
        for i in range(int(rest[0])):
            s, played = initial(free), []
            cut = rnd.randrange(1, 400)
            while legal_moves(s) and len(played) < cut:
                moves = sorted(legal_moves(s))
                # mostly moves that do not advance, so that games reach the draws
                idle = [m for m in moves if "x" not in m and (m[1] == m[-1] or
                        (int(m[-1]) - int(m[1])) * FORWARD[s.to_move] < 0)]
                note = rnd.choice(idle if idle and rnd.random() < 0.9 else moves)
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
        # every tenth position met, so that they spread over whole games
        for i, s in enumerate(random_positions(10 * int(rest[0]), int(rest[1]), free)[9::10]):
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
