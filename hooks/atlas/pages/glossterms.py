"""Glossary terms in Russian and Hindi record text, marked so a tap or focus shows the English term to say aloud.

On a Russian or Hindi topic page, the first occurrence per question of each glossary term written (at least partly)
in the page's script (предобучение, KL-дивергенция, प्रीट्रेनिंग; not SFT or KV cache, which are English already)
becomes a button that opens a popover: the English term, the term's one-line definition and a link to its glossary
entry. Each term's popover is on the page once, however many questions use it (`aria-describedby` reads it to a
screen reader from every occurrence); the browser's popover opens and closes it on a tap, a click, Enter or Space,
and closes it on Escape or a tap elsewhere, with no script. The definitions are not in the page: atlas.js fills
them in from one file per language (`glossary/terms.json`) when a term is first touched or focused, and places the
popover beside its term.

Terms are matched in the text of "what it tests", the rubric and the written answer only, never inside code,
math, links, headings, summaries or buttons; Russian forms match their inflected forms (предобучения,
KL-дивергенцию), Hindi forms their plural and oblique endings. The HTML is the allowlist sanitiser's output, which
is read token by token (atlas.pages.enrich explains why that is exact); record text stays as escaped as it was.
"""

from __future__ import annotations

import html
import json
import re

from atlas.core import urls
from atlas.core.labels import Labels
from atlas.core.model import Glossary, Term
from atlas.load.terms import WORD_CHAR
from atlas.pages import fragments
from atlas.pages.enrich import ATTRS

SCRIPT = {"ru": re.compile(r"[а-яё]", re.I), "hi": re.compile(r"[\u0900-\u097f]")}
_RU_LETTERS = re.compile(r"[а-яё]+", re.I)
# Noun and adjective endings a Russian form's stem may take (предобучени|е, опорн|ая, модел|ью).
_RU_ENDINGS = sorted({
    "а", "я", "о", "е", "ё", "и", "ы", "у", "ю", "ь", "й", "ой", "ей", "ью", "ою", "ею", "ом", "ем", "ём", "ам", "ям",
    "ах", "ях", "ами", "ями", "ов", "ев", "ёв", "ий", "ый", "ая", "яя", "ое", "ее", "ые", "ие", "ого", "его", "ому",
    "ему", "ым", "им", "ую", "юю", "ых", "их", "ыми", "ими", "ия", "ию", "ии", "ием", "иям", "иями", "иях", "ий"},
    key=lambda e: (-len(e), e))
# Plural and oblique endings a Hindi word may take (मॉडल|ों).
_HI_ENDINGS = ("ियों", "ियाँ", "ियां", "ों", "ें")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
# Where a term is never marked: code, math, links, headings, a disclosure's summary, buttons.
_BLOCKING = frozenset({"a", "code", "pre", "kbd", "h1", "h2", "h3", "h4", "h5", "h6", "summary", "button", "script",
                       "style", "textarea", "select", "option"})
_ZONES = frozenset({"atlas-fold", "answer"})  # what it tests and the rubric; the written answer
_TOKEN = re.compile(rf"<(/?)([a-zA-Z][a-zA-Z0-9-]*)({ATTRS})>|([^<]+)|<", re.S)
_CLASS = re.compile(r'\bclass="([^"]*)"')
_WORD_START = re.compile(rf"(?<!{WORD_CHAR}){WORD_CHAR}")
POPOVER_PREFIX = "g:"  # a term's popover id: g:kl-divergence (no question or heading id has a colon)


def _ru_word(word: str) -> str:
    """A Russian word as a pattern: its stem with any noun or adjective ending (the last part of a hyphenated
    word inflects: KL-дивергенцию)."""
    head, _, last = word.rpartition("-")
    if _RU_LETTERS.fullmatch(last) and len(last) >= 4:
        stem = re.sub(r"[аеёиоуыэюяйь]{1,2}$", "", last, flags=re.I)
        if len(stem) >= 3:
            prefix = re.escape(head + "-") if head else ""
            return prefix + re.escape(stem) + "(?:" + "|".join(_RU_ENDINGS) + ")?"
    return re.escape(word)


def _hi_word(word: str) -> str:
    if SCRIPT["hi"].search(word[-1:]):
        return re.escape(word) + "(?:" + "|".join(_HI_ENDINGS) + ")?"
    return re.escape(word)


def form_pattern(form: str, lang: str) -> str:
    """A term's form as a whole-word pattern, inflected as the language inflects it."""
    word = _ru_word if lang == "ru" else _hi_word
    return r"\s+".join(word(w) for w in form.split())


class TermMarker:
    """Marks the glossary's terms on one language's topic pages (Russian or Hindi)."""

    def __init__(self, glossary: Glossary, lang: str):
        self.lang = lang
        self.terms: dict[str, Term] = {}
        forms: list[tuple[str, str]] = []  # (form, term id)
        for term in glossary.terms:
            own = [f for f in (term.term[lang], *term.also.get(lang, ())) if SCRIPT[lang].search(f)]
            if own:
                self.terms[term.id] = term
                forms += [(f, term.id) for f in own]
        forms.sort(key=lambda f: -len(f[0]))  # the longest form first: системный промпт before промпт
        # What the marks depend on besides the page: a serve rebuild reuses a page's marks while this is unchanged.
        self.key = repr((lang, forms, [(t, self.terms[t].term["en"]) for t in sorted(self.terms)]))
        # Candidates by the first two letters of their form: at each word's start only those are tried.
        self.by_start: dict[str, list[tuple[re.Pattern[str], str]]] = {}
        for form, term_id in forms:
            pattern = re.compile(form_pattern(form, lang) + rf"(?!{WORD_CHAR})", re.I)
            self.by_start.setdefault(form[:2].lower(), []).append((pattern, term_id))

    def _mark_text(self, text: str, in_question: set[str], on_page: dict[str, None]) -> str:
        out, done = [], 0
        for start in _WORD_START.finditer(text):
            i = start.start()
            if i < done:
                continue
            for pattern, term_id in self.by_start.get(text[i:i + 2].lower(), ()):
                m = pattern.match(text, i)
                if m is None:
                    continue
                if term_id not in in_question:
                    in_question.add(term_id)
                    on_page[term_id] = None
                    target = POPOVER_PREFIX + term_id
                    out += [text[done:i], f'<button type="button" popovertarget="{target}" aria-describedby="{target}">'
                            f"{m.group(0)}</button>"]
                    done = m.end()
                break  # the longest form here decides, marked or already marked in this question
        return "".join(out) + text[done:] if out else text

    def mark(self, content: str, page_uri: str) -> str:
        """The page's content with each question's first occurrence of each term marked, and each used term's
        popover once at the end. `page_uri`: the page's default-language source path (for the glossary link)."""
        if not self.by_start:
            return content
        out: list[str] = []
        stack: list[tuple[str, bool, bool]] = []  # (element, opens a zone, blocks marking)
        zones = blocked = 0
        in_question: set[str] = set()
        on_page: dict[str, None] = {}  # in order of first use

        for m in _TOKEN.finditer(content):
            closing, name, attrs, text = m.groups()
            if text is not None:
                out.append(self._mark_text(text, in_question, on_page) if zones and not blocked else text)
                continue
            out.append(m.group(0))
            if name is None:
                continue
            name = name.lower()
            if not closing:
                classes = set((_CLASS.search(attrs) or [None, ""])[1].split())
                if name == "h3" and "atlas-q" in classes:
                    in_question = set()  # a new question: its terms are marked afresh
                if name in _VOID or attrs.rstrip().endswith("/"):
                    continue
                zone = name == "details" and bool(classes & _ZONES)
                block = name in _BLOCKING or "arithmatex" in classes
                stack.append((name, zone, block))
                zones += zone
                blocked += block
            elif any(entry[0] == name for entry in stack):
                while stack:
                    entry, zone, block = stack.pop()
                    zones -= zone
                    blocked -= block
                    if entry == name:
                        break
        return "".join(out) + self.popovers(list(on_page), page_uri)

    def popovers(self, term_ids: list[str], page_uri: str) -> str:
        """Each term's English form and glossary link, once per page (closed until a term opens it); its definition
        comes from the language's `glossary/terms.json` when a term is first touched or focused (atlas.js): the
        page carries no definitions, only the words to say aloud."""
        if not term_ids:
            return ""
        L = Labels(self.lang)
        items = []
        for term_id in term_ids:
            glossary = html.escape(urls.page_link(page_uri, urls.GLOSSARY_URI, term_id))
            items.append(
                f'<div popover id="{POPOVER_PREFIX}{html.escape(term_id)}" class="atlas-gloss">'
                f'<p>{html.escape(L["term_english"])}: <strong lang="en">{html.escape(self.terms[term_id].term["en"])}</strong></p>'
                f'<p hidden></p><p><a href="{glossary}">{html.escape(L["term_in_glossary"])} →</a></p></div>')
        src = html.escape(urls.page_link(page_uri, urls.GLOSSARY_URI) + DEFINITIONS_FILE)
        return f'\n<div class="atlas-gloss-defs" data-src="{src}">' + "".join(items) + "</div>"


DEFINITIONS_FILE = "terms.json"  # beside the glossary page: glossary/terms.json, per language


def definitions(glossary: Glossary, lang: str) -> dict[str, str]:
    """Every marked term's one-line definition in `lang`, as the sanitised HTML of the glossary page's line (links,
    if any, resolved for a question's page)."""
    marker = TermMarker(glossary, lang)
    return {term_id: fragments.to_html(" ".join(term.definition[lang].split()), urls.question_uri("_", "_"), inline=True)
            for term_id, term in marker.terms.items()}


def definition_files(glossary: Glossary, lang: str) -> dict[str, str]:
    """File name (relative to the language's root) -> JSON text; nothing for English, whose pages mark no terms."""
    if lang not in SCRIPT:
        return {}
    return {f"{urls.page_dir(urls.GLOSSARY_URI)}/{DEFINITIONS_FILE}":
            json.dumps(definitions(glossary, lang), ensure_ascii=False, separators=(",", ":"))}
