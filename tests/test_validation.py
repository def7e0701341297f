"""The broken-data corpus: every fault gives its exact file:line message, and no site is built."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from atlas import AtlasError, load_atlas
from atlas.schema import FILES, schema_document
from atlas.settings import standalone_config
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
        if path.is_file() and rel.name not in ("expected.txt", "DELETE"):
            (data / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, data / rel)
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
