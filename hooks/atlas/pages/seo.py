"""What search engines and link previews read: structured data, absolute hreflang links, the sitemap."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from urllib.parse import urljoin
from xml.sax.saxutils import escape, quoteattr

from atlas.core.urls import DEFAULT_LANGUAGE

_MARKUP = re.compile(r"[`*_$]|\\(?=[a-zA-Z{}])")
_ALTERNATE = re.compile(r'<link rel="alternate" href="([^"]*)" hreflang="([^"]+)">')


def plain_text(markdown: str) -> str:
    """Markdown/TeX markers dropped, whitespace folded: good enough for a name in JSON-LD."""
    return " ".join(_MARKUP.sub("", markdown).split())


def json_ld(data: dict) -> str:
    """A <script> block that stays inert even if a string contains '</script>'."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/ld+json">{text}</script>'


def question_list(name: str, description: str, url: str, lang: str, questions: list[tuple[str, str]],
                  ordered: bool = False, author: str = "") -> dict:
    """A schema.org CollectionPage whose main entity is the ItemList of its Questions.

    `questions` are (anchor url, question text) pairs. Language and author belong to the page (a
    CreativeWork); ItemList is an Intangible and takes neither.
    """
    items: dict = {
        "@type": "ItemList", "numberOfItems": len(questions),
        "itemListElement": [
            {"@type": "ListItem", "position": i,
             "item": {"@type": "Question", "name": plain_text(text), "url": link, "inLanguage": lang}}
            for i, (link, text) in enumerate(questions, 1)],
    }
    if ordered:
        items["itemListOrder"] = "https://schema.org/ItemListOrderAscending"
    data: dict = {"@context": "https://schema.org", "@type": "CollectionPage", "name": name,
                  "description": description, "url": url, "inLanguage": lang, "mainEntity": items}
    if author:
        data["author"] = {"@type": "Person", "name": author}
    return data


def absolute_alternates(html: str, page_url: str) -> str:
    """hreflang links as absolute URLs (search engines ignore relative ones), plus x-default."""
    default = ""

    def absolute(m: re.Match[str]) -> str:
        nonlocal default
        href = urljoin(page_url, m.group(1))
        if m.group(2) == DEFAULT_LANGUAGE:
            default = href
        return f'<link rel="alternate" href="{href}" hreflang="{m.group(2)}">'

    html = _ALTERNATE.sub(absolute, html)
    if default and 'hreflang="x-default"' not in html:
        last = list(_ALTERNATE.finditer(html))[-1]
        html = html[:last.end()] + f'\n  <link rel="alternate" href="{default}" hreflang="x-default">' + html[last.end():]
    return html


def sitemap(pages: dict[str, dict[str, str]]) -> str:
    """Every page in every language, each listing all its translations and x-default."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">']
    for key in sorted(pages):
        versions = pages[key]
        links = [f'    <xhtml:link rel="alternate" hreflang="{lang}" href={quoteattr(url)}/>'
                 for lang, url in sorted(versions.items())]
        if DEFAULT_LANGUAGE in versions:
            links.append(f'    <xhtml:link rel="alternate" hreflang="x-default" href={quoteattr(versions[DEFAULT_LANGUAGE])}/>')
        for lang in sorted(versions):
            out += ["  <url>", f"    <loc>{escape(versions[lang])}</loc>", *links, "  </url>"]
    out.append("</urlset>")
    return "\n".join(out) + "\n"


def write_sitemaps(site: Path, site_url: str, pages: dict[str, dict[str, str]], languages: list[str]) -> None:
    """The sitemap, plus the small ones Material asks for.

    Material's language switcher fetches `sitemap.xml` next to the language root (its `base`) and next to
    every hreflang alternate of a page, to keep the reader on the same page. So the full sitemap is
    written to each language root, and each page's directory gets the entries of that one page.
    """
    full = sitemap(pages)
    for lang in languages:
        root = site if lang == DEFAULT_LANGUAGE else site / lang
        root.mkdir(parents=True, exist_ok=True)
        (root / "sitemap.xml").write_text(full, encoding="utf-8")
        (root / "sitemap.xml.gz").write_bytes(gzip.compress(full.encode("utf-8"), mtime=0))
    base = site_url.rstrip("/") + "/"
    for versions in pages.values():
        one = sitemap({"": versions})
        for url in versions.values():
            if url and url.startswith(base) and url != base and not url[len(base):].rstrip("/") in languages:
                folder = site / url[len(base):]
                if folder.is_dir():
                    (folder / "sitemap.xml").write_text(one, encoding="utf-8")
