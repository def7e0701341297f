#!/usr/bin/env python3
"""Audit the built site as a phone on a slow connection sees it: Lighthouse (mobile preset) and
transferred bytes per page type and language, plus search-index size per language and per question.

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


def synthetic_index_per_question(n: int = 1000) -> dict[str, float]:
    """Compressed search-index bytes per question for a synthetic n-question atlas."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_build import synthetic_data
    with tempfile.TemporaryDirectory() as tmp:
        data = synthetic_data(n, Path(tmp))
        config = Path(tmp) / "mkdocs.yml"
        config.write_text(standalone_config(data), encoding="utf-8")
        build(Path(tmp) / "site", 8000, config)
        return {lang: size / n for lang, size in index_sizes(Path(tmp) / "site").items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", nargs="+", choices=list(PAGE_TYPES), default=list(PAGE_TYPES))
    parser.add_argument("--languages", nargs="+", choices=list(LANGUAGE_ROOTS), default=list(LANGUAGE_ROOTS))
    parser.add_argument("--synthetic", type=int, default=1000, help="questions in the synthetic atlas (0: skip)")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args()

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
    print("\nsearch index (gzip, loaded on the first query): "
          + ", ".join(f"{lang} {size / 1024:.1f} KB" for lang, size in sizes.items()))
    per_question = synthetic_index_per_question(args.synthetic) if args.synthetic else {}
    if per_question:
        print(f"synthetic {args.synthetic}-question atlas, gzip bytes per question: "
              + ", ".join(f"{lang} {b:.0f}" for lang, b in per_question.items()))
    if args.json:
        args.json.write_text(json.dumps({"pages": rows, "index": sizes, "index_per_question": per_question},
                                        indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
