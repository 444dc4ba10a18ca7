#!/usr/bin/env bash
# Builds the libFuzzer binary that holds every target: the library modules instrumented with
# -sanitize=fuzzer,address (cached, rebuilt when a library source changes), then every harness
# in Fuzz/Harnesses and Fuzz/Support/*.swift, linked once into bin/pushc-fuzz (rebuilt when a
# harness or a module changes), and bin/TARGET linked to it for each target: the name the
# binary is started by picks the target. Prints the path of bin/TARGET, or of bin/pushc-fuzz.
#
#   Fuzz/build.sh [TARGET]
#
# FUZZ_OPTIMIZATION (default -O) is the optimization level: -Onone builds in about a third of
# the time and runs several times slower, which suits short runs (Fuzz/ci.sh). Each level has
# its own folder: .build/fuzz for -O, .build/fuzz-onone for -Onone.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${1:-}"
if [[ -n $target && ! -f $root/Fuzz/Harnesses/$target.swift ]]; then
  echo "no harness $root/Fuzz/Harnesses/$target.swift" >&2
  exit 64
fi

optimization="${FUZZ_OPTIMIZATION:--O}"
case "$optimization" in
  -O) out="$root/.build/fuzz" ;;
  -Onone) out="$root/.build/fuzz-onone" ;;
  *) echo "FUZZ_OPTIMIZATION must be -O or -Onone, not '$optimization'" >&2; exit 64 ;;
esac
modules="$out/modules"
mkdir -p "$modules" "$out/bin"

common=(
  -sanitize=fuzzer,address "$optimization" -gline-tables-only -swift-version 6 -parse-as-library
  -package-name pushc_fuzz -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault
  -I "$modules" -I "$root/Sources/CLibYAML" -I "$root/Sources/CNGHTTP2"
  -I "$root/Sources/COpenSSL" -I "$modules/CPushServerShim" -module-cache-path "$out/module-cache"
)

# Libraries in dependency order; each one is a module of its own, as in Package.swift, built
# with -enable-testing so that harnesses can reach internal parsers (@testable import). All are
# rebuilt when any library source is newer than the last build.
# PushServer also imports nghttp2 and OpenSSL (their system module maps) and the server's C
# shim, compiled here with the same instrumentation (the macros, and the loading of both
# libraries); it gets a module map of its own, as SwiftPM makes for a C target's include
# folder.
libraries=(PushDiagnostics PushJSON PushPayload PushReceivingCore PushReceiving PushYAML PushServer)
stamp="$modules/stamp"
shim="$root/Sources/CPushServerShim"
if [[ ! -f $stamp ]] \
  || [[ -n $(find "${libraries[@]/#/$root/Sources/}" "$shim" \
    \( -name '*.swift' -o -name '*.[ch]' \) -newer "$stamp" | head -1) ]]
then
  mkdir -p "$modules/CPushServerShim"
  printf 'module CPushServerShim {\n  header "%s"\n  export *\n}\n' \
    "$shim/include/CPushServerShim.h" >"$modules/CPushServerShim/module.modulemap"
  # clang spells -Onone -O0.
  clang -fsanitize=fuzzer-no-link,address "${optimization/-Onone/-O0}" -gline-tables-only \
    -I "$shim/include" -c "$shim/CPushServerShim.c" -o "$modules/CPushServerShim.o"
  for library in "${libraries[@]}"; do
    echo "building $library (instrumented, $optimization)" >&2
    mapfile -t sources < <(find "$root/Sources/$library" -name '*.swift' | sort)
    swiftc "${common[@]}" -enable-testing -module-name "$library" -emit-module \
      -emit-module-path "$modules/$library.swiftmodule" -wmo -c "${sources[@]}" \
      -o "$modules/$library.o"
  done
  touch "$stamp"
fi

binary="$out/bin/pushc-fuzz"
mapfile -t harnesses < <(find "$root/Fuzz/Harnesses" "$root/Fuzz/Support" -name '*.swift' | sort)
if [[ ! -x $binary || $stamp -nt $binary ]] \
  || [[ -n $(find "${harnesses[@]}" "$root/Fuzz/build.sh" -newer "$binary" | head -1) ]]; then
  echo "building pushc-fuzz (every harness, $optimization)" >&2
  objects=()
  for library in "${libraries[@]}"; do objects+=("$modules/$library.o"); done
  # OpenSSL and nghttp2 are not linked: the shim opens them (as in Package.swift).
  objects+=("$modules/CPushServerShim.o")
  swiftc "${common[@]}" -module-name PushcFuzz "${harnesses[@]}" "${objects[@]}" -lyaml -lm \
    -o "$binary.new" 2>&1 | { grep -v "Cannot export local symbol" || true; } >&2
  mv "$binary.new" "$binary"
fi

# One name per target, so that libFuzzer's own lines (`.build/fuzz/bin/json CRASH`) reproduce.
for harness in "$root"/Fuzz/Harnesses/*.swift; do
  link="$out/bin/$(basename "$harness" .swift)"
  [[ -L $link ]] || ln -sf pushc-fuzz "$link"
done
# Every harness must be in FuzzTargets.all, or its name would start nothing.
listed=$(PUSHC_FUZZ_TARGET=list "$binary" 2>&1 | sort)
present=$(find "$root/Fuzz/Harnesses" -name '*.swift' -exec basename {} .swift \; | sort)
if [[ $listed != "$present" ]]; then
  echo "Fuzz/Support/FuzzTargets.swift lists other targets than Fuzz/Harnesses holds:" >&2
  diff <(echo "$present") <(echo "$listed") >&2 || true
  exit 1
fi
echo "$out/bin/${target:-pushc-fuzz}"
