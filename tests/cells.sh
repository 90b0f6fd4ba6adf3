#!/bin/sh
# cells.sh - cells named by a person (issue 24): a name that is no cell is
# answered with the board's names in its own form and order (`cells are
# 1..50, or by column and row a1..j10`, `points are 1..24`, the tiles of a
# board of tiles); a numbered board also takes its squares by column and row
# (`c3` for 37) in positions, scenario expectations, rule files and typed
# moves (records and scenario `play:` lists keep the numbers: a move written
# with squares there is refused with its numbers); a square the board does
# not play on says its colour and the board's.
#
# Each case's stdout, stderr and exit code must equal tests/cells/NAME.out.
# UPDATE=1 rewrites them from the current program. TABULA and srcdir come
# from `make check`; alone, run it from the source root after `make`.
TEST=cells
. "${srcdir:-.}/tests/common.sh"
C=tests/cells
export LC_ALL=C

# golden NAME COMMAND...: stdout, then stderr, then `exit N` must equal $C/NAME.out.
golden() {
    name=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    code=$?
    { cat "$tmp/out" "$tmp/err"; echo "exit $code"; } >"$tmp/$name.out"
    [ -n "$UPDATE" ] && cp "$tmp/$name.out" "$C/$name.out"
    if diff -u "$C/$name.out" "$tmp/$name.out" >"$tmp/diff" 2>&1; then
        echo "PASS: $name (exit $code)"
        passed=$((passed + 1))
    else
        echo "FAIL: $name"
        sed 's/^/  /' "$tmp/diff" | head -40
        failed=$((failed + 1))
    fi
}

# ---- positions ------------------------------------------------------------------
golden position-numbered-squares "$TABULA" moves international --position $C/international-squares.yaml --show --ascii
golden position-numbered-bad "$TABULA" moves international --position $C/international-bad.yaml
golden position-light-board "$TABULA" moves italian --position $C/italian-bad.yaml
golden position-algebraic-board "$TABULA" moves russian --position $C/russian-bad.yaml
golden position-tiles "$TABULA" render coerceo --position $C/coerceo-bad.yaml -o "$tmp/never.svg"
golden position-track "$TABULA" moves plakoto --position $C/plakoto-bad.yaml

# ---- scenarios and rule files ---------------------------------------------------------
golden scenario-numbered "$TABULA" test $C/numbered-scenario.yaml
golden rule-file-squares "$TABULA" moves $C/numbered.game --show --ascii
# Records and scenario `play:` lists take the numbers only; a move written
# with squares is refused, and the message gives it in numbers.
golden record-squares "$TABULA" replay $C/numbered-record.yaml

# ---- typed moves ------------------------------------------------------------------
# `B4 A5` is 31-26 (player 1); `c3` is the square of cell 37, where no move
# of player 2 starts or ends; `c7-22` mixes a square and a number (17-22).
printf 'B4 A5\nc3\nc7-22\nquit\n' >"$tmp/typed"
golden typed-squares sh -c "\"$TABULA\" play international --p1 human --p2 human --seed 1 --quiet --ascii <\"$tmp/typed\""
# A text is read in the board's numbers first: on a board with an x column,
# `x4` lands on 4 (16-4), while `w3-x4`, which means nothing in numbers, is
# the square x4 (24-12).
printf 'x4\nquit\n' >"$tmp/typed"
golden typed-numbers-first sh -c "\"$TABULA\" play $C/wide.game --p1 human --p2 human --seed 1 --quiet --ascii <\"$tmp/typed\""
printf 'w3-x4\nquit\n' >"$tmp/typed"
golden typed-x-column sh -c "\"$TABULA\" play $C/wide.game --p1 human --p2 human --seed 1 --quiet --ascii <\"$tmp/typed\""

summary
