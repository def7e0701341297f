"""The contributor guide's field reference, generated from the JSON Schemas at build time.

Why generated: `atlas.core.schema.FILES` is the one description of the record format, so a table kept by
hand would drift from what the validator checks. Field descriptions live in the schema and stay in
English; everything around them (headings, intros, type names) is translated in labels.yml, under keys
starting `fieldref_`. A missing translation raises, as in labels.py: an English sentence on a Russian or
Hindi page is a bug.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from atlas.core.errors import CODES
from atlas.core.labels import LABELS_FILE, all_labels
from atlas.core.schema import ARXIV, DATE, FILES, LANGUAGES, SLUG, URL

# The order a contributor meets the files in: questions first, reference lists last.
ORDER = ("questions", "readings", "sources", "companies", "evidence", "difficulties", "collections", "topics",
         "tracks", "types", "glossary")

FILE_PATHS = {
    "questions": "data/questions/<topic>.yml",
    "readings": "data/readings/*.yml",
    "sources": "data/sources/*.yml",
    "companies": "data/companies/<id>.yml",
    "difficulties": "data/difficulties.yml",
    "evidence": "data/evidence.yml",
    "collections": "data/collections/<id>.yml",
    "topics": "data/topics.yml",
    "tracks": "data/tracks.yml",
    "types": "data/types.yml",
    "glossary": "data/glossary.yml",
}

# UI texts live in labels.yml, where translators edit them: `fieldref_intro` is `labels(lang)["intro"]`.
LABEL_PREFIX = "fieldref_"

_PATTERN_LABELS = {SLUG: "id", DATE: "date", URL: "url", ARXIV: "arxiv"}


@dataclass(frozen=True)
class Row:
    """One line of a field table: `path` is dotted, with `[]` for "every entry of this list"."""

    path: str
    schema: dict[str, Any]
    required: bool | None  # None: a list entry, which is neither required nor optional on its own


def kinds() -> list[str]:
    """Every file kind of the schema, in guide order; a kind the schema gains is not silently dropped."""
    return [k for k in ORDER if k in FILES] + [k for k in FILES if k not in ORDER]


def is_text(schema: dict[str, Any]) -> bool:
    """A per-language text: an object whose properties are exactly the site's languages."""
    return schema.get("type") == "object" and set(schema.get("properties", {})) == set(LANGUAGES)


def rows(kind: str) -> list[Row]:
    """Every field of one file kind, nested ones included, in schema order."""
    schema = FILES[kind]
    if schema.get("type") == "array":  # list files: the fields of each entry, named without a prefix
        return list(_fields(schema["items"], ""))
    return list(_fields(schema, ""))


def _fields(schema: dict[str, Any], prefix: str) -> Iterator[Row]:
    required = set(schema.get("required", []))
    for name, child in schema.get("properties", {}).items():
        path = f"{prefix}{name}"
        yield Row(path, child, name in required)
        yield from _nested(child, path)


def _nested(schema: dict[str, Any], path: str) -> Iterator[Row]:
    if is_text(schema):
        return
    if schema.get("type") == "object":
        yield from _fields(schema, f"{path}.")
    elif schema.get("type") == "array":
        item = schema.get("items", {})
        if is_text(item):  # e.g. rubric points: worth a row of their own, with their own description
            yield Row(f"{path}[]", item, None)
        elif item.get("type") == "object":
            yield from _fields(item, f"{path}[].")


def type_name(schema: dict[str, Any], L: dict[str, str]) -> str:
    """The type and its constraints, in the reader's language."""
    limits: list[str] = []
    if is_text(schema):
        base = L["text"]
        shortest = min(p.get("minLength", 0) for p in schema["properties"].values())
        if shortest > 1:
            limits.append(L["min_chars"].format(n=shortest))
    elif schema.get("type") == "array":
        base = L["list_of"].format(item=type_name(schema.get("items", {}), L))
        if schema.get("minItems"):
            limits.append(L["min_items"].format(n=schema["minItems"]))
        if schema.get("uniqueItems"):
            limits.append(L["unique"])
    elif schema.get("type") == "object":
        base = L["mapping"]
    elif schema.get("type") == "integer":
        base = L["integer"]
        if "minimum" in schema and "maximum" in schema:
            limits.append(L["range"].format(min=schema["minimum"], max=schema["maximum"]))
    elif "enum" in schema:
        base = L["one_of"].format(values=", ".join(f"`{v}`" for v in schema["enum"]))
    elif schema.get("pattern") in _PATTERN_LABELS:
        base = L[_PATTERN_LABELS[schema["pattern"]]]
    else:
        base = L["string"]
        if "pattern" in schema:
            limits.append(L["pattern"].format(pattern=f"`{schema['pattern']}`"))  # already code: no cell()
        if schema.get("minLength", 0) > 1:
            limits.append(L["min_chars"].format(n=schema["minLength"]))
        if "maxLength" in schema:
            limits.append(L["max_chars"].format(n=schema["maxLength"]))
    return ", ".join([base, *limits])


# Words that Markdown or arithmatex would interpret: paths with * or <…>, $...$ math, "quoted ids".
_CODE_WORD = re.compile(r"[^\s()]*[<>$*_/\\][^\s()]*")


def cell(text: str) -> str:
    """Schema prose as a table cell: code-like words in backticks, pipes escaped, one line."""
    def code(m: re.Match[str]) -> str:
        word = m.group(0)
        tail = len(word) - len(word.rstrip(".,;:"))
        core, rest = (word[:-tail], word[-tail:]) if tail else (word, "")
        return f"`{core}`{rest}" if core else word
    return _CODE_WORD.sub(code, " ".join(text.split())).replace("|", "\\|")


def labels(lang: str) -> dict[str, str]:
    """This module's labels in one language, prefix dropped; a file kind the schema gains needs its texts."""
    if lang not in LANGUAGES:
        raise ValueError(f"field reference: no labels for language '{lang}'; the site's languages are {LANGUAGES}")
    L = {key.removeprefix(LABEL_PREFIX): texts[lang] for key, texts in all_labels().items()
         if key.startswith(LABEL_PREFIX)}
    missing = [f"{LABEL_PREFIX}{key}_{kind}" for kind in FILES for key in ("title", "about")
               if f"{key}_{kind}" not in L]
    if missing:
        raise ValueError(f"field reference: no text for {', '.join(missing)}; add it to {LABELS_FILE}")
    if unmapped := [kind for kind in FILES if kind not in FILE_PATHS]:
        raise ValueError(f"field reference: no path for {', '.join(unmapped)}; "
                         "add it to FILE_PATHS in atlas/contrib/fieldref.py")
    return L


def _table(header: tuple[str, ...], body: list[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in body]
    return "\n".join(lines)


def field_table(kind: str, lang: str) -> str:
    L = labels(lang)
    body = []
    for row in rows(kind):
        required = L["item"] if row.required is None else (L["yes"] if row.required else L["no"])
        body.append((f"`{row.path}`", type_name(row.schema, L).replace("|", "\\|"), required,
                     cell(row.schema.get("description", ""))))
    return _table((L["field"], L["type"], L["required"], L["description"]), body)


def codes_table(lang: str) -> str:
    L = labels(lang)
    return _table((L["code"], L["meaning"]), [(f"`{code}`", cell(summary)) for code, summary in CODES.items()])


def field_reference(lang: str) -> str:
    """Markdown for `<!-- atlas:field-reference -->`: one table per file kind, then the rule codes.

    Headings carry fixed anchors (`#fields-questions`, `#rule-codes`) so links work in every language.
    """
    L = labels(lang)
    out = [L["intro"], ""]
    for kind in kinds():
        out += [f"### {L['title_' + kind]} {{ #fields-{kind} }}", "",
                f"{L['file']}: `{FILE_PATHS[kind]}`. {L['about_' + kind]}", "", field_table(kind, lang), ""]
    out += [f"### {L['codes_title']} {{ #rule-codes }}", "", L["codes_intro"], "", codes_table(lang), ""]
    return "\n".join(out)
