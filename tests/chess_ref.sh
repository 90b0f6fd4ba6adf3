#!/bin/sh
# Chess and Los Alamos chess against their independent reference
# (tests/reference/chess_ref.py, written from the rules pages without looking
# at the C engine): the reference re-checks both scenario files, and it plays
# random games of each game and writes positions it meets as FEN, with the
# legal moves it computes for each; `tabula moves GAME --fen FEN` must list
# the same moves (none where the position ends the game); and the SAN table
# tests/san/cases.txt is the reference's, its moves legal in tabula.
# Chess960 (`--option start=N`): for a dozen arrays (0, 518, 959 and arrays
# whose king or rooks start on the squares castling ends on), perft 1-3 from
# the start, and the legal moves and the FEN written of positions of short
# random games that keep castling possible often; the legal moves and FEN of
# chosen castling positions (the reference's castlecases); the reference's
# perft of the Chess960 positions of tests/perft against their published counts.
# Skipped (exit 77) without python3.
TEST=chess-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/chess_ref.py
POSITIONS=${CHESS_REF_POSITIONS:-$(scaled 200)}

if python3 "$REF" check tests/scenarios/chess.yaml tests/scenarios/los-alamos.yaml >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference agrees with tests/scenarios/chess.yaml and los-alamos.yaml"
else
    grep FAIL "$tmp/out" | head -20 >>"$tmp/err"
    fail "the reference disagrees with a scenario file"
fi

# The SAN table (docs/san.md): the reference writes it again, and every move
# of it is legal in tabula.
if python3 "$REF" sancases 40 7 >"$tmp/san.txt" 2>"$tmp/err" &&
    grep -v '^#' tests/san/cases.txt | cmp -s - "$tmp/san.txt"; then
    pass "the reference computes tests/san/cases.txt as it stands"
else
    fail "tests/san/cases.txt differs from the reference's (python3 $REF sancases 40 7)"
fi
missing=0
tab=$(printf '\t')
while IFS="$tab" read -r fen move san; do
    "$TABULA" moves chess --fen "$fen" 2>/dev/null | grep -qx -- "$move" || missing=$((missing + 1))
done <"$tmp/san.txt"
if [ "$missing" -eq 0 ]; then pass "every move of the SAN table is legal in tabula"; else fail "$missing moves of the SAN table are not legal in tabula"; fi

seed=1
for g in chess los-alamos; do
    if ! python3 "$REF" randommoves "$g" "$POSITIONS" "$seed" >"$tmp/$g.txt" 2>"$tmp/err"; then
        fail "$g: the reference wrote no positions"
        continue
    fi
    seed=$((seed + 1))
    tab=$(printf '\t')
    n=0
    bad=0
    : >"$tmp/diff"
    while IFS="$tab" read -r fen want drawn; do
        n=$((n + 1))
        if [ "$drawn" = drawn ]; then
            # `moves --fen` does not yet judge the draw rules on the position it
            # is given (reported); a position file does
            printf 'fen: "%s"\n' "$fen" >"$tmp/pos.yaml"
            got=$("$TABULA" moves "$g" --position "$tmp/pos.yaml" 2>/dev/null | sorted_line)
        else
            got=$("$TABULA" moves "$g" --fen "$fen" 2>/dev/null | sorted_line)
        fi
        want=$(printf '%s\n' $want | sorted_line)
        if [ "$got" != "$want" ]; then
            bad=$((bad + 1))
            [ "$bad" -le 5 ] && printf 'FEN %s\n  reference: %s\n  tabula:    %s\n' "$fen" "$want" "$got" >>"$tmp/diff"
        fi
    done <"$tmp/$g.txt"
    if [ "$n" -eq "$POSITIONS" ] && [ "$bad" -eq 0 ]; then
        pass "$g: $n positions of random games, the same legal moves as the reference"
    else
        cp "$tmp/diff" "$tmp/err"
        fail "$g: $bad of $n positions differ (python3 $REF randommoves $g $POSITIONS $((seed - 1)))"
    fi
done

# Chess960: the reference's own check, the published counts of tests/perft/chess960-*
for f in "$srcdir"/tests/perft/chess960-*.txt; do
    fen=$(sed -n 's/^fen: "\(.*\)"$/\1/p' "${f%.txt}.yaml")
    want=$(grep -v '^#' "$f" | awk '$1 <= 3 { printf "perft %s %s\n", $1, $2 }')
    got=$(python3 "$REF" perft chess 3 "$fen" 2>&1)
    if [ "$got" = "$want" ]; then pass "reference: $(basename "$f" .txt) perft 1-3 as published"; else fail "reference: $(basename "$f" .txt) perft: $got"; fi
done

# chosen castling cases (an inner rook, a rook uncovering its king, rights by file...)
python3 "$REF" castlecases >"$tmp/castle.txt" 2>"$tmp/err" || fail "the reference wrote no castling cases"
n_pos=0
bad=0
: >"$tmp/diff"
while IFS="$tab" read -r fen want written; do
    n_pos=$((n_pos + 1))
    "$TABULA" moves chess --fen "$fen" --show --ascii >"$tmp/got" 2>>"$tmp/diff"
    got=$(sed '1,/^$/d' "$tmp/got" | sorted_line)
    want=$(printf '%s\n' $want | sorted_line)
    gotfen=$(sed -n 's/^FEN //p' "$tmp/got")
    if [ "$got" != "$want" ] || [ "$gotfen" != "$written" ]; then
        bad=$((bad + 1))
        printf 'FEN %s\n  reference: %s (%s)\n  tabula:    %s (%s)\n' "$fen" "$want" "$written" "$got" "$gotfen" >>"$tmp/diff"
    fi
done <"$tmp/castle.txt"
if [ "$n_pos" -gt 0 ] && [ "$bad" -eq 0 ]; then
    pass "chess960 castling: $n_pos chosen positions, the same legal moves and FEN written as the reference"
else
    cp "$tmp/diff" "$tmp/err"
    fail "chess960 castling: $bad of $n_pos chosen positions differ (python3 $REF castlecases)"
fi

POSITIONS960=${CHESS960_REF_POSITIONS:-$(scaled 120)}
# Below full scale, four arrays: the first, the standard one, the last, and
# one whose king and rooks start on the squares castling ends on.
arrays="0 3 11 15 74 249 441 518 709 904 944 959"
[ "${TABULA_TEST_SCALE:-100}" -ge 100 ] || arrays="0 74 518 959"
for n in $arrays; do
    want=$(python3 "$REF" perft "chess960:$n" 3 2>&1)
    got=$("$TABULA" perft chess 3 --option start="$n" 2>&1 | grep '^perft')
    if [ -n "$want" ] && [ "$got" = "$want" ]; then
        pass "chess960 array $n ($(python3 "$REF" array "$n")): perft 1-3 as the reference, $(echo $want | awk '{ print $NF }')"
    else
        printf 'reference: %s\ntabula:    %s\n' "$want" "$got" >"$tmp/err"
        fail "chess960 array $n: perft 1-3 differ"
    fi
    if ! python3 "$REF" randommoves "chess960:$n" "$POSITIONS960" "$n" 30 >"$tmp/960.txt" 2>"$tmp/castles"; then
        fail "chess960 array $n: the reference wrote no positions"
        continue
    fi
    castles=$(sed -n 's/.*: \([0-9]*\) of .*/\1/p' "$tmp/castles")
    n_pos=0
    bad=0
    badfen=0
    : >"$tmp/diff"
    while IFS="$tab" read -r fen want drawn; do
        n_pos=$((n_pos + 1))
        if [ "$drawn" = drawn ]; then
            printf 'fen: "%s"\n' "$fen" >"$tmp/pos.yaml"
            "$TABULA" moves chess --option start="$n" --position "$tmp/pos.yaml" --show --ascii >"$tmp/got" 2>/dev/null
        else
            "$TABULA" moves chess --option start="$n" --fen "$fen" --show --ascii >"$tmp/got" 2>/dev/null
        fi
        got=$(sed '1,/^$/d' "$tmp/got" | sorted_line)
        want=$(printf '%s\n' $want | sorted_line)
        if [ "$got" != "$want" ]; then
            bad=$((bad + 1))
            [ "$bad" -le 5 ] && printf 'FEN %s\n  reference: %s\n  tabula:    %s\n' "$fen" "$want" "$got" >>"$tmp/diff"
        fi
        gotfen=$(sed -n 's/^FEN //p' "$tmp/got")
        if [ "$gotfen" != "$fen" ]; then
            badfen=$((badfen + 1))
            [ "$badfen" -le 5 ] && printf 'FEN written: reference %s, tabula %s\n' "$fen" "$gotfen" >>"$tmp/diff"
        fi
    done <"$tmp/960.txt"
    if [ "$n_pos" -eq "$POSITIONS960" ] && [ "$bad" -eq 0 ] && [ "$badfen" -eq 0 ]; then
        pass "chess960 array $n: $n_pos positions of short random games ($castles with a castling move), the same legal moves and FEN as the reference"
    else
        cp "$tmp/diff" "$tmp/err"
        fail "chess960 array $n: $bad of $n_pos positions differ in their moves, $badfen in their FEN (python3 $REF randommoves chess960:$n $POSITIONS960 $n 30)"
    fi
done

summary
