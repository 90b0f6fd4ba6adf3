#!/bin/sh
# `play` from a given position (--fen, --position, --gnubg-id): the record
# keeps the start as `start:`, replays and resumes from it; a start that does
# not fit the rules is a located error; a game with no FEN or gnubg ID cannot
# keep its start in a record and says so.
TEST=play_start
. "${srcdir:-.}/tests/common.sh"

FEN="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
printf 'e2e4\nquit\n' >"$tmp/in"
timeout 20 "$TABULA" play chess --fen "$FEN" --p2 random --quiet --seed 3 --record "$tmp/r.yaml" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
code=$?
expect "play --fen with a record" 0
grep -qF "start: {fen: \"$FEN\"}" "$tmp/r.yaml" && pass "the record keeps the start as FEN" || fail "the record keeps the start as FEN"
t 20 replay "$tmp/r.yaml"
expect "the record replays from its start" 0
printf 'quit\n' >"$tmp/in"
timeout 20 "$TABULA" play --resume "$tmp/r.yaml" --quiet <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
code=$?
expect "the record resumes from its start" 0
grep -qF "start: {fen: \"$FEN\"}" "$tmp/r.yaml" && pass "a resumed record keeps its start" || fail "a resumed record keeps its start"

sed 's|4k3/8/8|4k3/9/8|' "$tmp/r.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a start that is no FEN of the game is a located error" 1 'bad.yaml:12:14: error: the start position is no FEN of "Chess": at column 5: 9 empty cells do not fit row 7 (8 cells)'
sed 's|start: {fen:|start: {epd:|' "$tmp/r.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "an unknown kind of start is named" 1 'unknown key `epd` in `start`'
sed 's|start: {fen: .*|start: "e4"|' "$tmp/r.yaml" >"$tmp/bad.yaml"
t 20 replay "$tmp/bad.yaml"
expect "a start that is no mapping is refused" 1 '`start` is one position'

t 20 play chess --resume "$tmp/r.yaml" --fen "$FEN"
expect "--fen with --resume is a usage error" 2 "--fen cannot be combined with --resume"

# A tables game keeps its start as a gnubg position ID.
t 30 play backgammon --gnubg-id 4HPwATDgc/ABMA --p1 random --p2 random --quiet --max-moves 6 --seed 2 --record "$tmp/bg.yaml"
expect "play --gnubg-id" 0
grep -q '^start: {gnubg-id: "4HPwATDgc/ABMA' "$tmp/bg.yaml" && pass "the record keeps the start as a gnubg ID" || fail "the record keeps the start as a gnubg ID"
t 20 replay "$tmp/bg.yaml"
expect "a tables record replays from its start" 0

# A board of tiles has neither form: without a record the game is played.
printf 'pieces: {c3.1: 1 piece, a1.0: 2 piece}\n' >"$tmp/p.yaml"
t 20 play coerceo --position "$tmp/p.yaml" --p1 random --quiet --seed 1 --record "$tmp/c.yaml"
expect "a start no record can keep is refused with --record" 2 'a record keeps a start position as FEN or as a gnubg ID, and "Coerceo" has neither'
t 20 play coerceo --position "$tmp/p.yaml" --p1 random --quiet --seed 1 --max-moves 3
expect "the same start without a record is played" 0
summary
