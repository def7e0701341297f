"""Shared fixtures: the real site, built once per test session from the real data."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from devtools.browser import chromium
from devtools.server import SiteServer, free_port

ROOT = Path(__file__).resolve().parents[1]
MKDOCS = [sys.executable, "-m", "mkdocs"]


def build_site(dest: Path, config: Path = ROOT / "mkdocs.yml", cwd: Path = ROOT,
               site_url: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real strict build, as a contributor would (for the address it will be served at)."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    if site_url:
        env["ATLAS_SITE_URL"] = site_url
    return subprocess.run([*MKDOCS, "build", "--strict", "-q", "-f", str(config), "-d", str(dest)],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


# Presses "Show more" until every match is listed, then puts focus and scroll back where they were (the button
# moves focus to the rows it adds): a reading of the list, leaving the page as the test had it.
_EVERY_ROW = """const more = document.getElementById('ex-more'), focused = document.activeElement, y = scrollY;
for (let i = 0; i < 100 && !more.hidden; i++) more.click();
if (focused) focused.focus({preventScroll: true});
scrollTo(0, y);
return more.hidden && getComputedStyle(more).display === 'none'
  ? Array.from(document.querySelectorAll('#ex-results li[data-id]'), li => li.dataset.id) : null;"""


def explorer_rows(driver) -> list[str]:
    """The ids of every question the explorer's filters match (all of them listed first)."""
    ids = driver.execute_script(_EVERY_ROW)
    assert ids is not None, "the explorer's Show more button is still shown with every match listed"
    return ids


def question_in(url: str) -> str:
    """The question an address leads to: its page is /<lang>/topics/<topic>/<id>/ ("" for any other page)."""
    m = re.search(r"/topics/[^/]+/([^/]+)/$", urlparse(url).path)
    return m.group(1) if m else ""


ASSEMBLE = """const done = arguments[arguments.length - 1], article = document.querySelector('article');
Promise.all(arguments[0].map(u => fetch(u).then(r => r.text()))).then(pages => {
  for (const text of pages) {
    const part = new DOMParser().parseFromString(text, 'text/html').querySelector('article');
    const section = document.createElement('section');
    section.append(...Array.from(part.childNodes).map(n => document.importNode(n, true)));
    article.appendChild(section);
  }
  done(document.querySelectorAll('article .atlas-q').length);
});"""


def assemble_topic(d, server, lang: str, atlas, topic: str) -> None:
    """A topic's list page with every one of its questions' pages appended to its article: the same column, fonts
    and scripts as each question's page, one load for the whole topic (measuring its formulas page by page would
    load hundreds of pages). Then every fold is opened and every formula typeset, as for printing."""
    prefix = "" if lang == "en" else f"{lang}/"
    d.get(server.url + prefix + f"topics/{topic}/")
    WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    urls = [server.url + prefix + f"topics/{topic}/{q.id}/" for q in atlas.questions_in(topic)]
    assert d.execute_async_script(ASSEMBLE, urls) == len(urls)
    d.execute_script("document.querySelectorAll('details').forEach(d => d.open = true);"
                     "window.dispatchEvent(new Event('beforeprint'))")
    WebDriverWait(d, 60).until(lambda d: d.execute_script(
        "return document.querySelectorAll('.arithmatex:not([data-typeset])').length === 0 && !!window.katex"))
    d.execute_script("return document.fonts.ready.then(() => true)")


@pytest.fixture(scope="session")
def site_port() -> int:
    """The port the browser tests serve the site on; the site is built for that address."""
    return free_port()


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory, site_port: int) -> Path:
    dest = tmp_path_factory.mktemp("site")
    result = build_site(dest, site_url=f"http://127.0.0.1:{site_port}/")
    assert result.returncode == 0, result.stdout + result.stderr
    return dest


@pytest.fixture(scope="session")
def atlas():
    from atlas import load_atlas
    return load_atlas(ROOT / "data")


@pytest.fixture(scope="module")
def server(site_dir: Path, site_port: int):
    """The real site on 127.0.0.1, gzip-compressed like GitHub Pages, for a module's browser tests."""
    with SiteServer(site_dir, site_port) as s:
        yield s


@pytest.fixture(scope="module")
def driver():
    """Headless Chromium at desktop size, shared by a module's tests (tests/test_audit.py uses a phone's)."""
    with chromium() as d:
        yield d
