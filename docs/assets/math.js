// Load KaTeX only on pages that have math, and render it in place (self-hosted, no third-party requests).
(function () {
  var base = document.currentScript.src.replace(/math\.js(\?.*)?$/, "vendor/katex/");
  function render() {
    var nodes = document.querySelectorAll(".arithmatex");
    if (!nodes.length) return;
    function go() {
      nodes.forEach(function (el) {
        var tex = el.textContent.trim();
        var display = tex.startsWith("\\[");
        tex = tex.replace(/^\\[\[(]|\\[\])]$/g, "");
        try { katex.render(tex, el, { displayMode: display, throwOnError: false }); } catch (e) { /* keep the TeX */ }
      });
    }
    load(go);
  }
  function load(done) {
    if (window.katex) return done();
    var css = document.createElement("link");
    css.rel = "stylesheet"; css.href = base + "katex.min.css";
    document.head.appendChild(css);
    var js = document.createElement("script");
    js.src = base + "katex.min.js"; js.onload = done;
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
