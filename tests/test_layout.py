"""The engine's folders show its flow: each stage imports only the stages before it, never one after."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

ENGINE = ROOT / "hooks" / "atlas"
ORDER = ("core", "safety", "load", "pages", "search", "downloads", "contrib")
TOP = ("site", "__main__", "__init__")  # the assembly and the command line sit above every stage


def atlas_imports(path: Path) -> set[str]:
    """Every `atlas.<stage>` a module imports, at any depth of the file (imports inside functions count)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "atlas" and len(parts) > 1:
                found.add(parts[1])
    return found


def stage_of(path: Path) -> str:
    rel = path.relative_to(ENGINE).parts
    return rel[0] if len(rel) > 1 else path.stem


def test_every_module_belongs_to_a_stage_or_the_top() -> None:
    for path in ENGINE.rglob("*.py"):
        assert stage_of(path) in ORDER + TOP, f"{path.relative_to(ROOT)}: put it in one of {ORDER}"


def test_imports_point_down_the_flow_only() -> None:
    wrong = []
    for path in sorted(ENGINE.rglob("*.py")):
        stage = stage_of(path)
        if stage in TOP:
            continue
        allowed = set(ORDER[: ORDER.index(stage) + 1])
        for target in atlas_imports(path) - allowed:
            wrong.append(f"{path.relative_to(ROOT)} ({stage}) imports atlas.{target}")
    assert not wrong, "\n".join(wrong)


def test_every_stage_says_what_it_owns_and_may_import() -> None:
    for stage in ORDER:
        doc = ast.get_docstring(ast.parse((ENGINE / stage / "__init__.py").read_text(encoding="utf-8"))) or ""
        assert "Owns:" in doc and "May import:" in doc, stage


def test_the_layout_check_catches_an_upward_import(tmp_path) -> None:
    """The check itself: a core module importing a page module is reported."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from atlas.pages.views import Builder\n", encoding="utf-8")
    assert atlas_imports(bad) == {"pages"}
