"""The arXiv checker against a real HTTP server on 127.0.0.1 (tests/arxiv_server.py), as a library and as a CLI."""

from __future__ import annotations

import email.utils
import json
import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from arxiv_server import ArxivServer, FakePaper, Reply
from atlas import load_atlas
from atlas.contrib.arxivcheck import (Cache, Client, Paper, Reference, Report, Result, author_matches,
                                      check_references, collect, format_github, ids_in_text, normalise,
                                      offline_findings, parse_feed, parse_id, retry_after_seconds, run, titles_match)
from atlas.core.model import Reading

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "check_arxiv.py"
LIST_FILES = ("topics", "tracks", "types", "evidence", "difficulties")
SOURCE = {"id": "test-list", "kind": "question-list", "title": "A list of test questions", "author": "A. Tester",
          "url": "https://example.org/list", "language": "en", "retrieved": "2025-01-01"}

PPO = FakePaper("1707.06347", "Proximal Policy Optimization Algorithms",
                ["John Schulman", "Filip Wolski", "Prafulla Dhariwal"], versions=2, scheme="https")
MATH = FakePaper("2402.03300", "DeepSeekMath: Pushing the Limits of Mathematical\n  Reasoning in Open Language Models",
                 ["Zhihong Shao", "Peiyi Wang"], versions=3, scheme="https")
OLD = FakePaper("hep-th/9711200", "The Large N Limit of Superconformal Field Theories and Supergravity",
                ["Juan M. Maldacena"], versions=3)
GAE = FakePaper("1506.02438", "High-Dimensional Continuous Control Using Generalized Advantage Estimation",
                ["John Schulman", "Philipp Moritz"], versions=6)
DPO = FakePaper("2305.18290", "Direct Preference Optimization: Your Language Model is Secretly a Reward Model",
                ["Rafael Rafailov", "Archit Sharma"], versions=3)
GONE = FakePaper("1812.00001", "A Flawed Bound for Policy Gradients", ["Ann Author"], versions=2,
                 comment="This paper has been withdrawn by the author due to an error in Lemma 2")
TEX = FakePaper("1606.06565", r"$\alpha$-Divergences for \emph{Robust} Policy Gradients -- a Study",
                ["Rémi Munos", "Tom Stepleton"])
R1 = FakePaper("2501.12948", "DeepSeek-R1: Incentivizing Reasoning Capability in LLMs via Reinforcement Learning",
               ["DeepSeek-AI", "Daya Guo"])
RLHF = FakePaper("2203.02155", "Training language models to follow instructions with human feedback",
                 ["Long Ouyang", "Jeff Wu", "Xu Jiang", "Diogo Almeida"])
REJECTED = "0801.1234"  # well-formed, but the server answers it with HTTP 400 like a malformed id
ALL_PAPERS = [PPO, MATH, OLD, GAE, DPO, GONE, TEX, R1, RLHF]


# -- fixture data ----------------------------------------------------------------------------------

def _t(text: str) -> dict[str, str]:
    return {"en": text, "ru": text, "hi": text}


def question(qid: str, readings: tuple[str, ...] | list[str] = (), text: str = "", answer: str = "") -> dict:
    q = {"id": qid, "tracks": ["research"], "type": "knowledge", "difficulty": "basic", "added": "2025-01-01",
         "sources": [SOURCE["id"]],
         "text": _t(f"Explain the method behind {qid} and its objective. {text}"),
         "tests": _t("Understanding of the method."),
         "rubric": [_t("Names the objective."), _t("Explains the gradient."), _t("Discusses the trade-offs.")]}
    if readings:
        q["readings"] = list(readings)
    if answer:
        q["answer"] = _t(f"A full answer that walks through the derivation and its assumptions. {answer}")
    return q


def reading(rid: str, arxiv: str, title: str, authors: list[str], year: int = 2020) -> dict:
    return {"id": rid, "arxiv": arxiv, "title": title, "authors": authors, "year": year}


def write_data(root: Path, readings: list[dict], questions: list[dict]) -> Path:
    """A minimal data/ the real loader accepts: the small list files copied, our own readings and questions."""
    data = root / "data"
    for sub in ("readings", "questions", "collections"):
        (data / sub).mkdir(parents=True, exist_ok=True)
    for name in LIST_FILES:
        shutil.copy(ROOT / "data" / f"{name}.yml", data / f"{name}.yml")
    (data / "sources").mkdir(exist_ok=True)
    (data / "sources" / "test.yml").write_text(yaml.safe_dump([SOURCE], sort_keys=False), encoding="utf-8")
    # Only the topic these tests write questions for: a topic without questions is an error (E061).
    topics = yaml.safe_load((data / "topics.yml").read_text(encoding="utf-8"))
    (data / "topics.yml").write_text(yaml.safe_dump([t for t in topics if t["id"] == "rl-algorithms"],
                                                    allow_unicode=True, sort_keys=False), encoding="utf-8")
    dump = dict(allow_unicode=True, sort_keys=False, width=1000)
    (data / "readings" / "test.yml").write_text(yaml.safe_dump(readings, **dump), encoding="utf-8")
    (data / "questions" / "rl-algorithms.yml").write_text(
        yaml.safe_dump({"topic": "rl-algorithms", "questions": questions}, **dump), encoding="utf-8")
    return data


def every_status_data(root: Path) -> Path:
    """One reading or inline id per status, plus the version-pin note."""
    readings = [
        reading("ppo", "1707.06347v1", "Proximal Policy Optimization Algorithms",
                ["John Schulman", "Filip Wolski", "Prafulla Dhariwal"], 2017),
        reading("deepseekmath", "2402.03300", "DeepSeekMath: Pushing the Limits of Mathematical Reasoning in Open "
                "Language Models", ["Zhihong Shao", "Peiyi Wang"], 2024),
        reading("maldacena", "hep-th/9711200", "The Large N limit of superconformal field theories and supergravity",
                ["Juan Maldacena"], 1997),
        reading("gae", "1506.02438", "Generalized Advantage Estimation for Robots", ["John Schulman"], 2015),
        reading("dpo", "2305.18290", "Direct Preference Optimization: Your Language Model is Secretly a Reward Model",
                ["Archit Sharma"], 2023),
        reading("flawed", "1812.00001", "A Flawed Bound for Policy Gradients", ["Ann Author"], 2018),
        reading("alpha-div", "1606.06565", "α-Divergences for Robust Policy Gradients — A Study",
                ["Remi Munos", "Tom Stepleton"], 2016),
        reading("cut-short", "2203.02155", "Training language models to follow instructions with human feedback",
                ["Long Ouyang", "Jeff Wu"], 2022),
        reading("ghost", "2402.99999", "A Paper That Does Not Exist", ["Nobody Known"], 2024),
        reading("rejected", REJECTED, "Rejected by the Server", ["Some One"], 2008),
    ]
    questions = [
        question("q-main", [r["id"] for r in readings],
                 text="See arXiv:2402.0330 and arXiv:2402.03300v9.",
                 answer="The R1 report (https://arxiv.org/pdf/2501.12948v1.pdf) shows it."),
    ]
    return write_data(root, readings, questions)


def clean_data(root: Path, papers: list[FakePaper]) -> Path:
    # Our titles are one line (E021); arXiv's feed wraps them, which the checker must still match.
    readings = [reading(f"r{n}", p.id, " ".join(p.title.split()), p.authors) for n, p in enumerate(papers)]
    return write_data(root, readings, [question("q-all", [r["id"] for r in readings])])


def many_papers(n: int) -> list[FakePaper]:
    return [FakePaper(f"2401.{10000 + i}", f"Synthetic Paper Number {i}", [f"Author{i} Surname{i}"])
            for i in range(n)]


@pytest.fixture
def server():
    with ArxivServer(ALL_PAPERS, reject={REJECTED}) as srv:
        yield srv


def client(server: ArxivServer, **kw) -> Client:
    kw = {"delay": 0.0, "timeout": 5.0, "retries": 2, "backoff": 0.05} | kw
    return Client(server.url, **kw)


def statuses(report: Report) -> dict[str, str]:
    return {r.ref.record + (f":{r.ref.arxiv}" if r.ref.question else ""): r.status for r in report.results}


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60)


def closed_port_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/api/query"


# -- offline: syntax, normalisation, findings ------------------------------------------------------

@pytest.mark.parametrize("text, base, version", [
    ("1707.06347", "1707.06347", None), ("1707.06347v2", "1707.06347", 2), ("0704.0001", "0704.0001", None),
    ("1412.6980v9", "1412.6980", 9), ("hep-th/9711200", "hep-th/9711200", None),
    ("math.GT/0309136v1", "math.GT/0309136", 1), ("cond-mat/0703001", "cond-mat/0703001", None)])
def test_well_formed_ids(text, base, version):
    aid = parse_id(text)
    assert (aid.base, aid.version) == (base, version)


@pytest.mark.parametrize("text", [
    "2402.0330", "1412.69801", "0703.1234", "1713.12345", "1707.06347v0", "1707.06347v", "hep-th/9913001",
    "hep-th/0801001", "HEP-TH/9711200", "1707.06347 ", "https://arxiv.org/abs/1707.06347", "2402.00000", "",
    "１７０７.06347"])
def test_malformed_ids(text):
    with pytest.raises(ValueError):
        parse_id(text)


def test_inline_ids_in_all_written_forms():
    text = ("As in arXiv:2402.03300, arXiv: 1707.06347v2. See [R1](https://arxiv.org/pdf/2501.12948v1.pdf), "
            "http://arxiv.org/abs/hep-th/9711200 and again ARXIV:2402.03300.")
    assert ids_in_text(text) == ["2402.03300", "1707.06347v2", "2501.12948v1", "hep-th/9711200"]


def test_title_normalisation_handles_case_space_punctuation_tex_unicode():
    assert titles_match("α-Divergences for Robust Policy Gradients — A Study",
                        r"$\alpha$-Divergences for \emph{Robust}   Policy" "\n  Gradients -- a study")
    assert titles_match("Schrödinger's Café: ﬁne-tuning", r"Schr\"odinger's Caf\'{e}: fine-tuning")
    assert normalise("DeepSeekMath: Pushing\n  the Limits!") == "deepseekmath pushing the limits"
    assert not titles_match("Proximal Policy Optimization", "Proximal Policy Optimization Algorithms")


def test_first_author_surname_rules():
    assert author_matches("Remi Munos", "Rémi Munos")
    assert author_matches("Laurens van der Maaten", "Laurens van der Maaten")
    assert author_matches("DeepSeek-AI", "DeepSeek-AI")
    assert author_matches("Schulman, John", "John Schulman")
    assert author_matches("Martin Luther King Jr.", "Martin L. King")
    assert author_matches("Zhihong Shao", "Shao Zhihong")
    assert not author_matches("Archit Sharma", "Rafael Rafailov")


def test_retry_after_seconds_and_http_date():
    now = time.time()
    assert retry_after_seconds("7") == 7.0
    assert 29 <= retry_after_seconds(email.utils.formatdate(now + 30, usegmt=True), now) <= 30
    assert retry_after_seconds(email.utils.formatdate(now - 60, usegmt=True), now) == 0.0
    assert retry_after_seconds("soon") is None and retry_after_seconds(None) is None


def _reading(rid: str, arxiv: str = "", url: str = "", title: str = "A Title", authors=("Ann Author",),
             year: int = 2020, line: int = 1) -> Reading:
    return Reading(rid, title, tuple(authors), year, arxiv, url, "data/readings/x.yml", line)


def test_offline_findings_on_reading_objects():
    readings = [_reading("a", "1707.06347", line=1), _reading("b", "1707.06347v2", line=7),
                _reading("c", url="https://arxiv.org/abs/1707.06347", line=13),
                _reading("d", "2402.03300", title="", authors=(), year=0, line=19),
                _reading("e", url="https://github.com/volcengine/verl", line=25)]
    found = offline_findings(readings, cited={"a", "b", "c", "d"})
    kinds = sorted((f.kind, f.reading) for f in found)
    assert kinds == [("duplicate", "b"), ("duplicate", "c"), ("incomplete", "d"), ("unreferenced", "e")]
    assert next(f for f in found if f.kind == "incomplete").detail == "missing title, authors, year"
    assert "'a'" in next(f for f in found if f.reading == "b").detail


def test_offline_check_classifies_malformed_readings_and_inline_ids():
    refs = [Reference("2402.0330", "data/questions/q.yml", 4, question="q"),
            Reference("1707.06347", "data/readings/x.yml", 1, reading="ppo", title="PPO", authors=("J S",)),
            Reference("hep-th/9913001", "data/readings/x.yml", 7, reading="old", title="Old", authors=("A B",))]
    results = check_references(refs)
    assert [r.status for r in results] == ["malformed", "ok", "malformed"]
    assert "5 digits" in results[0].detail and "month 13" in results[2].detail


def test_feed_is_matched_by_id_and_error_entries_are_recognised(server):
    body = server.answer(["1707.06347", "hep-th/9711200", "2402.99999"], {"max_results": ["3"]})[1]
    feed = parse_feed(body)
    assert set(feed.papers) == {"1707.06347", "hep-th/9711200"} and not feed.errors
    assert feed.papers["1707.06347"].version == 2 and feed.papers["hep-th/9711200"].version == 3
    status, body = server.answer(["1707.06347", "1234.1234567"], {})
    feed = parse_feed(body)
    assert status == 400 and feed.bad_ids == {"1234.1234567"} and not feed.papers


def test_real_data_has_no_malformed_or_duplicate_arxiv_ids():
    data = ROOT / "data"
    atlas = load_atlas(data)
    results = check_references(collect(atlas, data))
    cited = {rid for q in atlas.questions for rid in q.readings}
    duplicates = [f for f in offline_findings(atlas.readings.values(), cited) if f.kind == "duplicate"]
    assert [r for r in results if r.status == "malformed"] == []
    assert duplicates == []


def test_offline_check_of_the_real_atlas_passes():
    """What CI and the pre-commit hook run: ids, duplicates, unreferenced and incomplete readings."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "check_arxiv.py"), "--offline"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 unreferenced" in done.stdout and " 0 malformed" in done.stdout


# -- online, as a library --------------------------------------------------------------------------

def test_every_status_as_a_library(tmp_path, server):
    data = every_status_data(tmp_path)
    c = client(server, delay=0.01)
    report = run(data, client=c, cache=None)
    assert statuses(report) == {
        "ppo": "ok", "deepseekmath": "ok", "maldacena": "ok", "gae": "title_mismatch", "dpo": "author_mismatch",
        "cut-short": "author_mismatch",
        "flawed": "withdrawn", "alpha-div": "ok", "ghost": "missing", "rejected": "malformed",
        "q-main:2402.0330": "malformed", "q-main:2402.03300v9": "missing", "q-main:2501.12948v1": "ok"}
    ppo = next(r for r in report.results if r.ref.reading == "ppo")
    assert ppo.note == "pins v1; the latest is v2"
    assert "v9" in next(r for r in report.results if r.ref.arxiv == "2402.03300v9").detail
    assert report.exit_code == 1 and report.findings == []
    # the rejected id cost one 400, and was not sent again: the rest went in one more request
    assert c.requests == 2 == len(server.log)
    assert [REJECTED in r.ids for r in server.log] == [True, False]
    assert [r.status for r in server.log] == [400, 200]


def test_references_point_at_the_line_that_holds_the_id(tmp_path):
    data = every_status_data(tmp_path)
    refs = collect(load_atlas(data), data)
    assert {r.file for r in refs} == {"data/questions/rl-algorithms.yml", "data/readings/test.yml"}
    for ref in refs:
        lines = (data.parent / ref.file).read_text(encoding="utf-8").splitlines()
        assert ref.arxiv in lines[ref.line - 1]


def test_requests_equal_batches_and_max_results_covers_the_batch(tmp_path):
    papers = many_papers(12)
    data = clean_data(tmp_path, papers)
    with ArxivServer(papers) as srv:
        report = run(data, client=client(srv), batch_size=5)
        assert report.exit_code == 0 and set(statuses(report).values()) == {"ok"}
        assert report.requests == math.ceil(12 / 5) == len(srv.log)
        assert all(int(r.params["max_results"][0]) >= len(r.ids) for r in srv.log)
        srv.log.clear()
        report = run(data, client=client(srv), batch_size=100)  # 12 ids > arXiv's default page of 10
        assert report.exit_code == 0 and report.requests == 1 and len(srv.log[0].ids) == 12


def test_spacing_and_user_agent(tmp_path):
    papers = many_papers(4)
    with ArxivServer(papers) as srv:
        c = client(srv, delay=0.2)
        batches = list(c.lookup([p.id for p in papers], batch_size=1))
        assert all(len(b.papers) == 1 for b in batches)
        assert len(srv.log) == 4 and min(srv.gaps()) >= 0.2
        assert all("ai-interview-atlas" in r.headers["User-Agent"] for r in srv.log)


def test_503_with_retry_after_seconds_then_success(server):
    server.then(Reply(503, {"Retry-After": "1"}))
    c = client(server, delay=0.01)
    batch = c.lookup_batch(["1707.06347"])
    assert "1707.06347" in batch.papers and c.requests == 2
    assert server.gaps()[0] >= 1.0


def test_503_with_retry_after_http_date_then_success(server):
    server.then(Reply(503, {"Retry-After": email.utils.formatdate(time.time() + 2, usegmt=True)}))
    batch = client(server, delay=0.01).lookup_batch(["2402.03300"])
    assert "2402.03300" in batch.papers and server.gaps()[0] >= 1.0


def test_429_backs_off_exponentially(server):
    server.then(Reply(429), Reply(429))
    batch = client(server, backoff=0.15, retries=3).lookup_batch(["1707.06347"])
    assert "1707.06347" in batch.papers and len(server.log) == 3
    assert server.gaps()[0] >= 0.15 and server.gaps()[1] >= 0.3


def test_backoff_is_capped(server):
    server.then(Reply(503), Reply(503), Reply(503))
    c = client(server, backoff=0.1, max_backoff=0.15, retries=3)
    assert "1707.06347" in c.lookup_batch(["1707.06347"]).papers
    assert all(0.1 <= g < 0.6 for g in server.gaps())


def test_slow_response_times_out_and_is_retried(server):
    server.then(Reply(delay=1.5))
    start = time.monotonic()
    c = client(server, timeout=0.3)
    batch = c.lookup_batch(["1707.06347"])
    assert "1707.06347" in batch.papers and c.requests == 2
    assert time.monotonic() - start < 1.4


@pytest.mark.parametrize("mode", ["truncated", "reset", "text"])
def test_truncated_xml_resets_and_throttle_text_are_retried(server, mode):
    server.then(Reply(mode=mode))
    c = client(server)
    assert "1707.06347" in c.lookup_batch(["1707.06347"]).papers and c.requests == 2


def test_persistent_failure_is_unverified_never_broken(server):
    server.then(*[Reply(503)] * 3)
    c = client(server, retries=2)
    refs = [Reference("1707.06347", "data/readings/x.yml", 1, reading="ppo",
                      title="Proximal Policy Optimization Algorithms", authors=("John Schulman",))]
    [result] = check_references(refs, c)
    assert result.status == "unverified" and "HTTP 503" in result.detail and c.requests == 3


def test_after_giving_up_later_batches_are_not_sent(server):
    server.then(*[Reply(503)] * 2)
    c = client(server, retries=1)
    batches = list(c.lookup(["1707.06347", "2402.03300", "hep-th/9711200"], batch_size=1))
    assert [sorted(b.unverified) for b in batches] == [["1707.06347"], ["2402.03300"], ["hep-th/9711200"]]
    assert c.requests == 2 and "not asked: HTTP 503" in batches[2].unverified["hep-th/9711200"]


def test_retry_after_beyond_the_limit_gives_up_at_once(server):
    server.then(Reply(503, {"Retry-After": "3600"}))
    c = client(server, max_retry_after=60)
    batch = c.lookup_batch(["1707.06347"])
    assert batch.unverified and c.requests == 1


def test_400_is_not_retried(server):
    c = client(server)
    batch = c.lookup_batch(["1234.1234567"])
    assert list(batch.rejected) == ["1234.1234567"] and "incorrect id format" in batch.rejected["1234.1234567"]
    assert c.requests == 1


def test_transient_and_negative_results_are_not_cached(tmp_path, server):
    path = tmp_path / "cache.json"
    refs = [Reference(i, "f", 1) for i in ("1707.06347", "2402.03300", "2402.99999")]
    server.then(*[Reply(503)] * 3)
    results = check_references(refs, client(server, retries=2), Cache.open(path), batch_size=1)
    assert [r.status for r in results] == ["unverified"] * 3 and not path.exists()
    results = check_references(refs, client(server), Cache.open(path), batch_size=1)
    assert [r.status for r in results] == ["ok", "ok", "missing"]
    assert set(json.loads(path.read_text())["papers"]) == {"1707.06347", "2402.03300"}


def test_cache_write_interrupted_midway_keeps_the_old_file(tmp_path, monkeypatch):
    from atlas.contrib.arxivcheck import cache as cache_module
    path = tmp_path / "cache.json"
    cache = Cache(path)
    cache.put([Paper("1707.06347", 2, "PPO", ("John Schulman",))])
    cache.save()
    before = path.read_text()
    cache.put([Paper("2402.03300", 3, "DeepSeekMath", ("Zhihong Shao",))])

    def crash(fd: int) -> None:
        raise KeyboardInterrupt("interrupted between write and rename")

    monkeypatch.setattr(cache_module.os, "fsync", crash)
    with pytest.raises(KeyboardInterrupt):
        cache.save()
    assert path.read_text() == before and set(json.loads(before)["papers"]) == {"1707.06347"}
    assert [p.name for p in tmp_path.iterdir()] == ["cache.json"]


# -- the CLI ---------------------------------------------------------------------------------------

def test_cli_text_lines_summary_and_exit_1(tmp_path, server):
    every_status_data(tmp_path)
    out = cli("--api-url", server.url, "--delay", "0.01", "--cache", str(tmp_path / "c.json"), cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[:-1] == sorted(lines[:-1], key=lambda s: (s.split(":")[0], int(s.split(":")[1])))
    assert any(line.startswith("data/readings/test.yml:") and "[missing] arXiv:2402.99999 ghost: " in line
               for line in lines)
    assert any("[title_mismatch] arXiv:1506.02438 gae: title 'Generalized" in line for line in lines)
    assert any("[author_mismatch] arXiv:2305.18290 dpo: first author 'Archit Sharma'" in line for line in lines)
    assert any("[withdrawn] arXiv:1812.00001 flawed: withdrawn in v2" in line for line in lines)
    assert any("[malformed] arXiv:2402.0330 q-main:" in line for line in lines)
    assert any("[note] arXiv:1707.06347v1 ppo: pins v1; the latest is v2" in line for line in lines)
    assert any("[author_mismatch] arXiv:2203.02155 cut-short: lists 2 of arXiv's 4 authors" in line for line in lines)
    assert lines[-1].startswith("13 arXiv references")
    assert "5 ok, 2 malformed, 2 missing, 1 withdrawn, 1 title_mismatch, 2 author_mismatch, 0 unverified" in lines[-1]
    assert "2 HTTP requests" in lines[-1]


def test_cli_json_and_exit_0(tmp_path):
    papers = [PPO, MATH, OLD]
    clean_data(tmp_path, papers)
    with ArxivServer(papers) as srv:
        out = cli("--api-url", srv.url, "--delay", "0", "--format", "json", "--cache", str(tmp_path / "c.json"),
                  cwd=tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    doc = json.loads(out.stdout)
    assert doc["requests"] == 1 and doc["counts"]["ok"] == 3
    ref = next(r for r in doc["references"] if r["arxiv"] == "hep-th/9711200")
    assert ref["reading"] == "r2" and ref["file"] == "data/readings/test.yml" and isinstance(ref["line"], int)
    assert ref["status"] == "ok" and ref["arxiv_first_author"] == "Juan M. Maldacena"
    assert ref["arxiv_title"].startswith("The Large N Limit")
    assert {"reading", "arxiv", "file", "line", "status", "detail"} <= set(ref)


def test_cli_github_annotations(tmp_path, server):
    every_status_data(tmp_path)
    out = cli("--api-url", server.url, "--delay", "0", "--format", "github", "--cache", str(tmp_path / "c.json"),
              cwd=tmp_path)
    assert out.returncode == 1
    errors = [line for line in out.stdout.splitlines() if line.startswith("::error ")]
    assert len(errors) == 8
    assert any(line.startswith("::error file=data/readings/test.yml,line=") and "title=arXiv missing::" in line
               and "arXiv:2402.99999 ghost" in line for line in errors)
    assert any(line.startswith("::notice file=data/readings/test.yml,") for line in out.stdout.splitlines())


def test_cli_exit_2_when_arxiv_is_unreachable(tmp_path):
    write_data(tmp_path, [reading("ppo", "1707.06347", "Proximal Policy Optimization Algorithms",
                                  ["John Schulman"])], [question("q", ["ppo"])])
    for fmt, marker in (("text", "[unverified] arXiv:1707.06347 ppo"), ("github", "::warning file=")):
        out = cli("--api-url", closed_port_url(), "--delay", "0.05", "--retries", "1", "--format", fmt,
                  "--cache", str(tmp_path / "c.json"), cwd=tmp_path)
        assert out.returncode == 2, out.stdout + out.stderr
        assert marker in out.stdout and "connection refused" in out.stdout
        assert "retrying" in out.stderr


def test_cli_offline_makes_no_request_and_reports_reading_findings(tmp_path, server):
    readings = [reading("ppo", "1707.06347", "Proximal Policy Optimization Algorithms", ["John Schulman"]),
                reading("unused", "2402.03300", "DeepSeekMath", ["Zhihong Shao"])]
    write_data(tmp_path, readings, [question("q", ["ppo"], text="Compare with arXiv:1707.06347.")])
    out = cli("--offline", "--api-url", server.url, cwd=tmp_path)
    assert out.returncode == 1 and server.log == []
    assert "[unreferenced] arXiv:2402.03300 unused: no question lists this reading" in out.stdout
    assert "0 HTTP requests (offline" in out.stdout
    write_data(tmp_path, readings[:1], [question("q", ["ppo"])])
    out = cli("--offline", cwd=tmp_path)
    assert out.returncode == 0, out.stdout
    assert not (tmp_path / ".cache").exists()


def test_cli_malformed_inline_id_fails_offline(tmp_path):
    write_data(tmp_path, [reading("ppo", "1707.06347", "Proximal Policy Optimization Algorithms",
                                  ["John Schulman"])], [question("q", ["ppo"], text="See arXiv:1707.6347.")])
    out = cli("--offline", "--format", "json", cwd=tmp_path)
    doc = json.loads(out.stdout)
    assert out.returncode == 1
    assert [(r["question"], r["status"]) for r in doc["references"] if r["status"] != "ok"] == [("q", "malformed")]


def test_cli_reports_data_the_loader_rejects(tmp_path):
    write_data(tmp_path, [reading("ppo", "1707.06347", "Proximal Policy Optimization Algorithms", ["John Schulman"]),
                          reading("ppo-again", "1707.06347v2", "Proximal Policy Optimization Algorithms",
                                  ["John Schulman"])], [question("q", ["ppo", "ppo-again"])])
    out = cli("--offline", "--format", "github", cwd=tmp_path)
    assert out.returncode == 1 and "::error file=data/readings/test.yml" in out.stdout and "E042" in out.stdout


def test_cli_usage_error_is_not_confused_with_unverified(tmp_path):
    assert cli("--batch-size", "0", cwd=tmp_path).returncode == 3
    assert cli("--format", "xml", cwd=tmp_path).returncode == 3


def test_cli_progress_on_stderr_only_for_several_batches(tmp_path):
    papers = many_papers(3)
    clean_data(tmp_path, papers)
    with ArxivServer(papers) as srv:
        one = cli("--api-url", srv.url, "--delay", "0", "--refresh", "--cache", str(tmp_path / "c.json"),
                  cwd=tmp_path)
        three = cli("--api-url", srv.url, "--delay", "0", "--refresh", "--batch-size", "1",
                    "--cache", str(tmp_path / "c.json"), cwd=tmp_path)
    assert one.returncode == three.returncode == 0
    assert one.stderr == "" and "3 HTTP requests" in three.stdout
    assert [line.split("(")[0] for line in three.stderr.splitlines()] == [
        f"arXiv: batch {n}/3 " for n in (1, 2, 3)]


def test_cli_cache_reuse_refresh_and_new_ids(tmp_path):
    papers = many_papers(5)
    clean_data(tmp_path, papers[:4])
    with ArxivServer(papers) as srv:
        args = ("--api-url", srv.url, "--delay", "0", "--batch-size", "2")
        first = cli(*args, cwd=tmp_path)  # default cache: .cache/arxiv.json under the working directory
        assert first.returncode == 0 and "2 HTTP requests (0 papers from the cache)" in first.stdout
        assert set(json.loads((tmp_path / ".cache" / "arxiv.json").read_text())["papers"]) == {
            p.id for p in papers[:4]}
        second = cli(*args, cwd=tmp_path)
        assert second.returncode == 0 and "0 HTTP requests (4 papers from the cache)" in second.stdout
        clean_data(tmp_path, papers)
        third = cli(*args, cwd=tmp_path)
        assert "1 HTTP requests" in third.stdout and srv.log[-1].ids == [papers[4].id]
        fourth = cli(*args, "--refresh", cwd=tmp_path)
        assert "3 HTTP requests" in fourth.stdout and len(srv.log) == 2 + 1 + 3


def test_cli_ignores_a_corrupt_cache_and_rewrites_it(tmp_path):
    papers = many_papers(2)
    clean_data(tmp_path, papers)
    cache = tmp_path / "c.json"
    cache.write_text('{"format": 1, "papers": {"2401.1')
    with ArxivServer(papers) as srv:
        out = cli("--api-url", srv.url, "--delay", "0", "--cache", str(cache), cwd=tmp_path)
    assert out.returncode == 0 and "ignoring unreadable cache" in out.stderr
    assert len(json.loads(cache.read_text())["papers"]) == 2


def test_cache_survives_a_killed_run(tmp_path):
    papers = many_papers(6)
    clean_data(tmp_path, papers)
    cache = tmp_path / "c.json"
    with ArxivServer(papers) as srv:
        proc = subprocess.Popen([sys.executable, str(SCRIPT), "--api-url", srv.url, "--delay", "0.4",
                                 "--batch-size", "1", "--cache", str(cache)], cwd=tmp_path,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 20
            while not (cache.exists() and json.loads(cache.read_text())["papers"]):
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.02)
            time.sleep(0.45)  # let it get into the middle of a later batch
            os.kill(proc.pid, signal.SIGKILL)
        finally:
            proc.wait(timeout=10)
        assert proc.returncode == -signal.SIGKILL
        kept = set(json.loads(cache.read_text())["papers"])  # parses: never half-written
        assert 1 <= len(kept) < 6
        srv.log.clear()
        out = cli("--api-url", srv.url, "--delay", "0", "--batch-size", "1", "--cache", str(cache), cwd=tmp_path)
        assert out.returncode == 0
        assert sorted(i for r in srv.log for i in r.ids) == sorted(p.id for p in papers if p.id not in kept)


def test_github_format_escapes_newlines_and_separators():
    ref = Reference("2402.99999", "data/readings/a,b.yml", 3, reading="x")
    text = format_github(Report([Result(ref, "missing", "line one\nline: two, 100%")], []))
    assert text.splitlines()[0] == ("::error file=data/readings/a%2Cb.yml,line=3,title=arXiv missing::"
                                    "[missing] arXiv:2402.99999 x: line one%0Aline: two, 100%25")


def test_bench_counts_requests_without_contacting_arxiv(tmp_path):
    data = every_status_data(tmp_path)
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_arxiv.py"), "--data", str(data),
                          "--measure", "--measure-delay", "0.02"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "13 links" in out.stdout and "12 papers" in out.stdout
    assert "batched: 1 request" in out.stdout and "naive: 13 requests" in out.stdout
