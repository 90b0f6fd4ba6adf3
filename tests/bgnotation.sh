#!/bin/sh
# bgnotation.sh - tables moves as players write them (`8/4 6/3`, `bar/22*`,
# `6/off`, `13/9(2)`, `24/16`), in each player's own numbering where the
# rule file says `(point-numbers mover)`: printed by `moves --written`, read
# by `why` and typed in `play` (a whole turn or its beginning), hint's turn;
# round trips over random positions of the four tables games; gnubg IDs
# (`--gnubg-id`, the `gnubg ID:` line of `moves --show`) and their bad forms.
# The check against gnubg itself is tests/gnubg_id.sh.
TEST=bgnotation
. "${srcdir:-.}/tests/common.sh"
D=tests/bgnotation

# same NAME FILE: FILE holds exactly the text of standard input.
same() {
    cat >"$tmp/want"
    if diff -u "$tmp/want" "$2" >"$tmp/diff" 2>&1; then pass "$1"; else cp "$tmp/diff" "$tmp/err"; fail "$1"; fi
}

# ---- printed ----------------------------------------------------------------
t 30 moves backgammon --written --dice 6,5
same "moves --written: each die's move, written" "$tmp/out" <<'W'
8/2
8/3
13/7
13/8
24/18
W
t 30 moves backgammon --written --turns --dice 6,5
same "moves --written --turns: the plays of 6-5 at the start" "$tmp/out" <<'W'
8/3 8/2
13/2
13/7 8/3
13/8 13/7
24/18 8/3
24/18 13/8
24/13
W
t 30 moves backgammon --written --turns --dice 4,4
grep -c . "$tmp/out" >"$tmp/got"
grep -x -e '13/9(2) 6/2(2)' -e '24/16(2)' -e '24/16 13/9(2)' -e '13/5(2)' "$tmp/out" >>"$tmp/got"
same "a double: moves made again counted, a checker moving on joined" "$tmp/got" <<'W'
52
13/9(2) 6/2(2)
13/5(2)
24/16 13/9(2)
24/16(2)
W
t 30 moves backgammon --position $D/player2.yaml --written --turns --dice 6,5
same "player 2 writes its plays in its own numbering" "$tmp/out" <<'W'
24/13
24/18 13/8
24/18 8/3
13/8 13/7
13/7 8/3
13/2
8/3 8/2
W
t 30 moves backgammon --position $D/player2.yaml --turns --dice 6,5
same "... which are the board's 1-7 and 12-17 die by die" "$tmp/out" <<'W'
1-7 7-12
1-7 12-17
1-7 17-22
12-18 12-17
12-18 17-22
12-18 18-23
17-23 17-22
W
t 30 moves backgammon --position $D/two-blots.yaml --written --turns --dice 6,2
same "hits marked *, a hit on the way kept" "$tmp/out" <<'W'
13/7 6/4
13/5
13/11 13/7
24/22* 13/7
24/18* 6/4
24/18* 13/11
24/18*/16
24/22*/16
W
t 30 moves backgammon --position $D/bar.yaml --written --turns --dice 3,1
same "entering from the bar" "$tmp/out" <<'W'
bar/24 bar/22*
W
t 30 moves backgammon --position $D/bear-off.yaml --written --turns --dice 6,5
same "bearing off" "$tmp/out" <<'W'
6/off 5/off
6/1 6/off
W
# A game that numbers its points by the board's names: the same file without
# `(point-numbers mover)`; player 2 then writes the board's numbers, upwards.
grep -v 'point-numbers' rulesets/backgammon.game >"$tmp/board.game"
t 30 moves "$tmp/board.game" --position $D/player2.yaml --written --turns --dice 6,5
same "(point-numbers board): the board's numbers" "$tmp/out" <<'W'
1/12
1/7 12/17
1/7 17/22
12/17 12/18
12/18 17/22
12/23
17/22 17/23
W
t 30 moves backgammon --written --json --dice 6,5
grep -o '"written":\[[^]]*\]' "$tmp/out" >"$tmp/got"
same "moves --written --json: the written moves beside the die-by-die ones" "$tmp/got" <<'W'
"written":["8/2","13/7","24/18","8/3","13/8"]
W
t 30 moves english-draughts --written
expect "--written on a board of squares: refused" 2 "--written is for games on a track"

# ---- read: tabula why ---------------------------------------------------------
# why GAME ARGS... TEXT: one line of `tabula why` and its exit code.
why() {
    t 30 why "$@"
    printf '%s (exit %s)\n' "$(cat "$tmp/out")" "$code" >>"$tmp/got"
}
: >"$tmp/got"
why backgammon --dice 6,5 "24/18 13/8"
why backgammon --dice 6,5 "13/8 24/18"
why backgammon --dice 6,5 "24/13"
why backgammon --dice 6,5 "24/18/13"
why backgammon --dice 6,5 "24/18"
why backgammon --dice 6,5 "24-18"
why backgammon --dice 4,4 "13/9(2) 24/16"
why backgammon --dice 4,4 "24/20/16 13/9 13/9"
why backgammon --dice 4,4 "24/20 20/16, 13/9(2)"
why backgammon --position $D/player2.yaml --dice 6,5 "24/18 13/8"
why backgammon --position $D/one-blot.yaml --dice 6,2 "24/16"
why backgammon --position $D/one-blot.yaml --dice 6,2 "24/18*/16"
why backgammon --position $D/two-blots.yaml --dice 6,2 "24/16"
why backgammon --position $D/two-blots.yaml --dice 6,2 "24/22*/16"
why backgammon --position $D/bar.yaml --dice 3,1 "bar/22* bar/24"
why backgammon --position $D/bar.yaml --dice 3,1 "BAR/22"
why backgammon --position $D/bear-off.yaml --dice 6,5 "6/off 5/off"
why backgammon --position $D/bear-off.yaml --dice 6,5 "6/Off 6/1"
why plakoto --dice 6,5 "24/18 24/19"
why long-nardy --dice 6,5 "24/13"
why backgammon --position $D/bear-off.yaml --dice 6,5 "off/6"
why backgammon --position $D/bear-off.yaml --dice 6,5 "6/6"
same "why reads the written forms, any order, compact or whole" "$tmp/got" <<'W'
24-18 13-8 is legal: the whole turn 24/18 13/8, die by die (exit 0)
24-18 13-8 is legal: the whole turn 24/18 13/8, die by die (exit 0)
24-18 18-13 is legal: the whole turn 24/13, die by die (exit 0)
24-18 18-13 is legal: the whole turn 24/13, die by die (exit 0)
24-18 is legal: the beginning of a turn 24/18, die by die (exit 0)
24-18 is legal: made by the rule `advance` (backgammon rule at line 24) (exit 0)
13-9 13-9 24-20 20-16 is legal: the whole turn 24/16 13/9(2), die by die (exit 0)
13-9 13-9 24-20 20-16 is legal: the whole turn 24/16 13/9(2), die by die (exit 0)
13-9 13-9 24-20 20-16 is legal: the whole turn 24/16 13/9(2), die by die (exit 0)
1-7 12-17 is legal: the whole turn 24/18 13/8, die by die (exit 0)
24-22 22-16 is legal: the whole turn 24/16, die by die (exit 0)
24-18 18-16 is legal: the whole turn 24/18*/16, die by die (exit 0)
`24/16` is not legal: fits 2 different plays: 24/18*/16, 24/22*/16; write the points between, or the hits (*) (exit 1)
24-22 22-16 is legal: the whole turn 24/22*/16, die by die (exit 0)
bar-22 bar-24 is legal: the whole turn bar/24 bar/22*, die by die (exit 0)
bar-22 is legal: the beginning of a turn bar/22*, die by die (exit 0)
6-off/6 5-off/5 is legal: the whole turn 6/off 5/off, die by die (exit 0)
6-off/6 6-1 is legal: the whole turn 6/1 6/off, die by die (exit 0)
24-18 24-19 is legal: the whole turn 24/19 24/18, die by die (exit 0)
24-18 18-13 is legal: the whole turn 24/13, die by die (exit 0)
6-off/6 is legal: made by the rule `bear-off` (backgammon rule at line 27) (exit 0)
6-off/6 is legal: made by the rule `bear-off` (backgammon rule at line 27) (exit 0)
W

# ---- bad written forms ----------------------------------------------------------
: >"$tmp/got"
why backgammon --dice 6,5 "24/x"
why backgammon --dice 6,5 "25/20"
why backgammon --dice 6,5 "8/"
why backgammon --dice 6,5 "8/3x"
why backgammon --dice 6,5 "3/8"
why backgammon --dice 6,5 "8/off/3"
why backgammon --dice 6,5 "8/bar"
why backgammon --dice 6,5 "8*/3"
why backgammon --dice 6,5 "8/3(0)"
why backgammon --dice 6,5 "24/18 24/13"
why backgammon --position $D/bar.yaml --dice 3,1 "13/10"
same "bad written forms: located, specific, exit 1" "$tmp/got" <<'W'
`24/x` is not legal: character 4 `x` is not a point (a number, bar or off) (exit 1)
`25/20` is not legal: character 1: player 1 has no point 25 (each player counts their own, 24 to 1) (exit 1)
`8/` is not legal: ends where a point is needed (a number, bar or off) (exit 1)
`8/3x` is not legal: character 4 `x` cannot follow a move (moves are separated by spaces) (exit 1)
`3/8` is not legal: 3/8 goes against player 1's way, which runs from 24 to 1 (exit 1)
`8/off/3` is not legal: off only ends a move (exit 1)
`8/bar` is not legal: bar only starts a move (exit 1)
`8*/3` is not legal: a hit (*) is marked where a piece lands on a point, not at 8 (exit 1)
`8/3(0)` is not legal: character 4: a move made again is written with its count, as 13/9(2) (exit 1)
`24/18 24/13` is not legal: no legal play of player 1 moves pieces so (`tabula moves --written --turns` lists the plays) (exit 1)
`13/10` is not legal: no legal play of player 1 moves pieces so (`tabula moves --written --turns` lists the plays) (exit 1)
W

# ---- play: a whole turn typed, its beginning, hint -------------------------------
# (player 2 answers the doubling cube's question first: roll)
printf 'hint\n24/18 13/8\nroll\n24/13x\n24/18\n6/5\nquit\n' >"$tmp/in"
t 30 play backgammon --p1 human --p2 human --hint random --seed 2 --quiet --dice 6,5 <"$tmp/in"
same "play: a whole turn typed at once, a beginning then the rest, hint in the written form" "$tmp/out" <<'W'
Backgammon: player 1 (white) human, player 2 (black) human; seed 2
player 1 rolls 6-5
hint: 13/7 8/3 (random)
1. player 1: 24/18
2. player 1: 13/8
player 2 rolls 6-1
3. player 2: 24/18
4. player 2: 6/5
stopped by player 1 after 4 moves
no record was kept (--record FILE keeps one)
W
grep -F "24/13x" "$tmp/err" >"$tmp/got"
same "play: a mistake in a written move is said and the turn goes on" "$tmp/got" <<'W'
error: `24/13x`: character 6 `x` cannot follow a move (moves are separated by spaces)
W

# ---- records and the replay page ------------------------------------------------------
t 30 replay $D/written-record.yaml
same "a record may give a die's move as players write it" "$tmp/out" <<'W'
tests/bgnotation/written-record.yaml: 5 moves of Backgammon replayed
result: ongoing
W
sed 's|{move: "8/5", dice|{move: "8/5 13/9", dice|' $D/written-record.yaml >"$tmp/turn.yaml"
t 30 replay "$tmp/turn.yaml"
expect "a whole turn in one entry is refused, at its place" 1 \
    'turn.yaml:10:12: error: move 1 `8/5 13/9` is 2 moves of the dice; a record holds one an entry'
sed 's|"9/4"|"9/3"|' $D/written-record.yaml >"$tmp/bad.yaml"
t 30 replay "$tmp/bad.yaml"
expect "a written move that fits nothing is refused, at its place" 1 \
    'bad.yaml:14:12: error: move 5: `9/3`: no legal play of player 1 moves pieces so'
# The page lists each die's move as players write it, player 2's in its own numbering.
t 60 play backgammon --p1 random --p2 random --seed 3 --quiet --max-moves 4 --record "$tmp/r.yaml"
t 30 replay "$tmp/r.yaml" --html "$tmp/r.html"
grep -o '"[0-9a-z]*/[0-9a-z*]*",[12],' "$tmp/r.html" >"$tmp/got"
same "the replay page writes the moves as players do" "$tmp/got" <<'W'
"8/5",1,
"13/9",1,
"8/6",2,
"8/3",2,
W
grep -o 'move: "[^"]*"' "$tmp/r.yaml" >"$tmp/got"
same "... and the record keeps the die-by-die notation" "$tmp/got" <<'W'
move: "8-5"
move: "13-9"
move: "17-19"
move: "17-22"
W

printf '24/18 13/8\nroll\nmoves\nquit\n' >"$tmp/in"
t 30 play backgammon --p1 human --p2 human --seed 2 --quiet --dice 6,5 <"$tmp/in"
grep -A1 '^legal moves' "$tmp/out" >"$tmp/got"
same "play's moves: each die's move, then as players write them (player 2's own numbering)" "$tmp/got" <<'W'
legal moves: 1-7, 12-18, 17-23, 1-2, 17-18, 19-20
as players write them: 24/18, 13/7*, 8/2, 24/23, 8/7*, 6/5
W

# ---- round trips over random positions ---------------------------------------------
if command -v python3 >/dev/null 2>&1; then
    if python3 tests/bgnotation_roundtrip.py "$TABULA" rulesets 20 4 >"$tmp/err" 2>&1; then
        pass "every written play of random positions of the four tables games reads back"
    else
        fail "every written play of random positions of the four tables games reads back"
    fi
else
    echo "SKIP: round trips (python3 is not installed)"
fi

# ---- gnubg IDs ------------------------------------------------------------------------
t 30 moves backgammon --show --dice 6,5 --ascii --color=never
grep '^gnubg ID' "$tmp/out" >"$tmp/got"
same "moves --show writes the gnubg IDs" "$tmp/got" <<'W'
gnubg ID: 4HPwATDgc/ABMA:cAkXAAAAAAAA
W
t 30 moves plakoto --show --ascii --color=never
if grep -q '^gnubg ID' "$tmp/out"; then fail "no gnubg ID for a game gnubg does not play"; else pass "no gnubg ID for a game gnubg does not play"; fi
# Read, written back, and the same plays as the position it came from.
t 30 moves backgammon --position $D/player2.yaml --dice 6,5 --show --ascii --color=never
id=$(sed -n 's/^gnubg ID: //p' "$tmp/out")
t 30 moves backgammon --gnubg-id "$id" --show --ascii --color=never --turns
sed -n 's/^gnubg ID: //p' "$tmp/out" >"$tmp/got"
echo "$id" | same "an ID read is written back the same" "$tmp/got"
sed '1,/^$/d' "$tmp/out" >"$tmp/got"
t 30 moves backgammon --position $D/player2.yaml --dice 6,5 --turns
same "the position read from its ID has the same turns" "$tmp/got" <"$tmp/out"
t 30 perft backgammon 2 --gnubg-id "$id"
expect "perft takes --gnubg-id" 0
t 30 moves backgammon --gnubg-id 4HPwATDgc/ABMA --written
expect "a position ID alone: player 1 on roll, the dice rolled" 0
t 30 why backgammon --gnubg-id 4HPwATDgc/ABMA:cAkXAAAAAAAA "24/13"
same "why takes --gnubg-id (player 1 to play 6-5)" "$tmp/out" <<'W'
24-18 18-13 is legal: the whole turn 24/13, die by die
W
t 30 why backgammon --gnubg-id 4HPwATDgc/ABMA:MIEKAAAAAAAA "13/8 13/11"
same "... and the match ID's player on roll (gnubg's player 0 is player 2) and dice" "$tmp/out" <<'W'
12-17 12-14 is legal: the whole turn 13/11 13/8, die by die
W
t 30 render backgammon --gnubg-id 4HPwATDgc/ABMA:MIEKAAAAAAAA -o "$tmp/id.svg"
expect "render takes --gnubg-id" 0

# A match ID of a match to 7 at 3-2 with the cube at 2 owned by gnubg's player 1
# (as gnubg writes it back): read and checked; tabula has no cube nor match
# score yet, so the ID it writes is a money game's with the cube centred at 1.
t 30 moves backgammon --gnubg-id 4HPwATDgc/ABMA:UQngADAAEAAA --show --ascii --color=never
sed -n 's/^gnubg ID: //p' "$tmp/out" >"$tmp/got"
same "a match's cube and score are read, not kept" "$tmp/got" <<'W'
4HPwATDgc/ABMA:cIkJAAAAAAAA
W
bad() { # bad NAME ID MESSAGE [GAME]
    t 30 moves "${4:-backgammon}" --gnubg-id "$2"
    expect "$1" 2 "tabula moves: error: --gnubg-id: $3"
}
bad "a character outside base64" '4HPw!TDgc/ABMA' 'character 5 `!` is not base64'
bad "a short position ID" '4HPwATDgc/AB' 'a position ID has 14 characters, not 12'
bad "more than 15 pieces" '//////////////' 'the position ID gives player 2 more than 15 pieces'
bad "no checker on the board" 'AAAAAAAAAAAAAA' 'the position ID has no piece of either player on the board'
bad "pieces of both on a point" 'AQAAAAAAAgAAAA' "the position ID puts pieces of both players on player 1's point 24"
bad "a short match ID" '4HPwATDgc/ABMA:cAkX' 'the match ID (after `:`) has 12 characters, not 4'
bad "a bad character in the match ID" '4HPwATDgc/ABMA:cAk!AAAAAAAA' 'character 19 `!` is not base64'
bad "a score past the match length" '4HPwATDgc/ABMA:UQlgADAAEAAA' 'the match ID `UQlgADAAEAAA` has an impossible value of the score (below the match length)'
bad "impossible dice in the match ID" '4HPwATDgc/ABMA:cAk/AAAAAAAA' 'the match ID `cAk/AAAAAAAA` has an impossible value of the dice'
bad "a game gnubg does not play" '4HPwATDgc/ABMA' "Fevga does not fit gnubg's IDs, which describe two paths running opposite ways" fevga
bad "a game without a bar" '4HPwATDgc/ABMA' "Plakoto does not fit gnubg's IDs, which describe a bar, hits and bearing off, and no pins" plakoto
t 30 moves backgammon --gnubg-id 4HPwATDgc/ABMA --position $D/bar.yaml
expect "--gnubg-id and --position together: refused" 2 "--position and --gnubg-id both give the position"
t 30 moves backgammon --gnubg-id
expect "--gnubg-id without a value" 2 "--gnubg-id needs gnubg's POSITIONID"
t 30 render fevga --gnubg-id 4HPwATDgc/ABMA
expect "render: a game gnubg does not play" 2 "tabula render: error: --gnubg-id: Fevga does not fit gnubg's IDs"
t 30 why backgammon --gnubg-id 4HPwATDgc/ABM 24/13
expect "why: a bad ID" 2 "tabula why: error: --gnubg-id: a position ID has 14 characters, not 13"

summary
