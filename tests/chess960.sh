#!/bin/sh
# Chess960 as chess's option `start`: the arrays of published numbers
# (Scharnagl's numbering: 0, 1, 274, 275, 518 the classical array, 959), the
# FEN written for them and for a right of an inner rook (X-FEN), `random`
# drawing an allowed array, a record replaying from its array, the numbers
# outside 0..959 refused, and `diff --option-b` telling two arrays apart.
TEST=chess960
. "${srcdir:-.}/tests/common.sh"

for pair in 0:BBQNNRKR 1:BQNBNRKR 274:BNRKNBRQ 275:BNRKNRQB 518:RNBQKBNR 959:RKRNNQBB; do
    n=${pair%%:*}
    rank=${pair#*:}
    lower=$(printf '%s' "$rank" | tr 'A-Z' 'a-z')
    t 10 moves chess --option start="$n" --show --ascii
    if grep -qx "FEN $lower/pppppppp/8/8/8/8/PPPPPPPP/$rank w KQkq - 0 1" "$tmp/out"; then
        pass "array $n is $rank"
    else
        grep '^FEN' "$tmp/out" >>"$tmp/err"
        fail "array $n is $rank"
    fi
done

printf 'fen: "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1"\n' >"$tmp/inner.yaml"
t 10 moves chess --position "$tmp/inner.yaml" --show --ascii
if grep -qx 'FEN 4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1' "$tmp/out"; then pass "the right of an inner rook is written by its file"; else fail "the right of an inner rook is written by its file"; fi

t 10 validate chess --option start=960
expect "array 960 is refused" 1 "option \`start\` cannot be 960 (allowed: 0..959)"

t 10 info chess --option start=random
n=$(sed -n 's/^  start = \([0-9]*\) .*/\1/p' "$tmp/out")
if [ -n "$n" ] && [ "$n" -ge 0 ] && [ "$n" -le 959 ]; then pass "random draws an array ($n)"; else fail "random draws an array"; fi

t 30 play chess --option start=random --p1 random --p2 random --seed 41 --max-moves 2 --quiet --record "$tmp/r1.yaml"
t 30 play chess --option start=random --p1 random --p2 random --seed 41 --max-moves 2 --quiet --record "$tmp/r2.yaml"
a=$(sed -n 's/^  start: \([0-9]*\)$/\1/p' "$tmp/r1.yaml"); b=$(sed -n 's/^  start: \([0-9]*\)$/\1/p' "$tmp/r2.yaml")
if [ -n "$a" ] && [ "$a" = "$b" ]; then pass "random follows --seed: the same seed, the same array ($a)"; else fail "random follows --seed ($a, $b)"; fi

t 30 play chess --option start=7 --p1 random --p2 random --seed 5 --max-moves 40 --quiet --record "$tmp/game.yaml"
if grep -q '^  start: 7$' "$tmp/game.yaml"; then pass "a record keeps the array"; else fail "a record keeps the array"; fi
t 30 replay "$tmp/game.yaml"
expect "the record replays from its array" 0

t 60 diff chess chess --option-b start=0 --games 0
if [ "$code" = 1 ] && grep -qx '#   B: chess with start=0' "$tmp/out"; then
    pass "diff --option-b: the classical array and array 0 differ from the start"
else
    fail "diff --option-b: the classical array and array 0 differ from the start"
fi
summary
