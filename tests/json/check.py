#!/usr/bin/env python3
"""check.py SCHEMA [FILE]: parses FILE (or stdin) as JSON and checks it
against SCHEMA, one of docs/schemas/*.schema.json. Exit 0 when it holds,
1 with the reasons when not (or when the text is not JSON).

check.py --batch LIST: LIST has one check a line, SCHEMA<TAB>FILE<TAB>LABEL;
prints "FAIL: LABEL: ..." with the reasons and the document for each that
does not hold, then "N held, M failed"; exit 1 when any failed. One Python
start for a whole test script instead of one a document.

The subset of JSON Schema the schemas use: type (one or a list), enum,
const, properties, required, additionalProperties (false or a schema),
items, minItems, maxItems, minimum, pattern, anyOf, and $ref to another
file of the same directory. Written here so that the tests need nothing beyond
Python's standard library."""

import json
import os
import re
import sys

TYPES = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def load(directory, name, cache={}):
    path = os.path.join(directory, name)
    if path not in cache:
        with open(path) as f:
            cache[path] = json.load(f)
    return cache[path]


def check(value, schema, where, directory, errors):
    if "$ref" in schema:
        check(value, load(directory, schema["$ref"]), where, directory, errors)
        return
    if "anyOf" in schema:
        tries = []
        for sub in schema["anyOf"]:
            e = []
            check(value, sub, where, directory, e)
            if not e:
                break
            tries.append(e)
        else:
            errors.append("%s: none of %d schemas holds; the nearest: %s" % (where, len(tries), min(tries, key=len)[0]))
            return
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(TYPES[t](value) for t in types):
            errors.append("%s: expected %s, got %s" % (where, " or ".join(types), json.dumps(value)[:80]))
            return
    if "enum" in schema and value not in schema["enum"]:
        errors.append("%s: %s is not one of %s" % (where, json.dumps(value), schema["enum"]))
    if "const" in schema and value != schema["const"]:
        errors.append("%s: %s is not %s" % (where, json.dumps(value), json.dumps(schema["const"])))
    if "minimum" in schema and TYPES["number"](value) and value < schema["minimum"]:
        errors.append("%s: %s is below %s" % (where, value, schema["minimum"]))
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        errors.append("%s: %r does not match %s" % (where, value, schema["pattern"]))
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                errors.append("%s: missing key %r" % (where, key))
        extra = schema.get("additionalProperties", True)
        for key, v in value.items():
            if key in props:
                check(v, props[key], "%s.%s" % (where, key), directory, errors)
            elif extra is False:
                errors.append("%s: unexpected key %r" % (where, key))
            elif isinstance(extra, dict):
                check(v, extra, "%s.%s" % (where, key), directory, errors)
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            errors.append("%s: fewer than %d items" % (where, schema["minItems"]))
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append("%s: more than %d items" % (where, schema["maxItems"]))
        if "items" in schema:
            for i, v in enumerate(value):
                check(v, schema["items"], "%s[%d]" % (where, i), directory, errors)


def reasons(schema_path, text):
    """The reasons TEXT is not a valid document of SCHEMA_PATH (none: it is)."""
    try:
        value = json.loads(text)
    except ValueError as e:
        return ["not JSON: %s" % e]
    errors = []
    check(value, load(os.path.dirname(schema_path), os.path.basename(schema_path)), "$", os.path.dirname(schema_path),
          errors)
    return errors[:20]


def batch(list_path):
    held = failed = 0
    with open(list_path) as f:
        for line in f:
            schema_path, path, label = line.rstrip("\n").split("\t", 2)
            with open(path) as doc:
                text = doc.read()
            errors = reasons(schema_path, text)
            if not errors:
                held += 1
                continue
            failed += 1
            print("FAIL: %s: not a valid %s document" % (label, os.path.basename(schema_path).split(".")[0]))
            for e in errors + text.splitlines()[:20 - len(errors)]:
                print("    " + e)
    print("%d held, %d failed" % (held, failed))
    return 1 if failed else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--batch":
        return batch(sys.argv[2])
    if len(sys.argv) not in (2, 3):
        print("usage: check.py SCHEMA [FILE] | check.py --batch LIST", file=sys.stderr)
        return 2
    text = open(sys.argv[2]).read() if len(sys.argv) == 3 else sys.stdin.read()
    errors = reasons(sys.argv[1], text)
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
