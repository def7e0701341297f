"""arXiv's answer: its Atom feed read into papers (keyed by id, never by position) and error entries.

Kept apart from the HTTP client because the cache and the judge need `Paper` but not the network.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

NS = {"atom": "http://www.w3.org/2005/Atom", "arxiv": "http://arxiv.org/schemas/atom",
      "opensearch": "http://a9.com/-/spec/opensearch/1.1/"}


@dataclass(frozen=True)
class Paper:
    """arXiv's metadata for the latest version of one paper."""

    id: str
    version: int
    title: str
    authors: tuple[str, ...]
    comment: str = ""

    @property
    def withdrawn(self) -> bool:
        """arXiv withdraws a paper by announcing a new latest version whose comment says so."""
        return bool(re.search(r"\bwithdrawn\b", self.comment, re.IGNORECASE))

    @property
    def first_author(self) -> str:
        return self.authors[0] if self.authors else ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "version": self.version, "title": self.title, "authors": list(self.authors),
                "comment": self.comment}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Paper:
        return cls(str(data["id"]), int(data["version"]), str(data["title"]), tuple(map(str, data["authors"])),
                   str(data.get("comment", "")))


class FeedError(Exception):
    """The body is not an arXiv Atom feed (truncated, throttling text, an HTML error page)."""


@dataclass
class Feed:
    papers: dict[str, Paper] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)  # arXiv's "Error" entries
    bad_ids: set[str] = field(default_factory=set)  # ids those errors name


_ENTRY_ID = re.compile(r"arxiv\.org/abs/(?P<base>.+?)v(?P<v>[0-9]+)$")
_BAD_ID = re.compile(r"incorrect[ _]id[ _]format[ _]for[ _](?P<id>\S+)", re.IGNORECASE)


def parse_feed(body: bytes) -> Feed:
    """Entries keyed by base id (never by position) plus any Error entries; FeedError if not a feed."""
    try:
        root = ET.fromstring(body)
    except ET.ParseError as err:
        raise FeedError(f"invalid XML ({err})") from err
    if root.tag != f"{{{NS['atom']}}}feed":
        raise FeedError(f"not an Atom feed (root element {root.tag})")
    feed = Feed()
    for entry in root.findall("atom:entry", NS):
        _read_entry(entry, feed)
    return feed


def _text(entry: ET.Element, path: str) -> str:
    return " ".join((entry.findtext(path, default="", namespaces=NS) or "").split())


def _read_entry(entry: ET.Element, feed: Feed) -> None:
    entry_id, title = _text(entry, "atom:id"), _text(entry, "atom:title")
    if "/api/errors" in entry_id or (title == "Error" and not _ENTRY_ID.search(entry_id)):
        summary = _text(entry, "atom:summary") or entry_id
        feed.errors.append(summary)
        feed.bad_ids |= {m["id"] for m in _BAD_ID.finditer(f"{summary} {entry_id}")}
        return
    if m := _ENTRY_ID.search(entry_id):
        authors = tuple(_text(a, "atom:name") for a in entry.findall("atom:author", NS))
        feed.papers[m["base"]] = Paper(m["base"], int(m["v"]), title, authors, _text(entry, "arxiv:comment"))
