#!/usr/bin/env python3
"""Independent reference implementation of Shogi (tests only).

Written from the rules page docs/rules/shogi.md, without looking at the C
engine.  Plain Python 3, standard library only (yamlmini.py reads the YAML;
PyYAML is used by it when installed).

Usage:
  shogi_ref.py perft SFEN DEPTH         `perft D COUNT` for D = 1..DEPTH
                                        (SFEN `start`: the start position)
  shogi_ref.py moves SFEN               the legal moves, one per line, and the
                                        result on stderr
  shogi_ref.py check SCENARIO.yaml...   check every case of the files
  shogi_ref.py random N SEED [SFEN]     N positions met in random games from
                                        the start (or SFEN), one a line: SFEN,
                                        a tab, the legal moves sorted and
                                        separated by spaces

Cells are a1 (sente's left corner, file 9 rank i of the Japanese notation) to
i9; sente (player 1, upper-case letters in SFEN) moves north from rows 1-3.
A move on the board is FROM-TO, captures included, with `+` when it promotes;
a drop is LETTER*TO with the upper-case letter of the type, for either side.
perft D counts the move sequences of exactly D moves.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refkit  # noqa: E402

SIZE = 9
FILES = "abcdefghi"
START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

# The types by their SFEN letter (`+` for the promoted ones) and the type a
# promotion makes of each promotable one (rule 4).
LETTER_TYPE = {"k": "king", "r": "rook", "b": "bishop", "g": "gold", "s": "silver",
               "n": "knight", "l": "lance", "p": "pawn", "+r": "dragon", "+b": "horse",
               "+s": "promoted-silver", "+n": "promoted-knight", "+l": "promoted-lance",
               "+p": "tokin"}
TYPE_LETTER = {v: k for k, v in LETTER_TYPE.items()}
PROMOTES_TO = {"rook": "dragon", "bishop": "horse", "silver": "promoted-silver",
               "knight": "promoted-knight", "lance": "promoted-lance", "pawn": "tokin"}
UNPROMOTED = {v: k for k, v in PROMOTES_TO.items()}
HAND_ORDER = ("rook", "bishop", "gold", "silver", "knight", "lance", "pawn")

# Rule 3, in the owner's frame: dr = +1 is one row forward.
ORTH = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))
GOLD = ((0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1))
STEPS = {"king": ORTH + DIAG, "gold": GOLD, "silver": ((0, 1),) + DIAG,
         "knight": ((1, 2), (-1, 2)), "pawn": ((0, 1),),
         "dragon": DIAG, "horse": ORTH, "promoted-silver": GOLD,
         "promoted-knight": GOLD, "promoted-lance": GOLD, "tokin": GOLD}
SLIDES = {"rook": ORTH, "bishop": DIAG, "lance": ((0, 1),),
          "dragon": ORTH, "horse": DIAG}
REPETITIONS = 4   # rule 13


def name(c):
    return "%s%d" % (FILES[c % SIZE], c // SIZE + 1)


def cell(text):
    text = str(text)
    if len(text) != 2 or text[0] not in FILES or text[1] not in "123456789":
        raise ValueError("no cell %r" % text)
    return (int(text[1]) - 1) * SIZE + FILES.index(text[0])


def at(col, row):
    if 0 <= col < SIZE and 0 <= row < SIZE:
        return row * SIZE + col
    return None


def fwd(player):
    return 1 if player == 1 else -1


def rank_from_own(player, row):
    """ROW (0-based) counted from PLAYER's own side: 0 their first rank, 8 the last."""
    return row if player == 1 else SIZE - 1 - row


def in_zone(player, row):
    return rank_from_own(player, row) >= 6   # rule 4: the far three ranks


def could_move_again(player, kind, row):
    """Rules 5 and 8: a pawn or lance on the last rank, a knight on the last two, could not."""
    r = rank_from_own(player, row)
    if kind in ("pawn", "lance"):
        return r < 8
    if kind == "knight":
        return r < 7
    return True


def targets(board, c, player, kind):
    """The cells the piece KIND of PLAYER on C reaches by its movement (rule 3):
    empty ones and those of an enemy piece."""
    col, row, f = c % SIZE, c // SIZE, fwd(player)
    out = []
    for dc, dr in STEPS.get(kind, ()):
        t = at(col + dc, row + dr * f)
        if t is not None and (board[t] is None or board[t][0] != player):
            out.append(t)
    for dc, dr in SLIDES.get(kind, ()):
        k = 1
        while True:
            t = at(col + k * dc, row + k * dr * f)
            if t is None:
                break
            if board[t] is not None:
                if board[t][0] != player:
                    out.append(t)
                break
            out.append(t)
            k += 1
    return out


def attacked(board, target, by):
    """Whether a piece of BY could capture on TARGET: looked at from TARGET,
    each way a piece moves is walked back."""
    col, row, f = target % SIZE, target // SIZE, fwd(by)
    for kind, steps in STEPS.items():
        for dc, dr in steps:
            s = at(col - dc, row - dr * f)
            if s is not None and board[s] == (by, kind):
                return True
    for kind, dirs in SLIDES.items():
        for dc, dr in dirs:
            k = 1
            while True:
                s = at(col - k * dc, row - k * dr * f)
                if s is None:
                    break
                if board[s] is not None:
                    if board[s] == (by, kind):
                        return True
                    break
                k += 1
    return False


def king_cell(board, player):
    for c in range(SIZE * SIZE):
        if board[c] == (player, "king"):
            return c
    return None


def in_check(board, player):
    k = king_cell(board, player)
    return k is not None and attacked(board, k, 3 - player)


class State:
    """BOARD: a tuple of 81 entries, None or (player, type).  HANDS: a pair of
    tuples, the counts of HAND_ORDER's types each player holds.  HISTORY: how
    often each position (board, hands, player to move) occurred."""

    def __init__(self, board, hands, to_move, history=None, trail=None):
        self.board = board
        self.hands = hands
        self.to_move = to_move
        self.history = history if history is not None else {}
        # the positions in order, each with who moved there and whether that
        # move checked: (key, mover, checked); the first has no mover
        self.trail = trail if trail is not None else []

    def key(self):
        return (self.board, self.hands, self.to_move)


def board_moves(board, player):
    """Moves of the pieces on the board (rules 3-5), legal or not:
    (from, to, promotes) tuples."""
    out = []
    for c in range(SIZE * SIZE):
        pc = board[c]
        if pc is None or pc[0] != player:
            continue
        kind = pc[1]
        for t in targets(board, c, player, kind):
            row_from, row_to = c // SIZE, t // SIZE
            if kind in PROMOTES_TO and (in_zone(player, row_from) or in_zone(player, row_to)):
                out.append((c, t, True))
                if could_move_again(player, kind, row_to):
                    out.append((c, t, False))
            else:
                out.append((c, t, False))
    return out


def drop_moves(board, hands, player):
    """Drops (rules 7-9), before rule 10 and rule 11: (kind, to) pairs."""
    out = []
    hand = hands[player - 1]
    pawn_files = set(c % SIZE for c in range(SIZE * SIZE) if board[c] == (player, "pawn"))
    for i, kind in enumerate(HAND_ORDER):
        if not hand[i]:
            continue
        for t in range(SIZE * SIZE):
            if board[t] is not None or not could_move_again(player, kind, t // SIZE):
                continue
            if kind == "pawn" and t % SIZE in pawn_files:
                continue
            out.append((kind, t))
    return out


def apply_board_move(board, hands, player, mv):
    c, t, promotes = mv
    b = list(board)
    hs = [list(hands[0]), list(hands[1])]
    if b[t] is not None:   # rule 6: to the captor's hand, unpromoted
        taken = UNPROMOTED.get(b[t][1], b[t][1])
        hs[player - 1][HAND_ORDER.index(taken)] += 1
    kind = b[c][1]
    b[t] = (player, PROMOTES_TO[kind] if promotes else kind)
    b[c] = None
    return tuple(b), (tuple(hs[0]), tuple(hs[1]))


def apply_drop(board, hands, player, drop):
    kind, t = drop
    b = list(board)
    b[t] = (player, kind)
    hs = [list(hands[0]), list(hands[1])]
    hs[player - 1][HAND_ORDER.index(kind)] -= 1
    return tuple(b), (tuple(hs[0]), tuple(hs[1]))


def drop_legal(board, hands, player, drop):
    """Rules 11 and 10 for a drop that rules 7-9 allow."""
    b, h = apply_drop(board, hands, player, drop)
    if in_check(b, player):
        return False
    # rule 10: a pawn drop may not mate (check, and no legal answer)
    return not (drop[0] == "pawn" and in_check(b, 3 - player) and not has_legal_move(b, h, 3 - player))


def has_legal_move(board, hands, player):
    for mv in board_moves(board, player):
        b, _ = apply_board_move(board, hands, player, mv)
        if not in_check(b, player):
            return True
    return any(drop_legal(board, hands, player, d) for d in drop_moves(board, hands, player))


def legal(board, hands, player):
    """The legal moves: {notation: ("move", (from, to, promotes)) or ("drop", (kind, to))}."""
    out = {}
    for mv in board_moves(board, player):
        b, _ = apply_board_move(board, hands, player, mv)
        if not in_check(b, player):   # rule 11
            out["%s-%s%s" % (name(mv[0]), name(mv[1]), "+" if mv[2] else "")] = ("move", mv)
    for drop in drop_moves(board, hands, player):
        if drop_legal(board, hands, player, drop):
            out["%s*%s" % (TYPE_LETTER[drop[0]].upper(), name(drop[1]))] = ("drop", drop)
    return out


def all_moves(s):
    if not hasattr(s, "_all"):
        s._all = legal(s.board, s.hands, s.to_move)
    return s._all


def result(s):
    """Rule 12 first (no legal move: the player to move loses), then rule 13."""
    if not all_moves(s):
        return "win %d" % (3 - s.to_move)
    if s.history.get(s.key(), 0) >= REPETITIONS:
        return perpetual(s)
    return "ongoing"


def perpetual(s):
    """Rule 13 at the fourth occurrence: a player who checked with every one
    of their moves since the position first stood loses, unless both did."""
    first = next(i for i, (key, _, _) in enumerate(s.trail) if key == s.key())
    since = s.trail[first + 1:]
    always = {p: all(checked for _, mover, checked in since if mover == p) for p in (1, 2)}
    if always[1] != always[2]:
        return "win %d" % (2 if always[1] else 1)
    return "draw"


def legal_moves(s):
    """The legal moves of S; none when the game is over."""
    return all_moves(s) if result(s) == "ongoing" else {}


def apply(s, entry):
    what, mv = entry
    if what == "move":
        board, hands = apply_board_move(s.board, s.hands, s.to_move, mv)
    else:
        board, hands = apply_drop(s.board, s.hands, s.to_move, mv)
    t = State(board, hands, 3 - s.to_move, dict(s.history),
              s.trail + [((board, hands, 3 - s.to_move), s.to_move, in_check(board, 3 - s.to_move))])
    t.history[t.key()] = t.history.get(t.key(), 0) + 1
    return t


def fresh(board, hands, to_move):
    s = State(board, hands, to_move)
    s.history[s.key()] = 1
    s.trail = [(s.key(), None, False)]
    return s


def from_sfen(text):
    fields = text.split()
    if len(fields) < 3:
        raise ValueError("SFEN: board, side and hands wanted")
    rows = fields[0].split("/")
    if len(rows) != SIZE:
        raise ValueError("SFEN: %d rows, the board has %d" % (len(rows), SIZE))
    board = [None] * (SIZE * SIZE)
    for i, text in enumerate(rows):
        row, col, plus = SIZE - 1 - i, 0, ""
        for ch in text:
            if ch.isdigit():
                if plus:
                    raise ValueError("SFEN: + before a number")
                col += int(ch)
            elif ch == "+":
                plus = "+"
            elif plus + ch.lower() in LETTER_TYPE and col < SIZE:
                board[row * SIZE + col] = (1 if ch.isupper() else 2, LETTER_TYPE[plus + ch.lower()])
                col, plus = col + 1, ""
            else:
                raise ValueError("SFEN: bad letter %r in row %d" % (ch, row + 1))
        if col != SIZE:
            raise ValueError("SFEN: row %d has %d cells" % (row + 1, col))
    if fields[1] not in ("b", "w"):
        raise ValueError("SFEN: side %r" % fields[1])
    hands = [[0] * len(HAND_ORDER), [0] * len(HAND_ORDER)]
    if fields[2] != "-":
        count = ""
        for ch in fields[2]:
            if ch.isdigit():
                count += ch
                continue
            kind = LETTER_TYPE.get(ch.lower())
            if kind not in HAND_ORDER:
                raise ValueError("SFEN: bad hand letter %r" % ch)
            hands[0 if ch.isupper() else 1][HAND_ORDER.index(kind)] += int(count or "1")
            count = ""
    return fresh(tuple(board), (tuple(hands[0]), tuple(hands[1])), 1 if fields[1] == "b" else 2)


def to_sfen(s):
    rows = []
    for row in range(SIZE - 1, -1, -1):
        text, empty = "", 0
        for col in range(SIZE):
            pc = s.board[row * SIZE + col]
            if pc is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            letter = TYPE_LETTER[pc[1]]
            text += letter.upper() if pc[0] == 1 else letter
        if empty:
            text += str(empty)
        rows.append(text)
    hand = ""
    for p in (0, 1):
        for i, kind in enumerate(HAND_ORDER):
            n = s.hands[p][i]
            if n:
                letter = TYPE_LETTER[kind]
                hand += ("%d" % n if n > 1 else "") + (letter.upper() if p == 0 else letter)
    return "%s %s %s 1" % ("/".join(rows), "b" if s.to_move == 1 else "w", hand or "-")


def parse_piece(text):
    parts = str(text).split()
    if len(parts) != 2 or parts[0] not in ("1", "2") or parts[1] not in TYPE_LETTER:
        raise ValueError("bad piece %r" % text)
    return (int(parts[0]), parts[1])


def parse_hands(mapping):
    hands = [[0] * len(HAND_ORDER), [0] * len(HAND_ORDER)]
    for p, supply in (mapping or {}).items():
        for kind, n in (supply or {}).items():
            if int(p) not in (1, 2) or kind not in HAND_ORDER:
                raise ValueError("bad hand %r: %r" % (p, kind))
            hands[int(p) - 1][HAND_ORDER.index(kind)] = int(n)
    return (tuple(hands[0]), tuple(hands[1]))


def from_position(pos):
    if pos is None:
        return from_sfen(START_SFEN)
    for k in pos:
        if k not in ("fen", "to-move", "pieces", "hand"):
            raise ValueError("position field %r not modelled" % k)
    if "fen" in pos:
        return from_sfen(str(pos["fen"]))
    board = [None] * (SIZE * SIZE)
    for c, text in (pos.get("pieces") or {}).items():
        board[cell(c)] = parse_piece(text)
    return fresh(tuple(board), parse_hands(pos.get("hand")), int(pos.get("to-move", 1)))


def perft(s, depth):
    return refkit.perft(s, depth, legal_moves, apply)


def check_case(case):
    s, errors = refkit.replay(from_position(case.get("position")), case.get("play"), legal_moves, apply)
    if errors:
        return errors
    exp = case.get("expect") or {}
    errors = refkit.expect_errors(exp, legal_moves(s), result(s), s.to_move,
                                  lambda c: s.board[cell(c)],
                                  lambda got, text: got == parse_piece(text),
                                  refkit.EXPECT_KEYS + ("hand",))
    if "hand" in exp and parse_hands(exp["hand"]) != s.hands:
        errors.append("hand: expected %s, reference %s" % (exp["hand"], s.hands))
    return errors


def check_file(path):
    from yamlmini import load_yaml
    doc = load_yaml(path)
    if doc.get("ruleset") != "shogi" or doc.get("options"):
        print("%s: not the bundled shogi without options" % path)
        return 1
    return refkit.run_cases(path, doc["cases"], check_case)


def random_positions(n, seed, start=START_SFEN):
    """N positions of random games: each game starts afresh from START, and every position
    of it is written until it ends (its last position included).  Captures and
    drops are chosen more often than the rest, so that hands fill and drops,
    promotions and the pawn-drop rules come up."""
    import random
    rnd = random.Random(seed)
    out = []
    s = from_sfen(start)
    while len(out) < n:
        given = from_sfen(to_sfen(s))   # the position as the SFEN gives it
        out.append("%s\t%s" % (to_sfen(given), " ".join(sorted(legal_moves(given)))))
        live = legal_moves(s)
        if not live or rnd.random() < 0.01:
            s = from_sfen(start)
            continue
        names = sorted(live)
        sharp = [m for m in names if "*" in m or m.endswith("+") or
                 (live[m][0] == "move" and s.board[live[m][1][1]] is not None)]
        pick = rnd.choice(sharp) if sharp and rnd.random() < 0.5 else rnd.choice(names)
        s = apply(s, live[pick])
    return out


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    args = argv[1:]
    if args and args[0] == "check" and len(args) > 1:
        return 1 if sum(check_file(f) for f in args[1:]) else 0
    if args and args[0] == "perft" and len(args) == 3:
        s = from_sfen(START_SFEN if args[1] == "start" else args[1])
        for d in range(1, int(args[2]) + 1):
            print("perft %d %d" % (d, perft(s, d)))
            sys.stdout.flush()
        return 0
    if args and args[0] == "moves" and len(args) == 2:
        s = from_sfen(START_SFEN if args[1] == "start" else args[1])
        moves = legal_moves(s)
        if moves:
            print("\n".join(sorted(moves)))
        print("result: %s" % result(s), file=sys.stderr)
        return 0
    if args and args[0] == "random" and len(args) in (3, 4):
        start = args[3] if len(args) == 4 else START_SFEN
        print("\n".join(random_positions(int(args[1]), int(args[2]), start)))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
