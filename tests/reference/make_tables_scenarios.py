#!/usr/bin/env python3
"""Writes tests/scenarios/{backgammon,plakoto,fevga,long-nardy}.yaml.

Each case names the rule of docs/rules/GAME.md it tests, gives a position
(positions found by tests/reference/tables_ref.py's random search where a rule
changes the legal moves, or built by hand), and every expected value is
computed here by tables_ref.py, the independent reference. The opening-roll
counts of backgammon are GNU Backgammon's as well (tests/gnubg_check.py
compares the two programs on random positions; the counts below were also
read from gnubg's `hint` for the 21 rolls).

Usage: make_tables_scenarios.py [OUTDIR]   (default: tests/scenarios)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tables_ref as T  # noqa: E402

# GNU Backgammon 1.07, `hint` at 0-ply from the start position.
GNUBG_OPENING = {"11": 42, "21": 15, "31": 16, "41": 14, "51": 8, "61": 10, "22": 75, "32": 17, "42": 18,
                 "52": 8, "62": 14, "33": 73, "43": 17, "53": 9, "63": 14, "44": 52, "54": 9, "64": 14,
                 "55": 4, "65": 7, "66": 11}


def pos(g, to_move=1, pieces=None, dice=(), bar=(0, 0), off=None, pinned=(), left=0, start=False):
    """A position; the checkers not given go off (or to the bar)."""
    s = g.start_position() if start else T.Pos()
    s.to_move = to_move
    for c, v in (pieces or {}).items():
        s.pts[c] = v if isinstance(v, tuple) else (v, 1)
    s.pinned = set(pinned)
    s.bar = [0, bar[0], bar[1]]
    if off:
        s.off = [0, off[0], off[1]]
    for p in (1, 2):
        if not start and not off:
            s.off[p] = T.N - (T.total(s, p) - s.off[p])
    assert all(T.total(s, p) == T.N for p in (1, 2)), "15 checkers a side"
    if g.courier:
        for p in (1, 2):
            s.arrived[p] = s.off[p] > 0 or any(o == p and g.rank[p][c] >= 13 for c, (o, n) in s.pts.items())
    s.left = left
    s.set_dice(list(dice))
    return s


def case(g, name, s, play=(), expect=("moves", "turns"), extra=None):
    """Plays PLAY with the reference and writes the expectations asked for."""
    s0 = s.copy()
    for text in play:
        legal = {T.notation(q[0][0]) for q in T.legal_sequences(g, s)}
        assert text in legal, (name, text, legal)
        s = T.play_text(g, s, text)
    ends, firsts = T.turns(g, s) if s.result is None and s.dice else ({}, set())
    e = {}
    for k in expect:
        if k == "moves":
            e["moves"] = sorted(firsts)
        elif k == "count":
            e["count"] = len(firsts)
        elif k == "turns":
            e["turns"] = len(ends)
        elif k == "result":
            e["result"] = T.result_text(s)
        elif k == "dice":
            e["dice"] = list(s.dice)
        elif k == "bar":
            e["bar"] = {1: s.bar[1], 2: s.bar[2]}
        elif k == "off":
            e["off"] = {1: s.off[1], 2: s.off[2]}
        elif k == "pinned":
            e["pinned"] = sorted(s.pinned)
        elif k == "to-move":
            e["to-move"] = s.to_move if firsts or play else T.other(s.to_move)
        elif k.startswith("pieces:"):
            e.setdefault("pieces", {})
            for c in k[7:].split(","):
                o, n = s.pts[int(c)]
                e["pieces"][int(c)] = "%d checker%s" % (o, "" if n == 1 else " %d" % n)
        elif k.startswith("empty:"):
            e["empty"] = [int(c) for c in k[6:].split(",")]
            for c in e["empty"]:
                assert c not in s.pts, (name, c)
        else:
            raise ValueError(k)
    e.update(extra or {})
    return (name, s0, list(play), e)


def flow(v):
    if isinstance(v, dict):
        return "{%s}" % ", ".join("%s: %s" % (k, flow(x)) for k, x in v.items())
    if isinstance(v, list):
        return "[%s]" % ", ".join(flow(x) for x in v)
    if isinstance(v, str) and (" " in v or v[:1].isdigit()):
        return '"%s"' % v
    return str(v)


def write(g, cases, path, header):
    with open(path, "w") as fh:
        fh.write(header)
        fh.write("ruleset: ../../rulesets/%s.game\ncases:\n" % g.name)
        for name, s, play, e in cases:
            fh.write('  - name: "%s"\n' % name)
            fh.write("    position:\n")
            fh.write(T.position_yaml(g, s, indent="      "))
            if play:
                fh.write("    play: %s\n" % flow(play))
            fh.write("    expect:\n")
            for k, v in e.items():
                fh.write("      %s: %s\n" % (k, flow(v)))


def openings(g, cases, gnubg=None):
    for a in range(1, 7):
        for b in range(a, 7):
            dice = [b, a] if a != b else [a] * 4
            extra = {}
            c = case(g, "opening roll %d-%d" % (b, a), pos(g, start=True, dice=dice), expect=("turns",))
            if gnubg:
                assert c[3]["turns"] == gnubg["%d%d" % (b, a)], (a, b, c[3]["turns"])
                c = (c[0] + ": %d plays, as GNU Backgammon counts" % c[3]["turns"],) + c[1:]
            cases.append(c)
            del extra


def backgammon():
    g = T.Game("backgammon")
    c = []
    c.append(case(g, "rule 1: player 1 moves first, from the start position", pos(g, start=True, dice=[3, 1]),
                  expect=("moves", "turns")))
    openings(g, c, GNUBG_OPENING)
    c.append(case(g, "rule 2: a double gives four moves of its number", pos(g, start=True, dice=[6, 6, 6, 6]),
                  play=["24-18", "24-18", "13-7"], expect=("dice", "moves", "pieces:18,7")))
    c.append(case(g, "rule 2: one checker may take both numbers", pos(g, start=True, dice=[6, 5]),
                  play=["24-18"], expect=("moves", "dice")))
    c.append(case(g, "rule 3: a point with two or more opposing checkers is closed", pos(g, start=True, dice=[5, 1]),
                  expect=("moves", "turns")))
    c.append(case(g, "rule 4: both numbers must be used: 21-23 would leave the 3 unplayable", pos(g, 2, {
        2: (1, 2), 6: 2, 9: (1, 2), 15: (1, 2), 18: (1, 2), 20: (1, 2), 21: 2}, [2, 3], off=(5, 13)),
        expect=("moves", "turns")))
    c.append(case(g, "rule 4: both numbers must be used: 6-1 would leave the 2 unplayable", pos(g, 1, {
        1: 1, 5: (2, 2), 6: 1, 10: (2, 2), 11: (2, 2), 13: 1, 19: (2, 6)}, [5, 2], off=(12, 3)),
        expect=("moves", "turns")))
    c.append(case(g, "rule 4: only one number can be played: the larger (bar-20, not bar-21)", pos(g, 1, {
        3: (2, 2), 9: (2, 2), 12: (2, 2), 13: (2, 2), 15: (2, 2), 16: (2, 2), 19: 2, 24: (2, 2)}, [5, 4],
        bar=(1, 0), off=(14, 0)), expect=("moves", "turns")))
    c.append(case(g, "rule 4: only one number can be played: the larger (22-16, not 22-17)", pos(g, 1, {
        1: (2, 2), 11: (2, 2), 12: (2, 2), 14: (2, 2), 21: (2, 2), 22: 1}, [6, 5], off=(14, 5)),
        expect=("moves", "turns")))
    closed = {19 + i: (2, 2) for i in range(6)}
    c.append(case(g, "rule 4: no number can be played: the turn is lost", pos(g, 1, {**closed, 6: (1, 10)},
                                                                            [6, 5], bar=(1, 0)),
                  expect=("turns", "to-move")))
    c.append(case(g, "rule 5: landing on a blot hits it to the bar", pos(g, 1, {13: (1, 5), 10: 2, 6: (1, 5), 1: (2, 5)},
                                                                          [3, 1]),
                  play=["13-10"], expect=("bar", "pieces:10", "moves")))
    c.append(case(g, "rule 6: a checker on the bar enters before any other moves", pos(g, 1, {
        1: 2, 4: 2, 5: 1, 6: (1, 4), 8: (1, 3), 11: 1, 12: (2, 5), 13: (1, 4), 24: 1, 19: (2, 4)}, [3, 1],
        bar=(1, 0)), expect=("moves", "turns")))
    c.append(case(g, "rule 6: a checker enters on own point d: player 2 with 4-2 enters on 4 or 2", pos(g, 2, {
        13: (1, 5), 8: (1, 3), 6: (1, 5), 3: (1, 2), 19: (2, 5), 17: (2, 3), 12: (2, 5)}, [4, 2], bar=(0, 2)),
        expect=("moves", "turns")))
    c.append(case(g, "rule 7: a die bears off exactly, a larger one from the highest point only", pos(g, 2, {
        4: (1, 2), 8: (1, 4), 14: (1, 2), 19: (1, 2), 21: 2, 22: 2}, [6, 4], off=(5, 13)), expect=("moves", "turns")))
    c.append(case(g, "rule 7: a larger die is played inside while a checker stands higher", pos(g, 2, {
        5: (1, 4), 11: (1, 4), 16: 1, 18: 1, 19: (2, 2), 21: (1, 3), 23: (2, 5)}, [1, 6], off=(2, 8)),
        expect=("moves", "turns")))
    c.append(case(g, "rule 7: no bearing off while a checker is outside the home board", pos(g, 1, {
        1: (1, 3), 2: (1, 3), 3: (1, 3), 4: (1, 3), 7: 1, 20: (2, 5)}, [6, 1]), expect=("moves", "turns")))
    c.append(case(g, "rule 8: a checker hit during the bear-off must come round before more go off", pos(g, 1, {
        1: (1, 3), 2: (1, 3), 3: (1, 3), 4: (1, 3), 14: (2, 2), 20: (2, 2), 21: (2, 2)}, [6, 5], bar=(1, 0)),
        expect=("moves", "turns")))
    c.append(case(g, "rule 9: a single win when the loser has borne off a checker", pos(g, 1, {1: 1, 24: (2, 3), 20: (2, 2)},
                                                                                        [2, 1]),
                  play=["1-off/2"], expect=("result", "off")))
    c.append(case(g, "rule 9: a gammon (double win) when the loser has borne off none", pos(g, 1, {
        1: 1, 24: (2, 10), 20: (2, 5)}, [2, 1]), play=["1-off/1"], expect=("result",)))
    c.append(case(g, "rule 9: a backgammon (triple win): none off and a checker in the winner's home board", pos(g, 1, {
        2: 1, 24: (2, 10), 20: (2, 4), 5: 2}, [3, 1]), play=["2-off/3"], expect=("result",)))
    c.append(case(g, "rule 9: a backgammon (triple win): none off and a checker on the bar", pos(g, 1, {
        2: 1, 24: (2, 10), 20: (2, 4)}, [3, 1], bar=(0, 1)), play=["2-off/3"], expect=("result",)))
    c.append(case(g, "rule 9: bearing off the last checker ends the game; a sequence that ends it uses every die",
                  pos(g, 1, {6: 1, 24: (2, 9), 20: (2, 4), 18: 2}, [6, 1]), expect=("moves", "turns")))
    c.append(case(g, "middle game: bar entry, hits, the larger die", pos(g, 1, {
        1: 2, 3: (2, 2), 4: (1, 2), 5: (2, 2), 6: (1, 4), 8: (1, 3), 9: 2, 12: (2, 3), 13: (1, 3), 17: (2, 2),
        19: (2, 3), 22: 1}, [5, 3], bar=(1, 0)), expect=("moves", "turns")))
    c.append(case(g, "middle game: a double with blocks about", pos(g, 1, {
        1: 2, 3: (2, 2), 4: (1, 2), 5: (2, 2), 6: (1, 4), 8: (1, 3), 9: 2, 12: (2, 3), 13: (1, 4), 17: (2, 2),
        19: (2, 3), 22: (1, 2)}, [4, 4, 4, 4]), expect=("turns", "count")))
    c.append(case(g, "bear-off: a double with checkers higher up", pos(g, 1, {
        1: (1, 2), 2: (1, 3), 4: (1, 2), 6: (1, 1), 20: (2, 8), 22: (2, 7)}, [5, 5, 5, 5], off=(7, 0)),
        expect=("turns", "moves")))
    return g, c


def plakoto():
    g = T.Game("plakoto")
    c = []
    c.append(case(g, "rules 1, 2: player 1 moves first; the first roll may be a double of four moves",
                  pos(g, start=True, dice=[6, 6, 6, 6]), expect=("moves", "turns")))
    openings(g, c)
    c.append(case(g, "rule 3: both numbers must be used: 16-12 would leave the 5 unplayable", pos(g, 1, {
        3: (2, 2), 5: 1, 6: (2, 2), 7: (2, 2), 15: (2, 2), 16: 1, 19: (2, 2), 21: (2, 2), 24: (2, 2)}, [4, 5],
        off=(13, 1)), expect=("moves", "turns")))
    c.append(case(g, "rule 3: only one number can be played: the larger", pos(g, 2, {
        4: 2, 9: (1, 2), 10: (1, 2), 12: (1, 2), 14: (1, 2), 19: (1, 2), 20: (1, 2), 22: (1, 2)}, [3, 2],
        off=(1, 14)), expect=("moves", "turns")))
    c.append(case(g, "rule 4: two opposing checkers close a point", pos(g, 1, {24: (1, 14), 20: (2, 2), 1: (2, 13)},
                                                                           [4, 1]), expect=("moves", "turns")))
    c.append(case(g, "rule 4: an opposing checker pinning one of the mover's closes the point", pos(g, 1, {
        24: (1, 13), 20: 2, 1: (2, 13)}, [4, 1], pinned=[20]), expect=("moves", "turns")))
    c.append(case(g, "rule 5: landing on a lone opposing checker pins it", pos(g, 1, {24: (1, 14), 20: 2, 1: (2, 14)},
                                                                                [4, 1]),
                  play=["24-20"], expect=("pinned", "pieces:20", "moves")))
    c.append(case(g, "rule 5: a pinned checker cannot move", pos(g, 2, {24: (1, 13), 20: 1, 1: (2, 13)}, [3, 1],
                                                                  pinned=[20]), expect=("moves", "turns")))
    c.append(case(g, "rule 5: the pinner may add checkers on the point", pos(g, 1, {24: (1, 13), 20: 1, 1: (2, 14)},
                                                                                [4, 1], pinned=[20]),
                  play=["24-20"], expect=("pinned", "pieces:20")))
    c.append(case(g, "rule 5: when the last pinning checker leaves, the pinned one is free", pos(g, 1, {
        24: (1, 13), 20: 1, 1: (2, 14)}, [4, 1], pinned=[20]), play=["20-16"], expect=("pinned", "pieces:20,16")))
    c.append(case(g, "rule 6: no bearing off while a checker of the mover is pinned", pos(g, 1, {
        3: (1, 3), 4: 1, 7: (2, 3), 8: 2}, [5, 1], off=(10, 11), pinned=[8]), expect=("moves", "turns")))
    c.append(case(g, "rule 6: a die bears off exactly, a larger one from the highest point", pos(g, 1, {
        1: (1, 4), 2: (1, 6), 3: (1, 4), 4: 1, 10: (2, 3), 11: (2, 3), 15: (2, 4)}, [5, 6], off=(0, 4),
        pinned=[3]), expect=("moves", "turns")))
    c.append(case(g, "rule 7: pinning the opponent's mother wins a double game", pos(g, 1, {
        3: 1, 1: 2, 10: (1, 14), 13: (2, 14)}, [2, 1]), play=["3-1"], expect=("result", "pinned")))
    c.append(case(g, "rule 7: not while the pinner still has checkers on its own starting point", pos(g, 1, {
        3: 1, 1: 2, 24: (1, 2), 10: (1, 12), 13: (2, 14)}, [2, 1]), play=["3-1"], expect=("result", "pinned")))
    c.append(case(g, "rule 7: the pinner wins when its last checker leaves its starting point", pos(g, 1, {
        1: 1, 24: 1, 10: (1, 13), 13: (2, 14)}, [3, 1], pinned=[1]), play=["24-21"], expect=("result",)))
    c.append(case(g, "rule 7: both mothers pinned: a draw", pos(g, 1, {
        3: 1, 1: 2, 24: 2, 10: (1, 13), 13: (2, 13)}, [2, 1], pinned=[24]), play=["3-1"], expect=("result", "pinned")))
    c.append(case(g, "rule 8: a single win when the loser has borne off a checker", pos(g, 1, {1: 1, 24: (2, 3)},
                                                                                           [2, 1]),
                  play=["1-off/2"], expect=("result",)))
    c.append(case(g, "rule 8: a double win when the loser has borne off none; never triple", pos(g, 1, {
        1: 1, 3: (2, 5), 24: (2, 10)}, [2, 1]), play=["1-off/2"], expect=("result",)))
    c.append(case(g, "middle game: pins and blocks", pos(g, 1, {
        24: (1, 6), 20: (1, 2), 17: 2, 15: (1, 3), 12: 1, 9: (2, 3), 8: (1, 2), 5: 2, 3: (2, 2), 1: (2, 4),
        11: (2, 2)}, [5, 3], pinned=[17]), expect=("moves", "turns")))
    c.append(case(g, "middle game: a double among pins", pos(g, 2, {
        24: (1, 6), 20: (1, 2), 17: 2, 15: (1, 3), 12: 1, 9: (2, 3), 8: (1, 2), 5: 2, 3: (2, 2), 1: (2, 4),
        11: (2, 2)}, [3, 3, 3, 3], pinned=[17]), expect=("turns", "count")))
    return g, c


def fevga():
    g = T.Game("fevga")
    c = []
    c.append(case(g, "rules 1, 2, 5: a first 6-6 plays one six: the lone runner meets the opposing stack",
                  pos(g, start=True, dice=[6, 6, 6, 6]), expect=("moves", "turns")))
    c.append(case(g, "rules 2, 5: a first 5-5: the runner reaches the far quarter, then a second checker leaves",
                  pos(g, start=True, dice=[5, 5, 5, 5]), play=["24-19", "19-14", "14-9"], expect=("moves", "turns")))
    openings(g, c)
    c.append(case(g, "rule 3: both numbers must be used; else the larger", pos(g, 1, {
        1: 2, 2: 2, 6: 2, 7: 2, 11: 1, 13: 2, 20: 2, 24: 2}, [3, 2], off=(14, 8)), expect=("moves", "turns")))
    c.append(case(g, "rule 4: one opposing checker holds a point", pos(g, 1, {24: (1, 14), 20: 2, 12: (2, 14)},
                                                                           [4, 1]),
                  expect=("moves", "turns")))
    c.append(case(g, "rule 5: only the runner moves until it reaches the far quarter", pos(g, 2, {
        7: 2, 8: 1, 12: (2, 14), 24: (1, 14)}, [1, 4]), expect=("moves", "turns")))
    c.append(case(g, "rule 6: the starting quarter may not be filled", pos(g, 2, {
        4: (1, 3), 6: (1, 4), 8: 2, 9: 2, 10: 2, 11: 2, 12: (2, 2), 16: (2, 2), 17: (2, 2), 18: (2, 4), 19: (1, 4),
        20: (1, 3), 21: 1, 23: 2}, [5, 6]), expect=("moves", "turns")))
    c.append(case(g, "rule 7: no prime of six with no opposing checker ahead", pos(g, 1, {
        2: 1, 3: (1, 2), 4: (1, 2), 5: 1, 7: (1, 3), 8: (2, 8), 9: 1, 10: (1, 2), 11: (1, 3), 12: (2, 7)}, [3, 2]),
        expect=("moves", "turns")))
    c.append(case(g, "rule 8: a die bears off exactly, a larger one from the highest point", pos(g, 1, {
        1: (1, 4), 2: 1, 3: (1, 3), 4: (1, 6), 5: 1, 8: 2, 10: 2, 13: (2, 4), 18: 2, 20: 2, 21: (2, 4), 22: (2, 3)},
        [5, 3]), expect=("moves", "turns")))
    c.append(case(g, "rule 9: a double win when the loser has borne off none", pos(g, 1, {1: 1, 24: (2, 15)}, [2, 1]),
                  play=["1-off/2"], expect=("result",)))
    c.append(case(g, "rule 9: a single win otherwise", pos(g, 1, {1: 1, 15: (2, 14)}, [2, 1]),
                  play=["1-off/2"], expect=("result",)))
    c.append(case(g, "rule 10: a player who cannot move loses the turn", pos(g, 1, {
        24: (1, 15), 18: 2, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 12: (2, 9)}, [6, 1]), expect=("turns", "to-move")))
    c.append(case(g, "middle game: primes, holds and the starting quarter", pos(g, 1, {
        24: (1, 4), 22: (1, 2), 21: 1, 19: 1, 16: (1, 2), 14: 1, 13: (1, 2), 9: (1, 2), 12: (2, 6), 11: (2, 2), 8: 2,
        7: 2, 4: 2, 1: (2, 2)}, [4, 2]), expect=("moves", "turns")))
    return g, c


def long_nardy():
    g = T.Game("long-nardy")
    c = []
    c.append(case(g, "rules 1, 2, 5: a first 6-6 takes two checkers off the head", pos(g, start=True, dice=[6, 6, 6, 6]),
                  expect=("moves", "turns")))
    c.append(case(g, "rule 5: a first 3-3 takes two checkers off the head", pos(g, start=True, dice=[3, 3, 3, 3]),
                  expect=("moves", "turns")))
    c.append(case(g, "rule 5: a first 5-5 takes one checker off the head", pos(g, start=True, dice=[5, 5, 5, 5]),
                  expect=("moves", "turns")))
    openings(g, c)
    c.append(case(g, "rule 5: the exception holds for player 2's first turn too", pos(g, 2, {
        24: (1, 14), 18: 1, 12: (2, 15)}, [4, 4, 4, 4]), expect=("moves", "turns")))
    c.append(case(g, "rule 5: not in a later turn: one checker leaves the head", pos(g, 1, {
        24: (1, 14), 18: 1, 12: (2, 14), 8: 2}, [4, 4, 4, 4]), expect=("moves", "turns")))
    c.append(case(g, "rule 5: after one checker has left the head this turn, no other may", pos(g, 1, {
        24: (1, 14), 21: 1, 12: (2, 15)}, [3, 3, 3], left=1), expect=("moves", "turns")))
    c.append(case(g, "rule 3: both numbers must be used", pos(g, 2, {7: 1, 8: 2, 12: (2, 14), 24: (1, 14)}, [1, 4]),
                  expect=("moves", "turns")))
    c.append(case(g, "rule 3: only one number can be played: the larger", pos(g, 2, {
        1: 1, 2: 1, 10: 2, 15: 1, 18: 1, 24: 1}, [4, 5], off=(10, 14)), expect=("moves", "turns")))
    c.append(case(g, "rule 4: one opposing checker holds a point", pos(g, 1, {24: (1, 14), 20: 2, 12: (2, 14)}, [4, 1]),
                  expect=("moves", "turns")))
    c.append(case(g, "rule 6: no six-point block with no opposing checker ahead", pos(g, 2, {
        14: (2, 2), 15: (2, 2), 16: (2, 2), 17: (2, 2), 19: 2, 20: 2, 21: (1, 10), 22: (2, 4), 23: 2, 24: (1, 5)},
        [4, 2]), expect=("moves", "turns")))
    c.append(case(g, "rule 6: a block of six is allowed with an opposing checker ahead", pos(g, 2, {
        14: (2, 2), 15: (2, 2), 16: (2, 2), 17: (2, 2), 19: 2, 20: 2, 21: (1, 9), 22: (2, 4), 23: 2, 24: (1, 5),
        13: 1}, [4, 2]), expect=("moves", "turns")))
    c.append(case(g, "rule 7: a larger die bears off from the highest point", pos(g, 2, {
        3: 1, 6: 1, 8: 1, 11: 1, 12: (1, 2), 13: 1, 17: 2, 18: 1, 24: 1}, [6, 6, 6, 6], off=(6, 14)),
        expect=("moves", "turns")))
    c.append(case(g, "rule 7: a die bears off exactly", pos(g, 1, {1: (1, 3), 2: (1, 2), 5: 1, 12: (2, 15)}, [2, 1],
                                                             off=(9, 0)), expect=("moves", "turns")))
    c.append(case(g, "rule 8: mars, a double win, when the loser has borne off none", pos(g, 1, {1: 1, 12: (2, 15)},
                                                                                          [2, 1]),
                  play=["1-off/2"], expect=("result",)))
    c.append(case(g, "rule 8: oyn, a single win, otherwise", pos(g, 1, {1: 1, 15: (2, 14)}, [2, 1]),
                  play=["1-off/2"], expect=("result",)))
    c.append(case(g, "rule 9: a player who cannot move loses the turn", pos(g, 1, {
        24: (1, 15), 18: 2, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 12: (2, 9)}, [6, 1]), expect=("turns", "to-move")))
    c.append(case(g, "middle game: the head, holds and a block", pos(g, 1, {
        24: (1, 8), 22: 1, 20: 1, 17: (1, 2), 15: 1, 13: 1, 10: 1, 12: (2, 7), 11: (2, 2), 9: 2, 8: (2, 2), 6: 2,
        3: 2}, [3, 2]), expect=("moves", "turns")))
    return g, c


HEADER = """# Scenarios of %s: one case (or more) per numbered rule of docs/rules/%s.md,
# move counts of the opening rolls and of middle-game positions.
# Written by tests/reference/make_tables_scenarios.py: every expected value was
# computed by the independent reference tests/reference/tables_ref.py
# (`tables_ref.py check` verifies them again).
"""


def main(argv):
    out = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios")
    for make in (backgammon, plakoto, fevga, long_nardy):
        g, cases = make()
        title = {"backgammon": "Backgammon", "plakoto": "Plakoto", "fevga": "Fevga", "long-nardy": "Long Nardy"}[g.name]
        write(g, cases, os.path.join(out, g.name + ".yaml"), HEADER % (title, g.name))
        print("%s: %d cases" % (g.name, len(cases)))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
