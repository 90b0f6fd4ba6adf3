#!/bin/sh
# Alquerque against its independent reference (tests/reference/alquerque_ref.py,
# written from docs/rules/alquerque.md without looking at the C engine), in both
# readings (the default, Bell's, and the option any-direction): the reference
# re-checks the scenario files and the perft counts of tests/perft; it writes
# positions met in random games with its moves and result, and random games cut
# at a random move (so the draws by repetition and without captures are met), as
# scenario files tabula must pass; and for a few positions `tabula moves` and
# `tabula perft` are compared with its own. Skipped (exit 77) without python3.
TEST=alquerque-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/alquerque_ref.py
POSITIONS=${ALQUERQUE_REF_POSITIONS:-$(scaled 1500)}
GAMES=${ALQUERQUE_REF_GAMES:-$(scaled 200)}
PERFT_POSITIONS=${ALQUERQUE_REF_PERFT_POSITIONS:-$(scaled 20)}

if python3 "$REF" check >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference agrees with every alquerque scenario file ($(grep -c ' 0 failed' "$tmp/out") files)"
else
    grep -v ' 0 failed' "$tmp/out" | head -20 >"$tmp/err"
    fail "the reference disagrees with a scenario file"
fi

if python3 "$REF" perftcheck 8 >"$tmp/out" 2>"$tmp/err" && ! grep -q WRONG "$tmp/out"; then
    pass "the reference counts perft 1-8 as tests/perft/alquerque*.txt ($(grep -c ': ok' "$tmp/out") counts)"
else
    grep WRONG "$tmp/out" >"$tmp/err"
    fail "the reference counts a perft otherwise"
fi

seed=1
for reading in bell any-direction; do
    flag=
    opt=
    [ "$reading" = any-direction ] && flag=--any-direction && opt="--option any-direction=on"

    python3 "$REF" cases "$POSITIONS" "$seed" $flag >"$tmp/cases.yaml" 2>"$tmp/err" || fail "$reading: the reference wrote no cases"
    t 300 test "$tmp/cases.yaml"
    if [ "$code" = 0 ] && grep -q "^$POSITIONS passed, 0 failed" "$tmp/out"; then
        pass "$reading: $POSITIONS positions of random games, the same moves and result as the reference"
    else
        cat "$tmp/out" >>"$tmp/err"
        fail "$reading: tabula and the reference differ (python3 $REF cases $POSITIONS $seed $flag >F.yaml; tabula test F.yaml)"
    fi

    python3 "$REF" games "$GAMES" "$seed" $flag >"$tmp/games.yaml" 2>"$tmp/err" || fail "$reading: the reference wrote no games"
    t 300 test "$tmp/games.yaml"
    if [ "$code" = 0 ] && grep -q "^$GAMES passed, 0 failed" "$tmp/out"; then
        pass "$reading: $GAMES random games ($(grep -c 'result: "draw"' "$tmp/games.yaml") drawn), the same moves and result after them as the reference"
    else
        cat "$tmp/out" >>"$tmp/err"
        fail "$reading: tabula and the reference differ after a game (python3 $REF games $GAMES $seed $flag >F.yaml; tabula test F.yaml)"
    fi

    mkdir -p "$tmp/$reading"
    python3 "$REF" positions "$PERFT_POSITIONS" "$seed" "$tmp/$reading" $flag 2>"$tmp/err" || fail "$reading: the reference wrote no positions"
    bad=
    for p in "$tmp/$reading"/p*.yaml; do
        t 10 moves alquerque --position "$p" $opt
        same_lines "${p%.yaml}.moves" "$tmp/out" || bad="$bad moves:${p##*/}"
        t 60 perft alquerque 4 --position "$p" $opt
        grep '^perft' "$tmp/out" >"$tmp/perft"
        python3 "$REF" perft 4 "$p" $flag >"$tmp/refperft" 2>>"$tmp/err"
        cmp -s "$tmp/perft" "$tmp/refperft" || bad="$bad perft:${p##*/}"
    done
    if [ -z "$bad" ]; then
        pass "$reading: \`tabula moves\` and \`tabula perft 4\` of $PERFT_POSITIONS random positions, as the reference's"
    else
        echo "differ:$bad" >"$tmp/err"
        fail "$reading: \`tabula moves\` or \`perft\` differs from the reference (python3 $REF positions $PERFT_POSITIONS $seed DIR $flag)"
    fi
    seed=$((seed + 1))
done

summary
