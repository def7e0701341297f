"""The one loader: read data/, check everything, and either return an Atlas or raise every problem."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Iterator

from atlas.core.errors import AtlasError, Problem
from atlas.core.labels import all_labels
from atlas.core.model import Atlas, Glossary, Spelling, Term
from atlas.core.schema import ARXIV, PLACEHOLDER, SLUG
from atlas.core.urls import PAGE_ANCHOR_PREFIXES
from atlas.load import layout, terms, translations
from atlas.load.assemble import assemble
from atlas.load.arxivid import parse_id
from atlas.load.recordchecks import value_problems
from atlas.load.suggest import Suggester
from atlas.load.validate import record_id, schema_problems, show_path
from atlas.load.layout import DIR_FILES, LAYOUT, LIST_FILES, OPTIONAL_FILES
from atlas.load.numbers import number_problems
from atlas.load.yamlsource import MAX_BYTES, YamlDoc, read_yaml
from atlas.safety.textsafe import anchor_links, unsafe_parts

_ID = re.compile(SLUG.strip("^$"))
ONE_RECORD_PER_FILE = ("collections", "companies")  # the record's id must equal the file name
CITING = ("questions", "companies", "collections")  # the kinds whose records cite sources
CITATIONS_UNKNOWN = "citations"
_NOT_TEXT = {"url", "website", "id", "arxiv"}


class _Loader:
    def __init__(self, data_dir: Path, today: dt.date | None, vocabulary: bool = True):
        self.root = data_dir
        self.today = today or dt.date.today()
        self.problems: list[Problem] = []
        self.docs: dict[str, list[YamlDoc]] = {}
        self.missing: set[str] = set()  # list files that do not exist: no cascade of unknown-reference errors
        self.suggester = Suggester()
        self.vocabulary = vocabulary
        self.read_keys: set[tuple[str, str, str]] = set()

    # -- reading -------------------------------------------------------------------------------
    def rel(self, path: Path) -> str:
        return f"{self.root.name}/{path.relative_to(self.root).as_posix()}"

    def read(self) -> None:
        found = layout.find_files(self.root)
        self.problems += found.problems
        self.missing |= found.missing
        files = found.files
        for kind, where in LAYOUT:
            if where.endswith("/"):
                self.docs[kind] = self._read(files.get(kind, []), kind, f"data/{where}")
                continue
            path = self.root / where
            if kind not in files:
                if not path.is_symlink() and kind not in OPTIONAL_FILES:
                    self.problems.append(Problem(self.rel(path), 1, "E003", "", f"data file {where} is missing",
                                                 f"create {self.root.name}/{where} (an empty list is `[]`)"))
                self.docs[kind] = []
                if kind not in OPTIONAL_FILES:
                    self.missing.add(f"data/{where}")
                continue
            self.docs[kind] = self._read(files[kind], kind, f"data/{where}")

    def _read(self, paths: Iterable[Path], kind: str, where: str) -> list[YamlDoc]:
        docs = []
        for path in paths:
            doc, problems, unknown = self._read_one(path, kind)
            self.problems += problems
            if doc is None:
                self.missing.add(where)  # its ids are unknown: do not report references to them
                continue
            if unknown:
                self.missing.add(CITATIONS_UNKNOWN)  # what a malformed file cites is unknown: no E055 cascade
            docs.append(doc)
        return docs

    def _read_one(self, path: Path, kind: str) -> tuple[YamlDoc | None, list[Problem], bool]:
        """One file, parsed and checked on its own; remembered by its bytes, so a rebuild under `mkdocs serve`
        re-reads only the files that changed (the checks across files always run)."""
        rel = self.rel(path)
        try:
            key = (rel, kind, hashlib.blake2b(path.read_bytes()).hexdigest()) if path.stat().st_size <= MAX_BYTES else None
        except OSError:
            key = None
        if key is not None:
            self.read_keys.add(key)
            if key in _FILES:
                return _FILES[key]
        doc, problems = read_yaml(path, rel)
        unknown = False
        if doc is not None:
            if doc.data is None:
                doc.data = []
            shape = schema_problems(kind, doc)
            unknown = bool(shape) and kind in CITING
            problems = [*problems, *shape, *value_problems(doc), *self._unsafe(doc)]
        if key is not None:
            _FILES[key] = (doc, problems, unknown)
        return doc, problems, unknown

    def _unsafe(self, doc: YamlDoc) -> Iterator[Problem]:
        for path, text in _strings(doc.data, ()):
            for code, snippet in unsafe_parts(text)[:1]:  # one report per text is enough to find it
                if code == "E040":
                    what, fix = "raw HTML", ("use Markdown instead of HTML (**bold**, `code`, [text](https://…)); "
                                             "write a literal < as `&lt;`, or inside math as `\\lt`")
                elif code == "E070":
                    what, fix = "an image from another site", ("the site shows only its own images: describe the "
                                                               "figure in words, or link to it as [text](https://…)")
                else:
                    what, fix = "a link that is not https", "link only to web pages over https: [text](https://…)"
                yield Problem(doc.rel, doc.line(path), code, record_id(doc.data, path),
                              f"'{show_path(path)}' contains {what}: `{snippet}`", fix)

    # -- records -------------------------------------------------------------------------------
    def records(self, kind: str) -> Iterator[tuple[YamlDoc, tuple[Any, ...], dict[str, Any]]]:
        """(doc, path, record) for every well-formed mapping record of a list file kind."""
        for doc in self.docs[kind]:
            if kind in ONE_RECORD_PER_FILE:
                if isinstance(doc.data, dict) and isinstance(doc.data.get("id"), str):
                    yield doc, (), doc.data
                continue
            key = {"questions": "questions", "glossary": "terms"}.get(kind)
            items = (doc.data.get(key, []) if isinstance(doc.data, dict) else None) if key else doc.data
            prefix = (key,) if key else ()
            if not isinstance(items, list):
                continue
            for i, rec in enumerate(items):
                if isinstance(rec, dict) and isinstance(rec.get("id"), str):
                    yield doc, prefix + (i,), rec

    def ids(self, kind: str) -> dict[str, tuple[YamlDoc, tuple[Any, ...], dict[str, Any]]]:
        seen: dict[str, tuple[YamlDoc, tuple[Any, ...], dict[str, Any]]] = {}
        for doc, path, rec in self.records(kind):
            rid = rec["id"]
            if not _ID.fullmatch(rid):  # reported with the value checks; references to it would only echo that
                self.missing.add(f"data/{dict(LAYOUT)[kind]}")
                continue
            if rid in seen:
                first = seen[rid][0]
                self.problems.append(Problem(doc.rel, doc.line(path + ("id",)), "E030", rid,
                                             f"id '{rid}' is already used at {first.rel}:{first.line(seen[rid][1])}",
                                             "give this record a different, descriptive id"))
                continue
            seen[rid] = (doc, path, rec)
        return seen

    def ref(self, doc: YamlDoc, path: tuple[Any, ...], rid: str, value: Any, known: dict[str, Any],
            code: str, what: str, where: str) -> None:
        if isinstance(value, str) and value not in known and where not in self.missing \
                and not re.match(PLACEHOLDER, value):  # the schema reported it (E047)
            close = self.suggester.closest(value, known)
            hint = f"did you mean `{close}`?" if close else f"add it to {where} first, or use one of: {', '.join(list(known)[:8])}"
            self.problems.append(Problem(doc.rel, doc.line(path), code, rid, f"unknown {what} '{value}'", hint))

    def check_date(self, doc: YamlDoc, path: tuple[Any, ...], rid: str, value: Any) -> None:
        if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            return  # the schema already reported it
        try:
            date = dt.date.fromisoformat(value)
        except ValueError:
            self.problems.append(Problem(doc.rel, doc.line(path), "E017", rid, f"'{value}' is not a real date",
                                         "check the month and day"))
            return
        if date > self.today:
            self.problems.append(Problem(doc.rel, doc.line(path), "E044", rid, f"date {value} is in the future",
                                         "use the date the record was written, not a later one"))

    # -- build ---------------------------------------------------------------------------------
    def build(self) -> Atlas:
        self.read()
        topics, tracks, types, evidence, difficulties, companies, sources, readings, questions, collections = (
            self.ids(k) for k in ("topics", "tracks", "types", "evidence", "difficulties", "companies", "sources",
                                  "readings", "questions", "collections"))
        for doc, path, rec in sources.values():
            for key in ("published", "retrieved"):
                self.check_date(doc, path + (key,), rec["id"], rec.get(key))
            if not rec.get("author") and not rec.get("publisher"):
                self.problems.append(Problem(doc.rel, doc.line(path), "E050", rec["id"],
                                             "source names neither its author nor its publisher",
                                             "add `author:` (a person or team) or `publisher:` (the site)"))
        self._check_companies(companies, sources, evidence)
        self._check_readings(readings)
        self._check_questions(questions, topics, tracks, types, evidence, difficulties, companies, sources, readings)
        self._check_collections(collections, questions, sources)
        self._check_sources_cited(sources)
        glossary = self._glossary(self.ids("glossary"))
        fields = self._text_fields()
        if self.vocabulary:
            self._check_vocabulary(glossary, fields)
            self.problems += number_problems(fields)
        warnings, stale = self._check_translations(fields)
        if self.problems:
            raise AtlasError(self.problems)
        atlas = assemble(topics, tracks, types, evidence, difficulties, companies, sources, readings, questions,
                               collections)
        atlas.glossary, atlas.warnings, atlas.stale = glossary, tuple(sorted(set(warnings))), tuple(stale)
        atlas.text_fields = tuple(fields)
        return atlas

    # -- vocabulary and translations -----------------------------------------------------------
    def _glossary(self, entries: dict[str, Any]) -> Glossary:
        """The glossary's terms in file order, and its spelling rules (already schema-checked)."""
        built = [Term(tid, rec["term"], rec["definition"],
                      {k: tuple(v) for k, v in (rec.get("also") or {}).items()},
                      {k: tuple(v) for k, v in (rec.get("avoid") or {}).items()})
                 for tid, (doc, path, rec) in entries.items()
                 if isinstance(rec.get("term"), dict) and isinstance(rec.get("definition"), dict)]
        spellings = []
        for doc in self.docs["glossary"]:
            for sp in _list(doc.data.get("spellings") if isinstance(doc.data, dict) else None):
                if isinstance(sp, dict) and sp.get("lang") in ("ru", "hi") and isinstance(sp.get("avoid"), list):
                    spellings.append(Spelling(sp["lang"], str(sp.get("use", "")), tuple(map(str, sp["avoid"]))))
        glossary = Glossary(tuple(built), tuple(spellings))
        # A rule that fires on the glossary's own preferred or accepted forms contradicts the glossary.
        rules = terms.rules(glossary)
        for tid, (doc, path, rec) in entries.items():
            for lang in ("ru", "hi"):
                forms = [(("term", lang), (rec.get("term") or {}).get(lang))]
                forms += [(("also", lang, i), f) for i, f in enumerate(_list((rec.get("also") or {}).get(lang)))]
                for at, form in forms:
                    for rule in terms.matches_any(form, rules[lang]) if isinstance(form, str) else []:
                        self.problems.append(Problem(
                            doc.rel, doc.line(path + at), "E053", tid,
                            f"{lang} form «{form}» is itself discouraged by «{rule.form}» ({rule.source})",
                            "narrow the discouraged variant (list inflected forms instead of a stem), or change the form"))
        return glossary

    def _text_fields(self) -> list[translations.TextField]:
        kinds = (*LIST_FILES, *OPTIONAL_FILES, *DIR_FILES)
        return [f for kind in kinds for doc, path, rec in self.records(kind)
                for f in translations.text_fields(kind, doc, path, rec)]

    def _check_vocabulary(self, glossary: Glossary, fields: list[translations.TextField]) -> None:
        """A discouraged variant in a Russian or Hindi text is an error: one vocabulary across the atlas."""
        rules = terms.rules(glossary)
        found = {lang: _found_in(lang, rules[lang]) for lang in ("ru", "hi")}
        for f in fields:
            if f.kind == "glossary" and f.field == "term":
                continue  # the glossary's own forms: _glossary checks them (E053)
            for lang in ("ru", "hi"):
                seen = set()
                text = f.texts[lang]
                if text not in found[lang]:
                    found[lang][text] = terms.find(text, rules[lang])
                for rule, written in found[lang][text]:
                    if (rule.form, written.lower()) in seen:
                        continue
                    seen.add((rule.form, written.lower()))
                    where = "glossary term" if not rule.source.startswith("spelling:") else "glossary spelling"
                    self.problems.append(Problem(
                        f.file, f.lines[lang], "E052", f.record,
                        f"'{f.field}' ({lang}) writes «{written}», which the glossary discourages "
                        f"({where} '{rule.source.removeprefix('spelling:')}')",
                        f"use «{rule.preferred}»"))

    def _check_translations(self, fields: list[translations.TextField]) -> tuple[list[Problem], list[Any]]:
        entries, problems = translations.read_lock(self.root)
        self.problems += problems
        if problems:
            return [], []
        return translations.check(fields, entries, f"{self.root.name}/{translations.LOCK_NAME}")

    def _check_companies(self, companies: dict[str, Any], sources: dict[str, Any], evidence: dict[str, Any]) -> None:
        labels = all_labels() if companies else {}
        for cid, (doc, path, rec) in companies.items():
            if doc.path.stem != cid:
                self.problems.append(Problem(doc.rel, doc.line(("id",)), "E039", cid,
                                             f"company id '{cid}' does not match the file name",
                                             f"name the file {cid}.yml"))
            stages: set[str] = set()
            for i, stage in enumerate(_list(rec.get("process"))):
                if not isinstance(stage, dict):
                    continue
                at = ("process", i)
                self.ref(doc, at + ("source",), cid, stage.get("source"), sources, "E036", "source", "data/sources/")
                self.ref(doc, at + ("evidence",), cid, stage.get("evidence"), evidence, "E035", "evidence kind",
                         "data/evidence.yml")
                self._check_evidence(doc, at, cid, stage, evidence, sources.get(stage.get("source")))
                if stage.get("id") in stages:
                    self.problems.append(Problem(doc.rel, doc.line(at + ("id",)), "E073", cid,
                                                 f"stage id '{stage['id']}' appears twice in the process",
                                                 "give each stage its own id"))
                stages.add(stage.get("id"))
            hires = rec.get("hires_in")
            if isinstance(hires, dict):
                self.ref(doc, ("hires_in", "source"), cid, hires.get("source"), sources, "E036", "source",
                         "data/sources/")
            countries = [("headquarters",)] + [("hires_in", "countries", i) for i, _ in
                                               enumerate(_list(hires.get("countries")) if isinstance(hires, dict) else [])]
            for at in countries:
                code = rec.get("headquarters") if at == ("headquarters",) else hires["countries"][at[2]]
                if isinstance(code, str) and re.fullmatch(r"[A-Z]{2}", code) and f"country_{code}" not in labels:
                    self.problems.append(Problem(doc.rel, doc.line(at), "E074", cid,
                                                 f"no name for the country '{code}' in the site's labels",
                                                 f"check the ISO 3166-1 code, or add country_{code} (en, ru, hi) "
                                                 "to hooks/atlas/core/labels.yml"))

    def _check_readings(self, readings: dict[str, Any]) -> None:
        by_paper: dict[str, tuple[YamlDoc, tuple[Any, ...], str]] = {}
        for rid, (doc, path, rec) in readings.items():
            if not rec.get("arxiv") and not rec.get("url"):
                self.problems.append(Problem(doc.rel, doc.line(path), "E045", rid,
                                             "reading has neither `arxiv` nor `url`",
                                             'add arxiv: "YYMM.NNNNN", or the url of its official repository or post'))
            paper = rec.get("arxiv")
            if isinstance(paper, str) and re.fullmatch(ARXIV, paper):  # else the schema has reported it
                try:
                    key = parse_id(paper).base
                except ValueError as why:  # well-formed, yet no such id can exist (month 13, 0703 boundary…)
                    self.problems.append(Problem(doc.rel, doc.line(path + ("arxiv",)), "E018", rid,
                                                 f"arXiv id '{paper}' is impossible: {why}",
                                                 "copy the id from the paper's arxiv.org/abs/ page"))
                    continue
                if key in by_paper:
                    first_doc, first_path, first_id = by_paper[key]
                    self.problems.append(Problem(doc.rel, doc.line(path + ("arxiv",)), "E042", rid,
                                                 f"arXiv {key} is already reading '{first_id}' "
                                                 f"({first_doc.rel}:{first_doc.line(first_path)})",
                                                 f"delete this reading and cite '{first_id}' instead"))
                else:
                    by_paper[key] = (doc, path, rid)

    def _check_questions(self, questions, topics, tracks, types, evidence, difficulties, companies, sources,
                         readings) -> None:
        for doc in self.docs["questions"]:
            topic = doc.data.get("topic") if isinstance(doc.data, dict) else None
            if isinstance(topic, str):
                self.ref(doc, ("topic",), "", topic, topics, "E031", "topic", "data/topics.yml")
                if topic != doc.path.stem:
                    self.problems.append(Problem(doc.rel, doc.line(("topic",)), "E039", "",
                                                 f"file {doc.path.name} declares topic '{topic}'",
                                                 f"name the file {topic}.yml, or set `topic: {doc.path.stem}`"))
        by_topic: dict[str, set[str]] = {}
        for qid, (doc, path, rec) in questions.items():
            if isinstance(doc.data, dict) and isinstance(doc.data.get("topic"), str):
                by_topic.setdefault(doc.data["topic"], set()).add(qid)
        self._check_anchors(questions, topics, by_topic)
        for qid, (doc, path, rec) in questions.items():
            for i, track in enumerate(_list(rec.get("tracks"))):
                self.ref(doc, path + ("tracks", i), qid, track, tracks, "E032", "track", "data/tracks.yml")
            self.ref(doc, path + ("type",), qid, rec.get("type"), types, "E033", "question type", "data/types.yml")
            self.ref(doc, path + ("difficulty",), qid, rec.get("difficulty"), difficulties, "E049", "difficulty",
                     "data/difficulties.yml")
            self.check_date(doc, path + ("added",), qid, rec.get("added"))
            self.check_date(doc, path + ("checked",), qid, rec.get("checked"))
            if isinstance(rec.get("checked"), str) and isinstance(rec.get("added"), str) and rec["checked"] < rec["added"]:
                self.problems.append(Problem(doc.rel, doc.line(path + ("checked",)), "E064", qid,
                                             f"checked {rec['checked']} is before added {rec['added']}",
                                             "set `checked` to the date a second reader checked the record"))
            for i, reading in enumerate(_list(rec.get("readings"))):
                self.ref(doc, path + ("readings", i), qid, reading, readings, "E037", "reading", "data/readings/")
            for i, source in enumerate(_list(rec.get("sources"))):
                self.ref(doc, path + ("sources", i), qid, source, sources, "E036", "source", "data/sources/")
            cited = [sources[s][2] for s in _list(rec.get("sources")) if s in sources]
            if cited and not any(src.get("url") for src in cited):
                self.problems.append(Problem(doc.rel, doc.line(path + ("sources",)), "E051", qid,
                                             "none of the question's sources has a url a reader can open",
                                             "cite at least one source with a public url"))
            for i, asked in enumerate(_list(rec.get("asked"))):
                if not isinstance(asked, dict):
                    continue
                at = path + ("asked", i)
                self.ref(doc, at + ("company",), qid, asked.get("company"), companies, "E034", "company",
                         "data/companies/")
                self.ref(doc, at + ("evidence",), qid, asked.get("evidence"), evidence, "E035", "evidence kind",
                         "data/evidence.yml")
                self.ref(doc, at + ("source",), qid, asked.get("source"), sources, "E036", "source", "data/sources/")
                src = sources.get(asked.get("source"))
                if src and not src[2].get("url"):
                    self.problems.append(Problem(doc.rel, doc.line(at + ("source",)), "E043", qid,
                                                 f"source '{src[2]['id']}' has no url, so readers cannot check "
                                                 f"that {asked.get('company')} asked this",
                                                 "add the source's public url, or remove this asked-at entry"))
                self._check_evidence(doc, at, qid, asked, evidence, src)
                company = companies.get(asked.get("company"))
                stage = asked.get("stage")
                if company and isinstance(stage, str):
                    known = {s.get("id"): s for s in _list(company[2].get("process")) if isinstance(s, dict)}
                    if stage not in known:
                        close = self.suggester.closest(stage, known) if known else None
                        self.problems.append(Problem(
                            doc.rel, doc.line(at + ("stage",)), "E072", qid,
                            f"{asked['company']} has no interview stage '{stage}'",
                            f"did you mean `{close}`?" if close else
                            f"add the stage to `process` in data/companies/{asked['company']}.yml, or remove `stage`"))

    def _check_evidence(self, doc: YamlDoc, at: tuple[Any, ...], qid: str, asked: dict[str, Any],
                        kinds: dict[str, tuple[YamlDoc, tuple[Any, ...], dict[str, Any]]],
                        source: tuple[YamlDoc, tuple[Any, ...], dict[str, Any]] | None) -> None:
        """The evidence contract: a marker may claim no more than its source's kind supports (evidence.yml)."""
        evidence = kinds.get(asked.get("evidence"))
        if not evidence or not source:
            return  # an unknown id was reported already
        allowed, kind = evidence[2].get("source_kinds"), source[2].get("kind")
        if allowed and kind and kind not in allowed:
            weakest = next((k for k, (_, _, r) in kinds.items() if not r.get("source_kinds")), "")
            self.problems.append(Problem(
                doc.rel, doc.line(at + ("evidence",)), "E048", qid,
                f"evidence '{evidence[2]['id']}' needs a source of kind {' or '.join(allowed)}, "
                f"but '{source[2]['id']}' is a {kind}",
                (f"use evidence: {weakest}, or cite a source of kind {' or '.join(allowed)}" if weakest
                 else f"cite a source of kind {' or '.join(allowed)}")))

    def _check_sources_cited(self, sources: dict[str, Any]) -> None:
        """A source nothing cites is either a forgotten attribution or clutter: say which, at its line."""
        if CITATIONS_UNKNOWN in self.missing or any(f"data/{k}/" in self.missing for k in CITING):
            return
        cited: set[str] = set()
        for _, _, rec in self.records("questions"):
            cited.update(s for s in _list(rec.get("sources")) if isinstance(s, str))
            cited.update(a.get("source") for a in _list(rec.get("asked")) if isinstance(a, dict))
        for _, _, rec in self.records("companies"):
            cited.update(n.get("source") for n in _list(rec.get("process")) if isinstance(n, dict))
            if isinstance(rec.get("hires_in"), dict):
                cited.add(rec["hires_in"].get("source"))
        for _, _, rec in self.records("collections"):
            cited.update(s for s in _list(rec.get("sources")) if isinstance(s, str))
        for sid, (doc, path, _) in sources.items():
            if sid not in cited:
                self.problems.append(Problem(doc.rel, doc.line(path), "E055", sid,
                                             "no question, attribution, company note or collection cites this source",
                                             "cite it where it belongs, or delete it"))

    def _check_anchors(self, questions, topics, by_topic: dict[str, set[str]]) -> None:
        """Question ids name their pages (`topics/<topic>/<id>/`) and their items in the topic's list: they must not
        take the list page's own anchors, nor `index` (a folder's own page), and in-site links (`#id`) in a question
        or topic summary must name a question (the pages point the link at its page)."""
        every = set(questions)
        for qid, (doc, path, rec) in questions.items():
            if qid == "index":
                self.problems.append(Problem(doc.rel, doc.line(path + ("id",)), "E022", qid,
                                             "question id 'index' would be its topic's own page, not a page of its own",
                                             "choose another id"))
            prefix = next((p for p in PAGE_ANCHOR_PREFIXES if qid.startswith(p)), None)
            if prefix:
                self.problems.append(Problem(doc.rel, doc.line(path + ("id",)), "E022", qid,
                                             f"question id '{qid}' starts with '{prefix}', which the pages use for "
                                             f"their own headings", f"choose an id that does not start with "
                                             f"{', '.join(repr(p) for p in PAGE_ANCHOR_PREFIXES)}"))
            self._anchor_links(doc, path, qid, rec, every)
        for tid, (doc, path, rec) in topics.items():
            self._anchor_links(doc, path, tid, rec, every)
            files = {d.path.stem for d in self.docs["questions"]}  # a misnamed file is E039, not also this
            if tid not in by_topic and tid not in files and "data/questions/" not in self.missing:
                self.problems.append(Problem(doc.rel, doc.line(path + ("id",)), "E061", tid,
                                             f"topic '{tid}' has no questions, so its page would be empty",
                                             f"add data/questions/{tid}.yml with at least one question, "
                                             "or remove the topic"))

    def _anchor_links(self, doc: YamlDoc, path: tuple[Any, ...], rid: str, rec: Any, anchors: set[str]) -> None:
        for at, text in _strings(rec, path):
            for anchor in anchor_links(text):
                if anchor not in anchors:
                    close = self.suggester.closest(anchor, anchors)
                    self.problems.append(Problem(
                        doc.rel, doc.line(at), "E062", rid,
                        f"'{show_path(at)}' links to #{anchor}, which is no question of the atlas",
                        f"did you mean `#{close}`?" if close else
                        "link to a question by its id (`[text](#question-id)`), or use a full https address"))

    def _check_collections(self, collections, questions, sources) -> None:
        for cid, (doc, path, rec) in collections.items():
            if doc.path.stem != cid:
                self.problems.append(Problem(doc.rel, doc.line(("id",)), "E039", cid,
                                             f"collection id '{cid}' does not match the file name",
                                             f"name the file {cid}.yml"))
            for i, source in enumerate(_list(rec.get("sources"))):
                self.ref(doc, ("sources", i), cid, source, sources, "E036", "source", "data/sources/")
            counts: Counter[str] = Counter()
            for s, section in enumerate(_list(rec.get("sections"))):
                for j, qid in enumerate(_list(section.get("questions") if isinstance(section, dict) else None)):
                    at = ("sections", s, "questions", j)
                    self.ref(doc, at, cid, qid, questions, "E038", "question", "data/questions/")
                    counts[qid] += 1
                    if counts[qid] == 2:
                        self.problems.append(Problem(doc.rel, doc.line(at), "E046", cid,
                                                     f"question '{qid}' appears twice in the collection",
                                                     "list each question once"))


# Discouraged forms found per text, for one language's set of glossary rules: serve rebuilds check only new text.
_FOUND: dict[tuple[str, tuple[tuple[str, str, str], ...]], dict[str, list[tuple[terms.Rule, str]]]] = {}


def _found_in(lang: str, lang_rules: list[terms.Rule]) -> dict[str, list[tuple[terms.Rule, str]]]:
    """The remembered results for these rules; a glossary edit starts afresh."""
    key = (lang, tuple((r.form, r.preferred, r.source) for r in lang_rules))
    if key not in _FOUND:
        for old in [k for k in _FOUND if k[0] == lang]:
            del _FOUND[old]
        _FOUND[key] = {}
    return _FOUND[key]


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _strings(node: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in _NOT_TEXT:
                yield from _strings(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, path + (i,))
    elif isinstance(node, str):
        yield path, node


_CACHE: dict[tuple[Any, ...], Atlas] = {}
# Files parsed and checked on their own, by (path, kind, digest of their bytes): serve rebuilds re-read what changed.
_FILES: dict[tuple[str, str, str], tuple[YamlDoc | None, list[Problem], bool]] = {}


def _fingerprint(data_dir: Path) -> tuple[Any, ...]:
    files = sorted(Path(folder) / name for folder, _, names in os.walk(data_dir, followlinks=False) for name in names)
    return (str(data_dir.resolve()),) + tuple((str(p), p.lstat().st_mtime_ns, p.lstat().st_size) for p in files)


def load_atlas(data_dir: str | Path = "data", today: dt.date | None = None, vocabulary: bool = True) -> Atlas:
    """Load and validate data/ once per process (per content): MkDocs i18n builds call this per language.

    `vocabulary=False` skips only the glossary's discouraged forms (E052): for tools that count them.
    """
    data_dir = Path(data_dir)
    key = _fingerprint(data_dir) + (today, vocabulary)
    if key not in _CACHE:
        _CACHE.clear()
        loader = _Loader(data_dir, today, vocabulary)
        try:
            _CACHE[key] = loader.build()
        finally:
            for stale in set(_FILES) - loader.read_keys:  # keep only this data's files
                del _FILES[stale]
    return _CACHE[key]
