#!/bin/sh
# Compares tabula with tests/reference/tables_ref.py, an independent Python
# reference of Backgammon, Plakoto, Fevga and Long Nardy written from their
# rules pages: on TABLES_POSITIONS (default 500) random positions a game, the
# legal sub-moves and the legal whole turns (positions reached) must agree.
# The readings that are options (Fevga's release and prime, Long Nardy's koks)
# are compared at their other values too, on TABLES_POSITIONS / 2 positions.
# Then the reference checks every expected value of the tables scenario files.
# Skipped (exit 77) when python3 is not installed.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
n=${TABLES_POSITIONS:-$(((500 * ${TABULA_TEST_SCALE:-100} + 99) / 100))}
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 is not installed"; exit 77; }
status=0
for game in plakoto fevga long-nardy backgammon; do
    python3 "$srcdir/tests/reference/tables_ref.py" compare "$game" "$TABULA" "$n" 1 || status=1
done
half=$((n / 2))
python3 "$srcdir/tests/reference/tables_ref.py" compare fevga "$TABULA" "$half" 2 release=14 || status=1
python3 "$srcdir/tests/reference/tables_ref.py" compare fevga "$TABULA" "$half" 3 prime=until-gathered || status=1
python3 "$srcdir/tests/reference/tables_ref.py" compare fevga "$TABULA" "$half" 4 release=14 prime=until-gathered || status=1
python3 "$srcdir/tests/reference/tables_ref.py" compare long-nardy "$TABULA" "$half" 2 koks=on || status=1
for game in backgammon plakoto fevga long-nardy fevga-readings fevga-release-14 fevga-prime-until-gathered \
    long-nardy-readings long-nardy-koks; do
    python3 "$srcdir/tests/reference/tables_ref.py" check "$srcdir/tests/scenarios/$game.yaml" || status=1
done
exit $status
