#!/bin/sh
# The installed tree, as `make installcheck` (and so `make distcheck`) sees
# it, from a directory far from the sources and with no TABULA_* variable:
# the program finds its games and rules pages in its data directory (before
# TABULA_PATH, never in the source tree); the man pages, completion and editor
# files are in place; the example program docs/example.c builds against the
# installed library with pkg-config, shared and static; the Python module
# loads the installed library by itself.
#
# Called by Makefile.am with the installation directories in the environment.
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-installed.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 20; }
check() { # check NAME COMMAND...
    name=$1
    shift
    if "$@" >"$tmp/out" 2>&1; then ok "$name"; else fail "$name" "$tmp/out"; fi
}
unset TABULA_RULESETS TABULA_PATH TABULA_LIBRARY
cd "$tmp" || exit 2
tabula=$bindir/tabula

# ---- the program and its data ------------------------------------------------------
"$tabula" --version >"$tmp/version" 2>&1 && ok "the installed program runs" || fail "the installed program runs" "$tmp/version"
grep -q 'License MIT' "$tmp/version" && ok "--version names the licence" || fail "--version names the licence" "$tmp/version"
"$tabula" info coc-inbert --json >"$tmp/info.json" 2>&1
grep -q "\"path\":\"$pkgdatadir/rulesets/coc-inbert.game\"" "$tmp/info.json" && ok "bundled names come from the data directory" ||
    fail "bundled names come from the data directory" "$tmp/info.json"
"$tabula" --help | grep -q "$pkgdatadir/rulesets" && ok "--help names the data directory" || fail "--help names the data directory"
for f in "$pkgdatadir"/rulesets/*.game; do
    g=$(basename "$f" .game)
    "$tabula" rules "$g" >"$tmp/page" 2>&1 && cmp -s "$tmp/page" "$pkgdatadir/rules/$g.md" &&
        ok "tabula rules $g from the data directory" || fail "tabula rules $g from the data directory (every installed game has its page)" "$tmp/page"
done
mkdir -p "$tmp/games"
sed 's/(game "Coc-Inbert"/(game "Impostor"/' "$pkgdatadir/rulesets/coc-inbert.game" >"$tmp/games/coc-inbert.game"
sed 's/(game "Coc-Inbert"/(game "Mine"/' "$pkgdatadir/rulesets/coc-inbert.game" >"$tmp/games/mine.game"
TABULA_PATH=$tmp/games "$tabula" info coc-inbert --json | grep -q '"name":"Coc-Inbert"' &&
    ok "the data directory before TABULA_PATH" || fail "the data directory before TABULA_PATH"
TABULA_PATH=$tmp/games "$tabula" info mine --json | grep -q '"name":"Mine"' &&
    ok "TABULA_PATH after it" || fail "TABULA_PATH after it"
# The source tree is not looked at: a bundled game taken out of the data
# directory for a moment is not found, though the source tree has it.
if [ -w "$pkgdatadir/rulesets" ]; then
    mv "$pkgdatadir/rulesets/turkish.game" "$tmp/turkish.game"
    "$tabula" info turkish >"$tmp/out" 2>&1
    code=$?
    mv "$tmp/turkish.game" "$pkgdatadir/rulesets/turkish.game"
    [ $code -eq 2 ] && ok "the source tree is not searched" || fail "the source tree is not searched" "$tmp/out"
fi
TABULA_RULESETS=$tmp/games "$tabula" info coc-inbert --json | grep -q '"name":"Impostor"' &&
    ok "TABULA_RULESETS still comes first" || fail "TABULA_RULESETS still comes first"
"$tabula" play coc-inbert --p1 random --p2 random --seed 3 --quiet --record "$tmp/game.yaml" >/dev/null 2>&1
grep -q '^  path: "coc-inbert"$' "$tmp/game.yaml" && ok "a record names the bundled game" || fail "a record names the bundled game" "$tmp/game.yaml"
check "the record replays" "$tabula" replay "$tmp/game.yaml"

# ---- man pages, completion, editors, documents ------------------------------------
for f in "$mandir/man1/tabula.1" "$mandir/man5/tabula-language.5" "$bashcompletiondir/tabula" \
    "$zshcompletiondir/_tabula" "$vimdir/syntax/tabula.vim" "$vimdir/ftdetect/tabula.vim" \
    "$vimdir/ftplugin/tabula.vim" "$pkgdatadir/textmate/tabula.tmLanguage.json" "$includedir/tabula.h" \
    "$libdir/pkgconfig/libtabula.pc" "$docdir/LICENSE" "$docdir/example.c"; do
    [ -s "$f" ] && ok "installed: $f" || fail "installed: $f"
done
if command -v man >/dev/null 2>&1; then
    MANPATH=$mandir man -P cat tabula 2>/dev/null | grep -q 'tabula help' && ok "man tabula" || fail "man tabula"
    MANPATH=$mandir man -P cat 5 tabula-language 2>/dev/null | grep -q 'hex-tiles' && ok "man 5 tabula-language" ||
        fail "man 5 tabula-language"
fi
if command -v bash >/dev/null 2>&1; then
    out=$(PATH="$bindir:$PATH" bash -c '. "$1"; COMP_WORDS=(tabula rules coe); COMP_CWORD=2; _tabula; echo "${COMPREPLY[*]}"' \
        sh "$bashcompletiondir/tabula")
    [ "$out" = coerceo ] && ok "bash completion with the installed program" || fail "bash completion with the installed program ($out)"
fi

# ---- the library: pkg-config and the example program ---------------------------------
if [ "$TABULA_SHARED" = yes ] && command -v pkg-config >/dev/null 2>&1; then
    export PKG_CONFIG_PATH="$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    check "pkg-config knows libtabula" pkg-config --exists libtabula
    # shellcheck disable=SC2046
    check "the example builds against the installed library" \
        ${CC:-cc} -Wall -Wextra -Werror "$docdir/example.c" $(pkg-config --cflags --libs libtabula) -o "$tmp/example"
    LD_LIBRARY_PATH=$libdir "$tmp/example" coucou-picard width=9 >"$tmp/ex.out" 2>&1
    grep -q '^Le Coucou picard' "$tmp/ex.out" && grep -q '^option width = 9' "$tmp/ex.out" && grep -q 'result: ' "$tmp/ex.out" &&
        ok "the example runs on the shared library" || fail "the example runs on the shared library" "$tmp/ex.out"
    LD_LIBRARY_PATH=$libdir ldd "$tmp/example" | grep -q "$libdir/libtabula.so" && ok "the example links the installed libtabula.so" ||
        fail "the example links the installed libtabula.so"
    check "the example builds on the static library" \
        ${CC:-cc} "$docdir/example.c" $(pkg-config --cflags libtabula) "$libdir/libtabula.a" \
        $(pkg-config --static --libs-only-L --libs-only-l libtabula | sed 's/-ltabula//') -o "$tmp/example-static"
    "$tmp/example-static" coc-inbert >"$tmp/exs.out" 2>&1 && grep -q '^Coc-Inbert' "$tmp/exs.out" &&
        ok "the static example runs" || fail "the static example runs" "$tmp/exs.out"
    nm -D --defined-only "$libdir/libtabula.so" | awk '{ print $3 }' | grep -v '^tb_' >"$tmp/exports"
    [ -s "$tmp/exports" ] && fail "libtabula.so exports only tb_ functions" "$tmp/exports" || ok "libtabula.so exports only tb_ functions"
fi

# ---- Python ----------------------------------------------------------------------------
if [ "$TABULA_SHARED" = yes ] && [ "${PYTHON:-:}" != ":" ] && [ -f "$pythondir/tabula/__init__.py" ]; then
    PYTHONPATH=$pythondir "$PYTHON" -c '
import tabula
r = tabula.Rules("coerceo", options={"cura": True})
g = r.new_game(seed=1)
g.playout()
assert g.is_over and r.options["cura"] == "on", (g, r.options)
print(r.title, g.result)' >"$tmp/py.out" 2>&1 && ok "the installed Python module finds the installed library" ||
        fail "the installed Python module finds the installed library" "$tmp/py.out"
fi

echo "installcheck: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
