#!/usr/bin/env python3
"""Round trips of the plays of tables games as players write them.

For N random positions of each tables game (random games, strewn and
hemmed-in checkers, from tests/reference/tables_ref.py), every play that
`tabula moves GAME --position P --turns --written` writes (at most 40 a
position, spread over the list) is read back by `tabula why`, which must call
it a whole turn, write it the same way, and give it die by die as the same
line of `tabula moves --turns` (whose turns tests/tables.sh checks against
the reference model).

Usage: bgnotation_roundtrip.py TABULA RULESETS_DIR [N [SEED]]
Exit status: 0 when every play reads back, 1 otherwise.
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "reference"))
import tables_ref as T  # noqa: E402

GAMES = ("backgammon", "plakoto", "fevga", "long-nardy")
PER_POSITION = 40


def run(args):
    r = subprocess.run(args, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    exe, rules = argv[1], argv[2]
    count = int(argv[3]) if len(argv) > 3 else 6
    seed = int(argv[4]) if len(argv) > 4 else 1
    bad = plays = 0
    with tempfile.TemporaryDirectory() as tmp:
        pos = os.path.join(tmp, "p.yaml")
        for name in GAMES:
            g = T.Game(name)
            game = os.path.join(rules, name + ".game")
            for s in T.random_positions(g, count, seed):
                with open(pos, "w") as fh:
                    fh.write(T.position_yaml(g, s, indent=""))
                _, written, _ = run([exe, "moves", game, "--position", pos, "--turns", "--written"])
                _, engine, _ = run([exe, "moves", game, "--position", pos, "--turns"])
                written, engine = written.splitlines(), engine.splitlines()
                if len(written) != len(engine):
                    bad += 1
                    print("DIFF %s: %d written plays, %d turns\n%s" % (name, len(written), len(engine),
                                                                       T.position_yaml(g, s)))
                    continue
                step = max(1, len(written) // PER_POSITION)
                for w, e in list(zip(written, engine))[::step]:
                    plays += 1
                    code, out, err = run([exe, "why", game, "--position", pos, w])
                    want = "%s is legal: the whole turn %s, die by die" % (e, w)
                    if code != 0 or out.strip() != want:
                        bad += 1
                        if bad <= 10:
                            print("DIFF %s: `%s` read back as %r (exit %d, %s), not %r\n%s"
                                  % (name, w, out.strip(), code, err.strip(), want, T.position_yaml(g, s)))
    print("written plays: %d read back in %d positions of %d games, %d wrong" % (plays, count * len(GAMES),
                                                                                 len(GAMES), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
