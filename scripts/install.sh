#!/usr/bin/env bash
# Builds pushc in release mode and installs the binary as PREFIX/bin/pushc.
#
#   scripts/install.sh                      # /usr/local/bin/pushc as root, else ~/.local/bin/pushc
#   scripts/install.sh --prefix /opt/pushc  # /opt/pushc/bin/pushc
#   scripts/install.sh --static             # self-contained: the Swift runtime linked in
#
# --debug installs a debug build instead (quicker to build, slower to run). The build itself is
# 'swift build -c release --product pushc'; the binary it makes is in
# '$(swift build -c release --show-bin-path)/pushc' (.build/release/pushc).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

prefix=""
configuration=release
extra=()
while (($# > 0)); do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --static) extra+=(--static-swift-stdlib); shift ;;
    --debug) configuration=debug; shift ;;
    -h|--help) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
if [[ -z "$prefix" ]]; then
  if [[ $(id -u) -eq 0 ]]; then prefix=/usr/local; else prefix="$HOME/.local"; fi
fi

swift build -c "$configuration" --product pushc "${extra[@]}"
binary="$(swift build -c "$configuration" --show-bin-path)/pushc"
install -d "$prefix/bin"
install -m 0755 "$binary" "$prefix/bin/pushc"
echo "installed $prefix/bin/pushc ($("$prefix/bin/pushc" --version))"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on PATH; add it: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
