"""Search records: one per question, one per page, in the reader's language, for Pagefind.

A question is found as itself (its text is the title, its anchor the address, its rubric, answer and readings
the text), not as a topic page of fifty questions: the reader lands on the question, and the browser fetches
only the small index chunks and fragments its query needs. Record text is plain text (`plaintext.py`), so
excerpts show formulas as letters, not TeX. Our worker (docs/assets/javascripts/workers/atlas-search.js)
answers Material's search dialog from these records.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

from atlas.core.labels import Labels
from atlas.core.model import Atlas, Glossary, Question
from atlas.core.urls import DEFAULT_LANGUAGE, page_dir, question_uri, topic_uri
from atlas.search.plaintext import markdown_to_text

ALIASES_FILE = Path(__file__).with_name("search_aliases.yml")
STOPWORDS_FILE = Path(__file__).with_name("search_stopwords.yml")
WORKER = "atlas-search.js"  # docs/assets/javascripts/workers/atlas-search.js
BUNDLE_DIR = "pagefind"     # each language's index lives under its own root: /pagefind/, /ru/pagefind/, ...
FILTERS = ("topic", "track", "type", "difficulty", "company")
# Pagefind strips combining marks unless told not to; Devanagari vowel signs are combining marks, so
# «इनाम» would match «इनमें». Russian й would fold into и. English keeps Pagefind's folding (Ré = Re).
EXACT_DIACRITICS = {"en": False, "ru": True, "hi": True}

# Pagefind files every word under its form without combining marks and sizes its index chunks by how often
# those bare forms occur. Nearly every Hindi word has a vowel sign, so its bare form never occurs as such:
# all Devanagari words fell into a few chunks of 30-110 KB (में, के, से with them), and a query fetched one
# whole. The Hindi bundle is therefore indexed with each Devanagari combining mark written as a private-use
# letter (the mark at position i in INDEX_MARKS as U+E000 + i); our worker writes queries the same way and
# turns excerpts and titles back. Words keep their vowel signs, so «काम» stays apart from «कम».
INDEX_MARKS = {"hi": "".join(chr(c) for c in range(0x0900, 0x0980) if unicodedata.category(chr(c)) in ("Mn", "Mc", "Me"))}
_PRIVATE_USE = 0xE000
# Endings of Hindi inflected forms: a query word ending in one is also searched as its stem, so «दिक्कतों»
# finds «दिक्कतें» (as Pagefind's bare forms did). Folded spellings (ं, not ँ), longest first.
HINDI_ENDINGS = ("ियों", "ियां", "ाओं", "ाएं", "ों", "ें", "ीं", "ां", "े", "ी", "ा", "ो")


@dataclass(frozen=True)
class Record:
    """One search result: `url` is relative to the language's root (`topics/x/id/`)."""

    url: str
    title: str
    content: str
    language: str
    page: str = ""        # the page a question sits on: the result groups under it
    page_url: str = ""
    filters: dict[str, list[str]] = field(default_factory=dict)

    def meta(self) -> dict[str, str]:
        meta = {"title": self.title}
        if self.page:
            meta.update(page=self.page, page_url=self.page_url)
        return meta


@cache
def aliases() -> dict[str, dict[str, list[str]]]:
    """Spellings readers type in their script for terms the pages write in Latin, per language (data, not code).
    A company's own `aliases` are indexed with its page instead."""
    return yaml.safe_load(ALIASES_FILE.read_text(encoding="utf-8")) or {}


@cache
def _stopwords() -> dict[str, list[str]]:
    return yaml.safe_load(STOPWORDS_FILE.read_text(encoding="utf-8")) or {}


def stopwords(lang: str) -> list[str]:
    """Words of how a question is asked ("what is"), which the worker ignores when it judges a title."""
    return [fold_devanagari(w) for w in _stopwords().get(lang, [])]


_NUKTA = "\u093c"


def fold_devanagari(word: str) -> str:
    """The spelling variants a Hindi reader types interchangeably: nukta dropped, chandrabindu as anusvara."""
    return unicodedata.normalize("NFC", word).replace(_NUKTA, "").replace("\u0901", "\u0902").replace(
        "\u200c", "").replace("\u200d", "")


def searchable_text(text: str, lang: str) -> str:
    """Indexed text in the spelling our worker folds queries to. Hindi readers type फाइन or फ़ाइन, हां or हाँ
    interchangeably; with exact diacritics (needed so «इनाम» is not «इनमें») Pagefind would keep them apart.
    Excerpts show the folded spelling; titles keep the record's own."""
    if lang != "hi":
        return text
    return fold_devanagari(text)


def _with_title_spellings(content: str, title: str, lang: str) -> str:
    """Titles (and the page a question sits on) are indexed as written (with nukta); their folded words go
    with the text, so a title is found however the reader spells it."""
    if lang != "hi":
        return content
    variants = [w for w in dict.fromkeys(fold_devanagari(title).split()) if w not in title.split()]
    return f"{content} {' '.join(variants)}" if variants else content


def index_characters(lang: str) -> str:
    """The private-use letters that stand for this language's combining marks in its bundle ("" for none)."""
    return "".join(chr(_PRIVATE_USE + i) for i in range(len(INDEX_MARKS.get(lang, ""))))


def index_encoded(text: str, lang: str) -> str:
    """Text as the language's bundle indexes it: combining marks as private-use letters (see INDEX_MARKS)."""
    marks = INDEX_MARKS.get(lang)
    if not marks:
        return text
    return text.translate({ord(mark): _PRIVATE_USE + i for i, mark in enumerate(marks)})


def query_aliases(lang: str, glossary: Glossary | None = None) -> dict[str, str]:
    """Spelling -> the form the pages use (लोरा -> LoRA, प्रॉम्प्ट -> prompt, «модель вознаграждения» ->
    reward model): our worker searches for that form as well, so the excerpt highlights where the page
    really says it. From search_aliases.yml and from the glossary: a form it tells writers to avoid is one
    readers still type. A key of several words is a phrase the worker replaces whole; `*` in a phrase stands
    for any ending («механизм* внимания» -> attention)."""
    out: dict[str, str] = {}
    for term in glossary.terms if glossary else ():
        preferred = term.term.get(lang, "")
        for form in term.avoid.get(lang, ()):
            if ("*" in form and " " not in form) or not _SCRIPT_OF.get(lang, _NOTHING).search(form) \
                    or form.lower() == preferred.lower():
                continue  # a one-word pattern (too loose), or not in the reader's script: not what they type
            out.setdefault(" ".join(fold_devanagari(form).lower().split()), preferred)
    out.update({fold_devanagari(spelling).lower(): term for term, spellings in aliases().get(lang, {}).items()
                for spelling in spellings})  # the hand-written list wins
    return out


# The script a reader of each language types in: only such avoided forms become query aliases.
_SCRIPT_OF = {"ru": re.compile(r"[\u0400-\u04ff]"), "hi": re.compile(r"[\u0900-\u097f]")}
_NOTHING = re.compile(r"(?!)")
_WORD = re.compile(r"[^\W\d_]{4,}")
VOCABULARY_SIZE = 5000
VOCABULARY_FILE = "search/vocabulary.json"  # beside the stub; fetched only when a query finds nothing


def vocabulary(atlas: Atlas, lang: str) -> list[str]:
    """The words of question titles, glossary terms, topics and companies, most frequent first: our worker
    corrects a query word that matches nothing to the nearest of these ("cahce" -> "cache")."""
    counts: dict[str, int] = {}
    texts = [q.text[lang] for q in atlas.questions] + [t.name[lang] for t in atlas.topics]
    for term in getattr(getattr(atlas, "glossary", None), "terms", ()):
        texts += [term.term[lang], term.term.get("en", ""), *term.also.get(lang, ())]
    texts += [c.name[lang] for c in atlas.companies.values()]
    for text in texts:
        for word in _WORD.findall(searchable_text(markdown_to_text(text), lang).lower()):
            counts[word] = counts.get(word, 0) + 1
    return sorted(counts, key=lambda w: (-counts[w], w))[:VOCABULARY_SIZE]


def question_record(atlas: Atlas, q: Question, lang: str) -> Record:
    L = Labels(lang)
    topic = atlas.topic(q.topic)
    parts = [q.tests[lang], *(p[lang] for p in q.rubric)]
    if q.answer:
        parts.append(q.answer[lang])
    for rid in q.readings:
        r = atlas.readings.get(rid)
        if r is not None:
            parts.append(" ".join(filter(None, [r.title, r.short_authors, str(r.year), r.arxiv and f"arXiv {r.arxiv}"])))
    companies = sorted({a.company for a in q.asked})
    if companies:
        parts.append(f"{L['asked_at']}: " + ", ".join(
            atlas.companies[c].name[lang] for c in companies if c in atlas.companies))
    content = markdown_to_text("\n\n".join(parts))
    # `kind` is not a reader's filter: the worker counts question records with it ("all 41 in the explorer").
    filters = {"topic": [q.topic], "track": list(q.tracks), "type": [q.type], "kind": ["question"]}
    difficulty = getattr(q, "difficulty", "")  # schema v2; read defensively until every branch has it
    if difficulty:
        filters["difficulty"] = [difficulty]
    if companies:
        filters["company"] = companies
    page_url = page_dir(topic_uri(q.topic)) + "/"  # the topic: results group under it
    title, page = markdown_to_text(q.text[lang]), markdown_to_text(topic.name[lang])
    return Record(url=page_dir(question_uri(q.topic, q.id)) + "/", title=title,
                  content=_with_title_spellings(searchable_text(content, lang), f"{title} {page}", lang),
                  language=lang, page=page, page_url=page_url, filters=filters)


def question_records(atlas: Atlas, lang: str) -> list[Record]:
    return [question_record(atlas, q, lang) for q in atlas.questions]


def glossary_records(atlas: Atlas, lang: str) -> list[Record]:
    """One record per glossary term: found by its form in any language, landing on the term's anchor."""
    records = []
    for term in getattr(getattr(atlas, "glossary", None), "terms", ()):
        other = [term.term[code] for code in term.term if code != lang]
        also = [form for forms in getattr(term, "also", {}).values() for form in forms]
        content = markdown_to_text(" ".join([term.definition[lang], *dict.fromkeys(other + also)]))
        title, page = markdown_to_text(term.term[lang]), Labels(lang)["glossary"]
        records.append(Record(url=f"glossary/#{term.id}", title=title,
                              content=_with_title_spellings(searchable_text(content, lang), f"{title} {page}", lang),
                              language=lang, page=page, page_url="glossary/", filters={"kind": ["glossary"]}))
    return records


def company_search_text(atlas: Atlas, company_id: str) -> str:
    """A company is found by its name in every language and by the spellings in its `aliases`."""
    company = atlas.companies.get(company_id)
    if company is None:
        return ""
    names = list(dict.fromkeys([*company.name.values(), *getattr(company, "aliases", ())]))
    return " ".join(names)


def page_record(url: str, title: str, text: str, lang: str) -> Record:
    """A page as one result (topic, company, collection, track, glossary, index and hand-written pages)."""
    content = _with_title_spellings(searchable_text(" ".join(text.split()), lang), title, lang)
    return Record(url=url, title=title, content=content, language=lang)


# --- The built page -----------------------------------------------------------------------------------------

_ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">(.*?)</article>', re.S)
_DROP = re.compile(r'<a class="headerlink"[^>]*>.*?</a>|<(script|style|nav|form)\b.*?</\1>|<div class="arithmatex">.*?</div>'
                   r'|<span class="arithmatex">.*?</span>', re.S)
_TITLE = re.compile(r"<h1[^>]*>(.*?)</h1>", re.S)


def html_text(fragment: str) -> str:
    """Visible text of built HTML, without Material's ¶ permalinks or scripts."""
    text = re.sub(r"<[^>]+>", " ", _DROP.sub(" ", fragment))
    return " ".join(html.unescape(text).split())


def page_from_html(output: str, with_text: bool = True) -> tuple[str, str]:
    """(title, text) of a built page's article: hand-written pages are indexed as the reader sees them.
    `with_text=False`: the title only (a generated page is indexed by its title and summary)."""
    m = _ARTICLE.search(output)
    article = m.group(1) if m else ""
    t = _TITLE.search(article)
    title = html_text(t.group(1)) if t else ""
    if not with_text:
        return title, ""
    body = _TITLE.sub(" ", article, count=1)
    return title, html_text(body)


def relative_to_language(url: str, lang: str) -> str:
    """A page's URL (`ru/topics/x/`) relative to its language's root (`topics/x/`)."""
    prefix = "" if lang == DEFAULT_LANGUAGE else f"{lang}/"
    return url[len(prefix):] if prefix and url.startswith(prefix) else url


# --- Material's dialog -------------------------------------------------------------------------------------

def stub(lang: str, atlas: Atlas | None = None) -> dict:
    """What Material fetches as `search/search_index.json` when search opens: no documents, just what its
    dialog and our worker need. `separator` is what Material's highlighter splits the `?h=` terms on when a
    result is opened."""
    glossary = getattr(atlas, "glossary", None) if atlas else None
    return {"config": {"lang": [lang], "separator": r"[\s\-]+", "pipeline": [],
                       "atlas": {"lang": lang, "bundle": ("" if lang == DEFAULT_LANGUAGE else f"{lang}/") + BUNDLE_DIR + "/",
                                 "exactDiacritics": EXACT_DIACRITICS.get(lang, False), "filters": list(FILTERS),
                                 "aliases": query_aliases(lang, glossary), "indexMarks": INDEX_MARKS.get(lang, ""),
                                 "endings": list(HINDI_ENDINGS) if lang == "hi" else [],
                                 "stopwords": stopwords(lang)}},
            "docs": []}


def write_stubs(site_dir: Path, languages: list[str], atlas: Atlas | None = None) -> None:
    """Each language's stub, and the vocabulary our worker corrects typos to (only fetched when needed)."""
    for lang in languages:
        root = site_dir / ("" if lang == DEFAULT_LANGUAGE else lang)
        (root / "search").mkdir(parents=True, exist_ok=True)
        (root / "search" / "search_index.json").write_text(
            json.dumps(stub(lang, atlas), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        if atlas is not None:
            (root / VOCABULARY_FILE).write_text(
                json.dumps(vocabulary(atlas, lang), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
_BASE = re.compile(r'("base":\s*")([^"]*)(")')
_WORKER = re.compile(r'("search":\s*")([^"]*/)(search\.[0-9a-f]+\.min\.js)(")')


# What the empty search dialog suggests: a query, and what it finds (labels, in the page's language).
SEARCH_EXAMPLES = (("company:anthropic", "search_example_company"), ("topic:rag reranking", "search_example_topic"),
                   ("difficulty:basic attention", "search_example_difficulty"), ("type:coding", "search_example_type"))


def dialog_help(L: Labels) -> dict:
    """The search dialog's help (filter examples), the label of its "all N in the explorer" link and of the
    line that says a typo was corrected."""
    return {"intro": L["search_help"], "examples": [(query, L[key]) for query, key in SEARCH_EXAMPLES],
            "more": L["search_more"], "more_one": L["search_more_one"], "corrected": L["search_corrected"]}


def label_search_dialog(page: str, label: str) -> str:
    """Material's search dialog has no accessible name; give it one in the page's language."""
    return page.replace(_DIALOG, _DIALOG[:-1] + f' aria-label="{label}">', 1)


def worker_version(docs_dir: Path) -> str:
    """A digest of the worker's source: its URL changes with its content, so no browser keeps a stale copy."""
    return hashlib.sha256((docs_dir / "assets" / "javascripts" / "workers" / WORKER).read_bytes()).hexdigest()[:10]


def use_search_worker(page: str, version: str) -> str:
    """Start our Pagefind worker instead of Material's lunr worker; Material's dialog stays as it is."""
    return _WORKER.sub(lambda m: f"{m.group(1)}{m.group(2)}{WORKER}?v={version}{m.group(4)}", page, count=1)


def point_base_at_language(page: str, lang: str) -> str:
    """Material fetches search/search_index.json relative to `base`: make that the language's root."""
    if lang == DEFAULT_LANGUAGE:
        return page

    def rebase(m: re.Match[str]) -> str:
        base = m.group(2).rstrip("/")
        # A trailing slash matters: Material resolves URLs with new URL(path, base).
        return f"{m.group(1)}{lang if base in ('', '.') else base + '/' + lang}/{m.group(3)}"

    return _BASE.sub(rebase, page, count=1)
