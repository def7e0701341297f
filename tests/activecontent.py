"""What 'no active content' means, checked on HTML: shared by the fuzz tests and the hostile-site tests."""

from __future__ import annotations

import base64
import hashlib
import importlib
import re
from urllib.parse import urlsplit

import lxml.html
import markdown

from atlas.core.settings import mkdocs_config
from atlas.safety.sanitize import ATTRIBUTES, TAGS

URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href", "poster", "srcset", "data")


def site_markdown() -> markdown.Markdown:
    """Python-Markdown with exactly the extensions and settings of mkdocs.yml."""
    names, configs = [], {}
    for entry in mkdocs_config()["markdown_extensions"]:
        name, config = next(iter(entry.items())) if isinstance(entry, dict) else (entry, {})
        config = dict(config or {})
        if isinstance(config.get("slugify"), str):  # !!python/name:module.function
            module, _, function = config["slugify"].rpartition(".")
            config["slugify"] = getattr(importlib.import_module(module), function)
        names.append(name)
        configs[name] = config
    return markdown.Markdown(extensions=names, extension_configs=configs)


def _url_problem(value: str, own_origin: str, link: bool = False) -> str:
    value = re.sub(r"[\x00-\x20]", "", value)  # what browsers drop before they read the scheme
    parts = urlsplit(value)
    if not parts.scheme and not value.startswith("//"):
        return ""  # in-site: relative path or #anchor
    if parts.scheme == "https" or (own_origin and value.startswith(own_origin)):
        return ""
    if parts.scheme == "http" and link:
        return ""  # a link a reader may follow; nothing loads from it
    return f"non-https URL {value[:60]!r}"


def fragment_problems(fragment: str, allowlist: bool = True, own_origin: str = "") -> list[str]:
    """Active content in a piece of page content: scripts, handlers, foreign schemes, unlisted markup."""
    if not fragment.strip():
        return []
    root = lxml.html.fragment_fromstring(fragment, create_parent="div")
    return _element_problems(root.iterdescendants(), allowlist, own_origin)


def page_problems(page_html: str, own_origin: str) -> list[str]:
    """Active content anywhere in a built page beyond the theme's own, hashed, scripts."""
    root = lxml.html.document_fromstring(page_html)
    problems = _element_problems(root.iter(), False, own_origin)
    csp = root.xpath('//meta[@http-equiv="Content-Security-Policy"]/@content')
    if len(csp) != 1:
        return problems + [f"{len(csp)} CSP meta tags"]
    allowed = set(re.findall(r"'(sha256-[^']+)'", csp[0].split("script-src ", 1)[1].split(";", 1)[0]))
    for script in root.iter("script"):
        if script.get("src") or script.get("type") in ("application/json", "application/ld+json"):
            continue
        digest = "sha256-" + base64.b64encode(hashlib.sha256((script.text or "").encode()).digest()).decode()
        if digest not in allowed:
            problems.append(f"inline script not in the CSP: {(script.text or '')[:60]!r}")
    return problems


def _element_problems(elements, allowlist: bool, own_origin: str) -> list[str]:
    problems = []
    for el in elements:
        if not isinstance(el.tag, str):
            continue  # comments, processing instructions
        tag = el.tag.lower()
        if tag in ("script", "iframe", "object", "embed", "frame", "base", "style") and allowlist:
            problems.append(f"<{tag}> in content")
        if tag == "script" and not allowlist and el.get("type") not in ("application/json", "application/ld+json") \
                and el.get("src") and _url_problem(el.get("src"), own_origin):
            problems.append(f"script from elsewhere: {el.get('src')}")
        if allowlist and tag not in TAGS:
            problems.append(f"element <{tag}> outside the allowlist")
        for name, value in el.attrib.items():
            name = name.lower()
            if name.startswith("on"):
                problems.append(f"event handler {name}={value[:40]!r} on <{tag}>")
            link = tag == "a" and name == "href"
            if name in URL_ATTRIBUTES and _url_problem(value, own_origin, link):
                problems.append(f"{_url_problem(value, own_origin, link)} in {tag}@{name}")
            if allowlist and name not in ATTRIBUTES["*"] | ATTRIBUTES.get(tag, set()):
                problems.append(f"attribute {name} on <{tag}> outside the allowlist")
            if tag == "img" and name == "src" and (urlsplit(value).scheme or value.startswith("//")):
                problems.append(f"image from another site: {value[:60]}")
    return problems
