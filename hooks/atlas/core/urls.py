"""Where pages live and how they link: one place for the site's URL scheme."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from urllib.parse import urlencode

DEFAULT_LANGUAGE = "en"
# Anchors the pages give their own headings (views.py): topic-<id> on track and company pages, section-<n> on
# collections, topic-title and topic-questions on topic pages (group- is kept from when topic pages grouped their
# questions by level). Question ids may not take them: a topic page's list gives each question's item its id, so an
# old link to `topics/x/#id` still finds it (atlas.js goes on to the question's page).
PAGE_ANCHOR_PREFIXES = ("group-", "topic-", "section-")
GLOSSARY_URI = "glossary.md"


def localized(src_uri: str, lang: str) -> str:
    """`topics/x.md` -> `topics/x.ru.md` (the suffix layout of mkdocs-static-i18n)."""
    if lang == DEFAULT_LANGUAGE:
        return src_uri
    stem, ext = posixpath.splitext(src_uri)
    return f"{stem}.{lang}{ext}"


def link(from_uri: str, to_uri: str, anchor: str = "") -> str:
    """Relative Markdown link between two default-language source paths (MkDocs resolves the language)."""
    rel = posixpath.relpath(to_uri, posixpath.dirname(from_uri) or ".")
    return rel + (f"#{anchor}" if anchor else "")


def page_dir(src_uri: str) -> str:
    """The directory URL of a source page, relative to the site root: `topics/rag.md` -> `topics/rag`,
    `topics/index.md` -> `topics`, `index.md` -> ``."""
    stem = src_uri[:-3]
    return posixpath.dirname(stem) if posixpath.basename(stem) == "index" else stem


def page_link(from_uri: str, to_uri: str, anchor: str = "") -> str:
    """The URL MkDocs writes for a link between two source pages (directory URLs), for HTML it does not rewrite."""
    rel = posixpath.relpath(page_dir(to_uri) or ".", page_dir(from_uri) or ".")
    return ("" if rel == "." else rel + "/") + (f"#{anchor}" if anchor else "")


def topic_uri(topic_id: str) -> str:
    return f"topics/{topic_id}.md"


def question_uri(topic_id: str, question_id: str) -> str:
    """A question's own page, under its topic's: `topics/rag/kv-cache.md` -> /topics/rag/kv-cache/."""
    return f"topics/{topic_id}/{question_id}.md"


def company_uri(company_id: str) -> str:
    return f"companies/{company_id}.md"


def track_uri(track_id: str) -> str:
    return f"tracks/{track_id}.md"


def collection_uri(collection_id: str) -> str:
    return f"collections/{collection_id}.md"


@dataclass(frozen=True)
class Repository:
    """The one repository setting (mkdocs.yml `extra.atlas`) that every edit and report link derives from."""

    url: str
    branch: str = "main"
    site_url: str = ""

    def edit(self, file: str, line: int = 0) -> str:
        return f"{self.url}/edit/{self.branch}/{file}" + (f"#L{line}" if line else "")

    def view(self, file: str, line: int = 0) -> str:
        return f"{self.url}/blob/{self.branch}/{file}" + (f"#L{line}" if line else "")

    def new_issue(self, template: str, title: str, **fields: str) -> str:
        return f"{self.url}/issues/new?" + urlencode({"template": template, "title": title, **fields})

    def page_url(self, src_uri: str, lang: str, anchor: str = "") -> str:
        """Public URL of a page, as the reader sees it (directory URLs)."""
        path = src_uri[:-3]
        path = "" if path == "index" else (path[:-5] if path.endswith("/index") else path) + "/"
        prefix = "" if lang == DEFAULT_LANGUAGE else f"{lang}/"
        base = self.site_url.rstrip("/") + "/" if self.site_url else "/"
        return f"{base}{prefix}{path}" + (f"#{anchor}" if anchor else "")
