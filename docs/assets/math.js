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
    if (window.katex) return go();
    var css = document.createElement("link");
    css.rel = "stylesheet"; css.href = base + "katex.min.css";
    document.head.appendChild(css);
    var js = document.createElement("script");
    js.src = base + "katex.min.js"; js.onload = go;
    document.head.appendChild(js);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render); else render();
})();
