// The atlas's only site-wide script: search that loads nothing until the reader opens it; KaTeX, loaded
// only on pages that have math (self-hosted, no third-party requests); written answers opened for printing; a page
// load without the theme's whole-page restyles and sitemap requests; old links to a question on its topic's page. It runs before Material's bundle
// (hooks/overrides/main.html), so the search, sitemap and palette parts can stand in front of it.
(function () {
  // Material fetches search/search_index.json and starts its search worker on every page load. Both wait
  // here until the reader opens search (focus in the box, the search toggle, or a ?q= link), so reading a
  // page costs no search bytes. A results page opened with ?h= needs the small stub for highlighting.
  var opened = /[?&]q=/.test(location.search), waiting = [];
  function whenOpen(fn) { if (opened) fn(); else waiting.push(fn); }
  function open() { if (!opened) { opened = true; waiting.splice(0).forEach(function (fn) { fn(); }); } }
  document.addEventListener("focusin", function (e) {
    if (e.target && e.target.classList && e.target.classList.contains("md-search__input")) open();
  });
  document.addEventListener("change", function (e) {
    if (e.target && e.target.id === "__search" && e.target.checked) open();
  });
  var RealWorker = window.Worker;
  if (RealWorker && typeof EventTarget === "function") {
    window.Worker = function (url, options) {
      if (!/atlas-search\.js/.test(String(url))) return new RealWorker(url, options);
      var proxy = new EventTarget(), queue = [], real = null;
      proxy.terminate = function () { if (real) real.terminate(); };
      proxy.postMessage = function (message) {
        if (message && message.type === 2) lastQuery = String(message.data || "");  // Material's QUERY
        if (real) real.postMessage(message); else queue.push(message);
      };
      whenOpen(function () {
        real = new RealWorker(url, options);
        real.addEventListener("message", function (e) {
          proxy.dispatchEvent(new MessageEvent("message", { data: e.data }));
          if (e.data && e.data.type === 3) setTimeout(function () { moreLink(e.data.data || {}); correctedNote(e.data.data || {}); }, 0);  // after Material drew
        });
        queue.splice(0).forEach(function (message) { real.postMessage(message); });
      });
      return proxy;
    };
  }

  // Past the dialog's first results: "See all 41 matching questions in the explorer" (its ?search= lists them).
  var lastQuery = "";
  function config() { return JSON.parse(document.getElementById("__config").textContent); }
  function languageRoot() { return new URL(config().base.replace(/\/?$/, "/"), location.href); }
  function moreLink(result) {
    var meta = document.querySelector(".md-search-result__meta"), help = document.getElementById("atlas-search-help");
    var old = document.querySelector(".atlas-search-more");
    if (old) old.remove();
    if (!meta || !help || !(result.total > result.shown) || !lastQuery.trim()) return;
    var link = document.createElement("a"), label = document.createElement("span");
    link.className = "atlas-search-more";
    link.href = new URL("explorer/?search=" + encodeURIComponent(lastQuery.trim()), languageRoot()).href;
    label.textContent = (result.total === 1 ? help.getAttribute("data-more-one") : help.getAttribute("data-more"))
      .replace("{n}", result.total) + " →";
    // Material's Enter opens the best-scored link of the results: this one scores below every result.
    label.setAttribute("data-md-score", "-1");
    link.appendChild(label);
    // After the results (the arrow keys reach it last), kept in sight at the bottom of the dialog by CSS.
    meta.parentNode.appendChild(link);
  }
  // A query with a typo is answered for the words it was corrected to: say which, above the results.
  function correctedNote(result) {
    var meta = document.querySelector(".md-search-result__meta"), help = document.getElementById("atlas-search-help");
    var old = document.querySelector(".atlas-search-corrected");
    if (old) old.remove();
    if (!meta || !help || !result.corrected) return;
    var note = document.createElement("p");
    note.className = "atlas-search-corrected";
    note.setAttribute("role", "status");
    note.textContent = help.getAttribute("data-corrected").replace("{q}", result.corrected);
    meta.parentNode.insertBefore(note, meta.nextSibling);
  }
  // Every question a query matches (the explorer's ?search=): a worker of its own, not the dialog's.
  window.atlasSearchAll = function (query) {
    return new Promise(function (resolve) {
      if (!RealWorker) return resolve([]);
      var root = languageRoot();
      fetch(new URL("search/search_index.json", root)).then(function (r) { return r.json(); }).then(function (stub) {
        var worker = new RealWorker(new URL(config().search, location.href));
        worker.addEventListener("message", function (e) {
          if (e.data && e.data.type === 1) worker.postMessage({ type: "atlas-all", data: query });
          if (e.data && e.data.type === "atlas-all") { worker.terminate(); resolve(e.data.data || []); }
        });
        worker.postMessage({ type: 0, data: stub });
      }).catch(function () { resolve([]); });
    });
  };

  // While nothing is typed, the dialog shows what a query can do: filter examples, each a button that types it.
  function helpFor(input) {
    var help = document.getElementById("atlas-search-help"), result = document.querySelector(".md-search-result");
    if (!help || !result) return;
    if (help.nextSibling !== result) {  // before Material's result box, not in it (its Enter opens the first link there)
      result.parentNode.insertBefore(help, result);
      help.addEventListener("click", function (e) {
        var example = e.target.closest && e.target.closest("[data-query]");
        if (!example) return;
        input.value = example.getAttribute("data-query") + " ";
        input.focus();
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
        helpFor(input);
      });
    }
    help.hidden = input.value.trim() !== "";
  }
  ["focusin", "input", "keyup"].forEach(function (type) {
    document.addEventListener(type, function (e) {
      if (e.target && e.target.classList && e.target.classList.contains("md-search__input")) helpFor(e.target);
    });
  });
  // Material requests search/search_index.json with XMLHttpRequest (browser/request/index.ts).
  // It also requests sitemap.xml beside every alternate link of a page (each language's version, the feed: five
  // requests on every page, one of them the whole 140 KB sitemap, parsed as XML on the main thread: ~60 ms on a
  // laptop, four times that on a throttled phone) to turn a link into "this page in that language". The atlas's
  // pages name their alternates by whole page address, where that lookup finds nothing (four of the five are 404s),
  // and the language switch below keeps the reader's place itself: so those requests fail at once, as the 404s did,
  // without going out.
  var xhr = window.XMLHttpRequest && window.XMLHttpRequest.prototype;
  if (xhr) {
    var realOpen = xhr.open, realSend = xhr.send;
    xhr.open = function (method, url) {
      this.atlasDeferred = /\/search\/search_index\.json$/.test(String(url)) && !/[?&]h=/.test(location.search);
      this.atlasSitemap = /\/sitemap\.xml$/.test(String(url));
      return realOpen.apply(this, arguments);
    };
    xhr.send = function () {
      var req = this, args = arguments;
      if (req.atlasSitemap) return void setTimeout(function () { req.dispatchEvent(new ProgressEvent("error")); }, 0);
      if (!req.atlasDeferred) return realSend.apply(req, args);
      whenOpen(function () { realSend.apply(req, args); });
    };
  }
})();
(function () {
  var base = document.currentScript.src.replace(/atlas\.js(\?.*)?$/, "vendor/katex/");
  // A printed question is a study sheet: its answer expanded, then closed again as the reader left it.
  var opened = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details:not([open])").forEach(function (d) { d.open = true; opened.push(d); });
    load(function () { pending().forEach(typeset); });  // formulas not yet scrolled to (KaTeX loads if need be)
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
    if (write(el)) measure(el);
  }
  function write(el) {
    if (el.hasAttribute("data-typeset")) return false;
    el.setAttribute("data-typeset", "");
    var tex = el.textContent.trim();
    el.atlasDisplay = tex.startsWith("\\[");
    tex = tex.replace(/^\\[\[(]|\\[\])]$/g, "");
    try { katex.render(tex, el, { displayMode: el.atlasDisplay, throwOnError: false }); } catch (e) { /* keep the TeX */ }
    return true;
  }
  function measure(el) {
    // A formula wider than a phone scrolls sideways: keyboard users must be able to reach it. Measured again
    // whenever its box changes size (a rotated phone, an answer opened while search covered the page).
    if (el.atlasDisplay) { reach(el); if (sized) sized.observe(el); }
    var box = el.closest && el.closest(".md-typeset__scrollwrap");
    if (box && box.atlasSized) edges(box);  // a formula in a table: the table's width changed
  }
  // Formulas that come near the screen are set a few milliseconds' worth at a time, each slice measured after it
  // (one layout a slice, not one a formula): a question's page has dozens on its first screens, and setting them
  // in one go held a phone's main thread for ~400 ms at load. Printing sets everything at once (typeset).
  var queue = [], slicing = false;
  function later(nodes) {
    queue.push.apply(queue, nodes);
    if (!slicing) { slicing = true; setTimeout(slice, 0); }
  }
  function slice() {
    var start = performance.now(), done = [];
    while (queue.length && performance.now() - start < 8) {
      var el = queue.shift();
      if (write(el)) done.push(el);
    }
    done.forEach(measure);
    if (queue.length) setTimeout(slice, 0); else slicing = false;
  }
  function reach(el) {
    if (el.scrollWidth > el.clientWidth + 1) el.setAttribute("tabindex", "0"); else el.removeAttribute("tabindex");
    edges(el);
  }
  // A record's table (its cells labelled with their column's name by the build, atlas.pages.enrich) whose columns
  // would not fit its box is shown as stacked rows, each value beside its column's name (atlas.css), instead of
  // hiding columns off-screen; a table that fits stays a table. Measured as a table every time its box changes.
  function stack(box) {
    var table = box.querySelector("table");
    if (!table || !table.querySelector("td[data-label]")) return;
    var stacked = table.hasAttribute("data-atlas-stacked");
    if (stacked) table.removeAttribute("data-atlas-stacked");
    var wide = box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1;
    if (wide || (stacked && !box.clientWidth)) table.setAttribute("data-atlas-stacked", "");
    box.atlasWidth = box.clientWidth;
  }
  // A box that scrolls sideways (wide display math, a table on a phone) fades out at the edge that hides more,
  // so the reader sees there is more to scroll to.
  function edges(box) {
    if (box.classList.contains("md-typeset__scrollwrap")) stack(box);
    var hidden = box.scrollWidth - box.clientWidth;
    if (hidden <= 1) {
      if (box.atlasFocus) { box.removeAttribute("tabindex"); box.atlasFocus = false; }  // nothing to scroll to now
      return box.removeAttribute("data-atlas-scroll");
    }
    if (!box.hasAttribute("tabindex")) { box.setAttribute("tabindex", "0"); box.atlasFocus = true; }  // a box that scrolls: reachable by keyboard
    var left = box.scrollLeft > 1, right = box.scrollLeft < hidden - 1;
    box.setAttribute("data-atlas-scroll", left && right ? "both" : left ? "left" : "right");
    if (!box.atlasEdges) {
      box.atlasEdges = true;
      box.addEventListener("scroll", function () { edges(box); }, { passive: true });
    }
  }
  function tables(root) {
    // A code block may scroll sideways once its answer opens (or on a phone): reachable by keyboard always, so
    // no measuring can come too late.
    root.querySelectorAll(".highlight pre > code:not([tabindex])").forEach(function (code) { code.setAttribute("tabindex", "0"); });
    root.querySelectorAll(".md-typeset__scrollwrap").forEach(function (box) {
      edges(box);
      if (sized && !box.atlasSized) { box.atlasSized = true; sized.observe(box); }
    });
  }
  window.addEventListener("load", function () { tables(document); });
  // A closed answer's code has no box until it opens (atlas.css). Opened, Material measures it in the next frame and,
  // on a screen without hover (a phone), takes the tabindex of a code block that scrolls away; given back after it.
  document.addEventListener("toggle", function (e) {
    var details = e.target;
    if (!details.open || !details.matches || !details.matches("details")) return;
    requestAnimationFrame(function () { setTimeout(function () { tables(details); }, 0); });
  }, true);
  // A table's box that changed width is measured again in the next frame: stacking it changes its height, which
  // must not happen inside the observer's own callback.
  var sized = "ResizeObserver" in window ? new ResizeObserver(function (entries) {
    entries.forEach(function (e) {
      var box = e.target;
      if (box.classList.contains("arithmatex")) return reach(box);
      if (box.atlasWidth === box.clientWidth || !box.querySelector("td[data-label]")) return edges(box);
      requestAnimationFrame(function () { edges(box); });
    });
  }) : null;
  // KaTeX's fonts arrive after the first typesetting and widen formulas without resizing their box.
  if (document.fonts && document.fonts.addEventListener) {
    document.fonts.addEventListener("loadingdone", function () {
      document.querySelectorAll("div.arithmatex[data-typeset]").forEach(reach);
    });
  }
  // KaTeX itself is fetched only when the first formula comes near the screen.
  var io = null, waiting = [];
  function observe(nodes) {
    if (!nodes.length) return;
    if (!("IntersectionObserver" in window)) return load(function () { later(nodes); });
    io = io || new IntersectionObserver(function (entries) {
      entries.forEach(function (e) {
        if (!e.isIntersecting) return;
        io.unobserve(e.target);
        if (loaded) return later([e.target]);
        waiting.push(e.target);
        load(function () { later(waiting.splice(0)); });
      });
    }, { rootMargin: "600px 0px" });
    nodes.forEach(function (el) { io.observe(el); });
  }
  function render() { observe(pending()); }
  // KaTeX's script and its stylesheet: formulas are typeset once both are in, so a wide one is measured with
  // its real width (and made reachable by keyboard).
  var callbacks = null, loaded = false;
  function load(done) {
    if (loaded) return done();
    if (callbacks) return callbacks.push(done);
    callbacks = [done];
    var waiting = 2;
    function arrived() {
      if (--waiting) return;
      loaded = true;
      callbacks.splice(0).forEach(function (fn) { fn(); });
    }
    var css = document.createElement("link");
    css.rel = "stylesheet"; css.href = base + "katex.min.css";
    css.onload = css.onerror = arrived;
    document.head.appendChild(css);
    var js = document.createElement("script");
    js.src = base + "katex.min.js";
    js.onload = arrived;
    document.head.appendChild(js);
  }
  // Scripts that insert the build's HTML (the explorer's practice card) typeset its formulas the same way.
  window.atlasTypeset = function (root) {
    observe(Array.prototype.slice.call(root.querySelectorAll(".arithmatex:not([data-typeset])")));
    tables(root);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render); else render();
})();
// Material's colour palette, on every page load, marks <body> as switching colours (which restyles every element
// of the page, twice) and writes the colour scheme into a <meta> tag of its own (each write restyles the page again,
// even to the value it had). At load nothing switches: main.html set the scheme before the first paint. So while
// the page is still loading the switching mark is not set, and Material's tag is renamed: only a real change of the
// scheme (the reader's toggle, a system switching to dark) is copied to the page's own tag.
// Both stand-ins last only as long as they are needed: the load, and Material's one tag.
(function () {
  var body = document.body, setAttribute = body.setAttribute;
  body.setAttribute = function (name) {
    if (name !== "data-md-color-switching") return setAttribute.apply(this, arguments);
  };
  document.addEventListener("DOMContentLoaded", function () { delete body.setAttribute; });
  var ours = document.getElementById("atlas-color-scheme"), head = document.head, appendChild = head.appendChild;
  if (!ours || !window.MutationObserver) return;
  head.appendChild = function (node) {
    if (node && node.nodeName === "META" && node.getAttribute("name") === "color-scheme") {
      delete head.appendChild;
      node.setAttribute("name", "atlas-theme-color-scheme");
      new MutationObserver(function () {
        if (node.content && node.content !== ours.content) ours.content = node.content;
      }).observe(node, { attributes: true, attributeFilter: ["content"] });
    }
    return appendChild.apply(this, arguments);
  };
})();
// Switching language keeps the reader's place: the question anchor and the explorer's filters (the query
// string) go with the link to the same page in the other language. Anchors are the same in every language.
// Questions once sat on their topic's page (topics/x/#id); links from then (bookmarks, other sites, the decks and
// exports readers downloaded) land on the question's item in the topic's list, which goes on to its page, in the
// same language (without JavaScript the item's link is right there).
(function () {
  var id = location.hash.slice(1), item = null;
  try { item = id && document.getElementById(decodeURIComponent(id)); } catch (e) { return; }
  var link = item && item.parentNode && item.parentNode.id === "topic-questions" && item.querySelector("a[href]");
  if (link) location.replace(link.href);
})();
(function () {
  // Material takes a click on any link under another language's address for a switch of the whole page and sends
  // the reader to that page's top, without the anchor or the query. A link to another language (the language menu,
  // a stale translation's "read the English") is followed by the browser itself.
  document.addEventListener("click", function (e) {
    if (e.target && e.target.closest && e.target.closest("a[hreflang]")) e.stopPropagation();
  }, true);
  function carry(e) {
    var link = e.target && e.target.closest && e.target.closest("a.md-select__link[hreflang]");
    if (!link) return;
    var base = link.getAttribute("data-atlas-href");
    if (base === null) { base = link.getAttribute("href"); link.setAttribute("data-atlas-href", base); }
    link.setAttribute("href", base.split("#")[0].split("?")[0] + location.search + location.hash);
  }
  ["click", "auxclick", "contextmenu", "focusin", "pointerdown"].forEach(function (type) {
    document.addEventListener(type, carry, true);
  });
})();
// The build's HTML for a record (the explorer's practice cards, a question's English), for scripts to insert.
(function () {
  "use strict";
  // The build's HTML for a record (already sanitised by atlas.safety.sanitize), parsed into an inert document (no
  // script runs, nothing loads) and copied element by element: only the elements and attributes Markdown
  // produces survive; links only to https: pages or within the site.
  var TAGS = /^(P|UL|OL|LI|CODE|PRE|SPAN|DIV|EM|STRONG|B|I|S|DEL|INS|MARK|SUB|SUP|KBD|ABBR|A|BR|HR|BLOCKQUOTE|TABLE|THEAD|TBODY|TFOOT|TR|TH|TD|H4|H5|H6|DL|DT|DD)$/;
  var DROP = /^(SCRIPT|STYLE|TEMPLATE|IFRAME|OBJECT|NOSCRIPT|SVG|MATH|IMG|FORM|INPUT|BUTTON)$/;
  var ATTRS = ["class", "title", "lang", "dir", "align", "start", "hreflang", "data-label"];
  function safeHref(href) {
    try {
      var url = new URL(href, location.href);
      return url.protocol === "https:" || url.origin === location.origin;
    } catch (e) { return false; }
  }
  window.atlasSafeHref = safeHref;  // for a link a script builds itself (the mock summary's readings)
  // `base`: the address the HTML was written for (its relative links resolve there).
  window.atlasBuilt = function (html, noLinks, base) {
    var doc = new DOMParser().parseFromString("<!DOCTYPE html><body>" + html, "text/html");
    var out = document.createDocumentFragment();
    (function copy(from, to) {
      Array.prototype.forEach.call(from.childNodes, function (n) {
        if (n.nodeType === 3) { to.appendChild(document.createTextNode(n.nodeValue)); return; }
        if (n.nodeType !== 1 || DROP.test(n.tagName)) return;
        if (!TAGS.test(n.tagName) || (noLinks && n.tagName === "A")) { copy(n, to); return; }  // its text only
        var e = document.createElement(n.tagName.toLowerCase());
        ATTRS.forEach(function (a) { if (n.hasAttribute(a)) e.setAttribute(a, n.getAttribute(a)); });
        var align = /^text-align:\s*(left|right|center);?$/.exec(n.getAttribute("style") || "");
        if (align && /^T[HD]$/.test(n.tagName)) e.style.textAlign = align[1];
        if (n.tagName === "A" && n.hasAttribute("href") && safeHref(n.getAttribute("href"))) {
          e.setAttribute("href", base ? new URL(n.getAttribute("href"), base).href : n.getAttribute("href"));
        }
        copy(n, e);
        to.appendChild(e);
      });
    })(doc.body, out);
    return out;
  };
})();
// A glossary term's popover (Russian and Hindi record text, atlas.pages.glossterms) opens beside the term that
// opened it: below it, or above where the screen ends, kept inside the screen's width. The browser opens and closes
// it (popovertarget); without this script it shows in the middle of the screen. The definitions come from one file
// per language (glossary/terms.json, the build's sanitised HTML, copied in through atlasBuilt's allowlist), fetched
// when a term is first touched or focused.
(function () {
  "use strict";
  var TERM = 'button[popovertarget^="g:"]', invoker = null, open = null, definitions = null;
  function termOf(target) { return target && target.closest ? target.closest(TERM) : null; }
  function define() {
    var box = document.querySelector(".atlas-gloss-defs[data-src]");
    if (definitions || !box || !window.atlasBuilt) return;
    definitions = fetch(box.getAttribute("data-src")).then(function (r) { return r.json(); }).then(function (all) {
      Array.prototype.forEach.call(box.children, function (pop) {
        var slot = pop.children[1], html = all[pop.id.slice(2)];
        if (!slot || !html || slot.childNodes.length) return;
        slot.appendChild(window.atlasBuilt(html));
        slot.hidden = false;
        if (window.atlasTypeset) window.atlasTypeset(slot);  // a formula in a definition
      });
      follow();  // the open popover grew
    }).catch(function () { definitions = null; });  // tried again at the next touch
  }
  document.addEventListener("pointerdown", function (e) { if (termOf(e.target)) define(); }, true);
  document.addEventListener("focusin", function (e) { if (termOf(e.target)) define(); });
  document.addEventListener("click", function (e) { var term = termOf(e.target); if (term) { invoker = term; define(); } }, true);
  function place(pop, term) {
    var r = term.getBoundingClientRect(), gap = 6, edge = 8;
    pop.setAttribute("data-placed", "");
    pop.style.inset = "auto";
    var w = pop.offsetWidth, h = pop.offsetHeight;
    var left = Math.max(edge, Math.min(r.left, innerWidth - w - edge));
    var top = r.bottom + gap + h <= innerHeight - edge || r.top - gap - h < edge ? r.bottom + gap : r.top - gap - h;
    pop.style.left = left + "px";
    pop.style.top = top + "px";
  }
  function follow() { if (open) place(open.pop, open.term); }
  // While a popover is open it stays beside its term however the page moves under it: a scroll, a formula above
  // typeset, an image or the definition arriving (checked once a frame; placed again only if something moved).
  var seen = "", watching = false;
  function watch() {
    if (!open) { watching = false; return; }
    var r = open.term.getBoundingClientRect(), now = r.top + ":" + r.left + ":" + open.pop.offsetHeight;
    if (now !== seen) { seen = now; place(open.pop, open.term); }
    requestAnimationFrame(watch);
  }
  document.addEventListener("toggle", function (e) {
    var pop = e.target;
    if (!pop.classList || !pop.classList.contains("atlas-gloss")) return;
    if (e.newState !== "open") { if (open && open.pop === pop) open = null; return; }
    var term = e.source || invoker;
    if (!term || term.getAttribute("popovertarget") !== pop.id) return;
    open = { pop: pop, term: term };
    place(pop, term);
    define();
    seen = "";
    if (!watching) { watching = true; requestAnimationFrame(watch); }
  }, true);
  window.addEventListener("resize", follow);  // the screen's width changed: the popover is kept inside it
})();
