#!/bin/sh
# Compares `tabula perft` with the counts in tests/perft/GAME.txt (lines
# "DEPTH COUNT"; `#` starts a comment) up to PERFT_MAX_DEPTH (default 6).
# Beside it, GAME.yaml is a position to count from, GAME.ruleset the rule file
# (when GAME is not a bundled name) and GAME.options its options, NAME=VALUE
# one a line.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
max=${PERFT_MAX_DEPTH:-6}
# A file may hold `# check-depth: N`: make check counts to N only (the rest
# is for `make perft-deep`, which sets PERFT_MAX_DEPTH).
# Every tests/perft/GAME.txt, unless GAMES names some.
GAMES=${GAMES:-$(cd "$srcdir/tests/perft" && ls *.txt | sed 's/\.txt$//')}
passed=0
failed=0
for game in $GAMES; do
    f="$srcdir/tests/perft/$game.txt"
    position=
    [ -f "$srcdir/tests/perft/$game.yaml" ] && position="--position $srcdir/tests/perft/$game.yaml"
    rule=$game
    [ -f "$srcdir/tests/perft/$game.ruleset" ] && rule=$(cat "$srcdir/tests/perft/$game.ruleset")
    # a path inside the source tree (tests/families/NAME.game) is taken from $srcdir
    case $rule in */*) [ -f "$srcdir/$rule" ] && rule="$srcdir/$rule" ;; esac
    options=
    [ -f "$srcdir/tests/perft/$game.options" ] &&
        options=$(sed 's/^/--option /' "$srcdir/tests/perft/$game.options")
    m=$max
    cap=$(sed -n 's/^# check-depth: *//p' "$f")
    [ -z "${PERFT_MAX_DEPTH:-}" ] && [ -n "$cap" ] && [ "$cap" -lt "$m" ] && m=$cap
    want_depth=$(grep -v '^#' "$f" | awk -v m="$m" '$1 <= m { d = $1 } END { print d + 0 }')
    [ "$want_depth" -gt 0 ] || continue
    actual=$("$TABULA" perft "$rule" "$want_depth" $position $options 2>&1)
    for d in $(seq 1 "$want_depth"); do
        want=$(grep -v '^#' "$f" | awk -v d="$d" '$1 == d { print $2 }')
        got=$(printf '%s\n' "$actual" | awk -v d="$d" '$1 == "perft" && $2 == d { print $3 }')
        if [ -n "$want" ] && [ "$want" = "$got" ]; then
            passed=$((passed + 1))
            echo "PASS: $game perft $d = $want"
        else
            failed=$((failed + 1))
            echo "FAIL: $game perft $d: expected $want, got ${got:-nothing}"
            printf '%s\n' "$actual" | sed 's/^/    /'
        fi
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
