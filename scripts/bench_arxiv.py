"""Benchmark (not a test): what batching saves against a checker that sends one request per link.

    python scripts/bench_arxiv.py [--data data] [--measure]

For the atlas's real arXiv references it prints the number of HTTP requests and the minimum wall time
under arXiv's terms (one request every 3 s, here batches of 100), computed from counts: it never
contacts arxiv.org. With --measure it also times both strategies against the local fake arXiv from
tests/arxiv_server.py, with a short delay, to show the ratio on a real HTTP stack.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

from atlas import load_atlas
from atlas.contrib.arxivcheck import Client, Reference, batches_needed, check_references, collect, parse_id

ROOT = Path(__file__).resolve().parents[1]


def paper_key(ref: Reference) -> str:
    """The paper a link names: versions of one paper are one paper; a malformed id stands for itself."""
    try:
        return parse_id(ref.arxiv).base
    except ValueError:
        return ref.arxiv


def well_formed_bases(refs: list[Reference]) -> list[str]:
    return sorted({paper_key(r) for r in refs if _valid(r.arxiv)})


def _valid(arxiv: str) -> bool:
    try:
        parse_id(arxiv)
    except ValueError:
        return False
    return True


def min_wall(requests: int, delay: float) -> float:
    """N requests need N-1 pauses of `delay` between them; network time comes on top."""
    return max(requests - 1, 0) * delay


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _wall(requests: int, delay: float) -> str:
    pauses = max(requests - 1, 0)
    return f"≥ {min_wall(requests, delay):g} s ({_plural(pauses, 'pause')} of {delay:g} s + {_plural(requests, 'round trip')})"


def computed(refs: list[Reference], batch_size: int) -> tuple[int, int]:
    """Requests for the batched checker (distinct well-formed ids) and for one request per link."""
    return batches_needed(len(well_formed_bases(refs)), batch_size), len(refs)


def _fake_arxiv() -> ModuleType:
    """The test suite's fake arXiv, loaded from its file (tests/ is not a package)."""
    spec = importlib.util.spec_from_file_location("arxiv_server", ROOT / "tests" / "arxiv_server.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def measure(refs: list[Reference], batch_size: int, delay: float) -> list[tuple[str, int, float]]:
    """Time the batched checker and a one-request-per-link checker against a local server."""
    fake = _fake_arxiv()
    papers = {}
    for ref in refs:
        for base in well_formed_bases([ref]):
            papers.setdefault(base, fake.FakePaper(base, ref.title or "A Title", list(ref.authors) or ["A. Author"]))
    rows = []
    with fake.ArxivServer(list(papers.values())) as server:
        batched = Client(server.url, delay=delay, timeout=10)
        start = time.monotonic()
        check_references(refs, batched, batch_size=batch_size)
        rows.append(("batched", batched.requests, time.monotonic() - start))
        naive = Client(server.url, delay=delay, timeout=10)
        start = time.monotonic()
        for ref in refs:
            naive.lookup_batch([ref.arxiv])
        rows.append(("naive", naive.requests, time.monotonic() - start))
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=Path("data"))
    p.add_argument("--batch-size", type=int, default=100)
    p.add_argument("--delay", type=float, default=3.0, help="arXiv's required pause (default 3 s)")
    p.add_argument("--measure", action="store_true", help="also time both against a local fake arXiv")
    p.add_argument("--measure-delay", type=float, default=0.05)
    args = p.parse_args(argv)
    refs = collect(load_atlas(args.data), args.data)
    batched, naive = computed(refs, args.batch_size)
    papers = len({paper_key(r) for r in refs})
    print(f"arXiv references in {args.data}: {len(refs)} links, {papers} papers "
          f"({len(well_formed_bases(refs))} well-formed ids to look up)")
    print(f"under arXiv's policy ({args.delay:g} s between requests, batches of {args.batch_size}):")
    for name, requests in (("batched", batched), ("naive", naive)):
        print(f"  {name}: {_plural(requests, 'request')}, minimum wall time {_wall(requests, args.delay)}")
    if batched:
        print(f"  {naive / batched:.0f}x fewer requests; a re-run with a warm cache sends 0")
    big = 1000
    print(f"projected at {big} papers: batched {_plural(batches_needed(big, args.batch_size), 'request')}, "
          f"≥ {min_wall(batches_needed(big, args.batch_size), args.delay):g} s; "
          f"naive {big} requests, ≥ {min_wall(big, args.delay):g} s")
    if args.measure and refs:
        print(f"measured against the local fake arXiv ({args.measure_delay:g} s between requests):")
        for name, requests, seconds in measure(refs, args.batch_size, args.measure_delay):
            print(f"  {name}: {_plural(requests, 'request')} in {seconds:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
