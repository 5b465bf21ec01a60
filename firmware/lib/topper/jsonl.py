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


def _string(s):
    out = ['"']
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
    return "".join(out)


def dumps(obj):
    """Canonical compact JSON for dicts, lists, tuples, str, int, bool and None."""
    if obj is None:
        return "null"
    if obj is True:
        return "true"
    if obj is False:
        return "false"
    if isinstance(obj, int):
        return str(obj)
    if isinstance(obj, str):
        return _string(obj)
    if isinstance(obj, (list, tuple)):
        return "[" + ",".join([dumps(x) for x in obj]) + "]"
    if isinstance(obj, dict):
        keys = sorted(obj.keys())
        return "{" + ",".join([_string(k) + ":" + dumps(obj[k]) for k in keys]) + "}"
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
