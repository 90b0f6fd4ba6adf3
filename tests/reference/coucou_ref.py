#!/usr/bin/env python3
"""Independent reference move generator for Le Coucou picard (tests only).

Written straight from docs/rules/coucou-picard.md, without looking at the
C engine.  It exists to double-check the expectations in
tests/scenarios/coucou-picard*.yaml and to compute the perft counts in
tests/perft/coucou-picard.txt.  Plain Python 3, standard library only (PyYAML
is used for `check` when it is installed).

Usage:
  coucou_ref.py perft [MAXDEPTH] [--width W]   print `perft D COUNT`, D = 1..MAXDEPTH
  coucou_ref.py moves [--width W]              legal moves of the initial position
  coucou_ref.py check SCENARIO.yaml...         check every case of scenario files
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refkit  # noqa: E402

ROWS = 12
COLS = "abcdefghijklmnopqrstuvwxyz"


class Game:
    """Board geometry for a given width (the `width` option; default 7)."""

    def __init__(self, width=7):
        self.width = width
        self.centre = width // 2          # column index of both nests

    def name(self, sq):
        return COLS[sq[0]] + str(sq[1])

    def parse(self, text):
        c = COLS.index(text[0])
        r = int(text[1:])
        if not (0 <= c < self.width and 1 <= r <= ROWS):
            raise ValueError("not a cell: " + text)
        return (c, r)

    def on_board(self, c, r):
        return 0 <= c < self.width and 1 <= r <= ROWS

    @staticmethod
    def own_row(player, r):
        """Row counted from the player's own side."""
        return r if player == 1 else ROWS + 1 - r

    def nest(self, player):
        """The player's own nest."""
        return (self.centre, 1 if player == 1 else ROWS)

    def initial(self):
        board = {}
        for c in range(self.width):
            for r in (1, 2):
                if (c, r) != self.nest(1):
                    board[(c, r)] = 1
            for r in (ROWS, ROWS - 1):
                if (c, r) != self.nest(2):
                    board[(c, r)] = 2
        return State(board, 1)

    def legal_moves(self, state):
        """dict notation -> (from, to, kind), kind in step/capture/nest/fast."""
        if state.result != "ongoing":
            return {}
        board, p = state.board, state.to_move
        fwd = 1 if p == 1 else -1
        goal = self.nest(3 - p)
        moves = {}
        for (c, r), owner in board.items():
            if owner != p:
                continue
            row = self.own_row(p, r)
            if row <= 2:
                targets = [(c, r + fwd)]                          # rule 1
            elif row <= 4:
                targets = [(c - 1, r + fwd), (c + 1, r + fwd)]    # rule 2
            elif row <= 11:
                targets = [(c, r + fwd), (c - 1, r + fwd), (c + 1, r + fwd)]  # rule 3
            else:
                targets = []                                      # rule 4
            for to in targets:
                if not self.on_board(*to):
                    continue
                occ = board.get(to)
                if occ == p:                                      # rule 6
                    continue
                if occ is not None:
                    kind = "capture"
                elif to == goal:
                    kind = "nest"
                else:
                    kind = "step"
                moves[self.name((c, r)) + "-" + self.name(to)] = ((c, r), to, kind)
            if 5 <= row <= 11:                                    # rule 5
                n = sum(1 for (c2, r2) in board if r2 == r and c2 != c)
                for k in range(2, n + 1):
                    to = (c, r + fwd * k)
                    if not self.on_board(*to) or to == goal:
                        break
                    if any((c, r + fwd * i) in board for i in range(1, k + 1)):
                        break
                    moves[self.name((c, r)) + "-" + self.name(to)] = ((c, r), to, "fast")
        caps = {k: v for k, v in moves.items() if v[2] == "capture"}
        return caps if caps else moves                            # rule 7

    def apply(self, state, mv):
        frm, to, kind = mv
        s = State(dict(state.board), 3 - state.to_move)
        mover = s.board.pop(frm)
        s.board[to] = mover                                       # a capture replaces
        if to == self.nest(3 - mover):
            s.result = "win %d" % mover                           # rule 8
        elif not self.legal_moves(s):
            s.result = "win %d" % mover                           # rule 9
        return s

    def position_result(self, state):
        for sq, owner in state.board.items():
            if sq == self.nest(3 - owner):
                return "win %d" % owner
        if not self.legal_moves(state):
            return "win %d" % (3 - state.to_move)
        return "ongoing"

    def perft(self, state, depth):
        if depth == 0:
            return 1
        moves = self.legal_moves(state)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.apply(state, m), depth - 1) for m in moves.values())


class State:
    """board: dict (col, row) -> owner (every piece is an egg)."""

    def __init__(self, board, to_move, result="ongoing"):
        self.board = board
        self.to_move = to_move
        self.result = result


# --- scenario checking ------------------------------------------------------

def state_from_position(game, pos):
    if pos is None:
        return game.initial()
    board = {}
    for cell, text in (pos.get("pieces") or {}).items():
        parts = str(text).split()
        assert len(parts) == 2 and parts[1] == "egg", text
        board[game.parse(str(cell))] = int(parts[0])
    s = State(board, int(pos.get("to-move", 1)))
    s.result = game.position_result(s)
    return s


def check_case(game, case):
    s, errors = refkit.replay(state_from_position(game, case.get("position")), case.get("play"),
                              game.legal_moves, game.apply)
    if errors:
        return errors
    return refkit.expect_errors(case.get("expect") or {}, game.legal_moves(s), s.result, s.to_move,
                                lambda cell: s.board.get(game.parse(cell)),
                                lambda got, text: "%d egg" % got == str(text))


def check_file(path):
    try:
        import yaml                                      # only needed here
    except ImportError:
        sys.exit("check needs PyYAML (python3 -m pip install pyyaml)")
    with open(path) as f:
        doc = yaml.safe_load(f)
    assert doc.get("ruleset") == "coucou-picard", doc.get("ruleset")
    opts = doc.get("options") or {}
    assert set(opts) <= {"width"}, opts
    game = Game(int(opts.get("width", 7)))
    failed = 0
    names = set()
    for case in doc["cases"]:
        if case["name"] in names:
            print("DUPLICATE NAME:", case["name"])
            failed += 1
        names.add(case["name"])
        errs = check_case(game, case)
        if errs:
            failed += 1
            print("FAIL %s" % case["name"])
            for e in errs:
                print("    " + e)
    print("%s: %d cases, %d failed" % (path, len(doc["cases"]), failed))
    return failed == 0


def main(argv):
    args = list(argv[1:])
    width = 7
    if "--width" in args:
        i = args.index("--width")
        width = int(args[i + 1])
        del args[i:i + 2]
    game = Game(width)
    if args[:1] == ["check"]:
        ok = all([check_file(p) for p in args[1:]])
        return 0 if ok else 1
    if args[:1] == ["moves"]:
        print("\n".join(sorted(game.legal_moves(game.initial()))))
        return 0
    if args[:1] == ["perft"]:
        maxd = int(args[1]) if len(args) > 1 else 6
        for d in range(1, maxd + 1):
            t = time.time()
            n = game.perft(game.initial(), d)
            print("perft %d %d" % (d, n))
            print("  (%.1f s)" % (time.time() - t), file=sys.stderr)
            sys.stdout.flush()
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
