#!/bin/sh
# The replay page in a real browser: `tabula replay --html` pages of a game
# of each topology (and of a board with numbered squares), driven in
# headless Chromium by tests/browser/check_page.js (playwright-core).
# Skipped (exit 77) when Chromium, node or playwright-core is missing;
# .ci/run installs them.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
chromium=
for c in chromium chromium-browser google-chrome; do
    chromium=$(command -v "$c" 2>/dev/null) && break
done
if [ -z "$chromium" ] || ! command -v node >/dev/null 2>&1; then
    echo "skip: no Chromium or no node"
    exit 77
fi
NODE_PATH=${NODE_PATH:-$(npm root -g 2>/dev/null)}
export NODE_PATH
if ! node -e "require('playwright-core')" 2>/dev/null; then
    echo "skip: no playwright-core (npm install -g playwright-core)"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-browser.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0
pages=
for game in coc-inbert jacquet-de-versailles coerceo international; do
    "$TABULA" play $game --p1 random --p2 random --seed 7 --quiet --record "$tmp/$game.yaml" >/dev/null 2>&1 ||
        { echo "FAIL: a $game game to show"; status=1; continue; }
    "$TABULA" replay "$tmp/$game.yaml" --html "$tmp/$game.html" >/dev/null 2>"$tmp/err" ||
        { echo "FAIL: replay --html of $game"; cat "$tmp/err"; status=1; continue; }
    case $game in jacquet-de-versailles) numbering=turns ;; *) numbering=pairs ;; esac # dice: by turns, with the roll
    pages="$pages $tmp/$game.html:$(grep -c '^  - ' "$tmp/$game.yaml"):$numbering"
done
# One browser for every page; a page that hangs must not hang make check.
timeout 300 node "$srcdir/tests/browser/check_page.js" "$chromium" $pages || status=1
exit $status
