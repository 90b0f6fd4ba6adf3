# race_common.sh - what the race games' reference tests share (sourced by
# tests/ur_ref.sh, senet_ref.sh and ludo_ref.sh after common.sh, with REF
# the reference script): perft per throw, and every throw's moves in the
# positions the reference met in its random games.

# race_perft GAME "THROWS": the reference's perft 1-2 from
# tests/perft/GAME-throwR.yaml against tests/perft/GAME-throwR.txt.
race_perft() {
    for r in $2; do
        python3 "$REF" perft "tests/perft/$1-throw$r.yaml" 2 | awk '{ print $2, $3 }' >"$tmp/ref"
        grep -v '^#' "tests/perft/$1-throw$r.txt" >"$tmp/want"
        if cmp -s "$tmp/ref" "$tmp/want"; then
            pass "throw $r: the reference counts perft 1-2 as tests/perft/$1-throw$r.txt"
        else
            diff "$tmp/want" "$tmp/ref" >"$tmp/err"
            fail "throw $r: the reference counts perft otherwise than tests/perft/$1-throw$r.txt"
        fi
    done
}

# race_positions LABEL DIR N GAME "THROWS" [OPTION...]: the positions
# DIR/1.yaml .. DIR/N.yaml the reference wrote, each with DIR/K.expect (a line
# `R: MOVES` per throw R); `tabula moves GAME --position F --dice R OPTION...`
# must list the same moves.
race_positions() {
    label=$1 dir=$2 n=$3 game=$4 throws=$5
    shift 5
    bad=0 counted=0 k=1
    while [ "$k" -le "$n" ]; do
        f="$dir/$k.yaml"
        : >"$tmp/got"
        for r in $throws; do
            t 30 moves "$game" --position "$f" --dice "$r" "$@"
            [ "$code" = 0 ] || { bad=$((bad + 1)); break; }
            printf '%s: %s\n' "$r" "$(sort "$tmp/out" | tr '\n' ' ')" | sed 's/ *$//' >>"$tmp/got"
            counted=$((counted + 1))
        done
        sed 's/ *$//' "$dir/$k.expect" >"$tmp/expect" # a throw with no move: `R:`, with or without a space
        if ! cmp -s "$tmp/got" "$tmp/expect"; then
            bad=$((bad + 1))
            [ "$bad" = 1 ] && { echo "first: $f"; cat "$f"; diff "$tmp/expect" "$tmp/got"; } >"$tmp/bad"
        fi
        k=$((k + 1))
    done
    if [ "$bad" = 0 ]; then
        pass "$label: $n positions of random games, every throw's moves ($counted lists) as the reference's"
    else
        cp "$tmp/bad" "$tmp/err"
        fail "$label: $bad of $n positions have other moves than the reference's"
    fi
}
