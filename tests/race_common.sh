# race_common.sh - what the race games' reference tests share (sourced by
# tests/ur_ref.sh, senet_ref.sh and ludo_ref.sh after common.sh, with REF
# the reference script): perft per throw, and every throw's moves in the
# positions the reference met in its random games; the throws of tabula's games;
# every game ending.

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
        : >"$tmp/lists"
        ran=1
        for r in $throws; do
            echo "#throw $r" >>"$tmp/lists"
            timeout 30 "$TABULA" moves "$game" --position "$f" --dice "$r" "$@" >>"$tmp/lists" 2>"$tmp/err" ||
                { ran=0; break; }
            counted=$((counted + 1))
        done
        # One awk a position (a few processes a throw were most of the time):
        # each throw's moves sorted into `R: MOVES`, compared with the expected
        # lines (a throw with no move: `R:`, with or without a space).
        if [ "$ran" = 0 ] || ! awk -v got="$tmp/got" '
            function flush(   i, j, v, line) {
                if (r == "") return
                for (i = 2; i <= m; i++) { v = mv[i]; for (j = i - 1; j >= 1 && mv[j] > v; j--) mv[j + 1] = mv[j]; mv[j + 1] = v }
                line = r ":"; for (i = 1; i <= m; i++) line = line " " mv[i]
                print line >got; if (line != want[++nr]) differ = 1
                m = 0
            }
            FNR == NR { sub(/ *$/, ""); want[++nwant] = $0; next }
            /^#throw / { flush(); r = $2; next }
            { mv[++m] = $0 }
            END { flush(); close(got); exit differ || nr != nwant }' "$dir/$k.expect" "$tmp/lists"; then
            if [ "$bad" = 0 ]; then
                { echo "first: $f"; cat "$f"; [ "$ran" = 1 ] && diff -b "$dir/$k.expect" "$tmp/got" || cat "$tmp/err"; } >"$tmp/bad"
            fi
            bad=$((bad + 1))
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

# race_throws GAME LOW "WEIGHTS" WHAT: the throws of 20 of tabula's random
# games of GAME (seeds 1-20): more than 1000 of them, every one LOW to
# LOW+K-1 for K weights, and each value within a quarter of its expected
# share (its weight over the weights' sum; more than 3 standard deviations).
# WHAT names the throw in the messages.
race_throws() {
    : >"$tmp/throws"
    for s in $(seq 1 20); do
        "$TABULA" play "$1" --p1 random --p2 random --seed "$s" --quiet 2>&1 | sed -n 's/.* rolls \([0-9]*\).*/\1/p' >>"$tmp/throws"
    done
    if awk -v low="$2" -v weights="$3" '{ n[$1]++; t++ } END { k = split(weights, w); ok = t > 1000
            for (i = 1; i <= k; i++) sum += w[i]
            for (i = 1; i <= k; i++) { v = low + i - 1; e = t * w[i] / sum; if (n[v] < 0.75 * e || n[v] > 1.25 * e) ok = 0 }
            for (v in n) if (v < low || v > low + k - 1) ok = 0
            exit !ok }' "$tmp/throws"; then
        pass "throws of $4: $2-$(($2 + $(echo $3 | wc -w) - 1)) in the proportions $3 ($(wc -l <"$tmp/throws") throws)"
    else
        sort -n "$tmp/throws" | uniq -c >"$tmp/err"
        fail "the throws are not distributed as $4"
    fi
}

# race_games_end GAME: the reference's 200 random games (scaled) all end, and 2000 of
# tabula's playouts of GAME end, each with a winner.
race_games_end() {
    games=$(scaled 200)
    if python3 "$REF" games "$games" 1 >"$tmp/out" 2>"$tmp/err"; then
        pass "the reference's $games random games all end"
    else
        fail "a random game of the reference does not end"
    fi
    t 60 playout "$1" -n 2000 --seed 1
    if [ "$code" = 0 ] && grep -q '^games: *2000' "$tmp/out" && grep -q '^draws: *0' "$tmp/out"; then
        pass "2000 playouts of tabula end, each with a winner"
    else
        fail "tabula's playouts of $1"
    fi
}

# race_samples GAME "THROWS": for seeds 1 and 2, the reference writes
# $POSITIONS positions of its random games, and race_positions compares every
# throw's moves in them with tabula's.
race_samples() {
    for seed in 1 2; do
        dir="$tmp/pos-$seed"
        python3 "$REF" positions "$POSITIONS" "$seed" "$dir" 2>"$tmp/err" || { fail "seed $seed: the reference wrote no positions"; continue; }
        race_positions "seed $seed" "$dir" "$POSITIONS" "$1" "$2"
    done
}
