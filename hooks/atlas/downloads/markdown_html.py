"""Record Markdown as standalone, sanitised HTML, for places MkDocs does not render (Anki cards, feeds).

Math is lifted out before Markdown runs and put back in MathJax's delimiters `\\(…\\)` / `\\[…\\]` (what
Anki typesets). The Markdown output then goes through an allow-list (nh3, as every page does): unknown
tags are dropped, text stays escaped and links keep only https addresses, so no record can put markup or
script into a deck or a feed, whatever it contains.
"""

from __future__ import annotations

import html
import re

import markdown
import nh3

from atlas.safety.textsafe import _PROTECTED, escape_markup

_ALLOWED = {"p", "em", "strong", "code", "pre", "ul", "ol", "li", "a", "br", "blockquote", "hr",
            "table", "thead", "tbody", "tr", "th", "td", "h4", "h5", "h6"}
_TOKEN = "ATLASMATH{}X"
_TOKEN_RE = re.compile(r"ATLASMATH(\d+)X")


def _lift_math(text: str) -> tuple[str, list[str]]:
    """Replace each formula with a placeholder Markdown leaves alone; code spans stay as they are."""
    formulas: list[str] = []
    out, last = [], 0
    for m in _PROTECTED.finditer(text):
        chunk = m.group(0)
        out.append(escape_markup(text[last:m.start()]))
        last = m.end()
        if chunk.startswith("$$"):
            formulas.append("\\[" + chunk[2:-2].strip() + "\\]")
        elif chunk.startswith("$"):
            formulas.append("\\(" + chunk[1:-1] + "\\)")
        else:
            out.append(chunk)
            continue
        out.append(_TOKEN.format(len(formulas) - 1))
    out.append(escape_markup(text[last:]))
    return "".join(out), formulas


def sanitise(fragment: str) -> str:
    """The allow-listed tags only, text escaped, links to https pages only (the site's nh3 sanitiser, narrower)."""
    return nh3.clean(fragment, tags=set(_ALLOWED), attributes={"a": {"href"}}, url_schemes={"https"},
                     clean_content_tags={"script", "style", "template", "iframe", "object", "noscript"},
                     link_rel=None, strip_comments=True)


_MARKDOWN = markdown.Markdown(extensions=["fenced_code", "tables", "sane_lists"])  # built once: building costs more than converting


def to_html(text: str, inline: bool = False) -> str:
    """Record Markdown -> safe HTML with MathJax delimiters; `inline` drops the wrapping paragraph."""
    source, formulas = _lift_math(text)
    rendered = sanitise(_MARKDOWN.reset().convert(source))
    if inline and rendered.startswith("<p>") and rendered.endswith("</p>") and rendered.count("<p>") == 1:
        rendered = rendered[3:-4]
    return _TOKEN_RE.sub(lambda m: html.escape(formulas[int(m.group(1))], quote=False), rendered)


def list_html(items: list[str]) -> str:
    """One-line Markdown items as a <ul>, in one conversion."""
    return to_html("\n".join("- " + " ".join(item.split()) for item in items))
