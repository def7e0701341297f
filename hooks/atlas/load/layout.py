"""Where records live under data/: one table of file kinds, and every file found either read or reported."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from atlas.core.errors import Problem
from atlas.core.schema import SLUG
from atlas.load import translations

# Every file data/ may hold: the kind of record (its JSON Schema) and where it lives. A name ending in "/"
# is a directory of <name>.yml files. Anything else under data/ is reported, never silently ignored.
LAYOUT: tuple[tuple[str, str], ...] = (
    ("topics", "topics.yml"),
    ("tracks", "tracks.yml"),
    ("types", "types.yml"),
    ("evidence", "evidence.yml"),
    ("difficulties", "difficulties.yml"),
    ("readings", "readings/"),
    ("questions", "questions/"),
    ("collections", "collections/"),
    ("sources", "sources/"),
    ("companies", "companies/"),
    ("glossary", "glossary.yml"),
)
OPTIONAL_FILES = ("glossary",)  # data/glossary.yml: without it there is simply no glossary
# Files other modules read (with the same YAML reader and its limits), allowed beside the records.
OTHER_FILES = (translations.LOCK_NAME,)
LIST_FILES = tuple(kind for kind, where in LAYOUT if not where.endswith("/") and kind not in OPTIONAL_FILES)
DIR_FILES = tuple(kind for kind, where in LAYOUT if where.endswith("/"))
IGNORED = re.compile(r"^\.")  # editor and OS metadata (.DS_Store, .gitkeep, swap files)
FILE_NAME = re.compile(SLUG.rstrip("$") + r"\.yml$")


@dataclass
class Found:
    """The files of each kind, what was wrong with the tree, and the paths that cannot be read (links)."""

    files: dict[str, list[Path]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    missing: set[str] = field(default_factory=set)


def _rel(root: Path, path: Path) -> str:
    return f"{root.name}/{path.relative_to(root).as_posix()}"


def find_files(root: Path) -> Found:
    """The files of each kind that LAYOUT expects; symlinks and unexpected files are reported, never followed."""
    out = Found()
    singles = {where: kind for kind, where in LAYOUT if not where.endswith("/")}
    singles.update({name: "" for name in OTHER_FILES})
    folders = {where.rstrip("/"): kind for kind, where in LAYOUT if where.endswith("/")}
    found: dict[str, list[Path]] = {}
    for folder, dirs, names in os.walk(root, followlinks=False):
        here = Path(folder)
        for name in sorted(dirs + names):
            path = here / name
            rel = path.relative_to(root).as_posix()
            if IGNORED.match(name):
                if name in dirs:
                    dirs.remove(name)
                continue
            if path.is_symlink():
                out.problems.append(Problem(_rel(root, path), 1, "E009", "",
                                             "symbolic link: data/ holds only real files, and links are never "
                                             "followed (they can point anywhere)", "replace the link with the file itself"))
                out.missing.add(f"data/{rel}")
                if name in dirs:
                    dirs.remove(name)
                continue
            if name in dirs:
                if rel not in folders:
                    out.problems.append(_unexpected(root, path, rel, singles, folders))
                    dirs.remove(name)
                continue
            parent = path.parent.relative_to(root).as_posix()
            if rel in singles:
                if singles[rel]:
                    found.setdefault(singles[rel], []).append(path)
            elif parent in folders and FILE_NAME.match(name):
                found.setdefault(folders[parent], []).append(path)
            else:
                out.problems.append(_unexpected(root, path, rel, singles, folders))
    for paths in found.values():
        paths.sort()
    out.files = found
    return out

def _unexpected(root: Path, path: Path, rel: str, singles: dict[str, str], folders: dict[str, str]) -> Problem:
    expected = ", ".join([*singles, *(f"{f}/<name>.yml" for f in folders)])
    parent = path.parent.relative_to(root).as_posix()
    stem = path.name.split(".")[0]
    if path.is_dir():
        hint = f"data/ has only these folders: {', '.join(f + '/' for f in folders)}; move its files there"
    elif parent in folders or rel.lower().replace(".yaml", ".yml") in singles:
        good = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-") or "name"
        where = f"{parent}/" if parent in folders else ""
        hint = f"rename it to data/{where}{good}.yml (lowercase letters, digits and hyphens, ending in .yml)"
    else:
        hint = f"data/ holds only {expected}; rename it to one of these, or move it out of data/"
    return Problem(_rel(root, path), 1, "E060", "", f"unexpected {'folder' if path.is_dir() else 'file'} "
                   f"data/{rel}, which the atlas would not read", hint)
