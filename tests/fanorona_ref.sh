#!/bin/sh
# Fanorona against its independent reference (tests/reference/fanorona_ref.py,
# written from docs/rules/fanorona.md, sharing no code with src/): the reference
# re-checks the scenario file and the perft counts of tests/perft/fanorona.txt;
# it writes positions met in random games with its moves and result, and random
# games cut at a random move, as scenario files tabula must pass; and for a few
# positions `tabula moves` and `tabula perft` are compared with its own. Skipped
# (exit 77) without python3.
TEST=fanorona-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/fanorona_ref.py
POSITIONS=${FANORONA_REF_POSITIONS:-$(scaled 1500)}
GAMES=${FANORONA_REF_GAMES:-$(scaled 200)}
PERFT_POSITIONS=${FANORONA_REF_PERFT_POSITIONS:-$(scaled 20)}
seed=1

if python3 "$REF" check >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference agrees with every fanorona scenario file ($(grep -c ' 0 failed' "$tmp/out") files)"
else
    grep -v ' 0 failed' "$tmp/out" | head -20 >"$tmp/err"
    fail "the reference disagrees with a scenario file"
fi

if python3 "$REF" perftcheck 4 >"$tmp/out" 2>"$tmp/err" && ! grep -q WRONG "$tmp/out"; then
    pass "the reference counts perft 1-4 as tests/perft/fanorona.txt ($(grep -c ': ok' "$tmp/out") counts)"
else
    grep WRONG "$tmp/out" >"$tmp/err"
    fail "the reference counts a perft otherwise"
fi

python3 "$REF" cases "$POSITIONS" "$seed" >"$tmp/cases.yaml" 2>"$tmp/err" || fail "the reference wrote no cases"
t 300 test "$tmp/cases.yaml"
if [ "$code" = 0 ] && grep -q "^$POSITIONS passed, 0 failed" "$tmp/out"; then
    pass "$POSITIONS positions of random games, the same moves and result as the reference"
else
    cat "$tmp/out" >>"$tmp/err"
    fail "tabula and the reference differ (python3 $REF cases $POSITIONS $seed >F.yaml; tabula test F.yaml)"
fi

python3 "$REF" games "$GAMES" "$seed" >"$tmp/games.yaml" 2>"$tmp/err" || fail "the reference wrote no games"
t 300 test "$tmp/games.yaml"
if [ "$code" = 0 ] && grep -q "^$GAMES passed, 0 failed" "$tmp/out"; then
    pass "$GAMES random games ($(grep -c 'result: "win' "$tmp/games.yaml") won), the same moves and result after them as the reference"
else
    cat "$tmp/out" >>"$tmp/err"
    fail "tabula and the reference differ after a game (python3 $REF games $GAMES $seed >F.yaml; tabula test F.yaml)"
fi

mkdir -p "$tmp/pos"
python3 "$REF" positions "$PERFT_POSITIONS" "$seed" "$tmp/pos" 2>"$tmp/err" || fail "the reference wrote no positions"
bad=
for p in "$tmp/pos"/p*.yaml; do
    t 10 moves fanorona --position "$p"
    same_lines "${p%.yaml}.moves" "$tmp/out" || bad="$bad moves:${p##*/}"
    t 60 perft fanorona 3 --position "$p"
    grep '^perft' "$tmp/out" >"$tmp/perft"
    python3 "$REF" perft 3 "$p" >"$tmp/refperft" 2>>"$tmp/err"
    cmp -s "$tmp/perft" "$tmp/refperft" || bad="$bad perft:${p##*/}"
done
if [ -z "$bad" ]; then
    pass "\`tabula moves\` and \`tabula perft 3\` of $PERFT_POSITIONS random positions, as the reference's"
else
    echo "differ:$bad" >"$tmp/err"
    fail "\`tabula moves\` or \`perft\` differs from the reference (python3 $REF positions $PERFT_POSITIONS $seed DIR)"
fi

# Moves typed as players write them: the capture's letter in either case, with
# or without dashes; without it, the two captures of one step are named both.
typed() { # TEXT POSITION-or-empty: the move `tabula play` makes of TEXT
    pos=
    [ -n "$2" ] && pos="--position $2"
    printf '%s\nquit\n' "$1" | "$TABULA" play fanorona $pos --p2 random --seed 1 --quiet 2>&1 |
        sed -n 's/^1\. player 1: //p;s/^error: .*fits 2 moves.*/ambiguous/p'
}
printf 'position:\n  to-move: 1\n  pieces: {c1: 1 stone, c3: 2 stone, e2: 2 stone, a2: 2 stone, i5: 2 stone}\n' >"$tmp/c1.yaml"
got="$(typed d3-e3W) $(typed d3-e3w) $(typed D3E3W) $(typed d3-e3) $(typed c1c2ad2a "$tmp/c1.yaml") $(typed c1-d2 "$tmp/c1.yaml")"
if [ "$got" = "d3-e3W d3-e3W d3-e3W ambiguous c1-c2A-d2A c1-c2A-d2A" ]; then
    pass "moves typed as players write them (d3-e3w, D3E3W, c1c2ad2a, c1-d2; d3-e3 alone names two)"
else
    echo "got: $got" >"$tmp/err"
    fail "a typed move is read otherwise"
fi

summary
