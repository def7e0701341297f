"""Heading slugs that keep every script readable: Devanagari vowel signs and viramas are kept."""

from __future__ import annotations

import re
import unicodedata

_KEEP = {"L", "N", "M"}  # letters, numbers and combining marks (Devanagari matras are Mc/Mn)


def slugify(value: str, separator: str = "-") -> str:
    value = unicodedata.normalize("NFC", re.sub(r"<[^>]+>", "", value)).lower()
    chars = [c if unicodedata.category(c)[0] in _KEEP else " " for c in value]
    return separator.join("".join(chars).split())
