"""Check every arXiv reference in the atlas against arXiv (or, with --offline, its syntax only).

    python scripts/check_arxiv.py [--offline] [--format text|json|github] ...

Exit status: 0 every reference ok; 1 something is wrong (malformed, missing, withdrawn, title or author
mismatch, or a reading problem); 2 nothing is wrong but arXiv could not be asked about some ids; 3 bad usage.
The work is done by `atlas.contrib.arxivcheck`; this file only parses options and prints.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from atlas import AtlasError
from atlas.contrib.arxivcheck import API_URL, FORMATS, Cache, Client, github_annotation, run

USAGE_ERROR = 3  # argparse's own 2 would read as "unverified"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message}\n")


def _positive(kind: type, minimum: float, strict: bool = False):
    def parse(text: str):
        value = kind(text)
        if value < minimum or (strict and value == minimum):
            raise argparse.ArgumentTypeError(f"must be {'>' if strict else '≥'} {minimum}")
        return value
    parse.__name__ = kind.__name__
    return parse


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = _Parser(description="Verify the atlas's arXiv references (ids, titles, first authors, withdrawals).")
    p.add_argument("--data", type=Path, default=Path("data"), help="data directory (default: data/)")
    p.add_argument("--api-url", default=API_URL, help=f"arXiv API endpoint (default: {API_URL})")
    p.add_argument("--offline", action="store_true", help="only the checks that need no network")
    p.add_argument("--refresh", action="store_true", help="ignore the cache (results are still written to it)")
    p.add_argument("--cache", type=Path, default=Path(".cache/arxiv.json"),
                   help="cache file (default: .cache/arxiv.json)")
    p.add_argument("--max-age", type=_positive(float, 0), default=30.0, metavar="DAYS",
                   help="re-ask arXiv about cached papers older than this (default: 30)")
    p.add_argument("--batch-size", type=_positive(int, 1), default=100, metavar="N",
                   help="ids per request, 1..2000 (default: 100)")
    p.add_argument("--delay", type=_positive(float, 0), default=3.0, metavar="SECONDS",
                   help="pause between requests; arXiv asks for 3 (default: 3)")
    p.add_argument("--timeout", type=_positive(float, 0, strict=True), default=30.0, metavar="SECONDS",
                   help="per-request timeout (default: 30)")
    p.add_argument("--retries", type=_positive(int, 0), default=4,
                   help="retries on 429, 5xx, timeouts and resets (default: 4)")
    p.add_argument("--format", choices=sorted(FORMATS), default="text", help="output format (default: text)")
    args = p.parse_args(argv)
    if args.batch_size > 2000:
        p.error("--batch-size must be at most 2000 (arXiv's page limit)")
    if not args.api_url.startswith(("http://", "https://")):
        p.error("--api-url must be an http(s) URL")
    return args


def _stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _load_problems(err: AtlasError, fmt: str) -> int:
    """The loader refused data/: nothing can be checked, so report its problems and fail."""
    if fmt == "github":
        for p in err.problems:
            print(github_annotation("error", p.file, p.line, f"data {p.code}", str(p).split(": ", 1)[1]))
    _stderr(err.report())
    return 1


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    client = cache = None
    if not args.offline:
        client = Client(args.api_url, delay=args.delay, timeout=args.timeout, retries=args.retries,
                        progress=_stderr)
        cache = Cache.open(args.cache, args.max_age)
        if cache.warning:
            _stderr(f"arXiv: {cache.warning}")
    try:
        report = run(args.data, client=client, cache=cache, batch_size=args.batch_size, refresh=args.refresh)
    except AtlasError as err:
        return _load_problems(err, args.format)
    print(FORMATS[args.format](report))
    return report.exit_code


if __name__ == "__main__":
    sys.exit(main())
