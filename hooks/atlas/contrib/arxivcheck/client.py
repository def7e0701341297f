"""The polite arXiv API client: batched, paced `delay` seconds apart, retried with capped backoff.

Transient trouble (429, 5xx, timeouts, resets, unreadable XML) is retried; what never succeeds leaves its ids
unverified rather than broken, and once arXiv has failed for good the rest of the run does not ask again.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import http.client
import math
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from atlas.contrib.arxivcheck.feed import Feed, FeedError, Paper, parse_feed

API_URL = "https://export.arxiv.org/api/query"
USER_AGENT = ("ai-interview-atlas-arxiv-check/1.0 (AI Interview Atlas reference checker; "
              "+https://github.com/ai-interview-atlas/atlas)")
MAX_RESULTS_LIMIT = 2000  # arXiv refuses larger pages

Progress = Callable[[str], None]


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


def batches_needed(ids: int, batch_size: int) -> int:
    """Requests `Client.lookup` sends for `ids` distinct papers when arXiv rejects none (the benchmark's plan)."""
    return math.ceil(ids / batch_size) if ids else 0
