#!/bin/sh
# cube.sh - the doubling cube and match play in the front ends: a human's
# double, take, drop and beaver in `play` (and the commands refused, each
# with its reason); the cube's entries in records, replayed and resumed;
# points by the cube and the Jacoby rule; a scripted match to 3 points with
# its Crawford game; the agents doubling in `play` and `match`; records
# whose cube entries are wrong, each a located error.
TEST=cube
. "${srcdir:-.}/tests/common.sh"

has() { grep -qF -- "$2" "$tmp/$1"; }
check() { # NAME FILE TEXT: the file holds the text
    if has "$2" "$3"; then pass "$1"; else echo "  $2 lacks: $3"; sed 's/^/  | /' "$tmp/$2" | tail -15; fail "$1"; fi
}
lacks() { # NAME FILE TEXT: the file does not hold the text
    if has "$2" "$3"; then echo "  $2 holds: $3"; fail "$1"; else pass "$1"; fi
}

# Two humans, seed 7 and a first roll of 6-5: player 1 opens 13-7 13-8 (no
# cube before the game's first move), player 2 is asked `roll` or `double`.
opening='13-7\n13-8\nroll\n12-18\n12-17\n'

# ---- offer, drop ---------------------------------------------------------------
printf "${opening}double\ndrop\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet --record "$tmp/drop.yaml" <"$tmp/in"
expect "a game dropped at the cube ends, exit 0" 0
check "the double is said" out "player 1 doubles to 2"
check "the drop is said, with the stakes" out "player 2 drops: player 1 wins 1 point"
check "the reason names the drop" out "player 1 wins: player 2 dropped the double to 2"
check "the result is the doubler's win" out "result: win 1"
check "the record has the double as an entry" drop.yaml '  - {cube: "double"}'
check "and the drop" drop.yaml '  - {cube: "drop"}'
check "and the points" drop.yaml 'points: 1'
t 20 replay "$tmp/drop.yaml"
expect "the dropped game replays" 0
check "replay says why it ended" out "player 1 wins: player 2 dropped the double to 2"
t 20 replay --show "$tmp/drop.yaml"
check "replay --show shows the cube's actions" out "player 2 drops: player 1 wins 1 point"

# ---- offer, take; the cube on the screen; the owner alone may double ------------------
printf "${opening}double\ntake\nboard\ndouble\nquit\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --record "$tmp/take.yaml" <"$tmp/in"
expect "quit after a take, exit 0" 0
check "the take says the cube and its owner" out "player 2 takes: cube 2, player 2's"
check "the board shows the cube" out "cube 2, player 2's"
check "the owner alone may double: said at the move prompt" err "error: cannot double: the cube is player 2's: only they may double"
check "the record has the take" take.yaml '  - {cube: "take"}'
# Resumed by agents: the cube goes on at 2, and the points are the result times 2.
t 60 play --resume "$tmp/take.yaml" --p1 random --p2 random --quiet
expect "the resumed game with the cube finishes" 0
if grep -Eq '^player [12] scores (2|4|6) points \(cube 2\)$' "$tmp/out"; then pass "its points are the result times the cube"
else fail "its points are the result times the cube"; fi
t 20 replay "$tmp/take.yaml"
expect "and replays" 0
pts=$(sed -n 's/^points: //p' "$tmp/take.yaml")
case $pts in 2|4|6) pass "the record's points are the result times 2 ($pts)" ;; *) fail "the record's points ($pts)" ;; esac
sed "s/^points: .*/points: 1/" "$tmp/take.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "points that do not fit the cube: located error" 1 "but its result and cube (2) give $pts"

# After the take the doubler rolls at once: the cube is decided for this turn.
printf "${opening}double\ntake\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet <"$tmp/in"
check "the doubler rolls after the take" out "player 1 rolls"

# ---- wrong words at the cube's questions ----------------------------------------------
printf 'double\n13-7\n13-8\n12-18\nroll\n12-18\n12-17\ntake\nbeaver\ndouble\nbeaver\nroll\ndrop\nquit\n' >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet <"$tmp/in"
check "double after the roll is refused with its reason" err "error: cannot double now: a double comes before the roll, and this turn's dice are rolled"
check "a move before the roll: roll first" err '`12-18`: the dice are not rolled yet: type `roll`, or `double` to offer a double first'
check "take with no double offered" err 'cannot take: it answers a double, and none is offered'
check "beaver with no double offered" err 'cannot beaver: it answers a double, and none is offered'
check "beavers are off by default" err 'cannot beaver: beavers are off (the rules'"'"' `beavers:` of `doubling-cube`)'
check "roll when a double awaits its answer" err 'error: `roll`: player 1 doubled; answer `take` or `drop` first'
printf 'double\nquit\n' >"$tmp/in"
t 20 play english-draughts --p2 random --quiet <"$tmp/in"
check "double in a game without a cube" err "cannot double: this game has no doubling cube"

# A record that ends with a double: resumed, the player doubled answers first.
printf "${opening}double\nquit\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet --record "$tmp/pending.yaml" <"$tmp/in"
t 20 replay "$tmp/pending.yaml"
expect "a record ending with a double replays (ongoing)" 0
t 60 play --resume "$tmp/pending.yaml" --p1 random --p2 random --quiet
if sed -n 3p "$tmp/out" | grep -qxF "player 2 takes: cube 2, player 2's"; then pass "resumed, the answer comes first"
else fail "resumed, the answer comes first"; fi

# `undo` at a cube question takes back the cube's actions with the moves.
printf "${opening}double\ntake\nundo\n12-17\nquit\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet --record "$tmp/undo.yaml" <"$tmp/in"
check "undo after a take: the move and the cube's actions taken back" out "took back 3 moves: player 2 to move again"
lacks "the record keeps no cube action" undo.yaml "cube:"

printf "${opening}undo\n12-17\nquit\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet <"$tmp/in"
check "undo at the question roll-or-double goes back to the last human move" out "took back 1 move: player 2 to move again"

# quit, the end of input and resign at the cube's questions.
printf "${opening}double\nquit\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet <"$tmp/in"
expect "quit at the answer to a double: exit 0" 0
check "the one asked stopped the game" out "stopped by player 2 after 5 moves"
printf "${opening}double\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet <"$tmp/in"
expect "input ending at the answer to a double: exit 2" 2 "end of input while player 2 (human) was to move"
printf "${opening}double\nresign\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet --record "$tmp/resign.yaml" <"$tmp/in"
check "resign at the answer: the one doubled resigns" out "player 2 resigns"
check "and loses at the stakes before the double" resign.yaml "points: 1"
t 20 replay "$tmp/resign.yaml"
expect "a game resigned while a double awaits its answer replays" 0
printf "${opening}save x.yaml\nquit\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet <"$tmp/in"
check "save at a cube question: said where it works" err '`save` works at the move prompt, after the roll; answer the cube'"'"'s question first'

# `hint` at the cube's questions: an agent's decision and its estimate.
printf "${opening}double\nhint\ntake\nquit\n" >"$tmp/in"
t 60 play backgammon --p2 human --seed 7 --dice 6,5 --quiet --hint mcts:300 <"$tmp/in"
if grep -Eq '^hint: (take|drop) \(mcts:300: [0-9]+% wins, [0-9]+% double wins, [0-9]+% double losses for player 1\)$' "$tmp/out"
then pass "hint at a double: take or drop, with the estimate"; else fail "hint at a double: take or drop, with the estimate"; fi

# ---- beavers, an option ------------------------------------------------------------------
printf "${opening}double\nbeaver\nquit\n" >"$tmp/in"
t 20 play backgammon --p2 human --seed 7 --dice 6,5 --quiet --option beavers=on --record "$tmp/beaver.yaml" <"$tmp/in"
check "with beavers on, a beaver: cube 4, kept by the beaver" out "player 2 beavers: cube 4, player 2's"
t 20 replay "$tmp/beaver.yaml"
expect "a beavered game replays" 0
sed 's/^  beavers: "on"$/  beavers: "off"/' "$tmp/beaver.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a beaver in a game without beavers: located error" 1 'bad.yaml:20:12: error: move 6 `{cube: beaver}` by player 2: beavers are off'

# ---- the Jacoby rule -----------------------------------------------------------------------
# Seed 3: a gammon (words.sh); with the Jacoby rule and the cube never
# turned, it counts single.
t 60 play backgammon --p1 random --p2 random --seed 3 --quiet --record "$tmp/g.yaml"
check "without Jacoby a gammon is 2 points" g.yaml "points: 2"
t 60 play backgammon --p1 random --p2 random --seed 3 --quiet --option jacoby=on --record "$tmp/j.yaml"
check "with Jacoby, the same gammon with the cube centred scores 1" out "player 1 scores 1 point (cube 1)"
check "and the record says so" j.yaml "points: 1"
t 20 replay "$tmp/j.yaml"
expect "the Jacoby game replays" 0
sed 's/^  jacoby: "on"$/  jacoby: "off"/' "$tmp/j.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "its points without the Jacoby rule: located error" 1 "the record says the game was worth 1 point, but its result and cube (1) give 2"

# ---- a scripted match to 3: its Crawford game --------------------------------------------
t 120 play backgammon --p1 mcts:100 --p2 mcts:100 --seed 6 --quiet --match-to 3 --record "$tmp/m.yaml"
expect "a match to 3 is played to its end" 0
check "game 1 starts at 0-0" out "game 1 of the match to 3, score 0-0"
check "the score is kept across games" out "match to 3 after game 2: player 1 2, player 2 0"
check "the game at 2-0 is the Crawford game" out "game 3 of the match to 3, score 2-0, the Crawford game (no doubling)"
sed -n '/Crawford game/,$p' "$tmp/out" >"$tmp/crawford"
lacks "nobody doubles in the Crawford game" crawford "doubles"
check "the match ends at 3 points" out "player 1 wins the match 3-0"
check "game 3's record says it is the Crawford game" m-3.yaml "match: {to: 3, game: 3, score: [2, 0], crawford: true"
check "game 2's record is named after --record" m-2.yaml "match: {to: 3, game: 2, score: [1, 0], crawford: false"
for g in m m-2 m-3; do
    t 20 replay "$tmp/$g.yaml"
    expect "the match's game $g replays" 0
done
# Game 2 cut short and resumed: the match goes on from its record, as it went.
awk '/^  - / { n++; if (n > 8) next } /^points:/ { next } /^result:/ { print "result: \"ongoing\""; next } { print }' \
    "$tmp/m-2.yaml" >"$tmp/cut-2.yaml"
t 120 play --resume "$tmp/cut-2.yaml" --quiet
expect "a match's game resumed goes on with the match" 0
check "the next game is named from the resumed record" out "record $tmp/cut-3.yaml"
if diff "$tmp/m-3.yaml" "$tmp/cut-3.yaml" >/dev/null; then pass "and is the game the match played"
else fail "and is the game the match played"; fi
# A double written into the Crawford game is refused where it stands.
sed '0,/^  - {move/s//  - {cube: "double"}\n&/' "$tmp/m-3.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a double before the first move: located error" 1 "no double before the game's first move"
# after player 1's opening turn (its sub-moves share the first roll)
first=$(grep -m1 -n 'dice: \[' "$tmp/m-3.yaml" | cut -d: -f1)
roll=$(sed -n "${first}s/.*dice: \(\[[^]]*\]\).*/\1/p" "$tmp/m-3.yaml")
last=$(grep -n "dice: $(printf '%s' "$roll" | sed 's/\[/\\[/; s/\]/\\]/')" "$tmp/m-3.yaml" | sed -n '$s/:.*//p')
sed "${last}a\\
  - {cube: \"double\"}" "$tmp/m-3.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a double in the Crawford game: located error" 1 "no doubling in the Crawford game"
t 20 play backgammon --match-to 0 --p1 random --p2 random
expect "--match-to 0: usage error" 2 "--match-to"
t 20 play coc-inbert --match-to 3 --p1 random --p2 random
expect "--match-to in a game without a cube: usage error" 2 "--match-to needs a game with a doubling cube"
t 20 play --resume "$tmp/m.yaml" --match-to 3
expect "--match-to with --resume: usage error" 2 "--match-to cannot be combined with --resume"

# ---- any game with dice may declare a cube: a variant of Plakoto ----------------------------
cat >"$tmp/plakoto-cube.game" <<'GAME'
(variant "Plakoto with a cube"
  (extends "plakoto")
  (doubling-cube max:16 crawford:off))
GAME
t 20 info "$tmp/plakoto-cube.game"
check "a variant adds the cube with its parameters" out "cube:    doubling cube up to 16; beavers off, Jacoby rule off, Crawford rule off"
t 120 play "$tmp/plakoto-cube.game" --p1 mcts:100 --p2 mcts:100 --seed 2 --quiet --match-to 3 --record "$tmp/pc.yaml"
expect "a match of the variant is played" 0
check "with the cube" out "doubles to 2"
t 20 replay "$tmp/pc.yaml"
expect "and its record replays" 0

# ---- the agents double, take and drop ------------------------------------------------------
t 60 play backgammon --p1 mcts:100 --p2 mcts:100 --seed 7 --record "$tmp/a.yaml"
check "an agent weighs the cube from its playouts" out "weighs the cube:"
check "and doubles" out "player 1 doubles to 2"
t 20 replay "$tmp/a.yaml"
expect "the agents' game replays" 0
t 120 match backgammon --p1 mcts:100 --p2 random -n 6 --seed 1
expect "match with the cube" 0
if grep -Eq '^cube: +doubles offered A [1-9][0-9]*, B 0; dropped A 0, B 0$' "$tmp/out"; then pass "mcts doubles, random never does and always takes"
else fail "mcts doubles, random never does and always takes"; fi
check "match counts points" out "points:      A "
t 120 match backgammon --p1 mcts:100 --p2 random -n 6 --seed 1 --json
check "match --json has the sides' points" out '"points":'

# A game of `match --records` is played again alone by `play --seed`, its
# cube decisions included.
t 120 match backgammon --p1 mcts:100 --p2 mcts:100 -n 4 --seed 3 --records "$tmp/recs"
f=$tmp/recs/game-000004.yaml
if grep -q 'cube:' "$f"; then pass "the match's records keep the cube's actions"; else fail "the match's records keep the cube's actions"; fi
t 120 play backgammon --p1 mcts:100 --p2 mcts:100 --seed "$(sed -n 's/^seed: //p' "$f")" --quiet --record "$tmp/again.yaml"
if [ "$(sed -n '/^moves:/,$p' "$f")" = "$(sed -n '/^moves:/,$p' "$tmp/again.yaml")" ]; then
    pass "play --seed plays a match's game again, cube and all"
else fail "play --seed plays a match's game again, cube and all"; fi

# Shards of a match with the cube merge to the whole run's points.
t 120 match backgammon --p1 mcts:50 --p2 random -n 4 --seed 2 --json
cp "$tmp/out" "$tmp/whole.json"
t 120 match backgammon --p1 mcts:50 --p2 random -n 4 --seed 2 --shard 1/2 --json
cp "$tmp/out" "$tmp/s1.json"
t 120 match backgammon --p1 mcts:50 --p2 random -n 4 --seed 2 --shard 2/2 --json
cp "$tmp/out" "$tmp/s2.json"
t 20 merge "$tmp/s1.json" "$tmp/s2.json" --json
points() { "${PYTHON:-python3}" -c 'import json, sys; d = json.load(open(sys.argv[1])); print([s["points"] for s in d["sides"]], [s["doubles"] for s in d["sides"]])' "$1"; }
if [ "$(points "$tmp/out")" = "$(points "$tmp/whole.json")" ]; then pass "merged shards have the whole run's points and doubles"
else fail "merged shards have the whole run's points and doubles"; fi
t 20 info backgammon
check "info says the cube's rules" out "cube:    doubling cube up to 64; beavers off, Jacoby rule off, Crawford rule on"

# ---- records whose cube entries are wrong ---------------------------------------------------
cp "$tmp/drop.yaml" "$tmp/base.yaml"
sed 's/{cube: "drop"}/{cube: "redouble"}/' "$tmp/base.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "an unknown cube action: located error" 1 'bad.yaml:19:12: error: `cube` is double, take, drop or beaver; got `redouble`'
sed 's/{cube: "drop"}/{cube: "drop", dice: [1, 2]}/' "$tmp/base.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a cube action with dice: located error" 1 'a cube action is an entry of its own'
sed 's/{cube: "double"}/{cube: "take"}/' "$tmp/base.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a take with no double: located error" 1 '`{cube: take}` by player 1: `take` answers a double, and none is offered'
sed 's/{cube: "drop"}/{move: "24-18", dice: [6, 5]}/; /^points: 1$/d; s/^result: "win 1"$/result: "ongoing"/' "$tmp/base.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a move while a double awaits its answer: located error" 1 'player 1 doubled, and player 2 must take or drop first'
awk '{ print } /- {move: "13-7"/ { print "  - {cube: \"double\"}" }' "$tmp/base.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a double in the middle of a turn: located error" 1 'move 2 `{cube: double}`: a double comes at the start of a turn, before the roll; player 1 is in the middle of a turn'
sed 's/^result: "win 1"$/result: "win 2"/' "$tmp/base.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a result against the drop: located error" 1 'the recorded result is `win 2`, but player 2 dropped the cube: `win 1`'
printf '  - {move: "24-18", dice: [6, 5]}\n' >"$tmp/more"
awk -v f="$tmp/more" '{ print } /{cube: "drop"}/ { while ((getline l < f) > 0) print l }' "$tmp/base.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a move after a drop: located error" 1 'comes after the end of the game (player 2 dropped the cube)'
sed 's/^agents:$/match: {to: 3, game: 1, score: [3, 0], crawford: false, seed: 1}\nagents:/' "$tmp/base.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a match score past its points: located error" 1 'bad.yaml:10:33: error: expected a whole number from 0 to 2; got `3`'
sed 's/^agents:$/match: {to: 3, game: 1, score: [1, 1], crawford: true, seed: 1}\nagents:/' "$tmp/base.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a Crawford game at a score without one: located error" 1 'the Crawford game is played when one player (not both) needs one point'
sed 's/{cube: "double"}/{cube: "double"}\n  - {cube: "take"}\n  - {cube: "double"}/' "$tmp/base.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "the doubler doubling again: located error" 1 "the cube is player 2's: only they may double"
t 60 play coc-inbert --p1 random --p2 random --seed 1 --quiet --record "$tmp/ci.yaml"
sed 's/^agents:$/match: {to: 3, game: 1, score: [0, 0]}\nagents:/' "$tmp/ci.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a match in a game without a cube: located error" 1 'bad.yaml:8:8: error: a match is played with a doubling cube, and "Coc-Inbert" has none'
t 20 replay coc-inbert "$tmp/base.yaml"
expect "a record of another game" 1 ''

summary
