#!/bin/sh
# bounded.sh - regression tests of the unbounded time and memory of issue 26
# in `play`, `replay` and the agents:
#   - `play` cuts off a game that may never end (--max-moves, default 10000,
#     as `match`), a draw said as such on stdout, in --json and in the record,
#     which replay checks; a long game costs a few dozen bytes per move;
#   - every input line that plays no move (undo, hint, save, help, blank
#     lines...) counts towards the 1000 lines after which play gives up;
#   - --record appends a line per move, and a record killed in the middle of
#     a game is a whole record that replays and resumes;
#   - replay --html writes its page as it goes, a page that grows with the
#     moves and not with the board times the moves;
#   - match and analyze refuse agents and -j whose search memory cannot fit
#     in the machine's memory.
# No timing is asserted: the timeouts only catch a hang.
#
# TABULA and srcdir come from `make check`; alone, run it from the source
# root after `make` (TABULA defaults to ./tabula, srcdir to .).

TEST=bounded
. "${srcdir:-.}/tests/common.sh"
SHUTTLE=$(pwd)/tests/bounded/shuttle.game

# has NAME FILE TEXT: FILE holds the line TEXT (whole).
has() {
    if grep -qxF -- "$3" "$2"; then pass "$1"; else
        echo "  $2 has no line: $3"
        fail "$1"
    fi
}

# max_rss_kb ARGS...: the peak memory of tabula ARGS in KB (empty without GNU time).
max_rss_kb() {
    [ -x /usr/bin/time ] || return 0
    /usr/bin/time -f '%M' -o "$tmp/rss" "$TABULA" "$@" >/dev/null 2>&1 </dev/null
    tail -n 1 "$tmp/rss"
}

# ---- a game that never ends is cut off ----------------------------------------
# Before: two agents on it made 758,000 moves and 2.9 GB in 60 s, and went on.
t 20 validate "$SHUTTLE"
if [ "$code" = 0 ] && [ ! -s "$tmp/err" ]; then pass "validate accepts the never-ending game without a warning"
else fail "validate accepts the never-ending game without a warning (exit $code)"; fi

t 60 play "$SHUTTLE" --p1 random --p2 random --seed 1 --quiet
expect "a never-ending game ends (exit 0)" 0
has "it is cut off at 10000 moves by default, the reason printed" "$tmp/out" \
    "a draw: the game was cut off after 10000 moves (--max-moves)"
has "a game cut off is a draw" "$tmp/out" "result: draw"

t 60 play "$SHUTTLE" --p1 random --p2 random --seed 1 --quiet --max-moves 50 --record "$tmp/cut.yaml"
expect "--max-moves 50 ends the game (exit 0)" 0
has "the game is cut off after 50 moves" "$tmp/out" "a draw: the game was cut off after 50 moves (--max-moves)"
has "the record says where the game was cut off" "$tmp/cut.yaml" "cut-off: 50"
has "the record's result is a draw" "$tmp/cut.yaml" 'result: "draw"'
if [ "$(grep -c '^  - ' "$tmp/cut.yaml")" = 50 ]; then pass "the record holds the 50 moves"
else fail "the record holds the 50 moves"; fi
t 60 replay "$tmp/cut.yaml"
expect "the record of a game cut off replays" 0
has "replay gives the reason" "$tmp/out" "a draw: the game was cut off after 50 moves (--max-moves)"

# Resumed with a smaller --max-moves: cut off at once, after the moves it has.
{ grep -v '^cut-off: \|^result: ' "$tmp/cut.yaml"; echo 'result: "ongoing"'; } >"$tmp/resumed.yaml"
t 60 play --resume "$tmp/resumed.yaml" --max-moves 10 --quiet
has "a game resumed past --max-moves is cut off at once" "$tmp/out" \
    "a draw: the game was cut off after 50 moves (--max-moves)"
t 20 replay "$tmp/resumed.yaml"
expect "and its record replays" 0

t 60 play "$SHUTTLE" --p1 random --p2 random --seed 1 --quiet --max-moves 5 --json
expect "--json of a game cut off (exit 0)" 0
if grep -q '"result":"draw","resigned":0,"cut_off":5,' "$tmp/out"; then pass "--json says where the game was cut off"
else fail "--json says where the game was cut off"; fi

t 60 match "$SHUTTLE" --p1 random --p2 random -n 2 --max-moves 30 --records "$tmp/match"
expect "a match of never-ending games ends (exit 0)" 0
has "its games are cut off" "$tmp/match/game-000002.yaml" "cut-off: 30"
t 20 replay "$tmp/match/game-000002.yaml"
expect "match's record of a game cut off replays" 0
has "as a draw by --max-moves" "$tmp/out" "a draw: the game was cut off after 30 moves (--max-moves)"

t 20 play "$SHUTTLE" --p1 random --p2 random --max-moves 0
expect "--max-moves 0 is a usage error" 2 "tabula play: error: --max-moves: expected a whole number from 1 to 100000, not \`0\`"

sed 's/^cut-off: 50$/cut-off: 49/' "$tmp/cut.yaml" >"$tmp/cut49.yaml"
t 20 replay "$tmp/cut49.yaml"
expect "a cut-off that is not the number of moves is an error" 1 \
    "cut49.yaml:62:10: error: the game was cut off after 49 moves, but the record has 50"
sed 's/^result: "draw"$/result: "win 1"/' "$tmp/cut.yaml" >"$tmp/cutwin.yaml"
t 20 replay "$tmp/cutwin.yaml"
expect "a game cut off and won is an error" 1 \
    "cutwin.yaml:63:9: error: the recorded result is \`win 1\`, but a game cut off is a draw"

# A few dozen bytes per move: 100,000 moves took 380 MB before (a snapshot of
# the position per move), about 8 MB now; 64 MB leaves room for any libc.
rss=$(max_rss_kb play "$SHUTTLE" --p1 random --p2 random --seed 1 --quiet --max-moves 100000)
if [ -z "$rss" ]; then echo "skip: no /usr/bin/time to measure memory"
elif [ "$rss" -lt 65536 ]; then pass "a game of 100,000 moves takes $rss KB"
else fail "a game of 100,000 moves takes $rss KB (more than 64 MB)"; fi

# ---- input that plays no move ends --------------------------------------------
# Before: `yes undo` wrote boards without end (73 MB in 10 s); undo, hint and
# save did not count as lines without a move.
idle_msg="error: 1000 lines of input in a row without a legal move: this input is not moves"
# fed LINES ARGS...: tabula ARGS with standard input the endless pipe LINES
# (a command), as t; $code set outside the pipe's subshell.
fed() {
    lines=$1
    shift
    $lines | { t 120 "$@"; echo "$code" >"$tmp/code"; }
    code=$(cat "$tmp/code")
}
repeat_line() { yes "$line"; }
for line in undo hint "save $tmp/saved.yaml" help "" "   " moves "# a comment"; do
    fed repeat_line play breakthrough --seed 1 --quiet --hint random
    expect "\`yes '$line' | tabula play\` stops with exit 2" 2 "$idle_msg"
done
move_then_undo() { echo a2-a3; yes undo; }
fed move_then_undo play breakthrough --p2 random --seed 1 --quiet
expect "a move, then undo without end, stops with exit 2" 2 "$idle_msg"
fed move_then_undo play breakthrough --p2 random --seed 1 --quiet --record "$tmp/undo.yaml"
t 20 replay "$tmp/undo.yaml"
expect "its record (every move taken back) replays" 0
has "its record holds no move" "$tmp/out" "$tmp/undo.yaml: 0 moves of Breakthrough replayed"

# ---- the record: a line appended per move --------------------------------------
# Before: the whole record was rewritten (temp file, two fsyncs, rename) after
# every move: 2,000 moves took 1.2 s, 32,000 moves 80 s and 6 GB written.
t 60 play "$SHUTTLE" --p1 random --p2 random --seed 1 --quiet --max-moves 2000 --record "$tmp/long.yaml"
expect "a game of 2,000 moves with --record (exit 0)" 0
t 60 replay "$tmp/long.yaml"
expect "its record replays" 0
has "its record holds the 2,000 moves" "$tmp/out" "$tmp/long.yaml: 2000 moves of Shuttle replayed"
ls -a "$tmp" | grep -q '\.tmp\.' && fail "no temp file is left next to the record" ||
    pass "no temp file is left next to the record"

# A move that cannot be appended whole (here the file size limit, as a full
# disk would): its part is cut off again, the record stays whole, exit 2.
( trap '' XFSZ; ulimit -f 2 2>/dev/null && exec "$TABULA" play "$SHUTTLE" --p1 random --p2 random --seed 1 --quiet \
    --max-moves 500 --record "$tmp/full.yaml" ) >"$tmp/out" 2>"$tmp/err"
code=$?
if [ -s "$tmp/full.yaml" ] && [ "$(wc -c <"$tmp/full.yaml")" -le 2048 ]; then
    expect "a record that cannot grow: exit 2" 2 "$tmp/full.yaml: cannot write the record: File too large"
    t 20 replay "$tmp/full.yaml"
    expect "the record left is whole and replays" 0
else
    echo "skip: no file size limit here"
fi

# An ongoing record ends with its moves: killed at any moment, it is whole.
printf 'a2-a3\nh7-h6\nb2-b3\n' >"$tmp/three"
t 20 play breakthrough --p2 human --seed 3 --quiet --record "$tmp/open.yaml" <"$tmp/three"
expect "input ending in a game of humans: exit 2" 2 "end of input while player 2 (human) was to move"
if [ "$(tail -n 1 "$tmp/open.yaml")" = '  - "b2-b3"' ] &&
    [ "$(grep -n '^result: "ongoing"$' "$tmp/open.yaml" | cut -d: -f1)" -lt "$(grep -n '^moves:$' "$tmp/open.yaml" | cut -d: -f1)" ]
then pass "a record under way has its result first and ends with its moves"
else fail "a record under way has its result first and ends with its moves"; fi

# Killed with SIGKILL while it waits for the next move: the moves appended are there.
mkfifo "$tmp/fifo"
"$TABULA" play breakthrough --p2 human --seed 3 --quiet --record "$tmp/killed.yaml" <"$tmp/fifo" >/dev/null 2>&1 &
pid=$!
exec 3>"$tmp/fifo"
printf 'a2-a3\nh7-h6\nb2-b3\ng7-g6\n' >&3
tries=0
while [ "$(grep -c '^  - ' "$tmp/killed.yaml" 2>/dev/null)" != 4 ] && [ $tries -lt 200 ]; do
    sleep 0.1
    tries=$((tries + 1))
done
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
exec 3>&-
t 20 replay "$tmp/killed.yaml"
expect "a record killed in the middle of a game replays" 0
has "it holds every move played" "$tmp/out" "$tmp/killed.yaml: 4 moves of Breakthrough replayed"
t 60 play --resume "$tmp/killed.yaml" --p1 random --p2 random --quiet
expect "it resumes to the end" 0
t 20 replay "$tmp/killed.yaml"
if [ "$code" = 0 ] && grep -qE '^result: (win [12]|draw)$' "$tmp/out"; then pass "the resumed record is finished and replays"
else fail "the resumed record is finished and replays (exit $code)"; fi

# ---- replay --html: a page written as it goes ------------------------------------
# Before: 320,000 moves needed 1.65 GB and made a 345 MB page (every position
# drawn whole); now 60 MB (the record read) and 22 MB.
awk -v path="$SHUTTLE" 'BEGIN { print "tabula-record: 1"; print "ruleset:"; print "  name: \"Shuttle\"";
    printf "  path: \"%s\"\n", path; print "seed: 1"; print "result: \"ongoing\""; print "moves:";
    split("a1-b1 a3-b3 b1-a1 b3-a3", m, " "); for (i = 0; i < 20000; i++) printf "  - \"%s\"\n", m[i % 4 + 1] }' \
    >"$tmp/20k.yaml"
t 60 replay "$tmp/20k.yaml" --html "$tmp/20k.html"
expect "replay --html of 20,000 moves (exit 0)" 0
if [ "$(grep -c '^[kp](\[' "$tmp/20k.html")" = 20001 ]; then pass "the page holds the 20,001 positions"
else fail "the page holds the 20,001 positions"; fi
size=$(wc -c <"$tmp/20k.html")
# Whole pictures took 1,080 bytes a position on this board; the edits take about 70.
if [ "$size" -lt 4000000 ]; then pass "the page of 20,000 moves is $size bytes"
else fail "the page of 20,000 moves is $size bytes (more than 200 a move)"; fi
grep -q '</html>$' "$tmp/20k.html" && pass "the page is whole" || fail "the page is whole"

sed '$s/.*/  - "c1-c2"/' "$tmp/20k.yaml" >"$tmp/bad.yaml"
t 60 replay "$tmp/bad.yaml" --html "$tmp/bad.html"
expect "a record with an illegal last move fails (exit 1)" 1 "bad.yaml:20007:5: error: move 20000 \`c1-c2\` is not legal here"
[ ! -e "$tmp/bad.html" ] && pass "and no page is written" || fail "and no page is written"
ls -a "$tmp" | grep -q '\.tmp\.' && fail "no temp page is left behind" || pass "no temp page is left behind"

# A page (or a picture) is renamed into place: a FIFO or a device there would
# be replaced by a regular file, so it is refused and left alone.
mkfifo "$tmp/page.fifo"
t 20 replay "$tmp/cut.yaml" --html "$tmp/page.fifo"
expect "replay --html onto a FIFO is refused" 2 \
    "tabula replay: error: $tmp/page.fifo: is a FIFO (named pipe), not a regular file: the file is written whole"
[ -p "$tmp/page.fifo" ] && pass "and the FIFO stays" || fail "and the FIFO stays"
t 20 render breakthrough -o "$tmp/page.fifo"
expect "render -o onto a FIFO is refused" 2 "tabula render: error: $tmp/page.fifo: is a FIFO (named pipe), not a regular file"
[ -p "$tmp/page.fifo" ] && pass "and the FIFO stays" || fail "and the FIFO stays"

# ---- agents x threads within the machine's memory ---------------------------------
# Each thread makes its own agents: mcts:1000000 holds a pool of a million
# nodes (about 200 MB). 256 threads of two such agents need about 100 GB.
mem_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)
if [ -n "$mem_kb" ] && [ "$mem_kb" -lt 90000000 ]; then
    t 20 match breakthrough --p1 mcts:1000000 --p2 mcts:1000000 -j 256 -n 1
    expect "match: agents and -j beyond the memory: exit 2" 2 \
        "tabula match: error: -j 256 with mcts:1000000 and mcts:1000000 needs up to "
    if grep -qE "GB for the agents' searches \(256 threads x [0-9]+ MB\), more than this machine's [0-9.]+ GB of memory; use -j [0-9]+ or fewer threads, or smaller budgets" "$tmp/err"
    then pass "the message names the figures and the -j that fits"
    else fail "the message names the figures and the -j that fits"; fi
    t 20 analyze breakthrough --agent mcts:1000000 -j 256 -n 1
    expect "analyze: an agent and -j beyond the memory: exit 2" 2 \
        "tabula analyze: error: -j 256 with mcts:1000000 needs up to "
else
    echo "skip: more than 90 GB of memory, where 256 threads of MCTS fit"
fi
t 60 match breakthrough --p1 random --p2 mcts:20 -j 2 -n 2
expect "match: agents and -j that fit run (exit 0)" 0

summary
