#!/bin/sh
# The program's surface, for every command it lists (so a command added to
# the table in src/cli/main.c is covered without touching this file):
# `tabula help CMD` is `tabula CMD --help`; unknown flags, flags missing
# their value, bad --diagnostics-format values and unknown commands exit 2
# with a message; --version names the licence; `tabula rules GAME` prints
# every bundled game's rules page; every number of the command line is read
# one way, with one message; a file that cannot be read says why, its path
# shortened when long.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-cli.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2"; }

# expect_usage NAME ARGS...: exit 2, a message on stderr naming an error, nothing on stdout.
expect_usage() {
    name=$1
    shift
    "$TABULA" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    code=$?
    if [ "$code" -ne 2 ]; then fail "$name: exit $code, expected 2" "$tmp/err"; return; fi
    if ! grep -q 'error: ' "$tmp/err"; then fail "$name: no error message" "$tmp/err"; return; fi
    if [ -s "$tmp/out" ]; then fail "$name: printed on stdout" "$tmp/out"; return; fi
    ok
}

commands=$("$TABULA" --help | awk '/^Commands:$/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
[ -n "$commands" ] || { echo "FAIL: tabula --help lists no commands"; exit 1; }
echo "commands: $(echo $commands)"

# ---- help ------------------------------------------------------------------
for c in $commands; do
    "$TABULA" help "$c" >"$tmp/help" 2>&1 || fail "tabula help $c exits non-zero" "$tmp/help"
    "$TABULA" "$c" --help >"$tmp/own" 2>&1 || fail "tabula $c --help exits non-zero" "$tmp/own"
    if cmp -s "$tmp/help" "$tmp/own"; then ok; else fail "tabula help $c differs from tabula $c --help"; fi
    grep -q "^usage: tabula $c" "$tmp/help" && ok || fail "tabula help $c has no usage line" "$tmp/help"
done
"$TABULA" help >"$tmp/a" && "$TABULA" --help >"$tmp/b" && cmp -s "$tmp/a" "$tmp/b" && ok ||
    fail "tabula help is tabula --help"
expect_usage "help of an unknown command" help no-such-command
expect_usage "an unknown command" no-such-command
expect_usage "an unknown global flag" --no-such-flag
expect_usage "no command at all"

# ---- --version ---------------------------------------------------------------
"$TABULA" --version >"$tmp/v" 2>&1
grep -q '^tabula [0-9]' "$tmp/v" && grep -q 'License MIT' "$tmp/v" && ok || fail "--version names the version and the MIT licence" "$tmp/v"
[ -f "$srcdir/LICENSE" ] && grep -q '^MIT License' "$srcdir/LICENSE" && ok || fail "LICENSE holds the MIT licence"

# ---- bad input: every command ------------------------------------------------
# Each command with its flags as its help lists them (tabula __complete).
for c in $commands; do
    [ "$c" = help ] && continue
    expect_usage "$c --no-such-flag" "$c" coc-inbert --no-such-flag
    expect_usage "$c --diagnostics-format=xml" "$c" coc-inbert --diagnostics-format=xml
    expect_usage "$c --diagnostics-format without a value" "$c" --diagnostics-format
    # A flag that takes a value, given last without one.
    for flag in $("$TABULA" __complete "$c" --); do
        case $flag in --diagnostics-format | --help) continue ;; esac
        values=$("$TABULA" help "$c" | grep -E -o -- "(^| |\[)$flag[ =][A-Z][A-Za-z0-9.=_]*" | head -n 1)
        [ -n "$values" ] || continue
        expect_usage "$c $flag without its value" "$c" coc-inbert "$flag"
    done
done
expect_usage "--option without =" validate coc-inbert --option width
expect_usage "play --seed not a number" play coc-inbert --seed x --p1 random
expect_usage "perft depth out of range" perft coc-inbert 21
expect_usage "playout -n not a number" playout coc-inbert -n -3
expect_usage "play --p1 unknown agent" play coc-inbert --p1 minimax
expect_usage "rules of a path" rules ../rulesets/coc-inbert.game

# ---- rules pages ------------------------------------------------------------
for f in "$srcdir"/rulesets/*.game; do
    g=$(basename "$f" .game)
    "$TABULA" rules "$g" >"$tmp/page" 2>&1
    if [ $? -eq 0 ] && head -n 1 "$tmp/page" | grep -q '^# ' && cmp -s "$tmp/page" "$srcdir/docs/rules/$g.md"; then
        ok
    else
        fail "tabula rules $g prints docs/rules/$g.md" "$tmp/page"
    fi
done
expect_usage "rules of an unknown game" rules no-such-game
"$TABULA" rules coc-inbrt 2>"$tmp/err" >/dev/null
grep -q 'did you mean `coc-inbert`' "$tmp/err" && ok || fail "rules suggests the nearest game" "$tmp/err"

# ---- numbers: one reader, one message ----------------------------------------
# expect_message NAME EXIT 'STDERR' ARGS...: the exit code and stderr exactly.
expect_message() {
    name=$1 want_exit=$2 want=$3
    shift 3
    "$TABULA" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    code=$?
    printf '%s\n' "$want" >"$tmp/want"
    if [ "$code" -eq "$want_exit" ] && cmp -s "$tmp/want" "$tmp/err"; then ok; else
        fail "$name: exit $code (expected $want_exit), stderr below, then the expected" "$tmp/err"
        sed 's/^/    want: /' "$tmp/want"
    fi
}
# usage_message NAME COMMAND 'MESSAGE' ARGS...: exit 2 and "tabula COMMAND: error: MESSAGE" with the hint.
usage_message() {
    name=$1 command=$2 message=$3
    shift 3
    expect_message "$name" 2 "tabula $command: error: $message
(see \`tabula $command --help\`)" "$command" "$@"
}
games='expected a whole number from 0 to 1000000000'
usage_message "-n with a leading space" playout "-n: $games, not \` 5\`" coc-inbert -n ' 5'
usage_message "-n with a plus sign" playout "-n: $games, not \`+5\`" coc-inbert -n +5
usage_message "-n with a trailing space" playout "-n: $games, not \`5 \`" coc-inbert -n '5 '
usage_message "-n in hex" match "-n: $games, not \`0x10\`" coc-inbert --p1 random --p2 random -n 0x10
usage_message "-n above its bound" analyze "-n: $games, not \`1000000001\`" coc-inbert -n 1000000001
usage_message "-n last, without its value" playout "-n: $games, and none was given" coc-inbert -n
"$TABULA" playout coc-inbert -n 007 >"$tmp/out" 2>&1 && grep -q '^games: *7 (seed 1)$' "$tmp/out" && ok ||
    fail "-n 007 is 7 games" "$tmp/out"
seeds='expected a whole number from 0 to 18446744073709551615'
"$TABULA" playout coc-inbert -n 2 --seed 18446744073709551615 >"$tmp/out" 2>&1 &&
    grep -q '^games: *2 (seed 18446744073709551615)$' "$tmp/out" && ok || fail "--seed 2^64-1 is a seed" "$tmp/out"
usage_message "--seed 2^64" playout "--seed: $seeds, not \`18446744073709551616\`" coc-inbert --seed 18446744073709551616
usage_message "--seed negative" match "--seed: $seeds, not \`-1\`" coc-inbert --p1 random --p2 random --seed -1
usage_message "play --seed with a space" play "--seed: $seeds, not \` 3\`" coc-inbert --seed ' 3'
usage_message "diff --seed in hex" diff "--seed: $seeds, not \`0x1\`" coc-inbert coc-inbert --seed 0x1
"$TABULA" play coc-inbert --p1 random --p2 random --seed 18446744073709551615 --quiet >"$tmp/out" 2>&1 &&
    grep -q 'seed 18446744073709551615$' "$tmp/out" && ok || fail "play --seed 2^64-1" "$tmp/out"
usage_message "-j 0" playout "-j: expected a whole number from 1 to 256, not \`0\`" coc-inbert -j 0
usage_message "--jobs=+2" perft "--jobs: expected a whole number from 1 to 256, not \`+2\`" coc-inbert 3 --jobs=+2
usage_message "--shard with a sign" playout "--shard: expected K/N, shard K of N with 1 <= K <= N <= 4096, not \`+1/4\`" \
    coc-inbert --shard +1/4
usage_message "--shard with a space" playout "--shard: expected K/N, shard K of N with 1 <= K <= N <= 4096, not \`1/ 4\`" \
    coc-inbert --shard '1/ 4'
usage_message "perft DEPTH in hex" perft "DEPTH: expected a whole number from 1 to 20, not \`0x3\`" coc-inbert 0x3
usage_message "perft DEPTH with a plus" perft "DEPTH: expected a whole number from 1 to 20, not \`+3\`" coc-inbert +3
usage_message "--max-moves 0" analyze "--max-moves: expected a whole number from 1 to 100000, not \`0\`" coc-inbert --max-moves 0
usage_message "diff --depth 21" diff "--depth: expected a whole number from 0 to 20, not \`21\`" coc-inbert coc-inbert --depth 21
usage_message "--dice not a roll" moves "--dice: expected the values of a roll, like 6,5 (1 to 6 values from 0 to 255), not \`6,+5\`" \
    coc-inbert --dice 6,+5
usage_message "--dice last, without its value" perft "--dice: expected the values of a roll, like 6,5 (1 to 6 values from 0 to 255), and none was given" \
    coc-inbert 2 --dice
usage_message "play --seed= empty" play "--seed: $seeds, not \`\`" coc-inbert --seed=
durations='expected a duration from 1ms to 3600s, like 0.5s, 200ms or 2'
usage_message "--time 1e-300" play "--time: $durations, not \`1e-300\`" coc-inbert --time 1e-300
usage_message "--time under 1 ms" play "--time: $durations, not \`0.0009\`" coc-inbert --time 0.0009
usage_message "--time in hex" play "--time: $durations, not \`0x10s\`" coc-inbert --time 0x10s
usage_message "--time inf" play "--time: $durations, not \`inf\`" coc-inbert --time inf
usage_message "--time nan" play "--time: $durations, not \`nan\`" coc-inbert --time nan
usage_message "--time above an hour" play "--time: $durations, not \`3601\`" coc-inbert --time 3601
usage_message "an agent's time in hex" match "--p1: in agent \`mcts:time=0x10s\`: time: $durations, not \`0x10s\`" \
    coc-inbert --p1 mcts:time=0x10s --p2 random
usage_message "an agent's time of 1e-300" play "--p1: in agent \`alphabeta:time=1e-300\`: time: $durations, not \`1e-300\`" \
    coc-inbert --p1 alphabeta:time=1e-300
usage_message "an agent's depth with a sign" match "--p2: in agent \`alphabeta:+2\`: depth: expected a whole number from 1 to 12, not \`+2\`" \
    coc-inbert --p1 random --p2 alphabeta:+2
"$TABULA" play coc-inbert --p1 mcts:20 --p2 random --time 200ms --seed 1 --quiet >"$tmp/out" 2>&1 &&
    grep -q '^result: ' "$tmp/out" && ok || fail "--time 200ms is a duration" "$tmp/out"
long=$(printf 'x%.0s' $(seq 1 3000))
usage_message "a long value is echoed shortened" playout \
    "-n: $games, not \`$(printf '%.40s' "$long")...$(printf '%.40s' "$long")\`" coc-inbert -n "$long"

# ---- files: the real reason, and long paths shortened ------------------------
ln -s loop-b "$tmp/loop-a" && ln -s loop-a "$tmp/loop-b"
expect_message "validate: a loop of symbolic links" 2 "$tmp/loop-a: error: cannot open: Too many levels of symbolic links" \
    validate "$tmp/loop-a"
expect_message "fmt: a loop of symbolic links" 2 "$tmp/loop-a: error: cannot open: Too many levels of symbolic links" \
    fmt "$tmp/loop-a"
expect_message "info: a loop of symbolic links" 2 "$tmp/loop-a: error: cannot open: Too many levels of symbolic links" \
    info "$tmp/loop-a"
longname=$(printf 'a%.0s' $(seq 1 300)).game
short=$(printf '%s\n' "$tmp/$longname" | awk '{ print substr($0, 1, 40) "..." substr($0, length($0) - 39) }')
expect_message "validate: a name too long, echoed shortened" 2 "$short: error: cannot open: File name too long" \
    validate "$tmp/$longname"
expect_message "merge: a name too long, echoed shortened" 2 "$short: error: cannot open: File name too long" \
    merge "$tmp/$longname"
# A path of 160 characters is echoed whole.
whole=$(printf '%s/%0*d.game' "$tmp" $((160 - ${#tmp} - 6)) 0)
expect_message "a path of 160 characters is echoed whole" 2 "$whole: error: no such rule file (and no bundled game of that name)" \
    validate "$whole"
mkfifo "$tmp/fifo.game" && mkdir "$tmp/dir.game"
for base in fifo.game:"a FIFO (named pipe)" dir.game:"a directory" /dev/null:"a character device"; do
    file=${base%%:*}
    printf '(variant "V"\n  (extends "%s"))\n' "$file" >"$tmp/v.game"
    expect_message "extends of $file says what it is" 1 "$tmp/v.game:2:12: error: the rule file this variant extends is ${base#*:}, not a regular file
    2 |   (extends \"$file\"))
      |            ^$(printf '%*s' ${#file} '' | tr ' ' '~')~" validate "$tmp/v.game"
done
printf '(variant "V"\n  (extends "./loop-a"))\n' >"$tmp/v.game"
expect_message "extends of a loop of links names it" 1 "$tmp/v.game:2:12: error: cannot open the rule file this variant extends: Too many levels of symbolic links
    2 |   (extends \"./loop-a\"))
      |            ^~~~~~~~~~" validate "$tmp/v.game"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
