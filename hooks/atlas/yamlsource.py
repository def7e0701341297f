"""Read YAML keeping the line of every value, so problems can point at it.

Dates stay strings (as editors and JSON Schema see them); duplicate keys are reported, not
silently overwritten as PyYAML would do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from atlas.errors import Problem

Path_ = tuple[Any, ...]


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml when PyYAML has it: ~10x faster
    """SafeLoader without the timestamp resolver."""


_Loader.yaml_implicit_resolvers = {
    ch: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for ch, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


@dataclass
class YamlDoc:
    """A parsed file plus the line (1-based) of each value, keyed by its path of keys/indexes."""

    path: Path
    rel: str
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)

    def line(self, at: Path_) -> int:
        """Line of `at`, or of its nearest ancestor that has one."""
        at = tuple(at)
        while at and at not in self.lines:
            at = at[:-1]
        return self.lines.get(at, 1)


def read_yaml(path: Path, rel: str) -> tuple[YamlDoc | None, list[Problem]]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [Problem(rel, 1, "E003", "", f"cannot read the file ({exc})", "save it as UTF-8 text")]
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        # An unclosed quote is found at the end of the file; where it was opened is more useful.
        starts = exc.context_mark is not None and "quoted scalar" in (exc.context or "")
        mark = exc.context_mark if starts else (exc.problem_mark or exc.context_mark)
        line = mark.line + 1 if mark else 1
        what = " ".join(s for s in (exc.context, exc.problem) if s)
        return None, [
            Problem(rel, line, "E001", "", f"YAML syntax error: {what}",
                    "check indentation, and quote text containing ': ' or starting with a special character")
        ]
    finally:
        getattr(loader, "dispose", lambda: None)()
    doc = YamlDoc(path, rel, None)
    problems: list[Problem] = []
    if node is not None:
        doc.data = _build(node, (), doc, problems)
    return doc, problems


def _build(node: yaml.Node, at: Path_, doc: YamlDoc, problems: list[Problem]) -> Any:
    doc.lines[at] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node)
            if key in out:
                problems.append(Problem(doc.rel, key_node.start_mark.line + 1, "E002", "",
                                        f"key '{key}' appears twice in the same mapping",
                                        "keep one of them"))
            out[key] = _build(value_node, at + (key,), doc, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, at + (i,), doc, problems) for i, item in enumerate(node.value)]
    return _scalar(node)


def _scalar(node: yaml.Node) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        return repr(node)  # a mapping used as a key: leave it to schema checks
    if node.tag == "tag:yaml.org,2002:str":
        return node.value
    return _CONSTRUCTOR.construct_object(node, deep=True)


_CONSTRUCTOR = yaml.constructor.SafeConstructor()
