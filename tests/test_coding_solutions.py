"""Every reference solution in the atlas runs: its code blocks are extracted from the answer and executed.

A coding answer carries NumPy code followed by its own checks (`assert`): shapes, a known value, a property.
The Russian and Hindi answers carry the same code (comments may be translated: the syntax trees must match).
"""

from __future__ import annotations

import ast
import re

import pytest

from atlas import load_atlas
from conftest import ROOT

CODE = re.compile(r"^[ \t]*```python[ \t]*\n(.*?)^[ \t]*```[ \t]*$", re.S | re.M)
SOLUTIONS = [q for q in load_atlas(ROOT / "data").questions if q.answer and CODE.search(q.answer["en"])]


def blocks(markdown: str) -> list[str]:
    """The python blocks of an answer, dedented to where their fence starts."""
    out = []
    for m in CODE.finditer(markdown):
        indent = re.match(r"[ \t]*", markdown[markdown.rfind("\n", 0, m.start()) + 1:]).group(0)
        out.append("\n".join(line.removeprefix(indent) for line in m.group(1).splitlines()))
    return out


def test_the_coding_topic_has_tested_solutions() -> None:
    coding = [q for q in SOLUTIONS if q.topic == "ml-coding"]
    topics = {t.id for t in load_atlas(ROOT / "data").topics}
    if "ml-coding" in topics:
        assert len(coding) >= 8, [q.id for q in coding]
    for q in coding:
        assert any("assert" in b for b in blocks(q.answer["en"])), f"{q.id}: a solution must check itself"


@pytest.mark.parametrize("question", SOLUTIONS, ids=[q.id for q in SOLUTIONS])
def test_solution_runs_and_its_checks_pass(question) -> None:
    code = "\n\n".join(blocks(question.answer["en"]))
    namespace: dict[str, object] = {"__name__": f"solution_{question.id.replace('-', '_')}"}
    exec(compile(code, f"{question.file}:{question.id}", "exec"), namespace)  # noqa: S102 - our own reviewed data


def program(markdown: str) -> list[str]:
    """The code of an answer as syntax trees: comments and layout may differ, the program may not."""
    return [ast.dump(ast.parse(block)) for block in blocks(markdown)]


@pytest.mark.parametrize("question", SOLUTIONS, ids=[q.id for q in SOLUTIONS])
def test_translations_carry_the_same_code(question) -> None:
    english = program(question.answer["en"])
    for lang in ("ru", "hi"):
        assert program(question.answer[lang]) == english, f"{question.id}: the {lang} answer's code differs"


def test_a_broken_solution_is_caught() -> None:
    """The harness itself: a failing check raises, so a wrong solution cannot pass silently."""
    with pytest.raises(AssertionError):
        exec(compile("\n".join(blocks("```python\nassert 1 + 1 == 3\n```")), "broken", "exec"), {})
