#!/bin/sh
# Xiangqi against its independent reference (tests/reference/xiangqi_ref.py,
# written from docs/rules/xiangqi.md without looking at the C engine): the
# reference re-checks the scenario file and counts perft 1-3 from the start
# as tests/perft/xiangqi.txt does; then it plays random games and, for each
# position it meets (given as FEN), `tabula moves xiangqi --fen FEN` must list
# the same moves as the reference.
# Skipped (exit 77) without python3.
TEST=xiangqi-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/xiangqi_ref.py
POSITIONS=${XIANGQI_REF_POSITIONS:-$(scaled 200)}
LC_ALL=C
export LC_ALL

if python3 "$REF" check tests/scenarios/xiangqi.yaml >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference agrees with tests/scenarios/xiangqi.yaml ($(sed -n 's/.*: \([0-9]*\) cases.*/\1/p' "$tmp/out") cases)"
else
    cat "$tmp/out" >>"$tmp/err"
    fail "the reference disagrees with tests/scenarios/xiangqi.yaml"
fi

# the published counts the reference must find (depth 4 takes minutes in Python)
python3 "$REF" perft start 3 >"$tmp/out" 2>"$tmp/err"
want=$(grep -v '^#' tests/perft/xiangqi.txt | head -3 | sed 's/^/perft /')
if [ "$(cat "$tmp/out")" = "$want" ]; then
    pass "the reference counts perft 1-3 from the start as published (44 1920 79666)"
else
    printf 'reference:\n%s\nwanted:\n%s\n' "$(cat "$tmp/out")" "$want" >>"$tmp/err"
    fail "the reference counts perft otherwise"
fi

if python3 "$REF" random "$POSITIONS" 1 >"$tmp/positions" 2>"$tmp/err"; then
    n=0
    differ=0
    : >"$tmp/diff"
    while IFS='	' read -r fen moves; do
        n=$((n + 1))
        got=$("$TABULA" moves xiangqi --fen "$fen" 2>/dev/null | sorted_line)
        if [ "$got" != "$moves" ]; then
            differ=$((differ + 1))
            printf '%s\n  reference: %s\n  tabula:    %s\n' "$fen" "$moves" "$got" >>"$tmp/diff"
        fi
    done <"$tmp/positions"
    if [ "$n" = "$POSITIONS" ] && [ "$differ" = 0 ]; then
        pass "$n positions of random games: tabula moves lists the reference's moves"
    else
        head -c 1500 "$tmp/diff" >"$tmp/err"
        fail "$differ of $n positions differ (python3 $REF random $POSITIONS 1)"
    fi
else
    fail "the reference wrote no positions"
fi

summary
