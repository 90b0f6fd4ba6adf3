#!/bin/sh
# The Royal Game of Ur against its independent reference
# (tests/reference/ur_ref.py, written from docs/rules/ur.md): positions met
# in the reference's random games, each with the legal moves of every throw
# (0 to 4), for `tabula moves --position F --dice R` to match; the reference
# and tabula's playouts both end every game. Skipped (exit 77) without python3.
TEST=ur-ref
. "${srcdir:-.}/tests/common.sh"
. "${srcdir:-.}/tests/race_common.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
REF=tests/reference/ur_ref.py
POSITIONS=${UR_REF_POSITIONS:-$(scaled 300)}

# The reference's perft against tests/perft/ur-throw*.txt (one position, each throw).
race_perft ur "1 2 3 4"

race_samples ur "0 1 2 3 4"

# The throw of four binary dice summed (rule 4): 0 to 4 in the proportions
# 1 4 6 4 1 (of 16), over the throws of 20 games (about 3,000 throws): each
# within a quarter of its expected share (more than 3 standard deviations).
race_throws ur 0 "1 4 6 4 1" "four binary dice"

# Every game ends: the reference's random games, and tabula's playouts.
race_games_end ur
summary
