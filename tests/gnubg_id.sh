#!/bin/sh
# Reads and writes gnubg position and match IDs both ways with GNU
# Backgammon on GNUBG_ID_POSITIONS (default 200) random positions and
# rolls, and compares the plays as players write them (`8/5 6/5`) with
# gnubg's (tests/gnubg_id.py). Skipped (exit 77) when gnubg or python3 is
# missing.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 is not installed"; exit 77; }
exec python3 "$srcdir/tests/gnubg_id.py" "$TABULA" "$srcdir/rulesets" "${GNUBG_ID_POSITIONS:-$(((200 * ${TABULA_TEST_SCALE:-100} + 99) / 100))}" 1
