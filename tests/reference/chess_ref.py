#!/usr/bin/env python3
"""Independent reference move generator for chess, Chess960 and Los Alamos chess (tests only).

Written from the rules pages docs/rules/chess.md and docs/rules/los-alamos.md
(the FIDE Laws of Chess; Los Alamos chess as played by the 1956 MANIAC
program), without looking at the C engine.  Chess960 (GAME `chess960:N`, N
Scharnagl's number 0-959 of the start array, 518 the classical one) from the
Laws' Guidelines II (Chess960 Rules) and Scharnagl's published numbering;
castling rights in FEN as X-FEN/Shredder-FEN write them (K/Q the outermost
rook of a side, a file letter the rook on that file).  A plain array generator: the
board is a list of width*height cells, index row*width+column, each None or a
FEN letter (upper case for White, player 1).  Standard library only
(yamlmini.py reads the scenario files).

Moves are written as tabula writes them: FROM-TO for every move and capture,
FROM-TO=x for a promotion (x the lower-case letter of the chosen type), O-O
and O-O-O for castling.

GAME is chess, los-alamos or chess960:N.

Usage:
  chess_ref.py castlecases             `FEN<TAB>MOVES<TAB>FEN` for chosen Chess960 castling cases,
                                        the last field the FEN as the reference writes it
  chess_ref.py array N                  the rank-1 array of Chess960 number N (BBQNNRKR for 0)
  chess_ref.py perft GAME DEPTH [FEN]   `perft D COUNT` for D = 1..DEPTH
  chess_ref.py moves GAME [FEN]         the legal moves, one per line
  chess_ref.py check SCENARIO.yaml...   check every case of the files
  chess_ref.py random GAME N SEED       N positions met in random games, as FEN
  chess_ref.py randommoves GAME N SEED [PLIES]
                                        the same, each `FEN<TAB>MOVES<TAB>drawn|-` with the
                                        legal moves of the FEN alone (none when it ends the
                                        game; `drawn` when a draw rule ends it); with PLIES,
                                        short games (at most PLIES plies) whose random moves
                                        prefer castling and developing the first rank, so
                                        that castling stays possible often (a count of the
                                        positions with a castling move goes to stderr)
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


def chess960_array(n):
    """The rank-1 array of Chess960 number N (Scharnagl's numbering): N mod 4
    puts the light-squared bishop on b, d, f or h; of the quotient, mod 4 the
    dark-squared one on a, c, e or g; of the next quotient, mod 6 the queen on
    the first, second... of the six empty squares; the last quotient (0-9)
    the knights on two of the five left (the KRN table); rook, king, rook on
    the three left."""
    if not 0 <= n <= 959:
        raise ValueError("no Chess960 array %d" % n)
    a = [None] * 8
    n, b1 = divmod(n, 4)
    a[2 * b1 + 1] = "B"
    n, b2 = divmod(n, 4)
    a[2 * b2] = "B"
    n, q = divmod(n, 6)
    a[[i for i in range(8) if a[i] is None][q]] = "Q"
    pairs = [(i, j) for i in range(5) for j in range(i + 1, 5)]
    free = [i for i in range(8) if a[i] is None]
    for k in pairs[n]:
        a[free[k]] = "N"
    for letter, i in zip("RKR", [i for i in range(8) if a[i] is None]):
        a[i] = letter
    return "".join(a)


def rules_of(game):
    """GAMES[GAME], or chess from the array of Chess960 number N for chess960:N."""
    if game.startswith("chess960:"):
        rank = chess960_array(int(game.split(":", 1)[1]))
        c = GAMES["chess"]
        return Rules("chess", 8, 8, "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w KQkq - 0 1" % (rank.lower(), rank),
                     c.castling, c.double_step, c.en_passant, c.promotions, c.dead_material)
    return GAMES[game]


def white(pc):
    return pc.isupper()


def owner(pc):
    return "w" if pc.isupper() else "b"


class Position:
    def __init__(self, rules, board, to_move, rights, ep, halfmove, fullmove):
        self.r = rules
        self.board = board            # list of None / letter
        self.to_move = to_move        # 'w' or 'b'
        self.rights = rights          # set of (colour, file of the rook) still allowed
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
            colour = "w" if ch.isupper() else "b"
            row = 0 if colour == "w" else rules.h - 1
            rook = "R" if colour == "w" else "r"
            king = "K" if colour == "w" else "k"
            kf = [f for f in range(rules.w) if board[row * rules.w + f] == king]
            if ch.upper() in "KQ":
                # X-FEN: the outermost rook of that side of the king on the first rank
                if not kf:
                    continue
                files = range(rules.w - 1, kf[0], -1) if ch.upper() == "K" else range(0, kf[0])
                found = [f for f in files if board[row * rules.w + f] == rook]
                if found:
                    rights.add((colour, found[0]))
            else:
                rights.add((colour, FILES.index(ch.lower())))
    ep = rules.square(parts[3]) if len(parts) > 3 and parts[3] != "-" else None
    halfmove = int(parts[4]) if len(parts) > 4 else 0
    fullmove = int(parts[5]) if len(parts) > 5 else 1
    return Position(rules, board, to_move, rights, ep, halfmove, fullmove)


def right_letter(p, colour, f):
    """X-FEN: K or Q when the rook of the right is the outermost of its side of
    the king, its file otherwise (lower case for Black)."""
    r = p.r
    row = 0 if colour == "w" else r.h - 1
    rook = "R" if colour == "w" else "r"
    k = king_square(p, colour)
    ch = FILES[f].upper()
    if k is not None and k // r.w == row:
        kf = k % r.w
        outside = range(f + 1, r.w) if f > kf else range(0, f)
        if not any(p.board[row * r.w + g] == rook for g in outside):
            ch = "K" if f > kf else "Q"
    return ch if colour == "w" else ch.lower()


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
    rights = "".join(right_letter(p, c, f) for c in ("w", "b")
                     for f in sorted((f for cc, f in p.rights if cc == c), reverse=True)) or "-"
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


def castle_rook(p, colour, side):
    """The file of the rook COLOUR may castle with towards SIDE ('O-O' the
    h-file, 'O-O-O' the a-file), or None."""
    r = p.r
    k = king_square(p, colour)
    if k is None:
        return None
    kf = k % r.w
    files = [f for c, f in p.rights if c == colour and (f > kf if side == "O-O" else f < kf)]
    # two rights on one side (a FEN may say so): the outermost
    return (max(files) if side == "O-O" else min(files)) if files else None


def castling_moves(p):
    """Castling of any array (Chess960, the Laws' Guidelines II.3; the
    classical array is one of them): the king ends on the g-file and the rook
    on the f-file (O-O), or the king on c and the rook on d (O-O-O); every
    square between the king and its last square and between the rook and its
    last square (those included) empty but for the king and that rook; the
    king's first square, the squares it crosses and its last one not
    attacked; either may already stand on its last square."""
    r, b, me = p.r, p.board, p.to_move
    them = "b" if me == "w" else "w"
    row = 0 if me == "w" else r.h - 1
    k = king_square(p, me)
    out = []
    if k is None or k // r.w != row:
        return out
    kf = k % r.w
    rook = "R" if me == "w" else "r"
    for side, king_to, rook_to in (("O-O", r.w - 2, r.w - 3), ("O-O-O", 2, 3)):
        rf = castle_rook(p, me, side)
        if rf is None or b[row * r.w + rf] != rook:
            continue
        span = set(range(min(kf, king_to), max(kf, king_to) + 1)) | set(range(min(rf, rook_to), max(rf, rook_to) + 1))
        if any(b[row * r.w + f] is not None for f in span if f not in (kf, rf)):
            continue
        if any(attacked(p, row * r.w + f, them) for f in range(min(kf, king_to), max(kf, king_to) + 1)):
            continue
        out.append((k, row * r.w + king_to, "", side))
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
    if kind in ("O-O", "O-O-O"):
        # the king may land on the rook's square or the rook on the king's: lift both first
        row = fr // r.w
        rf = castle_rook(p, me, kind)
        rook = b[row * r.w + rf]
        b[fr] = None
        b[row * r.w + rf] = None
        b[to] = pc
        b[row * r.w + (r.w - 3 if kind == "O-O" else 3)] = rook
        capture = False
    else:
        capture = b[to] is not None or kind == "ep"
        b[to] = pc
        b[fr] = None
    if kind == "ep":
        b[to - (r.w if me == "w" else -r.w)] = None
    if promo:
        b[to] = promo.upper() if me == "w" else promo
    # castling rights: all of a side's when its king moves (castling too); a
    # rook's when a move leaves, or lands on, the rook's square
    if pc.lower() == "k":
        q.rights = {x for x in q.rights if x[0] != me}
    for colour, f in list(q.rights):
        sq = (0 if colour == "w" else r.h - 1) * r.w + f
        if fr == sq or to == sq:
            q.rights.discard((colour, f))
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


def short_positions(rules, n, seed, plies):
    """N positions met in short random games (each at most PLIES plies, a
    game that ends starts again) whose moves are drawn with weights: castling
    3, a move of a knight, bishop or queen from its first rank 10, a pawn
    move 2, other king and rook moves 0.1, the rest 0.3; so that the first
    rank empties and
    castling is often possible, and often not (attacked squares, a right
    lost). Returns the FENs and how many of them have a castling move."""
    rng = random.Random(seed)
    out = []
    castles = 0
    while len(out) < n:
        p = from_fen(rules, rules.start)
        for _ in range(rng.randint(1, plies)):
            if result(p) != "ongoing":
                break
            moves = legal_moves(p)
            row = 0 if p.to_move == "w" else rules.h - 1
            weights = []
            for mv in moves:
                kind = p.board[mv[0]].lower()
                if mv[3] in ("O-O", "O-O-O"):
                    weights.append(3)
                elif kind in "nbq" and mv[0] // rules.w == row:
                    weights.append(10)
                elif kind == "p":
                    weights.append(2)
                elif kind in "kr":
                    weights.append(0.1)
                else:
                    weights.append(0.3)
            p = make(p, rng.choices(moves, weights)[0], True)
            out.append(to_fen(p))
            if any(mv[3] in ("O-O", "O-O-O") for mv in legal_moves(p)):
                castles += 1
            if len(out) >= n:
                break
    return out, castles


CASTLE960_FIXED = (
    # Chess960 castling cases a random game seldom meets (`castlecases`)
    "4k3/8/8/8/8/8/8/rRK4R w KQ - 0 1",  # the b1 rook leaving uncovers the king: no O-O-O
    "4k3/8/8/8/8/8/8/rRK4R w BH - 0 1",  # the same, rights by file
    "4k3/8/8/8/8/8/8/4RKRr w G - 0 1",  # the king would land on g1, next to the enemy rook
    "4k3/8/8/8/8/8/8/4RKRr w EG - 0 1",
    "4k3/8/8/8/8/8/8/1NRK3R w KQ - 0 1",  # king and rook swap d1/c1: b1 may stay occupied
    "4k3/8/8/8/8/8/8/NR1K3R w KQ - 0 1",
    "4k3/8/8/8/8/8/8/RK3b1R w KQ - 0 1",  # an enemy piece on the rook's last square: no O-O
    "4k3/8/8/8/8/5b2/8/RK5R w KQ - 0 1",  # the king crosses d1, attacked
    "4k3/8/8/8/8/8/8/R5KR w KQ - 0 1",  # the king stays on g1 for O-O
    "4k3/8/8/8/8/8/6r1/R5KR w KQ - 0 1",  # in check: neither
    "4k3/8/8/8/8/8/5r2/R5KR w KQ - 0 1",  # f1 attacked: the king crosses it in O-O-O, the rook lands on it in O-O
    "4k3/8/8/8/8/8/3r4/R5KR w KQ - 0 1",  # d1 attacked: the king crosses it in O-O-O
    "4k3/8/8/8/8/8/8/2R2KR1 w KQ - 0 1",
    "4k3/8/8/8/8/8/8/2RK1R2 w CF - 0 1",  # both rooks already on their last squares
    "4k3/8/8/8/8/8/8/R2KR3 w KQ - 0 1",
    "4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1",  # Q is the outermost rook, a1, blocked by b1
    "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1",  # the inner rook's right by its file
    "4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1",  # two inner rooks
    "rk2r3/8/8/8/8/8/8/4K3 b kq - 0 1",  # Black
    "1r4kr/8/8/8/8/8/8/3K4 b kq - 0 1",
    "1r4kr/8/8/8/8/8/8/3K2R1 b kq - 0 1",  # g8 attacked
    "1r3rkr/8/8/8/8/8/8/3K4 b hb - 0 1",  # f8 taken by the other rook: neither
)


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
    if cmd == "castlecases":
        rules = GAMES["chess"]
        for fen in CASTLE960_FIXED:
            p = from_fen(rules, fen)
            print("%s\t%s\t%s" % (fen, " ".join(sorted(notation(p, mv) for mv in legal_moves(p))), to_fen(p)))
        return 0
    if cmd == "array":
        print(chess960_array(int(args[0])))
        return 0
    if cmd == "perft":
        rules = rules_of(args[0])
        depth = int(args[1])
        p = from_fen(rules, args[2] if len(args) > 2 else rules.start)
        for d in range(1, depth + 1):
            print("perft %d %d" % (d, perft(p, d)))
            sys.stdout.flush()
        return 0
    if cmd == "moves":
        rules = rules_of(args[0])
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
        for fen in random_positions(rules_of(args[0]), int(args[1]), int(args[2])):
            print(fen)
        return 0
    if cmd == "randommoves":
        rules = rules_of(args[0])
        if len(args) > 3:
            fens, castles = short_positions(rules, int(args[1]), int(args[2]), int(args[3]))
            print("%s: %d of %d positions with a castling move" % (args[0], castles, len(fens)), file=sys.stderr)
        else:
            fens = random_positions(rules, int(args[1]), int(args[2]))
        for fen in fens:
            p = from_fen(rules, fen)
            legal = sorted(notation(p, mv) for mv in legal_moves(p))
            moves = legal if result(p) == "ongoing" else []
            # the third field: "drawn" when a draw rule, not the lack of a move, ends the game
            print("%s\t%s\t%s" % (fen, " ".join(moves), "drawn" if legal and not moves else "-"))
        return 0
    if cmd == "san":
        rules = rules_of(args[0])
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
