"""Add a question: append a complete record skeleton to its topic file, as plain text.

Why text and not a YAML round trip: topic files are written by hand, with comments, block scalars and
line breaks that a YAML dump would rewrite. Appending leaves every existing byte as it was; the result
is parsed before it is written, so a file the append would break (or change) is refused, not damaged.

Every value the contributor must write starts with PLACEHOLDER ("TODO: …" plus a hint), and no
record passes validation while one is left.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from atlas.core.schema import LANGUAGES, SLUG
from atlas.load.yamlsource import read_yaml

PLACEHOLDER = "TODO:"
SCHEMA_MODELINE = "# yaml-language-server: $schema=../../hooks/atlas/schemas/questions.schema.json"
_LANG_NAMES = {"en": "English", "ru": "Russian", "hi": "Hindi"}
_ID_LINE = re.compile(r"""^\s*(?:-\s+)?id:\s*["']?([^"'\s#]+)""")
_ITEM_LINE = re.compile(r"^( *)- ")
RUBRIC_POINTS = 3  # the schema's minimum; a contributor adds more by copying one


class ScaffoldError(Exception):
    """A refusal, phrased for the contributor: what is wrong and what to do instead."""


@dataclass(frozen=True)
class Placeholder:
    line: int   # 1-based line in the topic file
    field: str  # e.g. "rubric[2].ru"
    hint: str   # the text after "TODO: "


@dataclass(frozen=True)
class Scaffolded:
    path: Path
    line: int  # the record's first line (`- id: …`), where the site's edit links will point
    created: bool
    placeholders: tuple[Placeholder, ...]


# -- reading what exists ----------------------------------------------------------------------------
def _list_ids(path: Path) -> list[str]:
    """Ids of a list file such as topics.yml; a missing or broken file is the contributor's first fix."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ScaffoldError(f"cannot read {path} ({exc.__class__.__name__}); "
                            "run `python -m atlas validate` and fix it first") from None
    return [r["id"] for r in data or [] if isinstance(r, dict) and isinstance(r.get("id"), str)]


def existing_ids(questions_dir: Path) -> dict[str, str]:
    """Every question id already used, with where: `data/questions/x.yml:12`."""
    found: dict[str, str] = {}
    for path in sorted(questions_dir.glob("*.y*ml")):
        rel = f"{questions_dir.parent.name}/{questions_dir.name}/{path.name}"
        doc, _ = read_yaml(path, rel)
        items = doc.data.get("questions") if doc and isinstance(doc.data, dict) else None
        if isinstance(items, list):
            for i, rec in enumerate(items):
                if isinstance(rec, dict) and isinstance(rec.get("id"), str):
                    found.setdefault(rec["id"], f"{rel}:{doc.line(('questions', i))}")
            continue
        # Unparsable right now (someone is mid-edit): fall back to the `id:` lines, to refuse safely.
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            m = _ID_LINE.match(line)
            if m:
                found.setdefault(m.group(1), f"{rel}:{n}")
    return found


# -- the skeleton -----------------------------------------------------------------------------------
def skeleton(qid: str, tracks: list[str], types: list[str], added: str,
             indent: str = "  ", difficulties: tuple[str, ...] = ("basic", "intermediate", "advanced")) -> tuple[list[str], dict[int, tuple[str, str]]]:
    """The record's lines (no line ends) and, by line index, the placeholders: (field, hint).

    `indent` is where the file's `- ` items start; the record's own fields sit two columns further.
    """
    lines: list[str] = []
    marks: dict[int, tuple[str, str]] = {}
    field = indent + "  "

    def put(text: str, mark: tuple[str, str] | None = None) -> None:
        if mark:
            marks[len(lines)] = mark
        lines.append(text)

    # A block scalar's placeholder is marked on its key line: that is the line validation reports.
    def texts(name: str, at: str, hints: dict[str, str], style: str = ">-") -> None:
        for lang in LANGUAGES:
            put(f"{at}{lang}: {style}", (f"{name}.{lang}", hints[lang]))
            put(f"{at}  {PLACEHOLDER} {hints[lang]}")

    tracks_hint = "one or more of " + ", ".join(tracks)
    types_hint = "one of " + ", ".join(types)
    difficulty_hint = "one of " + ", ".join(difficulties) + " (the seniority the question separates)"
    sources_hint = "source ids from data/sources/*.yml: where this question was asked or published"
    readings_hint = "reading ids from data/readings/*.yml; write [] if none fits"
    put(f"{indent}- id: {qid}")
    put(f'{field}tracks: ["{PLACEHOLDER} {tracks_hint}"]', ("tracks", tracks_hint))
    put(f'{field}type: "{PLACEHOLDER} {types_hint}"', ("type", types_hint))
    put(f'{field}difficulty: "{PLACEHOLDER} {difficulty_hint}"', ("difficulty", difficulty_hint))
    put(f"{field}added: {added}")
    checked_hint = ("the date a second reader checked every claim against its sources (YYYY-MM-DD); "
                    "delete this line until one has")
    put(f'{field}checked: "{PLACEHOLDER} {checked_hint}"', ("checked", checked_hint))
    put(f"{field}text:")
    texts("text", field + "  ", {"en": "the question as an interviewer asks it, in English: one paragraph of Markdown.",
                                 "ru": "the same question, in Russian.", "hi": "the same question, in Hindi."})
    put(f"{field}tests:")
    texts("tests", field + "  ", {"en": "what the question tests, in one English sentence.",
                                  "ru": "the same sentence, in Russian.", "hi": "the same sentence, in Hindi."})
    put(f"{field}rubric:  # what a strong answer covers: 3 to 6 precise points; copy an item to add one")
    for n in range(1, RUBRIC_POINTS + 1):
        en = f"point {n} a strong answer covers: a formula, mechanism, number or trade-off, in English."
        for i, lang in enumerate(LANGUAGES):
            lead = field + ("  - " if i == 0 else "    ")
            hint = en if lang == "en" else f"point {n}, in {_LANG_NAMES[lang]}."
            put(f"{lead}{lang}: >-", (f"rubric[{n - 1}].{lang}", hint))
            put(f"{field}      {PLACEHOLDER} {hint}")
    put(f"{field}answer:  # optional: delete the whole block if you do not write an answer")
    texts("answer", field + "  ", {"en": "optional written answer, in English: a few paragraphs of Markdown, "
                                         "math in $...$ (or delete the whole answer block).",
                                   "ru": "the same answer, in Russian.", "hi": "the same answer, in Hindi."}, "|")
    put(f'{field}readings: ["{PLACEHOLDER} {readings_hint}"]', ("readings", readings_hint))
    put(f'{field}sources: ["{PLACEHOLDER} {sources_hint}"]', ("sources", sources_hint))
    put(f"{field}asked: []  # only with a public source naming the company: {{company: …, evidence: …, source: …}}")
    return lines, marks


# -- appending --------------------------------------------------------------------------------------
def _item_indent(text: str) -> str:
    """Where the file's question items start (`  - id:` usually; `- id:` is valid YAML too)."""
    start = re.search(r"^questions:", text, re.M)
    for line in text[start.end():].splitlines() if start else ():
        m = _ITEM_LINE.match(line)
        if m:
            return m.group(1)
    return "  "


def _header(topic: str) -> list[str]:
    return [SCHEMA_MODELINE,
            f"# Questions of the topic '{topic}'. Record format and field reference: docs/contributing.md.",
            f"topic: {topic}", "questions:"]


def _questions_of(text: str, where: Path) -> list[Any]:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ScaffoldError(f"{where} is not valid YAML ({str(exc).splitlines()[0]}); "
                            "run `python -m atlas validate`, fix it, then try again") from None
    if not isinstance(data, dict):
        raise ScaffoldError(f"{where} is not a topic file (`topic:` and `questions:`); fix it first")
    return data.get("questions") or []


def scaffold_question(data_dir: Path, topic: str, qid: str, today: dt.date | None = None) -> Scaffolded:
    """Append a skeleton for `qid` to data/questions/<topic>.yml (created with its header if new)."""
    data_dir = Path(data_dir)
    if not re.fullmatch(SLUG, qid):
        raise ScaffoldError(f"'{qid}' is not a valid question id: use lowercase letters, digits and single "
                            "hyphens, and describe the question, e.g. `ppo-clipping-vs-kl-penalty`")
    topics = _list_ids(data_dir / "topics.yml")
    if topic not in topics:
        close = difflib.get_close_matches(topic, topics, n=1)
        hint = f"did you mean `{close[0]}`? " if close else ""
        raise ScaffoldError(f"unknown topic '{topic}'. {hint}Known topics: {', '.join(topics)}. "
                            f"A new topic is added to {data_dir.name}/topics.yml first (see the contributor guide)")
    used = existing_ids(data_dir / "questions")
    if qid in used:
        raise ScaffoldError(f"the id '{qid}' is already used at {used[qid]}; ids are unique across the atlas, "
                            "so choose a more specific one (or edit the existing question)")

    path = data_dir / "questions" / f"{topic}.yml"
    created = not path.exists()
    old = "" if created else path.read_bytes().decode("utf-8")  # not read_text: it would turn \r\n into \n
    newline = "\r\n" if "\r\n" in old else "\n"
    before = [] if created else _questions_of(old, path)
    record, marks = skeleton(qid, _list_ids(data_dir / "tracks.yml"), _list_ids(data_dir / "types.yml"),
                             (today or dt.date.today()).isoformat(), _item_indent(old),
                             tuple(_list_ids(data_dir / "difficulties.yml")))
    if created:
        prefix_lines = _header(topic)
        new = newline.join(prefix_lines + record) + newline
        first = len(prefix_lines) + 1
    else:
        joint = "" if old.endswith(newline) or not old else newline
        gap = newline if before else ""  # a blank line between records, as the files are written
        new = old + joint + gap + newline.join(record) + newline
        first = (old + joint + gap).count("\n") + 1
    try:
        after = _questions_of(new, path)
    except ScaffoldError:
        after = None
    if not after or after[:-1] != before or not isinstance(after[-1], dict) or after[-1].get("id") != qid:
        raise ScaffoldError(f"cannot append safely to {path}: `questions:` must be the file's last key, written "
                            "as a block list (`questions:` on its own line, then `  - id: …` items)")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(new)
    holes = tuple(Placeholder(first + i, name, hint) for i, (name, hint) in sorted(marks.items()))
    return Scaffolded(path, first, created, holes)


def instructions(result: Scaffolded, qid: str) -> str:
    """What the CLI prints: where the record is and what to write, line by line."""
    width = max(len(p.field) for p in result.placeholders)
    verb = "Created" if result.created else "Appended to"
    out = [f"{verb} {result.path}: question '{qid}' starts at line {result.line}.", "",
           f"Replace every `{PLACEHOLDER} …` ({len(result.placeholders)} of them); validation fails until you do:"]
    out += [f"  line {p.line:>5}  {p.field:<{width}}  {p.hint}" for p in result.placeholders]
    out += ["",
            "Optional fields: delete the `answer:` block if you do not write an answer; `asked` may stay empty.",
            "Every question cites a source (`sources`). Name a company in `asked` only with a public source that",
            "says it asked this question; the evidence marker may claim no more than the source's kind.",
            "",
            "Then check:  python -m atlas validate && mkdocs build --strict",
            "Guide: docs/contributing.md (rubrics, translations, readings, field reference)."]
    return "\n".join(out)
