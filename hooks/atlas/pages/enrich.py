"""What the build adds to the sanitised HTML of record text, after the allowlist sanitiser has run.

- `label_cells`: every cell of a record's table carries its column's name (`data-label`, the header's text,
  HTML-escaped), so a table whose columns would not fit a phone can be shown as stacked rows, each value beside
  its column's name (atlas.css; atlas.js decides by measuring, and a table that fits stays a table).

The input is the allowlist sanitiser's output (html5ever's serialisation: lower-case tags, attribute values in
double quotes with `"` and `&` escaped, text with `<`, `>` and `&` escaped), which is what makes reading it with
regular expressions exact. Nothing from a record reaches the output unescaped.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

ATTRS = r"""(?:[^>"']|"[^"]*"|'[^']*')*"""  # a start tag's attributes, quoted values may hold `>`
_TABLE = re.compile(rf"<table\b{ATTRS}>.*?</table>", re.S)
_HEAD = re.compile(rf"<thead\b{ATTRS}>.*?</thead>", re.S)
_TH = re.compile(rf"<th\b{ATTRS}>(.*?)</th>", re.S)
_ROW = re.compile(rf"<tr\b{ATTRS}>.*?</tr>", re.S)
_TD = re.compile(rf"<td\b({ATTRS})>")
_MATH_DELIMITERS = re.compile(r"\\[()]")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def text_of(fragment: str) -> str:
    """The text a reader sees in a piece of sanitised HTML, on one line (an inline formula as its TeX)."""
    parser = _Text()
    parser.feed(fragment)
    parser.close()
    return " ".join(_MATH_DELIMITERS.sub("", "".join(parser.parts)).split())


def attribute(text: str) -> str:
    """Text as a double-quoted attribute value, escaped as the sanitiser writes one (`&`, `<`, `>`, `"`)."""
    return html.escape(text, quote=False).replace('"', "&quot;")


def _label_table(table: str) -> str:
    head = _HEAD.search(table)
    if head is None:
        return table
    names = [text_of(m.group(1)) for m in _TH.finditer(head.group(0))]
    if len(names) < 2:  # one column never needs stacking
        return table

    def row(m: re.Match[str]) -> str:
        columns = iter(names)

        def cell(c: re.Match[str]) -> str:
            name = next(columns, "")
            if not name or "data-label=" in c.group(1):
                return c.group(0)
            return f'<td{c.group(1)} data-label="{attribute(name)}">'

        return _TD.sub(cell, m.group(0))

    body_start = head.end()
    return table[:body_start] + _ROW.sub(row, table[body_start:])


def label_cells(fragment: str) -> str:
    """Each body cell of each table (two columns or more) labelled with its column header's text."""
    if "<table" not in fragment:
        return fragment
    return _TABLE.sub(lambda m: _label_table(m.group(0)), fragment)
