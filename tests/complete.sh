#!/bin/sh
# complete.sh - no silent wrong answer (issue 26): where a position has more
# moves, or longer capture chains, than a fixed bound used to hold, every
# move is listed and counted, or the rule file is refused with a message
# that names the bound; never a partial list with exit 0.
#   - 26 queens on a 26x19 board: 1,060 legal moves (the list held 1,024),
#     checked against an independent count in Python when python3 is here;
#   - a trail of 32 pieces is jumped in one chain of 32 jumps, listed whole;
#   - a game whose chains could need 33 jumps is refused (tests/broken has
#     its golden message);
#   - playouts, analysis and matches run through positions of more than
#     1,024 moves.
#
# TABULA and srcdir come from `make check`; alone, run it from the source
# root after `make` (TABULA defaults to ./tabula, srcdir to .).

TEST=complete
. "${srcdir:-.}/tests/common.sh"

# run ARGS...: tabula with a time limit; $code, $tmp/out, $tmp/err.
run() {
    if command -v timeout >/dev/null 2>&1; then
        timeout 60 "$TABULA" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    else
        "$TABULA" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    fi
    code=$?
}

# check NAME CONDITION: passes when the shell condition holds.
check() {
    if eval "$2"; then pass "$1"; else echo "  exit $code"; fail "$1"; fi
}

queens=tests/complete/queens.game
trail=tests/complete/trail32.game

run moves "$queens"
check "moves: all 1060 moves of 26 queens" '[ $code = 0 ] && [ "$(wc -l <"$tmp/out")" -eq 1060 ]'
check "moves: the last queen's moves are listed" 'grep -qx "z1-h19" "$tmp/out" && grep -qx "z1-z19" "$tmp/out"'

run perft "$queens" 2
check "perft: 1060 and 61411" '[ $code = 0 ] && grep -qx "perft 1 1060" "$tmp/out" && grep -qx "perft 2 61411" "$tmp/out"'

run perft "$queens" 2 -j 2
check "perft -j 2: the same counts" '[ $code = 0 ] && grep -qx "perft 2 61411" "$tmp/out"'

# An independent count: queens slide in eight directions until a piece or
# the edge; player 2's queen answers from a19.
if command -v python3 >/dev/null 2>&1; then
    python3 - >"$tmp/ref" <<'PY'
W, H = 26, 19
dirs = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
def moves(mine, occ):
    out = []
    for (x, y) in mine:
        for dx, dy in dirs:
            cx, cy = x + dx, y + dy
            while 0 <= cx < W and 0 <= cy < H and (cx, cy) not in occ:
                out.append(((x, y), (cx, cy)))
                cx += dx
                cy += dy
    return out
white = {(x, 0) for x in range(W)}
black = {(0, 18)}
first = moves(white, white | black)
second = sum(len(moves(black, (white - {f}) | {t} | black)) for f, t in first)
print(len(first), second)
PY
    check "the counts agree with an independent enumeration" '[ "$(cat "$tmp/ref")" = "1060 61411" ]'
else
    echo "SKIP: python3 is not installed: no independent count"
fi

run test tests/complete/queens.yaml
check "test: count 1060, and the last queen's move is played" '[ $code = 0 ]'

run playout "$queens" -n 3 --seed 5
check "playout through positions of over 1024 moves" '[ $code = 0 ] && grep -q "games:       3" "$tmp/out"'

run match "$queens" --p1 random --p2 alphabeta:1 -n 2 --max-moves 20 --seed 5
check "match through positions of over 1024 moves" '[ $code = 0 ]'

run analyze "$queens" -n 2 --seed 5
check "analyze through positions of over 1024 moves" '[ $code = 0 ]'

run play "$queens" --p1 random --p2 random --seed 2 --quiet
check "play through positions of over 1024 moves" '[ $code = 0 ]'

run moves "$trail"
want=a2xc2xe2xg2xi2xk2xm2xo2xq2xs2xu2xw2xy2xy4xw4xu4xs4xq4xo4xm4xk4xi4xg4xe4xc4xa4xa6xc6xe6xg6xi6xk6xm6
check "a chain of 32 jumps is listed whole" '[ $code = 0 ] && [ "$(cat "$tmp/out")" = "$want" ]'

run validate tests/broken/chain-too-long.game
check "a game whose chains could need 33 jumps is refused" \
    '[ $code = 1 ] && grep -q "a move holds at most 32 jumps (docs/limits.md)" "$tmp/err"'

summary
