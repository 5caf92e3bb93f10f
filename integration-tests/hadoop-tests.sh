#!/usr/bin/env bash
# Runs Hadoop's own HDFS tests (from the hadoop-hdfs 3.5.0 test-jar) against DataNodes with the
# cache installed, or stock, several times, and prints one line per run and test class.
# docs/benchmarks.md ("Hadoop's own HDFS tests with the cache installed") says what it configures
# and what it found.
#
#   integration-tests/hadoop-tests.sh [--runs N] [--dataset cache|stock] [--tests LIST] [--out DIR]
#
# LIST uses surefire's -Dtest syntax (Class, Class#method, !Class#method). Each run is one Maven
# build of integration-tests and the modules it needs (-am, upstream tests skipped) with the
# hadoop-tests profile; its surefire reports stay in DIR/run-<i>/.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS=5
DATASET=cache
TESTS=""
OUT=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2 ;;
    --dataset) DATASET="$2"; shift 2 ;;
    --tests) TESTS="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "hadoop-tests.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
case "$DATASET" in
  cache) FACTORY=io.hdfslocalcache.datanode.LocalCacheDatasetFactory ;;
  stock) FACTORY=org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory ;;
  *) echo "hadoop-tests.sh: --dataset must be cache or stock, not '$DATASET'" >&2; exit 2 ;;
esac
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || { echo "hadoop-tests.sh: --runs must be a positive number" >&2; exit 2; }
OUT="${OUT:-$ROOT/integration-tests/target/hadoop-tests/$DATASET}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

MVN_ARGS=(-B -pl integration-tests -am verify -Phadoop-tests
  -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dspotless.check.skip=true
  "-Dhadoop.tests.dataset=$FACTORY")
[[ -n "$TESTS" ]] && MVN_ARGS+=("-Dhadoop.tests=$TESTS")
[[ -n "${MVN_OFFLINE:-}" ]] && MVN_ARGS=(-o "${MVN_ARGS[@]}")

# One line per test class of a run: its counts, its time, and the methods that did not pass.
summarize() {
  local run="$1" dir="$2" f
  for f in "$dir"/TEST-*.xml; do
    [[ -e "$f" ]] || { echo "run $run: no surefire report (build failed? see $dir/maven.log)"; return; }
    awk -v run="$run" '
      /<testsuite / {
        match($0, /name="[^"]*"/); name = substr($0, RSTART + 6, RLENGTH - 7); sub(/.*\./, "", name)
        match($0, / time="[^"]*"/); time = substr($0, RSTART + 7, RLENGTH - 8)
        match($0, / tests="[^"]*"/); tests = substr($0, RSTART + 8, RLENGTH - 9)
      }
      /<testcase / { match($0, /name="[^"]*"/); tc = substr($0, RSTART + 6, RLENGTH - 7) }
      /<(failure|error)[ >]/ { bad[tc] = 1 }
      /<skipped/ { skipped++ }
      END {
        n = 0; list = ""
        for (t in bad) { n++; list = list " " t }
        printf "run %s: %-28s %3d tests, %2d failed, %2d skipped, %7.1f s%s\n", run, name, tests, n,
          skipped, time, (n ? "  FAILED:" list : "")
      }' "$f"
  done
}

# DataNodes whose cache started, and those that ran stock (a cache directory without its marker,
# say): a cache run whose DataNodes all ran stock tested nothing of the cache.
cache_started() {
  local run="$1" dir="$2" active disabled
  active=$(cat "$dir"/*-output.txt 2>/dev/null | grep -c 'hdfs-local-cache .* active on')
  disabled=$(cat "$dir"/*-output.txt 2>/dev/null | grep -c 'hdfs-local-cache.*cache disabled')
  echo "run $run: DataNodes with the cache active: $active, with it disabled: $disabled"
  ((disabled == 0 && active > 0)) && return 0
  echo "run $run: WARNING: $disabled DataNode(s) ran stock, $active with the cache (see the WARN lines)"
  return 1
}

echo "hadoop-tests: $RUNS run(s), dataset $DATASET, tests ${TESTS:-<profile default>}, reports in $OUT"
for ((i = 1; i <= RUNS; i++)); do
  rm -rf "$ROOT/integration-tests/target/hadoop-tests-cache" "$ROOT/integration-tests/target/test" \
    "$ROOT/integration-tests/target/hadoop-tests-reports"
  dir="$OUT/run-$i"
  rm -rf "$dir" && mkdir -p "$dir"
  start=$(date +%s)
  (cd "$ROOT" && mvn "${MVN_ARGS[@]}" "-Dhadoop.tests.reports=$dir") > "$dir/maven.log" 2>&1
  echo "run $i: maven exit $? after $(( $(date +%s) - start )) s" >> "$OUT/summary.txt"
  summarize "$i" "$dir" | tee -a "$OUT/summary.txt"
  if [[ "$DATASET" == cache ]]; then
    cache_started "$i" "$dir" > "$dir/cache-started.txt" || RAN_STOCK=1
    tee -a "$OUT/summary.txt" < "$dir/cache-started.txt"
  fi
done
# A cache run in which some DataNode ran stock did not test what it says: exit 3, after the report.
if [[ -n "${RAN_STOCK:-}" ]]; then
  echo "hadoop-tests: some DataNodes ran without the cache; their tests say nothing of it" >&2
  exit 3
fi
