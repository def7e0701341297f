"""Open data: the whole atlas of one language as JSON (with its JSON Schema) and CSV, and the readings as CSV.

Plain, documented formats a reader can load without our code; each carries the content license and the
build date as its version. Text fields keep the records' Markdown (math as `$…$`).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from atlas.core.labels import Labels
from atlas.core.licenses import CONTENT_LICENSE, notice
from atlas.core.model import Atlas, Question
from atlas.core.urls import Repository, question_uri

SCHEMA_FILE = Path(__file__).with_name("export.schema.json")  # not in schemas/: those are for records
SCHEMA_NAME = "atlas.schema.json"
FORMAT_VERSION = 1
CSV_COLUMNS = ("id", "topic", "tracks", "type", "difficulty", "added", "checked", "text", "tests", "rubric", "answer",
               "readings", "arxiv", "sources", "companies", "url", "license")
READING_COLUMNS = ("id", "title", "authors", "year", "arxiv", "url", "license")


def json_name(lang: str) -> str:
    return f"atlas-{lang}.json"


def csv_name(lang: str) -> str:
    return f"atlas-{lang}.csv"


READINGS_NAME = "readings.csv"


def _question(atlas: Atlas, q: Question, lang: str, repo: Repository) -> dict:
    return {
        "id": q.id, "topic": q.topic, "tracks": list(q.tracks), "type": q.type, "difficulty": q.difficulty,
        "added": q.added, "checked": q.checked or None, "text": q.text[lang], "tests": q.tests[lang],
        "rubric": [p[lang] for p in q.rubric], "answer": q.answer[lang] if q.answer else None,
        "readings": list(q.readings), "sources": list(q.sources),
        "asked": [_asked(a, lang) for a in q.asked],
        "url": repo.page_url(question_uri(q.topic, q.id), lang),
    }


def _asked(a, lang: str) -> dict:
    out = {"company": a.company, "evidence": a.evidence, "source": a.source}
    for key in ("role", "round", "note"):
        text = getattr(a, key)
        if text:
            out[key] = text[lang]
    return out


def atlas_json(atlas: Atlas, lang: str, repo: Repository, version: str) -> dict:
    """The export as a dict; its shape is `schemas/export.schema.json`."""
    L = Labels(lang)
    home = repo.page_url("index.md", lang)
    return {
        "$schema": SCHEMA_NAME,
        "format": FORMAT_VERSION,
        "title": L["site_name"], "language": lang, "version": version, "url": home,
        **notice(L["site_name"], home),
        "topics": [{"id": t.id, "name": t.name[lang], "summary": t.summary[lang]} for t in atlas.topics],
        "tracks": [{"id": t.id, "name": t.name[lang], "summary": t.summary[lang]} for t in atlas.tracks],
        "types": [{"id": k, "name": v.name[lang]} for k, v in atlas.types.items()],
        "difficulties": [{"id": k, "name": v.name[lang], "description": v.description[lang]}
                         for k, v in atlas.difficulties.items()],
        "companies": [{"id": c.id, "name": c.name[lang], "description": c.description.get(lang, ""),
                       "aliases": list(c.aliases), "segment": c.segment, "website": c.website}
                      for c in atlas.companies.values()],
        "sources": [{"id": s.id, "kind": s.kind, "title": s.title, "url": s.url, "author": s.author,
                     "publisher": s.publisher,
                     "language": s.language, "published": s.published, "retrieved": s.retrieved}
                    for s in atlas.sources.values()],
        "readings": [_reading(r) for r in atlas.readings.values()],
        "questions": [_question(atlas, q, lang, repo) for q in atlas.questions],
    }


def _reading(r) -> dict:
    return {"id": r.id, "title": r.title, "authors": list(r.authors), "year": r.year, "arxiv": r.arxiv,
            "url": r.link}


def _csv(header: tuple[str, ...], rows: list[list[str]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8-sig")  # the BOM lets spreadsheet programs read UTF-8


def atlas_csv(atlas: Atlas, lang: str, repo: Repository) -> bytes:
    """One row per question; lists joined with "; ", rubric points one per line."""
    rows = []
    for q in atlas.questions:
        d = _question(atlas, q, lang, repo)
        rows.append([q.id, q.topic, "; ".join(q.tracks), q.type, q.difficulty, q.added, q.checked, d["text"], d["tests"],
                     "\n".join(d["rubric"]), d["answer"] or "", "; ".join(q.readings),
                     "; ".join(atlas.readings[r].arxiv for r in q.readings if atlas.readings[r].arxiv),
                     "; ".join(q.sources), "; ".join(sorted({a.company for a in q.asked})), d["url"],
                     CONTENT_LICENSE])
    return _csv(CSV_COLUMNS, rows)


def readings_csv(atlas: Atlas) -> bytes:
    return _csv(READING_COLUMNS, [[r.id, r.title, "; ".join(r.authors), str(r.year), r.arxiv, r.link, CONTENT_LICENSE]
                                 for r in atlas.readings.values()])


def export_files(atlas: Atlas, lang: str, repo: Repository, version: str) -> dict[str, bytes]:
    """File name -> bytes, for one language's downloads folder."""
    data = json.dumps(atlas_json(atlas, lang, repo, version), ensure_ascii=False, indent=1)
    return {json_name(lang): data.encode("utf-8"), SCHEMA_NAME: SCHEMA_FILE.read_bytes(),
            csv_name(lang): atlas_csv(atlas, lang, repo), READINGS_NAME: readings_csv(atlas)}
