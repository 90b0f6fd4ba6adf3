# common.sh - what the shell tests share, sourced by them first thing:
#   . "${srcdir:-.}/tests/common.sh"
# after setting TEST (a word naming the test, for its temporary directory).
# TABULA and srcdir come from `make check`; alone, a test runs from the source
# root after `make` (TABULA defaults to ./tabula, srcdir to .). It leaves the
# test in the source root, with TABULA absolute, TABULA_RULESETS set to the
# bundled games, a temporary directory $tmp removed at exit, and:
#   pass NAME / fail NAME    count a check (fail shows the last run's stderr)
#   t LIMIT ARGS...          run tabula with a time limit (exit 124 when it
#                            runs out), stdin from /dev/null unless the caller
#                            redirects it; leaves $code, $tmp/out, $tmp/err
#   expect NAME CODE [TEXT]  the last run exited CODE and stderr holds TEXT
#   moves_differ DIR FIRST LAST GAME [ARGS...]
#                            compare `tabula moves` with a reference's lists
#                            in DIR/pos-K.yaml and .moves; leaves $bad
#   summary                  the counts, and the test's exit status
#   scaled N                 N scaled by TABULA_TEST_SCALE (a percentage,
#                            100 unless set; at least 1): how many random
#                            positions or games a comparison draws.
#                            `make check` runs at 25 (TEST_SCALE), the CI's
#                            sanitizer and distcheck legs at 10.

TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
case $TABULA in /*) ;; *) TABULA=$(pwd)/$TABULA ;; esac

cd "$srcdir" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-${TEST:-test}.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
TABULA_RULESETS=$(pwd)/rulesets
export TABULA_RULESETS

scaled() { echo $((($1 * ${TABULA_TEST_SCALE:-100} + 99) / 100)); }

passed=0
failed=0
pass() { printf 'PASS: %s\n' "$1"; passed=$((passed + 1)); }
fail() {
    printf 'FAIL: %s\n' "$1"
    failed=$((failed + 1))
    [ -s "$tmp/err" ] && head -c 1500 "$tmp/err" | sed 's/^/  /'
}

t() {
    limit=$1
    shift
    if command -v timeout >/dev/null 2>&1; then
        timeout "$limit" "$TABULA" "$@" >"$tmp/out" 2>"$tmp/err"
    else
        "$TABULA" "$@" >"$tmp/out" 2>"$tmp/err"
    fi
    code=$?
}

expect() {
    if [ "$code" = "$2" ] && { [ -z "$3" ] || grep -qF -- "$3" "$tmp/err"; }; then
        pass "$1"
    else
        echo "  exit $code (expected $2; 124: time ran out)${3:+, stderr should hold: $3}"
        fail "$1"
    fi
}

# says NAME CODE TEXT: the last run exited CODE and printed exactly TEXT.
says() {
    if [ "$code" = "$2" ] && [ "$(cat "$tmp/out")" = "$3" ]; then
        pass "$1"
    else
        echo "  exit $code (expected $2)"
        echo "  got:  $(cat "$tmp/out")"
        echo "  want: $3"
        fail "$1"
    fi
}

# same_lines A B: true when files A and B hold the same lines, in any order
# (each as many times): one process where `sort`, `sort` and `cmp` were three,
# which in the loops over thousands of positions was most of the time.
same_lines() {
    awk 'FNR == NR { n[$0]++; next } { n[$0]-- } END { for (l in n) if (n[l]) exit 1 }' "$1" "$2"
}

# sorted_line: the words of standard input sorted (byte order), on one line
# with single spaces: `sort | tr '\n' ' ' | sed 's/ $//'` in one process.
sorted_line() {
    awk '{ for (i = 1; i <= NF; i++) w[++n] = $i }
        END { for (i = 2; i <= n; i++) { v = w[i]; for (j = i - 1; j >= 1 && w[j] > v; j--) w[j + 1] = w[j]; w[j + 1] = v }
              for (i = 1; i <= n; i++) printf "%s%s", (i > 1 ? " " : ""), w[i]; print "" }'
}

# moves_differ DIR FIRST LAST GAME [ARGS...]: for K from FIRST to LAST, lists
# `tabula moves GAME --position DIR/pos-K.yaml ARGS` and compares it, both
# sorted, with the reference's DIR/pos-K.moves. Sets bad to the number of
# positions that differ and keeps the first three in $tmp/err (tabula's
# messages, the difference: < reference, > tabula, then the position).
moves_differ() {
    dir=$1
    k=$2
    last=$3
    game=$4
    shift 4
    bad=0
    : >"$tmp/err"
    while [ "$k" -le "$last" ]; do
        "$TABULA" moves "$game" --position "$dir/pos-$k.yaml" "$@" >"$tmp/got" 2>"$tmp/moves.err"
        if ! same_lines "$dir/pos-$k.moves" "$tmp/got"; then
            bad=$((bad + 1))
            if [ "$bad" -le 3 ]; then
                sort "$dir/pos-$k.moves" >"$tmp/want"
                { echo "position $k ($dir/pos-$k.yaml):"; cat "$tmp/moves.err"
                  sort "$tmp/got" | diff "$tmp/want" -; cat "$dir/pos-$k.yaml"; } >>"$tmp/err"
            fi
        fi
        k=$((k + 1))
    done
}

summary() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
