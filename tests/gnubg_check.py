#!/usr/bin/env python3
"""Compares tabula's legal backgammon turns with GNU Backgammon's.

GNU Backgammon (Debian package `gnubg`) is an implementation nobody here
wrote. For N positions and rolls (games of random turns, positions with
checkers strewn about or hemmed in, from tests/reference/tables_ref.py) this
script asks gnubg for every play (its embedded Python: the position is set
with its position id, the dice with `set dice`, and `hint` at 0-ply lists the
plays), asks `tabula moves backgammon --position P --turns` for every turn,
turns both lists into the positions they reach, and reports any difference.

Usage: gnubg_check.py TABULA RULESETS_DIR [N [SEED]]
Exit status: 0 when the sets agree everywhere, 1 when they differ, 77 (a
skipped test for automake) when gnubg is not installed.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "reference"))
import tables_ref as T  # noqa: E402

# Run inside gnubg: reads the positions, writes every play of each (as the
# pairs (from, to) of gnubg.parsemove; 25 is the bar, 0 off) or an error.
GNUBG_SCRIPT = r'''
import json, gnubg
with open(%(inp)r) as fh:
    jobs = json.load(fh)
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("new game")
out = []
for board, dice in jobs:
    board = (tuple(board[0]), tuple(board[1]))
    gnubg.command("set board " + gnubg.positionid(board))
    if gnubg.board() != board:
        out.append({"error": "gnubg did not take the position"})
        continue
    gnubg.command("set dice %%d %%d" %% (dice[0], dice[1]))
    plays = [gnubg.parsemove(h["move"]) for h in gnubg.hint(100000)["hint"]]
    out.append({"plays": plays})
with open(%(outp)r, "w") as fh:
    json.dump(out, fh)
'''


def find_gnubg():
    found = shutil.which("gnubg")
    if found:
        return found
    return "/usr/games/gnubg" if os.access("/usr/games/gnubg", os.X_OK) else None


def board_of(g, s):
    """gnubg's board for the player to move: (opponent, mover), each indexed by
    that player's own backgammon point - 1, with the bar at index 24."""
    p = s.to_move
    q = T.other(p)
    sides = []
    for x in (q, p):
        pts = [0] * 25
        for c, (o, n) in s.pts.items():
            if o == x:
                pts[25 - g.rank[x][c] - 1] = n   # own point k is backgammon point 25 - k
        pts[24] = s.bar[x]
        sides.append(pts)
    return sides


def play_gnubg(board, pairs):
    """The board reached by gnubg's play, from the mover's side."""
    opp, me = [list(board[0]), list(board[1])]
    off = 0
    for a, b in pairs:
        me[a - 1] -= 1                           # 25: the bar, index 24
        if b <= 0:
            off += 1
            continue
        if opp[24 - b] == 1:                     # the mover's point b is the opponent's 25 - b
            opp[24 - b] = 0
            opp[24] += 1
        me[b - 1] += 1
    return (tuple(opp), tuple(me), off)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    tabula, rules = argv[1], argv[2]
    count = int(argv[3]) if len(argv) > 3 else 500
    seed = int(argv[4]) if len(argv) > 4 else 1
    gnubg = find_gnubg()
    if not gnubg:
        print("SKIP: gnubg is not installed (Debian package `gnubg`)")
        return 77
    g = T.Game("backgammon")
    # Positions at the start of a turn (gnubg plays whole rolls only).
    positions = []
    batch = 0
    while len(positions) < count:
        for s in T.random_positions(g, count, seed + batch):
            if len(s.dice) == 4 or (len(s.dice) == 2 and s.dice[0] != s.dice[1]):
                positions.append(s)
        batch += 1
    positions = positions[:count]
    with tempfile.TemporaryDirectory() as tmp:
        inp, outp, script = (os.path.join(tmp, n) for n in ("in.json", "out.json", "ask.py"))
        with open(inp, "w") as fh:
            json.dump([[board_of(g, s), s.dice[:2]] for s in positions], fh)
        with open(script, "w") as fh:
            fh.write(GNUBG_SCRIPT % {"inp": inp, "outp": outp})
        r = subprocess.run([gnubg, "-t", "-q", "-p", script], capture_output=True, text=True, cwd=tmp,
                           stdin=subprocess.DEVNULL, timeout=3600)
        if not os.path.exists(outp):
            print("gnubg failed (exit %d):\n%s%s" % (r.returncode, r.stdout[-2000:], r.stderr[-2000:]))
            return 1
        with open(outp) as fh:
            answers = json.load(fh)
        pos_path = os.path.join(tmp, "pos.yaml")
        game_path = os.path.join(rules, "backgammon.game")
        diffs = plays = 0
        for i, (s, ans) in enumerate(zip(positions, answers)):
            board = board_of(g, s)
            if "error" in ans:
                diffs += 1
                print("DIFF position %d: %s\n%s" % (i, ans["error"], T.position_yaml(g, s)))
                continue
            want = {}
            for pairs in ans["plays"]:
                want.setdefault(play_gnubg(board, pairs), pairs)
            plays += len(want)
            with open(pos_path, "w") as fh:
                fh.write(T.position_yaml(g, s, indent=""))
            got = {}
            for line in T.run_tabula(tabula, game_path, pos_path, True):
                a = s
                for text in line.split():
                    a = T.play_text(g, a, text)
                b = board_of(g, a)
                got.setdefault((tuple(b[0]), tuple(b[1]), a.off[s.to_move] - s.off[s.to_move]), line)
            if set(got) != set(want):
                diffs += 1
                if diffs <= 10:
                    missing = [want[k] for k in want if k not in got]
                    extra = [got[k] for k in got if k not in want]
                    print("DIFF position %d (dice %s): gnubg %d plays, tabula %d turns\n%s"
                          "  gnubg only: %s\n  tabula only: %s" % (i, s.dice, len(want), len(got),
                                                                   T.position_yaml(g, s), missing[:5], extra[:5]))
    print("gnubg: %d backgammon positions and rolls compared (%d legal plays), %d with a difference"
          % (len(positions), plays, diffs))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
