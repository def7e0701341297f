// What the mock interview (mock.js) and "what is weak" (weak.js) share with the explorer's practice card: elements
// built with textContent, and the build's sanitised HTML for a record (explorer/details/<topic>.json, made by
// atlas/pages/fragments.py) parsed into an inert document and copied node by node through an allowlist, as
// explorer.js does: no record can add markup, attributes or script to the page.
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

  var TAGS = /^(P|UL|OL|LI|CODE|PRE|SPAN|DIV|EM|STRONG|B|I|S|DEL|INS|MARK|SUB|SUP|KBD|ABBR|A|BR|HR|BLOCKQUOTE|TABLE|THEAD|TBODY|TFOOT|TR|TH|TD|H4|H5|H6|DL|DT|DD)$/;
  var DROP = /^(SCRIPT|STYLE|TEMPLATE|IFRAME|OBJECT|NOSCRIPT|SVG|MATH|IMG|FORM|INPUT|BUTTON)$/;
  var ATTRS = ["class", "title", "lang", "dir", "align", "start", "hreflang"];
  function safeHref(href) {
    try {
      var url = new URL(href, location.href);
      return url.protocol === "https:" || url.origin === location.origin;
    } catch (e) { return false; }
  }
  // `noLinks`: the text of links only (for HTML that sits inside a link or a legend).
  function built(html, noLinks) {
    var doc = new DOMParser().parseFromString("<!DOCTYPE html><body>" + (html || ""), "text/html");
    var out = document.createDocumentFragment();
    (function copy(from, to) {
      Array.prototype.forEach.call(from.childNodes, function (n) {
        if (n.nodeType === 3) { to.appendChild(document.createTextNode(n.nodeValue)); return; }
        if (n.nodeType !== 1 || DROP.test(n.tagName)) return;
        if (!TAGS.test(n.tagName) || (noLinks && n.tagName === "A")) { copy(n, to); return; }
        var e = document.createElement(n.tagName.toLowerCase());
        ATTRS.forEach(function (a) { if (n.hasAttribute(a)) e.setAttribute(a, n.getAttribute(a)); });
        var align = /^text-align:\s*(left|right|center);?$/.exec(n.getAttribute("style") || "");
        if (align && /^T[HD]$/.test(n.tagName)) e.style.textAlign = align[1];
        if (n.tagName === "A" && n.hasAttribute("href") && safeHref(n.getAttribute("href"))) e.setAttribute("href", n.getAttribute("href"));
        copy(n, e);
        to.appendChild(e);
      });
    })(doc.body, out);
    return out;
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

  window.atlasFragments = { el: el, built: built, wrapTables: wrapTables, fold: fold, percent: percent, safeHref: safeHref,
                            typeset: typeset };
})();
