"""How each language writes numbers, checked in every Russian and Hindi text (docs/contributing.md, "Numbers").

- Russian math: a decimal comma, written `0{,}5` (TeX would space a bare comma); a point is English.
- Russian prose: four-digit numbers solid (1250); from five digits, groups of three joined by a no-break space
  (U+00A0), so a number never wraps across lines: 10 000, 131 072.
- Hindi: one convention for large numbers, the one Indian ML engineers write: K/M/B and digit groups of three
  (7B, 1M tokens, 10,000); no लाख/करोड़, which the atlas used beside M and $50K in one sentence.

Code (`…`, fenced blocks) is skipped everywhere; math is skipped where the rule is about prose.
"""

from __future__ import annotations

import re
from typing import Iterator

from atlas.core.errors import Problem
from atlas.load.translations import TextField
from atlas.safety.textsafe import CODE

NBSP = "\u00a0"

_MATH = re.compile(r"\$\$.+?\$\$|(?<![\\$])\$(?=\S)[^$\n]+?(?<=\S)\$(?!\$)", re.S)
_NAMES = re.compile(r"\\(?:text|mathrm|operatorname|mathtt)\{[^{}]*\}")  # words inside math: names, versions
_DECIMAL_POINT = re.compile(r"\d\.\d")
_SPACED = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d])")
_SOLID = re.compile(r"(?<![\w.,\-/#:])\d{5,}(?![\w.,\-/])")
_LAKH = re.compile(r"(?<![\u0900-\u097f])(?:लाख|करोड़|करोड)(?![\u0900-\u097f])")


def _blank(pattern: re.Pattern[str], text: str) -> str:
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


def russian(text: str) -> Iterator[tuple[str, str, str]]:
    """(code, message, fix) for the first breach of each Russian rule in one text."""
    text = _blank(CODE, text)
    for m in _MATH.finditer(text):
        if d := _DECIMAL_POINT.search(_NAMES.sub("", m.group(0))):
            yield "E067", f"has a decimal point in math ({m.group(0)[:40]!r})", \
                f"write the decimal comma as `{d.group(0)[0]}{{,}}{d.group(0)[2]}` (Russian math uses a comma)"
            break
    prose = _blank(_MATH, text)
    for m in _SPACED.finditer(prose):
        number = m.group(0)
        digits = re.sub(r"\D", "", number)
        if len(digits) == 4:
            yield "E068", f"groups a four-digit number ({number!r})", f"write it solid: {digits}"
            return
        if " " in number or "\u202f" in number:
            yield "E068", f"separates thousands with a plain space ({number!r}), so the number can wrap", \
                "join the groups with a no-break space (U+00A0; Option+Space / AltGr+Space), e.g. 10 000"
            return
    if m := _SOLID.search(prose):
        digits = m.group(0)
        grouped = f"{int(digits):,}".replace(",", NBSP)
        yield "E068", f"writes a {len(digits)}-digit number solid ({digits!r})", \
            f"group it by three with no-break spaces (U+00A0): {grouped}"


def hindi(text: str) -> Iterator[tuple[str, str, str]]:
    prose = _blank(_MATH, _blank(CODE, text))
    if m := _LAKH.search(prose):
        yield "E069", f"counts in {m.group(0)}", \
            "write large numbers as the atlas does: K/M/B or digits in groups of three (1M, 10,000, 7B)"


def number_problems(fields: list[TextField]) -> list[Problem]:
    out = []
    for f in fields:
        for lang, check in (("ru", russian), ("hi", hindi)):
            if f.kind == "glossary" and f.field == "term":
                continue
            for code, message, fix in check(f.texts.get(lang, "")):
                out.append(Problem(f.file, f.lines[lang], code, f.record, f"'{f.field}' ({lang}) {message}", fix))
    return out
