"""Write each language's Pagefind bundle (`/pagefind/`, `/ru/pagefind/`, `/hi/pagefind/`) from search records.

One bundle per language: a reader's browser can only ever fetch its own language's index, and the worker
is told which bundle to open, instead of Pagefind guessing from `<html lang>` (a worker has no document).
Pagefind's own UI files are removed: Material's dialog shows the results.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

from atlas.search import BUNDLE_DIR, Record
from atlas.urls import DEFAULT_LANGUAGE



async def _write(folder: Path, records: list[Record]) -> None:
    from pagefind.index import PagefindIndex  # the binary ships in the pagefind-bin wheel

    async with PagefindIndex({"output_path": str(folder)}) as index:
        for r in records:
            await index.add_custom_record(url=r.url, content=r.content, language=r.language,
                                          meta=r.meta(), filters=r.filters or None)


def _prune(folder: Path) -> None:
    entry = json.loads((folder / "pagefind-entry.json").read_text(encoding="utf-8"))
    wasm = {f"wasm.{index.get('wasm') or 'unknown'}.pagefind" for index in entry["languages"].values()}
    for path in folder.iterdir():
        name = path.name
        keep = name in ("pagefind.js", "pagefind-entry.json", "index", "fragment", "filter") or (
            name.startswith("pagefind.") and name.endswith(".pf_meta")) or name in wasm
        if not keep:
            shutil.rmtree(path) if path.is_dir() else path.unlink()


def write_bundles(site_dir: Path, records: dict[str, list[Record]]) -> dict[str, int]:
    """Index every language's records into its bundle; returns the record count per language."""
    for lang, recs in records.items():
        folder = site_dir / ("" if lang == DEFAULT_LANGUAGE else lang) / BUNDLE_DIR
        if folder.exists():
            shutil.rmtree(folder)
        asyncio.run(_write(folder, recs))
        _prune(folder)
    return {lang: len(recs) for lang, recs in records.items()}
