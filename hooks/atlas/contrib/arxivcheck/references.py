"""Where the atlas cites arXiv: readings, and ids or arxiv.org links written inside question text.

Each reference keeps the file and line it is written on, so every later message points at the right place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

from atlas.core.model import Atlas, Question, Reading
from atlas.load.arxivid import parse_id


@dataclass(frozen=True)
class Reference:
    """One place that cites an arXiv id: a reading (with its metadata) or an inline id in a question."""

    arxiv: str
    file: str
    line: int
    reading: str = ""
    question: str = ""
    title: str = ""
    authors: tuple[str, ...] = ()
    year: int | None = None

    @property
    def record(self) -> str:
        return self.reading or self.question


_INLINE = re.compile(r"\barxiv:\s?(?P<tag>[0-9A-Za-z./-]+)|arxiv\.org/(?:abs|pdf)/(?P<url>[0-9A-Za-z./-]+)",
                     re.IGNORECASE)


def ids_in_text(text: str) -> list[str]:
    """Ids written as `arXiv:ID`, `arxiv.org/abs/ID` or `arxiv.org/pdf/ID[.pdf]`, in order, once each."""
    found: list[str] = []
    for m in _INLINE.finditer(text):
        raw = m["tag"] or m["url"]
        raw = re.sub(r"\.pdf$", "", raw, flags=re.IGNORECASE).rstrip("./-")
        if raw and raw not in found:
            found.append(raw)
    return found


def reading_references(readings: Iterable[Reading], data_dir: Path | None = None) -> list[Reference]:
    """Readings cite arXiv through `arxiv`, or (less tidily) through an arxiv.org link in `url`."""
    refs = []
    base = data_dir.parent if data_dir is not None else None
    for r in readings:
        ids = [r.arxiv] if r.arxiv else ids_in_text(r.url)[:1]
        refs += [Reference(i, r.file, _locate(base, r.file, r.line, i), reading=r.id, title=r.title,
                           authors=r.authors, year=r.year) for i in ids]
    return refs


def _question_texts(q: Question) -> Iterator[str]:
    for text in (q.text, q.tests, q.answer or {}, *q.rubric):
        yield from text.values()


def inline_references(questions: Iterable[Question], data_dir: Path | None = None) -> list[Reference]:
    """arXiv ids written inside question records, each placed on the line where it is written."""
    refs = []
    for q in questions:
        seen: list[str] = []
        for text in _question_texts(q):
            seen += [i for i in ids_in_text(text) if i not in seen]
        base = data_dir.parent if data_dir is not None else None
        refs += [Reference(i, q.file, _locate(base, q.file, q.line, i), question=q.id) for i in seen]
    return refs


def _locate(base: Path | None, rel: str, start: int, needle: str) -> int:
    """First line at or after the record's line that holds the id (the loader knows only record lines)."""
    lines = _file_lines(str(base / rel)) if base is not None else ()
    for n, text in enumerate(lines[start - 1:], start):
        if needle in text:
            return n
        if n > start and _NEXT_RECORD.match(text):
            break
    return start


_NEXT_RECORD = re.compile(r"\s*- id:")


@lru_cache(maxsize=64)
def _file_lines(path: str) -> tuple[str, ...]:
    try:
        return tuple(Path(path).read_text(encoding="utf-8").splitlines())
    except OSError:
        return ()


def collect(atlas: Atlas, data_dir: Path | None = None) -> list[Reference]:
    """Every arXiv reference in the atlas: readings first, then inline ids in questions."""
    _file_lines.cache_clear()
    return reading_references(atlas.readings.values(), data_dir) + inline_references(atlas.questions, data_dir)


def base_id(arxiv: str) -> str:
    """The paper an id names whatever version it pins; an id that does not parse stands for itself."""
    try:
        return parse_id(arxiv).base
    except ValueError:
        return arxiv
