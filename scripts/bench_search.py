"""How well search ranks what readers want: the queries of scripts/search_queries.yml, asked of the built
site's own search worker in Chromium, scored per language (found@1, found@3, mean reciprocal rank, queries
with no result). The README records the numbers before and after each change to search.

    python scripts/bench_search.py                 # builds the site into a temporary folder first
    python scripts/bench_search.py --site site/    # a site built for http://127.0.0.1:8000/ (ATLAS_SITE_URL)
    python scripts/bench_search.py -v              # every query with the rank of what it wants
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from devtools.browser import chromium  # noqa: E402
from devtools.pages import LANGUAGE_ROOTS  # noqa: E402
from devtools.server import SiteServer, free_port  # noqa: E402

QUERIES = ROOT / "scripts" / "search_queries.yml"

# In the page: start the site's search worker as Material would (its stub index, then queries one at a time)
# and return, per query, the results in the order the dialog lists them.
_ASK = """
const [queries, done] = [arguments[0], arguments[arguments.length - 1]];
const config = JSON.parse(document.getElementById("__config").textContent);
const base = new URL(config.base, location.href);
document.querySelector("input.md-search__input").focus();  // atlas.js starts search workers once search opens
const worker = new Worker(new URL(config.search, base));
const answers = [];
let i = -1;
function next() {
  i += 1;
  if (i >= queries.length) { worker.terminate(); return done(answers); }
  worker.postMessage({type: 2, data: queries[i]});
}
worker.addEventListener("message", (e) => {  // atlas.js hands out an EventTarget in front of the worker
  const m = e.data || {};
  if (m.type === 1) return next();
  if (m.type !== 3) return;
  answers.push((m.data.items || []).flat().map((d) => d.location));
  next();
});
fetch(new URL("search/search_index.json", base)).then((r) => r.json()).then((stub) => worker.postMessage({type: 0, data: stub}));
"""


def target(location: str) -> str:
    """A result's address as search_queries.yml names it: a question id, or glossary/#term."""
    if location.startswith("glossary/#"):
        return location
    return location.split("#", 1)[1] if "#" in location else ""


def rank(results: list[str], wanted: set[str]) -> int:
    """1-based rank of the first wanted result among the questions and terms listed (0: not listed)."""
    listed = [t for t in map(target, results) if t]
    return next((i + 1 for i, t in enumerate(dict.fromkeys(listed)) if t in wanted), 0)


def measure(base_url: str, queries: dict[str, list[dict]]) -> dict[str, list[tuple[dict, int, int]]]:
    """Per language: (query entry, rank of what it wants, how many results were listed)."""
    out = {}
    with chromium() as driver:
        driver.set_script_timeout(300)
        for lang, items in queries.items():
            driver.get(base_url + LANGUAGE_ROOTS[lang])
            answers = driver.execute_async_script(_ASK, [q["query"] for q in items])
            out[lang] = [(q, rank(a, {q["want"], *q.get("also", [])}), len({target(x) for x in a} - {""}))
                         for q, a in zip(items, answers)]
    return out


def report(scores: dict[str, list[tuple[dict, int, int]]], verbose: bool) -> None:
    print(f"{'language':<9} {'queries':>7} {'found@1':>8} {'found@3':>8} {'MRR':>6} {'no result':>9}")
    for lang, rows in scores.items():
        n = len(rows)
        at1 = sum(1 for _, r, _ in rows if r == 1)
        at3 = sum(1 for _, r, _ in rows if 0 < r <= 3)
        mrr = sum(1 / r for _, r, _ in rows if r) / n
        empty = sum(1 for _, _, listed in rows if not listed)
        print(f"{lang:<9} {n:>7} {at1:>8} {at3:>8} {mrr:>6.2f} {empty:>9}")
    if verbose:
        for lang, rows in scores.items():
            for q, r, listed in rows:
                print(f"  {lang} {q['kind']:<8} {q['query']!r:<34} rank {r or '-':>2} of {listed}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="a built site (built for http://127.0.0.1:<port>/)")
    ap.add_argument("--port", type=int, default=8000, help="the port --site was built for")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    queries = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        site, port = args.site, args.port
        if site is None:
            port, site = free_port(), Path(tmp) / "site"
            env = dict(os.environ, ATLAS_SITE_URL=f"http://127.0.0.1:{port}/", NO_MKDOCS_2_WARNING="1")
            subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
                           cwd=ROOT, env=env, check=True)
        with SiteServer(site, port) as server:
            report(measure(server.url, queries), args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
