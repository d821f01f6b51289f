#!/bin/sh
# Runs every libFuzzer target of tests/fuzz for a bounded time and prints one line per target
# (runs, coverage, result). Usage: tests/fuzz/run_fuzzers.sh [BUILD_DIR] [SECONDS_PER_TARGET] [TARGET...]
# New inputs go to a scratch folder (the committed corpus is only read); crash inputs are saved
# as BUILD_DIR/fuzz-findings/<target>-crash-* and make the script exit 1: add each one to
# tests/fuzz/corpus/<target>/ with a fix.
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build-asan}
secs=${2:-25}
shift 2 2>/dev/null || shift $#
targets=${*:-"kg_tsv kg_rdf rules onto_ofn onto_owx onto_rdf onto_obo onto_text eval_tests eval_scores count_dimacs embed_checkpoint run_folder"}
findings="$build/fuzz-findings"
# raptor2 leaks the terms of a statement when a parse aborts (inside the library): the same
# suppression as the ASan run of the core tests; our own allocations are never suppressed.
export LSAN_OPTIONS="suppressions=$here/../lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
mkdir -p "$findings"
failed=0
for t in $targets; do
    exe="$build/tests/fuzz/fuzz_$t"
    if [ ! -x "$exe" ]; then echo "fuzz_$t: not built"; failed=1; continue; fi
    scratch=$(mktemp -d)
    log="$findings/$t.log"
    "$exe" -max_total_time="$secs" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 -max_len=16384 \
        -print_final_stats=1 -artifact_prefix="$findings/$t-" "$scratch" "$here/corpus/$t" >"$log" 2>&1
    rc=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    if [ $rc -eq 0 ]; then
        echo "fuzz_$t: ${secs} s, ${runs:-?} runs, ${cov:-cov: ?}, no findings"
    else
        echo "fuzz_$t: FINDING after ${runs:-?} runs (exit $rc), see $log"
        grep -m3 -E 'ERROR|SUMMARY|deadly|Test unit written' "$log" | sed 's/^/    /'
        failed=1
    fi
    rm -rf "$scratch"
done
exit $failed
