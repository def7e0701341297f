/* AI Interview Atlas search worker: Material's search dialog, answered from Pagefind.
 *
 * Material's page talks to its search worker with four messages (Material 9.8, worker/message/index.ts):
 * SETUP (0, the search_index.json it fetched) -> READY (1); QUERY (2, the text typed) -> RESULT (3,
 * {items: groups of documents}). This worker answers them from the language's Pagefind bundle, named in
 * the stub index our build writes (config.atlas.bundle), so the language is explicit and the browser can
 * only ever fetch that language's index. One record per question: a result is the question itself, under
 * the topic it belongs to, and lands on its anchor.
 *
 * Query syntax on top of words: `topic:rl-algorithms`, `track:research`, `type:coding`,
 * `difficulty:basic`, `company:openai` narrow the results (Pagefind filters).
 *
 * A RESULT also says how many questions match in all (`total`, `shown`): the page offers the rest in the
 * explorer, whose ?search= asks this worker for every matching question ("atlas-all" -> the anchors). */
(function () {
  "use strict";
  var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
  var MAX_RESULTS = 12;  // fragments fetched per query: each result's text and excerpt is its own small file
  var siteRoot = new URL("../../../", self.location.href);  // this file lives in assets/javascripts/workers/
  var atlas = null;      // config.atlas from the stub: lang, bundle, exactDiacritics, filters
  var pagefind = null;   // promise of the initialised Pagefind module
  var latest = 0;        // only the newest query's results are sent

  function escapeHtml(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  // Hindi text is indexed in one spelling of each variant pair (see atlas/search.py fold_devanagari).
  function fold(text) {
    if (atlas.lang !== "hi") return text;
    return text.normalize("NFC").replace(/\u093C/g, "").replace(/\u0901/g, "\u0902").replace(/[\u200C\u200D]/g, "");
  }

  // The Hindi bundle indexes combining marks as private-use letters (atlas/search.py INDEX_MARKS): queries
  // are written that way, and excerpts, titles and text turned back.
  var PRIVATE_USE = 0xE000;
  function toIndex(text) {
    var marks = atlas.indexMarks || "";
    return marks ? text.replace(/[\s\S]/g, function (c) {
      var i = marks.indexOf(c);
      return i < 0 ? c : String.fromCharCode(PRIVATE_USE + i);
    }) : text;
  }
  function fromIndex(text) {
    var marks = atlas.indexMarks || "";
    return marks ? String(text).replace(/[\uE000-\uF8FF]/g, function (c) {
      return marks.charAt(c.charCodeAt(0) - PRIVATE_USE) || c;
    }) : text;
  }

  // A Hindi word's stem when it ends in an inflection (दिक्कतों -> दिक्कत), so its other forms are found too.
  var MIN_STEM = 3;
  function stem(word) {
    var endings = atlas.endings || [];
    for (var i = 0; i < endings.length; i++) {
      var e = endings[i];
      if (word.length - e.length >= MIN_STEM && word.slice(-e.length) === e) return word.slice(0, -e.length);
    }
    return word;
  }

  function load() {
    if (!pagefind) {
      var bundle = new URL(atlas.bundle, siteRoot).href;
      pagefind = import(bundle + "pagefind.js").then(function (pf) {
        return pf.options({ basePath: bundle, baseUrl: "/", excerptLength: 24,
                            exactDiacritics: !!atlas.exactDiacritics })
          .then(function () { return pf.init(); })
          .then(function () { return pf; });
      });
    }
    return pagefind;
  }

  // "ppo clipping difficulty:basic" -> words "ppo clipping", filters {difficulty: "basic"}
  function parse(query) {
    var filters = {}, words = [];
    query.trim().split(/\s+/).forEach(function (token) {
      var m = /^([a-z]+):(\S+)$/i.exec(token);
      if (m && atlas.filters.indexOf(m[1].toLowerCase()) >= 0) {
        var key = m[1].toLowerCase();
        filters[key] = filters[key] ? [].concat(filters[key], m[2]) : m[2];
      } else if (token) {
        words.push(fold(token));
      }
    });
    // A Devanagari spelling of a term the pages write in Latin (लोरा -> LoRA) is searched both ways:
    // some pages write the term in Devanagari too.
    var aliased = words.map(function (w) { return (atlas.aliases || {})[w.toLowerCase()] || w; });
    var variants = [words.join(" ")];
    if (aliased.join(" ") !== variants[0]) variants.push(aliased.join(" "));
    var stems = aliased.map(stem).join(" ");
    if (variants.indexOf(stems) < 0) variants.push(stems);
    variants = variants.map(toIndex);
    return { words: words, aliased: aliased, variants: variants, filters: filters };
  }

  // Pagefind also matches words that merely start with a query word. In Russian a short query then
  // drowns in unrelated words ("кот" -> "который", "лог" -> "логарифм"). A short query word keeps a
  // result only if some word it matched is the query word itself, an inflection of it (at most
  // MAX_ENDING more letters) or a word the stemmer related to it (a different spelling).
  var SHORT_WORD = 4, MAX_ENDING = 3;
  function matchedWords(data) {
    var words = fromIndex(data.content).split(/[\r\n\s]+/g);
    return (data.locations || []).map(function (i) {
      return (words[i] || "").toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    });
  }
  function related(data, words) {
    var short = words.map(function (w) { return w.toLowerCase(); }).filter(function (w) { return w.length <= SHORT_WORD; });
    if (atlas.lang !== "ru" || !short.length || short.length < words.length) return true;
    return matchedWords(data).some(function (m) {
      return short.some(function (q) { return m.indexOf(q) !== 0 || m.length - q.length <= MAX_ENDING; });
    });
  }

  function documentOf(data, score, terms) {
    return {
      location: data.url.replace(/^\//, ""),  // relative to the language root, as Material's base is
      title: escapeHtml(fromIndex(data.meta.title || "")),
      text: fromIndex(data.excerpt || ""),    // Pagefind escapes the text and marks the matches
      score: score,
      terms: terms
    };
  }

  // Questions grouped under their topic page, best group first, as Material renders a page and its sections.
  function group(hits, terms) {
    var groups = new Map();
    hits.forEach(function (hit) {
      var data = hit.data, meta = data.meta;
      var key = meta.page_url || data.url.replace(/^\//, "");
      if (!groups.has(key)) groups.set(key, { parent: null, title: fromIndex(meta.page || ""), sections: [], best: 0 });
      var g = groups.get(key);
      var doc = documentOf(data, hit.score, terms);
      if (meta.page_url) g.sections.push(doc); else g.parent = doc;
      g.best = Math.max(g.best, hit.score);
    });
    return Array.from(groups.entries()).sort(function (a, b) { return b[1].best - a[1].best; }).map(function (entry) {
      var key = entry[0], g = entry[1];
      var parent = g.parent || { location: key, title: escapeHtml(g.title || ""), text: "", score: 0, terms: {} };
      if (!g.sections.length) return [parent];
      if (parent.score >= g.sections[0].score) return [parent].concat(g.sections);
      return [g.sections[0], parent].concat(g.sections.slice(1));
    });
  }

  // Every record the query's variants match (the best score of each), best first; `questionsOnly` keeps
  // question records (the `kind` filter the build gives them), for the count and the explorer's list.
  function matches(pf, parsed, questionsOnly) {
    var text = parsed.words.join(" ");
    var filters = questionsOnly ? Object.assign({}, parsed.filters, { kind: "question" }) : parsed.filters;
    return Promise.all((text ? parsed.variants : [null]).map(function (variant) {
      return pf.search(variant, { filters: filters });
    })).then(function (responses) {
      if (!responses[0]) return null;
      var byId = new Map();
      responses.forEach(function (response) {
        (response ? response.results : []).forEach(function (r) {
          if (!byId.has(r.id) || byId.get(r.id).score < r.score) byId.set(r.id, r);
        });
      });
      return Array.from(byId.values()).sort(function (a, b) { return b.score - a.score; });
    });
  }

  function searchable(parsed) {
    var text = parsed.words.join(" ");
    // A single letter matches nearly every word by prefix: wait for the second one.
    return (text && text.length >= 2) || Object.keys(parsed.filters).length > 0;
  }

  function search(query, id) {
    var parsed = parse(query);
    if (!searchable(parsed)) return Promise.resolve({ items: [] });
    return load().then(function (pf) {
      return Promise.all([matches(pf, parsed, false), matches(pf, parsed, true)]);
    }).then(function (found) {
      var all = found[0], questions = found[1];
      if (id !== latest || !all) return null;
      var top = all.slice(0, MAX_RESULTS);
      return Promise.all(top.map(function (r) { return r.data(); })).then(function (datas) {
        var terms = {};
        parsed.aliased.forEach(function (w) { terms[w.toLowerCase()] = true; });
        var hits = datas.map(function (data, i) { return { data: data, score: top[i].score }; })
          .filter(function (hit) { return related(hit.data, parsed.words); });
        // `total`: how many questions match in all (the dialog shows the best MAX_RESULTS records and
        // offers the rest in the explorer); `shown`: how many of those it shows. Material reads only `items`.
        var shown = hits.filter(function (hit) { return /^topics\//.test(hit.data.meta.page_url || ""); }).length;
        return { items: group(hits, terms), total: questions ? questions.length : shown, shown: shown };
      });
    });
  }

  // Every question the query matches, as anchors, for the explorer's ?search= (at most MAX_ALL fragments).
  var MAX_ALL = 300;
  function everyQuestion(query) {
    var parsed = parse(query);
    if (!searchable(parsed)) return Promise.resolve([]);
    return load().then(function (pf) { return matches(pf, parsed, true); }).then(function (questions) {
      return Promise.all((questions || []).slice(0, MAX_ALL).map(function (r) { return r.data(); }));
    }).then(function (datas) {
      return datas.filter(function (data) { return related(data, parsed.words); })
        .map(function (data) { return data.url.split("#")[1] || ""; }).filter(Boolean);
    });
  }

  self.addEventListener("message", function (event) {
    var message = event.data || {};
    if (message.type === SETUP) {
      atlas = (message.data && message.data.config && message.data.config.atlas) || null;
      // READY only once Pagefind is loaded and initialised: until then Material shows "Initializing search"
      // and holds the query, then sends the latest one. A reader on a slow phone who types as soon as the
      // dialog opens waits for the answer; never gets "no results" from an index that was not there yet.
      var ready = function () { self.postMessage({ type: READY }); };
      if (!atlas) return ready();
      load().catch(function () { pagefind = null; return load(); })  // one retry, then let queries report it
        .then(ready, function (error) { pagefind = null; console.warn("Search index failed to load:", error); ready(); });
    } else if (message.type === "atlas-timing") {
      // For scripts/audit.py: what this worker fetched, from the browser's own resource timing.
      self.postMessage({ type: "atlas-timing", origin: performance.timeOrigin, data: performance.getEntriesByType("resource").map(function (e) {
        return { name: e.name, transferSize: e.transferSize, startTime: e.startTime, responseEnd: e.responseEnd };
      }) });
    } else if (message.type === "atlas-all" && atlas) {
      everyQuestion(String(message.data || "")).then(function (ids) {
        self.postMessage({ type: "atlas-all", data: ids });
      }, function (error) {
        console.warn("Search failed:", error);
        self.postMessage({ type: "atlas-all", data: [] });
      });
    } else if (message.type === QUERY && atlas) {
      var id = ++latest;
      search(String(message.data || ""), id).then(function (result) {
        if (result && id === latest) self.postMessage({ type: RESULT, data: result });
      }).catch(function (error) {
        console.warn("Search failed:", error);
        if (id === latest) self.postMessage({ type: RESULT, data: { items: [] } });
      });
    }
  });
})();
