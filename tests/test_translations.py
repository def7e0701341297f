"""Stale translations: the English changes, the translations do not — validate lists them, the ru/hi
pages say so, and `python -m atlas translations --mark-current` clears them. Real CLI, real build."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from atlas.core.settings import standalone_config
from conftest import ROOT, build_site, free_port
from devtools.browser import chromium
from devtools.server import SiteServer
from htmldom import page

VALID = ROOT / "tests" / "fixtures" / "valid"
FIX = "Fix: bring the {lang} text up to date with the English, then run " \
      "`python -m atlas translations --mark-current --record sample-clipping --lang {lang}`"


def atlas_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "atlas", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def stale_lines(cwd: Path) -> list[str]:
    result = atlas_cli("validate", cwd=cwd)
    assert result.returncode == 0, result.stdout + result.stderr  # a stale translation is not broken data
    return [line for line in result.stdout.splitlines() if " W00" in line]


@pytest.fixture()
def changed(tmp_path: Path) -> Path:
    """The valid fixture with its lock, after a contributor rewrote one English question text only."""
    shutil.copytree(VALID, tmp_path / "data")
    path = tmp_path / "data" / "questions" / "sample-topic.yml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("en: Why does PPO clip the probability ratio?",
                                 "en: Why does PPO clip the probability ratio instead of adding a KL penalty?"),
                    encoding="utf-8")
    return tmp_path


def test_the_fixture_lock_is_current() -> None:
    result = atlas_cli("translations", "--data", str(VALID), cwd=ROOT)
    assert result.returncode == 0 and result.stdout.strip().endswith("0 stale translation(s).")


def test_validate_lists_each_stale_field_and_passes(changed: Path) -> None:
    assert stale_lines(changed) == [
        "data/questions/sample-topic.yml:12: W001 [sample-clipping] 'text': ru translation predates the English "
        f"change. {FIX.format(lang='ru')} (warning)",
        "data/questions/sample-topic.yml:13: W001 [sample-clipping] 'text': hi translation predates the English "
        f"change. {FIX.format(lang='hi')} (warning)",
    ]


def test_reflowing_the_english_is_not_a_change(tmp_path: Path) -> None:
    shutil.copytree(VALID, tmp_path / "data")
    path = tmp_path / "data" / "questions" / "sample-topic.yml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("en: Why does PPO clip the probability ratio?",
                                 "en: >-\n        Why does PPO clip\n        the probability ratio?"), encoding="utf-8")
    assert stale_lines(tmp_path) == []


def test_mark_current_clears_one_language_then_the_other(changed: Path) -> None:
    assert atlas_cli("translations", "--mark-current", "--record", "sample-clipping", "--lang", "ru",
                     cwd=changed).returncode == 0
    remaining = stale_lines(changed)
    assert len(remaining) == 1 and "W001 [sample-clipping] 'text': hi translation predates" in remaining[0]
    result = atlas_cli("translations", "--mark-current", cwd=changed)
    assert "1 translation(s) marked current" in result.stdout
    assert stale_lines(changed) == []


def test_records_missing_from_the_lock_count_as_current_until_init(changed: Path) -> None:
    lock = changed / "data" / "translations.lock.yml"
    lock.unlink()
    lines = stale_lines(changed)
    assert len(lines) == 1 and re.fullmatch(
        r"data/translations\.lock\.yml:1: W002 there is no translations lock yet: \d+ records count as current\. "
        r"Fix: run `python -m atlas translations --init` and commit the lock \(warning\)", lines[0]), lines
    assert atlas_cli("translations", "--init", cwd=changed).returncode == 0
    assert stale_lines(changed) == [] and lock.is_file()


def test_an_unreadable_lock_fails_with_a_fix(changed: Path) -> None:
    lock = changed / "data" / "translations.lock.yml"
    lock.write_text(lock.read_text(encoding="utf-8") + "<<<<<<< HEAD\n", encoding="utf-8")
    result = atlas_cli("validate", cwd=changed)
    assert result.returncode == 1
    assert " E054 " in result.stderr and "python -m atlas translations --init" in result.stderr


@pytest.mark.browser
def test_the_ru_and_hi_pages_note_the_stale_question(changed: Path) -> None:
    port = free_port()
    config = changed / "mkdocs.yml"
    config.write_text(standalone_config(changed / "data"), encoding="utf-8")
    site = changed / "site"
    result = build_site(site, config, cwd=changed, site_url=f"http://127.0.0.1:{port}/")
    assert result.returncode == 0, result.stdout + result.stderr  # --strict passes: a note, not a warning
    for prefix, label in (("ru/", "Английская версия этого вопроса обновилась"),
                          ("hi/", "इस सवाल का अंग्रेज़ी संस्करण बदला गया है")):
        doc = page(site, f"{prefix}topics/sample-topic/sample-clipping")
        notes = doc.by_class("atlas-stale")
        assert len(notes) == 1 and label in notes[0].text
        link = notes[0].find("a")
        assert link.attrs["href"] == f"http://127.0.0.1:{port}/topics/sample-topic/sample-clipping/"
        assert link.attrs.get("hreflang") == "en"
        heading = doc.find("h1", id="sample-clipping")
        assert heading is not None
    assert page(site, "topics/sample-topic/sample-clipping").by_class("atlas-stale") == []  # the English is the original
    # The note's link leads to the question in English (Material took any link under an alternate page's address for
    # a language switch of its own).
    with SiteServer(site, port) as server, chromium(412, 823, mobile=True) as d:
        d.get(server.url + "ru/topics/sample-topic/sample-clipping/")
        WebDriverWait(d, 20).until(lambda d: d.execute_script("return document.readyState === 'complete'"))
        d.execute_script("document.querySelector('.atlas-stale a').click()")
        WebDriverWait(d, 20).until(lambda d: urlparse(d.current_url).path == "/topics/sample-topic/sample-clipping/")
