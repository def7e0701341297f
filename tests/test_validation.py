"""The broken-data corpus: every fault gives its exact file:line message, and no site is built."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from atlas import AtlasError, load_atlas
from atlas.core.schema import FILES, schema_document
from atlas.core.settings import standalone_config
from conftest import ROOT, build_site

FIXTURES = Path(__file__).parent / "fixtures"
CASES = sorted(p.name for p in (FIXTURES / "broken").iterdir())


def make_data(case: str, dest: Path) -> Path:
    """The valid corpus with one case's files laid over it (and its DELETE list removed)."""
    data = dest / "data"
    shutil.copytree(FIXTURES / "valid", data)
    overlay = FIXTURES / "broken" / case
    for path in overlay.rglob("*"):
        rel = path.relative_to(overlay)
        if path.is_file() and rel.name not in ("expected.txt", "DELETE", "SYMLINKS"):
            (data / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, data / rel)
    if (overlay / "SYMLINKS").exists():  # "link target" per line: git fixtures cannot hold the links themselves
        for line in (overlay / "SYMLINKS").read_text().splitlines():
            link, target = line.split()
            (data / link).parent.mkdir(parents=True, exist_ok=True)
            (data / link).symlink_to(target)
    if (overlay / "DELETE").exists():
        for name in (overlay / "DELETE").read_text().split():
            (data / name).unlink()
    return data


def problems_of(data: Path) -> list[str]:
    with pytest.raises(AtlasError) as caught:
        load_atlas(data)
    return [str(p) for p in caught.value.problems]


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 20


def test_valid_fixture_loads() -> None:
    atlas = load_atlas(FIXTURES / "valid")
    assert [q.id for q in atlas.questions] == ["sample-clipping", "sample-framework"]


@pytest.mark.parametrize("case", CASES)
def test_fault_is_reported_exactly(case: str, tmp_path: Path) -> None:
    data = make_data(case, tmp_path)
    expected = (FIXTURES / "broken" / case / "expected.txt").read_text(encoding="utf-8").splitlines()
    assert problems_of(data) == expected


def test_all_faults_are_reported_at_once(tmp_path: Path) -> None:
    data = make_data("several-faults", tmp_path)
    codes = sorted(p.split(": ")[1].split()[0] for p in problems_of(data))
    assert codes == ["E011", "E033"]


def _config_for(data: Path, dest: Path) -> Path:
    config = dest / "mkdocs.yml"
    config.write_text(standalone_config(data), encoding="utf-8")
    return config


@pytest.mark.parametrize("case", ["script-tag", "unknown-reading", "yaml-syntax", "missing-data-file"])
def test_strict_build_fails_without_traceback_and_builds_nothing(case: str, tmp_path: Path) -> None:
    data = make_data(case, tmp_path)
    site = tmp_path / "site"
    result = build_site(site, _config_for(data, tmp_path), cwd=tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "Traceback" not in output
    first = (FIXTURES / "broken" / case / "expected.txt").read_text(encoding="utf-8").splitlines()[0]
    assert first.split(": ", 1)[1] in output  # the message itself (the build prints paths relative to data/)
    assert not site.exists() or not any(site.rglob("*.html"))


def test_fixture_data_builds(tmp_path: Path) -> None:
    """The same build with the valid corpus succeeds: the failures above are the data's, not the setup's."""
    site = tmp_path / "site"
    result = build_site(site, _config_for(FIXTURES / "valid", tmp_path), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (site / "hi" / "topics" / "sample-topic" / "index.html").is_file()


def test_published_schemas_are_current() -> None:
    """hooks/atlas/schemas/*.json are what editors read; they must match the schema the loader uses."""
    import json
    for kind in FILES:
        published = json.loads((ROOT / "hooks" / "atlas" / "schemas" / f"{kind}.schema.json").read_text("utf-8"))
        assert published == schema_document(kind), f"run `python -m atlas schema` ({kind})"


# -- limits that need generated input (too large or too many to keep as fixture files) -----------------

def test_file_above_the_size_cap_is_refused_unread(tmp_path: Path) -> None:
    from atlas.load.yamlsource import MAX_BYTES
    data = make_data("several-faults", tmp_path)  # any case: the big file is reported before its content
    big = data / "readings" / "huge.yml"
    big.write_text("- id: x\n" + "#" * MAX_BYTES + "\n", encoding="utf-8")
    size = big.stat().st_size
    assert f"data/readings/huge.yml:1: E004 the file is {size:,} bytes; data files may have at most {MAX_BYTES:,}. " \
           "Fix: split it into several files, or remove what does not belong" in problems_of(data)


def test_alias_bomb_is_refused_fast(tmp_path: Path) -> None:
    import time
    data = make_data("several-faults", tmp_path)
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    (data / "readings" / "bomb.yml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    start = time.perf_counter()
    problems = problems_of(data)
    assert time.perf_counter() - start < 5
    assert any(p.startswith("data/readings/bomb.yml:1: E006 ") for p in problems)


def test_unknown_ids_at_scale_are_reported_in_bounded_time(tmp_path: Path) -> None:
    """5,000 questions and 3,000 references to ids that do not exist: suggestions must not be quadratic."""
    import time
    import yaml as pyyaml
    data = make_data("several-faults", tmp_path)
    (data / "questions" / "sample-topic.yml").unlink()
    template = pyyaml.safe_load((FIXTURES / "valid" / "questions" / "sample-topic.yml").read_text(encoding="utf-8"))
    base = template["questions"][0]
    questions = [json.loads(json.dumps(dict(base, id=f"generated-question-{i:05d}",  # copies: no YAML aliases
                                            readings=[f"missing-reading-{i:05d}"] if i < 3000 else []), default=str))
                 for i in range(5000)]
    topics = pyyaml.safe_load((data / "topics.yml").read_text(encoding="utf-8"))
    for part in range(5):  # five topic files: one file of 5,000 questions would pass the size cap
        topics.append(dict(topics[0], id=f"generated-{part}", order=10 + part))
        (data / "questions" / f"generated-{part}.yml").write_text(pyyaml.dump(
            {"topic": f"generated-{part}", "questions": questions[part * 1000:(part + 1) * 1000]},
            allow_unicode=True, Dumper=getattr(pyyaml, "CSafeDumper", pyyaml.SafeDumper)), encoding="utf-8")
    topics.pop(0)
    (data / "topics.yml").write_text(pyyaml.safe_dump(topics, allow_unicode=True), encoding="utf-8")
    (data / "collections" / "sample-list.yml").unlink()
    start = time.perf_counter()
    problems = problems_of(data)
    elapsed = time.perf_counter() - start
    assert sum(" E037 " in p for p in problems) == 3000
    assert elapsed < 30, f"{elapsed:.1f} s"
    print(f"validated 5,000 questions with 3,000 unknown ids in {elapsed:.1f} s")


def test_pathological_markdown_is_refused_before_it_can_slow_the_build(tmp_path: Path) -> None:
    data = make_data("too-many-brackets", tmp_path)
    text = (data / "questions" / "sample-topic.yml").read_text(encoding="utf-8")
    (data / "questions" / "sample-topic.yml").write_text(text.replace("[" * 60, "[" * 20000), encoding="utf-8")
    assert [p.split(" Fix:")[0] for p in problems_of(data)] == [
        "data/questions/sample-topic.yml:11: E023 [sample-clipping] 'questions[0].text.en' is 20,041 characters long; "
        "at most 12,000 are allowed here."]


@pytest.mark.parametrize("text, code", [
    ("Three reasons:\n- one\n- two", "E065"),
    ("Three reasons:\n\n- one\n- two\n  lazy continuation\n- three", None),
    ("1. first\n   - nested\n2. second", None),
    ("Code:\n\n```python\nx = 1\n- not a list\n```", None),
    ("The loss is\n$$\nL\n$$\n\nand more.", "E066"),
    ("The loss is\n\n$$\nL\n$$\nand more.", "E066"),
    ("Inline $$L$$ in a sentence.\n\nNext.", "E066"),
    ("The loss is\n\n$$\nL\n$$\n\nand more.", None),
    ("Start\n\n$$L = 1$$\n\nEnd", None),
    ("Code:\n\n```text\ncost $$ and\n$$\n```", None),
])
def test_markdown_that_would_render_as_running_text_is_reported(text: str, code: str | None) -> None:
    from atlas.load.recordchecks import display_math_in_paragraph, glued_list
    found = [c for c, _, _ in (*glued_list(text), *display_math_in_paragraph(text))]
    assert found == ([code] if code else []), found


@pytest.mark.parametrize("text, code", [
    ("Equal to $\\Pr[\\text{all } k \\text{ samples of a random subset fail the tests}]$ here.", "E071"),
    ("Long but breakable: $a_1 + a_2 + a_3 + a_4 + a_5 + a_6 + a_7 + a_8 + a_9 + a_{10} + a_{11} + a_{12}$.", None),
    ("$\\text{Decode}(\\text{Encode}(\\text{Normalize}(t))) = \\text{Normalize}(t)$ fits, at an = sign.", None),
    ("Shown as code: `$\\Pr[\\text{all } k \\text{ samples of a random subset fail the tests}]$`.", None),
    ("Costs $50 a month and $60 a year.", None),
    ("Display: \n\n$$\\Pr[\\text{all } k \\text{ samples of a random subset fail the tests}]$$\n\nfine.", None),
])
def test_inline_math_that_cannot_fit_a_phone_column_is_reported(text: str, code: str | None) -> None:
    from atlas.load.recordchecks import inline_math_too_wide
    found = [c for c, _, _ in inline_math_too_wide(text)]
    assert found == ([code] if code else []), found


@pytest.mark.parametrize("lang, text, code", [
    ("ru", "При $\\beta_2 = 0.999$ шаг стабильнее.", "E067"),
    ("ru", "При $\\beta_2 = 0{,}999$ шаг стабильнее.", None),
    ("ru", "Модель $\\text{Llama 3.1}$ и `x = 0.5` в коде.", None),
    ("ru", "Около 10 000 токенов.", "E068"),
    ("ru", "Около 10\u00a0000 токенов и 1250 запросов.", None),
    ("ru", "Около 1\u00a0250 запросов.", "E068"),
    ("ru", "Словарь на 128000 токенов.", "E068"),
    ("ru", "arXiv 2302.04761 и порт в `localhost:57344`, год 2024.", None),
    ("ru", "Всего $131\\,072$ позиций.", None),
    ("ru", "Модели GPT-3 175B и Llama 3 405B — не числа с разрядами.", None),
    ("hi", "लगभग 10 लाख users के लिए", "E069"),
    ("hi", "लगभग 1M users और 10,000 requests", None),
    ("hi", "6.55 करोड़ parameters", "E069"),
])
def test_numbers_follow_each_languages_convention(lang: str, text: str, code: str | None) -> None:
    from atlas.load import numbers
    found = [c for c, _, _ in (numbers.russian(text) if lang == "ru" else numbers.hindi(text))]
    assert found == ([code] if code else []), found
