"""A built site on 127.0.0.1, gzip-compressed like GitHub Pages, for browser tests and audits."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import urllib.request
import gzip
import http.server
import io
import socket
import threading
from pathlib import Path

_COMPRESSIBLE = (".html", ".css", ".js", ".json", ".xml", ".svg", ".txt", ".map")


def free_port() -> int:
    """A port free on 127.0.0.1 now, so a site can be built for the address it will be served at."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SiteServer:
    """Serves a built site on 127.0.0.1, gzip-compressed like GitHub Pages; records every path asked for."""

    def __init__(self, root: Path, port: int = 0, compress: bool = True):
        self.requests: list[str] = []
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                server.requests.append(self.path)

            def send_head(self):  # type: ignore[override]
                path = Path(self.translate_path(self.path))
                if path.is_dir():
                    path = path / "index.html"
                wants_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
                if not (compress and wants_gzip and path.suffix in _COMPRESSIBLE and path.is_file()):
                    return super().send_head()
                if Path(self.translate_path(self.path)).is_dir() and not self.path.split("?")[0].endswith("/"):
                    return super().send_head()  # the redirect to the slashed URL
                body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(path)))
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "max-age=600")
                self.end_headers()
                return io.BytesIO(body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                                     functools.partial(Handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "SiteServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def stop_serve(process: subprocess.Popen) -> None:
    """Stop a `mkdocs serve` started with `start_new_session=True` as a contributor does, with Ctrl+C (it then
    stops its worker process), and then whatever is left of its process group."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=30)  # a rebuild under way finishes first
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=30)


def page_text(url: str, timeout: float = 10) -> str:
    """The page at `url` as text, or "" while nothing answers there (a server coming up, a build under way)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.read().decode("utf-8")
    except OSError:
        return ""
