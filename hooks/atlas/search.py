"""One search index per language, so a Russian or Hindi reader gets results in their language only.

mkdocs-static-i18n merges every language into one index at the site root, and Material loads the
index from the page's `base`. We split the merged index by location prefix, write each language's
part under its own root, and point every page's `base` at its language root.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from atlas.urls import DEFAULT_LANGUAGE

# lunr pipelines per language. "hx" is our Hindi pipeline (docs/assets/javascripts/lunr/min/lunr.hx.min.js):
# lunr's own "hi" loads a 677 KB Thai word segmenter and does not stem. English is added to every
# language, so Latin technical terms (GRPO, KV cache, LoRA) are stemmed and found everywhere.
LUNR_LANGUAGES = {"en": ["en"], "ru": ["en", "ru"], "hi": ["en", "hx"]}
# Split on spaces, hyphens and punctuation, but keep arXiv ids (2402.03300) and decimals whole.
SEPARATOR = r"[\s\-,:;!?=\[\]()\"/«»“”—–|]+|\.(?!\d)"

_BASE = re.compile(r'("base":\s*")([^"]*)(")')
_WORKER = re.compile(r'("search":\s*")([^"]*/)(search\.[0-9a-f]+\.min\.js)(")')
WORKER_WRAPPER = "atlas-search.js"  # docs/assets/javascripts/workers/atlas-search.js


def language_of(location: str, languages: list[str]) -> str:
    first = location.split("/", 1)[0]
    return first if first in languages and first != DEFAULT_LANGUAGE else DEFAULT_LANGUAGE


def split_index(index: dict, languages: list[str]) -> dict[str, dict]:
    """The merged index, as one index per language with locations relative to that language's root."""
    parts: dict[str, dict] = {}
    for lang in languages:
        # Material removes from every language's pipeline whatever is not listed here: keep the stemmers,
        # or Russian inflections and Hindi spelling variants would not be found.
        config = dict(index["config"], lang=LUNR_LANGUAGES.get(lang, ["en"]), separator=SEPARATOR,
                      pipeline=["trimmer", "stopWordFilter", "stemmer"])
        parts[lang] = {"config": config, "docs": []}
    for doc in index["docs"]:
        lang = language_of(doc["location"], languages)
        location = doc["location"][len(lang) + 1:] if lang != DEFAULT_LANGUAGE else doc["location"]
        parts[lang]["docs"].append(dict(doc, location=location))
    return parts


FULL_INDEX = "search_index.full.json"


def write_language_indexes(site_dir: Path, languages: list[str]) -> dict[str, int]:
    """Replace the merged index with per-language ones; returns the number of entries per language.

    Material fetches search/search_index.json on every page load. That file becomes a stub with the
    config and the address of the full index, which our worker fetches on the first query: a reader
    who never searches never downloads the index.
    """
    merged_path = site_dir / "search" / "search_index.json"
    parts = split_index(json.loads(merged_path.read_text(encoding="utf-8")), languages)
    for lang, part in parts.items():
        folder = site_dir / ("" if lang == DEFAULT_LANGUAGE else lang) / "search"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / FULL_INDEX).write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        root_relative = ("" if lang == DEFAULT_LANGUAGE else f"{lang}/") + f"search/{FULL_INDEX}"
        # Material hands only `config` and `docs` to its worker, so the address travels inside config.
        stub = {"config": dict(part["config"], atlas_index=root_relative), "docs": []}
        (folder / "search_index.json").write_text(json.dumps(stub, ensure_ascii=False), encoding="utf-8")
    return {lang: len(part["docs"]) for lang, part in parts.items()}


_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def label_search_dialog(html: str, label: str) -> str:
    """Material's search dialog has no accessible name; give it one in the page's language."""
    return html.replace(_DIALOG, _DIALOG[:-1] + f' aria-label="{label}">', 1)


def use_stemming_worker(html: str) -> str:
    """Start our wrapper instead of Material's worker; it loads Material's and stems query terms."""
    return _WORKER.sub(lambda m: f"{m.group(1)}{m.group(2)}{WORKER_WRAPPER}?w={m.group(3)}{m.group(4)}", html, count=1)


def point_base_at_language(html: str, lang: str) -> str:
    """Material fetches search/search_index.json relative to `base`: make that the language's root."""
    if lang == DEFAULT_LANGUAGE:
        return html

    def rebase(m: re.Match[str]) -> str:
        base = m.group(2).rstrip("/")
        # A trailing slash matters: Material resolves URLs with new URL(path, base).
        return f"{m.group(1)}{lang if base in ('', '.') else base + '/' + lang}/{m.group(3)}"

    return _BASE.sub(rebase, html, count=1)
