#!/bin/sh
# fuzz_regress.sh - the fuzz targets (fuzz/), linked with fuzz/driver.c into
# plain programs, run over the regression corpus (fuzz/regressions/TARGET/:
# inputs that once crashed, hung or leaked) and over the seed corpus (made
# from rulesets/, tests/ and docs/examples/ by fuzz/seeds.sh). An input that
# still finds a fault aborts its program (under the sanitizers in their CI
# leg, a leak or undefined behaviour too).
#
# TABULA, srcdir and builddir come from `make check`.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
builddir=${builddir:-.}
case $TABULA in /*) ;; *) TABULA=$(pwd)/$TABULA ;; esac
builddir=$(cd "$builddir" && pwd)
srcdir=$(cd "$srcdir" && pwd)
export TABULA
TABULA_RULESETS="$(cd "$srcdir" && pwd)/rulesets"
export TABULA_RULESETS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

sh "$srcdir/fuzz/seeds.sh" "$srcdir" "$tmp/seeds" || exit 2
passed=0
failed=0
for t in rules variant scenario position record notation apply_undo; do
    prog="$builddir/fuzz/regress_$t"
    dirs="$tmp/seeds/$t"
    [ -d "$srcdir/fuzz/regressions/$t" ] && dirs="$srcdir/fuzz/regressions/$t $dirs"
    # shellcheck disable=SC2086 # two directories
    if (cd "$tmp" && "$prog" $dirs) >"$tmp/out" 2>&1; then
        passed=$((passed + 1))
        echo "PASS: $t: $(grep -E '^[0-9]+ inputs$' "$tmp/out")"
    else
        failed=$((failed + 1))
        echo "FAIL: $t"
        tail -n 30 "$tmp/out" | sed 's/^/  /'
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
