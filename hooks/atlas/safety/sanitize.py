"""The HTML of every page's content, reduced to an allowlist (as GitHub and GitLab do with untrusted Markdown).

Record text is escaped on its way into Markdown; this is the second wall behind that one. Whatever
Markdown, admonitions/details, arithmatex, tables and the table of contents legitimately produce is
kept; everything else (script, style, iframe, forms, event handlers, `javascript:` and `data:` URLs,
images from other sites) is removed. The theme's own chrome is never passed through here: only the
content rendered from Markdown, in `on_page_content`.
"""

from __future__ import annotations

import html
import re

import nh3

# Elements Python-Markdown and our extensions produce (plus what hand-written pages may use).
TAGS: frozenset[str] = frozenset({
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "details", "div", "dl", "dt", "em", "h1", "h2",
    "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "s", "span",
    "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    "button", "progress",  # the "practised" toggle and topic meter (atlas.pages.progress): inert without our script
})
# Attributes per element; "*" applies to all of them. No event handlers, no style (but text-align on cells).
ATTRIBUTES: dict[str, set[str]] = {
    "*": {"class", "id", "title", "lang", "dir", "aria-hidden", "aria-label"},
    "a": {"href", "hreflang", "type", "rel", "download"},
    "img": {"src", "alt", "width", "height", "loading"},
    "ol": {"start"},
    "details": {"open"},
    "p": {"hidden", "data-template", "data-none"},  # "data-none": the "Due today" line's text when nothing is
    "button": {"type", "aria-pressed", "data-question"},
    "progress": {"max", "value"},
    "span": {"role", "hidden"},  # hidden: the question list's "practised" mark, shown by progress.js
    "th": {"align", "style", "scope"},
    "td": {"align", "style", "data-label"},  # its column's name, for tables shown as stacked rows (atlas.pages.enrich)
}
# Links point to https: pages (or within the site); images and everything else load from this site only
# (see _filter and the CSP).
URL_SCHEMES: frozenset[str] = frozenset({"https"})
# Elements removed with everything inside them (their text is not content a reader should see).
DROP_WITH_CONTENT: frozenset[str] = frozenset({"script", "style", "template", "iframe", "object", "noscript"})

_SCHEME = re.compile(r"^\s*[a-zA-Z][a-zA-Z0-9+.-]*:|^\s*//")


def _filter(tag: str, attribute: str, value: str, site_url: str = "") -> str | None:
    """Per-attribute rules nh3's allowlist cannot express."""
    if tag == "img" and attribute == "src" and _SCHEME.match(value):
        return None  # images from this site only: no third-party loads, no tracking pixels
    if attribute == "href" and value.lower().startswith("http:") and not (site_url and value.startswith(site_url)):
        return None  # plain http only for the site's own address (a local build served on 127.0.0.1)
    if attribute == "id" and value.startswith("__"):
        return None  # the theme's own element ids (__config, __search, …): no clobbering them
    return value


def sanitize(fragment: str, site_url: str = "") -> str:
    """`fragment` with only allowlisted elements, attributes and https/in-site URLs left.

    `site_url` is the site's own address: links to it stay even when a local build serves it over http.
    """
    schemes = set(URL_SCHEMES) | ({"http"} if site_url.startswith("http:") else set())
    return nh3.clean(
        fragment, tags=set(TAGS), clean_content_tags=set(DROP_WITH_CONTENT), attributes=ATTRIBUTES,
        attribute_filter=lambda tag, attribute, value: _filter(tag, attribute, value, site_url),
        url_schemes=schemes, link_rel=None, strip_comments=True,
        filter_style_properties={"text-align"},
    )


def plain(text: str) -> str:
    """Plain text (a name, a title) as HTML text: tags stripped, entities decoded once, then escaped.

    Safe both where the theme inserts it raw and where it applies `striptags` (which decodes entities).
    """
    flat = html.unescape(re.sub(r"<[^>]*>", "", text))
    return html.escape(" ".join(flat.split()), quote=True)
