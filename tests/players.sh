#!/bin/sh
# players.sh - games of more than two players (Ludo: four by default, three
# with an option): mcts searches them, scoring each move for the player who
# makes it, and plays better than random; alphabeta searches the side of the
# player to move (with its partners) against all the others, and a turn of
# several moves stays with its side.
TEST=players
. "${srcdir:-.}/tests/common.sh"

# wins AGENT [OPTION...]: the games of 40 seeds player 1 (or player 1's
# team) wins with AGENT against three random players.
wins() {
    n=0 agent=$1
    shift
    for s in $(seq 1 40); do
        t 60 play ludo --p1 "$agent" --p2 random --p3 random --p4 random --seed "$s" --quiet "$@"
        [ "$code" = 0 ] || { echo "seed $s: exit $code" >"$tmp/err"; echo -1; return; }
        [ "$(tail -n 1 "$tmp/out")" = "result: win 1" ] && n=$((n + 1))
    done
    echo "$n"
}
random=$(wins random)
mcts=$(wins mcts:400)
echo "player 1 wins 40 games: random $random, mcts:400 $mcts" >"$tmp/err"
# An even seat wins 10 of 40; these seeds give random 9 and mcts:400 17.
if [ "$random" -ge 0 ] && [ "$mcts" -ge $((random + 4)) ]; then
    pass "mcts plays four players and wins more than random ($mcts against $random of 40 games)"
else
    fail "mcts plays four players and wins more than random"
fi

# Partners (1 and 3 against 2 and 4): a win of the team is a win of its
# first player, and mcts counts its partner's win as its own.
random=$(wins random --option partners=on)
mcts=$(wins mcts:400 --option partners=on)
echo "team of player 1 wins 40 games: random $random, mcts:400 $mcts" >"$tmp/err"
if [ "$random" -ge 0 ] && [ "$mcts" -ge $((random + 4)) ]; then
    pass "mcts plays for its team and wins more than random ($mcts against $random of 40 games)"
else
    fail "mcts plays for its team and wins more than random"
fi

t 60 play ludo --p1 mcts:300 --p2 mcts:300 --p3 random --option fourth=off --seed 2 --quiet
if [ "$code" = 0 ] && grep -q '^result: win [123]$' "$tmp/out"; then
    pass "mcts plays two seats of three"
else
    fail "mcts plays two seats of three"
fi

t 60 play ludo --p1 random --p2 random --p3 alphabeta:2 --p4 random --seed 1 --quiet
if [ "$code" = 0 ] && grep -q '^result: win [1234]$' "$tmp/out"; then
    pass "alphabeta plays a seat of four (its side against the other three)"
else
    fail "alphabeta plays a seat of four (its side against the other three)"
fi

t 60 play ludo --option partners=on --p1 alphabeta:2 --p2 random --p3 alphabeta:2 --p4 random --seed 2 --quiet
if [ "$code" = 0 ] && grep -q '^result: win [12]$' "$tmp/out"; then
    pass "alphabeta plays for a team"
else
    fail "alphabeta plays for a team"
fi

# A turn of several moves (one per die) stays with its side: alphabeta does
# not search its own second move as the opponent's (it scored 30% against
# random at backgammon when it did, 93% since)
t 120 match backgammon --p1 alphabeta:2 --p2 random -n 30 --seed 5
score=$(sed -n 's/^score of A: *\([0-9.]*\)%.*/\1/p' "$tmp/out")
if [ "$code" = 0 ] && [ -n "$score" ] && awk -v s="$score" 'BEGIN { exit !(s >= 80) }'; then
    pass "alphabeta:2 scores $score% against random at backgammon (at least 80%)"
else
    fail "alphabeta:2 against random at backgammon: ${score:-no}% (at least 80% expected)"
fi
summary
