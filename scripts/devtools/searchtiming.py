"""What a reader's first search costs in a real browser: the bytes fetched from an idle page to the first
results, by kind, and the time of that first query and of the same query repeated."""

from __future__ import annotations

import statistics
import time

from devtools.browser import chromium
from devtools.pages import LANGUAGE_ROOTS

# A query with many results per language (many fragments to fetch): the heavy case, not the best one.
SEARCH_QUERIES = {"en": "reward model", "ru": "модель вознаграждения", "hi": "रिवॉर्ड मॉडल"}

# Injected before any page script: keeps a handle on the real search worker, so the benchmark can ask
# it for its own resource timing (the worker's fetches are not in the page's timeline).
_CAPTURE_WORKER = """
(function () {
  var Real = window.Worker;
  window.Worker = function (url, options) { var w = new Real(url, options); window.__atlasWorkers = (window.__atlasWorkers || []).concat(w); return w; };
})();
"""

# Click the search box, type the query at once, resolve when results are in the list.
_QUERY = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const box = document.querySelector("input.md-search__input"), list = document.querySelector(".md-search-result__list");
const t0 = performance.now();
box.click(); box.focus();
box.value = query; box.dispatchEvent(new KeyboardEvent("keyup", {bubbles: true}));
const check = () => list.children.length ? done({t0, ms: performance.now() - t0, results: list.children.length}) : setTimeout(check, 5);
check();
"""

_WORKER_TIMING = """
const done = arguments[arguments.length - 1];
const w = (window.__atlasWorkers || [])[0];
if (!w) return done([]);
w.addEventListener("message", e => { if (e.data && e.data.type === "atlas-timing") done(e.data.data); });
w.postMessage({type: "atlas-timing"});
"""


def _kind(url: str) -> str:
    """What a search request is for: Pagefind's runtime, index chunks, result fragments, or Material's dialog."""
    if ".pf_index" in url or ".pf_filter" in url:
        return "index"
    if ".pf_fragment" in url:
        return "fragments"
    return "runtime" if "/pagefind/" in url else "dialog"  # dialog: our worker and the stub


def search_timing(base_url: str, lang: str, query: str, runs: int = 3) -> dict:
    """Fresh browsers (empty cache): bytes from an idle page to the first results, by kind; the first and the
    repeated query's time, median of `runs`."""
    samples = []
    for _ in range(runs):
        with chromium() as driver:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _CAPTURE_WORKER})
            driver.get(base_url + LANGUAGE_ROOTS[lang])
            driver.execute_script("return new Promise(r => setTimeout(r, 1000))")  # idle: loaded and settled
            first = driver.execute_async_script(_QUERY, query)
            page = driver.execute_script("return performance.getEntriesByType('resource')"
                                         ".filter(e => e.startTime >= arguments[0])"
                                         ".map(e => ({name: e.name, transferSize: e.transferSize}))", first["t0"])
            worker = driver.execute_async_script(_WORKER_TIMING)
            driver.execute_script("const b = document.querySelector('input.md-search__input'); b.value = '';"
                                  "b.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}))")
            time.sleep(0.3)
            repeat = driver.execute_async_script(_QUERY, query)
        by_kind = {k: 0 for k in ("dialog", "runtime", "index", "fragments")}
        for e in page + worker:
            by_kind[_kind(e["name"])] += e["transferSize"]
        samples.append({"bytes": sum(by_kind.values()), "by_kind": by_kind, "requests": len(page) + len(worker),
                        "first_ms": first["ms"], "repeat_ms": repeat["ms"], "results": first["results"]})
    out = dict(samples[0])
    out["first_ms"] = statistics.median(s["first_ms"] for s in samples)
    out["repeat_ms"] = statistics.median(s["repeat_ms"] for s in samples)
    return out
