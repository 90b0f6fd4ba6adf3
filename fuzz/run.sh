#!/bin/sh
# run.sh SRCDIR BUILDDIR SECONDS TARGET... - `make fuzz`: runs each libFuzzer
# target for SECONDS on its corpus (BUILDDIR/fuzz/corpus/TARGET, grown from
# run to run) and its seeds (fuzz/seeds.sh), under ASan and UBSan. A crash,
# a sanitizer report, a leak, an input slower than 10 s or one needing more
# than 2 GB is a finding: the input is kept in BUILDDIR/fuzz/findings/ and
# the run fails (after the other targets had their turn). See docs/fuzzing.md.
src=$1 build=$2 seconds=$3
shift 3
export TABULA_RULESETS="$src/rulesets"
cd "$build" || exit 2
sh "$src/fuzz/seeds.sh" "$src" fuzz/seeds || exit 2
mkdir -p fuzz/findings
status=0
for t in "$@"; do
    mkdir -p "fuzz/corpus/$t"
    log="fuzz/$t.log"
    echo "== fuzz_$t: $seconds s"
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "./fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="fuzz/findings/$t-" "fuzz/corpus/$t" "fuzz/seeds/$t" >"$log" 2>&1
    code=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    corpus=$(ls "fuzz/corpus/$t" | wc -l | tr -d ' ')
    if [ "$code" = 0 ]; then
        echo "   ok: ${runs:-?} inputs run, corpus of $corpus"
    else
        status=1
        echo "   FINDING (exit $code); the input is in fuzz/findings/, the log in $log:"
        grep -E 'ERROR|SUMMARY|fuzz: |Test unit written|deadly signal|timeout' "$log" | head -n 12 | sed 's/^/   /'
    fi
done
exit $status
