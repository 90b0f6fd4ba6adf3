#!/bin/sh
# expand.sh - `tabula expand` prints a rule file that loads to the same game.
#
# For every bundled rule file and every file in docs/examples/ (variants of
# variants among them), at the options' defaults and with each allowed value
# of each option set alone (both ends of a range): the expansion is valid,
# silent, in the canonical layout, expands to itself, describes the same game
# (`info` without its options, which the expansion no longer has) and counts
# the same `perft` to depth EXPAND_DEPTH (default 4). A setting the game
# refuses must be refused by `expand` too.
#
# TABULA and srcdir come from `make check`; alone, run it from the source
# root after `make` (TABULA defaults to ./tabula, srcdir to .).

TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
depth=${EXPAND_DEPTH:-4}
case $TABULA in /*) ;; *) TABULA=$(pwd)/$TABULA ;; esac

cd "$srcdir" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-expand.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }

# The settings to try for FILE, one per line ("" first: the defaults), read
# from `tabula info`: "  NAME = VALUE (KIND: VALUES; default D)...".
settings() {
    echo ""
    "$TABULA" info "$1" 2>/dev/null | sed -n 's/^  \([^ ]*\) = [^(]*(\([a-z]*\): \([^;]*\);.*/\1 \3/p' |
        while read -r name values; do
            case $values in
            any) ;;
            *..*) echo "$name=${values%%..*}"; echo "$name=${values##*..}" ;;
            *) echo "$values" | sed 's/, / /g; s/ or / /' | tr ' ' '\n' | sed "s/^/$name=/" ;;
            esac
        done
}

# `perft` lines only (not the timing).
counts() {
    grep '^perft ' "$1"
}

for file in rulesets/*.game docs/examples/*.game; do
    settings "$file" >"$tmp/settings"
    while IFS= read -r setting; do
        opt=
        [ -n "$setting" ] && opt="--option $setting"
        name="$file${setting:+ $setting}"
        # shellcheck disable=SC2086 # $opt is two words or none
        "$TABULA" expand "$file" $opt >"$tmp/x.game" 2>"$tmp/err"
        code=$?
        # shellcheck disable=SC2086
        "$TABULA" validate "$file" $opt >/dev/null 2>&1
        valid=$?
        if [ "$valid" != 0 ]; then
            if [ "$code" = "$valid" ]; then pass "$name: refused by validate and expand alike"
            else fail "$name: validate exits $valid, expand $code"; fi
            continue
        fi
        if [ "$code" != 0 ]; then
            fail "$name: expand exits $code"
            sed 's/^/  /' "$tmp/err"
            continue
        fi
        problems=
        "$TABULA" validate "$tmp/x.game" >"$tmp/out" 2>&1 || problems="$problems invalid;"
        [ -s "$tmp/out" ] && problems="$problems not silent;"
        "$TABULA" fmt --check "$tmp/x.game" >/dev/null 2>&1 || problems="$problems not formatted;"
        "$TABULA" expand "$tmp/x.game" | tail -n +2 >"$tmp/xx.game"
        tail -n +2 "$tmp/x.game" | cmp -s - "$tmp/xx.game" || problems="$problems expands to something else;"
        # shellcheck disable=SC2086
        "$TABULA" info "$file" $opt | sed '/^options:/,/^hooks:/{/^hooks:/!d}' >"$tmp/info1"
        "$TABULA" info "$tmp/x.game" | sed '/^options:/,/^hooks:/{/^hooks:/!d}' >"$tmp/info2"
        cmp -s "$tmp/info1" "$tmp/info2" || problems="$problems info differs;"
        # Games with many moves from the start (a big board to fill) count
        # one ply less: the comparison needs no billions of nodes.
        d=$depth
        # shellcheck disable=SC2086
        first=$("$TABULA" perft "$file" 1 $opt 2>/dev/null | awk '$1 == "perft" { print $3 }')
        [ "${first:-0}" -gt 60 ] && [ "$d" -gt 3 ] && d=3
        [ "${first:-0}" -gt 250 ] && [ "$d" -gt 2 ] && d=2
        # shellcheck disable=SC2086
        "$TABULA" perft "$file" "$d" $opt >"$tmp/p1" 2>&1
        "$TABULA" perft "$tmp/x.game" "$d" >"$tmp/p2" 2>&1
        counts "$tmp/p1" >"$tmp/c1"
        counts "$tmp/p2" >"$tmp/c2"
        [ -s "$tmp/c1" ] && cmp -s "$tmp/c1" "$tmp/c2" || problems="$problems perft differs;"
        if [ -z "$problems" ]; then
            pass "$name: perft $d = $(tail -1 "$tmp/c1" | cut -d' ' -f3)"
        else
            fail "$name:$problems"
            cat "$tmp/out" | sed 's/^/  /'
            diff "$tmp/info1" "$tmp/info2" | sed 's/^/  /'
            diff "$tmp/c1" "$tmp/c2" | sed 's/^/  /'
        fi
    done <"$tmp/settings"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
