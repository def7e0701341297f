"""Generated atlases for the benchmarks: made-up questions in every field and language (build time),
or the real questions repeated under new ids (search cost, with real text and so real compression)."""

from __future__ import annotations

import shutil
from itertools import zip_longest
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
TRACKS = ["research", "infrastructure", "engineering"]


def _question(i: int) -> list[str]:
    tracks = TRACKS[i % 3] if i % 4 else f"{TRACKS[i % 3]}, {TRACKS[(i + 1) % 3]}"
    lines = [
        f"  - id: q-{i}", f"    tracks: [{tracks}]", "    type: knowledge",
        f"    difficulty: {('basic', 'intermediate', 'advanced')[i % 3]}", "    added: 2026-01-01",
        "    sources: [bench-list]",
        f"    text: {{en: 'How does mechanism {i} trade memory for speed in training?', "
        f"ru: 'Как механизм {i} обменивает память на скорость при обучении?', "
        f"hi: 'मैकेनिज़्म {i} ट्रेनिंग में मेमोरी और गति के बीच कैसे संतुलन बनाता है?'}}",
        f"    tests: {{en: Understanding of item {i}., ru: Понимание пункта {i}., hi: बिंदु {i} की समझ।}}",
        "    rubric:",
        *[f"      - {{en: 'Point {k} with $x_{k}^2$ math.', ru: 'Пункт {k} с формулой $x_{k}^2$.', "
          f"hi: 'बिंदु {k}, सूत्र $x_{k}^2$ के साथ।'}}" for k in range(4)],
        "    readings: [ppo]",
    ]
    if i % 3 == 0:
        lines.append("    answer:")
        for lang in ("en", "ru", "hi"):
            lines += [f"      {lang}: |", "        " + f"Answer paragraph for question {i}. " * 20, "",
                      "        $$", "        L = \\min(r A, \\mathrm{clip}(r) A)", "        $$"]
    return lines


def synthetic_data(n: int, dest: Path, topics: int = 10) -> Path:
    """A valid data/ with n questions over `topics` topics, every field in every language."""
    data = dest / "data"
    for sub in ("questions", "readings", "collections", "sources", "companies"):
        (data / sub).mkdir(parents=True)
    for name in ("tracks", "types", "evidence", "difficulties"):
        shutil.copy(ROOT / "data" / f"{name}.yml", data / f"{name}.yml")
    (data / "sources" / "bench.yml").write_text(
        "- id: bench-list\n  kind: question-list\n  title: A synthetic question list\n  author: The benchmark\n"
        "  url: https://example.org/bench\n  language: en\n  retrieved: 2026-01-01\n", encoding="utf-8")
    (data / "topics.yml").write_text("".join(
        f"- id: topic-{t}\n  order: {t}\n  name: {{en: Topic {t}, ru: Тема {t}, hi: विषय {t}}}\n"
        f"  summary: {{en: Synthetic topic number {t}., ru: Синтетическая тема номер {t}., hi: कृत्रिम विषय संख्या {t}।}}\n"
        for t in range(topics)), encoding="utf-8")
    (data / "readings" / "bench.yml").write_text(
        '- id: ppo\n  arxiv: "1707.06347"\n  title: Proximal Policy Optimization Algorithms\n'
        "  authors: [John Schulman]\n  year: 2017\n", encoding="utf-8")
    for t in range(topics):
        lines = [f"topic: topic-{t}", "questions:"]
        for i in range(t, n, topics):
            lines += _question(i)
        (data / "questions" / f"topic-{t}.yml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return data


class _NoAliases(yaml.SafeDumper):
    """Writes a repeated object out in full: atlas data refuses YAML anchors and aliases (E006)."""

    def ignore_aliases(self, data: object) -> bool:
        return True


def replicated_data(n: int, dest: Path) -> Path:
    """data/ with its real questions repeated under new ids up to n: real text, so real compression.

    Questions are taken round-robin over the topics, so every topic keeps some; the first copy of each keeps
    its id, so links between questions (`#id`) still land; sources that no kept question cites are dropped
    (an uncited source is an error, E055).
    """
    data = dest / "data"
    shutil.copytree(ROOT / "data", data)
    for f in (data / "collections").glob("*.yml"):
        f.unlink()
    files = sorted((data / "questions").glob("*.yml"))
    topics = [yaml.safe_load(f.read_text(encoding="utf-8")) for f in files]
    pool = [(t, q) for row in zip_longest(*(t["questions"] for t in topics))
            for t, q in zip(topics, row) if q is not None]
    copies: dict[str, list] = {t["topic"]: [] for t in topics}
    for i in range(n):
        topic, q = pool[i % len(pool)]
        dates = {k: str(q[k]) for k in ("added", "checked") if k in q}
        copies[topic["topic"]].append(dict(q, id=q["id"] if i < len(pool) else f"{q['id']}-{i}", **dates))
    for f, t in zip(files, topics):
        f.write_text(yaml.dump({"topic": t["topic"], "questions": copies[t["topic"]]}, Dumper=_NoAliases,
                               allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")
    cited = {s for qs in copies.values() for q in qs for s in [*q.get("sources", []),
                                                             *(a["source"] for a in q.get("asked", []))]}
    for f in (data / "companies").glob("*.yml"):
        company = yaml.safe_load(f.read_text(encoding="utf-8"))
        cited.update(stage["source"] for stage in company.get("process", []))
        if company.get("hires_in"):
            cited.add(company["hires_in"]["source"])
    for f in (data / "sources").glob("*.yml"):
        kept = [s for s in yaml.safe_load(f.read_text(encoding="utf-8")) if s["id"] in cited]
        if kept:
            f.write_text(yaml.dump(kept, Dumper=_NoAliases, allow_unicode=True, sort_keys=False, width=1000),
                         encoding="utf-8")
        else:
            f.unlink()
    return data
