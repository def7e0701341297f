"""`mkdocs serve` as a contributor uses it: after an edit, the reloaded site is the site a full build makes.

A rebuild under serve reuses the HTML of pages made from unchanged inputs (`atlas.pages.rendercache`); this checks,
on a small atlas, that it does reuse pages and that every page it serves then equals the page a fresh
`mkdocs build` of the edited data writes: the edited question's pages, the glossary's popovers on pages whose
Markdown did not change, and every page in between.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from atlas.core.settings import standalone_config
from conftest import MKDOCS, build_site
from devtools.server import free_port, page_text, stop_serve

VALID = Path(__file__).parent / "fixtures" / "valid"
_LIVERELOAD = re.compile(r"<script>\s*var livereload = .*?</script>(?=</body>)", re.S)  # what serve adds to a page
_REBUILT = re.compile(r"atlas: (\d+) page\(s\) converted, (\d+) unchanged and reused")


def _wait(what: str, ready, server: subprocess.Popen, log: Path, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        assert server.poll() is None, f"mkdocs serve stopped:\n{log.read_text(encoding='utf-8')[-3000:]}"
        assert time.monotonic() < deadline, f"{what} did not happen in {timeout:.0f} s:\n{log.read_text(encoding='utf-8')[-3000:]}"
        time.sleep(0.2)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_reload_reuses_unchanged_pages_and_serves_what_a_full_build_makes(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(VALID, data)
    questions = data / "questions" / "sample-topic.yml"
    # A Russian rubric line that uses a glossary term, so the Russian topic page carries its popover.
    _edit(questions, "ru: Записывает обрезанную цель.", "ru: Записывает обрезанную цель на батче.")
    config = tmp_path / "mkdocs.yml"
    config.write_text(standalone_config(data) + f"\nwatch:\n  - {data}\n", encoding="utf-8")
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", ATLAS_SITE_URL=base)
    log = tmp_path / "serve.log"
    with log.open("w", encoding="utf-8") as out:
        server = subprocess.Popen([*MKDOCS, "serve", "-f", str(config), "-a", f"127.0.0.1:{port}"],
                                  cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        settled = lambda: "atlas-size-pending" not in (page_text(base + "downloads/") or "atlas-size-pending")
        builds = lambda: _REBUILT.findall(log.read_text(encoding="utf-8"))
        _wait("the first build", lambda: len(builds()) == 1 and settled(), server, log)
        # One record's English text: its page and its topic's list change; most pages do not.
        _edit(questions, "en: Why does PPO clip the probability ratio?", "en: Why does PPO clip the ratio, reloaded?")
        _wait("the first reload", lambda: "reloaded?" in page_text(base + "topics/sample-topic/") and settled()
              and len(builds()) == 2, server, log)
        converted, reused = map(int, builds()[-1])
        assert reused > converted > 0, (converted, reused)
        # The English name of a glossary term: the Russian question pages' Markdown is unchanged, but the popover
        # a rubric line opens must name the term anew.
        _edit(data / "glossary.yml", "term: {en: batch,", "term: {en: minibatch,")
        _wait("the second reload", lambda: len(builds()) == 3 and settled(), server, log)
        assert int(builds()[-1][1]) > 0

        site = tmp_path / "site"
        result = build_site(site, config=config, cwd=tmp_path, site_url=base)
        assert result.returncode == 0, result.stdout + result.stderr
        pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
        assert len(pages) > 30 and "ru/topics/sample-topic/index.html" in pages
        assert any("minibatch" in (site / p).read_text(encoding="utf-8") for p in pages if p.startswith("ru/topics/sample-topic/"))
        differ = [page for page in pages
                  if _LIVERELOAD.sub("", page_text(base + page)) != (site / page).read_text(encoding="utf-8")]
        assert not differ, f"served after the reload, unlike a full build: {differ}"
    finally:
        stop_serve(server)

