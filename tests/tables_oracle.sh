#!/bin/sh
# Compares tabula with tests/reference/tables_ref.py, an independent Python
# reference of Backgammon, Plakoto, Fevga and Long Nardy written from their
# rules pages: on TABLES_POSITIONS (default 500) random positions a game, the
# legal sub-moves and the legal whole turns (positions reached) must agree.
# Then the reference checks every expected value of the four scenario files.
# Skipped (exit 77) when python3 is not installed.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
n=${TABLES_POSITIONS:-500}
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 is not installed"; exit 77; }
status=0
for game in plakoto fevga long-nardy backgammon; do
    python3 "$srcdir/tests/reference/tables_ref.py" compare "$game" "$TABULA" "$n" 1 || status=1
done
for game in backgammon plakoto fevga long-nardy; do
    python3 "$srcdir/tests/reference/tables_ref.py" check "$srcdir/tests/scenarios/$game.yaml" || status=1
done
exit $status
