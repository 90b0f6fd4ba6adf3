#!/bin/sh
# why_royal.sh - an illegal move typed in the chess family says why (issue 21):
# coordinates run together and algebraic notation are read as the move they
# mean; the royal rule names the piece pinned, the check not answered, the
# attacked cell and its attacker, or royal pieces facing; castling names the
# condition that fails; drops and promotions name theirs. `tabula why`, its
# --json and play's prompt say the same.
TEST=why_royal
. "${srcdir:-.}/tests/common.sh"

# ---- chess: cells run together, algebraic notation, the royal rule, castling, promotion ----
t 10 why chess e2e5
says "coordinates run together are the move they mean" 1 \
    '`e2e5` is not legal: no rule of the pawn moves it from e2 to e5 here (its rules: step at line 21, slide at line 22, step at line 23); legal: e2-e3, e2-e4, a2-a3, a2-a4, b2-b3 (5 of 20 moves)'
t 10 why chess e2e4q
says "a promotion letter run together with the cells is read" 1 \
    '`e2e4q` is not legal: the pawn moving from e2 to e4 does not promote; legal: e2-e4, e2-e3, a2-a3, a2-a4, b2-b3 (5 of 20 moves)'
t 10 why chess e2e9
says "a cell after a cell that is one: the cell that is none is named" 1 \
    '`e2e9` is not legal: no cell `e9` on this board (cells are a1..h8); legal: e2-e3, e2-e4, a2-a3, a2-a4, b2-b3 (5 of 20 moves)'

t 10 why chess --fen '4k3/8/8/8/8/8/8/r2QK2R w K - 0 1' d1-d2
says "a pinned piece: the royal piece and the attacker named" 1 \
    '`d1-d2` is not legal: the queen on d1 is pinned: moving it leaves the king on e1 attacked by the rook on a1 (chess rule at line 30); legal: d1-c1, d1-b1, d1-a1, e1-d2, e1-e2 (5 of 17 moves)'
t 10 why chess --fen '4k3/8/8/8/8/8/8/r2QK2R w K - 0 1' Qd2
says "the same in algebraic notation" 1 \
    '`Qd2` (d1-d2) is not legal: the queen on d1 is pinned: moving it leaves the king on e1 attacked by the rook on a1 (chess rule at line 30); legal: d1-c1, d1-b1, d1-a1, e1-d2, O-O (5 of 17 moves)'
t 10 why chess --fen '4r1k1/8/8/8/8/8/3B4/4K2R w K - 0 1' d2c3
says "a check not answered" 1 \
    '`d2c3` (d2-c3) is not legal: the king on e1 is in check (attacked by the rook on e8), and this move does not answer it (chess rule at line 30); legal: d2-e3, e1-f2, e1-f1, e1-d1'
t 10 why chess --fen '4r1k1/8/8/8/8/8/3B4/4K2R w K - 0 1' e1e2
says "the royal piece onto an attacked cell" 1 \
    '`e1e2` (e1-e2) is not legal: the king would stand on e2, attacked by the rook on e8 (chess rule at line 30); legal: e1-f2, e1-f1, e1-d1, d2-e3'
t 10 why chess --fen '4k3/8/8/8/8/8/8/r2QK2R w - - 0 1' O-O
says "castling without the right (the position gives none)" 1 \
    '`O-O` is not legal: the king on e1 may no longer castle (it has moved, or the position gives it no right) (chess rule at line 31); legal: d1-c1, d1-b1, d1-a1, e1-e2, e1-f2 (5 of 16 moves)'
t 10 why chess --fen '4k3/8/8/8/8/8/8/r2QK2R w - - 0 1' e1g1
says "castling typed by the royal piece's cells without the right" 1 \
    '`e1g1` (O-O) is not legal: the king on e1 may no longer castle (it has moved, or the position gives it no right) (chess rule at line 31); legal: e1-f1, e1-e2, e1-f2, e1-d2, h1-g1 (5 of 16 moves)'
t 10 why chess --fen '4k3/8/8/8/8/8/8/R3K2R w K - 0 1' O-O-O
says "castling whose partner has lost its right" 1 \
    '`O-O-O` is not legal: the rook on a1 may no longer castle (it has moved, or the position gives it no right) (chess rule at line 31); legal: O-O, a1-a2, a1-a3, a1-a4, a1-a5 (5 of 25 moves)'
t 10 why chess --fen '4k3/8/8/8/8/8/8/4K2R w K - 0 1' O-O-O
says "castling with no partner on that side" 1 \
    '`O-O-O` is not legal: no rook of player 1 (white) stands on the king'"'"'s row towards the lower columns (chess rule at line 31); legal: O-O, e1-e2, e1-f2, e1-f1, e1-d1 (5 of 15 moves)'
t 10 why chess --fen '4r1k1/8/8/8/8/8/3B4/4K2R w K - 0 1' O-O
says "castling in check" 1 \
    '`O-O` is not legal: the king on e1 is in check (attacked by the rook on e8), and castling is no answer to a check (chess rule at line 31); legal: e1-f2, e1-f1, e1-d1, d2-e3'
t 10 why chess --fen '6k1/8/8/8/8/8/8/4KB1R w K - 0 1' O-O
says "castling through an occupied cell: the cell and its piece" 1 \
    '`O-O` is not legal: f1 is not empty: the bishop there stands in the way (chess rule at line 31); legal: e1-e2, e1-f2, e1-d1, e1-d2, f1-g2 (5 of 19 moves)'
t 10 why chess --fen '6k1/8/8/8/2b5/8/8/4K2R w K - 0 1' O-O
says "castling through an attacked cell: the cell and the attacker" 1 \
    '`O-O` is not legal: the king would pass through f1, attacked by the bishop on c4 (chess rule at line 31); legal: e1-f2, e1-d1, e1-d2, h1-h2, h1-h3 (5 of 12 moves)'
t 10 why chess --fen '4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1' O-O
says "O-O is castling on its side, never a prefix of O-O-O" 1 \
    '`O-O` is not legal: the king would pass through f1, attacked by the rook on f2 (chess rule at line 31); legal: O-O-O, a1-a2, a1-a3, a1-a4, a1-a5 (5 of 22 moves)'
t 10 why chess --fen '6k1/8/8/8/3b4/8/8/4K2R w K - 0 1' 0-0
says "castling onto an attacked cell" 1 \
    '`0-0` (O-O) is not legal: the king would land on g1, attacked by the bishop on d4 (chess rule at line 31); legal: e1-e2, e1-f1, e1-d1, e1-d2, h1-h2 (5 of 13 moves)'
t 10 why chess --fen '6k1/8/8/8/3b4/8/8/4K2R w K - 0 1' e1g1
says "castling onto an attacked cell, typed by the cells" 1 \
    '`e1g1` (O-O) is not legal: the king would land on g1, attacked by the bishop on d4 (chess rule at line 31); legal: e1-f1, e1-d1, e1-e2, e1-d2, h1-g1 (5 of 13 moves)'
t 10 why chess --fen '4k3/8/8/8/8/8/8/r2QK2R w K - 0 1' e1g1
says "castling that is legal: its clause" 0 \
    'O-O is legal: made by the rule `castle` (chess rule at line 31)'
t 10 why chess Nf5
says "algebraic notation naming a piece that goes nowhere there" 1 \
    '`Nf5` is not legal: no knight of player 1 (white) goes to f5 here (its rules: leap at line 24); legal: g1-f3, f2-f3, f2-f4, b1-a3, b1-c3 (5 of 20 moves)'
t 10 why chess exd5
says "algebraic notation naming a capture there is not" 1 \
    '`exd5` is not legal: no pawn of player 1 (white) captures on d5 here (its rules: step at line 21, slide at line 22, step at line 23); legal: d2-d3, d2-d4, e2-e3, e2-e4, b1-a3 (5 of 20 moves)'
t 10 why chess --fen '4k3/8/8/8/8/8/8/4K2R w K - 0 1' Nf3
says "algebraic notation naming a piece the player has not" 1 \
    '`Nf3` is not legal: player 1 (white) has no knight on the board; legal: O-O, e1-f2, e1-f1, h1-h3, h1-f1 (5 of 15 moves)'
t 10 why chess --fen '3k4/4P3/8/8/8/8/8/4K3 w - - 0 1' e7e8
says "a promotion whose type is not typed" 1 \
    '`e7e8` is not one move: the pawn on e7 promotes on e8, and the type it becomes must be typed after the move (q, n, b, r): e7-e8=q, e7-e8=n, e7-e8=b, e7-e8=r'
t 10 why chess --fen '3k4/4P3/8/8/8/8/8/4K3 w - - 0 1' e7e8k
says "a promotion to a type the rules do not allow" 1 \
    '`e7e8k` is not legal: the pawn on e7 may become a knight, bishop, rook or queen on e8, not a king (chess rule at line 29); legal: e7-e8=q, e7-e8=n, e7-e8=b, e7-e8=r, e7-d8=q (5 of 13 moves)'
t 10 why chess --fen '3k4/4P3/8/8/8/8/8/4K3 w - - 0 1' e8=K
says "the same in algebraic notation" 1 \
    '`e8=K` is not legal: the pawn on e7 may become a knight, bishop, rook or queen on e8, not a king (chess rule at line 29); legal: e7-e8=q, e7-e8=n, e7-e8=b, e7-e8=r, e1-e2 (5 of 13 moves)'

# ---- xiangqi: ten rows, royal pieces facing, a capture over a piece ----
t 10 why xiangqi e10e9
says "cells of ten rows run together (e10e9)" 1 \
    '`e10e9` is not legal: the general on e10 belongs to player 2 (black); legal: e1-e2, c1-e3, d1-e2, f1-e2, g1-e3 (5 of 44 moves)'
t 10 why xiangqi --fen '4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1' e5d5
says "a pinned screen: royal pieces facing" 1 \
    '`e5d5` (e5-d5) is not legal: the cannon on e5 is pinned: moving it leaves the general on e1 facing the general on e10 with nothing between (xiangqi rule at line 40); legal: e5-e6, e5-e7, e5-e8, e5-e9, e5-e4 (5 of 10 moves)'
t 10 why xiangqi --fen '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1' e1d1
says "the royal piece onto a file facing the other" 1 \
    '`e1d1` (e1-d1) is not legal: the general would stand on d1, facing the general on d10 with nothing between (xiangqi rule at line 40); legal: e1-f1, e1-e2'
t 10 why xiangqi --fen '3k5/4r4/9/9/9/9/9/9/4A4/4K4 w - - 0 1' e2d3
says "a piece pinned against the royal piece by a slide" 1 \
    '`e2d3` (e2-d3) is not legal: the advisor on e2 is pinned: moving it leaves the general on e1 attacked by the chariot on e9 (xiangqi rule at line 40); legal: e1-f1'
t 10 why xiangqi --fen '4k4/4c4/9/9/9/3R5/9/9/9/4K4 w - - 0 1' d5e5
says "a piece landing where an enemy captures over it" 1 \
    '`d5e5` (d5-e5) is not legal: the chariot moving to e5 leaves the general on e1 attacked by the cannon on e9 (xiangqi rule at line 40); legal: d5-f5, d5-g5, d5-h5, d5-i5, d5-c5 (5 of 19 moves)'

# ---- shogi: drops and their limits ----
t 10 why shogi --fen '4k4/9/9/9/9/9/4P4/9/4K4 b P 1' 'P*e5'
says "a drop on a column the file limit holds" 1 \
    '`P*e5` is not legal: player 1 (sente) has 1 pawn on the column of e5 already (on e3), and `file-limit:1` allows no more (shogi rule at line 54); legal: P*a5, P*b5, P*c5, P*d5, P*f5 (5 of 70 moves)'
t 10 why shogi --fen '4k4/9/9/9/9/9/4P4/9/4K4 b P 1' 'P*a9'
says "a drop where the piece could never move" 1 \
    '`P*a9` is not legal: a pawn put on a9 could never move from there, and the rule keeps it off (shogi rule at line 54); legal: P*a1, P*a2, P*a3, P*a4, P*a5 (5 of 70 moves)'
t 10 why shogi --fen '4k4/9/9/9/9/9/4P4/9/4K4 b PN 1' 'N*a8'
says "a knight dropped where it could never move" 1 \
    '`N*a8` is not legal: a knight put on a8 could never move from there, and the rule keeps it off (shogi rule at line 48); legal: P*a8, N*a1, N*a2, N*a3, N*a4 (5 of 131 moves)'
t 10 why shogi --fen '4k4/9/9/9/9/9/4P4/9/4K4 b P 1' 'N*a5'
says "a drop of a piece not in hand" 1 \
    '`N*a5` is not legal: player 1 (sente) has no knight in hand (shogi rule at line 48); legal: P*a5, P*a1, P*a2, P*a3, P*a4 (5 of 70 moves)'
t 10 why shogi --fen '4k4/9/9/9/9/9/4P4/9/4K4 b P 1' 'P*e3'
says "a drop onto a piece" 1 \
    '`P*e3` is not legal: e3 already holds a pawn (shogi rule at line 54); legal: e3-e4, P*a3, P*b3, P*c3, P*d3 (5 of 70 moves)'
t 10 why shogi --fen 'kn7/9/1G7/9/9/9/9/9/4K4 b P 1' 'P*a8'
says "a pawn drop that mates" 1 \
    '`P*a8` is not legal: a pawn put on a8 would mate the king on a9 at once, which `no-mate` forbids (shogi rule at line 54); legal: b7-a8, P*a1, P*a2, P*a3, P*a4 (5 of 80 moves)'
t 10 why shogi --fen '4r3k/9/9/9/9/9/9/9/4K4 b P 1' 'P*a5'
says "a drop that does not answer a check" 1 \
    '`P*a5` is not legal: the king on e1 is in check (attacked by the rook on e9), and this placement does not answer it (shogi rule at line 72); legal: P*e5, P*e2, P*e3, P*e4, P*e6 (5 of 11 moves)'
t 10 why shogi --fen '4k4/9/9/9/9/9/4P4/9/4K4 b P 1' e3e4+
says "a promotion where the piece does not promote" 1 \
    '`e3e4+` is not legal: the pawn moving from e3 to e4 does not promote; legal: e3-e4, e1-e2, e1-f2, e1-f1, e1-d1 (5 of 70 moves)'

# ---- --json: the same reason, and the word a scenario's refused-by names ----
t 10 why chess --fen '4k3/8/8/8/8/8/8/r2QK2R w K - 0 1' --json d1d2
if grep -qF '"legal":false,"by":"royal","meant":"d1-d2","reason":"the queen on d1 is pinned: moving it leaves the king on e1 attacked by the rook on a1","clause":{"file":"chess","line":30,' "$tmp/out"
then pass "--json gives the royal reason and its clause"; else fail "--json (exit $code): $(cat "$tmp/out")"; fi
t 10 why chess --fen '6k1/8/8/8/2b5/8/8/4K2R w K - 0 1' --json O-O
if grep -qF '"by":"castling","meant":"O-O","reason":"the king would pass through f1, attacked by the bishop on c4"' "$tmp/out"
then pass "--json gives castling's reason"; else fail "--json castling (exit $code): $(cat "$tmp/out")"; fi

# ---- play's prompt says the same ----------------------------------------------------------
printf 'd2d4\ne7e6\nc2c4\nf8b4\ng1f3\nb1c3\ng8f6\nc3e4\nO-O\nquit\n' >"$tmp/typed"
t 10 play chess --p1 human --p2 human --seed 1 --quiet <"$tmp/typed"
for line in \
    'error: `g1f3` (g1-f3) is not legal: the king on e1 is in check (attacked by the bishop on b4), and this move does not answer it (chess rule at line 30); legal: b1-c3, b1-d2, c1-d2, d1-d2' \
    'error: `c3e4` (c3-e4) is not legal: the knight on c3 is pinned: moving it leaves the king on e1 attacked by the bishop on b4 (chess rule at line 30); legal: e2-e4, c1-e3, c1-f4, c1-d2, c1-g5 (5 of 27 moves)' \
    'error: `O-O` is not legal: f1 is not empty: the bishop there stands in the way (chess rule at line 31); legal: a1-b1, c1-d2, c1-e3, c1-f4, c1-g5 (5 of 27 moves)'
do
    typed=${line#error: \`}
    if grep -qxF "$line" "$tmp/err"; then pass "play refuses ${typed%%\`*} as why does"; else fail "play: $line (exit $code)"; fi
done
printf 'a2a4\nb7b5\na4b5\na7a6\nb5a6\nc8b7\na6a7\nb7c6\na7b8\nquit\n' >"$tmp/typed"
t 10 play chess --p1 human --p2 human --seed 1 --quiet <"$tmp/typed"
if grep -qxF 'error: `a7b8` is not one move: the pawn on a7 promotes on b8, and the type it becomes must be typed after the move (q, n, b, r): a7-b8=q, a7-b8=n, a7-b8=b, a7-b8=r' "$tmp/err"
then pass "play: a promotion whose type is not typed"; else fail "play: promotion (exit $code)"; fi

# From a position (play --fen): a pin, and a drop's limit, as why says them.
printf 'd1d2\nquit\n' >"$tmp/typed"
t 10 play chess --p2 human --quiet --fen '4k3/8/8/8/8/8/8/r2QK2R w K - 0 1' <"$tmp/typed"
if grep -qxF 'error: `d1d2` (d1-d2) is not legal: the queen on d1 is pinned: moving it leaves the king on e1 attacked by the rook on a1 (chess rule at line 30); legal: d1-c1, d1-b1, d1-a1, e1-d2, e1-e2 (5 of 17 moves)' "$tmp/err"
then pass "play --fen: the pinned queen"; else fail "play --fen: the pinned queen (exit $code)"; fi
printf 'P*e5\nquit\n' >"$tmp/typed"
t 10 play shogi --p1 human --p2 human --quiet --fen '4k4/9/9/9/9/9/4P4/9/4K4 b P 1' <"$tmp/typed"
if grep -qxF 'error: `P*e5` is not legal: player 1 (sente) has 1 pawn on the column of e5 already (on e3), and `file-limit:1` allows no more (shogi rule at line 54); legal: P*a5, P*b5, P*c5, P*d5, P*f5 (5 of 70 moves)' "$tmp/err"
then pass "play --fen: a drop the file limit refuses"; else fail "play --fen: the drop (exit $code)"; fi

summary
