#!/bin/sh
# valid.sh - the bundled rule files and the documentation's games are valid:
# `tabula validate` exits 0 and prints nothing; `validate -v` prints one line
# per file; `info --json` prints valid JSON; and the language reference in
# docs/language.md is the one `tabula reference` generates (`make reference`
# refreshes it).
#
# TABULA and srcdir come from `make check`; alone, run it from the source
# root after `make` (TABULA defaults to ./tabula, srcdir to .).

TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
case $TABULA in /*) ;; *) TABULA=$(pwd)/$TABULA ;; esac

cd "$srcdir" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-valid.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

passed=0
failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }

files="rulesets/*.game docs/examples/*.game"

# Each file alone: exit 0, nothing on stdout or stderr.
for file in $files; do
    "$TABULA" validate "$file" >"$tmp/out" 2>"$tmp/err"
    code=$?
    if [ "$code" = 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; then
        pass "validate $file"
    else
        fail "validate $file"
        echo "  exit code $code; stdout and stderr:"
        cat "$tmp/out" "$tmp/err" | sed 's/^/  /'
    fi
done

# All at once with -v: one "FILE: ok: ..." line per file, in order.
# shellcheck disable=SC2086 # the globs are meant to expand
"$TABULA" validate -v $files >"$tmp/out" 2>"$tmp/err"
code=$?
for file in $files; do echo "$file"; done >"$tmp/want"
sed 's/: ok: .*//' "$tmp/out" >"$tmp/got"
if [ "$code" = 0 ] && [ ! -s "$tmp/err" ] && diff "$tmp/want" "$tmp/got" >/dev/null &&
    [ "$(grep -c ': ok: "' "$tmp/out")" = "$(wc -l <"$tmp/want" | tr -d ' ')" ]; then
    pass "validate -v"
else
    fail "validate -v"
    echo "  exit code $code; output:"
    cat "$tmp/out" "$tmp/err" | sed 's/^/  /'
fi

# info --json: one JSON object per file, with the fields of the contract.
for file in $files; do
    "$TABULA" info --json "$file" >"$tmp/json" 2>"$tmp/err"
    code=$?
    if command -v python3 >/dev/null 2>&1; then
        python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for key in ("name", "players", "board", "pieces", "options", "hooks"):
    assert key in d, "no " + key
assert d["board"]["cells"] > 0
' "$tmp/json" 2>>"$tmp/err"
        ok=$?
    else
        # Without python3: one line, an object, with the fields in order.
        [ "$(wc -l <"$tmp/json" | tr -d ' ')" = 1 ] &&
            grep -q '^{"name":".*","players":\[.*\],"board":{.*"cells":[1-9][0-9]*.*},"pieces":\[.*\],"options":\[.*\],"hooks":\[.*\]}$' "$tmp/json"
        ok=$?
    fi
    if [ "$code" = 0 ] && [ "$ok" = 0 ]; then
        pass "info --json $file"
    else
        fail "info --json $file"
        echo "  exit code $code; output:"
        cat "$tmp/json" "$tmp/err" | sed 's/^/  /'
    fi
done

# Every complete file of docs/language.md (```game blocks: the tutorial and
# the cookbook) is valid, read from a directory that also holds the files of
# docs/examples/ (a variant there may extend one of them); and every file of
# docs/examples/ is one of those blocks, word for word.
cp docs/examples/*.game "$tmp/"
awk -v dir="$tmp" '/^```game$/ { n++; file = sprintf("%s/snippet%02d.game", dir, n); next }
                   /^```/ { file = "" }
                   file != "" { print > file }' docs/language.md
snippets=$(ls "$tmp"/snippet*.game 2>/dev/null)
if [ -z "$snippets" ]; then
    fail "complete files in docs/language.md"
    echo "  no \`\`\`game block found"
fi
for snippet in $snippets; do
    name="docs/language.md $(basename "$snippet" .game)"
    if "$TABULA" validate "$snippet" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; then
        pass "$name"
    else
        fail "$name"
        cat "$tmp/out" "$tmp/err" | sed 's/^/  /'
    fi
done
for example in docs/examples/*.game; do
    shown=
    for snippet in $snippets; do cmp -s "$snippet" "$example" && shown=1; done
    if [ -n "$shown" ]; then
        pass "$example is shown in docs/language.md"
    else
        fail "$example is shown in docs/language.md (as a \`\`\`game block, word for word)"
    fi
done
# The tables section builds rulesets/backgammon.game: it shows the bundled file.
shown=
for snippet in $snippets; do cmp -s "$snippet" rulesets/backgammon.game && shown=1; done
if [ -n "$shown" ]; then
    pass "rulesets/backgammon.game is shown in docs/language.md"
else
    fail "rulesets/backgammon.game is shown in docs/language.md (the tables section, word for word)"
fi

# The reference embedded in docs/language.md is the generated one.
"$TABULA" reference >"$tmp/reference" 2>"$tmp/err"
code=$?
awk '/<!-- reference:end -->/ { inside = 0 } inside { print } /<!-- reference:begin -->/ { inside = 1 }' \
    docs/language.md >"$tmp/embedded"
if [ "$code" = 0 ] && [ -s "$tmp/reference" ] && diff -u "$tmp/embedded" "$tmp/reference" >"$tmp/diff"; then
    pass "reference in docs/language.md"
else
    fail "reference in docs/language.md (run \`make reference\`)"
    sed 's/^/  /' "$tmp/diff" "$tmp/err" | head -40
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
