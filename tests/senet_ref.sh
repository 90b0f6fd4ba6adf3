#!/bin/sh
# Senet against its independent reference (tests/reference/senet_ref.py,
# written from docs/rules/senet.md): positions met in the reference's random
# games, each with the legal moves of every throw (1 to 5), for
# `tabula moves --position F --dice R` to match; the reference and tabula's
# playouts both end every game. Skipped (exit 77) without python3.
TEST=senet-ref
. "${srcdir:-.}/tests/common.sh"
. "${srcdir:-.}/tests/race_common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/senet_ref.py
POSITIONS=${SENET_REF_POSITIONS:-$(scaled 300)}

# The reference's perft against tests/perft/senet-throw*.txt (one position, each throw).
race_perft senet "1 2 3 4 5"

race_samples senet "1 2 3 4 5"

# The throw of four sticks (rule 4): 1 2 3 4 5 (none up) in the proportions
# 4 6 4 1 1 (of 16), over the throws of 20 games: each within a quarter of
# its expected share.
race_throws senet 1 "4 6 4 1 1" "four sticks"

# Rule 5: a throw of 1, 4 or 5 is followed by another throw of the same
# player, a throw of 2 or 3 by the other player's.
"$TABULA" play senet --p1 random --p2 random --seed 3 --quiet >"$tmp/game" 2>&1
if awk '/ rolls / { p = $0; sub(/^.*player /, "", p); who = substr(p, 1, 1); v = $0; sub(/^.* rolls /, "", v); v += 0
        if (n && (last == 1 || last == 4 || last == 5) && who != prev) bad = 1
        if (n && (last == 2 || last == 3) && who == prev) bad = 1
        prev = who; last = v; n++ }
        END { exit bad || n < 50 }' "$tmp/game"; then
    pass "rule 5: 1, 4 and 5 throw again, 2 and 3 pass the turn (a game's throws)"
else
    head -40 "$tmp/game" >"$tmp/err"
    fail "rule 5: the turn does not pass as the throws say"
fi

# Every game ends: the reference's random games, and tabula's playouts.
race_games_end senet
summary
