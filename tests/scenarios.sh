#!/bin/sh
# Runs the scenario files of the games the engine plays, through `tabula test`.
# GAMES lists them: a game joins when the engine can play it.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
GAMES=${GAMES:-"coc-inbert coucou-picard jacquet-de-versailles coerceo backgammon plakoto fevga long-nardy"}
status=0
files=
for g in $GAMES; do files="$files $(ls "$srcdir"/tests/scenarios/$g*.yaml)"; done
for f in $files; do
    echo "== $f"
    "$TABULA" test "$f" || status=1
done
exit $status
