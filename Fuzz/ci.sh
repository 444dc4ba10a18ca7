#!/usr/bin/env bash
# CI's fuzzing step: builds every target once, unoptimized (-Onone builds the instrumented
# libraries in about a third of the time -O takes), then runs each target for SECONDS (default
# 5) on its seed corpus, as many at once as there are processors. Fails when any target
# crashes, breaks a property, hangs or takes more than 2 GiB, after printing the input (path and
# base64) so that it can become a regression test; see Documentation/Robustness.md.
#
#   Fuzz/ci.sh [SECONDS]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-5}"
export FUZZ_OPTIMIZATION="${FUZZ_OPTIMIZATION:--Onone}"
lanes=$(nproc 2>/dev/null || echo 1)

start=$SECONDS
"$root/Fuzz/build.sh" >/dev/null
echo "fuzz build: $((SECONDS - start)) s" >&2

# An unoptimized build on a busy machine is slow: an input may take 30 s before it is a hang.
# Each target prints its own lines, prefixed with its name, and a failure line naming it.
status=0
"$root/Fuzz/run.sh" list \
  | xargs -P "$lanes" -I '{}' "$root/Fuzz/run.sh" '{}' "$seconds" -timeout=30 || status=1
echo "fuzzing: $((SECONDS - start)) s in all, $seconds s per target, $lanes at once" >&2
if ((status != 0)); then
  echo "a fuzz target found something: see the lines above (TARGET: libFuzzer exited with …)" >&2
fi
exit "$status"
