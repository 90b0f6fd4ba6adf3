#!/bin/sh
# Chess and Los Alamos chess against their independent reference
# (tests/reference/chess_ref.py, written from the rules pages without looking
# at the C engine): the reference re-checks both scenario files, and it plays
# random games of each game and writes positions it meets as FEN, with the
# legal moves it computes for each; `tabula moves GAME --fen FEN` must list
# the same moves (none where the position ends the game); and the SAN table
# tests/san/cases.txt is the reference's, its moves legal in tabula.
# Skipped (exit 77) without python3.
TEST=chess-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/chess_ref.py
POSITIONS=${CHESS_REF_POSITIONS:-200}

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
            got=$("$TABULA" moves "$g" --position "$tmp/pos.yaml" 2>/dev/null | sort | tr '\n' ' ' | sed 's/ $//')
        else
            got=$("$TABULA" moves "$g" --fen "$fen" 2>/dev/null | sort | tr '\n' ' ' | sed 's/ $//')
        fi
        want=$(printf '%s\n' $want | sort | tr '\n' ' ' | sed 's/ $//')
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

summary
