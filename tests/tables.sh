#!/bin/sh
# Tests of the tables family from the command line: whole turns
# (`moves --turns`), fixed rolls (`--dice` for moves, perft and play), the
# kinds of win playout reports, and positions refused with a message that
# names the limit they break.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-tables.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
T="$srcdir/tests/tables"

ok() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "$2" ] && sed 's/^/    /' "$2"; }
expect_exit() {
    if [ "$3" -eq "$2" ]; then ok "$1"; else fail "$1 (exit $3, expected $2)" "$4"; fi
}
expect_grep() {
    if grep -E -q -- "$2" "$3"; then ok "$1"; else fail "$1 (no line matching /$2/)" "$3"; fi
}
expect_lines() {
    n=$(wc -l <"$3" | tr -d ' ')
    if [ "$n" -eq "$2" ]; then ok "$1"; else fail "$1 ($n lines, expected $2)" "$3"; fi
}

# ---- whole turns and fixed rolls ----------------------------------------------
"$TABULA" moves backgammon --turns --dice 3,1 >"$tmp/t.out" 2>"$tmp/t.err"
expect_exit "moves --turns --dice 3,1 succeeds" 0 $? "$tmp/t.err"
expect_lines "the opening 3-1 has 16 plays, as gnubg counts" 16 "$tmp/t.out"
expect_grep "a turn lists its sub-moves in order" '^8-5 6-5$' "$tmp/t.out"
"$TABULA" moves backgammon --turns --dice 6,6 >"$tmp/t.out" 2>&1
expect_lines "--dice 6,6 is four sixes: 11 plays" 11 "$tmp/t.out"
expect_grep "a play of 6-6 moves four checkers' worth" '^13-7 13-7 24-18 24-18$' "$tmp/t.out"
"$TABULA" perft backgammon 5 --dice 6,6 >"$tmp/p.out" 2>&1
expect_grep "perft --dice 6,6 counts four sub-moves" '^perft 4 [1-9]' "$tmp/p.out"
expect_grep "and no fifth" '^perft 5 0$' "$tmp/p.out"
"$TABULA" moves long-nardy --turns --dice 3,3 >"$tmp/t.out" 2>&1
expect_lines "long nardy's first 3-3 takes two checkers off the head: 2 turns" 2 "$tmp/t.out"
"$TABULA" moves jacquet-de-versailles --dice 3,3 >"$tmp/t.out" 2>&1
expect_exit "--dice works for jacquet de versailles" 0 $? "$tmp/t.out"
"$TABULA" moves coc-inbert --turns >"$tmp/t.out" 2>&1
expect_lines "without dice a turn is one move (coc-inbert: 7)" 7 "$tmp/t.out"

cat >"$tmp/blocked.yaml" <<'YAML'
to-move: 1
pieces: {19: 2 checker 2, 20: 2 checker 2, 21: 2 checker 2, 22: 2 checker 2, 23: 2 checker 2, 24: 2 checker 2, 6: 1 checker 14}
bar: {1: 1}
dice: [6, 5]
YAML
"$TABULA" moves backgammon --turns --position "$tmp/blocked.yaml" >"$tmp/t.out" 2>"$tmp/t.err"
expect_exit "a player who cannot move: exit 0" 0 $? "$tmp/t.err"
expect_lines "no turn is listed" 0 "$tmp/t.out"
expect_grep "and stderr says the turn passes" 'player 1 cannot move: the turn passes' "$tmp/t.err"

# ---- --dice errors -----------------------------------------------------------------
"$TABULA" moves backgammon --dice 7,1 >"$tmp/e.out" 2>&1
expect_exit "a die of 7 is a usage error" 2 $? "$tmp/e.out"
expect_grep "it names the faces" 'a die of "Backgammon" shows 1 to 6; got 7' "$tmp/e.out"
"$TABULA" moves backgammon --dice 3 >"$tmp/e.out" 2>&1
expect_exit "one value for two dice is a usage error" 2 $? "$tmp/e.out"
expect_grep "it names the number of dice" 'rolls 2 dice; got 1 value' "$tmp/e.out"
"$TABULA" moves backgammon --dice 3, >"$tmp/e.out" 2>&1
expect_exit "a malformed roll is a usage error" 2 $? "$tmp/e.out"
"$TABULA" moves coc-inbert --dice 3,1 >"$tmp/e.out" 2>&1
expect_exit "--dice on a game without dice is a usage error" 2 $? "$tmp/e.out"
expect_grep "it says so" 'is played without dice' "$tmp/e.out"

# ---- play with a fixed first roll; records replay -----------------------------------
"$TABULA" play backgammon --p1 random --p2 random --seed 5 --dice 6,5 --quiet --record "$tmp/g.yaml" >"$tmp/g.out" 2>&1
expect_exit "play --dice finishes a game" 0 $? "$tmp/g.out"
expect_grep "the first move uses the fixed roll" '^1\. player 1: [0-9a-z]+[-/][0-9a-z/*]+' "$tmp/g.out"
expect_grep "the record keeps the roll" 'dice: \[6, 5\]' "$tmp/g.yaml"
expect_grep "the result names its kind" '^result: (win|double-win|triple-win) [12]$' "$tmp/g.out"
"$TABULA" replay backgammon "$tmp/g.yaml" >"$tmp/r.out" 2>&1
expect_exit "the record replays" 0 $? "$tmp/r.out"
for g in plakoto fevga long-nardy; do
    "$TABULA" play $g --p1 random --p2 random --seed 9 --quiet --record "$tmp/$g.yaml" >"$tmp/g.out" 2>&1
    expect_exit "a random game of $g finishes" 0 $? "$tmp/g.out"
    "$TABULA" replay $g "$tmp/$g.yaml" >"$tmp/r.out" 2>&1
    expect_exit "and replays" 0 $? "$tmp/r.out"
done
"$TABULA" play backgammon --seed 1 --dice 6,5 --resume "$tmp/g.yaml" >"$tmp/e.out" 2>&1
expect_exit "--dice with --resume is a usage error" 2 $? "$tmp/e.out"

# ---- playout reports each kind of win -------------------------------------------------
"$TABULA" playout backgammon -n 300 --seed 2 >"$tmp/o.out" 2>&1
expect_grep "backgammon playouts report double wins" '^double wins: player 1 [0-9]+, player 2 [0-9]+$' "$tmp/o.out"
expect_grep "and triple wins" '^triple wins: player 1 [0-9]+, player 2 [0-9]+$' "$tmp/o.out"
"$TABULA" playout backgammon -n 50 --seed 2 --json >"$tmp/o.out" 2>&1
expect_grep "--json has triple_wins" '"triple_wins": ?\[' "$tmp/o.out"
"$TABULA" playout plakoto -n 300 --seed 2 >"$tmp/o.out" 2>&1
expect_grep "plakoto playouts have draws (both mothers pinned)" '^draws: +[1-9]' "$tmp/o.out"
if grep -q '^triple wins' "$tmp/o.out"; then fail "plakoto has no triple win" "$tmp/o.out"; else ok "plakoto has no triple win"; fi

# ---- positions beyond the game's limits ----------------------------------------------
"$TABULA" moves backgammon --position "$T/too-many.yaml" >"$tmp/e.out" 2>&1
expect_exit "a position with 16 checkers is refused with exit 1" 1 $? "$tmp/e.out"
expect_grep "the message names the limit" 'too-many\.yaml:[0-9]+:[0-9]+: error: player 1 has 16 pieces here \(on the board, pinned, on the bar and off\); the game has 15' "$tmp/e.out"
"$TABULA" moves "$T/short-path.game" --position "$T/off-path.yaml" >"$tmp/e.out" 2>&1
expect_exit "a piece off its owner's path is refused with exit 1" 1 $? "$tmp/e.out"
expect_grep "the message names the path" 'off-path\.yaml:5:3: error: point 3 is not on player 1.s path, which runs over 18 points from point 24 to point 7' "$tmp/e.out"
"$TABULA" moves plakoto --position "$T/no-bar.yaml" >"$tmp/e.out" 2>&1
expect_exit "a bar in plakoto is refused" 1 $? "$tmp/e.out"
expect_grep "this game has no bar" 'no-bar\.yaml:[0-9]+:[0-9]+: error: this game has no bar' "$tmp/e.out"
"$TABULA" moves backgammon --position "$T/pinned-without-pin.yaml" >"$tmp/e.out" 2>&1
expect_exit "a pinned checker in backgammon is refused" 1 $? "$tmp/e.out"
expect_grep "nothing is pinned in this game" 'error: nothing is pinned in this game' "$tmp/e.out"
"$TABULA" validate "$T/short-path.game" >"$tmp/e.out" 2>&1
expect_exit "a game with shortened paths is valid" 0 $? "$tmp/e.out"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
