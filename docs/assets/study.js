// Study mode on topic pages: what each question tests and its rubric folded (the build renders them as open
// <details class="atlas-fold">), so the reader answers first; remembered in this browser's localStorage (every
// language). "Expand all" opens every fold and written answer for reading, "Collapse all" folds them again.
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
