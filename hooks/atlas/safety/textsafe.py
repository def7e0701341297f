"""Record text is Markdown without raw HTML: find what would inject markup, and neutralise it.

Code and math are left alone (Markdown and arithmatex escape them); everywhere else `<` and `{`
are turned into entities so neither raw HTML nor attribute lists can reach the page.
"""

from __future__ import annotations

import re
import string
from typing import Callable

# Fenced code as pymdownx.superfences reads it: three or more backticks or tildes, with an optional info string
# (`~~~cpp`, ```` ```{.python} ````), closed by exactly the same fence; indented as a whole (inside a list item)
# or not. Every body line keeps the opening's indentation: a line that drops it is not inside the fence for
# Markdown either (an indented "fence" over unindented lines is an indented code block and then prose).
# An unclosed fence is not code. Markdown escapes what is inside a fence; we must never call prose code.
_FENCE_OPEN = r"^(?P<ind>[ \t]*)(?P<fence>(?P<fc>[`~])(?P=fc){2,})(?!(?P=fc))[^\n]*\n"
_FENCE_BODY = r"(?:(?P=ind)[^\n]*\n|[ \t]*\n)*?(?P=ind)(?P=fence)[ \t]*$"
_INLINE_CODE = r"`+[^`\n]*?`+"
_MATH = r"\$\$.+?\$\$|(?<![\\$])\$(?=\S)[^$\n]+?(?<=\S)\$(?!\$)"
FENCE_LINE = re.compile(r"[ \t]*(`{3,}|~{3,})")  # a line that opens or closes a fence
# Code only (fenced and inline), and code plus math: what Markdown and arithmatex escape themselves.
CODE = re.compile(f"({_FENCE_OPEN}{_FENCE_BODY}|{_INLINE_CODE})", re.S | re.M)
PROTECTED = re.compile(f"({_FENCE_OPEN}{_FENCE_BODY}|{_INLINE_CODE}|{_MATH})", re.S | re.M)
_PROTECTED = PROTECTED  # the name other modules imported first
_IMAGE = re.compile(r"!\[[^\]]*\]\s*(\(\s*<?([^)\s>]*)|\[)")  # ![alt](target) or ![alt][ref]
_TAG = re.compile(r"</?[A-Za-z][^>]*>?|<[!?]")  # "a < b" is not a tag; "<b", "</b", "<!--" are
_LINK = re.compile(r"\]\(\s*<?([^)\s>]*)")
_AUTOLINK = re.compile(r"<([a-zA-Z][a-zA-Z0-9+.-]*:[^>\s]*)>")
_SAFE_SCHEMES = ("https://", "#")  # http:// would load over a network anyone on the path can rewrite
# A reference-style link definition: `[label]: target` at the start of a line.
_LINK_DEFINITION = re.compile(r"^[ ]{0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]*)", re.M)
# ASCII punctuation Markdown or our extensions may read as syntax somewhere in a line; the rest
# (- . , : ; / ? % @ ! + = ~ ^ ') cannot start anything in the middle of a line of plain text.
_PUNCTUATION = frozenset(string.punctuation) - frozenset("-.,:;/?%@!+=~^'")
# RFC 3986 characters a URL may keep as they are; everything else (brackets, parentheses, quotes, spaces,
# backslashes) is percent-encoded so the URL cannot close the Markdown link or attribute it sits in.
_URL_KEEP = frozenset(string.ascii_letters + string.digits + "-._~:/?#@!$&*+,;=%")


def prose_parts(text: str) -> list[str]:
    """The parts of `text` outside code and math: where Markdown parses links and HTML."""
    out, last = [], 0
    for m in _PROTECTED.finditer(text):
        out.append(text[last:m.start()])
        last = m.end()
    out.append(text[last:])
    return out


def unsafe_parts(text: str) -> list[tuple[str, str]]:
    """(code, snippet) for each piece of raw HTML or non-web link outside code and math."""
    found: list[tuple[str, str]] = []
    if "<" not in text and "](" not in text and "]:" not in text and "![" not in text:  # nothing like markup or a link
        return found
    for segment in prose_parts(text):
        for m in _IMAGE.finditer(segment):
            target = m.group(2) or ""
            if m.group(1) == "[" or "://" in target or target.startswith("//") or ":" in target.split("/")[0]:
                found.append(("E070", m.group(0)[:40]))
        for m in _AUTOLINK.finditer(segment):
            if not m.group(1).lower().startswith(_SAFE_SCHEMES):
                found.append(("E041", m.group(0)))
        for m in _TAG.finditer(_AUTOLINK.sub("", segment)):
            found.append(("E040", m.group(0)[:40]))
        for m in _LINK_DEFINITION.finditer(segment):
            if not m.group(1).lower().startswith(_SAFE_SCHEMES):
                found.append(("E041", m.group(0).strip()[:40]))
        for m in _LINK.finditer(segment):
            target = m.group(1)
            if target and not target.lower().startswith(_SAFE_SCHEMES):
                found.append(("E041", target[:40]))
    return found


def escape_markup(text: str) -> str:
    """Markdown safe to embed in a page: HTML and attribute-list syntax become plain characters."""
    if "<" not in text and "{" not in text and "}" not in text:
        return text
    out, last = [], 0
    for m in _PROTECTED.finditer(text):
        out.append(_escape_plain(text[last:m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(_escape_plain(text[last:]))
    return "".join(out)


def _escape_plain(segment: str) -> str:
    return segment.replace("<", "&lt;").replace("{", "&#123;").replace("}", "&#125;")


_BREAKS = re.compile(r"[ \t\r\n\f\v]+")


def one_line(text: str) -> str:
    """Line breaks and runs of ASCII spaces folded to one space; no-break spaces (the Russian and Hindi number
    convention: 50 000 never wraps) are kept, as str.split() would not."""
    return _BREAKS.sub(" ", text).strip()


def plain_markdown(text: str) -> str:
    """Plain text (a name, a title, an author) as Markdown that Markdown reads as nothing but text.

    Every ASCII punctuation character becomes a numeric character reference, so no emphasis, code span,
    link, attribute list, math delimiter, HTML or entity can form; whitespace is folded to one line.
    """
    flat = " ".join(text.split())
    out = "".join(f"&#{ord(ch)};" if ch in _PUNCTUATION else ch for ch in flat)
    # Where it starts a line, "1." or "+"/"-"/"=" would begin a list, a rule or a heading underline.
    lead = re.match(r"\d*[-+=.)]", out)
    if lead:
        out = out[:lead.end() - 1] + f"&#{ord(out[lead.end() - 1])};" + out[lead.end():]
    return out


def markdown_url(url: str) -> str:
    """A URL safe inside `[text](…)`: characters outside RFC 3986's plain set are percent-encoded."""
    return "".join(ch if ch in _URL_KEEP else "".join(f"%{b:02X}" for b in ch.encode("utf-8")) for ch in url)


_ANCHOR_LINK = re.compile(r"\]\(\s*<?#([^)\s>]*)")


def anchor_links(text: str) -> list[str]:
    """The targets of in-page links `[text](#anchor)` outside code and math."""
    if "](#" not in text.replace("]( ", "]("):
        return []
    return [m.group(1) for segment in prose_parts(text) for m in _ANCHOR_LINK.finditer(segment)]


def point_anchor_links(text: str, page_of: Callable[[str], str]) -> str:
    """`[text](#id)` outside code and math, pointed at `page_of(id) + "#id"`: a question on another page.

    `page_of` returns "" for an anchor on the same page, which is left as it is.
    """
    if "](#" not in text.replace("]( ", "]("):
        return text

    def point(m: re.Match[str]) -> str:
        page = page_of(m.group(1))
        return m.group(0).replace("#", f"{page}#", 1) if page else m.group(0)

    out, last = [], 0
    for m in _PROTECTED.finditer(text):
        out.append(_ANCHOR_LINK.sub(point, text[last:m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(_ANCHOR_LINK.sub(point, text[last:]))
    return "".join(out)
