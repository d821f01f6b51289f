#!/bin/sh
# Runs every libFuzzer target of tests/fuzz for a bounded time and prints one line per target
# (runs, coverage, result). Usage: tests/fuzz/run_fuzzers.sh [BUILD_DIR] [SECONDS_PER_TARGET] [TARGET...]
# Targets run KBCX_FUZZ_JOBS at a time (default: the number of cores); each fuzzer is one process.
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
# Fuzzes one target; writes its report line(s) to $findings/$t.result and returns 1 on a finding.
fuzz_one() {
    t=$1
    exe="$build/tests/fuzz/fuzz_$t"
    out="$findings/$t.result"
    if [ ! -x "$exe" ]; then echo "fuzz_$t: not built" >"$out"; return 1; fi
    scratch=$(mktemp -d)
    log="$findings/$t.log"
    "$exe" -max_total_time="$secs" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 -max_len=16384 \
        -print_final_stats=1 -artifact_prefix="$findings/$t-" "$scratch" "$here/corpus/$t" >"$log" 2>&1
    rc=$?
    rm -rf "$scratch"
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    if [ $rc -eq 0 ]; then
        echo "fuzz_$t: ${secs} s, ${runs:-?} runs, ${cov:-cov: ?}, no findings" >"$out"
        return 0
    fi
    {
        echo "fuzz_$t: FINDING after ${runs:-?} runs (exit $rc), see $log"
        grep -m3 -E 'ERROR|SUMMARY|deadly|Test unit written' "$log" | sed 's/^/    /'
    } >"$out"
    return 1
}

jobs=${KBCX_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
failed=0
running=0
for t in $targets; do
    rm -f "$findings/$t.result"
    fuzz_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait
        running=0
    fi
done
wait
for t in $targets; do
    if [ -f "$findings/$t.result" ]; then cat "$findings/$t.result"; else echo "fuzz_$t: no result"; fi
    grep -q '^fuzz_.*, no findings$' "$findings/$t.result" 2>/dev/null || failed=1
done
exit $failed
