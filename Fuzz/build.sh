#!/usr/bin/env bash
# Builds one libFuzzer target: the library modules (cached in .build/fuzz/modules, rebuilt when
# a source changes) instrumented with -sanitize=fuzzer,address, then Fuzz/Harnesses/TARGET.swift
# and Fuzz/Support/*.swift linked against them. Prints the path of the binary.
#
#   Fuzz/build.sh TARGET
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${1:?usage: Fuzz/build.sh TARGET}"
harness="$root/Fuzz/Harnesses/$target.swift"
[[ -f $harness ]] || { echo "no harness $harness" >&2; exit 64; }

out="$root/.build/fuzz"
modules="$out/modules"
mkdir -p "$modules" "$out/bin"

common=(
  -sanitize=fuzzer,address -O -g -swift-version 6 -parse-as-library -package-name pushc_fuzz
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
  -enable-upcoming-feature InternalImportsByDefault -I "$modules" -I "$root/Sources/CLibYAML"
  -module-cache-path "$out/module-cache"
)

# Libraries in dependency order; each one is a module of its own, as in Package.swift, built
# with -enable-testing so that harnesses can reach internal parsers (@testable import). All are
# rebuilt when any library source is newer than the last build.
libraries=(PushDiagnostics PushJSON PushPayload PushReceiving PushYAML)
stamp="$modules/stamp"
if [[ ! -f $stamp ]] || [[ -n $(find "${libraries[@]/#/$root/Sources/}" -name '*.swift' -newer "$stamp" | head -1) ]]; then
  for library in "${libraries[@]}"; do
    echo "building $library (instrumented)" >&2
    mapfile -t sources < <(find "$root/Sources/$library" -name '*.swift' | sort)
    swiftc "${common[@]}" -enable-testing -module-name "$library" -emit-module \
      -emit-module-path "$modules/$library.swiftmodule" -wmo -c "${sources[@]}" \
      -o "$modules/$library.o"
  done
  touch "$stamp"
fi
objects=()
for library in "${libraries[@]}"; do objects+=("$modules/$library.o"); done

binary="$out/bin/$target"
swiftc "${common[@]}" -module-name "Fuzz_${target//-/_}" "$harness" "$root"/Fuzz/Support/*.swift \
  "${objects[@]}" -lyaml -lm -o "$binary" 2>&1 \
  | { grep -v "Cannot export local symbol" || true; } >&2
echo "$binary"
