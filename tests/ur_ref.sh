#!/bin/sh
# The Royal Game of Ur against its independent reference
# (tests/reference/ur_ref.py, written from docs/rules/ur.md): positions met
# in the reference's random games, each with the legal moves of every throw
# (0 to 4), for `tabula moves --position F --dice R` to match; the reference
# and tabula's playouts both end every game. Skipped (exit 77) without python3.
TEST=ur-ref
. "${srcdir:-.}/tests/common.sh"
. "${srcdir:-.}/tests/race_common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/ur_ref.py
POSITIONS=${UR_REF_POSITIONS:-300}

# The reference's perft against tests/perft/ur-throw*.txt (one position, each throw).
race_perft ur "1 2 3 4"

for seed in 1 2; do
    dir="$tmp/pos-$seed"
    python3 "$REF" positions "$POSITIONS" "$seed" "$dir" 2>"$tmp/err" || { fail "seed $seed: the reference wrote no positions"; continue; }
    race_positions "seed $seed" "$dir" "$POSITIONS" ur "0 1 2 3 4"
done

# The throw of four binary dice summed (rule 4): 0 to 4 in the proportions
# 1 4 6 4 1 (of 16), over the throws of 20 games (about 3,000 throws): each
# within a quarter of its expected share (more than 3 standard deviations).
: >"$tmp/throws"
for s in $(seq 1 20); do
    "$TABULA" play ur --p1 random --p2 random --seed "$s" --quiet 2>&1 | sed -n 's/.* rolls \([0-9]*\).*/\1/p' >>"$tmp/throws"
done
if awk '{ n[$1]++; t++ } END { split("1 4 6 4 1", w); ok = t > 1000
        for (v = 0; v <= 4; v++) { e = t * w[v + 1] / 16; if (n[v] < 0.75 * e || n[v] > 1.25 * e) ok = 0 }
        for (v in n) if (v < 0 || v > 4) ok = 0
        exit !ok }' "$tmp/throws"; then
    pass "throws of four binary dice: 0-4 in the proportions 1 4 6 4 1 ($(wc -l <"$tmp/throws") throws)"
else
    sort -n "$tmp/throws" | uniq -c >"$tmp/err"
    fail "the throws are not distributed as four binary dice summed"
fi

# Every game ends: the reference's random games, and tabula's playouts.
if python3 "$REF" games 200 1 >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference's 200 random games all end"
else
    fail "a random game of the reference does not end"
fi
t 60 playout ur -n 2000 --seed 1
if [ "$code" = 0 ] && grep -q '^games: *2000' "$tmp/out" && grep -q '^draws: *0' "$tmp/out"; then
    pass "2000 playouts of tabula end, each with a winner"
else
    fail "tabula's playouts of ur"
fi
summary
