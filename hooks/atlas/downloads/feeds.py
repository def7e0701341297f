"""An Atom feed per language of the newest questions (by their `added` date), newest first.

Built with ElementTree, so every text is escaped by the XML writer; entry content is the sanitised
HTML of `markdown_html`. Entry ids are the questions' page URLs, which never change for a question.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET

from atlas.core.labels import Labels
from atlas.core.licenses import CONTENT_LICENSE_NAME, CONTENT_LICENSE_URL
from atlas.core.model import Atlas, Question
from atlas.core.urls import Repository, question_uri, topic_uri
from atlas.downloads.markdown_html import to_html

ATOM = "http://www.w3.org/2005/Atom"
FEED_FILE = "feed.xml"  # at the root of each language: /feed.xml, /ru/feed.xml, /hi/feed.xml
ENTRIES = 50


def newest(atlas: Atlas, limit: int = ENTRIES) -> list[Question]:
    """Newest first — by the later of added and last fact-checked, the entry's `updated`; questions of the same
    day keep their order in the data."""
    order = {q.id: i for i, q in enumerate(atlas.questions)}
    return sorted(atlas.questions, key=lambda q: (max(q.added, q.checked), -order[q.id]), reverse=True)[:limit]


def _stamp(day: str) -> str:
    return f"{day}T00:00:00Z"


def atom_feed(atlas: Atlas, lang: str, repo: Repository) -> bytes:
    L = Labels(lang)
    home = repo.page_url("index.md", lang)
    entries = newest(atlas)
    ET.register_namespace("", ATOM)

    def sub(parent: ET.Element, tag: str, text: str = "", **attrs: str) -> ET.Element:
        node = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
        if text:
            node.text = text
        return node

    feed = ET.Element(f"{{{ATOM}}}feed", {"{http://www.w3.org/XML/1998/namespace}lang": lang})
    sub(feed, "id", home + FEED_FILE)
    sub(feed, "title", L["feed_title"])
    sub(feed, "subtitle", L["feed_subtitle"])
    sub(feed, "updated", _stamp(max((max(q.added, q.checked) for q in atlas.questions), default="1970-01-01")))
    sub(feed, "link", rel="self", type="application/atom+xml", href=home + FEED_FILE)
    sub(feed, "link", rel="alternate", type="text/html", href=home)
    author = sub(feed, "author")
    sub(author, "name", L["site_name"])
    sub(author, "uri", home)
    sub(feed, "rights", f"{CONTENT_LICENSE_NAME}: {CONTENT_LICENSE_URL}")
    sub(feed, "generator", L["site_name"])
    for q in entries:
        url = repo.page_url(question_uri(q.topic, q.id), lang)
        entry = sub(feed, "entry")
        # An entry's id never changes (RFC 4287): the address the question had before it had a page of its own (its
        # topic's page and its anchor, which still leads to it), so a feed reader does not show it again as new.
        sub(entry, "id", repo.page_url(topic_uri(q.topic), lang, q.id))
        sub(entry, "title", q.text[lang])
        sub(entry, "updated", _stamp(max(q.added, q.checked)))  # a new full check is an update
        sub(entry, "published", _stamp(q.added))
        sub(entry, "link", rel="alternate", type="text/html", href=url)
        sub(entry, "category", term=q.topic, label=atlas.topic(q.topic).name[lang])
        # The question and what it tests; the rubric and answer stay on the page (feeds are polled often).
        body = (f"{to_html(q.text[lang])}<p><strong>{html.escape(L['tests'])}:</strong> "
                f"{to_html(q.tests[lang], inline=True)}</p><p>{html.escape(L.fact_checked(q.checked))}</p>")
        sub(entry, "content", body, type="html")
    ET.indent(feed, space=" ")
    return ET.tostring(feed, encoding="utf-8", xml_declaration=True) + b"\n"
