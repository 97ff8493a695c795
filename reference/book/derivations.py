"""The one-line derivations of the scenarios' numbers: a comment right above a ``Then`` step that
works out what the step states, e.g. ``# 2 seals (SR9) + 1 (the Well) = 3``.

A derivation is one or more parts separated by ``;``. Each part is ``expression = N``: the
expression is integers joined by ``+``, ``-`` (or ``−``), ``×`` (or ``*``) and ``÷`` (whole
division: ``8 ÷ 5`` is 1, as "1 per full 5" counts), with words and
parenthesised remarks between them for the reader (``3 coins (SR9) + 5 (a 6 on the Well) = 8``);
digits inside a word (``SR9``, ``G4``, ``5-iron``) or inside parentheses are not numbers of the
expression, and a hyphen inside a word (``Mother-of-Pearl``) is not a minus sign.

:func:`problems` checks a derivation: every part evaluates to the number it states, and every number
it states appears in the step below. :func:`unexplained` lists the numbers of an example that need
working out and have no derivation: the amounts a clan ``now holds``, its Passage of Time space and
the final score cells that differ from what a ``Given`` step set for that clan (or that no ``Given``
step set). Outline rows are left out: their table is their derivation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from reference.book.scenarios import Example, StepText

_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.]*\w)")
"""An integer standing alone (not the ``9`` of ``SR9`` or the ``2`` of ``2c``)."""

_TOKEN = re.compile(r"(?<![\w.])\d+(?![\w.]*\w)|[+\-−×*÷]")
_PARENTHESES = re.compile(r"\([^()]*\)")
_WORD_HYPHEN = re.compile(r"(?<=[A-Za-z0-9])-(?=[A-Za-z])|(?<=[A-Za-z])-(?=[0-9])")
"""A hyphen inside a word (``Mother-of-Pearl``, ``5-iron``, ``coral-coin``): not a minus sign."""
_HOLDS = re.compile(r"clan ([0-9]) (?:now )?holds (.+)")
_SPACE = re.compile(r"clan ([0-9]) is (?:now )?on Passage of Time space (\d+)")
_AMOUNT = re.compile(r"(\d+) (coins?|seals?|food|iron|Mother-of-Pearl|Clan Points?)")


@dataclass(frozen=True)
class Part:
    """One ``expression = N`` of a derivation: the stated result and what the expression gives
    (None when it is not an expression of integers and operators, with ``error`` saying why)."""

    text: str
    stated: int | None
    computed: int | None
    error: str = ""


def _strip_remarks(text: str) -> str:
    while True:
        stripped = _PARENTHESES.sub(" ", text)
        if stripped == text:
            return text
        text = stripped


def evaluate(expression: str) -> tuple[int | None, str]:
    """The value of ``expression`` (integers, ``+ - − × * ÷``; ``×`` and ``÷`` bind first, left to
    right; words and parenthesised remarks ignored) and an empty string; or None and what is wrong."""
    tokens = _TOKEN.findall(_WORD_HYPHEN.sub("_", _strip_remarks(expression)))
    if not tokens:
        return None, "no number to work from"
    terms: list[int] = []
    sign = 1
    product: int | None = None
    expect_number = True
    pending = ""
    for token in tokens:
        if token.isdigit():
            if not expect_number:
                return None, f"two numbers without an operator between them (… {token})"
            value = int(token)
            if pending == "÷" and value == 0:
                return None, "a division by 0"
            if pending and product is not None:
                product = product // value if pending == "÷" else product * value
            else:
                product = value
            pending = ""
            expect_number = False
        elif expect_number:
            return None, f"an operator where a number belongs ({token!r})"
        elif token in "×*÷":
            pending = token
            expect_number = True
        else:
            assert product is not None
            terms.append(sign * product)
            sign = 1 if token == "+" else -1
            product = None
            expect_number = True
    if expect_number:
        return None, "the expression ends with an operator"
    assert product is not None
    terms.append(sign * product)
    return sum(terms), ""


def _split_parts(note: str) -> list[str]:
    """``note`` split at each ``;`` outside parentheses."""
    pieces: list[str] = []
    depth = start = 0
    for i, char in enumerate(note):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == ";" and depth == 0:
            pieces.append(note[start:i])
            start = i + 1
    pieces.append(note[start:])
    return pieces


MAX_DIGITS: Final = 9
"""A number of a derivation has at most this many digits (the game's numbers are small)."""

_RESULT: Final = re.compile(r"\s*(\d+)(?![\w.]*\w)([^\d+\-−×*÷=]*)$")
"""What follows ``=``: the result, then words only (``= 10 coins``)."""


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def parts(note: str) -> tuple[Part, ...]:
    """The parts of a derivation comment, each evaluated (remarks in parentheses aside: an ``=`` or
    a number inside one is the reader's, not the sum's)."""
    if not _balanced(note):
        return (Part(note, None, None, "unbalanced parentheses"),)
    out: list[Part] = []
    for raw in _split_parts(note):
        text = raw.strip()
        if not text:
            continue
        bare = _WORD_HYPHEN.sub("_", _strip_remarks(text))
        if any(len(n) > MAX_DIGITS for n in re.findall(r"\d+", bare)):
            out.append(Part(text, None, None, f"a number of more than {MAX_DIGITS} digits"))
            continue
        left, equals, right = bare.partition("=")
        if "=" in right:
            out.append(Part(text, None, None, "more than one '='"))
            continue
        result = _RESULT.match(right)
        if not equals or result is None:
            out.append(Part(text, None, None, "no '= N' result (a whole number, then words only)"))
            continue
        computed, error = evaluate(left)
        out.append(Part(text, int(result.group(1)), computed, error))
    return tuple(out)


def step_numbers(step: StepText) -> tuple[int, ...]:
    """The integers a step states (its text and its table cells)."""
    cells = " ".join(" ".join(row) for row in step.table)
    return tuple(int(n) for n in _NUMBER.findall(f"{step.text} {cells}"))


def problems(example: Example) -> list[str]:
    """What is wrong with the derivations of ``example``: a part that does not evaluate, evaluates to
    another number than it states, or states a number the step below does not."""
    found: list[str] = []
    for step in example.steps:
        if not step.note or step.kind != "then":
            continue
        where = f"{example.file}:{step.line}"
        stated = set(step_numbers(step))
        for part in parts(step.note):
            if part.error:
                found.append(f"{where}: {part.text!r}: {part.error}")
            elif part.computed != part.stated:
                found.append(f"{where}: {part.text!r} works out to {part.computed}, not {part.stated}")
            elif part.stated not in stated:
                found.append(f"{where}: {part.text!r} gives {part.stated}, which the step does not state")
    return found


def _given_amounts(example: Example) -> dict[tuple[int, str], int]:
    given: dict[tuple[int, str], int] = {}
    for step in example.steps:
        if step.kind != "given":
            continue
        if m := _HOLDS.fullmatch(step.text):
            for n, unit in _AMOUNT.findall(m.group(2)):
                given[(int(m.group(1)), unit.rstrip("s"))] = int(n)
        elif m := _SPACE.fullmatch(step.text):
            given[(int(m.group(1)), "space")] = int(m.group(2))
    return given


def _stated_amounts(step: StepText) -> list[tuple[tuple[int, str] | None, int]]:
    """The amounts a Then step states, each with the (clan, unit) it is about (None: a score cell)."""
    if m := _HOLDS.fullmatch(step.text):
        return [((int(m.group(1)), unit.rstrip("s")), int(n)) for n, unit in _AMOUNT.findall(m.group(2))]
    if m := _SPACE.fullmatch(step.text):
        return [((int(m.group(1)), "space"), int(m.group(2)))]
    if step.text == "the final scores are:":
        return [(None, int(cell)) for row in step.table[1:] for cell in row[1:] if cell.strip().isdigit()]
    return []


def unexplained(example: Example) -> list[str]:
    """The numbers of ``example`` that need working out and no derivation gives: each a Then amount
    (clan holdings, Passage of Time space, final score cells other than 0) that no Given step set to
    that value for that clan, and no derivation right above its step states. Outline rows: none."""
    if example.outline is not None:
        return []
    given = _given_amounts(example)
    missing: list[str] = []
    for step in example.steps:
        if step.kind != "then":
            continue
        derived = {p.stated for p in parts(step.note) if not p.error} if step.note else set()
        for about, n in _stated_amounts(step):
            if about is None and n == 0:
                continue
            if about is not None and given.get(about) == n:
                continue
            if n not in derived:
                missing.append(f"{example.file}:{step.line}: {n} in {step.text!r}")
    return missing
