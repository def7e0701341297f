#!/usr/bin/env python3
"""Audit the built site as a phone on a slow connection sees it: Lighthouse (mobile preset) and
transferred bytes per page type and language; the sizes of the Anki decks, data exports and feeds
(`--sizes-only` prints just those, without Lighthouse); and search as the atlas grows: for atlases of the real
questions repeated (51, 300, 1,000), the bytes a reader's browser fetches from an idle page to the first
results, and the time of that first query and of the same query repeated, per language.

Serves the site on 127.0.0.1 compressed like GitHub Pages. A benchmark: it prints numbers (and, with
--json, writes them); the tests hold the accessibility, best-practices, SEO, axe and byte budgets. Lighthouse's
performance score moves by several points between two runs of one page on a shared 2-core machine, so it is the
median of `--runs` runs (3 unless told), printed with their range, as Lighthouse's own docs advise.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from atlas.core.settings import standalone_config
from devtools.lighthouse import LighthouseResult, lighthouse
from devtools.pages import LANGUAGE_ROOTS, PAGE_TYPES
from devtools.searchtiming import SEARCH_QUERIES, search_timing
from devtools.server import SiteServer, free_port
from devtools.synthetic import replicated_data

ROOT = Path(__file__).resolve().parents[1]
TYPES = ("document", "script", "stylesheet", "font", "other")


def build(dest: Path, port: int, config: Path = ROOT / "mkdocs.yml") -> None:
    env = dict(os.environ, ATLAS_SITE_URL=f"http://127.0.0.1:{port}/", NO_MKDOCS_2_WARNING="1")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(dest)],
                   check=True, env=env, cwd=config.parent)


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 6, mtime=0))


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


def search_growth(sizes: list[int], languages: list[str]) -> list[dict]:
    """Search cost per language for atlases of the real questions repeated under new ids."""
    out = []
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            data = replicated_data(n, Path(tmp))
            config = Path(tmp) / "mkdocs.yml"
            config.write_text(standalone_config(data), encoding="utf-8")
            port = free_port()
            build(Path(tmp) / "site", port, config)
            with SiteServer(Path(tmp) / "site", port) as server:
                for lang in languages:
                    row = dict(questions=n, lang=lang, **search_timing(server.url, lang, SEARCH_QUERIES[lang]))
                    out.append(row)
                    kinds = " ".join(f"{v / 1024:>9.1f}" for v in row["by_kind"].values())
                    print(f"{n:>9} {lang:<4} {row['bytes'] / 1024:>8.1f} {kinds} {row['requests']:>8} "
                          f"{row['first_ms'] / 1000:>8.2f} {row['repeat_ms'] / 1000:>8.2f}", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", nargs="+", choices=list(PAGE_TYPES), default=list(PAGE_TYPES))
    parser.add_argument("--languages", nargs="+", choices=list(LANGUAGE_ROOTS), default=list(LANGUAGE_ROOTS))
    parser.add_argument("--search", type=int, nargs="*", default=[51, 300, 1000],
                        help="atlas sizes for the search table (none: skip)")
    parser.add_argument("--no-lighthouse", action="store_true", help="only the search table")
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse performance runs per page (median)")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    parser.add_argument("--sizes-only", action="store_true",
                        help="only build and print the sizes of the decks, exports and feeds (no Lighthouse)")
    args = parser.parse_args()

    if args.sizes_only:
        with tempfile.TemporaryDirectory() as tmp:
            build(Path(tmp) / "site", free_port())
            print_download_sizes(download_sizes(Path(tmp) / "site"))
        return
    rows = [] if args.no_lighthouse else lighthouse_table(args.pages, args.languages, max(1, args.runs))
    search = []
    if args.search:
        print("\nsearch, from an idle page to the first results (the real questions repeated; fresh browser,"
              " gzip KB by kind; times: median of 3):")
        print(f"{'questions':>9} {'lang':<4} {'KB':>8} {'dialog':>9} {'runtime':>9} {'index':>9} {'fragments':>9}"
              f" {'requests':>8} {'first s':>8} {'repeat s':>8}")
        search = search_growth(args.search, args.languages)
    if args.json:  # the decks, exports and feeds are printed with the Lighthouse table
        args.json.write_text(json.dumps({"pages": rows, "search": search}, indent=2), encoding="utf-8")


def performance_runs(url: str, runs: int) -> tuple[LighthouseResult, list[int]]:
    """One full Lighthouse run (scores, bytes, requests), then performance alone until there are `runs` of it."""
    full = lighthouse(url)
    more = [lighthouse(url, ("performance",)).scores["performance"] for _ in range(runs - 1)]
    return full, [full.scores["performance"], *more]


def lighthouse_table(pages: list[str], languages: list[str], runs: int) -> list[dict]:
    rows, port = [], free_port()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(site, port)
        with SiteServer(site, port) as server:
            print(f"performance: median of {runs} run(s) per page, (lowest-highest)")
            print(f"{'page':<11} {'lang':<4} {'perf':>10} {'a11y':>4} {'bp':>4} {'seo':>4} | "
                  + " ".join(f"{t[:6]:>7}" for t in TYPES) + f" | {'total KB':>8} {'requests':>8}")
            for page in pages:
                for lang in languages:
                    r, perf = performance_runs(server.url + LANGUAGE_ROOTS[lang] + PAGE_TYPES[page], runs)
                    s = dict(r.scores, performance=statistics.median(perf))
                    kb = {t: r.bytes_by_type.get(t, 0) / 1024 for t in TYPES}
                    rows.append({"page": page, "lang": lang, "scores": s, "performance_runs": perf,
                                 "bytes": r.bytes_by_type, "requests": r.requests_by_type,
                                 "third_party": r.third_party_requests})
                    spread = f"({min(perf)}-{max(perf)})" if runs > 1 else ""
                    print(f"{page:<11} {lang:<4} {s['performance']:>4g}{spread:>6} {s['accessibility']:>4} "
                          f"{s['best-practices']:>4} {s['seo']:>4} | " + " ".join(f"{kb[t]:>7.1f}" for t in TYPES)
                          + f" | {r.bytes_by_type.get('total', 0) / 1024:>8.1f} {r.requests_by_type.get('total', 0):>8}"
                          + (f"  third-party: {r.third_party_requests}" if r.third_party_requests else ""), flush=True)
        downloads = download_sizes(site)
    print_download_sizes(downloads)
    return rows


if __name__ == "__main__":
    main()
