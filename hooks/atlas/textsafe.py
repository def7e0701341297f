"""Record text is Markdown without raw HTML: find what would inject markup, and neutralise it.

Code and math are left alone (Markdown and arithmatex escape them); everywhere else `<` and `{`
are turned into entities so neither raw HTML nor attribute lists can reach the page.
"""

from __future__ import annotations

import re

# Segments that the Markdown engine escapes itself: fenced code, inline code, display and inline math.
_PROTECTED = re.compile(
    r"(^```.*?^```[ \t]*$"          # fenced code block
    r"|`+[^`\n]*?`+"                 # inline code
    r"|\$\$.+?\$\$"                  # display math
    r"|(?<![\\$])\$(?=\S)[^$\n]+?(?<=\S)\$(?!\$))",  # inline math
    re.S | re.M,
)
_TAG = re.compile(r"</?[A-Za-z][^>]*>?|<[!?]")  # "a < b" is not a tag; "<b", "</b", "<!--" are
_LINK = re.compile(r"\]\(\s*<?([^)\s>]*)")
_AUTOLINK = re.compile(r"<([a-zA-Z][a-zA-Z0-9+.-]*:[^>\s]*)>")
_SAFE_SCHEMES = ("http://", "https://", "#")


def _split(text: str) -> list[str]:
    out, last = [], 0
    for m in _PROTECTED.finditer(text):
        out.append(text[last:m.start()])
        last = m.end()
    out.append(text[last:])
    return out


def unsafe_parts(text: str) -> list[tuple[str, str]]:
    """(code, snippet) for each piece of raw HTML or non-web link outside code and math."""
    found: list[tuple[str, str]] = []
    if "<" not in text and "](" not in text:  # the common case: nothing that could be markup or a link
        return found
    for segment in _split(text):
        for m in _AUTOLINK.finditer(segment):
            if not m.group(1).lower().startswith(_SAFE_SCHEMES):
                found.append(("E041", m.group(0)))
        for m in _TAG.finditer(_AUTOLINK.sub("", segment)):
            found.append(("E040", m.group(0)[:40]))
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
