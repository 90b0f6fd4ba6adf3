#!/bin/sh
# positions_out.sh - a position file's `out: [P]` (players put out of a game
# of more than two): read where it fits, refused with a located message where
# it does not (a game of two, the player to move, one player left, not a
# list, no such player).
TEST=positions-out
. "${srcdir:-.}/tests/common.sh"
P=tests/positions_out
G=tests/scenarios/three-out.game

t 10 moves "$G" --position "$P/good.yaml"
says "out: [3] is read; the player to move has its moves" 0 "c5-c4"
t 10 moves "$G" --position "$P/to-move-out.yaml"
expect "the player to move cannot be out" 1 "to-move-out.yaml:2:7: error: player 1 is to move: a player who is out never is"
t 10 moves "$G" --position "$P/one-left.yaml"
expect "two players at least are in" 1 "one-left.yaml:2:6: error: one player at most is in: the game would be over"
t 10 moves "$G" --position "$P/not-a-list.yaml"
expect "out is a list" 1 "not-a-list.yaml:2:6: error: \`out\` is a list of players, like [3]"
t 10 moves "$G" --position "$P/no-such-player.yaml"
expect "out names players of the game" 1 "no-such-player.yaml:2:7: error: expected a whole number from 1 to 3; got \`5\`"
t 10 perft "$G" 3 --position "$P/blocked-root.yaml"
if [ "$code" = 0 ] && [ "$(grep '^perft' "$tmp/out" | tr '\n' ' ')" = "perft 1 1 perft 2 1 perft 3 1 " ]; then
    pass "perft steps over a player put out at the root, as moves does"
else
    cat "$tmp/out" >>"$tmp/err"
    fail "perft steps over a player put out at the root, as moves does"
fi
t 10 moves tic-tac-toe --position "$P/two-players.yaml"
expect "no one is out of a game of two" 1 "two-players.yaml:2:6: error: \`out\` lists players put out of a game of more than two on a board of cells; this game has 2 players"
summary
