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


@pytest.mark.parametrize("lang,evidence,date", [("en", "Candidate report", "20 December 2025"),
                                                ("ru", "Рассказ кандидата", "20 декабря 2025 г."),
                                                ("hi", "उम्मीदवार की रिपोर्ट", "20 दिसंबर 2025")])
def test_company_page_counts_markers_and_dates(fixture_site: Path, lang: str, evidence: str, date: str) -> None:
    html = page(fixture_site, lang, "companies/example-lab")
    text = text_of(html)
    assert f"‡ {evidence}: 1" in text  # the count by evidence kind
    assert date in text  # the newest report's date (its source's published date), as the language writes dates
    assert "Экзампл Лаб" in text and "एग्ज़ाम्पल लैब" in text  # the spellings people type
    article = parse(html).find("article")
    hrefs = [a.attrs.get("href", "") for a in article.find_all("a")]
    assert "https://example.org/report" in hrefs  # every attribution links to its source
    assert any(h.endswith("explorer/?company=example-lab") for h in hrefs), hrefs
    assert any(h.endswith("topics/sample-topic/sample-clipping/") for h in hrefs), hrefs  # the question's own page
    assert "admonition warning" not in html  # a report from 2025-12 is recent


@pytest.mark.parametrize("lang,warning,date", [("en", "more than 18 months ago", "1 March 2023"),
                                               ("ru", "больше 18 месяцев назад", "1 марта 2023 г."),
                                               ("hi", "18 महीने से ज़्यादा पुरानी", "1 मार्च 2023")])
def test_an_old_newest_report_is_flagged(fixture_site: Path, lang: str, warning: str, date: str) -> None:
    text = text_of(page(fixture_site, lang, "companies/old-lab"))
    assert warning in text and date in text
    assert "ML" in text  # the role the source names


def test_companies_index_shows_evidence_mix_and_dates(fixture_site: Path) -> None:
    for lang in PREFIX:
        rows = [r for r in parse(page(fixture_site, lang, "companies")).find("article").find_all("tr") if r.find_all("td")]
        cells = [[" ".join(td.text.split()) for td in row.find_all("td")] for row in rows]
        dates = {"en": ("20 December 2025", "1 March 2023"), "ru": ("20 декабря 2025 г.", "1 марта 2023 г."),
                 "hi": ("20 दिसंबर 2025", "1 मार्च 2023")}[lang]
        assert {(c[3], c[4]) for c in cells} == {("‡ 1", dates[0]), ("† 1", dates[1])}, cells


@pytest.mark.parametrize("lang,groups", [
    ("en", ["United Kingdom (1)", "United States (1)"]),  # as many companies each: by the country's name
    ("ru", ["Великобритания (1)", "США (1)"]),
    # A reader in India: the companies hiring in India first (here one headquartered in the US), then the rest.
    ("hi", ["भारत में भर्ती करती हैं, मुख्यालय दूसरे देश में (1)", "अमेरिका (1)", "यूनाइटेड किंगडम (1)"])])
def test_companies_index_groups_by_head_office_readers_country_first(fixture_site: Path, lang: str,
                                                                    groups: list[str]) -> None:
    article = parse(page(fixture_site, lang, "companies")).find("article")
    headings = [" ".join(h.text.split()).rstrip("¶").strip() for h in article.find_all("h2")]
    assert headings == groups
    jump = next(p for p in article.find_all("p") if "atlas-jump" in p.attrs.get("class", ""))
    assert [a.attrs["href"] for a in jump.find_all("a")][:1] == ["#" + article.find_all("h2")[0].attrs["id"]]


@pytest.mark.parametrize("lang,first,not_stated", [("en", "Recruiter screen", "Round not stated"),
                                                   ("ru", "Звонок с рекрутером", "Этап не указан"),
                                                   ("hi", "Recruiter स्क्रीन", "राउंड नहीं बताया गया")])
def test_company_page_shows_the_loop_and_groups_questions_by_round(fixture_site: Path, lang: str, first: str,
                                                                   not_stated: str) -> None:
    article = parse(page(fixture_site, lang, "companies/example-lab")).find("article")
    loop = article.find_all("ol")[0]
    stages = [" ".join(li.text.split()) for li in loop.find_all("li")]
    assert len(stages) == 3 and stages[0].startswith(first), stages
    assert all("‡" in s and "An example interview report" in s for s in stages)  # each stage: marker and source
    assert "(1)" in stages[1] and "(1)" not in stages[0]  # how many questions a source places in the stage
    headings = [" ".join(h.text.split()).rstrip("¶").strip() for h in article.find_all("h2")]
    assert not any(not_stated in h for h in headings)  # every attribution here names its stage
    section = article.find(id="stage-technical")
    assert section is not None and [a.attrs["href"] for a in loop.find_all("a") if a.attrs["href"].startswith("#")] == ["#stage-technical"]
    text = text_of(page(fixture_site, lang, "companies/example-lab"))
    assert {"en": "United States", "ru": "США", "hi": "अमेरिका"}[lang] in text  # where it is headquartered
    assert {"en": "India", "ru": "Индия", "hi": "भारत"}[lang] in text  # and where it hires, with its source


def test_staleness_is_counted_in_whole_months() -> None:
    today = dt.date(2026, 12, 1)
    assert not is_stale("2025-06-02", today)  # 17 months and 29 days
    assert is_stale("2025-06-01", today)
    assert not is_stale("", today)


def test_question_shows_difficulty_and_attribution_detail(fixture_site: Path) -> None:
    pages = [page(fixture_site, "ru", f"topics/sample-topic/{p.parent.name}")
             for p in sorted((fixture_site / "ru" / "topics" / "sample-topic").glob("*/index.html"))]
    assert any(re.search(r'<span class="atlas-level" aria-hidden="true">●○○</span>\s*Базовый', html) for html in pages)
    chips = [" ".join(c.text.split()) for html in pages for c in parse(html).find("article").by_class("atlas-chip")]
    assert any(c.endswith("· ML-инженер, 2023-03-01 ↗") for c in chips), chips  # role and date, beside the evidence
