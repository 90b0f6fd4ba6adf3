#!/bin/sh
# Compares tabula's legal backgammon turns with GNU Backgammon's on
# GNUBG_POSITIONS (default 500) random positions and rolls
# (tests/gnubg_check.py). Skipped (exit 77) when gnubg or python3 is missing.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 is not installed"; exit 77; }
exec python3 "$srcdir/tests/gnubg_check.py" "$TABULA" "$srcdir/rulesets" "${GNUBG_POSITIONS:-$(((500 * ${TABULA_TEST_SCALE:-100} + 99) / 100))}" 1
