#!/bin/sh
# FEN positions and PDN games on numbered boards, and captures written by
# their two ends: round trips (FEN written by moves --show and replay read
# back by --fen; games played by random agents written as PDN, read back and
# written again, the same text), a real published game, and bad input with
# its exact message and exit code.
TEST=fen_pdn
. "${srcdir:-.}/tests/common.sh"

# same NAME FILE TEXT: FILE is TEXT (one or more lines), exactly.
same() {
    printf '%s\n' "$3" >"$tmp/want"
    if cmp -s "$tmp/want" "$2"; then
        pass "$1"
    else
        diff "$tmp/want" "$2" | head -20 | sed 's/^/  /'
        fail "$1"
    fi
}

# ---- FEN ------------------------------------------------------------------------
t 10 moves international --show --ascii
grep '^FEN ' "$tmp/out" >"$tmp/fen"
same "moves --show writes the start's FEN" "$tmp/fen" "FEN W:W31-50:B1-20"
t 10 moves english-draughts --show --ascii
grep '^FEN ' "$tmp/out" >"$tmp/fen"
same "a side is named by its player's initial (black moves first)" "$tmp/fen" "FEN B:W21-32:B1-12"
t 10 moves coc-inbert --show --ascii
grep -q '^FEN ' "$tmp/out" && fail "a board without numbers has no FEN line" || pass "a board without numbers has no FEN line"

# The start by --fen and by nothing: the same moves, the same perft counts.
t 10 moves international
cp "$tmp/out" "$tmp/start.moves"
t 10 moves international --fen W:W31-50:B1-20
cmp -s "$tmp/out" "$tmp/start.moves" && pass "--fen of the start lists the start's moves" || fail "--fen of the start lists the start's moves"
t 30 perft international 3
grep '^perft' "$tmp/out" >"$tmp/p1"
t 30 perft international 3 --fen=W:W31-50:B1-20
grep '^perft' "$tmp/out" >"$tmp/p2"
cmp -s "$tmp/p1" "$tmp/p2" && [ -s "$tmp/p1" ] && pass "perft --fen=TEXT counts as from the start" || fail "perft --fen=TEXT counts as from the start"

# A FEN and the same position in YAML: the same moves.
printf 'to-move: 2\npieces:\n  28: 1 king\n  33: 1 man\n  19: 2 man\n  23: 2 man\n  4: 2 king\n' >"$tmp/pos.yaml"
t 10 moves international --position "$tmp/pos.yaml" --show --ascii
grep '^FEN ' "$tmp/out" >"$tmp/fen"
same "kings are written K, sides in the order W then B" "$tmp/fen" "FEN B:WK28,33:BK4,19,23"
sed -n '/^$/,$p' "$tmp/out" >"$tmp/yaml.moves"
t 10 moves international --fen "B:WK28,33:BK4,19,23"
sed -n '/^$/,$p' "$tmp/yaml.moves" | sed '1d' | cmp -s - "$tmp/out" && pass "a FEN and its YAML position have the same moves" ||
    fail "a FEN and its YAML position have the same moves"

# Every position of played games: FEN written, read back, written again.
for game in international english-draughts frisian canadian pool italian spanish; do
    t 60 play $game --p1 random --p2 random --seed 7 --max-moves 120 --record "$tmp/$game.yaml" -q
    t 60 replay "$tmp/$game.yaml" --show --ascii
    grep '^FEN ' "$tmp/out" | sed 's/^FEN //' >"$tmp/fens"
    n=0
    bad=0
    while read -r f; do
        n=$((n + 1))
        "$TABULA" moves $game --fen "$f" --show --ascii 2>/dev/null | grep '^FEN ' | sed 's/^FEN //' >"$tmp/back"
        [ "$(cat "$tmp/back")" = "$f" ] || { bad=$((bad + 1)); echo "  $game: $f came back as $(cat "$tmp/back")"; }
    done <"$tmp/fens"
    [ "$n" -gt 20 ] && [ "$bad" -eq 0 ] && pass "$game: the FEN of each of $n positions reads back the same" ||
        fail "$game: the FEN of each of $n positions reads back the same"
done

# Bad FEN: the column and the field, exit 2, for every command that takes --position.
badfen() {
    t 10 moves international --fen "$1"
    expect "--fen $1" 2 "tabula moves: error: --fen: $2"
}
badfen 'W:W31-51:B1-20' 'at column 7: square 51 is not on the board (1-50)'
badfen 'W:W31-50:B1-20,0' 'at column 16: square 0 is not on the board (1-50)'
badfen 'X:W31-50:B1-20' 'at column 1: the side to move is W or B, not `X`'
badfen '' 'at column 1: the side to move is W or B, not the end'
badfen 'W:W31-50' 'at column 9: side B is missing (write `:B` for a side with no pieces)'
badfen 'W:W31-50:B1-20:W5' 'at column 16: side W is given twice'
badfen 'W:W31-50:B1-20,20' 'at column 16: square 20 is given twice (first at column 11)'
badfen 'W:W31-50:B20-1' 'at column 11: the range 20-1 runs backwards'
badfen 'W:W31-50:Bx' 'at column 11: expected a square number (1-50), not `x`'
badfen 'W:W31-50:B1-21' 'at column 10: side B has 21 pieces, more than the 20 it has in this game (no rule makes pieces)'
badfen 'W:W31-50:B1-20;' 'at column 15: expected `:`, `,` or the end, not `;`'
t 10 moves pool --fen 'B:W21-32:BK1-12,K13'
expect "a king range, and too many pieces" 2 "at column 10: side B has 13 pieces, more than the 12 it has in this game"
t 10 moves coerceo --fen 'W:W1:B2'
expect "FEN on a board without numbers" 2 'tabula moves: error: --fen: FEN needs a board with numbered squares, and "Coerceo" numbers none'
t 10 moves international --fen W:W31-50:B1-20 --position "$tmp/pos.yaml"
expect "--fen and --position together" 2 "--position and --fen both give the position; give one"
t 10 moves international --fen
expect "--fen without its value" 2 "--fen needs a position, like W:W31-50:B1-20"
for cmd in "perft international 1" "why international 32-28" "render international"; do
    # shellcheck disable=SC2086
    t 10 $cmd --fen W:W31-50:B1-51
    expect "$cmd: a bad FEN is a usage error" 2 "--fen: at column 13: square 51 is not on the board (1-50)"
done
t 10 why international --fen "B:W28:B23,19" 19-24
same "why --fen: the position given" "$tmp/out" '`19-24` is not legal: a capture is compulsory (international rule at line 20); legal: 23x32'
t 10 render international --fen "W:WK46:B5" -o "$tmp/k.svg"
[ "$code" = 0 ] && grep -q '<svg' "$tmp/k.svg" && pass "render --fen draws the position" || fail "render --fen draws the position"

# ---- captures by their two ends ------------------------------------------------
t 10 moves international --fen "W:W32,K46:B8,9,18,19,28,29"
same "a capture by its two ends, a ring by its start" "$tmp/out" "32x34"
t 10 moves international --fen "W:W32,K46:B8,9,18,19,28,29" --full-path
same "--full-path shows the path" "$tmp/out" "32x23x12x3x14x23x34"
t 10 moves international --fen "W:W32,K46:B8,9,18,19,28,29" --all-paths
same "two paths of one capture share their ends: each by its path" "$tmp/out" "32x23x14x3x12x23x34
32x23x12x3x14x23x34"
t 10 moves english-draughts --fen "B:W9,10,17,18,32:B6"
same "two captures with the same ends, other pieces: each by its path" "$tmp/out" "6x15x22
6x13x22"
t 10 why english-draughts --fen "B:W9,10,17,18,32:B6" 6x22
same "why: the two ends that fit two captures" "$tmp/out" '`6x22` is not one move: it fits 2 legal moves: 6x15x22, 6x13x22'
t 10 why international --fen "W:W32,K46:B8,9,18,19,28,29" 32x23x14x3x12x23x34
expect "why: a path typed, the move shown by its ends" 0
grep -q '^32x34 is legal' "$tmp/out" && pass "why names the move as moves lists it" || fail "why names the move as moves lists it"

# Records and scenarios read both forms (the record holds the path).
t 10 moves international --fen "W:W32,K46:B8,9,18,19,28,29"
cat >"$tmp/ends.yaml" <<'YAML'
ruleset: international
moves: ["32-28", "19-23", "28x19", "14x23"]
result: ongoing
YAML
t 10 replay "$tmp/ends.yaml"
expect "a record of one-jump captures" 0
t 30 play international --p1 random --p2 random --seed 11 --max-moves 200 --record "$tmp/long.yaml" -q
t 30 replay "$tmp/long.yaml" --show --ascii
grep -E '^[0-9]+\.+ player [12]: [0-9]+x[0-9]+$' "$tmp/out" | sed 's/.*: //' >"$tmp/shown"
grep -cE '"[0-9]+x[0-9]+x[0-9]+' "$tmp/long.yaml" >"$tmp/paths"
[ "$(cat "$tmp/paths")" -gt 0 ] && pass "the record holds captures by their path" || fail "the record holds captures by their path"
grep -q x "$tmp/shown" && pass "replay --show writes them by their two ends" || fail "replay --show writes them by their two ends"
# The same record with every capture by its two ends replays the same.
"$TABULA" replay "$tmp/long.yaml" --pdn - | sed -n '/^$/,$p' | tr ' ' '\n' | grep -E '^[0-9]+[-x][0-9]' | grep -vxE '2-0|0-2|1-1' >"$tmp/pdnmoves"
{
    printf 'ruleset: international\nmoves:\n'
    sed 's/.*/  - "&"/' "$tmp/pdnmoves"
    grep '^result:' "$tmp/long.yaml"
    grep '^cut-off:' "$tmp/long.yaml"
} >"$tmp/short.yaml"
t 30 replay "$tmp/short.yaml"
expect "a record of captures by their two ends replays" 0
t 30 replay "$tmp/long.yaml"
cp "$tmp/out" "$tmp/long.out"
t 30 replay "$tmp/short.yaml"
sed 1d "$tmp/out" | cmp -s - "$(sed 1d "$tmp/long.out" >"$tmp/l2"; echo "$tmp/l2")" && pass "... to the same end" || fail "... to the same end"

# A scenario lists and plays captures by either form.
cat >"$tmp/ends-scenario.yaml" <<'YAML'
ruleset: international
cases:
  - name: "a capture by its two ends, listed and played"
    position:
      to-move: 1
      pieces: {32: 1 man, 46: 1 king, 8: 2 man, 9: 2 man, 18: 2 man, 19: 2 man, 28: 2 man, 29: 2 man}
    expect:
      moves: [32x34]
  - name: "by its path, listed and played"
    position:
      to-move: 1
      pieces: {32: 1 man, 46: 1 king, 8: 2 man, 9: 2 man, 18: 2 man, 19: 2 man, 28: 2 man, 29: 2 man}
    play: [32x34]
    expect:
      empty: [8, 9, 18, 19, 28, 29]
YAML
t 30 test "$tmp/ends-scenario.yaml"
expect "scenarios take captures by their two ends" 0
sed -e 's/moves: \[32x34\]/moves: [32x23x12x3x14x23x34]/' -e 's/play: \[32x34\]/play: [32x23x12x3x14x23x34]/' \
    "$tmp/ends-scenario.yaml" >"$tmp/path-scenario.yaml"
t 30 test "$tmp/path-scenario.yaml"
expect "and by their path" 0

# A position file or a scenario's position may be a FEN.
printf 'fen: "B:W28:B23,19"\nquiet: 4\n' >"$tmp/fen.yaml"
t 10 moves international --position "$tmp/fen.yaml"
same "a position file holding a FEN" "$tmp/out" "23x32"
printf 'fen: "B:W28:B23,51"\n' >"$tmp/fen.yaml"
t 10 moves international --position "$tmp/fen.yaml"
expect "a bad FEN in a position file, located" 1 "fen.yaml:1:6: error: FEN: at column 11: square 51 is not on the board (1-50)"
printf 'fen: "B:W28:B23"\nto-move: 1\n' >"$tmp/fen.yaml"
t 10 moves international --position "$tmp/fen.yaml"
expect "fen with to-move" 1 "fen.yaml:1:6: error: \`fen\` gives the side to move and the pieces: leave out \`to-move\` and \`pieces\`"
cat >"$tmp/fen-scenario.yaml" <<'YAML'
ruleset: international
cases:
  - name: "a position by FEN"
    position: {fen: "B:W28:B23,19"}
    expect:
      moves: [23x32]
      to-move: 2
YAML
t 10 test "$tmp/fen-scenario.yaml"
expect "a scenario's position by FEN" 0

# ---- PDN ------------------------------------------------------------------------
# Played games: YAML -> PDN -> PDN, the same text; the same moves and result.
for game in international english-draughts frisian canadian pool; do
    t 60 play $game --p1 random --p2 random --seed 3 --max-moves 300 --record "$tmp/g.yaml" -q
    t 60 replay "$tmp/g.yaml" --pdn "$tmp/a.pdn"
    sed 1d "$tmp/out" >"$tmp/yaml.result"
    t 60 replay $game "$tmp/a.pdn" --pdn "$tmp/b.pdn"
    expect "$game: the PDN written replays" 0
    cmp -s "$tmp/a.pdn" "$tmp/b.pdn" && pass "$game: read and written again, the same PDN" || fail "$game: read and written again, the same PDN"
    tail -n 1 "$tmp/out" >"$tmp/pdn.result"
    tail -n 1 "$tmp/yaml.result" | cmp -s - "$tmp/pdn.result" && pass "$game: the same result" || fail "$game: the same result"
done

# A real game: lidraughts.org/001NahOY, as lidraughts exported it (its clock
# comments left out), replayed and written again move for move.
real=tests/pdn/lidraughts-001NahOY.pdn
t 30 replay international $real
same "the lidraughts game replays" "$tmp/out" "$real: 301 moves of International draughts replayed
the game ends 2-0 by the PDN result, the board still in play
result: win 1"
t 30 replay international $real --pdn "$tmp/real.pdn"
moves_of() { sed -e '/^\[/d' -e 's/{[^}]*}//g' "$1" | tr ' ' '\n' | grep -E '^[0-9]+[-x][0-9]' | grep -vxE '2-0|0-2|1-1'; }
moves_of $real >"$tmp/m1"
moves_of "$tmp/real.pdn" >"$tmp/m2"
cmp -s "$tmp/m1" "$tmp/m2" && [ "$(wc -l <"$tmp/m1")" -eq 301 ] && pass "written again, the same 301 moves as lidraughts wrote them" ||
    fail "written again, the same 301 moves as lidraughts wrote them"
grep '^\[' "$real" >"$tmp/t1"
grep '^\[' "$tmp/real.pdn" >"$tmp/t2"
cmp -s "$tmp/t1" "$tmp/t2" && pass "its tags kept, in order" || fail "its tags kept, in order"
t 30 replay international "$tmp/real.pdn" --pdn "$tmp/real2.pdn"
cmp -s "$tmp/real.pdn" "$tmp/real2.pdn" && pass "and again: the same text" || fail "and again: the same text"

# A game from a FEN, black to move; the FEN tag kept.
printf '[Event "from a position"]\n[FEN "B:W9,10,17,18,32:B6,1"]\n\n1... 6x13x22 {the path: two captures share the ends} 2. 32-27 1-5 *\n' >"$tmp/fen.pdn"
t 10 replay english-draughts "$tmp/fen.pdn" --pdn -
same "a FEN tag: the game from there (black, player 1, moves first: 1.)" "$tmp/out" '[Event "from a position"]
[FEN "B:W9,10,17,18,32:B1,6"]
[Result "*"]

1. 6x13x22 32-27 2. 1-5 *'

# Bad PDN: located, exact, exit 1 (2 for the command line).
badpdn() {
    printf '%b' "$2" >"$tmp/bad.pdn"
    t 10 replay ${4:-international} "$tmp/bad.pdn"
    expect "$1" "${5:-1}" "$3"
}
badpdn "an illegal move" '1. 32-28 19-23 2. 28-22 *\n' 'bad.pdn:1:19: error: move 3 `28-22` is not legal here (player 1 to move); legal moves: 28x19'
badpdn "two captures with the same ends" '[FEN "B:W9,10,17,18,32:B6"]\n1... 6x22 *\n' \
    'bad.pdn:2:6: error: move 1 `6x22` fits 2 legal moves (captures with the same ends): write its path, one of 6x15x22, 6x13x22' english-draughts
badpdn "a comment left open" '1. 32-28 {never closed\n' 'bad.pdn:1:10: error: this comment `{` is never closed by `}`'
badpdn "a variation left open" '1. 32-28 (1... 17-21\n' 'bad.pdn:1:10: error: this variation `(` is never closed by `)`'
badpdn "a tag without quotes" '[Event club]\n1. 32-28 *\n' 'bad.pdn:1:8: error: the value of tag Event is a "quoted" text'
badpdn "a tag given twice" '[Event "a"]\n[event "b"]\n' 'bad.pdn:2:2: error: tag Event is given twice'
badpdn "a word that is no move" '1. 32-28 e3-d4 *\n' 'bad.pdn:1:10: error: `e3-d4` is not a move of PDN'
badpdn "a square off the board" '1. 32-51 *\n' 'bad.pdn:1:4: error: move 1 `32-51` is not legal here'
badpdn "a move after the result" '1. 32-28 * 17-21\n' 'bad.pdn:1:12: error: `17-21` after the result *: the result ends the game'
badpdn "a second game" '1. 32-28 *\n[Event "two"]\n' 'bad.pdn:2:1: error: a second game starts here: tabula reads one game per PDN file'
badpdn "results that differ" '[Result "2-0"]\n1. 32-28 0-2\n' 'bad.pdn:2:10: error: the moves end with 0-2, but the Result tag says 2-0'
badpdn "a bad FEN tag" '[FEN "W:W31-50:B1-51"]\n1. 32-28 *\n' 'bad.pdn:1:7: error: FEN: at column 13: square 51 is not on the board (1-50)'
badpdn "a result the board contradicts" '[FEN "W:W32:B23"]\n1. 32-28 23x32 2-0\n' \
    'bad.pdn:2:16: error: the result is 2-0, but the moves end the game with win 2 (0-2 in PDN)'
badpdn "a move after the end" '[FEN "W:W32:B23"]\n1. 32-28 23x32 2. 31-27 *\n' \
    'bad.pdn:2:19: error: move 3 `31-27` comes after the end of the game (win 2)'
badpdn "a game on a board without numbers" '1. 32-28 *\n' \
    'error: PDN games are of boards with numbered squares: FEN needs a board with numbered squares, and "Coc-Inbert" numbers none' coc-inbert
printf '1. 32-28 *\n' >"$tmp/norules.pdn"
t 10 replay "$tmp/norules.pdn"
expect "a PDN game needs its rule file" 2 "a PDN game names no rule file: give it first"
t 10 replay international "$tmp/norules.pdn" --pdn "$TABULA_RULESETS/international.game"
expect "--pdn never over the rule file" 2 "refusing to overwrite an input"
t 10 replay international "$tmp/norules.pdn" --pdn "$tmp/norules.pdn"
expect "--pdn never over the game read" 2 "refusing to overwrite an input"

summary
