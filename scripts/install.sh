#!/usr/bin/env bash
# Builds pushc in release mode and installs the binary as PREFIX/bin/pushc.
#
#   scripts/install.sh                      # /usr/local/bin/pushc as root, else ~/.local/bin/pushc
#   scripts/install.sh --prefix /opt/pushc  # /opt/pushc/bin/pushc
#   scripts/install.sh --dynamic            # linked to the toolchain's Swift runtime instead
#
# On Linux the binary is self-contained: the Swift runtime is linked in (about 30 MB), so it
# keeps working when the toolchain moves or goes, and it starts and runs faster (Benchmarks/
# README.md). That build is 'swift build -c release --static-swift-stdlib --product pushc
# --scratch-path .build/static' (binary: .build/static/release/pushc), apart from .build, whose
# default build would otherwise be rebuilt whole each time the flag changes. --dynamic builds
# 'swift build -c release --product pushc' (.build/release/pushc). --debug installs a debug
# build (quicker to build, slower to run). --static is accepted and is the default.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

prefix=""
configuration=release
linksRuntime=$([[ "$(uname -s)" == Linux ]] && echo yes || echo no)
while (($# > 0)); do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --static) linksRuntime=yes; shift ;;
    --dynamic) linksRuntime=no; shift ;;
    --debug) configuration=debug; shift ;;
    -h|--help) sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
if [[ -z "$prefix" ]]; then
  if [[ $(id -u) -eq 0 ]]; then prefix=/usr/local; else prefix="$HOME/.local"; fi
fi

flags=(-c "$configuration")
if [[ "$linksRuntime" == yes ]]; then
  flags+=(--static-swift-stdlib --scratch-path .build/static)
fi
swift build "${flags[@]}" --product pushc
binary="$(swift build "${flags[@]}" --show-bin-path)/pushc"
install -d "$prefix/bin"
install -m 0755 "$binary" "$prefix/bin/pushc"
echo "installed $prefix/bin/pushc ($("$prefix/bin/pushc" --version))"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on PATH; add it: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
