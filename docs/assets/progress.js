// The reader's progress, kept in this browser's localStorage and never sent anywhere, keyed by question id (so
// the same in every language): "practised" marks (atlas:practised), and the grades of mock interviews with each
// graded question's review schedule (atlas:mock: written by mock.js, scheduled by review.js with FSRS). Save,
// load and clear carry both in one versioned file; files of the first version (marks only) still load. Without
// localStorage (a private window, site data blocked) everything works in memory for as long as the page is open.
// The markup comes from the pages (hidden until this script runs); the script only toggles attributes and
// writes text with textContent.
(function () {
  "use strict";
  var KEY = "atlas:practised", MOCK = "atlas:mock";
  var FORMAT = "ai-interview-atlas-progress", VERSION = 2;
  var ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
  var MAX_GRADES = 50;  // per question: the newest grades are kept
  var listeners = [];
  var memory = {};  // what could not be stored: the page keeps it until it is closed

  var storage = (function () {
    try {
      localStorage.setItem("atlas:probe", "1");
      localStorage.removeItem("atlas:probe");
      return true;
    } catch (e) { return false; }
  })();
  function own(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
  function isObject(o) { return !!o && typeof o === "object" && !Array.isArray(o); }
  function load(key) {
    if (own(memory, key)) return memory[key];
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }
  function save(key, text) {
    try { localStorage.setItem(key, text); delete memory[key]; } catch (e) { memory[key] = text; }
  }
  function parse(key) {
    try { var v = JSON.parse(load(key) || "{}"); return isObject(v) ? v : {}; } catch (e) { return {}; }
  }
  function notify() { listeners.forEach(function (fn) { fn(); }); }

  function read() {
    var stored = parse(KEY);
    return isObject(stored.practised) ? stored.practised : {};
  }
  function readMock() {
    var stored = parse(MOCK);
    return { graded: isObject(stored.graded) ? stored.graded : {}, cards: isObject(stored.cards) ? stored.cards : {} };
  }
  function storeMarks(marks) { save(KEY, JSON.stringify({ version: 1, practised: marks })); }
  function storeMock(m) { save(MOCK, JSON.stringify({ version: 1, graded: m.graded, cards: m.cards })); }
  function write(marks) { storeMarks(marks); notify(); }
  function today() { return new Date().toISOString().slice(0, 10); }

  // What a file (or another browser) may bring in: checked value by value, anything else dropped.
  function cleanGrade(x) {
    if (!isObject(x)) return null;
    var at = new Date(x.at), score = Number(x.score);
    if (isNaN(at.getTime()) || !(score >= 0 && score <= 1) || !Array.isArray(x.marks)) return null;
    var marks = x.marks.slice(0, 50).map(Number);
    if (marks.some(function (m) { return m !== 0 && m !== 1 && m !== 2; })) return null;
    var out = { at: at.toISOString(), score: Math.round(score * 1000) / 1000, marks: marks };
    if (x.review === true) out.review = true;
    return out;
  }
  var CARD_NUMBERS = ["stability", "difficulty", "elapsed_days", "scheduled_days", "reps", "lapses", "learning_steps", "state"];
  function cleanCard(c) {
    if (!isObject(c) || isNaN(new Date(c.due).getTime())) return null;
    var out = { due: new Date(c.due).toISOString() };
    for (var i = 0; i < CARD_NUMBERS.length; i++) {
      var v = Number(c[CARD_NUMBERS[i]] || 0);
      if (!isFinite(v) || v < 0) return null;
      out[CARD_NUMBERS[i]] = v;
    }
    if (c.last_review != null) {
      var last = new Date(c.last_review);
      if (isNaN(last.getTime())) return null;
      out.last_review = last.toISOString();
    }
    return out;
  }
  function cleanMock(data) {
    var out = { graded: {}, cards: {} };
    if (isObject(data.graded)) Object.keys(data.graded).forEach(function (id) {
      if (!ID.test(id) || !Array.isArray(data.graded[id])) return;
      var list = data.graded[id].map(cleanGrade).filter(Boolean);
      if (list.length) out.graded[id] = list;
    });
    if (isObject(data.cards)) Object.keys(data.cards).forEach(function (id) {
      var card = ID.test(id) ? cleanCard(data.cards[id]) : null;
      if (card) out.cards[id] = card;
    });
    return out;
  }
  // Loading adds to what is here: grades are joined (one per moment), the more recently reviewed schedule wins.
  function merge(into, from) {
    Object.keys(from.graded).forEach(function (id) {
      var list = (into.graded[id] || []).slice(), seen = {};
      list.forEach(function (x) { seen[x.at] = true; });
      from.graded[id].forEach(function (x) { if (!seen[x.at]) list.push(x); });
      list.sort(function (a, b) { return a.at < b.at ? -1 : a.at > b.at ? 1 : 0; });
      into.graded[id] = list.slice(-MAX_GRADES);
    });
    Object.keys(from.cards).forEach(function (id) {
      var have = into.cards[id], other = from.cards[id];
      if (!have || (other.last_review || "") > (have.last_review || "")) into.cards[id] = other;
    });
    return into;
  }

  // A question is due on the day of its review date (this browser's calendar day), as a deck's cards are.
  function endOfToday(now) { var d = new Date(now || Date.now()); d.setHours(24, 0, 0, 0); return d.getTime(); }
  function due(now) {
    var end = endOfToday(now), cards = readMock().cards;
    return Object.keys(cards).filter(function (id) { return new Date(cards[id].due).getTime() < end; })
      .sort(function (a, b) { return new Date(cards[a].due) - new Date(cards[b].due); });
  }
  function nextDue(now) {
    var end = endOfToday(now), cards = readMock().cards, next = null;
    Object.keys(cards).forEach(function (id) {
      var t = new Date(cards[id].due).getTime();
      if (t >= end && (next === null || t < next)) next = t;
    });
    return next === null ? null : new Date(next);
  }
  function formatDate(date, lang) {
    return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : lang, { day: "numeric", month: "long", year: "numeric" }).format(date);
  }

  var api = {
    storage: storage,
    has: function (id) { return own(read(), id); },
    set: function (id, on) {
      var marks = read();
      if (on) marks[id] = today(); else delete marks[id];
      write(marks);
    },
    all: read,
    onChange: function (fn) { listeners.push(fn); },
    mock: readMock,
    // One graded question: its grade, its new review schedule, and the "practised" mark it has earned.
    record: function (id, grade, card) {
      var m = readMock(), marks = read();
      m.graded[id] = (m.graded[id] || []).concat([grade]).slice(-MAX_GRADES);
      if (card) m.cards[id] = card;
      if (!own(marks, id)) { marks[id] = today(); storeMarks(marks); }
      storeMock(m);
      notify();
    },
    due: due,
    nextDue: nextDue,
    formatDate: formatDate
  };
  window.atlasProgress = api;
  // Another tab changed the marks or grades: show them here too.
  window.addEventListener("storage", function (e) { if (e.key === KEY || e.key === MOCK) notify(); });

  function fill(template, done, total) {
    return template.replace("{done}", done).replace("{total}", total);
  }
  var lang = document.documentElement.getAttribute("lang") || "en";

  // A topic's question list and a company's questions: a ✓ beside each question practised. Each item's link names
  // its question (the last part of the question page's address).
  var listed = Array.prototype.slice.call(document.querySelectorAll(".atlas-qlist > li"));
  function listedId(li) {
    var link = li.querySelector("a");
    return link ? (link.getAttribute("href") || "").split("#")[0].replace(/\/?(index\.html)?$/, "").split("/").pop() : "";
  }
  // The toggle under a question on its page, and the meter over a topic's list of questions.
  var counted = listed.filter(function (li) { return li.parentNode.id === "topic-questions"; }).map(listedId);
  var toggles = Array.prototype.slice.call(document.querySelectorAll(".atlas-practised__toggle"));
  var meter = document.querySelector(".atlas-progress");
  function paintToggles() {
    var marks = read();
    toggles.forEach(function (b) { b.setAttribute("aria-pressed", String(own(marks, b.getAttribute("data-question")))); });
    if (meter) {
      var done = counted.filter(function (id) { return own(marks, id); }).length;
      meter.querySelector("progress").value = done;
      meter.querySelector(".atlas-progress__text").textContent = fill(meter.getAttribute("data-template"), done, counted.length);
    }
  }
  function paintList() {
    var marks = read();
    listed.forEach(function (li) {
      var id = listedId(li), mark = li.querySelector(".atlas-qlist__done");
      var on = !!id && own(marks, id);
      if (mark) mark.hidden = !on;
      li.classList.toggle("atlas-qlist__item--done", on);
    });
  }
  toggles.forEach(function (b) {
    b.parentNode.hidden = false;
    b.addEventListener("click", function () {
      api.set(b.getAttribute("data-question"), b.getAttribute("aria-pressed") !== "true");
    });
  });
  if (meter && counted.length) meter.hidden = false;

  // Counts per topic in the topics table.
  var map = document.getElementById("atlas-topic-progress");
  var cells = [];
  if (map) {
    var topics = JSON.parse(map.getAttribute("data-topics"));
    Object.keys(topics).forEach(function (topic) {
      document.querySelectorAll(".md-typeset table a").forEach(function (a) {
        var href = a.getAttribute("href") || "";
        if (href.replace(/\/?(index\.html)?$/, "").split("/").pop() !== topic) return;
        var note = document.createElement("span");
        note.className = "atlas-progress__note";
        note.setAttribute("data-topic", topic);
        a.parentNode.appendChild(note);
        cells.push({ node: note, ids: topics[topic] });
      });
    });
  }
  function paintTopics() {
    var marks = read();
    cells.forEach(function (c) {
      var done = c.ids.filter(function (id) { return own(marks, id); }).length;
      c.node.textContent = fill(map.getAttribute("data-template"), done, c.ids.length);
    });
  }

  // "Due for review today: 3" (home page, explorer, mock interview, what is weak); the next date when none is.
  var dueNotes = Array.prototype.slice.call(document.querySelectorAll(".atlas-due"));
  function paintDue() {
    var now = new Date(), ids = due(now), next = ids.length ? null : nextDue(now);
    dueNotes.forEach(function (p) {
      var text = p.querySelector(".atlas-due__text"), start = p.querySelector(".atlas-due__start");
      if (ids.length) text.textContent = p.getAttribute("data-template").replace("{n}", ids.length);
      else if (next) text.textContent = (p.getAttribute("data-none") || "").replace("{date}", formatDate(next, lang));
      if (start) start.hidden = !ids.length;
      p.setAttribute("data-due", String(ids.length));
      p.hidden = !ids.length && !next;
    });
  }
  // Where the site cannot keep anything, pages that would keep grades say so.
  if (!storage) document.querySelectorAll("[data-storage-notice]").forEach(function (n) { n.hidden = false; });

  // Links that take the page's filters along (the explorer's "Mock interview with these questions").
  document.querySelectorAll("a[data-with-filters]").forEach(function (a) {
    var base = a.getAttribute("href").split("?")[0];
    function carry() { a.setAttribute("href", base + location.search); }
    a.addEventListener("click", carry);
    a.addEventListener("focus", carry);
    a.addEventListener("mouseenter", carry);
  });

  // Save, load and clear: one file with the marks, the grades and the review schedule.
  var panel = document.querySelector(".atlas-progress-panel");
  if (panel) {
    var status = panel.querySelector(".atlas-progress-panel__status");
    var input = panel.querySelector("input[type=file]");
    panel.hidden = false;
    panel.querySelector('[data-progress="export"]').addEventListener("click", function () {
      var m = readMock();
      var file = { format: FORMAT, version: VERSION, exported: new Date().toISOString(), practised: read(),
                   graded: m.graded, cards: m.cards };
      var blob = new Blob([JSON.stringify(file, null, 1)], { type: "application/json" });
      var link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = "atlas-progress.json";
      document.body.appendChild(link);
      link.click();
      setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 0);
    });
    panel.querySelector('[data-progress="import"]').addEventListener("click", function () { input.click(); });
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (!file) return;
      file.text().then(function (text) {
        var data = JSON.parse(text);
        // Version 1 (marks only) and 2 (marks, grades, schedule); a newer file is refused, not half-read.
        if (!isObject(data) || data.format !== FORMAT || !isObject(data.practised)) throw new Error("format");
        if (data.version !== undefined && !(data.version >= 1 && data.version <= VERSION)) throw new Error("version");
        var marks = read();  // loading adds to the marks already here
        Object.keys(data.practised).forEach(function (id) {
          if (ID.test(id)) marks[id] = String(data.practised[id]).slice(0, 10);
        });
        storeMarks(marks);
        storeMock(merge(readMock(), cleanMock(data)));
        notify();
        status.textContent = "";
      }).catch(function () { status.textContent = panel.getAttribute("data-failed"); });
      input.value = "";
    });
    panel.querySelector('[data-progress="clear"]').addEventListener("click", function () {
      if (!window.confirm(panel.getAttribute("data-confirm"))) return;
      storeMarks({});
      storeMock({ graded: {}, cards: {} });
      notify();
    });
  }

  api.onChange(paintToggles);
  api.onChange(paintTopics);
  api.onChange(paintList);
  api.onChange(paintDue);
  paintToggles();
  paintTopics();
  paintList();
  paintDue();
})();
