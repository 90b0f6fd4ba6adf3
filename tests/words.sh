#!/bin/sh
# words.sh - each game in its own words (issue 27): the names of results a
# rule file gives in `(words ...)` in play, replay and the replay page; moves
# typed as players type them (no separator, a hit's trailing `*`); `help`'s
# examples in the game's own notation; other names of games (aliases), a
# did-you-mean for an unknown one, and `tabula play` alone listing the games.
TEST=words
. "${srcdir:-.}/tests/common.sh"

# same NAME FILE: FILE holds exactly the text of standard input.
same() {
    cat >"$tmp/want"
    if diff -u "$tmp/want" "$2" >"$tmp/diff" 2>&1; then pass "$1"; else cp "$tmp/diff" "$tmp/err"; fail "$1"; fi
}

# ---- results in the game's words ------------------------------------------
t 60 play backgammon --p1 random --p2 random --seed 4 --quiet --record "$tmp/bg.yaml"
tail -n 2 "$tmp/out" >"$tmp/got"
same "backgammon: a triple win is a backgammon" "$tmp/got" <<'W'
player 1 wins a backgammon: player 1 bore off every piece, and player 2 none and still has a piece in player 1's home (`all-off` at backgammon:29:5)
result: triple-win 1
W
# The record keeps the machine form, and replays (a triple win was refused).
t 60 replay "$tmp/bg.yaml"
expect "a record of a triple win replays" 0
tail -n 2 "$tmp/out" >"$tmp/got"
same "replay says the result in the game's words" "$tmp/got" <<'W'
player 1 wins a backgammon: player 1 bore off every piece, and player 2 none and still has a piece in player 1's home (`all-off` at backgammon:29:5)
result: triple-win 1
W
t 60 replay "$tmp/bg.yaml" --html "$tmp/bg.html"
grep -o 'id="result">[^<]*' "$tmp/bg.html" >"$tmp/got"
same "the replay page says the result in the game's words" "$tmp/got" <<'W'
id="result">player 1 wins a backgammon: player 1 bore off every piece, and player 2 none and still has a piece in player 1's home (`all-off` at backgammon:29:5)
W
t 60 play backgammon --p1 random --p2 random --seed 3 --quiet
tail -n 2 "$tmp/out" >"$tmp/got"
same "backgammon: a double win is a gammon" "$tmp/got" <<'W'
player 1 wins a gammon: player 1 bore off every piece, and player 2 none (`all-off` at backgammon:29:5)
result: double-win 1
W
sed 's/^result: .*/result: "triple-game 1"/' "$tmp/bg.yaml" >"$tmp/bad.yaml"
t 60 replay "$tmp/bad.yaml"
expect "a record's result is one of the known forms" 1 \
    '`result` is ongoing, draw, "win 1", "win 2", "double-win 1", "double-win 2", "triple-win 1" or "triple-win 2" (up to "win 4" with more players); got `triple-game 1`'

# ---- moves as players type them ----------------------------------------------
# typed NAME GAME INPUT ARGS...: `play GAME` with INPUT typed by player 1;
# leaves its standard output in $tmp/got, its errors in $tmp/err.
typed() {
    name=$1 game=$2 input=$3
    shift 3
    printf "$input" | "$TABULA" play "$game" --seed 1 --quiet "$@" >"$tmp/got" 2>"$tmp/err"
}
typed cut coc-inbert 'c3b4\nquit\n'
same "c3b4: a move typed without a separator" "$tmp/got" <<'W'
Coc-Inbert: player 1 (south) human, player 2 (north) random; seed 1
1. player 1: c3-b4
1... player 2: b6-c5
stopped by player 1 after 2 moves
no record was kept (--record FILE keeps one)
W
typed cut-numbers international '3126\nquit\n'
sed -n 2p "$tmp/got" >"$tmp/line"
same "3126: numbers typed without a separator" "$tmp/line" <<'W'
1. player 1: 31-26
W
typed cut-squares international 'b4a5\nquit\n'
sed -n 2p "$tmp/got" >"$tmp/line"
same "b4a5: squares by column and row, without a separator" "$tmp/line" <<'W'
1. player 1: 31-26
W
typed hit backgammon '8-5*\n65\nquit\n' --dice 3,1 --p2 human
sed -n 3,4p "$tmp/got" >"$tmp/line"
same "a trailing * (a hit) and a tables move without a separator" "$tmp/line" <<'W'
1. player 1: 8/5
2. player 1: 6/5
W
typed no-cut backgammon '113\nquit\n' --dice 2,1
same "a text no cut makes a legal move of is refused, with the reason" "$tmp/err" <<'W'
error: `113` is not legal: no point `113` on this board (points are 1..24); legal: 6-4, 8-6, 13-11, 6-5, 8-7 (5 of 7 moves)
W

# A long text of places that no cut makes a move of is refused at once (the
# cuts tried are bounded: "111...1z" would otherwise take exponential time).
long=$(awk 'BEGIN { for (i = 0; i < 200; i++) printf "1"; print "z" }')
printf '%s\nquit\n' "$long" >"$tmp/long.in"
t 10 play international --seed 1 --quiet <"$tmp/long.in"
expect "a long text without separators is refused quickly" 0 "on this board (cells are 1..50, or by column and row a1..j10); legal: 31-26"

# ---- help in the game's notation ---------------------------------------------
typed help international 'help\nquit\n'
sed -n 2,7p "$tmp/got" >"$tmp/lines"
same "help's examples are this position's first legal move (international)" "$tmp/lines" <<'W'
Type a move in the game's notation (like 31-26; any letter case), or any
shorter form that fits one legal move only: its start or destination alone
(31, 26), a prefix, the cells without separators (3126), the two ends of a
capture chain, or a capture written by another path of the same move; a
trailing * (a hit) is ignored.
On a numbered board a square may be typed by its column and row too.
W
typed help-tables backgammon 'help\nquit\n' --dice 3,1
sed -n 3,5p "$tmp/got" >"$tmp/lines"
same "help's examples are this position's first legal move (backgammon)" "$tmp/lines" <<'W'
Type a move in the game's notation (like 6-3; any letter case), or any
shorter form that fits one legal move only: its start or destination alone
(6, 3), a prefix, the cells without separators (63), the two ends of a
W

# A variant changes one name of its base's words by its address.
mkdir "$tmp/mine"
printf '(variant "Backgammon, plain words"\n  (extends "backgammon")\n  (replace (words double-win) (double-win "wins double")))\n' >"$tmp/mine/v.game"
t 60 play "$tmp/mine/v.game" --p1 random --p2 random --seed 3 --quiet
tail -n 2 "$tmp/out" | sed 's/ (`all-off.*//' >"$tmp/got"
same "a variant replaces one of the words" "$tmp/got" <<'W'
player 1 wins double: player 1 bore off every piece, and player 2 none
result: double-win 1
W

# ---- tables: the roll with the moves, a whole turn for a hint ----------------
t 20 play backgammon --p1 random --dice 6,6 --seed 1 --quiet --max-moves 5
head -n 6 "$tmp/out" >"$tmp/lines"
same "play --quiet lists each roll before its moves, a double as 6-6" "$tmp/lines" <<'W'
Backgammon: player 1 (white) random, player 2 (black) random; seed 1
player 1 rolls 6-6
1. player 1: 24/18
2. player 1: 8/2
3. player 1: 13/7
4. player 1: 8/2
W
t 60 play backgammon --p1 random --p2 random --seed 1 --quiet --record "$tmp/r.yaml"
t 60 replay "$tmp/r.yaml" --show --ascii
grep '^player . rolls' "$tmp/out" | head -n 4 >"$tmp/lines"
same "replay --show writes rolls as players do" "$tmp/lines" <<'W'
player 1 rolls 3-2
player 2 rolls 5-2
player 1 rolls 2-3
player 2 rolls 2-2
W
# A double n of a game where it repeats n times: 1-1 gives one move, and is
# written 1-1 all the same, in play and in replay (the page's turns too).
t 60 play jacquet-de-versailles --p1 random --p2 random --seed 1 --record "$tmp/j.yaml"
grep -c '^player . rolls 1-1$' "$tmp/out" >"$tmp/n1"
t 60 replay "$tmp/j.yaml" --show --ascii
grep -c '^player . rolls 1-1$' "$tmp/out" >"$tmp/n2"
if [ "$(cat "$tmp/n1")" -gt 0 ] && [ "$(cat "$tmp/n1")" = "$(cat "$tmp/n2")" ] &&
    ! grep -q '^player . rolls [0-9]$' "$tmp/out"; then
    pass "a double that gives one move is written as its two dice (1-1), in play and replay"
else
    fail "a double that gives one move is written as its two dice (1-1), in play and replay"
fi
typed hint-turn backgammon 'hint\nquit\n' --dice 6,6 --hint alphabeta:2
sed -n 3p "$tmp/got" >"$tmp/line"
same "a dice game's hint is a whole turn" "$tmp/line" <<'W'
hint: 13/7(2) 8/2(2) (alphabeta:2: score +0.00)
W
typed hint-one coc-inbert 'hint\nquit\n' --hint alphabeta:2
sed -n 2p "$tmp/got" >"$tmp/line"
same "a game without dice hints one move" "$tmp/line" <<'W'
hint: e3-d4 (alphabeta:2: score +0.00)
W

# ---- other names of games ----------------------------------------------------
t 20 validate checkers -v
same "checkers is English draughts" "$tmp/out" <<'W'
checkers: ok: "English draughts", square board of 64 cells, 2 piece types, 0 options
W
t 20 info checkers
head -n 2 "$tmp/out" >"$tmp/lines"
same "info names a game's other names" "$tmp/lines" <<'W'
name:    English draughts
also:    checkers
W
t 20 rules checkers
head -n 1 "$tmp/out" >"$tmp/line"
same "rules checkers prints English draughts' page" "$tmp/line" <<'W'
# English draughts (checkers): the rules tabula implements
W
t 20 play draughts --p1 random --seed 1 --quiet --max-moves 1
head -n 2 "$tmp/out" >"$tmp/lines"
same "draughts is International draughts" "$tmp/lines" <<'W'
International draughts: player 1 (white) random, player 2 (black) random; seed 1
1. player 1: 32-28
W
t 20 play checkerz
expect "an unknown game name suggests the nearest name or alias" 2 \
    'checkerz: error: no such rule file, and no bundled game of that name; did you mean `checkers`?'
t 20 play
expect "play without a game exits 2" 2
same "play without a game lists the bundled games with their titles and other names" "$tmp/err" <<'W'
tabula play: error: no game given: name a rule file, or one of the bundled games:
  alquerque                Alquerque
  amazons                  Amazons
  backgammon               Backgammon
  brandubh                 Brandubh
  brazilian                Brazilian draughts
  breakthrough             Breakthrough
  canadian                 Canadian draughts
  chess                    Chess
  coc-inbert               Coc-Inbert
  coerceo                  Coerceo
  connect-four             Connect Four
  coucou-picard            Le Coucou picard
  czech                    Czech draughts
  english-draughts         English draughts (also: checkers)
  fanorona                 Fanorona
  fevga                    Fevga
  frisian                  Frisian draughts
  gomoku                   Gomoku
  hex                      Hex
  international            International draughts (also: draughts)
  italian                  Italian draughts
  jacquet-de-versailles    Jacquet de Versailles
  kalah                    Kalah
  konane                   Konane
  long-nardy               Long Nardy
  los-alamos               Los Alamos chess
  ludo                     Ludo
  nine-mens-morris         Nine Men's Morris
  othello                  Othello
  oware                    Oware
  plakoto                  Plakoto
  pool                     Pool checkers
  russian                  Russian draughts
  senet                    Senet
  shogi                    Shogi
  spanish                  Spanish draughts
  tablut                   Tablut
  thai                     Thai draughts
  tic-tac-toe              Tic-tac-toe (also: noughts-and-crosses)
  turkish                  Turkish draughts
  ur                       Royal Game of Ur
  xiangqi                  Xiangqi
W
summary
