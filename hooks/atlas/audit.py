"""Audits of the built site as readers get it: a local server that compresses like GitHub Pages,
Lighthouse (from node_modules, pinned in package.json) and axe-core, in Debian's Chromium.

Used by scripts/audit.py (which prints the table) and by the tests (which hold the budgets).
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import json
import os
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from contextlib import contextmanager
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# Flags this machine's closed network needs, and headless mode for a root user.
CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"]
_COMPRESSIBLE = (".html", ".css", ".js", ".json", ".xml", ".svg", ".txt", ".map")

# The pages the budget covers, per language (paths relative to the language root).
# "company" is the company with the most attributed questions; the fixtures' company pages are audited too.
PAGE_TYPES = {"home": "", "topic": "topics/rl-algorithms/", "company": "companies/alibaba/",
              "collection": "collections/rl-interview-benchmark/", "explorer": "explorer/", "glossary": "glossary/",
              "downloads": "downloads/"}
LANGUAGE_ROOTS = {"en": "", "ru": "ru/", "hi": "hi/"}


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


@contextmanager
def chromium(width: int = 1280, height: int = 1000) -> Iterator[Any]:
    """Headless Chromium (Selenium) with the flags this machine's closed network needs."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        raise RuntimeError(f"Chromium and ChromeDriver are required ({CHROMIUM}, {CHROMEDRIVER}): "
                           "install Debian's chromium and chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="atlas-chromium-")
    for flag in (*CHROMIUM_FLAGS, f"--window-size={width},{height}", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def require_tools(lighthouse: bool = True) -> None:
    missing = [str(p) for p in (Path(CHROMIUM), Path(CHROMEDRIVER)) if not p.exists()]
    if lighthouse:
        missing += [str(p) for p in (LIGHTHOUSE, AXE) if not p.exists()]
    if missing:
        raise RuntimeError("audit tools missing: " + ", ".join(missing)
                           + " (install Debian's chromium and chromium-driver, and run `npm ci`)")


@dataclass
class LighthouseResult:
    url: str
    scores: dict[str, float]
    bytes_by_type: dict[str, int] = field(default_factory=dict)
    requests_by_type: dict[str, int] = field(default_factory=dict)
    third_party_requests: int = 0
    failed_audits: list[str] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)


def lighthouse(url: str, categories: tuple[str, ...] = ("performance", "accessibility", "best-practices", "seo"),
               timeout: int = 180) -> LighthouseResult:
    """One Lighthouse run with its mobile preset (throttled), in Debian's Chromium."""
    require_tools()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        env = dict(os.environ, CHROME_PATH=CHROMIUM)
        cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
               f"--only-categories={','.join(categories)}", f"--chrome-flags={' '.join(CHROMIUM_FLAGS)}",
               "--only-audits=resource-summary,network-requests",  # the byte counts, with any categories
               "--max-wait-for-load=60000"]
        subprocess.run(cmd, env=env, check=True, timeout=timeout, capture_output=True)
        report = json.loads(out.read_text(encoding="utf-8"))
    audits = report["audits"]
    summary = {item["resourceType"]: item for item in audits["resource-summary"]["details"]["items"]}
    failed = [key for key, a in audits.items()
              if a.get("score") is not None and a["score"] < 1 and a.get("scoreDisplayMode") in ("binary", "numeric")
              and any(key in [r["id"] for r in c["auditRefs"] if r.get("weight", 0) > 0]
                      for name, c in report["categories"].items() if name != "performance")]
    return LighthouseResult(
        url=url,
        scores={name: round(c["score"] * 100) for name, c in report["categories"].items()},
        bytes_by_type={k: v["transferSize"] for k, v in summary.items()},
        requests_by_type={k: v["requestCount"] for k, v in summary.items()},
        third_party_requests=summary.get("third-party", {}).get("requestCount", 0),
        failed_audits=failed,
        urls=[item["url"] for item in audits["network-requests"]["details"]["items"]],
    )


def axe_violations(driver: Any, url: str, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict]:
    """axe-core's violations of the given impacts on a page, after it has loaded."""
    driver.get(url)
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done([{id: 'axe-error', impact: 'critical', help: String(e)}]));")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n.get("target") for n in v.get("nodes", [])][:5]}
            for v in result if v.get("impact") in impacts]
