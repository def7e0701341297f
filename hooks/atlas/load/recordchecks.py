"""Values that pass the JSON Schema and are still wrong: checked on every string and number of a file.

JSON Schema patterns use `$`, which also matches before a final line break, accepts 3.0 as an integer
and counts a space as text. These rules close those gaps for every field at once, by the kind of field
(one-line, Markdown, id, URL), not field by field.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Iterator
from urllib.parse import urlsplit

from atlas.core.errors import Problem
from atlas.core.schema import PLACEHOLDER, URL
from atlas.load.validate import record_id, show_path
from atlas.load.yamlsource import YamlDoc
from atlas.load import mathwidth
from atlas.safety.textsafe import CODE, FENCE_LINE, prose_parts


def prose_parts_with_math(text: str) -> list[str]:
    """The parts of `text` outside code (fenced and inline), math included."""
    out, last = [], 0
    for m in CODE.finditer(text):
        out.append(text[last:m.start()])
        last = m.end()
    out.append(text[last:])
    return out

# Fields whose text is Markdown (paragraphs, math); every other string is one line.
MARKDOWN_FIELDS = frozenset({"text", "tests", "rubric", "answer", "summary", "description", "note"})
ID_FIELDS = frozenset({"id", "topic", "tracks", "type", "company", "evidence", "source", "sources", "readings",
                       "questions", "difficulty"})
URL_FIELDS = frozenset({"url", "website"})
LANGUAGE_KEYS = frozenset({"en", "ru", "hi"})

MAX_ID = 64             # ids become file names and anchors
MAX_URL = 2000          # what browsers and servers reliably accept
MAX_LINE = 500          # a title or a name
MAX_MARKDOWN = 12_000   # the longest answer is ~3,000 characters
MAX_BRACKETS = 50       # Python-Markdown's link parsing is quadratic in unmatched `[` (prose uses ≤ 4);
                        # code and math are not parsed for links, so their brackets do not count

_BLANK = re.compile(r"[\s\u200b-\u200d\u2060\ufeff]*")
# RFC 3986: what a URL may contain without percent-encoding.
_URL_CHARS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*")


def _field(path: tuple[Any, ...]) -> str:
    names = [p for p in path if isinstance(p, str) and p not in LANGUAGE_KEYS]
    return names[-1] if names else ""


def _values(node: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _values(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _values(value, path + (i,))
    else:
        yield path, node


def value_problems(doc: YamlDoc) -> list[Problem]:
    out = []
    for path, value in _values(doc.data, ()):
        for code, message, fix in _check(path, value):
            out.append(Problem(doc.rel, doc.line(path), code, record_id(doc.data, path),
                               f"'{show_path(path)}' {message}", fix))
    return out


def _check(path: tuple[Any, ...], value: Any) -> Iterator[tuple[str, str, str]]:
    field = _field(path)
    if isinstance(value, float) and field in ("order", "year"):
        yield "E012", f"should be a whole number, not {value}", f"write it without a decimal point: {field}: {int(value)}"
        return
    if not isinstance(value, str) or not value or re.match(PLACEHOLDER, value):
        return  # a scaffold placeholder is reported once, as such, by the schema (E047)
    if _BLANK.fullmatch(value):
        yield "E014", "has only spaces or invisible characters", "write the text, or remove the field"
        return
    markdown = any(isinstance(p, str) and p in MARKDOWN_FIELDS for p in path)
    if not markdown and ("\n" in value or "\r" in value):
        where = "ends with a line break" if "\n" not in value.rstrip("\r\n") else "spans several lines"
        yield "E021", f"{where}; this field is one line", \
            "write it on one line (with `|` or `>` YAML adds a line break: use a plain or quoted value)"
        return
    limit = MAX_ID if field in ID_FIELDS else MAX_URL if field in URL_FIELDS else MAX_MARKDOWN if markdown else MAX_LINE
    if len(value) > limit:
        yield "E023", f"is {len(value):,} characters long; at most {limit:,} are allowed here", \
            "shorten it" + (" (ids are short, descriptive names)" if field in ID_FIELDS else "")
        return
    brackets = sum(part.count("[") for part in prose_parts(value)) if markdown and "[" in value else 0
    if brackets > MAX_BRACKETS:
        yield "E024", f"has {brackets} `[` outside code and math; at most {MAX_BRACKETS} keep the page fast to build", \
            "use fewer links or brackets; write a literal bracket in math or code"
    if markdown and "\n" in value:
        yield from glued_list(value)
    if markdown and "$$" in value:
        yield from display_math_in_paragraph(value)
    if markdown and "$" in value:
        yield from inline_math_too_wide(value)
    if field in URL_FIELDS:
        yield from _url(value)


_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+\S")



def glued_list(value: str) -> Iterator[tuple[str, str, str]]:
    """A list that starts on the line after a paragraph: Python-Markdown reads it as more of the paragraph."""
    prose_before, in_list, fence = False, False, ""
    for line in value.splitlines():
        if fence:
            fence = "" if line.strip().startswith(fence) else fence
            continue
        if m := FENCE_LINE.match(line):
            fence, prose_before, in_list = m.group(1), False, False
            continue
        if not line.strip():
            prose_before = False
            continue
        if _LIST_ITEM.match(line):
            if prose_before and not in_list:
                yield "E065", f"starts a list on the line after a paragraph ({line.strip()[:40]!r}), so it renders " \
                              "as running text", "put a blank line before the list"
                return
            in_list = True
        elif not line[:1].isspace():
            in_list = in_list and prose_before  # a lazy continuation line stays in its item
        prose_before = not line.lstrip().startswith(("#", "|", "$$", "???", "!!!"))


def display_math_in_paragraph(value: str) -> Iterator[tuple[str, str, str]]:
    """`$$…$$` is a block of its own: a blank line before and after, never inside a line of prose."""
    lines = value.splitlines()
    fence, opened = "", None
    for i, line in enumerate(lines):
        if fence:
            fence = "" if line.strip().startswith(fence) else fence
            continue
        if m := FENCE_LINE.match(line):
            fence = m.group(1)
            continue
        if "$$" not in line or line.lstrip().startswith(("`", "    ")) and "`" in line:
            continue
        stripped = line.strip()
        marks = stripped.count("$$")
        if not stripped.startswith("$$") and not (opened is not None and stripped.endswith("$$")):
            yield "E066", f"has display math `$$` inside a line of prose ({stripped[:40]!r}), which renders as " \
                          "raw dollars", "put `$$ … $$` on lines of its own with a blank line before and after, " \
                                         "or use `$…$` for inline math"
            return
        starts = opened is None
        closes = (marks % 2 == 0) if starts else True
        if starts and i > 0 and lines[i - 1].strip():
            yield "E066", f"starts display math right after a line of text ({lines[i - 1].strip()[:40]!r}), so it " \
                          "renders as raw dollars", "put a blank line before `$$`"
            return
        if closes:
            if i + 1 < len(lines) and lines[i + 1].strip():
                yield "E066", f"continues right after display math ({lines[i + 1].strip()[:40]!r}), so the formula " \
                              "renders as raw dollars", "put a blank line after the closing `$$`"
                return
            opened = None
        else:
            opened = i


PHONE_COLUMN_EM = 16.0  # the narrowest column a formula is shown in (the practice card on a 390 px phone), in em of
                        # KaTeX's font: 314 px at 19.4 px; a topic page's rubric holds 16.9, a written answer 21.4
_INLINE_MATH = re.compile(r"(?<![\\$])\$(?=\S)([^$\n]+?)(?<=\S)\$(?!\$)")


def inline_math_too_wide(value: str) -> Iterator[tuple[str, str, str]]:
    """Inline math that cannot fit a phone's column: KaTeX cannot wrap it there, so its end is cut off."""
    for part in prose_parts_with_math(value):
        for m in _INLINE_MATH.finditer(part):
            width = mathwidth.widest_piece(m.group(1))
            if width > PHONE_COLUMN_EM:
                yield "E071", f"has inline math `{m.group(0)[:50]}` about {width:.0f} em wide with no place to " \
                              f"break, wider than a phone's column ({PHONE_COLUMN_EM:.0f} em), so its end is cut off", \
                              "make it display math: `$$ … $$` on lines of its own with a blank line before and " \
                              "after (or split it at an = or +, or shorten a \\text{…} inside it)"
                return


def _url(value: str) -> Iterator[tuple[str, str, str]]:
    try:
        host = (urlsplit(value).hostname or "") if value.startswith(("https://", "http://")) else ""
    except ValueError as why:  # e.g. "http://[" — an unclosed IPv6 bracket
        yield "E019", f"is not a well-formed address ({why})", \
            "copy the address from the browser's address bar"
        return
    if host and not host.isascii():
        odd = next(ch for ch in host if not ch.isascii())
        try:
            puny = host.encode("idna").decode("ascii")
        except UnicodeError:
            puny = "(cannot be encoded)"
        yield "E063", (f"has the host '{host}' with {unicodedata.name(odd, 'a non-ASCII character')} "
                       f"(U+{ord(odd):04X}); it may imitate another site"), \
            f"type the address in Latin letters; if the site really has this name, use its punycode form {puny}"
        return
    if not re.match(URL, value):
        return  # the schema has reported it
    bad = _URL_CHARS.fullmatch(value) is None and next(
        (ch for ch in value if not _URL_CHARS.fullmatch(ch)), "")
    if bad:
        yield "E019", f"contains `{bad}`, which a URL cannot hold as it is", \
            "copy the address from the browser's address bar (it percent-encodes such characters, e.g. %20)"
