#!/bin/sh
# boards.sh - boards of other shapes on the square grid: a rhombus of hex
# cells, a hexagon of them, and a board of points whose diagonals join
# alternate points. Their legal moves (a piece that steps `any` way: the
# neighbours each cell has), their drawings in the terminal and in SVG,
# rows counted from each player's side (tests/boards/regions.yaml), and a
# cell off the hexagon named in a position.
#
# Each case's stdout, stderr and `exit N` must equal tests/boards/NAME.out
# (NAME.svg for the pictures). UPDATE=1 rewrites them from the current
# program. TABULA and srcdir come from `make check`; alone, run it from the
# source root after `make`.
TEST=boards
. "${srcdir:-.}/tests/common.sh"
B=tests/boards
export LC_ALL=C

# same NAME FILE: FILE must equal $B/NAME (UPDATE=1: becomes it).
same() {
    [ -n "$UPDATE" ] && cp "$2" "$B/$1"
    if diff -u "$B/$1" "$2" >"$tmp/diff" 2>&1; then
        echo "PASS: $1"
        passed=$((passed + 1))
    else
        echo "FAIL: $1"
        sed 's/^/  /' "$tmp/diff" | head -40
        failed=$((failed + 1))
    fi
}

# golden NAME COMMAND...: stdout, then stderr, then `exit N` must equal $B/NAME.out.
golden() {
    name=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    code=$?
    { cat "$tmp/out" "$tmp/err"; echo "exit $code"; } >"$tmp/$name.out"
    same "$name.out" "$tmp/$name.out"
}

# ---- moves: every neighbour of a cell, and no other ------------------------------
golden hex-moves "$TABULA" moves $B/hex.game
golden hexagon-moves "$TABULA" moves $B/hexagon.game
golden alternate-moves "$TABULA" moves $B/alternate.game

# ---- the terminal: a hex board slanted, a hexagon's cut corners blank -------------
golden hex-ascii "$TABULA" moves $B/hex.game --show --ascii
golden hexagon-unicode env LC_ALL=C.UTF-8 "$TABULA" moves $B/hexagon.game --show
golden hexagon-color "$TABULA" moves $B/hexagon.game --show --ascii --color=always
golden alternate-ascii "$TABULA" moves $B/alternate.game --show --ascii

# ---- SVG: hexagonal cells; the lines of a board of points --------------------------
for g in hex hexagon alternate; do
    "$TABULA" render $B/$g.game -o "$tmp/$g.svg" 2>"$tmp/err"
    same "$g.svg" "$tmp/$g.svg"
done

# ---- rows from each player's side, far rows ---------------------------------------
golden regions "$TABULA" test $B/regions.yaml

# ---- a cell of the rhombus that is off the hexagon -------------------------------
golden off-hexagon "$TABULA" moves $B/hexagon.game --position $B/off-hexagon.yaml

summary
