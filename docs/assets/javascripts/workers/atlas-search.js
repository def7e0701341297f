/* AI Interview Atlas: a thin wrapper around Material's search worker. Two jobs:
 *
 * 1. Stemmed queries. Material turns every query term into a prefix query ("term*"), and lunr does not
 *    stem prefix queries, so inflected forms (Russian "обрезанная" for an indexed "обрезанной") and
 *    spelling variants (Hindi nukta, chandrabindu) would never match. Each query term gets its stem
 *    added as a second term, computed with the language pipelines the index was built with.
 * 2. A lazy index. The search_index.json Material fetches on page load is a stub (config, no docs);
 *    the full index named in it is fetched on the first query, so pages that are only read stay light.
 *
 * Everything else is Material's own worker, loaded from the file named in ?w=. */
(function () {
  "use strict";
  var material = new URLSearchParams(self.location.search).get("w");
  var handlers = [];
  var realAdd = self.addEventListener.bind(self);
  self.addEventListener = function (type, fn, options) {
    if (type === "message") handlers.push(fn); else realAdd(type, fn, options);
  };
  importScripts(material);
  self.addEventListener = realAdd;

  var siteRoot = new URL("../../../", self.location.href);  // this file lives in assets/javascripts/workers/
  var languages = ["en"];
  var separator = /[\s\-]+/;
  var fullIndex = null;     // URL of the full index, until it is loaded
  var loading = null;       // promise of the full setup
  var setup = null;         // the page's setup message: config and options come from there
  var readySent = false;
  var realPost = self.postMessage.bind(self);
  self.postMessage = function (message) {
    if (message && message.type === 1) {  // tell the page "ready" once, not again after the lazy load
      if (readySent) return;
      readySent = true;
    }
    realPost(message);
  };

  function stem(word) {
    var token = new self.lunr.Token(word.toLowerCase(), {});
    languages.forEach(function (lang) {
      var fn = lang === "en" ? self.lunr.stemmer : (self.lunr[lang] || {}).stemmer;
      if (typeof fn === "function") token = fn(token) || token;
    });
    return token.toString();
  }

  function expand(query) {
    return query.split(/\s+/).map(function (term) {
      if (!term || /^[+\-]|[*:^~"]/.test(term)) return term;
      var extra = [];
      term.split(separator).filter(Boolean).forEach(function (part) {
        var s = stem(part);
        if (s && s !== part.toLowerCase() && extra.indexOf(s) < 0) extra.push(s);
      });
      return extra.length ? term + " " + extra.join(" ") : term;
    }).join(" ");
  }

  function dispatch(data) {
    return Promise.all(handlers.map(function (fn) { return fn({ data: data }); }));
  }

  function loadFullIndex() {
    if (!loading) {
      loading = fetch(fullIndex).then(function (r) { return r.json(); }).then(function (index) {
        fullIndex = null;
        return dispatch({ type: 0, data: { config: setup.config, docs: index.docs, options: setup.options } });
      });
    }
    return loading;
  }

  realAdd("message", function (event) {
    var message = event.data;
    if (message && message.type === 0 && message.data && message.data.config) {
      setup = message.data;
      languages = message.data.config.lang || ["en"];
      try { separator = new RegExp(message.data.config.separator); } catch (e) { /* keep the default */ }
      if (message.data.config.atlas_index) fullIndex = new URL(message.data.config.atlas_index, siteRoot).href;
      dispatch(message);
    } else if (message && message.type === 2 && typeof message.data === "string") {
      var query = message.data;
      // Material also sends the empty query of an untouched search box: that alone loads nothing.
      (fullIndex && query.trim() ? loadFullIndex() : Promise.resolve()).then(function () {
        dispatch({ type: 2, data: self.lunr ? expand(query) : query });
      });
    } else {
      dispatch(message);
    }
  });
})();
