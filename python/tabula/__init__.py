"""tabula: board games described in .game rule files, from Python.

A thin layer (ctypes, no compiled extension) over the C library libtabula and
its interface tabula.h. Load a rule file (a path or a bundled game's name)
with its options, start games, list and play legal moves in the game's
notation (or by index), take them back, copy games, read results, and play
random games: what a reinforcement-learning loop needs.

    import tabula

    rules = tabula.Rules("coucou-picard", options={"width": 9})
    game = rules.new_game(seed=1)
    while not game.is_over:
        game.play(game.random_move_index())
    print(game.result, game.returns())

The library is found through TABULA_LIBRARY (a path to libtabula.so), the
directory it was installed in (recorded at build time in tabula/_config.py),
then the system's search path.
"""

import ctypes
import ctypes.util
import os

__all__ = ["Rules", "Game", "TabulaError", "library_version"]

_NOTATION_MAX = 160  # TB_NOTATION_MAX


class TabulaError(Exception):
    """A rule file that does not load: STATUS is 1 for an invalid file or
    option, 2 for one that cannot be read; MESSAGES are the diagnostics
    (FILE:LINE:COL: error: ...)."""

    def __init__(self, path, status, messages):
        first = next((line for line in messages.splitlines() if ": error: " in line), messages.strip())
        super().__init__(first or "cannot load %s" % path)
        self.path = path
        self.status = status
        self.messages = messages


def _candidates():
    env = os.environ.get("TABULA_LIBRARY")
    if env:
        yield env
    try:
        from . import _config  # written by `make`: where the library is installed, and its soname

        yield os.path.join(_config.LIBDIR, _config.SONAME)
        yield _config.SONAME
    except ImportError:
        pass
    found = ctypes.util.find_library("tabula")
    if found:
        yield found


def _load():
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            errors.append(str(e))
    raise ImportError("libtabula not found (set TABULA_LIBRARY to its path): " + "; ".join(errors))


_lib = _load()


class _Option(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("value", ctypes.c_char_p)]


class _PlayoutStats(ctypes.Structure):
    _fields_ = [
        ("games", ctypes.c_long),
        ("wins", ctypes.c_long * 4),    # TB_PLAYERS_MAX
        ("points", ctypes.c_long * 4),
        ("draws", ctypes.c_long),
        ("unfinished", ctypes.c_long),
        ("moves", ctypes.c_longlong),
    ]


def _proto(name, restype, *argtypes):
    f = getattr(_lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


_P = ctypes.c_void_p
_rules_load = _proto("tb_rules_load_messages", _P, ctypes.c_char_p, ctypes.POINTER(_Option), ctypes.c_int,
                     ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int))
_rules_free = _proto("tb_rules_free", None, _P)
_rules_title = _proto("tb_rules_title", ctypes.c_char_p, _P)
_rules_option_count = _proto("tb_rules_option_count", ctypes.c_int, _P)
_rules_option_name = _proto("tb_rules_option_name", ctypes.c_char_p, _P, ctypes.c_int)
_rules_option_value = _proto("tb_rules_option_value", ctypes.c_char_p, _P, ctypes.c_int)
_rules_cell_count = _proto("tb_rules_cell_count", ctypes.c_int, _P)
_rules_cell_name = _proto("tb_rules_cell_name", ctypes.c_char_p, _P, ctypes.c_int)
_rules_piece_count = _proto("tb_rules_piece_count", ctypes.c_int, _P)
_rules_piece_name = _proto("tb_rules_piece_name", ctypes.c_char_p, _P, ctypes.c_int)
_rules_player_count = _proto("tb_rules_player_count", ctypes.c_int, _P)
_rules_player_name = _proto("tb_rules_player_name", ctypes.c_char_p, _P, ctypes.c_int)
_rules_player_team = _proto("tb_rules_player_team", ctypes.c_int, _P, ctypes.c_int)
_rules_playouts = _proto("tb_rules_playouts", ctypes.c_int, _P, ctypes.c_long, ctypes.c_uint64,
                         ctypes.POINTER(_PlayoutStats))
_game_new = _proto("tb_game_new", _P, _P, ctypes.c_uint64)
_game_copy = _proto("tb_game_copy", _P, _P)
_game_free = _proto("tb_game_free", None, _P)
_game_legal = _proto("tb_game_legal_moves", ctypes.c_int, _P, ctypes.c_void_p, ctypes.c_int)
_game_play = _proto("tb_game_play", ctypes.c_int, _P, ctypes.c_char_p)
_game_play_index = _proto("tb_game_play_index", ctypes.c_int, _P, ctypes.c_int)
_game_undo = _proto("tb_game_undo", ctypes.c_int, _P)
_game_move_count = _proto("tb_game_move_count", ctypes.c_int, _P)
_game_move_at = _proto("tb_game_move_at", ctypes.c_char_p, _P, ctypes.c_int)
_game_result = _proto("tb_game_result", ctypes.c_char_p, _P)
_game_outcome = _proto("tb_game_outcome", ctypes.c_int, _P, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int))
_game_to_move = _proto("tb_game_to_move", ctypes.c_int, _P)
_game_cell = _proto("tb_game_cell", ctypes.c_int, _P, ctypes.c_int, ctypes.POINTER(ctypes.c_int),
                    ctypes.POINTER(ctypes.c_int))
_game_dice = _proto("tb_game_dice", ctypes.c_int, _P, ctypes.POINTER(ctypes.c_int), ctypes.c_int)
_game_random_move = _proto("tb_game_random_move", ctypes.c_int, _P)
_game_playout = _proto("tb_game_playout", ctypes.c_long, _P, ctypes.c_long)
_version = _proto("tb_version", ctypes.c_char_p)


def library_version():
    """The version of the C library loaded ("0.1.0")."""
    return _version().decode()


def _text(b):
    return b.decode("utf-8", "replace") if b is not None else None


class Rules:
    """A compiled rule file: PATH is a .game file or a bundled game's name;
    OPTIONS maps option names to values (numbers, words, or booleans for
    on/off options). Raises TabulaError when the file does not load."""

    def __init__(self, path, options=None):
        self._handle = None
        options = dict(options or {})
        opts = (_Option * max(len(options), 1))()
        for i, (name, value) in enumerate(options.items()):
            if isinstance(value, bool):
                value = "on" if value else "off"
            opts[i].name = str(name).encode()
            opts[i].value = str(value).encode()
        self._keep = opts  # the strings must outlive the call
        messages = ctypes.create_string_buffer(16384)
        status = ctypes.c_int(0)
        handle = _rules_load(os.fsencode(path), opts, len(options), messages, len(messages), ctypes.byref(status))
        if not handle:
            raise TabulaError(path, status.value, _text(messages.value))
        self._handle = handle
        self.path = path
        self.title = _text(_rules_title(handle))
        self.options = {
            _text(_rules_option_name(handle, i)): _text(_rules_option_value(handle, i))
            for i in range(_rules_option_count(handle))
        }
        self.cells = [_text(_rules_cell_name(handle, i)) for i in range(_rules_cell_count(handle))]
        self.pieces = [_text(_rules_piece_name(handle, i)) for i in range(_rules_piece_count(handle))]
        self.players = [_text(_rules_player_name(handle, p)) for p in range(1, _rules_player_count(handle) + 1)]
        team = [_rules_player_team(handle, p) for p in range(1, len(self.players) + 1)]
        # partners (`teams` in the rules): lists of player numbers, in the
        # order of their first member; empty when each plays for itself
        self.teams = [[p for p in range(1, len(team) + 1) if team[p - 1] == t]
                      for t in sorted(set(team), key=team.index) if t]

    def new_game(self, seed=0):
        """A game from the start position; SEED seeds its dice and its random moves."""
        return Game(self, _game_new(self._handle, seed & 0xFFFFFFFFFFFFFFFF))

    def playouts(self, n, seed=1):
        """Plays N random games from the start (the games `tabula playout -n N
        --seed SEED` plays) and returns their totals as a dict."""
        s = _PlayoutStats()
        if _rules_playouts(self._handle, n, seed & 0xFFFFFFFFFFFFFFFF, ctypes.byref(s)) != 0:
            raise MemoryError("tb_rules_playouts")
        return {
            "games": s.games,
            "wins": [s.wins[p] for p in range(len(self.players))],
            "points": [s.points[p] for p in range(len(self.players))],
            "draws": s.draws,
            "unfinished": s.unfinished,
            "moves": s.moves,
        }

    def __del__(self):
        if self._handle:
            _rules_free(self._handle)
            self._handle = None

    def __repr__(self):
        return "Rules(%r, options=%r)" % (self.path, self.options)


class Game:
    """A game in progress. Players are numbered from 1 (rules.players lists
    their names); player 1 moves first."""

    def __init__(self, rules, handle):
        if not handle:
            raise MemoryError("tb_game_new")
        self.rules = rules  # keeps the rules alive as long as the game
        self._handle = handle

    def __del__(self):
        if getattr(self, "_handle", None):
            _game_free(self._handle)
            self._handle = None

    def copy(self):
        """An independent copy: position, history and random generator."""
        return Game(self.rules, _game_copy(self._handle))

    __copy__ = copy

    def clone(self):
        """The same as copy() (OpenSpiel's name)."""
        return self.copy()

    def legal_moves(self):
        """The legal moves in notation, in the engine's order (an index into
        this list is what play() and play_index() take); [] when over."""
        n = _game_legal(self._handle, None, 0)
        if n == 0:
            return []
        buf = ctypes.create_string_buffer(n * _NOTATION_MAX)
        _game_legal(self._handle, buf, n)
        raw = buf.raw
        return [_text(raw[i * _NOTATION_MAX:(i + 1) * _NOTATION_MAX].split(b"\0", 1)[0]) for i in range(n)]

    def legal_move_count(self):
        return _game_legal(self._handle, None, 0)

    def play(self, move):
        """Plays MOVE: its notation ("c3-d4") or its index in legal_moves().
        Raises ValueError when it is not legal."""
        if isinstance(move, int):
            return self.play_index(move)
        if _game_play(self._handle, str(move).encode()) != 0:
            raise ValueError("illegal move %r; legal moves: %s" % (move, ", ".join(self.legal_moves())))

    def play_index(self, index):
        if _game_play_index(self._handle, index) != 0:
            raise ValueError("no legal move of index %d (there are %d)" % (index, self.legal_move_count()))

    def undo(self):
        """Takes back the last move; raises IndexError when none was played."""
        if _game_undo(self._handle) != 0:
            raise IndexError("no move to take back")

    @property
    def history(self):
        """The moves played, in notation."""
        return [_text(_game_move_at(self._handle, i)) for i in range(_game_move_count(self._handle))]

    @property
    def result(self):
        """None while the game goes on; else "draw", "win 1", "double-win 2"..."""
        return _text(_game_result(self._handle))

    @property
    def is_over(self):
        return _game_outcome(self._handle, None, None) != 0

    @property
    def outcome(self):
        """None while the game goes on; else (winner, points): winner 0 for a draw."""
        winner, points = ctypes.c_int(), ctypes.c_int()
        if not _game_outcome(self._handle, ctypes.byref(winner), ctypes.byref(points)):
            return None
        return winner.value, points.value

    def returns(self):
        """Each player's return: the points won (+1 a win, +2 a double win...)
        for the winner (with teams, for each partner of the winning team),
        their opposite shared among the others (all of it for the one loser
        of a two-player game), 0 for a draw or a game still going on; a list
        with one entry per player, summing to 0."""
        n = len(self.rules.players)
        o = self.outcome
        if o is None or o[0] == 0:
            return [0.0] * n
        winner, points = o
        won = next((t for t in self.rules.teams if winner in t), [winner])
        lost = n - len(won)
        return [float(points) if p in won else -float(points) * len(won) / lost for p in range(1, n + 1)]

    @property
    def to_move(self):
        """The player to move, from 1."""
        return _game_to_move(self._handle)

    @property
    def dice(self):
        """The dice still to play this turn (dice games), else []."""
        out = (ctypes.c_int * 16)()
        n = _game_dice(self._handle, out, 16)
        return list(out[:min(n, 16)])

    def cell(self, index):
        """(owner, piece, height) of cell INDEX (see Rules.cells): owner 0, piece
        None and height 0 for an empty cell."""
        piece, height = ctypes.c_int(), ctypes.c_int()
        owner = _game_cell(self._handle, index, ctypes.byref(piece), ctypes.byref(height))
        if owner < 0:
            raise IndexError("no cell %d" % index)
        if owner == 0:
            return (0, None, 0)
        return (owner, self.rules.pieces[piece.value], height.value)

    def board(self):
        """{cell name: (owner, piece, height)} for the occupied cells."""
        out = {}
        for i, name in enumerate(self.rules.cells):
            c = self.cell(i)
            if c[0]:
                out[name] = c
        return out

    def random_move_index(self):
        """A uniformly random legal move's index, drawn from Python's random
        module (the game's own generator is for random_move()); -1 when over."""
        import random

        n = self.legal_move_count()
        return random.randrange(n) if n else -1

    def random_move(self):
        """Plays a uniformly random legal move with the game's seeded
        generator and returns its notation; None when the game is over."""
        if _game_random_move(self._handle) < 0:
            return None
        return _text(_game_move_at(self._handle, _game_move_count(self._handle) - 1))

    def playout(self, max_moves=0):
        """Plays random moves (the game's generator) until the end, or
        MAX_MOVES of them; returns how many were played. Undoable."""
        return _game_playout(self._handle, max_moves)

    def __repr__(self):
        return "<tabula.Game %s, %d moves, %s>" % (self.rules.title, _game_move_count(self._handle),
                                                   self.result or "player %d to move" % self.to_move)
