/* AI Interview Atlas: a thin wrapper around Material's search worker.
 *
 * Material turns every query term into a prefix query ("term*"), and lunr does not stem prefix
 * queries, so inflected forms (Russian "обрезанная" for an indexed "обрезанной") and spelling
 * variants (Hindi nukta, chandrabindu) are never matched. Here each query term gets its stem
 * added as a second term, computed with the same language pipelines the index was built with.
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

  var languages = ["en"];
  var separator = /[\s\-]+/;

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
      var parts = term.split(separator).filter(Boolean);
      var extra = [];
      parts.forEach(function (part) {
        var s = stem(part);
        if (s && s !== part.toLowerCase() && extra.indexOf(s) < 0) extra.push(s);
      });
      return extra.length ? term + " " + extra.join(" ") : term;
    }).join(" ");
  }

  realAdd("message", function (event) {
    var message = event.data;
    if (message && message.type === 0 && message.data && message.data.config) {
      languages = message.data.config.lang || ["en"];
      try { separator = new RegExp(message.data.config.separator); } catch (e) { /* keep the default */ }
    } else if (message && message.type === 2 && typeof message.data === "string" && self.lunr) {
      event = { data: { type: 2, data: expand(message.data) } };
    }
    handlers.forEach(function (fn) { fn(event); });
  });
})();
