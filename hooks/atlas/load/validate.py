"""Turn JSON Schema violations into contributor-friendly problems with stable codes."""

from __future__ import annotations

import difflib
import re
from typing import Any, Iterator

import fastjsonschema
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from atlas.core.errors import Problem
from atlas.core.schema import ARXIV, DATE, FILES, LANGUAGES, PLACEHOLDER, SLUG, URL
from atlas.load.yamlsource import YamlDoc

_LANG_NAMES = {"en": "English", "ru": "Russian", "hi": "Hindi"}
_PATTERN_CODES = {SLUG: ("E016", "use lowercase letters, digits and single hyphens, e.g. `ppo-clipping`"),
                  DATE: ("E017", "write the date as YYYY-MM-DD, e.g. 2026-11-29"),
                  ARXIV: ("E018", 'write the bare id in quotes, e.g. arxiv: "2402.03300" or "hep-th/9901001"'),
                  URL: ("E019", "use a full https URL, e.g. https://example.org/page (plain http is not linked)")}
_VALIDATORS = {kind: Draft202012Validator(schema) for kind, schema in FILES.items()}
# Valid data is the common case: a compiled validator says so ~20x faster. Only a file that fails it goes
# through jsonschema, which lists every error with its path.
_FAST = {kind: fastjsonschema.compile(schema) for kind, schema in FILES.items()}


def record_id(data: Any, path: tuple[Any, ...]) -> str:
    """The id of the innermost record on `path`, for messages."""
    found, node = "", data
    if isinstance(node, dict) and isinstance(node.get("id"), str):
        found = node["id"]
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            found = node["id"]
    return found


def schema_problems(kind: str, doc: YamlDoc) -> list[Problem]:
    try:
        _FAST[kind](doc.data)
        return []
    except fastjsonschema.JsonSchemaException:
        pass
    problems: list[Problem] = []
    for error in _VALIDATORS[kind].iter_errors(doc.data):
        problems.extend(_explain(error, doc))
    return problems


def _field(path: tuple[Any, ...]) -> str:
    names = [str(p) for p in path if isinstance(p, str)]
    return names[-1] if names else "file"


def show_path(path: tuple[Any, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out or "the file"


def _explain(error: ValidationError, doc: YamlDoc) -> Iterator[Problem]:
    path = tuple(error.absolute_path)
    rid = record_id(doc.data, path)
    line = doc.line(path)
    kw, schema, value = error.validator, error.schema, error.instance

    def problem(code: str, message: str, fix: str = "", at: tuple[Any, ...] = path) -> Problem:
        return Problem(doc.rel, doc.line(at), code, rid, message, fix)

    if isinstance(value, str) and re.match(PLACEHOLDER, value):
        # Whatever rule it breaks (`not`, pattern, length), the news is the same: the TODO is still there.
        hint = " ".join(value.split())[len("TODO:"):].strip()
        yield problem("E047", f"'{show_path(path)}' is still the scaffold's placeholder",
                      f"replace the whole `TODO: …` text with what it asks for: {hint}")
        return
    if kw == "required":
        props = schema.get("properties", {})
        for name in schema["required"]:
            if isinstance(value, dict) and name not in value:
                if name in LANGUAGES:
                    yield problem("E013", f"'{show_path(path)}' has no {_LANG_NAMES[name]} ({name}) text",
                                  f"add `{name}:` with the {_LANG_NAMES[name]} translation under `{_field(path)}`")
                else:
                    desc = props.get(name, {}).get("description", "")
                    yield problem("E010", f"required field '{name}' is missing from {show_path(path)}",
                                  f"add `{name}:`" + (f" — {desc}" if desc else ""))
    elif kw == "additionalProperties":
        allowed = list(schema.get("properties", {}))
        for name in value:
            if name not in allowed:
                close = difflib.get_close_matches(str(name), allowed, n=1)
                hint = f"did you mean `{close[0]}`?" if close else f"remove it; allowed here: {', '.join(allowed)}"
                yield problem("E011", f"unknown field '{name}' in {show_path(path)}", hint, path + (name,))
    elif kw == "type":
        expected = schema["type"]
        got = type(value).__name__.replace("str", "text").replace("dict", "mapping").replace("list", "list")
        if _field(path) == "arxiv":
            fix = f'put the id in quotes: arxiv: "{value}" (unquoted, YAML reads it as a number and may drop zeros)'
        elif expected == "object" and "en" in schema.get("properties", {}):
            fix = "give one text per language as a mapping: `en: …`, `ru: …`, `hi: …`"
        elif expected == "array":
            fix = f"write a list, e.g. `{_field(path)}: [{value}]`" if isinstance(value, str) else "write a YAML list"
        else:
            fix = f"write {_field(path)} as {('an ' if expected[0] in 'aeiou' else 'a ') + expected}"
        yield problem("E012", f"'{show_path(path)}' should be {expected}, not {got}", fix)
    elif kw == "minItems":
        if _field(path) == "rubric":
            yield problem("E015", f"rubric has {len(value)} point(s); at least {error.validator_value} are needed",
                          "add points a strong answer must cover: formulas, mechanisms, trade-offs")
        else:
            yield problem("E020", f"'{show_path(path)}' needs at least {error.validator_value} item(s)",
                          "add the missing entries")
    elif kw == "minLength":
        what = "empty" if not value.strip() else f"too short ({len(value)} characters, at least {error.validator_value})"
        yield problem("E014", f"'{show_path(path)}' is {what}", "write the full text")
    elif kw == "pattern":
        code, fix = _PATTERN_CODES.get(error.validator_value, ("E020", "see the field's description"))
        yield problem(code, f"'{show_path(path)}' has a malformed value '{value}'", fix)
    elif kw == "enum":
        yield problem("E020", f"'{show_path(path)}' is '{value}', which is not allowed",
                      "use one of: " + ", ".join(map(str, error.validator_value)))
    elif kw == "uniqueItems":
        yield problem("E020", f"'{show_path(path)}' lists the same entry twice", "remove the duplicate")
    else:
        yield problem("E020", f"'{show_path(path)}': {error.message}", schema.get("description", ""))
