#!/bin/sh
# The program's surface, for every command it lists (so a command added to
# the table in src/cli/main.c is covered without touching this file):
# `tabula help CMD` is `tabula CMD --help`; unknown flags, flags missing
# their value, bad --diagnostics-format values and unknown commands exit 2
# with a message; --version names the licence; `tabula rules GAME` prints
# every bundled game's rules page.
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
# The bundled copies of the shared folder's pages, where the folder is at hand.
if [ -d "$srcdir/../shared/rules" ]; then
    for f in "$srcdir"/../shared/rules/*.md; do
        cmp -s "$f" "$srcdir/docs/rules/$(basename "$f")" && ok || fail "docs/rules/$(basename "$f") differs from the shared folder's"
    done
fi
expect_usage "rules of an unknown game" rules no-such-game
"$TABULA" rules coc-inbrt 2>"$tmp/err" >/dev/null
grep -q 'did you mean `coc-inbert`' "$tmp/err" && ok || fail "rules suggests the nearest game" "$tmp/err"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
