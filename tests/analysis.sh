#!/bin/sh
# Tests of the long runs and the analysis commands: the exact messages of
# bad input; results the same whatever -j; shards merged equal the whole run;
# merge refusing results of other runs and results whose numbers do not
# add up; analyze's coverage warnings, located;
# match records that replay; perft --divide; diff of every bundled variant
# against its base, as a scenario case that passes for one file and fails for
# the other; Ctrl-C printing a partial summary. No timing is tested.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-analysis.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0

ok() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "$2" ] && sed 's/^/    /' "$2"; }
expect_exit() {
    if [ "$3" -eq "$2" ]; then ok "$1"; else fail "$1 (exit $3, expected $2)" "$4"; fi
}
# same NAME FILE1 FILE2: the two files are equal
same() {
    if cmp -s "$2" "$3"; then ok "$1"; else fail "$1" "$3"; diff "$2" "$3" | head -20; fi
}
# error NAME EXIT 'EXPECTED STDERR' COMMAND...: exact stderr and exit code
error() {
    name=$1 want_exit=$2 want=$3
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    printf '%s\n' "$want" >"$tmp/want"
    if [ "$got" -eq "$want_exit" ] && cmp -s "$tmp/want" "$tmp/err"; then
        ok "$name"
    else
        fail "$name (exit $got, expected $want_exit; stderr below, then the expected)" "$tmp/err"
        sed 's/^/    want: /' "$tmp/want"
    fi
}
# Drops the lines that carry times and speeds (which no two runs share).
untimed() { grep -v -E '^(speed|time|time/move):|^time [0-9]' "$1"; }

# ---- bad input: exact messages ---------------------------------------------
error "-j 0 is refused" 2 'tabula playout: error: -j: expected a whole number from 1 to 256, not `0`
(see `tabula playout --help`)' "$TABULA" playout coc-inbert -j 0
error "-j without a number is refused" 2 'tabula perft: error: -j: expected a whole number from 1 to 256, and none was given
(see `tabula perft --help`)' "$TABULA" perft coc-inbert 3 -j
error "a shard above N is refused" 2 'tabula analyze: error: --shard: expected K/N, shard K of N with 1 <= K <= N <= 4096, not `5/4`
(see `tabula analyze --help`)' "$TABULA" analyze coc-inbert --shard 5/4
error "shard 0 is refused" 2 'tabula match: error: --shard: expected K/N, shard K of N with 1 <= K <= N <= 4096, not `0/3`
(see `tabula match --help`)' "$TABULA" match coc-inbert --p1 random --p2 random --shard 0/3
error "an unknown agent is refused" 2 'tabula match: error: --p2: unknown agent `minimax` (expected human, random, mcts[:ITERATIONS] or alphabeta[:DEPTH])
(see `tabula match --help`)' "$TABULA" match coc-inbert --p1 random --p2 minimax
error "a misspelt agent gets a suggestion" 2 'tabula analyze: error: --agent: unknown agent `mtcs`; did you mean `mcts`?
(see `tabula analyze --help`)' "$TABULA" analyze coc-inbert --agent mtcs
error "a bad time budget is refused" 2 'tabula match: error: --p1: in agent `mcts:time=fast`: time: expected a duration from 1ms to 3600s, like 0.5s, 200ms or 2, not `fast`
(see `tabula match --help`)' "$TABULA" match coc-inbert --p1 mcts:time=fast --p2 random
error "an unknown budget is refused" 2 'tabula match: error: --p1: in agent `alphabeta:iterations=5`: unknown budget `iterations` (alphabeta takes depth=N or time=DURATION)
(see `tabula match --help`)' "$TABULA" match coc-inbert --p1 alphabeta:iterations=5 --p2 random
error "a depth out of range is refused" 2 'tabula match: error: --p1: in agent `alphabeta:depth=13`: depth: expected a whole number from 1 to 12, not `13`
(see `tabula match --help`)' "$TABULA" match coc-inbert --p1 alphabeta:depth=13 --p2 random
error "a human cannot play a match" 2 'tabula match: error: --p1: `human` cannot play here; use random, mcts[:BUDGET] or alphabeta[:BUDGET]
(see `tabula match --help`)' "$TABULA" match coc-inbert --p1 human --p2 random
error "a match needs two agents" 2 'tabula match: error: a match needs two agents: --p1 AGENT and --p2 AGENT
(see `tabula match --help`)' "$TABULA" match coc-inbert --p1 random
error "diff needs two files" 2 'tabula diff: error: needs two rule files
(see `tabula diff --help`)' "$TABULA" diff coc-inbert
error "merge needs files" 2 'tabula merge: error: no result files given
(see `tabula merge --help`)' "$TABULA" merge

# ---- the same results whatever -j --------------------------------------------
for j in 1 2 3; do "$TABULA" playout coc-inbert -n 3000 --seed 9 -j $j >"$tmp/p$j.out" 2>&1; done
untimed "$tmp/p1.out" >"$tmp/p1.txt"
for j in 2 3; do
    untimed "$tmp/p$j.out" >"$tmp/p$j.txt"
    same "playout -j $j plays the games of -j 1" "$tmp/p1.txt" "$tmp/p$j.txt"
done
"$TABULA" perft coc-inbert 7 >"$tmp/f1.out" 2>&1
"$TABULA" perft coc-inbert 7 -j 3 >"$tmp/f3.out" 2>&1
untimed "$tmp/f1.out" >"$tmp/f1.txt"
untimed "$tmp/f3.out" >"$tmp/f3.txt"
same "perft -j 3 counts what perft counts" "$tmp/f1.txt" "$tmp/f3.txt"
grep -q '^perft 7 177532$' "$tmp/f3.out" && ok "perft -j 3 gives the published count" || fail "perft -j 3 count" "$tmp/f3.out"
"$TABULA" analyze coc-inbert -n 500 -j 1 >"$tmp/a1.out" 2>&1
"$TABULA" analyze coc-inbert -n 500 -j 2 >"$tmp/a2.out" 2>&1
same "analyze -j 2 gives what -j 1 gives" "$tmp/a1.out" "$tmp/a2.out"
"$TABULA" match breakthrough --p1 mcts:30 --p2 alphabeta:1 -n 8 -j 1 >"$tmp/m1.out" 2>&1
"$TABULA" match breakthrough --p1 mcts:30 --p2 alphabeta:1 -n 8 -j 2 >"$tmp/m2.out" 2>&1
untimed "$tmp/m1.out" >"$tmp/m1.txt"
untimed "$tmp/m2.out" >"$tmp/m2.txt"
same "match -j 2 plays the games of -j 1" "$tmp/m1.txt" "$tmp/m2.txt"

# ---- shards merged are the whole run -----------------------------------------
for k in 1 2 3; do
    "$TABULA" playout coucou-picard -n 200 --seed 4 --shard $k/3 --json >"$tmp/ps$k.json" 2>/dev/null
    "$TABULA" analyze coc-inbert -n 500 --shard $k/3 --json >"$tmp/as$k.json" 2>/dev/null
    "$TABULA" match breakthrough --p1 mcts:30 --p2 alphabeta:1 -n 8 --shard $k/3 --json >"$tmp/ms$k.json" 2>/dev/null
    "$TABULA" perft coc-inbert 7 --shard $k/3 --json >"$tmp/fs$k.json" 2>/dev/null
done
"$TABULA" playout coucou-picard -n 200 --seed 4 >"$tmp/pw.out" 2>&1
"$TABULA" merge "$tmp"/ps3.json "$tmp"/ps1.json "$tmp"/ps2.json >"$tmp/pm.out" 2>&1
expect_exit "merging playout shards succeeds" 0 $? "$tmp/pm.out"
untimed "$tmp/pw.out" >"$tmp/pw.txt"
untimed "$tmp/pm.out" >"$tmp/pm.txt"
same "playout shards merged, in any order, equal the whole run" "$tmp/pw.txt" "$tmp/pm.txt"
"$TABULA" merge "$tmp"/as1.json "$tmp"/as2.json "$tmp"/as3.json >"$tmp/am.out" 2>&1
same "analyze shards merged equal the whole run" "$tmp/a1.out" "$tmp/am.out"
"$TABULA" merge "$tmp"/ms1.json "$tmp"/ms2.json "$tmp"/ms3.json >"$tmp/mm.out" 2>&1
untimed "$tmp/mm.out" >"$tmp/mm.txt"
same "match shards merged equal the whole match" "$tmp/m1.txt" "$tmp/mm.txt"
"$TABULA" merge "$tmp"/fs1.json "$tmp"/fs2.json "$tmp"/fs3.json >"$tmp/fm.out" 2>&1
untimed "$tmp/fm.out" >"$tmp/fm.txt"
same "perft shards merged equal the whole count" "$tmp/f1.txt" "$tmp/fm.txt"
"$TABULA" merge "$tmp"/ps1.json "$tmp"/ps2.json >"$tmp/part.out" 2>"$tmp/part.err"
expect_exit "a merge with a shard missing succeeds" 0 $? "$tmp/part.err"
grep -q '^shard:       1,2/3 of a run of 200 games (133 here)$' "$tmp/part.out" &&
    ok "the summary says which shards it holds" || fail "the summary says which shards it holds" "$tmp/part.out"
grep -q '^tabula merge: note: 1 of the 3 shards are missing; the summary is of the others$' "$tmp/part.err" &&
    ok "a missing shard is noted" || fail "a missing shard is noted" "$tmp/part.err"
"$TABULA" analyze coc-inbert -n 500 --json >"$tmp/aj.json" 2>/dev/null
"$TABULA" merge "$tmp/aj.json" >"$tmp/aj.out" 2>&1
same "a JSON result read back prints as the run did" "$tmp/a1.out" "$tmp/aj.out"

# ---- merge refuses results of other runs -------------------------------------
"$TABULA" playout coucou-picard -n 200 --seed 5 --shard 2/3 --json >"$tmp/seed5.json" 2>/dev/null
"$TABULA" playout coucou-picard -n 200 --seed 4 --shard 2/4 --json >"$tmp/four.json" 2>/dev/null
"$TABULA" playout coucou-picard -n 200 --seed 4 --shard 2/3 --option width=9 --json >"$tmp/width.json" 2>/dev/null
"$TABULA" playout "$srcdir/tests/analysis/dead-clause.game" -n 200 --seed 4 --shard 2/3 --json >"$tmp/dead.json" 2>/dev/null
# first_error NAME EXIT WANT AT FILES...: the first line of stderr (columns and
# digests blanked, since they move with the rule files' names and options)
# is WANT, and the column it gives points at text starting with AT in the
# file it names (the member that differs).
first_error() {
    name=$1 want_exit=$2 want=$3 at=$4
    shift 4
    "$TABULA" merge "$@" >/dev/null 2>"$tmp/err"
    got=$?
    line=$(head -n 1 "$tmp/err" | sed -e "s|$tmp/||g" -e 's/digest [0-9a-f]\{16\}/digest D/g')
    blank=$(printf '%s\n' "$line" | sed 's/^\([^:]*\):\([0-9]*\):[0-9]*:/\1:\2:C:/')
    file=$(printf '%s\n' "$line" | cut -d: -f1)
    col=$(printf '%s\n' "$line" | cut -d: -f3)
    text=$(head -n 1 "$tmp/$file" 2>/dev/null | cut -c "$col"- 2>/dev/null)
    case $text in "$at"*) pointed=1 ;; *) pointed=0 ;; esac
    if [ "$got" -eq "$want_exit" ] && [ "$blank" = "$want" ] && [ $pointed -eq 1 ]; then ok "$name"; else
        fail "$name (exit $got; got the line below, pointing at: $(printf '%s' "$text" | cut -c 1-30))"
        echo "    got:  $blank"; echo "    want: $want"; fi
}
first_error "merge refuses results of another rule file" 1 \
    'dead.json:1:C: error: a result of another rule file: "Dead clause" ('"$srcdir"'/tests/analysis/dead-clause.game, digest D) here, "Le Coucou picard" (coucou-picard, digest D) in ps1.json' \
    '{"file":' "$tmp/ps1.json" "$tmp/dead.json"
first_error "merge refuses another seed" 1 'seed5.json:1:C: error: a result of another seed: 5 here, 4 in ps1.json' \
    '5,' "$tmp/ps1.json" "$tmp/seed5.json"
first_error "merge refuses another split" 1 'four.json:1:C: error: a run split in 4 shards here, in 3 in ps1.json' \
    '{"count":4,' "$tmp/ps1.json" "$tmp/four.json"
first_error "merge refuses other options" 1 'width.json:1:C: error: a result with other options than ps1.json' \
    '{"width":"9"' "$tmp/ps1.json" "$tmp/width.json"
first_error "merge refuses a shard twice" 1 \
    'ps1.json:1:C: error: shard 1/3 is already in the results merged before (from ps1.json on)' \
    '{"count":3,"indices":[1]}' "$tmp/ps1.json" "$tmp/ps1.json"
first_error "merge refuses another command" 1 'as1.json:1:C: error: a result of `tabula analyze`, but ps1.json is of `tabula playout`' \
    '"analyze"' "$tmp/ps1.json" "$tmp/as1.json"
printf '{"schema": "tabula-run/1", "command": "playout",}\n' >"$tmp/bad.json"
first_error "merge locates a JSON syntax error" 1 'bad.json:1:C: error: expected a member name in double quotes' '}' "$tmp/bad.json"
printf '[1, 2]\n' >"$tmp/array.json"
first_error "merge refuses what is not a result" 1 'array.json:1:C: error: not a tabula result: it is not a JSON object' \
    '[1, 2]' "$tmp/array.json"
sed 's/"file_names":\["coc-inbert"\]/"file_names":[]/' "$tmp/as1.json" >"$tmp/names0.json"
first_error "merge refuses file_names not one for each file" 1 \
    'names0.json:1:C: error: `file_names` must be an array of 1 string, one for each of `files`' '[]' "$tmp/names0.json"
sed 's/"file_names":\["coc-inbert"\]/"file_names":[7]/' "$tmp/as1.json" >"$tmp/names7.json"
first_error "merge refuses a file name that is not a string" 1 \
    'names7.json:1:C: error: each file name must be a string of 1 to 255 bytes' '7]' "$tmp/names7.json"
# a result without file_names (written before them): the report names the file by its path
sed 's/,"file_names":\["coc-inbert"\]//' "$tmp/as1.json" >"$tmp/names-none.json"
"$TABULA" merge "$tmp/names-none.json" >"$tmp/names-none.out" 2>&1
expect_exit "merge reads a result without file_names" 0 $? "$tmp/names-none.out"
grep -q ' end condition  *[^ ]*/rulesets/coc-inbert.game:26:5$' "$tmp/names-none.out" &&
    ok "a result without file_names names the clauses by path" || fail "a result without file_names names the clauses by path" "$tmp/names-none.out"
error "merge of a missing file is an I/O error" 2 "$tmp/missing.json: error: cannot open: No such file or directory" \
    "$TABULA" merge "$tmp/missing.json"

# ---- merge refuses results whose numbers do not add up --------------------------
# Small hand-made results: a playout shard 1/2 of a run of 10 games (5 games),
# a match of 2 games and a perft of 2 root moves, each changed by one sed
# expression; every message is located at the member that is off.
cat >"$tmp/shard.json" <<'EOF'
{"schema": "tabula-run/1", "command": "playout", "game": "G",
 "ruleset": {"file": "g", "digest": "0123456789abcdef"}, "options": {},
 "seed": 1, "total": 10, "shards": {"count": 2, "indices": [1]},
 "done": 5, "complete": true, "jobs": 1, "seconds": 0.5,
 "games": 5, "wins": [4, 1], "double_wins": [0, 0], "triple_wins": [0, 0],
 "draws": 0, "unfinished": 0, "moves": 415}
EOF
cat >"$tmp/match.json" <<'EOF'
{"schema": "tabula-run/1", "command": "match", "game": "G",
 "ruleset": {"file": "g", "digest": "0123456789abcdef"}, "options": {},
 "seed": 1, "total": 2, "shards": {"count": 1, "indices": [1]},
 "done": 2, "complete": true, "jobs": 1, "seconds": 0.5,
 "agents": ["random", "random"], "max_moves": 100, "games": 2, "draws": 0, "unfinished": 0,
 "sides": [{"wins_by_score": [1, 0, 0], "wins_as": [1, 0], "games_as": [1, 1], "decisions": 30, "work": 0, "seconds": 0},
           {"wins_by_score": [1, 0, 0], "wins_as": [0, 1], "games_as": [1, 1], "decisions": 30, "work": 0, "seconds": 0}],
 "length": {"sum": 60, "sum_squares": 1800, "min": 30, "max": 30}}
EOF
cat >"$tmp/perft.json" <<'EOF'
{"schema": "tabula-run/1", "command": "perft", "game": "G",
 "ruleset": {"file": "g", "digest": "0123456789abcdef"}, "options": {},
 "seed": 1, "total": 2, "shards": {"count": 1, "indices": [1]},
 "done": 2, "complete": true, "jobs": 1, "seconds": 0.5,
 "depth": 2, "position": "", "divide": 0, "counts": [2, 9],
 "root": [{"index": 0, "move": "a1-a2", "count": 4}, {"index": 1, "move": "b1-b2", "count": 5}]}
EOF
# changed NAME FILE SED: FILE changed by SED, as $tmp/NAME.json.
changed() { sed "$3" "$tmp/$2.json" >"$tmp/$1.json"; }
"$TABULA" merge "$tmp/shard.json" >/dev/null 2>&1
expect_exit "the hand-made playout shard merges" 0 $?
"$TABULA" merge "$tmp/match.json" >/dev/null 2>&1
expect_exit "the hand-made match merges" 0 $?
"$TABULA" merge "$tmp/perft.json" >/dev/null 2>&1
expect_exit "the hand-made perft merges" 0 $?
changed wins shard 's/"wins": \[4, 1\]/"wins": [23, 1]/'
error "merge refuses 23 wins in 5 games" 1 "$tmp/wins.json:5:11: error: \`wins\`, \`double_wins\`, \`triple_wins\`, \`draws\` and \`unfinished\` add up to 24 games, not to the 5 of \`games\`
    5 |  \"games\": 5, \"wins\": [23, 1], \"double_wins\": [0, 0], \"triple_wins\": [0, 0],
      |           ^" "$TABULA" merge "$tmp/wins.json"
changed games shard 's/"games": 5/"games": 2147483648/'
error "merge refuses 2^31 games where 5 were done" 1 "$tmp/games.json:5:11: error: \`games\` is 2147483648, but \`done\` is 5
    5 |  \"games\": 2147483648, \"wins\": [4, 1], \"double_wins\": [0, 0], \"triple_wins\": [0, 0],
      |           ^~~~~~~~~~" "$TABULA" merge "$tmp/games.json"
changed done shard 's/"done": 5/"done": 1000005/'
error "merge refuses more games done than the shard holds" 1 "$tmp/done.json:4:10: error: \`done\` is 1000005, more than the 5 games of the shards this result holds (a run of 10 in 2 shards)
    4 |  \"done\": 1000005, \"complete\": true, \"jobs\": 1, \"seconds\": 0.5,
      |          ^~~~~~~" "$TABULA" merge "$tmp/done.json"
changed complete shard 's/"done": 5/"done": 4/'
error "merge refuses a complete shard with games missing" 1 "$tmp/complete.json:4:10: error: \`done\` is 4, but the result is \`complete\` and its shards hold 5 games
    4 |  \"done\": 4, \"complete\": true, \"jobs\": 1, \"seconds\": 0.5,
      |          ^" "$TABULA" merge "$tmp/complete.json"
changed seconds shard 's/"seconds": 0.5/"seconds": -5/'
error "merge refuses negative seconds" 1 "$tmp/seconds.json:4:53: error: \`seconds\` must be a number of seconds that is not negative
    4 |  \"done\": 5, \"complete\": true, \"jobs\": 1, \"seconds\": -5,
      |                                                     ^~" "$TABULA" merge "$tmp/seconds.json"
changed huge shard 's/"moves": 415/"moves": 100000000000000000000/'
error "a huge moves value is refused for its range" 1 "$tmp/huge.json:6:40: error: \`moves\` must be a whole number from 0 to 1000000000000000
    6 |  \"draws\": 0, \"unfinished\": 0, \"moves\": 100000000000000000000}
      |                                        ^~~~~~~~~~~~~~~~~~~~~" "$TABULA" merge "$tmp/huge.json"
changed moves shard 's/"moves": 415/"moves": 500001/'
error "merge refuses more moves than the games can hold" 1 "$tmp/moves.json:6:40: error: \`moves\` is 500001, more than 5 games of at most 100000 moves can hold
    6 |  \"draws\": 0, \"unfinished\": 0, \"moves\": 500001}
      |                                        ^~~~~~" "$TABULA" merge "$tmp/moves.json"
changed jobs shard 's/"jobs": 1/"jobs": 300/'
error "merge refuses more threads than -j allows" 1 "$tmp/jobs.json:4:39: error: \`jobs\` must be a whole number from 1 to 256
    4 |  \"done\": 5, \"complete\": true, \"jobs\": 300, \"seconds\": 0.5,
      |                                       ^~~" "$TABULA" merge "$tmp/jobs.json"
changed seed shard 's/"seed": 1/"seed": 18446744073709551615/'
"$TABULA" merge "$tmp/seed.json" >"$tmp/seed.out" 2>&1
grep -q '^games: *5 (seed 18446744073709551615)$' "$tmp/seed.out" && ok "merge reads a seed up to 2^64-1" ||
    fail "merge reads a seed up to 2^64-1" "$tmp/seed.out"
changed seed2 shard 's/"seed": 1/"seed": 18446744073709551616/'
error "merge refuses a seed of 2^64" 1 "$tmp/seed2.json:3:10: error: \`seed\` must be a whole number from 0 to 18446744073709551615
    3 |  \"seed\": 18446744073709551616, \"total\": 10, \"shards\": {\"count\": 2, \"indices\": [1]},
      |          ^~~~~~~~~~~~~~~~~~~~" "$TABULA" merge "$tmp/seed2.json"
changed wins_as match 's/"wins_as": \[1, 0\]/"wins_as": [2, 0]/'
error "merge refuses a side's wins that do not add up" 1 "$tmp/wins_as.json:6:52: error: \`wins_as\` adds up to 2 wins, not to the 1 of \`wins_by_score\`
    6 | ...{\"wins_by_score\": [1, 0, 0], \"wins_as\": [2, 0], \"games_as\": [1, 1], \"decisions\": 30, \"work\": 0, \"sec...
      |                                            ^~~~~~" "$TABULA" merge "$tmp/wins_as.json"
changed draws match 's/"draws": 0/"draws": 7/'
error "merge refuses a match whose outcomes do not add up" 1 "$tmp/draws.json:5:61: error: the sides' \`wins_by_score\`, \`draws\` and \`unfinished\` add up to 9 games, not to the 2 of \`games\`
    5 |  \"agents\": [\"random\", \"random\"], \"max_moves\": 100, \"games\": 2, \"draws\": 7, \"unfinished\": 0,
      |                                                             ^" "$TABULA" merge "$tmp/draws.json"
changed length match 's/"max": 30/"max": 300/'
error "merge refuses a game longer than max_moves" 1 "$tmp/length.json:8:63: error: \`min\` 30 and \`max\` 300 are not lengths from 0 to \`max_moves\` 100, smallest first
    8 |  \"length\": {\"sum\": 60, \"sum_squares\": 1800, \"min\": 30, \"max\": 300}}
      |                                                               ^~~" "$TABULA" merge "$tmp/length.json"
changed counts perft 's/"counts": \[2, 9\]/"counts": [2, 10]/'
error "merge refuses perft counts that do not add up" 1 "$tmp/counts.json:5:53: error: \`counts\` ends with 10, but the \`root\` moves' counts add up to 9
    5 |  \"depth\": 2, \"position\": \"\", \"divide\": 0, \"counts\": [2, 10],
      |                                                     ^~~~~~~" "$TABULA" merge "$tmp/counts.json"
changed twice perft 's/"index": 1/"index": 0/'
error "merge refuses a root move listed twice" 1 "$tmp/twice.json:6:64: error: root move 0 is listed twice
    6 |  \"root\": [{\"index\": 0, \"move\": \"a1-a2\", \"count\": 4}, {\"index\": 0, \"move\": \"b1-b2\", \"count\": 5}]}
      |                                                                ^" "$TABULA" merge "$tmp/twice.json"
# An analysis: its lengths must add up to its games and moves.
"$TABULA" analyze coc-inbert -n 4 --json >"$tmp/an.json" 2>/dev/null
moves=$(sed -n 's/.*"moves":\([0-9]*\).*/\1/p' "$tmp/an.json")
changed an2 an "s/\"moves\":$moves,/\"moves\":$((moves + 1)),/"
first_error "merge refuses lengths that do not add up to the moves" 1 \
    "an2.json:1:C: error: \`lengths\` adds up to $moves moves, not to the $((moves + 1)) of \`moves\`" '[[' "$tmp/an2.json"
changed an3 an 's/"lengths":\[\[/"lengths":[[0,1],[0,2],[/'
first_error "merge refuses a length listed twice" 1 'an3.json:1:C: error: the length 0 is listed twice' '[0,2]' "$tmp/an3.json"
changed an4 an 's/"lengths":\[\[\([0-9]*\),[0-9]*\]/"lengths":[[\1,1000000000000000]/'
first_error "merge refuses lengths that count more games than there are" 1 \
    'an4.json:1:C: error: `lengths` counts more games than the 4 of `games`' '[[' "$tmp/an4.json"

# ---- analyze: coverage warnings at the clauses that never fired --------------
(cd "$srcdir" && "$TABULA" analyze tests/analysis/dead-clause.game -n 300 >"$tmp/dead.out" 2>"$tmp/dead.err")
expect_exit "analyze exits 0 with warnings" 0 $? "$tmp/dead.err"
cat >"$tmp/dead.want" <<'EOF'
tests/analysis/dead-clause.game:20:7: warning: `step` (move rule) never fired in 300 games
   20 |       (step diagonal))
      |       ^~~~~
tests/analysis/dead-clause.game:21:5: warning: `promote` (promotion) never fired in 300 games
   21 |     (promote runner king at:home)
      |     ^~~~~~~~
tests/analysis/dead-clause.game:25:5: warning: `no-pieces` (end condition) never fired in 300 games
   25 |     (no-pieces loses)
      |     ^~~~~~~~~~
tests/analysis/dead-clause.game:26:5: warning: `blocked` (end condition) never fired in 300 games
   26 |     (blocked loses)))
      |     ^~~~~~~~
EOF
same "clauses that never fired are warned of with their source lines" "$tmp/dead.want" "$tmp/dead.err"
grep -q -E '^ +0  promote +promotion +tests/analysis/dead-clause.game:21:5$' "$tmp/dead.out" &&
    ok "the coverage table lists the clause with its count" || fail "the coverage table" "$tmp/dead.out"
"$TABULA" analyze coerceo -n 3 >"$tmp/co.out" 2>"$tmp/co.err"
grep -q -E '^ +off  announce +clause +coerceo:[0-9]+:[0-9]+ \(switched off by option cura\)$' "$tmp/co.out" &&
    ok "a clause an option switches off is shown off" || fail "a clause switched off" "$tmp/co.out"
grep -q 'announce' "$tmp/co.err" && fail "a switched-off clause is not warned of" "$tmp/co.err" ||
    ok "a switched-off clause is not warned of"
"$TABULA" analyze coc-inbert -n 300 --svg "$tmp/svg" >/dev/null 2>&1
expect_exit "analyze --svg succeeds" 0 $?
for f in lengths branching; do
    if head -n 2 "$tmp/svg/$f.svg" | grep -q '^<svg xmlns="http://www.w3.org/2000/svg"' && tail -n 1 "$tmp/svg/$f.svg" | grep -q '^</svg>$'; then
        ok "analyze --svg draws $f.svg"; else fail "analyze --svg draws $f.svg" "$tmp/svg/$f.svg"; fi
done
grep -q '<rect x=' "$tmp/svg/lengths.svg" && ok "the histogram has bars" || fail "the histogram has bars"
grep -q '<polyline' "$tmp/svg/branching.svg" && ok "the branching curve is drawn" || fail "the branching curve"

# ---- match: records, colours, replays ------------------------------------------
"$TABULA" match coc-inbert --p1 mcts:20 --p2 random -n 4 --seed 3 --records "$tmp/rec" >"$tmp/rec.out" 2>&1
expect_exit "a match with records succeeds" 0 $? "$tmp/rec.out"
n=$(ls "$tmp/rec" | grep -c '^game-00000[1-4]\.yaml$')
[ "$n" -eq 4 ] && ok "a record per game" || fail "a record per game ($n)"
grep -q '^  1: "mcts:20"$' "$tmp/rec/game-000001.yaml" && grep -q '^  1: "random"$' "$tmp/rec/game-000002.yaml" &&
    ok "colours alternate: A is player 1 in even games" || fail "colours alternate" "$tmp/rec/game-000002.yaml"
all=0
for f in "$tmp"/rec/game-*.yaml; do "$TABULA" replay "$f" >/dev/null 2>&1 || all=1; done
[ $all -eq 0 ] && ok "every match record replays" || fail "every match record replays"
seed=$(sed -n 's/^seed: //p' "$tmp/rec/game-000002.yaml")
"$TABULA" play coc-inbert --p1 random --p2 mcts:20 --seed "$seed" --quiet --record "$tmp/again.yaml" >/dev/null 2>&1
grep -v '^#' "$tmp/rec/game-000002.yaml" >"$tmp/g2.yaml"
grep -v '^#' "$tmp/again.yaml" >"$tmp/again2.yaml"
same "a match game is \`tabula play\` with its seed" "$tmp/g2.yaml" "$tmp/again2.yaml"
grep -q -E '^A mcts:20 +4 ' "$tmp/rec.out" && ok "the table gives each agent's wins" || fail "the wins table" "$tmp/rec.out"
grep -q -E '^Elo A - B: +\+inf \[\+[0-9]+, \+inf\]$' "$tmp/rec.out" && ok "a clean sweep has an infinite Elo with a finite bound" ||
    fail "Elo of a sweep" "$tmp/rec.out"
"$TABULA" match jacquet-de-versailles --p1 random --p2 random -n 40 >"$tmp/jq.out" 2>&1
grep -q -E '^double wins: A [0-9]+, B [0-9]+ \(of the wins above\)$' "$tmp/jq.out" &&
    ok "double wins are reported by kind" || fail "double wins are reported by kind" "$tmp/jq.out"

# ---- perft --divide --------------------------------------------------------------
"$TABULA" perft coc-inbert 5 --divide -j 2 >"$tmp/div.out" 2>&1
sum=$(grep -v -E '^(perft|time)' "$tmp/div.out" | awk '{ s += $2 } END { print s }')
total=$(sed -n 's/^perft 5 //p' "$tmp/div.out")
[ "$sum" = "$total" ] && [ "$total" = 7361 ] && ok "perft --divide: the root moves add up to the total" ||
    fail "perft --divide adds up ($sum, $total)" "$tmp/div.out"
[ "$(grep -c -E '^[a-h][1-8]-[a-h][1-8] [0-9]+$' "$tmp/div.out")" -eq 7 ] && ok "perft --divide lists every root move" ||
    fail "perft --divide lists the root moves" "$tmp/div.out"

# ---- diff: every bundled variant against its base --------------------------------
variants=0
for v in "$srcdir"/docs/examples/*.game; do
    grep -q '(variant' "$v" || continue
    variants=$((variants + 1))
    base=$(sed -n 's/.*(extends "\([^"]*\)").*/\1/p' "$v" | head -n 1)
    case $base in */*|*.game) base="$(dirname "$v")/$base" ;; esac
    name=$(basename "$v")
    "$TABULA" diff "$base" "$v" >"$tmp/case.yaml" 2>"$tmp/diff.err"
    code=$?
    if [ $code -ne 1 ]; then fail "diff finds $name differs from its base (exit $code)" "$tmp/diff.err"; continue; fi
    ok "diff finds $name differs from its base"
    "$TABULA" test "$tmp/case.yaml" >"$tmp/t.out" 2>&1
    expect_exit "the case diff wrote for $name passes with the base" 0 $? "$tmp/t.out"
    vpath=$(cd "$(dirname "$v")" && pwd)/$name
    sed "s|^ruleset: .*|ruleset: \"$vpath\"|" "$tmp/case.yaml" >"$tmp/case-b.yaml"
    "$TABULA" test "$tmp/case-b.yaml" >"$tmp/t.out" 2>&1
    expect_exit "the case diff wrote for $name fails with $name" 1 $? "$tmp/t.out"
done
[ $variants -ge 1 ] && ok "$variants bundled variant(s) diffed" || fail "no bundled variant found in docs/examples"
"$TABULA" diff coucou-picard coucou-picard --depth 3 --games 50 >"$tmp/same.out" 2>&1
expect_exit "a file and itself: no difference, exit 0" 0 $? "$tmp/same.out"
grep -q '^no difference found between coucou-picard and coucou-picard: every sequence of up to 3 moves ([0-9]* positions) and 50 random games of up to 1000 moves agree$' "$tmp/same.out" &&
    ok "no difference: the reach of the search is said" || fail "no difference message" "$tmp/same.out"
"$TABULA" diff coucou-picard coucou-picard --option width=9 >"$tmp/w9.yaml" 2>&1
expect_exit "--option applies to both files: the same game" 0 $? "$tmp/w9.yaml"
# One move apart: "1 move", not "these 1 move" (a draw after one ply in B).
sed 's/(no-progress 40 turns reset:\[capture man\])/(no-progress 1 plies reset:[capture])/' \
    "$srcdir/rulesets/english-draughts.game" >"$tmp/one-ply.game"
"$TABULA" diff english-draughts "$tmp/one-ply.game" >"$tmp/one.yaml" 2>&1
expect_exit "one move apart: exit 1" 1 $? "$tmp/one.yaml"
grep -qxF '# tabula diff: the rule files differ after 1 move (found by the exhaustive search: no shorter sequence differs).' "$tmp/one.yaml" &&
    grep -qxF '# B after this move: result draw, legal moves []' "$tmp/one.yaml" &&
    grep -qxF '  - name: "diff: after 1 move the rule files disagree"' "$tmp/one.yaml" &&
    ok "one move apart: said in the singular" || fail "one move apart: said in the singular" "$tmp/one.yaml"
"$TABULA" diff coucou-picard coucou-picard --depth 1 --games 1 --max-moves 1 >"$tmp/one.out" 2>&1
grep -q '^no difference found between coucou-picard and coucou-picard: every sequence of up to 1 move ([0-9]* positions) and 1 random game of up to 1 move agree$' "$tmp/one.out" &&
    ok "no difference within 1 move: singular" || fail "no difference within 1 move: singular" "$tmp/one.out"

# ---- the chess family's clauses: castling and promotion are counted --------------
"$TABULA" analyze chess -n 200 --seed 1 >"$tmp/chess.out" 2>"$tmp/chess.err"
awk '$2 == "castle" && $1 > 0 { c = 1 } $2 == "promote" && $1 > 0 { p = 1 } $2 == "en-passant" && $4 == "chess:23:39" { e = 1 }
     END { exit !(c && p && e) }' "$tmp/chess.out" &&
    ! grep -q 'made by no move rule' "$tmp/chess.out" &&
    ok "analyze counts castling, promotion and captures en passant under their clauses" ||
    fail "analyze counts castling, promotion and captures en passant under their clauses" "$tmp/chess.out"

# ---- four players: every seat listed, the first against an even seat's share --------
"$TABULA" analyze ludo -n 200 --seed 3 >"$tmp/ludo.out" 2>&1 &&
    grep -q 'random plays every side' "$tmp/ludo.out" &&
    [ "$(grep -c -E '^  player [1-4] wins ' "$tmp/ludo.out")" = 4 ] &&
    grep -q -E '^first player: scores .* \(a draw shared by all 4\), against the 25\.0% of an even seat; ' "$tmp/ludo.out" &&
    ! grep -q 'advantage to player 2' "$tmp/ludo.out" &&
    ok "analyze of four players: every seat, and the first player against one game in four" ||
    fail "analyze of four players: every seat, and the first player against one game in four" "$tmp/ludo.out"

# ---- Ctrl-C: the partial summary -------------------------------------------------
# In the foreground (a background job of a script starts with Ctrl-C
# ignored, and tabula keeps it so); timeout sends SIGINT after 2 s, once:
# --foreground, or it would send it to its process group as well, and a
# second SIGINT ends tabula at once, as a second Ctrl-C does.
timeout --foreground --preserve-status -s INT 2 "$TABULA" playout coc-inbert -n 1000000000 -j 2 >"$tmp/int.out" 2>"$tmp/int.err"
code=$?
expect_exit "Ctrl-C stops a run with exit 130" 130 $code "$tmp/int.err"
grep -q -E '^interrupted: [0-9]+ of 1000000000 games done; the figures below are for those$' "$tmp/int.out" &&
    grep -q -E '^games: +[0-9]+ \(seed 1\)$' "$tmp/int.out" && ok "Ctrl-C prints the partial summary" ||
    fail "Ctrl-C prints the partial summary" "$tmp/int.out"

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
