#!/bin/sh
# Ludo against its independent reference (tests/reference/ludo_ref.py,
# written from docs/rules/ludo.md): positions met in the reference's random
# games of four, three and two players, each with the legal moves of every
# throw (1 to 6), for `tabula moves --position F --dice R` to match; the
# reference and tabula's playouts both end every game. Skipped (exit 77)
# without python3.
TEST=ludo-ref
. "${srcdir:-.}/tests/common.sh"
. "${srcdir:-.}/tests/race_common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/ludo_ref.py
POSITIONS=${LUDO_REF_POSITIONS:-$(scaled 150)}

for players in 4 3 2 partners; do
    ref=""
    case $players in
    partners) opts="--option partners=on" ref="--partners" ;;
    4) opts="" ;;
    3) opts="--option fourth=off" ;;
    2) opts="--option third=off --option fourth=off" ;;
    esac
    dir="$tmp/pos-$players"
    n=$players seed=$players
    [ "$players" = partners ] && n=4 seed=5
    # shellcheck disable=SC2086
    python3 "$REF" positions "$POSITIONS" "$seed" "$dir" "$n" $ref 2>"$tmp/err" ||
        { fail "$players players: the reference wrote no positions"; continue; }
    # shellcheck disable=SC2086
    race_positions "$players players" "$dir" "$POSITIONS" ludo "1 2 3 4 5 6" $opts
done

# Every game ends: the reference's random games, and tabula's playouts, each
# won by one of the four.
if python3 "$REF" games 100 1 >"$tmp/out" 2>"$tmp/err"; then
    pass "the reference's 100 random games all end"
else
    fail "a random game of the reference does not end"
fi
t 60 playout ludo -n 2000 --seed 1
if [ "$code" = 0 ] && grep -q '^games: *2000' "$tmp/out" && grep -q '^draws: *0' "$tmp/out" &&
    grep -q '^wins: *player 1 [0-9]*, player 2 [0-9]*, player 3 [0-9]*, player 4 [0-9]*$' "$tmp/out"; then
    pass "2000 playouts of tabula end, each with a winner of the four"
else
    fail "tabula's playouts of ludo"
fi
t 60 playout ludo -n 100 --seed 1 --json
if [ "$code" = 0 ] && grep -q '"players":4' "$tmp/out" && grep -q '"wins":\[[0-9]*,[0-9]*,[0-9]*,[0-9]*\]' "$tmp/out"; then
    pass "playout --json gives four players' wins"
else
    fail "playout --json of ludo"
fi
# The partnership game (rule 12): the reference's games end, and tabula's
# playouts all end with a team's win, named by player 1 or 2.
if python3 "$REF" games 100 2 --partners >"$tmp/out" 2>"$tmp/err" && ! awk '$2 != 1 && $2 != 2' "$tmp/out" | grep -q .; then
    pass "the reference's 100 partnership games all end, won by 1 and 3 or 2 and 4"
else
    fail "a partnership game of the reference"
fi
t 60 playout ludo --option partners=on -n 1000 --seed 1
if [ "$code" = 0 ] && grep -q '^games: *1000' "$tmp/out" && grep -q '^draws: *0' "$tmp/out" &&
    grep -q '^wins: *player 1 [0-9]*, player 2 [0-9]*, player 3 0, player 4 0$' "$tmp/out"; then
    pass "1000 partnership playouts end, each with a team's win"
else
    fail "tabula's partnership playouts of ludo"
fi
t 60 play ludo --option partners=on --p1 random --p2 random --p3 random --p4 random --seed 1
if [ "$code" = 0 ] && grep -q 'players 1 and 3 (a team)\|players 2 and 4 (a team)' "$tmp/out"; then
    pass "play names the winning team"
else
    fail "play ludo --option partners=on: no team in the result"
fi
summary
