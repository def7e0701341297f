"""The root 404 page: English (the default language), with a way home in every language.

mkdocs-static-i18n builds 404.html once per language into the same root file, so the last language
(Hindi) wins; the hooks keep the English build's page and add these links to it.
"""

from __future__ import annotations

import html
from urllib.parse import urlsplit

from atlas.core.labels import Labels
from atlas.core.urls import DEFAULT_LANGUAGE

_HEADING = "<h1>404 - Not found</h1>"


def home_links(site_url: str, languages: list[str]) -> str:
    root = urlsplit(site_url).path.rstrip("/") + "/" if site_url else "/"
    items = "".join(
        f'<li><a href="{html.escape(root + ("" if lang == DEFAULT_LANGUAGE else lang + "/"))}" hreflang="{lang}" '
        f'lang="{lang}">{html.escape(Labels(lang)["home_in_language"])}</a></li>' for lang in languages)
    return f"<p>{html.escape(Labels(DEFAULT_LANGUAGE)['not_found'])}</p><ul class=\"atlas-home-links\">{items}</ul>"


def with_home_links(page: str, site_url: str, languages: list[str]) -> str:
    return page.replace(_HEADING, _HEADING + home_links(site_url, languages), 1)
