// Study mode on question pages: what the question tests and its rubric folded (the build renders them as an open
// <details class="atlas-fold">), so the reader answers first; remembered in this browser's localStorage (every
// language and every question). "Expand all" opens the fold and the written answer, "Collapse all" folds them again.
// The markup comes from the page (hidden until this script runs); the script only toggles attributes.
(function () {
  "use strict";
  var KEY = "atlas:study";
  var bar = document.querySelector(".atlas-study-bar");
  if (!bar) return;
  var mode = bar.querySelector(".atlas-study__mode");
  var expand = bar.querySelector(".atlas-study__expand");
  var folds = Array.prototype.slice.call(document.querySelectorAll("details.atlas-fold"));
  var answers = Array.prototype.slice.call(document.querySelectorAll("article details.answer"));

  function studying() {
    try { return localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }
  function remember(on) {
    try { if (on) localStorage.setItem(KEY, "on"); else localStorage.removeItem(KEY); } catch (e) { /* private mode */ }
  }
  function setOpen(list, open) { list.forEach(function (d) { d.open = open; }); }
  function paint() {
    var on = studying();
    mode.setAttribute("aria-pressed", String(on));
    document.documentElement.classList.toggle("atlas-studying", on);
    var all = folds.concat(answers).every(function (d) { return d.open; });
    expand.setAttribute("aria-expanded", String(all));
  }
  function apply() {
    setOpen(folds, !studying());
    if (studying()) setOpen(answers, false);
    paint();
  }

  mode.addEventListener("click", function () {
    remember(!studying());
    apply();
  });
  expand.addEventListener("click", function () {
    var open = expand.getAttribute("aria-expanded") !== "true";
    setOpen(answers, open);
    setOpen(folds, open || !studying());
    paint();
  });
  folds.concat(answers).forEach(function (d) { d.addEventListener("toggle", paint); });
  // Another tab switched study mode: follow it.
  window.addEventListener("storage", function (e) { if (e.key === KEY) apply(); });

  bar.hidden = false;
  apply();
})();
// English beside Russian and Hindi: on a translated question's page the question gets an "EN" toggle that shows, in
// place, the question, what it tests and the rubric in English (the English explorer's details for its topic: the
// English page's own HTML), so a reader who studies in their language learns the words to say in an English interview.
(function () {
  "use strict";
  var source = document.getElementById("atlas-english");
  if (!source || !window.atlasBuilt) return;
  var url = new URL(source.getAttribute("data-src"), location.href), english = null;
  function load() {
    english = english || fetch(url).then(function (r) { return r.json(); });
    return english;
  }
  function studying() {
    try { return localStorage.getItem("atlas:study") === "on"; } catch (e) { return false; }
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }
  function show(button, q) {
    var box = el("div", "atlas-en");
    box.setAttribute("lang", "en");
    box.id = button.atlasBox;
    var title = el("p", "atlas-en__text");
    title.appendChild(window.atlasBuilt(q.text, false, url));
    box.appendChild(title);
    var fold = el("details", "atlas-fold atlas-en__fold");
    fold.open = !studying();
    fold.appendChild(el("summary", "", source.getAttribute("data-summary")));
    var tests = window.atlasBuilt(q.tests, false, url), first = tests.firstChild;
    if (first && first.nodeName === "P") {
      first.insertBefore(document.createTextNode(" "), first.firstChild);
      first.insertBefore(el("strong", "", source.getAttribute("data-tests") + ":"), first.firstChild);
    }
    fold.appendChild(tests);
    var label = el("p");
    label.appendChild(el("strong", "", source.getAttribute("data-rubric") + ":"));
    fold.appendChild(label);
    var list = el("ul");
    q.rubric.forEach(function (point) { var li = el("li"); li.appendChild(window.atlasBuilt(point, false, url)); list.appendChild(li); });
    fold.appendChild(list);
    box.appendChild(fold);
    button.parentNode.parentNode.insertBefore(box, button.parentNode.nextSibling);
    button.setAttribute("aria-controls", box.id);  // once the box exists: it names an element on the page
    if (window.atlasTypeset) window.atlasTypeset(box);
  }
  // The page carries the toggle (hidden, its place kept: atlas.css), so showing it moves nothing on the page.
  var heading = document.querySelector("article .atlas-q[id]"), button = document.querySelector("article .atlas-en__toggle");
  if (!heading || !button) return;
  button.atlasBox = heading.id + "--en";
  button.parentNode.hidden = false;
  button.addEventListener("click", function () {
    var on = button.getAttribute("aria-pressed") !== "true", box = document.getElementById(heading.id + "--en");
    button.setAttribute("aria-pressed", String(on));
    if (box) { box.hidden = !on; return; }
    if (on) load().then(function (all) { if (all[heading.id]) show(button, all[heading.id]); });
  });
})();
