"""One JSON object a line, written the same way on every platform.

MicroPython and CircuitPython dicts do not keep insertion order and their ``json``
has no ``sort_keys``, so a log written by the device and one written by the host would
differ in key order. ``dumps`` here always sorts keys, uses no spaces and escapes
everything outside printable ASCII, so the same ruling is the same bytes everywhere.
Reading uses the platform's ``json.loads``.
"""

import json


class JsonLineError(ValueError):
    """A line that is not one JSON object."""


_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _plain(s):
    """Whether ``s`` goes out as it is between quotes (printable ASCII, no quote or
    backslash): most keys and texts, written without building them again."""
    for ch in s:
        o = ord(ch)
        if o < 0x20 or o > 0x7E or ch == '"' or ch == "\\":
            return False
    return True


def _string(out, s):
    out.append('"')
    if _plain(s):
        out.append(s)
        out.append('"')
        return
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch in _SHORT:
            # The short escapes CPython's json writes, so both write the same bytes.
            out.append(_SHORT[ch])
        elif o < 0x20 or o > 0x7E:
            if o > 0xFFFF:
                # Outside the basic plane JSON needs a surrogate pair.
                o -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
            else:
                out.append("\\u%04x" % o)
        else:
            out.append(ch)
    out.append('"')


def dumps(obj):
    """Canonical compact JSON for dicts, lists, tuples, str, int, bool and None.

    The pieces go into one list joined once at the end: a game saved whole after every
    ruling (topper.turnsave) is a few KB of JSON, and building each level's text from
    its children's (as a recursive join would) left many times that in garbage on the
    board (CHANGELOG.md)."""
    out = []
    _write(out, obj)
    return "".join(out)


def _write(out, obj):
    if obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, int):
        out.append(str(obj))
    elif isinstance(obj, str):
        _string(out, obj)
    elif isinstance(obj, (list, tuple)):
        out.append("[")
        first = True
        for x in obj:
            if not first:
                out.append(",")
            first = False
            _write(out, x)
        out.append("]")
    elif isinstance(obj, dict):
        out.append("{")
        first = True
        for k in sorted(obj.keys()):
            if not first:
                out.append(",")
            first = False
            _string(out, k)
            out.append(":")
            _write(out, obj[k])
        out.append("}")
    else:
        raise TypeError("cannot write %r as a log value" % (obj,))


def loads(line):
    """The object on one line; JsonLineError if it is not a JSON object."""
    try:
        obj = json.loads(line)
    except ValueError as e:
        raise JsonLineError("not JSON: %s" % (e,))
    if not isinstance(obj, dict):
        raise JsonLineError("expected a JSON object, got %r" % (type(obj).__name__,))
    return obj
