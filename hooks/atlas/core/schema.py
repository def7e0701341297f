"""The JSON Schemas of every data file: the single description of the record format.

The loader validates with them, editors autocomplete with the copies written to `schemas/`
(`python -m atlas schema`), and CONTRIBUTING's field reference is generated from them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ru", "hi")
SCHEMA_DIR = Path(__file__).parents[1] / "schemas"
BASE_URI = "https://ai-interview-atlas.github.io/schemas/"

SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
DATE = r"^\d{4}-\d{2}-\d{2}$"
# New style: YYMM.NNNN from 0704 to 1412, YYMM.NNNNN from 1501; old style: archive[.SC]/YYMMNNN.
ARXIV = (r"^((0[7-9]|1[0-4])(0[1-9]|1[0-2])\.\d{4}|(1[5-9]|[2-9]\d)(0[1-9]|1[0-2])\.\d{5}"
         r"|[a-z-]+(\.[A-Z]{2})?/\d{7})(v[1-9]\d*)?$")
URL = r"^https://[^\s<>\"]+$"  # https only: no page of ours links readers to plain http
# scripts/new_question.py writes "TODO: <hint>" into every value a contributor must write; none may stay.
PLACEHOLDER = r"^\s*TODO:"


def _slug(description: str) -> dict[str, Any]:
    return {"type": "string", "pattern": SLUG, "description": description}


def _text(description: str, min_length: int = 1) -> dict[str, Any]:
    one = {"type": "string", "minLength": min_length, "not": {"pattern": PLACEHOLDER}}
    return {
        "type": "object",
        "description": description + " One entry per language: en, ru, hi.",
        "properties": {lang: dict(one) for lang in LANGUAGES},
        "required": list(LANGUAGES),
        "additionalProperties": False,
    }


def _obj(properties: dict[str, Any], required: list[str], description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _list_of(item: dict[str, Any], description: str) -> dict[str, Any]:
    return {"type": "array", "description": description, "items": item}


_DATE = {"type": "string", "pattern": DATE, "description": "A date as YYYY-MM-DD."}
_COUNTRY = {"type": "string", "pattern": "^[A-Z]{2}$", "description": "ISO 3166-1 alpha-2 country code."}
_URL = {"type": "string", "pattern": URL, "description": "An https URL (ASCII host; percent-encode other characters)."}

SOURCE_KINDS = ("candidate-report", "company", "question-list", "job-posting")
SEGMENTS = ("frontier-lab", "big-tech", "cloud-hardware", "chinese-ai-lab", "startup", "research", "other")

ASKED = _obj(
    {
        "company": _slug("Company id: the file name of data/companies/<id>.yml."),
        "evidence": _slug("Evidence kind id from data/evidence.yml: confirmed (only on a `company` source), "
                          "candidate (only on a `candidate-report` source), compilation (any source)."),
        "source": _slug("Source id from data/sources/*.yml; the source must have a url a reader can open, "
                        "and the page must name the company and the question."),
        "role": _text("The role interviewed for, only where the source says (e.g. research engineer)."),
        "round": _text("The interview round, only where the source says (e.g. onsite, phone screen)."),
        "note": _text("How the source's wording maps to this question, when it is not word for word.", 10),
        "stage": _slug("The id of the stage of the company's interview loop (`process` in data/companies/<id>.yml) "
                       "that this round is; the company page groups its questions by it."),
    },
    ["company", "evidence", "source"],
    "Where the question was reportedly asked, and how we know.",
)

QUESTION = _obj(
    {
        "id": _slug("Stable id, unique across the atlas; it is the question's anchor in every language."),
        "tracks": {
            "type": "array", "minItems": 1, "uniqueItems": True,
            "items": _slug("Track id from data/tracks.yml."),
            "description": "Tracks the question prepares for (data/tracks.yml).",
        },
        "type": _slug("Question type id from data/types.yml (knowledge, applied, system-design, coding, behavioral)."),
        "difficulty": _slug("Difficulty id from data/difficulties.yml (basic, intermediate, advanced): "
                            "the seniority the question separates."),
        "added": _DATE | {"description": "The date the question was added, YYYY-MM-DD."},
        "checked": _DATE | {"description": "The date a second reader last checked every claim of the record against "
                                           "its sources, YYYY-MM-DD; omit it until one has."},
        "text": _text("The question as an interviewer asks it; one paragraph of Markdown.", 15),
        "tests": _text("What the question tests, in one sentence.", 10),
        "rubric": {
            "type": "array", "minItems": 3,
            "items": _text("One point a strong answer covers.", 10),
            "description": "What a strong answer covers: at least 3 precise, question-specific points.",
        },
        "answer": _text("Optional written answer: a few paragraphs of Markdown; math in $...$ or $$...$$.", 80),
        "asked": _list_of(ASKED, "Companies where the question was reportedly asked; only with a checkable source."),
        "readings": {
            "type": "array", "uniqueItems": True,
            "items": _slug("Reading id from data/readings/*.yml."),
            "description": "What to read: reading ids from data/readings/*.yml.",
        },
        "sources": {
            "type": "array", "minItems": 1, "uniqueItems": True,
            "items": _slug("Source id from data/sources/*.yml."),
            "description": "Where the question was asked or published (source ids): at least one, a reader can open.",
        },
    },
    ["id", "tracks", "type", "difficulty", "added", "text", "tests", "rubric", "sources"],
    "One interview question.",
)

QUESTIONS_FILE = _obj(
    {
        "topic": _slug("The topic id; must equal the file name (data/questions/<topic>.yml)."),
        "questions": {"type": "array", "minItems": 1, "items": QUESTION, "description": "The topic's questions."},
    },
    ["topic", "questions"],
    "A topic's question file, data/questions/<topic>.yml.",
)

_NAMED = {
    "id": _slug("Stable id."),
    "name": _text("Display name."),
}

# A discouraged variant: a word or phrase, matched as whole words; a `*` at the end of a word matches any
# ending (Russian inflection: `референсн*` finds референсная, референсной, …). No other wildcard.
VARIANT = r"^[^*\s]+\*?( [^*\s]+\*?)*$"


def _variants(description: str) -> dict[str, Any]:
    one = {"type": "array", "minItems": 1, "uniqueItems": True,
           "items": {"type": "string", "minLength": 2, "pattern": VARIANT,
                     "description": "A form to avoid; `*` at the end of a word matches any ending."}}
    return {"type": "object", "description": description, "properties": {"ru": one, "hi": one},
            "additionalProperties": False}


GLOSSARY_TERM = _obj(
    {
        "id": _slug("Stable id; it is the entry's anchor on the glossary page in every language."),
        "term": _text("The term as engineers write it in each language (Latin script where that is usual: "
                      "KV cache, rollout)."),
        "definition": _text("One line, in our own words.", 20),
        "also": _variants("Other accepted forms per language (shown on the page, never reported)."),
        "avoid": _variants("Discouraged forms per language: validation reports them in ru/hi record text."),
    },
    ["id", "term", "definition"],
    "One glossary term.",
)

GLOSSARY_SPELLING = _obj(
    {
        "lang": {"type": "string", "enum": ["ru", "hi"], "description": "The language the spelling rule is for."},
        "use": {"type": "string", "minLength": 2, "description": "The one spelling the atlas uses."},
        "avoid": _variants("unused")["properties"]["ru"] | {"description": "Spellings to avoid."},
    },
    ["lang", "use", "avoid"],
    "A spelling rule for an everyday word (not a term: not shown as a glossary entry).",
)

GLOSSARY_FILE = _obj(
    {
        "terms": {"type": "array", "minItems": 1, "items": GLOSSARY_TERM, "description": "The glossary's terms."},
        "spellings": {"type": "array", "items": GLOSSARY_SPELLING,
                      "description": "One spelling per everyday word (e.g. Hindi nukta)."},
    },
    ["terms"],
    "The trilingual glossary, data/glossary.yml.",
)

FILES: dict[str, dict[str, Any]] = {
    "questions": QUESTIONS_FILE,
    "topics": _list_of(
        _obj(_NAMED | {"order": {"type": "integer", "description": "Position in menus and tables."},
                       "summary": _text("One or two sentences shown under the topic title.", 20)},
             ["id", "order", "name", "summary"], "A topic."),
        "Topics, data/topics.yml."),
    "tracks": _list_of(
        _obj(_NAMED | {"order": {"type": "integer", "description": "Position in menus and tables."},
                       "summary": _text("Who the track is for.", 20)},
             ["id", "order", "name", "summary"], "A track."),
        "Tracks, data/tracks.yml."),
    "types": _list_of(_obj(_NAMED, ["id", "name"], "A question type."), "Question types, data/types.yml."),
    "evidence": _list_of(
        _obj(_NAMED | {"marker": {"type": "string", "minLength": 1, "maxLength": 2,
                                  "description": "Symbol shown after the company name."},
                       "description": _text("What this evidence kind means."),
                       "source_kinds": {"type": "array", "minItems": 1, "uniqueItems": True,
                                        "items": {"type": "string", "enum": list(SOURCE_KINDS)},
                                        "description": "The only source kinds this marker may stand on; "
                                                       "leave it out for the weakest kind, which any source supports."}},
             ["id", "marker", "name", "description"], "An evidence kind."),
        "Evidence kinds, data/evidence.yml."),
    "difficulties": _list_of(
        _obj(_NAMED | {"order": {"type": "integer", "description": "Position, easiest first."},
                       "marker": {"type": "string", "minLength": 1, "maxLength": 3,
                                  "description": "Short symbol shown on the question."},
                       "description": _text("Which candidates the level separates.", 20)},
             ["id", "order", "marker", "name", "description"], "A difficulty level."),
        "Difficulty levels, data/difficulties.yml."),
    "companies": _obj(
        _NAMED | {"aliases": {"type": "array", "uniqueItems": True,
                              "items": {"type": "string", "minLength": 2},
                              "description": "Other spellings people type, in any script (e.g. Яндекс, गूगल): "
                                             "search finds the company by them."},
                  "description": _text("One line: what the company is.", 10),
                  "segment": {"type": "string", "enum": list(SEGMENTS), "description": "What kind of employer it is."},
                  "website": _URL,
                  "headquarters": _COUNTRY | {"description": "Where the head office is: ISO 3166-1 alpha-2 code "
                                                             "(RU, IN, US); the companies index groups by it."},
                  "hires_in": _obj({"countries": {"type": "array", "minItems": 1, "uniqueItems": True,
                                                  "items": _COUNTRY, "description": "ISO 3166-1 alpha-2 codes."},
                                    "source": _slug("Source id of the page that says so (the company's own, "
                                                    "or a report).")},
                                   ["countries", "source"],
                                   "Countries it hires ML staff in, where its own page or a source says so."),
                  "process": _list_of(_obj({"id": _slug("Stage id, unique in this list; an attribution's `stage` "
                                                        "names it."),
                                            "stage": _text("The stage, as the source names it (e.g. Recruiter "
                                                           "screen, ML system design)."),
                                            "detail": _text("One line in our own words: length, format, what it "
                                                            "checks.", 10),
                                            "evidence": _slug("Evidence kind id, as for an attribution: the "
                                                              "marker may claim no more than the source's kind."),
                                            "source": _slug("Source id that states it.")},
                                           ["id", "stage", "evidence", "source"],
                                           "One stage of the interview loop, with its source."),
                                      "The interview loop, stages in order (each from a source).")},
        ["id", "name", "description", "segment", "website", "headquarters"],
        "A company, data/companies/<id>.yml (one file per company; the id equals the file name)."),
    "sources": _list_of(
        _obj({"id": _slug("Stable id."),
              "kind": {"type": "string", "enum": list(SOURCE_KINDS),
                       "description": "candidate-report: someone who sat the interview describes it; company: the "
                                      "company's own page, post or guide; question-list: a published list or prep "
                                      "guide; job-posting: a job advertisement."},
              "title": {"type": "string", "minLength": 3, "description": "Title of the post, page or list."},
              "author": {"type": "string", "minLength": 1, "description": "Author, if named."},
              "publisher": {"type": "string", "minLength": 1, "description": "Site or publisher."},
              "url": _URL,
              "language": {"type": "string", "pattern": r"^[a-z]{2}$", "description": "Language code of the source."},
              "published": _DATE | {"description": "Publication date, if known."},
              "retrieved": _DATE | {"description": "When we read it."}},
             ["id", "kind", "title", "language", "retrieved"],
             "A source where questions were reported: author or publisher, and a url wherever one exists."),
        "Sources, data/sources/*.yml."),
    "glossary": GLOSSARY_FILE,
    "readings": _list_of(
        _obj({"id": _slug("Stable id, referenced from questions."),
              "arxiv": {"type": "string", "pattern": ARXIV,
                        "description": "arXiv id, quoted: \"2402.03300\" (new style) or \"hep-th/9901001\" (old style), optional vN."},
              "url": _URL | {"description": "For a reading without an arXiv id: official repository, paper or post."},
              "title": {"type": "string", "minLength": 3, "description": "Exact title, as on arXiv or the page."},
              "authors": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 2},
                          "description": "Authors as listed (first author exact); an organisation for team posts."},
              "year": {"type": "integer", "minimum": 1950, "maximum": 2100, "description": "Year of first publication."}},
             ["id", "title", "authors", "year"], "A reading: an arXiv paper, or a repository or post by URL."),
        "Readings, data/readings/*.yml."),
    "collections": _obj(
        {"id": _slug("Stable id; must equal the file name."),
         "title": _text("Collection title."),
         "summary": _text("What the collection is and a summary of its author's notes, in our own words.", 20),
         "author": {"type": "string", "minLength": 1, "description": "Who compiled the original list."},
         "sources": {"type": "array", "minItems": 1, "uniqueItems": True, "items": _slug("Source id."),
                     "description": "The original publication and any translations (source ids)."},
         "sections": {"type": "array", "minItems": 1, "description": "Sections in the original order.",
                      "items": _obj({"title": _text("Section title."),
                                     "questions": {"type": "array", "minItems": 1, "uniqueItems": True,
                                                   "items": _slug("Question id."),
                                                   "description": "Question ids, in the original order."}},
                                    ["title", "questions"], "A section of the collection.")}},
        ["id", "title", "summary", "sources", "sections"],
        "A collection: an ordered, attributed list of questions, data/collections/<id>.yml."),
}


def schema_document(kind: str) -> dict[str, Any]:
    """A standalone JSON Schema document for one kind of data file."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"{BASE_URI}{kind}.schema.json",
            "title": f"AI Interview Atlas: {kind}"} | FILES[kind]


def write_schemas(directory: Path = SCHEMA_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in FILES:
        path = directory / f"{kind}.schema.json"
        path.write_text(json.dumps(schema_document(kind), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        written.append(path)
    return written
