#!/bin/sh
# Tests of `tabula play` and `tabula replay`: seeded games are reproducible,
# records replay, bad records fail with located messages, humans can be
# piped moves, an interrupted game resumes, agents finish games.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-play.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0

ok() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "$2" ] && sed 's/^/    /' "$2"; }
# expect_exit NAME WANT GOT [FILE-TO-SHOW]
expect_exit() {
    if [ "$3" -eq "$2" ]; then ok "$1"; else fail "$1 (exit $3, expected $2)" "$4"; fi
}
# expect_grep NAME PATTERN FILE
expect_grep() {
    if grep -E -q -- "$2" "$3"; then ok "$1"; else fail "$1 (no line matching /$2/)" "$3"; fi
}

# ---- seeded random games are reproducible and replay ------------------------
"$TABULA" play coc-inbert --p1 random --p2 random --seed 11 --quiet --record "$tmp/a.yaml" >"$tmp/a.out" 2>&1
expect_exit "random vs random coc-inbert finishes" 0 $? "$tmp/a.out"
expect_grep "the last line is the result" '^result: (win [12]|draw)$' "$tmp/a.out"
"$TABULA" play coc-inbert --p1 random --p2 random --seed 11 --quiet --record "$tmp/b.yaml" >"$tmp/b.out" 2>&1
if cmp -s "$tmp/a.yaml" "$tmp/b.yaml"; then ok "the same seed gives the same record"; else fail "the same seed gives the same record"; fi
"$TABULA" play coc-inbert --p1 random --p2 random --seed 12 --quiet --record "$tmp/c.yaml" >/dev/null 2>&1
if cmp -s "$tmp/a.yaml" "$tmp/c.yaml"; then fail "another seed gives another game"; else ok "another seed gives another game"; fi
ls -a "$tmp" | grep -q '\.tmp\.' && fail "no temp file is left next to the record" || ok "no temp file is left next to the record"

"$TABULA" replay coc-inbert "$tmp/a.yaml" >"$tmp/r.out" 2>&1
expect_exit "replay of a played record passes" 0 $? "$tmp/r.out"
want=$(tail -n 1 "$tmp/a.out")
got=$(tail -n 1 "$tmp/r.out")
[ "$want" = "$got" ] && ok "replay prints the played result" || fail "replay prints the played result ($got, played $want)"
"$TABULA" replay "$tmp/a.yaml" >"$tmp/r2.out" 2>&1
expect_exit "replay finds the rule file named in the record" 0 $? "$tmp/r2.out"

# ---- bad records fail at their place -----------------------------------------
line=$(grep -n '^  - ' "$tmp/a.yaml" | sed -n 5p | cut -d: -f1)
sed "${line}s/.*/  - \"c3-c5\"/" "$tmp/a.yaml" >"$tmp/illegal.yaml"
"$TABULA" replay coc-inbert "$tmp/illegal.yaml" >"$tmp/e.out" 2>&1
expect_exit "an illegal move in a record fails with exit 1" 1 $? "$tmp/e.out"
expect_grep "an illegal move is reported at FILE:LINE:COL" \
    "illegal\\.yaml:$line:5: error: move 5 \`c3-c5\` is not legal here; legal moves: " "$tmp/e.out"

wrong='"draw"'
grep -q '^result: "draw"' "$tmp/a.yaml" && wrong='"win 1"'
sed "s/^result: .*/result: $wrong/" "$tmp/a.yaml" >"$tmp/result.yaml"
"$TABULA" replay coc-inbert "$tmp/result.yaml" >"$tmp/e.out" 2>&1
expect_exit "a wrong result fails with exit 1" 1 $? "$tmp/e.out"
expect_grep "a wrong result is reported at its line" 'result\.yaml:[0-9]+:9: error: the recorded result is ' "$tmp/e.out"

grep -v '^result:' "$tmp/a.yaml" >"$tmp/nokey.yaml"
"$TABULA" replay coc-inbert "$tmp/nokey.yaml" >"$tmp/e.out" 2>&1
expect_exit "a record without result fails with exit 1" 1 $? "$tmp/e.out"
expect_grep "a missing key is named" 'nokey\.yaml:[0-9]+:[0-9]+: error: the record has no `result`' "$tmp/e.out"

"$TABULA" replay coucou-picard "$tmp/a.yaml" >"$tmp/e.out" 2>&1
expect_exit "a record of another game fails with exit 1" 1 $? "$tmp/e.out"
expect_grep "another game is reported at the record's name" \
    'a\.yaml:[0-9]+:[0-9]+: error: unknown ruleset: the record is a game of "Coc-Inbert"' "$tmp/e.out"

"$TABULA" replay coc-inbert "$tmp/missing.yaml" >"$tmp/e.out" 2>&1
expect_exit "a missing record is an I/O error (exit 2)" 2 $? "$tmp/e.out"

# ---- a human reads moves from a pipe -----------------------------------------
printf 'c3-d4\nf6-e5\nd4-c5\nmoves\nd4xf6\ng7xe5\n' |
    "$TABULA" play coc-inbert --p1 human --p2 human --seed 1 --record "$tmp/h.yaml" >"$tmp/h.out" 2>"$tmp/h.err"
expect_exit "end of input while a human is to move exits 2" 2 $?
expect_grep "piped moves are played" '^2\.\.\. player 2: g7xe5$' "$tmp/h.out"
expect_grep "an illegal typed move is refused with the rule that refused it and the legal moves" \
    '^error: `d4-c5` is not legal: a capture is compulsory \(coc-inbert rule at line 20\); legal: d4xf6$' "$tmp/h.err"
expect_grep "\`moves\` lists the legal moves" '^legal moves: d4xf6$' "$tmp/h.out"
expect_grep "the end-of-input message says the record holds the game" "holds the game so far \\(4 moves\\)" "$tmp/h.err"
expect_grep "the board is shown with rank numbers and file letters" '^ *a  b  c  d  e  f  g  h$' "$tmp/h.out"
"$TABULA" replay coc-inbert "$tmp/h.yaml" >"$tmp/h.replay" 2>&1
expect_exit "the interrupted record is valid" 0 $? "$tmp/h.replay"
expect_grep "the interrupted record is ongoing" '^result: ongoing$' "$tmp/h.replay"
"$TABULA" play --resume "$tmp/h.yaml" --p1 random --p2 random --quiet >"$tmp/resume.out" 2>&1
expect_exit "--resume finishes the interrupted game" 0 $? "$tmp/resume.out"
expect_grep "--resume goes on from move 5, the first of pair 3" '^3\. player 1: ' "$tmp/resume.out"
"$TABULA" replay coc-inbert "$tmp/h.yaml" >"$tmp/h.replay" 2>&1
expect_exit "the resumed record replays" 0 $? "$tmp/h.replay"
expect_grep "the resumed record has a result" '^result: (win [12]|draw)$' "$tmp/h.replay"
printf 'quit\n' | "$TABULA" play coucou-picard --seed 1 --quiet >"$tmp/q.out" 2>&1
expect_exit "\`quit\` stops the game with exit 0" 0 $? "$tmp/q.out"

# A resumed seeded game continues exactly as the uninterrupted one did.
cut=$(grep -n '^  - ' "$tmp/a.yaml" | sed -n 10p | cut -d: -f1)
{ head -n "$cut" "$tmp/a.yaml"; echo 'result: "ongoing"'; } >"$tmp/part.yaml"
"$TABULA" play coc-inbert --resume "$tmp/part.yaml" --quiet >"$tmp/part.out" 2>&1
expect_exit "a cut seeded record resumes" 0 $? "$tmp/part.out"
if cmp -s "$tmp/a.yaml" "$tmp/part.yaml"; then ok "the resumed game equals the uninterrupted one"
else fail "the resumed game equals the uninterrupted one"; fi

# ---- dice: every turn's dice are recorded, passes too -------------------------
J=jacquet-de-versailles
pass_seed=
for seed in 1 2 3 4 5 6 7 8 9 10 11 12; do
    "$TABULA" play $J --p1 random --p2 random --seed $seed --quiet --record "$tmp/j.yaml" >"$tmp/j.out" 2>&1 ||
        { fail "random vs random $J (seed $seed) finishes" "$tmp/j.out"; break; }
    if grep -q '{move: "pass", dice: \[' "$tmp/j.yaml"; then pass_seed=$seed; break; fi
done
if [ -n "$pass_seed" ]; then ok "a $J game records a lost turn as a pass (seed $pass_seed)"
else fail "a $J game records a lost turn as a pass (none in seeds 1-12)"; fi
expect_grep "every $J move carries its turn's dice" '^  - \{move: "[^"]+", dice: \[[1-6](, [1-6])*\]\}$' "$tmp/j.yaml"
if grep '^  - ' "$tmp/j.yaml" | grep -v -q 'dice: \['; then fail "no $J move lacks dice"; else ok "no $J move lacks dice"; fi
"$TABULA" replay $J "$tmp/j.yaml" >"$tmp/jr.out" 2>&1
expect_exit "replay of a $J record with passes passes" 0 $? "$tmp/jr.out"
cut=$(grep -n '"pass"' "$tmp/j.yaml" | head -n 1 | cut -d: -f1)
if [ -n "$cut" ]; then
    { head -n $((cut - 1)) "$tmp/j.yaml"; echo 'result: "ongoing"'; } >"$tmp/jcut.yaml"
    "$TABULA" play --resume "$tmp/jcut.yaml" --quiet >"$tmp/jc.out" 2>&1
    expect_exit "a $J record cut before a pass resumes" 0 $? "$tmp/jc.out"
    if cmp -s "$tmp/j.yaml" "$tmp/jcut.yaml"; then ok "the resumed $J game equals the uninterrupted one"
    else fail "the resumed $J game equals the uninterrupted one"; fi
fi
# The second move of a turn: two numbered moves in a row by the same player.
second=$(awk -F'[. :]+' '/^[0-9]+\. player [12]: / { if ($3 == p && $1 == n + 1) { print $1; exit } n = $1; p = $3 }' "$tmp/j.out")
first=$(grep -n '^  - ' "$tmp/j.yaml" | head -n 1 | cut -d: -f1)
line=$((first + second - 1))
sed "${line}s/dice: \[[0-9, ]*\]/dice: [6, 6, 6, 6]/" "$tmp/j.yaml" >"$tmp/jdice.yaml"
"$TABULA" replay $J "$tmp/jdice.yaml" >"$tmp/e.out" 2>&1
expect_exit "dice that differ from the turn's fail with exit 1" 1 $? "$tmp/e.out"
expect_grep "wrong dice are reported at their place" \
    "jdice\\.yaml:$line:[0-9]+: error: move $second: dice \\[6, 6, 6, 6\\], but the turn under way rolled " "$tmp/e.out"
{ head -n $((line - 1)) "$tmp/j.yaml"; echo 'result: "ongoing"'; } >"$tmp/jmid.yaml"
"$TABULA" play --resume "$tmp/jmid.yaml" --quiet >"$tmp/jm.out" 2>&1
expect_exit "a $J record cut in the middle of a turn resumes" 0 $? "$tmp/jm.out"
if cmp -s "$tmp/j.yaml" "$tmp/jmid.yaml"; then ok "the $J game resumed mid-turn equals the uninterrupted one"
else fail "the $J game resumed mid-turn equals the uninterrupted one"; fi

# ---- usage errors ------------------------------------------------------------
for spec in mcts:abc minimax alphabeta:0 random:2; do
    "$TABULA" play coc-inbert --p1 "$spec" --p2 random --quiet </dev/null >"$tmp/u.out" 2>&1
    expect_exit "agent spec \`$spec\` is a usage error" 2 $? "$tmp/u.out"
done
expect_grep "a bad agent spec gets a specific message" 'error: --p1: agent `random` takes no parameter' "$tmp/u.out"
"$TABULA" play coc-inbert --bogus </dev/null >"$tmp/u.out" 2>&1
expect_exit "an unknown flag is a usage error" 2 $? "$tmp/u.out"
"$TABULA" play --help >"$tmp/u.out" 2>&1
expect_exit "play --help" 0 $? "$tmp/u.out"
"$TABULA" replay --help >"$tmp/u.out" 2>&1
expect_exit "replay --help" 0 $? "$tmp/u.out"

# ---- agents finish games -----------------------------------------------------
"$TABULA" play coucou-picard --p1 mcts:50 --p2 alphabeta:2 --seed 4 --quiet --record "$tmp/ag.yaml" >"$tmp/ag.out" 2>&1
expect_exit "mcts:50 vs alphabeta:2 finishes coucou-picard" 0 $? "$tmp/ag.out"
expect_grep "mcts vs alphabeta ends with a result" '^result: (win [12]|draw)$' "$tmp/ag.out"
"$TABULA" replay coucou-picard "$tmp/ag.yaml" >"$tmp/ag.replay" 2>&1
expect_exit "the agents' record replays" 0 $? "$tmp/ag.replay"
"$TABULA" play coucou-picard --p1 alphabeta:2 --p2 mcts:50 --seed 4 --option width=9 --quiet >"$tmp/ag.out" 2>&1
expect_exit "agents play a variant chosen with --option" 0 $? "$tmp/ag.out"
"$TABULA" play coucou-picard --p1 random --p2 random --seed 4 --option width=9 --quiet --record "$tmp/w.yaml" >/dev/null 2>&1
expect_grep "the record keeps the options" '^  width: 9$' "$tmp/w.yaml"
"$TABULA" replay coucou-picard "$tmp/w.yaml" >"$tmp/w.out" 2>&1
expect_exit "replay applies the record's options" 0 $? "$tmp/w.out"
sed 's/^  width: 9$/  width: 8/' "$tmp/w.yaml" >"$tmp/w8.yaml"
"$TABULA" replay coucou-picard "$tmp/w8.yaml" >"$tmp/w.out" 2>&1
expect_exit "a bad option value in a record fails with exit 1" 1 $? "$tmp/w.out"
expect_grep "a bad option value is reported in the record" 'w8\.yaml:[0-9]+:10: error: option `width` cannot be 8' "$tmp/w.out"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
