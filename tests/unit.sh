#!/bin/sh
# unit.sh PROGRAM - runs a unit-test program for `make check` (LOG_COMPILER).
# Its whole output goes to its log, as every test's does; Check's summary
# lines ("100%: Checks: 226, Failures: 0, Errors: 0") go to the console as
# well, through descriptor 9 (AM_TESTS_FD_REDIRECT in Makefile.am).
out=$(mktemp "${TMPDIR:-/tmp}/tabula-unit.XXXXXX") || exit 99
"$@" >"$out" 2>&1
code=$?
cat "$out"
if { true >&9; } 2>/dev/null; then
    grep -E '^[0-9]+%: Checks: ' "$out" | sed "s|^|$(basename "$1"): |" >&9
fi
rm -f "$out"
exit $code
