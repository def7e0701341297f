"""The scaffolding command: a complete skeleton appended byte-safely, failing validation until filled in."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from atlas import AtlasError, load_atlas
from atlas.contrib.scaffold import PLACEHOLDER, SCHEMA_MODELINE, Scaffolded, ScaffoldError, scaffold_question
from atlas.core.schema import FILES
from conftest import ROOT

VALID = Path(__file__).parent / "fixtures" / "valid"
CLI = [sys.executable, str(ROOT / "scripts" / "new_question.py")]
FILLER = {  # long enough for every length rule (an answer needs 80 characters)
    "en": "A complete English text written by the test, long enough for every length rule in the schema.",
    "ru": "Полный русский текст, написанный тестом, достаточно длинный для всех ограничений схемы на длину.",
    "hi": "टेस्ट द्वारा लिखा गया पूरा हिंदी टेक्स्ट, जो schema की लंबाई वाली हर शर्त के लिए काफ़ी लंबा है।",
}


# -- helpers ----------------------------------------------------------------------------------------
def problems(data: Path) -> list[str]:
    """Every problem the loader reports for `data`, as printed lines ([] when it loads)."""
    try:
        load_atlas(data)
    except AtlasError as error:
        return [str(p) for p in error.problems]
    return []


def fill(result: Scaffolded, data: Path) -> None:
    """Do what the contributor does: replace every placeholder with real, valid content."""
    tracks = [r["id"] for r in yaml.safe_load((data / "tracks.yml").read_text(encoding="utf-8"))]
    types = [r["id"] for r in yaml.safe_load((data / "types.yml").read_text(encoding="utf-8"))]
    sources = [r["id"] for f in sorted((data / "sources").glob("*.yml"))
               for r in yaml.safe_load(f.read_text(encoding="utf-8"))]
    lines = result.path.read_text(encoding="utf-8").split("\n")
    for p in result.placeholders:
        i = p.line - 1
        indent = re.match(r"\s*", lines[i]).group(0)
        if p.field == "tracks":
            lines[i] = f"{indent}tracks: [{tracks[0]}]"
        elif p.field == "type":
            lines[i] = f"{indent}type: {types[0]}"
        elif p.field == "difficulty":
            lines[i] = f"{indent}difficulty: basic"
        elif p.field == "readings":
            lines[i] = f"{indent}readings: []"
        elif p.field == "sources":
            lines[i] = f"{indent}sources: [{sources[0]}]"
        elif p.field == "checked":
            lines[i] = f"{indent}checked: {result_added(lines)}"
        else:  # a block scalar: the key is on p.line, its TODO text on the next line
            assert PLACEHOLDER in lines[i + 1], (p, lines[i + 1])
            text_indent = re.match(r"\s*", lines[i + 1]).group(0)
            lines[i + 1] = text_indent + FILLER[p.field.rsplit(".", 1)[1]]
    result.path.write_text("\n".join(lines), encoding="utf-8")


def result_added(lines: list[str]) -> str:
    """The skeleton's own `added` date: a second reader checks a record on or after the day it is added."""
    return next(line.split(":", 1)[1].strip() for line in reversed(lines) if line.strip().startswith("added:"))


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], cwd=cwd, capture_output=True, text=True, timeout=60)


def snapshot(directory: Path) -> dict[str, bytes]:
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


@pytest.fixture
def fixture_data(tmp_path: Path) -> Path:
    """The small valid corpus: one topic file, loads without problems."""
    data = tmp_path / "data"
    shutil.copytree(VALID, data)
    assert problems(data) == []
    return data


@pytest.fixture
def real_data(tmp_path: Path) -> Path:
    """A copy of the real data/, as a contributor has it (written in parallel, so maybe not clean)."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    return data


def real_topic_with_file(data: Path) -> str:
    topics = [r["id"] for r in yaml.safe_load((data / "topics.yml").read_text(encoding="utf-8"))]
    with_file = [t for t in topics if (data / "questions" / f"{t}.yml").exists()]
    if not with_file:
        pytest.skip("no topic in data/ has a question file yet")
    return with_file[-1]


# -- the skeleton -----------------------------------------------------------------------------------
def test_skeleton_has_every_field_of_the_question_schema_in_every_language(fixture_data: Path) -> None:
    result = scaffold_question(fixture_data, "sample-topic", "new-sample-question")
    record = yaml.safe_load(result.path.read_text(encoding="utf-8"))["questions"][-1]
    question_schema = FILES["questions"]["properties"]["questions"]["items"]
    assert set(record) == set(question_schema["properties"])
    for name, prop in question_schema["properties"].items():
        if prop.get("type") == "object":  # texts: all three languages, each a placeholder
            assert set(record[name]) == {"en", "ru", "hi"}, name
            assert all(v.startswith(PLACEHOLDER) for v in record[name].values()), name
    assert len(record["rubric"]) >= question_schema["properties"]["rubric"]["minItems"]
    assert all(set(point) == {"en", "ru", "hi"} for point in record["rubric"])
    assert record["id"] == "new-sample-question" and result.line == _line_of(result.path, "new-sample-question")


def _line_of(path: Path, qid: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if re.search(rf"- id: {qid}$", line))


def test_existing_bytes_are_untouched_and_the_filled_record_validates(real_data: Path) -> None:
    topic = real_topic_with_file(real_data)
    path = real_data / "questions" / f"{topic}.yml"
    before_bytes, before_problems = path.read_bytes(), problems(real_data)
    result = scaffold_question(real_data, topic, "scaffold-test-question")
    assert result.path == path and not result.created
    assert path.read_bytes().startswith(before_bytes)
    fill(result, real_data)
    assert problems(real_data) == before_problems  # nothing new: the filled record is valid


def test_comments_and_unusual_layout_survive(fixture_data: Path) -> None:
    """Hand-written files vary: comments, indentless lists, flow mappings, no final newline."""
    path = fixture_data / "questions" / "sample-topic.yml"
    original = path.read_text(encoding="utf-8")
    body = original.split("questions:\n", 1)[1]
    unusual = ("# A comment a YAML round trip would drop.\n" + original.split("questions:\n", 1)[0]
               + "questions:   # trailing comment\n"
               + "\n".join(line[2:] if line.startswith("  ") else line for line in body.splitlines())
               + "  # last line: a comment, no newline")
    path.write_text(unusual, encoding="utf-8")
    assert problems(fixture_data) == []
    result = scaffold_question(fixture_data, "sample-topic", "layout-survivor")
    assert path.read_text(encoding="utf-8").startswith(unusual)
    assert "\n- id: layout-survivor\n" in path.read_text(encoding="utf-8")  # same list indentation
    fill(result, fixture_data)
    assert problems(fixture_data) == []


def test_windows_line_endings_are_kept(fixture_data: Path) -> None:
    path = fixture_data / "questions" / "sample-topic.yml"
    crlf = path.read_bytes().replace(b"\n", b"\r\n")
    path.write_bytes(crlf)
    scaffold_question(fixture_data, "sample-topic", "crlf-question")
    after = path.read_bytes()
    assert after.startswith(crlf)
    assert b"\n" not in after[len(crlf):].replace(b"\r\n", b"")


def test_unfilled_placeholders_fail_validation_with_a_clear_message(fixture_data: Path) -> None:
    result = scaffold_question(fixture_data, "sample-topic", "left-unfilled")
    found = problems(fixture_data)
    assert found, "a skeleton with TODO placeholders must not validate"
    rel = "data/questions/sample-topic.yml"
    reported = {int(p.split(":")[1]) for p in found if p.startswith(rel + ":")}
    missing = [(p.line, p.field) for p in result.placeholders if p.line not in reported]
    assert not missing, f"placeholders that validation does not report: {missing}"
    for line in found:
        assert "[left-unfilled]" in line, line  # every problem names the new record…
        assert " E047 " in line and "placeholder" in line, line  # …and says what it is, once
        assert "Fix: " in line
    assert len(found) == len(result.placeholders)


def test_cli_prints_every_line_to_fill_in(fixture_data: Path) -> None:
    done = run_cli("--topic", "sample-topic", "--id", "printed-question", "--data", str(fixture_data),
                   cwd=fixture_data.parent)
    assert done.returncode == 0, done.stderr
    path = fixture_data / "questions" / "sample-topic.yml"
    lines = path.read_text(encoding="utf-8").splitlines()
    listed = [int(n) for n in re.findall(r"^\s+line\s+(\d+)\s", done.stdout, re.M)]
    todo_lines = [n for n, text in enumerate(lines, 1) if PLACEHOLDER in text]
    assert listed and all(PLACEHOLDER in lines[n - 1] or PLACEHOLDER in lines[n] for n in listed)
    assert len(listed) == len(todo_lines)
    assert "python -m atlas validate" in done.stdout


def test_a_topic_without_a_file_gets_one_with_header_and_modeline(fixture_data: Path) -> None:
    topics = fixture_data / "topics.yml"
    topics.write_text(topics.read_text(encoding="utf-8") + (
        "- id: second-topic\n  order: 2\n  name: {en: Second topic, ru: Вторая тема, hi: दूसरा विषय}\n"
        "  summary:\n    en: A second topic that has no question file yet.\n"
        "    ru: Вторая тема, у которой ещё нет файла вопросов.\n"
        "    hi: दूसरा विषय, जिसकी प्रश्न फ़ाइल अभी नहीं है।\n"), encoding="utf-8")
    result = scaffold_question(fixture_data, "second-topic", "first-of-its-topic")
    assert result.created and result.path == fixture_data / "questions" / "second-topic.yml"
    text = result.path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == SCHEMA_MODELINE
    schema = (ROOT / "data" / "questions" / SCHEMA_MODELINE.split("$schema=")[1]).resolve()
    assert schema == ROOT / "hooks" / "atlas" / "schemas" / "questions.schema.json" and schema.is_file()
    assert yaml.safe_load(text)["topic"] == "second-topic"
    fill(result, fixture_data)
    assert problems(fixture_data) == []


# -- refusals ---------------------------------------------------------------------------------------
def test_refuses_an_id_used_in_another_topic_file(fixture_data: Path) -> None:
    (fixture_data / "topics.yml").write_text((fixture_data / "topics.yml").read_text(encoding="utf-8") + (
        "- id: other-topic\n  order: 2\n  name: {en: Other, ru: Другая, hi: अन्य}\n"
        "  summary: {en: Another topic for the test., ru: Другая тема для теста., hi: टेस्ट के लिए दूसरा विषय।}\n"),
        encoding="utf-8")
    before = snapshot(fixture_data)
    with pytest.raises(ScaffoldError, match=r"sample-clipping.*already used at data/questions/sample-topic\.yml:4"):
        scaffold_question(fixture_data, "other-topic", "sample-clipping")
    done = run_cli("--topic", "other-topic", "--id", "sample-clipping", "--data", str(fixture_data),
                   cwd=fixture_data.parent)
    assert done.returncode == 1
    assert "already used at data/questions/sample-topic.yml:4" in done.stderr and not done.stdout
    assert snapshot(fixture_data) == before


def test_refuses_an_id_in_a_file_that_does_not_parse(fixture_data: Path) -> None:
    """A file someone is halfway through editing still counts: its ids are taken."""
    path = fixture_data / "questions" / "sample-topic.yml"
    path.write_text(path.read_text(encoding="utf-8") + "  - id: half-written\n    text: [unclosed\n", encoding="utf-8")
    with pytest.raises(ScaffoldError, match="half-written.*already used"):
        scaffold_question(fixture_data, "sample-topic", "half-written")


def test_refuses_an_unknown_topic_and_suggests_the_close_one(fixture_data: Path) -> None:
    before = snapshot(fixture_data)
    done = run_cli("--topic", "sample-topik", "--id", "anything-new", "--data", str(fixture_data),
                   cwd=fixture_data.parent)
    assert done.returncode == 1
    assert "unknown topic 'sample-topik'" in done.stderr
    assert "did you mean `sample-topic`?" in done.stderr and "Known topics: sample-topic" in done.stderr
    assert snapshot(fixture_data) == before


@pytest.mark.parametrize("bad", ["Sample_Question", "two--hyphens", "-leading", "ünïcode", ""])
def test_refuses_a_malformed_id(fixture_data: Path, bad: str) -> None:
    with pytest.raises(ScaffoldError, match="not a valid question id"):
        scaffold_question(fixture_data, "sample-topic", bad)


def test_refuses_a_file_it_cannot_append_to_safely(fixture_data: Path) -> None:
    path = fixture_data / "questions" / "sample-topic.yml"
    text = path.read_text(encoding="utf-8")
    reordered = text.replace("topic: sample-topic\n", "") + "topic: sample-topic\n"  # `questions:` not last
    path.write_text(reordered, encoding="utf-8")
    with pytest.raises(ScaffoldError, match="cannot append safely"):
        scaffold_question(fixture_data, "sample-topic", "would-break-it")
    assert path.read_text(encoding="utf-8") == reordered
