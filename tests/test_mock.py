"""Mock interviews, spaced review and "what is weak", in a real browser on the real built site (issue 26).

A whole round in each language, started from a company page and driven with the keyboard; rounds from the
explorer's filters and from a topic page; the countdown; the bytes a round loads; a graded question coming back
on the day FSRS scheduled (the browser's clock moved forward); coverage per topic and company; export, clear and
import of everything, and the older file format; a round where the browser keeps nothing; axe in light and dark.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT
from devtools.browser import chromium

pytestmark = pytest.mark.browser
PREFIX = {"en": "", "ru": "ru/", "hi": "hi/"}
MOCK_SCRIPTS = ("mock.js", "weak.js", "fragments.js", "review.js", "progress.js")
# Every violation of the Content Security Policy the page meets, and every error, are collected from the start.
WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(e.effectiveDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sample || '')));
"""


def labels(lang: str) -> dict[str, str]:
    from atlas.core.labels import all_labels
    return {k: v[lang] for k, v in all_labels().items()}


def percent(share: float) -> int:
    """The whole percent the page shows (Intl rounds halves away from zero)."""
    return int(math.floor(share * 100 + 0.5))


def digits(text: str) -> int:
    return int(re.search(r"\d+", text).group(0))


def ready(driver, element_id: str = "atlas-mock") -> None:
    WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, element_id).get_attribute("data-ready"))


def press(driver, *keys: str) -> None:
    """Keys to whatever has the focus, as a keyboard would send them."""
    for key in keys:
        ActionChains(driver).send_keys(key).perform()


def tab_to(driver, wanted, limit: int = 300):
    """Press Tab until the focus is on an element `wanted` accepts (or it already is); return that element."""
    for _ in range(limit):
        focused = driver.switch_to.active_element
        if wanted(focused):
            return focused
        press(driver, Keys.TAB)
    raise AssertionError("never reached with the Tab key")


def by_id(element_id: str):
    return lambda e: e.get_attribute("id") == element_id


def grade_with_keys(driver, marks: list[int], start: int = 0) -> None:
    """Each rubric point's group of three: Tab into it (focus lands on "covered"), Space keeps "covered", the
    right arrow moves to "partly", twice to "missed"."""
    for i in range(start, len(marks)):
        radio = tab_to(driver, lambda e, i=i: e.get_attribute("name") == f"mock-p{i}")
        assert radio.get_attribute("value") == "2", "an ungraded point's group is entered at 'covered'"
        press(driver, *{2: [Keys.SPACE], 1: [Keys.ARROW_RIGHT], 0: [Keys.ARROW_RIGHT, Keys.ARROW_RIGHT]}[marks[i]])
        checked = driver.find_element(By.CSS_SELECTOR, f"input[name='mock-p{i}']:checked")
        assert checked.get_attribute("value") == str(marks[i])


def pattern(n: int, offset: int = 0) -> list[int]:
    return [(2, 1, 0)[(i + offset) % 3] for i in range(n)]


def stored(driver) -> dict:
    return json.loads(driver.execute_script("return localStorage.getItem('atlas:mock')") or "{}")


@pytest.fixture(scope="module")
def round_company(atlas) -> str:
    """A company whose questions come from several interview rounds, as the sources say."""
    from atlas.pages.mock import company_rounds, round_rank
    rounds = company_rounds(atlas, "en")
    best = max(rounds, key=lambda c: (len({round_rank(name) for _, name in rounds[c] if name}), len(rounds[c])))
    assert len({name for _, name in rounds[best] if name}) >= 2, rounds[best]
    return best


# -- 1. Mock interviews ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", PREFIX)
def test_a_whole_round_from_a_company_page_by_keyboard(driver, server, atlas, round_company, lang) -> None:
    """Company page -> "Practise this company's questions" (Enter) -> two questions in the order of the company's
    rounds, each answered in the notes box and graded point by point with the keyboard -> the summary: score per
    question and per topic, the points missed, links to each question and its readings, the next review."""
    from atlas.pages.mock import company_rounds
    L = labels(lang)
    order = [qid for qid, _ in company_rounds(atlas, lang)[round_company]]
    names = dict(company_rounds(atlas, lang)[round_company])
    watch = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})["identifier"]
    driver.get(f"{server.url}{PREFIX[lang]}companies/{round_company}/")
    driver.execute_script("localStorage.clear()")
    link = driver.find_element(By.CSS_SELECTOR, "a.atlas-mock-start")
    assert link.text == L["mock_company"]
    link.send_keys(Keys.ENTER)
    ready(driver)
    assert f"company={round_company}" in driver.current_url
    selection = driver.find_element(By.ID, "mock-selection").text
    assert atlas.companies[round_company].name[lang] in selection and selection.endswith(str(len(order)))

    count = driver.find_element(By.ID, "mock-n")
    count.send_keys(Keys.CONTROL, "a")
    count.send_keys("2")
    press(driver, Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("id") == "mock-minutes"
    press(driver, Keys.ENTER)  # submits the form: the round starts

    seen, marks_given = [], {}
    for k in range(2):
        title = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "mock-q-title"))
        qid = driver.find_element(By.ID, "mock-round").get_attribute("data-id")
        if seen:
            WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "mock-round").get_attribute("data-id") != seen[-1])
            qid = driver.find_element(By.ID, "mock-round").get_attribute("data-id")
            title = driver.find_element(By.ID, "mock-q-title")
        seen.append(qid)
        assert driver.switch_to.active_element == title  # the question has the focus, alone on the screen
        assert title.text.strip() and driver.find_element(By.ID, "mock-clock").text
        position = driver.find_element(By.CSS_SELECTOR, ".atlas-mock__position").text
        assert position.startswith(L["mock_position"].format(i=k + 1, n=2))
        if names[qid]:
            assert L["mock_round"].format(round=names[qid]) in position
        tab_to(driver, by_id("mock-notes"))
        press(driver, f"answer {k}: first the shape, then the costs")
        tab_to(driver, by_id("mock-reveal"))
        press(driver, Keys.ENTER)
        heading = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "mock-grade-title"))
        WebDriverWait(driver, 5).until(lambda d: d.switch_to.active_element == heading)
        q = atlas.question(qid)
        points = driver.find_elements(By.CSS_SELECTOR, "#mock-grading .atlas-mock__point")
        assert len(points) == len(q.rubric)
        marks = pattern(len(q.rubric), k)
        marks_given[qid] = marks
        grade_with_keys(driver, marks[:1])
        # "Next" before every point is marked: told how many are left, and taken to the first of them.
        tab_to(driver, by_id("mock-next"))
        press(driver, Keys.ENTER)
        status = driver.find_element(By.ID, "mock-status").text
        assert status == L["mock_ungraded"].format(n=len(marks) - 1)
        assert driver.switch_to.active_element.get_attribute("name") == "mock-p1"
        grade_with_keys(driver, marks, start=1)
        if q.answer:  # the written answer, after grading, if the reader wants it
            toggle = tab_to(driver, by_id("mock-answer-toggle"))
            press(driver, Keys.ENTER)
            assert toggle.get_attribute("aria-expanded") == "true"
            assert driver.find_element(By.ID, "mock-answer").is_displayed()
        last = tab_to(driver, by_id("mock-next"))
        assert last.text == (L["mock_finish"] if k == 1 else L["mock_next"])
        press(driver, Keys.ENTER)

    assert [order.index(x) for x in seen] == sorted(order.index(x) for x in seen), "in the order of the rounds"
    summary = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "mock-summary-title"))
    assert driver.switch_to.active_element == summary and summary.text == L["mock_summary"]
    scores = {qid: sum(m) / (2 * len(m)) for qid, m in marks_given.items()}
    total = driver.find_element(By.ID, "mock-total").text
    assert total.startswith(L["mock_total"].split("{")[0]) and digits(total) == percent(sum(scores.values()) / 2)
    rows = driver.find_elements(By.CSS_SELECTOR, "#mock-by-question tbody tr")
    assert len(rows) == 2
    data = stored(driver)
    for row, qid in zip(rows, seen):
        cells = row.find_elements(By.TAG_NAME, "td")
        assert cells[1].find_element(By.TAG_NAME, "a").get_attribute("href").endswith(
            f"/{PREFIX[lang]}topics/{atlas.question(qid).topic}/{qid}/")
        assert digits(cells[2].text) == percent(scores[qid])
        due = data["cards"][qid]["due"]
        assert cells[4].text == driver.execute_script(
            "return atlasProgress.formatDate(new Date(arguments[0]), arguments[1])", due, lang)
    topics = {atlas.question(qid).topic for qid in seen}
    topic_rows = driver.find_elements(By.CSS_SELECTOR, "#mock-by-topic tbody tr")
    assert len(topic_rows) == len(topics)
    for row in topic_rows:
        cells = row.find_elements(By.TAG_NAME, "td")
        topic = next(t.id for t in atlas.topics if t.id in topics and t.name[lang] == cells[0].text)
        mine = [scores[qid] for qid in seen if atlas.question(qid).topic == topic]
        assert cells[1].text == str(len(mine)) and digits(cells[2].text) == percent(sum(mine) / len(mine))
    for qid in seen:
        block = driver.find_element(By.CSS_SELECTOR, f"#mock-per-question > li[data-id='{qid}']")
        missed = block.find_elements(By.CSS_SELECTOR, ".atlas-mock__missed > li")
        assert [(int(m.get_attribute("data-point")), int(m.get_attribute("data-mark"))) for m in missed] == \
            [(i, m) for i, m in enumerate(marks_given[qid]) if m < 2]
        assert all(m.text.strip() for m in missed)
        readings = [atlas.readings[r] for r in atlas.question(qid).readings]
        links = block.find_elements(By.CSS_SELECTOR, ".atlas-mock__readings a")
        assert [a.get_attribute("href") for a in links] == [r.link for r in readings]
        assert "first the shape" in block.find_element(By.CSS_SELECTOR, ".atlas-mock__your-notes").text
    # Kept in this browser: each grade with its marks, a review date, and the question marked practised.
    assert {qid: [g["marks"] for g in data["graded"][qid]] for qid in seen} == {qid: [marks_given[qid]] for qid in seen}
    practised = json.loads(driver.execute_script("return localStorage.getItem('atlas:practised')"))["practised"]
    assert set(seen) <= set(practised)
    assert driver.execute_script("return window.__csp") == []
    assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    driver.execute_script("localStorage.clear()")
    driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": watch})


def start_round(driver, n: int, minutes: int | None = None, timer: bool = True) -> None:
    ready(driver)
    box = driver.find_element(By.ID, "mock-n")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(str(n))
    if minutes is not None:
        m = driver.find_element(By.ID, "mock-minutes")
        m.send_keys(Keys.CONTROL, "a")
        m.send_keys(str(minutes))
    if not timer:
        driver.find_element(By.ID, "mock-timer").click()
    driver.find_element(By.ID, "mock-start").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "mock-q-title"))


def answer_current(driver, marks_of=lambda n: [2] * n) -> str:
    """Reveal, grade every point (by clicking) and go on; the id of the question answered."""
    qid = driver.find_element(By.ID, "mock-round").get_attribute("data-id")
    driver.find_element(By.ID, "mock-reveal").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "mock-grading").is_displayed())
    points = driver.find_elements(By.CSS_SELECTOR, "#mock-grading .atlas-mock__point")
    for i, m in enumerate(marks_of(len(points))):
        driver.execute_script("arguments[0].click()", points[i].find_element(By.CSS_SELECTOR, f"input[value='{m}']"))
    driver.find_element(By.ID, "mock-next").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "mock-round").get_attribute("data-id") != qid
                                    or d.find_element(By.ID, "mock-summary").is_displayed())
    return qid


def test_a_round_from_the_explorer_takes_its_filters(driver, server, atlas) -> None:
    driver.get(server.url + "explorer/?topic=rag&answer=1")
    ready(driver, "atlas-explorer")
    driver.find_element(By.ID, "ex-mock").click()
    ready(driver)
    assert "topic=rag" in driver.current_url and "answer=1" in driver.current_url
    pool = [q.id for q in atlas.questions_in("rag") if q.answer]
    assert driver.find_element(By.ID, "mock-selection").text.endswith(str(len(pool)))
    back = urlparse(driver.find_element(By.ID, "mock-explorer").get_attribute("href"))
    assert back.path == "/explorer/" and parse_qs(back.query) == {"topic": ["rag"], "answer": ["1"]}
    start_round(driver, 3)
    ids = [answer_current(driver) for _ in range(3)]
    assert set(ids) <= set(pool) and len(set(ids)) == 3
    assert [pool.index(i) for i in ids] == sorted(pool.index(i) for i in ids)  # one topic's questions together
    assert len(driver.find_elements(By.CSS_SELECTOR, "#mock-by-question tbody tr")) == 3
    driver.execute_script("localStorage.clear()")


@pytest.mark.parametrize("lang", ["ru", "hi"])
def test_a_round_from_a_topic_page(driver, server, atlas, lang) -> None:
    L = labels(lang)
    driver.get(f"{server.url}{PREFIX[lang]}topics/rl-algorithms/")
    link = driver.find_element(By.CSS_SELECTOR, "a.atlas-mock-start")
    assert link.text == L["mock_topic"]
    link.click()
    ready(driver)
    assert driver.find_element(By.ID, "mock-selection").text.endswith(str(len(atlas.questions_in("rl-algorithms"))))
    start_round(driver, 1, timer=False)
    assert driver.find_element(By.ID, "mock-clock").text == L["mock_timer_is_off"]
    qid = answer_current(driver, lambda n: [0] * n)
    assert atlas.question(qid).topic == "rl-algorithms"
    assert digits(driver.find_element(By.ID, "mock-total").text) == 0
    driver.execute_script("localStorage.clear()")


def test_the_countdown_pauses_turns_off_and_says_when_time_is_up(driver, server) -> None:
    """The clock runs down from the chosen minutes, stands still while paused, says when time is up (the page's
    clock moved on by 70 s) without ending anything, and can be turned off for the rest of the round."""
    L = labels("en")
    driver.get(server.url + "mock/?topic=tokenization")
    start_round(driver, 2, minutes=1)
    clock = driver.find_element(By.ID, "mock-clock")
    assert clock.get_attribute("role") == "timer"
    WebDriverWait(driver, 5).until(lambda d: clock.text == L["mock_time_left"].format(time="0:59"))
    driver.find_element(By.ID, "mock-pause").click()
    paused = clock.text
    driver.execute_script("return new Promise(r => setTimeout(r, 2200))")
    assert clock.text == paused and driver.find_element(By.ID, "mock-pause").text == L["mock_resume"]
    driver.find_element(By.ID, "mock-pause").click()
    driver.execute_script("const real = Date.now; Date.now = () => real() + 70000;")
    WebDriverWait(driver, 5).until(lambda d: "0:1" in clock.text and clock.text.startswith("Time is up"))
    assert driver.find_element(By.ID, "mock-said").text.startswith("Time is up")
    assert driver.find_element(By.ID, "mock-reveal").is_enabled()  # running over is said, never punished
    driver.find_element(By.ID, "mock-timer-off").click()
    assert clock.text == L["mock_timer_is_off"] and not driver.find_element(By.ID, "mock-pause").is_displayed()
    answer_current(driver)
    assert driver.find_element(By.ID, "mock-clock").text == L["mock_timer_is_off"]  # off for the rest of the round
    driver.execute_script("localStorage.clear()")


def test_a_round_loads_the_list_and_one_topics_details_at_a_time(server, atlas, round_company) -> None:
    """A fresh browser (empty cache): the page, the explorer's question list, and a topic's details file only
    when a question of that topic comes up, one at a time; the bytes as served (gzip) are reported."""
    with chromium() as fresh:
        fresh.get(server.url + f"mock/?company={round_company}")
        start_round(fresh, 5)
        entries = lambda: fresh.execute_script(  # noqa: E731
            "return performance.getEntriesByType('resource').map(e => [new URL(e.name).pathname, e.transferSize])")
        topics_seen = []
        for _ in range(5):
            qid = fresh.find_element(By.ID, "mock-round").get_attribute("data-id")
            topic = atlas.question(qid).topic
            if not topics_seen or topics_seen[-1] != topic:
                topics_seen.append(topic)
            WebDriverWait(fresh, 10).until(lambda d: any(p.endswith(f"/details/{topic}.json") for p, _ in entries()))
            fetched = [p.rsplit("/", 1)[1][:-5] for p, _ in entries() if "/explorer/details/" in p]
            assert fetched == topics_seen, (fetched, topics_seen)  # nothing ahead of the question shown
            answer_current(fresh)
        sizes = dict(entries())
        loaded = {p: s for p, s in sizes.items() if p.endswith(".json")}
        total = sum(loaded.values())
        print(f"\nmock round of 5 at {round_company}: questions.json {sizes['/explorer/questions.json'] / 1024:.1f} KB, "
              f"{len(loaded) - 1} details file(s) {sum(s for p, s in loaded.items() if 'details' in p) / 1024:.1f} KB, "
              f"data in all {total / 1024:.1f} KB (gzip)")
        assert sizes["/explorer/questions.json"] < 60_000
        assert all(s < 70_000 for p, s in loaded.items() if "details" in p)
        assert total < 60_000 + 70_000 * len(set(topics_seen))


def test_mock_scripts_never_write_html() -> None:
    """Record text goes in with textContent; the build's sanitised HTML is parsed inert in one place
    (atlas.js's atlasBuilt, which fragments.js hands on) and copied through its allowlist: never innerHTML and
    the like, no inline handlers."""
    for name in MOCK_SCRIPTS:
        script = (ROOT / "docs" / "assets" / name).read_text(encoding="utf-8")
        for bad in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "createContextualFragment",
                    "srcdoc", "eval(", "new Function", "setAttribute(\"on"):
            assert bad not in script, (name, bad)
        assert "DOMParser" not in script, name
    assert "window.atlasBuilt(" in (ROOT / "docs" / "assets" / "fragments.js").read_text(encoding="utf-8")


# -- 2. Spaced review -------------------------------------------------------------------------------------------
SHIFT = """(() => { const shift = %d, Real = Date;
  class Shifted extends Real {
    constructor(...a) { if (a.length) super(...a); else super(Real.now() + shift); }
    static now() { return Real.now() + shift; }
  }
  window.Date = Shifted; })();"""


class Clock:
    """The browser's clock moved by an offset from the next page load on (every script sees the moved Date)."""

    def __init__(self, driver):
        self.driver, self.ident = driver, None

    def move_to(self, epoch_ms: float) -> None:
        self.reset()
        real_now = self.driver.execute_script("return performance.timeOrigin + performance.now()")  # not the moved Date
        shift = int(epoch_ms - real_now)
        self.ident = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SHIFT % shift})["identifier"]

    def reset(self) -> None:
        if self.ident:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": self.ident})
            self.ident = None


def due_note(driver, server, path: str):
    driver.get(server.url + path)
    note = driver.find_element(By.CSS_SELECTOR, ".atlas-due")
    WebDriverWait(driver, 10).until(lambda d: note.get_attribute("data-due") is not None)
    return note


def local_day_edge(driver, iso: str, minutes: int) -> float:
    """Epoch ms of the start of the local calendar day of `iso`, plus `minutes` (negative: before it)."""
    return driver.execute_script("const d = new Date(arguments[0]); d.setHours(0, 0, 0, 0); return d.getTime() + arguments[1] * 60000;",
                                 iso, minutes)


def test_a_graded_question_comes_back_due_on_its_scheduled_day(driver, server, atlas) -> None:
    """Graded today: all points missed comes back tomorrow, all covered in 8 days (FSRS-6's defaults, whole days).
    With the browser's clock moved: not due the minute before that day, due from its first minute, on the home
    page and in the explorer; the review round takes exactly the due question and grading it reschedules it."""
    L = labels("en")
    clock = Clock(driver)
    weak_id, strong_id = [q.id for q in atlas.questions_in("rag")][:2]
    driver.get(server.url + f"mock/?ids={weak_id},{strong_id}")
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    start_round(driver, 2)
    answer_current(driver, lambda n: [0] * n)
    answer_current(driver, lambda n: [2] * n)
    cards = stored(driver)["cards"]
    assert (cards[weak_id]["scheduled_days"], cards[strong_id]["scheduled_days"]) == (1, 8)
    assert cards[weak_id]["reps"] == cards[strong_id]["reps"] == 1
    first_due = cards[weak_id]["due"]
    date = driver.execute_script("return atlasProgress.formatDate(new Date(arguments[0]), 'en')", first_due)
    try:
        note = due_note(driver, server, "")  # today: nothing due, the next date said
        assert note.is_displayed() and note.text == L["due_none"].format(date=date)
        assert not note.find_element(By.CSS_SELECTOR, ".atlas-due__start").is_displayed()

        clock.move_to(local_day_edge(driver, first_due, -1))  # 23:59 the evening before
        assert due_note(driver, server, "").get_attribute("data-due") == "0"
        clock.move_to(local_day_edge(driver, first_due, 1))  # 00:01 on the day
        for path in ("", "explorer/", "ru/", "hi/explorer/"):
            note = due_note(driver, server, path)
            assert note.get_attribute("data-due") == "1" and note.is_displayed(), path
        assert due_note(driver, server, "hi/").find_element(By.CSS_SELECTOR, ".atlas-due__text").text == \
            labels("hi")["due_today"].format(n=1)
        note = due_note(driver, server, "")
        assert note.find_element(By.CSS_SELECTOR, ".atlas-due__text").text == L["due_today"].format(n=1)
        note.find_element(By.CSS_SELECTOR, ".atlas-due__start").click()
        ready(driver)
        assert "review=1" in driver.current_url
        assert driver.find_element(By.ID, "mock-selection").text == L["mock_matching"].format(what=L["mock_review_selection"], n=1)
        start_round(driver, 1)
        assert answer_current(driver, lambda n: [2] * n) == weak_id
        data = stored(driver)
        assert [g.get("review", False) for g in data["graded"][weak_id]] == [False, True]
        assert data["cards"][weak_id]["reps"] == 2 and data["cards"][weak_id]["due"] > first_due
        assert due_note(driver, server, "").get_attribute("data-due") == "0"

        # The other one's day: it is due, with the first one if its new date has come too (most overdue first).
        clock.move_to(local_day_edge(driver, cards[strong_id]["due"], 1))
        driver.get(server.url + "mock/?review=1")
        ready(driver)
        due_now = [q for q in (weak_id, strong_id) if local_day_edge(driver, data["cards"][q]["due"], 0)
                   <= local_day_edge(driver, cards[strong_id]["due"], 0)]
        assert driver.find_element(By.ID, "mock-selection").text.endswith(f": {len(due_now)}")
        start_round(driver, len(due_now))
        assert answer_current(driver) == due_now[0] and strong_id in due_now
    finally:
        clock.reset()
        driver.execute_script("localStorage.clear()")


@pytest.mark.parametrize("lang", PREFIX)
def test_the_home_page_and_downloads_say_what_the_practice_tools_are(site_dir: Path, lang: str) -> None:
    """The home page describes the practice tools and carries "Due today" (hidden until something is graded);
    the Downloads page says how the site's review relates to the Anki decks."""
    L = labels(lang)
    home = (site_dir / PREFIX[lang] / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<p class="atlas-due" hidden(="")? data-template="' + re.escape(L["due_today"]), home)
    assert 'href="mock/"' in home and 'href="mock/?review=1"' in home
    first = re.sub(r"\*\*|\[|\]\([^)]*\)", "", L["practice_tools"]).split(".")[0]
    assert first in re.sub(r"<[^>]+>", "", home)
    downloads = (site_dir / PREFIX[lang] / "downloads" / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", downloads)
    assert re.sub(r"\*\*|\[|\]\([^)]*\)", "", L["anki_and_review"]).split(".")[0].split("?")[0] in text
    assert 'href="../mock/"' in downloads


# -- 3. What is weak ------------------------------------------------------------------------------------------
def graded_round(driver, server, ids: list[str], marks: dict[str, object]) -> None:
    """A round over chosen questions, each graded with its pattern (a function of the number of points)."""
    driver.get(server.url + "mock/?ids=" + ",".join(ids))
    start_round(driver, len(ids))
    for _ in ids:
        qid = driver.find_element(By.ID, "mock-round").get_attribute("data-id")
        answer_current(driver, marks[qid])


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_what_is_weak_shows_coverage_missed_points_and_what_next(driver, server, atlas, lang) -> None:
    L = labels(lang)
    rag = [q for q in atlas.questions_in("rag")]
    asked = next(q for q in atlas.questions_in("tokenization") if q.asked)
    q1, q2, q3 = rag[0], rag[1], asked
    marks = {q1.id: lambda n: [0] * n, q2.id: lambda n: pattern(n), q3.id: lambda n: [2] * n}
    driver.get(server.url + "mock/")
    driver.execute_script("localStorage.clear()")
    graded_round(driver, server, [q1.id, q2.id, q3.id], marks)
    score = {q.id: sum(marks[q.id](len(q.rubric))) / (2 * len(q.rubric)) for q in (q1, q2, q3)}

    driver.get(f"{server.url}{PREFIX[lang]}weak/")
    ready(driver, "atlas-weak")
    assert not driver.find_element(By.ID, "weak-empty").is_displayed()
    rows = driver.find_elements(By.CSS_SELECTOR, "#weak-topic-table tbody tr")
    assert len(rows) == len(atlas.topics)
    assert [r.get_attribute("data-key") for r in rows[:2]] == ["rag", "tokenization"]  # the weakest first
    cells = rows[0].find_elements(By.TAG_NAME, "td")
    assert cells[1].text == L["weak_of"].format(done=2, total=len(rag))
    assert digits(cells[2].text) == percent((score[q1.id] + score[q2.id]) / 2) and cells[3].text == "0"
    assert cells[4].find_element(By.TAG_NAME, "a").get_attribute("href").endswith(f"/{PREFIX[lang]}mock/?topic=rag")
    assert rows[2].find_elements(By.TAG_NAME, "td")[2].text == "—"  # nothing graded there
    companies = {c for q in (q1, q2, q3) for c in {a.company for a in q.asked}}
    shown = {r.get_attribute("data-key"): r for r in driver.find_elements(By.CSS_SELECTOR, "#weak-company-table tbody tr")}
    assert set(shown) == companies
    for cid in companies:
        mine = [score[q.id] for q in (q1, q2, q3) if any(a.company == cid for a in q.asked)]
        cells = shown[cid].find_elements(By.TAG_NAME, "td")
        assert cells[1].text == L["weak_of"].format(done=len(mine), total=len(atlas.questions_at(cid)))
        assert digits(cells[2].text) == percent(sum(mine) / len(mine))

    # Points most often missed, in the weakest topic first: every point not fully covered, missed ones first.
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "atlas-weak").get_attribute("data-missed-topic") == "rag")
    items = driver.find_elements(By.CSS_SELECTOR, "#weak-missed-list > li")
    expected = [(q.id, i) for q in (q1, q2) for i, m in enumerate(marks[q.id](len(q.rubric))) if m < 2]
    assert len(items) == min(10, len(expected))
    assert {(li.get_attribute("data-id"), int(li.get_attribute("data-point"))) for li in items} <= set(expected)
    assert items[0].get_attribute("data-id") == q1.id or marks[q2.id](len(q2.rubric))[int(items[0].get_attribute("data-point"))] == 0
    assert L["weak_missed_count"].format(missed=1, partly=0) in items[0].text
    from selenium.webdriver.support.ui import Select
    Select(driver.find_element(By.ID, "weak-topic")).select_by_value("tokenization")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "atlas-weak").get_attribute("data-missed-topic") == "tokenization")
    assert driver.find_element(By.CSS_SELECTOR, "#weak-missed-list > li").text == L["weak_no_missed"]
    details = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/details/'))")
    assert [d.rsplit("/", 1)[1] for d in details] == ["rag.json", "tokenization.json"]  # one topic at a time, on demand

    # Next to practise: the lowest scores first (nothing is due today), then questions not graded yet in the
    # weakest topic; "Practise these" starts a round on exactly them.
    nxt = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#weak-next-list > li")]
    low = sorted((q for q in (q1, q2, q3) if score[q.id] < 0.75), key=lambda q: score[q.id])
    assert nxt[:len(low)] == [q.id for q in low]
    assert nxt[len(low):] == [q.id for q in rag if q.id not in (q1.id, q2.id)][:8 - len(low)]
    reason = driver.find_element(By.CSS_SELECTOR, "#weak-next-list > li .atlas-ex__meta").text
    assert reason.endswith(L["weak_reason_low"].format(score=reason.rsplit(" ", 1)[-1]))
    driver.find_element(By.ID, "weak-practise").click()
    ready(driver)
    assert driver.find_element(By.ID, "mock-selection").text.endswith(str(len(nxt)))
    driver.execute_script("localStorage.clear()")


def test_what_is_weak_before_anything_is_graded(driver, server) -> None:
    driver.get(server.url + "ru/weak/")
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    ready(driver, "atlas-weak")
    assert driver.find_element(By.ID, "weak-empty").text.startswith(labels("ru")["weak_empty"])
    assert not driver.find_element(By.ID, "weak-topics").is_displayed()


# -- 4. Kept honest: one file carries everything, the old one still loads, no storage, no new inline script, axe --
FORMAT = "ai-interview-atlas-progress"


def local(driver) -> dict:
    return {k: json.loads(driver.execute_script("return localStorage.getItem(arguments[0])", k) or "null")
            for k in ("atlas:practised", "atlas:mock")}


def some_progress(driver, server, atlas) -> list[str]:
    """Grades (and so review dates and practised marks) for three questions, and one mark set by hand."""
    ids = [q.id for q in atlas.questions_in("evaluation")][:3]
    driver.get(server.url + "mock/")
    driver.execute_script("localStorage.clear()")
    graded_round(driver, server, ids, {ids[0]: lambda n: [0] * n, ids[1]: lambda n: pattern(n), ids[2]: lambda n: [2] * n})
    driver.get(server.url + f"topics/rag/{atlas.questions_in('rag')[0].id}/")
    toggle = driver.find_element(By.CSS_SELECTOR, ".atlas-practised__toggle")
    driver.execute_script("arguments[0].click()", toggle)
    return ids


def weak_snapshot(driver, server) -> list[str]:
    driver.get(server.url + "weak/")
    ready(driver, "atlas-weak")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "atlas-weak").get_attribute("data-missed-topic"))
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#weak-topic-table tr, #weak-company-table tr, "
                                                 "#weak-missed-list > li, #weak-next-list > li")]


def load_file(driver, path: Path) -> None:
    file_input = driver.find_element(By.CSS_SELECTOR, ".atlas-progress-panel input[type=file]")
    driver.execute_script("arguments[0].hidden = false", file_input)  # what the Load button opens
    file_input.send_keys(str(path))


def test_export_clear_import_restores_everything(driver, server, atlas, tmp_path: Path) -> None:
    some_progress(driver, server, atlas)
    before, shown = local(driver), weak_snapshot(driver, server)
    assert before["atlas:mock"]["graded"] and before["atlas:mock"]["cards"] and len(before["atlas:practised"]["practised"]) == 4
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    driver.find_element(By.CSS_SELECTOR, '[data-progress="export"]').click()
    saved = tmp_path / "atlas-progress.json"
    WebDriverWait(driver, 10).until(lambda d: saved.exists() and saved.stat().st_size > 0)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == 2
    assert (data["practised"], data["graded"], data["cards"]) == (
        before["atlas:practised"]["practised"], before["atlas:mock"]["graded"], before["atlas:mock"]["cards"])

    driver.find_element(By.CSS_SELECTOR, '[data-progress="clear"]').click()
    assert driver.switch_to.alert.text == labels("en")["progress_clear_all_confirm"]  # says what goes: all of it
    driver.switch_to.alert.accept()
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "weak-empty").is_displayed())
    assert local(driver)["atlas:mock"] == {"version": 1, "graded": {}, "cards": {}}
    assert local(driver)["atlas:practised"]["practised"] == {}
    assert not driver.find_element(By.CSS_SELECTOR, ".atlas-due").is_displayed()

    load_file(driver, saved)
    WebDriverWait(driver, 10).until(lambda d: not d.find_element(By.ID, "weak-empty").is_displayed())
    assert local(driver) == before
    assert weak_snapshot(driver, server) == shown
    driver.execute_script("localStorage.clear()")


def test_the_first_file_format_still_loads_and_a_newer_or_hostile_one_cannot_hurt(driver, server, atlas, tmp_path: Path) -> None:
    ids = some_progress(driver, server, atlas)
    before = local(driver)
    rag = [q.id for q in atlas.questions_in("rag")]
    old = tmp_path / "old.json"  # what the site saved before mock interviews: marks only, version 1
    old.write_text(json.dumps({"format": FORMAT, "version": 1, "exported": "2026-11-30T10:00:00.000Z",
                               "practised": {rag[5]: "2026-11-30", rag[6]: "2026-11-29"}}), encoding="utf-8")
    driver.get(server.url + "weak/")
    ready(driver, "atlas-weak")
    load_file(driver, old)
    WebDriverWait(driver, 10).until(lambda d: rag[5] in local(d)["atlas:practised"]["practised"])
    after = local(driver)
    assert after["atlas:mock"] == before["atlas:mock"]  # grades and schedule untouched
    assert after["atlas:practised"]["practised"] == {**before["atlas:practised"]["practised"], rag[5]: "2026-11-30", rag[6]: "2026-11-29"}

    status = driver.find_element(By.CSS_SELECTOR, ".atlas-progress-panel__status")
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": FORMAT, "version": 3, "practised": {rag[7]: "2026-12-01"}}), encoding="utf-8")
    load_file(driver, newer)
    WebDriverWait(driver, 10).until(lambda d: status.text == labels("en")["progress_import_failed"])
    assert local(driver) == after

    hostile = tmp_path / "hostile.json"  # values that are not what the site writes are dropped, the rest loads
    hostile.write_text(json.dumps({"format": FORMAT, "version": 2, "practised": {"<img src=x onerror=alert(1)>": "x"},
        "graded": {rag[8]: [{"at": "2026-12-01T10:00:00Z", "score": 0.5, "marks": [2, 0]},
                            {"at": "2026-12-01T11:00:00Z", "score": 7, "marks": [2]},
                            {"at": "never", "score": 0.5, "marks": [1]}],
                   "Bad Id": [{"at": "2026-12-01T10:00:00Z", "score": 0.5, "marks": [1]}]},
        "cards": {rag[8]: {"due": "soon"}, ids[0]: {"due": "2020-01-01T00:00:00Z", "stability": -1}}}), encoding="utf-8")
    status_before = status.text
    load_file(driver, hostile)
    WebDriverWait(driver, 10).until(lambda d: rag[8] in local(d)["atlas:mock"]["graded"])
    final = local(driver)
    assert final["atlas:mock"]["graded"][rag[8]] == [{"at": "2026-12-01T10:00:00.000Z", "score": 0.5, "marks": [2, 0]}]
    assert "Bad Id" not in final["atlas:mock"]["graded"] and rag[8] not in final["atlas:mock"]["cards"]
    assert final["atlas:mock"]["cards"][ids[0]] == before["atlas:mock"]["cards"][ids[0]]
    assert set(final["atlas:practised"]["practised"]) == set(after["atlas:practised"]["practised"])
    assert status_before and status.text == ""
    driver.execute_script("localStorage.clear()")


def test_a_round_runs_where_the_browser_keeps_nothing(server, atlas) -> None:
    """Site data blocked (as in a locked-down or private browser): localStorage throws on every use. The pages
    say that nothing will be kept, the round runs to its summary, review dates are computed, nothing breaks."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from devtools.browser import CHROMEDRIVER, CHROMIUM, CHROMIUM_FLAGS
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*CHROMIUM_FLAGS, "--window-size=1280,1000"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"profile.default_content_setting_values.cookies": 2})
    d = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        d.get(server.url + "mock/?topic=rag")
        assert d.execute_script("try { window.localStorage.length; return 'usable'; } catch (e) { return e.name; }") == "SecurityError"
        ready(d)
        notice = d.find_element(By.CSS_SELECTOR, "[data-storage-notice]")
        assert notice.is_displayed() and notice.text == labels("en")["mock_no_storage"]
        start_round(d, 2)
        answer_current(d, lambda n: [0] * n)
        answer_current(d, lambda n: [2] * n)
        rows = d.find_elements(By.CSS_SELECTOR, "#mock-by-question tbody tr")
        assert len(rows) == 2 and all(re.search(r"\d{4}", r.find_elements(By.TAG_NAME, "td")[4].text) for r in rows)
        assert digits(d.find_element(By.ID, "mock-total").text) == 50
        # Within the page the grades stand (in memory): the due line counts them; the next page starts empty.
        assert d.execute_script("return Object.keys(atlasProgress.mock().graded).length") == 2
        for path in ("", "weak/", "topics/rag/", f"topics/rag/{atlas.questions_in('rag')[0].id}/", "explorer/"):
            d.get(server.url + path)
            WebDriverWait(d, 10).until(lambda x: x.execute_script("return document.readyState") == "complete")
            d.execute_script("return new Promise(r => setTimeout(r, 300))")
        assert d.find_element(By.ID, "atlas-explorer").get_attribute("data-ready")
        # Material's own inline scripts read localStorage unguarded and report it; ours never throw.
        ours = [e["message"] for e in d.get_log("browser") if e["level"] == "SEVERE"
                and re.search(r"/assets/(%s|explorer\.js|atlas\.js)" % "|".join(map(re.escape, MOCK_SCRIPTS)), e["message"])]
        assert ours == []
    finally:
        d.quit()


@pytest.mark.parametrize("lang", PREFIX)
def test_mock_and_weak_pages_add_no_inline_script(site_dir: Path, site_port: int, lang: str) -> None:
    """Every script of these pages is a file of the site or a data block; the policy hashes only the theme's."""
    from activecontent import page_problems
    for page in ("mock", "weak"):
        html = (site_dir / PREFIX[lang] / page / "index.html").read_text(encoding="utf-8")
        assert page_problems(html, f"http://127.0.0.1:{site_port}/") == [], page
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
        ours = [attrs for attrs, _ in scripts if re.search(r'src="[./]*assets/(mock|weak|review|fragments|vendor/ts-fsrs/)', attrs)]
        assert len(ours) == (4 if page == "mock" else 2) and all(a.rstrip().endswith("defer") for a in ours), ours
        data = [body for attrs, body in scripts if f'id="{page}-data"' in attrs]
        assert len(data) == 1 and 'type="application/json"' in html and "<" not in data[0]


@pytest.fixture(scope="module")
def dark():
    with chromium(412, 900) as d:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        d.set_script_timeout(120)
        yield d


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_passes_on_every_state_of_a_round_and_on_what_is_weak(driver, dark, server, atlas, scheme) -> None:
    from devtools.lighthouse import axe_violations_here
    d = dark if scheme == "dark" else driver
    d.set_script_timeout(120)
    d.get(server.url + "hi/mock/?topic=rl-algorithms&answer=1")
    d.execute_script("localStorage.clear()")
    d.refresh()
    ready(d)
    assert axe_violations_here(d) == [], "setup"
    start_round(d, 2, minutes=1)
    assert axe_violations_here(d) == [], "question"
    d.find_element(By.ID, "mock-pause").click()
    d.find_element(By.ID, "mock-reveal").click()
    WebDriverWait(d, 10).until(lambda x: x.find_element(By.ID, "mock-grading").is_displayed())
    points = d.find_elements(By.CSS_SELECTOR, "#mock-grading .atlas-mock__point")
    for i, p in enumerate(points):
        d.execute_script("arguments[0].click()", p.find_element(By.CSS_SELECTOR, f"input[value='{(2, 1, 0)[i % 3]}']"))
    d.find_element(By.ID, "mock-answer-toggle").click()
    d.execute_script("window.dispatchEvent(new Event('beforeprint'))")  # every formula typeset
    assert axe_violations_here(d) == [], "graded, answer open"
    d.find_element(By.ID, "mock-next").click()
    d.find_element(By.ID, "mock-end").click()
    WebDriverWait(d, 10).until(lambda x: x.find_element(By.ID, "mock-summary").is_displayed())
    assert axe_violations_here(d) == [], "summary"
    d.get(server.url + "ru/weak/")
    ready(d, "atlas-weak")
    WebDriverWait(d, 10).until(lambda x: x.find_element(By.ID, "atlas-weak").get_attribute("data-missed-topic"))
    assert axe_violations_here(d) == [], "what is weak"
    d.get(server.url)
    assert d.find_element(By.CSS_SELECTOR, ".atlas-due").is_displayed()
    assert axe_violations_here(d) == [], "home with the due line"
    if scheme == "dark":
        assert d.execute_script("return document.body.getAttribute('data-md-color-scheme')") == "slate"
    d.execute_script("localStorage.clear()")


from test_security import hostile_site  # noqa: E402,F401  (the fixture: a site built from hostile records)


def test_a_round_over_hostile_records_runs_nothing(hostile_site) -> None:  # noqa: F811
    """Records whose every field tries to run script (questions, rubric points, answers, round names, readings),
    in a mock round from a company page and on "what is weak", in every language: no dialog, nothing run, nothing
    blocked by the policy (nothing needed blocking), the hostile text shown as text."""
    from selenium.common.exceptions import NoAlertPresentException

    from devtools.server import SiteServer
    site, port = hostile_site
    with SiteServer(site, port) as server, chromium() as d:
        d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
        for lang in PREFIX:
            d.get(f"{server.url}{PREFIX[lang]}companies/old-lab/")
            d.find_element(By.CSS_SELECTOR, "a.atlas-mock-start").click()
            ready(d)
            total = int(re.findall(r"\d+", d.find_element(By.ID, "mock-selection").text)[-1])
            start_round(d, total)
            if lang == "en":
                assert "<img src=x" in d.find_element(By.CSS_SELECTOR, ".atlas-mock__position").text  # text, not markup
            for _ in range(total):
                qid = d.find_element(By.ID, "mock-round").get_attribute("data-id")
                d.find_element(By.ID, "mock-reveal").click()
                WebDriverWait(d, 10).until(lambda x: x.find_element(By.ID, "mock-grading").is_displayed())
                for toggle in d.find_elements(By.ID, "mock-answer-toggle"):
                    toggle.click()
                for p in d.find_elements(By.CSS_SELECTOR, "#mock-grading .atlas-mock__point"):
                    d.execute_script("arguments[0].click()", p.find_element(By.CSS_SELECTOR, "input[value='0']"))
                for el in d.find_elements(By.CSS_SELECTOR, "#mock-round a, #mock-round strong, #mock-round em, #mock-round code")[:40]:
                    d.execute_script("for (const t of ['mouseover','mouseenter','focus','pointerdown']) "
                                     "arguments[0].dispatchEvent(new Event(t, {bubbles: true, cancelable: true}))", el)
                d.find_element(By.ID, "mock-next").click()
                WebDriverWait(d, 10).until(lambda x: x.find_element(By.ID, "mock-round").get_attribute("data-id") != qid)
            WebDriverWait(d, 10).until(lambda x: x.find_element(By.ID, "mock-summary").is_displayed())
            d.get(f"{server.url}{PREFIX[lang]}weak/")
            ready(d, "atlas-weak")
            with pytest.raises(NoAlertPresentException):
                d.switch_to.alert.text
            assert d.execute_script("return window.__pwned") is None, lang
            assert d.execute_script("return window.__csp") == [], lang
