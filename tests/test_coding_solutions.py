"""Every reference solution in the atlas runs: its code blocks are extracted from the answer and executed.

A coding answer carries NumPy code followed by its own checks (`assert`): shapes, a known value, a comparison
with an independent formulation. The Russian and Hindi answers carry the same code (comments may be
translated: the syntax trees must match).

The ml-coding topic is mutation-tested. Its answers follow one convention: every python block except the last
defines the solution, and the last block holds only the checks. `tests/mutants/<question-id>.yml` lists at least
three plausible bugs, each a piece of code that redefines one or more of the solution's functions (names starting
with `_` are the mutant's own helpers, e.g. the correct function kept under another name); with a mutant
applied between the solution and the checks, the checks must fail (an assertion or any other exception). A check
that a wrong solution passes is not a check.
"""

from __future__ import annotations

import ast
import re
import warnings

import pytest
import yaml

from atlas import load_atlas
from conftest import ROOT

CODE = re.compile(r"^[ \t]*```python[ \t]*\n(.*?)^[ \t]*```[ \t]*$", re.S | re.M)
ATLAS = load_atlas(ROOT / "data")
SOLUTIONS = [q for q in ATLAS.questions if q.answer and CODE.search(q.answer["en"])]
# Every question whose answer runs code: the ml-coding topic and any other answer with python blocks.
CODING = [q for q in ATLAS.questions if q.topic == "ml-coding" or (q.answer and CODE.search(q.answer["en"]))]
MUTANTS = ROOT / "tests" / "mutants"
MIN_MUTANTS = 3


def blocks(markdown: str) -> list[str]:
    """The python blocks of an answer, dedented to where their fence starts."""
    out = []
    for m in CODE.finditer(markdown):
        indent = re.match(r"[ \t]*", markdown[markdown.rfind("\n", 0, m.start()) + 1:]).group(0)
        out.append("\n".join(line.removeprefix(indent) for line in m.group(1).splitlines()))
    return out


def test_the_coding_topic_has_tested_solutions() -> None:
    coding = [q for q in SOLUTIONS if q.topic == "ml-coding"]
    topics = {t.id for t in ATLAS.topics}
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


# -- code in answers: solution blocks, then a checks block; mutants must fail the checks -------------------------

def defined_names(code: str) -> set[str]:
    """Top-level functions, classes and assigned names of a piece of code."""
    names: set[str] = set()
    for node in ast.parse(code).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def split(question) -> tuple[str, str]:
    """(solution, checks): all python blocks but the last, and the last."""
    code = blocks(question.answer["en"])
    return "\n\n".join(code[:-1]), code[-1]


def mutants(question_id: str) -> list[dict]:
    path = MUTANTS / f"{question_id}.yml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else []


MUTATIONS = [(q, m) for q in CODING if q.answer for m in mutants(q.id)]


@pytest.mark.parametrize("question", CODING, ids=[q.id for q in CODING])
def test_every_coding_question_has_a_solution_and_separate_checks(question) -> None:
    assert question.answer, f"{question.id}: an ml-coding question needs a reference solution"
    code = blocks(question.answer["en"])
    assert len(code) >= 2, f"{question.id}: the solution blocks, then one block of checks"
    solution, checks = split(question)
    assert "assert" in checks, f"{question.id}: the last python block holds the checks"
    assert not any(isinstance(n, ast.Assert) for n in ast.parse(solution).body), \
        f"{question.id}: checks belong in the last block only"
    redefined = defined_names(solution) & {n.name for n in ast.parse(checks).body
                                           if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assert not redefined, f"{question.id}: the checks block redefines the solution's {sorted(redefined)}"


@pytest.mark.parametrize("question", CODING, ids=[q.id for q in CODING])
def test_every_coding_question_has_mutants(question) -> None:
    path = MUTANTS / f"{question.id}.yml"
    assert path.is_file(), f"{question.id}: add {path.relative_to(ROOT)} with at least {MIN_MUTANTS} mutants"
    entries = mutants(question.id)
    assert isinstance(entries, list) and len(entries) >= MIN_MUTANTS, f"{question.id}: {len(entries or [])} mutants"
    names = [m.get("name") for m in entries]
    assert len(set(names)) == len(names), f"{question.id}: mutant names repeat"
    solution = defined_names(split(question)[0]) if question.answer else set()
    for m in entries:
        assert set(m) == {"name", "bug", "code"}, f"{question.id}: a mutant is {{name, bug, code}}, got {sorted(m)}"
        assert all(isinstance(m[k], str) and m[k].strip() for k in m), f"{question.id}/{m.get('name')}: empty field"
        changed = {n for n in defined_names(m["code"]) if not n.startswith("_")}   # _names are the mutant's helpers
        assert changed and changed <= solution, \
            f"{question.id}/{m['name']}: a mutant redefines the solution's own names, not {sorted(changed - solution)}"


@pytest.mark.parametrize("question,mutant", MUTATIONS, ids=[f"{q.id}/{m['name']}" for q, m in MUTATIONS])
def test_the_checks_catch_the_mutant(question, mutant) -> None:
    solution, checks = split(question)
    namespace: dict[str, object] = {"__name__": f"mutant_{question.id.replace('-', '_')}"}
    exec(compile(solution, f"{question.id}:solution", "exec"), namespace)  # noqa: S102 - our own reviewed data
    exec(compile(mutant["code"], f"{question.id}:{mutant['name']}", "exec"), namespace)  # noqa: S102
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")                 # a mutant is caught by a check, not by a warning
        try:
            exec(compile(checks, f"{question.id}:checks", "exec"), namespace)  # noqa: S102
        except Exception:                               # an assertion, a shape error, a NaN comparison...
            return
    pytest.fail(f"{question.id}: the checks pass with the mutant '{mutant['name']}' ({mutant['bug']})")
