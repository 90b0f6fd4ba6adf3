#!/bin/sh
# Nine Men's Morris and Amazons against their independent reference
# (tests/reference/morris_amazons_ref.py, written from the rules pages without
# looking at the C engine): the reference re-checks both scenario files; tabula's
# perft counts of the first depths must be the reference's; and on positions met
# in random games (MORRIS_AMAZONS_POSITIONS per game, 100 by default) the moves
# `tabula moves GAME --position FILE` lists must be the reference's; the same
# positions reached by playing their games from the start (a scenario file the
# reference writes, so the game's history counts) must have the reference's
# moves and result in `tabula test`.
# Skipped (exit 77) without python3.
TEST=morris-amazons-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/morris_amazons_ref.py
POSITIONS=${MORRIS_AMAZONS_POSITIONS:-$(scaled 100)}

for g in nine-mens-morris amazons; do
    if python3 "$REF" check "tests/scenarios/$g.yaml" >"$tmp/out" 2>"$tmp/err"; then
        pass "$g: the reference agrees with tests/scenarios/$g.yaml ($(grep -c '^PASS' "$tmp/out") cases)"
    else
        grep -v '^PASS' "$tmp/out" | head -20 >>"$tmp/err"
        fail "$g: the reference disagrees with tests/scenarios/$g.yaml"
    fi
done

# Cheap depths: the reference is Python, a few seconds each.
for spec in nine-mens-morris:4 amazons:2; do
    g=${spec%:*}
    d=${spec#*:}
    python3 "$REF" perft "$g" "$d" >"$tmp/ref" 2>"$tmp/err"
    t 120 perft "$g" "$d"
    grep '^perft ' "$tmp/out" | awk '{ print $1, $2, $3 }' >"$tmp/got"
    if [ "$code" = 0 ] && [ -s "$tmp/ref" ] && cmp -s "$tmp/ref" "$tmp/got"; then
        pass "$g: tabula's perft 1-$d is the reference's ($(tail -1 "$tmp/ref"))"
    else
        { echo "reference:"; cat "$tmp/ref"; echo "tabula (exit $code):"; cat "$tmp/out"; } >>"$tmp/err"
        fail "$g: perft 1-$d differs from the reference"
    fi
done

seed=1
for g in nine-mens-morris amazons; do
    dir="$tmp/$g"
    if ! python3 "$REF" positions "$g" "$POSITIONS" "$seed" "$dir" 2>"$tmp/err"; then
        fail "$g: the reference wrote no positions"
        continue
    fi
    bad=0
    for f in "$dir"/*.yaml; do
        t 30 moves "$g" --position "$f"
        if [ "$code" != 0 ] || ! same_lines "${f%.yaml}.moves" "$tmp/out"; then
            bad=$((bad + 1))
            if [ "$bad" = 1 ]; then
                { echo "first: $f (exit $code)"; cut -c1-160 "$f"; head -3 "$tmp/err"
                  sort "$tmp/out" | diff "${f%.yaml}.moves" - | head -5; } >"$tmp/bad"
            fi
        fi
    done
    if [ "$bad" = 0 ]; then
        pass "$g: $POSITIONS positions of random games, the same moves as the reference"
    else
        cp "$tmp/bad" "$tmp/err"
        fail "$g: $bad of $POSITIONS positions have other moves than the reference's (python3 $REF positions $g $POSITIONS $seed DIR)"
    fi
    rm -f "$tmp/bad"
    if python3 "$REF" cases "$g" "$POSITIONS" "$seed" >"$tmp/$g.yaml" 2>"$tmp/err"; then
        t 600 test "$tmp/$g.yaml"
        if [ "$code" = 0 ] && grep -q "^$POSITIONS passed, 0 failed" "$tmp/out"; then
            pass "$g: the same positions reached by play, the same moves and result as the reference"
        else
            head -c 3000 "$tmp/out" >>"$tmp/err"
            fail "$g: tabula and the reference differ (python3 $REF cases $g $POSITIONS $seed >F.yaml; tabula test F.yaml)"
        fi
    else
        fail "$g: the reference wrote no cases"
    fi
    seed=$((seed + 1))
done

summary
