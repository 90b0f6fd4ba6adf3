#!/bin/sh
# alloc_fail.sh - out-of-memory paths, the SQLite way: for every k, run
# tests/tabula-allocfail (tabula with its allocations wrapped, see
# tests/alloc_fail.c) with the k-th allocation failing. Every such run must
# end with a message saying memory ran out and exit 2: no crash, no other
# exit code (a sanitizer's report exits with another), no success that
# hides the failure, no half-written record. Under AddressSanitizer (the
# CI's sanitizer leg) a leak fails the run as well.
#
# The runs: validating each bundled rule file (and a variant); one game of
# each between random agents (seed 1; the game itself allocates nothing, so
# its allocations are those of setting it up); a whole Coc-Inbert game with
# a record written after every move; the last moves of a seeded game resumed
# from its record (read, replayed, played on, rewritten after every move) for
# Coc-Inbert and Le Coucou picard, and with ALLOC_FAIL_FULL=1 (the CI's
# sanitizer leg) for every game, sampled to at most ALLOC_FAIL_SAMPLE (100)
# failing allocations a game; a scenario file, a
# replay, a --position file and `fmt --upgrade` of an old file; then, for the
# rule files and the games, with every allocation from the k-th on failing. Last, the count of allocations must not grow
# with the number of random playouts: the playout loop allocates nothing.
#
# ALLOC_FAIL_GAMES picks the games (default: every bundled one). TABULA_ALLOCFAIL
# and srcdir come from `make check`.

ALLOCFAIL=${TABULA_ALLOCFAIL:-./tests/tabula-allocfail}
srcdir=${srcdir:-.}
case $ALLOCFAIL in /*) ;; *) ALLOCFAIL=$(pwd)/$ALLOCFAIL ;; esac
GAMES=${ALLOC_FAIL_GAMES:-$(cd "$srcdir/rulesets" && ls *.game | sed 's/\.game$//')}
FULL=${ALLOC_FAIL_FULL:-0}

cd "$srcdir" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-allocfail.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
TABULA_RULESETS=$(pwd)/rulesets
export TABULA_RULESETS

passed=0
failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }

# run K ARGS...: runs the program with the K-th allocation failing (0: none);
# leaves the exit code in $code and the count of allocations in $count.
# $tmp/record.yaml starts as $tmp/start.yaml when there is one.
# A sweep is thousands of runs: besides the program, run starts no other
# process (builtins only), except to copy or remove a record.
run() {
    k=$1
    shift
    : >"$tmp/report"
    if [ -f "$tmp/start.yaml" ]; then
        cp "$tmp/start.yaml" "$tmp/record.yaml"
    elif [ -e "$tmp/record.yaml" ]; then
        rm -f "$tmp/record.yaml"
    fi
    TABULA_ALLOC_FAIL=$k TABULA_ALLOC_STICKY=${STICKY:-0} TABULA_ALLOC_REPORT=$tmp/report "$ALLOCFAIL" "$@" \
        >"$tmp/out" 2>"$tmp/err" </dev/null
    code=$?
    count=
    read -r count rest <"$tmp/report"
}

# says_oom: stderr says that memory ran out. has_result: the record has its
# result line (it was not left half-written).
says_oom() {
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in *'out of memory'* | *'Cannot allocate memory'*) return 0 ;; esac
    done <"$tmp/err"
    return 1
}
has_result() {
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in 'result: '*) return 0 ;; esac
    done <"$tmp/record.yaml"
    return 1
}

# sweep NAME ARGS...: the run without failure first (exit 0), then every k.
sweep() {
    name=$1
    shift
    run 0 "$@"
    if [ "$code" != 0 ] || [ -z "$count" ]; then
        fail "$name: exits $code without an allocation failing"
        sed 's/^/  /' "$tmp/err" | head -20
        return
    fi
    total=$count
    bad=0
    tested=0
    # With SAMPLE=N and more than N allocations: every k up to N/2, then N/2
    # more spread evenly up to the last one. The stride is odd, so that in a
    # run whose allocations repeat in a short cycle (one per move read) the
    # samples fall on every place of the cycle.
    head=$total step=1
    if [ "${SAMPLE:-0}" -gt 0 ] && [ "$total" -gt "$SAMPLE" ]; then
        head=$((SAMPLE / 2))
        step=$(((total - head + head - 1) / head))
        [ $((step % 2)) = 1 ] || step=$((step + 1))
    fi
    k=1
    while [ "$k" -le "$total" ]; do
        tested=$((tested + 1))
        run "$k" "$@"
        if [ "$code" != 2 ] || ! says_oom; then
            [ "$bad" -lt 5 ] && {
                echo "  $name: allocation $k of $total failing: exit $code; stderr:"
                sed 's/^/    /' "$tmp/err" | head -30
            }
            bad=$((bad + 1))
        elif [ -f "$tmp/record.yaml" ] && ! has_result; then
            [ "$bad" -lt 5 ] && echo "  $name: allocation $k failing left a partial record"
            bad=$((bad + 1))
        fi
        if [ "$k" -lt "$head" ] || [ "$k" = "$total" ]; then
            k=$((k + 1))
        else
            k=$((k + step))
            [ "$k" -le "$total" ] || k=$total
        fi
    done
    if [ "$bad" = 0 ] && [ "$tested" = "$total" ]; then
        pass "$name: each of $total allocations failing ends with a message and exit 2"
    elif [ "$bad" = 0 ]; then
        pass "$name: $tested of $total allocations failing (the first $head, then one in $step, and the last) end with a message and exit 2"
    else
        fail "$name: $bad of $total allocation failures mishandled"
    fi
}

# A record of a whole seeded game, cut before its last LEFT entries (with
# the result `ongoing`), in $tmp/start.yaml.
cut_record() {
    game=$1 left=$2
    rm -f "$tmp/start.yaml"
    "$ALLOCFAIL" play "$game" --p1 random --p2 random --seed 1 --quiet --record "$tmp/full.yaml" >/dev/null 2>&1
    moves=$(grep -c '^  - ' "$tmp/full.yaml")
    awk -v keep=$((moves - left)) '/^  - / { if (++n > keep) next }
                                   /^result: / { print "result: \"ongoing\""; next } { print }' \
        "$tmp/full.yaml" >"$tmp/cut.yaml"
    mv "$tmp/cut.yaml" "$tmp/start.yaml"
}

for game in $GAMES; do
    rm -f "$tmp/start.yaml"
    sweep "validate $game" validate "rulesets/$game.game"
    sweep "play $game" play "$game" --p1 random --p2 random --seed 1 --quiet
    case $game in coc-inbert | coucou-picard) ;; *) [ "$FULL" = 1 ] || continue ;; esac
    cut_record "$game" 6
    # The whole record is read back, a few allocations per move: the full
    # leg samples the long ones (ALLOC_FAIL_SAMPLE, 0 for every k).
    case $game in coc-inbert | coucou-picard) SAMPLE=0 ;; *) SAMPLE=${ALLOC_FAIL_SAMPLE:-100} ;; esac
    sweep "play $game, the last moves resumed from a record" play --resume "$tmp/record.yaml" --quiet
    SAMPLE=0
done
rm -f "$tmp/start.yaml"
sweep "play coc-inbert with a record" play coc-inbert --p1 random --p2 random --seed 1 --quiet \
    --record "$tmp/record.yaml"
sweep "validate a variant" validate docs/examples/coc-inbert-80.game
sweep "test a scenario file" test tests/scenarios/coucou-picard-width9.yaml
"$ALLOCFAIL" play coc-inbert --p1 random --p2 random --seed 5 --quiet --record "$tmp/game.yaml" >/dev/null 2>&1
sweep "replay a record" replay coc-inbert "$tmp/game.yaml"
sweep "replay a record as a page" replay coc-inbert "$tmp/game.yaml" --html "$tmp/page.html"
sweep "moves of a --position file" moves jacquet-de-versailles --position tests/perft/jacquet-de-versailles.yaml
sweep "fmt --upgrade an old file" fmt --upgrade tests/broken/old-no-progress.game

# Memory that stays gone: every allocation from the k-th on fails (the
# message itself must not need memory).
STICKY=1
for game in $GAMES; do
    sweep "validate $game, allocations failing from the k-th on" validate "rulesets/$game.game"
    sweep "play $game, allocations failing from the k-th on" play "$game" --p1 random --p2 random --seed 1 --quiet
done
sweep "play coc-inbert with a record, allocations failing from the k-th on" play coc-inbert --p1 random \
    --p2 random --seed 1 --quiet --record "$tmp/record.yaml"
STICKY=0

# The playout loop allocates nothing: 1 and 300 playouts make as many allocations.
for game in $GAMES; do
    run 0 playout "$game" -n 1 --seed 1
    one=$count
    run 0 playout "$game" -n 300 --seed 1
    if [ -n "$one" ] && [ "$one" = "$count" ]; then
        pass "playout $game: $count allocations for 1 game and for 300"
    else
        fail "playout $game: ${one:-?} allocations for 1 game, ${count:-?} for 300"
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
