#!/bin/sh
# Finding rule files and rules pages in the build tree, and records that
# travel: TABULA_RULESETS first, then the data directory, TABULA_PATH, and the
# source tree of this uninstalled build; a record names a bundled game by its
# name and another file by its path from the record, so that a directory
# holding both replays anywhere. (tests/installed.sh checks the installed
# program: its data directory first, never the source tree.)
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-paths.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 20; }
srcdir=$(cd "$srcdir" && pwd)
# title FILE-OR-NAME: the title tabula loads, from the JSON of info
title() {
    "$TABULA" info "$1" --json 2>/dev/null | sed -n 's/^{"file":"[^"]*","path":"[^"]*","name":"\([^"]*\)".*/\1/p'
}
# the data directory the program was configured with, from its --help
datadir=$("$TABULA" --help | sed -n 's|^  \(/.*\)/rulesets/\*\.game.*|\1|p')
[ -n "$datadir" ] && ok || fail "tabula --help names its data directory"

# A user's games: a copy of the race example under other names and titles.
mkdir -p "$tmp/games" "$tmp/more" "$tmp/override"
sed 's/(game "Race"/(game "My race"/' "$srcdir/docs/examples/race.game" >"$tmp/games/myrace.game"
printf '# My race\n\nRule 1: run.\n' >"$tmp/games/myrace.md"
sed 's/(game "Race"/(game "Another race"/' "$srcdir/docs/examples/race.game" >"$tmp/more/another.game"
sed 's/(game "Coc-Inbert"/(game "Override"/' "$srcdir/rulesets/coc-inbert.game" >"$tmp/override/coc-inbert.game"
sed 's/(game "Coc-Inbert"/(game "Impostor"/' "$srcdir/rulesets/coc-inbert.game" >"$tmp/games/coc-inbert.game"

(
    unset TABULA_RULESETS TABULA_PATH
    [ "$(title coc-inbert)" = Coc-Inbert ] && echo ok || echo "FAIL: a bundled name without any variable"
    [ -z "$(title myrace)" ] && echo ok || echo "FAIL: myrace is found without TABULA_PATH"
    export TABULA_PATH="$tmp/games::$tmp/more"
    [ "$(title myrace)" = "My race" ] && echo ok || echo "FAIL: TABULA_PATH finds a user's game"
    [ "$(title another)" = "Another race" ] && echo ok || echo "FAIL: the second directory of TABULA_PATH"
    "$TABULA" --help | grep -q 'another, .*myrace' && echo ok || echo "FAIL: --help lists the games of TABULA_PATH"
    "$TABULA" rules myrace | grep -q '^# My race' && echo ok || echo "FAIL: rules finds NAME.md beside NAME.game"
    # The data directory comes before TABULA_PATH, the source tree after it.
    if [ -f "$datadir/rulesets/coc-inbert.game" ]; then
        [ "$(title coc-inbert)" = Coc-Inbert ] && echo ok || echo "FAIL: the data directory before TABULA_PATH"
    else
        [ "$(title coc-inbert)" = Impostor ] && echo ok || echo "FAIL: TABULA_PATH before the source tree"
    fi
    [ "$(TABULA_RULESETS="$tmp/override" title coc-inbert)" = Override ] && echo ok ||
        echo "FAIL: TABULA_RULESETS comes first"
    [ "$(TABULA_RULESETS="$tmp/override" title turkish)" = "Turkish draughts" ] && echo ok ||
        echo "FAIL: TABULA_RULESETS falls through for the names it lacks"
) >"$tmp/env.out" 2>&1
while read -r line; do
    case $line in ok) ok ;; *) fail "${line#FAIL: }" ;; esac
done <"$tmp/env.out"

# ---- records that travel ---------------------------------------------------------
export TABULA_PATH="$tmp/games"
mkdir -p "$tmp/trip/games" "$tmp/trip/records"
cp "$tmp/games/myrace.game" "$tmp/trip/games/"
# grep_path RECORD WANT: the record's `path:` is WANT
grep_path() {
    got=$(sed -n 's/^  path: "\(.*\)"$/\1/p' "$1")
    [ "$got" = "$2" ] && ok || fail "$3: path \"$got\", expected \"$2\"" "$1"
}
"$TABULA" play coerceo --p1 random --p2 random --seed 4 --quiet --record "$tmp/trip/records/bundled.yaml" >/dev/null 2>&1
grep_path "$tmp/trip/records/bundled.yaml" coerceo "a bundled game by its name"
"$TABULA" play "$srcdir/rulesets/coerceo.game" --p1 random --p2 random --seed 4 --quiet \
    --record "$tmp/trip/records/bundled-path.yaml" >/dev/null 2>&1
grep_path "$tmp/trip/records/bundled-path.yaml" coerceo "a bundled game given by its path, by its name"
"$TABULA" play "$tmp/trip/games/myrace.game" --p1 random --p2 random --seed 4 --quiet \
    --record "$tmp/trip/records/mine.yaml" >/dev/null 2>&1
grep_path "$tmp/trip/records/mine.yaml" ../games/myrace.game "a user's file, relative to the record"
(cd "$tmp/trip/games" && "$TABULA" play myrace.game --p1 random --p2 random --seed 4 --quiet --record here.yaml >/dev/null 2>&1)
grep_path "$tmp/trip/games/here.yaml" myrace.game "a file beside the record"
"$TABULA" play myrace --p1 random --p2 random --seed 4 --quiet --record "$tmp/trip/records/named.yaml" >/dev/null 2>&1
grep_path "$tmp/trip/records/named.yaml" myrace "a game of TABULA_PATH by its name"
# The trip: the directory moves, the records replay from anywhere, without FILE.
mv "$tmp/trip" "$tmp/elsewhere"
for r in records/bundled records/bundled-path records/mine games/here; do
    (cd / && "$TABULA" replay "$tmp/elsewhere/$r.yaml") >"$tmp/replay.out" 2>&1 && ok ||
        fail "replay of $r.yaml after the move" "$tmp/replay.out"
done
unset TABULA_PATH
(cd / && "$TABULA" replay "$tmp/elsewhere/records/named.yaml") >"$tmp/replay.out" 2>&1
[ $? -eq 1 ] && grep -q 'unknown ruleset' "$tmp/replay.out" && ok ||
    fail "a record naming a game nowhere on the path: a located error" "$tmp/replay.out"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
