#!/bin/sh
# The draughts family against its independent reference
# (tests/reference/draughts_ref.py, written from the rules pages without
# looking at the C engine): the reference re-checks every scenario file of
# the family and the first perft counts of tests/perft, and it plays random
# games of each game and writes every position it meets, with the moves and
# the result it computes for it, as a scenario file that tabula must pass.
# Skipped (exit 77) without python3.
TEST=draughts-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/draughts_ref.py
POSITIONS=${DRAUGHTS_REF_POSITIONS:-$(scaled 1500)}

if python3 "$REF" check >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference agrees with every draughts-family scenario file ($(grep -c 'cases, 0 failed' "$tmp/out") files)"
else
    grep -v '^ok' "$tmp/out" | head -20 >"$tmp/err"
    fail "the reference disagrees with a scenario file"
fi

if python3 "$REF" perftcheck 4 >"$tmp/out" 2>"$tmp/err" && ! grep -q WRONG "$tmp/out"; then
    pass "the reference counts perft 1-4 of every game as tests/perft does ($(grep -c ': ok' "$tmp/out") counts)"
else
    grep WRONG "$tmp/out" >"$tmp/err"
    fail "the reference counts a perft otherwise"
fi

games=$(python3 -c "import sys; sys.path.insert(0, 'tests/reference'); import draughts_ref; print(' '.join(sorted(draughts_ref.GAMES)))")
seed=1
for g in $games; do
    python3 "$REF" cases "$g" "$POSITIONS" "$seed" >"$tmp/$g.yaml" 2>"$tmp/err" || { fail "$g: the reference wrote no cases"; continue; }
    seed=$((seed + 1))
    t 600 test "$tmp/$g.yaml"
    if [ "$code" = 0 ] && grep -q "^$POSITIONS passed, 0 failed" "$tmp/out"; then
        pass "$g: $POSITIONS positions of random games, the same moves and result as the reference"
    else
        cp "$tmp/out" "$tmp/err.out"
        cat "$tmp/err.out" >>"$tmp/err"
        fail "$g: tabula and the reference differ (python3 $REF cases $g $POSITIONS $((seed - 1)) >F.yaml; tabula test F.yaml)"
    fi
done

summary
