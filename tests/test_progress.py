"""The reader's "practised" marks in a real browser: kept across reloads and languages, counted per topic,
filtering the explorer, saved to and loaded from a file, cleared; invisible without JavaScript."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import explorer_rows

pytestmark = pytest.mark.browser
TOPIC = "rl-algorithms"


def toggle(driver, qid: str):
    return driver.find_element(By.CSS_SELECTOR, f'.atlas-practised__toggle[data-question="{qid}"]')


def open_topic(driver, server, prefix: str) -> None:
    """The topic's list, once its meter is counted."""
    driver.get(f"{server.url}{prefix}topics/{TOPIC}/")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".atlas-progress:not([hidden])"))


def open_question(driver, server, prefix: str, qid: str) -> None:
    """A question's page, once its toggle is shown."""
    driver.get(f"{server.url}{prefix}topics/{TOPIC}/{qid}/")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".atlas-practised:not([hidden])"))


def meter(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".atlas-progress__text").text


def explorer_ids(driver, server, prefix: str, query: str) -> list[str]:
    driver.get(f"{server.url}{prefix}explorer/?{query}")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "atlas-explorer").get_attribute("data-ready"))
    return explorer_rows(driver)


def test_without_javascript_nothing_of_progress_shows(site_dir: Path, atlas) -> None:
    listed = (site_dir / "topics" / TOPIC / "index.html").read_text(encoding="utf-8")
    question = (site_dir / "topics" / TOPIC / atlas.questions_in(TOPIC)[0].id / "index.html").read_text(encoding="utf-8")
    # Serialised by the sanitiser as hidden="" (the same boolean attribute).
    assert re.search(r'<p class="atlas-practised" hidden(="")?><button', question)
    assert re.search(r'<p class="atlas-progress" data-template="\{done\} of \{total\} practised" hidden(="")?>', listed)
    assert not re.search(r"\son(click|change|load)=", listed + question)  # our markup has no inline handlers


def test_practised_survives_reload_and_language_switch_and_filters_the_explorer(driver, server, atlas) -> None:
    questions = [q.id for q in atlas.questions_in(TOPIC)]
    first, second = questions[0], questions[1]
    open_question(driver, server, "", first)
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".atlas-practised:not([hidden])"))
    open_topic(driver, server, "")
    assert meter(driver) == f"0 of {len(questions)} practised"
    open_question(driver, server, "", first)
    button = toggle(driver, first)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    assert toggle(driver, first).get_attribute("aria-pressed") == "true"
    open_topic(driver, server, "")
    assert meter(driver) == f"1 of {len(questions)} practised"

    open_question(driver, server, "", first)
    WebDriverWait(driver, 10).until(lambda d: toggle(d, first).get_attribute("aria-pressed") == "true")
    open_question(driver, server, "", second)
    assert toggle(driver, second).get_attribute("aria-pressed") == "false"

    open_question(driver, server, "ru/", first)  # the same mark in another language
    assert toggle(driver, first).get_attribute("aria-pressed") == "true"
    open_topic(driver, server, "ru/")
    assert meter(driver) == f"Отработано: 1 из {len(questions)}"

    driver.get(f"{server.url}hi/topics/")
    note = WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f'.atlas-progress__note[data-topic="{TOPIC}"]'))
    assert note.text == f"{len(questions)} में से 1 का अभ्यास हो गया"

    assert explorer_ids(driver, server, "ru/", "practised=yes") == [first]
    rest = explorer_ids(driver, server, "", "practised=no")
    assert first not in rest and len(rest) == len(atlas.questions) - 1
    # Marking on the practice card updates the filtered list at once.
    explorer_ids(driver, server, "", f"topic={TOPIC}&practised=no")
    driver.find_element(By.ID, "ex-practice").click()
    card_toggle = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "ex-card-practised"))
    drawn = driver.find_element(By.ID, "ex-card").get_attribute("data-id")
    assert card_toggle.get_attribute("aria-pressed") == "false"
    card_toggle.click()
    assert card_toggle.get_attribute("aria-pressed") == "true"
    shown = explorer_rows(driver)
    assert drawn not in shown and len(shown) == len(questions) - 2
    assert Select(driver.find_element(By.ID, "ex-practised")).first_selected_option.text.endswith(f"({len(questions) - 2})")


def test_progress_is_loaded_from_a_file_and_cleared(driver, server, atlas, tmp_path: Path) -> None:
    ids = [q.id for q in atlas.questions_in(TOPIC)][:3]
    saved = tmp_path / "atlas-progress.json"
    saved.write_text(json.dumps({"format": "ai-interview-atlas-progress", "version": 1,
                                 "practised": {i: "2026-12-01" for i in ids}}), encoding="utf-8")
    driver.get(f"{server.url}topics/")
    panel = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".atlas-progress-panel:not([hidden])"))
    driver.execute_script("localStorage.clear()")
    file_input = panel.find_element(By.CSS_SELECTOR, "input[type=file]")
    driver.execute_script("arguments[0].hidden = false", file_input)  # what the Load button opens
    file_input.send_keys(str(saved))
    note = driver.find_element(By.CSS_SELECTOR, f'.atlas-progress__note[data-topic="{TOPIC}"]')
    WebDriverWait(driver, 10).until(lambda d: note.text.startswith("3 of "))
    assert json.loads(driver.execute_script("return localStorage.getItem('atlas:practised')"))["practised"].keys() == set(ids)

    bad = tmp_path / "other.json"
    bad.write_text('{"hello": 1}', encoding="utf-8")
    file_input.send_keys(str(bad))
    status = panel.find_element(By.CSS_SELECTOR, ".atlas-progress-panel__status")
    WebDriverWait(driver, 10).until(lambda d: status.text == "This file is not an atlas progress file.")
    assert note.text.startswith("3 of ")

    panel.find_element(By.CSS_SELECTOR, '[data-progress="clear"]').click()
    driver.switch_to.alert.accept()
    WebDriverWait(driver, 10).until(lambda d: note.text.startswith("0 of "))
    open_topic(driver, server, "hi/")
    assert all(b.get_attribute("aria-pressed") == "false"
               for b in driver.find_elements(By.CSS_SELECTOR, ".atlas-practised__toggle"))
