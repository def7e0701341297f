// The mock interview: a round of N questions from a selection (the explorer's filters in the address, a topic, a
// company in the order of its rounds, chosen ids, or the questions due for review), each shown alone with a
// countdown that can be paused or turned off; the reader answers aloud or in a notes box, reveals the rubric,
// marks each point covered / partly / missed, may read the written answer; a summary ends the round.
//
// Data: the explorer's own files. explorer/questions.json for the list, and explorer/details/<topic>.json (the
// build's sanitised HTML of the text, rubric and answer, and the readings) fetched when a question of that topic
// is shown; only the current topic's file is held, and each question keeps just its own part. Grades and review
// dates go through progress.js (localStorage, or memory where the browser keeps nothing) and review.js (FSRS).
// Record text is written with textContent or copied through fragments.js's allowlist; never as HTML.
(function () {
  "use strict";
  var root = document.getElementById("atlas-mock");
  var kit = window.atlasFragments;
  if (!root || !kit) return;
  var el = kit.el, built = kit.built, fill = kit.fill, link = kit.questionLink, table = kit.table;
  var data = JSON.parse(document.getElementById("mock-data").textContent);
  var L = data.labels, lang = data.lang;
  var rounds = JSON.parse(root.getAttribute("data-rounds") || "{}");
  var progress = window.atlasProgress;
  var setup = document.getElementById("mock-setup"), form = document.getElementById("mock-form");
  var stage = document.getElementById("mock-round"), summary = document.getElementById("mock-summary");
  var selectionLine = document.getElementById("mock-selection");
  var params = new URLSearchParams(location.search);
  var FACETS = ["topic", "track", "type", "difficulty", "company", "evidence"];
  var ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
  var list = null, pool = [], kind = "filters", roundNames = {};
  var round = null;

  function pct(share) { return kit.percent(share, lang); }
  function clock(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function typeset(node) { kit.typeset(node); }

  // -- The selection ------------------------------------------------------------------------------------------
  function matches(q, s) {
    for (var i = 0; i < FACETS.length; i++) {
      var f = FACETS[i], v = q[f];
      if (s[f] && (Array.isArray(v) ? v.indexOf(s[f]) < 0 : v !== s[f])) return false;
    }
    if (s.answer && !q.answer) return false;
    if (s.practised && progress && progress.has(q.id) !== (s.practised === "yes")) return false;
    if (s.text) {
      var hay = kit.fold([q.id, q.text, list.facets.topic[q.topic]].join(" "));
      var words = kit.fold(s.text).split(/\s+/);
      for (var j = 0; j < words.length; j++) if (hay.indexOf(words[j]) < 0) return false;
    }
    return true;
  }

  function choose() {
    var byId = {};
    list.questions.forEach(function (q) { byId[q.id] = q; });
    var describe = [];
    if (params.get("review")) {
      kind = "review";
      pool = (progress ? progress.due(new Date()) : []).map(function (id) { return byId[id]; }).filter(Boolean);
      describe.push(L.mock_review_selection);
    } else if (params.get("ids")) {
      kind = "ids";
      pool = params.get("ids").split(",").filter(function (id) { return ID.test(id) && byId[id]; })
        .map(function (id) { return byId[id]; });
      describe.push(L.mock_chosen);
    } else {
      var s = { text: (params.get("text") || "").trim(), answer: params.get("answer") === "1",
                practised: /^(yes|no)$/.test(params.get("practised") || "") ? params.get("practised") : "" };
      FACETS.forEach(function (f) {
        var v = params.get(f);
        if (v && list.facets[f] && Object.prototype.hasOwnProperty.call(list.facets[f], v)) {
          s[f] = v;
          describe.push(L[f] + ": " + list.facets[f][v]);
        }
      });
      if (s.text) describe.push(L.search_text + ": «" + s.text + "»");
      if (s.answer) describe.push(L.only_answered);
      if (s.practised) describe.push(s.practised === "yes" ? L.practised_yes : L.practised_no);
      pool = list.questions.filter(function (q) { return matches(q, s); });
      if (s.company && rounds[s.company]) {
        // A company's questions in the order of its interview rounds, as the sources report them.
        kind = "company";
        var order = {};
        rounds[s.company].forEach(function (row, i) { order[row[0]] = i; roundNames[row[0]] = row[1]; });
        pool.sort(function (a, b) { return (order[a.id] === undefined ? 1e6 : order[a.id]) - (order[b.id] === undefined ? 1e6 : order[b.id]); });
      }
      if (!describe.length) describe.push(L.mock_all);
    }
    selectionLine.textContent = pool.length ? fill(L.mock_matching, { what: describe.join(" · "), n: pool.length }) : L.mock_none;
    var n = form.elements.n;
    n.max = String(Math.max(1, Math.min(50, pool.length)));
    n.value = String(Math.max(1, Math.min(kind === "review" || kind === "ids" ? 50 : 5, pool.length)));
    document.getElementById("mock-start").disabled = !pool.length;
    var explorer = document.getElementById("mock-explorer");
    if (kind === "filters" || kind === "company") explorer.setAttribute("href", root.getAttribute("data-explorer") + location.search);
    setup.hidden = false;
  }

  // N questions: the first N for a review or chosen list; otherwise N drawn at random, kept in the selection's
  // order (a company's rounds; else the atlas's, so one topic's questions come together and its details file
  // is fetched once).
  function draw(n) {
    if (kind === "review" || kind === "ids") return pool.slice(0, n);
    var picked = pool.map(function (q, i) { return { q: q, i: i, r: Math.random() }; })
      .sort(function (a, b) { return a.r - b.r; }).slice(0, n)
      .sort(function (a, b) { return a.i - b.i; });
    return picked.map(function (x) { return x.q; });
  }

  // -- One topic's details at a time ---------------------------------------------------------------------------
  var held = { topic: null, promise: null };
  function detailsOf(q) {
    if (held.topic !== q.topic) {
      held = { topic: q.topic, promise: fetch(root.getAttribute("data-details") + encodeURIComponent(q.topic) + ".json")
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); }) };
    }
    return held.promise.then(function (all) { return all[q.id]; });
  }

  // -- The round ----------------------------------------------------------------------------------------------
  function start() {
    var n = Math.max(1, Math.min(pool.length, parseInt(form.elements.n.value, 10) || 1));
    var minutes = Math.max(1, Math.min(60, parseInt(form.elements.minutes.value, 10) || 5));
    round = { items: draw(n).map(function (q) { return { q: q, round: roundNames[q.id] || "", marks: null, notes: "", used: 0 }; }),
              i: 0, limit: minutes * 60000, timer: form.elements.timer.checked, review: kind === "review" };
    setup.hidden = true;
    root.querySelectorAll(".atlas-due").forEach(function (p) { p.setAttribute("data-in-round", ""); });
    summary.hidden = true;
    show();
  }

  var ticking = null;
  function stopClock() { if (ticking) { clearInterval(ticking); ticking = null; } }

  function show() {
    stopClock();
    var item = round.items[round.i], q = item.q, facets = list.facets;
    stage.textContent = "";
    stage.hidden = false;
    stage.setAttribute("data-id", q.id);
    stage.setAttribute("data-step", "question");
    var meta = [fill(L.mock_position, { i: round.i + 1, n: round.items.length }), facets.topic[q.topic], facets.type[q.type]];
    if (item.round) meta.push(fill(L.mock_round, { round: item.round }));
    stage.appendChild(el("p", { className: "atlas-mock__position", text: meta.join(" · ") }));
    var title = el("h2", { id: "mock-q-title", tabindex: "-1" });
    if (q.html) title.appendChild(built(q.html, true)); else title.textContent = q.text;
    stage.appendChild(title);

    // The countdown: visible, pausable, can be turned off; running over is said, never punished.
    var clockText = el("span", { id: "mock-clock", className: "atlas-mock__clock", role: "timer", "aria-label": L.mock_timer_label });
    var pause = el("button", { type: "button", id: "mock-pause", className: "md-button", text: L.mock_pause });
    var off = el("button", { type: "button", id: "mock-timer-off", className: "md-button", text: L.mock_timer_off });
    var said = el("p", { id: "mock-said", className: "atlas-mock__said", role: "status" });
    var timerBox = el("div", { className: "atlas-mock__timer" }, [clockText, pause, off]);
    stage.appendChild(timerBox);
    stage.appendChild(said);
    var t = { left: round.limit, last: Date.now(), running: true, warned: false, over: false };
    function paint() {
      if (!round.timer) {
        clockText.textContent = L.mock_timer_is_off;
        clockText.removeAttribute("role");
        timerBox.classList.remove("atlas-mock__timer--over");
        pause.hidden = off.hidden = true;
        return;
      }
      clockText.textContent = t.left >= 0 ? fill(L.mock_time_left, { time: clock(t.left) }) : fill(L.mock_time_over, { time: clock(-t.left) });
      timerBox.classList.toggle("atlas-mock__timer--over", t.left < 0);
      timerBox.classList.toggle("atlas-mock__timer--paused", !t.running);
    }
    function tick() {
      var now = Date.now();
      if (t.running) { t.left -= now - t.last; item.used += now - t.last; }
      t.last = now;
      if (round.timer && !t.warned && t.left <= 60000 && t.left > 0 && round.limit > 60000) { t.warned = true; said.textContent = L.mock_one_minute; }
      if (round.timer && !t.over && t.left < 0) { t.over = true; said.textContent = fill(L.mock_time_over, { time: "0:00" }); }
      paint();
    }
    pause.addEventListener("click", function () {
      tick();
      t.running = !t.running;
      pause.textContent = t.running ? L.mock_pause : L.mock_resume;
      pause.setAttribute("aria-pressed", String(!t.running));
      paint();
    });
    off.addEventListener("click", function () {
      round.timer = false;
      paint();
      title.focus();
    });
    paint();
    ticking = setInterval(tick, 250);
    round.tick = tick;

    var notes = el("textarea", { id: "mock-notes", rows: "5", className: "atlas-mock__notes" });
    notes.value = item.notes;
    notes.addEventListener("input", function () { item.notes = notes.value; });
    stage.appendChild(el("div", { className: "atlas-ex__field atlas-mock__notes-field" }, [
      el("label", { for: "mock-notes", text: L.mock_notes }), notes]));

    var reveal = el("button", { type: "button", id: "mock-reveal", className: "md-button md-button--primary", text: L.mock_reveal });
    var grading = el("div", { id: "mock-grading", className: "atlas-mock__grading", hidden: true });
    var status = el("p", { id: "mock-status", className: "atlas-mock__status", role: "status" });
    var last = round.i === round.items.length - 1;
    var next = el("button", { type: "button", id: "mock-next", className: "md-button md-button--primary", hidden: true,
                              text: last ? L.mock_finish : L.mock_next });
    var end = el("button", { type: "button", id: "mock-end", className: "md-button", text: L.mock_end });
    stage.appendChild(el("p", { className: "atlas-mock__actions" }, [reveal]));
    stage.appendChild(grading);
    stage.appendChild(status);
    stage.appendChild(el("p", { className: "atlas-mock__actions" }, [next, end]));

    var details = detailsOf(q).then(function (d) { item.details = d; return d; });
    reveal.addEventListener("click", function () {
      tick();
      stopClock();
      pause.hidden = off.hidden = true;
      reveal.disabled = true;
      details.then(function (d) {
        fillGrading(grading, item, d);
        reveal.hidden = true;
        grading.hidden = false;
        next.hidden = false;
        stage.setAttribute("data-step", "grade");
        typeset(grading);
        var heading = grading.querySelector("h3");
        heading.focus();
      }).catch(function () { reveal.disabled = false; status.textContent = L.mock_none; });
    });
    next.addEventListener("click", function () {
      var missing = unmarked(grading, item);
      if (missing.length) {
        status.textContent = fill(L.mock_ungraded, { n: missing.length });
        missing[0].focus();
        return;
      }
      grade(item);
      round.i++;
      if (round.i < round.items.length) show(); else finish();
    });
    end.addEventListener("click", function () {
      if (!grading.hidden && !unmarked(grading, item).length) grade(item);
      finish();
    });
    root.scrollIntoView({ block: "start" });
    title.focus();
  }

  function fillGrading(box, item, d) {
    box.textContent = "";
    box.appendChild(el("h3", { id: "mock-grade-title", tabindex: "-1", text: L.rubric }));
    var tests = el("div", { className: "atlas-ex__tests" }, [el("strong", { text: L.tests + ":" })]);
    tests.appendChild(built(d.tests));
    var first = tests.querySelector("p");
    if (first) { first.insertBefore(document.createTextNode(" "), first.firstChild); first.insertBefore(tests.firstChild, first.firstChild); }
    box.appendChild(tests);
    box.appendChild(el("p", { id: "mock-grade-intro", text: L.mock_grade_intro }));
    var points = el("ol", { className: "atlas-mock__points" });
    var choices = [[2, L.mock_covered], [1, L.mock_partly], [0, L.mock_missed]];
    d.rubric.forEach(function (html, i) {
      // The point's text names its group of three choices (a radio group: arrow keys move between them).
      var text = el("p", { id: "mock-pt-" + i, className: "atlas-mock__point-text" });
      text.appendChild(el("span", { className: "atlas-mock__visually-hidden", text: fill(L.mock_point, { i: i + 1 }) + ": " }));
      text.appendChild(built(html, true));
      var row = el("div", { className: "atlas-mock__choices", role: "radiogroup", "aria-labelledby": "mock-pt-" + i });
      choices.forEach(function (c) {
        var id = "mock-p" + i + "-" + c[0];
        var input = el("input", { type: "radio", id: id, name: "mock-p" + i, value: String(c[0]) });
        row.appendChild(el("span", { className: "atlas-mock__choice atlas-mock__choice--" + c[0] }, [input, el("label", { for: id, text: c[1] })]));
      });
      points.appendChild(el("li", { className: "atlas-mock__point", "data-point": String(i) }, [text, row]));
    });
    box.appendChild(points);
    if (d.answer) {
      var button = el("button", { type: "button", id: "mock-answer-toggle", className: "md-button", "aria-expanded": "false", text: L.show_answer });
      var answer = el("div", { id: "mock-answer", className: "atlas-ex__answer", hidden: true });
      answer.appendChild(built(d.answer));
      kit.wrapTables(answer);
      button.addEventListener("click", function () {
        answer.hidden = !answer.hidden;
        button.setAttribute("aria-expanded", String(!answer.hidden));
        button.textContent = answer.hidden ? L.show_answer : L.hide_answer;
        if (!answer.hidden) typeset(answer);
      });
      box.appendChild(el("p", {}, [button]));
      box.appendChild(answer);
    }
  }

  function unmarked(box, item) {
    var missing = [];
    item.marks = [];
    box.querySelectorAll(".atlas-mock__point").forEach(function (fs, i) {
      var on = fs.querySelector("input:checked");
      if (on) item.marks[i] = Number(on.value); else missing.push(fs.querySelector("input"));
    });
    return missing;
  }

  // A grade: the share of the rubric covered (covered 1, partly 1/2), kept with the marks; FSRS schedules the
  // question's next review from it (review.js), and progress.js keeps both (and marks the question practised).
  function grade(item) {
    var now = new Date();
    var total = item.marks.reduce(function (a, b) { return a + b; }, 0);
    item.score = item.marks.length ? total / (2 * item.marks.length) : 0;
    var entry = { at: now.toISOString(), score: Math.round(item.score * 1000) / 1000, marks: item.marks.slice() };
    if (round.review) entry.review = true;
    var stored = progress ? progress.mock().cards[item.q.id] : null;
    item.card = window.atlasReview ? window.atlasReview.schedule(stored || null, item.score, now) : null;
    item.graded = true;
    if (progress) progress.record(item.q.id, entry, item.card);
  }

  // -- The summary --------------------------------------------------------------------------------------------
  function finish() {
    stopClock();
    stage.textContent = "";
    stage.hidden = true;
    stage.removeAttribute("data-id");
    summary.textContent = "";
    var done = round.items.filter(function (x) { return x.graded; });
    var facets = list.facets;
    var title = el("h2", { id: "mock-summary-title", tabindex: "-1", text: L.mock_summary });
    summary.appendChild(title);
    var mean = done.length ? done.reduce(function (a, x) { return a + x.score; }, 0) / done.length : 0;
    summary.appendChild(el("p", { id: "mock-total", className: "atlas-mock__total", text: fill(L.mock_total, { score: pct(mean), n: done.length }) }));

    if (done.length) {
      summary.appendChild(el("h3", { text: L.mock_by_question }));
      summary.appendChild(table("mock-by-question", ["#", L.question, L.mock_score, L.mock_time_used, L.mock_next_review],
        done.map(function (x, i) {
          return [String(i + 1), link(x.q), pct(x.score), clock(x.used),
                  x.card ? progress.formatDate(new Date(x.card.due), lang) : "—"];
        })));
      var topics = {};
      done.forEach(function (x) { (topics[x.q.topic] = topics[x.q.topic] || []).push(x.score); });
      summary.appendChild(el("h3", { text: L.mock_by_topic }));
      summary.appendChild(table("mock-by-topic", [L.topic, L.mock_questions_col, L.mock_score], Object.keys(topics).map(function (t) {
        var s = topics[t];
        return [el("a", { href: "../topics/" + encodeURIComponent(t) + "/", text: facets.topic[t] }), String(s.length),
                pct(s.reduce(function (a, b) { return a + b; }, 0) / s.length)];
      })));
      // Each question: the points to work on, the reader's notes, what to read.
      var each = el("ol", { id: "mock-per-question", className: "atlas-mock__each" });
      done.forEach(function (x) {
        var li = el("li", { "data-id": x.q.id }, [el("h3", {}, [link(x.q)])]);
        li.appendChild(el("p", { className: "atlas-ex__meta", text: facets.topic[x.q.topic] + " · " + L.mock_score + ": " + pct(x.score) +
          (x.card ? " · " + L.mock_next_review + ": " + progress.formatDate(new Date(x.card.due), lang) : "") }));
        var missed = x.marks.map(function (m, i) { return [m, i]; }).filter(function (p) { return p[0] < 2; });
        li.appendChild(el("p", {}, [el("strong", { text: L.mock_points_missed + ":" }), missed.length ? null : " " + L.mock_nothing_missed]));
        if (missed.length) {
          li.appendChild(el("ul", { className: "atlas-mock__missed" }, missed.map(function (p) {
            var item = el("li", { "data-point": String(p[1]), "data-mark": String(p[0]) });
            item.appendChild(built(x.details.rubric[p[1]]));
            if (p[0] === 1) item.appendChild(el("span", { className: "atlas-mock__partly", text: " " + L.mock_partly_note }));
            return item;
          })));
        }
        if (x.notes.trim()) {
          li.appendChild(el("p", {}, [el("strong", { text: L.mock_your_notes + ":" })]));
          li.appendChild(el("p", { className: "atlas-mock__your-notes", text: x.notes }));
        }
        var readings = (x.details.readings || []).filter(function (r) { return kit.safeHref(r.url); });
        if (readings.length) {
          var p = el("p", { className: "atlas-mock__readings" }, [el("strong", { text: L.readings + ":" }), " "]);
          readings.forEach(function (r, i) {
            if (i) p.appendChild(document.createTextNode(" · "));
            p.appendChild(el("a", { href: r.url, text: r.title }));
            p.appendChild(document.createTextNode(" (" + r.by + ")"));
          });
          li.appendChild(p);
        }
        each.appendChild(li);
      });
      summary.appendChild(each);
    } else {
      summary.appendChild(el("p", { text: L.mock_none }));
    }
    summary.appendChild(el("p", { className: "atlas-mock__actions" }, [
      el("a", { id: "mock-again", className: "md-button md-button--primary", href: location.pathname + location.search, text: L.mock_again }),
      " ", el("a", { id: "mock-weak", className: "md-button", href: root.getAttribute("data-weak"), text: L.weak })]));
    summary.hidden = false;
    typeset(summary);
    root.scrollIntoView({ block: "start" });
    title.focus();
    round.finished = true;
  }

  form.addEventListener("submit", function (e) { e.preventDefault(); if (pool.length) start(); });
  fetch(root.getAttribute("data-src")).then(function (r) { return r.json(); }).then(function (json) {
    list = json;
    choose();
    root.setAttribute("data-ready", "true");
  });
})();
