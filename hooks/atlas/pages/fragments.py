"""Record Markdown as the HTML a topic page shows, for pages whose script inserts it (the explorer's practice card).

The same Markdown extensions as the site (mkdocs.yml's `markdown_extensions` plus MkDocs' built-in `tables` and
`fenced_code`), the same escaping of record text (`escape_markup`) and the same allowlist sanitiser
(`atlas.safety.sanitize`) as every page: math comes out as arithmatex's `\\(…\\)` spans that `atlas.js` typesets,
code highlighted by Pygments, tables as tables with each cell labelled by its column (`atlas.pages.enrich`).
Links to `.md` pages become the directory URLs MkDocs would write, relative to the page the fragment is shown on.
"""

from __future__ import annotations

import posixpath
import re
from functools import cache

import markdown

from atlas.core import urls
from atlas.core.settings import mkdocs_config
from atlas.pages.enrich import label_cells
from atlas.safety.sanitize import sanitize
from atlas.safety.textsafe import escape_markup, one_line

_BUILTIN = ("toc", "tables", "fenced_code")  # what MkDocs always adds (its MarkdownExtensions builtins)
_SKIP = {"toc"}  # fragments have no headings of their own: no permalinks, no slugs
_HREF = re.compile(r'href="([^"#?:]+\.md)(#[^"]*)?"')


@cache
def _extensions() -> tuple[list[str], dict[str, dict]]:
    names, configs = [], {}
    for entry in [*_BUILTIN, *(mkdocs_config().get("markdown_extensions") or [])]:
        name, config = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        if name in _SKIP or name in names:
            continue
        names.append(name)
        if config:
            configs[name] = config
    return names, configs


@cache
def _converter() -> markdown.Markdown:
    names, configs = _extensions()
    return markdown.Markdown(extensions=names, extension_configs=configs)


def _directory_urls(html: str, from_uri: str) -> str:
    """`topics/rag.md#x` (relative to the source `from_uri`) -> `../topics/rag/#x` (relative to its page URL)."""
    def fix(m: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(from_uri), m.group(1)))
        return f'href="{urls.page_link(from_uri, target)}{m.group(2) or ""}"'

    return _HREF.sub(fix, html)


def _unwrap(html: str) -> str:
    html = html.strip()
    if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        return html[3:-4]
    return html


def to_html(text: str, from_uri: str, inline: bool = False) -> str:
    """Record Markdown -> the sanitised HTML a topic page would show for it. `inline`: without the wrapping <p>."""
    rendered = label_cells(sanitize(_directory_urls(_converter().reset().convert(escape_markup(text).strip()), from_uri)))
    return _unwrap(rendered) if inline else rendered.strip()


_SPLIT = "ATLASFRAGMENTBREAK"  # a paragraph of its own between the parts of one record: one conversion per record


def many_to_html(texts: list[str], from_uri: str) -> list[str]:
    """Several one-paragraph texts (a company page's notes) in one conversion, each inline, as `to_html` gives."""
    if not texts:
        return []
    source = f"\n\n{_SPLIT}\n\n".join(escape_markup(t).strip() for t in texts)
    rendered = label_cells(sanitize(_directory_urls(_converter().reset().convert(source), from_uri)))
    pieces = [_unwrap(p) for p in rendered.split(f"<p>{_SPLIT}</p>")]
    return pieces if len(pieces) == len(texts) else [to_html(t, from_uri, True) for t in texts]
_ITEM = re.compile(r"<li>(.*?)</li>", re.S)


def question_html(text: str, tests: str, rubric: list[str], answer: str, from_uri: str) -> dict:
    """A question's parts in one conversion: its text (inline), what it tests, the rubric points (inline, one
    line each, as the topic page lists them) and the answer ("" if none)."""
    parts = [text, tests, "\n".join("- " + one_line(escape_markup(p)) for p in rubric), answer]
    source = f"\n\n{_SPLIT}\n\n".join(escape_markup(p).strip() if i != 2 else p for i, p in enumerate(parts))
    rendered = label_cells(sanitize(_directory_urls(_converter().reset().convert(source), from_uri)))
    pieces = rendered.split(f"<p>{_SPLIT}</p>")
    if len(pieces) != 4:  # a part swallowed the break (it cannot: fences and lists end at it): render one by one
        return {"text": to_html(text, from_uri, True), "tests": to_html(tests, from_uri),
                "rubric": [to_html(p, from_uri, True) for p in rubric], "answer": to_html(answer, from_uri) if answer else ""}
    items = [_unwrap(m) for m in _ITEM.findall(pieces[2])]
    if len(items) != len(rubric):
        items = [to_html(p, from_uri, True) for p in rubric]
    return {"text": _unwrap(pieces[0]), "tests": pieces[1].strip(), "rubric": items,
            "answer": pieces[3].strip() if answer else ""}
