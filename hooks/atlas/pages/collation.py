"""Alphabetical order for glossary terms in each language, without an ICU dependency.

- English: case-folded letters and digits, punctuation and spaces ignored (`KV cache` sorts as `kvcache`).
- Russian: Cyrillic terms first, in Russian alphabetical order (ё sorts with е), then the terms written in
  Latin script (`KV cache`, `LoRA`), A–Z, as Russian glossaries of borrowed terms usually do.
- Hindi: Devanagari terms first, in the order of the Devanagari alphabet (varnamala: vowels, then
  consonants क…ह). Unicode lays Devanagari out in that order, so the key is the code points of the
  decomposed text with the nukta dropped (क़ sorts with क; anusvara before vowel signs, conjuncts after the
  full syllables, as dictionaries do). Then the Latin-script terms, A–Z.
Digits and symbols sort after letters within a block.
"""

from __future__ import annotations

import unicodedata

_NUKTA = "\u093c"


def _script(ch: str) -> str:
    if "\u0400" <= ch <= "\u04ff":
        return "cyrillic"
    if "\u0900" <= ch <= "\u097f":
        return "devanagari"
    return "latin"


def _letters(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.casefold()) if c.isalnum() or
                   unicodedata.category(c).startswith("M"))


def sort_key(text: str, lang: str) -> tuple[int, str, str]:
    """(block, primary key, tie-breaker) for one term in one language's glossary."""
    letters = _letters(text)
    first = next((c for c in letters if c.isalpha()), "")
    native = {"ru": "cyrillic", "hi": "devanagari"}.get(lang, "latin")
    block = 0 if _script(first) == native else 1
    primary = letters.replace(_NUKTA, "")
    if lang == "ru":
        # NFD splits ё into е + U+0308 and й into и + U+0306: keep й a letter after и, fold ё into е.
        primary = unicodedata.normalize("NFC", primary).replace("ё", "е")
    primary = "".join(("\uffff" + c) if c.isdigit() else c for c in primary)  # letters before digits
    return block, primary, text


def initial(text: str) -> str:
    """The letter a term is filed under in the jump bar (uppercase; the first consonant or vowel in Hindi)."""
    for c in unicodedata.normalize("NFC", text):
        if c.isalpha():
            if "\u0900" <= c <= "\u097f":
                return unicodedata.normalize("NFD", c)[0]  # क़ -> क
            return c.upper().replace("Ё", "Е")
    return "#"
