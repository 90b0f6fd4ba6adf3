#!/bin/sh
# The man pages made by man/mkman.sh: tabula(1) holds every command the
# program lists, with its usage and flags, and tabula-language(5) every
# ludeme of the catalogue; both are roff that groff renders without a
# warning.
TABULA=${TABULA:-./tabula}
builddir=${builddir:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-man.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 20; }
page1=$builddir/tabula.1
page5=$builddir/tabula-language.5
[ -s "$page1" ] && ok || fail "no $page1"
[ -s "$page5" ] && ok || fail "no $page5"

# render PAGE OUT: the page as plain text (groff, else man).
render() {
    if command -v groff >/dev/null 2>&1; then
        groff -man -Tutf8 -P-cbou -ww "$1" >"$2" 2>"$tmp/warnings"
        [ -s "$tmp/warnings" ] && fail "groff warns about $1" "$tmp/warnings" || ok
    elif command -v man >/dev/null 2>&1; then
        MANWIDTH=200 man -l -P cat "$1" >"$2" 2>/dev/null
    else
        sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' "$1" >"$2"
    fi
}
render "$page1" "$tmp/tabula.txt"
render "$page5" "$tmp/language.txt"
# Joined lines: the renderer fills and hyphenates paragraphs.
tr -s ' \n' '  ' <"$tmp/tabula.txt" | sed 's/‐ //g; s/- //g' >"$tmp/tabula.flat"

for s in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS ENVIRONMENT FILES; do
    grep -q "^\\.SH $s" "$page1" && ok || fail "tabula.1 has no $s section"
done
for c in $("$TABULA" --help | awk '/^Commands:$/ { on = 1; next } on && /^$/ { exit } on { print $1 }'); do
    grep -q "^\\.SS \"tabula $c\"" "$page1" && ok || fail "tabula.1 has no section for $c"
    for f in $("$TABULA" help "$c" | grep -E -o -- '(^| |\[)--[a-z][a-z0-9-]*' | tr -d ' [' | sort -u); do
        grep -q -- "$f" "$tmp/tabula.flat" && ok || fail "tabula.1 does not mention $f of $c"
    done
done
grep -q 'TABULA_PATH' "$tmp/tabula.txt" && grep -q 'rulesets/\*\.game' "$tmp/tabula.txt" && ok ||
    fail "tabula.1 names TABULA_PATH and the data directory" "$tmp/tabula.txt"

grep -q '^\.TH TABULA-LANGUAGE 5' "$page5" && ok || fail "tabula-language.5 has no title line"
for l in $("$TABULA" reference | sed -n 's/^#### `\(.*\)`$/\1/p'); do
    grep -q -- "^ *$l\$" "$tmp/language.txt" && ok || fail "tabula-language.5 has no entry for the ludeme $l"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
