// "What is weak": the reader's own grades (progress.js: mock interviews and reviews, in this browser) per topic and
// per company, the rubric points most often missed in one topic (its explorer/details/<topic>.json, fetched when
// the topic is picked: one topic's details at a time), and the questions to practise next. Built with textContent
// and fragments.js's allowlist copy of the build's HTML; never HTML from a string.
(function () {
  "use strict";
  var root = document.getElementById("atlas-weak");
  var kit = window.atlasFragments, progress = window.atlasProgress;
  if (!root || !kit || !progress) return;
  var el = kit.el, built = kit.built, fill = kit.fill, link = kit.questionLink, table = kit.table;
  var data = JSON.parse(document.getElementById("weak-data").textContent);
  var L = data.labels, lang = data.lang;
  var mockUrl = root.getAttribute("data-mock");
  var list = null;
  var NEXT = 8;

  function pct(share) { return kit.percent(share, lang); }
  function mean(xs) { return xs.reduce(function (a, b) { return a + b; }, 0) / xs.length; }

  // The numbers: the latest grade of each question counts for its score; every grade counts for missed points.
  function coverage() {
    var m = progress.mock(), due = {}, latest = {};
    progress.due(new Date()).forEach(function (id, i) { due[id] = i + 1; });
    Object.keys(m.graded).forEach(function (id) { var g = m.graded[id]; if (g.length) latest[id] = g[g.length - 1]; });
    function group(key) {
      var out = {};
      list.questions.forEach(function (q) {
        (Array.isArray(q[key]) ? q[key] : [q[key]]).forEach(function (k) {
          var g = out[k] = out[k] || { key: k, total: 0, scores: [], due: 0 };
          g.total++;
          if (latest[q.id]) g.scores.push(latest[q.id].score);
          if (due[q.id]) g.due++;
        });
      });
      return Object.keys(out).map(function (k) {
        var g = out[k];
        g.average = g.scores.length ? mean(g.scores) : null;
        return g;
      }).sort(function (a, b) {  // the weakest first; groups with nothing graded after those with something
        if ((a.average === null) !== (b.average === null)) return a.average === null ? 1 : -1;
        return (a.average || 0) - (b.average || 0) || b.total - a.total;
      });
    }
    return { graded: m.graded, latest: latest, due: due, topics: group("topic"), companies: group("company") };
  }

  function practise(param, key, name) {
    return el("a", { href: mockUrl + "?" + param + "=" + encodeURIComponent(key), "aria-label": fill(L.weak_practise_topic, { name: name }),
                     text: L.weak_practise });
  }

  function paint() {
    var c = coverage(), any = Object.keys(c.latest).length > 0;
    document.getElementById("weak-empty").hidden = any;
    ["weak-topics", "weak-companies", "weak-missed", "weak-next"].forEach(function (id) { document.getElementById(id).hidden = !any; });
    if (!any) return;
    var facets = list.facets;
    var topicBox = document.querySelector("#weak-topics .atlas-weak__table");
    topicBox.textContent = "";
    topicBox.appendChild(table("weak-topic-table", [L.topic, L.weak_seen, L.weak_average, L.weak_due, ""], c.topics.map(function (g) {
      return { key: g.key, cells: [el("a", { href: "../topics/" + encodeURIComponent(g.key) + "/", text: facets.topic[g.key] }),
        fill(L.weak_of, { done: g.scores.length, total: g.total }), g.average === null ? "—" : pct(g.average), String(g.due),
        practise("topic", g.key, facets.topic[g.key])] };
    })));
    var companies = c.companies.filter(function (g) { return g.scores.length; });
    document.getElementById("weak-companies").hidden = !companies.length;
    var companyBox = document.querySelector("#weak-companies .atlas-weak__table");
    companyBox.textContent = "";
    companyBox.appendChild(table("weak-company-table", [L.company, L.weak_seen, L.weak_average, ""], companies.map(function (g) {
      return { key: g.key, cells: [facets.company[g.key], fill(L.weak_of, { done: g.scores.length, total: g.total }), pct(g.average),
        practise("company", g.key, facets.company[g.key])] };
    })));

    // The topic picker for missed points: topics with grades, the weakest first (and chosen).
    var select = document.getElementById("weak-topic"), keep = select.value;
    select.textContent = "";
    c.topics.filter(function (g) { return g.scores.length; }).forEach(function (g) {
      select.appendChild(el("option", { value: g.key, text: facets.topic[g.key] }));
    });
    if (keep && select.querySelector('option[value="' + CSS.escape(keep) + '"]')) select.value = keep;
    missed(c);

    // Next to practise: due first, then the lowest latest scores, then questions not graded yet in the weakest topics.
    var byId = {}, chosen = [], reasons = {};
    list.questions.forEach(function (q) { byId[q.id] = q; });
    function add(id, why) { if (byId[id] && !reasons[id] && chosen.length < NEXT) { chosen.push(id); reasons[id] = why; } }
    Object.keys(c.due).sort(function (a, b) { return c.due[a] - c.due[b]; }).forEach(function (id) { add(id, L.weak_reason_due); });
    Object.keys(c.latest).filter(function (id) { return c.latest[id].score < 0.75; })
      .sort(function (a, b) { return c.latest[a].score - c.latest[b].score; })
      .forEach(function (id) { add(id, fill(L.weak_reason_low, { score: pct(c.latest[id].score) })); });
    c.topics.forEach(function (g) {
      list.questions.forEach(function (q) { if (q.topic === g.key && !c.graded[q.id]) add(q.id, L.weak_reason_new); });
    });
    var next = document.getElementById("weak-next-list");
    next.textContent = "";
    chosen.forEach(function (id) {
      next.appendChild(el("li", { "data-id": id }, [link(byId[id]), el("span", { className: "atlas-ex__meta",
        text: facets.topic[byId[id].topic] + " · " + reasons[id] })]));
    });
    document.getElementById("weak-practise").setAttribute("href", mockUrl + "?ids=" + chosen.join(","));
    kit.typeset(root);
  }

  // The rubric points most often missed (or only partly covered) in the chosen topic, over every grade.
  var held = { topic: null, promise: null };
  function missed(c) {
    var topic = document.getElementById("weak-topic").value, out = document.getElementById("weak-missed-list");
    if (!topic) { out.textContent = ""; return; }
    if (held.topic !== topic) {
      held = { topic: topic, promise: fetch(root.getAttribute("data-details") + encodeURIComponent(topic) + ".json")
        .then(function (r) { return r.json(); }) };
    }
    held.promise.then(function (details) {
      if (document.getElementById("weak-topic").value !== topic) return;
      var counts = [];
      list.questions.forEach(function (q) {
        if (q.topic !== topic || !c.graded[q.id] || !details[q.id]) return;
        var rubric = details[q.id].rubric, per = rubric.map(function () { return [0, 0]; });
        c.graded[q.id].forEach(function (g) {
          g.marks.forEach(function (m, i) { if (i < rubric.length && m < 2) per[i][m]++; });
        });
        per.forEach(function (n, i) { if (n[0] + n[1]) counts.push({ q: q, html: rubric[i], point: i, missed: n[0], partly: n[1] }); });
      });
      counts.sort(function (a, b) { return (2 * b.missed + b.partly) - (2 * a.missed + a.partly); });
      out.textContent = "";
      if (!counts.length) out.appendChild(el("li", { className: "atlas-weak__none", text: L.weak_no_missed }));
      counts.slice(0, 10).forEach(function (x) {
        var li = el("li", { "data-id": x.q.id, "data-point": String(x.point) });
        li.appendChild(built(x.html));
        li.appendChild(el("span", { className: "atlas-ex__meta" }, [fill(L.weak_missed_count, { missed: x.missed, partly: x.partly }) + " · ", link(x.q)]));
        out.appendChild(li);
      });
      kit.typeset(out);
      root.setAttribute("data-missed-topic", topic);
    });
  }

  document.getElementById("weak-topic").addEventListener("change", function () { missed(coverage()); });
  fetch(root.getAttribute("data-src")).then(function (r) { return r.json(); }).then(function (json) {
    list = json;
    paint();
    progress.onChange(paint);
    root.setAttribute("data-ready", "true");
  });
})();
