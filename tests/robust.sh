#!/bin/sh
# robust.sh - regression tests of the defects of issue 13 (found by fuzzing):
# every input gets a message and exit 1 or 2, never a hang, a wrong success
# or quadratic time.
#   - YAML loads in linear time (big records, scenarios and positions);
#   - only regular files are read (FIFOs, /proc, devices and directories are
#     refused at once), and `-` reads standard input;
#   - `play` ends on endless input that is not lines, and a NUL byte refuses
#     its line only; --record refuses what is not a regular file;
#   - wrong input exits 1 (scenario options, a case without a name, named by
#     its number in the JSON report, a record naming a rule file of another
#     game);
#   - positions no game can reach are refused;
#   - rule files and YAML files with a byte-order mark and CR or CRLF line
#     ends are read;
#   - a position whose dice cannot be played has no move: the turn passes;
#   - bounds (issue 26): a typed move too long to be one is no move, and a
#     rule file's path is kept whole, however long.
#
# TABULA and srcdir come from `make check`; alone, run it from the source
# root after `make` (TABULA defaults to ./tabula, srcdir to .).

TEST=robust
. "${srcdir:-.}/tests/common.sh"

now() { date +%s.%N 2>/dev/null | sed 's/N$/0/'; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# ---- YAML in linear time ------------------------------------------------------
# Before: a 200 KB position took ten seconds, a record of 60,000 moves or a
# scenario of 10,000 cases did not finish. The limit (20 s) only catches
# quadratic time; the times are printed (well under a second each, unsanitized).
awk 'BEGIN { print "tabula-record: 1"; print "ruleset: coc-inbert"; print "moves:";
             for (i = 0; i < 60000; i++) print "  - \"c3-d4\""; print "result: ongoing" }' >"$tmp/rec60k.yaml"
start=$(now)
t 20 replay coc-inbert "$tmp/rec60k.yaml"
expect "a record of 60,000 moves loads in $(elapsed "$start") s (and fails at move 2)" 1 \
    "rec60k.yaml:5:5: error: move 2 \`c3-d4\` is not legal here"

awk 'BEGIN { print "ruleset: coc-inbert"; print "cases:";
             for (i = 0; i < 10000; i++) { print "  - name: case " i; print "    expect: {count: 7}" } }' \
    >"$tmp/cases10k.yaml"
start=$(now)
t 20 test "$tmp/cases10k.yaml"
if [ "$code" = 0 ] && grep -q '^10000 passed, 0 failed$' "$tmp/out"; then
    pass "a scenario of 10,000 cases runs in $(elapsed "$start") s"
else
    fail "a scenario of 10,000 cases (exit $code)"
fi

awk 'BEGIN { print "to-move: 1"; print "pieces:";
             for (i = 0; i < 7000; i++) printf "  # a comment to make the file large, line %d ......\n", i;
             print "  c3: 1 man"; print "  d6: 2 man" }' >"$tmp/pos200k.yaml"
start=$(now)
t 20 moves coc-inbert --position "$tmp/pos200k.yaml"
if [ "$code" = 0 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ]; then
    pass "a 200 KB position loads in $(elapsed "$start") s"
else
    fail "a 200 KB position (exit $code)"
fi

# 4 MiB files of the three kinds, with many values: a long block list, a flow
# mapping of 4 MiB on one line, a mapping of 170,000 keys.
awk 'BEGIN { print "tabula-record: 1"; print "ruleset: coc-inbert"; print "moves:";
             for (i = 0; i < 349000; i++) print "  - \"c3-d4\""; print "result: ongoing" }' >"$tmp/rec4m.yaml"
awk 'BEGIN { printf "{ruleset: coc-inbert, cases: [";
             for (i = 0; i < 105000; i++) printf "%s{name: c%d, expect: {count: 7}}", i ? ", " : "", i;
             print "]}" }' >"$tmp/flow4m.yaml"
awk 'BEGIN { print "to-move: 1"; print "pieces:"; for (i = 0; i < 170000; i++) printf "  x%d: 1 man\n", i }' \
    >"$tmp/keys4m.yaml"
for f in rec4m flow4m keys4m; do
    size=$(wc -c <"$tmp/$f.yaml")
    [ "$size" -le 4194304 ] || { fail "$f.yaml is $size bytes, more than 4 MiB"; continue; }
    start=$(now)
    case $f in
    rec4m) t 20 replay coc-inbert "$tmp/$f.yaml"; want=1 ;;
    flow4m) t 20 test "$tmp/$f.yaml"; want=0 ;;
    keys4m) t 20 moves coc-inbert --position "$tmp/$f.yaml"; want=1 ;;
    esac
    expect "$f.yaml ($size bytes) loads in $(elapsed "$start") s" "$want"
done

# More values than the documented bound: refused, located.
awk 'BEGIN { printf "{to-move: 1, dice: ["; for (i = 0; i < 1000100; i++) printf "%s1", i ? "," : ""; print "]}" }' \
    >"$tmp/values.yaml"
t 20 moves jacquet-de-versailles --position "$tmp/values.yaml"
expect "a YAML file of more than 1,000,000 values is refused" 1 "values.yaml:1:2000011: error: more than 1000000 values in one YAML file"

# ---- only regular files ---------------------------------------------------------
if mkfifo "$tmp/fifo" 2>/dev/null; then
    t 10 test "$tmp/fifo"
    expect "a FIFO as a scenario is refused at once" 2 "$tmp/fifo: error: is a FIFO (named pipe), not a regular file"
    t 10 moves coc-inbert --position "$tmp/fifo"
    expect "a FIFO as a position is refused at once" 2 "$tmp/fifo: error: is a FIFO (named pipe), not a regular file"
    t 10 replay coc-inbert "$tmp/fifo"
    expect "a FIFO as a record is refused at once" 2 "$tmp/fifo: error: is a FIFO (named pipe), not a regular file"
    t 10 validate "$tmp/fifo"
    expect "a FIFO as a rule file is refused at once" 2 "$tmp/fifo: error: is a FIFO (named pipe), not a rule file"
    t 10 play coc-inbert --p1 random --p2 random --seed 1 --quiet --record "$tmp/fifo"
    if [ "$code" = 2 ] && [ -p "$tmp/fifo" ] && [ ! -s "$tmp/out" ] &&
        grep -qF "tabula play: error: $tmp/fifo: is a FIFO (named pipe), not a regular file: a record is written to a regular file" "$tmp/err"; then
        pass "--record onto a FIFO is refused before the game, the FIFO left alone"
    else
        fail "--record onto a FIFO (exit $code)"
    fi
else
    echo "SKIP: FIFOs (mkfifo failed)"
fi
if [ -r /proc/self/status ]; then
    t 10 validate /proc/self/status
    expect "a /proc file as a rule file is refused" 2 "/proc/self/status: error: is a file of the kernel (/proc or /sys), not a regular file"
    t 10 test /proc/self/status
    expect "a /proc file as a scenario is refused" 2 "/proc/self/status: error: is a file of the kernel"
fi
t 10 test /dev/zero
expect "a character device as a scenario is refused" 2 "/dev/zero: error: is a character device, not a regular file"
t 10 validate /dev/zero
expect "a character device as a rule file is refused" 2 "/dev/zero: error: is a character device, not a rule file"
mkdir "$tmp/dir"
t 10 moves coc-inbert --position "$tmp/dir"
expect "a directory as a position is refused" 2 "$tmp/dir: error: is a directory, not a regular file"
t 10 play coc-inbert --p1 random --p2 random --seed 1 --quiet --record "$tmp/dir"
if [ "$code" = 2 ] && [ -d "$tmp/dir" ] && [ -z "$(ls -A "$tmp/dir")" ]; then
    pass "--record onto a directory is refused, the directory untouched"
else
    fail "--record onto a directory (exit $code)"
fi
t 10 play coc-inbert --p1 random --p2 random --seed 1 --quiet --record -
expect "--record - is a usage error" 2 "--record needs a file"

# `-`: standard input.
t 10 validate - <rulesets/coerceo.game
expect "validate - reads a rule file from standard input" 0
printf '(game "X"\n' >"$tmp/bad.game"
t 10 validate - <"$tmp/bad.game"
expect "validate - names standard input <stdin> in messages" 1 "<stdin>:1:10: error: unclosed"
t 10 test - <tests/scenarios/coerceo.yaml
expect "test - runs a scenario file from standard input" 0
t 10 moves jacquet-de-versailles --position - <tests/perft/jacquet-de-versailles.yaml
if [ "$code" = 0 ] && [ "$(wc -l <"$tmp/out")" -eq 6 ]; then pass "moves --position - reads the position from standard input"
else fail "moves --position - (exit $code)"; fi

# ---- play: input that is not moves ------------------------------------------------
t 10 play coc-inbert --p2 random --seed 1 --quiet </dev/zero
expect "play < /dev/zero ends with exit 2" 2 "error: more than 65536 bytes of input without a line end: this input is not moves"
printf 'c3-d4\000junk\nc3-d4\n' >"$tmp/nul.txt"
t 10 play coc-inbert --p2 random --seed 1 --quiet <"$tmp/nul.txt"
if grep -q '^1\. player 1: c3-d4$' "$tmp/out" &&
    grep -qF 'error: a line of input holding a NUL byte was ignored (a move is text)' "$tmp/err"; then
    pass "a NUL byte refuses its line only: the next line is played"
else
    fail "a NUL byte in a typed move (exit $code)"
fi
awk 'BEGIN { for (i = 0; i < 5000; i++) print "nonsense" }' >"$tmp/garbage.txt"
t 20 play coc-inbert --p2 random --seed 1 --quiet <"$tmp/garbage.txt"
expect "1000 lines in a row without a move (from a file) end the game" 2 \
    "error: 1000 lines of input in a row without a legal move: this input is not moves"

# ---- wrong input exits 1 -----------------------------------------------------------
printf 'ruleset: coucou-picard\noptions: [width, 9]\ncases:\n  - name: seven moves\n    expect: {count: 7}\n' \
    >"$tmp/options.yaml"
t 10 test "$tmp/options.yaml"
expect "scenario options as a list: exit 1, the cases not run" 1 \
    "options.yaml:2:10: error: \`options\` maps option names to values, like {width: 9}"
grep -q '^0 passed, 0 failed$' "$tmp/out" || fail "scenario options as a list: a case ran"
printf 'ruleset: coc-inbert\ncases:\n  - expect: {count: 7}\n' >"$tmp/noname.yaml"
t 10 test "$tmp/noname.yaml"
expect "a scenario case without a name fails" 1 "noname.yaml:3:5: error: a case has a \`name\`"
# Before: the report of a case without a name read its name ("case 1") from
# a buffer of the case's run, gone by then.
printf 'ruleset: coc-inbert\ncases:\n  - expect: {count: 7}\n  - 3\n' >"$tmp/nonames.yaml"
t 10 test --json "$tmp/nonames.yaml"
if [ "$code" = 1 ] && grep -qF '"cases":[{"name":"case 1","line":3,' "$tmp/out" &&
    grep -qF '{"name":"case 2","line":4,' "$tmp/out"; then
    pass "test --json names the cases without a name by their number"
else
    fail "test --json names the cases without a name by their number (exit $code)"
fi
"$TABULA" play coc-inbert --p1 random --p2 random --seed 3 --quiet --record "$tmp/game.yaml" >/dev/null 2>&1
cp rulesets/coucou-picard.game "$tmp/other.game"
sed "s|^  path: .*|  path: \"$tmp/other.game\"|" "$tmp/game.yaml" >"$tmp/other.yaml"
t 10 replay "$tmp/other.yaml"
expect "replay RECORD whose rule file describes another game: exit 1" 1 \
    "error: unknown ruleset: the record is a game of \"Coc-Inbert\", but \`$tmp/other.game\` describes \"Le Coucou picard\""

# ---- positions that cannot happen ------------------------------------------------------
pos() { printf 'to-move: 1\ndice: [3, 5]\npieces:\n%s\n' "$1" >"$tmp/pos.yaml"; }
pos '  1: 1 disc 600
  13: 2 disc 15'
t 10 moves jacquet-de-versailles --position "$tmp/pos.yaml"
expect "600 discs on a point are refused" 1 "pos.yaml:4:6: error: a stack of 600 is more than the 15 pieces player 1 has in this game"
pos '  1: 1 disc 10
  2: 1 disc 6
  13: 2 disc 15'
t 10 moves jacquet-de-versailles --position "$tmp/pos.yaml"
expect "16 discs of a player on the board are refused" 1 \
    "pos.yaml:5:6: error: this makes 16 pieces of player 1 on the board, more than the 15 they have in this game"
pos '  1: 1 disc 10
  13: 2 disc 15
bar: {1: 3}
"off": {1: 3}'
t 10 moves jacquet-de-versailles --position "$tmp/pos.yaml"
expect "board, bar and off together beyond the start's pieces are refused" 1 \
    "pos.yaml:4:3: error: player 1 has 16 pieces here (on the board, pinned, on the bar and off); the game has 15"
printf 'to-move: 1\npieces:\n' >"$tmp/pos.yaml"
for c in a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3 b4; do echo "  $c: 1 king" >>"$tmp/pos.yaml"; done
t 10 moves coc-inbert --position "$tmp/pos.yaml"
expect "13 pieces of a player on a draughts board are refused" 1 "pos.yaml:15:7: error: this makes 13 pieces of player 1"

# ---- a piece's own count of moves in a row (in-a-row) --------------------------------
row() { printf 'to-move: 1\npieces: {28: 1 king, 46: 1 man, 33: 1 king, 5: 2 man}\nin-a-row: %s\n' "$1" >"$tmp/pos.yaml"; }
row '{28: 3}'
t 10 moves international --position "$tmp/pos.yaml"
expect "in-a-row in a game without a streak limit is refused" 1 \
    "pos.yaml:3:11: error: no piece counts its moves in a row in this game (no \`streak-limit\`)"
t 10 moves frisian --position "$tmp/pos.yaml"
expect "in-a-row: a king's count of 3 is accepted" 0
grep -q '28-' "$tmp/out" && fail "in-a-row: the king that made 3 moves still moves" || pass "in-a-row: the king that made 3 moves rests"
row '{28: 4}'
t 10 moves frisian --position "$tmp/pos.yaml"
expect "in-a-row beyond the limit is refused" 1 "pos.yaml:3:16: error: expected a whole number from 0 to 3; got \`4\`"
row '{27: 1}'
t 10 moves frisian --position "$tmp/pos.yaml"
expect "in-a-row on an empty cell is refused" 1 "pos.yaml:3:12: error: cell 27 is empty: only a piece counts its moves"
row '{28: 1, 33: 2}'
t 10 moves frisian --position "$tmp/pos.yaml"
expect "in-a-row for two pieces of one player is refused" 1 \
    "pos.yaml:3:19: error: player 1's pieces on 28 and 33 both count moves in a row: only the piece a player moved last can"
row '[28]'
t 10 moves frisian --position "$tmp/pos.yaml"
expect "in-a-row as a list is refused" 1 \
    "pos.yaml:3:11: error: \`in-a-row\` maps cells to the non-capturing moves in a row of their piece, like {28: 2}"

# ---- byte-order mark, CR and CRLF line ends ----------------------------------------------
for f in rulesets/*.game; do
    name=$(basename "$f" .game)
    { printf '\357\273\277'; sed 's/$/\r/' "$f"; } >"$tmp/$name-bom-crlf.game"
    { printf '\357\273\277'; tr '\n' '\r' <"$f"; } >"$tmp/$name-bom-cr.game"
    t 10 validate "$tmp/$name-bom-crlf.game" "$tmp/$name-bom-cr.game"
    if [ "$code" = 0 ] && [ ! -s "$tmp/err" ]; then pass "$name with a byte-order mark and CRLF or CR line ends is valid"
    else fail "$name with a byte-order mark and CRLF or CR line ends (exit $code)"; fi
done
{ printf '\357\273\277'; sed 's/$/\r/' tests/scenarios/coc-inbert.yaml; } >"$tmp/bom-crlf.yaml"
t 20 test "$tmp/bom-crlf.yaml"
expect "a scenario file with a byte-order mark and CRLF line ends runs" 0
printf '\357\273\277to-move: 3\r\npieces: {c3: 1 man, d4: 1 dame}\r\n' >"$tmp/bom-pos.yaml"
t 10 moves coc-inbert --position "$tmp/bom-pos.yaml"
expect "a YAML error after a byte-order mark: its column counts from the mark" 1 \
    "bom-pos.yaml:1:10: error: expected a whole number from 1 to 2; got \`3\`"
expect "a YAML error on a CRLF line: its column is right" 1 "bom-pos.yaml:2:25: error: unknown piece type \`dame\`"

# ---- dice that cannot be played: no move, the turn passes -----------------------------------
printf 'to-move: 1\ndice: [3, 5]\narrived: {2: true}\npieces: {1: 1 disc 15, 4: 2 disc 2, 6: 2 disc 2, 13: 2 disc 11}\n' \
    >"$tmp/blocked.yaml"
t 10 moves jacquet-de-versailles --position "$tmp/blocked.yaml"
first=$(cat "$tmp/out")
if [ "$code" = 0 ] && [ -z "$first" ] &&
    grep -qF 'player 1 cannot play the dice 3, 5: no move, the turn passes' "$tmp/err"; then
    pass "moves of a position whose dice cannot be played: none, and the turn passes"
else
    fail "moves of a position whose dice cannot be played (exit $code; stdout: $first)"
fi
t 10 perft jacquet-de-versailles 3 --position "$tmp/blocked.yaml"
if [ "$code" = 0 ] && [ "$(grep -c '^perft [123] 0$' "$tmp/out")" = 3 ]; then
    pass "perft of a position whose dice cannot be played is 0 (a pass is no move)"
else
    fail "perft of a position whose dice cannot be played (exit $code)"
fi

# ---- bounds of issue 26 (docs/limits.md) ----------------------------------------------------
# A typed move longer than 255 bytes was cut to its first 255, and a legal
# move at its start was played (`c3-d4,,,...,zz` played c3-d4).
awk 'BEGIN { s = "c3-d4"; for (i = 0; i < 300; i++) s = s ","; print s "zz"; print "c3-d4" }' >"$tmp/long-move.txt"
t 10 play coc-inbert --p2 random --seed 1 --quiet <"$tmp/long-move.txt"
if [ "$(grep -c '^1\. player 1: c3-d4$' "$tmp/out")" = 1 ] && grep -q '^error: `c3-d4,,,*zz` is not legal' "$tmp/err"
then pass "a typed move of 307 bytes is no move, not the legal move it starts with"
else fail "a typed move of 307 bytes (exit $code)"; fi
# A rule file whose path is longer than 255 bytes: its path was cut in the
# compiled ruleset, and every run failed to read the rule file back.
long=$tmp/$(awk 'BEGIN { for (i = 0; i < 3; i++) { s = ""; for (j = 0; j < 100; j++) s = s "d"; printf "%s%s", (i ? "/" : ""), s } }')
mkdir -p "$long" && cp rulesets/english-draughts.game "$long/g.game"
t 20 playout "$long/g.game" -n 2 --json
if [ "$code" = 0 ] && grep -qF "\"file\":\"$long/g.game\"" "$tmp/out"
then pass "a rule file with a path of $(printf %s "$long/g.game" | wc -c) bytes: playout --json names it whole"
else fail "a rule file with a path longer than 255 bytes (exit $code)"; fi
# Variants of variants: 8 deep is the bound (9 rule files, the rows the
# compiled game keeps their paths in); one more is refused.
mkdir -p "$tmp/chain" && cp rulesets/english-draughts.game "$tmp/chain/v0.game"
for i in 1 2 3 4 5 6 7 8 9; do printf '(variant "V%d"\n  (extends "v%d.game"))\n' $i $((i - 1)) >"$tmp/chain/v$i.game"; done
t 10 validate "$tmp/chain/v8.game"
expect "a variant 8 deep is valid" 0
t 10 validate "$tmp/chain/v9.game"
expect "a variant 9 deep is refused, naming the bound" 1 \
    "chain/v1.game:2:12: error: variants extend each other more than 8 deep (docs/limits.md)"

summary
