"""Verified arXiv metadata kept between runs, so a weekly check asks arXiv only about what is new or stale."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Iterable

from atlas.contrib.arxivcheck.feed import Paper


class Cache:
    """Verified metadata by base id, kept between runs; only found papers are stored, never transient results."""

    FORMAT = 1

    def __init__(self, path: Path, max_age_days: float = 30.0):
        self.path, self.max_age = Path(path), max_age_days * 86400
        self.entries: dict[str, dict[str, Any]] = {}
        self.warning = ""

    @classmethod
    def open(cls, path: Path, max_age_days: float = 30.0) -> Cache:
        cache = cls(path, max_age_days)
        cache.load()
        return cache

    def load(self) -> None:
        """A missing or unreadable cache is an empty one: it only ever saves requests."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("format") != self.FORMAT:
                raise ValueError(f"unknown cache format {data.get('format')!r}")
            self.entries = {k: v for k, v in data["papers"].items() if isinstance(v, dict)}
        except FileNotFoundError:
            self.entries = {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
            self.warning = f"ignoring unreadable cache {self.path}: {err}"
            self.entries = {}

    def get(self, base: str) -> Paper | None:
        entry = self.entries.get(base)
        if not entry or time.time() - float(entry.get("checked", 0)) > self.max_age:
            return None
        try:
            return Paper.from_json(entry["paper"])
        except (KeyError, TypeError, ValueError):
            return None

    def put(self, papers: Iterable[Paper]) -> None:
        now = time.time()
        for p in papers:
            self.entries[p.id] = {"checked": now, "paper": p.to_json()}

    def save(self) -> None:
        text = json.dumps({"format": self.FORMAT, "papers": self.entries}, ensure_ascii=False, indent=1,
                          sort_keys=True)
        write_atomic(self.path, text + "\n")


def write_atomic(path: Path, text: str) -> None:
    """Write beside the target, fsync, then os.replace: a reader sees the old file or the new, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
