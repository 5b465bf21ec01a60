"""Stored Crazy Job rules: what may follow the last legal card of a line.

RULES.md section 6 lets a rule maker store the rule on the device instead of paper, in the
seed's arithmetic: each variable counts 1..4 (Red 1, Yellow 2, Green 3, Blue 4; Circle 1,
Heart 2, Triangle 3, Square 4), a wild counts 0, and sums are taken modulo 5.

A rule is one *clause*, or two joined by "and" / "or". A clause constrains one variable of
the new card against the last legal card (or a fixed value)::

    new <variable> <relation> last <variable> + k     "number is last number + 1"
    new <variable> <relation> k                       "suit is not 4 (square)"

with relation is / is not / is above / is below. Each choice is small on purpose: a rule
maker enters a rule with one seat button as four picks per clause (``RuleEntry``).

Encodings:

- a clause is one int 0..239: ``((variable * 4 + relation) * 4 + source) * 5 + k``;
- a rule is one int 0..172799: ``first + 240 * (join * 240 + second)`` with join 0 (the
  first clause alone; second is then 0), 1 (and) or 2 (or);
- a notation for logs and tests: ``N=n+1``, ``C=n``, ``S!=s``, ``N>2``, ``N=n+1&C!=c``:
  upper case is the new card, lower case the last legal card, a bare digit a fixed value.

A rule is *valid* when after every card of the full deck at least one other card may
follow; the engine refuses invalid rules, so no line can ever be shut for good by its rule
alone (its legal cards can still all be in hands or lines: then "no legal card" is right).
"""

from topper import cards

EQ = 0
NE = 1
GT = 2
LT = 3
RELATIONS = (EQ, NE, GT, LT)
REL_SYMBOLS = ("=", "!=", ">", "<")
REL_WORDS = ("is", "is not", "is above", "is below")

# A clause's source: one of the last card's variables (cards.NUMBER/COLOR/SUIT) or FIXED.
FIXED = 3

ONLY = 0
AND = 1
OR = 2
JOIN_SYMBOLS = ("", "&", "|")
JOIN_WORDS = ("", "and", "or")

CLAUSES = 240
CODES = CLAUSES * 3 * CLAUSES

_NEW_LETTERS = "NCS"
_LAST_LETTERS = "ncs"
# popcount of a 5-bit mask of allowed values 0..4
# (int.bit_count is not in MicroPython.)
_COUNT = bytes([bin(m).count("1") for m in range(32)])
_FULL = 31


class RuleFormError(ValueError):
    """A code, a notation or a choice that is not a (valid) stored rule."""


def clause(variable, relation, source, k):
    """The code of one clause; ``k`` is the offset added to the source, or the fixed value."""
    for v, top, what in (
        (variable, 2, "variable"),
        (relation, 3, "relation"),
        (source, 3, "source"),
        (k, 4, "k"),
    ):
        if not isinstance(v, int) or v < 0 or v > top:
            raise RuleFormError("clause %s must be 0..%d, not %r" % (what, top, v))
    return ((variable * 4 + relation) * 4 + source) * 5 + k


def clause_parts(code):
    """``(variable, relation, source, k)`` of a clause code."""
    return (code // 80, (code // 20) % 4, (code // 5) % 4, code % 5)


def encode(first, join=ONLY, second=0):
    """The rule code of one clause, or two clauses joined by AND / OR."""
    if join not in (ONLY, AND, OR):
        raise RuleFormError("join must be ONLY, AND or OR, not %r" % (join,))
    for c in (first, second):
        if not isinstance(c, int) or c < 0 or c >= CLAUSES:
            raise RuleFormError("a clause code is 0..%d, not %r" % (CLAUSES - 1, c))
    if join == ONLY and second:
        raise RuleFormError("a one-clause rule has no second clause")
    return first + CLAUSES * (join * CLAUSES + second)


def _value_name(variable, k):
    if variable == cards.NUMBER:
        return "?" if k == 0 else str(k)
    if variable == cards.COLOR:
        return cards.COLOR_NAMES[k]
    return cards.SUIT_NAMES[k]


class Rule:
    """A decoded stored rule: judge a card, count what may follow, describe it."""

    def __init__(self, code):
        if not isinstance(code, int) or code < 0 or code >= CODES:
            raise RuleFormError("a rule code is 0..%d, not %r" % (CODES - 1, code))
        self.code = code
        self.first = code % CLAUSES
        rest = code // CLAUSES
        self.join = rest // CLAUSES
        self.second = rest % CLAUSES
        if self.join == ONLY and self.second:
            raise RuleFormError("rule code %d: one clause with a second clause" % code)
        self._a = clause_parts(self.first)
        self._b = clause_parts(self.second) if self.join != ONLY else None

    # ----- judging ----------------------------------------------------------------

    def legal_next(self, last, card):
        """May ``card`` follow ``last``, the line's last legal card?"""
        a = _holds(self._a, last, card)
        if self.join == ONLY:
            return a
        if self.join == AND:
            return a and _holds(self._b, last, card)
        return a or _holds(self._b, last, card)

    def count_after(self, last):
        """How many cards of one full deck, other than ``last`` itself, may follow ``last``."""
        if self.join == OR:
            n = _count([self._a], last) + _count([self._b], last)
            n -= _count([self._a, self._b], last)
        elif self.join == AND:
            n = _count([self._a, self._b], last)
        else:
            n = _count([self._a], last)
        if last != cards.JOKER and self.legal_next(last, last):
            n -= 1
        return n

    def blocked_after(self):
        """The first card after which nothing else may follow, or -1 (the rule is valid)."""
        for last in range(125):
            if self.count_after(last) == 0:
                return last
        return -1

    # ----- telling ------------------------------------------------------------------

    def notation(self):
        text = _clause_notation(self._a)
        if self.join != ONLY:
            text += JOIN_SYMBOLS[self.join] + _clause_notation(self._b)
        return text

    def describe(self):
        """Words for the owner's screen and the reveal: 'number is last number + 1'."""
        text = _clause_words(self._a)
        if self.join != ONLY:
            text += " %s %s" % (JOIN_WORDS[self.join], _clause_words(self._b))
        return text


def _rhs(parts, last):
    source = parts[2]
    if source == FIXED:
        return parts[3]
    return (cards.value(last, source) + parts[3]) % 5


def _relation_holds(relation, v, rhs):
    if relation == EQ:
        return v == rhs
    if relation == NE:
        return v != rhs
    if relation == GT:
        return v > rhs
    return v < rhs


def _holds(parts, last, card):
    return _relation_holds(parts[1], cards.value(card, parts[0]), _rhs(parts, last))


def _mask(parts, last):
    """The values 0..4 the clause lets its variable take after ``last``, as 5 bits."""
    rhs = _rhs(parts, last)
    m = 0
    for v in range(5):
        if _relation_holds(parts[1], v, rhs):
            m |= 1 << v
    return m


def clause_mask(code, last):
    """The values 0..4 that clause ``code`` lets its variable take after ``last``, as 5 bits
    (bit v set: value v allowed). Bots keep candidate rules in this form."""
    return _mask(clause_parts(code), last)


def _count(conjunction, last):
    """Cards of the full deck meeting every clause of ``conjunction`` after ``last``."""
    masks = [_FULL, _FULL, _FULL]
    for parts in conjunction:
        masks[parts[0]] &= _mask(parts, last)
    return _COUNT[masks[0]] * _COUNT[masks[1]] * _COUNT[masks[2]]


def _clause_notation(parts):
    variable, relation, source, k = parts
    text = _NEW_LETTERS[variable] + REL_SYMBOLS[relation]
    if source == FIXED:
        return text + str(k)
    text += _LAST_LETTERS[source]
    if k:
        text += "+%d" % k
    return text


def _clause_words(parts):
    variable, relation, source, k = parts
    text = "%s %s " % (cards.VARIABLE_NAMES[variable], REL_WORDS[relation])
    if source == FIXED:
        # Names for colors and suits, with their count when the relation compares counts.
        if variable == cards.NUMBER:
            return text + (str(k) if k else "? (0)")
        if relation in (GT, LT):
            return text + "%s (%d)" % (_value_name(variable, k), k)
        return text + _value_name(variable, k)
    text += "last " + cards.VARIABLE_NAMES[source]
    if k:
        text += " + %d" % k
    return text


def check(code):
    """The ``Rule`` of a valid stored rule code; RuleFormError saying why otherwise."""
    rule = Rule(code)
    last = rule.blocked_after()
    if last >= 0:
        raise RuleFormError("'%s': nothing may follow %s" % (rule.describe(), cards.format_card(last)))
    return rule


def _parse_clause(text, whole):
    if len(text) < 3 or _NEW_LETTERS.find(text[0]) < 0:
        raise RuleFormError("%r: a clause starts with N, C or S" % (whole,))
    variable = _NEW_LETTERS.find(text[0])
    rest = text[1:]
    relation = -1
    for r in (NE, EQ, GT, LT):  # "!=" before "="
        if rest.startswith(REL_SYMBOLS[r]):
            relation = r
            rest = rest[len(REL_SYMBOLS[r]) :]
            break
    if relation < 0 or not rest:
        raise RuleFormError("%r: expected =, !=, > or < and a value" % (whole,))
    if rest[0] in "01234" and len(rest) == 1:
        return clause(variable, relation, FIXED, int(rest))
    source = _LAST_LETTERS.find(rest[0])
    if source < 0:
        raise RuleFormError("%r: expected n, c, s or a digit 0-4 after the relation" % (whole,))
    k = 0
    if len(rest) > 1:
        sign = rest[1]
        if sign not in "+-" or len(rest) != 3 or rest[2] not in "01234":
            raise RuleFormError("%r: an offset is +k or -k with k 0..4" % (whole,))
        k = int(rest[2])
        if sign == "-":
            k = (5 - k) % 5
    return clause(variable, relation, source, k)


def parse(text):
    """The rule code of a notation like ``N=n+1`` or ``C=n|S!=s`` (not checked for
    validity: see ``check``)."""
    s = text.replace(" ", "")
    for join in (AND, OR):
        at = s.find(JOIN_SYMBOLS[join])
        if at >= 0:
            return encode(_parse_clause(s[:at], text), join, _parse_clause(s[at + 1 :], text))
    return encode(_parse_clause(s, text))


_singles = None


def valid_single_rules():
    """Codes of every valid one-clause rule, ascending, one per distinct behaviour
    (``N>3`` and ``N=4`` judge alike: only the lower code is kept). Computed once."""
    global _singles
    if _singles is None:
        _singles = _find_single_rules()
    return list(_singles)


def _find_single_rules():
    out = []
    seen = []
    for c in range(CLAUSES):
        rule = Rule(c)
        if rule.blocked_after() >= 0:
            continue
        parts = rule._a
        if parts[2] == FIXED:
            shape = (parts[0], _mask(parts, 0))
        else:
            # The behaviour is the mask after each value 0..4 of the source variable.
            shape = (parts[0], parts[2]) + tuple(
                [_mask((parts[0], parts[1], FIXED, (v + parts[3]) % 5), 0) for v in range(5)]
            )
        if shape not in seen:
            seen.append(shape)
            out.append(c)
    return out


class RuleEntry:
    """Entering a rule with buttons: a short list of choices at each step.

    Per clause: the new card's variable, the relation, what it is compared with, then the
    offset (or the fixed value); after the first clause: "that's all", "and ..." or
    "or ...". The shell shows ``prompt()`` and ``options()``, moves a highlight with the
    seat button and calls ``choose(i)``; ``back()`` undoes the last choice. When
    ``done()``, ``code()`` is the rule and ``problem()`` says why the engine would refuse
    it (None when valid)."""

    def __init__(self):
        self.picks = []

    def _step(self):
        n = len(self.picks)
        if n < 4:
            return n
        if n == 4:
            return 4  # the join
        return n - 5  # second clause: steps 0..3 again

    def done(self):
        n = len(self.picks)
        return n == 9 or (n == 5 and self.picks[4] == ONLY)

    def prompt(self):
        if self.done():
            return "Store this rule?"
        step = self._step()
        if len(self.picks) == 4:
            return "Then"
        if step == 3 and self.picks[len(self.picks) - 1] == FIXED:
            return "Value"
        return ("New card's", "Relation", "Compared with", "Plus")[step]

    def options(self):
        if self.done():
            return []
        step = self._step()
        if len(self.picks) == 4:
            return ["that's all", "and ...", "or ..."]
        if step == 0:
            return list(cards.VARIABLE_NAMES)
        if step == 1:
            return list(REL_WORDS)
        if step == 2:
            return ["last number", "last color", "last suit", "a value"]
        clause_start = 0 if len(self.picks) < 4 else 5
        variable = self.picks[clause_start]
        if self.picks[clause_start + 2] == FIXED:
            return [_value_name(variable, k) for k in range(5)]
        return ["+0", "+1", "+2", "+3", "+4"]

    def choose(self, i):
        options = self.options()
        if not isinstance(i, int) or i < 0 or i >= len(options):
            raise RuleFormError("choice %r out of 0..%d" % (i, len(options) - 1))
        self.picks.append(i)

    def back(self):
        if self.picks:
            self.picks.pop()

    def code(self):
        if not self.done():
            raise RuleFormError("the rule is not complete")
        p = self.picks
        first = clause(p[0], p[1], p[2], p[3])
        if p[4] == ONLY:
            return encode(first)
        return encode(first, p[4], clause(p[5], p[6], p[7], p[8]))

    def problem(self):
        try:
            check(self.code())
        except RuleFormError as e:
            return str(e)
        return None
