"""How wide KaTeX draws an inline formula, estimated from its TeX, so that validation can refuse one that cannot
fit a phone's column (E071): the reader would see it cut off, with no way to scroll to its end.

An inline formula may wrap after a relation (=, ≤, →) or a binary operator (+, ·, ×) at its top level, never
inside braces or \\left…\\right: what must fit is its widest unbreakable piece. Widths are in em of KaTeX's font
(1.21 times the text), glyph by glyph, roughly as KaTeX's metrics have them. `tests/test_browser.py` holds the
estimate to what Chromium measures for every inline formula of the atlas.
"""

from __future__ import annotations

from functools import lru_cache

import re

_SPACES = {r"\,": 0.17, r"\:": 0.22, r"\>": 0.22, r"\;": 0.28, r"\!": -0.17, r"\quad": 1.0, r"\qquad": 2.0, "~": 0.33,
           r"\ ": 0.33}
_REL = {"=", "<", ">", r"\le", r"\leq", r"\ge", r"\geq", r"\approx", r"\sim", r"\neq", r"\ne", r"\equiv", r"\to",
        r"\rightarrow", r"\leftarrow", r"\Rightarrow", r"\mapsto", r"\propto", r"\in", r"\notin", r"\subset",
        r"\subseteq", r"\gets", r"\coloneqq", r"\ll", r"\gg", r"\simeq", r"\cong", r"\models", r"\iff", r"\implies",
        r"\Leftrightarrow", r"\lt", r"\gt", r"\leftrightarrow", r"\longrightarrow", r"\mid"}
_BIN = {"+", "-", r"\cdot", r"\times", r"\pm", r"\mp", r"\odot", r"\otimes", r"\oplus", r"\circ", r"\div", r"\cap",
        r"\cup", r"\wedge", r"\vee", r"\setminus", "*", r"\ast", r"\bmod"}
_OPEN = {"(", "[", ",", ";", "{", r"\left", "^", "_", r"\{", r"\langle", "|"}
_NAMED = {r"\sum": 1.06, r"\prod": 0.94, r"\int": 0.56, r"\bigcup": 0.83, r"\bigcap": 0.83, r"\max": 1.77,
          r"\min": 1.62, r"\log": 1.45, r"\exp": 1.62, r"\ln": 0.97, r"\sin": 1.37, r"\cos": 1.37, r"\Pr": 1.27,
          r"\arg": 1.47, r"\lim": 1.47, r"\det": 1.47, r"\dim": 1.57, r"\sup": 1.47, r"\inf": 1.22,
          r"\ldots": 1.2, r"\dots": 1.2, r"\cdots": 1.2, r"\infty": 1.0, r"\partial": 0.57, r"\nabla": 0.83,
          r"\langle": 0.39, r"\rangle": 0.39, r"\lfloor": 0.44, r"\rfloor": 0.44, r"\lceil": 0.44, r"\rceil": 0.44,
          r"\|": 0.5, r"\{": 0.5, r"\}": 0.5, r"\%": 0.83, r"\$": 0.5, r"\#": 0.83, r"\&": 0.78, r"\_": 0.5,
          r"\top": 0.78, r"\prime": 0.3}
_TEXT = {r"\text", r"\textrm", r"\textit", r"\textbf", r"\mathrm", r"\operatorname", r"\mathit", r"\texttt",
         r"\mathsf", r"\mathtt", r"\mbox", r"\textsf"}
_ONE_ARGUMENT = {r"\mathbf", r"\boldsymbol", r"\bm", r"\mathcal", r"\mathbb", r"\mathfrak", r"\hat", r"\widehat",
                 r"\tilde", r"\widetilde", r"\bar", r"\overline", r"\underline", r"\vec", r"\dot", r"\ddot",
                 r"\mathscr", r"\check", r"\breve", r"\phantom", r"\underbrace", r"\overbrace"}
_NOTHING = {r"\displaystyle", r"\textstyle", r"\scriptstyle", r"\left", r"\right", r"\big", r"\Big", r"\bigg",
            r"\Bigg", r"\bigl", r"\bigr", r"\Bigl", r"\Bigr", r"\limits", r"\nolimits", r"\middle"}
_FRACTIONS = {r"\frac", r"\tfrac", r"\dfrac", r"\cfrac", r"\binom", r"\tbinom", r"\dbinom"}
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|[{}^_]|\s+|.", re.S)


def _argument(tokens: list[str], i: int) -> tuple[list[str], int]:
    """The argument at tokens[i]: a {…} group or one token; and the index after it."""
    while i < len(tokens) and tokens[i].isspace():
        i += 1
    if i >= len(tokens):
        return [], i
    if tokens[i] != "{":
        return [tokens[i]], i + 1
    depth, j = 1, i + 1
    while j < len(tokens) and depth:
        depth += {"{": 1, "}": -1}.get(tokens[j], 0)
        j += 1
    return tokens[i + 1:j - 1], j


def _sign(token: str, previous: str | None) -> bool:
    """A + or - with nothing before it to combine with is a sign: no operator spacing, no line break after it."""
    return token in _BIN and (previous is None or previous in _OPEN or previous in _REL or previous in _BIN)


def _text_width(tokens: list[str]) -> float:
    return sum(0.27 if t.isspace() else 0.0 if t in "{}" else 0.5 for t in tokens)


def _width(tokens: list[str], script: bool = False) -> float:
    """`script`: in sub- and superscripts and inline fractions, where KaTeX puts no space around operators."""
    w, i, previous = 0.0, 0, None
    while i < len(tokens):
        t = tokens[i]
        i += 1
        if t.isspace() or t in "{}":
            continue
        if t in _SPACES:
            w += _SPACES[t]
            continue  # a space is not what a sign follows
        if t in ("^", "_"):
            argument, i = _argument(tokens, i)
            w += 0.72 * _width(argument, script=True) + 0.05
        elif t in _REL:
            w += 0.78 if script else 1.33 if t in ("=", "<", ">") else 1.56
        elif t in _BIN:
            w += 0.78 if script or _sign(t, previous) else 1.22
        elif t in _FRACTIONS:
            top, i = _argument(tokens, i)
            bottom, i = _argument(tokens, i)
            display = t.startswith(r"\d")  # \dfrac, \dbinom: full-size parts, spaced operators
            scale, inner = (1.0, False) if display else (0.72, True)
            w += scale * max(_width(top, inner), _width(bottom, inner)) + (0.9 if "binom" in t else 0.25)
        elif t == r"\sqrt":
            if i < len(tokens) and tokens[i] == "[":
                while i < len(tokens) and tokens[i] != "]":
                    i += 1
                i += 1
            argument, i = _argument(tokens, i)
            w += _width(argument, script) + 0.85
        elif t in _TEXT:
            argument, i = _argument(tokens, i)
            w += _text_width(argument) + (0.17 if t == r"\operatorname" else 0.0)
        elif t in _ONE_ARGUMENT:
            argument, i = _argument(tokens, i)
            w += _width(argument, script)
        elif t in _NOTHING:
            pass  # the delimiter that follows counts itself
        elif t in _NAMED:
            w += _NAMED[t]
        elif t.startswith("\\") and len(t) > 2:
            w += 0.62  # a Greek letter or another symbol
        elif t in ",;":
            w += 0.45
        elif t in "()[]|":
            w += 0.39
        elif t in "!.'":
            w += 0.28
        elif t == "/":
            w += 0.5
        elif t.isdigit():
            w += 0.5
        elif t.isascii() and t.isalpha():
            w += 0.36 if t in "ijl" else 0.88 if t in "mwMW" else 0.58
        else:
            w += 0.6
        previous = t
    return w


def pieces(tex: str) -> list[float]:
    """Widths, in em of KaTeX's font, of the pieces an inline formula cannot be broken into further."""
    tokens = _TOKEN.findall(tex)
    out: list[float] = []
    piece: list[str] = []
    depth, previous = 0, None
    for t in tokens:
        piece.append(t)
        if t.isspace() or t in _SPACES:
            continue
        if t in ("{", r"\left"):
            depth += 1
        elif t in ("}", r"\right"):
            depth -= 1
        elif depth == 0 and previous not in ("^", "_") and (t in _REL or (t in _BIN and not _sign(t, previous))):
            out.append(_width(piece))
            piece = []
        previous = t
    if piece:
        out.append(_width(piece))
    return out or [0.0]


@lru_cache(maxsize=None)  # a formula is usually written in all three languages
def widest_piece(tex: str) -> float:
    return max(pieces(tex))
