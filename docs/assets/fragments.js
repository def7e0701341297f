// What the mock interview (mock.js) and "what is weak" (weak.js) share with the explorer's practice card: elements
// built with textContent, and the build's sanitised HTML for a record (explorer/details/<topic>.json, made by
// atlas/pages/fragments.py) copied node by node through atlas.js's allowlist: no record can add markup, attributes
// or script to the page.
(function () {
  "use strict";
  function el(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (k) {
      if (k === "text") node.textContent = props[k];
      else if (k === "className") node.className = props[k];
      else if (props[k] !== null && props[k] !== undefined && props[k] !== false) node.setAttribute(k, props[k] === true ? "" : props[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return node;
  }

  // The build's sanitised HTML for a record, copied through atlas.js's allowlist (window.atlasBuilt, on every page):
  // one allowlist for the explorer, the English beside a question, the mock interview and What is weak.
  // `noLinks`: the text of links only (for HTML that sits inside a link or a legend).
  function built(html, noLinks) { return window.atlasBuilt(html || "", noLinks); }

  // "{n} of {total}" filled from an object of values (labels carry their own word order).
  function fill(template, values) {
    return Object.keys(values).reduce(function (t, k) { return t.split("{" + k + "}").join(String(values[k])); }, template);
  }

  // A link to a question: its title's built HTML (math, code) without nested links, or its plain text.
  function questionLink(q) {
    var a = el("a", { href: q.url });
    if (q.html) a.appendChild(built(q.html, true)); else a.textContent = q.text;
    return a;
  }

  // A table that scrolls inside its box as Material's do; a row is its cells, or {key, cells} (data-key).
  function table(id, head, rows) {
    var t = el("table", { id: id }, [el("thead", {}, [el("tr", {}, head.map(function (h) { return el("th", { scope: "col", text: h }); }))]),
      el("tbody", {}, rows.map(function (r) {
        var cells = Array.isArray(r) ? r : r.cells;
        return el("tr", Array.isArray(r) ? {} : { "data-key": r.key }, cells.map(function (c) { return el("td", {}, [c]); }));
      }))]);
    return el("div", { className: "md-typeset__scrollwrap" }, [el("div", { className: "md-typeset__table" }, [t])]);
  }

  // Tables scroll inside their box, as Material wraps them on the topic page.
  function wrapTables(box) {
    box.querySelectorAll("table").forEach(function (t) {
      var wrap = el("div", { className: "md-typeset__scrollwrap" }, [el("div", { className: "md-typeset__table" })]);
      t.parentNode.insertBefore(wrap, t);
      wrap.firstChild.appendChild(t);
    });
    return box;
  }

  // Case-, accent- and nukta-insensitive matching for Latin, Cyrillic and Devanagari (as the explorer's).
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f\u093c]/g, "").replace(/\u0901/g, "\u0902")
      .replace(/ё/g, "е").toLowerCase();
  }

  function percent(share, lang) {
    return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(share);
  }

  function typeset(node) { if (window.atlasTypeset) window.atlasTypeset(node); }

  window.atlasFragments = { el: el, built: built, fill: fill, questionLink: questionLink, table: table, wrapTables: wrapTables, fold: fold, percent: percent,
                            typeset: typeset, safeHref: function (href) { return window.atlasSafeHref(href); } };
})();
