#!/bin/sh
# broken.sh - every rule file in tests/broken/ must be refused by
# `tabula validate` with exit code 1 and exactly the diagnostics of its
# .expected file (paths as tests/broken/NAME.game, run from the source root);
# every rule file in tests/warnings/ is valid, with exactly its warnings.
# Then inputs too large to commit are made in a temporary directory: 100,000
# nested parentheses and a 10 MB file must be refused within seconds.
#
# TABULA and srcdir come from `make check`; alone, run it from the source
# root after `make` (TABULA defaults to ./tabula, srcdir to .).

TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
case $TABULA in /*) ;; *) TABULA=$(pwd)/$TABULA ;; esac

cd "$srcdir" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-broken.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

passed=0
failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }

# Runs `tabula validate FILE` with a time limit of LIMIT seconds; leaves
# stdout, stderr and the exit code (124 on time-out) in $tmp.
run_validate() {
    file=$1 limit=$2
    if command -v timeout >/dev/null 2>&1; then
        timeout "$limit" "$TABULA" validate "$file" >"$tmp/out" 2>"$tmp/err"
    else
        "$TABULA" validate "$file" >"$tmp/out" 2>"$tmp/err"
    fi
    echo $? >"$tmp/code"
}

# Valid files with a clause that can never apply: exit 0, nothing on stdout,
# exactly the warnings of the .expected file.
for game in tests/warnings/*.game; do
    name=warning-$(basename "$game" .game)
    expected=${game%.game}.expected
    run_validate "$game" 10
    code=$(cat "$tmp/code")
    if [ "$code" != 0 ]; then
        fail "$name"
        echo "  exit code $code, expected 0"
        sed 's/^/  /' "$tmp/err"
    elif [ -s "$tmp/out" ] || ! diff -u "$expected" "$tmp/err" >"$tmp/diff"; then
        fail "$name"
        sed 's/^/  /' "$tmp/out" "$tmp/diff"
    else
        pass "$name"
    fi
done

for game in tests/broken/*.game; do
    name=$(basename "$game" .game)
    expected=tests/broken/$name.expected
    if [ ! -f "$expected" ]; then
        fail "$name"
        echo "  no $expected"
        continue
    fi
    run_validate "$game" 10
    code=$(cat "$tmp/code")
    if [ "$code" != 1 ]; then
        fail "$name"
        echo "  exit code $code, expected 1"
        sed 's/^/  /' "$tmp/err"
    elif [ -s "$tmp/out" ]; then
        fail "$name"
        echo "  unexpected output on stdout:"
        sed 's/^/  /' "$tmp/out"
    elif ! diff -u "$expected" "$tmp/err" >"$tmp/diff"; then
        fail "$name"
        sed 's/^/  /' "$tmp/diff"
    else
        pass "$name"
    fi
done

# Generated inputs: refused with exit 1 and the message given, in seconds.
check_generated() {
    name=$1 file=$2 message=$3
    run_validate "$file" 5
    code=$(cat "$tmp/code")
    if [ "$code" = 1 ] && grep -qF -- "$message" "$tmp/err"; then
        pass "$name"
    else
        fail "$name"
        echo "  exit code $code (124: took more than 5 s); stderr:"
        head -c 2000 "$tmp/err" | sed 's/^/  /'
    fi
}

awk 'BEGIN { for (i = 0; i < 100000; i++) printf "("; print "" }' >"$tmp/nested-100000.game"
check_generated nested-100000 "$tmp/nested-100000.game" \
    "$tmp/nested-100000.game:1:65: error: brackets nested more than 64 deep; the rest of the file is not read"

awk 'BEGIN { line = "; a comment line of tabula rule text, repeated to make a file of ten megabytes...."
             for (i = 0; i < 125000; i++) print line }' >"$tmp/ten-megabytes.game"
check_generated ten-megabytes "$tmp/ten-megabytes.game" \
    "$tmp/ten-megabytes.game: error: file too large (more than 4194304 bytes; the limit is 4194304 bytes)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
