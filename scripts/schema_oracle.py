#!/usr/bin/env python3
"""Schema test oracle: validates JSON documents against pushc's schemas with the Python
`jsonschema` package (from PyPI), an implementation independent of pushc.

Reads {"cases": [{"name": str, "schema": <path of a schema file>, "text": str}, ...]} on stdin.
"text" is one JSON document, or NDJSON (one document per line, as `pushc fmt` writes several).
Writes a JSON array with one result per case:

  {"name": ..., "valid": true}
  {"name": ..., "valid": false, "paths": [...], "errors": ["document N <JSON path>: <message>", ...]}

"paths" are the JSON paths of the innermost errors (inside oneOf and anyOf), without "$" when
there are deeper ones: where the mistake is, in a form that does not depend on the version of
`jsonschema`, for goldens. "errors" has the messages too, for people.

Each schema is first checked against the draft 2020-12 metaschema; a schema that fails it makes
the script exit with status 2.
"""

import json
import sys

import jsonschema


def documents(text):
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def leaf_errors(error):
    """The innermost errors, where a oneOf or anyOf hides the real ones."""
    if not error.context:
        return [error]
    leaves = []
    for sub in error.context:
        leaves.extend(leaf_errors(sub))
    return leaves


def main():
    request = json.load(sys.stdin)
    validators = {}
    results = []
    for case in request["cases"]:
        path = case["schema"]
        if path not in validators:
            with open(path, encoding="utf-8") as handle:
                schema = json.load(handle)
            try:
                jsonschema.Draft202012Validator.check_schema(schema)
            except jsonschema.SchemaError as error:
                print(f"{path}: not a valid draft 2020-12 schema: {error.message}", file=sys.stderr)
                sys.exit(2)
            validators[path] = jsonschema.Draft202012Validator(
                schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
        validator = validators[path]
        errors = []
        paths = set()
        for index, document in enumerate(documents(case["text"])):
            for error in validator.iter_errors(document):
                for leaf in leaf_errors(error):
                    errors.append(f"document {index + 1} {leaf.json_path}: {leaf.message}")
                    paths.add(leaf.json_path)
        result = {"name": case["name"], "valid": not errors}
        if errors:
            deeper = {path for path in paths if path != "$"}
            result["paths"] = sorted(deeper or paths)
            result["errors"] = sorted(set(errors))
        results.append(result)
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
