#!/bin/sh
# Games of three and four players against their independent reference
# (tests/reference/multiplayer_ref.py, written from the rule files' comments
# without looking at the C engine): perft from the start, the legal moves of
# MULTIPLAYER_REF_POSITIONS (100) positions of the reference's random games
# for each game, and the reference's random games (every game ends, pieces
# never grow). Skipped (exit 77) without python3.
TEST=multiplayer-ref
. "${srcdir:-.}/tests/common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/multiplayer_ref.py
POSITIONS=${MULTIPLAYER_REF_POSITIONS:-$(scaled 100)}

# GAME (the reference's name) FILE DEPTH OPTIONS
while read -r game file depth options; do
    python3 "$REF" perft "$game" "$depth" >"$tmp/ref" 2>/dev/null
    opts=
    for o in $options; do opts="$opts --option $o"; done
    t 120 perft "tests/families/$file" "$depth" $opts
    grep '^perft' "$tmp/out" >"$tmp/got"
    if [ "$code" = 0 ] && [ -s "$tmp/ref" ] && cmp -s "$tmp/ref" "$tmp/got"; then
        pass "perft $game 1-$depth: tabula counts as the reference ($(tail -n 1 "$tmp/ref" | cut -d' ' -f3))"
    else
        diff "$tmp/ref" "$tmp/got" >"$tmp/err"
        fail "perft $game $depth: tabula and the reference differ (< reference, > tabula)"
    fi
done <<'LIST'
breakthrough3 three-way-breakthrough.game 4
tictactoe3 three-player-gomoku.game 9 size=3 row=3
gomoku3 three-player-gomoku.game 2
othello4 four-player-othello.game 10
melee3 three-player-melee.game 7
LIST

# random positions: GAME FILE SEED
while read -r game file seed; do
    dir="$tmp/pos-$game"
    mkdir -p "$dir"
    if ! python3 "$REF" positions "$game" "$POSITIONS" "$seed" "$dir" 2>"$tmp/err"; then
        fail "$game: the reference wrote no positions"
        continue
    fi
    moves_differ "$dir" 0 $((POSITIONS - 1)) "tests/families/$file"
    if [ "$bad" = 0 ]; then
        pass "$game: tabula moves lists the reference's moves in $POSITIONS positions of random games"
    else
        fail "$game: $bad of $POSITIONS positions differ (< reference, > tabula)"
    fi
done <<'LIST'
breakthrough3 three-way-breakthrough.game 1
gomoku3 three-player-gomoku.game 2
othello4 four-player-othello.game 3
melee3 three-player-melee.game 4
LIST

# Every game ends: the reference's random games, and tabula's playouts, with
# every player winning some.
for game in breakthrough3 gomoku3; do
    if python3 "$REF" games "$game" 200 5 >"$tmp/ref" 2>"$tmp/err"; then
        pass "$game: 200 random games of the reference end ($(cat "$tmp/ref"))"
    else
        fail "$game: the reference's random games"
    fi
done
for file in three-way-breakthrough three-player-gomoku four-player-othello three-player-melee; do
    t 120 playout "tests/families/$file.game" -n 300 --seed 9
    if [ "$code" = 0 ] && grep -q '^games: *300' "$tmp/out" && grep -q 'player 3 [1-9]' "$tmp/out"; then
        pass "$file: 300 playouts end, player 3 winning some"
    else
        fail "$file: 300 playouts"
    fi
done
# The result says who is the last player in when the others are out.
t 60 play tests/families/three-player-melee.game --p1 random --p2 random --p3 random --seed 3
if [ "$code" = 0 ] && grep -q '^player 2 wins: player 2 is the last player in (players 1 and 3 are out)$' "$tmp/out" &&
    grep -q '^result: win 2$' "$tmp/out"; then
    pass "melee: the result names the last player in and the players out"
else
    fail "melee: the result of a game won by the last player in"
fi
summary
