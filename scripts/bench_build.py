#!/usr/bin/env python3
"""Benchmark: build time with the atlas hooks vs. the same pages as plain Markdown (no hooks).

For atlases of 100, 300 and 1,000 questions in three languages it prints the median of --runs builds each
way and the hooks' overhead. `--real` builds real-shaped content: the atlas's own records, repeated under new
ids up to the size (277 is the atlas itself); the default is synthetic records, about three times lighter.
`--serve` also runs `mkdocs serve` on the hooked atlas and times a contributor's edit: from saving one record
to the reloaded page serving the change. A benchmark, not a test: it prints numbers.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import re
import socket

from atlas.core.settings import standalone_config
from devtools.server import page_text, stop_serve
from devtools.synthetic import replicated_data, synthetic_data

ROOT = Path(__file__).resolve().parents[1]


def build(config: Path) -> float:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(config.parent / "site")],
                   check=True, env=env, cwd=config.parent)
    return time.perf_counter() - start


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def settle(port: int, topic: str, timeout: float = 600) -> None:
    """Wait until the work `serve` defers is done: the Downloads' sizes filled in, the search bundle and the
    practice cards' details written (else the edit's rebuild would share the two cores with it)."""
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        downloads = page_text(base + "downloads/")
        if (downloads and "atlas-size-pending" not in downloads and page_text(base + "pagefind/pagefind-entry.json")
                and page_text(base + f"explorer/details/{topic}.json")):
            time.sleep(1)
            return
        time.sleep(0.5)
    raise RuntimeError("the first build's background work did not finish")


def serve_reloads(config: Path, data: Path, runs: int) -> list[float]:
    """Seconds from saving one record to `mkdocs serve` serving the changed page, `runs` times."""
    port = _free_port()
    config.write_text(config.read_text(encoding="utf-8") + f"\nwatch:\n  - {data}\n", encoding="utf-8")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", ATLAS_SITE_URL=f"http://127.0.0.1:{port}/")  # served at the root
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "-a", f"127.0.0.1:{port}"],
                              env=env, cwd=config.parent, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        record = sorted((data / "questions").glob("*.yml"))[0]
        url = f"http://127.0.0.1:{port}/topics/{record.stem}/"
        deadline = time.monotonic() + 600
        while "atlas-q" not in page_text(url):  # the first build
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("mkdocs serve did not come up")
            time.sleep(0.5)
        settle(port, record.stem)  # a contributor edits once the first build's background work is done
        times = []
        for run in range(runs):
            marker = f"benchmarkedit{run}x"
            text = record.read_text(encoding="utf-8")
            # The first question's English text: after `en: `, or on the first line of a `>-` / `|-` block.
            edited = re.sub(r"(\n\s*text:\n\s+en: (?:[>|][-+]?\n\s+)?['\"]?)", rf"\g<1>{marker} ", text, count=1)
            if edited == text:
                raise RuntimeError(f"no English question text found to edit in {record}")
            start = time.perf_counter()
            record.write_text(edited, encoding="utf-8")
            while marker not in page_text(url):
                if time.perf_counter() - start > 600:
                    raise RuntimeError("the edit never reached the page")
                time.sleep(0.05)
            times.append(time.perf_counter() - start)
            settle(port, record.stem)  # the Downloads and search finish in the background: a contributor reads meanwhile
        return times
    finally:
        stop_serve(server)


def measure(n: int, runs: int, real: bool = False, serve: bool = False) -> tuple[float, float, float | None]:
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        data = replicated_data(n, tmp_path) if real else synthetic_data(n, tmp_path)
        hooked, plain, plain_docs = tmp_path / "hooked", tmp_path / "plain", tmp_path / "plain-docs"
        hooked.mkdir()
        plain.mkdir()
        (hooked / "mkdocs.yml").write_text(standalone_config(data), encoding="utf-8")
        shutil.copytree(ROOT / "docs", plain_docs)
        subprocess.run([sys.executable, "-m", "atlas", "render", str(plain_docs), "--data", str(data),
                        "--docs", str(ROOT / "docs")], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        (plain / "mkdocs.yml").write_text(standalone_config(data, plain_docs, hooks=False), encoding="utf-8")
        times_hooked, times_plain = [], []
        for _ in range(runs):  # interleave, so drift on a shared machine hits both sides alike
            times_hooked.append(build(hooked / "mkdocs.yml"))
            times_plain.append(build(plain / "mkdocs.yml"))
        reload = statistics.median(serve_reloads(hooked / "mkdocs.yml", data, runs)) if serve else None
        return statistics.median(times_hooked), statistics.median(times_plain), reload


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--real", action="store_true", help="the atlas's own records, repeated (real-shaped)")
    parser.add_argument("--serve", action="store_true", help="also time a live reload after editing one record")
    args = parser.parse_args()
    head = f"{'questions':>9} | {'with hooks (s)':>14} | {'plain Markdown (s)':>18} | {'hooks / plain':>13}"
    head += f" | {'serve reload (s)':>16} | {'reload / plain':>14}" if args.serve else ""
    print(head)
    print("|".join("-" * len(cell) for cell in head.split("|")))
    for n in args.sizes:
        hooked, plain, reload = measure(n, args.runs, args.real, args.serve)
        line = f"{n:>9} | {hooked:>14.2f} | {plain:>18.2f} | {hooked / plain:>12.2f}x"
        if reload is not None:
            line += f" | {reload:>16.2f} | {reload / plain:>13.2f}x"
        print(line, flush=True)


if __name__ == "__main__":
    main()
