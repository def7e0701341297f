"""Search, language switching and the explorer, in a real browser, in every language."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import assemble_topic, explorer_rows, question_in
from devtools.browser import chromium
from devtools.server import SiteServer

pytestmark = pytest.mark.browser
PREFIX = {"en": "", "ru": "ru/", "hi": "hi/"}


def landed(href: str) -> str:
    """What a link leads to: a question (the last part of its page's address, /topics/<topic>/<id>/), a glossary
    term or another anchor (its fragment), or "" (a page such as a topic's)."""
    return urlparse(href).fragment or question_in(href)


def search(driver, server: SiteServer, lang: str, query: str, path: str = "", root: str = "") -> list[str]:
    """Type a query into Material's search box on a page of the language; return result links.
    `root` is the published base path the site was built for (`atlas/`)."""
    driver.get(server.url + root + PREFIX[lang] + path)
    wait = WebDriverWait(driver, 20)
    box = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "input.md-search__input")))
    box.click()
    # The whole query at once (one keyup, one query), so the answer read below is this query's, not a
    # keystroke's; typing is exercised by the keyboard test.
    driver.execute_script("arguments[0].value = arguments[1];"
                          "arguments[0].dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}))", box, query)
    none = driver.execute_script(
        "return JSON.parse(document.getElementById('__config').textContent).translations['search.result.none']")

    def answer(d):  # this query's results, or Material's "no results" line; settled, not an earlier keystroke's
        links = [a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, ".md-search-result__item a")]
        if not links and d.find_element(By.CSS_SELECTOR, ".md-search-result__meta").text != none:
            return None
        d.execute_script("return new Promise(r => setTimeout(r, 300))")
        again = [a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, ".md-search-result__item a")]
        return (again,) if again == links else None

    return wait.until(answer)[0]


def result_texts(driver, selector: str) -> list[str]:
    """Text of result parts, including those in Material's collapsed "more" lists."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.textContent)", selector)


def _in_language(href: str, server: SiteServer, lang: str) -> bool:
    path = href.removeprefix(server.url)
    first = path.split("/", 1)[0]
    return first == lang.rstrip("/") if lang != "en" else first not in ("ru", "hi")


@pytest.mark.parametrize("lang,query,anchor", [
    ("en", "CISPO", "ppo-clipping-and-cispo"),
    ("ru", "CISPO", "ppo-clipping-and-cispo"),
    ("hi", "CISPO", "ppo-clipping-and-cispo"),
    ("en", "2402.03300", "grpo-group-relative-advantage"),  # an arXiv id, found whole
    ("ru", "2402.03300", "grpo-group-relative-advantage"),
    ("hi", "2402.03300", "grpo-group-relative-advantage"),
    ("ru", "rollout", "rollout-long-tail"),                 # English terms from any language
    ("hi", "PagedAttention", "pagedattention-kv-fragmentation"),
    ("ru", "опорная модель", "reference-model"),            # a glossary term lands on its anchor
])
def test_search_returns_this_languages_results_and_questions(driver, server, lang, query, anchor) -> None:
    links = search(driver, server, lang, query)
    assert links, f"no results for {query!r} on /{PREFIX[lang]}"
    assert all(_in_language(h, server, lang) for h in links), links
    assert any(landed(h) == anchor for h in links), links


@pytest.mark.parametrize("lang,query,anchor", [
    ("ru", "обрезанной", "ppo-clipping-and-cispo"),            # inflected: the text says «обрезанной»
    ("ru", "дистилляцию", "distill-teacher-into-small-student"),  # the text says «дистилляция»
    ("ru", "обрезанная", "ppo-clipping-and-cispo"),
    ("hi", "फाइन", "prompt-rag-or-finetune"),                   # the page writes फ़ाइन with a nukta
    ("hi", "लोरा", "lora-update-rank-alpha"),                   # a Devanagari spelling of LoRA
    ("hi", "दिक्कतों", "zero3-communication-one-and-a-half"),   # oblique plural of दिक्कत
    ("en", "clipped", "ppo-clipping-and-cispo"),
])
def test_inflected_and_variant_forms_are_found(driver, server, lang, query, anchor) -> None:
    links = search(driver, server, lang, query)
    assert any(landed(h) == anchor for h in links), links


@pytest.mark.parametrize("lang,query,corrected,anchor", [
    ("en", "kv cahce", "kv cache", "kv-cache"),  # the glossary's entry, named so
    ("ru", "градиентный бустинк", "градиентный бустинг", "gradient-boosting-pseudo-residuals"),
    ("hi", "gradiant boosting", "gradient boosting", "gradient-boosting-pseudo-residuals"),
])
def test_a_typo_is_corrected_and_the_dialog_says_so(driver, server, lang, query, corrected, anchor) -> None:
    """Pagefind forgives a typo in a word alone, not among several: the worker corrects it to the nearest word
    of the titles, and the dialog says what it searched for."""
    links = search(driver, server, lang, query)
    assert anchor in [landed(h) for h in links][:3], links
    note = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".atlas-search-corrected"))
    assert corrected in note.text


def test_a_word_the_titles_do_not_use_is_not_corrected(driver, server) -> None:
    """A real word from the answers (Peres, who improved von Neumann's trick) is searched as typed."""
    links = search(driver, server, "en", "Peres")
    assert "fair-bit-from-biased-coin" in [landed(h) for h in links], links
    assert not driver.find_elements(By.CSS_SELECTOR, ".atlas-search-corrected")


@pytest.mark.parametrize("lang,query,wanted", [
    ("en", "KV cache", {"kv-cache-what-and-why", "kv-cache"}),         # the definitional question or the term
    ("ru", "KV-кэш", {"kv-cache-what-and-why", "kv-cache"}),
    ("hi", "GRPO", {"grpo-group-relative-advantage", "grpo"}),
    ("en", "what is a reward model", {"reward-model"}),                # "what is a" says how, not what
    ("ru", "модель вознаграждения", {"reward-model", "rlhf-pipeline-kl-penalty"}),  # Russian for the Latin term
    ("hi", "प्रॉम्प्ट इंजेक्शन", {"prompt-injection", "jailbreak-vs-prompt-injection"}),  # a form the glossary avoids
])
def test_a_term_finds_its_own_entry_first(driver, server, lang, query, wanted) -> None:
    links = search(driver, server, lang, query)
    first = next(landed(h) for h in links if landed(h))
    assert first in wanted, links


def test_hindi_vowel_signs_are_not_folded_away(driver, server) -> None:
    """Pagefind strips combining marks unless told not to: «काम» (work) must not find «कम» (less) or «कीमत»."""
    search(driver, server, "hi", "काम")
    marks = result_texts(driver, ".md-search-result mark")
    assert marks and all(m.startswith("काम") for m in marks), marks


def test_short_russian_words_do_not_match_unrelated_longer_words(driver, server) -> None:
    """Pagefind matches any word starting with the query: «кот» would find every «который»."""
    assert search(driver, server, "ru", "кот") == []
    assert search(driver, server, "ru", "кэш")
    for article in driver.find_elements(By.CSS_SELECTOR, ".md-search-result__article"):
        marks = [m.get_attribute("textContent").lower().strip(".,;:()") for m in article.find_elements(By.TAG_NAME, "mark")]
        assert not marks or any(len(m) <= len("кэш") + 3 for m in marks), marks  # кэш, кэша, кэше…, not only кэшируются


@pytest.mark.parametrize("lang", PREFIX)
def test_results_show_questions_without_permalinks_or_raw_tex(driver, server, lang) -> None:
    search(driver, server, lang, "PPO")
    titles = result_texts(driver, ".md-search-result__article h1, .md-search-result__article h2")
    texts = result_texts(driver, ".md-search-result__article")
    assert len(titles) >= 3 and not any("¶" in t for t in titles), titles
    assert not any("\\" in t or "$" in t or "\\frac" in t for t in texts), texts
    assert driver.find_elements(By.CSS_SELECTOR, ".md-search-result mark")


def test_a_filter_narrows_results(driver, server, atlas) -> None:
    every = search(driver, server, "en", "PPO")
    narrowed = search(driver, server, "en", "PPO topic:post-training")
    questions = [h for h in narrowed if landed(h)]
    assert questions and len(narrowed) < len(every)
    assert all(atlas.question(landed(h)).topic == "post-training" for h in questions), narrowed
    only = search(driver, server, "ru", "type:system-design")
    assert {atlas.question(landed(h)).type for h in only if landed(h)} == {"system-design"}
    hard = search(driver, server, "hi", "GRPO difficulty:advanced")
    assert hard and {atlas.question(landed(h)).difficulty for h in hard if landed(h)} == {"advanced"}


@pytest.mark.parametrize("lang", PREFIX)
def test_search_loads_nothing_before_it_opens_and_only_this_languages_index(server, lang) -> None:
    others = [f"/{code}pagefind/" for code in ("ru/", "hi/") if code != PREFIX[lang]] + (
        ["/pagefind/"] if lang != "en" else [])
    server.requests.clear()
    with chromium() as fresh:  # an empty cache, so every file the search needs reaches the server
        fresh.get(server.url + PREFIX[lang] + "topics/post-training/")
        WebDriverWait(fresh, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        fresh.execute_script("return new Promise(r => setTimeout(r, 500))")
        assert not [p for p in server.requests if "search" in p or "pagefind" in p], server.requests
        assert search(fresh, server, lang, "LoRA", "topics/post-training/")
    asked = [p for p in server.requests if "pagefind" in p]
    assert any(p.startswith(f"/{PREFIX[lang]}pagefind/fragment/") for p in asked), asked
    assert not [p for p in asked if any(p.startswith(o) for o in others)], asked
    assert not [p for p in server.requests if "lunr" in p or "search.a7633da7" in p or "wordcut" in p]


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_a_query_typed_as_the_dialog_opens_on_a_slow_phone_waits_for_the_index(server, lang) -> None:
    """CPU throttled 6x and a slow network, an empty cache, the query typed the moment search opens: the
    reader sees "Initializing search" until the index is there, then the results; never "no results"."""
    with chromium(width=390, height=844) as slow:
        # Keep a handle on the real worker and note when it reports READY (Material's message type 1).
        slow.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            (function () {
              var Real = window.Worker;
              window.Worker = function (url, options) {
                var w = new Real(url, options);
                w.addEventListener('message', function (e) {
                  if (e.data && e.data.type === 1) window.atlasReadyAt = performance.timeOrigin + performance.now();
                });
                window.atlasWorkers = (window.atlasWorkers || []).concat(w);
                return w;
              };
            })();"""})
        slow.execute_cdp_cmd("Network.enable", {})
        slow.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 300, "downloadThroughput": 150 * 1024, "uploadThroughput": 50 * 1024})
        slow.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 6})
        slow.get(server.url + PREFIX[lang] + "topics/post-training/")
        WebDriverWait(slow, 60).until(lambda d: d.execute_script("return document.readyState") == "complete")
        none = slow.execute_script(
            "return JSON.parse(document.getElementById('__config').textContent).translations['search.result.none']")
        loading = slow.execute_script("return document.querySelector('.md-search-result__meta').textContent")
        # Record every state of the result line from the first moment, then open search and type at once.
        slow.execute_script("""
            window.atlasMeta = [];
            const meta = document.querySelector('.md-search-result__meta');
            const seen = () => window.atlasMeta.push(meta.textContent);
            new MutationObserver(seen).observe(meta, {childList: true, characterData: true, subtree: true});
            seen();
            const box = document.querySelector('input.md-search__input');
            document.querySelector('label[for="__search"]') ? document.getElementById('__search').click() : null;
            box.focus();
            box.value = 'LoRA';
            box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}));
        """)
        links = WebDriverWait(slow, 120, poll_frequency=0.25).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, ".md-search-result__item a"))
        assert links
        seen = [text for text in slow.execute_script("return window.atlasMeta") if text.strip()]
        assert none not in seen, seen
        assert seen[0] == loading and seen[-1] != loading, seen  # "Initializing search" until the results
        # The mechanism: READY only after the worker had Pagefind's runtime (its own fetches, in its timeline).
        timing = slow.execute_async_script("""
            const done = arguments[arguments.length - 1], w = window.atlasWorkers.find(w => true);
            w.addEventListener('message', e => { if (e.data && e.data.type === 'atlas-timing') done(e.data); });
            w.postMessage({type: 'atlas-timing'});""")
        runtime = [timing["origin"] + e["responseEnd"] for e in timing["data"] if e["name"].endswith("/pagefind.js")]
        assert runtime and slow.execute_script("return window.atlasReadyAt") >= max(runtime)


def test_pages_load_without_console_errors_or_foreign_requests(driver, server) -> None:
    for path in ("", "ru/topics/rl-algorithms/", "ru/topics/inference-serving/kv-cache-what-and-why/", "hi/explorer/",
                 "collections/rl-interview-benchmark/"):
        driver.get(server.url + path)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        hosts = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => new URL(e.name).host)")
        assert set(hosts) <= {server.url.split("/")[2]}, hosts
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert not errors, errors


def test_search_result_lands_on_the_question(driver, server) -> None:
    links = search(driver, server, "ru", "CISPO")
    target = next(h for h in links if landed(h) == "ppo-clipping-and-cispo")
    link = next(a for a in driver.find_elements(By.CSS_SELECTOR, ".md-search-result__item a")
                if a.get_attribute("href") == target)
    driver.execute_script("arguments[0].click()", link)  # section hits may sit in a collapsed "more" list
    WebDriverWait(driver, 10).until(lambda d: landed(d.current_url) == "ppo-clipping-and-cispo")
    heading = driver.find_element(By.ID, "ppo-clipping-and-cispo")
    assert "CISPO" in heading.text and "/ru/" in driver.current_url


@pytest.mark.parametrize("lang", PREFIX)
def test_search_dialog_by_keyboard(driver, server, lang) -> None:
    """Material's own keys: / opens search, arrows move through results, Enter opens one, Escape closes."""
    driver.get(server.url + PREFIX[lang] + "topics/")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    box = driver.switch_to.active_element
    assert "md-search__input" in box.get_attribute("class")
    box.send_keys("GRPO")
    WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".md-search-result__item"))
    box.send_keys(Keys.ARROW_DOWN)
    first = driver.switch_to.active_element
    assert first.tag_name == "a" and "md-search-result__link" in first.get_attribute("class")
    first.send_keys(Keys.ARROW_UP)
    assert "md-search__input" in driver.switch_to.active_element.get_attribute("class")
    driver.switch_to.active_element.send_keys(Keys.ENTER)  # the best result
    WebDriverWait(driver, 10).until(lambda d: landed(d.current_url))
    assert driver.find_element(By.ID, landed(driver.current_url)).is_displayed()  # a question's page, or a glossary term
    assert urlparse(driver.current_url).path.startswith("/" + PREFIX[lang])
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not driver.find_element(By.ID, "__search").is_selected()


@pytest.mark.parametrize("lang,other", [("en", "ru"), ("ru", "hi"), ("hi", "en")])
def test_language_switcher_keeps_the_page(driver, server, lang, other) -> None:
    driver.get(server.url + PREFIX[lang] + "topics/rl-infrastructure/")
    link = driver.find_element(By.CSS_SELECTOR, f"a.md-select__link[hreflang='{other}']")
    driver.get(link.get_attribute("href"))
    assert urlparse(driver.current_url).path == "/" + PREFIX[other] + "topics/rl-infrastructure/"
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == other


def open_explorer(driver, server, lang: str, query: str = "") -> None:
    driver.get(server.url + PREFIX[lang] + "explorer/" + query)
    WebDriverWait(driver, 15).until(lambda d: d.find_element(By.ID, "atlas-explorer").get_attribute("data-ready"))


def shown(driver) -> int:
    return len(explorer_rows(driver))


@pytest.mark.parametrize("lang", PREFIX)
def test_explorer_filters_counts_and_url_state(driver, server, atlas, lang) -> None:
    open_explorer(driver, server, lang)
    total = len(atlas.questions)
    assert shown(driver) == total
    Select(driver.find_element(By.ID, "ex-topic")).select_by_value("rl-infrastructure")
    infra = [q for q in atlas.questions if q.topic == "rl-infrastructure"]
    assert shown(driver) == len(infra)
    assert f"{len(infra)}" in driver.find_element(By.ID, "ex-count").text
    track_option = driver.find_element(By.CSS_SELECTOR, "#ex-track option[value='research']")
    assert track_option.text.endswith(f"({sum(1 for q in infra if 'research' in q.tracks)})")
    driver.find_element(By.ID, "ex-answer").click()
    answered = [q for q in infra if q.answer]
    assert shown(driver) == len(answered)
    assert parse_qs(urlparse(driver.current_url).query) == {"topic": ["rl-infrastructure"], "answer": ["1"]}
    driver.refresh()
    WebDriverWait(driver, 15).until(lambda d: d.find_element(By.ID, "atlas-explorer").get_attribute("data-ready"))
    assert shown(driver) == len(answered)
    assert driver.find_element(By.ID, "ex-answer").is_selected()
    assert set(explorer_rows(driver)) == {q.id for q in answered}


@pytest.mark.parametrize("lang", PREFIX)
def test_explorer_lists_fifty_matches_then_a_hundred_more_at_a_time(driver, server, atlas, lang) -> None:
    """Issue 27: the whole atlas drawn at once was one ~900 ms frame on a phone-speed CPU, on every keystroke. The
    first 50 matches are listed; "Show 100 more" (by keyboard too) adds the next ones and moves focus to the first
    row added; the count still gives every match; a new filter starts again from the first 50."""
    total = len(atlas.questions)
    assert total > 150
    open_explorer(driver, server, lang)
    rows = lambda: driver.find_elements(By.CSS_SELECTOR, "#ex-results li[data-id]")
    assert len(rows()) == 50
    assert str(total) in driver.find_element(By.ID, "ex-count").text
    more = driver.find_element(By.ID, "ex-more")
    assert more.is_displayed() and "100" in more.text and str(total - 50) in more.text
    driver.execute_script("arguments[0].focus()", more)
    more.send_keys(Keys.ENTER)
    assert len(rows()) == 150
    added = rows()[50]
    assert driver.switch_to.active_element == added.find_element(By.TAG_NAME, "a")
    assert str(total - 150) in more.text
    listed = explorer_rows(driver)
    assert len(listed) == len(set(listed)) == total and not more.is_displayed()
    Select(driver.find_element(By.ID, "ex-difficulty")).select_by_value("advanced")
    advanced = [q for q in atlas.questions if q.difficulty == "advanced"]
    assert len(rows()) == min(50, len(advanced))
    assert more.is_displayed() == (len(advanced) > 50)


def test_explorer_free_text_and_keyboard(driver, server) -> None:
    open_explorer(driver, server, "en", "?text=CISPO")
    assert driver.find_element(By.ID, "ex-text").get_attribute("value") == "CISPO"
    ids = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#ex-results li[data-id]")]
    assert "ppo-clipping-and-cispo" in ids
    box = driver.find_element(By.ID, "ex-text")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("zzzz-no-such-word")
    assert shown(driver) == 0
    assert driver.find_element(By.CSS_SELECTOR, "#ex-results .atlas-ex__empty").text
    box.send_keys(Keys.TAB)  # keyboard focus moves on to the filters' toggle, "clear" (words are typed), the first filter
    assert driver.switch_to.active_element.get_attribute("id") == "ex-filters-toggle"
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("id") == "ex-reset"
    driver.switch_to.active_element.send_keys(Keys.TAB)
    focused = driver.switch_to.active_element
    assert focused.get_attribute("id") == "ex-topic"
    assert driver.find_element(By.CSS_SELECTOR, "label[for='ex-topic']").text


@pytest.mark.parametrize("lang,width", [(lang, width) for lang in PREFIX for width in (390, 1366)])
def test_the_explorers_filters_fold_behind_one_toggle_on_a_phone_and_the_active_ones_stay_in_sight(server, atlas, lang, width) -> None:
    """On a phone the seven filters fold behind "Filters (2 active)", so the first result and Practice are on the
    first screen; on a laptop they are open. Either way the active filters show as chips, each clearing its own
    (by keyboard too), and the toggle opens and closes the filters."""
    from atlas.core.labels import Labels
    L, phone = Labels(lang), width < 500
    basic = atlas.difficulties["basic"].name[lang]
    company = atlas.companies["bytedance"].name[lang]
    both = [q for q in atlas.questions if q.difficulty == "basic" and any(a.company == "bytedance" for a in q.asked)]
    with chromium(width=width, height=844 if phone else 900, mobile=phone) as d:
        open_explorer(d, server, lang, "?company=bytedance&difficulty=basic")
        toggle = d.find_element(By.ID, "ex-filters-toggle")
        fields = d.find_elements(By.CSS_SELECTOR, "#ex-filters select, #ex-filters input")
        assert len(fields) == 8 and shown(d) == len(both) > 0
        assert toggle.get_attribute("aria-expanded") == str(not phone).lower()
        assert all(f.is_displayed() != phone for f in fields)
        assert toggle.text.startswith(L["filters"]) and L["filters_active"].replace("{n}", "2") in toggle.text
        chips = d.find_elements(By.CSS_SELECTOR, "#ex-chips button")
        assert [c.text.rstrip(" ×") for c in chips] == [f"{L['difficulty']}: {basic}", f"{L['company']}: {company}"]
        assert all(c.size["height"] >= 24 for c in chips + [toggle])
        screen = d.execute_script("return innerHeight")
        first = d.find_element(By.CSS_SELECTOR, "#ex-results li[data-id]")
        if phone:  # the first result and Practice on the first screen
            assert first.rect["y"] + 24 < screen and d.find_element(By.ID, "ex-practice").rect["y"] + 24 < screen
        toggle.click()
        assert toggle.get_attribute("aria-expanded") == str(phone).lower() and all(f.is_displayed() == phone for f in fields)
        toggle.click()
        assert toggle.get_attribute("aria-expanded") == str(not phone).lower() and all(f.is_displayed() != phone for f in fields)
        # A chip clears its filter; by keyboard, focus goes on to the next chip, then back to the toggle.
        chips[0].send_keys(Keys.ENTER)
        assert parse_qs(urlparse(d.current_url).query) == {"company": ["bytedance"]}
        left = d.find_elements(By.CSS_SELECTOR, "#ex-chips button")
        assert len(left) == 1 and d.switch_to.active_element == left[0]
        assert L["filters_active"].replace("{n}", "1") in toggle.text
        left[0].send_keys(Keys.ENTER)
        assert shown(d) == len(atlas.questions) and d.switch_to.active_element == toggle
        assert not d.find_element(By.ID, "ex-chips").is_displayed() and toggle.text == L["filters"]
        assert d.execute_script("return document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("lang", PREFIX)
def test_practice_mode_hides_then_reveals(driver, server, atlas, lang) -> None:
    open_explorer(driver, server, lang, "?answer=1")
    driver.find_element(By.ID, "ex-practice").click()
    card = driver.find_element(By.ID, "ex-card")
    WebDriverWait(driver, 10).until(lambda d: card.is_displayed())
    qid = card.get_attribute("data-id")
    question = atlas.question(qid)
    assert question.answer
    panels = card.find_elements(By.CSS_SELECTOR, ":scope > div")
    assert panels and not any(p.is_displayed() for p in panels)
    buttons = card.find_elements(By.CSS_SELECTOR, "button[aria-expanded]")
    for b in buttons:
        b.click()
        assert b.get_attribute("aria-expanded") == "true"
    assert all(p.is_displayed() for p in panels)
    assert len(card.find_elements(By.CSS_SELECTOR, ".atlas-ex__points > li")) == len(question.rubric)
    driver.find_element(By.ID, "ex-next").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "ex-next"))
    assert driver.find_element(By.ID, "ex-card").get_attribute("data-id") in {q.id for q in atlas.questions if q.answer}


def test_explorer_script_never_writes_html() -> None:
    """Record text goes in with textContent; the build's sanitised HTML is parsed inert (DOMParser, in one
    place: atlas.js's atlasBuilt) and copied node by node through an allowlist: never innerHTML and the like."""
    from conftest import ROOT
    scripts = {name: (ROOT / "docs" / "assets" / name).read_text(encoding="utf-8")
               for name in ("explorer.js", "atlas.js", "study.js", "progress.js")}
    for name, script in scripts.items():
        assert "innerHTML" not in script and "insertAdjacentHTML" not in script and "document.write" not in script, name
        assert "outerHTML" not in script and "createContextualFragment" not in script and "srcdoc" not in script, name
    assert sum(s.count("parseFromString") for s in scripts.values()) == 1  # atlas.js's atlasBuilt, and only there
    assert "new DOMParser().parseFromString" in scripts["atlas.js"]


@pytest.mark.parametrize("lang,query,path", [
    ("en", "RL infrastructure", "topics/rl-infrastructure/"),
    ("ru", "Инфраструктура", "ru/topics/rl-infrastructure/"),
    ("hi", "इन्फ्रास्ट्रक्चर", "hi/topics/rl-infrastructure/"),
])
def test_a_topic_name_finds_the_topic(driver, server, lang, query, path) -> None:
    links = search(driver, server, lang, query)
    assert any(urlparse(h).path.lstrip("/") == path for h in links), links


@pytest.mark.parametrize("lang,names", [
    ("en", ["Meituan", "美团"]),
    ("ru", ["Meituan", "Мэйтуань"]),
    ("hi", ["Meituan", "मेइतुआन"]),
])
def test_a_company_name_in_latin_or_the_readers_script_finds_the_company(driver, server, lang, names) -> None:
    for name in names:
        links = search(driver, server, lang, name)
        assert any(urlparse(h).path == f"/{PREFIX[lang]}companies/meituan/" for h in links), (name, links)
        assert all(_in_language(h, server, lang) for h in links), links


def test_search_under_the_published_base_path(driver, tmp_path: Path) -> None:
    """Built for http://host/atlas/ (site_url's path): the worker, the index and every result stay under it.
    The fixtures' Example Lab, with Cyrillic and Devanagari aliases, asked sample-clipping."""
    from atlas.core.settings import standalone_config
    from conftest import ROOT, build_site, free_port
    port = free_port()
    config = tmp_path / "mkdocs.yml"
    config.write_text(standalone_config(ROOT / "tests" / "fixtures" / "valid"), encoding="utf-8")
    result = build_site(tmp_path / "root" / "atlas", config, cwd=tmp_path, site_url=f"http://127.0.0.1:{port}/atlas/")
    assert result.returncode == 0, result.stderr
    with SiteServer(tmp_path / "root", port) as fixture:
        for lang, name in (("en", "Example Lab"), ("ru", "Экзампл Лаб"), ("hi", "एग्ज़ाम्पल लैब")):
            fixture.requests.clear()
            links = search(driver, fixture, lang, name, root="atlas/")
            paths = [urlparse(h).path for h in links]
            assert f"/atlas/{PREFIX[lang]}companies/example-lab/" in paths, (lang, links)
            assert any(landed(h) == "sample-clipping" for h in links) or lang != "en", (lang, links)
            assert [p for p in fixture.requests if "pagefind" in p], fixture.requests
            assert all(p.startswith("/atlas/") for p in fixture.requests), fixture.requests


# -- Practice cards (issue 25): the topic page's HTML, never Markdown -------------------------------------------
CARD_CHECK = """
const ids = arguments[0], done = arguments[arguments.length - 1], out = {bad: [], pre: 0, table: 0, math: 0, points: {}};
(async () => {
  for (const id of ids) {
    if (!(await window.atlasPractise(id))) { out.bad.push([id, 'no card']); continue; }
    const card = document.getElementById('ex-card');
    card.querySelectorAll('button[aria-expanded="false"]').forEach(b => b.click());
    if (card.getAttribute('data-id') !== id) { out.bad.push([id, 'wrong card']); continue; }
    out.pre += card.querySelectorAll('pre code span').length > 0;
    out.table += card.querySelectorAll('.atlas-ex__answer table th').length > 0;
    out.math += card.querySelectorAll('.arithmatex').length > 0;
    out.points[id] = card.querySelectorAll('.atlas-ex__points > li').length;
    const prose = card.cloneNode(true);
    prose.querySelectorAll('code, pre, .arithmatex').forEach(n => n.remove());
    const text = prose.textContent, m = /\\*\\*|`|\\$\\$|\\\\\\(|\\\\\\[/.exec(text);
    if (m) out.bad.push([id, text.slice(Math.max(0, m.index - 50), m.index + 50)]);
    if (!card.querySelector('.atlas-ex__rubric strong')) out.bad.push([id, 'no bold label']);
  }
  done(out);
})();
"""


@pytest.mark.parametrize("lang", PREFIX)
def test_no_practice_card_shows_markdown(driver, server, atlas, lang) -> None:
    """Every question's card, opened and revealed in the browser: no `**`, backtick, ``` fence, `$$` or raw TeX
    outside code and formulas; code arrives highlighted, tables as tables, the rubric as its points."""
    open_explorer(driver, server, lang)
    driver.set_script_timeout(300)
    out = driver.execute_async_script(CARD_CHECK, [q.id for q in atlas.questions])
    assert out["bad"] == [], out["bad"][:5]
    assert out["points"] == {q.id: len(q.rubric) for q in atlas.questions}
    assert out["pre"] >= 12 and out["table"] >= 5 and out["math"] >= 100, out


def test_the_card_check_catches_markdown(driver, server) -> None:
    """The check above fails on a card that shows raw Markdown (as the old textContent cards did)."""
    open_explorer(driver, server, "en")
    driver.execute_script("""
        const real = window.atlasPractise;
        window.atlasPractise = id => real(id).then(ok => {
          const li = document.querySelector('#ex-card .atlas-ex__points > li');
          li.textContent = '**In-batch negatives** and `GradScaler`';
          return ok;
        });""")
    out = driver.execute_async_script(CARD_CHECK, ["causal-attention-numpy"])
    assert out["bad"] and "**In-batch" in out["bad"][0][1]


@pytest.mark.parametrize("width", [390, 1366])
def test_practice_card_with_code_table_and_math_fits_the_screen(server, width) -> None:
    """A code answer, a table answer and a formula-heavy one, revealed on a phone and a laptop: the page never
    scrolls sideways (code and tables scroll inside their boxes) and the formulas are typeset by KaTeX."""
    with chromium(width=width, height=900, mobile=width < 500) as d:
        for qid in ("causal-attention-numpy", "fp16-vs-bf16-loss-scaling", "speculative-decoding-lossless"):
            d.get(server.url + f"explorer/?practice={qid}")
            card = WebDriverWait(d, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, f"#ex-card[data-id='{qid}']"))
            for b in card.find_elements(By.CSS_SELECTOR, "button[aria-expanded='false']"):
                d.execute_script("arguments[0].click()", b)
            assert d.execute_script("return window.innerWidth") == width
            # Scroll through the card as a reader would: formulas are typeset as they come into view.
            d.execute_script("""return (async () => { for (const e of document.querySelectorAll('#ex-card .arithmatex')) {
                e.scrollIntoView(); await new Promise(r => setTimeout(r, 30)); } })()""")
            WebDriverWait(d, 30).until(lambda d: d.execute_script(
                "return document.querySelectorAll('#ex-card .arithmatex').length === "
                "document.querySelectorAll('#ex-card .arithmatex .katex').length"))
            assert d.execute_script("return document.documentElement.scrollWidth") <= width, qid
            if qid == "fp16-vs-bf16-loss-scaling":
                assert d.find_elements(By.CSS_SELECTOR, "#ex-card .md-typeset__scrollwrap table")


# -- Study mode (issue 25): what it tests and the rubric folded, remembered; expand all for reading -------------
def rubric_shown(driver) -> list[bool]:
    """For each question on the page: is its rubric (the first point) rendered? A closed <details> hides its
    content with content-visibility, which checkVisibility sees (offsetParent does not)."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('details.atlas-fold')).map(d => d.querySelector('li').checkVisibility())")


@pytest.mark.parametrize("lang,width", [(lang, width) for lang in PREFIX for width in (390, 1366)])
def test_study_mode_folds_the_rubric_remembers_it_and_expand_all_reads_everything(server, atlas, lang, width) -> None:
    first, second = [q for q in atlas.questions_in("rag") if q.answer][:2]
    answer_open = "return document.querySelectorAll('article details.answer[open]').length"
    with chromium(width=width, height=900, mobile=width < 500) as d:
        d.get(server.url + PREFIX[lang] + f"topics/rag/{first.id}/")
        d.execute_script("localStorage.clear()")
        d.refresh()
        mode = WebDriverWait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".atlas-study-bar:not([hidden]) .atlas-study__mode"))
        assert rubric_shown(d) == [True] and mode.get_attribute("aria-pressed") == "false"  # reading by default
        assert mode.size["height"] >= 24
        d.execute_script("arguments[0].click()", mode)
        assert rubric_shown(d) == [False] and mode.get_attribute("aria-pressed") == "true"
        d.refresh()  # remembered
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".atlas-study__mode").get_attribute("aria-pressed") == "true")
        assert rubric_shown(d) == [False]
        # The reader answers, then reveals the rubric.
        summary = d.find_element(By.CSS_SELECTOR, "details.atlas-fold > summary")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        assert summary.size["height"] >= 24 and summary.is_displayed()
        summary.click()
        assert rubric_shown(d) == [True]
        summary.click()
        expand = d.find_element(By.CSS_SELECTOR, ".atlas-study__expand")
        label = expand.text
        d.execute_script("arguments[0].click()", expand)
        assert rubric_shown(d) == [True] and d.execute_script(answer_open) == 1
        assert expand.get_attribute("aria-expanded") == "true" and expand.text != label
        d.execute_script("arguments[0].click()", expand)  # collapse all: folded again in study mode
        assert rubric_shown(d) == [False] and d.execute_script(answer_open) == 0
        # The same browser remembers it on every question, in every language.
        other = {"en": "ru", "ru": "hi", "hi": "en"}[lang]
        d.get(server.url + PREFIX[other] + f"topics/rag/{second.id}/")
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".atlas-study__mode").get_attribute("aria-pressed") == "true")
        assert rubric_shown(d) == [False]
        d.execute_script("document.querySelector('.atlas-study__mode').click()")
        assert rubric_shown(d) == [True]
        d.refresh()
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".atlas-study-bar:not([hidden])"))
        assert rubric_shown(d) == [True]
        assert d.execute_script("return document.documentElement.scrollWidth") <= d.execute_script("return innerWidth")


# -- Topic pages: a list of the questions, each on a page of its own with the way to the next --------------------
@pytest.mark.parametrize("lang,width", [(lang, width) for lang in PREFIX for width in (390, 1366)])
def test_topic_page_lists_its_questions_marks_practised_and_leads_from_one_to_the_next(server, atlas, lang, width) -> None:
    topic = "inference-serving"
    base = server.url + PREFIX[lang] + f"topics/{topic}/"
    with chromium(width=width, height=900, mobile=width < 500) as d:
        d.get(base)
        d.execute_script("localStorage.clear()")
        d.refresh()
        listed = d.find_elements(By.CSS_SELECTOR, "#topic-questions > li > a")
        order = [landed(a.get_attribute("href")) for a in listed]
        assert sorted(order) == sorted(q.id for q in atlas.questions_in(topic))
        assert [a.get_attribute("href") for a in listed] == [f"{base}{qid}/" for qid in order]
        # The list starts within the first screen and a half, even on a phone; its meter counts the topic.
        assert d.execute_script("return document.getElementById('topic-questions').getBoundingClientRect().top") < 1.5 * 900
        meter = d.find_element(By.CSS_SELECTOR, ".atlas-progress:not([hidden]) .atlas-progress__text")
        assert f"{len(order)}" in meter.text and "0" in meter.text
        # From the list to a question's page, then on with "next question", back with "previous".
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", listed[1])
        listed[1].click()
        WebDriverWait(d, 5).until(lambda d: d.current_url == f"{base}{order[1]}/")
        assert d.find_element(By.CSS_SELECTOR, "h1.atlas-q").get_attribute("id") == order[1]
        following = d.find_element(By.CSS_SELECTOR, "a.atlas-qnav__next")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", following)
        assert following.size["height"] >= 24
        following.click()
        WebDriverWait(d, 5).until(lambda d: d.current_url == f"{base}{order[2]}/")
        # Practised here: the topic's list shows ✓ beside it, and its meter counts it.
        toggle = d.find_element(By.CSS_SELECTOR, f".atlas-practised__toggle[data-question='{order[2]}']")
        d.execute_script("arguments[0].click()", toggle)
        assert toggle.get_attribute("aria-pressed") == "true"
        back = d.find_element(By.CSS_SELECTOR, "a.atlas-qnav__prev")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", back)
        back.click()
        WebDriverWait(d, 5).until(lambda d: d.current_url == f"{base}{order[1]}/")
        d.find_element(By.CSS_SELECTOR, ".atlas-crumb a").click()
        WebDriverWait(d, 5).until(lambda d: d.current_url == base)
        done = d.execute_script("return Array.from(document.querySelectorAll('#topic-questions > li')).map("
                                "li => li.querySelector('.atlas-qlist__done').checkVisibility())")
        assert done == [i == 2 for i in range(len(order))]
        assert d.find_element(By.CSS_SELECTOR, ".atlas-progress__text").text.count("1") >= 1
        assert d.execute_script("return document.documentElement.scrollWidth") <= d.execute_script("return innerWidth")
        d.execute_script("localStorage.clear()")


def test_an_old_link_to_a_question_on_its_topic_page_goes_on_to_the_questions_page(server, atlas) -> None:
    """Links from before questions had pages (topics/x/#id: bookmarks, decks and exports already downloaded) still
    reach the question, in their language; an anchor of something else stays on the topic page."""
    q = atlas.questions_in("inference-serving")[3]
    with chromium() as d:
        for prefix in PREFIX.values():
            d.get(server.url + prefix + f"topics/inference-serving/#{q.id}")
            WebDriverWait(d, 10).until(lambda d: urlparse(d.current_url).path == f"/{prefix}topics/inference-serving/{q.id}/")
            assert d.find_element(By.CSS_SELECTOR, "h1.atlas-q").get_attribute("id") == q.id
        d.get(server.url + "topics/inference-serving/#topic-questions")
        WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        assert urlparse(d.current_url).path == "/topics/inference-serving/"


# -- Markers a person can read (issue 25) ------------------------------------------------------------------------
@pytest.mark.parametrize("lang,width", [(lang, width) for lang in PREFIX for width in (390, 1366)])
def test_company_chips_are_tappable_the_legend_explains_markers_and_company_pages_show_study_marks(server, atlas, lang, width) -> None:
    with chromium(width=width, height=900, mobile=width < 500) as d:
        q = max(atlas.questions_in("inference-serving"), key=lambda q: len(q.asked))
        d.get(server.url + PREFIX[lang] + f"topics/inference-serving/{q.id}/")
        chips = d.find_elements(By.CSS_SELECTOR, ".atlas-asked .atlas-chip a")
        assert len(chips) == 2 * len(q.asked) > 0
        for a in chips:
            assert a.size["height"] >= 24 and a.size["width"] >= 24, (a.text, a.size)
        # The legend says in words what ✓ ‡ † mean (no tooltip needed).
        legend = d.find_element(By.CSS_SELECTOR, "details.atlas-legend")
        first = atlas.evidence[next(iter(atlas.evidence))].description[lang]
        assert first not in legend.text
        summary = legend.find_element(By.TAG_NAME, "summary")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        assert summary.size["height"] >= 24
        summary.click()
        assert all(e.description[lang] in legend.text for e in atlas.evidence.values())
        assert d.execute_script("return document.documentElement.scrollWidth") <= d.execute_script("return innerWidth")
        # A company page: difficulty and answer marks, ✓ once practised, provenance folded until asked for.
        company = "bytedance"
        qid = atlas.questions_at(company)[0].id
        d.execute_script("localStorage.setItem('atlas:practised', JSON.stringify({version: 1, practised: {[arguments[0]]: '2026-12-01'}}))", qid)
        d.get(server.url + PREFIX[lang] + f"companies/{company}/")
        items = d.find_elements(By.CSS_SELECTOR, ".atlas-company-qs > li")
        assert len(items) == len(atlas.questions_at(company))
        done = {landed(li.find_element(By.TAG_NAME, "a").get_attribute("href")): li.find_element(
            By.CSS_SELECTOR, ".atlas-qlist__done").is_displayed() for li in items}
        assert done == {q.id: q.id == qid for q in atlas.questions_at(company)}
        fold = items[0].find_element(By.CSS_SELECTOR, "details.atlas-provenance")
        note = fold.find_element(By.CSS_SELECTOR, "ul")
        assert not note.is_displayed()
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", fold)
        fold.find_element(By.TAG_NAME, "summary").click()
        assert note.is_displayed()
        for a in d.find_elements(By.CSS_SELECTOR, ".atlas-company-qs a.atlas-chip")[:10]:
            assert a.size["height"] >= 24
        assert d.execute_script("return document.documentElement.scrollWidth") <= d.execute_script("return innerWidth")
        d.execute_script("localStorage.clear()")


# -- Language switch keeps the place (issue 25) -------------------------------------------------------------------
@pytest.mark.parametrize("lang,other,width", [("en", "ru", 390), ("ru", "hi", 1366), ("hi", "en", 390), ("en", "hi", 1366)])
def test_language_switch_keeps_the_question_its_anchor_and_the_explorers_filters(server, lang, other, width) -> None:
    with chromium(width=width, height=900, mobile=width < 500) as d:
        question, anchor = "speculative-decoding-lossless", "speculative-decoding-lossless"
        d.get(server.url + PREFIX[lang] + f"topics/inference-serving/{question}/#{anchor}")
        WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        d.execute_script("document.querySelector(`a.md-select__link[hreflang='${arguments[0]}']`).click()", other)
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == other)
        url = urlparse(d.current_url)
        assert url.path == "/" + PREFIX[other] + f"topics/inference-serving/{question}/" and url.fragment == anchor
        WebDriverWait(d, 5).until(lambda d: 0 <= d.execute_script(
            "return document.getElementById(arguments[0]).getBoundingClientRect().top", anchor) < 200)
        # The explorer's filters are its query string: they go along too.
        d.get(server.url + PREFIX[lang] + "explorer/?company=bytedance&difficulty=basic")
        WebDriverWait(d, 15).until(lambda d: d.find_element(By.ID, "atlas-explorer").get_attribute("data-ready"))
        d.execute_script("document.querySelector(`a.md-select__link[hreflang='${arguments[0]}']`).click()", other)
        WebDriverWait(d, 15).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == other
                                   and d.find_element(By.ID, "atlas-explorer").get_attribute("data-ready"))
        assert urlparse(d.current_url).path == "/" + PREFIX[other] + "explorer/"
        assert parse_qs(urlparse(d.current_url).query) == {"company": ["bytedance"], "difficulty": ["basic"]}
        assert Select(d.find_element(By.ID, "ex-company")).first_selected_option.get_attribute("value") == "bytedance"
        assert Select(d.find_element(By.ID, "ex-difficulty")).first_selected_option.get_attribute("value") == "basic"


def test_the_language_links_stay_plain_links_without_a_query(driver, server) -> None:
    """Without a query or anchor the links are the page in the other language, as built (a no-op carry)."""
    driver.get(server.url + "topics/rag/")
    driver.execute_script("document.querySelector(\"a.md-select__link[hreflang='ru']\").dispatchEvent(new Event('focusin', {bubbles: true}))")
    assert urlparse(driver.find_element(By.CSS_SELECTOR, "a.md-select__link[hreflang='ru']").get_attribute("href")).path == "/ru/topics/rag/"


# -- The home page (issue 25) --------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,width", [(lang, width) for lang in PREFIX for width in (390, 1366)])
def test_home_shows_three_ways_in_and_practise_draws_a_question(server, lang, width) -> None:
    with chromium(width=width, height=844, mobile=width < 500) as d:
        d.get(server.url + PREFIX[lang])
        paths = d.find_elements(By.CSS_SELECTOR, "a.atlas-path")
        assert len(paths) == 3 and all(p.is_displayed() and p.size["height"] >= 44 for p in paths)
        # All three in the first screen on a laptop; the first one there on a phone, the rest one scroll away.
        fold = 844 if width >= 1220 else 844 * 1.5
        assert all(d.execute_script("return arguments[0].getBoundingClientRect().bottom", p) <= fold for p in paths)
        nav = [a for a in d.find_elements(By.CSS_SELECTOR, ".md-sidebar--primary a.md-nav__link") if a.is_displayed()]
        hrefs = [urlparse(a.get_attribute("href")).path for a in nav]
        if width >= 1220:  # the laptop's navigation: explorer and glossary in sight without scrolling
            assert f"/{PREFIX[lang]}explorer/" in hrefs and f"/{PREFIX[lang]}glossary/" in hrefs
            glossary = next(a for a in nav if urlparse(a.get_attribute("href")).path == f"/{PREFIX[lang]}glossary/")
            assert d.execute_script("return arguments[0].getBoundingClientRect().bottom", glossary) <= 844
        d.execute_script("arguments[0].click()", paths[0])
        card = WebDriverWait(d, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, "#ex-card[data-id]"))
        assert card.is_displayed() and urlparse(d.current_url).path == f"/{PREFIX[lang]}explorer/"
        assert d.execute_script("return document.documentElement.scrollWidth") <= d.execute_script("return innerWidth")


# -- Math and tables fit a phone (issue 25) ------------------------------------------------------------------------
MEASURE_INLINE_MATH = """
return Array.from(document.querySelectorAll('span.arithmatex')).map(e => {
  const html = e.querySelector('.katex-html'), tex = e.querySelector('annotation');
  const pieces = html ? Array.from(html.children).filter(b => b.classList.contains('base')).map(b => b.getBoundingClientRect().width) : [];
  let box = e.parentElement;
  while (box && getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
  const style = getComputedStyle(box);
  return [tex ? tex.textContent : '', Math.max(0, ...pieces), box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
          parseFloat(getComputedStyle(e.querySelector('.katex')).fontSize)];
});"""


@pytest.mark.parametrize("lang,topics", [("en", None), ("ru", ("evaluation", "inference-serving")), ("hi", ("evaluation", "post-training"))])
def test_no_inline_formula_is_wider_than_a_phone_column_and_the_build_check_sees_it(server, atlas, lang, topics) -> None:
    """Every inline formula, typeset at 390 px: its widest unbreakable piece fits its column; and the build's
    estimate (E071, atlas.load.mathwidth) is within reach of what KaTeX draws, so the check would catch one that
    does not fit."""
    from atlas.load.mathwidth import widest_piece
    from atlas.load.recordchecks import PHONE_COLUMN_EM
    measured = []
    with chromium(width=390, height=844, mobile=True) as d:
        d.set_script_timeout(120)
        for topic in topics or [t.id for t in atlas.topics]:
            assemble_topic(d, server, lang, atlas, topic)
            measured += [(topic, *m) for m in d.execute_script(MEASURE_INLINE_MATH)]
    assert len(measured) > (1000 if topics is None else 100)
    too_wide = [(topic, tex, round(w), round(column)) for topic, tex, w, column, _ in measured if w > column + 0.5]
    assert not too_wide, too_wide
    for topic, tex, w, column, font in measured:
        em = w / font
        if em > 8:  # a wide formula: the estimate must not be far below what is drawn
            assert widest_piece(tex) >= 0.7 * em, (topic, tex, em, widest_piece(tex))
        assert w <= PHONE_COLUMN_EM * font or widest_piece(tex) > PHONE_COLUMN_EM * 0.85, (topic, tex)


@pytest.mark.parametrize("width", [390, 1366])
def test_wide_tables_and_display_math_fade_where_they_scroll(server, atlas, width) -> None:
    with chromium(width=width, height=844, mobile=width < 500) as d:
        d.get(server.url)  # the home page's topics table: five columns
        WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        box = d.find_element(By.CSS_SELECTOR, ".md-typeset__scrollwrap")
        scrolls = d.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth + 1", box)
        assert scrolls == (width < 500)
        if scrolls:
            WebDriverWait(d, 5).until(lambda d: box.get_attribute("data-atlas-scroll") == "right")
            assert box.get_attribute("tabindex") == "0"  # a box that scrolls is reachable by keyboard
            assert "gradient" in d.execute_script("return getComputedStyle(arguments[0]).maskImage || "
                                                  "getComputedStyle(arguments[0]).webkitMaskImage", box)
            d.execute_script("arguments[0].scrollLeft = arguments[0].scrollWidth", box)
            WebDriverWait(d, 5).until(lambda d: box.get_attribute("data-atlas-scroll") == "left")
        else:
            assert box.get_attribute("data-atlas-scroll") is None
        assemble_topic(d, server, "en", atlas, "post-training")
        wide = d.execute_script("return Array.from(document.querySelectorAll('div.arithmatex')).filter("
                                "e => e.scrollWidth > e.clientWidth + 1).map(e => [e.getAttribute('data-atlas-scroll'), e.getAttribute('tabindex')])")
        assert (len(wide) > 0) == (width < 500)
        assert all(w == ["right", "0"] for w in wide), wide


# -- Search that helps (issue 25): filter examples in the empty dialog, every match in the explorer ---------------
@pytest.mark.parametrize("lang", PREFIX)
def test_the_empty_search_dialog_shows_filter_examples_that_run(driver, server, atlas, lang) -> None:
    from atlas.core.labels import Labels
    driver.get(server.url + PREFIX[lang] + "topics/")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    driver.find_element(By.TAG_NAME, "body").send_keys("/")  # as a reader opens it
    help = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".md-search__scrollwrap #atlas-search-help"))
    WebDriverWait(driver, 10).until(lambda d: help.is_displayed())
    assert Labels(lang)["search_help"] in help.text
    examples = help.find_elements(By.CSS_SELECTOR, "button[data-query]")
    assert [b.get_attribute("data-query") for b in examples][:1] == ["company:anthropic"] and len(examples) >= 4
    assert all(b.size["height"] >= 24 for b in examples)
    examples[0].click()
    assert driver.find_element(By.CSS_SELECTOR, "input.md-search__input").get_attribute("value").strip() == "company:anthropic"
    links = WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".md-search-result__item a"))
    anchors = [landed(a.get_attribute("href")) for a in links if landed(a.get_attribute("href"))]
    assert anchors and all(any(e.company == "anthropic" for e in atlas.question(a).asked) for a in anchors), anchors
    assert not help.is_displayed()  # once something is typed, the results take its place


@pytest.mark.parametrize("lang,query", [("en", "attention"), ("ru", "attention"), ("hi", "attention")])
def test_search_offers_every_match_in_the_explorer_past_its_first_results(driver, server, lang, query) -> None:
    search(driver, server, lang, query)
    more = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".atlas-search-more"))
    total = int(re.search(r"\d+", more.text).group())
    shown = len([a for a in driver.find_elements(By.CSS_SELECTOR, ".md-search-result__item a")
                 if "/topics/" in a.get_attribute("href") and landed(a.get_attribute("href"))])
    assert total > 12 >= shown
    target = urlparse(more.get_attribute("href"))
    assert target.path == f"/{PREFIX[lang]}explorer/" and parse_qs(target.query) == {"search": [query]}
    driver.execute_script("arguments[0].click()", more)
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "atlas-explorer").get_attribute("data-searched"))
    assert explorer_rows(driver) and len(explorer_rows(driver)) == total  # the same questions the dialog counted
    assert query in driver.find_element(By.ID, "ex-search").text
    driver.find_element(By.CSS_SELECTOR, "#ex-search button").click()
    assert len(explorer_rows(driver)) > total and "search" not in parse_qs(urlparse(driver.current_url).query)


def test_no_more_link_when_the_dialog_shows_every_match(driver, server) -> None:
    search(driver, server, "en", "CISPO")
    driver.execute_script("return new Promise(r => setTimeout(r, 300))")
    assert not driver.find_elements(By.CSS_SELECTOR, ".atlas-search-more")


# -- English beside Russian and Hindi (issue 25) -------------------------------------------------------------------
@pytest.mark.parametrize("lang,width", [("ru", 390), ("hi", 1366), ("ru", 1366), ("hi", 390)])
def test_the_en_toggle_shows_the_question_and_rubric_in_english_in_place(server, atlas, lang, width) -> None:
    first, second = atlas.questions_in("rag")[1:3]
    with chromium(width=width, height=900, mobile=width < 500) as d:
        d.get(server.url + PREFIX[lang] + f"topics/rag/{first.id}/")
        d.execute_script("localStorage.clear()")
        d.refresh()
        toggles = WebDriverWait(d, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".atlas-en__toggle"))
        assert len(toggles) == 1
        button = toggles[0]
        assert button.size["height"] >= 24 and button.size["width"] >= 24 and button.get_attribute("aria-pressed") == "false"
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        box = WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, first.id + "--en"))
        assert box.get_attribute("lang") == "en" and button.get_attribute("aria-pressed") == "true"
        assert first.text["en"][:40] in box.text and first.text[lang][:20] not in box.text
        assert len(box.find_elements(By.CSS_SELECTOR, "ul > li")) == len(first.rubric)
        assert box.find_element(By.CSS_SELECTOR, "ul > li").is_displayed()  # reading mode: the rubric shows
        assert all(urlparse(a.get_attribute("href")).path.startswith("/topics/") or urlparse(a.get_attribute("href")).scheme == "https"
                   for a in box.find_elements(By.TAG_NAME, "a"))  # its links lead to the English pages
        button.click()
        assert not box.is_displayed() and button.get_attribute("aria-pressed") == "false"
        # In study mode the English rubric is folded too: the reader answers first, in English.
        d.execute_script("document.querySelector('.atlas-study__mode').click()")
        d.get(server.url + PREFIX[lang] + f"topics/rag/{second.id}/")
        other = WebDriverWait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".atlas-en__toggle"))
        d.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", other)
        box = WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, second.id + "--en"))
        assert second.text["en"][:30] in box.text
        assert not box.find_element(By.CSS_SELECTOR, "ul > li").is_displayed()
        assert d.execute_script("return document.documentElement.scrollWidth") <= d.execute_script("return innerWidth")
        d.execute_script("localStorage.clear()")
        d.get(server.url + f"topics/rag/{second.id}/")
        assert not d.find_elements(By.CSS_SELECTOR, ".atlas-en__toggle")  # the English page needs none


# -- Small things (issue 25): copy buttons on code, tap targets of at least 24 px ---------------------------------
TAP_TARGETS = """
const small = [];
for (const e of document.querySelectorAll('article a[href], article button, article summary, article select, article input, .md-search-result a')) {
  const r = e.getBoundingClientRect(), style = getComputedStyle(e);
  if (!r.width || !r.height || style.visibility === 'hidden' || e.closest('[hidden]')) continue;
  if (r.height >= 23.5 && r.width >= 23.5) continue;
  // A link inside a sentence is exempt (WCAG 2.5.8, inline targets): its block holds more text than the link.
  const block = e.closest('p, li, td, th, dd, h1, h2, h3, h4, h5, h6');
  if (style.display === 'inline' && block && block.textContent.trim().length > e.textContent.trim().length + 2) continue;
  small.push([e.tagName, String(e.className).slice(0, 40), e.textContent.trim().slice(0, 30), Math.round(r.width), Math.round(r.height)]);
}
return small;"""


@pytest.mark.parametrize("lang", PREFIX)
def test_tap_targets_are_at_least_24_px_on_a_phone(server, atlas, lang) -> None:
    asked = next(q for q in atlas.questions_in("rag") if q.asked)
    with chromium(width=390, height=844, mobile=True) as d:
        for path in ("", "topics/rag/", f"topics/rag/{asked.id}/", "companies/", "companies/bytedance/", "explorer/", "glossary/", "downloads/", "topics/"):
            d.get(server.url + PREFIX[lang] + path)
            WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
            d.execute_script("document.querySelectorAll('article details').forEach(x => x.open = true)")
            assert d.execute_script(TAP_TARGETS) == [], path


def test_code_blocks_have_a_copy_button(driver, server, atlas) -> None:
    coded = next(q for q in atlas.questions_in("ml-coding") if q.answer and q.answer["en"].count("```") >= 4)
    driver.get(server.url + f"topics/ml-coding/{coded.id}/")
    driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
    copy = "article pre button[data-md-type='copy'], article pre button.md-clipboard"  # Material 9.7+ and before
    buttons = WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, copy))
    assert len(buttons) >= len(driver.find_elements(By.CSS_SELECTOR, "article pre > code")) >= 2
    assert all(b.get_attribute("title") for b in buttons)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", buttons[0])
    assert buttons[0].size["height"] >= 24 and buttons[0].size["width"] >= 24
    driver.get(server.url + f"ru/topics/ml-coding/{coded.id}/")
    driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
    button = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, copy))
    assert button.get_attribute("title") != "Copy to clipboard"  # Material says it in Russian


# -- Tables become stacked rows where columns would hide (issue 25) ------------------------------------------------
TABLES = """
return Array.from(document.querySelectorAll(arguments[0] + ' table')).filter(t => t.textContent.includes(arguments[1])).map(t => {
  const box = t.closest('.md-typeset__scrollwrap'), cells = Array.from(t.querySelectorAll('tbody td'));
  const range = document.createRange();
  return {stacked: t.hasAttribute('data-atlas-stacked'), scrolls: box.scrollWidth > box.clientWidth + 1,
          tabindex: box.getAttribute('tabindex'), fade: box.getAttribute('data-atlas-scroll'),
          head: Array.from(t.querySelectorAll('thead th')).map(th => th.textContent.trim()),
          labels: cells.map(td => getComputedStyle(td, '::before').content.replace(/^"|"$/g, '')),
          // the value sits beside its label: right of the cell's left edge by the label's column
          beside: cells.filter(td => td.textContent.trim()).every(td => { range.selectNodeContents(td);
            const r = td.getBoundingClientRect(); return range.getBoundingClientRect().left > r.left + 0.3 * r.width; }),
          width: t.getBoundingClientRect().width, column: box.clientWidth};
});"""


def open_answers_with_tables(d, path: str) -> None:
    d.get(path)
    WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    d.execute_script("document.querySelectorAll('details.answer').forEach(x => { if (x.querySelector('table')) x.open = true; })")


def settled(d, selector: str, text: str) -> dict:
    """The table holding `text` once atlas.js has measured it (after the next frames)."""
    d.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))))")
    found = d.execute_script(TABLES, selector, text)
    assert len(found) == 1, (text, found)
    return found[0]


@pytest.mark.parametrize("lang,width", [(lang, width) for lang in PREFIX for width in (390, 1366)])
def test_a_record_table_too_wide_for_a_phone_becomes_stacked_rows_and_one_that_fits_stays_a_table(server, lang, width) -> None:
    """The five-column FP16/BF16 table of a written answer: on a phone each row is a block, each value beside its
    column's name, nothing off-screen and nothing to scroll; on a laptop, and back on a phone, as it fits. The two-
    column table of another answer fits a phone and stays a table; so does the card's copy in the explorer."""
    phone = width < 500
    with chromium(width=width, height=900, mobile=phone) as d:
        open_answers_with_tables(d, server.url + PREFIX[lang] + "topics/distributed-training/fp16-vs-bf16-loss-scaling/")
        wide = WebDriverWait(d, 10).until(lambda d: (lambda t: t if t["stacked"] == phone else None)(settled(d, "article", "1/5/10")))
        assert len(wide["head"]) == 5 and not wide["scrolls"] and wide["width"] <= wide["column"] + 1
        if phone:
            assert wide["labels"] == wide["head"] * 3 and wide["beside"] and wide["tabindex"] is None and wide["fade"] is None
            open_answers_with_tables(d, server.url + PREFIX[lang] + "topics/distributed-training/data-parallel-oom-optimizer-state/")
            narrow = settled(d, "article", {"en": "fp32 master", "ru": "статья", "hi": "चीज़"}[lang])
            assert not narrow["stacked"] and not narrow["scrolls"] and len(narrow["head"]) == 2
            open_answers_with_tables(d, server.url + PREFIX[lang] + "topics/distributed-training/fp16-vs-bf16-loss-scaling/")
            # Turned into a laptop's width, it is a table again; back on a phone, stacked again.
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1366, "height": 900, "deviceScaleFactor": 1, "mobile": False})
            WebDriverWait(d, 10).until(lambda d: not settled(d, "article", "1/5/10")["stacked"])
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 2, "mobile": True})
            WebDriverWait(d, 10).until(lambda d: settled(d, "article", "1/5/10")["stacked"])
        else:
            assert all(label == "none" for label in wide["labels"])  # a table: no labels drawn
        assert d.execute_script("return document.documentElement.scrollWidth") <= width
        # The same table in the explorer's practice card.
        d.get(server.url + PREFIX[lang] + "explorer/?practice=fp16-vs-bf16-loss-scaling")
        WebDriverWait(d, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#ex-card button[aria-expanded='false']"))
        d.execute_script("document.querySelectorAll('#ex-card button[aria-expanded=false]').forEach(b => b.click())")
        card = WebDriverWait(d, 10).until(lambda d: (lambda t: t if t["stacked"] == phone else None)(settled(d, "#ex-card", "1/5/10")))
        assert not card["scrolls"] and (card["labels"] == card["head"] * 3) == phone
        assert d.execute_script("return document.documentElement.scrollWidth") <= width


# -- Glossary terms in Russian and Hindi record text show their English on tap (issue 25) -------------------------
def tap(d, element) -> None:
    """A finger's tap (touch events at the element's centre), as a phone sends it."""
    r = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", element)
    for kind, points in (("touchStart", [{"x": r[0], "y": r[1]}]), ("touchEnd", [])):
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


POPOVER = """const t = arguments[0], p = document.getElementById(t.getAttribute('popovertarget'));
const a = t.getBoundingClientRect(), b = p.getBoundingClientRect();
return {open: p.matches(':popover-open'), text: p.innerText, left: b.left, right: b.right, top: b.top, bottom: b.bottom,
        termTop: a.top, termBottom: a.bottom, described: document.getElementById(t.getAttribute('aria-describedby')) === p};"""


@pytest.mark.parametrize("lang,width", [("ru", 390), ("hi", 390), ("ru", 1366), ("hi", 1366)])
def test_a_glossary_term_in_record_text_shows_its_english_on_a_tap_and_by_keyboard(server, atlas, lang, width) -> None:
    """Tap (or click) a marked term: its popover opens beside it, inside the screen, with the English term and the
    definition; a tap elsewhere closes it. By keyboard: Enter opens it, Escape closes it and focus stays on the term."""
    phone = width < 500
    terms = {t.id: t for t in atlas.glossary.terms}
    with chromium(width=width, height=844 if phone else 900, mobile=phone) as d:
        d.get(server.url + PREFIX[lang] + "topics/inference-serving/compress-70b-for-serving/")
        WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        marked = d.find_elements(By.CSS_SELECTOR, "details.atlas-fold button[popovertarget^='g:']")
        assert len(marked) > 3
        term = marked[1]
        term_id = term.get_attribute("popovertarget").removeprefix("g:")
        english = terms[term_id].term["en"]
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", term)
        if phone:
            tap(d, term)
        else:
            term.click()
        definition = " ".join(terms[term_id].definition[lang].split())[:20]
        # The definition arrives with the first touch and the popover is placed again on the next frame when it grows
        # or the page moves; on a loaded machine that frame can come after a read, so wait for the settled state.
        def beside(p: dict) -> bool:
            return p["top"] >= p["termBottom"] - 1 or p["bottom"] <= p["termTop"] + 1  # not over the term

        try:
            pop = WebDriverWait(d, 5).until(lambda d: (lambda p: p if p["open"] and definition in p["text"]
                                                       and beside(p) else None)(d.execute_script(POPOVER, term)))
        except TimeoutException:
            pop = d.execute_script(POPOVER, term)
        assert pop["open"] and definition in pop["text"], pop
        assert english in pop["text"] and pop["described"]
        assert 0 <= pop["left"] and pop["right"] <= width  # inside the screen
        assert beside(pop), pop  # beside the term, not over it, five seconds after the tap
        assert d.execute_script("return document.documentElement.scrollWidth") <= width
        # A tap (click) elsewhere closes it.
        away = d.find_element(By.CSS_SELECTOR, "article .atlas-crumb__n")  # text, no link
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", away)
        if phone:
            tap(d, away)
        else:
            away.click()
        WebDriverWait(d, 5).until(lambda d: not d.execute_script(POPOVER, term)["open"])
        # By keyboard: Enter opens it, Escape closes it, focus stays on the term.
        other = marked[2]
        d.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", other)
        other.send_keys(Keys.ENTER)
        opened = WebDriverWait(d, 5).until(lambda d: (lambda p: p if p["open"] else None)(d.execute_script(POPOVER, other)))
        assert terms[other.get_attribute("popovertarget").removeprefix("g:")].term["en"] in opened["text"]
        d.switch_to.active_element.send_keys(Keys.ESCAPE)
        WebDriverWait(d, 5).until(lambda d: not d.execute_script(POPOVER, other)["open"])
        assert d.switch_to.active_element == other
