#!/bin/sh
# why.sh - why a move is refused (issue 27): `tabula why` and play's refusal
# say which clause of the rules made a move or which stage took it away,
# with its place in the rule file, and at most 5 nearest legal moves.
TEST=why
. "${srcdir:-.}/tests/common.sh"

# ---- cell boards -------------------------------------------------------------------
printf 'to-move: 1\npieces:\n  12: 1 man\n  16: 2 man\n  21: 1 man\n  30: 2 man\n' >"$tmp/ed.yaml"
t 10 why english-draughts --position "$tmp/ed.yaml" 21-25
says "a compulsory capture, from the capture clause" 1 \
    '`21-25` is not legal: a capture is compulsory (english-draughts rule at line 20); legal: 12x19'
t 10 why english-draughts --position "$tmp/ed.yaml" 21
says "a short form names the candidate it means" 1 \
    '`21` (21-25) is not legal: a capture is compulsory (english-draughts rule at line 20); legal: 12x19'
t 10 why english-draughts --position "$tmp/ed.yaml" 12-19
says "a legal move: the clause that made it" 0 \
    '12x19 is legal: made by the rule `hop` (english-draughts rule at line 15)'
t 10 why english-draughts --position "$tmp/ed.yaml" 21-17
says "a piece that cannot move that way: its rules" 1 \
    '`21-17` is not legal: no rule of the man moves it from 21 to 17 here (its rules: step at line 14, hop at line 15); legal: 12x19'
t 10 why english-draughts --position "$tmp/ed.yaml" 16-11
says "a piece of the opponent" 1 \
    '`16-11` is not legal: the man on 16 belongs to player 2 (white); legal: 12x19'
t 10 why english-draughts --position "$tmp/ed.yaml" e5-d4
says "no piece on the start (a square named by column and row)" 1 \
    '`e5-d4` is not legal: there is no piece on 15 (e5); legal: 12x19'
t 10 why coc-inbert c3xe5xg7
says "a capture typed where the piece has none" 1 \
    '`c3xe5xg7` is not legal: the man on c3 has no capture that goes to g7 here (its rules: step at line 14, hop at line 15); legal: c3-b4, c3-d4, e3-d4, g3-f4, a3-b4 (5 of 7 moves)'
t 10 why english-draughts --position "$tmp/ed.yaml" 12-16
says "a destination taken" 1 \
    '`12-16` is not legal: 16 holds an opponent'"'"'s man, and no rule of the man captures by landing there; legal: 12x19'
t 10 why english-draughts --position "$tmp/ed.yaml" z9-a1
says "a cell that does not exist: the cell lookup's message" 1 \
    '`z9-a1` is not legal: no cell `z9` on this board (cells are 1..32, or by column and row a1..h8); legal: 12x19'
t 10 why fanorona i3-i4w
says "a capture's mark on a step: explained as the step" 1 \
    '`i3-i4w` is not legal: as a capture by withdrawal, i3-i4: i4 holds an opponent'"'"'s stone, and no rule of the stone captures by landing there; legal: d3-e3W, d3-e3A, d2-e3A, e2-e3A, f2-e3A'
t 10 why fanorona e2-e3W
says "a step that takes by approach only, marked as a withdrawal" 1 \
    '`e2-e3W` is not legal: e2-e3 takes no line by withdrawal here (e2-e3A is legal: made by the rule `step`); legal: e2-e3A, d2-e3A, f2-e3A, d3-e3W, d3-e3A'
t 10 why russian a2-b3
says "an unplayable square" 1 \
    '`a2-b3` is not legal: a2 is a light square: this board plays on the dark squares; legal: a3-b4, c3-b4, e3-d4, g3-f4, c3-d4 (5 of 7 moves)'

printf 'to-move: 1\npieces:\n  32: 1 man\n  27: 2 man\n  28: 2 man\n  18: 2 man\n  38: 1 man\n  33: 2 man\n' >"$tmp/int.yaml"
t 10 why international --position "$tmp/int.yaml" 32x21
says "max-capture: the count taken and the count possible" 1 \
    '`32x21` is not legal: the maximum-capture rule: it takes 1 piece, a capture of 2 is possible (international rule at line 21); legal: 32x12'
t 10 why international --position "$tmp/int.yaml" 32x23
says "a chain stopped short" 1 \
    '`32x23` (32x23x12) is not legal: a capture goes on while the piece can jump: from 23 the man must jump again (international rule at line 15); legal: 32x12'

printf 'to-move: 1\npieces: {28: 1 king, 46: 1 man, 25: 2 man}\nin-a-row: {28: 3}\n' >"$tmp/fr.yaml"
t 10 why frisian --position "$tmp/fr.yaml" 28-23
says "a streak limit" 1 \
    '`28-23` is not legal: the king on 28 has made 3 moves in a row without a capture, its most (frisian rule at line 29); legal: 46-41'

# ---- tiles: few moves shown, and the count ----------------------------------------
t 10 why coerceo a2.3-a3.3
says "Coerceo: the nearest 5 of 48, same start first" 1 \
    '`a2.3-a3.3` is not legal: no rule of the piece moves it from a2.3 to a3.3 here (its rules: step at line 17); legal: a2.3-a2.5, a2.3-a2.1, a2.3-a1.1, a1.3-a1.1, b2.3-a1.1 (5 of 48 moves)'
t 10 why coerceo b2.1
says "a text that fits several moves" 1 \
    '`b2.1` is not one move: it fits 2 legal moves: b2.3-b2.1, b2.5-b2.1'

# ---- track games ------------------------------------------------------------------
printf 'to-move: 1\npieces:\n  24: 1 checker 14\n  20: 1 checker 1\n  12: 2 checker 15\ndice: [5]\nleft-start: 1\n' >"$tmp/ln.yaml"
t 10 why long-nardy --position "$tmp/ln.yaml" 24-19
says "the head rule (24-19 after 24-20)" 1 \
    '`24-19` is not legal: only 1 piece may leave the starting point 24 this turn (long-nardy rule at line 24); legal: 20-15'
t 10 why long-nardy --position "$tmp/ln.yaml" 20-14
says "no die for the distance" 1 \
    '`20-14` is not legal: from 20 to 14 is 6 points, and the dice to play are 5; legal: 20-15'
printf 'to-move: 1\npieces:\n  24: 1 checker 15\n  19: 2 checker 1\n  12: 2 checker 14\ndice: [5, 4]\n' >"$tmp/lnb.yaml"
t 10 why long-nardy --position "$tmp/lnb.yaml" 24-19
says "a blocked point" 1 \
    '`24-19` is not legal: 19 is held by the opponent (1 piece) (long-nardy rule at line 22); legal: 24-20'
printf 'to-move: 1\npieces:\n  13: 1 checker 1\n  2: 2 checker 2\n  20: 2 checker 13\noff: {1: 14, 2: 0}\ndice: [6, 5]\n' >"$tmp/bg.yaml"
t 10 why backgammon --position "$tmp/bg.yaml" 13-8
says "dice-use: the larger die when only one can be played" 1 \
    '`13-8` is not legal: only one die can be played this turn, and then it must be the larger (6) (backgammon rule at line 25); legal: 13-7'
t 10 why backgammon --dice 6,5 13-2
says "--dice sets the roll" 1 \
    '`13-2` is not legal: from 13 to 2 is 11 points, and the dice to play are 6, 5; legal: 13-7, 13-8, 8-2, 8-3, 24-18'

printf 'to-move: 1\npieces:\n  24: 1 checker 14\n  21: 1 checker 1\n  12: 2 checker 15\ndice: [3, 1]\n' >"$tmp/fev.yaml"
t 10 why fevga --position "$tmp/fev.yaml" 24-23
says "the courier rule" 1 \
    '`24-23` is not legal: until a piece has reached the courier'"'"'s region, the starting point 24 may be left only when every other piece is on it (fevga rule at line 26); legal: 21-20, 21-18'

printf 'to-move: 1\npieces:\n  24: 1 checker 11\n  23: 1 checker 1\n  22: 1 checker 1\n  21: 1 checker 1\n  20: 1 checker 1\n  12: 2 checker 15\ndice: [5, 3]\n' >"$tmp/prime.yaml"
t 10 why long-nardy --position "$tmp/prime.yaml" 24-19
says "a prime limit" 1 \
    '`24-19` is not legal: moving a piece from 24 to 19 would break the rule `prime-limit` (long-nardy rule at line 25); legal: 24-21, 22-19, 20-15, 21-16, 22-17 (5 of 9 moves)'
printf 'to-move: 1\npieces:\n  13: 1 checker 9\n  9: 1 checker\n  8: 1 checker\n  7: 1 checker\n  6: 1 checker\n  5: 1 checker\n  4: 1 checker\n  10: 2 checker 15\ndice: [4, 1]\narrived: {1: true, 2: false}\n' >"$tmp/gathered.yaml"
t 10 why fevga --option prime=until-gathered --position "$tmp/gathered.yaml" 13-12
says "a prime to open: the opponent gathered behind it" 1 \
    '`13-12` is not legal: moving a piece from 13 to 12 would leave 6 points in a row held with every opposing piece gathered just behind them, while other moves open them (fevga rule at line 28); legal: 5-1, 6-2, 7-3, 8-4, 9-5 (5 of 11 moves)'
t 10 why fevga --position "$tmp/gathered.yaml" 13-12
says "the same move at the default reading: the prime limit" 1 \
    '`13-12` is not legal: moving a piece from 13 to 12 would break the rule `prime-limit` (fevga rule at line 28); legal: 5-1, 6-2, 7-3, 8-4, 9-5 (5 of 11 moves)'

# ---- --json -------------------------------------------------------------------------
t 10 why english-draughts --position "$tmp/ed.yaml" 21-25 --json
if [ "$code" = 1 ] && grep -q '"by":"capture"' "$tmp/out" && grep -q '"clause":{"file":"english-draughts","line":20,"col":5,"what":"capture"}' "$tmp/out" &&
    grep -q '"legal_moves":1,"nearest":\["12x19"\]' "$tmp/out"
then pass "--json: the stage, the clause and the nearest moves"; else fail "--json (exit $code): $(cat "$tmp/out")"; fi

long=c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8-a1-b2-c3-d4-e5-f6-g7-h8
t 10 why coc-inbert "$long"
says "more places than any move has: said so, not a cell that exists called missing" 1 \
    "\`$long\` is not legal: it names more than 40 places, and no move has that many; legal: c3-b4, c3-d4, e3-d4, g3-f4, a3-b4 (5 of 7 moves)"
t 10 why long-nardy 24-off/6
says "a die typed that the roll has not" 1 '`24-off/6` is not legal: there is no 6 among the dice to play (3, 2); legal: 24-21, 24-22'
t 10 why long-nardy 24-off
says "bearing off before every piece is home" 1 \
    '`24-off` is not legal: a piece is borne off only when every piece of player 1 (white) is in the region to bear off from (long-nardy rule at line 26); legal: 24-21, 24-22'
printf 'to-move: 1\npieces:\n  13: 1 checker 14\n  20: 2 checker 15\nbar: {1: 1, 2: 0}\ndice: [6, 5]\n' >"$tmp/bar.yaml"
t 10 why backgammon --position "$tmp/bar.yaml" 13-7
says "the bar first" 1 \
    '`13-7` is not legal: a piece on the bar must enter before any other moves (backgammon rule at line 26); legal: bar-19'
t 10 why backgammon --position "$tmp/bar.yaml" bar-19
says "an entering move: the enter clause" 0 'bar-19 is legal: made by the rule `enter` (backgammon rule at line 26)'

# ---- usage ---------------------------------------------------------------------------
t 10 why english-draughts
expect "no move given" 2 'tabula why: error: no move given: tabula why FILE MOVE'
t 10 why english-draughts 12-16 13-17
expect "one move only" 2 'tabula why: error: unexpected argument `13-17`'
t 10 why italian 22-21
says "a destination the player holds" 1 \
    '`22-21` is not legal: 21 already holds a piece of player 1 (white); legal: 22-18, 22-19, 24-20, 23-20, 21-17 (5 of 7 moves)'
t 10 why english-draughts " "
expect "an empty move" 2 'tabula why: error: the move is empty: tabula why FILE MOVE'
t 10 why english-draughts --bogus 12-16
expect "an unknown option" 2 'tabula why: error: unknown option `--bogus`'

# ---- scenarios: refused-by ----------------------------------------------------------
for f in english-draughts international frisian long-nardy backgammon fevga coerceo; do
    t 30 test "tests/scenarios/$f-refused.yaml"
    expect "refused-by holds in $f" 0
done
printf 'ruleset: english-draughts\ncases:\n  - name: "a wrong reason"\n    expect:\n      refused-by: {12-17: capture}\n  - name: "not a mapping"\n    expect:\n      refused-by: [12-17]\n' >"$tmp/bad.yaml"
t 10 test "$tmp/bad.yaml"
expect "a refused-by that does not hold fails, located, with the reason given" 1 \
    "bad.yaml:5:27: error: case \"a wrong reason\": \`12-17\`: expected refused-by capture, got no-rule: \`12-17\` is not legal: no rule of the man moves it from 12 to 17 here (its rules: step at line 14, hop at line 15); legal: 12-16, 10-15, 11-16, 10-14, 11-15 (5 of 7 moves)"
expect "refused-by is a mapping" 1 'bad.yaml:8:19: error: `refused-by` maps moves to what refuses them, like {21-25: capture}'

# ---- play says the same ----------------------------------------------------------------
printf 'c3-d4\nf6-e5\nd4-c5\nquit\n' >"$tmp/typed"
t 10 play coc-inbert --p1 human --p2 human --seed 1 --quiet <"$tmp/typed"
if grep -qxF 'error: `d4-c5` is not legal: a capture is compulsory (coc-inbert rule at line 20); legal: d4xf6' "$tmp/err"
then pass "play's refusal names the rule"; else fail "play's refusal (exit $code)"; fi

summary
