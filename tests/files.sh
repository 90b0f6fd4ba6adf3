#!/bin/sh
# files.sh - regression tests of issue 26, "files lost or damaged":
#   - an output never overwrites an input: every option that writes a file
#     (play --record, --resume and `save`, replay --html, render -o and
#     --output, match --records, analyze --svg) is refused with exit 2 when it
#     names the rule file, a base it extends, the record or the position read:
#     by another spelling, a hard link or a symbolic link too, and before
#     anything is written;
#   - a write error on standard output (here /dev/full) fails every command
#     with exit 2 and says why, instead of exit 0 with the output lost;
#   - fmt --write (and render -o) through a symbolic link keeps the link and
#     rewrites the file it points to;
#   - a NUL in a YAML string ("\0", "\x00", "\u0000") is a located error in
#     records, positions and scenarios, not a string cut short; an unknown
#     escape in a rule file string is an error that fmt --write does not
#     "fix" (the messages are in tests/broken/unknown-escape.expected).
#
# TABULA and srcdir come from `make check`; alone, run it from the source
# root after `make` (TABULA defaults to ./tabula, srcdir to .).

TEST=files
. "${srcdir:-.}/tests/common.sh"

# t ARGS...: runs tabula in $tmp/w (stdin from /dev/null unless redirected by
# the caller, with a time limit); $code, $tmp/out, $tmp/err.
t() {
    if command -v timeout >/dev/null 2>&1; then
        (cd "$tmp/w" && timeout 60 "$TABULA" "$@") >"$tmp/out" 2>"$tmp/err"
    else
        (cd "$tmp/w" && "$TABULA" "$@") >"$tmp/out" 2>"$tmp/err"
    fi
    code=$?
}

# expect NAME CODE [LINE]: the last run exited CODE and LINE is a whole line of stderr.
expect() {
    if [ "$code" = "$2" ] && { [ -z "$3" ] || grep -qxF -- "$3" "$tmp/err"; }; then
        pass "$1"
    else
        printf "  exit %s (expected %s)%s\n" "$code" "$2" "${3:+, stderr should hold the line: $3}"
        fail "$1"
    fi
}

# unchanged NAME FILE: FILE in $tmp/w is still the rule file it was.
unchanged() {
    if cmp -s "$tmp/w/$2" rulesets/breakthrough.game; then pass "$1"; else fail "$1"; fi
}

mkdir "$tmp/w" || exit 2
w=$tmp/w
fresh() { cp rulesets/breakthrough.game "$w/b.game"; }
fresh

# ---- outputs never overwrite inputs ---------------------------------------------
# Before: each of these exited 0 and left the input replaced by the output.

t play b.game --p1 random --quiet --seed 1 --record b.game
expect "play --record naming the rule file: exit 2" 2 \
    "tabula play: error: --record b.game is the rule file b.game; refusing to overwrite an input"
unchanged "play --record naming the rule file: the rule file is left alone" b.game

t play b.game --p1 random --quiet --seed 1 --record ./b.game
expect "play --record ./b.game for b.game: the same file" 2 \
    "tabula play: error: --record ./b.game is the rule file b.game; refusing to overwrite an input"

ln "$w/b.game" "$w/hard.game"
t play b.game --p1 random --quiet --seed 1 --record hard.game
expect "play --record naming a hard link to the rule file" 2 \
    "tabula play: error: --record hard.game is the rule file b.game; refusing to overwrite an input"
rm -f "$w/hard.game"

ln -s b.game "$w/link.game"
t play b.game --p1 random --quiet --seed 1 --record link.game
expect "play --record naming a symbolic link to the rule file" 2 \
    "tabula play: error: --record link.game is the rule file b.game; refusing to overwrite an input"
unchanged "play --record through a link: the rule file is left alone" b.game
[ -L "$w/link.game" ] && pass "play --record through a link: the link is left alone" ||
    fail "play --record through a link: the link is left alone"

printf '(variant "Breakthrough again" (extends "b.game"))\n' >"$w/v.game"
t play v.game --p1 random --quiet --seed 1 --record b.game
expect "play --record naming the base a variant extends" 2 \
    "tabula play: error: --record b.game is the base rule file b.game; refusing to overwrite an input"
unchanged "play --record naming the base: the base is left alone" b.game

printf 'save b.game\nsave ./link.game\nsave kept.yaml\nquit\n' >"$tmp/in"
t play b.game --quiet --seed 1 <"$tmp/in"
if [ "$code" = 0 ] &&
    grep -qxF "tabula play: error: save b.game is the rule file b.game; refusing to overwrite an input" "$tmp/err" &&
    grep -qxF "tabula play: error: save ./link.game is the rule file b.game; refusing to overwrite an input" "$tmp/err" &&
    grep -qxF "saved the game (0 moves) to kept.yaml" "$tmp/out"; then
    pass "save at the prompt refuses the rule file (by any name) and goes on"
else
    cat "$tmp/out";     fail "save at the prompt refuses the rule file (by any name) and goes on"
fi
unchanged "save at the prompt: the rule file is left alone" b.game

# --resume writes the game back to its record: that is the point of it.
printf 'quit\n' >"$tmp/in"
t play b.game --record going.yaml --quiet --seed 1 <"$tmp/in"
t play --resume going.yaml --p1 random --quiet --record b.game
expect "play --resume --record naming the record's rule file" 2 \
    "tabula play: error: --record b.game is the rule file b.game; refusing to overwrite an input"
t play --resume going.yaml --p1 random --quiet
if [ "$code" = 0 ] && grep -qx 'result: "win [12]"' "$w/going.yaml"; then
    pass "play --resume still writes the game back to its own record"
else
    fail "play --resume still writes the game back to its own record"
fi

t play b.game --p1 random --p2 random --quiet --seed 1 --record r.yaml
cp "$w/r.yaml" "$w/r.orig"
t replay b.game r.yaml --html r.yaml
expect "replay --html naming the record: exit 2" 2 \
    "tabula replay: error: --html r.yaml is the record r.yaml; refusing to overwrite an input"
cmp -s "$w/r.yaml" "$w/r.orig" && pass "replay --html naming the record: the record is left alone" ||
    fail "replay --html naming the record: the record is left alone"
t replay r.yaml --html ./b.game
expect "replay --html naming the rule file the record names" 2 \
    "tabula replay: error: --html ./b.game is the rule file b.game; refusing to overwrite an input"
unchanged "replay --html naming the rule file: the rule file is left alone" b.game

t render b.game -o b.game
expect "render -o naming the rule file: exit 2" 2 \
    "tabula render: error: -o b.game is the rule file b.game; refusing to overwrite an input"
t render b.game --output link.game
expect "render --output naming a link to the rule file" 2 \
    "tabula render: error: --output link.game is the rule file b.game; refusing to overwrite an input"
unchanged "render -o and --output: the rule file is left alone" b.game
printf 'to-move: 1\npieces: {a1: "1 pawn", h8: "2 pawn"}\n' >"$w/pos.yaml"
cp "$w/pos.yaml" "$w/pos.orig"
t render b.game --position pos.yaml -o pos.yaml
expect "render -o naming the position" 2 \
    "tabula render: error: -o pos.yaml is the position pos.yaml; refusing to overwrite an input"
cmp -s "$w/pos.yaml" "$w/pos.orig" && pass "render -o naming the position: the position is left alone" ||
    fail "render -o naming the position: the position is left alone"

t render - -o b.game <"$w/b.game"
expect "render - -o naming the file standard input is redirected from" 2 \
    "tabula render: error: -o b.game is the rule file, read from standard input; refusing to overwrite an input"
unchanged "render - -o: the rule file on standard input is left alone" b.game
t replay b.game - --html r.yaml <"$w/r.yaml"
expect "replay - --html naming the record on standard input" 2 \
    "tabula replay: error: --html r.yaml is the record, read from standard input; refusing to overwrite an input"

mkdir "$w/games"
ln "$w/b.game" "$w/games/game-000002.yaml"
t match b.game --p1 random --p2 random -n 4 --records games
expect "match --records over a record that is the rule file: exit 2" 2 \
    "tabula match: error: --records games/game-000002.yaml is the rule file b.game; refusing to overwrite an input"
if [ ! -e "$w/games/game-000001.yaml" ] && [ ! -s "$tmp/out" ]; then
    pass "match --records: refused before any game is played or written"
else
    fail "match --records: refused before any game is played or written"
fi
unchanged "match --records: the rule file is left alone" b.game
t match b.game --p1 random --p2 random -n 1 --records games
expect "match --records: a run whose records miss the rule file plays" 0

mkdir "$w/pictures"
ln -s ../b.game "$w/pictures/branching.svg"
t analyze b.game -n 3 --svg pictures
expect "analyze --svg over a picture that is the rule file: exit 2" 2 \
    "tabula analyze: error: --svg pictures/branching.svg is the rule file b.game; refusing to overwrite an input"
if [ ! -e "$w/pictures/lengths.svg" ] && [ ! -s "$tmp/out" ]; then
    pass "analyze --svg: refused before the games are played"
else
    fail "analyze --svg: refused before the games are played"
fi
unchanged "analyze --svg: the rule file is left alone" b.game

# ---- write errors on standard output --------------------------------------------
# Before: `tabula expand x > out.game` on a full disk left an empty file and
# exited 0. /dev/full fails every write with ENOSPC.
if [ -c /dev/full ] && ! echo x 2>/dev/null >/dev/full; then
    full=$tmp/full.txt
    cat >"$full" <<'EOF'
expand b.game
fmt b.game
moves b.game
info b.game
info --json b.game
perft b.game 2
playout b.game -n 20
test scenario.yaml
reference
replay b.game r.yaml --show
replay b.game r.yaml --html -
play b.game --p1 random --p2 random --quiet --seed 3
play b.game --p1 random --p2 random --quiet --seed 3 --json
match b.game --p1 random --p2 random -n 2
analyze b.game -n 5
render b.game
validate -v b.game
diff b.game b.game --depth 1 --games 2
rules breakthrough
--help
help play
EOF
    printf 'ruleset: breakthrough\ncases:\n  - name: the start\n    expect: {count: 22}\n' >"$w/scenario.yaml"
    while read -r line; do
        # shellcheck disable=SC2086 # the words of the command line
        (cd "$w" && "$TABULA" $line) >/dev/full 2>"$tmp/err"
        code=$?
        expect "tabula $line >/dev/full: exit 2" 2 \
            "tabula: error: cannot write to standard output: No space left on device"
    done <"$full"
    t render b.game
    (cd "$w" && "$TABULA" render b.game --diagnostics-format=json) >/dev/full 2>"$tmp/err"
    code=$?
    expect "render >/dev/full with --diagnostics-format=json: the error in the JSON array" 2 \
        '[{"level":"error","file":"tabula","line":null,"column":null,"end_line":null,"end_column":null,"message":"cannot write to standard output: No space left on device"}]'
else
    echo "SKIP: no /dev/full here: the write errors on standard output are not tested"
fi
(cd "$w" && "$TABULA" validate b.game) >&- 2>"$tmp/err"
code=$?
expect "validate with standard output closed and nothing to write: exit 0" 0
# A closed standard output is not a number free for the record's file to take.
(cd "$w" && "$TABULA" play b.game --p1 random --p2 random --seed 1 --record closed.yaml) >&- 2>"$tmp/err"
code=$?
expect "play with standard output closed: exit 2" 2 "tabula: error: cannot write to standard output: Bad file descriptor"
t replay b.game closed.yaml
expect "play with standard output closed: the record is whole" 0

# ---- writing through a symbolic link --------------------------------------------
# Before: fmt --write replaced the link with a formatted copy and left the
# file it pointed to unformatted.
mkdir "$w/real"
sed 's/^(game "Breakthrough"/(game   "Breakthrough"/' rulesets/breakthrough.game >"$w/real/t.game"
ln -s real/t.game "$w/t.game"
t fmt --write t.game
if [ "$code" = 0 ] && [ -L "$w/t.game" ] && [ "$(readlink "$w/t.game")" = real/t.game ] &&
    cmp -s "$w/real/t.game" rulesets/breakthrough.game; then
    pass "fmt --write through a link: the link stays, the file it points to is formatted"
else
    fail "fmt --write through a link: the link stays, the file it points to is formatted"
fi
: >"$w/real/p.svg"
ln -s real/p.svg "$w/p.svg"
t render b.game -o p.svg
if [ "$code" = 0 ] && [ -L "$w/p.svg" ] && grep -q '<svg' "$w/real/p.svg"; then
    pass "render -o through a link: the link stays, the file it points to is the picture"
else
    fail "render -o through a link: the link stays, the file it points to is the picture"
fi

# ---- NUL in YAML strings, unknown escapes in rule files -------------------------
# Before: the text stopped at the NUL: the move below replayed as b2-c3, the
# cell was d4, the scenario loaded breakthrough.
cat >"$w/nul-move.yaml" <<'EOF'
tabula-record: 1
ruleset: breakthrough
moves:
  - "b2-c3\u0000junk"
result: ongoing
EOF
t replay nul-move.yaml
expect "a record move holding \\u0000: exit 1, located" 1 \
    "nul-move.yaml:4:5: error: a NUL character (\\0, \\x00 or \\u0000) in a YAML string is not allowed"

cat >"$w/nul-game.yaml" <<'EOF'
tabula-record: 1
ruleset:
  name: "Breakthrough\x00 or another game"
  path: "b.game"
moves: []
result: ongoing
EOF
t replay nul-game.yaml
expect "a record's game name holding \\x00: exit 1, located" 1 \
    "nul-game.yaml:3:9: error: a NUL character (\\0, \\x00 or \\u0000) in a YAML string is not allowed"

printf 'to-move: 1\npieces: {"d4\\0zz": "1 pawn"}\n' >"$w/nul-cell.yaml"
t moves b.game --position nul-cell.yaml
expect "a position cell holding \\0: exit 1, located" 1 \
    "nul-cell.yaml:2:10: error: a NUL character (\\0, \\x00 or \\u0000) in a YAML string is not allowed"

printf 'ruleset: "breakthrough\\u0000x"\ncases:\n  - name: the start\n    expect: {count: 22}\n' >"$w/nul-ruleset.yaml"
t test nul-ruleset.yaml
expect "a scenario's ruleset holding \\u0000: exit 1, located" 1 \
    "nul-ruleset.yaml:1:10: error: a NUL character (\\0, \\x00 or \\u0000) in a YAML string is not allowed"

sed 's/^(game "Breakthrough"/(game "Breakthrough\\u0000"/' rulesets/breakthrough.game >"$w/escape.game"
cp "$w/escape.game" "$w/escape.orig"
t fmt --write escape.game
expect "fmt --write on a string with an unknown escape: exit 1, located" 1 \
    "escape.game:3:20: error: unknown escape \`\\u\` in a string; the escapes are \\\", \\\\, \\n and \\t"
cmp -s "$w/escape.game" "$w/escape.orig" && pass "fmt --write leaves the unknown escape as written" ||
    fail "fmt --write leaves the unknown escape as written"

summary
