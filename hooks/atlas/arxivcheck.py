"""The arXiv reference checker: is every cited arXiv id the paper the record says it is?

Link checkers only ask whether a URL answers; a citation that opens the wrong paper answers fine.
This module collects every arXiv reference in the atlas (readings, and ids or links inside question
text), checks them offline (syntax, duplicates, unreferenced or incomplete readings) and online
against the arXiv API: batched, paced, retried, cached. `scripts/check_arxiv.py` is its CLI.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import email.utils
import http.client
import json
import math
import os
import re
import tempfile
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from atlas.arxivid import ArxivId, parse_id
from atlas.loader import load_atlas
from atlas.model import Atlas, Question, Reading

API_URL = "https://export.arxiv.org/api/query"
USER_AGENT = ("ai-interview-atlas-arxiv-check/1.0 (AI Interview Atlas reference checker; "
              "+https://github.com/ai-interview-atlas/atlas)")
NS = {"atom": "http://www.w3.org/2005/Atom", "arxiv": "http://arxiv.org/schemas/atom",
      "opensearch": "http://a9.com/-/spec/opensearch/1.1/"}
MAX_RESULTS_LIMIT = 2000  # arXiv refuses larger pages

OK, MALFORMED, MISSING, WITHDRAWN = "ok", "malformed", "missing", "withdrawn"
TITLE_MISMATCH, AUTHOR_MISMATCH, UNVERIFIED = "title_mismatch", "author_mismatch", "unverified"
STATUSES = (OK, MALFORMED, MISSING, WITHDRAWN, TITLE_MISMATCH, AUTHOR_MISMATCH, UNVERIFIED)
FAILURES = frozenset({MALFORMED, MISSING, WITHDRAWN, TITLE_MISMATCH, AUTHOR_MISMATCH})
FINDINGS = ("duplicate", "unreferenced", "incomplete")

Progress = Callable[[str], None]


# -- references --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Reference:
    """One place that cites an arXiv id: a reading (with its metadata) or an inline id in a question."""

    arxiv: str
    file: str
    line: int
    reading: str = ""
    question: str = ""
    title: str = ""
    authors: tuple[str, ...] = ()
    year: int | None = None

    @property
    def record(self) -> str:
        return self.reading or self.question


_INLINE = re.compile(r"\barxiv:\s?(?P<tag>[0-9A-Za-z./-]+)|arxiv\.org/(?:abs|pdf)/(?P<url>[0-9A-Za-z./-]+)",
                     re.IGNORECASE)


def ids_in_text(text: str) -> list[str]:
    """Ids written as `arXiv:ID`, `arxiv.org/abs/ID` or `arxiv.org/pdf/ID[.pdf]`, in order, once each."""
    found: list[str] = []
    for m in _INLINE.finditer(text):
        raw = m["tag"] or m["url"]
        raw = re.sub(r"\.pdf$", "", raw, flags=re.IGNORECASE).rstrip("./-")
        if raw and raw not in found:
            found.append(raw)
    return found


def reading_references(readings: Iterable[Reading], data_dir: Path | None = None) -> list[Reference]:
    """Readings cite arXiv through `arxiv`, or (less tidily) through an arxiv.org link in `url`."""
    refs = []
    base = data_dir.parent if data_dir is not None else None
    for r in readings:
        ids = [r.arxiv] if r.arxiv else ids_in_text(r.url)[:1]
        refs += [Reference(i, r.file, _locate(base, r.file, r.line, i), reading=r.id, title=r.title,
                           authors=r.authors, year=r.year) for i in ids]
    return refs


def _question_texts(q: Question) -> Iterator[str]:
    for text in (q.text, q.tests, q.answer or {}, *q.rubric):
        yield from text.values()


def inline_references(questions: Iterable[Question], data_dir: Path | None = None) -> list[Reference]:
    """arXiv ids written inside question records, each placed on the line where it is written."""
    refs = []
    for q in questions:
        seen: list[str] = []
        for text in _question_texts(q):
            seen += [i for i in ids_in_text(text) if i not in seen]
        base = data_dir.parent if data_dir is not None else None
        refs += [Reference(i, q.file, _locate(base, q.file, q.line, i), question=q.id) for i in seen]
    return refs


def _locate(base: Path | None, rel: str, start: int, needle: str) -> int:
    """First line at or after the record's line that holds the id (the loader knows only record lines)."""
    lines = _file_lines(str(base / rel)) if base is not None else ()
    for n, text in enumerate(lines[start - 1:], start):
        if needle in text:
            return n
        if n > start and _NEXT_RECORD.match(text):
            break
    return start


_NEXT_RECORD = re.compile(r"\s*- id:")


@lru_cache(maxsize=64)
def _file_lines(path: str) -> tuple[str, ...]:
    try:
        return tuple(Path(path).read_text(encoding="utf-8").splitlines())
    except OSError:
        return ()


def collect(atlas: Atlas, data_dir: Path | None = None) -> list[Reference]:
    """Every arXiv reference in the atlas: readings first, then inline ids in questions."""
    _file_lines.cache_clear()
    return reading_references(atlas.readings.values(), data_dir) + inline_references(atlas.questions, data_dir)


# -- offline findings about readings -----------------------------------------------------------

@dataclass(frozen=True)
class Finding:
    """Something wrong with a reading record itself, found without the network."""

    kind: str  # one of FINDINGS
    reading: str
    file: str
    line: int
    detail: str
    arxiv: str = ""


def offline_findings(readings: Iterable[Reading], cited: Iterable[str]) -> list[Finding]:
    """Duplicated papers, readings no question cites, and readings missing title, authors or year."""
    readings = list(readings)
    return _duplicates(readings) + _unreferenced(readings, set(cited)) + _incomplete(readings)


def _paper_key(reading: Reading) -> str:
    ids = [reading.arxiv] if reading.arxiv else ids_in_text(reading.url)[:1]
    if not ids:
        return ""
    try:
        return parse_id(ids[0]).base
    except ValueError:
        return re.sub(r"v\d+$", "", ids[0])


def _duplicates(readings: list[Reading]) -> list[Finding]:
    first: dict[str, Reading] = {}
    found = []
    for r in readings:
        key = _paper_key(r)
        if not key:
            continue
        if key in first:
            f = first[key]
            found.append(Finding("duplicate", r.id, r.file, r.line,
                                 f"same paper as reading '{f.id}' ({f.file}:{f.line}); cite '{f.id}' instead", key))
        else:
            first[key] = r
    return found


def _unreferenced(readings: list[Reading], cited: set[str]) -> list[Finding]:
    return [Finding("unreferenced", r.id, r.file, r.line, "no question lists this reading; cite it or delete it",
                    r.arxiv) for r in readings if r.id not in cited]


def _incomplete(readings: list[Reading]) -> list[Finding]:
    found = []
    for r in readings:
        missing = [name for name, value in (("title", r.title.strip()), ("authors", r.authors), ("year", r.year))
                   if not value]
        if missing:
            found.append(Finding("incomplete", r.id, r.file, r.line, f"missing {', '.join(missing)}", r.arxiv))
    return found


# -- comparing metadata ------------------------------------------------------------------------

_TEX_ACCENT = re.compile(r"\\[`'^\"~=.uvHcdbk]\s*\{?\s*([A-Za-z])\s*\}?")
_TEX_COMMAND = re.compile(r"\\([A-Za-z]+)\*?")
_TEX_STYLE = {"emph", "textbf", "textit", "texttt", "textsc", "textrm", "textsf", "text", "mathrm", "mathbf",
              "mathit", "mathcal", "mathbb", "mathsf", "mathtt", "mathfrak", "boldsymbol", "operatorname",
              "bf", "it", "rm", "em", "tt", "sc", "sf", "left", "right", "mbox", "hbox"}
_TEX_SYMBOL = {"ell": "l", "ldots": " ", "dots": " ", "cdots": " ", "times": "x"}


def _tex_command(m: re.Match[str]) -> str:
    name = m[1]
    if name in _TEX_STYLE:
        return " "
    return f" {_TEX_SYMBOL.get(name, name)} "


def _greek_to_name(ch: str) -> str:
    """'α' -> 'alpha', so Unicode Greek, TeX `\\alpha` and the spelled word compare equal."""
    name = unicodedata.name(ch, "")
    return f" {name.split()[-1].lower()} " if name.startswith("GREEK") and "LETTER" in name else ch


def normalise(text: str) -> str:
    """Fold case, whitespace, punctuation, TeX markup and Unicode variants away for comparison."""
    text = _TEX_ACCENT.sub(r"\1", text)
    text = _TEX_COMMAND.sub(_tex_command, text)
    text = "".join(_greek_to_name(c) for c in text)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(re.sub(r"[\W_]+", " ", text).split())


def titles_match(record_title: str, arxiv_title: str) -> bool:
    return normalise(record_title) == normalise(arxiv_title)


_SUFFIXES = {"jr", "sr", "ii", "iii", "iv"}


def _squash(word: str) -> str:
    return normalise(word).replace(" ", "")


def surname(name: str) -> str:
    """The surname as a comparison key: before a comma ('Schulman, John'), else the last non-suffix word."""
    if "," in name:
        return _squash(name.split(",")[0])
    words = [w for w in name.split() if _squash(w) not in _SUFFIXES] or name.split()
    return _squash(words[-1]) if words else ""


def author_matches(record_first: str, arxiv_first: str) -> bool:
    """The record's first-author surname must be one of the words of arXiv's first author (order-agnostic)."""
    key = surname(record_first)
    words = {_squash(w) for w in arxiv_first.replace(",", " ").split()} | {_squash(arxiv_first)}
    return bool(key) and key in words


# -- arXiv's Atom feed -------------------------------------------------------------------------

@dataclass(frozen=True)
class Paper:
    """arXiv's metadata for the latest version of one paper."""

    id: str
    version: int
    title: str
    authors: tuple[str, ...]
    comment: str = ""

    @property
    def withdrawn(self) -> bool:
        """arXiv withdraws a paper by announcing a new latest version whose comment says so."""
        return bool(re.search(r"\bwithdrawn\b", self.comment, re.IGNORECASE))

    @property
    def first_author(self) -> str:
        return self.authors[0] if self.authors else ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "version": self.version, "title": self.title, "authors": list(self.authors),
                "comment": self.comment}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Paper:
        return cls(str(data["id"]), int(data["version"]), str(data["title"]), tuple(map(str, data["authors"])),
                   str(data.get("comment", "")))


class FeedError(Exception):
    """The body is not an arXiv Atom feed (truncated, throttling text, an HTML error page)."""


@dataclass
class Feed:
    papers: dict[str, Paper] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)  # arXiv's "Error" entries
    bad_ids: set[str] = field(default_factory=set)  # ids those errors name


_ENTRY_ID = re.compile(r"arxiv\.org/abs/(?P<base>.+?)v(?P<v>[0-9]+)$")
_BAD_ID = re.compile(r"incorrect[ _]id[ _]format[ _]for[ _](?P<id>\S+)", re.IGNORECASE)


def parse_feed(body: bytes) -> Feed:
    """Entries keyed by base id (never by position) plus any Error entries; FeedError if not a feed."""
    try:
        root = ET.fromstring(body)
    except ET.ParseError as err:
        raise FeedError(f"invalid XML ({err})") from err
    if root.tag != f"{{{NS['atom']}}}feed":
        raise FeedError(f"not an Atom feed (root element {root.tag})")
    feed = Feed()
    for entry in root.findall("atom:entry", NS):
        _read_entry(entry, feed)
    return feed


def _text(entry: ET.Element, path: str) -> str:
    return " ".join((entry.findtext(path, default="", namespaces=NS) or "").split())


def _read_entry(entry: ET.Element, feed: Feed) -> None:
    entry_id, title = _text(entry, "atom:id"), _text(entry, "atom:title")
    if "/api/errors" in entry_id or (title == "Error" and not _ENTRY_ID.search(entry_id)):
        summary = _text(entry, "atom:summary") or entry_id
        feed.errors.append(summary)
        feed.bad_ids |= {m["id"] for m in _BAD_ID.finditer(f"{summary} {entry_id}")}
        return
    if m := _ENTRY_ID.search(entry_id):
        authors = tuple(_text(a, "atom:name") for a in entry.findall("atom:author", NS))
        feed.papers[m["base"]] = Paper(m["base"], int(m["v"]), title, authors, _text(entry, "arxiv:comment"))


# -- the polite client -------------------------------------------------------------------------

class Unreachable(Exception):
    """arXiv could not answer this request (after retries): its ids are unverified, not broken."""


class _Transient(Exception):
    def __init__(self, reason: str, retry_after: float | None = None):
        super().__init__(reason)
        self.retry_after = retry_after


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """Retry-After as seconds to wait: delta-seconds or an HTTP date; None when absent or unreadable."""
    if not value or not value.strip():
        return None
    value = value.strip()
    if re.fullmatch(r"[0-9]+(\.[0-9]+)?", value):
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # HTTP dates are GMT
        when = when.replace(tzinfo=dt.timezone.utc)
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


@dataclass
class Batch:
    """What one batch of ids came back as; every id sent is in exactly one of these or absent (missing)."""

    papers: dict[str, Paper] = field(default_factory=dict)
    rejected: dict[str, str] = field(default_factory=dict)  # id -> arXiv's error message
    unverified: dict[str, str] = field(default_factory=dict)  # id -> why arXiv could not be asked


class Client:
    """One request at a time, `delay` seconds apart, with a timeout, retries and capped exponential backoff."""

    def __init__(self, api_url: str = API_URL, *, delay: float = 3.0, timeout: float = 30.0, retries: int = 4,
                 backoff: float | None = None, max_backoff: float = 60.0, max_retry_after: float = 300.0,
                 user_agent: str = USER_AGENT, progress: Progress | None = None):
        self.api_url, self.delay, self.timeout, self.retries = api_url, delay, timeout, retries
        self.backoff = backoff if backoff is not None else max(delay, 0.1)
        self.max_backoff, self.max_retry_after = max_backoff, max_retry_after
        self.user_agent, self.progress = user_agent, progress
        self.requests = 0
        self.down = ""  # why arXiv failed for good in this run: later batches are not even tried
        self._next_at = 0.0  # monotonic time before which no request may start
        self._opener = urllib.request.build_opener()

    def lookup(self, ids: Sequence[str], batch_size: int = 100) -> Iterator[Batch]:
        """Yield one Batch per group of `batch_size` ids (so callers can save progress between them)."""
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        batch_size = min(batch_size, MAX_RESULTS_LIMIT)  # a bigger batch would be cut to one page
        chunks = [list(ids[i:i + batch_size]) for i in range(0, len(ids), batch_size)]
        for n, chunk in enumerate(chunks, 1):
            if len(chunks) > 1:
                self.say(f"arXiv: batch {n}/{len(chunks)} ({len(chunk)} ids, {self.requests} requests so far)")
            yield self.lookup_batch(chunk)

    def lookup_batch(self, ids: Sequence[str]) -> Batch:
        """Ask for `ids` in one request; ids arXiv rejects are set aside and the rest asked again."""
        batch, pending = Batch(), [list(ids)]
        while pending:
            part = pending.pop(0)
            try:
                feed = self.query(part)
            except Unreachable as err:
                batch.unverified.update(dict.fromkeys(part, str(err)))
                continue
            if not feed.errors:
                batch.papers.update({k: p for k, p in feed.papers.items() if k in part})
                continue
            pending += self._split_rejected(part, feed, batch)
        return batch

    @staticmethod
    def _split_rejected(part: list[str], feed: Feed, batch: Batch) -> list[list[str]]:
        """Mark the ids arXiv named as malformed; if it named none, bisect to find the culprit."""
        named = [i for i in part if i in feed.bad_ids]
        if named:
            batch.rejected.update({i: f"arXiv: {next((e for e in feed.errors if i in e), feed.errors[0])}"
                                   for i in named})
            rest = [i for i in part if i not in named]
            return [rest] if rest else []
        if len(part) == 1:
            batch.rejected[part[0]] = f"arXiv: {feed.errors[0]}"
            return []
        half = len(part) // 2
        return [part[:half], part[half:]]

    def query(self, ids: Sequence[str]) -> Feed:
        """One logical request; once arXiv has failed for good, the rest of the run is not asked at all."""
        if self.down:
            raise Unreachable(f"not asked: {self.down}")
        try:
            return self._query(ids)
        except Unreachable as err:
            self.down = str(err)
            raise

    def _query(self, ids: Sequence[str]) -> Feed:
        """Retried on 429, 5xx, timeouts, resets and unreadable XML; Unreachable when it never succeeds."""
        url = self._url(ids)
        for attempt in range(self.retries + 1):
            try:
                return self._attempt(url)
            except _Transient as err:
                wait = self._wait_before_retry(attempt, err)
                if attempt == self.retries or wait is None:
                    why = "Retry-After too long" if wait is None else f"gave up after {attempt + 1} attempts"
                    raise Unreachable(f"{err} ({why})") from None
                self.say(f"arXiv: {err}; retrying in {wait:.1f} s (attempt {attempt + 2}/{self.retries + 1})")
                self._next_at = max(self._next_at, time.monotonic() + wait)
        raise AssertionError("unreachable")  # pragma: no cover

    def _wait_before_retry(self, attempt: int, err: _Transient) -> float | None:
        wait = min(self.max_backoff, self.backoff * 2 ** attempt)
        if err.retry_after is not None:
            if err.retry_after > self.max_retry_after:
                return None
            wait = max(wait, err.retry_after)
        return max(wait, self.delay)

    def _url(self, ids: Sequence[str]) -> str:
        max_results = min(MAX_RESULTS_LIMIT, max(len(ids), 1))
        query = urllib.parse.urlencode({"id_list": ",".join(ids), "start": 0, "max_results": max_results},
                                       safe=",/")
        return f"{self.api_url}?{query}"

    def _attempt(self, url: str) -> Feed:
        status, body, headers = self._get(url)
        if status in (200, 400):
            try:
                feed = parse_feed(body)
            except FeedError as err:
                if status == 400:
                    raise Unreachable(f"HTTP 400 without an arXiv error entry ({err})") from None
                raise _Transient(f"HTTP 200 with {err}") from None
            if status == 400 and not feed.errors:
                raise Unreachable("HTTP 400 without an arXiv error entry")
            return feed
        if status == 429 or 500 <= status <= 599:
            raise _Transient(f"HTTP {status}", retry_after_seconds(headers.get("Retry-After")))
        raise Unreachable(f"HTTP {status} from {self.api_url}")

    def _get(self, url: str) -> tuple[int, bytes, Any]:
        """A single paced HTTP GET; transport failures become _Transient."""
        self._pace()
        self.requests += 1
        request = urllib.request.Request(url, headers={"User-Agent": self.user_agent,
                                                       "Accept": "application/atom+xml"})
        try:
            with self._opener.open(request, timeout=self.timeout) as response:
                return response.status, response.read(), response.headers
        except urllib.error.HTTPError as err:
            return err.code, _read_quietly(err), err.headers
        except (OSError, http.client.HTTPException) as err:
            raise _Transient(_describe(err, self.timeout)) from None
        finally:
            self._next_at = max(self._next_at, time.monotonic() + self.delay)

    def _pace(self) -> None:
        wait = self._next_at - time.monotonic()
        if wait > 0:
            time.sleep(wait)

    def say(self, message: str) -> None:
        if self.progress:
            self.progress(message)


def _read_quietly(err: urllib.error.HTTPError) -> bytes:
    try:
        return err.read()
    except (OSError, http.client.HTTPException):
        return b""
    finally:
        err.close()


def _describe(err: BaseException, timeout: float) -> str:
    reason = getattr(err, "reason", err)
    if isinstance(reason, TimeoutError) or "timed out" in str(reason):
        return f"no answer within the {timeout:g} s timeout"
    if isinstance(reason, ConnectionResetError):
        return "connection reset"
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused"
    if isinstance(reason, http.client.IncompleteRead):
        return "response cut short"
    return f"network error: {reason}"


# -- the cache ---------------------------------------------------------------------------------

class Cache:
    """Verified metadata by base id, kept between runs; only found papers are stored, never transient results."""

    FORMAT = 1

    def __init__(self, path: Path, max_age_days: float = 30.0):
        self.path, self.max_age = Path(path), max_age_days * 86400
        self.entries: dict[str, dict[str, Any]] = {}
        self.warning = ""

    @classmethod
    def open(cls, path: Path, max_age_days: float = 30.0) -> Cache:
        cache = cls(path, max_age_days)
        cache.load()
        return cache

    def load(self) -> None:
        """A missing or unreadable cache is an empty one: it only ever saves requests."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("format") != self.FORMAT:
                raise ValueError(f"unknown cache format {data.get('format')!r}")
            self.entries = {k: v for k, v in data["papers"].items() if isinstance(v, dict)}
        except FileNotFoundError:
            self.entries = {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
            self.warning = f"ignoring unreadable cache {self.path}: {err}"
            self.entries = {}

    def get(self, base: str) -> Paper | None:
        entry = self.entries.get(base)
        if not entry or time.time() - float(entry.get("checked", 0)) > self.max_age:
            return None
        try:
            return Paper.from_json(entry["paper"])
        except (KeyError, TypeError, ValueError):
            return None

    def put(self, papers: Iterable[Paper]) -> None:
        now = time.time()
        for p in papers:
            self.entries[p.id] = {"checked": now, "paper": p.to_json()}

    def save(self) -> None:
        text = json.dumps({"format": self.FORMAT, "papers": self.entries}, ensure_ascii=False, indent=1,
                          sort_keys=True)
        write_atomic(self.path, text + "\n")


def write_atomic(path: Path, text: str) -> None:
    """Write beside the target, fsync, then os.replace: a reader sees the old file or the new, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# -- judging -----------------------------------------------------------------------------------

@dataclass
class Result:
    """The one status a reference gets, why, and arXiv's metadata when known."""

    ref: Reference
    status: str
    detail: str = ""
    note: str = ""
    paper: Paper | None = None

    def to_json(self) -> dict[str, Any]:
        r, p = self.ref, self.paper
        return {"reading": r.reading or None, "question": r.question or None, "arxiv": r.arxiv, "file": r.file,
                "line": r.line, "status": self.status, "detail": self.detail, "note": self.note,
                "arxiv_title": p.title if p else None, "arxiv_first_author": p.first_author if p else None,
                "arxiv_version": p.version if p else None}


def judge(ref: Reference, aid: ArxivId, paper: Paper | None) -> Result:
    """Classify a reference whose id arXiv answered for (paper None means absent from the answer)."""
    if paper is None:
        return Result(ref, MISSING, f"arXiv has no paper {aid.base}")
    if aid.version and aid.version > paper.version:
        return Result(ref, MISSING, f"arXiv has no version v{aid.version} of {aid.base}; the latest is "
                                    f"v{paper.version}", paper=paper)
    if paper.withdrawn:
        return Result(ref, WITHDRAWN, f"withdrawn in v{paper.version}: {paper.comment}", paper=paper)
    if ref.title and not titles_match(ref.title, paper.title):
        return Result(ref, TITLE_MISMATCH, f"title '{ref.title}' but arXiv has '{paper.title}'", paper=paper)
    if ref.authors and not author_matches(ref.authors[0], paper.first_author):
        return Result(ref, AUTHOR_MISMATCH, f"first author '{ref.authors[0]}' but arXiv lists "
                                            f"'{paper.first_author or 'nobody'}' first", paper=paper)
    note = (f"pins v{aid.version}; the latest is v{paper.version}"
            if aid.version and aid.version < paper.version else "")
    return Result(ref, OK, note=note, paper=paper)


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


# -- a whole run -------------------------------------------------------------------------------

@dataclass
class Report:
    results: list[Result]
    findings: list[Finding]
    requests: int = 0
    offline: bool = False
    cached: int = 0

    def counts(self) -> dict[str, int]:
        return {s: sum(r.status == s for r in self.results) for s in STATUSES}

    def finding_counts(self) -> dict[str, int]:
        return {k: sum(f.kind == k for f in self.findings) for k in FINDINGS}

    @property
    def exit_code(self) -> int:
        """0 all ok; 1 anything wrong; 2 nothing wrong but some references could not be verified."""
        if self.findings or any(r.status in FAILURES for r in self.results):
            return 1
        return 2 if any(r.status == UNVERIFIED for r in self.results) else 0


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
    bases = {_base(ref.arxiv) for ref in refs}
    return sum(cache.get(b) is not None for b in bases)


def _base(arxiv: str) -> str:
    try:
        return parse_id(arxiv).base
    except ValueError:
        return arxiv


def batches_needed(ids: int, batch_size: int) -> int:
    return math.ceil(ids / batch_size) if ids else 0


# -- output ------------------------------------------------------------------------------------

def _line(file: str, line: int, status: str, arxiv: str, record: str, detail: str) -> str:
    ident = f"arXiv:{arxiv}" if arxiv else "(no arXiv id)"
    return f"{file}:{line}: [{status}] {ident} {record}: {detail}"


def problem_lines(report: Report) -> list[tuple[str, Result | Finding, str]]:
    """(level, item, message) for everything worth a line: level is error, warning or notice."""
    out: list[tuple[str, Result | Finding, str]] = []
    for r in report.results:
        if r.status in FAILURES:
            out.append(("error", r, _line(r.ref.file, r.ref.line, r.status, r.ref.arxiv, r.ref.record, r.detail)))
        elif r.status == UNVERIFIED:
            out.append(("warning", r, _line(r.ref.file, r.ref.line, r.status, r.ref.arxiv, r.ref.record, r.detail)))
        elif r.note:
            out.append(("notice", r, _line(r.ref.file, r.ref.line, "note", r.ref.arxiv, r.ref.record, r.note)))
    out += [("error", f, _line(f.file, f.line, f.kind, f.arxiv, f.reading, f.detail)) for f in report.findings]
    out.sort(key=lambda t: (_where(t[1]), t[2]))
    return out


def _where(item: Result | Finding) -> tuple[str, int]:
    return (item.ref.file, item.ref.line) if isinstance(item, Result) else (item.file, item.line)


def summary(report: Report) -> str:
    """One line: counts per status, reading findings, and how many HTTP requests were made."""
    counts = ", ".join(f"{n} {s}" for s, n in report.counts().items())
    papers = len({_base(r.ref.arxiv) for r in report.results})
    findings = ", ".join(f"{n} {k}" for k, n in report.finding_counts().items())
    mode = "offline, ids not looked up" if report.offline else f"{report.cached} papers from the cache"
    return (f"{len(report.results)} arXiv references ({papers} papers): {counts}; readings: {findings}; "
            f"{report.requests} HTTP requests ({mode})")


def format_text(report: Report) -> str:
    return "\n".join([msg for _, _, msg in problem_lines(report)] + [summary(report)])


def format_json(report: Report) -> str:
    return json.dumps({"references": [r.to_json() for r in report.results],
                       "findings": [asdict(f) for f in report.findings],
                       "counts": report.counts(), "finding_counts": report.finding_counts(),
                       "requests": report.requests, "offline": report.offline, "exit_code": report.exit_code},
                      ensure_ascii=False, indent=2)


def _gh(value: str, prop: bool = False) -> str:
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return value.replace(":", "%3A").replace(",", "%2C") if prop else value


def github_annotation(level: str, file: str, line: int, title: str, message: str) -> str:
    return f"::{level} file={_gh(file, True)},line={line},title={_gh(title, True)}::{_gh(message)}"


def format_github(report: Report) -> str:
    lines = []
    for level, item, msg in problem_lines(report):
        file, line = _where(item)
        status = item.status if isinstance(item, Result) else item.kind
        lines.append(github_annotation(level, file, line, f"arXiv {status if level != 'notice' else 'note'}",
                                       msg.split(": ", 1)[1]))
    return "\n".join(lines + [summary(report)])


FORMATS: dict[str, Callable[[Report], str]] = {"text": format_text, "json": format_json, "github": format_github}

__all__ = ["API_URL", "STATUSES", "FAILURES", "ArxivId", "Batch", "Cache", "Client", "Feed", "FeedError",
           "Finding", "Paper", "Reference", "Report", "Result", "Unreachable", "author_matches", "check_references",
           "collect", "format_github", "format_json", "format_text", "ids_in_text", "inline_references", "judge",
           "normalise", "offline_findings", "parse_feed", "parse_id", "reading_references", "retry_after_seconds",
           "run", "summary", "titles_match", "write_atomic", "FORMATS"]
