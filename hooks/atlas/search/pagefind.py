"""Write each language's Pagefind bundle (`/pagefind/`, `/ru/pagefind/`, `/hi/pagefind/`) from search records.

One bundle per language: a reader's browser can only ever fetch its own language's index, and the worker
is told which bundle to open, instead of Pagefind guessing from `<html lang>` (a worker has no document).
Pagefind's own UI files are removed: Material's dialog shows the results.

The records go to Pagefind's indexing service (the binary from the pagefind-bin wheel, `--service`) over its
pipe protocol: base64 JSON messages separated by commas. Pagefind's Python wrapper speaks the same protocol
but waits 0.1 s before reading each answer (two minutes for 1,000 questions in three languages) and stops
the service before it has finished writing; this client answers as fast as the service does and lets it exit.
"""

from __future__ import annotations

import base64
import json
import os
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path

from atlas.core.urls import DEFAULT_LANGUAGE
from atlas.search.records import BUNDLE_DIR, Record, index_characters, index_encoded


class PagefindError(RuntimeError):
    pass


class _Service:
    def __init__(self) -> None:
        from pagefind.service import get_executable  # PyPI pagefind[bin]: the binary ships in the wheel

        binary = get_executable()
        if binary is None:
            raise PagefindError("the Pagefind binary was not found: pip install -r requirements.txt")
        self.process = subprocess.Popen([str(binary), "--service"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        try:  # indexing is not the critical path; the page build is (see `downloads.background`)
            os.setpriority(os.PRIO_PROCESS, self.process.pid, 10)
        except (AttributeError, OSError):
            pass
        self.next_id = 0

    def send(self, payload: dict) -> dict:
        self.next_id += 1
        message = json.dumps({"message_id": self.next_id, "payload": payload}, ensure_ascii=False)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(base64.b64encode(message.encode("utf-8")) + b",")
        self.process.stdin.flush()
        answer = bytearray()
        while not answer.endswith(b","):
            chunk = self.process.stdout.read1(65536) if not answer else self.process.stdout.read(1)
            if not chunk:
                raise PagefindError(f"the Pagefind service stopped while answering {payload['type']}")
            answer += chunk
        reply = json.loads(base64.b64decode(bytes(answer[:-1])))["payload"]
        if reply.get("type") == "Error":
            raise PagefindError(f"Pagefind: {reply.get('message')}")
        return reply

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise PagefindError("the Pagefind service did not finish writing within 60 s") from None


def _wait_until_written(folder: Path, timeout: float = 60.0) -> None:
    """The service answers WriteFiles before its writes land; its entry file is written last, so wait for it
    to hold whole JSON while the service is still running (closing it early left empty files under load)."""
    deadline = time.monotonic() + timeout
    entry = folder / "pagefind-entry.json"
    while True:
        try:
            json.loads(entry.read_text(encoding="utf-8"))
            return
        except (OSError, ValueError):
            if time.monotonic() > deadline:
                raise PagefindError(f"Pagefind did not finish writing {entry} within {timeout:.0f} s") from None
            time.sleep(0.05)


def _prune(folder: Path) -> None:
    """Keep what the browser needs: pagefind.js, the entry, metadata, this language's WebAssembly, chunks."""
    entry = json.loads((folder / "pagefind-entry.json").read_text(encoding="utf-8"))
    wasm = {f"wasm.{index.get('wasm') or 'unknown'}.pagefind" for index in entry["languages"].values()}
    for path in folder.iterdir():
        name = path.name
        keep = name in ("pagefind.js", "pagefind-entry.json", "index", "fragment", "filter") or name in wasm or (
            name.startswith("pagefind.") and name.endswith(".pf_meta"))
        if not keep:
            shutil.rmtree(path) if path.is_dir() else path.unlink()


class BundleWriter:
    """Pagefind bundles written as the build goes, so indexing overlaps the page build.

    `BundleWriter(early)` starts the service and feeds it the records known before any page is built (the
    questions and the glossary) from a background thread; Pagefind indexes them on the other core while MkDocs
    renders. `write(site_dir, lang, late)` queues one language's bundle as soon as its pages are built: its
    records only the build knows (the pages), then the bundle is written while the next language builds.
    `finish(site_dir, late)` writes the languages not written yet, waits for all, and prunes them. Records keep
    their order: early ones first, then late ones.
    """

    def __init__(self, early: dict[str, list[Record]]) -> None:
        self.languages = list(early)
        self.index_ids: dict[str, str] = {}
        self.folders: dict[str, Path] = {}  # languages queued for writing
        self.error: BaseException | None = None
        self.tasks: queue.Queue[tuple[str, Path, list[Record]] | None] = queue.Queue()
        self.service = _Service()
        self.thread = threading.Thread(target=self._work, args=(early,), name="pagefind-feed", daemon=True)
        self.thread.start()

    def _work(self, early: dict[str, list[Record]]) -> None:
        try:
            for lang, recs in early.items():
                # Pagefind takes private-use letters for word breaks unless they are named as word characters.
                extra = index_characters(lang)
                config = {"include_characters": extra} if extra else None
                self.index_ids[lang] = self.service.send({"type": "NewIndex", "config": config})["index_id"]
                self._add(lang, recs)
            while (task := self.tasks.get()) is not None:
                lang, folder, late = task
                self._add(lang, late)
                shutil.rmtree(folder, ignore_errors=True)
                self.service.send({"type": "WriteFiles", "index_id": self.index_ids[lang],
                                   "output_path": str(folder.resolve())})
                _wait_until_written(folder)
        except BaseException as error:  # handed to finish(), which runs on the build's thread
            self.error = error

    def _add(self, lang: str, recs: list[Record]) -> None:
        for r in recs:
            meta = {key: index_encoded(value, lang) for key, value in r.meta().items()}  # Pagefind indexes meta
            self.service.send({"type": "AddRecord", "index_id": self.index_ids[lang], "url": r.url,
                               "content": index_encoded(r.content, lang), "language": r.language, "meta": meta,
                               "filters": r.filters or None, "sort": None})

    def write(self, site_dir: Path, lang: str, late: list[Record]) -> None:
        """Queue `lang`'s bundle: its late records, then its files (in the background; `finish` waits)."""
        if lang in self.folders or lang not in self.languages:
            return
        self.folders[lang] = site_dir / ("" if lang == DEFAULT_LANGUAGE else lang) / BUNDLE_DIR
        self.tasks.put((lang, self.folders[lang], list(late)))

    def finish(self, site_dir: Path, late: dict[str, list[Record]]) -> None:
        """Write every language's bundle not written yet, wait for all, and prune them."""
        for lang in self.languages:
            self.write(site_dir, lang, late.get(lang, []))
        self.tasks.put(None)
        self.thread.join()
        try:
            if self.error is not None:
                raise self.error
        finally:
            self.service.close()  # the service finishes its writes before it exits
        for folder in self.folders.values():
            _prune(folder)

    def abandon(self) -> None:
        """A build that failed before finish(): stop the service without writing anything."""
        self.service.process.kill()
        self.tasks.put(None)
        self.thread.join(timeout=5)
        self.service.process.wait()

