"""Find the glossary's discouraged variants in Russian and Hindi text.

Matching is deliberately simple, so a contributor can predict it from data/glossary.yml alone:
- a variant is a word or a phrase, matched as whole words; hyphens join words (`rollout-движок` is one
  word, so `rollout` does not match inside it, nor `critic` inside `Actor-Critic`);
- a `*` at the end of a word matches any ending: Russian inflection is written as a stem (`референсн*`),
  or as the inflected forms themselves where a stem would catch correct words;
- variants match in any letter case (Cyrillic and Latin: "Training" at the start of a sentence is still
  training); Devanagari has no case;
- text is compared in Unicode NFC, so a nukta letter typed as one code point or as letter + nukta is the
  same spelling (and ग़लत never matches a rule about गलत);
- math (`$…$`, `$$…$$`) and code (`…`, fenced blocks) are skipped: formulas and identifiers are not prose.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable

from atlas.core.model import Glossary
from atlas.safety.textsafe import PROTECTED

# A word character: letters, digits, combining marks (Devanagari vowel signs, virama, nukta) and hyphens;
# not the danda । ॥, which ends a Hindi sentence.
_WORD = r"[\w\u0300-\u036f\u0900-\u0963\u0966-\u097f\u200c\u200d-]"
WORD_CHAR = _WORD  # the same word boundaries where pages mark glossary terms (atlas.pages.glossterms)
_CASED = re.compile(r"[A-Za-z\u0400-\u04ff]")

@dataclass(frozen=True)
class Rule:
    """One discouraged form and what to write instead."""

    lang: str
    form: str        # as written in the glossary, e.g. `референсн*`
    preferred: str   # what the glossary says to use
    source: str      # term id, or `spelling:<word>`
    pattern: re.Pattern[str]

    @cached_property
    def ignores_case(self) -> bool:  # asked once per rule and text: a flag test on an enum costs more than the search
        return bool(self.pattern.flags & re.IGNORECASE)

    @cached_property
    def literal(self) -> str:
        """Text every match contains (the first word's stem, lower-cased where case is ignored): a cheap
        substring test that spares most texts the regular expression."""
        stem = unicodedata.normalize("NFC", self.form).split()[0].rstrip("*")
        return stem.lower() if self.ignores_case else stem


def compile_form(form: str) -> re.Pattern[str]:
    """`референсн* модел*` -> a whole-word pattern; `*` only ever ends a word."""
    words = []
    for word in unicodedata.normalize("NFC", form).split():
        stem = word.endswith("*")
        words.append(re.escape(word.rstrip("*")) + (f"{_WORD}*" if stem else ""))
    flags = re.IGNORECASE if _CASED.search(form) else 0
    return re.compile(rf"(?<!{_WORD})" + r"\s+".join(words) + rf"(?!{_WORD})", flags)


def rules(glossary: Glossary) -> dict[str, list[Rule]]:
    """Every discouraged form of the glossary, by language."""
    out: dict[str, list[Rule]] = {"ru": [], "hi": []}
    for term in glossary.terms:
        for lang, forms in term.avoid.items():
            out[lang] += [Rule(lang, f, term.term[lang], term.id, compile_form(f)) for f in forms]
    for sp in glossary.spellings:
        out[sp.lang] += [Rule(sp.lang, f, sp.use, f"spelling:{sp.use}", compile_form(f)) for f in sp.avoid]
    return out


def prose(text: str) -> str:
    """The text with math and code blanked out (same length, so nothing joins across a gap); code and math are
    what the renderer protects (`textsafe.PROTECTED`)."""
    text = unicodedata.normalize("NFC", text)
    return PROTECTED.sub(lambda m: " " * len(m.group(0)), text)


def find(text: str, lang_rules: Iterable[Rule]) -> list[tuple[Rule, str]]:
    """(rule, the words as written) for every discouraged form in the prose of `text`."""
    plain = prose(text)
    lowered = plain.lower()
    found = []
    for rule in lang_rules:
        if rule.literal not in (lowered if rule.ignores_case else plain):
            continue
        for m in rule.pattern.finditer(plain):
            found.append((rule, m.group(0)))
    return found


def matches_any(text: str, lang_rules: Iterable[Rule]) -> list[Rule]:
    return [r for r, _ in find(text, lang_rules)]
