"""What `mkdocs serve` reuses between rebuilds: a page's finished HTML when nothing it is made from changed.

A contributor who saves one record changes one topic page per language (and the lists that show its title);
MkDocs would still convert every page's Markdown again, and the hooks sanitise and mark every page again:
most of a rebuild. A page's content HTML is a function of its final Markdown, where it is (its source and
destination, as links are made relative to it), which files exist (links to them resolve or warn), the
Markdown configuration and the site's address, plus, for generated pages, the HTML the build adds after
sanitising (`GeneratedPage.trusted_html`, `finish_key`). The key is a digest of all of these; a page whose key is
unchanged gets its previous HTML (and its table of contents and anchors) back without being converted.

`mkdocs build` never uses this: it renders everything, every time.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Iterable


def digest(*parts: str) -> str:
    """One key for several strings (a separator no text holds keeps `ab`+`c` apart from `a`+`bc`)."""
    h = hashlib.blake2b(digest_size=20)
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00\xff")
    return h.hexdigest()


def files_key(src_uris: Iterable[str]) -> str:
    """Which files the build has: a page's links depend on it."""
    return digest(*sorted(src_uris))


@dataclass
class Rendered:
    """A page's content after the hooks finished it, and what MkDocs learnt while converting it."""

    html: str
    toc: Any                 # mkdocs.structure.toc.TableOfContents
    title: str | None        # the first heading, when the page's metadata has no title
    anchors: set[str] | None          # ids present on the page (other pages' links are checked against them)
    links: dict[str, dict[str, str]] | None  # links to anchors in other pages, by the linked page's src_uri


class RenderCache:
    """The last rendering of each page (by language and destination), with the key it was made under."""

    def __init__(self) -> None:
        self._entries: dict[tuple[str, str], tuple[str, Rendered]] = {}
        self.reused = 0
        self.rendered = 0

    def get(self, where: tuple[str, str], key: str) -> Rendered | None:
        entry = self._entries.get(where)
        if entry is not None and entry[0] == key:
            self.reused += 1
            return entry[1]
        self.rendered += 1
        return None

    def put(self, where: tuple[str, str], key: str, rendered: Rendered) -> None:
        self._entries[where] = (key, rendered)
