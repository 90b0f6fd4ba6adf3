#!/usr/bin/env python3
"""Independent reference move generator for chess and Los Alamos chess (tests only).

Written from the rules pages docs/rules/chess.md and docs/rules/los-alamos.md
(the FIDE Laws of Chess; Los Alamos chess as played by the 1956 MANIAC
program), without looking at the C engine.  A plain array generator: the
board is a list of width*height cells, index row*width+column, each None or a
FEN letter (upper case for White, player 1).  Standard library only
(yamlmini.py reads the scenario files).

Moves are written as tabula writes them: FROM-TO for every move and capture,
FROM-TO=x for a promotion (x the lower-case letter of the chosen type), O-O
and O-O-O for castling.

Usage:
  chess_ref.py perft GAME DEPTH [FEN]   `perft D COUNT` for D = 1..DEPTH
  chess_ref.py moves GAME [FEN]         the legal moves, one per line
  chess_ref.py check SCENARIO.yaml...   check every case of the files
  chess_ref.py random GAME N SEED       N positions met in random games, as FEN
  chess_ref.py randommoves GAME N SEED  the same, each `FEN<TAB>MOVES<TAB>drawn|-` with the
                                        legal moves of the FEN alone (none when it ends the
                                        game; `drawn` when a draw rule ends it)
  chess_ref.py san GAME FEN MOVE        the move in standard algebraic notation
  chess_ref.py sancases N SEED          N lines `FEN<TAB>MOVE<TAB>SAN` (chess): the chosen
                                        cases of SAN_FIXED, then moves of random games

perft D counts the sequences of exactly D moves; like tabula's perft it does
not stop at a drawn position (only a position with no legal move ends a line).
"""

import os
import random
import sys

FILES = "abcdefghijklmnopqrstuvwxyz"
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
KING = DIAG + ORTH


class Rules:
    """One game's rules as data."""

    def __init__(self, name, width, height, start, castling, double_step, en_passant, promotions,
                 dead_material):
        self.name = name
        self.w, self.h = width, height
        self.start = start
        self.castling = castling
        self.double_step = double_step
        self.en_passant = en_passant
        self.promotions = promotions          # the letters a pawn may become
        self.dead_material = dead_material    # sets of the lone side's extra pieces that draw at once

    def name_of(self, sq):
        return FILES[sq % self.w] + str(sq // self.w + 1)

    def square(self, text):
        f = FILES.index(text[0])
        r = int(text[1:]) - 1
        if not (0 <= f < self.w and 0 <= r < self.h):
            raise ValueError("no square %s" % text)
        return r * self.w + f


GAMES = {
    # FIDE Laws: king against king, king and one bishop or one knight against king (docs/rules/chess.md)
    "chess": Rules("chess", 8, 8, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                   True, True, True, "qrbn", ("", "b", "n")),
    "los-alamos": Rules("los-alamos", 6, 6, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
                        False, False, False, "qrn", ("", "n")),
}


def white(pc):
    return pc.isupper()


def owner(pc):
    return "w" if pc.isupper() else "b"


class Position:
    def __init__(self, rules, board, to_move, rights, ep, halfmove, fullmove):
        self.r = rules
        self.board = board            # list of None / letter
        self.to_move = to_move        # 'w' or 'b'
        self.rights = rights          # set of (colour, 'K'|'Q') still allowed
        self.ep = ep                  # the square passed over by a double step just played, or None
        self.halfmove = halfmove      # plies since the last capture or pawn move
        self.fullmove = fullmove
        self.history = []             # repetition keys of the earlier positions

    def copy(self):
        p = Position(self.r, self.board[:], self.to_move, set(self.rights), self.ep, self.halfmove, self.fullmove)
        p.history = self.history[:] if self.history else []
        return p


def from_fen(rules, fen):
    parts = fen.split()
    rows = parts[0].split("/")
    if len(rows) != rules.h:
        raise ValueError("FEN %r: %d rows, the board has %d" % (fen, len(rows), rules.h))
    board = [None] * (rules.w * rules.h)
    for i, row in enumerate(rows):
        r = rules.h - 1 - i
        f = 0
        num = ""
        for ch in row + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch == " ":
                break
            board[r * rules.w + f] = ch
            f += 1
        if f != rules.w:
            raise ValueError("FEN %r: row %d has %d squares" % (fen, r + 1, f))
    to_move = parts[1] if len(parts) > 1 else "w"
    rights = set()
    if len(parts) > 2 and parts[2] != "-":
        for ch in parts[2]:
            rights.add(("w" if ch.isupper() else "b", ch.upper()))
    ep = rules.square(parts[3]) if len(parts) > 3 and parts[3] != "-" else None
    halfmove = int(parts[4]) if len(parts) > 4 else 0
    fullmove = int(parts[5]) if len(parts) > 5 else 1
    return Position(rules, board, to_move, rights, ep, halfmove, fullmove)


def to_fen(p):
    r = p.r
    rows = []
    for row in range(r.h - 1, -1, -1):
        s, empty = "", 0
        for f in range(r.w):
            pc = p.board[row * r.w + f]
            if pc is None:
                empty += 1
            else:
                if empty:
                    s += str(empty)
                empty = 0
                s += pc
        if empty:
            s += str(empty)
        rows.append(s)
    rights = "".join(ch if c == "w" else ch.lower() for c, ch in (("w", "K"), ("w", "Q"), ("b", "K"), ("b", "Q"))
                     if (c, ch) in p.rights) or "-"
    ep = r.name_of(p.ep) if p.ep is not None else "-"
    return "%s %s %s %s %d %d" % ("/".join(rows), p.to_move, rights, ep, p.halfmove, p.fullmove)


# ---------------------------------------------------------------- attacks

def on_board(r, f, rank):
    return 0 <= f < r.w and 0 <= rank < r.h


def attacked(p, sq, by):
    """Is square SQ attacked by a piece of colour BY ('w'/'b')?"""
    r, b = p.r, p.board
    f0, r0 = sq % r.w, sq // r.w

    def piece_at(f, rank):
        return b[rank * r.w + f]

    def mine(pc, letter):
        return pc is not None and owner(pc) == by and pc.lower() == letter

    # pawns: a white pawn attacks diagonally upwards, so it stands below
    dr = -1 if by == "w" else 1
    for df in (-1, 1):
        f, rank = f0 + df, r0 + dr
        if on_board(r, f, rank) and mine(piece_at(f, rank), "p"):
            return True
    for df, drr in KNIGHT:
        f, rank = f0 + df, r0 + drr
        if on_board(r, f, rank) and mine(piece_at(f, rank), "n"):
            return True
    for df, drr in KING:
        f, rank = f0 + df, r0 + drr
        if on_board(r, f, rank) and mine(piece_at(f, rank), "k"):
            return True
    for dirs, letters in ((ORTH, "rq"), (DIAG, "bq")):
        for df, drr in dirs:
            f, rank = f0 + df, r0 + drr
            while on_board(r, f, rank):
                pc = piece_at(f, rank)
                if pc is not None:
                    if owner(pc) == by and pc.lower() in letters:
                        return True
                    break
                f, rank = f + df, rank + drr
    return False


def king_square(p, colour):
    k = "K" if colour == "w" else "k"
    for i, pc in enumerate(p.board):
        if pc == k:
            return i
    return None


def in_check(p, colour=None):
    colour = colour or p.to_move
    k = king_square(p, colour)
    return k is not None and attacked(p, k, "b" if colour == "w" else "w")


# ---------------------------------------------------------------- moves
# A move is a tuple (from, to, promotion letter or '', kind) with kind one of
# 'n' (normal), 'ep' (en passant), 'dbl' (double step), 'O-O', 'O-O-O'.

def pseudo_moves(p):
    r, b, me = p.r, p.board, p.to_move
    them = "b" if me == "w" else "w"
    out = []
    fwd = 1 if me == "w" else -1
    last_rank = r.h - 1 if me == "w" else 0
    start_rank = 1 if me == "w" else r.h - 2
    for sq, pc in enumerate(b):
        if pc is None or owner(pc) != me:
            continue
        f0, r0 = sq % r.w, sq // r.w
        kind = pc.lower()
        if kind == "p":
            def add_pawn(to, mk="n"):
                if to // r.w == last_rank:
                    for x in r.promotions:
                        out.append((sq, to, x, mk))
                else:
                    out.append((sq, to, "", mk))
            rank = r0 + fwd
            if on_board(r, f0, rank) and b[rank * r.w + f0] is None:
                add_pawn(rank * r.w + f0)
                rank2 = r0 + 2 * fwd
                if r.double_step and r0 == start_rank and on_board(r, f0, rank2) and b[rank2 * r.w + f0] is None:
                    out.append((sq, rank2 * r.w + f0, "", "dbl"))
            for df in (-1, 1):
                f = f0 + df
                if not on_board(r, f, rank):
                    continue
                to = rank * r.w + f
                if b[to] is not None and owner(b[to]) == them:
                    add_pawn(to)
                elif r.en_passant and to == p.ep:
                    out.append((sq, to, "", "ep"))
        elif kind == "n" or kind == "k":
            for df, drr in (KNIGHT if kind == "n" else KING):
                f, rank = f0 + df, r0 + drr
                if on_board(r, f, rank):
                    to = rank * r.w + f
                    if b[to] is None or owner(b[to]) == them:
                        out.append((sq, to, "", "n"))
        else:
            dirs = {"r": ORTH, "b": DIAG, "q": KING}[kind]
            for df, drr in dirs:
                f, rank = f0 + df, r0 + drr
                while on_board(r, f, rank):
                    to = rank * r.w + f
                    if b[to] is not None:
                        if owner(b[to]) == them:
                            out.append((sq, to, "", "n"))
                        break
                    out.append((sq, to, "", "n"))
                    f, rank = f + df, rank + drr
    if r.castling:
        out.extend(castling_moves(p))
    return out


def castling_moves(p):
    """Castling of the standard array: king on e1/e8, rooks on a and h."""
    r, b, me = p.r, p.board, p.to_move
    them = "b" if me == "w" else "w"
    row = 0 if me == "w" else r.h - 1
    k = king_square(p, me)
    out = []
    if k is None or k != row * r.w + 4:
        return out
    rook = "R" if me == "w" else "r"
    for side, rook_file, king_to, between in (("K", 7, 6, (5, 6)), ("Q", 0, 2, (1, 2, 3))):
        if (me, side) not in p.rights or b[row * r.w + rook_file] != rook:
            continue
        if any(b[row * r.w + f] is not None for f in between):
            continue
        path = range(4, king_to + 1) if king_to > 4 else range(king_to, 5)
        if any(attacked(p, row * r.w + f, them) for f in path):
            continue
        out.append((k, row * r.w + king_to, "", "O-O" if side == "K" else "O-O-O"))
    return out


def make(p, mv, track=False):
    """The position after MV (no legality test); TRACK keeps the history of
    positions that repetition reads."""
    r = p.r
    q = p.copy()
    if track:
        q.history.append(rep_key(p))
    b = q.board
    fr, to, promo, kind = mv
    pc = b[fr]
    me = p.to_move
    capture = b[to] is not None or kind == "ep"
    b[to] = pc
    b[fr] = None
    if kind == "ep":
        b[to - (r.w if me == "w" else -r.w)] = None
    if promo:
        b[to] = promo.upper() if me == "w" else promo
    if kind in ("O-O", "O-O-O"):
        row = fr // r.w
        rf, rt = (7, 5) if kind == "O-O" else (0, 3)
        b[row * r.w + rt] = b[row * r.w + rf]
        b[row * r.w + rf] = None
    # castling rights: lost when the king or a rook moves from, or is taken on, its square
    for colour in ("w", "b"):
        row = 0 if colour == "w" else r.h - 1
        for side, f in (("K", 7), ("Q", 0)):
            if (colour, side) in q.rights and (fr in (row * r.w + 4, row * r.w + f) or to == row * r.w + f):
                q.rights.discard((colour, side))
    q.ep = (fr + to) // 2 if kind == "dbl" else None
    q.halfmove = 0 if capture or pc.lower() == "p" else p.halfmove + 1
    if me == "b":
        q.fullmove += 1
    q.to_move = "b" if me == "w" else "w"
    return q


def legal_moves(p):
    out = []
    for mv in pseudo_moves(p):
        q = make(p, mv)
        if not in_check(q, p.to_move):
            out.append(mv)
    return out


def notation(p, mv):
    fr, to, promo, kind = mv
    if kind in ("O-O", "O-O-O"):
        return kind
    s = p.r.name_of(fr) + "-" + p.r.name_of(to)
    return s + ("=" + promo if promo else "")


def rep_key(p):
    """Same position (FIDE 9.2.3): same pieces on the same squares, the same
    player to move, the same castling rights and the same en passant capture
    possible."""
    ep = None
    if p.ep is not None and any(mv[3] == "ep" for mv in legal_moves_noep_check(p)):
        ep = p.ep
    return (tuple(p.board), p.to_move, frozenset(p.rights), ep)


def legal_moves_noep_check(p):
    # legal moves without recursion through rep_key (make() calls rep_key)
    out = []
    for mv in pseudo_moves(p):
        if mv[3] != "ep":
            continue
        q_board = p.board[:]
        fr, to, _, _ = mv
        q_board[to] = q_board[fr]
        q_board[fr] = None
        q_board[to - (p.r.w if p.to_move == "w" else -p.r.w)] = None
        q = Position(p.r, q_board, p.to_move, p.rights, None, 0, 1)
        if not in_check(q, p.to_move):
            out.append(mv)
    return out


# ---------------------------------------------------------------- results

def dead_material(p):
    """King against king, or king and one piece of the game's list against
    a lone king (the clauses tabula can express)."""
    pieces = {"w": [], "b": []}
    for pc in p.board:
        if pc is not None and pc.lower() != "k":
            pieces[owner(pc)].append(pc.lower())
    a, b = "".join(sorted(pieces["w"])), "".join(sorted(pieces["b"]))
    return (a == "" and b in p.r.dead_material) or (b == "" and a in p.r.dead_material)


def result(p):
    """'ongoing', 'draw', 'win 1' or 'win 2', judged as tabula's end clauses
    for chess are written: stalemate, checkmate, 50 moves (100 plies) without
    capture or pawn move, the third repetition, dead material."""
    moves = legal_moves(p)
    if not moves:
        if in_check(p):
            return "win 2" if p.to_move == "w" else "win 1"
        return "draw"
    if p.halfmove >= 100:
        return "draw"
    key = rep_key(p)
    if sum(1 for k in p.history if k == key) + 1 >= 3:
        return "draw"
    if dead_material(p):
        return "draw"
    return "ongoing"


def perft(p, depth):
    if depth == 0:
        return 1
    moves = legal_moves(p)
    if depth == 1:
        return len(moves)
    return sum(perft(make(p, mv), depth - 1) for mv in moves)


# ---------------------------------------------------------------- SAN

def san(p, mv):
    """Standard algebraic notation (FIDE Laws, Appendix C) of a legal move."""
    r = p.r
    fr, to, promo, kind = mv
    if kind in ("O-O", "O-O-O"):
        s = kind
    else:
        pc = p.board[fr].upper()
        capture = p.board[to] is not None or kind == "ep"
        if pc == "P":
            s = (r.name_of(fr)[0] + "x" if capture else "") + r.name_of(to)
            if promo:
                s += "=" + promo.upper()
        else:
            others = [m for m in legal_moves(p) if m[1] == to and m[0] != fr and p.board[m[0]] == p.board[fr]]
            dis = ""
            if others:
                same_file = any(m[0] % r.w == fr % r.w for m in others)
                same_rank = any(m[0] // r.w == fr // r.w for m in others)
                if not same_file:
                    dis = r.name_of(fr)[0]
                elif not same_rank:
                    dis = r.name_of(fr)[1:]
                else:
                    dis = r.name_of(fr)
            s = pc + dis + ("x" if capture else "") + r.name_of(to)
    q = make(p, mv)
    if in_check(q):
        s += "#" if not legal_moves(q) else "+"
    return s


# ---------------------------------------------------------------- scenarios

def position_from_case(rules, pos):
    if pos is None:
        return from_fen(rules, rules.start)
    if "fen" in pos:
        return from_fen(rules, pos["fen"])
    raise ValueError("the reference reads positions given as fen: only")


def piece_letters(rules):
    return {"pawn": "p", "knight": "n", "bishop": "b", "rook": "r", "queen": "q", "king": "k"}


def check_case(rules, case):
    p = position_from_case(rules, case.get("position"))
    for text in case.get("play", []) or []:
        moves = {notation(p, mv): mv for mv in legal_moves(p)}
        if result(p) != "ongoing":
            return "move %s played after the game ended (%s)" % (text, result(p))
        if text not in moves:
            return "move %s is not legal; legal: %s" % (text, " ".join(sorted(moves)))
        p = make(p, moves[text], True)
    exp = case["expect"]
    errs = []
    over = result(p) != "ongoing"
    legal = set() if over else {notation(p, mv) for mv in legal_moves(p)}
    if "moves" in exp and set(exp["moves"]) != legal:
        errs.append("moves: expected %s, got %s" % (sorted(exp["moves"]), sorted(legal)))
    for m in exp.get("includes", []) or []:
        if m not in legal:
            errs.append("includes %s: not legal" % m)
    for m in exp.get("excludes", []) or []:
        if m in legal:
            errs.append("excludes %s: legal" % m)
    if "count" in exp and exp["count"] != len(legal):
        errs.append("count: expected %s, got %d" % (exp["count"], len(legal)))
    if "result" in exp and exp["result"] != result(p):
        errs.append("result: expected %s, got %s" % (exp["result"], result(p)))
    if "to-move" in exp and exp["to-move"] != (1 if p.to_move == "w" else 2):
        errs.append("to-move: expected %s" % exp["to-move"])
    names = {v: k for k, v in piece_letters(rules).items()}
    for cell, text in (exp.get("pieces") or {}).items():
        pc = p.board[rules.square(cell)]
        got = None if pc is None else "%d %s" % (1 if white(pc) else 2, names[pc.lower()])
        if got != text:
            errs.append("pieces %s: expected %s, got %s" % (cell, text, got))
    for cell in exp.get("empty", []) or []:
        if p.board[rules.square(cell)] is not None:
            errs.append("empty %s: holds %s" % (cell, p.board[rules.square(cell)]))
    return "; ".join(errs)


def check_file(path):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    from yamlmini import load_yaml
    doc = load_yaml(path)
    rules = GAMES[doc["ruleset"].replace(".game", "").split("/")[-1]]
    failed = 0
    for case in doc["cases"]:
        err = check_case(rules, case)
        if err:
            failed += 1
            print("FAIL %s: %s: %s" % (path, case["name"], err))
    print("%s: %d cases, %d failed" % (path, len(doc["cases"]), failed))
    return failed == 0


def random_positions(rules, n, seed):
    """N positions met in random games from the start, each game at most 150
    plies long; a game that ends starts again."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        p = from_fen(rules, rules.start)
        for _ in range(rng.randint(1, 150)):
            if result(p) != "ongoing":
                break
            moves = legal_moves(p)
            p = make(p, rng.choice(moves), True)
            out.append(to_fen(p))
            if len(out) >= n:
                break
    return out


SAN_FIXED = (
    # position, move in tabula's notation: the cases a random game seldom meets
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O"),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O"),
    ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O"),                    # castling with check
    ("8/8/8/8/8/8/1r6/R3K2k w Q - 0 1", "O-O-O"),                  # queenside, with check
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5-d6"),                # en passant
    ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7-b8=q"),                # promotion, check
    ("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7-a8=n"),               # capture and promotion
    ("4k3/8/8/8/8/8/6p1/4K3 b - - 0 1", "g2-g1=r"),               # promotion with check
    ("7k/8/8/8/8/8/8/1N1N2K1 w - - 0 1", "b1-c3"),                 # disambiguation by file
    ("7k/8/8/8/8/8/8/1N1N2K1 w - - 0 1", "d1-c3"),
    ("7k/8/8/8/R7/8/8/R5K1 w - - 0 1", "a1-a2"),                  # by rank
    ("7k/8/8/8/R7/8/8/R5K1 w - - 0 1", "a4-a2"),
    ("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4-e1"),                 # by file and rank
    ("2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "h4-e1"),                 # by rank
    ("2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "a4-e4"),                 # by file
    ("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "e1-e2"),  # a pawn: king against king alone is a dead position
    ("3r3k/8/8/8/8/8/3N4/3KN3 w - - 0 1", "e1-f3"),               # the other knight pinned: none
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1-a8"),                # mate
    ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8-h4"),  # mate
    ("r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3", "e5-d4"),  # pawn capture
    ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "f3-e5"),  # piece capture
    ("8/8/8/8/8/5k2/8/R3K1R1 w - - 0 1", "g1-f1"),                 # check by a rook
)


def sancases(n, seed):
    """The cases of SAN_FIXED, then moves of random games, a few of each kind
    (capture, check, promotion, disambiguation...), up to N lines."""
    rules = GAMES["chess"]
    lines, seen = [], set()
    for fen, text in SAN_FIXED:
        p = from_fen(rules, fen)
        assert not in_check(p, "b" if p.to_move == "w" else "w"), fen
        mv = {notation(p, m): m for m in legal_moves(p)}[text]
        lines.append("%s\t%s\t%s" % (fen, text, san(p, mv)))
        seen.add((fen, text))
    rng = random.Random(seed)
    kinds = {}
    while len(lines) < n:
        p = from_fen(rules, rules.start)
        for _ in range(rng.randint(10, 200)):
            moves = legal_moves(p)
            if not moves or result(p) != "ongoing":
                break
            for mv in moves:
                s = san(p, mv)
                body = s.rstrip("+#")
                kind = (s[0] if s[0] in "KQRBN" else "P", "x" in s, s[-1] if s[-1] in "+#" else "",
                        "=" in s, len(body.replace("x", "")) - (3 if s[0] in "KQRBN" else 2))
                if kinds.get(kind, 0) < 1 and (to_fen(p), s) not in seen and len(lines) < n:
                    kinds[kind] = kinds.get(kind, 0) + 1
                    seen.add((to_fen(p), s))
                    lines.append("%s\t%s\t%s" % (to_fen(p), notation(p, mv), s))
            p = make(p, rng.choice(moves), True)
    return lines


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd, args = argv[1], argv[2:]
    if cmd == "perft":
        rules = GAMES[args[0]]
        depth = int(args[1])
        p = from_fen(rules, args[2] if len(args) > 2 else rules.start)
        for d in range(1, depth + 1):
            print("perft %d %d" % (d, perft(p, d)))
            sys.stdout.flush()
        return 0
    if cmd == "moves":
        rules = GAMES[args[0]]
        p = from_fen(rules, args[1] if len(args) > 1 else rules.start)
        for s in sorted(notation(p, mv) for mv in legal_moves(p)):
            print(s)
        return 0
    if cmd == "check":
        ok = True
        for path in args:
            ok = check_file(path) and ok
        return 0 if ok else 1
    if cmd == "random":
        for fen in random_positions(GAMES[args[0]], int(args[1]), int(args[2])):
            print(fen)
        return 0
    if cmd == "randommoves":
        rules = GAMES[args[0]]
        for fen in random_positions(rules, int(args[1]), int(args[2])):
            p = from_fen(rules, fen)
            legal = sorted(notation(p, mv) for mv in legal_moves(p))
            moves = legal if result(p) == "ongoing" else []
            # the third field: "drawn" when a draw rule, not the lack of a move, ends the game
            print("%s\t%s\t%s" % (fen, " ".join(moves), "drawn" if legal and not moves else "-"))
        return 0
    if cmd == "san":
        rules = GAMES[args[0]]
        p = from_fen(rules, args[1])
        for mv in legal_moves(p):
            if notation(p, mv) == args[2]:
                print(san(p, mv))
                return 0
        print("not a legal move: %s" % args[2], file=sys.stderr)
        return 1
    if cmd == "sancases":
        for line in sancases(int(args[0]), int(args[1])):
            print(line)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
