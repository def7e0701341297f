// Spaced review: when a graded question comes back, scheduled by FSRS (the vendored ts-fsrs, window.FSRS; see
// vendor/ts-fsrs/NOTICE.txt), not by a scheduler of our own. A question's rubric score becomes one of FSRS's four
// ratings; intervals are whole days (no same-day learning steps: a question comes back on a later day).
(function () {
  "use strict";
  var F = window.FSRS;
  if (!F) return;
  var scheduler = F.fsrs(F.generatorParameters({ enable_short_term: false }));

  // The share of the rubric covered (covered = 1, partly = 1/2) -> Again (under half), Hard (under three
  // quarters), Good (more, but not everything), Easy (every point covered).
  function rating(score) {
    if (score < 0.5) return F.Rating.Again;
    if (score < 0.75) return F.Rating.Hard;
    if (score < 1) return F.Rating.Good;
    return F.Rating.Easy;
  }
  function toCard(stored, now) {
    if (!stored) return F.createEmptyCard(now);
    var card = {};
    Object.keys(stored).forEach(function (k) { card[k] = stored[k]; });
    card.due = new Date(stored.due);
    if (stored.last_review) card.last_review = new Date(stored.last_review);
    return card;
  }
  function toStored(card) {
    var out = {};
    ["stability", "difficulty", "elapsed_days", "scheduled_days", "reps", "lapses", "learning_steps", "state"]
      .forEach(function (k) { out[k] = Number(card[k] || 0); });
    out.due = card.due.toISOString();
    if (card.last_review) out.last_review = new Date(card.last_review).toISOString();
    return out;
  }

  window.atlasReview = {
    rating: rating,
    // The stored schedule after a grade of `score` at `now` (a stored card, or none for a first grade).
    schedule: function (stored, score, now) {
      return toStored(scheduler.next(toCard(stored, now), now, rating(score)).card);
    }
  };
})();
