#!/bin/sh
# Syntax highlighting of .game files: the TextMate grammar and the Vim syntax
# file generated from the catalogue (editors/mkeditors.sh) know every ludeme
# and colour a bundled game as intended: ludemes, named arguments, words,
# numbers, strings, comments. The grammar is run by a small TextMate-style
# scanner in Python (first match wins); the Vim file by Vim itself.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
builddir=${builddir:-.}
PYTHON=${PYTHON:-python3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-editors.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 20; }
grammar=$builddir/editors/tabula.tmLanguage.json
syntax=$builddir/editors/vim/syntax/tabula.vim
[ -s "$grammar" ] && ok || fail "no TextMate grammar at $grammar"
[ -s "$syntax" ] && ok || fail "no Vim syntax file at $syntax"
"$TABULA" reference --json >"$tmp/catalogue.json"

# ---- the TextMate grammar -------------------------------------------------------
if [ "$PYTHON" != ":" ] && command -v "$PYTHON" >/dev/null 2>&1; then
    cat >"$tmp/scan.py" <<'EOF'
import json, re, sys

grammar = json.load(open(sys.argv[1]))
catalogue = json.load(open(sys.argv[2]))
game = open(sys.argv[3]).read().splitlines()
assert grammar["scopeName"] == "source.tabula" and "game" in grammar["fileTypes"]
patterns = []
for p in grammar["patterns"]:
    patterns.append((re.compile(p.get("match") or p["begin"]), p))

# Every ludeme of the catalogue is a head the grammar knows.
heads = next(p for p in grammar["patterns"] if "keyword.other.ludeme.tabula" in json.dumps(p))
for l in catalogue["ludemes"]:
    if not re.match(heads["match"], "(" + l["name"] + " "):
        print("FAIL: the grammar does not know the ludeme", l["name"])

def scopes(line):
    """(text, scope) pairs of LINE, scanning as TextMate does: at each point
    the pattern matching earliest wins, the first listed on a tie."""
    out, pos = [], 0
    while pos < len(line):
        best = None
        for rx, p in patterns:
            m = rx.search(line, pos)
            if m and (best is None or m.start() < best[0].start()):
                best = (m, p)
        if not best:
            break
        m, p = best
        if "begin" in p:  # a string: to its end on the line
            end = re.compile(p["end"]).search(line, m.end())
            stop = end.end() if end else len(line)
            out.append((line[m.start():stop], p["name"]))
            pos = stop
            continue
        if "captures" in p:
            for k, c in p["captures"].items():
                out.append((m.group(int(k)), c["name"]))
        else:
            out.append((m.group(0), p["name"]))
        pos = max(m.end(), pos + 1)
    return out

found = {}
for line in game:
    for text, scope in scopes(line):
        found.setdefault(text, set()).add(scope)
for want in sys.argv[4:]:
    text, scope = want.split("=", 1)
    if scope not in found.get(text, set()):
        print("FAIL: %r is not %s (got %s)" % (text, scope, sorted(found.get(text, []))))
print("done")
EOF
    "$PYTHON" "$tmp/scan.py" "$grammar" "$tmp/catalogue.json" "$srcdir/rulesets/coerceo.game" \
        "game=keyword.other.ludeme.tabula" "hex-tiles=keyword.other.ludeme.tabula" \
        "max-sides=keyword.other.ludeme.tabula" "fields=variable.parameter.key.tabula" \
        "when=variable.parameter.key.tabula" "corner-same-colour=constant.language.tabula" \
        "cascade=constant.language.tabula" "3=constant.numeric.tabula" \
        '"Coerceo"=string.quoted.double.tabula' \
        "; 1=comment.line.semicolon.tabula" >"$tmp/scan.out" 2>&1
    grep -q '^done$' "$tmp/scan.out" && ! grep -q FAIL "$tmp/scan.out" && ok || fail "the TextMate grammar" "$tmp/scan.out"
else
    echo "no Python: the TextMate grammar is not scanned"
fi

# ---- Vim ---------------------------------------------------------------------------
if command -v vim >/dev/null 2>&1 && vim --version | grep -q '+syntax'; then
    mkdir -p "$tmp/vim/syntax" "$tmp/vim/ftdetect"
    cp "$syntax" "$tmp/vim/syntax/"
    cp "$srcdir/editors/vim/ftdetect/tabula.vim" "$tmp/vim/ftdetect/"
    cat >"$tmp/check.vim" <<EOF
set nocompatible
let &rtp = '$tmp/vim,' . &rtp
filetype on
syntax on
edit
let out = ['filetype ' . &filetype]
for [pat, word, group] in [['(game', 'game', 'tabulaLudeme'], ['(hex-tiles', 'hex-tiles', 'tabulaLudeme'],
      \\ ['fields:white', 'fields', 'tabulaKnownKey'], ['(step corner', 'corner-same-colour', 'tabulaWord'],
      \\ ['one-run cascade', 'cascade', 'tabulaWord'], ['(max-sides 3', '3', 'tabulaNumber'],
      \\ ['"Coerceo"', 'Coerceo', 'tabulaString'], ['; 1', '1', 'tabulaComment'], ['(end', '(', 'tabulaDelimiter']]
  call cursor(1, 1)
  let [l, c] = searchpos('\V' . pat, 'W')
  let c2 = stridx(getline(l), word, c - 1) + 1
  let got = synIDattr(synID(l, c2, 1), 'name')
  call add(out, (got ==# group ? 'ok ' : 'FAIL ') . word . ' is ' . got . ', expected ' . group)
endfor
call writefile(out, '$tmp/vim.out')
qa!
EOF
    vim -es -N -u NONE -i NONE -S "$tmp/check.vim" "$srcdir/rulesets/coerceo.game" </dev/null >/dev/null 2>&1
    grep -qx 'filetype tabula' "$tmp/vim.out" && ok || fail "Vim: *.game files are of filetype tabula" "$tmp/vim.out"
    n=$(grep -c '^ok ' "$tmp/vim.out")
    [ "$n" -eq 9 ] && ok || fail "Vim: the syntax groups" "$tmp/vim.out"
else
    echo "no Vim with +syntax: the Vim syntax file is not run"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
