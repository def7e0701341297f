// The atlas's only site-wide script: KaTeX, loaded only on pages that have math (self-hosted, no
// third-party requests), and written answers opened for printing.
(function () {
  var base = document.currentScript.src.replace(/atlas\.js(\?.*)?$/, "vendor/katex/");
  // A printed topic is a study sheet: every answer expanded, then closed again as the reader left them.
  var opened = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details:not([open])").forEach(function (d) { d.open = true; opened.push(d); });
    if (window.katex) pending().forEach(typeset);
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (d) { d.open = false; });
    opened = [];
  });
  // Math is typeset when it scrolls into view (or when its answer is opened), not all at load:
  // a topic page holds hundreds of formulas, most of them in closed answers.
  function pending() {
    return Array.prototype.slice.call(document.querySelectorAll(".arithmatex:not([data-typeset])"));
  }
  function typeset(el) {
    if (el.hasAttribute("data-typeset")) return;
    el.setAttribute("data-typeset", "");
    var tex = el.textContent.trim();
    var display = tex.startsWith("\\[");
    tex = tex.replace(/^\\[\[(]|\\[\])]$/g, "");
    try { katex.render(tex, el, { displayMode: display, throwOnError: false }); } catch (e) { /* keep the TeX */ }
    // A formula wider than a phone scrolls sideways: keyboard users must be able to reach it.
    if (display && el.scrollWidth > el.clientWidth) el.setAttribute("tabindex", "0");
  }
  function render() {
    var nodes = document.querySelectorAll(".arithmatex");
    if (!nodes.length) return;
    if (!("IntersectionObserver" in window)) return load(function () { nodes.forEach(typeset); });
    // KaTeX itself is fetched only when the first formula comes near the screen.
    var waiting = [];
    var io = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) {
        if (!e.isIntersecting) return;
        io.unobserve(e.target);
        if (window.katex) return typeset(e.target);
        waiting.push(e.target);
        load(function () { waiting.splice(0).forEach(typeset); });
      });
    }, { rootMargin: "600px 0px" });
    nodes.forEach(function (el) { io.observe(el); });
  }
  var callbacks = null;
  function load(done) {
    if (window.katex) return done();
    if (callbacks) return callbacks.push(done);
    callbacks = [done];
    var css = document.createElement("link");
    css.rel = "stylesheet"; css.href = base + "katex.min.css";
    document.head.appendChild(css);
    var js = document.createElement("script");
    js.src = base + "katex.min.js";
    js.onload = function () { callbacks.splice(0).forEach(function (fn) { fn(); }); };
    document.head.appendChild(js);
  }
  // The explorer renders $...$ in text it inserts (via textContent) with KaTeX's auto-render.
  window.atlasMath = function (node) {
    var run = function () {
      if (window.renderMathInElement) {
        renderMathInElement(node, { delimiters: [{ left: "$$", right: "$$", display: true }, { left: "$", right: "$", display: false }], throwOnError: false });
      }
    };
    if (window.renderMathInElement) return run();
    load(function () {
      var auto = document.createElement("script");
      auto.src = base + "auto-render.min.js"; auto.onload = run;
      document.head.appendChild(auto);
    });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render); else render();
})();
