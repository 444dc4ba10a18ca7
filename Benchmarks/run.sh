#!/bin/sh
# Builds pushc and pushc-bench in release mode and runs the benchmarks.
#
#   Benchmarks/run.sh                       # every suite at full size (several minutes)
#   Benchmarks/run.sh --quick               # small sizes, for a check while developing
#   Benchmarks/run.sh processes callgrind   # some suites; options in Benchmarks/README.md
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product pushc >&2
swift build -c release --product pushc-bench >&2
exec "$(swift build -c release --show-bin-path)/pushc-bench" "$@"
