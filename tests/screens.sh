#!/bin/sh
# screens.sh - screens that fit (issue 27): a board takes at most the width
# (--width N, else the terminal's, else $COLUMNS, else 80): a numbered
# board's key of cell numbers moves closer, then is left out, rather than
# wrap; a player line too wide puts its facts on a line of their own; a move's
# block of `play` (its line, the board, the player lines) fits the height
# (else $LINES, else 24), the blank line between blocks left out when it
# would not; the agents' status line is cut to the terminal's width; the
# player lines draw the pieces as the board does; --ascii pieces are o/O and
# x/X; `1 move`; `tabula moves` sorted; `resign` asks at a terminal.
#
# Golden screens: tests/screens/NAME.out (stdout, stderr, `exit N`); UPDATE=1
# rewrites them. TABULA and srcdir come from `make check`; alone, run it from
# the source root after `make`.
TEST=screens
. "${srcdir:-.}/tests/common.sh"
S=tests/screens
export LC_ALL=C
unset COLUMNS LINES

# golden NAME COMMAND...: stdout, then stderr, then `exit N` must equal $S/NAME.out.
golden() {
    name=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    code=$?
    { cat "$tmp/out" "$tmp/err"; echo "exit $code"; } >"$tmp/$name.out"
    [ -n "$UPDATE" ] && cp "$tmp/$name.out" "$S/$name.out"
    if diff -u "$S/$name.out" "$tmp/$name.out" >"$tmp/diff" 2>&1; then
        pass "$name (exit $code)"
    else
        echo "FAIL: $name"
        sed 's/^/  /' "$tmp/diff" | head -40
        failed=$((failed + 1))
    fi
}

# ---- the screens of two moves, at 80 and 60 columns -----------------------------
for game in coerceo international canadian backgammon english-draughts; do
    for width in 80 60; do
        golden "$game-$width" env COLUMNS=$width "$TABULA" play $game --p1 random --p2 random --seed 1 \
            --max-moves 2 --ascii
    done
done
golden backgammon-60-unicode env COLUMNS=60 LC_ALL=C.UTF-8 "$TABULA" play backgammon --p1 random --p2 random \
    --seed 1 --max-moves 1
golden international-color env LC_ALL=C.UTF-8 "$TABULA" moves international --show --color=always --width 60

t 10 play international --p1 random --p2 random --seed 1 --max-moves 2 --ascii --width 60
cp "$tmp/out" "$tmp/by-flag"
COLUMNS=60 t 10 play international --p1 random --p2 random --seed 1 --max-moves 2 --ascii
cmp -s "$tmp/out" "$tmp/by-flag" && pass "--width 60 draws as COLUMNS=60" || fail "--width 60 draws as COLUMNS=60"
COLUMNS=60 t 10 play international --p1 random --p2 random --seed 1 --max-moves 2 --ascii --width 80
grep -q ' 1 *46 *47 *48 *49 *50$' "$tmp/out" && pass "--width wins over COLUMNS" || fail "--width wins over COLUMNS"

# ---- every bundled game: each move's block within WIDTHxLINES ---------------------
# The lines from a move's line to the next one (or to the end), the game's
# first line (the players' agents) and last lines (the agents' moves, why it
# ended) aside.
fits() { # fits GAME WIDTH: prints what does not fit, nothing when all does
    COLUMNS=$2 LINES=24 "$TABULA" play "$1" --p1 random --p2 random --seed 3 --max-moves 6 2>&1 |
        LC_ALL=C.UTF-8 awk -v w="$2" -v g="$1" '
            /^[0-9]+(\.|\.\.\.) player [12]: / { if (n > 24) print g ": a block of " n " lines"; n = 0; on = 1 }
            /^player [12] [a-z]/ { on = 0 }
            on { n++; if (length($0) > w) print g ": " length($0) " columns: " $0 }
            END { if (n > 24) print g ": a block of " n " lines" }'
}
for width in 80 60; do
    : >"$tmp/misfits"
    for f in rulesets/*.game; do
        game=$(basename "$f" .game)
        fits "$game" $width >>"$tmp/misfits"
    done
    if [ ! -s "$tmp/misfits" ]; then
        pass "every bundled game's move fits ${width}x24"
    else
        cp "$tmp/misfits" "$tmp/err"
        fail "every bundled game's move fits ${width}x24"
    fi
done
# Coerceo: 1 + 21 + 2 lines, the blank line left out at 24 rows, kept at 25.
LINES=24 t 10 play coerceo --p1 random --p2 random --seed 1 --max-moves 2 --ascii
awk '/^1\. player 1:/ { on = 1 } on && /^1\.\.\. player 2:/ { print n; exit } on { n++ }' "$tmp/out" >"$tmp/n"
[ "$(cat "$tmp/n")" = 24 ] && pass "coerceo's block is 24 lines at 24 rows" ||
    fail "coerceo's block is 24 lines at 24 rows (got $(cat "$tmp/n"))"
LINES=25 t 10 play coerceo --p1 random --p2 random --seed 1 --max-moves 2 --ascii
awk '/^1\. player 1:/ { on = 1 } on && /^1\.\.\. player 2:/ { print n; exit } on { n++ }' "$tmp/out" >"$tmp/n"
[ "$(cat "$tmp/n")" = 25 ] && pass "coerceo's block keeps its blank line at 25 rows" ||
    fail "coerceo's block keeps its blank line at 25 rows (got $(cat "$tmp/n"))"

# ---- --width's value ----------------------------------------------------------------
t 10 play coc-inbert --width 19
expect "--width below 20: a usage error" 2 \
    'tabula play: error: --width: expected a whole number from 20 to 1000, not `19`'
t 10 play coc-inbert --width 1001
expect "--width above 1000: a usage error" 2 \
    'tabula play: error: --width: expected a whole number from 20 to 1000, not `1001`'
t 10 moves coc-inbert --show --width=wide
expect "--width not a number: a usage error" 2 \
    'tabula moves: error: --width: expected a whole number from 20 to 1000, not `wide`'
t 10 replay coc-inbert --width
expect "--width without a value: a usage error" 2 'tabula replay: error: --width needs a value'

# ---- words and order ---------------------------------------------------------------------
t 10 play coc-inbert --p1 random --p2 random --seed 1 --max-moves 1
grep -qx 'a draw: the game was cut off after 1 move (--max-moves)' "$tmp/out" &&
    grep -q '^player 1 random: 1 move in ' "$tmp/out" && pass "1 move, not 1 moves" || fail "1 move, not 1 moves"
t 10 play coc-inbert --p1 random --p2 random --seed 1 --max-moves 2 --record "$tmp/r.yaml" --quiet
sed 's/^cut-off: 2$/cut-off: 1/' "$tmp/r.yaml" >"$tmp/r1.yaml"
t 10 replay "$tmp/r1.yaml"
expect "a record cut off after 1 move, in the singular" 1 \
    "r1.yaml:14:10: error: the game was cut off after 1 move, but the record has 2"
golden moves-sorted-numbered "$TABULA" moves international
golden moves-sorted-track "$TABULA" moves backgammon --dice 3,1
t 10 moves international --json
grep -q '"moves":\["31-26","32-27","33-28","34-29","35-30","31-27",' "$tmp/out" && pass "--json keeps the engine's order" ||
    fail "--json keeps the engine's order"

# ---- at a terminal: the status line, resign ------------------------------------------
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    pty() { TERM=xterm timeout 60 script -qec "$1" /dev/null; }
    printf 'quit\n' | pty "COLUMNS=40 \"$TABULA\" play coc-inbert --p1 mcts:100000 --p2 human --time 0.35 --seed 1 --quiet --ascii" |
        tr '\r' '\n' | LC_ALL=C.UTF-8 awk '/thinking/ { sub(/^\033\[K/, ""); n++; if (length($0) > 39) bad++ }
            END { print n + 0, bad + 0 }' >"$tmp/s"
    set -- $(cat "$tmp/s")
    [ "$1" -gt 0 ] && [ "$2" -eq 0 ] && pass "the status line is cut to 39 characters at 40 columns ($1 updates)" ||
        fail "the status line is cut to 39 characters at 40 columns ($1 updates, $2 longer)"
    (sleep 1; printf 'hint\n'; sleep 2; printf 'quit\n') |
        pty "COLUMNS=40 \"$TABULA\" play coc-inbert --p1 human --p2 human --hint mcts:100000 --time 0.3 --seed 1 --quiet --ascii" |
        tr '\r' '\n' | LC_ALL=C.UTF-8 awk '/thinking/ { sub(/^\033\[K/, ""); n++; if (length($0) > 39) bad++ }
            END { print n + 0, bad + 0 }' >"$tmp/s"
    set -- $(cat "$tmp/s")
    [ "$1" -gt 0 ] && [ "$2" -eq 0 ] && pass "hint's status line is cut too ($1 updates)" ||
        fail "hint's status line is cut too ($1 updates, $2 longer)"
    (sleep 1; printf 'resign\n'; sleep 0.5; printf 'no\n'; sleep 0.5; printf 'resign\n'; sleep 0.5; printf 'y\n'; sleep 1) |
        pty "\"$TABULA\" play english-draughts --seed 1 --quiet --ascii" | tr -d '\r' >"$tmp/r"
    if grep -qx 'resign? (y/n) no' "$tmp/r" && grep -qx 'not resigned: player 1 to move' "$tmp/r" &&
        grep -qx 'player 1 resigns' "$tmp/r" && grep -qx 'result: win 2' "$tmp/r"; then
        pass "resign asks at a terminal: no goes on, y resigns"
    else
        cp "$tmp/r" "$tmp/err"
        fail "resign asks at a terminal: no goes on, y resigns"
    fi
else
    echo "SKIP: no script(1) to run a pseudo-terminal"
fi
printf 'resign\n' | "$TABULA" play english-draughts --seed 1 --quiet >"$tmp/out" 2>&1
grep -qx 'player 1 resigns' "$tmp/out" && ! grep -q 'resign?' "$tmp/out" && pass "from a pipe, resign at once" ||
    fail "from a pipe, resign at once"

summary
