#!/bin/sh
# Brandubh and Tablut against their independent reference
# (tests/reference/tafl_ref.py, written from docs/rules/brandubh.md and
# docs/rules/tablut.md without looking at the C engine): the reference re-checks
# the scenario files and the perft counts of tests/perft it covers; for 200
# positions met in random games of each, `tabula moves` lists the reference's
# moves; and random games played from the start (their ends included) have the
# reference's moves and result. Skipped (exit 77) without python3.
TEST=tafl-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/tafl_ref.py
POSITIONS=${TAFL_REF_POSITIONS:-$(scaled 200)}

if python3 "$REF" check tests/scenarios/brandubh*.yaml tests/scenarios/tablut*.yaml >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference agrees with the brandubh and tablut scenario files ($(grep -c ' 0 failed' "$tmp/out") files)"
else
    grep -v ' 0 failed' "$tmp/out" | head -20 >"$tmp/err"
    fail "the reference disagrees with a scenario file"
fi

for game in brandubh:4 tablut:3; do
    g=${game%:*}
    d=${game#*:}
    python3 "$REF" perft "$g" "$d" >"$tmp/refperft" 2>"$tmp/err"
    sed -n "s/^\([1-$d]\) \([0-9]*\)\$/perft \1 \2/p" "tests/perft/$g.txt" >"$tmp/want"
    if cmp -s "$tmp/refperft" "$tmp/want"; then
        pass "$g: the reference counts perft 1-$d as tests/perft/$g.txt"
    else
        diff "$tmp/want" "$tmp/refperft" >"$tmp/err"
        fail "$g: the reference counts a perft otherwise"
    fi
done

seed=1
for g in brandubh tablut; do
    rm -rf "$tmp/$g"
    python3 "$REF" positions "$g" "$POSITIONS" "$seed" "$tmp/$g" 2>"$tmp/err" || fail "$g: the reference wrote no positions"
    bad=
    for p in "$tmp/$g"/p*.yaml; do
        t 10 moves "$g" --position "$p"
        same_lines "${p%.yaml}.moves" "$tmp/out" || bad="$bad ${p##*/}"
    done
    if [ -z "$bad" ]; then
        pass "$g: \`tabula moves\` of $POSITIONS random positions, as the reference's"
    else
        echo "differ:$bad" >"$tmp/err"
        fail "$g: \`tabula moves\` differs from the reference (python3 $REF positions $g $POSITIONS $seed DIR)"
    fi

    python3 "$REF" cases "$g" "$POSITIONS" "$seed" >"$tmp/cases.yaml" 2>"$tmp/err" || fail "$g: the reference wrote no cases"
    t 300 test "$tmp/cases.yaml"
    if [ "$code" = 0 ] && grep -q "^$POSITIONS passed, 0 failed" "$tmp/out"; then
        pass "$g: $POSITIONS positions of random games ($(grep -c 'result: "win' "$tmp/cases.yaml") won), the reference's moves and result"
    else
        cat "$tmp/out" >>"$tmp/err"
        fail "$g: tabula and the reference differ (python3 $REF cases $g $POSITIONS $seed >F.yaml; tabula test F.yaml)"
    fi
    seed=$((seed + 1))
done

summary
