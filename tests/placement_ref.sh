#!/bin/sh
# The placement games (tic-tac-toe, connect-four, gomoku, othello, hex) against
# their independent reference (tests/reference/placement_ref.py, written from
# the rules pages without looking at the C engine): the reference re-checks the
# games' scenario files, tabula's perft is compared with the reference's for a
# few cheap depths, and in PLACEMENT_REF_POSITIONS (200) positions of random
# games of each game (made by the reference, each written as a position file)
# tabula's `moves` must list the reference's moves, and `tabula test` must find
# the reference's result and number of moves in all of them at once.
# Skipped (exit 77) without python3.
TEST=placement-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/placement_ref.py
POSITIONS=${PLACEMENT_REF_POSITIONS:-$(scaled 200)}

if python3 "$REF" check >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference agrees with the placement games' scenario files ($(grep -c 'cases, 0 failed' "$tmp/out") files)"
else
    grep -v '^PASS' "$tmp/out" | head -20 >"$tmp/err"
    fail "the reference disagrees with a scenario file"
fi

# perft: GAME DEPTH [OPTION...], each a few tenths of a second in the reference
while read -r game depth options; do
    opts=
    for o in $options; do opts="$opts --option $o"; done
    # shellcheck disable=SC2086
    python3 "$REF" perft "$game" "$depth" $opts >"$tmp/ref" 2>/dev/null
    # shellcheck disable=SC2086
    t 120 perft "$game" "$depth" $opts
    grep '^perft' "$tmp/out" >"$tmp/got"
    if [ "$code" = 0 ] && [ -s "$tmp/ref" ] && cmp -s "$tmp/ref" "$tmp/got"; then
        pass "perft $game 1-$depth $options: tabula counts as the reference ($(tail -n 1 "$tmp/ref" | cut -d' ' -f3))"
    else
        diff "$tmp/ref" "$tmp/got" >"$tmp/err"
        fail "perft $game $depth $options: tabula and the reference differ (< reference, > tabula)"
    fi
done <<'LIST'
tic-tac-toe 6
connect-four 5
othello 6
gomoku 2
gomoku 2 exactly-five=on
hex 2
hex 2 swap=on
hex 7 size=3
hex 4 size=4 swap=on
LIST

# random positions: GAME SEED [OPTION...]
seed=1
while read -r game options; do
    opts=
    for o in $options; do opts="$opts --option $o"; done
    dir="$tmp/$game-$seed"
    # shellcheck disable=SC2086
    if ! python3 "$REF" positions "$game" "$POSITIONS" "$seed" "$dir" $opts 2>"$tmp/err"; then
        fail "$game $options: the reference wrote no positions"
        seed=$((seed + 1))
        continue
    fi
    # shellcheck disable=SC2086
    moves_differ "$dir" 1 "$POSITIONS" "$game" $opts
    if [ "$bad" = 0 ]; then
        pass "$game $options: tabula moves lists the reference's moves in $POSITIONS positions of random games"
    else
        fail "$game $options: the moves differ in $bad of $POSITIONS positions (< reference, > tabula;
  remake them: python3 $REF positions $game $POSITIONS $seed DIR$opts)"
    fi
    t 300 test "$dir/cases.yaml"
    if [ "$code" = 0 ] && grep -q "^$POSITIONS passed, 0 failed" "$tmp/out"; then
        pass "$game $options: tabula test finds the reference's result and number of moves in all $POSITIONS positions"
    else
        cat "$tmp/out" >>"$tmp/err"
        fail "$game $options: tabula test disagrees with the reference's result or number of moves"
    fi
    seed=$((seed + 1))
done <<'LIST'
tic-tac-toe
connect-four
gomoku
gomoku exactly-five=on
othello
hex
hex size=5 swap=on
LIST

summary
