"""The Downloads and the practice cards' HTML, made in a process of their own while the pages render on the
build's other core.

Decks and exports take a few seconds at a few hundred questions and nothing in the page build needs their
bytes: only the Downloads page states their sizes, and those are filled in once the files exist
(`page.fill_sizes`). The explorer's per-topic details (every record rendered once more, as its topic page
shows it) cost as much again and are as independent of the pages. The child process loads `data/` itself (a spawned process shares nothing, and a fork
beside `mkdocs serve`'s threads is unsafe), so a job is described by plain values: where the data is, the
repository, the build date. Results are cached by a digest of every data file, so a rebuild that changed
no record (a page, a stylesheet, the engine) reuses the last files.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from atlas.core.schema import LANGUAGES
from atlas.core.urls import Repository
from atlas.downloads.page import all_files
from atlas.load.loader import load_atlas
from atlas.pages.explorer import details_files

Files = dict[str, dict[str, bytes]]  # language -> file name -> bytes


@dataclass(frozen=True)
class Made:
    downloads: Files  # names relative to each language's Downloads folder
    explorer: Files   # names relative to each language's explorer page
_POOL: ProcessPoolExecutor | None = None
_DONE: dict[str, Made] = {}  # data digest -> files, the newest only


def data_digest(data_dir: Path, repo: Repository, version: str) -> str:
    """What the files depend on: every byte under data/, the repository the links point to, the date."""
    h = hashlib.sha256(f"{repo}|{version}".encode())
    for folder, dirs, names in sorted(os.walk(data_dir)):
        dirs.sort()
        for name in sorted(names):
            path = Path(folder) / name
            h.update(str(path.relative_to(data_dir)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _make(data_dir: str, repo: Repository, version: str) -> Made:
    atlas = load_atlas(data_dir)
    explorer = {lang: {name: text.encode("utf-8") for name, text in details_files(atlas, lang).items()}
                for lang in LANGUAGES}
    return Made(all_files(atlas, repo, version), explorer)


def _yield_cpu() -> None:
    """The page build is the critical path: on a machine with fewer free cores than busy processes, it goes first."""
    os.nice(10)


def start(data_dir: Path, repo: Repository, version: str) -> Future[Made]:
    """The files for this data, from the cache or from a child process; `.result()` waits for them."""
    global _POOL
    key = data_digest(data_dir, repo, version)
    if key in _DONE:
        done: Future[Made] = Future()
        done.set_result(_DONE[key])
        return done
    if _POOL is None:
        _POOL = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_yield_cpu)
    job = _POOL.submit(_make, str(data_dir), repo, version)

    def remember(f: Future[Made]) -> None:
        if not f.cancelled() and f.exception() is None:
            _DONE.clear()
            _DONE[key] = f.result()
    job.add_done_callback(remember)
    return job


def shutdown() -> None:
    """Stop the worker process (end of `mkdocs serve`)."""
    global _POOL
    if _POOL is not None:
        _POOL.shutdown(wait=False, cancel_futures=True)
        _POOL = None
