#!/usr/bin/env bash
# Feeds hostile inputs to every subcommand and checks that each run ends within the bounds
# (exit 0, 1 or 66 with a diagnostic; under 30 s; under 2 GiB of resident memory).
#
#   Fuzz/adversarial.sh [PUSHC]      # default .build/release/pushc, else .build/debug/pushc
#
# Inputs are generated in a temporary folder; each case prints its time and peak memory, and
# the script exits 1 when any run breaks a bound. Every run is bounded by `timeout`, and every
# generator loop by a fixed count.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pushc="${1:-}"
if [[ -z $pushc ]]; then
  pushc="$root/.build/release/pushc"
  [[ -x $pushc ]] || pushc="$root/.build/debug/pushc"
fi
[[ -x $pushc ]] || { echo "no pushc binary; run swift build first" >&2; exit 64; }
pushc="$(cd "$(dirname "$pushc")" && pwd)/$(basename "$pushc")"
max_seconds=30
max_kib=$((2 * 1024 * 1024))

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

python3 - <<'PY'
import json, os, random
random.seed(12)
def write(name, data):
    with open(name, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
msg = lambda extra: '{"message": {"topic": "news", "notification": {"title": "t", "body": "b"}%s}}' % extra
write("big.json", b'{"message": {"topic": "news", "data": {"k": "' + b"x" * 100_000_000 + b'"}}}')
write("near-limit.json", '{"message": {"topic": "news", "data": {%s}}}' % ",".join('"k%d": "%s"' % (i, "x" * 1000) for i in range(15_000)))
write("deep.json", "[" * 100_000 + "]" * 100_000)
write("deep.yaml", "[" * 100_000 + "]" * 100_000)
write("deep-swift.txt", '[AnyHashable("a"): ' * 100_000 + "1" + "]" * 100_000)
write("deep-po.txt", "{\n" + "a = {" * 100_000 + "};" * 100_000 + "}")
write("million-keys.json", "{" + ",".join('"k%d":%d' % (i, i) for i in range(1_000_000)) + "}")
laughs = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]']
for i in range(1, 9):
    laughs.append("a%d: &a%d [%s]" % (i, i, ", ".join(["*a%d" % (i - 1)] * 10)))
write("laughs.yaml", "\n".join(laughs) + "\n")
write("string-bomb.yaml", 's: &s "%s"\nl: [%s]\n' % ("x" * 60_000, ", ".join(["*s"] * 2000)))
write("data-bomb.yaml", 'message:\n  topic: t\n  data:\n    a: &s "%s"\n%s' % ("x" * 2_000_000, "".join("    k%d: *s\n" % i for i in range(1000))))
write("invalid-utf8.json", b'{"message": {"topic": "\xff\xfe\xc3", "data": {"k": "\xed\xa0\x80"}}}')
write("overlong-utf8.json", b'{"message": {"topic": "\xc0\xaf\xe0\x80\xaf"}}')
write("nul.json", b'{"message": {"topic": "a\x00b", "data": {"\x00": "\\u0000"}}}')
write("surrogates.json", msg(', "data": {"k": "\\ud800", "l": "\\udc00\\ud800x"}'))
write("bom-middle.json", '{"message": {"topic": "\ufeffnews"}}\ufeff'.encode())
write("crlf.yaml", b"message:\r\n  topic: news\n  notification:\r  title: t\r\n")
write("duplicates.json", '{"message": {"topic": "a", "topic": "b", "data": {"k": "1", "k": "2"}}}')
write("digits.json", msg(', "android": {"ttl": "%ss", "notification": {"notification_count": %s}}' % ("9" * 10_000, "9" * 10_000)))
write("nan.json", msg(', "apns": {"payload": {"aps": {"badge": NaN, "relevance-score": Infinity}}}'))
write("truncated.json", msg('')[:-7])
write("garbage.bin", bytes(random.getrandbits(8) for _ in range(1_000_000)))
write("deep-garbage.yaml", "- " * 100_000 + "x\n")
os.mkdir("loop")
os.symlink("loop", "loop/self")
os.mkfifo("fifo.json")
PY

failures=0
run() {
  local name="$1"; shift
  local start end status kib seconds
  start=$(date +%s.%N)
  /usr/bin/time -f "%M" -o time.txt timeout --kill-after=5 "$max_seconds" "$pushc" "$@" \
    >out.txt 2>err.txt </dev/null
  status=$?
  end=$(date +%s.%N)
  kib=$(tail -1 time.txt | grep -Eo '^[0-9]+$' || echo 0)
  seconds=$(python3 -c "print(f'{$end - $start:.2f}')")
  local verdict=ok
  if [[ $status -ne 0 && $status -ne 1 && $status -ne 66 ]]; then verdict="exit $status"; fi
  if [[ $status -ne 0 && ! -s err.txt && ! -s out.txt ]]; then verdict="no diagnostic"; fi
  if ((kib > max_kib)); then verdict="memory ${kib} KiB"; fi
  if [[ $verdict != ok ]]; then failures=$((failures + 1)); fi
  printf '%-8s %-24s exit %-3s %6ss %8s KiB  %s\n' "${1}" "$name" "$status" "$seconds" "$kib" "$verdict"
}

for input in big.json near-limit.json deep.json deep.yaml million-keys.json laughs.yaml \
  string-bomb.yaml data-bomb.yaml invalid-utf8.json overlong-utf8.json nul.json surrogates.json \
  bom-middle.json crlf.yaml duplicates.json digits.json nan.json truncated.json garbage.bin \
  deep-garbage.yaml /dev/zero fifo.json loop/self; do
  for command in lint compile fit explain fmt; do
    if [[ $command == fmt ]]; then
      run "$input" "$command" "$input"
    else
      run "$input" "$command" --now 1700000000 "$input"
    fi
  done
done
# A million keys is about 16.9 MB, over the default input limit: read it with a larger one.
for command in lint compile fit explain fmt; do
  run million-keys+ "$command" --max-input-size 67108864 million-keys.json
done
for input in deep-swift.txt deep-po.txt garbage.bin big.json /dev/zero fifo.json nul.json; do
  run "$input" decode "$input"
done

echo "$failures failures"
[[ $failures -eq 0 ]]
