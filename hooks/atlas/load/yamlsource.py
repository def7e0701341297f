"""Read YAML keeping the line of every value, so problems can point at it.

Only the YAML our data needs is accepted: plain mappings, lists and scalars. Anchors, aliases, merge
keys and explicit tags are refused (an alias bomb of a few hundred bytes expands to gigabytes; tags
construct types no record has), as are control and invisible formatting characters, files above a
size cap and nesting deeper than any record goes. The tree is built from the parser's event stream
without recursion, so no input can exhaust the stack.

Dates stay strings (as editors and JSON Schema see them); duplicate keys are reported, not
silently overwritten as PyYAML would do.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from atlas.core.errors import Problem

Path_ = tuple[Any, ...]

MAX_BYTES = 8_000_000  # the largest topic file is ~0.4 MB (~100 such questions would be 2 MB); past this is a mistake or an attack
MAX_DEPTH = 10         # the deepest record (question → asked → role → language) nests 6 levels
# C0 and C1 controls (tab and line breaks allowed), bidirectional overrides and isolates, and invisible
# characters that make equal-looking text differ. ZWJ/ZWNJ (U+200C/D) stay: Devanagari needs them.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b\u200e\u200f\u202a-\u202e"
                        "\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]")
_MERGE = "tag:yaml.org,2002:merge"


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


def read_yaml(path: Path, rel: str, max_bytes: int = MAX_BYTES) -> tuple[YamlDoc | None, list[Problem]]:
    """The file's data and lines, or the one problem that stops it being read (`max_bytes`: the size cap)."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            return None, [Problem(rel, 1, "E004", "", f"the file is {size:,} bytes; data files may have at most "
                                  f"{max_bytes:,}", "split it into several files, or remove what does not belong")]
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [Problem(rel, 1, "E003", "", f"cannot read the file ({exc})", "save it as UTF-8 text")]
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write: harmless at the start
    bad = _FORBIDDEN.search(text)
    if bad:
        ch = bad.group(0)
        name = unicodedata.name(ch, "")
        more = len(_FORBIDDEN.findall(text)) - 1
        return None, [Problem(rel, text.count("\n", 0, bad.start()) + 1, "E005", "",
                              f"the file contains U+{ord(ch):04X}{f' ({name})' if name else ''}, an invisible or control character"
                              + (f" ({more} more in the file)" if more else ""),
                              "delete it: retype the text around it, or remove it in an editor that shows "
                              "invisible characters")]
    doc = YamlDoc(path, rel, None)
    problems: list[Problem] = []
    try:
        doc.data = _compose(yaml.parse(text, Loader=_Loader), doc, problems)
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
    except _Refused as refused:
        return None, [refused.problem]
    return doc, problems


class _Refused(Exception):
    """A YAML feature the data never uses: stop reading the file at once (an alias bomb must not expand)."""

    def __init__(self, problem: Problem):
        self.problem = problem


_NO_KEY = object()


@dataclass
class _Frame:
    container: dict[Any, Any] | list[Any]
    path: Path_
    key: Any = _NO_KEY  # for mappings: the key whose value comes next
    key_line: int = 0


def _compose(events: Any, doc: YamlDoc, problems: list[Problem]) -> Any:
    """The document's data from parser events, iteratively, refusing what the data never needs."""
    stack: list[_Frame] = []
    root: Any = None

    def refuse(code: str, line: int, message: str, fix: str) -> None:
        raise _Refused(Problem(doc.rel, line, code, "", message, fix))

    def place(value: Any, line: int) -> Path_ | None:
        """Attach `value` to the open container; returns its path (None when it was a mapping key)."""
        nonlocal root
        if not stack:
            root = value
            doc.lines[()] = line
            return ()
        top = stack[-1]
        if isinstance(top.container, list):
            at = top.path + (len(top.container),)
            top.container.append(value)
        elif top.key is _NO_KEY:
            if isinstance(value, (dict, list)):
                refuse("E020", line, "a mapping or list is used as a key", "keys are plain names, e.g. `id:`")
            if value in top.container:
                problems.append(Problem(doc.rel, line, "E002", "", f"key '{value}' appears twice in the same mapping",
                                        "keep one of them"))
            top.key, top.key_line = value, line
            return None
        else:
            at = top.path + (top.key,)
            top.container[top.key] = value
            top.key = _NO_KEY
        doc.lines[at] = line
        return at

    for event in events:
        line = event.start_mark.line + 1 if getattr(event, "start_mark", None) else 1
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            refuse("E006", line, "YAML anchors (&name) and aliases (*name) are not used in atlas data",
                   "write the value out in full where it is needed")
        if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)) and event.tag is not None:
            shown = event.tag.replace("tag:yaml.org,2002:", "!!")
            refuse("E007", line, f"explicit YAML tag `{shown}`: atlas data uses plain values only",
                   "remove the tag; quote the value if it should be text, e.g. \"2402.03300\"")
        if isinstance(event, yaml.ScalarEvent):
            tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)
            if tag == _MERGE and stack and isinstance(stack[-1].container, dict) and stack[-1].key is _NO_KEY:
                refuse("E006", line, "YAML merge keys (<<) are not used in atlas data",
                       "write the fields out in full in this record")
            value = event.value if tag == "tag:yaml.org,2002:str" else \
                _CONSTRUCTOR.construct_object(yaml.ScalarNode(tag, event.value), deep=True)
            place(value, line)
        elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if len(stack) >= MAX_DEPTH:
                refuse("E008", line, f"values are nested more than {MAX_DEPTH} levels deep",
                       "records are flat: check the indentation, or unnest the lists and mappings")
            container: dict[Any, Any] | list[Any] = {} if isinstance(event, yaml.MappingStartEvent) else []
            at = place(container, line)
            if at is None:  # a collection as a key: place() has refused it
                continue
            stack.append(_Frame(container, at))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            stack.pop()
    return root


_RESOLVER = _Loader("")
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
