#!/usr/bin/env bash
# Builds and runs one libFuzzer target for a while; see Documentation/Robustness.md.
#
#   Fuzz/run.sh TARGET SECONDS [libFuzzer options…]
#   Fuzz/run.sh all SECONDS          # every target in turn, SECONDS each
#   Fuzz/run.sh list                 # the targets
#
# The working corpus is .build/fuzz/corpus/TARGET, seeded from samples/, contracts/ and
# Fuzz/seeds/TARGET; crashes, leaks and timeouts go to Fuzz/crashes/TARGET/ (git-ignored), where
# a regression test can pick them up. Exits 1 when a target found something, after printing
# the input that did it (its path, and its bytes in base64 when it is small) and how to replay
# it. FUZZ_OPTIMIZATION=-Onone builds faster and fuzzes slower (see Fuzz/build.sh).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
targets=()
for harness in "$root"/Fuzz/Harnesses/*.swift; do
  name=$(basename "$harness" .swift)
  targets+=("$name")
done

if [[ ${1:-} == list ]]; then printf '%s\n' "${targets[@]}"; exit 0; fi
target="${1:?usage: Fuzz/run.sh TARGET|all|list SECONDS [libFuzzer options…]}"
seconds="${2:?usage: Fuzz/run.sh TARGET SECONDS}"
shift 2

if [[ $target == all ]]; then
  status=0
  for name in "${targets[@]}"; do "$0" "$name" "$seconds" "$@" || status=1; done
  exit "$status"
fi

# Seeds: the inputs each target reads.
seeds() {
  case "$1" in
    swift-print) find "$root/samples/decode" -name '*.swift-print.txt' ;;
    property-list) find "$root/samples/decode" -name '*.po.txt' ;;
    capture | decode)
      find "$root/samples/decode" -type f ! -name '*.decoded.json' ! -name '*.md' ;;
    condition | serve-h2 | serve-http1) ;;
    contract) find "$root/contracts" "$root/samples" -name '*.json' -size -64k ;;
    *) find "$root/samples" "$root/contracts" -type f \( -name '*.json' -o -name '*.yaml' \
      -o -name '*.yml' -o -name '*.ndjson' -o -name '*.apns' \) -size -64k ;;
  esac
  if [[ -d $root/Fuzz/seeds/$1 ]]; then find "$root/Fuzz/seeds/$1" -type f; fi
}

binary=$("$root/Fuzz/build.sh" "$target")
out=$(dirname "$(dirname "$binary")")
corpus="$out/corpus/$target"
crashes="$root/Fuzz/crashes/$target"
# The seeds go to a folder of their own, which libFuzzer reads as a second corpus (it writes
# new inputs only to the first); one cp for all of them.
seed_folder="$out/seeds/$target"
rm -rf "$seed_folder"
mkdir -p "$corpus" "$crashes" "$seed_folder"
mapfile -t seed_files < <(seeds "$target")
if ((${#seed_files[@]} > 0)); then
  cp -f -t "$seed_folder" "${seed_files[@]}" 2>/dev/null || true
fi

echo "fuzzing $target for ${seconds}s (corpus $corpus, crashes $crashes)" >&2
log="$out/$target.log"
set +e
# The Swift runtime's backtracer would fight ASan over the crash report: leave it to ASan.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" \
  "$binary" "$corpus" "$seed_folder" -dict="$root/Fuzz/push.dict" -max_total_time="$seconds" \
  -max_len=65536 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$crashes/" \
  -print_final_stats=1 "$@" >"$log" 2>&1
status=$?
set -e
grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" \
  | sed "s/^/$target: /" >&2 || true
if [[ $status -ne 0 ]]; then
  echo "$target: libFuzzer exited with $status; see $log and $crashes" >&2
  grep -E 'ERROR|property failed|Fatal error|SUMMARY' "$log" | head -5 >&2 || true
  # libFuzzer names what it saved: "Test unit written to PATH".
  while IFS= read -r artifact; do
    echo "$target: input saved as $artifact; replay: $binary $artifact" >&2
    if [[ -f $artifact && $(stat -c %s "$artifact") -le 65536 ]]; then
      echo "$target: input in base64: $(base64 -w0 "$artifact")" >&2
    fi
  done < <(sed -n 's/.*Test unit written to //p' "$log")
  exit 1
fi
