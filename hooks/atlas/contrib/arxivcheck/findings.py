"""What is wrong with the reading records themselves, found without the network."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from atlas.contrib.arxivcheck.references import ids_in_text
from atlas.core.model import Reading
from atlas.load.arxivid import parse_id

FINDINGS = ("duplicate", "unreferenced", "incomplete")


@dataclass(frozen=True)
class Finding:
    """Something wrong with a reading record itself, found without the network."""

    kind: str  # one of FINDINGS
    reading: str
    file: str
    line: int
    detail: str
    arxiv: str = ""


def offline_findings(readings: Iterable[Reading], cited: Iterable[str]) -> list[Finding]:
    """Duplicated papers, readings no question cites, and readings missing title, authors or year."""
    readings = list(readings)
    return _duplicates(readings) + _unreferenced(readings, set(cited)) + _incomplete(readings)


def _paper_key(reading: Reading) -> str:
    ids = [reading.arxiv] if reading.arxiv else ids_in_text(reading.url)[:1]
    if not ids:
        return ""
    try:
        return parse_id(ids[0]).base
    except ValueError:
        return re.sub(r"v\d+$", "", ids[0])


def _duplicates(readings: list[Reading]) -> list[Finding]:
    first: dict[str, Reading] = {}
    found = []
    for r in readings:
        key = _paper_key(r)
        if not key:
            continue
        if key in first:
            f = first[key]
            found.append(Finding("duplicate", r.id, r.file, r.line,
                                 f"same paper as reading '{f.id}' ({f.file}:{f.line}); cite '{f.id}' instead", key))
        else:
            first[key] = r
    return found


def _unreferenced(readings: list[Reading], cited: set[str]) -> list[Finding]:
    return [Finding("unreferenced", r.id, r.file, r.line, "no question lists this reading; cite it or delete it",
                    r.arxiv) for r in readings if r.id not in cited]


def _incomplete(readings: list[Reading]) -> list[Finding]:
    found = []
    for r in readings:
        missing = [name for name, value in (("title", r.title.strip()), ("authors", r.authors), ("year", r.year))
                   if not value]
        if missing:
            found.append(Finding("incomplete", r.id, r.file, r.line, f"missing {', '.join(missing)}", r.arxiv))
    return found
