"""The validated model, built from checked records: the last step of loading."""

from __future__ import annotations

from typing import Any

from atlas.core.model import (Asked, Atlas, Collection, Company, Difficulty, Evidence, Question, Stage,
                              QuestionType, Reading, Section, Source, Topic, Track)
from atlas.load.yamlsource import YamlDoc


def assemble(topics, tracks, types, evidence, difficulties, companies, sources, readings, questions,
           collections) -> Atlas:
    """The model from records that passed every check: plain construction, no judgement left."""
    def rec(entry: tuple[YamlDoc, tuple[Any, ...], dict[str, Any]]) -> dict[str, Any]:
        return entry[2]

    return Atlas(
        topics=sorted((Topic(r["id"], r["name"], r["order"], r["summary"]) for r in map(rec, topics.values())),
                      key=lambda t: (t.order, t.id)),
        tracks=sorted((Track(r["id"], r["name"], r["order"], r["summary"]) for r in map(rec, tracks.values())),
                      key=lambda t: (t.order, t.id)),
        types={k: QuestionType(k, r["name"]) for k, r in ((k, rec(v)) for k, v in types.items())},
        evidence={k: Evidence(k, r["name"], r["marker"], r["description"])
                  for k, r in ((k, rec(v)) for k, v in evidence.items())},
        difficulties={k: Difficulty(k, r["name"], r["order"], r["marker"], r["description"])
                      for k, r in sorted(((k, rec(v)) for k, v in difficulties.items()), key=lambda kv: kv[1]["order"])},
        companies={k: Company(k, r["name"], r["segment"], r["website"], r["description"],
                              tuple(r.get("aliases", [])),
                              tuple(Stage(n["id"], n["stage"], n["evidence"], n["source"], n.get("detail"))
                                    for n in r.get("process", [])),
                              r.get("headquarters", ""), tuple(r.get("hires_in", {}).get("countries", [])),
                              r.get("hires_in", {}).get("source", ""))
                   for k, r in sorted(((k, rec(v)) for k, v in companies.items()), key=lambda kv: kv[0])},
        sources={k: Source(k, r["title"], r["retrieved"], r["kind"], r.get("author", ""), r.get("publisher", ""),
                           r.get("url", ""), r.get("language", ""), r.get("published", ""))
                 for k, r in ((k, rec(v)) for k, v in sources.items())},
        readings={k: Reading(k, r["title"], tuple(r["authors"]), r["year"], r.get("arxiv", ""), r.get("url", ""),
                             doc.rel, doc.line(path))
                  for k, (doc, path, r) in readings.items()},
        questions=[Question(id=k, topic=doc.data["topic"], tracks=tuple(r["tracks"]), type=r["type"],
                            difficulty=r["difficulty"], added=r["added"], checked=r.get("checked", ""), text=r["text"], tests=r["tests"], rubric=tuple(r["rubric"]),
                            file=doc.rel, line=doc.line(path), answer=r.get("answer"),
                            asked=tuple(Asked(a["company"], a["evidence"], a["source"], a.get("role"),
                                              a.get("round"), a.get("note"), a.get("stage", "")) for a in r.get("asked", [])),
                            readings=tuple(r.get("readings", [])), sources=tuple(r.get("sources", [])))
                   for k, (doc, path, r) in questions.items()],
        collections=[Collection(r["id"], r["title"], r["summary"], tuple(r["sources"]),
                                tuple(Section(s["title"], tuple(s["questions"])) for s in r["sections"]),
                                r.get("author", ""))
                     for r in map(rec, collections.values())],
    )
