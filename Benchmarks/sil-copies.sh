#!/bin/sh
# Lists the initializers that copy the struct they build, in the optimized SIL of the library
# modules (PushDiagnostics, PushJSON, PushPayload by default, or the modules named):
#
#   Benchmarks/sil-copies.sh
#   Benchmarks/sil-copies.sh PushPayload
#
# A struct with a stored `var x: T?` (an implicit initial `nil`) or another property with an
# initial value is built in memory by its initializers, and when it is too large to be taken
# apart into registers the optimizer leaves `%a = load self; %b = load self; retain_value %a;
# release_value %b` at the end: a copy of the whole value (a retain of each reference in it)
# and the destruction of another. Spelling the property `Optional<T>` (no initial value) and
# setting it in every initializer removes the copy (Benchmarks/README.md, twenty-seventh round).
# Each line printed is the struct and the function with the pattern; a struct made once per
# input costs nothing that matters, one made for every message does.
#
# Needs a release build of the modules first (`swift build -c release`), whose interfaces the
# compiler reads.
set -eu
cd "$(dirname "$0")/.."
modules=${*:-PushDiagnostics PushJSON PushPayload}
# SwiftPM names the package after the checkout's folder, lower-cased, for `package` access.
package=$(basename "$(pwd)" | tr '[:upper:]' '[:lower:]')
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for module in $modules; do
  swiftc -emit-sil -O -wmo -module-name "$module" -package-name "$package" \
    -I .build/release/Modules $(find "Sources/$module" -name '*.swift') -o "$out/$module.sil"
  awk '
    /^sil / { name = $0; sub(/^[^@]*@/, "", name); sub(/ .*/, "", name); delete type; next }
    /alloc_stack .*var, name "self"/ {
      t = $0; sub(/ *\/\/.*/, "", t); sub(/.*\$/, "", t); sub(/, var, name "self".*/, "", t)
      type[$1] = t
    }
    {
      line[NR] = $0
      if (NR > 3 && line[NR - 3] ~ /= load %/ && line[NR - 2] ~ /= load %/ \
          && line[NR - 1] ~ /retain_value/ && $0 ~ /release_value/) {
        split(line[NR - 3], a, "load "); split(line[NR - 2], b, "load ")
        split(a[2], x, " "); split(b[2], y, " ")
        if (x[1] == y[1]) print ((x[1] in type) ? type[x[1]] : "?") "\t" name
      }
      delete line[NR - 4]
    }
  ' "$out/$module.sil"
done | sort -u | while IFS="$(printf '\t')" read -r struct function; do
  printf '%s\t%s\n' "$struct" "$(swift demangle --simplified --compact "$function")"
done
