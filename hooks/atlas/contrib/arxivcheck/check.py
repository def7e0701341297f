"""A whole check: collect the references, answer what the cache can, ask arXiv the rest, judge each one."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

from atlas.contrib.arxivcheck.cache import Cache
from atlas.contrib.arxivcheck.client import Client
from atlas.contrib.arxivcheck.feed import Paper
from atlas.contrib.arxivcheck.findings import offline_findings
from atlas.contrib.arxivcheck.judge import MALFORMED, OK, UNVERIFIED, Result, judge
from atlas.contrib.arxivcheck.references import Reference, base_id, collect
from atlas.contrib.arxivcheck.report import Report
from atlas.load.arxivid import ArxivId, parse_id
from atlas.load.loader import load_atlas


def check_references(refs: Sequence[Reference], client: Client | None = None, cache: Cache | None = None,
                     batch_size: int = 100, refresh: bool = False) -> list[Result]:
    """Give every reference one status; with no client only the syntax is checked (offline)."""
    parsed: dict[int, ArxivId] = {}
    results: dict[int, Result] = {}
    for n, ref in enumerate(refs):
        try:
            parsed[n] = parse_id(ref.arxiv)
        except ValueError as err:
            results[n] = Result(ref, MALFORMED, str(err))
    if client is None:
        results |= {n: Result(refs[n], OK, "well-formed; not looked up (offline)") for n in parsed}
        return [results[n] for n in range(len(refs))]
    papers, rejected, unverified = _fetch(sorted({a.base for a in parsed.values()}), client, cache, batch_size,
                                          refresh)
    for n, aid in parsed.items():
        if aid.base in rejected:
            results[n] = Result(refs[n], MALFORMED, rejected[aid.base])
        elif aid.base in unverified:
            results[n] = Result(refs[n], UNVERIFIED, f"could not ask arXiv: {unverified[aid.base]}")
        else:
            results[n] = judge(refs[n], aid, papers.get(aid.base))
    return [results[n] for n in range(len(refs))]


def _fetch(bases: list[str], client: Client, cache: Cache | None, batch_size: int,
           refresh: bool) -> tuple[dict[str, Paper], dict[str, str], dict[str, str]]:
    """Papers from the cache where fresh, the rest from arXiv; the cache is saved after every batch."""
    papers: dict[str, Paper] = {}
    if cache is not None and not refresh:
        papers = {b: p for b in bases if (p := cache.get(b)) is not None}
    rejected: dict[str, str] = {}
    unverified: dict[str, str] = {}
    for batch in client.lookup([b for b in bases if b not in papers], batch_size):
        papers |= batch.papers
        rejected |= batch.rejected
        unverified |= batch.unverified
        if cache is not None and batch.papers:
            cache.put(batch.papers.values())
            _save(cache, client)
    return papers, rejected, unverified


def _save(cache: Cache, client: Client) -> None:
    try:
        cache.save()
    except OSError as err:
        client.say(f"arXiv: could not write the cache {cache.path}: {err}")


def run(data_dir: str | Path = "data", *, client: Client | None = None, cache: Cache | None = None,
        batch_size: int = 100, refresh: bool = False) -> Report:
    """Load data/ through the engine's loader (AtlasError propagates) and check everything in it."""
    data_dir = Path(data_dir)
    atlas = load_atlas(data_dir)
    refs = collect(atlas, data_dir)
    cited = {rid for q in atlas.questions for rid in q.readings}
    findings = offline_findings(atlas.readings.values(), cited)
    before = cache_hits(refs, cache) if cache is not None and not refresh and client is not None else 0
    results = check_references(refs, client, cache, batch_size, refresh)
    return Report(results, findings, client.requests if client else 0, client is None, before)


def cache_hits(refs: Iterable[Reference], cache: Cache) -> int:
    """How many distinct papers the cache answers without a request."""
    bases = {base_id(ref.arxiv) for ref in refs}
    return sum(cache.get(b) is not None for b in bases)
