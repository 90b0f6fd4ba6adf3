#!/bin/sh
# Standard algebraic notation (docs/san.md) against tests/san/cases.txt, the
# independent reference's table (FEN, the move in tabula's notation, its SAN):
# `tabula moves chess --fen FEN --san` prints the SAN, and a scenario playing
# the SAN plays the move (the same position follows as playing tabula's own).
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
. "$srcdir/tests/common.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-san.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
printed=0 misprinted=0 read=0 misread=0
tab=$(printf '\t')
while IFS="$tab" read -r fen mv san; do
    case $fen in '#'*|'') continue ;; esac
    "$TABULA" moves chess --fen "$fen" --san >"$tmp/san" 2>/dev/null
    # a position the rules have ended already (a dead position since drawn) has no move to name
    [ -s "$tmp/san" ] || continue
    if grep -qxF -- "$san" "$tmp/san"; then printed=$((printed + 1)); else
        misprinted=$((misprinted + 1)); echo "FAIL: $fen: $mv should print as $san; --san gave: $(tr '\n' ' ' <"$tmp/san")"; fi
    # read: playing the SAN and playing the move end in the same position
    for which in s m; do
        if [ "$which" = s ]; then text=$san; else text=$mv; fi
        printf 'ruleset: chess\ncases:\n  - name: play\n    position: {fen: "%s"}\n    play: ["%s"]\n    expect: {count: 0}\n' \
            "$fen" "$text" >"$tmp/case.yaml"
        "$TABULA" test "$tmp/case.yaml" 2>&1 | sed -n 's/.*expected 0 legal moves, got [0-9]*: //p' >"$tmp/after.$which"
    done
    if [ -s "$tmp/after.m" ] && cmp -s "$tmp/after.s" "$tmp/after.m"; then read=$((read + 1)); else
        # a mate or stalemate leaves no moves: both then end the game the same way
        if [ ! -s "$tmp/after.m" ] && [ ! -s "$tmp/after.s" ]; then read=$((read + 1)); else
            misread=$((misread + 1)); echo "FAIL: $fen: reading $san did not play $mv"; fi
    fi
done <"$srcdir/tests/san/cases.txt"
echo "SAN printed right: $printed, wrong: $misprinted; read right: $read, wrong: $misread"
[ "$misprinted" -eq 0 ] && [ "$misread" -eq 0 ] && [ "$printed" -gt 30 ]
