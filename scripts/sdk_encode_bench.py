"""The Firebase Admin Python SDK's side of pushc-bench's whole-process comparison.

Reads an NDJSON file of FCM send requests ({"message": {...}} per line) and, for every line,
does what a Python backend does before sending: json.loads, builds the SDK's messaging.Message
(with the REST-to-SDK translation of fcm_oracle.py), and encodes it with the SDK's
MessageEncoder into the request body the SDK's HTTP client sends ({"message": ...}, serialised
with json.dumps' defaults, as requests does). One body per line goes to standard output, so the
work matches `pushc compile`, which also writes one document per message.

Usage: python3 scripts/sdk_encode_bench.py messages.ndjson > /dev/null
Exit code 0 when every message was encoded; 1 and a message on standard error otherwise.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fcm_oracle  # noqa: E402
from firebase_admin import _messaging_encoder  # noqa: E402


def main():
    encoder = _messaging_encoder.MessageEncoder
    write = sys.stdout.write
    count = 0
    with open(sys.argv[1], "rb") as lines:
        for line in lines:
            if not line.strip():
                continue
            request = json.loads(line)
            message = fcm_oracle.message(request["message"])
            write('{"message": ')
            write(json.dumps(message, cls=encoder))
            write("}\n")
            count += 1
    sys.stdout.flush()
    print(f"encoded {count} messages", file=sys.stderr)


if __name__ == "__main__":
    main()
