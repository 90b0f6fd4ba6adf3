#!/bin/sh
# Konane against its independent reference (tests/reference/konane_ref.py,
# written from docs/rules/konane.md without looking at the C engine): perft
# from the start on the 8x8 and 6x6 boards, the legal moves of
# KONANE_REF_POSITIONS (100) positions of the reference's random games on
# each, and the reference's random games themselves (every game ends; every
# move lowers the stones). Skipped (exit 77) without python3.
TEST=konane-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/konane_ref.py
POSITIONS=${KONANE_REF_POSITIONS:-$(scaled 100)}

# perft: SIZE DEPTH, each a second or two in the reference
while read -r size depth; do
    python3 "$REF" perft "$depth" --size "$size" >"$tmp/ref" 2>/dev/null
    t 60 perft konane "$depth" --option size="$size"
    grep '^perft' "$tmp/out" >"$tmp/got"
    if [ "$code" = 0 ] && [ -s "$tmp/ref" ] && cmp -s "$tmp/ref" "$tmp/got"; then
        pass "perft konane 1-$depth size=$size: tabula counts as the reference ($(tail -n 1 "$tmp/ref" | cut -d' ' -f3))"
    else
        diff "$tmp/ref" "$tmp/got" >"$tmp/err"
        fail "perft konane $depth size=$size: tabula and the reference differ (< reference, > tabula)"
    fi
done <<'LIST'
8 7
6 7
LIST

# random positions: SIZE SEED
while read -r size seed; do
    dir="$tmp/pos-$size"
    if ! python3 "$REF" positions "$POSITIONS" "$seed" "$dir" --size "$size" 2>"$tmp/err"; then
        fail "size=$size: the reference wrote no positions"
        continue
    fi
    moves_differ "$dir" 0 $((POSITIONS - 1)) konane --option size="$size"
    if [ "$bad" = 0 ]; then
        pass "size=$size: tabula moves lists the reference's moves in $POSITIONS positions of random games"
    else
        fail "size=$size: the moves differ in $bad of $POSITIONS positions (< reference, > tabula)"
    fi
done <<'LIST'
8 1
6 2
LIST

# the reference's own random games: each ends, each move lowers the stones
if python3 "$REF" playouts 100 3 >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference's 100 random games all end, every move taking a stone ($(cat "$tmp/out"))"
else
    fail "the reference's random games broke an invariant"
fi
# moves as players type them: a removal by its cell alone, a jump by its two ends
printf 'd4\nd6-d4\n' >"$tmp/typed"
t 20 play konane --p1 human --p2 random --seed 3 --quiet --max-moves 4 <"$tmp/typed"
if [ "$code" = 0 ] && grep -q '^1\. player 1: xd4$' "$tmp/out" && grep -q '^2\. player 1: d6xd4$' "$tmp/out"; then
    pass "typed d4 is the removal xd4, typed d6-d4 the jump d6xd4"
else
    cat "$tmp/out" >>"$tmp/err"
    fail "typed moves: d4 and d6-d4 were not read as xd4 and d6xd4"
fi
# tabula's: every game ends with a winner (no draws, none unfinished)
t 60 playout konane -n 1000 --seed 1
if [ "$code" = 0 ] && grep -q '^draws: *0$' "$tmp/out" && ! grep -q unfinished "$tmp/out"; then
    pass "tabula's 1000 random games all end with a winner"
else
    cat "$tmp/out" >>"$tmp/err"
    fail "tabula's random games: a draw or an unfinished game"
fi
summary
