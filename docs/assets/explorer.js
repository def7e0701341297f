// The question explorer: filters, counts, URL state and practice mode over explorer/questions.json.
// Record text is assigned with textContent, or (the practice card, questions with math or code) taken from the
// HTML the build rendered and sanitised for it (explorer/details/<topic>.json), copied node by node through the
// allowlist of atlas.js (`window.atlasBuilt`): no record can add markup, attributes or script to the page.
(function () {
  "use strict";
  var form = document.getElementById("atlas-explorer");
  if (!form) return;
  var count = document.getElementById("ex-count");
  var list = document.getElementById("ex-results");
  var card = document.getElementById("ex-card");
  var FACETS = ["topic", "track", "type", "difficulty", "company", "evidence"];
  var data = null;
  var current = [];
  var wanted = new URLSearchParams(location.search).get("practice");  // read before the filters rewrite the URL
  // ?search=: the search dialog's query, its every matching question (found by the site's search worker).
  var searchQuery = (new URLSearchParams(location.search).get("search") || "").trim(), searchIds = null;

  function el(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (k) {
      if (k === "text") node.textContent = props[k];
      else if (k === "className") node.className = props[k];
      else node.setAttribute(k, props[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }

  // The build's HTML for a record, copied in through atlas.js's allowlist (window.atlasBuilt).
  function built(html, noLinks) { return window.atlasBuilt(html, noLinks); }

  function fold(text) {
    // Case-, accent- and nukta-insensitive matching for Latin, Cyrillic and Devanagari.
    return text.normalize("NFKD").replace(/[\u0300-\u036f\u093c]/g, "").replace(/\u0901/g, "\u0902")
      .replace(/ё/g, "е").toLowerCase();
  }

  // "text", not "q": Material opens its own search dialog for ?q= in the address.
  function state() {
    var s = { text: form.elements.text.value.trim(), answer: form.elements.answer.checked };
    FACETS.forEach(function (f) { if (form.elements[f]) s[f] = form.elements[f].value; });
    if (form.elements.practised) s.practised = form.elements.practised.value;
    if (searchQuery) s.search = searchQuery;
    return s;
  }

  // "Practised" marks live in progress.js (localStorage, shared by every language), which runs after this script
  // may have drawn the first results: bound once the page is parsed (bindProgress).
  var progress = { has: function () { return false; }, set: function () {}, onChange: function () {} };
  function practisedIs(q, want) { return progress.has(q.id) === (want === "yes"); }

  function matches(q, s, skip) {
    for (var i = 0; i < FACETS.length; i++) {
      var f = FACETS[i];
      if (f === skip || !s[f]) continue;
      var v = q[f];
      if (Array.isArray(v) ? v.indexOf(s[f]) < 0 : v !== s[f]) return false;
    }
    if (s.answer && !q.answer) return false;
    if (s.search && searchIds && !searchIds.has(q.id)) return false;
    if (skip !== "practised" && s.practised && !practisedIs(q, s.practised)) return false;
    if (s.text) {
      var hay = q._fold || (q._fold = fold([q.id, q.text, data.facets.topic[q.topic]].join(" ")));
      var words = fold(s.text).split(/\s+/);
      for (var j = 0; j < words.length; j++) if (hay.indexOf(words[j]) < 0) return false;
    }
    return true;
  }

  function updateCounts(s) {
    FACETS.forEach(function (f) {
      var select = form.elements[f];
      if (!select) return;
      Array.prototype.forEach.call(select.options, function (opt) {
        if (!opt.value) return;
        var n = data.questions.filter(function (q) {
          var v = q[f];
          return (Array.isArray(v) ? v.indexOf(opt.value) >= 0 : v === opt.value) && matches(q, s, f);
        }).length;
        opt.textContent = data.facets[f][opt.value] + " (" + n + ")";
      });
    });
    var select = form.elements.practised;
    if (!select) return;
    Array.prototype.forEach.call(select.options, function (opt) {
      if (!opt.value) return;
      if (!opt.hasAttribute("data-label")) opt.setAttribute("data-label", opt.textContent);
      var n = data.questions.filter(function (q) { return practisedIs(q, opt.value) && matches(q, s, "practised"); }).length;
      opt.textContent = opt.getAttribute("data-label") + " (" + n + ")";
    });
  }

  // The filters behind one toggle: folded on a phone (atlas.css) until the reader opens them, open on a laptop until
  // they close them; the active ones stay in sight as chips, each a button that clears its filter.
  var toggle = document.getElementById("ex-filters-toggle"), panel = document.getElementById("ex-filters");
  var chips = document.getElementById("ex-chips"), activeCount = document.getElementById("ex-active");
  function filtersShown() { return getComputedStyle(panel).display !== "none"; }
  function syncToggle() { toggle.setAttribute("aria-expanded", String(filtersShown())); }
  toggle.addEventListener("click", function () {
    form.setAttribute("data-filters", filtersShown() ? "closed" : "open");
    syncToggle();
  });
  window.addEventListener("resize", syncToggle);  // a phone turned sideways may cross the width that folds them
  window.addEventListener("load", syncToggle);  // this script may run before the stylesheet that folds them
  syncToggle();

  function labelOf(field) {
    var label = form.querySelector('label[for="' + field.id + '"]');
    return label ? label.textContent.trim() : field.name;
  }
  function summary(s) {
    var on = [];
    FACETS.concat(["practised"]).forEach(function (f) {
      var select = form.elements[f];
      if (!select || !s[f] || !select.selectedOptions.length) return;
      var option = select.selectedOptions[0];
      var value = f === "practised" ? (option.getAttribute("data-label") || option.textContent) : data.facets[f][s[f]];
      on.push({ field: f, text: labelOf(select) + ": " + value });
    });
    if (s.answer) on.push({ field: "answer", text: "✍ " + data.labels.has_answer });
    activeCount.textContent = on.length ? " (" + data.labels.filters_active.replace("{n}", on.length) + ")" : "";
    var focused = document.activeElement && chips.contains(document.activeElement)
      ? Array.prototype.indexOf.call(chips.querySelectorAll("button"), document.activeElement) : -1;
    chips.textContent = "";
    on.forEach(function (f) {
      var remove = el("button", { type: "button", className: "atlas-ex__chip", "data-clear": f.field,
        "aria-label": data.labels.filter_remove.replace("{filter}", f.text) }, [
        document.createTextNode(f.text + " "), el("span", { "aria-hidden": "true", text: "×" })]);
      chips.appendChild(el("li", {}, [remove]));
    });
    chips.hidden = !on.length;
    document.getElementById("ex-reset").hidden = !(on.length || s.text || s.search);
    if (focused >= 0) {  // the chip just removed: focus moves to the next one, or back to the toggle
      var left = chips.querySelectorAll("button");
      (left[Math.min(focused, left.length - 1)] || toggle).focus();
    }
  }
  chips.addEventListener("click", function (e) {
    var chip = e.target.closest && e.target.closest("[data-clear]");
    if (!chip) return;
    var field = form.elements[chip.getAttribute("data-clear")];
    if (field.type === "checkbox") field.checked = false; else field.value = "";
    render();
  });

  // The list shows the first 50 matches and a button for the next 100: all 347 rows at once took one frame of
  // about 900 ms on a phone-speed CPU (style and layout of every row), on every keystroke in the text box.
  var FIRST = 50, NEXT = 100, listed = 0;
  var more = document.getElementById("ex-more");
  function row(q) {
    var meta = [data.facets.type[q.type], data.facets.difficulty[q.difficulty]].concat(q.track.map(function (t) { return data.facets.track[t]; }));
    if (q.company.length) meta.push(data.labels.asked_at + ": " + q.company.map(function (c) { return data.facets.company[c]; }).join(", "));
    var link = el("a", { href: q.url, text: q.html ? "" : q.text });
    if (q.html) link.appendChild(built(q.html, true));
    return el("li", { "data-id": q.id }, [
      link,
      el("span", { className: "atlas-ex__meta" }, [
        el("a", { href: "../topics/" + encodeURIComponent(q.topic) + "/", text: data.facets.topic[q.topic] }),
        document.createTextNode(" · " + meta.join(" · ") + (q.answer ? " · ✍" : ""))
      ])
    ]);
  }
  // Lists matches up to `upto`; returns the first row added.
  function draw(upto) {
    var frag = document.createDocumentFragment(), first = null;
    current.slice(listed, upto).forEach(function (q) { var li = row(q); first = first || li; frag.appendChild(li); });
    list.appendChild(frag);
    listed = Math.min(upto, current.length);
    typeset(list);
    var left = current.length - listed;
    more.hidden = left <= 0;
    if (left > 0) more.textContent = data.labels.list_more.replace("{n}", Math.min(NEXT, left)).replace("{left}", left);
    return first;
  }
  more.addEventListener("click", function () {
    var first = draw(listed + NEXT);
    var link = first && first.querySelector("a");
    if (link) link.focus();  // the keyboard goes on from the first row just added
  });

  function render() {
    var s = state();
    current = data.questions.filter(function (q) { return matches(q, s); });
    count.textContent = data.labels.shown.replace("{shown}", current.length).replace("{total}", data.questions.length);
    list.textContent = "";
    listed = 0;
    draw(FIRST);
    if (!current.length) list.appendChild(el("li", { className: "atlas-ex__empty", text: data.labels.no_results }));
    updateCounts(s);
    summary(s);
    var params = new URLSearchParams();
    Object.keys(s).forEach(function (k) { if (s[k]) params.set(k, s[k] === true ? "1" : s[k]); });
    var query = params.toString();
    history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
  }

  function typeset(node) {
    if (window.atlasTypeset) window.atlasTypeset(node);
  }

  // A button that shows its panel and then offers to hide it again.
  function reveal(label, hide, build) {
    var button = el("button", { type: "button", className: "md-button", "aria-expanded": "false", text: label });
    var panel = build();
    panel.hidden = true;
    button.addEventListener("click", function () {
      panel.hidden = !panel.hidden;
      button.setAttribute("aria-expanded", String(!panel.hidden));
      button.textContent = panel.hidden ? label : hide;
      if (!panel.hidden) typeset(panel);
    });
    return [button, panel];
  }

  var details = {};  // topic -> promise of explorer/details/<topic>.json
  function detailsOf(q) {
    if (!details[q.topic]) {
      details[q.topic] = fetch("details/" + encodeURIComponent(q.topic) + ".json").then(function (r) { return r.json(); });
    }
    return details[q.topic].then(function (all) { return all[q.id]; });
  }

  function practice() {
    if (!current.length) return;
    var q = current[Math.floor(Math.random() * current.length)];
    detailsOf(q).then(function (d) { showCard(q, d); });
  }

  function showCard(q, d) {
    var L = data.labels;
    card.textContent = "";
    var title = el("h2", { id: "ex-card-title", tabindex: "-1" });
    title.appendChild(built(d.text));
    card.appendChild(title);
    card.appendChild(el("p", { className: "atlas-ex__meta", text: data.facets.topic[q.topic] + " · " + data.facets.type[q.type] }));
    var rubric = reveal(L.show_rubric, L.hide_rubric, function () {
      var tests = el("div", { className: "atlas-ex__tests" }, [el("strong", { text: L.tests + ":" })]);
      tests.appendChild(built(d.tests));
      // "What it tests: …" reads as one paragraph, as on the topic page.
      var first = tests.querySelector("p");
      if (first) { first.insertBefore(document.createTextNode(" "), first.firstChild); first.insertBefore(tests.firstChild, first.firstChild); }
      return el("div", { className: "atlas-ex__rubric" }, [tests, el("p", {}, [el("strong", { text: L.rubric + ":" })]),
        el("ul", { className: "atlas-ex__points" }, d.rubric.map(function (p) { var li = el("li"); li.appendChild(built(p)); return li; }))]);
    });
    card.appendChild(rubric[0]);
    if (d.answer) {
      var answer = reveal(L.show_answer, L.hide_answer, function () {
        var box = el("div", { className: "atlas-ex__answer" });
        box.appendChild(built(d.answer));
        // Tables scroll inside their box, as Material wraps them on the topic page.
        box.querySelectorAll("table").forEach(function (t) {
          var wrap = el("div", { className: "md-typeset__scrollwrap" }, [el("div", { className: "md-typeset__table" })]);
          t.parentNode.insertBefore(wrap, t);
          wrap.firstChild.appendChild(t);
        });
        return box;
      });
      card.appendChild(answer[0]);
      card.appendChild(rubric[1]);
      card.appendChild(answer[1]);
    } else {
      card.appendChild(rubric[1]);
    }
    var done = el("button", { type: "button", id: "ex-card-practised", className: "atlas-practised__toggle",
      "aria-pressed": String(progress.has(q.id)), text: L.practised });
    done.addEventListener("click", function () { progress.set(q.id, done.getAttribute("aria-pressed") !== "true"); });
    card.appendChild(el("p", { className: "atlas-practised" }, [done]));
    var next = el("button", { type: "button", id: "ex-next", className: "md-button md-button--primary", text: L.next_question });
    next.addEventListener("click", practice);
    card.appendChild(el("p", {}, [next, document.createTextNode(" "), el("a", { href: q.url, text: L.open_question })]));
    card.hidden = false;
    card.setAttribute("data-id", q.id);
    typeset(title);
    title.focus();
  }

  // Open the card of one question (the explorer's ?practice=<id>, and scripts that drive practice).
  function practiseOne(id) {
    var q = data && data.questions.filter(function (x) { return x.id === id; })[0];
    if (!q) return Promise.resolve(false);
    return detailsOf(q).then(function (d) { showCard(q, d); return true; });
  }

  // The search as a filter of its own, shown above the count with a way to clear it.
  function searchLine() {
    var line = document.getElementById("ex-search");
    if (!searchQuery) { if (line) line.remove(); return; }
    if (!line) {
      line = el("p", { id: "ex-search", className: "atlas-ex__search" });
      count.parentNode.insertBefore(line, count);
    }
    line.textContent = "";
    line.appendChild(el("span", { text: data.labels.search_filter.replace("{query}", "«" + searchQuery + "»")
      + (searchIds ? " (" + searchIds.size + ")" : " — " + data.labels.searching) }));
    var clear = el("button", { type: "button", className: "md-button", text: data.labels.search_clear });
    clear.addEventListener("click", function () { searchQuery = ""; searchIds = null; searchLine(); render(); });
    line.appendChild(document.createTextNode(" "));
    line.appendChild(clear);
  }

  function restore() {
    var params = new URLSearchParams(location.search);
    form.elements.text.value = params.get("text") || "";
    form.elements.answer.checked = params.get("answer") === "1";
    if (form.elements.practised && /^(yes|no)$/.test(params.get("practised") || "")) form.elements.practised.value = params.get("practised");
    FACETS.forEach(function (f) {
      var select = form.elements[f];
      if (select && params.get(f) && select.querySelector('option[value="' + CSS.escape(params.get(f)) + '"]')) select.value = params.get(f);
    });
  }

  form.addEventListener("input", render);
  form.addEventListener("change", render);
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  form.addEventListener("reset", function () { searchQuery = ""; searchIds = null; setTimeout(function () { searchLine(); render(); }, 0); });
  document.getElementById("ex-practice").addEventListener("click", practice);
  function onProgress() {
    if (!data) return;
    render();
    var toggle = document.getElementById("ex-card-practised");
    if (toggle) toggle.setAttribute("aria-pressed", String(progress.has(card.getAttribute("data-id"))));
  }
  function bindProgress() {
    if (!window.atlasProgress || progress === window.atlasProgress) return;
    progress = window.atlasProgress;
    progress.onChange(onProgress);
    if (Object.keys(progress.all() || {}).length) onProgress();  // the first results were drawn without the marks
  }

  // The list is drawn as soon as the question list has arrived (it is preloaded, and this script is async), not
  // after the theme's scripts: on a phone the first results are on the first screen. Titles with math or code need
  // atlas.js's allowlist (window.atlasBuilt), which runs early; if it has not yet, the list waits for the page.
  var parsed = new Promise(function (resolve) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", resolve); else resolve();
  });
  var loaded = fetch(form.getAttribute("data-src")).then(function (r) { return r.json(); }).then(function (json) {
    return window.atlasBuilt ? json : parsed.then(function () { return json; });
  }).then(function (json) {
    data = json;
    restore();
    searchLine();
    render();
  });
  Promise.all([loaded, parsed]).then(function () {
    bindProgress();
    if (searchQuery && window.atlasSearchAll) {
      window.atlasSearchAll(searchQuery).then(function (ids) {
        searchIds = new Set(ids);
        searchLine();
        render();
        form.setAttribute("data-searched", "true");
      });
    }
    form.setAttribute("data-ready", "true");
    window.atlasPractise = practiseOne;
    if (wanted === "random") practice(); else if (wanted) practiseOne(wanted);
  });
})();
