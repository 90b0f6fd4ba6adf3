#!/bin/sh
# fmt.sh - `tabula fmt`: every bundled rule file, every file of docs/examples/
# and every complete file of the tutorial in docs/language.md is in the
# canonical layout (`fmt --check`); for every rule file of the tree that
# parses (tests/ included), formatting twice gives what formatting once does,
# and keeps every comment, in order; `--check` and `--write` do what they say;
# no line of code is wider than 100 columns; `--upgrade` rewrites old
# spellings; and a file that does not parse, or does not exist, is refused.
#
# TABULA and srcdir come from `make check`; alone, run it from the source
# root after `make` (TABULA defaults to ./tabula, srcdir to .).

TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
case $TABULA in /*) ;; *) TABULA=$(pwd)/$TABULA ;; esac

cd "$srcdir" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-fmt.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }

# The tutorial's complete files, as valid.sh finds them.
awk -v dir="$tmp" '/^```game$/ { n++; file = sprintf("%s/tutorial%02d.game", dir, n); next }
                   /^```/ { file = "" }
                   file != "" { print > file }' docs/language.md

for file in rulesets/*.game docs/examples/*.game "$tmp"/tutorial*.game; do
    if "$TABULA" fmt --check "$file" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; then
        pass "formatted: ${file#"$tmp"/}"
    else
        fail "formatted: ${file#"$tmp"/} (\`tabula fmt --write\` formats it)"
        sed 's/^/  /' "$tmp/err"
    fi
done

# The comments of a file, in order, without the blanks around them (a line
# ends at \n, \r\n or a lone \r, as the lexer reads it).
comments() {
    tr '\r' '\n' <"$1" | awk '{ line = $0; out = ""; instr = 0
           for (i = 1; i <= length(line); i++) {
               c = substr(line, i, 1)
               if (instr) { if (c == "\\") i++; else if (c == "\"") instr = 0; continue }
               if (c == "\"") { instr = 1; continue }
               if (c == ";") { out = substr(line, i); break }
           }
           sub(/[ \t\r]+$/, "", out); if (out != "") print out }'
}

n=0
for file in rulesets/*.game docs/examples/*.game tests/broken/*.game tests/warnings/*.game; do
    "$TABULA" fmt "$file" >"$tmp/once.game" 2>/dev/null || continue # only files that parse
    n=$((n + 1))
    "$TABULA" fmt "$tmp/once.game" >"$tmp/twice.game" 2>&1
    comments "$file" >"$tmp/c1"
    comments "$tmp/once.game" >"$tmp/c2"
    if ! cmp -s "$tmp/once.game" "$tmp/twice.game"; then
        fail "idempotent: $file"
        diff "$tmp/once.game" "$tmp/twice.game" | sed 's/^/  /'
    elif ! cmp -s "$tmp/c1" "$tmp/c2"; then
        fail "comments kept: $file"
        diff "$tmp/c1" "$tmp/c2" | sed 's/^/  /'
    fi
done
if [ "$n" -gt 0 ] && [ "$failed" -eq 0 ]; then pass "$n files: formatting twice changes nothing, and keeps every comment"; fi

# --check says where an unformatted file first differs, and exits 1.
printf '(game "G"  (players (player 1) (player 2))\n (board (square 3 3)) (pieces a) ; the only piece\n (start (place 1 a [a1]) (place 2 a [c3])) (play (moves a (step any))) (end (blocked loses)))\n' >"$tmp/messy.game"
"$TABULA" fmt --check "$tmp/messy.game" >"$tmp/out" 2>"$tmp/err"
code=$?
if [ "$code" = 1 ] && [ ! -s "$tmp/out" ] &&
    grep -qxF "$tmp/messy.game:1: not in the canonical layout (\`tabula fmt --write $tmp/messy.game\` rewrites it)" "$tmp/err"; then
    pass "--check: exit 1 and where"
else
    fail "--check: exit $code"
    cat "$tmp/out" "$tmp/err" | sed 's/^/  /'
fi

# --write rewrites it as fmt prints it; then --check passes.
"$TABULA" fmt "$tmp/messy.game" >"$tmp/want.game"
if "$TABULA" fmt --write "$tmp/messy.game" && cmp -s "$tmp/messy.game" "$tmp/want.game" &&
    "$TABULA" fmt --check "$tmp/messy.game"; then
    pass "--write"
else
    fail "--write"
fi
cat >"$tmp/want-layout.game" <<'EOF'
(game "G"
  (players
    (player 1)
    (player 2))
  (board (square 3 3))
  (pieces a)                                     ; the only piece
  (start
    (place 1 a [a1])
    (place 2 a [c3]))
  (play
    (moves a (step any)))
  (end
    (blocked loses)))
EOF
if cmp -s "$tmp/messy.game" "$tmp/want-layout.game"; then
    pass "layout of a small game"
else
    fail "layout of a small game"
    diff "$tmp/want-layout.game" "$tmp/messy.game" | sed 's/^/  /'
fi

# No line of code is wider than the 100 columns fmt documents, counting the
# brackets that close after it (a comment may go past).
wide=0
for file in rulesets/*.game docs/examples/*.game tests/*/*.game; do
    "$TABULA" fmt "$file" 2>/dev/null | awk -v f="$file" 'index($0, ";") == 0 && length($0) > 100 { print "  " f ": " length($0) " columns: " $0; bad = 1 } END { exit bad }' || wide=1
done >"$tmp/wide"
if [ "$wide" = 0 ]; then pass "no line of code past 100 columns"; else fail "lines past 100 columns"; cat "$tmp/wide"; fi

# A variant's `add` of two clauses or more puts them one per line, as the
# rules of `moves` are (a short one used to be joined into one line).
printf '(variant "V" (extends "english-draughts")\n (add (end) (repetition 3) (material-draw 0 turns)))\n' >"$tmp/add.game"
cat >"$tmp/want-add.game" <<'EOF'
(variant "V"
  (extends "english-draughts")
  (add (end)
    (repetition 3)
    (material-draw 0 turns)))
EOF
if "$TABULA" fmt "$tmp/add.game" >"$tmp/out" 2>&1 && cmp -s "$tmp/out" "$tmp/want-add.game"; then
    pass "a two-clause add: one clause per line"
else
    fail "a two-clause add"
    diff "$tmp/want-add.game" "$tmp/out" | sed 's/^/  /'
fi

# --upgrade: old spellings written as they are now, from the table the
# checker names them from; the result is valid, and upgrading again or
# upgrading a current file changes nothing.
for file in tests/broken/old-*.game; do
    "$TABULA" fmt --upgrade "$file" >"$tmp/up.game" 2>"$tmp/err"
    if "$TABULA" validate "$tmp/up.game" >/dev/null 2>&1 && "$TABULA" fmt --upgrade --check "$tmp/up.game" 2>/dev/null; then
        pass "--upgrade: $file becomes valid"
    else
        fail "--upgrade: $file"
        "$TABULA" validate "$tmp/up.game" 2>&1 | sed 's/^/  /'
    fi
done
"$TABULA" fmt --upgrade tests/broken/old-no-progress.game | grep -v '^;' >"$tmp/up.game"
if grep -qxF '    (no-progress 50 plies reset:[capture man])))' "$tmp/up.game" &&
    grep -qxF '    (promote man king at:far-row mid-chain:ends))' "$tmp/up.game"; then
    pass "--upgrade: the count in plies, as old files meant it"
else
    fail "--upgrade: the count in plies"
    sed 's/^/  /' "$tmp/up.game"
fi
same=0
for file in rulesets/*.game docs/examples/*.game; do
    "$TABULA" fmt --upgrade --check "$file" >/dev/null 2>&1 || { same=1; echo "  $file"; }
done >"$tmp/changed"
if [ "$same" = 0 ]; then pass "--upgrade changes no bundled file"; else fail "--upgrade changed"; cat "$tmp/changed"; fi
cp tests/broken/old-ends-chain.game "$tmp/old.game"
"$TABULA" fmt --upgrade --check "$tmp/old.game" >"$tmp/out" 2>"$tmp/err"
code=$?
if [ "$code" = 1 ] && [ ! -s "$tmp/out" ] &&
    grep -qxF "$tmp/old.game:18: not in the canonical layout or not upgraded (\`tabula fmt --upgrade --write $tmp/old.game\` rewrites it)" "$tmp/err" &&
    "$TABULA" fmt --check "$tmp/old.game" 2>/dev/null; then
    pass "--upgrade --check: exit 1 and where"
else
    fail "--upgrade --check: exit $code"
    cat "$tmp/out" "$tmp/err" | sed 's/^/  /'
fi
if "$TABULA" fmt --upgrade --write "$tmp/old.game" && grep -q 'mid-chain:ends' "$tmp/old.game" &&
    "$TABULA" validate "$tmp/old.game"; then
    pass "--upgrade --write"
else
    fail "--upgrade --write"
fi

# A file that does not parse: its errors, exit 1. A missing file: exit 2.
printf '(game "G"\n' >"$tmp/broken.game"
"$TABULA" fmt "$tmp/broken.game" >"$tmp/out" 2>"$tmp/err"
code=$?
if [ "$code" = 1 ] && [ ! -s "$tmp/out" ] && grep -q "^$tmp/broken.game:1:10: error: unclosed" "$tmp/err"; then
    pass "a file with a syntax error is refused"
else
    fail "a file with a syntax error: exit $code"
    cat "$tmp/out" "$tmp/err" | sed 's/^/  /'
fi
"$TABULA" fmt "$tmp/no-such.game" >/dev/null 2>&1
code=$?
if [ "$code" = 2 ]; then pass "a missing file: exit 2"; else fail "a missing file: exit $code"; fi
"$TABULA" fmt --check --write "$tmp/messy.game" >/dev/null 2>&1
code=$?
if [ "$code" = 2 ]; then pass "--check with --write: exit 2"; else fail "--check with --write: exit $code"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
