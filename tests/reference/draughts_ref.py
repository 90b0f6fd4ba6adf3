#!/usr/bin/env python3
"""Independent reference implementation of the draughts-family games (tests only).

Written from the rules pages docs/rules/GAME.md, without looking at the C
engine.  It computes and checks the expectations of tests/scenarios/GAME.yaml
and the counts of tests/perft/GAME.txt.  Plain Python 3, standard library only
(yamlmini.py reads the YAML; PyYAML is used by it when installed).

Games: english-draughts international russian brazilian italian pool turkish
thai breakthrough czech spanish canadian frisian.  Every rule that differs between them is a field of the game's
entry in GAMES below; the generator itself is shared.

Usage:
  draughts_ref.py perft GAME DEPTH [POSITION.yaml] [-j JOBS]
                                   `perft D COUNT` for D = 1..DEPTH
  draughts_ref.py moves GAME [POSITION.yaml]      the legal moves, one per line
  draughts_ref.py check SCENARIO.yaml...          check every case (all files
                                                  of ../scenarios when none given)
  draughts_ref.py perftcheck [MAXDEPTH] [GAME...] check ../perft/GAME.txt up to
                                                  MAXDEPTH (default: per game, a
                                                  few seconds each)
  draughts_ref.py cases GAME N SEED               a scenario file of N positions
                                                  met in random games, each with
                                                  the reference's moves and result
                                                  (for `tabula test`)

perft D counts the move sequences of exactly D moves; a sequence whose game ends
before D moves is not counted.  Moves are distinct moves: capture paths with the
same start, end, set of captured pieces (and resulting piece) are one move,
written as the smallest notation string.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refkit  # noqa: E402

LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))
ORTH = ((0, 1), (0, -1), (1, 0), (-1, 0))


class Game:
    """One game's rules as data (see GAMES) plus the tables built from them."""

    def __init__(self, name, **kw):
        self.name = name
        self.__dict__.update(kw)
        w = h = self.size
        self.w, self.h = w, h
        self.cells = []                      # playable cell indices, r * w + f
        for r in range(h):
            for f in range(w):
                if self.is_playable(f, r):
                    self.cells.append(r * w + f)
        self.names = {}
        if self.numbering:                   # 'top-left' or 'bottom-right' (rules pages)
            assert self.numbering in ("top-left", "bottom-right")
            top = self.numbering == "top-left"
            n = 0
            for r in (range(h - 1, -1, -1) if top else range(h)):
                for f in (range(w) if top else range(w - 1, -1, -1)):
                    if self.is_playable(f, r):
                        n += 1
                        self.names[r * w + f] = str(n)
        else:
            for c in self.cells:
                self.names[c] = LETTERS[c % w] + str(c // w + 1)
        self.index = {v: k for k, v in self.names.items()}
        dirs = DIAG if self.geometry == "diagonal" else ORTH
        self.dirs = dirs
        self.rays = {}                       # cell -> {dir: [cells along dir]}
        for c in self.cells:
            f0, r0 = c % w, c // w
            self.rays[c] = {}
            for d in DIAG + ORTH:
                ray, f, r = [], f0 + d[0], r0 + d[1]
                while 0 <= f < w and 0 <= r < h:
                    ray.append(r * w + f)
                    f, r = f + d[0], r + d[1]
                self.rays[c][d] = ray
        # directions of men (or pawns) per player: the rules give them relative
        # to the player's forward (df, 1 = forward / 0 = sideways / -1 = back)
        self.man_step = {p: [(df, dr * self.forward[p]) for df, dr in self.man_step_rel] for p in (1, 2)}
        self.man_capture = {p: [(df, dr * self.forward[p]) for df, dr in self.man_capture_rel] for p in (1, 2)}
        self.crown_row = {}
        for p in (1, 2):
            r = h - 1 if self.forward[p] == 1 else 0
            self.crown_row[p] = frozenset(c for c in self.cells if c // w == r)
        self.start = {p: [self.cell(x) for x in self.start_cells(p)] for p in (1, 2)}
        self.long_diagonal = frozenset(c for c in self.cells if c % w == c // w)   # a1..h8
        # directions a piece captures in: its own, and with orth_captures the
        # four along ranks and files too (over the squares of its colour)
        extra = tuple(ORTH) if self.orth_captures else ()
        self.king_capture = tuple(self.dirs) + extra
        self.man_capture = {p: tuple(self.man_capture[p]) + extra for p in (1, 2)}

    def line(self, c, d):
        """The squares a piece on c can reach along d: every square, or with
        orth_captures along a rank or file only those of its colour (every
        second square; the ones between are never played on)."""
        ray = self.rays[c][d]
        return ray[1::2] if self.orth_captures and d in ORTH else ray

    def is_playable(self, f, r):
        if self.playable == "all":
            return True
        dark = (f + 1 + r + 1) % 2 == 0      # a1 dark: (file index + rank) even, a=1
        return dark if self.playable == "dark" else not dark

    def cell(self, name):
        name = str(name)
        if name not in self.index:
            raise ValueError("%s: not a cell of %s" % (name, self.name))
        return self.index[name]

    def start_cells(self, p):
        kind, lo, hi = self.start_spec[p]
        if kind == "numbers":
            return [str(n) for n in range(lo, hi + 1)]
        return [self.names[c] for c in self.cells if lo <= c // self.w + 1 <= hi]


# --- the nine games ------------------------------------------------------------
# man_step_rel / man_capture_rel: (file step, rank step relative to forward).
# king: None (no kings), "short" (one square) or "flying" (any distance).
# king_land: where a flying king lands after a jump: "any" empty square beyond the
#   piece (the default), or "beyond": only the square just beyond it (Thai).
# removal: "end" (captured pieces stay on the board, as obstacles that cannot be
#   jumped again, until the move ends) or "immediate" (each leaves when jumped).
# choice: "free", "max" (most pieces), "italian" (most pieces, then with a king,
#   then most kings, then kings met earliest), "king-first" (a capture by a king
#   if there is one, else free), "spanish" (most pieces, then most kings),
#   "value" (the highest value, a man 2 and a king 3, then a capture by a king).
# orth_captures: men and kings also capture along ranks and files, over the
#   squares of their colour (Frisian).
# streak: (LIMIT) a king makes at most LIMIT non-capturing moves in a row while
#   its owner has a man; the count is part of the position.
# crown_mid: what a man landing on its crowning row in the middle of a capture
#   does: "stop" (the move ends, crowned), "king" (crowned at once, goes on
#   capturing as a king), "pass" (stays a man and goes on capturing if it can;
#   crowned only if the move ends there).
# draws: ("repetition", N), ("quiet", PLIES): plies with no capture and no man
#   move; ("material", CLASS, PLIES): plies with no capture and no promotion while
#   the material is in CLASS (see material_class).

FWD_DIAG = ((-1, 1), (1, 1))
ALL_DIAG = ((-1, 1), (1, 1), (-1, -1), (1, -1))

GAMES = {}


def _add(name, **kw):
    GAMES[name] = kw


_add("english-draughts", size=8, playable="dark", numbering="top-left", geometry="diagonal",
     forward={1: -1, 2: 1}, start_spec={1: ("numbers", 1, 12), 2: ("numbers", 21, 32)},
     man_step_rel=FWD_DIAG, man_capture_rel=FWD_DIAG, king="short", men_capture_kings=True,
     removal="end", no_reverse=False, choice="free", crown_mid="stop",
     draws=(("repetition", 3), ("quiet", 80)))

_add("international", size=10, playable="dark", numbering="top-left", geometry="diagonal",
     forward={1: 1, 2: -1}, start_spec={1: ("numbers", 31, 50), 2: ("numbers", 1, 20)},
     man_step_rel=FWD_DIAG, man_capture_rel=ALL_DIAG, king="flying", men_capture_kings=True,
     removal="end", no_reverse=False, choice="max", crown_mid="pass",
     draws=(("repetition", 3), ("quiet", 50),
            ("material", "fmjd-3v1", 32), ("material", "fmjd-2v1", 10)))

FMJD64_DRAWS = (("repetition", 3), ("quiet", 30),
                ("material", "64-kings-v1", 30),      # 7.2.4
                ("material", "64-45-pieces", 60),     # 7.2.6, 4 and 5 pieces
                ("material", "64-67-pieces", 120),    # 7.2.6, 6 and 7 pieces
                ("material", "64-3v1-road", 10),      # 7.2.7
                ("material", "64-2v1", 10))           # 7.2.8

# 7.2.6's counts read as plies (lidraughts): the option rule13-unit=plies
FMJD64_DRAWS_PLIES = tuple(("material", d[1], d[2] // 2) if d[0] == "material" and d[1] in ("64-45-pieces", "64-67-pieces")
                           else d for d in FMJD64_DRAWS)

_add("russian", size=8, playable="dark", numbering=None, geometry="diagonal",
     forward={1: 1, 2: -1}, start_spec={1: ("ranks", 1, 3), 2: ("ranks", 6, 8)},
     man_step_rel=FWD_DIAG, man_capture_rel=ALL_DIAG, king="flying", men_capture_kings=True,
     removal="end", no_reverse=False, choice="free", crown_mid="king",
     draws=FMJD64_DRAWS)

_add("brazilian", size=8, playable="dark", numbering=None, geometry="diagonal",
     forward={1: 1, 2: -1}, start_spec={1: ("ranks", 1, 3), 2: ("ranks", 6, 8)},
     man_step_rel=FWD_DIAG, man_capture_rel=ALL_DIAG, king="flying", men_capture_kings=True,
     removal="end", no_reverse=False, choice="max", crown_mid="pass",
     draws=FMJD64_DRAWS)

_add("italian", size=8, playable="light", numbering="top-left", geometry="diagonal",
     forward={1: 1, 2: -1}, start_spec={1: ("numbers", 21, 32), 2: ("numbers", 1, 12)},
     man_step_rel=FWD_DIAG, man_capture_rel=FWD_DIAG, king="short", men_capture_kings=False,
     removal="end", no_reverse=False, choice="italian", crown_mid="stop",
     draws=(("repetition", 3), ("quiet", 80)))

_add("pool", size=8, playable="dark", numbering="top-left", geometry="diagonal",
     forward={1: -1, 2: 1}, start_spec={1: ("numbers", 1, 12), 2: ("numbers", 21, 32)},
     man_step_rel=FWD_DIAG, man_capture_rel=ALL_DIAG, king="flying", men_capture_kings=True,
     removal="end", no_reverse=False, choice="free", crown_mid="pass",
     draws=(("repetition", 3), ("quiet", 80), ("material", "pool-kings-v1", 26)))

_add("turkish", size=8, playable="all", numbering=None, geometry="orthogonal",
     forward={1: 1, 2: -1}, start_spec={1: ("ranks", 2, 3), 2: ("ranks", 6, 7)},
     man_step_rel=((0, 1), (-1, 0), (1, 0)), man_capture_rel=((0, 1), (-1, 0), (1, 0)),
     king="flying", men_capture_kings=True,
     removal="immediate", no_reverse=True, choice="max", crown_mid="king",
     draws=(("repetition", 3), ("quiet", 50)),
     king_beats_lone_man=True)

_add("thai", size=8, playable="dark", numbering=None, geometry="diagonal",
     forward={1: 1, 2: -1}, start_spec={1: ("ranks", 1, 2), 2: ("ranks", 7, 8)},
     man_step_rel=FWD_DIAG, man_capture_rel=FWD_DIAG, king="flying", king_land="beyond",
     men_capture_kings=True, removal="immediate", no_reverse=False, choice="free",
     crown_mid="stop", draws=(("repetition", 3), ("quiet", 50)))

_add("breakthrough", size=8, playable="all", numbering=None, geometry="orthogonal",
     forward={1: 1, 2: -1}, start_spec={1: ("ranks", 1, 2), 2: ("ranks", 7, 8)},
     man_step_rel=(), man_capture_rel=(), king=None, pawns=True,
     draws=())

_add("czech", size=8, playable="dark", numbering=None, geometry="diagonal",
     forward={1: 1, 2: -1}, start_spec={1: ("ranks", 1, 3), 2: ("ranks", 6, 8)},
     man_step_rel=FWD_DIAG, man_capture_rel=FWD_DIAG, king="flying", men_capture_kings=True,
     removal="end", no_reverse=False, choice="king-first", crown_mid="stop",
     draws=(("repetition", 3), ("quiet", 30)))

_add("spanish", size=8, playable="light", numbering="bottom-right", geometry="diagonal",
     forward={1: 1, 2: -1}, start_spec={1: ("numbers", 1, 12), 2: ("numbers", 21, 32)},
     man_step_rel=FWD_DIAG, man_capture_rel=FWD_DIAG, king="flying", men_capture_kings=True,
     removal="end", no_reverse=False, choice="spanish", crown_mid="stop",
     draws=(("repetition", 3), ("quiet", 40)))

_add("canadian", size=12, playable="dark", numbering="top-left", geometry="diagonal",
     forward={1: 1, 2: -1}, start_spec={1: ("numbers", 43, 72), 2: ("numbers", 1, 30)},
     man_step_rel=FWD_DIAG, man_capture_rel=ALL_DIAG, king="flying", men_capture_kings=True,
     removal="end", no_reverse=False, choice="max", crown_mid="pass",
     draws=(("repetition", 3), ("quiet", 50),
            ("material", "fmjd-3v1", 32), ("material", "fmjd-2v1", 10)))

_add("frisian", size=10, playable="dark", numbering="top-left", geometry="diagonal",
     forward={1: 1, 2: -1}, start_spec={1: ("numbers", 31, 50), 2: ("numbers", 1, 20)},
     man_step_rel=FWD_DIAG, man_capture_rel=ALL_DIAG, king="flying", men_capture_kings=True,
     removal="end", no_reverse=False, choice="value", crown_mid="pass", orth_captures=True,
     streak=3, draws=(("repetition", 3), ("material", "2kings-v1", 14), ("material", "1king-v1", 4)))

_CACHE = {}


# Options modelled (the readings where sources differ that are options of the
# rule file): option -> {value: the GAMES field it sets}.
OPTIONS = {
    "turkish": {"crowning": ("crown_mid", {"crowns": "king", "passes": "pass", "ends": "stop"})},
    # 7.2.6's "30 moves" and "60 moves": moves of each player, or plies (lidraughts)
    "russian": {"rule13-unit": ("draws", {"turns": FMJD64_DRAWS, "plies": FMJD64_DRAWS_PLIES})},
    "brazilian": {"rule13-unit": ("draws", {"turns": FMJD64_DRAWS, "plies": FMJD64_DRAWS_PLIES})},
}


def game_with_options(name, options):
    """The game NAME with OPTIONS (a scenario's `options:` mapping) applied."""
    if not options:
        return game(name)
    kw = dict(GAMES[name])
    for k, v in options.items():
        if k not in OPTIONS.get(name, {}) or str(v) not in OPTIONS[name][k][1]:
            raise SystemExit("%s: option %s=%s is not modelled" % (name, k, v))
        field, values = OPTIONS[name][k]
        kw[field] = values[str(v)]
    kw.setdefault("pawns", False)
    kw.setdefault("king_beats_lone_man", False)
    kw.setdefault("king_land", "any")
    return Game(name, **kw)


def game(name):
    if name not in GAMES:
        raise SystemExit("unknown game %r (games: %s)" % (name, " ".join(GAMES)))
    if name not in _CACHE:
        kw = dict(GAMES[name])
        kw.setdefault("pawns", False)
        kw.setdefault("king_beats_lone_man", False)
        kw.setdefault("king_land", "any")
        kw.setdefault("orth_captures", False)
        kw.setdefault("streak", None)
        _CACHE[name] = Game(name, **kw)
    return _CACHE[name]


# --- state -----------------------------------------------------------------------

class Hist:
    """A linked list of the positions since the last irreversible move."""
    __slots__ = ("key", "parent")

    def __init__(self, key, parent):
        self.key, self.parent = key, parent


class State:
    """board: tuple over all w*h cells, None or (owner, kind).  Q: plies since the
    last capture or man move.  M: plies since the last capture or promotion.
    hist: positions since the last irreversible move (for repetition).
    streak: per player, (cell, count) of the king that has made count
    non-capturing moves in a row, or None (games with a streak limit)."""
    __slots__ = ("g", "board", "to_move", "Q", "M", "hist", "result", "_moves", "streak")

    def __init__(self, g, board, to_move, Q=0, M=0, hist=None, streak=(None, None)):
        self.g, self.board, self.to_move = g, board, to_move
        self.Q, self.M = Q, M
        self.streak = streak
        self.hist = hist if hist is not None else Hist((board, to_move, streak), None)
        self.result = "ongoing"
        self._moves = None


def initial(g):
    board = [None] * (g.w * g.h)
    kind = "pawn" if g.pawns else "man"
    for p in (1, 2):
        for c in g.start[p]:
            board[c] = (p, kind)
    s = State(g, tuple(board), 1)
    s.result = position_result(s)
    return s


# --- move generation ------------------------------------------------------------
# A move is a tuple (notation, start, end, captured cells, captured kinds,
# final kind, mover kind, sideways) -- sideways: a man move along its rank.

def legal_moves(s):
    """dict notation -> move for the player to move (empty once the game is over)."""
    if s._moves is None:
        s._moves = {} if s.result != "ongoing" else generate(s)
    return s._moves


def generate(s):
    g, board, p = s.g, s.board, s.to_move
    if g.pawns:
        return pawn_moves(g, board, p)
    chains = []
    for c in g.cells:
        pc = board[c]
        if pc is not None and pc[0] == p:
            chains.extend(piece_captures(g, board, c))
    if chains:
        return select_captures(g, chains)
    out = quiet_moves(g, board, p)
    held = s.streak[p - 1]
    if g.streak and held and held[1] >= g.streak and any(
            board[c] == (p, "man") for c in g.cells):
        out = {k: mv for k, mv in out.items() if mv[1] != held[0]}
    return out


def quiet_moves(g, board, p):
    out = {}
    crown = g.crown_row[p]
    for c in g.cells:
        pc = board[c]
        if pc is None or pc[0] != p:
            continue
        rays = g.rays[c]
        if pc[1] == "man":
            for d in g.man_step[p]:
                ray = rays[d]
                if ray and board[ray[0]] is None:
                    t = ray[0]
                    note = g.names[c] + "-" + g.names[t]
                    out[note] = (note, c, t, (), (), "king" if t in crown else "man", "man", d[1] == 0)
        else:
            for d in g.dirs:
                for t in g.line(c, d):
                    if board[t] is not None:
                        break
                    note = g.names[c] + "-" + g.names[t]
                    out[note] = (note, c, t, (), (), "king", "king", False)
                    if g.king == "short":
                        break
    return out


def piece_captures(g, board0, start):
    """Every complete capture chain of the piece on `start`.

    Returns tuples (path, captured cells, captured kinds, final kind, mover kind).
    """
    owner, kind0 = board0[start]
    board = list(board0)
    board[start] = None                  # the capturing piece has left its square
    immediate = g.removal == "immediate"
    crown = g.crown_row[owner]
    taken, kinds, taken_set = [], [], set()
    out = []
    flying = g.king == "flying"

    def jumps(pos, kind, last_dir):
        """(direction, captured cell, landing cells) of the jumps open from pos."""
        res = []
        fly = kind == "king" and flying
        for d in (g.king_capture if kind == "king" else g.man_capture[owner]):
            if g.no_reverse and last_dir is not None and d[0] == -last_dir[0] and d[1] == -last_dir[1]:
                continue
            ray = g.line(pos, d)
            n, i = len(ray), 0
            if fly:
                while i < n and board[ray[i]] is None:
                    i += 1
            if i >= n - 1:
                continue                   # nothing to jump, or no square beyond
            c = ray[i]
            pc = board[c]
            if pc is None or pc[0] == owner or c in taken_set:
                continue
            if kind == "man" and pc[1] == "king" and not g.men_capture_kings:
                continue
            lands = []
            j = i + 1
            while j < n and board[ray[j]] is None:
                lands.append(ray[j])
                if not fly or g.king_land == "beyond":
                    break
                j += 1
            if lands:
                res.append((d, c, lands))
        return res

    def dfs(pos, kind, path, last_dir):
        options = jumps(pos, kind, last_dir)
        if not options:
            if taken:
                final = "king" if (kind == "king" or pos in crown) else "man"
                out.append((tuple(path), tuple(taken), tuple(kinds), final, kind0))
            return
        for d, c, lands in options:
            pc = board[c]
            taken.append(c)
            kinds.append(pc[1])
            taken_set.add(c)
            if immediate:
                board[c] = None
            nexts = []
            for land in lands:
                nk, stop = kind, False
                if kind == "man" and land in crown:
                    if g.crown_mid == "stop":
                        stop = True
                    elif g.crown_mid == "king":
                        nk = "king"
                nexts.append((land, nk, stop))
            if len(nexts) > 1:
                # a flying king must land where it can go on capturing, if it
                # can from any of the landing squares (the capture is completed)
                cont = [x for x in nexts if not x[2] and jumps(x[0], x[1], d)]
                if cont:
                    nexts = cont
            for land, nk, stop in nexts:
                path.append(land)
                if stop:
                    out.append((tuple(path), tuple(taken), tuple(kinds), "king", kind0))
                else:
                    dfs(land, nk, path, d)
                path.pop()
            if immediate:
                board[c] = pc
            taken_set.discard(c)
            kinds.pop()
            taken.pop()

    dfs(start, kind0, [start], None)
    return out


def italian_key(chain):
    path, caps, kinds, final, kind0 = chain
    n = len(kinds)
    order = 0
    for i, k in enumerate(kinds):        # earlier kings weigh more
        if k == "king":
            order |= 1 << (n - 1 - i)
    return (n, kind0 == "king", kinds.count("king"), order)


def select_captures(g, chains):
    if g.choice == "max":
        best = max(len(ch[1]) for ch in chains)
        chains = [ch for ch in chains if len(ch[1]) == best]
    elif g.choice == "king-first":
        if any(ch[4] == "king" for ch in chains):
            chains = [ch for ch in chains if ch[4] == "king"]
    elif g.choice == "spanish":
        best = max((len(ch[1]), ch[2].count("king")) for ch in chains)
        chains = [ch for ch in chains if (len(ch[1]), ch[2].count("king")) == best]
    elif g.choice == "value":
        def value(ch):
            return sum(3 if k == "king" else 2 for k in ch[2])
        best = max(value(ch) for ch in chains)
        chains = [ch for ch in chains if value(ch) == best]
        if any(ch[4] == "king" for ch in chains):
            chains = [ch for ch in chains if ch[4] == "king"]
    elif g.choice == "italian":
        best = max(italian_key(ch) for ch in chains)
        chains = [ch for ch in chains if italian_key(ch) == best]
    out = {}
    seen = {}
    for path, caps, kinds, final, kind0 in chains:
        note = "x".join(g.names[c] for c in path)
        key = (path[0], path[-1], frozenset(caps), final)
        if key in seen:
            old = seen[key]
            if note >= old:
                continue
            del out[old]
        seen[key] = note
        out[note] = (note, path[0], path[-1], caps, kinds, final, kind0, False)
    return out


def pawn_moves(g, board, p):
    """Breakthrough: straight forward to an empty square, diagonally forward to an
    empty square or onto an enemy pawn (capturing it)."""
    out = {}
    f = g.forward[p]
    for c in g.cells:
        pc = board[c]
        if pc is None or pc[0] != p:
            continue
        for d in ((0, f), (-1, f), (1, f)):
            ray = g.rays[c][d]
            if not ray:
                continue
            t = ray[0]
            q = board[t]
            if q is None:
                note = g.names[c] + "-" + g.names[t]
                out[note] = (note, c, t, (), (), "pawn", "pawn", False)
            elif d[0] != 0 and q[0] != p:
                # A step that captures is written like any step (the
                # engine's one notation for steps, as in Le Coucou picard).
                note = g.names[c] + "-" + g.names[t]
                out[note] = (note, c, t, (t,), (q[1],), "pawn", "pawn", False)
    return out


# --- playing a move, end of the game --------------------------------------------

def apply(s, mv):
    g = s.g
    note, start, end, caps, kinds, final, kind0, sideways = mv
    board = list(s.board)
    owner = board[start][0]
    board[start] = None
    for c in caps:
        board[c] = None
    board[end] = (owner, final)
    board = tuple(board)
    capture = bool(caps)
    promoted = kind0 == "man" and final == "king"
    Q = 0 if (capture or kind0 != "king") else s.Q + 1
    M = 0 if (capture or promoted) else s.M + 1
    irreversible = capture or promoted or (kind0 != "king" and not sideways)
    streak = s.streak
    if g.streak:
        mine = s.streak[owner - 1]
        if capture or kind0 != "king":
            mine = None              # a capture, or another piece moved: the count starts again
        else:
            mine = (end, min(g.streak, (mine[1] if mine and mine[0] == start else 0) + 1))
        theirs = s.streak[2 - owner]
        if theirs and theirs[0] in caps:
            theirs = None            # the counted king was captured
        streak = (mine, theirs) if owner == 1 else (theirs, mine)
    key = (board, 3 - owner, streak)
    t = State(g, board, 3 - owner, Q, M, Hist(key, None if irreversible else s.hist), streak)
    t.result = after_move_result(t, owner, end)
    return t


def counts(g, board):
    """{player: [men, kings]}"""
    n = {1: [0, 0], 2: [0, 0]}
    for c in g.cells:
        pc = board[c]
        if pc is not None:
            n[pc[0]][0 if pc[1] != "king" else 1] += 1
    return n


def special_win(s, n):
    """Game-specific wins that do not need the move list."""
    g = s.g
    if g.pawns:
        for p in (1, 2):
            if any(s.board[c] is not None and s.board[c][0] == p for c in g.crown_row[p]):
                return "win %d" % p
    if g.king_beats_lone_man:
        for p in (1, 2):
            o = 3 - p
            if n[p] == [0, 1] and n[o] == [1, 0]:
                return "win %d" % p
    return None


def after_move_result(t, mover, end):
    g = t.g
    n = counts(g, t.board)
    opp = t.to_move
    if n[opp] == [0, 0]:
        return "win %d" % mover
    w = special_win(t, n)
    if w:
        return w
    t._moves = generate(t)
    if not t._moves:
        return "win %d" % mover
    if draw_applies(t, n):
        t._moves = {}
        return "draw"
    return "ongoing"


def position_result(s):
    """Result of a position as given (scenario start, perft root)."""
    g = s.g
    n = counts(g, s.board)
    p = s.to_move
    for q in (p, 3 - p):
        if n[q] == [0, 0]:
            return "win %d" % (3 - q)
    w = special_win(s, n)
    if w:
        return w
    s._moves = generate(s)
    if not s._moves:
        return "win %d" % (3 - p)
    if draw_applies(s, n):
        s._moves = {}
        return "draw"
    return "ongoing"


def draw_applies(s, n):
    for rule in s.g.draws:
        if rule[0] == "repetition":
            if repetitions(s) >= rule[1]:
                return True
        elif rule[0] == "quiet":
            if s.Q >= rule[1]:
                return True
        elif rule[0] == "material":
            if s.M >= rule[2] and material_class(s, n, rule[1]):
                return True
    return False


def repetitions(s):
    """How many times the current position (pieces and side to move) has stood
    on the board since the last irreversible move, this time included."""
    h = s.hist
    if h.parent is None:
        return 1
    key = h.key
    k, h = 1, h.parent
    while h is not None:
        if h.key == key:
            k += 1
        h = h.parent
    return k


def lone_king(x):
    return x == [0, 1]


def material_class(s, n, cls):
    """Does the material (and for 64-3v1-road the lone king's square) fit CLS?
    'strong' is the other side of a lone king."""
    for weak in (1, 2):
        if not lone_king(n[weak]):
            continue
        men, kings = n[3 - weak]
        total = men + kings
        if cls == "fmjd-3v1" and total == 3 and kings >= 1:
            return True
        if cls == "fmjd-2v1" and 1 <= total <= 2 and kings >= 1:
            return True
        if cls == "64-kings-v1" and men == 0 and kings >= 3:
            return True
        if cls == "64-3v1-road" and total == 3 and kings >= 1:
            k = next(c for c in s.g.cells if s.board[c] is not None and s.board[c][0] == weak)
            if k in s.g.long_diagonal:
                return True
        if cls == "64-2v1" and 1 <= total <= 2 and kings >= 1:
            return True
        if cls == "pool-kings-v1" and men == 0 and kings >= 3:
            return True
        if cls == "2kings-v1" and men == 0 and kings == 2:
            return True
        if cls == "1king-v1" and men == 0 and kings == 1:
            return True
    if cls in ("64-45-pieces", "64-67-pieces") and n[1][1] >= 1 and n[2][1] >= 1:
        total = sum(n[1]) + sum(n[2])
        return total in ((4, 5) if cls == "64-45-pieces" else (6, 7))
    return False


# --- perft ----------------------------------------------------------------------------

def perft(s, depth):
    moves = legal_moves(s)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for mv in moves.values():
        t = apply(s, mv)
        if depth == 2:
            total += len(legal_moves(t))
        else:
            total += perft(t, depth - 1)
    return total


def _perft_job(args):
    name, pos_path, note, depth = args
    s = load_start(game(name), pos_path)
    return perft(apply(s, legal_moves(s)[note]), depth - 1)


def perft_parallel(s, depth, jobs, name, pos_path):
    if jobs <= 1 or depth < 4:
        return perft(s, depth)
    import multiprocessing
    notes = sorted(legal_moves(s))
    with multiprocessing.Pool(jobs) as pool:
        return sum(pool.map(_perft_job, [(name, pos_path, n, depth) for n in notes], chunksize=1))


# --- positions and scenarios ----------------------------------------------------------

def state_from_position(g, pos):
    if pos is None:
        return initial(g)
    board = [None] * (g.w * g.h)
    for cell, text in (pos.get("pieces") or {}).items():
        parts = str(text).split()
        if len(parts) != 2 or parts[0] not in ("1", "2"):
            raise ValueError("bad piece %r" % text)
        kind = parts[1]
        if kind not in (("pawn",) if g.pawns else ("man", "king")):
            raise ValueError("%s: no piece %r" % (g.name, kind))
        board[g.cell(cell)] = (int(parts[0]), kind)
    q = int(pos.get("quiet", 0) or 0)
    streak = [None, None]
    for cell, n in (pos.get("in-a-row") or {}).items():
        c = g.cell(cell)
        if not g.streak or board[c] is None or not 0 <= int(n) <= g.streak:
            raise ValueError("in-a-row %s: not modelled" % cell)
        if int(n):
            streak[board[c][0] - 1] = (c, int(n))
    for k in pos:
        if k not in ("to-move", "pieces", "quiet", "in-a-row"):
            raise ValueError("position field %r not modelled" % k)
    s = State(g, tuple(board), int(pos.get("to-move", 1)), q, q, streak=tuple(streak))
    s.result = position_result(s)
    return s


def load_start(g, pos_path):
    if not pos_path:
        return initial(g)
    from yamlmini import load_yaml
    doc = load_yaml(pos_path)
    return state_from_position(g, doc.get("position", doc) if isinstance(doc, dict) else doc)


def piece_text(pc):
    return "%d %s" % pc


def check_case(g, case):
    s, errors = refkit.replay(state_from_position(g, case.get("position")), case.get("play"), legal_moves, apply)
    if errors:
        return errors
    return refkit.expect_errors(case.get("expect") or {}, legal_moves(s), s.result, s.to_move,
                                lambda where: s.board[g.cell(where)],
                                lambda got, text: piece_text(got) == str(text))


def check_file(path, verbose=False):
    from yamlmini import load_yaml
    doc = load_yaml(path)
    name = str(doc.get("ruleset"))
    opts = doc.get("options") or {}
    if any(k not in OPTIONS.get(name, {}) for k in opts):
        print("%s: options are not modelled" % path)
        return 1
    g = game_with_options(name, opts)
    return refkit.run_cases(path, doc["cases"], lambda case: check_case(g, case), verbose)


# default depth per game for perftcheck: a few seconds each
PERFTCHECK_DEPTH = {"english-draughts": 6, "international": 5, "russian": 6, "brazilian": 6,
                    "italian": 6, "pool": 6, "turkish": 4, "thai": 5, "breakthrough": 4,
                    "czech": 6, "spanish": 6, "canadian": 4, "frisian": 5}


def perftcheck(here, maxdepth, names):
    bad = 0
    for name in names or sorted(GAMES):
        path = os.path.join(here, "..", "perft", name + ".txt")
        if not os.path.exists(path):
            print("%s: no %s" % (name, path))
            bad += 1
            continue
        limit = maxdepth or PERFTCHECK_DEPTH[name]
        s = initial(game(name))
        for line in open(path):
            f = line.split("#")[0].split()
            if len(f) != 2:
                continue
            d, want = int(f[0]), int(f[1])
            if d > limit:
                continue
            t0 = time.time()
            got = perft(s, d)
            ok = got == want
            bad += not ok
            print("%s perft %d %d: %s (%.1f s)" % (name, d, want, "ok" if ok else "WRONG, reference says %d" % got,
                                                   time.time() - t0))
            sys.stdout.flush()
    return 1 if bad else 0


def position_yaml(s):
    """The position S as a scenario's `position:` (no counters, no history)."""
    g = s.g
    pieces = ", ".join("%s: %s" % (g.names[c], piece_text(s.board[c])) for c in g.cells if s.board[c] is not None)
    lines = ["    position:", "      to-move: %d" % s.to_move, "      pieces: {%s}" % pieces]
    counted = [x for x in s.streak if x and s.board[x[0]] is not None]
    if counted:
        lines.append("      in-a-row: {%s}" % ", ".join("%s: %d" % (g.names[c], n) for c, n in counted))
    return lines


def random_cases(name, n, seed):
    """N positions of random games of NAME, each a case expecting the moves and
    the result the reference computes for the position given afresh."""
    import random
    rnd = random.Random(seed)
    g = game(name)
    out = ["# Positions met in random games (draughts_ref.py cases %s %d %d): the" % (name, n, seed),
           "# moves and result of each are the reference's.", "ruleset: %s" % name, "cases:"]
    made = 0
    s = initial(g)
    while made < n:
        fresh = state_from_position(g, {"to-move": s.to_move,
                                        "pieces": {g.names[c]: piece_text(s.board[c]) for c in g.cells
                                                   if s.board[c] is not None},
                                        "in-a-row": {g.names[x[0]]: x[1] for x in s.streak
                                                     if x and s.board[x[0]] is not None}})
        moves = sorted(legal_moves(fresh))
        out.append("  - name: \"position %d\"" % (made + 1))
        out.extend(position_yaml(fresh))
        out.append("    expect:")
        out.append("      result: \"%s\"" % fresh.result)
        out.append("      moves: [%s]" % ", ".join(moves))
        made += 1
        live = legal_moves(s)
        if not live or rnd.random() < 0.002:   # the game is over (its last position given too)
            s = initial(g)
            continue
        s = apply(s, live[rnd.choice(sorted(live))])
    return "\n".join(out) + "\n"


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    args = argv[1:]
    jobs = 1
    if "-j" in args:
        i = args.index("-j")
        jobs = int(args[i + 1])
        del args[i:i + 2]
    if not args or args[0] == "check":
        files = args[1:] or sorted(os.path.join(here, "..", "scenarios", n + ".yaml")
                                   for n in GAMES if os.path.exists(os.path.join(here, "..", "scenarios", n + ".yaml")))
        fails = sum(check_file(f, verbose=bool(os.environ.get("REFV"))) for f in files)
        return 1 if fails else 0
    if args[0] == "perft" and len(args) >= 3:
        g = game(args[1])
        pos = args[3] if len(args) > 3 else None
        s = load_start(g, pos)
        for d in range(1, int(args[2]) + 1):
            t0 = time.time()
            print("perft %d %d" % (d, perft_parallel(s, d, jobs, args[1], pos)))
            print("  (%.1f s)" % (time.time() - t0), file=sys.stderr)
            sys.stdout.flush()
        return 0
    if args[0] == "moves" and len(args) >= 2:
        s = load_start(game(args[1]), args[2] if len(args) > 2 else None)
        print("\n".join(sorted(legal_moves(s))))
        print("result: %s" % s.result, file=sys.stderr)
        return 0
    if args[0] == "cases" and len(args) == 4:
        sys.stdout.write(random_cases(args[1], int(args[2]), int(args[3])))
        return 0
    if args[0] == "perftcheck":
        rest = args[1:]
        maxd = int(rest.pop(0)) if rest and rest[0].isdigit() else 0
        return perftcheck(here, maxd, rest)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
