"""Company pages and the companies index, built from the fixtures: counts, markers, dates, staleness."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from atlas.core.settings import standalone_config
from atlas.pages.companypages import is_stale
from conftest import ROOT, build_site
from htmldom import parse

FIXTURE_DATA = ROOT / "tests" / "fixtures" / "valid"
PREFIX = {"en": "", "ru": "ru/", "hi": "hi/"}


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("companies")
    config = root / "mkdocs.yml"
    config.write_text(standalone_config(FIXTURE_DATA), encoding="utf-8")
    result = build_site(root / "site", config, cwd=root)
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "site"


def page(site: Path, lang: str, path: str) -> str:
    return (site / PREFIX[lang] / path / "index.html").read_text(encoding="utf-8")


def text_of(html: str) -> str:
    return " ".join(parse(html).find("article").text.split())


@pytest.mark.parametrize("lang,evidence", [("en", "Candidate report"), ("ru", "Рассказ кандидата"),
                                           ("hi", "उम्मीदवार की रिपोर्ट")])
def test_company_page_counts_markers_and_dates(fixture_site: Path, lang: str, evidence: str) -> None:
    html = page(fixture_site, lang, "companies/example-lab")
    text = text_of(html)
    assert f"‡ {evidence}: 1" in text  # the count by evidence kind
    assert "2025-12-20" in text  # the newest report's date: its source's published date
    assert "Экзампл Лаб" in text and "एग्ज़ाम्पल लैब" in text  # the spellings people type
    article = parse(html).find("article")
    hrefs = [a.attrs.get("href", "") for a in article.find_all("a")]
    assert "https://example.org/report" in hrefs  # every attribution links to its source
    assert any(h.endswith("explorer/?company=example-lab") for h in hrefs), hrefs
    assert any("topics/sample-topic/#sample-clipping" in h for h in hrefs), hrefs
    assert "admonition warning" not in html  # a report from 2025-12 is recent


@pytest.mark.parametrize("lang,warning", [("en", "more than 18 months ago"), ("ru", "больше 18 месяцев назад"),
                                          ("hi", "18 महीने से ज़्यादा पुरानी")])
def test_an_old_newest_report_is_flagged(fixture_site: Path, lang: str, warning: str) -> None:
    text = text_of(page(fixture_site, lang, "companies/old-lab"))
    assert warning in text and "2023-03-01" in text
    assert "ML" in text  # the role the source names


def test_companies_index_orders_by_questions_and_shows_evidence_mix(fixture_site: Path) -> None:
    for lang in PREFIX:
        rows = parse(page(fixture_site, lang, "companies")).find("article").find_all("tr")[1:]
        cells = [[" ".join(td.text.split()) for td in row.find_all("td")] for row in rows]
        assert [c[3] for c in cells] == ["‡ 1", "† 1"] or [c[3] for c in cells] == ["† 1", "‡ 1"], cells
        assert {c[4] for c in cells} == {"2025-12-20", "2023-03-01"}


def test_staleness_is_counted_in_whole_months() -> None:
    today = dt.date(2026, 12, 1)
    assert not is_stale("2025-06-02", today)  # 17 months and 29 days
    assert is_stale("2025-06-01", today)
    assert not is_stale("", today)


def test_question_shows_difficulty_and_attribution_detail(fixture_site: Path) -> None:
    html = page(fixture_site, "ru", "topics/sample-topic")
    assert re.search(r'<span class="atlas-level" aria-hidden="true">●○○</span>\s*Базовый', html)
    chips = [" ".join(c.text.split()) for c in parse(html).find("article").by_class("atlas-chip")]
    assert any(c.endswith("· ML-инженер, 2023-03-01 ↗") for c in chips), chips  # role and date, beside the evidence
