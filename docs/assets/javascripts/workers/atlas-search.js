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

  var phraseKeys = null;
  function phrases() {  // alias keys of several words, longest first; `*` in a key: any ending
    if (!phraseKeys) phraseKeys = Object.keys(atlas.aliases || {}).filter(function (k) { return k.indexOf(" ") > 0; })
      .sort(function (a, b) { return b.length - a.length; }).map(function (key) {
        var body = key.split("*").map(function (part) { return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("\\S*");
        return { key: key, pattern: new RegExp(" " + body + "(?= )", "g") };
      });
    return phraseKeys;
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
    // A spelling of a term the pages write otherwise (लोरा -> LoRA, «модель вознаграждения» -> reward model)
    // is searched both ways: some pages write it the reader's way too. Phrases first, then single words.
    var aliases = atlas.aliases || {};
    var phrased = " " + words.join(" ").toLowerCase() + " ";
    phrases().forEach(function (p) { phrased = phrased.replace(p.pattern, " " + aliases[p.key] + " "); });
    var aliased = phrased.trim().split(/\s+/).filter(Boolean).map(function (w) { return aliases[w] || w; });
    aliased = aliased.join(" ").split(/\s+/);
    var variants = [words.join(" ")];
    if (aliased.join(" ") !== variants[0].toLowerCase()) variants.push(aliased.join(" "));
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

  // Every record the query's variants match (the best score of each), best first; `kind` keeps question or
  // glossary records (the `kind` filter the build gives them): for the count, the explorer's list, a term.
  function matches(pf, parsed, kind) {
    var text = parsed.words.join(" ");
    var filters = kind ? Object.assign({}, parsed.filters, { kind: kind }) : parsed.filters;
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

  // Pagefind ranks by the text (title matches count 5x); a reader who types a term wants the question or
  // glossary entry *about* it. Among the records fetched, a title that holds every query word, early and in
  // few words ("What is a KV cache…", the glossary's "KV cache"), moves up.
  function titleWords(text) {
    return fold(text).toLowerCase().split(/[^\p{L}\p{N}@]+/u).filter(Boolean);
  }
  var EXACT = 10;  // a title that is the query itself: the term's own entry, first
  function titleBoost(data, parsed) {
    var raw = fromIndex(data.meta.title || ""), title = titleWords(raw);
    // "byte-pair encoding (BPE)" is named "byte-pair encoding" and "BPE"
    var names = [raw, raw.replace(/\s*\([^)]*\)/g, " "), (/\(([^)]*)\)/.exec(raw) || [])[1] || ""]
      .map(function (n) { return titleWords(n).join(" "); });
    var best = 1;
    var stop = new Set(atlas.stopwords || []);
    [parsed.words, parsed.aliased].forEach(function (words) {
      var query = titleWords(words.join(" ")).filter(function (w) { return !stop.has(w); });
      if (!query.length) return;
      var first = Infinity, hits = 0;
      query.forEach(function (q) {
        for (var i = 0; i < title.length; i++) if (title[i].indexOf(q) === 0) { hits++; first = Math.min(first, i); return; }
      });
      if (!hits) return;
      var boost = 1 + hits / query.length;                       // up to 2 when the title holds every word
      if (hits === query.length) {
        if (names.indexOf(query.join(" ")) >= 0) boost *= EXACT;  // named exactly so (a term, a page)
        if (first < 6) boost *= 1.5;                             // "What is a KV cache…": about it
        boost *= 1 + 8 / Math.max(8, title.length);              // few words: the definitional question
      }
      best = Math.max(best, boost);
    });
    return best;
  }

  // A word that matches nothing is corrected to the nearest word of the titles' vocabulary (fetched the first
  // time a query finds nothing): one edit for short words, two from eight letters.
  var vocabulary = null;
  function loadVocabulary() {
    if (!vocabulary) {
      var root = new URL(atlas.bundle.replace(/pagefind\/$/, ""), siteRoot);
      vocabulary = fetch(new URL("search/vocabulary.json", root)).then(function (r) { return r.ok ? r.json() : []; })
        .catch(function () { return []; });
    }
    return vocabulary;
  }
  function distance(a, b, limit) {  // Damerau–Levenshtein (adjacent swaps), stopping past `limit`
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var prev2 = null, prev = [], i, j;
    for (j = 0; j <= b.length; j++) prev.push(j);
    for (i = 1; i <= a.length; i++) {
      var row = [i], low = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
        row.push(d); low = Math.min(low, d);
      }
      if (low > limit) return limit + 1;
      prev2 = prev; prev = row;
    }
    return prev[b.length];
  }
  // The words with typos replaced by the nearest vocabulary word (the most frequent at the least distance),
  // and, when there was a typo, a word left half-typed before the last completed too ("speculativ decodng"
  // -> "speculative decoding"); null when nothing needed correcting.
  function corrected(words, vocab, state) {
    if (state.indexOf(TYPO) < 0) return null;
    var changed = false;
    var out = words.map(function (word, i) {
      var w = word.toLowerCase();
      if (state[i] === START && i < words.length - 1) {
        var whole = vocab.find(function (v) { return v.indexOf(w) === 0; });
        if (whole) { changed = true; return whole; }
      }
      if (state[i] !== TYPO) return word;
      var limit = w.length >= 8 ? 2 : 1;
      for (var k = 1; k <= limit; k++) {
        var hit = vocab.find(function (v) { return distance(w, v, k) <= k; });
        if (hit) { changed = true; return hit; }
      }
      return word;
    });
    return changed ? out : null;
  }

  var CANDIDATES = 16;  // records fetched and reordered by their titles; the best MAX_RESULTS are shown
  // The glossary's entries for the words join the candidates (a term's own entry may rank low by its text).
  // Their fragments are a few hundred bytes each. Words of how the query is asked ("what is") are left out.
  var TERMS = 6;
  function answer(pf, parsed, id) {
    var kinds = [matches(pf, parsed, null), matches(pf, parsed, "question")];
    if (Object.keys(parsed.filters).length === 0) {
      var stop = new Set(atlas.stopwords || []);
      var topic = parsed.words.filter(function (w) { return !stop.has(w.toLowerCase()); });
      kinds.push(topic.length ? matches(pf, topic.length < parsed.words.length ? parse(topic.join(" ")) : parsed, "glossary") : null);
    }
    return Promise.all(kinds).then(function (found) {
      var all = found[0], terms = (found[2] || []).slice(0, TERMS);
      if (all && terms.length) {
        var top = all.slice(0, CANDIDATES), ids = new Set(top.map(function (r) { return r.id; }));
        all = top.concat(terms.filter(function (r) { return !ids.has(r.id); }));
      }
      return answerFrom(all, found[1] ? found[1].length : null, parsed, id);
    });
  }
  // The best CANDIDATES records' fragments, reordered by their titles; `total`: the questions matched in all.
  function answerFrom(all, total, parsed, id) {
    if (id !== latest || !all) return Promise.resolve(null);
    var top = all.slice(0, CANDIDATES + TERMS);
    return Promise.all(top.map(function (r) { return r.data(); })).then(function (datas) {
      var terms = {};
      parsed.aliased.forEach(function (w) { terms[w.toLowerCase()] = true; });
      var hits = datas.map(function (data, i) { return { data: data, score: top[i].score * titleBoost(data, parsed) }; })
        .filter(function (hit) { return related(hit.data, parsed.words); })
        .sort(function (a, b) { return b.score - a.score; }).slice(0, MAX_RESULTS);
      // `total`: how many questions match in all (the dialog shows the best MAX_RESULTS records and
      // offers the rest in the explorer); `shown`: how many of those it shows. Material reads only `items`.
      var shown = hits.filter(function (hit) { return /^topics\//.test(hit.data.meta.page_url || ""); }).length;
      // The query words some result holds as written (not only as Pagefind's near match): not typos.
      var written = parsed.words.filter(function (w) {
        var q = w.toLowerCase();
        return hits.some(function (hit) { return matchedWords(hit.data).some(function (m) { return m.indexOf(q) === 0; }); });
      });
      return { items: group(hits, terms), total: total === null ? shown : total, shown: shown, written: written };
    });
  }

  // Pagefind forgives a typo in a word alone but not among several ("kv cahce" finds nothing): a query word of
  // four letters or more that is no word of the titles' vocabulary (nor the start of one, nor an alias) is
  // taken for a typo of the nearest vocabulary word.
  var vocabularyWords = null;  // Set, once loaded
  var KNOWN = 0, TYPO = 1, START = 2;  // START: the start of a vocabulary word, not a word itself
  function typos(parsed, vocab) {
    var aliases = atlas.aliases || {};
    if (!vocabularyWords) vocabularyWords = new Set(vocab);
    return parsed.words.map(function (word) {
      var w = word.toLowerCase();
      if (w.length < 4 || vocabularyWords.has(w) || aliases[w] || /[^\p{L}]/u.test(w)) return KNOWN;
      return vocab.some(function (v) { return v.indexOf(w) === 0; }) ? START : TYPO;
    });
  }

  function withFilters(words, filters) {
    return words.concat(Object.keys(filters).map(function (k) {
      return [].concat(filters[k]).map(function (v) { return k + ":" + v; }).join(" ");
    })).join(" ");
  }

  // No record holds every word: the records holding the most of them, best first (each word searched alone).
  function anyWord(pf, parsed, id) {
    var words = parsed.words.filter(function (w) { return w.length >= 3; });
    if (words.length < 2) return Promise.resolve(null);
    return Promise.all(words.map(function (w) { return matches(pf, parse(withFilters([w], parsed.filters)), null); }))
      .then(function (lists) {
        var byId = new Map();
        lists.forEach(function (list) {
          (list || []).forEach(function (r) {
            var seen = byId.get(r.id);
            byId.set(r.id, { r: r, words: (seen ? seen.words : 0) + 1, score: (seen ? seen.score : 0) + r.score });
          });
        });
        var ranked = Array.from(byId.values()).sort(function (a, b) { return b.words - a.words || b.score - a.score; });
        return answerFrom(ranked.map(function (x) { return x.r; }), null, parsed, id);  // no count: the explorer's search needs every word
      });
  }

  function search(query, id) {
    var parsed = parse(query);
    if (!searchable(parsed)) return Promise.resolve({ items: [] });
    return Promise.all([load(), loadVocabulary()]).then(function (loaded) {
      var pf = loaded[0], vocab = loaded[1];
      var spellings = vocab.concat(Object.keys(atlas.aliases || {}).filter(function (k) { return k.indexOf(" ") < 0; }));
      var state = typos(parsed, vocab), fixed = corrected(parsed.words, spellings, state);
      // A word the titles do not use may still be in the answers (Peres): corrected only if no result holds it.
      var first = answer(pf, parsed, id).then(function (result) {
        if (!fixed || !result) return result;
        var held = result.written || [];
        if (parsed.words.every(function (w, i) { return state[i] !== TYPO || held.indexOf(w) >= 0; })) return result;
        return answer(pf, parse(withFilters(fixed, parsed.filters)), id).then(function (again) {
          if (!again || !again.items.length) return result;
          again.corrected = fixed.join(" ");  // the dialog says "Results for kv cache"
          return again;
        });
      });
      return first.then(function (result) {
        if (!result || result.items.length || id !== latest) return result;
        return anyWord(pf, parsed, id).then(function (some) { return some && some.items.length ? some : result; });
      });
    });
  }

  // Every question the query matches, as ids (the last part of its page's address, topics/<topic>/<id>/), for the
  // explorer's ?search= (at most MAX_ALL of them).
  var MAX_ALL = 300;
  function everyQuestion(query) {
    var parsed = parse(query);
    if (!searchable(parsed)) return Promise.resolve([]);
    return load().then(function (pf) { return matches(pf, parsed, "question"); }).then(function (questions) {
      return Promise.all((questions || []).slice(0, MAX_ALL).map(function (r) { return r.data(); }));
    }).then(function (datas) {
      return datas.filter(function (data) { return related(data, parsed.words); })
        .map(function (data) { return data.url.replace(/\/$/, "").split("/").pop() || ""; }).filter(Boolean);
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
        .then(ready, function (error) { pagefind = null; console.warn("Search index failed to load:", error); ready(); })
        .then(loadVocabulary);  // after READY: the first query does not wait for it
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
        if (result) delete result.written;
        if (result && id === latest) self.postMessage({ type: RESULT, data: result });
      }).catch(function (error) {
        console.warn("Search failed:", error);
        if (id === latest) self.postMessage({ type: RESULT, data: { items: [] } });
      });
    }
  });
})();
