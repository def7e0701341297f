"""The arXiv reference checker: is every cited arXiv id the paper the record says it is?

Link checkers only ask whether a URL answers; a citation that opens the wrong paper answers fine.
The package collects every arXiv reference in the atlas (readings, and ids or links inside question
text), checks them offline (syntax, duplicates, unreferenced or incomplete readings) and online
against the arXiv API: batched, paced, retried, cached. `scripts/check_arxiv.py` is its CLI.

One job per module, in the order a run uses them: `references` (where the atlas cites arXiv),
`findings` (reading records that are wrong on their face), `feed` (arXiv's Atom answer), `client`
(the polite HTTP client), `cache` (metadata kept between runs), `judge` (one status per reference),
`check` (a whole run), `report` (text, JSON, GitHub annotations, exit code). The names below are
the public interface; import them from `atlas.contrib.arxivcheck`.
"""

from atlas.contrib.arxivcheck.cache import Cache, write_atomic
from atlas.contrib.arxivcheck.check import cache_hits, check_references, run
from atlas.contrib.arxivcheck.client import API_URL, Batch, Client, Unreachable, batches_needed, retry_after_seconds
from atlas.contrib.arxivcheck.feed import Feed, FeedError, Paper, parse_feed
from atlas.contrib.arxivcheck.findings import Finding, offline_findings
from atlas.contrib.arxivcheck.judge import FAILURES, STATUSES, Result, author_matches, judge, normalise, titles_match
from atlas.contrib.arxivcheck.references import Reference, collect, ids_in_text, inline_references, reading_references
from atlas.contrib.arxivcheck.report import FORMATS, Report, format_github, format_json, format_text, github_annotation, summary
from atlas.load.arxivid import ArxivId, parse_id

__all__ = ["API_URL", "STATUSES", "FAILURES", "ArxivId", "Batch", "Cache", "Client", "Feed", "FeedError",
           "Finding", "Paper", "Reference", "Report", "Result", "Unreachable", "author_matches", "batches_needed",
           "cache_hits", "check_references", "collect", "format_github", "format_json", "format_text",
           "github_annotation", "ids_in_text", "inline_references", "judge", "normalise", "offline_findings",
           "parse_feed", "parse_id", "reading_references", "retry_after_seconds", "run", "summary", "titles_match",
           "write_atomic", "FORMATS"]
