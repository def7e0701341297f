// The reader's progress: "practised" marks kept in this browser's localStorage, keyed by question id
// (so the same in every language), never sent anywhere. The markup comes from the pages (hidden until
// this script runs); the script only toggles attributes and writes text with textContent.
(function () {
  "use strict";
  var KEY = "atlas:practised";
  var FORMAT = "ai-interview-atlas-progress";
  var listeners = [];

  function read() {
    try {
      var stored = JSON.parse(localStorage.getItem(KEY) || "{}");
      return stored && typeof stored.practised === "object" && stored.practised ? stored.practised : {};
    } catch (e) { return {}; }
  }
  function write(marks) {
    try { localStorage.setItem(KEY, JSON.stringify({ version: 1, practised: marks })); } catch (e) { /* private mode */ }
    listeners.forEach(function (fn) { fn(); });
  }
  var api = {
    has: function (id) { return Object.prototype.hasOwnProperty.call(read(), id); },
    set: function (id, on) {
      var marks = read();
      if (on) marks[id] = new Date().toISOString().slice(0, 10); else delete marks[id];
      write(marks);
    },
    all: read,
    onChange: function (fn) { listeners.push(fn); }
  };
  window.atlasProgress = api;
  // Another tab changed the marks: show them here too.
  window.addEventListener("storage", function (e) { if (e.key === KEY) listeners.forEach(function (fn) { fn(); }); });

  function fill(template, done, total) {
    return template.replace("{done}", done).replace("{total}", total);
  }

  // Toggles under each question, and the topic's meter.
  var toggles = Array.prototype.slice.call(document.querySelectorAll(".atlas-practised__toggle"));
  var meter = document.querySelector(".atlas-progress");
  function paintToggles() {
    var marks = read(), done = 0;
    toggles.forEach(function (b) {
      var on = Object.prototype.hasOwnProperty.call(marks, b.getAttribute("data-question"));
      b.setAttribute("aria-pressed", String(on));
      if (on) done++;
    });
    if (meter) {
      meter.querySelector("progress").value = done;
      meter.querySelector(".atlas-progress__text").textContent = fill(meter.getAttribute("data-template"), done, toggles.length);
    }
  }
  // A topic's question list and a company's questions: a ✓ beside each question practised.
  var listed = Array.prototype.slice.call(document.querySelectorAll(".atlas-qlist > li"));
  function paintList() {
    var marks = read();
    listed.forEach(function (li) {
      var link = li.querySelector("a"), mark = li.querySelector(".atlas-qlist__done");
      var on = !!link && Object.prototype.hasOwnProperty.call(marks, (link.getAttribute("href") || "").split("#")[1] || "");
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
  if (meter && toggles.length) meter.hidden = false;

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
      var done = c.ids.filter(function (id) { return Object.prototype.hasOwnProperty.call(marks, id); }).length;
      c.node.textContent = fill(map.getAttribute("data-template"), done, c.ids.length);
    });
  }

  // Save, load and clear.
  var panel = document.querySelector(".atlas-progress-panel");
  if (panel) {
    var status = panel.querySelector(".atlas-progress-panel__status");
    var input = panel.querySelector("input[type=file]");
    panel.hidden = false;
    panel.querySelector('[data-progress="export"]').addEventListener("click", function () {
      var blob = new Blob([JSON.stringify({ format: FORMAT, version: 1, exported: new Date().toISOString(), practised: read() }, null, 1)],
        { type: "application/json" });
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
        if (!data || data.format !== FORMAT || typeof data.practised !== "object") throw new Error("format");
        var marks = read();  // loading adds to the marks already here
        Object.keys(data.practised).forEach(function (id) {
          if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) marks[id] = String(data.practised[id]).slice(0, 10);
        });
        write(marks);
        status.textContent = "";
      }).catch(function () { status.textContent = panel.getAttribute("data-failed"); });
      input.value = "";
    });
    panel.querySelector('[data-progress="clear"]').addEventListener("click", function () {
      if (window.confirm(panel.getAttribute("data-confirm"))) write({});
    });
  }

  api.onChange(paintToggles);
  api.onChange(paintTopics);
  api.onChange(paintList);
  paintToggles();
  paintTopics();
  paintList();
})();
