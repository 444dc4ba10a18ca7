#!/bin/sh
# Builds pushc and pushc-bench in release mode and runs the benchmarks.
#
#   Benchmarks/run.sh                       # every suite at full size (several minutes)
#   Benchmarks/run.sh --quick               # small sizes, for a check while developing
#   Benchmarks/run.sh processes callgrind   # some suites; options in Benchmarks/README.md
#
# pushc is measured as scripts/install.sh builds it: on Linux with the Swift runtime linked in
# (--static-swift-stdlib), in .build/static so that the default build in .build is not rebuilt
# whole each time the flag changes. PUSHC_BENCH_DYNAMIC=1 measures the default build instead.
set -eu
cd "$(dirname "$0")/.."
build="swift build -c release"
if [ "$(uname -s)" = Linux ] && [ -z "${PUSHC_BENCH_DYNAMIC:-}" ]; then
  build="$build --static-swift-stdlib --scratch-path .build/static"
fi
$build --product pushc >&2
$build --product pushc-bench >&2
exec "$($build --show-bin-path)/pushc-bench" "$@"
