#!/bin/sh
# Runs every scenario file in tests/scenarios/ through `tabula test` (GAMES,
# when set, limits the run to the files of those games).
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
status=0
files=
if [ -n "$GAMES" ]; then
    for g in $GAMES; do files="$files $(ls "$srcdir"/tests/scenarios/$g*.yaml)"; done
else
    files=$(ls "$srcdir"/tests/scenarios/*.yaml)
fi
for f in $files; do
    echo "== $f"
    "$TABULA" test "$f" || status=1
done
exit $status
