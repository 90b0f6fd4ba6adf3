#!/bin/sh
# Shogi against its independent reference (tests/reference/shogi_ref.py,
# written from docs/rules/shogi.md without looking at the C engine): the
# reference re-checks the scenario file and counts perft from the start (1-3),
# from the "matsuri" test position (1-2) and from the test position with 593
# moves (1) as the published counts do; then it plays random games, from the
# start and from the 593-move position (whose hands make drops, checks and
# pawn-drop mates), and for each position it meets (given as SFEN)
# `tabula moves shogi --fen SFEN` must list the same moves as the reference.
# Skipped (exit 77) without python3.
TEST=shogi-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/shogi_ref.py
POSITIONS=${SHOGI_REF_POSITIONS:-$(scaled 300)}
LC_ALL=C
export LC_ALL

if python3 "$REF" check tests/scenarios/shogi.yaml >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference agrees with tests/scenarios/shogi.yaml ($(sed -n 's/.*: \([0-9]*\) cases.*/\1/p' "$tmp/out") cases)"
else
    cat "$tmp/out" >>"$tmp/err"
    fail "the reference disagrees with tests/scenarios/shogi.yaml"
fi

# The published counts the reference must find, to the depths it reaches in
# seconds: DEPTH, the position (`start` or a file of tests/perft/ giving `fen:`)
# and the file of counts.
max_moves=$(sed -n 's/^fen: "\(.*\)"$/\1/p' tests/perft/shogi-max-moves.yaml)
matsuri=$(sed -n 's/^fen: "\(.*\)"$/\1/p' tests/perft/shogi-matsuri.yaml)
for run in "3 start shogi" "2 $matsuri|shogi-matsuri" "1 $max_moves|shogi-max-moves"; do
    case $run in
        *"|"*) depth=${run%% *}; rest=${run#* }; fen=${rest%|*}; counts=${rest##*|} ;;
        *) depth=${run%% *}; fen=start; counts=shogi ;;
    esac
    python3 "$REF" perft "$fen" "$depth" >"$tmp/out" 2>"$tmp/err"
    want=$(grep -v '^#' "tests/perft/$counts.txt" | head -"$depth" | sed 's/^/perft /')
    if [ "$(cat "$tmp/out")" = "$want" ]; then
        pass "the reference counts perft to depth $depth as tests/perft/$counts.txt ($(cut -d' ' -f3 "$tmp/out" | tr '\n' ' ' | sed 's/ $//'))"
    else
        printf 'reference:\n%s\nwanted:\n%s\n' "$(cat "$tmp/out")" "$want" >>"$tmp/err"
        fail "the reference counts perft from $counts otherwise"
    fi
done

# Random games: SEED and the start (`start`: the start position).
for run in "1 start" "2 $max_moves"; do
    seed=${run%% *}
    from=${run#* }
    if [ "$from" = start ]; then
        python3 "$REF" random "$POSITIONS" "$seed" >"$tmp/positions" 2>"$tmp/err"
        what="random games from the start"
    else
        python3 "$REF" random "$POSITIONS" "$seed" "$from" >"$tmp/positions" 2>"$tmp/err"
        what="random games from the 593-move position"
    fi
    n=0
    differ=0
    : >"$tmp/diff"
    while IFS='	' read -r fen moves; do
        n=$((n + 1))
        got=$("$TABULA" moves shogi --fen "$fen" 2>/dev/null | sorted_line)
        want=$(printf '%s\n' $moves | sorted_line)
        if [ "$got" != "$want" ]; then
            differ=$((differ + 1))
            [ "$differ" -le 5 ] && printf 'SFEN %s\n  reference: %s\n  tabula:    %s\n' "$fen" "$want" "$got" >>"$tmp/diff"
        fi
    done <"$tmp/positions"
    if [ "$n" -eq "$POSITIONS" ] && [ "$differ" -eq 0 ]; then
        pass "$n positions of $what: tabula moves lists the reference's moves"
    else
        head -c 3000 "$tmp/diff" >"$tmp/err"
        fail "$differ of $n positions of $what differ (python3 $REF random $POSITIONS $seed ...)"
    fi
done

summary
