"""Which English text each Russian and Hindi text translates: the translations lock.

`data/translations.lock.yml` keeps, for every ru/hi text of every record, a short hash of the English it
was last checked against. The records stay clean; the lock is written only by `python -m atlas
translations`. When the English changes and the lock still holds the old hash, the translation is *stale*:
validation lists it as a warning and the page shows a note — a stale translation is not broken data.

Texts the lock does not know (new records, or no lock yet) count as current: records are written in all
three languages at once. `--init` adds them; `--mark-current` says "this translation now matches its
English" after a translator has updated it.

Lock layout (keys sorted, one line per text, so merges rarely conflict):

    questions:                      # file kind
      grpo-group-relative-advantage:  # record id
        text: "3f2a9c0d1e4b"          # ru and hi both translate this English
        rubric[2]: {ru: "3f2a9c0d1e4b", hi: "77c1e0a9b2d3"}   # hi translates an older English
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

import yaml

from atlas.core.errors import Problem
from atlas.core.model import StaleText
from atlas.load.yamlsource import YamlDoc, read_yaml

LOCK_NAME = "translations.lock.yml"
LOCK_MAX_BYTES = 50_000_000  # machine-written, one line per text: grows with the atlas (data files cap at 8 MB)
TRANSLATED = ("ru", "hi")
_HEADER = ("# Which English text each ru/hi text translates: the first 12 hex digits of the sha256 of the English\n"
           "# (whitespace folded). Written by `python -m atlas translations`; do not edit by hand. See CONTRIBUTING.md.\n")


@dataclass(frozen=True)
class TextField:
    """One {en, ru, hi} text of a record, with where each language's text is."""

    kind: str
    record: str
    field: str                 # `text`, `rubric[2]`, `asked[0].note`
    file: str
    lines: dict[str, int]      # language -> line
    texts: dict[str, str]


def english_hash(text: str) -> str:
    """Reflowing the English (YAML folding, line breaks) is not a change a translator must follow."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:12]


def field_name(path: tuple[Any, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def text_fields(kind: str, doc: YamlDoc, path: tuple[Any, ...], record: dict[str, Any]) -> Iterator[TextField]:
    """Every per-language text inside one record (nested ones too: rubric points, asked notes…)."""
    def walk(node: Any, at: tuple[Any, ...]) -> Iterator[TextField]:
        if isinstance(node, dict):
            if all(isinstance(node.get(lang), str) for lang in ("en", *TRANSLATED)):
                yield TextField(kind, record["id"], field_name(at), doc.rel,
                                {lang: doc.line(path + at + (lang,)) for lang in ("en", *TRANSLATED)},
                                {lang: node[lang] for lang in ("en", *TRANSLATED)})
                return
            for key, value in node.items():
                yield from walk(value, at + (key,))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from walk(value, at + (i,))

    for key, value in record.items():
        yield from walk(value, (key,))


# -- the lock file ----------------------------------------------------------------------------------
Entries = dict[str, dict[str, dict[str, dict[str, str]]]]  # kind -> record -> field -> lang -> hash


def read_lock(data_dir: Path) -> tuple[Entries | None, list[Problem]]:
    """The lock's entries (None when there is no lock yet), or the problem that makes it unreadable."""
    path = data_dir / LOCK_NAME
    rel = f"{data_dir.name}/{LOCK_NAME}"
    if not path.is_file():
        return None, []
    doc, problems = read_yaml(path, rel, max_bytes=LOCK_MAX_BYTES)
    fix = (f"resolve any merge conflict in it, or delete it and run `python -m atlas translations --init` "
           f"(every translation then counts as current)")
    if doc is None or problems:
        return None, [Problem(p.file, p.line, "E054", "", f"the translations lock cannot be read ({p.message})", fix)
                      for p in problems]
    entries: Entries = {}
    data = doc.data or {}
    ok = isinstance(data, dict)
    for kind, records in (data.items() if ok else []):
        if not isinstance(records, dict):
            ok = False
            break
        for rid, fields in records.items():
            if not isinstance(fields, dict):
                ok = False
                break
            for name, value in fields.items():
                if isinstance(value, str):
                    value = {lang: value for lang in TRANSLATED}
                if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                    ok = False
                    break
                entries.setdefault(str(kind), {}).setdefault(str(rid), {})[str(name)] = dict(value)
    if not ok:
        return None, [Problem(rel, 1, "E054", "", "the translations lock is not kind → record → field → hash", fix)]
    return entries, []


def write_lock(data_dir: Path, entries: Entries) -> Path:
    lines = [_HEADER]
    for kind in sorted(entries):
        if not entries[kind]:
            continue
        lines.append(f"{kind}:\n")
        for rid in sorted(entries[kind]):
            lines.append(f"  {rid}:\n")
            for name, langs in entries[kind][rid].items():
                key = yaml.safe_dump(name, default_style=None).splitlines()[0] if not _plain_key(name) else name
                values = [langs.get(lang) for lang in TRANSLATED]
                if len(set(values)) == 1 and values[0]:
                    lines.append(f'    {key}: "{values[0]}"\n')  # quoted: an all-digit hash is not a number
                else:
                    inner = ", ".join(f'{lang}: "{langs[lang]}"' for lang in TRANSLATED if langs.get(lang))
                    lines.append(f"    {key}: {{{inner}}}\n")
    path = data_dir / LOCK_NAME
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _plain_key(name: str) -> bool:
    return all(c.isalnum() or c in "_-[]." for c in name)


# -- status -----------------------------------------------------------------------------------------
def check(fields: Iterable[TextField], entries: Entries | None, lock_rel: str) -> tuple[list[Problem], list[StaleText]]:
    """Warnings (stale texts, texts missing from the lock) and the stale texts, for the pages."""
    warnings: list[Problem] = []
    stale: list[StaleText] = []
    missing: dict[tuple[str, str], TextField] = {}
    for f in fields:
        known = (entries or {}).get(f.kind, {}).get(f.record, {}).get(f.field)
        current = english_hash(f.texts["en"])
        for lang in TRANSLATED:
            if not known or lang not in known:
                missing.setdefault((f.kind, f.record), f)
                continue
            if known[lang] != current:
                stale.append(StaleText(f.kind, f.record, f.field, lang))
                warnings.append(Problem(
                    f.file, f.lines[lang], "W001", f.record,
                    f"'{f.field}': {lang} translation predates the English change",
                    f"bring the {lang} text up to date with the English, then run "
                    f"`python -m atlas translations --mark-current --record {f.record} --lang {lang}`"))
    if entries is None and missing:
        warnings.append(Problem(lock_rel, 1, "W002", "",
                                f"there is no translations lock yet: {len(missing)} records count as current",
                                "run `python -m atlas translations --init` and commit the lock"))
    else:
        for (kind, rid), f in missing.items():
            warnings.append(Problem(f.file, f.lines["en"], "W002", rid,
                                    f"the translations lock has no entry for '{f.field}' of this record; "
                                    f"its translations count as current",
                                    "run `python -m atlas translations --init` and commit data/translations.lock.yml"))
    return warnings, stale


def init(fields: Iterable[TextField], entries: Entries | None) -> tuple[Entries, int, int]:
    """Add every text the lock lacks, as current; drop entries of texts that no longer exist."""
    fields = list(fields)
    old = entries or {}
    new: Entries = {}
    added = 0
    for f in fields:
        known = old.get(f.kind, {}).get(f.record, {}).get(f.field, {})
        slot = new.setdefault(f.kind, {}).setdefault(f.record, {}).setdefault(f.field, {})
        for lang in TRANSLATED:
            if lang in known:
                slot[lang] = known[lang]
            else:
                slot[lang] = english_hash(f.texts["en"])
                added += 1
    kept = sum(len(v) for r in new.values() for fl in r.values() for v in fl.values())
    before = sum(len(v) for r in old.values() for fl in r.values() for v in fl.values())
    return new, added, before - (kept - added)


def mark_current(fields: Iterable[TextField], entries: Entries | None, records: set[str] | None = None,
                 langs: set[str] | None = None) -> tuple[Entries, int]:
    """Record that the chosen translations match their English as it is now."""
    fields = list(fields)
    new, _, _ = init(fields, entries)
    changed = 0
    for f in fields:
        if records and f.record not in records:
            continue
        slot = new[f.kind][f.record][f.field]
        for lang in TRANSLATED:
            if langs and lang not in langs:
                continue
            current = english_hash(f.texts["en"])
            if slot.get(lang) != current:
                slot[lang] = current
                changed += 1
    return new, changed
