#!/usr/bin/env python3
"""Checks tabula's gnubg position and match IDs, and its plays as players
write them, against GNU Backgammon's.

For N positions with a fresh roll (random games, strewn and hemmed-in
checkers, from tests/reference/tables_ref.py), both ways:
  1. tabula -> gnubg: `tabula moves backgammon --position P --show` prints
     `gnubg ID: POS:MATCH`; gnubg takes it (`set matchid`, `set board`) and its
     board (each side's checkers on its own points and bar), the player on
     roll and the dice must be the position's; gnubg then writes the same IDs.
  2. gnubg -> tabula: gnubg is given the position (its board, the turn, the
     dice) and writes its IDs; `tabula moves backgammon --gnubg-id ID --show`
     must write them back unchanged, and list the same plays as with
     --position P (`--turns --written`).
  3. The plays: `tabula moves backgammon --position P --turns --written` lists
     the plays as gnubg's `hint` writes them (`bar/22 13/7* 13/10`), the
     same set of texts.

Usage: gnubg_id.py TABULA RULESETS_DIR [N [SEED]]
Exit status: 0 when all agree, 1 on a difference, 77 when gnubg is missing.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "reference"))
sys.path.insert(0, HERE)
import tables_ref as T  # noqa: E402
from gnubg_check import find_gnubg, board_of  # noqa: E402

GNUBG_SCRIPT = r'''
import json, gnubg
with open(%(inp)r) as fh:
    jobs = json.load(fh)
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("new game")
out = []
for ours, board, side, dice in jobs:
    pos, match = ours.split(":")
    gnubg.command("set matchid " + match)
    gnubg.command("set board " + pos)
    took = {"board": gnubg.board(), "pos": gnubg.positionid(), "match": gnubg.matchid()}
    gnubg.command("set turn %%d" %% side)
    gnubg.command("set board " + gnubg.positionid((tuple(board[0]), tuple(board[1]))))
    gnubg.command("set dice %%d %%d" %% (dice[0], dice[1]))
    took["theirs"] = gnubg.positionid() + ":" + gnubg.matchid()
    gnubg.command("set matchid " + match)
    gnubg.command("set board " + pos)
    took["plays"] = sorted(h["move"] for h in gnubg.hint(100000)["hint"])
    out.append(took)
with open(%(outp)r, "w") as fh:
    json.dump(out, fh)
'''


def tabula(args):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(args), r.returncode, r.stderr.strip()))
    return r.stdout


def shown_id(text):
    for line in text.splitlines():
        if line.startswith("gnubg ID: "):
            return line[len("gnubg ID: "):].strip()
    raise RuntimeError("no `gnubg ID:` line in\n" + text)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    exe, rules = argv[1], argv[2]
    count = int(argv[3]) if len(argv) > 3 else 100
    seed = int(argv[4]) if len(argv) > 4 else 1
    gnubg = find_gnubg()
    if not gnubg:
        print("SKIP: gnubg is not installed (Debian package `gnubg`)")
        return 77
    g = T.Game("backgammon")
    game_path = os.path.join(rules, "backgammon.game")
    positions = [s for s in T.random_positions(g, 3 * count, seed)
                 if len(s.dice) == 4 or (len(s.dice) == 2 and s.dice[0] != s.dice[1])][:count]
    diffs = 0
    with tempfile.TemporaryDirectory() as tmp:
        jobs, paths = [], []
        for i, s in enumerate(positions):
            path = os.path.join(tmp, "p%d.yaml" % i)
            with open(path, "w") as fh:
                fh.write(T.position_yaml(g, s, indent=""))
            paths.append(path)
            ours = shown_id(tabula([exe, "moves", game_path, "--position", path, "--show", "--color=never", "--ascii"]))
            jobs.append([ours, board_of(g, s), 1 if s.to_move == 1 else 0, s.dice[:2]])
        inp, outp, script = (os.path.join(tmp, n) for n in ("in.json", "out.json", "ask.py"))
        with open(inp, "w") as fh:
            json.dump(jobs, fh)
        with open(script, "w") as fh:
            fh.write(GNUBG_SCRIPT % {"inp": inp, "outp": outp})
        r = subprocess.run([gnubg, "-t", "-q", "-p", script], capture_output=True, text=True, cwd=tmp,
                           stdin=subprocess.DEVNULL, timeout=3600)
        if not os.path.exists(outp):
            print("gnubg failed (exit %d):\n%s%s" % (r.returncode, r.stdout[-2000:], r.stderr[-2000:]))
            return 1
        with open(outp) as fh:
            answers = json.load(fh)
        for i, (s, job, ans) in enumerate(zip(positions, jobs, answers)):
            ours, board = job[0], job[1]
            problems = []
            if [list(side) for side in ans["board"]] != board:
                problems.append("gnubg reads %s as %s, not %s" % (ours, ans["board"], board))
            if ans["pos"] + ":" + ans["match"] != ours:
                problems.append("gnubg writes %s:%s back for %s" % (ans["pos"], ans["match"], ours))
            theirs = ans["theirs"]
            if theirs != ours:
                problems.append("gnubg's IDs of the position are %s, tabula's %s" % (theirs, ours))
            back = shown_id(tabula([exe, "moves", game_path, "--gnubg-id", theirs, "--show", "--color=never",
                                    "--ascii"]))
            if back != theirs:
                problems.append("tabula reads %s and writes %s" % (theirs, back))
            # The plays as players write them: the same whatever the order of the dice.
            turns_id = sorted(tabula([exe, "moves", game_path, "--gnubg-id", theirs, "--turns", "--written"]).split("\n"))
            turns_pos = sorted(tabula([exe, "moves", game_path, "--position", paths[i], "--turns", "--written"]).split("\n"))
            if turns_id != turns_pos:
                problems.append("the turns from --gnubg-id %s differ from the position's" % theirs)
            written = sorted(l for l in turns_pos if l.strip())
            if written != ans["plays"]:
                only_ours = sorted(set(written) - set(ans["plays"]))[:5]
                only_theirs = sorted(set(ans["plays"]) - set(written))[:5]
                problems.append("plays written differently: tabula only %s; gnubg only %s" % (only_ours, only_theirs))
            if problems:
                diffs += 1
                if diffs <= 10:
                    print("DIFF position %d (dice %s):\n  %s\n%s" % (i, s.dice, "\n  ".join(problems),
                                                                    T.position_yaml(g, s)))
    print("gnubg IDs and plays: %d backgammon positions read and written both ways, %d with a difference"
          % (len(positions), diffs))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
