"""Load the YAML subset used by the scenario files of tests/scenarios.

Uses PyYAML when it is installed; otherwise a small parser for the subset the
scenario files use: block mappings and sequences by indentation, flow
sequences and flow mappings of scalars (one level of nesting), comments,
plain and quoted scalars, integers and booleans.
"""
import re


def load_yaml(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    try:
        import yaml  # type: ignore
    except ImportError:
        return parse(text)
    doc = yaml.safe_load(text)
    mini = parse(text)
    if mini != doc:
        raise ValueError("%s: the mini YAML parser disagrees with PyYAML" % path)
    return doc


def _strip_comment(line):
    out, q = [], None
    for i, ch in enumerate(line):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def scalar(tok):
    tok = tok.strip()
    if len(tok) >= 2 and tok[0] == tok[-1] and tok[0] in "\"'":
        return tok[1:-1]
    if tok in ("true", "True"):
        return True
    if tok in ("false", "False"):
        return False
    if tok in ("null", "~", ""):
        return None
    if re.fullmatch(r"[-+]?\d+", tok):
        return int(tok)
    return tok


def _split_flow(body):
    parts, depth, q, cur = [], 0, None, []
    for ch in body:
        if q:
            cur.append(ch)
            if ch == q:
                q = None
            continue
        if ch in "\"'":
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return parts


def value(tok):
    tok = tok.strip()
    if tok.startswith("["):
        assert tok.endswith("]"), tok
        return [value(p) for p in _split_flow(tok[1:-1])]
    if tok.startswith("{"):
        assert tok.endswith("}"), tok
        d = {}
        for p in _split_flow(tok[1:-1]):
            k, v = _split_key(p)
            d[scalar(k)] = value(v)
        return d
    return scalar(tok)


def _split_key(s):
    q = None
    for i, ch in enumerate(s):
        if q:
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch == ":" and (i + 1 == len(s) or s[i + 1] == " "):
            return s[:i], s[i + 1:]
    raise ValueError("no key in %r" % s)


def _depth(line):
    d, q = 0, None
    for ch in line:
        if q:
            if ch == q:
                q = None
        elif ch in "\"'":
            q = ch
        elif ch in "[{":
            d += 1
        elif ch in "]}":
            d -= 1
    return d


def parse(text):
    lines = []
    depth = 0
    for raw in text.splitlines():
        s = _strip_comment(raw)
        if not s.strip():
            continue
        if depth > 0:  # continuation of a multi-line flow collection
            lines[-1] = (lines[-1][0], lines[-1][1] + " " + s.strip())
        else:
            lines.append((len(s) - len(s.lstrip(" ")), s.strip()))
        depth += _depth(s)
    pos = [0]

    def block(indent):
        ind, s = lines[pos[0]]
        if s.startswith("- ") or s == "-":
            out = []
            while pos[0] < len(lines) and lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("-"):
                _, s = lines[pos[0]]
                rest = s[1:].lstrip(" ")
                if not rest:
                    pos[0] += 1
                    out.append(block(lines[pos[0]][0]))
                    continue
                sub = indent + (len(s) - len(rest))
                try:
                    _split_key(rest)
                    is_map = not rest.startswith(("[", "{", "\"", "'"))
                except ValueError:
                    is_map = False
                if is_map:
                    lines[pos[0]] = (sub, rest)
                    out.append(block(sub))
                else:
                    pos[0] += 1
                    out.append(value(rest))
            return out
        out = {}
        while pos[0] < len(lines) and lines[pos[0]][0] == indent and not lines[pos[0]][1].startswith("- "):
            _, s = lines[pos[0]]
            k, v = _split_key(s)
            pos[0] += 1
            if v.strip():
                out[scalar(k)] = value(v)
            elif pos[0] < len(lines) and (lines[pos[0]][0] > indent or
                                           (lines[pos[0]][0] == indent and lines[pos[0]][1].startswith("- "))):
                out[scalar(k)] = block(lines[pos[0]][0])
            else:
                out[scalar(k)] = None
        return out

    doc = block(lines[0][0])
    if pos[0] != len(lines):
        raise ValueError("YAML subset: cannot parse line %r" % (lines[pos[0]][1],))
    return doc
