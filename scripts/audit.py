#!/usr/bin/env python3
"""Audit the built site as a phone on a slow connection sees it: Lighthouse (mobile preset) and
transferred bytes per page type and language, plus search-index size per language and per question, and
the sizes of the Anki decks, data exports and feeds (`--sizes-only` prints just those, without Lighthouse).

Serves the site on 127.0.0.1 compressed like GitHub Pages. A benchmark: it prints numbers (and, with
--json, writes them); the tests hold the accessibility, best-practices, SEO, axe and byte budgets.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from atlas.audit import LANGUAGE_ROOTS, PAGE_TYPES, SiteServer, lighthouse
from atlas.settings import standalone_config

ROOT = Path(__file__).resolve().parents[1]
TYPES = ("document", "script", "stylesheet", "font", "other")


def build(dest: Path, port: int, config: Path = ROOT / "mkdocs.yml") -> None:
    env = dict(os.environ, ATLAS_SITE_URL=f"http://127.0.0.1:{port}/", NO_MKDOCS_2_WARNING="1")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(dest)],
                   check=True, env=env, cwd=config.parent)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 6, mtime=0))


def index_sizes(site: Path) -> dict[str, int]:
    return {lang: gz(site / root / "search" / "search_index.full.json") for lang, root in LANGUAGE_ROOTS.items()}


def download_sizes(site: Path) -> list[tuple[str, str, int, int]]:
    """(language, file, bytes, gzip bytes) for every deck and export on the Downloads pages."""
    out = []
    for lang, root in LANGUAGE_ROOTS.items():
        folder = site / root / "downloads"
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".apkg", ".json", ".csv")):
            out.append((lang, path.relative_to(folder).as_posix(), path.stat().st_size, gz(path)))
        feed = site / root / "feed.xml"
        out.append((lang, "../feed.xml", feed.stat().st_size, gz(feed)))
    return out


def print_download_sizes(sizes: list[tuple[str, str, int, int]]) -> None:
    print(f"\n{'lang':<4} {'file':<40} {'KB':>7} {'gzip KB':>8}")
    for lang, name, size, packed in sizes:
        print(f"{lang:<4} {name:<40} {size / 1024:>7.1f} {packed / 1024:>8.1f}")


def replicated_data(n: int, dest: Path) -> Path:
    """data/ with its real questions repeated under new ids up to n: real text, so real compression."""
    import shutil
    import yaml
    data = dest / "data"
    shutil.copytree(ROOT / "data", data)
    for f in (data / "collections").glob("*.yml"):
        f.unlink()
    files = sorted((data / "questions").glob("*.yml"))
    topics = [yaml.safe_load(f.read_text(encoding="utf-8")) for f in files]
    pool = [(t, q) for t in topics for q in t["questions"]]
    copies: dict[str, list] = {t["topic"]: [] for t in topics}
    for i in range(n):
        topic, q = pool[i % len(pool)]
        copies[topic["topic"]].append(dict(q, id=f"{q['id']}-{i}", added=str(q["added"])))
    for f, t in zip(files, topics):
        f.write_text(yaml.safe_dump({"topic": t["topic"], "questions": copies[t["topic"]]}, allow_unicode=True,
                                    sort_keys=False, width=1000), encoding="utf-8")
    return data


def index_growth(sizes: list[int]) -> list[tuple[int, dict[str, int]]]:
    """Compressed search-index bytes per language for atlases of the given sizes."""
    out = []
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            data = replicated_data(n, Path(tmp))
            config = Path(tmp) / "mkdocs.yml"
            config.write_text(standalone_config(data), encoding="utf-8")
            build(Path(tmp) / "site", 8000, config)
            out.append((n, index_sizes(Path(tmp) / "site")))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", nargs="+", choices=list(PAGE_TYPES), default=list(PAGE_TYPES))
    parser.add_argument("--languages", nargs="+", choices=list(LANGUAGE_ROOTS), default=list(LANGUAGE_ROOTS))
    parser.add_argument("--growth", type=int, nargs="*", default=[100, 300, 1000],
                        help="atlas sizes for the search-index growth table (none: skip)")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    parser.add_argument("--sizes-only", action="store_true",
                        help="only build and print the sizes of the decks, exports and feeds (no Lighthouse)")
    args = parser.parse_args()

    if args.sizes_only:
        with tempfile.TemporaryDirectory() as tmp:
            build(Path(tmp) / "site", free_port())
            print_download_sizes(download_sizes(Path(tmp) / "site"))
        return

    rows, port = [], free_port()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(site, port)
        with SiteServer(site, port) as server:
            print(f"{'page':<11} {'lang':<4} {'perf':>4} {'a11y':>4} {'bp':>4} {'seo':>4} | "
                  + " ".join(f"{t[:6]:>7}" for t in TYPES) + f" | {'total KB':>8} {'requests':>8}")
            for page in args.pages:
                for lang in args.languages:
                    r = lighthouse(server.url + LANGUAGE_ROOTS[lang] + PAGE_TYPES[page])
                    s = r.scores
                    kb = {t: r.bytes_by_type.get(t, 0) / 1024 for t in TYPES}
                    rows.append({"page": page, "lang": lang, "scores": s, "bytes": r.bytes_by_type,
                                 "requests": r.requests_by_type, "third_party": r.third_party_requests})
                    print(f"{page:<11} {lang:<4} {s['performance']:>4} {s['accessibility']:>4} "
                          f"{s['best-practices']:>4} {s['seo']:>4} | " + " ".join(f"{kb[t]:>7.1f}" for t in TYPES)
                          + f" | {r.bytes_by_type.get('total', 0) / 1024:>8.1f} {r.requests_by_type.get('total', 0):>8}"
                          + (f"  third-party: {r.third_party_requests}" if r.third_party_requests else ""), flush=True)
        sizes = index_sizes(site)
        downloads = download_sizes(site)
    print_download_sizes(downloads)
    print("\nsearch index (gzip, loaded on the first query): "
          + ", ".join(f"{lang} {size / 1024:.1f} KB" for lang, size in sizes.items()))
    growth = index_growth(args.growth) if args.growth else []
    if growth:
        print("\nsearch index growth (the real questions repeated; gzip KB, and bytes per question):")
        for n, by_lang in growth:
            print(f"{n:>6} questions: " + ", ".join(
                f"{lang} {size / 1024:.0f} KB ({size / n:.0f} B/q)" for lang, size in by_lang.items()))
    if args.json:
        args.json.write_text(json.dumps({"pages": rows, "index": sizes, "growth": growth, "downloads": downloads}, indent=2),
                             encoding="utf-8")


if __name__ == "__main__":
    main()
