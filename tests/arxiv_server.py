"""A fake arXiv API on 127.0.0.1, in a thread, speaking the real Atom format.

Normal behaviour follows arXiv: `id_list` + `max_results` (default 10), one entry per existing id with the
latest version in its <id>, absent ids simply left out, and a malformed id answered with HTTP 400 and a
single entry titled "Error". Entries come back in reverse order so a client that matches by position fails.
Tests queue scripted replies (503 with Retry-After, 429, slow, truncated, reset) that are used first.
"""

from __future__ import annotations

import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit
from xml.sax.saxutils import escape

ATOM_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n'
             '<feed xmlns="http://www.w3.org/2005/Atom">\n'
             '  <link href="http://arxiv.org/api/query?{query}" rel="self" type="application/atom+xml"/>\n'
             '  <title type="html">ArXiv Query: {query}</title>\n'
             '  <id>http://arxiv.org/api/fake</id>\n'
             '  <updated>2026-11-30T00:00:00-05:00</updated>\n'
             '  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">{total}'
             '</opensearch:totalResults>\n'
             '  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0'
             '</opensearch:startIndex>\n'
             '  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">{per_page}'
             '</opensearch:itemsPerPage>\n')
VALID = re.compile(r"([0-9]{4}\.[0-9]{4,5}|[a-z-]+(\.[A-Z]{2})?/[0-9]{7})(v[0-9]+)?")


@dataclass
class FakePaper:
    """A paper as arXiv holds it: `comment` belongs to the latest version."""

    id: str
    title: str
    authors: list[str]
    versions: int = 1
    comment: str = ""
    scheme: str = "http"  # arXiv moved its ids from http:// to https://; clients must accept both

    def entry(self, version: int | None = None) -> str:
        v = version or self.versions
        authors = "".join(f"    <author>\n      <name>{escape(a)}</name>\n    </author>\n" for a in self.authors)
        comment = (f'    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">{escape(self.comment)}'
                   f'</arxiv:comment>\n' if self.comment and v == self.versions else "")
        return (f"  <entry>\n    <id>{self.scheme}://arxiv.org/abs/{self.id}v{v}</id>\n"
                f"    <updated>2024-04-27T15:25:53Z</updated>\n    <published>2024-02-05T18:55:32Z</published>\n"
                f"    <title>{escape(self.title)}</title>\n    <summary>  An abstract.\n</summary>\n{authors}{comment}"
                f'    <link href="{self.scheme}://arxiv.org/abs/{self.id}v{v}" rel="alternate" type="text/html"/>\n'
                f'    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.LG" '
                f'scheme="http://arxiv.org/schemas/atom"/>\n  </entry>\n')


@dataclass
class Reply:
    """One scripted answer, used instead of the normal one for the next request."""

    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before anything is sent (slower than the client's timeout = a timeout)
    mode: str = "normal"  # normal | truncated (200, half the XML) | reset (close without answering) | text


@dataclass
class Request:
    at: float  # time.monotonic() when the request arrived
    ids: list[str]
    params: dict[str, list[str]]
    headers: dict[str, str]
    status: int = 0


class ArxivServer:
    """Start with `with ArxivServer(papers) as server:`; point the checker at `server.url`."""

    def __init__(self, papers: list[FakePaper] = (), reject: set[str] = frozenset()):
        self.papers = {p.id: p for p in papers}
        self.reject = set(reject)  # ids answered as malformed even though they look valid
        self.script: deque[Reply] = deque()
        self.log: list[Request] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/api/query"

    def add(self, *papers: FakePaper) -> None:
        self.papers |= {p.id: p for p in papers}

    def then(self, *replies: Reply) -> None:
        self.script.extend(replies)

    def gaps(self) -> list[float]:
        return [b.at - a.at for a, b in zip(self.log, self.log[1:])]

    def __enter__(self) -> ArxivServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    # -- answering ----------------------------------------------------------------------------
    def record(self, path: str, headers: dict[str, str]) -> tuple[Request, Reply]:
        params = parse_qs(urlsplit(path).query, keep_blank_values=True)
        ids = [i for i in ",".join(params.get("id_list", [])).split(",") if i]
        with self._lock:
            req = Request(time.monotonic(), ids, params, headers)
            self.log.append(req)
            reply = self.script.popleft() if self.script else Reply()
        return req, reply

    def answer(self, ids: list[str], params: dict[str, list[str]]) -> tuple[int, bytes]:
        bad = next((i for i in ids if not VALID.fullmatch(i) or i in self.reject), None)
        query = f"search_query=&amp;id_list={escape(','.join(ids))}"
        if bad is not None:
            return 400, self._error(bad, query)
        max_results = int(params.get("max_results", ["10"])[0])
        entries = [e for e in (self._entry(i) for i in ids) if e][:max_results]
        head = ATOM_HEAD.format(query=query, total=len(ids), per_page=max_results)
        return 200, (head + "".join(reversed(entries)) + "</feed>\n").encode()

    def _entry(self, requested: str) -> str:
        m = re.fullmatch(r"(.+?)(?:v([0-9]+))?", requested)
        paper = self.papers.get(m[1])
        if paper is None or (m[2] and int(m[2]) > paper.versions):
            return ""
        return paper.entry(int(m[2]) if m[2] else None)

    @staticmethod
    def _error(bad: str, query: str) -> bytes:
        anchor = f"http://arxiv.org/api/errors#incorrect_id_format_for_{escape(bad)}"
        return (ATOM_HEAD.format(query=query, total=1, per_page=1)
                + f"  <entry>\n    <id>{anchor}</id>\n    <title>Error</title>\n"
                  f"    <summary>incorrect id format for {escape(bad)}</summary>\n"
                  f"    <updated>2026-11-30T00:00:00-05:00</updated>\n"
                  f'    <link href="{anchor}" rel="alternate" type="text/html"/>\n'
                  f"    <author>\n      <name>arXiv api core</name>\n    </author>\n  </entry>\n</feed>\n").encode()


def _handler(server: ArxivServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            req, reply = server.record(self.path, dict(self.headers))
            if reply.delay:
                time.sleep(reply.delay)
            if reply.mode == "reset":
                req.status = -1
                self.close_connection = True
                return
            status, body = server.answer(req.ids, req.params)
            if reply.status != 200:
                status, body = reply.status, f"<html><body>{reply.status}</body></html>".encode()
            elif reply.mode == "truncated":
                body = body[: len(body) // 2]
            elif reply.mode == "text":
                body = b"Rate exceeded."
            req.status = status
            self._send(status, body, reply.headers)

        def _send(self, status: int, body: bytes, headers: dict[str, str]) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/atom+xml; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout): that is the point of a slow reply

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

    return Handler
