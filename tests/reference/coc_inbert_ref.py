#!/usr/bin/env python3
"""Independent reference move generator for Coc-Inbert (tests only).

Written straight from docs/rules/coc-inbert.md, without looking at the C
engine.  It exists to double-check the expectations in
tests/scenarios/coc-inbert.yaml and to compute the perft counts in
tests/perft/coc-inbert.txt.  Plain Python 3, standard library only (PyYAML is
used for `--check` when it is installed).

Usage:
  coc_inbert_ref.py perft [MAXDEPTH]        print `perft D COUNT` for D = 1..MAXDEPTH
  coc_inbert_ref.py moves                   legal moves of the initial position
  coc_inbert_ref.py check SCENARIO.yaml     check every case of a scenario file
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refkit  # noqa: E402

FILES = "abcdefgh"
DIAGONALS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
NO_PROGRESS_LIMIT = 50          # rule 10


def name(sq):
    return FILES[sq[0]] + str(sq[1] + 1)


def parse_cell(text):
    f = FILES.index(text[0])
    r = int(text[1:]) - 1
    if not (0 <= f < 8 and 0 <= r < 8) or (f + r) % 2:
        raise ValueError("not a playable cell: " + text)
    return (f, r)


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def forward(player):
    return 1 if player == 1 else -1


def far_rank(player):
    return 7 if player == 1 else 0


class State:
    """board: dict (file, rank) -> (owner, 'man'|'king'); quiet: no-progress count."""

    def __init__(self, board, to_move, quiet=0, result="ongoing"):
        self.board = board
        self.to_move = to_move
        self.quiet = quiet
        self.result = result

    @staticmethod
    def initial():
        board = {}
        for cell in "a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3".split():
            board[parse_cell(cell)] = (1, "man")
        for cell in "b6 d6 f6 h6 a7 c7 e7 g7 b8 d8 f8 h8".split():
            board[parse_cell(cell)] = (2, "man")
        return State(board, 1)

    def copy(self):
        return State(dict(self.board), self.to_move, self.quiet, self.result)


def capture_chains(board, start):
    """All complete capture chains of the piece on `start` (rules 3-6).

    Returns a list of (path, captured) with path the landing squares (start
    first) and captured the list of (square, kind) jumped, in order.
    """
    owner, kind = board[start]
    dirs = DIAGONALS if kind == "king" else ((1, forward(owner)), (-1, forward(owner)))
    chains = []
    work = dict(board)
    del work[start]                      # the piece has left its square

    def extend(pos, path, captured):
        grew = False
        for df, dr in dirs:
            mid = (pos[0] + df, pos[1] + dr)
            land = (pos[0] + 2 * df, pos[1] + 2 * dr)
            if not on_board(*land) or land in work or mid not in work:
                continue
            mowner, mkind = work[mid]
            if mowner == owner:
                continue
            if kind == "man" and mkind == "king":      # rule 3
                continue
            grew = True
            del work[mid]                                # rule 5: leaves at once
            cap = captured + [(mid, mkind)]
            if kind == "man" and land[1] == far_rank(owner):
                chains.append((path + [land], cap))      # rule 6: chain ends
            else:
                extend(land, path + [land], cap)
            work[mid] = (mowner, mkind)
        if not grew and captured:
            chains.append((path, captured))

    extend(start, [start], [])
    return chains


def legal_moves(state):
    """dict notation -> (path, captured) for the player to move."""
    if state.result != "ongoing":
        return {}
    board, p = state.board, state.to_move
    best_key, captures = None, {}
    for sq, (owner, kind) in board.items():
        if owner != p:
            continue
        for path, captured in capture_chains(board, sq):
            key = (len(captured),
                   sum(1 for _, k in captured if k == "king"),
                   1 if kind == "king" else 0)           # rule 7 a, b, c
            note = "x".join(name(s) for s in path)
            if best_key is None or key > best_key:
                best_key, captures = key, {note: (path, captured)}
            elif key == best_key:
                captures[note] = (path, captured)
    if captures:
        # Chains that start and end on the same squares and take the same
        # pieces are one move (the project's convention, as in published
        # draughts perft counts), written by the smallest notation.
        distinct = {}
        for note in sorted(captures):
            path, captured = captures[note]
            key = (path[0], path[-1], frozenset(s for s, _ in captured))
            distinct.setdefault(key, note)
        return {note: captures[note] for note in distinct.values()}
    steps = {}
    for sq, (owner, kind) in board.items():
        if owner != p:
            continue
        dirs = DIAGONALS if kind == "king" else ((1, forward(p)), (-1, forward(p)))
        for df, dr in dirs:
            to = (sq[0] + df, sq[1] + dr)
            if on_board(*to) and to not in board:
                steps[name(sq) + "-" + name(to)] = ([sq, to], [])
    return steps


def count_pieces(board, player):
    return sum(1 for owner, _ in board.values() if owner == player)


def position_result(state):
    """Result of a position as given (no move has just been played)."""
    p = state.to_move
    if count_pieces(state.board, p) == 0:
        return "win %d" % p                              # rule 8
    if count_pieces(state.board, 3 - p) == 0:
        return "win %d" % (3 - p)
    if state.quiet >= NO_PROGRESS_LIMIT:
        return "draw"
    state.result = "ongoing"
    if not legal_moves(state):
        return "win %d" % p                              # rule 9
    return "ongoing"


def apply(state, move_tuple):
    path, captured = move_tuple
    s = state.copy()
    start, end = path[0], path[-1]
    owner, kind = s.board.pop(start)
    for sq, _ in captured:
        del s.board[sq]
    if kind == "man" and end[1] == far_rank(owner):
        s.board[end] = (owner, "king")                   # rule 6
    else:
        s.board[end] = (owner, kind)
    s.quiet = 0 if (captured or kind == "man") else s.quiet + 1
    opp = 3 - owner
    s.to_move = opp
    if count_pieces(s.board, opp) == 0:
        s.result = "win %d" % opp                        # rule 8 (misère)
    elif s.quiet >= NO_PROGRESS_LIMIT:
        s.result = "draw"                                # rule 10
    else:
        s.result = "ongoing"
        if not legal_moves(s):
            s.result = "win %d" % opp                    # rule 9
    return s


def perft(state, depth):
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(state, m), depth - 1) for m in moves.values())


# --- scenario checking ------------------------------------------------------

def state_from_position(pos):
    if pos is None:
        return State.initial()
    board = {}
    for cell, text in (pos.get("pieces") or {}).items():
        parts = str(text).split()
        owner, kind = int(parts[0]), parts[1]
        assert kind in ("man", "king") and len(parts) == 2, text
        board[parse_cell(str(cell))] = (owner, kind)
    s = State(board, int(pos.get("to-move", 1)))
    s.result = position_result(s)
    return s


def piece_text(piece):
    return "%d %s" % piece


def check_case(case):
    """Return a list of failure messages for one scenario case."""
    s, errors = refkit.replay(state_from_position(case.get("position")), case.get("play"), legal_moves, apply)
    if errors:
        return errors
    return refkit.expect_errors(case.get("expect") or {}, legal_moves(s), s.result, s.to_move,
                                lambda cell: s.board.get(parse_cell(cell)),
                                lambda got, text: piece_text(got) == str(text))


def check_file(path):
    try:
        import yaml                                      # only needed here
    except ImportError:
        sys.exit("check needs PyYAML (python3 -m pip install pyyaml)")
    with open(path) as f:
        doc = yaml.safe_load(f)
    assert doc.get("ruleset") == "coc-inbert", doc.get("ruleset")
    assert not doc.get("options"), "options are not modelled"
    failed = 0
    names = set()
    for case in doc["cases"]:
        if case["name"] in names:
            print("DUPLICATE NAME:", case["name"])
            failed += 1
        names.add(case["name"])
        errs = check_case(case)
        if errs:
            failed += 1
            print("FAIL %s" % case["name"])
            for e in errs:
                print("    " + e)
    print("%d cases, %d failed" % (len(doc["cases"]), failed))
    return failed == 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "check":
        ok = all([check_file(p) for p in argv[2:]])
        return 0 if ok else 1
    if len(argv) >= 2 and argv[1] == "moves":
        print("\n".join(sorted(legal_moves(State.initial()))))
        return 0
    if len(argv) >= 2 and argv[1] == "perft":
        maxd = int(argv[2]) if len(argv) > 2 else 6
        for d in range(1, maxd + 1):
            t = time.time()
            n = perft(State.initial(), d)
            print("perft %d %d" % (d, n))
            print("  (%.1f s)" % (time.time() - t), file=sys.stderr)
            sys.stdout.flush()
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
