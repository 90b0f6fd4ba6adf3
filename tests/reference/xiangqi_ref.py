#!/usr/bin/env python3
"""Independent reference implementation of Xiangqi (tests only).

Written from the rules page docs/rules/xiangqi.md, without looking at the C
engine.  Plain Python 3, standard library only (yamlmini.py reads the YAML;
PyYAML is used by it when installed).

Usage:
  xiangqi_ref.py perft FEN DEPTH         `perft D COUNT` for D = 1..DEPTH
                                         (FEN `start`: the start position)
  xiangqi_ref.py moves FEN               the legal moves, one per line, and
                                         the result on stderr
  xiangqi_ref.py check SCENARIO.yaml...  check every case of the files
  xiangqi_ref.py random N SEED           N positions met in random games, one
                                         a line: FEN, a tab, the legal moves
                                         sorted and separated by spaces

Cells are a1 (red's left corner) to i10; red (player 1, upper-case letters in
FEN) moves north from rows 1-3.  Moves are FROM-TO, captures included.
perft D counts the move sequences of exactly D moves.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refkit  # noqa: E402

WIDTH, HEIGHT = 9, 10
FILES = "abcdefghi"
LETTER_TYPE = {"k": "general", "a": "advisor", "b": "elephant", "n": "horse",
               "r": "chariot", "c": "cannon", "p": "soldier"}
TYPE_LETTER = {v: k for k, v in LETTER_TYPE.items()}
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
ORTH = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
HORSE = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1))
NO_PROGRESS_PLIES = 120   # 60 moves of each player without a capture
REPETITIONS = 3


def name(c):
    return "%s%d" % (FILES[c % WIDTH], c // WIDTH + 1)


def cell(text):
    text = str(text)
    if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit():
        raise ValueError("no cell %r" % text)
    row = int(text[1:])
    if not 1 <= row <= HEIGHT:
        raise ValueError("no cell %r" % text)
    return (row - 1) * WIDTH + FILES.index(text[0])


def at(col, row):
    """The cell at column COL, row ROW (0-based), or None off the board."""
    if 0 <= col < WIDTH and 0 <= row < HEIGHT:
        return row * WIDTH + col
    return None


def in_palace(player, col, row):
    return 3 <= col <= 5 and (row <= 2 if player == 1 else row >= 7)


def own_side(player, row):
    return row <= 4 if player == 1 else row >= 5


def forward(player):
    return 1 if player == 1 else -1


class State:
    """Board: a tuple of 90 entries, None or (player, type).  QUIET: plies
    since the last capture.  HISTORY: the positions since then (for repetition:
    a capture makes every earlier position unreachable)."""

    def __init__(self, board, to_move, quiet=0, history=None):
        self.board = board
        self.to_move = to_move
        self.quiet = quiet
        self.history = history if history is not None else {}
        self._moves = None

    def key(self):
        return (self.board, self.to_move)


def pseudo_moves(board, player):
    """Every move of PLAYER's pieces by their movement rules, legal or not:
    a list of (from, to)."""
    out = []
    for c in range(WIDTH * HEIGHT):
        pc = board[c]
        if pc is None or pc[0] != player:
            continue
        col, row = c % WIDTH, c // WIDTH
        kind = pc[1]

        def add(t):
            if t is not None and (board[t] is None or board[t][0] != player):
                out.append((c, t))

        if kind == "general":
            for dc, dr in ORTH:
                if in_palace(player, col + dc, row + dr):
                    add(at(col + dc, row + dr))
        elif kind == "advisor":
            for dc, dr in DIAG:
                if in_palace(player, col + dc, row + dr):
                    add(at(col + dc, row + dr))
        elif kind == "elephant":
            for dc, dr in DIAG:
                t = at(col + 2 * dc, row + 2 * dr)
                if t is not None and own_side(player, row + 2 * dr) and board[at(col + dc, row + dr)] is None:
                    add(t)
        elif kind == "horse":
            for dc, dr in HORSE:
                t = at(col + dc, row + dr)
                if t is None:
                    continue
                # the leg: one point straight along the longer part of the L
                leg = at(col + (dc // 2 if abs(dc) == 2 else 0), row + (dr // 2 if abs(dr) == 2 else 0))
                if board[leg] is None:
                    add(t)
        elif kind == "chariot":
            for dc, dr in ORTH:
                k = 1
                while True:
                    t = at(col + k * dc, row + k * dr)
                    if t is None:
                        break
                    add(t)
                    if board[t] is not None:
                        break
                    k += 1
        elif kind == "cannon":
            for dc, dr in ORTH:
                k, screen = 1, False
                while True:
                    t = at(col + k * dc, row + k * dr)
                    if t is None:
                        break
                    if not screen:
                        if board[t] is None:
                            out.append((c, t))
                        else:
                            screen = True
                    elif board[t] is not None:
                        if board[t][0] != player:
                            out.append((c, t))
                        break
                    k += 1
        elif kind == "soldier":
            add(at(col, row + forward(player)))
            if not own_side(player, row):   # across the river
                add(at(col - 1, row))
                add(at(col + 1, row))
    return out


def general_cell(board, player):
    for c in range(WIDTH * HEIGHT):
        if board[c] == (player, "general"):
            return c
    return None


def generals_face(board):
    """The two generals on one file with nothing between them."""
    a, b = general_cell(board, 1), general_cell(board, 2)
    if a is None or b is None or a % WIDTH != b % WIDTH:
        return False
    lo, hi = min(a, b), max(a, b)
    return all(board[c] is None for c in range(lo + WIDTH, hi, WIDTH))


def attacked(board, target, by):
    """Whether a piece of player BY could capture on TARGET by its movement
    rules: the pieces that can reach a general's palace, looked at from it."""
    col, row = target % WIDTH, target // WIDTH
    for dc, dr in ORTH:   # chariots (first piece on the line), cannons (second)
        k, seen = 1, 0
        while True:
            t = at(col + k * dc, row + k * dr)
            if t is None:
                break
            if board[t] is not None:
                seen += 1
                if board[t][0] == by and ((seen == 1 and board[t][1] == "chariot") or
                                          (seen == 2 and board[t][1] == "cannon")):
                    return True
                if seen == 2:
                    break
            k += 1
    for dc, dr in HORSE:   # a horse on TARGET-(dc,dr) whose leg is free
        src = at(col - dc, row - dr)
        if src is None or board[src] != (by, "horse"):
            continue
        scol, srow = col - dc, row - dr
        leg = at(scol + (dc // 2 if abs(dc) == 2 else 0), srow + (dr // 2 if abs(dr) == 2 else 0))
        if board[leg] is None:
            return True
    behind = at(col, row - forward(by))   # a soldier straight behind, from its side
    if behind is not None and board[behind] == (by, "soldier"):
        return True
    for dc in (-1, 1):   # a soldier beside, if it stands across the river
        s = at(col + dc, row)
        if s is not None and board[s] == (by, "soldier") and not own_side(by, row):
            return True
    for dc, dr in ORTH + DIAG:   # general and advisor steps (never in practice)
        s = at(col + dc, row + dr)
        if s is None or not in_palace(by, col, row):
            continue
        if board[s] == (by, "general") and (dc == 0 or dr == 0):
            return True
        if board[s] == (by, "advisor") and dc != 0 and dr != 0:
            return True
    for dc, dr in DIAG:   # an elephant two points away, eye free, on its own side
        s = at(col + 2 * dc, row + 2 * dr)
        if (s is not None and board[s] == (by, "elephant") and own_side(by, row)
                and board[at(col + dc, row + dr)] is None):
            return True
    return False


def apply_board(board, mv):
    b = list(board)
    b[mv[1]] = b[mv[0]]
    b[mv[0]] = None
    return tuple(b)


def legal_after(board, player):
    """BOARD (just after PLAYER moved) leaves PLAYER's general safe."""
    if generals_face(board):
        return False
    g = general_cell(board, player)
    return g is None or not attacked(board, g, 3 - player)


def legal_moves(s):
    """The legal moves of S: {notation: (from, to)}; none when the game is over."""
    if s._moves is None:
        s._moves = {}
        if result(s) == "ongoing":
            for mv in s._legal:
                s._moves["%s-%s" % (name(mv[0]), name(mv[1]))] = mv
    return s._moves


def all_legal(board, player):
    return [mv for mv in pseudo_moves(board, player) if legal_after(apply_board(board, mv), player)]


def result(s):
    """The result of S as the scenario files write it.  Judged in this order:
    no legal move (checkmate or stalemate: the player to move loses), the third
    occurrence of the position, the no-progress count."""
    if not hasattr(s, "_result"):
        s._legal = all_legal(s.board, s.to_move)
        if not s._legal:
            s._result = "win %d" % (3 - s.to_move)
        elif s.history.get(s.key(), 0) >= REPETITIONS:
            s._result = "draw"
        elif s.quiet >= NO_PROGRESS_PLIES:
            s._result = "draw"
        else:
            s._result = "ongoing"
    return s._result


def apply(s, mv):
    capture = s.board[mv[1]] is not None
    board = apply_board(s.board, mv)
    t = State(board, 3 - s.to_move, 0 if capture else s.quiet + 1,
              {} if capture else dict(s.history))
    t.history[t.key()] = t.history.get(t.key(), 0) + 1
    return t


def fresh(board, to_move, quiet=0):
    s = State(board, to_move, quiet)
    s.history[s.key()] = 1
    return s


def from_fen(text):
    fields = text.split()
    if not fields:
        raise ValueError("empty FEN")
    rows = fields[0].split("/")
    if len(rows) != HEIGHT:
        raise ValueError("FEN: %d rows, the board has %d" % (len(rows), HEIGHT))
    board = [None] * (WIDTH * HEIGHT)
    for i, text in enumerate(rows):
        row, col = HEIGHT - 1 - i, 0
        for ch in text:
            if ch.isdigit():
                col += int(ch)
            elif ch.lower() in LETTER_TYPE:
                if col >= WIDTH:
                    raise ValueError("FEN: row %d too long" % (row + 1))
                board[row * WIDTH + col] = (1 if ch.isupper() else 2, LETTER_TYPE[ch.lower()])
                col += 1
            else:
                raise ValueError("FEN: bad letter %r" % ch)
        if col != WIDTH:
            raise ValueError("FEN: row %d has %d cells" % (row + 1, col))
    to_move = 1
    if len(fields) > 1:
        if fields[1] not in ("w", "b"):
            raise ValueError("FEN: side %r" % fields[1])
        to_move = 1 if fields[1] == "w" else 2
    quiet = int(fields[4]) if len(fields) > 4 else 0
    return fresh(tuple(board), to_move, quiet)


def to_fen(s):
    rows = []
    for row in range(HEIGHT - 1, -1, -1):
        text, empty = "", 0
        for col in range(WIDTH):
            pc = s.board[row * WIDTH + col]
            if pc is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            ch = TYPE_LETTER[pc[1]]
            text += ch.upper() if pc[0] == 1 else ch
        if empty:
            text += str(empty)
        rows.append(text)
    return "%s %s - - %d 1" % ("/".join(rows), "w" if s.to_move == 1 else "b", s.quiet)


def from_position(pos):
    if pos is None:
        return from_fen(START_FEN)
    for k in pos:
        if k not in ("fen", "to-move", "pieces"):
            raise ValueError("position field %r not modelled" % k)
    if "fen" in pos:
        return from_fen(str(pos["fen"]))
    board = [None] * (WIDTH * HEIGHT)
    for c, text in (pos.get("pieces") or {}).items():
        parts = str(text).split()
        if len(parts) != 2 or parts[0] not in ("1", "2") or parts[1] not in TYPE_LETTER:
            raise ValueError("bad piece %r" % text)
        board[cell(c)] = (int(parts[0]), parts[1])
    return fresh(tuple(board), int(pos.get("to-move", 1)))


def perft(s, depth):
    return refkit.perft(s, depth, legal_moves, apply)


def piece_text(pc):
    return "%d %s" % pc


def check_case(case):
    s, errors = refkit.replay(from_position(case.get("position")), case.get("play"), legal_moves, apply)
    if errors:
        return errors
    return refkit.expect_errors(case.get("expect") or {}, legal_moves(s), result(s), s.to_move,
                                lambda c: s.board[cell(c)],
                                lambda got, text: piece_text(got) == str(text))


def check_file(path):
    from yamlmini import load_yaml
    doc = load_yaml(path)
    if doc.get("ruleset") != "xiangqi" or doc.get("options"):
        print("%s: not the bundled xiangqi without options" % path)
        return 1
    return refkit.run_cases(path, doc["cases"], check_case)


def random_positions(n, seed):
    """N positions of random games: each game starts afresh, and every
    position of it is written until it ends (its last position included)."""
    import random
    rnd = random.Random(seed)
    out = []
    s = from_fen(START_FEN)
    while len(out) < n:
        given = from_fen(to_fen(s))   # the position as the FEN gives it
        out.append("%s\t%s" % (to_fen(given), " ".join(sorted(legal_moves(given)))))
        live = legal_moves(s)
        if not live or rnd.random() < 0.01:
            s = from_fen(START_FEN)
            continue
        s = apply(s, live[rnd.choice(sorted(live))])
    return out


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    args = argv[1:]
    if args and args[0] == "check" and len(args) > 1:
        return 1 if sum(check_file(f) for f in args[1:]) else 0
    if args and args[0] == "perft" and len(args) == 3:
        s = from_fen(START_FEN if args[1] == "start" else args[1])
        for d in range(1, int(args[2]) + 1):
            print("perft %d %d" % (d, perft(s, d)))
            sys.stdout.flush()
        return 0
    if args and args[0] == "moves" and len(args) == 2:
        s = from_fen(START_FEN if args[1] == "start" else args[1])
        moves = legal_moves(s)
        if moves:
            print("\n".join(sorted(moves)))
        print("result: %s" % result(s), file=sys.stderr)
        return 0
    if args and args[0] == "random" and len(args) == 3:
        print("\n".join(random_positions(int(args[1]), int(args[2]))))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
