#!/bin/sh
# resign.sh - resigning among more than two players: the player (with
# partners, the team) is out and the others play on, the last side in
# winning; each resignation is an entry `{resign: N}` of the record, written
# as it happens, replayed, resumed and checked, a bad one a located error.
# A two-player resignation (`resigned: N`) is view.sh's and screens.sh's.
TEST=resign
. "${srcdir:-.}/tests/common.sh"

has() { grep -qF -- "$2" "$tmp/$1"; }
check() { # NAME FILE TEXT: the file holds the text (a line of it, whole)
    if grep -qxF -- "$3" "$tmp/$2"; then pass "$1"; else echo "  $2 lacks: $3"; sed 's/^/  | /' "$tmp/$2" | tail -15; fail "$1"; fi
}
same() { # NAME A B: the two files are the same
    if cmp -s "$tmp/$2" "$tmp/$3"; then pass "$1"; else diff "$tmp/$2" "$tmp/$3" | head -10; fail "$1"; fi
}
three=tests/families/three-player-gomoku.game
humans3='--p1 human --p2 human --p3 human'

# ---- three players: one resigns, the game goes on; two resign, the last wins -----------
printf 'd4\na1\nresign\nb2\nresign\n' >"$tmp/in"
t 20 play "$three" $humans3 --seed 1 --quiet --record "$tmp/two.yaml" <"$tmp/in"
expect "a game of three where two resign ends, exit 0" 0
check "the first resignation: who is out, who moves" out 'player 3 resigns: player 3 is out; player 1 to move'
check "the game goes on without player 3" out '3. player 1: b2'
check "the second resignation is said" out 'player 2 resigns'
check "the last one in wins, with the reason" out 'player 1 wins: player 2 resigned; players 2 and 3 are out'
check "the result names the last one in" out 'result: win 1'
check "the record has the first resignation where it was made" two.yaml '  - {resign: 3}'
check "and the second" two.yaml '  - {resign: 2}'
check "and the result" two.yaml 'result: "win 1"'
if has two.yaml 'resigned:'; then fail "no two-player \`resigned:\` key among three"; else pass "no two-player \`resigned:\` key among three"; fi
t 20 replay "$tmp/two.yaml"
expect "the record replays" 0
check "replay gives the reason" out 'player 1 wins: player 2 resigned; players 2 and 3 are out'
check "replay gives the result" out 'result: win 1'
t 20 replay --show "$tmp/two.yaml"
check "replay --show says the resignation mid-game" out 'player 3 resigns: player 3 is out; player 1 to move'
t 20 replay --json "$tmp/two.yaml"
has out '"reason":"player 1 wins: player 2 resigned; players 2 and 3 are out","result":"win 1"' &&
    pass "replay --json names the winner" || fail "replay --json names the winner"
t 20 play "$three" $humans3 --seed 1 --quiet --json <"$tmp/in"
has out '{"move":"resign","resign":3,"dice":[],"announced":false}' && has out '"result":"win 1","resigned":0' &&
    pass "play --json has the resignations as entries, and the winner" || fail "play --json has the resignations as entries"
has out '"resigned":0,"cut_off":0,"out":[2,3]' && pass "play --json lists the players out at the end" || fail "play --json lists the players out at the end"
PYTHON=${PYTHON:-python3}
if [ "$PYTHON" != ":" ] && command -v "$PYTHON" >/dev/null 2>&1; then
    "$PYTHON" tests/json/check.py docs/schemas/play.schema.json "$tmp/out" >"$tmp/err" 2>&1 &&
        pass "play --json with resignations holds to its schema" || fail "play --json with resignations holds to its schema"
else
    echo "SKIP: no $PYTHON to check the schema"
fi

# The record written as the game goes: stopped after a resignation, resumed,
# and finished, it is the record of the game played in one go.
printf 'd4\na1\nresign\nb2\nquit\n' >"$tmp/in"
t 20 play "$three" $humans3 --seed 1 --quiet --json <"$tmp/in"
has out '"result":"ongoing","resigned":0,"cut_off":0,"out":[3]' &&
    pass "play --json of a game stopped after a resignation lists the player out" || fail "play --json of a stopped game: the player out"
t 20 play "$three" $humans3 --seed 1 --quiet --record "$tmp/part.yaml" <"$tmp/in"
expect "a game stopped after a resignation, exit 0" 0
check "its record, ongoing, ends with the moves" part.yaml '  - "b2"'
check "and holds the resignation" part.yaml '  - {resign: 3}'
t 20 replay "$tmp/part.yaml"
expect "the ongoing record replays" 0
check "the game goes on" out 'result: ongoing'
printf 'resign\n' | "$TABULA" play --resume "$tmp/part.yaml" --quiet >"$tmp/out" 2>"$tmp/err"
code=$?
expect "resumed, the game ends with the next resignation" 0
check "the resumed game is won by the last one in" out 'result: win 1'
same "the record resumed is the record played in one go" part.yaml two.yaml

# `undo` takes a resignation back: the player is in again.
printf 'd4\na1\nresign\nundo\nc3\n' | "$TABULA" play "$three" $humans3 --seed 1 --quiet >"$tmp/out" 2>"$tmp/err"
check "undo takes the resignation back" out 'took back 1 move: player 3 to move again'
check "and the player moves again" out '2. player 3: c3'

# ---- four players of Ludo (dice): three resign one by one; partners resign together ---------
printf 'resign\nresign\nresign\n' >"$tmp/in"
t 60 play ludo --p1 human --p2 human --p3 human --p4 random --seed 3 --quiet --record "$tmp/ludo.yaml" <"$tmp/in"
expect "Ludo: three of four resign, exit 0" 0
check "the first is out, the turn passes" out 'player 3 resigns: player 3 is out; player 4 to move'
check "the second" out 'player 1 resigns: players 1 and 3 are out; player 2 to move'
check "the last one in wins" out 'player 4 wins: player 2 resigned; players 1, 2 and 3 are out'
check "result: win 4" out 'result: win 4'
t 60 replay "$tmp/ludo.yaml"
expect "the Ludo record replays, its dice as rolled" 0
check "replayed, the same result" out 'result: win 4'
# One resigns, the others play to the end: resumed after the resignation,
# the dice and the agents' moves go on as in the game played in one go.
printf 'resign\n' | "$TABULA" play ludo --seed 3 --quiet --record "$tmp/whole.yaml" >"$tmp/out" 2>"$tmp/err"
check "Ludo: after player 1 resigns, the others play to the end" out 'result: win 4'
awk '{ print } /{resign: 1}/ { print "result: \"ongoing\""; exit }' "$tmp/whole.yaml" >"$tmp/cut.yaml"
t 120 play --resume "$tmp/cut.yaml" --quiet
expect "a Ludo record cut after the resignation resumes" 0
check "and ends as the game did" out 'result: win 4'
same "resumed, it is the record of the whole game" cut.yaml whole.yaml
t 60 play ludo --option partners=on --seed 3 --quiet --record "$tmp/team.yaml" <"$tmp/in"
check "partners: player 1 resigns for the team" out 'player 2 wins: player 1 resigned; players 1 and 3 are out'
check "the other team wins, named by its first player" out 'result: win 2'
t 60 replay "$tmp/team.yaml"
expect "the partners' record replays" 0

# ---- records whose resignations are wrong ------------------------------------------------
bad() { # NAME SED-SCRIPT MESSAGE: two.yaml edited so, replayed: exit 1 and MESSAGE
    sed "$2" "$tmp/two.yaml" >"$tmp/bad.yaml"
    t 20 replay "$tmp/bad.yaml"
    expect "$1" 1 "$3"
}
bad "a player the game does not have" 's/{resign: 3}/{resign: 4}/' \
    'bad.yaml:17:14: error: move 3 `{resign: 4}`: "Three-player four in a row" is played by 3 players'
bad "a player out already" 's/{resign: 2}/{resign: 3}/' \
    'bad.yaml:19:14: error: move 5 `{resign: 3}`: player 3 is out already'
bad "a resignation out of turn" 's/{resign: 3}/{resign: 1}/' \
    'bad.yaml:17:14: error: move 3 `{resign: 1}`: player 3 is to move; a player resigns on their own turn'
bad "a resignation after the end" 's/^  - {resign: 2}$/  - {resign: 2}\n  - {resign: 1}/' \
    'bad.yaml:20:14: error: move 6 `{resign: 1}` comes after the end of the game (win 1 after 5 moves)'
bad "a move after the last one in won" 's/^  - {resign: 2}$/  - {resign: 2}\n  - "c3"/' \
    'bad.yaml:20:5: error: move 6 `c3` comes after the end of the game (win 1 after 5 moves)'
bad "a resignation with a move beside it" 's/{resign: 3}/{resign: 3, move: "b2"}/' \
    'bad.yaml:17:5: error: a resignation is an entry of its own, like {resign: 2}: no `move`, `dice`, `announce` or `cube` beside it'
bad "two players in one resignation" 's/{resign: 3}/{resign: [2, 3]}/' \
    'bad.yaml:17:14: error: a resignation names one player, like {resign: 2}; each is an entry of its own, where it was made'
bad "player 0" 's/{resign: 3}/{resign: 0}/' \
    'bad.yaml:17:14: error: expected a whole number from 1 to 4; got `0`'
bad "the two-player key among three" 's/^result: "win 1"$/resigned: 1\nresult: "win 1"/' \
    'bad.yaml:20:11: error: `resigned: 1` ends a game of two players; with 3 players a resignation is an entry of `moves`, {resign: 1}, where it was made'
bad "a result against the resignations" 's/^result: "win 1"$/result: "win 2"/' \
    'bad.yaml:20:9: error: the recorded result is `win 2`, but the moves give `win 1`'
bad "a resignation left out: the game goes on" '/^  - {resign: 2}$/d' \
    'bad.yaml:19:9: error: the recorded result is `win 1`, but the moves give `ongoing`'
printf '9-14\nresign\n' | "$TABULA" play english-draughts --p2 human --seed 1 --quiet --record "$tmp/e2.yaml" >"$tmp/out" 2>&1
check "two players: the record keeps \`resigned:\`" e2.yaml 'resigned: 2'
sed '/^resigned: 2$/d; s/^  - "9-14"$/  - "9-14"\n  - {resign: 2}/' "$tmp/e2.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a resignation entry between two players" 1 \
    'bad.yaml:13:14: error: move 2 `{resign: 2}`: a resignation ends a game of two players; it is written `resigned: 2` after the moves'

# ---- at a terminal, resigning among three asks first ------------------------------------
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    (sleep 1; printf 'resign\n'; sleep 0.5; printf 'no\n'; sleep 0.5; printf 'resign\n'; sleep 0.5; printf 'y\n'; sleep 0.5; printf 'quit\n'; sleep 1) |
        TERM=xterm timeout 60 script -qec "\"$TABULA\" play $three $humans3 --seed 1 --quiet --ascii" /dev/null |
        tr -d '\r' >"$tmp/r"
    if grep -qx 'not resigned: player 1 to move' "$tmp/r" &&
        grep -qx 'player 1 resigns: player 1 is out; player 2 to move' "$tmp/r"; then
        pass "resign asks at a terminal among three: no goes on, y puts the player out"
    else
        cp "$tmp/r" "$tmp/err"
        fail "resign asks at a terminal among three: no goes on, y puts the player out"
    fi
else
    echo "SKIP: no script(1) to run a pseudo-terminal"
fi

summary
