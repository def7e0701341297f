"""UI labels in every language, checked once: a missing translation is a build error, not an English leak."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from atlas.core.schema import LANGUAGES

LABELS_FILE = Path(__file__).with_name("labels.yml")


@cache
def all_labels() -> dict[str, dict[str, str]]:
    labels = yaml.safe_load(LABELS_FILE.read_text(encoding="utf-8"))
    missing = [f"{key}.{lang}" for key, texts in labels.items() for lang in LANGUAGES if not texts.get(lang)]
    if missing:
        raise ValueError(f"{LABELS_FILE}: labels without a translation: {', '.join(missing)}")
    return labels


class Labels:
    """Labels for one language: `labels["topics"]`, `labels.format("company_intro", company=...)`."""

    def __init__(self, lang: str):
        self.lang = lang
        self._all = all_labels()

    def __getitem__(self, key: str) -> str:
        return self._all[key][self.lang]

    def format(self, key: str, **values: str) -> str:
        return self[key].format(**values)

    def date(self, iso: str) -> str:
        """'2026-12-02' as the language writes it in running text: 2 December 2026, 2 декабря 2026 г."""
        year, month, day = (int(part) for part in iso.split("-"))
        return self.format("date_long", day=str(day), month=self["months"].split()[month - 1], year=str(year))

    def fact_checked(self, iso: str) -> str:
        """What a record says about its last full check: the date, or that none has been made."""
        return self.format("fact_checked", date=self.date(iso)) if iso else self["not_fact_checked"]
